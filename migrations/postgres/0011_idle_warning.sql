-- PostgreSQL's copy of migrations/sqlite/0011_idle_warning.sql (the same
-- statement reads the same on both).
--
-- The game's `last_activity_at` when its player to move was last warned that
-- the idle limit is near, so that each idle spell is warned of once, by one
-- process, across restarts: a move changes `last_activity_at`, and the next
-- spell may be warned of again. NULL: never warned.
ALTER TABLE games ADD COLUMN idle_warned_for BIGINT;
