//! What reading a move gives, shared by every notation's reader: the
//! notations ([`Notation`]), a move read ([`ParsedMove`]), why one was
//! refused ([`MoveError`], with the [`Reading`]s of an ambiguous one), and
//! the resolving of a designation (`C2=5`, `炮二平五`) to the move it names.

use std::fmt;

use super::designation::{resolve, Designation, ImpossibleShape, MissingPiece, Unresolved};
use crate::rules::{IllegalReason, Move, Position};

/// The notations a player may type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    Iccs,
    Wxf,
    Chinese,
    Vietnamese,
}

impl Notation {
    pub const ALL: [Notation; 4] = [
        Notation::Iccs,
        Notation::Wxf,
        Notation::Chinese,
        Notation::Vietnamese,
    ];

    /// The word a player chooses it by (`settings notation wxf`).
    pub const fn word(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
            Notation::Vietnamese => "vietnamese",
        }
    }

    /// The notation chosen by `word` (case aside).
    pub fn named(word: &str) -> Option<Notation> {
        Notation::ALL
            .into_iter()
            .find(|n| n.word().eq_ignore_ascii_case(word))
    }

    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
            Notation::Vietnamese => "Vietnamese",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A legal move read from text, and the notation it was written in (so a reply
/// can echo the player's own form).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParsedMove {
    pub mv: Move,
    pub notation: Notation,
}

/// Why a typed move was refused. `Display` is a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Nothing but blanks was given.
    Empty,
    /// The text is in none of the accepted notations.
    Unrecognized { input: String },
    /// ICCS with ranks counted 1–10 (as Fairy-Stockfish writes them).
    RanksFromOne { input: String },
    /// An ICCS-shaped move with a file letter beyond `i`.
    NoSuchFile { input: String, file: char },
    /// The move is well formed but breaks a rule.
    Illegal {
        input: String,
        mv: Move,
        notation: Notation,
        reason: IllegalReason,
    },
    /// WXF or Chinese that names no piece of the side to move.
    NoPiece {
        input: String,
        notation: Notation,
        detail: MissingPiece,
    },
    /// WXF or Chinese naming a move the piece cannot make by its shape.
    Impossible {
        input: String,
        notation: Notation,
        detail: ImpossibleShape,
    },
    /// WXF or Chinese that fits more than one legal move.
    Ambiguous {
        input: String,
        notation: Notation,
        /// The candidates, each as the player's text reads it.
        options: Vec<Reading>,
    },
}

/// One legal move an ambiguous text could mean: the move written in the
/// notation that reading takes the text in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub written: String,
    pub notation: Notation,
    pub mv: Move,
}

impl Reading {
    /// `mv` read in `notation`, written by `write` (that notation's writer).
    pub(super) fn new(pos: &Position, notation: Notation, mv: Move, write: Writer) -> Reading {
        Reading {
            written: write(pos, mv),
            notation,
            mv,
        }
    }
}

/// A notation's writer, for the readings of an ambiguous move.
pub(super) type Writer = fn(&Position, Move) -> String;

/// Whether `options` read the text in more than one notation (so each
/// should say which).
pub fn readings_differ_in_notation(options: &[Reading]) -> bool {
    options
        .iter()
        .any(|reading| reading.notation != options[0].notation)
}

const ACCEPTED_FORMS: &str = "ICCS (h2e2 or H2-E2), WXF (C2=5, H8+7, R+=5), Chinese (炮二平五, 马8进7) or Vietnamese (P2-5, M8.7)";

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Empty => write!(f, "no move was given: write one in {ACCEPTED_FORMS}"),
            MoveError::Unrecognized { input } => write!(
                f,
                "`{input}` is not a move I can read: write it in {ACCEPTED_FORMS}"
            ),
            MoveError::RanksFromOne { input } => write!(
                f,
                "`{input}` counts ranks 1 to 10, but moves here count ranks 0 to 9 from Red's side (ICCS, as in h2e2)"
            ),
            MoveError::NoSuchFile { input, file } => write!(
                f,
                "`{input}` names file {file}, but files run from a to i"
            ),
            MoveError::Illegal { reason, .. } => write!(f, "{reason}"),
            MoveError::NoPiece { input, detail, .. } => {
                write!(f, "{input} matches no piece ({detail})")
            }
            MoveError::Impossible { input, detail, .. } => {
                write!(f, "{input} is not a possible move: {detail}")
            }
            MoveError::Ambiguous { input, options, .. } => {
                write!(f, "`{input}` is ambiguous: it could be ")?;
                let name_notation = readings_differ_in_notation(options);
                for (i, reading) in options.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == options.len() { " or " } else { ", " })?;
                    }
                    let Reading {
                        written,
                        notation,
                        mv,
                    } = reading;
                    match (written == &mv.to_string(), name_notation) {
                        (true, false) => write!(f, "{mv}")?,
                        (false, false) => write!(f, "{written} ({mv})")?,
                        (_, true) => write!(f, "{written} in {notation} ({mv})")?,
                    }
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// The longest echo of a player's input in an error message.
const MAX_ECHO_CHARS: usize = 24;

/// The player's text as an error message quotes it: trimmed and shortened.
pub(super) fn echo(input: &str) -> String {
    let trimmed = input.trim();
    if trimmed.chars().count() <= MAX_ECHO_CHARS {
        trimmed.to_string()
    } else {
        let head: String = trimmed.chars().take(MAX_ECHO_CHARS).collect();
        format!("{head}…")
    }
}

/// Finds the move a WXF or Chinese designation names in `pos`, or says to
/// the player, quoting `input`, why there is none.
pub(super) fn resolve_designation(
    pos: &Position,
    designation: &Designation,
    input: &str,
    notation: Notation,
    write: Writer,
) -> Result<ParsedMove, MoveError> {
    resolve(pos, designation)
        .map(|mv| ParsedMove { mv, notation })
        .map_err(|failure| unresolved_error(pos, input, notation, failure, write))
}

/// Turns a designation's failure into the player's error.
fn unresolved_error(
    pos: &Position,
    input: &str,
    notation: Notation,
    failure: Unresolved,
    write: Writer,
) -> MoveError {
    let input = echo(input);
    match failure {
        Unresolved::NoPiece(detail) => MoveError::NoPiece {
            input,
            notation,
            detail,
        },
        Unresolved::Impossible(detail) => MoveError::Impossible {
            input,
            notation,
            detail,
        },
        Unresolved::Illegal(mv, reason) => MoveError::Illegal {
            input,
            mv,
            notation,
            reason,
        },
        Unresolved::Ambiguous(moves) => MoveError::Ambiguous {
            input,
            notation,
            options: moves
                .into_iter()
                .map(|mv| Reading::new(pos, notation, mv, write))
                .collect(),
        },
    }
}
