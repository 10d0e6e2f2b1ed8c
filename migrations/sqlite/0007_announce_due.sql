-- When moves stored but not yet shown (`announced_ply < ply`) count as lost
-- by the process that stored them, so that the sweep may show them: a Unix
-- time in milliseconds. Every stored move sets it a grace period ahead (the
-- process posts the move in that time, or its post failed), and a sweep that
-- takes a game's late moves to post sets it ahead again, so that no other
-- process's sweep posts them too. Before it, a second process's sweep could
-- show a move whose post was still in flight, and the move appeared twice.
ALTER TABLE games ADD COLUMN announce_due_at BIGINT NOT NULL DEFAULT 0;
