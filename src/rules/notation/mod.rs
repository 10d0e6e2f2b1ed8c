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
mod reading;
mod shape;
mod vietnamese;
mod wxf;

use crate::rules::{Move, Position};

pub use designation::{ImpossibleShape, MissingPiece, MissingPlace};
use reading::echo;
pub use reading::{readings_differ_in_notation, MoveError, Notation, ParsedMove, Reading};
pub use shape::looks_like_move;

impl Notation {
    /// Writes `mv` (legal in `pos`) in this notation.
    pub fn write(self, pos: &Position, mv: Move) -> String {
        match self {
            Notation::Iccs => iccs(mv),
            Notation::Wxf => wxf(pos, mv),
            Notation::Chinese => chinese(pos, mv),
            Notation::Vietnamese => vietnamese(pos, mv),
        }
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
                Reading::new(pos, Notation::Wxf, a.mv, wxf),
                Reading::new(pos, Notation::Vietnamese, b.mv, vietnamese),
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

#[cfg(test)]
mod tests;
