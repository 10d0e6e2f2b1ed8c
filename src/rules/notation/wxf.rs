//! WXF notation: piece letter, file (1–9 from the mover's right), operator
//! (`+` forward, `-` back, `=` or `.` sideways), number: `C2=5`, `H8+7`.
//!
//! Two same pieces on a file: `+`/`-` for the front/rear one in place of the
//! file (`R+=5`, also accepted before the letter: `+R=5`). Pawns follow the WXF
//! rules for tandems: with three on a file the middle one keeps its file
//! (`P+`, `P3`, `P-`); with four or five the outer ones are `++` and `--`;
//! with tandem pawns on two files the file digit leads (`3+`, `33`, `3-`).

use crate::rules::{PieceKind, Position};

use super::designation::{describe, Description, Designation, Direction, Place, Selector};
use super::reading::{resolve_designation, MoveError, Notation, ParsedMove};

fn kind_of_letter(letter: u8) -> Option<PieceKind> {
    Some(match letter {
        b'K' => PieceKind::General,
        b'A' => PieceKind::Advisor,
        b'E' | b'B' => PieceKind::Elephant,
        b'H' | b'N' => PieceKind::Horse,
        b'R' => PieceKind::Chariot,
        b'C' => PieceKind::Cannon,
        b'P' => PieceKind::Soldier,
        _ => return None,
    })
}

fn letter_of_kind(kind: PieceKind) -> char {
    match kind {
        PieceKind::General => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        PieceKind::Chariot => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Soldier => 'P',
    }
}

fn file_digit(byte: u8) -> Option<u8> {
    (b'1'..=b'9').contains(&byte).then(|| byte - b'0')
}

/// Reads the two characters that pick the piece.
fn head(first: u8, second: u8) -> Option<(PieceKind, Selector)> {
    let sign = |b: u8| match b {
        b'+' => Some(true),
        b'-' => Some(false),
        _ => None,
    };
    let wxf_place = |front: bool| Selector::Place {
        file: None,
        place: if front {
            Place::WxfPlus
        } else {
            Place::WxfMinus
        },
    };
    if let Some(kind) = kind_of_letter(first) {
        if let Some(number) = file_digit(second) {
            return Some((kind, Selector::File(number)));
        }
        return sign(second).map(|front| (kind, wxf_place(front)));
    }
    if let (Some(front), Some(kind)) = (sign(first), kind_of_letter(second)) {
        return Some((kind, wxf_place(front)));
    }
    if let (Some(a), Some(b)) = (sign(first), sign(second)) {
        if a == b {
            let place = if a { Place::Foremost } else { Place::Rearmost };
            return Some((PieceKind::Soldier, Selector::Place { file: None, place }));
        }
        return None;
    }
    let number = file_digit(first)?;
    let place = match second {
        b'+' => Place::Front,
        b'-' => Place::Rear,
        _ if second == first => Place::Middle,
        _ => return None,
    };
    Some((
        PieceKind::Soldier,
        Selector::Place {
            file: Some(number),
            place,
        },
    ))
}

/// `None` when `text` (ASCII, no blanks) is not shaped like WXF.
pub(super) fn parse(
    pos: &Position,
    text: &str,
    input: &str,
) -> Option<Result<ParsedMove, MoveError>> {
    let upper = text.to_ascii_uppercase();
    let &[first, second, operator, number] = upper.as_bytes() else {
        return None;
    };
    let (kind, selector) = head(first, second)?;
    let direction = match operator {
        b'+' => Direction::Forward,
        b'-' => Direction::Backward,
        b'=' | b'.' => Direction::Sideways,
        _ => return None,
    };
    let number = file_digit(number)?;
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
        Notation::Wxf,
        |pos, mv| write(pos, mv).unwrap_or_else(|| mv.to_string()),
    ))
}

/// The two characters naming the piece, per the WXF rules for tandems.
fn head_text(d: &Description) -> String {
    let letter = letter_of_kind(d.kind);
    let (count, index, file) = (d.column.count, d.column.index, d.file);
    match d.kind {
        PieceKind::General | PieceKind::Advisor | PieceKind::Elephant => format!("{letter}{file}"),
        PieceKind::Soldier if count >= 2 && d.tandem_files >= 2 => {
            let mark = if index == 0 {
                '+'
            } else if index + 1 == count {
                '-'
            } else {
                char::from(b'0' + file)
            };
            format!("{file}{mark}")
        }
        PieceKind::Soldier if count >= 2 => match (count, index) {
            (4 | 5, 0) => "++".to_string(),
            (4 | 5, i) if i + 1 == count => "--".to_string(),
            (4 | 5, 1) | (2 | 3, 0) => "P+".to_string(),
            (_, i) if (count >= 4 && i + 2 == count) || i + 1 == count => "P-".to_string(),
            _ => format!("P{file}"),
        },
        _ if count >= 2 => format!("{letter}{}", if index == 0 { '+' } else { '-' }),
        _ => format!("{letter}{file}"),
    }
}

/// WXF for a move, or `None` when no piece stands on its starting point.
pub(super) fn write(pos: &Position, mv: crate::rules::Move) -> Option<String> {
    let d = describe(pos, mv)?;
    let operator = match d.direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => '=',
    };
    Some(format!("{}{operator}{}", head_text(&d), d.number))
}
