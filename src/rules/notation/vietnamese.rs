//! Vietnamese notation, as Vietnamese players record games: piece letter,
//! file (1–9 from the mover's right, as in WXF), then `.` for tấn (forward),
//! `/` for thoái (back) or `-` for bình (sideways), and a number: `P2-5`
//! (pháo 2 bình 5), `M8.7` (mã 8 tấn 7), `X1/1`.
//!
//! The letters are Tg (tướng, general), S (sĩ), T (tượng), X (xe), P (pháo,
//! cannon), M (mã) and B (binh, soldier). Two same pieces on a file are told
//! apart by `t` (trước, front) and `s` (sau, rear) in place of the file, and
//! the middle of three soldiers by `g` (giữa): `Xs-2`, `Pt.2`, `Bg-6`.
//!
//! Vietnamese players have no settled form for four or five soldiers on one
//! file, or for tandem soldiers on two files. The reader takes an optional
//! file after the place (`Bt7.1`), which the writer uses for tandems on two
//! files; with four or five on a file the writer falls back to ICCS.
//!
//! `P` and `B` mean other pieces in WXF (soldier, elephant), so some texts
//! read both ways; [`super::parse_move_preferring`] settles those.

use crate::rules::{PieceKind, Position};

use super::designation::{describe, Description, Designation, Direction, Place, Selector};
use super::reading::{resolve_designation, MoveError, Notation, ParsedMove};

fn letters_of_kind(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::General => "Tg",
        PieceKind::Advisor => "S",
        PieceKind::Elephant => "T",
        PieceKind::Horse => "M",
        PieceKind::Chariot => "X",
        PieceKind::Cannon => "P",
        PieceKind::Soldier => "B",
    }
}

/// The piece named at the start of `text` (lower case), and the rest.
fn split_kind(text: &str) -> Option<(PieceKind, &str)> {
    if let Some(rest) = text.strip_prefix("tg") {
        return Some((PieceKind::General, rest));
    }
    let kind = match text.as_bytes().first()? {
        b's' => PieceKind::Advisor,
        b't' => PieceKind::Elephant,
        b'm' => PieceKind::Horse,
        b'x' => PieceKind::Chariot,
        b'p' => PieceKind::Cannon,
        b'b' => PieceKind::Soldier,
        _ => return None,
    };
    Some((kind, &text[1..]))
}

fn digit(byte: u8) -> Option<u8> {
    (b'1'..=b'9').contains(&byte).then(|| byte - b'0')
}

fn place_of_letter(letter: u8) -> Option<Place> {
    Some(match letter {
        b't' => Place::Front,
        b's' => Place::Rear,
        b'g' => Place::Middle,
        _ => return None,
    })
}

/// The file, or the place (and optionally the file) that picks the piece.
fn selector(head: &[u8]) -> Option<Selector> {
    match *head {
        [single] => Some(match place_of_letter(single) {
            Some(place) => Selector::Place { file: None, place },
            None => Selector::File(digit(single)?),
        }),
        [letter, file] => Some(Selector::Place {
            file: Some(digit(file)?),
            place: place_of_letter(letter)?,
        }),
        _ => None,
    }
}

/// `None` when `text` (ASCII, no blanks) is not shaped like Vietnamese notation.
pub(super) fn parse(
    pos: &Position,
    text: &str,
    input: &str,
) -> Option<Result<ParsedMove, MoveError>> {
    let lower = text.to_ascii_lowercase();
    let (kind, rest) = split_kind(&lower)?;
    let rest = rest.as_bytes();
    let [head @ .., operator, number] = rest else {
        return None;
    };
    let direction = match operator {
        b'.' => Direction::Forward,
        b'/' => Direction::Backward,
        b'-' => Direction::Sideways,
        _ => return None,
    };
    let number = digit(*number)?;
    let selector = selector(head)?;
    let designation = Designation {
        kind,
        selector,
        direction,
        number,
    };
    Some(resolve_designation(
        pos,
        &designation,
        input,
        Notation::Vietnamese,
        |pos, mv| write(pos, mv).unwrap_or_else(|| mv.to_string()),
    ))
}

/// The letters naming the piece, or `None` where Vietnamese has no form.
fn head_text(d: &Description) -> Option<String> {
    let letters = letters_of_kind(d.kind);
    let (count, index, file) = (d.column.count, d.column.index, d.file);
    let place = || match (count, index) {
        (_, 0) => Some('t'),
        (2 | 3, i) if i + 1 == count => Some('s'),
        (3, 1) => Some('g'),
        _ => None,
    };
    Some(match d.kind {
        // These name the file they go to, so the file alone is never ambiguous.
        PieceKind::General | PieceKind::Advisor | PieceKind::Elephant => format!("{letters}{file}"),
        _ if count < 2 => format!("{letters}{file}"),
        PieceKind::Soldier if count > 3 => return None,
        PieceKind::Soldier if d.tandem_files >= 2 => format!("{letters}{}{file}", place()?),
        _ => format!("{letters}{}", place()?),
    })
}

/// Vietnamese notation for a move, or `None` when no piece stands on its
/// start or the move has no Vietnamese form.
pub(super) fn write(pos: &Position, mv: crate::rules::Move) -> Option<String> {
    let d = describe(pos, mv)?;
    let operator = match d.direction {
        Direction::Forward => '.',
        Direction::Backward => '/',
        Direction::Sideways => '-',
    };
    Some(format!("{}{operator}{}", head_text(&d)?, d.number))
}
