//! Reading and writing moves the way players type them: ICCS (`h2e2`,
//! `H2-E2`), WXF (`C2=5`, `H8+7`, `R+=5`), Chinese (`炮二平五`, `马8进7`) and
//! Vietnamese (`P2-5`, `M8.7`).
//!
//! [`parse_move`] works out which notation a text is in and returns the legal
//! move it names, or a [`MoveError`] whose `Display` is a sentence for the
//! player. The writers give each notation's standard form, and reading a
//! written move back (preferring its notation) gives the same move.

mod chinese;
mod designation;
mod iccs;
pub mod pgn;
mod vietnamese;
mod wxf;

use std::fmt;

use crate::rules::{IllegalReason, Move, Position};

use designation::Unresolved;
pub use designation::{ImpossibleShape, MissingPiece, MissingPlace};

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

    /// Writes `mv` (legal in `pos`) in this notation.
    pub fn write(self, pos: &Position, mv: Move) -> String {
        match self {
            Notation::Iccs => iccs(mv),
            Notation::Wxf => wxf(pos, mv),
            Notation::Chinese => chinese(pos, mv),
            Notation::Vietnamese => vietnamese(pos, mv),
        }
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
    fn new(pos: &Position, notation: Notation, mv: Move) -> Reading {
        Reading {
            written: notation.write(pos, mv),
            notation,
            mv,
        }
    }
}

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
fn echo(input: &str) -> String {
    let trimmed = input.trim();
    if trimmed.chars().count() <= MAX_ECHO_CHARS {
        trimmed.to_string()
    } else {
        let head: String = trimmed.chars().take(MAX_ECHO_CHARS).collect();
        format!("{head}…")
    }
}

/// Full-width ASCII forms (`Ｃ２＝５`, `８`) become ASCII, and blanks go.
fn normalize(input: &str) -> String {
    input
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => {
                char::from_u32(c as u32 - 0xFF01 + 0x21).expect("maps into printable ASCII")
            }
            // Word processors turn Vietnamese notation's `-` into a dash.
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            _ => c,
        })
        .collect()
}

/// Reads a move in any accepted notation and checks it against `pos`. A text
/// that names different legal moves in WXF and in Vietnamese notation (`P5.4`:
/// a soldier sideways, or a cannon forward) is refused as ambiguous.
pub fn parse_move(pos: &Position, input: &str) -> Result<ParsedMove, MoveError> {
    parse_move_preferring(pos, input, None)
}

/// [`parse_move`] for a player known to write in `preferred` (from their
/// language or settings): a text that reads both ways is taken in it.
pub fn parse_move_preferring(
    pos: &Position,
    input: &str,
    preferred: Option<Notation>,
) -> Result<ParsedMove, MoveError> {
    let text = normalize(input);
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    let parsed = if text.is_ascii() {
        iccs::parse(pos, &text, input).or_else(|| {
            let as_wxf = wxf::parse(pos, &text, input);
            let as_vietnamese = vietnamese::parse(pos, &text, input);
            match (as_wxf, as_vietnamese) {
                (Some(a), Some(b)) => Some(settle(pos, input, a, b, preferred)),
                (a, b) => a.or(b),
            }
        })
    } else {
        chinese::parse(pos, &text, input)
    };
    parsed.unwrap_or_else(|| Err(MoveError::Unrecognized { input: echo(input) }))
}

/// Chooses between a text's WXF and Vietnamese readings: a legal move beats a
/// refusal, the preferred notation beats the other, and two different legal
/// moves with no preference are ambiguous.
fn settle(
    pos: &Position,
    input: &str,
    as_wxf: Result<ParsedMove, MoveError>,
    as_vietnamese: Result<ParsedMove, MoveError>,
    preferred: Option<Notation>,
) -> Result<ParsedMove, MoveError> {
    let vietnamese_first = preferred == Some(Notation::Vietnamese);
    match (as_wxf, as_vietnamese) {
        (Ok(a), Ok(b)) if a.mv == b.mv || preferred == Some(Notation::Wxf) => Ok(a),
        (Ok(_), Ok(b)) if vietnamese_first => Ok(b),
        (Ok(a), Ok(b)) => Err(MoveError::Ambiguous {
            input: echo(input),
            notation: Notation::Wxf,
            options: vec![
                Reading::new(pos, Notation::Wxf, a.mv),
                Reading::new(pos, Notation::Vietnamese, b.mv),
            ],
        }),
        (Ok(a), Err(_)) => Ok(a),
        (Err(_), Ok(b)) => Ok(b),
        (Err(_), Err(b)) if vietnamese_first => Err(b),
        (Err(a), Err(_)) => Err(a),
    }
}

/// Writes a move in ICCS: `h2e2`.
pub fn iccs(mv: Move) -> String {
    mv.to_string()
}

/// Writes a move (legal in `pos`) in WXF: `C2=5`, `R+=5`, `P+=4`. A move from
/// an empty point is written in ICCS.
pub fn wxf(pos: &Position, mv: Move) -> String {
    wxf::write(pos, mv).unwrap_or_else(|| iccs(mv))
}

/// Writes a move (legal in `pos`) in Chinese notation with simplified
/// characters: `炮二平五` for Red, `马8进7` for Black. A move from an empty
/// point is written in ICCS.
pub fn chinese(pos: &Position, mv: Move) -> String {
    chinese::write(pos, mv, chinese::Script::Simplified).unwrap_or_else(|| iccs(mv))
}

/// Writes a move (legal in `pos`) in Chinese notation with traditional
/// characters, for readers of Traditional Chinese: `炮二平五`, `馬8進7`.
pub fn chinese_traditional(pos: &Position, mv: Move) -> String {
    chinese::write(pos, mv, chinese::Script::Traditional).unwrap_or_else(|| iccs(mv))
}

/// Writes a move (legal in `pos`) in Vietnamese notation: `P2-5`, `M8.7`,
/// `Xs/1`. A move with no Vietnamese form (four soldiers on a file) or from an
/// empty point is written in ICCS.
pub fn vietnamese(pos: &Position, mv: Move) -> String {
    vietnamese::write(pos, mv).unwrap_or_else(|| iccs(mv))
}

/// Finds the move a WXF or Chinese designation names in `pos`, or says to
/// the player, quoting `input`, why there is none.
fn resolve_designation(
    pos: &Position,
    designation: &designation::Designation,
    input: &str,
    notation: Notation,
) -> Result<ParsedMove, MoveError> {
    designation::resolve(pos, designation)
        .map(|mv| ParsedMove { mv, notation })
        .map_err(|failure| unresolved_error(pos, input, notation, failure))
}

/// Turns a designation's failure into the player's error.
fn unresolved_error(
    pos: &Position,
    input: &str,
    notation: Notation,
    failure: Unresolved,
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
                .map(|mv| Reading::new(pos, notation, mv))
                .collect(),
        },
    }
}

#[cfg(test)]
mod tests;
