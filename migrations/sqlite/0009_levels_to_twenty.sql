-- no-transaction
-- The bot's levels go from 1–21 to 1–20. Level 20 searched twice level
-- 19's nodes and measured only about 100 Elo above it (docs/engine.md, "The
-- ladder"), too close for a level of its own; the full engine, level 21,
-- takes its number. A stored 21 (a game, a challenge, a server's default)
-- becomes 20, the same engine under its new number; a stored 20 stays 20
-- and now plays as the full engine, the level just above what it was.
--
-- As in 0008_levels_to_twenty_one.sql, SQLite cannot change a CHECK in
-- place, so `games` and `challenges` are rebuilt by SQLite's documented
-- procedure (https://www.sqlite.org/lang_altertable.html, "Making Other
-- Kinds Of Table Schema Changes"), in a transaction of this file's own:
-- foreign keys off so that dropping the old table cascades to nothing; a
-- new table, the rows copied, the old one dropped, the new one renamed;
-- indexes and triggers made again. Run again after a crash between its
-- commit and the migration's record, it comes to the same result.
PRAGMA foreign_keys = OFF;

BEGIN;

CREATE TABLE games_new (
    id               INTEGER PRIMARY KEY,
    guild_id         TEXT,
    channel_id       TEXT NOT NULL,
    thread_id        TEXT,
    -- Each side is a user or the bot at a level, never both, never neither.
    red_user_id      TEXT REFERENCES players (user_id),
    red_bot_level    BIGINT CHECK (red_bot_level BETWEEN 1 AND 20),
    black_user_id    TEXT REFERENCES players (user_id),
    black_bot_level  BIGINT CHECK (black_bot_level BETWEEN 1 AND 20),
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
    -- See 0002_announced_ply.sql and 0007_announce_due.sql.
    announced_ply    BIGINT NOT NULL DEFAULT 0 CHECK (announced_ply >= 0),
    announce_due_at  BIGINT NOT NULL DEFAULT 0,
    CHECK ((red_user_id IS NULL) <> (red_bot_level IS NULL)),
    CHECK ((black_user_id IS NULL) <> (black_bot_level IS NULL)),
    CHECK ((status = 'finished') = (result IS NOT NULL)),
    CHECK ((status = 'live') = (finished_at IS NULL))
);

INSERT INTO games_new (
    id, guild_id, channel_id, thread_id,
    red_user_id, red_bot_level, black_user_id, black_bot_level,
    status, result, reason, start_fen, start_side, ply, rated,
    red_rating_before, red_rating_after, black_rating_before, black_rating_after,
    created_at, last_activity_at, finished_at, announced_ply, announce_due_at
)
SELECT
    id, guild_id, channel_id, thread_id,
    red_user_id, CASE red_bot_level WHEN 21 THEN 20 ELSE red_bot_level END,
    black_user_id, CASE black_bot_level WHEN 21 THEN 20 ELSE black_bot_level END,
    status, result, reason, start_fen, start_side, ply, rated,
    red_rating_before, red_rating_after, black_rating_before, black_rating_after,
    created_at, last_activity_at, finished_at, announced_ply, announce_due_at
FROM games;

DROP TABLE games;
ALTER TABLE games_new RENAME TO games;

CREATE INDEX games_live_by_guild ON games (guild_id) WHERE status = 'live';
CREATE INDEX games_live_by_channel ON games (channel_id) WHERE status = 'live';
CREATE INDEX games_live_by_thread ON games (thread_id) WHERE status = 'live';
CREATE INDEX games_live_by_activity ON games (last_activity_at) WHERE status = 'live';
CREATE INDEX games_by_red_user ON games (red_user_id, finished_at);
CREATE INDEX games_by_black_user ON games (black_user_id, finished_at);
CREATE INDEX games_unannounced ON games (id) WHERE announced_ply < ply;

-- As in 0004_engine_jobs.sql: the triggers went with the old table.
CREATE TRIGGER engine_jobs_on_new_game AFTER INSERT ON games
WHEN NEW.status = 'live'
 AND (CASE WHEN (NEW.ply % 2 = 0) = (NEW.start_side = 'red')
           THEN NEW.red_bot_level ELSE NEW.black_bot_level END) IS NOT NULL
BEGIN
    INSERT INTO engine_jobs (game_id, ply, due_at)
    VALUES (NEW.id, NEW.ply, NEW.last_activity_at);
END;

CREATE TRIGGER engine_jobs_on_game_change AFTER UPDATE OF ply, status ON games
BEGIN
    DELETE FROM engine_jobs
     WHERE game_id = NEW.id AND (ply <> NEW.ply OR NEW.status <> 'live');
    INSERT INTO engine_jobs (game_id, ply, due_at)
    SELECT NEW.id, NEW.ply, NEW.last_activity_at
     WHERE NEW.status = 'live'
       AND (CASE WHEN (NEW.ply % 2 = 0) = (NEW.start_side = 'red')
                 THEN NEW.red_bot_level ELSE NEW.black_bot_level END) IS NOT NULL
    ON CONFLICT (game_id) DO NOTHING;
END;

CREATE TABLE challenges_new (
    id              INTEGER PRIMARY KEY,
    guild_id        TEXT,
    channel_id      TEXT NOT NULL,
    thread_id       TEXT,
    from_user_id    TEXT NOT NULL REFERENCES players (user_id),
    to_user_id      TEXT REFERENCES players (user_id),
    bot_level       BIGINT CHECK (bot_level BETWEEN 1 AND 20),
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

INSERT INTO challenges_new (
    id, guild_id, channel_id, thread_id, from_user_id, to_user_id, bot_level,
    color, start_fen, rated, state, created_at, expires_at, resolved_at, game_id
)
SELECT
    id, guild_id, channel_id, thread_id, from_user_id, to_user_id,
    CASE bot_level WHEN 21 THEN 20 ELSE bot_level END,
    color, start_fen, rated, state, created_at, expires_at, resolved_at, game_id
FROM challenges;

DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;

CREATE INDEX challenges_pending_by_channel ON challenges (channel_id) WHERE state = 'pending';
CREATE INDEX challenges_pending_by_expiry ON challenges (expires_at) WHERE state = 'pending';

UPDATE settings SET value = '20' WHERE name = 'level' AND value = '21';

COMMIT;

PRAGMA foreign_keys = ON;
