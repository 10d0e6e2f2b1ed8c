//! The vocabulary every layer shares: colours, piece kinds, points of the board
//! and moves. Small `Copy` types with the layout fixed here, so that the engine,
//! the renderer and the store agree on what a square index or a move means.

use std::fmt;

/// Files `a`–`i`, from Red's left.
pub const BOARD_FILES: u8 = 9;
/// Ranks `0`–`9`, from Red's back rank.
pub const BOARD_RANKS: u8 = 10;
/// Number of points on the board.
pub const NUM_SQUARES: usize = (BOARD_FILES as usize) * (BOARD_RANKS as usize);

/// A side. Red moves first and sits at ranks 0–4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Red = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English name a player reads ("Red", "Black").
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    General = 0,
    Advisor = 1,
    Elephant = 2,
    Horse = 3,
    Chariot = 4,
    Cannon = 5,
    Soldier = 6,
}

impl PieceKind {
    pub const ALL: [PieceKind; 7] = [
        PieceKind::General,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Soldier,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter, upper case (`K A B N R C P`).
    pub const fn fen_letter(self) -> char {
        match self {
            PieceKind::General => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Chariot => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Soldier => 'P',
        }
    }

    /// The English name a player reads.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::General => "general",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Chariot => "chariot",
            PieceKind::Cannon => "cannon",
            PieceKind::Soldier => "soldier",
        }
    }
}

/// A piece: a kind and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: PieceKind,
}

impl Piece {
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// A dense index 0..14: Red's seven kinds, then Black's.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.kind.index()
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    pub const fn fen_char(self) -> char {
        let upper = self.kind.fen_letter();
        match self.color {
            Color::Red => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter; also accepts `E`/`e` for elephant and `H`/`h` for horse.
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        let kind = match c.to_ascii_uppercase() {
            'K' => PieceKind::General,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Chariot,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Soldier,
            _ => return None,
        };
        Some(Piece::new(color, kind))
    }

    /// The traditional character: Red 帥仕相傌俥炮兵, Black 將士象馬車砲卒.
    pub const fn chinese(self) -> char {
        match (self.color, self.kind) {
            (Color::Red, PieceKind::General) => '帥',
            (Color::Red, PieceKind::Advisor) => '仕',
            (Color::Red, PieceKind::Elephant) => '相',
            (Color::Red, PieceKind::Horse) => '傌',
            (Color::Red, PieceKind::Chariot) => '俥',
            (Color::Red, PieceKind::Cannon) => '炮',
            (Color::Red, PieceKind::Soldier) => '兵',
            (Color::Black, PieceKind::General) => '將',
            (Color::Black, PieceKind::Advisor) => '士',
            (Color::Black, PieceKind::Elephant) => '象',
            (Color::Black, PieceKind::Horse) => '馬',
            (Color::Black, PieceKind::Chariot) => '車',
            (Color::Black, PieceKind::Cannon) => '砲',
            (Color::Black, PieceKind::Soldier) => '卒',
        }
    }
}

/// A point of the board, `index = rank * 9 + file`, so 0 is `a0` (Red's
/// bottom-left) and 89 is `i9`. The index is the same whatever the internal
/// board representation, so tables and the store can rely on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Builds a square from a file (0–8, `a`–`i`) and a rank (0–9).
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < BOARD_FILES && rank < BOARD_RANKS {
            Some(Square(rank * BOARD_FILES + file))
        } else {
            None
        }
    }

    /// Builds a square from its index 0..90.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < NUM_SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Builds a square from an index the caller knows is below 90.
    #[inline]
    pub const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!((index as usize) < NUM_SQUARES);
        Square(index)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % BOARD_FILES
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / BOARD_FILES
    }

    /// The point seen from the other side of the board (turned 180°). Only
    /// tests need it (the layout's checks a flipped board against it), so it
    /// is built only for them.
    #[cfg(test)]
    #[inline]
    pub(crate) const fn rotate(self) -> Square {
        Square(NUM_SQUARES as u8 - 1 - self.0)
    }

    /// The point with its rank mirrored (file kept): Black's view of a Red table.
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square((BOARD_RANKS - 1 - self.rank()) * BOARD_FILES + self.file())
    }

    /// All 90 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..NUM_SQUARES as u8).map(Square)
    }

    /// Reads `h2` (case-insensitive): a file letter and a rank digit.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let (f, r) = (chars.next()?, chars.next()?);
        if chars.next().is_some() {
            return None;
        }
        let f = f.to_ascii_lowercase();
        if !('a'..='i').contains(&f) || !r.is_ascii_digit() {
            return None;
        }
        Square::new(f as u8 - b'a', r as u8 - b'0')
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// A move from one point to another, packed in 16 bits (from in the low byte).
/// It says nothing of legality; [`Position`](super::Position) decides that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    /// `a0a0`: not a move any position allows (its two points are one), so it
    /// stands where a slot needs some move: a null move in the engine's line,
    /// an unused entry of a fixed-size list, "no move" in a packed table entry.
    pub const NULL: Move = Move(0);

    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | ((to.0 as u16) << 8))
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square((self.0 & 0xff) as u8)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square((self.0 >> 8) as u8)
    }

    /// The packed form, for compact storage (transposition table, killers).
    #[inline]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from [`Move::raw`]; `None` if either point is off the board.
    #[inline]
    pub const fn from_raw(raw: u16) -> Option<Move> {
        let (from, to) = ((raw & 0xff) as usize, (raw >> 8) as usize);
        if from < NUM_SQUARES && to < NUM_SQUARES {
            Some(Move(raw))
        } else {
            None
        }
    }
}

/// ICCS, as UCI engines write it: `h2e2`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_index_file_rank_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::new(sq.file(), sq.rank()), Some(sq));
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
            assert_eq!(sq.rotate().rotate(), sq);
            assert_eq!(sq.flip_rank().flip_rank(), sq);
        }
        assert_eq!(Square::parse("a0").unwrap().index(), 0);
        assert_eq!(Square::parse("I9").unwrap().index(), 89);
        assert_eq!(Square::parse("j0"), None);
        assert_eq!(Square::parse("a10"), None);
        assert_eq!(Square::parse(""), None);
    }

    #[test]
    fn move_packs_both_points() {
        let m = Move::new(Square::parse("h2").unwrap(), Square::parse("e2").unwrap());
        assert_eq!(m.to_string(), "h2e2");
        assert_eq!(Move::from_raw(m.raw()), Some(m));
        assert_eq!(Move::from_raw(0xffff), None);
        assert_eq!(Move::from_raw(0), Some(Move::NULL));
        assert_eq!(Move::NULL.from(), Move::NULL.to());
    }

    #[test]
    fn piece_letters_round_trip() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let p = Piece::new(color, kind);
                assert_eq!(Piece::from_fen_char(p.fen_char()), Some(p));
            }
        }
        assert_eq!(
            Piece::from_fen_char('h'),
            Some(Piece::new(Color::Black, PieceKind::Horse))
        );
        assert_eq!(Piece::from_fen_char('x'), None);
    }
}
