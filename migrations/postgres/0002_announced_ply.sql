-- PostgreSQL's copy of migrations/sqlite/0002_announced_ply.sql (the same
-- statements read the same on both).
--
-- How many of a game's plies the bot has shown where the game is played. A
-- move is stored first and posted after; when the post fails, or the process
-- dies in between, `announced_ply < ply` says so, and the bot posts the
-- missing moves later (at start and at each sweep). A takeback lowers it with
-- `ply`. Games stored before this column were all shown.
ALTER TABLE games ADD COLUMN announced_ply BIGINT NOT NULL DEFAULT 0 CHECK (announced_ply >= 0);
UPDATE games SET announced_ply = ply;
CREATE INDEX games_unannounced ON games (id) WHERE announced_ply < ply;
