//! The game store: games, moves, players, ratings, challenges and offers in
//! SQLite or PostgreSQL through sqlx (the URL chooses; `backend.rs`). The
//! database is the truth: a game's state is its start FEN plus its stored
//! moves, played again through the rules layer ([`rebuild`]), and every
//! change is one transaction guarded by the game's ply counter, so two racing
//! writers (in one process or several) can never both move at the same ply
//! and a crash leaves all of a change or none of it. `docs/store.md`
//! describes the schema and both databases.
//!
//! All writes go to one writer task with one connection (SQLite allows one
//! writer at a time anyway; on PostgreSQL each process has its own), which
//! commits the writes queued at the same moment together: one transaction
//! and one flush per batch, each write inside its own savepoint, nobody
//! answered before the commit (`writer.rs`). Reads use a separate pool beside
//! the writer.
//!
//! Each module imports only modules below it, never this one: `ids` (keys,
//! offer kinds), `clock` (the store's time) and `rating` (Glicko-2) at the
//! bottom; `time_control` (the clocks' arithmetic); `error`; `model` (the
//! records and their column checks) and `backend` (the two databases);
//! `writer` and `game_rows` (the games' rows and SELECTs); `handle` (`Store` and
//! opening it); then the modules that add `Store`'s methods:
//! `jobs`, `players`, `export`, `reviews`, `settings` and `rebuild`;
//! `game_tx` (the writes a move, a takeback or a game's end makes inside a
//! transaction) and `puzzles`; `games`, `offers`, `threads` and `flags`
//! (flag falls, reminders, the outage heartbeat); `challenges` and
//! `tournaments`.
//! This file declares them and re-exports the store's interface.

mod backend;
mod challenges;
mod clock;
mod error;
mod export;
mod flags;
mod game_rows;
mod game_tx;
mod games;
mod handle;
mod ids;
mod jobs;
mod model;
mod offers;
mod players;
mod puzzles;
pub(crate) mod rating;
mod rebuild;
mod rematches;
mod reviews;
mod settings;
mod threads;
mod time_control;
mod tournaments;
mod writer;

pub use backend::{url_without_password, Backend};
pub use challenges::{Accepter, NewChallenge, MAX_PENDING_CHALLENGES};
pub use clock::{Clock, ManualClock, SystemClock, UnixMillis};
pub use error::{StoreError, StoreResult};
pub use flags::{TIMEOUT_DRAW_REASON, TIMEOUT_REASON};
pub use games::NewGame;
pub use handle::{
    Durability, Store, StoreConfig, DEFAULT_ANNOUNCE_GRACE, DEFAULT_DATABASE_URL,
    DEFAULT_WRITE_LANES,
};
pub use jobs::{EngineJob, EngineJobRow, JobSignals};
pub use model::{
    ActorId, BotLevel, ChallengeState, ChallengeTarget, ColorChoice, GameId, GameRecord,
    GameResult, GameState, Location, MoveRecord, OfferKind, Participant, UserRef, START_FEN,
};
pub use offers::OfferAnswer;
pub use players::TimeClass;
pub use puzzles::{DailyPuzzle, PuzzleOutcome, PuzzlePlayer, PuzzleResult, PuzzleSession};
pub use rating::Rating;
pub use reviews::ReviewKey;
pub use settings::{
    SettingChange, SettingScope, StoredSettings, MAX_SETTING_NAME, MAX_SETTING_VALUE,
};

pub(crate) use model::{ChallengeId, ChallengeRecord, OfferRecord};
pub use time_control::{
    Clocks, FlagFell, TimeControl, TimeControlError, CORRESPONDENCE_DAYS, MAX_INCREMENT_SECS,
    MAX_LIVE_MINUTES,
};
pub use tournaments::{
    BoardRecord, EntrantRecord, EntryRefusal, Forfeit, Left, NewBoard, NewTournament,
    TournamentFormat, TournamentId, TournamentRecord, TournamentState, FORFEIT_REASON,
    MAX_TOURNAMENT_ENTRANTS, MAX_TOURNAMENT_NAME,
};
pub use writer::{DiskLimit, LaneStats};
