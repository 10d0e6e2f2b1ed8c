-- A finished game's rematch (issue 59), at most one: the row is written in
-- the transaction that starts the rematch game (against the bot) or makes
-- the rematch challenge (between people), so a second press of Rematch, in
-- any process, finds it and is refused. `challenge_id` or `rematch_game_id`
-- says what the rematch became.
CREATE TABLE rematches (
    game_id         BIGINT NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    by_user_id      TEXT NOT NULL,
    challenge_id    BIGINT REFERENCES challenges (id) ON DELETE SET NULL,
    rematch_game_id BIGINT REFERENCES games (id) ON DELETE SET NULL,
    created_at      BIGINT NOT NULL
);
