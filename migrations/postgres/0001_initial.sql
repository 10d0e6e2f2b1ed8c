-- The game store's first schema on PostgreSQL: the same tables, keys, CHECKs
-- and partial indexes as migrations/sqlite/0001_initial.sql, written for
-- PostgreSQL where the two differ (identity columns for the generated ids).
-- Times are Unix milliseconds (UTC) in BIGINT columns; every integer column is
-- BIGINT so that it reads as i64 on both databases.

-- A person known to the bot, by the platform's user id (a Discord snowflake
-- written as text, or a console name). The bot itself is never a row here: a
-- game side played by the bot is a level in `games`.
CREATE TABLE players (
    -- "C" collation: ties on the leaderboard order by the bytes, as in SQLite.
    user_id          TEXT COLLATE "C" PRIMARY KEY,
    display_name     TEXT NOT NULL,
    -- Glicko-2, kept in the display scale (1500 / 350 / 0.06 for a newcomer).
    rating           DOUBLE PRECISION NOT NULL DEFAULT 1500,
    rating_deviation DOUBLE PRECISION NOT NULL DEFAULT 350,
    volatility       DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    games            BIGINT NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins             BIGINT NOT NULL DEFAULT 0 CHECK (wins >= 0),
    draws            BIGINT NOT NULL DEFAULT 0 CHECK (draws >= 0),
    losses           BIGINT NOT NULL DEFAULT 0 CHECK (losses >= 0),
    created_at       BIGINT NOT NULL,
    CHECK (games = wins + draws + losses)
);

CREATE INDEX players_by_rating ON players (rating DESC);

CREATE TABLE games (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id         TEXT,
    channel_id       TEXT NOT NULL,
    thread_id        TEXT,
    -- Each side is a user or the bot at a level, never both, never neither.
    red_user_id      TEXT REFERENCES players (user_id),
    red_bot_level    BIGINT CHECK (red_bot_level BETWEEN 1 AND 8),
    black_user_id    TEXT REFERENCES players (user_id),
    black_bot_level  BIGINT CHECK (black_bot_level BETWEEN 1 AND 8),
    status           TEXT NOT NULL DEFAULT 'live'
                     CHECK (status IN ('live', 'finished', 'aborted')),
    result           TEXT CHECK (result IN ('red', 'black', 'draw')),
    reason           TEXT,
    start_fen        TEXT NOT NULL,
    -- Who moves at ply 0, read from start_fen once so that queries can tell
    -- whose turn it is from the ply's parity.
    start_side       TEXT NOT NULL CHECK (start_side IN ('red', 'black')),
    -- Moves played so far; the optimistic check of every write.
    ply              BIGINT NOT NULL DEFAULT 0 CHECK (ply >= 0),
    rated            BOOLEAN NOT NULL DEFAULT TRUE,
    -- Ratings before and after the game, set when a rated game finishes.
    red_rating_before   DOUBLE PRECISION,
    red_rating_after    DOUBLE PRECISION,
    black_rating_before DOUBLE PRECISION,
    black_rating_after  DOUBLE PRECISION,
    created_at       BIGINT NOT NULL,
    last_activity_at BIGINT NOT NULL,
    finished_at      BIGINT,
    CHECK ((red_user_id IS NULL) <> (red_bot_level IS NULL)),
    CHECK ((black_user_id IS NULL) <> (black_bot_level IS NULL)),
    CHECK ((status = 'finished') = (result IS NOT NULL)),
    CHECK ((status = 'live') = (finished_at IS NULL))
);

CREATE INDEX games_live_by_guild ON games (guild_id) WHERE status = 'live';
CREATE INDEX games_live_by_channel ON games (channel_id) WHERE status = 'live';
CREATE INDEX games_live_by_thread ON games (thread_id) WHERE status = 'live';
CREATE INDEX games_live_by_activity ON games (last_activity_at) WHERE status = 'live';
CREATE INDEX games_by_red_user ON games (red_user_id, finished_at);
CREATE INDEX games_by_black_user ON games (black_user_id, finished_at);

-- One row per ply played; (game_id, ply) is the key, so two writers can never
-- both store a move at the same ply even if the ply check were bypassed.
CREATE TABLE moves (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply        BIGINT NOT NULL CHECK (ply >= 1),
    iccs       TEXT NOT NULL CHECK (length(iccs) = 4),
    -- The user who moved, or NULL for the bot.
    by_user_id TEXT REFERENCES players (user_id),
    played_at  BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

-- A pending draw offer or takeback request: at most one of each per game. It
-- lapses once the game reaches `lapses_at_ply` (the opponent moved instead of
-- answering), and is deleted when answered.
CREATE TABLE offers (
    game_id        BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind           TEXT NOT NULL CHECK (kind IN ('draw', 'takeback')),
    by_side        TEXT NOT NULL CHECK (by_side IN ('red', 'black')),
    at_ply         BIGINT NOT NULL,
    lapses_at_ply  BIGINT NOT NULL,
    -- For a takeback: how many plies go, so that the asker is to move again.
    takeback_plies BIGINT CHECK (takeback_plies IN (1, 2)),
    created_at     BIGINT NOT NULL,
    PRIMARY KEY (game_id, kind)
);

-- A challenge to a user, to anyone in the channel, or to the bot at a level.
CREATE TABLE challenges (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id        TEXT,
    channel_id      TEXT NOT NULL,
    thread_id       TEXT,
    from_user_id    TEXT NOT NULL REFERENCES players (user_id),
    to_user_id      TEXT REFERENCES players (user_id),
    bot_level       BIGINT CHECK (bot_level BETWEEN 1 AND 8),
    -- The colour the challenger asked for.
    color           TEXT NOT NULL CHECK (color IN ('red', 'black', 'random')),
    start_fen       TEXT,
    rated           BOOLEAN NOT NULL DEFAULT TRUE,
    state           TEXT NOT NULL DEFAULT 'pending'
                    CHECK (state IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at      BIGINT NOT NULL,
    expires_at      BIGINT NOT NULL,
    resolved_at     BIGINT,
    game_id         BIGINT REFERENCES games (id),
    CHECK (to_user_id IS NULL OR bot_level IS NULL),
    CHECK ((state = 'accepted') = (game_id IS NOT NULL))
);

CREATE INDEX challenges_pending_by_channel ON challenges (channel_id) WHERE state = 'pending';
CREATE INDEX challenges_pending_by_expiry ON challenges (expires_at) WHERE state = 'pending';
