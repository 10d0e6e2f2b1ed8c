//! FEN in and out. Reading accepts `E`/`H` for elephant/horse and `r` for
//! Red to move; writing always uses `B`, `N` and `w`. Every malformed or
//! impossible FEN is refused with a [`FenError`] that says where and why.

use std::fmt;

use super::bitboard::Bitboard;
use super::position::{Position, EMPTY};
use super::types::{Color, Piece, PieceKind, Square};

/// Why a FEN was refused. `Display` is a sentence for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty or only whitespace.
    Empty,
    /// The board field does not have 10 ranks.
    RankCount { found: usize },
    /// A rank of the board field does not add up to 9 files.
    FileCount { rank: u8, found: u32 },
    /// A character in the board field that is neither a piece letter nor 1–9.
    BadChar { rank: u8, found: char },
    /// A field after the board is missing.
    MissingField { field: FenField },
    /// More than six fields.
    ExtraFields { found: usize },
    /// A field after the board has a value it cannot have.
    BadField { field: FenField, found: String },
    /// More pieces of one kind than a side starts with.
    TooMany { piece: Piece, found: u32, max: u32 },
    /// A side has no general.
    MissingGeneral { color: Color },
    /// A piece on a point it can never reach.
    Unreachable {
        piece: Piece,
        square: Square,
        why: &'static str,
    },
    /// The two generals on one file with nothing between them.
    GeneralsFacing { file: char },
    /// The side that just moved left its general in check.
    SideNotToMoveInCheck { color: Color },
}

/// The fields after the board, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    SideToMove,
    Castling,
    EnPassant,
    HalfmoveClock,
    FullmoveNumber,
}

impl FenField {
    fn describe(self) -> &'static str {
        match self {
            FenField::SideToMove => "field 2 (side to move)",
            FenField::Castling => "field 3 (castling, always '-' in Xiangqi)",
            FenField::EnPassant => "field 4 (en passant, always '-' in Xiangqi)",
            FenField::HalfmoveClock => "field 5 (plies since the last capture)",
            FenField::FullmoveNumber => "field 6 (move number)",
        }
    }

    fn expected(self) -> &'static str {
        match self {
            FenField::SideToMove => "'w' (or 'r') for Red or 'b' for Black",
            FenField::Castling | FenField::EnPassant => "'-'",
            FenField::HalfmoveClock => "a whole number of at most 999",
            FenField::FullmoveNumber => "a whole number from 1 to 9999",
        }
    }
}

fn describe_piece(piece: Piece) -> String {
    format!("{} {}", piece.color, piece.kind.name())
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "the FEN is empty"),
            FenError::RankCount { found } => write!(
                f,
                "the board field has {found} ranks separated by '/'; it needs 10"
            ),
            FenError::FileCount { rank, found } => write!(
                f,
                "rank {rank} of the board (the {} '/'-separated part) covers {found} files; it needs 9",
                ordinal(9 - *rank as usize + 1)
            ),
            FenError::BadChar { rank, found } => write!(
                f,
                "rank {rank} of the board has {found:?}, which is neither a piece letter \
                 (K A B N R C P, E for elephant, H for horse; upper case for Red) nor a count of empty points 1-9"
            ),
            FenError::MissingField { field } => {
                write!(f, "{} is missing", field.describe())
            }
            FenError::ExtraFields { found } => {
                write!(f, "the FEN has {found} fields; it has at most 6")
            }
            FenError::BadField { field, found } => write!(
                f,
                "{} is {found:?}; expected {}",
                field.describe(),
                field.expected()
            ),
            FenError::TooMany { piece, found, max } => {
                let kind = piece.kind.name();
                write!(
                    f,
                    "{} has {found} {kind}s; a side has at most {max}",
                    piece.color
                )
            }
            FenError::MissingGeneral { color } => write!(f, "{color} has no general"),
            FenError::Unreachable { piece, square, why } => {
                write!(f, "the {} on {square} {why}", describe_piece(*piece))
            }
            FenError::GeneralsFacing { file } => write!(
                f,
                "the generals face each other on file {file} with nothing between them"
            ),
            FenError::SideNotToMoveInCheck { color } => write!(
                f,
                "{color} is not to move but its general is in check, which no legal move can leave"
            ),
        }
    }
}

impl std::error::Error for FenError {}

fn ordinal(n: usize) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

const MAX_COUNT: [u32; 7] = [1, 2, 2, 2, 2, 2, 5];

impl Position {
    /// Reads a FEN. The board and side to move are required; the counters
    /// default to `- - 0 1` when left out.
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if fields.len() > 6 {
            return Err(FenError::ExtraFields {
                found: fields.len(),
            });
        }
        let mut pos = Position::empty();
        read_board(&mut pos, fields[0])?;

        let side = match fields.get(1) {
            None => {
                return Err(FenError::MissingField {
                    field: FenField::SideToMove,
                })
            }
            Some(&("w" | "W" | "r" | "R")) => Color::Red,
            Some(&("b" | "B")) => Color::Black,
            Some(other) => {
                return Err(FenError::BadField {
                    field: FenField::SideToMove,
                    found: other.to_string(),
                })
            }
        };
        pos.set_side(side);
        for (index, field) in [(2, FenField::Castling), (3, FenField::EnPassant)] {
            if let Some(&value) = fields.get(index) {
                if value != "-" {
                    return Err(FenError::BadField {
                        field,
                        found: value.to_string(),
                    });
                }
            }
        }
        if let Some(&value) = fields.get(4) {
            pos.halfmove = parse_number(value, FenField::HalfmoveClock, 0, 999)?;
        }
        if let Some(&value) = fields.get(5) {
            pos.fullmove = parse_number(value, FenField::FullmoveNumber, 1, 9999)?;
        }
        validate(&pos)?;
        Ok(pos)
    }

    /// Writes the FEN (`B`, `N`, `w`; fields 3 and 4 are `-`).
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                let sq = Square::new(file, rank).expect("on the board");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece.fen_char());
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = match self.side {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        out.push_str(&format!(" {side} - - {} {}", self.halfmove, self.fullmove));
        out
    }
}

fn parse_number(text: &str, field: FenField, min: u32, max: u32) -> Result<u32, FenError> {
    let bad = || FenError::BadField {
        field,
        found: text.to_string(),
    };
    if text.is_empty() || text.len() > 6 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let value: u32 = text.parse().map_err(|_| bad())?;
    if value < min || value > max {
        return Err(bad());
    }
    Ok(value)
}

fn read_board(pos: &mut Position, board: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::RankCount { found: ranks.len() });
    }
    let mut counts = [[0u32; 7]; 2];
    for (row, text) in ranks.iter().enumerate() {
        let rank = 9 - row as u8;
        let mut file: u32 = 0;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                file += d;
                continue;
            }
            let piece = Piece::from_fen_char(c)
                .filter(|_| c.is_ascii_alphabetic())
                .ok_or(FenError::BadChar { rank, found: c })?;
            if file >= 9 {
                // Count the rest so the message gives the full width.
                return Err(FenError::FileCount {
                    rank,
                    found: rank_width(text),
                });
            }
            let sq = Square::new(file as u8, rank).expect("file and rank checked");
            check_reachable(piece, sq)?;
            let count = &mut counts[piece.color.index()][piece.kind.index()];
            *count += 1;
            let max = MAX_COUNT[piece.kind.index()];
            if *count > max {
                return Err(FenError::TooMany {
                    piece,
                    found: count_in_board(&ranks, piece),
                    max,
                });
            }
            pos.put(sq.index(), piece);
            file += 1;
        }
        if file != 9 {
            return Err(FenError::FileCount {
                rank,
                found: rank_width(text),
            });
        }
    }
    Ok(())
}

/// The width a rank's text describes (for error messages), saturating.
fn rank_width(text: &str) -> u32 {
    text.chars()
        .map(|c| c.to_digit(10).unwrap_or(1))
        .fold(0u32, |a, b| a.saturating_add(b))
}

fn count_in_board(ranks: &[&str], piece: Piece) -> u32 {
    ranks
        .iter()
        .flat_map(|r| r.chars())
        .filter(|&c| c.is_ascii_alphabetic() && Piece::from_fen_char(c) == Some(piece))
        .count() as u32
}

fn check_reachable(piece: Piece, sq: Square) -> Result<(), FenError> {
    // Work in Red's frame: Black's points are Red's turned upside down.
    let (file, rank) = match piece.color {
        Color::Red => (sq.file(), sq.rank()),
        Color::Black => (sq.file(), 9 - sq.rank()),
    };
    let in_palace = (3..=5).contains(&file) && rank <= 2;
    let why = match piece.kind {
        PieceKind::General if !in_palace => "is outside its palace",
        PieceKind::Advisor if !(in_palace && (file + rank) % 2 == 1) => {
            if in_palace {
                "is not on one of the five diagonal points of its palace"
            } else {
                "is outside its palace"
            }
        }
        PieceKind::Elephant
            if !matches!(
                (file, rank),
                (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
            ) =>
        {
            if rank > 4 {
                "has crossed the river, which an elephant never does"
            } else {
                "is not on one of the seven points an elephant can reach"
            }
        }
        PieceKind::Soldier if rank < 3 => {
            "stands behind its starting rank, and soldiers never move back"
        }
        PieceKind::Soldier if rank <= 4 && file % 2 == 1 => {
            "is on a file no soldier can reach before crossing the river"
        }
        _ => return Ok(()),
    };
    Err(FenError::Unreachable {
        piece,
        square: sq,
        why,
    })
}

fn validate(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        if pos.pieces[Piece::new(color, PieceKind::General).index()].is_empty() {
            return Err(FenError::MissingGeneral { color });
        }
    }
    let red = pos.generals[0] as usize;
    let black = pos.generals[1] as usize;
    if red % 9 == black % 9 {
        let between = super::tables::between(red, black);
        if (between & pos.occupied).is_empty() {
            return Err(FenError::GeneralsFacing {
                file: (b'a' + (red % 9) as u8) as char,
            });
        }
    }
    let idle = pos.side.opponent();
    let general = pos.generals[idle.index()] as usize;
    debug_assert!(pos.board[general] != EMPTY && pos.occupied.has(general));
    if pos.general_attacked(
        general,
        pos.side.index(),
        pos.occupied,
        pos.occupied_t,
        Bitboard::ALL,
    ) {
        return Err(FenError::SideNotToMoveInCheck { color: idle });
    }
    Ok(())
}
