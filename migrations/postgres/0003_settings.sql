-- PostgreSQL's copy of migrations/sqlite/0003_settings.sql (the same
-- statements read the same on both).
--
-- Settings chosen by a user (language, notation, board look) or by a server's
-- managers (default language and level, channels, threads, challenge
-- expiry, and whatever later features add). One row per setting that was
-- set: a missing row means the default. Names and values are text, checked
-- by the bot's typed list of settings (src/bot/settings/keys.rs), so a new
-- setting is a line of code there and no migration here.
CREATE TABLE settings (
    scope TEXT NOT NULL CHECK (scope IN ('user', 'server')),
    -- The user's or the server's platform id.
    owner_id TEXT NOT NULL,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    value TEXT NOT NULL CHECK (length(value) <= 4000),
    -- Who set it last (a user id), and when (Unix milliseconds).
    set_by TEXT NOT NULL,
    set_at BIGINT NOT NULL,
    PRIMARY KEY (scope, owner_id, name)
);
