//! Chinese notation: piece, file, 进 / 退 / 平, number: `炮二平五`, `马8进7`.
//!
//! Red counts files and points with Chinese numerals, Black with digits; both
//! are accepted for either side, half- or full-width. Simplified and
//! traditional characters and either colour's piece names are read. Tandem
//! pieces are named by place instead of file: 前 / 后 (後) for two, 前 / 中 /
//! 后 for three pawns, 一 to 五 from the front for four or five; with tandem
//! pawns on two files the place is followed by the file (`前七平六`).
//! Moves are written with simplified or traditional characters ([`Script`]).

use crate::rules::{Color, Move, PieceKind, Position};

use super::designation::{describe, Description, Designation, Direction, Place, Selector};
use super::reading::{resolve_designation, MoveError, Notation, ParsedMove};

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn kind_of_char(c: char) -> Option<PieceKind> {
    Some(match c {
        '帥' | '帅' | '將' | '将' => PieceKind::General,
        '仕' | '士' => PieceKind::Advisor,
        '相' | '象' => PieceKind::Elephant,
        '傌' | '馬' | '马' => PieceKind::Horse,
        '俥' | '車' | '车' => PieceKind::Chariot,
        '炮' | '砲' | '包' => PieceKind::Cannon,
        '兵' | '卒' => PieceKind::Soldier,
        _ => return None,
    })
}

/// Which characters a written move uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Script {
    Simplified,
    Traditional,
}

fn char_of_kind(color: Color, kind: PieceKind, script: Script) -> char {
    let traditional = script == Script::Traditional;
    match (color, kind) {
        (Color::Red, PieceKind::General) if traditional => '帥',
        (Color::Red, PieceKind::General) => '帅',
        (Color::Black, PieceKind::General) if traditional => '將',
        (Color::Black, PieceKind::General) => '将',
        (Color::Red, PieceKind::Advisor) => '仕',
        (Color::Black, PieceKind::Advisor) => '士',
        (Color::Red, PieceKind::Elephant) => '相',
        (Color::Black, PieceKind::Elephant) => '象',
        (_, PieceKind::Horse) if traditional => '馬',
        (_, PieceKind::Horse) => '马',
        (_, PieceKind::Chariot) if traditional => '車',
        (_, PieceKind::Chariot) => '车',
        (_, PieceKind::Cannon) => '炮',
        (Color::Red, PieceKind::Soldier) => '兵',
        (Color::Black, PieceKind::Soldier) => '卒',
    }
}

/// A file or a count of points: 一–九 or 1–9.
fn number_of_char(c: char) -> Option<u8> {
    if let Some(i) = NUMERALS.iter().position(|&n| n == c) {
        return Some(i as u8 + 1);
    }
    c.to_digit(10)
        .filter(|d| (1..=9).contains(d))
        .map(|d| d as u8)
}

/// 前 / 中 / 后 (後).
fn place_of_char(c: char) -> Option<Place> {
    Some(match c {
        '前' => Place::Front,
        '中' => Place::Middle,
        '后' | '後' => Place::Rear,
        _ => return None,
    })
}

/// A place by word, or by order from the front (一–五, 1–5).
fn place_or_order(c: char) -> Option<Place> {
    place_of_char(c).or_else(|| number_of_char(c).filter(|&n| n <= 5).map(Place::Ordinal))
}

fn direction_of_char(c: char) -> Option<Direction> {
    Some(match c {
        '进' | '進' => Direction::Forward,
        '退' => Direction::Backward,
        '平' => Direction::Sideways,
        _ => return None,
    })
}

/// Reads the characters that pick the piece.
fn head(chars: &[char]) -> Option<(PieceKind, Selector)> {
    match *chars {
        [a, b] => {
            if let (Some(kind), Some(number)) = (kind_of_char(a), number_of_char(b)) {
                return Some((kind, Selector::File(number)));
            }
            if let (Some(place), Some(kind)) = (place_or_order(a), kind_of_char(b)) {
                return Some((kind, Selector::Place { file: None, place }));
            }
            if let (Some(kind), Some(place)) = (kind_of_char(a), place_of_char(b)) {
                return Some((kind, Selector::Place { file: None, place }));
            }
            let (place, number) = (place_of_char(a)?, number_of_char(b)?);
            Some((
                PieceKind::Soldier,
                Selector::Place {
                    file: Some(number),
                    place,
                },
            ))
        }
        [a, b, c] => {
            let (place, kind, number) = (place_or_order(a)?, kind_of_char(b)?, number_of_char(c)?);
            Some((
                kind,
                Selector::Place {
                    file: Some(number),
                    place,
                },
            ))
        }
        _ => None,
    }
}

/// `None` when `text` (no blanks, full-width digits made ASCII) is not shaped
/// like Chinese notation.
pub(super) fn parse(
    pos: &Position,
    text: &str,
    input: &str,
) -> Option<Result<ParsedMove, MoveError>> {
    let chars: Vec<char> = text.chars().collect();
    if !(4..=5).contains(&chars.len()) {
        return None;
    }
    let (head_chars, tail) = chars.split_at(chars.len() - 2);
    let direction = direction_of_char(tail[0])?;
    let number = number_of_char(tail[1])?;
    let (kind, selector) = head(head_chars)?;
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
        Notation::Chinese,
        |pos, mv| write(pos, mv, Script::Simplified).unwrap_or_else(|| mv.to_string()),
    ))
}

/// A number as `color` writes it: Red 一–九, Black 1–9.
fn number_text(color: Color, number: u8) -> char {
    match color {
        Color::Red => NUMERALS[usize::from(number.clamp(1, 9)) - 1],
        Color::Black => char::from(b'0' + number.clamp(1, 9)),
    }
}

fn head_text(d: &Description, script: Script) -> String {
    let piece = char_of_kind(d.color, d.kind, script);
    let rear = match script {
        Script::Simplified => '后',
        Script::Traditional => '後',
    };
    let (count, index) = (d.column.count, d.column.index);
    let place = || -> char {
        match (count, index) {
            (_, 0) if count <= 3 => '前',
            (2 | 3, i) if i + 1 == count => rear,
            (3, _) => '中',
            _ => NUMERALS[index],
        }
    };
    let file = number_text(d.color, d.file);
    match d.kind {
        PieceKind::General | PieceKind::Advisor | PieceKind::Elephant => format!("{piece}{file}"),
        _ if count < 2 => format!("{piece}{file}"),
        PieceKind::Soldier if d.tandem_files >= 2 => format!("{}{file}", place()),
        _ => format!("{}{piece}", place()),
    }
}

/// Chinese notation for a move, or `None` when no piece stands on its start.
pub(super) fn write(pos: &Position, mv: Move, script: Script) -> Option<String> {
    let d = describe(pos, mv)?;
    let action = match d.direction {
        Direction::Forward if script == Script::Traditional => '進',
        Direction::Forward => '进',
        Direction::Backward => '退',
        Direction::Sideways => '平',
    };
    Some(format!(
        "{}{action}{}",
        head_text(&d, script),
        number_text(d.color, d.number)
    ))
}
