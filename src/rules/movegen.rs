//! Legal move generation.
//!
//! Moves are generated per piece as target bitboards. Most moves cannot
//! expose the mover's general, so each position first works out which moves
//! might: any general move, a move from a square whose piece shields the
//! general (from a chariot or general behind it, as one of a cannon's two
//! screens, or as the leg of a horse aiming at the general), and a move onto
//! an empty point between the general and an enemy cannon facing it (it
//! would become the screen). Only those moves are tried on a copy of the
//! occupancy; every other target is legal as generated, which also lets
//! perft count a leaf's moves without listing them. In check, the moves
//! that cannot end the check (they leave every checker's line and the
//! horses' legs as they were) are dropped untested, and only the others
//! are tried.

use std::ops::{Deref, DerefMut};

use super::bitboard::{bit, transposed, Bitboard};
use super::position::{
    Position, ADVISOR, CANNON, CHARIOT, ELEPHANT, EMPTY, GENERAL, HORSE, SOLDIER,
};
use super::tables::{
    ADVISOR_MOVES, DIAG_NEIGHBOURS, ELEPHANT_MOVES, FILE_SPREAD, GENERAL_MOVES, HORSE_ATTACKERS,
    HORSE_MOVES, ORTHO_NEIGHBOURS, SOLDIER_ATTACKERS, SOLDIER_MOVES,
};
use arrayvec::ArrayVec;

use super::attacks::{CheckCandidates, CheckSquares};
use super::types::{Move, Piece, PieceKind, Square};

/// More than the most moves any Xiangqi position allows (the pseudo-legal
/// bound is 2·17 + 2·17 + 2·8 + 2·4 + 2·4 + 4 + 5·3 = 119).
pub const MAX_MOVES: usize = 128;

/// A list of moves on the stack. Derefs to `[Move]`.
#[derive(Clone)]
pub struct MoveList {
    moves: ArrayVec<Move, MAX_MOVES>,
}

impl MoveList {
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: ArrayVec::new(),
        }
    }

    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        self.moves.push(mv);
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Where generated moves go: a list, or just a count.
trait Sink {
    /// Moves of `piece` from `from` to every square of `targets`, all
    /// known legal.
    #[inline(always)]
    fn add_all(&mut self, piece: Piece, from: usize, mut targets: Bitboard) {
        while !targets.is_empty() {
            let to = targets.pop_lowest();
            self.add(piece, from, to);
        }
    }
    fn add(&mut self, piece: Piece, from: usize, to: usize);
}

impl Sink for MoveList {
    #[inline(always)]
    fn add(&mut self, _piece: Piece, from: usize, to: usize) {
        self.push(Move::new(
            Square::from_index_unchecked(from as u8),
            Square::from_index_unchecked(to as u8),
        ));
    }
}

struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn add_all(&mut self, _piece: Piece, _from: usize, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }

    #[inline(always)]
    fn add(&mut self, _piece: Piece, _from: usize, _to: usize) {
        self.0 += 1;
    }
}

/// Moves with the piece that makes each, as the shared generator lists them
/// for [`Position::for_each_legal_move_to`].
struct Generated(ArrayVec<(Piece, Move), MAX_MOVES>);

impl Generated {
    /// Calls `each` with the moves in the order they were generated.
    #[inline(always)]
    fn hand_out(&self, mut each: impl FnMut(Piece, Move)) {
        for &(piece, mv) in self.0.iter() {
            each(piece, mv);
        }
    }
}

impl Sink for Generated {
    #[inline(always)]
    fn add(&mut self, piece: Piece, from: usize, to: usize) {
        self.0.push((
            piece,
            Move::new(
                Square::from_index_unchecked(from as u8),
                Square::from_index_unchecked(to as u8),
            ),
        ));
    }
}

/// Which moves need a full legality test in this position, and which are
/// legal or illegal as generated.
#[derive(Clone, Copy)]
struct Danger {
    /// Every move off one of these points is tested: out of check, moving
    /// its piece may expose the general; in check, it is a cannon's screen.
    shields: Bitboard,
    /// Moves onto these points are tested: out of check, the empty points
    /// where a piece would give a cannon its screen; in check, the points
    /// where a move might end a check (a checker, or a point between it and
    /// the general, or a horse's leg).
    tested: Bitboard,
    /// Moves onto these points that are not tested are legal: every other
    /// point out of check, none in check (such a move leaves some checker's
    /// line as it was).
    trusted: Bitboard,
}

/// What move generation works out about a position before its first move:
/// which pieces shield their general, and which empty points would give an
/// enemy cannon its screen. A search that lists one position's moves in
/// several passes works it out once ([`Position::legality`]) and hands it
/// to each pass.
#[derive(Clone, Copy)]
pub struct Legality(Danger);

impl Position {
    /// All legal moves of the side to move.
    #[inline(always)]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, !self.colors[self.side.index()]);
        list
    }

    /// The legal captures of the side to move (for quiescence search).
    #[inline(always)]
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, self.colors[self.side.index() ^ 1]);
        list
    }

    /// The legal moves of the side to move onto the points of `targets`
    /// (in the order [`legal_moves`](Self::legal_moves) lists them): a
    /// search after a few kinds of move generates only those.
    #[inline(always)]
    pub fn legal_moves_to(&self, targets: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, targets & !self.colors[self.side.index()]);
        list
    }

    /// This position's [`Legality`], for
    /// [`for_each_legal_move_to`](Self::for_each_legal_move_to). Never
    /// inlined: it is long, and it kept the recursive quiescence search's
    /// code twice as large.
    #[inline(never)]
    pub fn legality(&self) -> Legality {
        Legality(self.danger())
    }

    /// [`legality`](Self::legality) for a caller that knows whether the
    /// side to move is in check, as a search does from the move that led
    /// here: the general's safety is not worked out again.
    #[inline(never)]
    pub fn legality_given(&self, in_check: bool) -> Legality {
        debug_assert_eq!(in_check, self.general_attacked_now());
        Legality(self.danger_given(in_check))
    }

    /// Calls `each` with every legal move of the side to move onto the
    /// points of `targets` and the piece it moves, in the order
    /// [`legal_moves`](Self::legal_moves) lists them, without building a
    /// list: the search's move ordering scores them straight into its own.
    /// `legality` must be this position's.
    #[inline(always)]
    pub fn for_each_legal_move_to(
        &self,
        legality: &Legality,
        targets: Bitboard,
        each: impl FnMut(Piece, Move),
    ) {
        let mut generated = Generated(ArrayVec::new());
        self.generate_legal_into(legality, targets, &mut generated);
        generated.hand_out(each);
    }

    /// [`for_each_legal_move_to`](Self::for_each_legal_move_to)'s one
    /// copy of the generator, shared by every caller: it lists the moves
    /// with their pieces, and each caller's closure then runs over the
    /// list in a loop of its own. With the generator inlined into each of
    /// its callers (then five: good captures, quiet moves, quiescence's
    /// captures and its quiet checks, every move), those came to 74 KB of
    /// code, more than twice the instruction cache, and the search runs
    /// through them at every node.
    #[inline(never)]
    fn generate_legal_into(&self, legality: &Legality, targets: Bitboard, out: &mut Generated) {
        let targets = targets & !self.colors[self.side.index()];
        self.generate_with(out, &legality.0, |_| targets);
    }

    /// Calls `each` with the legal quiet moves that
    /// [`CheckCandidates::may_check`] keeps, in the order
    /// [`for_each_legal_move_to`](Self::for_each_legal_move_to) lists them:
    /// a search that only wants the quiet moves giving check tests these,
    /// not every quiet move. `candidates` and `legality` must be this
    /// position's.
    #[inline(always)]
    pub fn for_each_quiet_check_candidate(
        &self,
        legality: &Legality,
        candidates: &CheckCandidates,
        each: impl FnMut(Piece, Move),
    ) {
        let mut generated = Generated(ArrayVec::new());
        self.quiet_check_candidates_into(legality, candidates, &mut generated);
        generated.hand_out(each);
    }

    /// [`for_each_quiet_check_candidate`](Self::for_each_quiet_check_candidate)'s
    /// copy of the generator, never inlined for the reason
    /// [`generate_legal_into`](Self::generate_legal_into) gives.
    #[inline(never)]
    fn quiet_check_candidates_into(
        &self,
        legality: &Legality,
        candidates: &CheckCandidates,
        out: &mut Generated,
    ) {
        let empty = !self.occupied;
        self.generate_with(out, &legality.0, |from| {
            candidates.quiet_targets_from(from, empty)
        });
    }

    /// How many legal moves the side to move has, without listing them.
    #[inline(always)]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter, !self.colors[self.side.index()]);
        counter.0
    }

    /// Whether the side to move has any legal move (false: mate or stalemate).
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether a move is legal here. Accepts any move, including nonsense.
    pub fn is_legal(&self, mv: Move) -> bool {
        let (from, to) = (mv.from().index(), mv.to().index());
        self.is_pseudo_legal(from, to) && self.is_safe(from, to)
    }

    /// [`is_legal`](Self::is_legal) given this position's `legality`: the
    /// general's safety is tested only where the generator would test it.
    pub fn is_legal_given(&self, legality: &Legality, mv: Move) -> bool {
        let (from, to) = (mv.from().index(), mv.to().index());
        if !self.is_pseudo_legal(from, to) {
            return false;
        }
        let danger = &legality.0;
        if from == self.generals[self.side.index()] as usize
            || danger.shields.has(from)
            || danger.tested.has(to)
        {
            self.is_safe_outlined(from, to)
        } else {
            danger.trusted.has(to)
        }
    }

    /// Whether the side to move has a piece on `from` that its movement
    /// rule takes to `to`, ignoring whether its general would be safe.
    #[inline(always)]
    fn is_pseudo_legal(&self, from: usize, to: usize) -> bool {
        let code = self.board[from];
        if code == EMPTY || (code as usize) / 7 != self.side.index() {
            return false;
        }
        let own = self.colors[self.side.index()];
        self.pseudo_targets(from, !own).has(to)
    }

    /// Whether the move (pseudo-legal, by the side to move) leaves the mover's
    /// general unattacked.
    #[inline(always)]
    pub(crate) fn is_safe(&self, from: usize, to: usize) -> bool {
        let us = self.side.index();
        let general = self.generals[us] as usize;
        let king_sq = if general == from { to } else { general };
        let occ = (self.occupied ^ bit(from)) | bit(to);
        let occ_t = (self.occupied_t ^ bit(transposed(from))) | bit(transposed(to));
        !self.general_attacked(king_sq, us ^ 1, occ, occ_t, !bit(to))
    }

    /// [`is_safe`](Self::is_safe) as one shared call: the generator tests
    /// few moves, from seven places, and inlined into each the test made
    /// the generator's code several times larger.
    #[inline(never)]
    fn is_safe_outlined(&self, from: usize, to: usize) -> bool {
        self.is_safe(from, to)
    }

    /// The squares the piece on `from` could move to by its own movement rule,
    /// restricted to `filter`, ignoring whether its general would be safe.
    #[inline(always)]
    pub(crate) fn pseudo_targets(&self, from: usize, filter: Bitboard) -> Bitboard {
        let code = self.board[from] as usize;
        let color = code / 7;
        let targets = match code % 7 {
            GENERAL => GENERAL_MOVES[from],
            ADVISOR => ADVISOR_MOVES[from],
            ELEPHANT => ELEPHANT_MOVES[from][self.free_eyes(from)],
            HORSE => HORSE_MOVES[from][self.free_legs(from)],
            CHARIOT => {
                let (rank_reach, file_reach, _, _) = self.board_slides(from);
                rank_reach | file_reach
            }
            CANNON => {
                let (rank_reach, file_reach, rank_jump, file_jump) = self.board_slides(from);
                ((rank_reach | file_reach) & !self.occupied)
                    | ((rank_jump | file_jump) & self.colors[color ^ 1])
            }
            _ => SOLDIER_MOVES[color][from],
        };
        targets & filter
    }

    /// Bit `d` set when the diagonal neighbour `d` of `sq` (an elephant's
    /// eye, or the leg of a horse attacking `sq`) is empty on the board as it
    /// stands: [`free_diagonals`](Self::free_diagonals) for the current
    /// occupancy, read from the mailbox. Off the board reads as blocked here
    /// and free there; the tables hold no target beyond the edge, so both
    /// give the same moves.
    #[inline(always)]
    pub(crate) fn free_eyes(&self, sq: usize) -> usize {
        self.empty_among(&DIAG_NEIGHBOURS[sq])
    }

    /// Bit `d` set when the orthogonal neighbour `d` of `sq` (a horse's leg)
    /// is empty.
    #[inline(always)]
    pub(crate) fn free_legs(&self, sq: usize) -> usize {
        self.empty_among(&ORTHO_NEIGHBOURS[sq])
    }

    /// Bit `d` set when the mailbox point `points[d]` is empty (index 90,
    /// off the board, never is).
    #[inline(always)]
    fn empty_among(&self, points: &[u8; 4]) -> usize {
        ((self.board[points[0] as usize] == EMPTY) as usize)
            | (((self.board[points[1] as usize] == EMPTY) as usize) << 1)
            | (((self.board[points[2] as usize] == EMPTY) as usize) << 2)
            | (((self.board[points[3] as usize] == EMPTY) as usize) << 3)
    }

    #[inline(always)]
    fn danger(&self) -> Danger {
        self.danger_given(self.general_attacked_now())
    }

    /// [`danger`](Self::danger) with whether the side to move is in check
    /// already known.
    #[inline(always)]
    fn danger_given(&self, in_check: bool) -> Danger {
        if in_check {
            self.check_danger()
        } else {
            self.danger_out_of_check()
        }
    }

    /// [`danger`](Self::danger) when the side to move is not in check.
    #[inline(always)]
    fn danger_out_of_check(&self) -> Danger {
        let lines = self.general_lines();
        let (rank_shields, rank_screens) = line_danger(&lines.rank);
        let (file_shields, file_screens) = line_danger(&lines.file);
        let mut shields = lines.rank_points(rank_shields) | lines.file_points(file_shields);
        let screens = lines.rank_points(rank_screens) | lines.file_points(file_screens);

        // Horse legs next to the general.
        let us = self.side.index();
        let king = self.generals[us] as usize;
        let enemy_horses = self.pieces[(us ^ 1) * 7 + HORSE];
        if !(enemy_horses & super::tables::HORSE_REACH[king]).is_empty() {
            for (d, &leg) in DIAG_NEIGHBOURS[king].iter().enumerate() {
                let code = self.board[leg as usize];
                if code != EMPTY
                    && (leg as usize) < 90
                    && !(HORSE_ATTACKERS[king][1 << d] & enemy_horses).is_empty()
                {
                    shields |= bit(leg as usize);
                }
            }
        }
        Danger {
            shields,
            tested: screens,
            trusted: !screens,
        }
    }

    /// [`danger`](Self::danger) in check. Only the general's own moves and
    /// moves that change what a checker sees can end a check: taking the
    /// checker, stepping between it and the general (for a cannon, beside
    /// its screen too), onto a horse's leg, or moving the cannon's screen
    /// away. Everything else is illegal without a test; those are tested.
    #[inline(always)]
    fn check_danger(&self) -> Danger {
        let us = self.side.index();
        let them = us ^ 1;
        let king = self.generals[us] as usize;
        let lines = self.general_lines();
        let (rank_screens, rank_ends) = line_evasions(&lines.rank);
        let (file_screens, file_ends) = line_evasions(&lines.file);
        let shields = lines.rank_points(rank_screens) | lines.file_points(file_screens);
        let mut tested = lines.rank_points(rank_ends) | lines.file_points(file_ends);

        let enemy_horses = self.pieces[them * 7 + HORSE];
        if !(enemy_horses & super::tables::HORSE_REACH[king]).is_empty() {
            for (d, &leg) in DIAG_NEIGHBOURS[king].iter().enumerate() {
                let checkers = HORSE_ATTACKERS[king][1 << d] & enemy_horses;
                if self.board[leg as usize] == EMPTY && !checkers.is_empty() {
                    tested |= checkers | bit(leg as usize);
                }
            }
        }
        tested |= SOLDIER_ATTACKERS[them][king] & self.pieces[them * 7 + SOLDIER];
        Danger {
            shields,
            tested,
            trusted: Bitboard::EMPTY,
        }
    }

    /// The rank and the file of the side to move's general, each as a line
    /// of bits with the enemy's sliders on it.
    #[inline(always)]
    fn general_lines(&self) -> GeneralLines {
        let us = self.side.index();
        let them = us ^ 1;
        let king = self.generals[us] as usize;
        let enemy_rooks = self.pieces[them * 7 + CHARIOT] | self.pieces[them * 7 + GENERAL];
        let enemy_cannons = self.pieces[them * 7 + CANNON];
        let (file, rank) = (king % 9, king / 9);
        let on_rank = |bb: Bitboard| ((bb.bits() >> (rank * 9)) as u32) & 0x1ff;
        GeneralLines {
            rank_index: rank,
            file_index: file,
            rank: SliderLine {
                pos: file as u32,
                occ: u32::from(self.rank_lines[rank]),
                rooks: on_rank(enemy_rooks),
                cannons: on_rank(enemy_cannons),
            },
            file: SliderLine {
                pos: rank as u32,
                occ: u32::from(self.file_lines[file]),
                rooks: gather_file(enemy_rooks, file),
                cannons: gather_file(enemy_cannons, file),
            },
        }
    }

    /// Passes on the moves of every piece of `kind` of the side to move,
    /// each from its point to `targets(point)` within `filter(point)`.
    #[inline(always)]
    fn emit_each<S: Sink>(
        &self,
        sink: &mut S,
        danger: &Danger,
        kind: PieceKind,
        filter: &impl Fn(usize) -> Bitboard,
        targets: impl Fn(usize) -> Bitboard,
    ) {
        let piece = Piece::new(self.side, kind);
        let mut bb = self.pieces[piece.index()];
        while !bb.is_empty() {
            let from = bb.pop_lowest();
            self.emit(sink, danger, piece, from, targets(from) & filter(from));
        }
    }

    /// Passes on the moves from `from` to `targets`, testing only those that
    /// might expose the general.
    #[inline(always)]
    fn emit<S: Sink>(
        &self,
        sink: &mut S,
        danger: &Danger,
        piece: Piece,
        from: usize,
        targets: Bitboard,
    ) {
        let (trusted, mut tested) = if danger.shields.has(from) {
            (Bitboard::EMPTY, targets)
        } else {
            (targets & danger.trusted, targets & danger.tested)
        };
        sink.add_all(piece, from, trusted);
        while !tested.is_empty() {
            let to = tested.pop_lowest();
            if self.is_safe_outlined(from, to) {
                sink.add(piece, from, to);
            }
        }
    }

    /// Generates the legal moves whose targets lie in `filter` into `sink`.
    #[inline(always)]
    fn generate<S: Sink>(&self, sink: &mut S, filter: Bitboard) {
        self.generate_with(sink, &self.danger(), |_| filter);
    }

    /// [`generate`](Self::generate) with this position's `danger` worked
    /// out, and the moves of the piece on each point kept within
    /// `filter(point)`.
    #[inline(always)]
    fn generate_with<S: Sink>(
        &self,
        sink: &mut S,
        danger: &Danger,
        filter: impl Fn(usize) -> Bitboard,
    ) {
        let filter = &filter;
        let us = self.side.index();
        let enemy = self.colors[us ^ 1];
        let occ = self.occupied;

        self.emit_each(sink, danger, PieceKind::Chariot, filter, |from| {
            self.chariot_moves(from)
        });
        self.emit_each(sink, danger, PieceKind::Cannon, filter, move |from| {
            let (rank_reach, file_reach, rank_jump, file_jump) = self.board_slides(from);
            ((rank_reach | file_reach) & !occ) | ((rank_jump | file_jump) & enemy)
        });
        self.emit_each(sink, danger, PieceKind::Horse, filter, |from| {
            self.horse_moves(from)
        });
        self.emit_each(sink, danger, PieceKind::Elephant, filter, move |from| {
            ELEPHANT_MOVES[from][self.free_eyes(from)]
        });
        self.emit_each(sink, danger, PieceKind::Advisor, filter, move |from| {
            ADVISOR_MOVES[from]
        });
        self.emit_each(sink, danger, PieceKind::Soldier, filter, move |from| {
            SOLDIER_MOVES[us][from]
        });

        // The general last: among quiet moves the search has no record of,
        // it tries the first ones generated first, and a general's step is
        // rarely the move. Its moves are always tested.
        let king = self.generals[us] as usize;
        let general = Piece::new(self.side, PieceKind::General);
        let mut targets = GENERAL_MOVES[king] & filter(king);
        while !targets.is_empty() {
            let to = targets.pop_lowest();
            if self.is_safe_outlined(king, to) {
                sink.add(general, king, to);
            }
        }
    }

    /// The points a chariot on `from` moves to, own pieces included.
    #[inline(always)]
    fn chariot_moves(&self, from: usize) -> Bitboard {
        let (rank_reach, file_reach, _, _) = self.board_slides(from);
        rank_reach | file_reach
    }

    /// The points a horse on `from` moves to, own pieces included.
    #[inline(always)]
    fn horse_moves(&self, from: usize) -> Bitboard {
        HORSE_MOVES[from][self.free_legs(from)]
    }

    /// Adds to `out` the legal quiet moves that give check directly, as
    /// `squares` (this position's [`check_squares`](Self::check_squares))
    /// predicts them, in the order the generator lists them: each kind
    /// goes only to its own check squares, and the kinds that never check
    /// directly are not looked at. `legality` must be this position's.
    #[inline(never)]
    pub fn direct_checks_into(
        &self,
        legality: &Legality,
        squares: &CheckSquares,
        out: &mut MoveList,
    ) {
        let danger = &legality.0;
        // Check squares are empty: a cannon goes there as a chariot does.
        let kinds = [
            (PieceKind::Chariot, squares.chariot),
            (PieceKind::Cannon, squares.cannon),
        ];
        for (kind, filter) in kinds {
            if !filter.is_empty() {
                self.emit_each(out, danger, kind, &|_| filter, |from| {
                    self.chariot_moves(from)
                });
            }
        }
        if !squares.horse.is_empty() {
            self.emit_each(out, danger, PieceKind::Horse, &|_| squares.horse, |from| {
                self.horse_moves(from)
            });
        }
        if !squares.soldier.is_empty() {
            let us = self.side.index();
            self.emit_each(
                out,
                danger,
                PieceKind::Soldier,
                &|_| squares.soldier,
                |from| SOLDIER_MOVES[us][from],
            );
        }
    }
}

/// The ranks of `file` where `bb` has a piece, as a 10-bit line.
#[inline(always)]
fn gather_file(mut bb: Bitboard, file: usize) -> u32 {
    bb &= super::tables::FILE_MASK[file];
    let mut out = 0;
    while !bb.is_empty() {
        out |= 1 << (bb.pop_lowest() / 9);
    }
    out
}

/// One line (a rank or a file) through a general, as bits: on a rank a
/// position is a file, on a file a rank.
struct SliderLine {
    /// The general's position.
    pos: u32,
    /// The occupied positions.
    occ: u32,
    /// The enemy's chariots and general: either attacks along an open line.
    rooks: u32,
    /// The enemy's cannons.
    cannons: u32,
}

impl SliderLine {
    /// The nearest three occupied positions beyond the general in each
    /// direction (up, then down), each a single-bit mask or 0 when absent.
    #[inline(always)]
    fn nearest_blockers(&self) -> [[u32; 3]; 2] {
        let mut up = self.occ & !((2u32 << self.pos) - 1);
        let mut down = self.occ & ((1u32 << self.pos) - 1);
        [
            [
                take_lowest(&mut up),
                take_lowest(&mut up),
                take_lowest(&mut up),
            ],
            [
                take_highest(&mut down),
                take_highest(&mut down),
                take_highest(&mut down),
            ],
        ]
    }
}

/// The general's rank and file as [`SliderLine`]s, and where they lie.
struct GeneralLines {
    rank_index: usize,
    file_index: usize,
    rank: SliderLine,
    file: SliderLine,
}

impl GeneralLines {
    /// Positions on the rank, as points of the board.
    #[inline(always)]
    fn rank_points(&self, bits: u32) -> Bitboard {
        Bitboard::from_bits((bits as u128) << (self.rank_index * 9))
    }

    /// Positions on the file, as points of the board.
    #[inline(always)]
    fn file_points(&self, bits: u32) -> Bitboard {
        FILE_SPREAD[bits as usize] << self.file_index
    }
}

/// For a general on `line`, which occupied positions shield it and which
/// empty positions would become a cannon's screen.
#[inline(always)]
fn line_danger(line: &SliderLine) -> (u32, u32) {
    let mut shields = 0;
    let mut screens = 0;
    for [b1, b2, b3] in line.nearest_blockers() {
        ray_danger(line, b1, b2, b3, &mut shields, &mut screens);
    }
    (shields, screens)
}

/// For a general in check on `line`, the cannons' screens on it, and the
/// points where a move might end a check along it: each checking chariot,
/// general or cannon and the points between it and the general.
#[inline(always)]
fn line_evasions(line: &SliderLine) -> (u32, u32) {
    let mut screens = 0;
    let mut ends = 0;
    for [b1, b2, _] in line.nearest_blockers() {
        ray_evasions(line, b1, b2, &mut screens, &mut ends);
    }
    (screens, ends)
}

/// [`line_evasions`] along one direction, the blockers as single-bit masks
/// (0 when absent). A chariot behind a cannon's screen and the cannon can
/// both check: each adds its own points.
#[inline(always)]
fn ray_evasions(line: &SliderLine, b1: u32, b2: u32, screens: &mut u32, ends: &mut u32) {
    if b1 & line.rooks != 0 {
        *ends |= between_on_line(line.pos, b1) | b1;
    }
    if b2 & line.cannons != 0 {
        *ends |= between_on_line(line.pos, b2) | b2;
        *screens |= b1;
    }
}

/// The positions strictly between `pos` and the single-bit mask `b` on a line.
#[inline(always)]
fn between_on_line(pos: u32, b: u32) -> u32 {
    let (lo, hi) = if b > (1 << pos) {
        (1u32 << pos, b)
    } else {
        (b, 1u32 << pos)
    };
    (hi - 1) & !((lo << 1) - 1)
}

/// Blocker positions as single-bit masks (0 when absent).
#[inline(always)]
fn ray_danger(line: &SliderLine, b1: u32, b2: u32, b3: u32, shields: &mut u32, screens: &mut u32) {
    if b1 == 0 {
        return;
    }
    if b1 & line.cannons != 0 {
        // Empty points strictly between the general and the cannon.
        *screens |= between_on_line(line.pos, b1);
    }
    if b2 & line.rooks != 0 {
        *shields |= b1;
    }
    if b3 & line.cannons != 0 {
        *shields |= b1 | b2;
    }
}

#[inline(always)]
fn take_lowest(bits: &mut u32) -> u32 {
    let low = *bits & bits.wrapping_neg();
    *bits ^= low;
    low
}

#[inline(always)]
fn take_highest(bits: &mut u32) -> u32 {
    if *bits == 0 {
        return 0;
    }
    let high = 1u32 << (31 - bits.leading_zeros());
    *bits ^= high;
    high
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::playouts::playout_positions;

    /// The mailbox's eyes (off the board: blocked) and the bit test's (off
    /// the board: free) pick the same elephant moves and horse attackers at
    /// every point of many positions.
    #[test]
    fn mailbox_eyes_give_the_same_sets_as_bit_tests() {
        let mut differing_masks = 0;
        for pos in playout_positions(20, 80, 0x5EED_E1E5) {
            for sq in 0..90 {
                let (eyes, bits) = (pos.free_eyes(sq), pos.free_diagonals(sq, pos.occupied));
                differing_masks += (eyes != bits) as usize;
                assert_eq!(ELEPHANT_MOVES[sq][eyes], ELEPHANT_MOVES[sq][bits]);
                assert_eq!(HORSE_ATTACKERS[sq][eyes], HORSE_ATTACKERS[sq][bits]);
            }
        }
        // The edges' points read differently, so the tables were put to it.
        assert!(differing_masks > 0);
    }

    /// The rank and file lines, kept move by move, are the board's own
    /// occupancy after every move made and unmade, so sliding lookups read
    /// from them agree with lookups cut out of the 128-bit sets.
    #[test]
    fn lines_follow_every_move_made_and_unmade() {
        let mut moves_checked = 0;
        for pos in playout_positions(10, 60, 0x11E5_0FB0_A2D5) {
            for sq in 0..90 {
                assert_eq!(
                    pos.board_slides(sq),
                    crate::rules::position::slides(sq, pos.occupied, pos.occupied_t),
                    "{} at {sq}",
                    pos.to_fen()
                );
            }
            for &mv in pos.legal_moves().iter() {
                let mut after = pos.clone();
                let undo = after.make_move(mv);
                let rebuilt = Position::from_fen(&after.to_fen()).unwrap();
                assert_eq!(
                    after.rank_lines,
                    rebuilt.rank_lines,
                    "{} {mv}",
                    pos.to_fen()
                );
                assert_eq!(
                    after.file_lines,
                    rebuilt.file_lines,
                    "{} {mv}",
                    pos.to_fen()
                );
                after.unmake_move(mv, undo);
                assert_eq!(after, pos, "{} {mv}", pos.to_fen());
                moves_checked += 1;
            }
        }
        assert!(moves_checked > 10_000, "{moves_checked}");
    }

    /// The count of pieces between two points of a file, read from the
    /// file's line, is the count of occupied points between them.
    #[test]
    fn pieces_between_on_a_file_counts_the_points_between() {
        let mut counts_seen = [0; 4];
        for pos in playout_positions(20, 60, 0xF11E_B7EE) {
            for a in 0..90 {
                for b in (a % 9..90).step_by(9) {
                    let (lo, hi) = (a.min(b), a.max(b));
                    let between = (lo + 9..hi)
                        .step_by(9)
                        .filter(|&s| pos.occupied.has(s))
                        .count();
                    let counted = pos.pieces_between_on_file(
                        Square::from_index_unchecked(a as u8),
                        Square::from_index_unchecked(b as u8),
                    );
                    assert_eq!(counted as usize, between, "{} {a} {b}", pos.to_fen());
                    counts_seen[between.min(3)] += 1;
                }
            }
        }
        assert!(counts_seen.iter().all(|&n| n > 0), "{counts_seen:?}");
    }

    /// Moves generated onto some points are exactly the legal moves that go
    /// there, in the same order, listed or handed one by one with the
    /// piece that moves.
    #[test]
    fn legal_moves_to_filters_legal_moves() {
        let mut seen = 0;
        for (n, pos) in playout_positions(40, 80, 0x9E37_79B9_7F4A_7C15)
            .into_iter()
            .enumerate()
        {
            // Some point sets: the check squares, and a changing stripe.
            let stripe = Bitboard::from_bits_truncate(0x5555_5555_5555_5555_5555_5555 << (n % 7));
            for targets in [pos.check_squares().any(), stripe, Bitboard::ALL] {
                let expected: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|mv| targets.contains(mv.to()))
                    .collect();
                let got: Vec<Move> = pos.legal_moves_to(targets).to_vec();
                assert_eq!(got, expected, "{}", pos.to_fen());
                // The same through the closure, with the moving piece.
                let mut each = Vec::new();
                pos.for_each_legal_move_to(&pos.legality(), targets, |piece, mv| {
                    assert_eq!(pos.piece_at(mv.from()), Some(piece), "{mv}");
                    each.push(mv);
                });
                assert_eq!(each, expected, "{}", pos.to_fen());
                seen += got.len();
            }
        }
        assert!(seen > 1000, "the positions had moves to compare: {seen}");
    }

    /// The direct checks are the legal moves of each kind onto its own check
    /// squares, in the generator's order: the quiescence search tries them
    /// in that order, so a different one would change its results.
    #[test]
    fn direct_checks_are_the_legal_moves_onto_each_kinds_check_squares() {
        let (mut checks, mut kinds) = (0, std::collections::BTreeSet::new());
        for pos in playout_positions(60, 80, 0xC0FF_EE15_D15C_0DE5) {
            let squares = pos.check_squares();
            let expected: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&mv| {
                    let piece = pos.piece_at(mv.from()).expect("a mover");
                    squares.contains(piece.kind, mv.to())
                })
                .collect();
            let mut got = MoveList::new();
            pos.direct_checks_into(&pos.legality(), &squares, &mut got);
            assert_eq!(got.to_vec(), expected, "{}", pos.to_fen());
            checks += got.len();
            kinds.extend(got.iter().map(|mv| pos.piece_at(mv.from()).unwrap().kind));
        }
        assert!(
            checks > 100,
            "the positions had checks to compare: {checks}"
        );
        assert_eq!(kinds.len(), 4, "every checking kind came up: {kinds:?}");
    }

    /// The quiet check candidates are the legal quiet moves that
    /// `may_check` keeps, in the generator's order, and so hold every quiet
    /// move that gives check.
    #[test]
    fn quiet_check_candidates_are_the_quiet_moves_that_may_check() {
        let (mut candidates_seen, mut quiets_seen, mut checks) = (0, 0, 0);
        for pos in playout_positions(60, 80, 0x0DDB_A11C_AB1E_5EED) {
            let candidates = pos.check_candidates();
            let quiets = pos.legal_moves_to(!pos.occupied());
            let expected: Vec<Move> = quiets
                .iter()
                .copied()
                .filter(|&mv| candidates.may_check(&pos, mv))
                .collect();
            let mut got = Vec::new();
            pos.for_each_quiet_check_candidate(&pos.legality(), &candidates, |piece, mv| {
                assert_eq!(pos.piece_at(mv.from()), Some(piece), "{mv}");
                got.push(mv);
            });
            assert_eq!(got, expected, "{}", pos.to_fen());
            for &mv in quiets.iter().filter(|&&mv| pos.gives_check(mv)) {
                assert!(got.contains(&mv), "{mv} checks in {}", pos.to_fen());
                checks += 1;
            }
            candidates_seen += got.len();
            quiets_seen += quiets.len();
        }
        assert!(checks > 50, "quiet checks were found: {checks}");
        // Far fewer than every quiet move, or the search gains nothing.
        assert!(
            candidates_seen > 500 && candidates_seen * 2 < quiets_seen,
            "{candidates_seen} of {quiets_seen}"
        );
    }

    /// The legality a search works out once answers for any move, even
    /// nonsense, what the full test does: in and out of check, whether it
    /// finds out about the check itself or is told.
    #[test]
    fn is_legal_given_agrees_with_is_legal() {
        let (mut legal, mut in_check) = (0, 0);
        for pos in playout_positions(20, 60, 0x51A7_E0F1_1E6A_1175) {
            in_check += pos.in_check() as usize;
            for legality in [pos.legality(), pos.legality_given(pos.in_check())] {
                for from in Square::all() {
                    for to in Square::all() {
                        let mv = Move::new(from, to);
                        let expected = pos.is_legal(mv);
                        assert_eq!(
                            pos.is_legal_given(&legality, mv),
                            expected,
                            "{}: {mv}",
                            pos.to_fen()
                        );
                        legal += expected as usize;
                    }
                }
            }
        }
        assert!(
            legal > 10_000 && in_check > 10,
            "{legal} legal moves, {in_check} checks"
        );
    }

    /// In check, the generator tests only the moves that could end the
    /// check; the rest, dropped untested, must be illegal. Its moves are
    /// exactly the pseudo-legal moves that leave the general safe, over
    /// random playouts' checks and a few built ones: a cannon's own screen
    /// moving away, a chariot and the cannon it screens checking together,
    /// a horse, a soldier whose capture by the general would face the
    /// other general.
    #[test]
    fn evasions_are_the_moves_that_leave_the_general_safe() {
        let built = [
            "3k5/9/4c4/9/9/9/4R4/9/9/4K4 w - - 0 1",
            "3k5/9/4c4/9/R3r4/9/9/9/9/4K4 w - - 0 1",
            "3k5/9/9/9/9/9/9/3n5/4A4/2B1K4 w - - 0 1",
            "3k5/9/9/9/9/9/9/9/R2p5/3K5 w - - 0 1",
        ];
        let mut positions: Vec<Position> = built
            .iter()
            .map(|fen| Position::from_fen(fen).unwrap())
            .collect();
        for pos in &positions {
            assert!(pos.general_attacked_now(), "not in check: {}", pos.to_fen());
        }
        positions.extend(playout_positions(60, 120, 0xC4EC_C0DE));
        let mut checks = 0;
        for pos in positions.iter().filter(|p| p.general_attacked_now()) {
            let own = pos.colors[pos.side.index()];
            let mut expected: Vec<Move> = Vec::new();
            for from in own {
                let from = from.index();
                for to in pos.pseudo_targets(from, !own) {
                    if pos.is_safe(from, to.index()) {
                        expected.push(Move::new(Square::from_index_unchecked(from as u8), to));
                    }
                }
            }
            let mut got = pos.legal_moves().to_vec();
            got.sort_by_key(|mv| (mv.from().index(), mv.to().index()));
            expected.sort_by_key(|mv| (mv.from().index(), mv.to().index()));
            assert_eq!(got, expected, "{}", pos.to_fen());
            assert_eq!(pos.count_legal_moves(), expected.len() as u64);
            checks += 1;
        }
        assert!(checks > 100, "too few positions in check: {checks}");
    }
}
