//! `Position`: the board, the side to move and the counters, kept as a mailbox
//! (for "what stands on this point") plus bitboards per piece, per colour and
//! for all pieces in both the normal and the transposed layout, and the
//! occupancy of each rank and file as a short line of bits (for sliding
//! lookups along ranks and files). Making and unmaking a move updates all of
//! them and the Zobrist key incrementally.

use std::fmt;

use super::bitboard::{bit, transposed, Bitboard};
use super::tables::{
    ADVISOR_MOVES, CHECK_ZONE, DIAG_NEIGHBOURS, ELEPHANT_MOVES, FILE_SLIDE, FILE_SPREAD,
    GENERAL_MOVES, HORSE_ATTACKERS, HORSE_REACH, OFF_BOARD, RANK_SLIDE, SOLDIER_ATTACKERS,
};
use super::types::{Color, Move, Piece, PieceKind, Square};
use super::zobrist;

/// Mailbox value of an empty point.
pub(crate) const EMPTY: u8 = 14;
/// Mailbox value of the extra entry at index 90, which leg and eye tables use
/// for "off the board": never empty, so such a leg always reads as blocked.
pub(crate) const OFF_BOARD_MARK: u8 = 15;

pub(crate) const GENERAL: usize = PieceKind::General as usize;
pub(crate) const ADVISOR: usize = PieceKind::Advisor as usize;
pub(crate) const ELEPHANT: usize = PieceKind::Elephant as usize;
pub(crate) const HORSE: usize = PieceKind::Horse as usize;
pub(crate) const CHARIOT: usize = PieceKind::Chariot as usize;
pub(crate) const CANNON: usize = PieceKind::Cannon as usize;
pub(crate) const SOLDIER: usize = PieceKind::Soldier as usize;

/// The piece of each mailbox value, none for `EMPTY` and `OFF_BOARD_MARK`:
/// a lookup, where dividing by seven cost a few percent of the search.
const PIECE_OF_CODE: [Option<Piece>; 16] = {
    let mut table = [None; 16];
    let mut code = 0;
    while code < 14 {
        let color = if code < 7 { Color::Red } else { Color::Black };
        table[code] = Some(Piece::new(color, PieceKind::ALL[code % 7]));
        code += 1;
    }
    table
};

/// Each point's file and rank, looked up where a move is made and unmade:
/// the search ran 0.2% fewer instructions than dividing by nine there.
const FILE_RANK: [(u8, u8); 90] = {
    let mut table = [(0, 0); 90];
    let mut sq = 0;
    while sq < 90 {
        table[sq] = ((sq % 9) as u8, (sq / 9) as u8);
        sq += 1;
    }
    table
};

/// Decodes a mailbox value: a piece index 0..14, or `EMPTY` (none).
#[inline(always)]
pub(crate) fn piece_of_code(code: u8) -> Option<Piece> {
    PIECE_OF_CODE[(code & 15) as usize]
}

/// A position: where the pieces stand, who is to move, and the FEN counters.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    /// Piece index per point, `EMPTY` when none; entry 90 is `OFF_BOARD_MARK`.
    pub(crate) board: [u8; 91],
    /// One bitboard per piece index (colour * 7 + kind).
    pub(crate) pieces: [Bitboard; 14],
    pub(crate) colors: [Bitboard; 2],
    pub(crate) occupied: Bitboard,
    /// `occupied` in the transposed layout (`file * 10 + rank`).
    pub(crate) occupied_t: Bitboard,
    /// `occupied` one rank at a time (bit = file) and one file at a time
    /// (bit = rank): the sliding lookups' indices, read directly where
    /// cutting them out of the 128-bit sets cost two variable shifts.
    pub(crate) rank_lines: [u16; 10],
    pub(crate) file_lines: [u16; 9],
    pub(crate) generals: [u8; 2],
    pub(crate) side: Color,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
}

/// What [`Position::make_move`] needs to take a move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: u8,
    halfmove: u32,
    key: u64,
}

impl Undo {
    /// The piece the move captured, if any.
    pub fn captured(&self) -> Option<Piece> {
        piece_of_code(self.captured)
    }
}

/// What [`Position::make_null`] needs to take a null move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NullUndo {
    key: u64,
}

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// A board with no pieces, Red to move; FEN parsing fills it in.
    pub(crate) fn empty() -> Position {
        let mut board = [EMPTY; 91];
        board[OFF_BOARD as usize] = OFF_BOARD_MARK;
        Position {
            board,
            pieces: [Bitboard::EMPTY; 14],
            colors: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
            occupied_t: Bitboard::EMPTY,
            rank_lines: [0; 10],
            file_lines: [0; 9],
            generals: [0; 2],
            side: Color::Red,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    /// Puts a piece on an empty point (setup only; keeps the key in step).
    pub(crate) fn put(&mut self, sq: usize, piece: Piece) {
        debug_assert_eq!(self.board[sq], EMPTY);
        let code = piece.index();
        self.board[sq] = code as u8;
        self.pieces[code] |= bit(sq);
        self.colors[piece.color.index()] |= bit(sq);
        self.occupied |= bit(sq);
        self.occupied_t |= bit(transposed(sq));
        self.flip_lines(sq);
        self.key ^= zobrist::PIECE_SQUARE[code][sq];
        if piece.kind == PieceKind::General {
            self.generals[piece.color.index()] = sq as u8;
        }
    }

    /// Sets the side to move (setup only; keeps the key in step).
    pub(crate) fn set_side(&mut self, side: Color) {
        if self.side != side {
            self.key ^= zobrist::BLACK_TO_MOVE;
        }
        self.side = side;
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of_code(self.board[sq.index()])
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Plies since the last capture (FEN field 5).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Zobrist key of the board and the side to move (not the counters).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch; equals [`Position::key`] (a check for tests).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for sq in 0..90 {
            let code = self.board[sq];
            if code != EMPTY {
                key ^= zobrist::PIECE_SQUARE[code as usize][sq];
            }
        }
        if self.side == Color::Black {
            key ^= zobrist::BLACK_TO_MOVE;
        }
        key
    }

    #[inline]
    pub fn general_square(&self, color: Color) -> Square {
        Square::from_index_unchecked(self.generals[color.index()])
    }

    /// The squares holding pieces of one kind and colour.
    #[inline]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        self.pieces[piece.index()]
    }

    /// The squares holding pieces of one colour.
    #[inline]
    pub fn pieces_of(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// How many pieces of this kind and colour are on the board.
    #[inline]
    pub fn count(&self, piece: Piece) -> u32 {
        self.pieces[piece.index()].count()
    }

    /// Whether the side to move's general is attacked.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.general_attacked_now()
    }

    /// [`in_check`](Self::in_check) just after `mv` was made, in a position
    /// where the side now to move was not in check beforehand (as after any
    /// legal move): only a move that leaves or reaches a point of the
    /// general's [`CHECK_ZONE`] can have checked it, and most moves touch
    /// none, so the search skips the attack test for them.
    #[inline]
    pub fn in_check_after(&self, mv: Move) -> bool {
        let checked = self.touches_check_zone(mv) && self.general_attacked_now();
        debug_assert_eq!(checked, self.in_check(), "{mv} into {}", self.to_fen());
        checked
    }

    /// Whether `mv` left or reached a point of the [`CHECK_ZONE`] of the
    /// side to move's general: only such a move can have checked it.
    #[inline(always)]
    pub(crate) fn touches_check_zone(&self, mv: Move) -> bool {
        let zone = CHECK_ZONE[self.generals[self.side.index()] as usize];
        zone.contains(mv.from()) || zone.contains(mv.to())
    }

    /// [`in_check`](Self::in_check), always inlined: move generation tests
    /// it first, and a call there measured slower.
    #[inline(always)]
    pub(crate) fn general_attacked_now(&self) -> bool {
        let us = self.side.index();
        let general = self.generals[us] as usize;
        self.general_attacked_along(
            general,
            us ^ 1,
            self.board_slides(general),
            self.occupied,
            Bitboard::ALL,
        )
    }

    /// Whether a piece of `by` could capture on `sq` now. The flying-general
    /// rule counts only against a general: `by`'s general attacks along its
    /// open file only when `sq` holds the other side's general.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let s = sq.index();
        let b = by.index();
        let base = b * 7;
        let target_is_general = self.board[s] == ((b ^ 1) * 7 + GENERAL) as u8;
        let (rank_reach, file_reach, rank_jump, file_jump) = self.board_slides(s);
        let chariots = self.pieces[base + CHARIOT];
        let line_attackers = if target_is_general {
            chariots | self.pieces[base + GENERAL]
        } else {
            chariots
        };
        if !((rank_reach | file_reach) & line_attackers).is_empty() {
            return true;
        }
        if !((rank_jump | file_jump) & self.pieces[base + CANNON]).is_empty() {
            return true;
        }
        if self.horse_attacks(s, self.pieces[base + HORSE], self.occupied) {
            return true;
        }
        if !(SOLDIER_ATTACKERS[b][s] & self.pieces[base + SOLDIER]).is_empty() {
            return true;
        }
        if !(GENERAL_MOVES[s] & self.pieces[base + GENERAL]).is_empty() {
            return true;
        }
        if !(ADVISOR_MOVES[s] & self.pieces[base + ADVISOR]).is_empty() {
            return true;
        }
        // An elephant's move is symmetric (same eye), so its attackers are its
        // own targets from `s`.
        let free = self.free_eyes(s);
        !(ELEPHANT_MOVES[s][free] & self.pieces[base + ELEPHANT]).is_empty()
    }

    /// Whether a general on `sq` would be attacked by side `by`, given an
    /// occupancy (normal and transposed) and a mask of `by`'s pieces still on
    /// the board (to drop a captured one). Only pieces that can ever reach a
    /// general's palace are looked at: advisors and elephants stay home, and
    /// the two generals meet only along a file.
    #[inline(always)]
    pub(crate) fn general_attacked(
        &self,
        sq: usize,
        by: usize,
        occ: Bitboard,
        occ_t: Bitboard,
        alive: Bitboard,
    ) -> bool {
        self.general_attacked_along(sq, by, slides(sq, occ, occ_t), occ, alive)
    }

    /// [`general_attacked`](Self::general_attacked) with the [`slides`]
    /// from `sq` over `occ` already looked up.
    #[inline(always)]
    fn general_attacked_along(
        &self,
        sq: usize,
        by: usize,
        (rank_reach, file_reach, rank_jump, file_jump): (Bitboard, Bitboard, Bitboard, Bitboard),
        occ: Bitboard,
        alive: Bitboard,
    ) -> bool {
        let base = by * 7;
        let rooks = (self.pieces[base + CHARIOT] | self.pieces[base + GENERAL]) & alive;
        if !((rank_reach | file_reach) & rooks).is_empty() {
            return true;
        }
        let cannons = self.pieces[base + CANNON] & alive;
        if !((rank_jump | file_jump) & cannons).is_empty() {
            return true;
        }
        if !(SOLDIER_ATTACKERS[by][sq] & self.pieces[base + SOLDIER] & alive).is_empty() {
            return true;
        }
        self.horse_attacks(sq, self.pieces[base + HORSE] & alive, occ)
    }

    #[inline(always)]
    fn horse_attacks(&self, sq: usize, horses: Bitboard, occ: Bitboard) -> bool {
        let near = horses & HORSE_REACH[sq];
        !near.is_empty() && !(HORSE_ATTACKERS[sq][self.free_diagonals(sq, occ)] & near).is_empty()
    }

    /// Bit `d` set when the diagonal neighbour `d` of `sq` is on the board and
    /// empty in `occ`.
    #[inline(always)]
    pub(crate) fn free_diagonals(&self, sq: usize, occ: Bitboard) -> usize {
        let n = &DIAG_NEIGHBOURS[sq];
        let mut free = 0;
        for (d, &p) in n.iter().enumerate() {
            // Bits 90.. of `occ` are always clear, so off-board reads as free;
            // the tables hold no targets beyond the edge anyway.
            free |= (!occ.has(p as usize) as usize) << d;
        }
        free
    }

    /// The key of the position `mv` leaves, before it is played: a search
    /// starts loading the transposition table's entry for it that much earlier.
    #[inline(always)]
    pub fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from().index(), mv.to().index());
        let moving = self.board[from] as usize;
        let captured = self.board[to];
        let mut key = self.key
            ^ zobrist::PIECE_SQUARE[moving][from]
            ^ zobrist::PIECE_SQUARE[moving][to]
            ^ zobrist::BLACK_TO_MOVE;
        if captured != EMPTY {
            key ^= zobrist::PIECE_SQUARE[captured as usize][to];
        }
        key
    }

    /// Plays a move in place. The move must be legal (or at least move a piece
    /// of the side to move); check with [`Position::is_legal`] for untrusted input.
    #[inline(always)]
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let from = mv.from().index();
        let to = mv.to().index();
        let moving = self.board[from] as usize;
        let captured = self.board[to];
        let undo = Undo {
            captured,
            halfmove: self.halfmove,
            key: self.key,
        };
        let us = self.side.index();
        let from_to = bit(from) | bit(to);
        let key = self.key_after(mv);
        if captured != EMPTY {
            let c = captured as usize;
            self.pieces[c] ^= bit(to);
            self.colors[us ^ 1] ^= bit(to);
            self.occupied ^= bit(from);
            self.occupied_t ^= bit(transposed(from));
            self.flip_lines(from);
            self.halfmove = 0;
        } else {
            self.occupied ^= from_to;
            self.occupied_t ^= bit(transposed(from)) | bit(transposed(to));
            self.flip_lines(from);
            self.flip_lines(to);
            self.halfmove += 1;
        }
        self.pieces[moving] ^= from_to;
        self.colors[us] ^= from_to;
        self.board[to] = moving as u8;
        self.board[from] = EMPTY;
        if moving % 7 == GENERAL {
            self.generals[us] = to as u8;
        }
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.opponent();
        self.key = key;
        undo
    }

    /// Takes back the move [`Position::make_move`] returned `undo` for.
    #[inline(always)]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let from = mv.from().index();
        let to = mv.to().index();
        self.side = self.side.opponent();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        let us = self.side.index();
        let moving = self.board[to] as usize;
        let from_to = bit(from) | bit(to);
        self.pieces[moving] ^= from_to;
        self.colors[us] ^= from_to;
        self.board[from] = moving as u8;
        self.board[to] = undo.captured;
        if undo.captured != EMPTY {
            let c = undo.captured as usize;
            self.pieces[c] ^= bit(to);
            self.colors[us ^ 1] ^= bit(to);
            self.occupied ^= bit(from);
            self.occupied_t ^= bit(transposed(from));
            self.flip_lines(from);
        } else {
            self.occupied ^= from_to;
            self.occupied_t ^= bit(transposed(from)) | bit(transposed(to));
            self.flip_lines(from);
            self.flip_lines(to);
        }
        if moving % 7 == GENERAL {
            self.generals[us] = from as u8;
        }
        self.halfmove = undo.halfmove;
        self.key = undo.key;
    }

    /// Toggles `sq` in the rank and file lines.
    #[inline(always)]
    fn flip_lines(&mut self, sq: usize) {
        let (file, rank) = FILE_RANK[sq];
        self.rank_lines[rank as usize] ^= 1 << file;
        self.file_lines[file as usize] ^= 1 << rank;
    }

    /// How many pieces stand strictly between two points of one file,
    /// counted in the file's line.
    #[inline]
    pub fn pieces_between_on_file(&self, a: Square, b: Square) -> u32 {
        debug_assert_eq!(a.file(), b.file());
        let (lo, hi) = (a.rank().min(b.rank()) as u32, a.rank().max(b.rank()) as u32);
        // Ranks lo+1 ..= hi-1; hi is at most 9, so neither shift overflows.
        let between = ((1u32 << hi) - 1) & !((2u32 << lo) - 1);
        (self.file_lines[a.file() as usize] as u32 & between).count_ones()
    }

    /// [`slides`] from `sq` over the board as it stands.
    #[inline(always)]
    pub(crate) fn board_slides(&self, sq: usize) -> (Bitboard, Bitboard, Bitboard, Bitboard) {
        let (file, rank) = (sq % 9, sq / 9);
        slides_on_lines(
            sq,
            self.rank_lines[rank] as usize,
            self.file_lines[file] as usize,
        )
    }

    /// Passes the turn (for null-move pruning). Never call it in check.
    #[inline]
    pub fn make_null(&mut self) -> NullUndo {
        let undo = NullUndo { key: self.key };
        self.side = self.side.opponent();
        self.key ^= zobrist::BLACK_TO_MOVE;
        undo
    }

    #[inline]
    pub fn unmake_null(&mut self, undo: NullUndo) {
        self.side = self.side.opponent();
        self.key = undo.key;
    }

    /// Whether the move captures (the target holds a piece of the other side).
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        piece_of_code(self.board[mv.to().index()]).is_some_and(|p| p.color != self.side)
    }
}

/// Sliding lookups from `sq`: chariot reach and cannon captures along its
/// rank and file, as bitboards.
#[inline(always)]
pub(crate) fn slides(
    sq: usize,
    occ: Bitboard,
    occ_t: Bitboard,
) -> (Bitboard, Bitboard, Bitboard, Bitboard) {
    let (file, rank) = (sq % 9, sq / 9);
    let rank_occ = ((occ.bits() >> (rank * 9)) as usize) & 0x1ff;
    let file_occ = ((occ_t.bits() >> (file * 10)) as usize) & 0x3ff;
    slides_on_lines(sq, rank_occ, file_occ)
}

/// [`slides`] given the occupancy of `sq`'s rank (bit = file) and file
/// (bit = rank).
#[inline(always)]
fn slides_on_lines(
    sq: usize,
    rank_occ: usize,
    file_occ: usize,
) -> (Bitboard, Bitboard, Bitboard, Bitboard) {
    let (file, rank) = (sq % 9, sq / 9);
    let r = RANK_SLIDE[file][rank_occ];
    let f = FILE_SLIDE[rank][file_occ];
    (
        Bitboard::from_bits((r.reach as u128) << (rank * 9)),
        FILE_SPREAD[f.reach as usize] << file,
        Bitboard::from_bits((r.jump as u128) << (rank * 9)),
        FILE_SPREAD[f.jump as usize] << file,
    )
}

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}
