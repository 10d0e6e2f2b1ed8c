-- Tournaments in a server (issue 61): a Swiss or a round-robin, its
-- entrants, and every round's boards. The pairing is the bot's (pure, in
-- `tournament`); the store keeps what it needs to pair again after a
-- restart, in any process: the entrants' seats and every board's game.
-- `rounds_paired` is the optimistic check of advancing a round: two
-- processes pairing the same round cannot both store it.
CREATE TABLE tournaments (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id         TEXT,
    channel_id       TEXT NOT NULL,
    name             TEXT NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
    format           TEXT NOT NULL CHECK (format IN ('swiss', 'round-robin')),
    -- Swiss: the rounds asked for; round-robin: set at the start.
    rounds           BIGINT NOT NULL CHECK (rounds BETWEEN 0 AND 63),
    time_control     TEXT NOT NULL,
    rated            BOOLEAN NOT NULL,
    starts_at        BIGINT NOT NULL,
    created_by       TEXT COLLATE "C" NOT NULL REFERENCES players (user_id),
    state            TEXT NOT NULL DEFAULT 'registering'
                     CHECK (state IN ('registering', 'running', 'finished', 'cancelled')),
    rounds_paired    BIGINT NOT NULL DEFAULT 0 CHECK (rounds_paired >= 0),
    -- Rounds whose pairings some process has taken to post.
    rounds_announced BIGINT NOT NULL DEFAULT 0 CHECK (rounds_announced >= 0),
    created_at       BIGINT NOT NULL,
    ended_at         BIGINT
);

CREATE INDEX tournaments_open_by_guild ON tournaments (guild_id)
    WHERE state IN ('registering', 'running');

-- An entrant is a user or the bot at a level, never both. `seat` (the
-- pairing number minus one) is given at the start, by rating.
CREATE TABLE tournament_entrants (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tournament_id   BIGINT NOT NULL REFERENCES tournaments (id),
    user_id         TEXT COLLATE "C" REFERENCES players (user_id),
    bot_level       BIGINT CHECK (bot_level BETWEEN 1 AND 20),
    rating          DOUBLE PRECISION NOT NULL,
    seat            BIGINT CHECK (seat >= 0),
    registered_at   BIGINT NOT NULL,
    -- Took part in rounds 0..withdrawn_after only.
    withdrawn_after BIGINT CHECK (withdrawn_after >= 0),
    CHECK ((user_id IS NULL) <> (bot_level IS NULL))
);

CREATE UNIQUE INDEX tournament_entrants_once ON tournament_entrants (tournament_id, user_id)
    WHERE user_id IS NOT NULL;
-- One bot at most: the store refuses a game between two bots.
CREATE UNIQUE INDEX tournament_entrants_one_bot ON tournament_entrants (tournament_id)
    WHERE bot_level IS NOT NULL;
CREATE UNIQUE INDEX tournament_entrants_by_seat ON tournament_entrants (tournament_id, seat)
    WHERE seat IS NOT NULL;

-- One board of a round: a game between two seats, or a bye (no black seat,
-- no game). `forfeit` says who lost a game not started by `start_by`.
CREATE TABLE tournament_boards (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    round         BIGINT NOT NULL CHECK (round >= 0),
    board         BIGINT NOT NULL CHECK (board >= 0),
    red_seat      BIGINT NOT NULL,
    black_seat    BIGINT,
    game_id       BIGINT REFERENCES games (id),
    start_by      BIGINT,
    forfeit       TEXT CHECK (forfeit IN ('red', 'black', 'both')),
    PRIMARY KEY (tournament_id, round, board),
    CHECK ((black_seat IS NULL) = (game_id IS NULL))
);

CREATE UNIQUE INDEX tournament_boards_by_game ON tournament_boards (game_id)
    WHERE game_id IS NOT NULL;
