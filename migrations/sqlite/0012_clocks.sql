-- Clocks (issue 60). A game's time control in the form `TimeControl`
-- reads ('none', '10+5', '3d'); for a live game, each side's time left as
-- of its last move; and the moment the side to move's flag falls, once a
-- clock runs (NULL: no clock runs). The flag watcher finds games by that
-- moment, hence the partial index.
ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';
ALTER TABLE games ADD COLUMN red_clock_ms BIGINT;
ALTER TABLE games ADD COLUMN black_clock_ms BIGINT;
ALTER TABLE games ADD COLUMN turn_deadline_at BIGINT;
CREATE INDEX games_by_turn_deadline ON games (turn_deadline_at)
    WHERE status = 'live' AND turn_deadline_at IS NOT NULL;

-- The time control a challenge's game will have.
ALTER TABLE challenges ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';

-- When some process of the bot last watched the clocks. A process that
-- starts and finds it older than a few seconds knows the whole bot was
-- down, and moves every running deadline by the outage: nobody loses time
-- to the bot's absence. One row, written every few seconds.
CREATE TABLE clock_heartbeat (
    id       BIGINT NOT NULL PRIMARY KEY CHECK (id = 1),
    alive_at BIGINT NOT NULL
);
