-- PostgreSQL's copy of migrations/sqlite/0004_engine_jobs.sql: the same table
-- and the same rule (a job exists exactly while a live game waits on the
-- bot), kept by one trigger function instead of SQLite's trigger bodies. The
-- store claims a job with FOR UPDATE SKIP LOCKED, so processes claiming at
-- once each take a different job and never wait on one another.
CREATE TABLE engine_jobs (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    ply         BIGINT NOT NULL CHECK (ply >= 0),
    due_at      BIGINT NOT NULL,
    owner       TEXT,
    lease_until BIGINT,
    CHECK ((owner IS NULL) = (lease_until IS NULL))
);

CREATE INDEX engine_jobs_by_due ON engine_jobs (due_at, game_id);

CREATE FUNCTION engine_jobs_follow_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM engine_jobs
         WHERE game_id = NEW.id AND (ply <> NEW.ply OR NEW.status <> 'live');
    END IF;
    IF NEW.status = 'live'
       AND (CASE WHEN (NEW.ply % 2 = 0) = (NEW.start_side = 'red')
                 THEN NEW.red_bot_level ELSE NEW.black_bot_level END) IS NOT NULL THEN
        INSERT INTO engine_jobs (game_id, ply, due_at)
        VALUES (NEW.id, NEW.ply, NEW.last_activity_at)
        ON CONFLICT (game_id) DO NOTHING;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER engine_jobs_on_new_game AFTER INSERT ON games
    FOR EACH ROW EXECUTE FUNCTION engine_jobs_follow_game();
CREATE TRIGGER engine_jobs_on_game_change AFTER UPDATE OF ply, status ON games
    FOR EACH ROW EXECUTE FUNCTION engine_jobs_follow_game();

INSERT INTO engine_jobs (game_id, ply, due_at)
SELECT id, ply, last_activity_at FROM games
 WHERE status = 'live'
   AND (CASE WHEN (ply % 2 = 0) = (start_side = 'red')
             THEN red_bot_level ELSE black_bot_level END) IS NOT NULL;
