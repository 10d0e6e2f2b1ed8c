-- Puzzles (issue 22). The puzzles themselves ship in the binary
-- (assets/puzzles/puzzles.tsv) and are named here by their id.

-- Each user's puzzle rating (Glicko-2 on the display scale, as players'
-- game ratings) and counts; separate from the game rating.
CREATE TABLE puzzle_players (
    user_id          TEXT PRIMARY KEY,
    display_name     TEXT NOT NULL,
    rating           DOUBLE PRECISION NOT NULL DEFAULT 1500,
    rating_deviation DOUBLE PRECISION NOT NULL DEFAULT 350,
    volatility       DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    attempts         BIGINT NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    solved           BIGINT NOT NULL DEFAULT 0 CHECK (solved >= 0 AND solved <= attempts),
    created_at       BIGINT NOT NULL
);
CREATE INDEX puzzle_players_by_rating ON puzzle_players (rating DESC);

-- A puzzle's own rating once someone has tried it (before that, the file's).
CREATE TABLE puzzle_ratings (
    puzzle_id        TEXT PRIMARY KEY,
    rating           DOUBLE PRECISION NOT NULL,
    rating_deviation DOUBLE PRECISION NOT NULL,
    volatility       DOUBLE PRECISION NOT NULL,
    attempts         BIGINT NOT NULL DEFAULT 0 CHECK (attempts >= 0)
);

-- Every finished attempt. A solved puzzle is never served to its solver again.
CREATE TABLE puzzle_attempts (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES puzzle_players (user_id),
    puzzle_id      TEXT NOT NULL,
    outcome        TEXT NOT NULL CHECK (outcome IN ('solved', 'failed', 'skipped')),
    hinted         BOOLEAN NOT NULL,
    rating_before  DOUBLE PRECISION NOT NULL,
    rating_after   DOUBLE PRECISION NOT NULL,
    started_at     BIGINT NOT NULL,
    finished_at    BIGINT NOT NULL
);
CREATE INDEX puzzle_attempts_by_user ON puzzle_attempts (user_id, puzzle_id);

-- The attempt in progress, at most one per user and place (channel or
-- thread). `ply` counts the solution's moves played; every change is
-- guarded by it, so two racing moves cannot both apply.
CREATE TABLE puzzle_sessions (
    user_id     TEXT NOT NULL REFERENCES puzzle_players (user_id),
    place       TEXT NOT NULL,
    puzzle_id   TEXT NOT NULL,
    ply         BIGINT NOT NULL DEFAULT 0 CHECK (ply >= 0),
    hinted      BOOLEAN NOT NULL DEFAULT FALSE,
    -- The server day of the daily puzzle this attempt is for, if it is one.
    daily_day   TEXT,
    started_at  BIGINT NOT NULL,
    PRIMARY KEY (user_id, place)
);

-- The daily puzzle of each server and day (YYYY-MM-DD, UTC): chosen once,
-- the same for everyone; posted, and its solution posted the next day.
CREATE TABLE puzzle_daily (
    guild_id            TEXT NOT NULL,
    day                 TEXT NOT NULL,
    puzzle_id           TEXT NOT NULL,
    channel_id          TEXT,
    posted_at           BIGINT,
    solution_posted_at  BIGINT,
    PRIMARY KEY (guild_id, day)
);

-- Who solved a day's puzzle, in order.
CREATE TABLE puzzle_daily_solvers (
    guild_id   TEXT NOT NULL,
    day        TEXT NOT NULL,
    user_id    TEXT NOT NULL REFERENCES puzzle_players (user_id),
    solved_at  BIGINT NOT NULL,
    PRIMARY KEY (guild_id, day, user_id),
    FOREIGN KEY (guild_id, day) REFERENCES puzzle_daily (guild_id, day)
);
