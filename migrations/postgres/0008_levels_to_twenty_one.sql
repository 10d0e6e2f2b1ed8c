-- PostgreSQL's copy of migrations/sqlite/0008_levels_to_twenty_one.sql: the
-- bot's levels go from 1–8 to 1–21, and a stored level 8 (the full engine)
-- becomes 21, its new number. PostgreSQL changes a CHECK in place, inside
-- the migration's transaction; the constraints carry the names PostgreSQL
-- gave the column CHECKs of 0001_initial.sql.
ALTER TABLE games DROP CONSTRAINT games_red_bot_level_check;
ALTER TABLE games DROP CONSTRAINT games_black_bot_level_check;
ALTER TABLE challenges DROP CONSTRAINT challenges_bot_level_check;

UPDATE games SET red_bot_level = 21 WHERE red_bot_level = 8;
UPDATE games SET black_bot_level = 21 WHERE black_bot_level = 8;
UPDATE challenges SET bot_level = 21 WHERE bot_level = 8;
UPDATE settings SET value = '21' WHERE name = 'level' AND value = '8';

ALTER TABLE games ADD CONSTRAINT games_red_bot_level_check
    CHECK (red_bot_level BETWEEN 1 AND 21);
ALTER TABLE games ADD CONSTRAINT games_black_bot_level_check
    CHECK (black_bot_level BETWEEN 1 AND 21);
ALTER TABLE challenges ADD CONSTRAINT challenges_bot_level_check
    CHECK (bot_level BETWEEN 1 AND 21);
