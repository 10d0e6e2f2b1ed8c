-- The bot's moves that are due, as rows any bot process can claim. A job
-- exists exactly while a live game waits on the bot: triggers on `games`
-- add it in the transaction that makes the bot's turn (a new game where the
-- bot moves first, the player's move) and drop it in the one that ends it
-- (the bot's move, a takeback, the game's end), whatever code made the
-- change. A process claims a job by writing its name and a lease (a time in
-- Unix milliseconds); a lease that runs out (the process died mid-think)
-- makes the job claimable again, and a process that stops releases its jobs
-- by clearing the lease. Under SQLite the one writer makes a claim exclusive;
-- PostgreSQL's copy of this file claims with FOR UPDATE SKIP LOCKED.
CREATE TABLE engine_jobs (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    -- The ply the bot moves at: the job is for that position only.
    ply         BIGINT NOT NULL CHECK (ply >= 0),
    -- When the bot's turn began; the oldest job is claimed first.
    due_at      BIGINT NOT NULL,
    owner       TEXT,
    lease_until BIGINT,
    CHECK ((owner IS NULL) = (lease_until IS NULL))
);

CREATE INDEX engine_jobs_by_due ON engine_jobs (due_at, game_id);

-- Whether the bot is to move in a games row: the side to move follows from
-- the ply's parity and the side that moved first (the same test as
-- `games_awaiting_bot`).
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

-- Games already waiting on the bot when this migration runs.
INSERT INTO engine_jobs (game_id, ply, due_at)
SELECT id, ply, last_activity_at FROM games
 WHERE status = 'live'
   AND (CASE WHEN (ply % 2 = 0) = (start_side = 'red')
             THEN red_bot_level ELSE black_bot_level END) IS NOT NULL;
