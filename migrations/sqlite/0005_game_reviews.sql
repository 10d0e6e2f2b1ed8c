-- A game's review (issue 21), kept so that asking again is instant and
-- survives restarts. One row per game, analysis budget (`nodes 60000`) and
-- engine fingerprint: a review by another budget or another engine (its
-- evaluation, search or win-rate scale changed) is made again rather than
-- shown. `review` is the text `xiangqi-bot analyze` prints for the game.
CREATE TABLE game_reviews (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    budget     TEXT NOT NULL,
    engine     TEXT NOT NULL,
    review     TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, budget, engine)
);
