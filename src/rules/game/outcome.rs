//! How a game ends: who won and why, as types the bot shows a player and the
//! CLI prints as `RESULT REASON`.

use std::fmt;

use crate::rules::types::Color;

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    RedWins,
    BlackWins,
    Draw,
}

impl GameResult {
    /// The side that won, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::RedWins => Some(Color::Red),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// The win for `color`.
    pub const fn win_for(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The PGN-style score: `1-0`, `0-1`, `1/2-1/2`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game ended (by the rules; resignations and agreed draws are the bot's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move: it loses.
    Checkmate,
    /// The side to move is not in check and has no legal move: it loses too.
    Stalemate,
    /// A position occurred a third time and one side gave check on every move
    /// of the cycle: that side loses.
    PerpetualCheck,
    /// A position occurred a third time and one side chased the same piece on
    /// every move of the cycle: that side loses.
    PerpetualChase,
    /// A position occurred a third time with no single side to blame: a draw.
    Repetition,
    /// 120 plies in a row without a capture: a draw.
    NoCapture,
    /// Neither side has a chariot, horse, cannon or soldier left: a draw.
    InsufficientMaterial,
    /// The 600-ply safety cap: a draw.
    MoveLimit,
}

impl EndReason {
    pub const ALL: [EndReason; 8] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::PerpetualCheck,
        EndReason::PerpetualChase,
        EndReason::Repetition,
        EndReason::NoCapture,
        EndReason::InsufficientMaterial,
        EndReason::MoveLimit,
    ];

    /// The word the `status` CLI prints.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::PerpetualCheck => "perpetual-check",
            EndReason::PerpetualChase => "perpetual-chase",
            EndReason::Repetition => "repetition",
            EndReason::NoCapture => "no-capture",
            EndReason::InsufficientMaterial => "insufficient-material",
            EndReason::MoveLimit => "move-limit",
        }
    }

    /// A phrase for players, to follow "the game ended by" or stand alone.
    pub const fn description(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate (no legal move, which loses in Xiangqi)",
            EndReason::PerpetualCheck => {
                "perpetual check (checking on every move of a repetition loses)"
            }
            EndReason::PerpetualChase => {
                "perpetual chase (chasing the same piece on every move of a repetition loses)"
            }
            EndReason::Repetition => "repetition (the same position three times)",
            EndReason::NoCapture => "the 60-move rule (120 plies without a capture)",
            EndReason::InsufficientMaterial => {
                "insufficient material (no chariot, horse, cannon or soldier left on either side)"
            }
            EndReason::MoveLimit => "the 300-move limit",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A finished game's result and the rule that decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: EndReason,
}

impl Outcome {
    /// `loser` loses by `reason`.
    pub const fn loss_for(loser: Color, reason: EndReason) -> Outcome {
        Outcome {
            result: GameResult::win_for(loser.opponent()),
            reason,
        }
    }

    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome {
            result: GameResult::Draw,
            reason,
        }
    }

    /// A sentence for players: "Red wins by checkmate.", "Draw by repetition (…)."
    pub fn description(&self) -> String {
        match self.result.winner() {
            Some(winner) => format!("{winner} wins by {}.", self.reason.description()),
            None => format!("Draw by {}.", self.reason.description()),
        }
    }
}

/// `RESULT REASON`, as the `status` CLI prints it: `1-0 checkmate`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.result, self.reason)
    }
}

/// Whether the game goes on, and how it ended if not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    Ongoing,
    Over(Outcome),
}

impl GameStatus {
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            GameStatus::Ongoing => None,
            GameStatus::Over(outcome) => Some(outcome),
        }
    }
}

/// `* ongoing` or the outcome's `RESULT REASON`.
impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameStatus::Ongoing => f.write_str("* ongoing"),
            GameStatus::Over(outcome) => outcome.fmt(f),
        }
    }
}
