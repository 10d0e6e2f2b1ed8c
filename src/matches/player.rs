//! One side of a match game: something that, given the game so far and a
//! budget, answers a move. This is what the runner asks of each side, and
//! what every kind of player (`engines.rs`: our engine or a child process;
//! `beginner.rs`: the scripted beginner) implements, so it sits below them
//! all.

use std::fmt;
use std::time::Duration;

use crate::rules::{Game, Move};

/// How much each move may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Nodes a move: the same result on a loaded machine as on an idle one.
    Nodes(u64),
    /// Wall-clock time a move.
    Movetime(Duration),
}

/// A move and what it cost, as the engine reported it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply {
    /// `None`: the engine gave no move (`bestmove (none)`, `nobestmove`, `resign`).
    pub mv: Option<Move>,
    /// Nodes searched and the engine's own time for them, when it said.
    pub speed: Option<(u64, Duration)>,
}

/// Why a player could not answer; the game is lost by forfeit and the
/// player is started again for the next game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerError(pub String);

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlayerError {}

/// One side of the board.
pub trait Player: Send {
    /// Forget the last game; `seed` drives any randomness in the next one.
    fn new_game(&mut self, seed: u64) -> Result<(), PlayerError>;
    /// The move to play in `game` (not over) within `budget`.
    fn play(&mut self, game: &Game, budget: Budget) -> Result<Reply, PlayerError>;
}
