-- PostgreSQL's copy of migrations/sqlite/0009_levels_to_twenty.sql: the
-- bot's levels go from 1–21 to 1–20, and a stored level 21 (the full engine)
-- becomes 20, its new number. The constraints are the ones
-- 0008_levels_to_twenty_one.sql made.
ALTER TABLE games DROP CONSTRAINT games_red_bot_level_check;
ALTER TABLE games DROP CONSTRAINT games_black_bot_level_check;
ALTER TABLE challenges DROP CONSTRAINT challenges_bot_level_check;

UPDATE games SET red_bot_level = 20 WHERE red_bot_level = 21;
UPDATE games SET black_bot_level = 20 WHERE black_bot_level = 21;
UPDATE challenges SET bot_level = 20 WHERE bot_level = 21;
UPDATE settings SET value = '20' WHERE name = 'level' AND value = '21';

ALTER TABLE games ADD CONSTRAINT games_red_bot_level_check
    CHECK (red_bot_level BETWEEN 1 AND 20);
ALTER TABLE games ADD CONSTRAINT games_black_bot_level_check
    CHECK (black_bot_level BETWEEN 1 AND 20);
ALTER TABLE challenges ADD CONSTRAINT challenges_bot_level_check
    CHECK (bot_level BETWEEN 1 AND 20);
