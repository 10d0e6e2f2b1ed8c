//! Move ordering: the order in which the search tries moves decides how much
//! alpha-beta can cut. First the transposition table's move, then captures by
//! most valuable victim / least valuable attacker, then the killer moves of
//! this ply, then the move that last refuted the opponent's move (the
//! counter move), then quiet moves by their history of causing cut-offs:
//! on their own, and after the two moves before them (continuation history,
//! which learns replies and follow-ups rather than moves good anywhere).

use arrayvec::ArrayVec;

use crate::rules::{
    Bitboard, CheckCandidates, Legality, Move, Piece, PieceKind, Position, Square, MAX_MOVES,
};

use super::score::MAX_PLY;

/// Material a capture may give up and still count as an even trade.
const EVEN_TRADE_MARGIN: i32 = 50;

/// As many moves as a position can have.
const CAPACITY: usize = MAX_MOVES;
// [`sort_key`] packs a move's place into a key's low byte.
const _: () = assert!(CAPACITY <= 256);

const TT_MOVE: i32 = 1 << 22;
/// Above the killers by more than the smallest victim-attacker difference.
const CAPTURE: i32 = 1 << 21;
const KILLER: i32 = 1 << 20;
/// Below the killers, above every history score.
const COUNTER: i32 = 1 << 19;
/// Below every quiet move: captures that probably lose material.
const LOSING_CAPTURE: i32 = -(1 << 18);
/// History scores stay within ±this, so they never reach the killers.
pub const HISTORY_MAX: i32 = 1 << 14;
/// The most a capture's victim-attacker term (`victim * 64 - attacker`)
/// can move its score either way.
const MVV_LVA_SPAN: i32 = order_value(PieceKind::General) * 64;
// Every score, victim and attacker added, fits 23 bits and a sign, so
// [`sort_key`] can pack it into 32 bits with the place; and each band stays
// apart from the next.
const _: () = assert!(TT_MOVE < 1 << 23 && LOSING_CAPTURE - MVV_LVA_SPAN > -(1 << 23));
const _: () = assert!(CAPTURE + MVV_LVA_SPAN < TT_MOVE);
const _: () = assert!(CAPTURE - order_value(PieceKind::General) > KILLER + 1);
const _: () = assert!(COUNTER > 3 * HISTORY_MAX);
const _: () = assert!(LOSING_CAPTURE + MVV_LVA_SPAN < -3 * HISTORY_MAX);

/// Value of a piece for ordering captures (not the evaluation's).
const fn order_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::General => 100,
        PieceKind::Chariot => 9,
        PieceKind::Cannon => 5,
        PieceKind::Horse => 4,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Soldier => 1,
    }
}

/// Piece values for static exchange evaluation, by [`PieceKind`] index:
/// conventional ones, steadier than the evaluation's tuned material, which
/// leaves much of a piece's worth to its placement. The general is never
/// captured; its value only makes it the last piece spent.
pub const SEE_VALUES: [i32; 7] = [10_000, 200, 200, 400, 900, 450, 100];

/// A capture that loses material in the exchange on its point, by static
/// exchange evaluation. Even trades, such as a cannon for a horse, are not
/// losing.
pub fn is_losing_capture(pos: &Position, mv: Move) -> bool {
    !pos.see_ge(mv, -EVEN_TRADE_MARGIN, &SEE_VALUES)
}

/// What the search learns about quiet moves, kept across iterations.
pub struct OrderingTables {
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    /// By moving piece and destination.
    history: [[i32; 90]; 14],
    /// The quiet move that last cut off after the opponent's move, by the
    /// piece the opponent moved and where it went.
    counters: [[Option<Move>; 90]; 14],
    /// History of a quiet move (piece, destination) after an earlier move
    /// (piece, destination), flattened: see [`continuation_index`]. One table
    /// serves the opponent's last move and our own move before it, as both
    /// describe which moves fit the line being played. 3 MB.
    continuation: Box<[i16]>,
}

const CONTINUATION_LEN: usize = 14 * 90 * 14 * 90;

#[inline]
fn continuation_index(earlier: PieceTo, piece: usize, to: usize) -> usize {
    ((earlier.piece * 90 + earlier.to) * 14 + piece) * 90 + to
}

/// A move as the history tables index it: the piece that moved and where it
/// went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo {
    piece: usize,
    to: usize,
}

impl PieceTo {
    /// The move that led to `pos`, if it was a real move (not a null move).
    pub fn of(pos: &Position, mv: Move) -> Option<PieceTo> {
        pos.piece_at(mv.to())
            .filter(|p| p.color != pos.side_to_move())
            .map(|p| PieceTo {
                piece: p.index(),
                to: mv.to().index(),
            })
    }

    /// How many (piece, destination) pairs there are.
    pub const COUNT: usize = 14 * 90;

    /// Distinct for every (piece, destination) pair, below [`PieceTo::COUNT`].
    #[inline]
    pub fn index(self) -> usize {
        self.piece * 90 + self.to
    }
}

/// The two moves before a node, newest first: the opponent's, then ours.
/// `None` for a null move or a move before the searched history.
pub type Lead = [Option<PieceTo>; 2];

impl Default for OrderingTables {
    fn default() -> Self {
        OrderingTables {
            killers: [[None; 2]; MAX_PLY + 2],
            history: [[0; 90]; 14],
            counters: [[None; 90]; 14],
            continuation: vec![0; CONTINUATION_LEN].into_boxed_slice(),
        }
    }
}

impl OrderingTables {
    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
        self.history = [[0; 90]; 14];
        self.counters = [[None; 90]; 14];
        self.continuation.fill(0);
    }

    /// Between searches: old killers are for other positions; history keeps
    /// its sense but with less weight. The continuation history is left
    /// alone: bounded by its gravity, and too large to walk every move.
    pub fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 4;
            }
        }
    }

    /// A quiet move caused a cut-off at `ply`: remember it, and reward it over
    /// the quiet moves tried before it without success.
    pub fn reward_cutoff(
        &mut self,
        pos: &Position,
        ply: usize,
        lead: Lead,
        best: Move,
        tried_before: &[Move],
        depth: i32,
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        if let Some(prev) = lead[0] {
            self.counters[prev.piece][prev.to] = Some(best);
        }
        let bonus = (depth * depth).min(400);
        self.update_history(pos, lead, best, bonus);
        for &mv in tried_before {
            self.update_history(pos, lead, mv, -bonus);
        }
    }

    fn update_history(&mut self, pos: &Position, lead: Lead, mv: Move, bonus: i32) {
        let Some(piece) = pos.piece_at(mv.from()) else {
            return;
        };
        let (piece, to) = (piece.index(), mv.to().index());
        apply_gravity(&mut self.history[piece][to], bonus);
        for earlier in lead.into_iter().flatten() {
            let entry = &mut self.continuation[continuation_index(earlier, piece, to)];
            let mut h = i32::from(*entry);
            apply_gravity(&mut h, bonus);
            *entry = h as i16;
        }
    }

    /// How often the quiet move `mv` caused cut-offs, on its own and after
    /// the moves that lead to it: within ±3·[`HISTORY_MAX`].
    pub fn history(&self, pos: &Position, lead: Lead, mv: Move) -> i32 {
        match pos.piece_at(mv.from()) {
            Some(piece) => self.history_of(piece, mv.to(), self.continuation_rows(lead)),
            None => 0,
        }
    }

    /// The continuation history after each move of `lead`, as rows indexed
    /// by [`PieceTo::index`]; a row of zeros where there is no such move.
    #[inline]
    fn continuation_rows(&self, lead: Lead) -> [&[i16]; 2] {
        lead.map(|earlier| match earlier {
            Some(earlier) => {
                let start = continuation_index(earlier, 0, 0);
                &self.continuation[start..start + PieceTo::COUNT]
            }
            None => &NO_CONTINUATION[..],
        })
    }

    /// [`history`](Self::history) of `piece` moving to `to`, with the
    /// lead's rows looked up once for every quiet move of a node: no branch
    /// or index arithmetic per move.
    #[inline]
    fn history_of(&self, piece: Piece, to: Square, rows: [&[i16]; 2]) -> i32 {
        let (piece, to) = (piece.index(), to.index());
        let column = PieceTo { piece, to }.index();
        self.history[piece][to] + i32::from(rows[0][column]) + i32::from(rows[1][column])
    }
}

/// The continuation row of "no earlier move": it adds nothing.
static NO_CONTINUATION: [i16; PieceTo::COUNT] = [0; PieceTo::COUNT];

/// Moves a history score by `bonus`; the closer it is to the cap, the less a
/// bonus moves it, so recent results outweigh old ones.
#[inline]
fn apply_gravity(h: &mut i32, bonus: i32) {
    *h += 32 * bonus - *h * bonus.abs() / 512;
    *h = (*h).clamp(-HISTORY_MAX, HISTORY_MAX);
}

/// Hands out the moves of one node best-first (selection sort: cut-offs
/// usually come early, so most moves are never sorted). Moves of equal
/// score come in the order they were added, so the order of any subset of
/// the moves is the same whether the others are in the list or not: the
/// search may drop moves it would only skip ([`retain_unhanded`]).
///
/// [`retain_unhanded`]: MovePicker::retain_unhanded
pub struct MovePicker {
    /// In the order they were added; they never move.
    moves: ArrayVec<Move, CAPACITY>,
    /// Each move's ordering score, packed with its place in `moves`: see
    /// [`sort_key`]. `keys[next..]` are the moves not yet handed out.
    keys: ArrayVec<i32, CAPACITY>,
    /// Where in `keys` each move's key stands, by its place in `moves`.
    key_at: ArrayVec<u8, CAPACITY>,
    next: usize,
    /// Where the key [`select`](MovePicker::select) last put first stood.
    selected_from: usize,
}

/// A move's ordering score above its place in the list, reversed: the
/// largest key is the first-added of the best-scored moves, found with no
/// branch per move for the processor to guess wrong (the scan's guesses
/// cost the search 7% of its time), over a plain array of 32-bit keys the
/// compiler scans four at a time.
#[inline(always)]
fn sort_key(score: i32, place: usize) -> i32 {
    (score << 8) | (255 - place) as i32
}

/// The score [`sort_key`] packed.
#[inline(always)]
fn key_score(key: i32) -> i32 {
    key >> 8
}

/// The place [`sort_key`] packed.
#[inline(always)]
fn key_place(key: i32) -> usize {
    255 - (key & 0xff) as usize
}

impl MovePicker {
    pub fn empty() -> MovePicker {
        MovePicker {
            moves: ArrayVec::new(),
            keys: ArrayVec::new(),
            key_at: ArrayVec::new(),
            next: 0,
            selected_from: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: Move, score: i32) {
        let place = self.moves.len();
        self.keys.push(sort_key(score, place));
        self.key_at.push(place as u8);
        self.moves.push(mv);
    }

    /// Orders every legal move of `pos` at a node at `ply`, reached by
    /// `lead`; `tt_move` comes first if present. Fills a picker made empty
    /// in place (see [`MovePicker::fill_with_captures`]).
    pub fn fill_with_moves(
        &mut self,
        pos: &Position,
        tt_move: Option<Move>,
        tables: &OrderingTables,
        ply: usize,
        lead: Lead,
    ) {
        let quiet = QuietOrder::new(tables, ply, lead);
        pos.for_each_legal_move_to(&pos.legality(), Bitboard::ALL, |piece, mv| {
            let score = if Some(mv) == tt_move {
                TT_MOVE
            } else if pos.piece_at(mv.to()).is_some() {
                capture_score(pos, piece, mv)
            } else {
                quiet.score(piece, mv)
            };
            self.push(mv, score);
        });
    }

    /// Whether there is no move at all to hand out.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Orders the legal captures of `pos` of pieces on `victims` (enemy
    /// pieces) for the quiescence search, the table's move first when it is
    /// one of them, then by victim and attacker: a picker made empty in
    /// place and filled here (a picker returned by value is a kilobyte
    /// copied at every node). `legality` is `pos`'s. Never inlined:
    /// inlined into the recursive quiescence search, it made that function
    /// seven times larger and the bench 8% slower for 2% fewer
    /// instructions.
    #[inline(never)]
    pub fn fill_with_captures(
        &mut self,
        pos: &Position,
        legality: &Legality,
        victims: Bitboard,
        tt_move: Option<Move>,
    ) {
        pos.for_each_legal_move_to(legality, victims, |piece, mv| {
            if let Some(victim) = pos.piece_at(mv.to()) {
                let attacker = order_value(piece.kind);
                let score = if Some(mv) == tt_move {
                    TT_MOVE
                } else {
                    order_value(victim.kind) * 64 - attacker
                };
                self.push(mv, score);
            }
        });
    }
}

impl MovePicker {
    /// Brings the best move not yet handed out to the front and returns its
    /// score, without handing it out.
    fn select(&mut self) -> Option<i32> {
        let next = self.next;
        if next >= self.keys.len() {
            return None;
        }
        let first_best = self.keys[next..].iter().fold(i32::MIN, |a, &b| a.max(b));
        let best = self.key_at[key_place(first_best)] as usize;
        // The two keys trade places.
        self.put_key(best, self.keys[next]);
        self.put_key(next, first_best);
        self.selected_from = best;
        Some(key_score(first_best))
    }

    /// The move [`select`](Self::select) just put first.
    #[inline(always)]
    fn selected(&self) -> Move {
        self.moves[key_place(self.keys[self.next])]
    }

    /// Undoes the last [`select`](Self::select) and gives the move it
    /// chose `score` instead: the list is then as if the move had been
    /// pushed with `score`, so the moves come in the same order as if it
    /// had been scored so from the start.
    fn rescore_selected(&mut self, score: i32) {
        let (next, from) = (self.next, self.selected_from);
        let place = key_place(self.keys[next]);
        self.put_key(next, self.keys[from]);
        self.put_key(from, sort_key(score, place));
    }

    /// Stores `key` at `at` in `keys`, and where it stands.
    #[inline(always)]
    fn put_key(&mut self, at: usize, key: i32) {
        self.keys[at] = key;
        self.key_at[key_place(key)] = at as u8;
    }

    /// Hands out the move [`select`](Self::select) just put first, without
    /// scanning the list again.
    fn take_selected(&mut self) -> Move {
        let mv = self.selected();
        self.next += 1;
        mv
    }

    /// Drops the moves not yet handed out for which `keep` is false; the
    /// others keep their order.
    fn retain_unhanded(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = self.next;
        for at in self.next..self.keys.len() {
            let key = self.keys[at];
            if keep(self.moves[key_place(key)]) {
                self.put_key(kept, key);
                kept += 1;
            }
        }
        self.keys.truncate(kept);
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        self.select()?;
        Some(self.take_selected())
    }
}

/// Most valuable victim, then least valuable attacker (`piece`).
#[inline(always)]
fn mvv_lva(pos: &Position, piece: Piece, mv: Move) -> i32 {
    let victim = pos.piece_at(mv.to()).map_or(0, |p| order_value(p.kind));
    victim * 64 - order_value(piece.kind)
}

/// A capture's ordering score: by victim and attacker (`piece`), below
/// every quiet move when it probably loses material.
fn capture_score(pos: &Position, piece: Piece, mv: Move) -> i32 {
    let mvv_lva = mvv_lva(pos, piece, mv);
    if is_losing_capture(pos, mv) {
        LOSING_CAPTURE + mvv_lva
    } else {
        CAPTURE + mvv_lva
    }
}

/// Whether the legal move `mv` is still handed out once
/// [`StagedMoves::drop_quiets_but_checks`] has dropped the quiet moves
/// without check: a capture, or a check (`candidates` are `pos`'s).
#[inline(always)]
fn survives_drop(pos: &Position, candidates: &CheckCandidates, mv: Move) -> bool {
    pos.piece_at(mv.to()).is_some() || candidates.gives_check(pos, mv)
}

/// What orders the quiet moves of one node: its killers, its counter move,
/// and the history tables.
///
/// The killers and the counter move are [`Move::NULL`] when there is none,
/// which no generated move equals: plain compares for every quiet move.
struct QuietOrder<'a> {
    tables: &'a OrderingTables,
    killers: [Move; 2],
    counter: Move,
    continuation: [&'a [i16]; 2],
}

impl<'a> QuietOrder<'a> {
    fn new(tables: &'a OrderingTables, ply: usize, lead: Lead) -> QuietOrder<'a> {
        let [first, second] = tables.killers[ply.min(MAX_PLY)];
        let counter = lead[0].and_then(|prev| tables.counters[prev.piece][prev.to]);
        QuietOrder {
            tables,
            killers: [first.unwrap_or(Move::NULL), second.unwrap_or(Move::NULL)],
            counter: counter.unwrap_or(Move::NULL),
            continuation: tables.continuation_rows(lead),
        }
    }

    /// The score of `piece`'s quiet move `mv`.
    fn score(&self, piece: Piece, mv: Move) -> i32 {
        if mv == self.killers[0] {
            KILLER + 1
        } else if mv == self.killers[1] {
            KILLER
        } else if mv == self.counter {
            COUNTER
        } else {
            self.tables.history_of(piece, mv.to(), self.continuation)
        }
    }
}

/// The moves of a full-width node in stages, generating each only when the
/// ones before it failed to cut off: the transposition table's move alone
/// (it cuts off often enough that generating anything first is mostly
/// wasted), then the captures that do not lose material, then the killers
/// and the counter move, each checked on its own, then the other quiet
/// moves with the losing captures last. Scoring quiet moves looks up three
/// history tables each, so a cut-off before them saves more than
/// generation.
pub struct StagedMoves {
    /// The table's move, when legal here and not yet handed out.
    tt_move: Option<Move>,
    /// The table's move once handed out: the later stages skip it.
    tried: Option<Move>,
    lead: Lead,
    stage: Stage,
    /// Worked out for the captures, used again for the quiet moves.
    legality: Option<Legality>,
    /// The killers and the counter move handed out before the quiet moves
    /// were generated ([`Move::NULL`] in the unused places): the quiet
    /// stage skips them.
    refutations: [Move; 3],
    picker: MovePicker,
    /// Whether the side to move is in check (the search knows it from the
    /// move that led here).
    in_check: bool,
    /// Set once the search prunes every quiet move that gives no check:
    /// the others are dropped, or never added (see
    /// [`drop_quiets_but_checks`](Self::drop_quiets_but_checks)).
    quiet_checks_only: Option<CheckCandidates>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    TableMove,
    Captures,
    /// Handing out the killers and the counter move; the number already
    /// looked at.
    Refutations(usize),
    QuietsAndLosingCaptures,
}

impl StagedMoves {
    /// Stages the moves of `pos`; `tt_move` may be any move (a table entry
    /// can belong to another position), and is used only if legal here.
    /// `in_check`: whether the side to move is in check.
    pub fn new(pos: &Position, tt_move: Option<Move>, lead: Lead, in_check: bool) -> StagedMoves {
        StagedMoves {
            in_check,
            tt_move: tt_move.filter(|&mv| pos.is_legal(mv)),
            tried: None,
            lead,
            stage: Stage::TableMove,
            legality: None,
            refutations: [Move::NULL; 3],
            picker: MovePicker::empty(),
            quiet_checks_only: None,
        }
    }

    /// Whether the side to move has no legal move at all.
    pub fn is_empty(&mut self, pos: &Position, tables: &OrderingTables, ply: usize) -> bool {
        if self.tt_move.is_some() || self.tried.is_some() {
            return false;
        }
        if self.stage == Stage::TableMove {
            self.start_captures(pos);
        }
        if self.stage == Stage::Captures && self.picker.is_empty() {
            self.start_quiets(pos, tables, ply);
        }
        self.picker.is_empty()
    }

    /// The next move to try. `pos`, `tables` and `ply` must be the node's.
    pub fn next(&mut self, pos: &Position, tables: &OrderingTables, ply: usize) -> Option<Move> {
        if self.stage == Stage::TableMove {
            if let Some(mv) = self.tt_move.take() {
                self.tried = Some(mv);
                if !self.is_dropped(pos, mv) {
                    return Some(mv);
                }
            }
            self.start_captures(pos);
        }
        if self.stage == Stage::Captures {
            while let Some(score) = self.picker.select().filter(|&score| score >= CAPTURE) {
                // The exchange is worked out only for a capture about to be
                // handed out: a cut-off before the others saves theirs.
                let mv = self.picker.selected();
                if is_losing_capture(pos, mv) {
                    self.picker
                        .rescore_selected(score - CAPTURE + LOSING_CAPTURE);
                } else {
                    return Some(self.picker.take_selected());
                }
            }
            self.start_refutations(tables, ply);
        }
        if let Stage::Refutations(looked_at) = self.stage {
            if let Some(mv) = self.next_refutation(pos, looked_at) {
                return Some(mv);
            }
            self.start_quiets(pos, tables, ply);
        }
        // The killers and the counter move stay in the list with their
        // scores, so that it is picked in the same order as if they had
        // never been handed out early; they are skipped when they come.
        let refutations = self.refutations;
        self.picker.by_ref().find(|mv| !refutations.contains(mv))
    }

    /// Whether `mv`, a legal move here, is a quiet move without check that
    /// [`drop_quiets_but_checks`](Self::drop_quiets_but_checks) dropped.
    fn is_dropped(&self, pos: &Position, mv: Move) -> bool {
        self.quiet_checks_only
            .is_some_and(|c| !survives_drop(pos, &c, mv))
    }

    /// The first of the killers and the counter move from place
    /// `looked_at` on (in the order their scores give them among the quiet
    /// moves) that is a legal quiet move here; the ones that are not are
    /// struck from [`refutations`](Self::refutations).
    fn next_refutation(&mut self, pos: &Position, mut looked_at: usize) -> Option<Move> {
        while looked_at < self.refutations.len() {
            let mv = self.refutations[looked_at];
            looked_at += 1;
            if mv == Move::NULL {
                continue;
            }
            let legality = self.legality(pos);
            if pos.piece_at(mv.to()).is_some()
                || !pos.is_legal_given(&legality, mv)
                || self.is_dropped(pos, mv)
            {
                self.refutations[looked_at - 1] = Move::NULL;
                continue;
            }
            self.stage = Stage::Refutations(looked_at);
            return Some(mv);
        }
        None
    }

    /// Enters the stage of the killers and the counter move, as they stand
    /// now: the searches of the moves before them may replace them.
    fn start_refutations(&mut self, tables: &OrderingTables, ply: usize) {
        self.stage = Stage::Refutations(0);
        let [first, second] = tables.killers[ply.min(MAX_PLY)];
        let counter = self.lead[0].and_then(|prev| tables.counters[prev.piece][prev.to]);
        for (place, candidate) in [first, second, counter].into_iter().enumerate() {
            let Some(mv) = candidate else { continue };
            if Some(mv) != self.tried && !self.refutations[..place].contains(&mv) {
                self.refutations[place] = mv;
            }
        }
    }

    /// The node's [`Legality`], worked out by the first stage that needs
    /// it and kept for the others.
    fn legality(&mut self, pos: &Position) -> Legality {
        *self
            .legality
            .get_or_insert_with(|| pos.legality_given(self.in_check))
    }

    fn start_captures(&mut self, pos: &Position) {
        self.stage = Stage::Captures;
        let legality = self.legality(pos);
        // `Move::NULL` for none: no generated move equals it.
        let (picker, tried) = (&mut self.picker, self.tried.unwrap_or(Move::NULL));
        let enemies = pos.pieces_of(pos.side_to_move().opponent());
        // Scored as if none lost material: the losing ones are found and
        // moved down as they come up (`next`).
        pos.for_each_legal_move_to(&legality, enemies, |piece, mv| {
            if mv != tried {
                picker.push(mv, CAPTURE + mvv_lva(pos, piece, mv));
            }
        });
    }

    /// Keeps the captures not yet handed out (the losing ones) and adds the
    /// quiet moves after them: the list holds each legal move at most once,
    /// so it has room for both.
    fn start_quiets(&mut self, pos: &Position, tables: &OrderingTables, ply: usize) {
        self.stage = Stage::QuietsAndLosingCaptures;
        let order = QuietOrder::new(tables, ply, self.lead);
        let tried = self.tried.unwrap_or(Move::NULL);
        let legality = self.legality(pos);
        let picker = &mut self.picker;
        match self.quiet_checks_only {
            None => pos.for_each_legal_move_to(&legality, !pos.occupied(), |piece, mv| {
                if mv != tried {
                    picker.push(mv, order.score(piece, mv));
                }
            }),
            // Dropped before they were generated: only the moves that may
            // check are, in the same order, so the full test is what is left.
            Some(candidates) => {
                pos.for_each_quiet_check_candidate(&legality, &candidates, |piece, mv| {
                    if mv != tried && pos.gives_check(mv) {
                        picker.push(mv, order.score(piece, mv));
                    }
                })
            }
        }
    }

    /// From now on hands out only the quiet moves that give check (and
    /// every capture): the search calls this once it would prune every
    /// other quiet move of the node, so that it no longer picks them one by
    /// one only to skip them. The moves it still gets come in the same
    /// order, since equal scores keep the order the moves were added in.
    /// `candidates` are `pos`'s. [`is_empty`](Self::is_empty) must be
    /// asked before: after this it would not count the dropped moves.
    pub fn drop_quiets_but_checks(&mut self, pos: &Position, candidates: CheckCandidates) {
        if self.quiet_checks_only.is_some() {
            return;
        }
        self.quiet_checks_only = Some(candidates);
        if self.stage == Stage::QuietsAndLosingCaptures {
            self.picker
                .retain_unhanded(|mv| survives_drop(pos, &candidates, mv));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    fn mv(text: &str) -> Move {
        Move::new(
            Square::parse(&text[..2]).unwrap(),
            Square::parse(&text[2..]).unwrap(),
        )
    }

    #[test]
    fn tt_move_then_good_captures_then_quiet_then_losing_captures() {
        // After h2e2 i9i8 Red's central cannon can take the undefended e6
        // pawn, and b2b9 trades a cannon for the horse the a9 chariot guards:
        // an even trade, ordered by its bigger victim.
        let mut pos = Position::startpos();
        pos.make_move(mv("h2e2"));
        pos.make_move(mv("i9i8"));
        let moves = pos.legal_moves();
        let tables = OrderingTables::default();
        let tt = mv("b0c2");
        let order = ordered(&pos, Some(tt), &tables, 0, [None, None]);
        assert_eq!(order.len(), moves.len());
        assert_eq!(order[0], tt);
        assert_eq!(order[1], mv("b2b9"));
        assert_eq!(order[2], mv("e2e6"));
        assert!(!is_losing_capture(&pos, mv("b2b9")));
        assert!(!is_losing_capture(&pos, mv("e2e6")));

        // A chariot taking a horse that Black's chariot on i5 guards loses
        // material: it comes after every quiet move.
        let pos = Position::from_fen("3k5/9/9/9/4n3r/9/9/9/9/4RK3 w - - 0 1").unwrap();
        let order = ordered(&pos, None, &tables, 0, [None, None]);
        assert_eq!(order.len(), pos.legal_moves().len());
        assert!(is_losing_capture(&pos, mv("e0e5")));
        assert_eq!(*order.last().unwrap(), mv("e0e5"));
    }

    #[test]
    fn quiescence_tries_the_table_capture_first_and_only_captures() {
        // After h2e2 i9i8 Red's captures are b2b9 (a horse) and e2e6 (a
        // soldier): the horse first by victim, unless the table says e2e6.
        let mut pos = Position::startpos();
        pos.make_move(mv("h2e2"));
        pos.make_move(mv("i9i8"));
        let captures = |tt_move| {
            let mut picker = MovePicker::empty();
            let enemies = pos.pieces_of(pos.side_to_move().opponent());
            picker.fill_with_captures(&pos, &pos.legality(), enemies, tt_move);
            picker.collect::<Vec<Move>>()
        };
        assert_eq!(captures(None), [mv("b2b9"), mv("e2e6")]);
        assert_eq!(captures(Some(mv("e2e6"))), [mv("e2e6"), mv("b2b9")]);
        // A quiet table move is no capture to try.
        assert_eq!(captures(Some(mv("b0c2"))), [mv("b2b9"), mv("e2e6")]);
    }

    /// Every move of `pos` in the order a picker hands them out.
    fn ordered(
        pos: &Position,
        tt_move: Option<Move>,
        tables: &OrderingTables,
        ply: usize,
        lead: Lead,
    ) -> Vec<Move> {
        let mut picker = MovePicker::empty();
        picker.fill_with_moves(pos, tt_move, tables, ply, lead);
        picker.collect()
    }

    /// Where two moves come in the order of the moves of `pos` after `lead`.
    fn places(
        pos: &Position,
        tables: &OrderingTables,
        lead: Lead,
        moves: [&str; 2],
    ) -> (usize, usize) {
        let order = ordered(pos, None, tables, 2, lead);
        let at = |m| order.iter().position(|&o| o == mv(m)).unwrap();
        (at(moves[0]), at(moves[1]))
    }

    #[test]
    fn counter_move_goes_before_history_after_the_same_reply_only() {
        // Red's b0c2 once refuted Black's h9g7; c3c4 has the better history.
        let mut pos = Position::startpos();
        pos.make_move(mv("h2e2"));
        pos.make_move(mv("h9g7"));
        let previous = PieceTo::of(&pos, mv("h9g7"));
        assert!(previous.is_some());
        let mut tables = OrderingTables::default();
        tables.reward_cutoff(&pos, 5, [previous, None], mv("b0c2"), &[], 4);
        tables.reward_cutoff(&pos, 6, [None, None], mv("c3c4"), &[], 10);
        let rank = |lead| places(&pos, &tables, lead, ["b0c2", "c3c4"]);
        let (counter, better_history) = rank([previous, None]);
        assert!(counter < better_history);
        let (counter, better_history) = rank([None, None]);
        assert!(counter > better_history);
    }

    #[test]
    fn continuation_history_favours_a_move_after_the_line_it_worked_in() {
        // c3c4 cut off once after Red's own h2e2 (two plies back); g3g4 has
        // the better history on its own.
        let mut pos = Position::startpos();
        pos.make_move(mv("h2e2"));
        let ours = PieceTo::of(&pos, mv("h2e2"));
        assert!(ours.is_some());
        pos.make_move(mv("h9g7"));
        let mut tables = OrderingTables::default();
        tables.reward_cutoff(&pos, 5, [None, ours], mv("c3c4"), &[], 8);
        tables.reward_cutoff(&pos, 6, [None, None], mv("g3g4"), &[], 10);
        let rank = |lead| places(&pos, &tables, lead, ["c3c4", "g3g4"]);
        let (after_line, better_alone) = rank([None, ours]);
        assert!(after_line < better_alone);
        let (after_line, better_alone) = rank([None, None]);
        assert!(after_line > better_alone);
    }

    /// The staged moves are every legal move once: the table's move, the
    /// captures that do not lose material, the quiet moves, then the losing
    /// captures.
    #[test]
    fn staged_moves_hand_out_every_legal_move_once_in_stages() {
        let mut tables = OrderingTables::default();
        let mut checked = 0;
        for (n, pos) in crate::rules::playouts::playout_positions(30, 60, 0xD1B5_4A32_D192_ED03)
            .into_iter()
            .enumerate()
        {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                // A playout's last position may be mate: nothing to order.
                continue;
            }
            // Some history, so quiet moves are not all tied.
            tables.reward_cutoff(&pos, 3, [None, None], legal[n % legal.len()], &[], 5);
            let tt_move = (n % 3 != 0).then(|| legal[(n * 7) % legal.len()]);
            let mut staged = StagedMoves::new(&pos, tt_move, [None, None], pos.in_check());
            assert!(!staged.is_empty(&pos, &tables, 3));
            let mut order = Vec::new();
            while let Some(mv) = staged.next(&pos, &tables, 3) {
                order.push(mv);
            }
            let mut sorted = order.clone();
            sorted.sort_by_key(|m| m.raw());
            let mut expected = legal.to_vec();
            expected.sort_by_key(|m| m.raw());
            assert_eq!(sorted, expected, "{}", pos.to_fen());
            if let Some(tt) = tt_move {
                assert_eq!(order[0], tt);
            }
            let stage = |mv: Move| match pos.piece_at(mv.to()) {
                Some(_) if is_losing_capture(&pos, mv) => 2,
                Some(_) => 0,
                None => 1,
            };
            let rest = &order[tt_move.is_some() as usize..];
            assert!(
                rest.windows(2).all(|w| stage(w[0]) <= stage(w[1])),
                "{}: {rest:?}",
                pos.to_fen()
            );
            checked += order.len();
        }
        assert!(checked > 1000);
    }

    /// Working out the exchanges as the captures come up hands the moves
    /// out in the order scoring every capture first gave: the same list
    /// with each losing capture scored as losing from the start.
    #[test]
    fn captures_come_in_the_order_scoring_them_all_first_gave() {
        let tables = OrderingTables::default();
        let mut with_losing = 0;
        for pos in crate::rules::playouts::playout_positions(40, 80, 0x5EE0_1A2E_0BAD_F00D) {
            let legality = pos.legality();
            let mut eager = MovePicker::empty();
            let enemies = pos.pieces_of(pos.side_to_move().opponent());
            pos.for_each_legal_move_to(&legality, enemies, |piece, mv| {
                eager.push(mv, capture_score(&pos, piece, mv));
            });
            let losing = eager
                .moves
                .iter()
                .filter(|&&m| is_losing_capture(&pos, m))
                .count();
            let mut expected = Vec::new();
            while eager.select().is_some_and(|score| score >= CAPTURE) {
                expected.push(eager.take_selected());
            }
            let order = QuietOrder::new(&tables, 3, [None, None]);
            pos.for_each_legal_move_to(&legality, !pos.occupied(), |piece, mv| {
                eager.push(mv, order.score(piece, mv));
            });
            expected.extend(eager);

            let mut staged = StagedMoves::new(&pos, None, [None, None], pos.in_check());
            let mut got = Vec::new();
            while let Some(mv) = staged.next(&pos, &tables, 3) {
                got.push(mv);
            }
            assert_eq!(got, expected, "{}", pos.to_fen());
            with_losing += (losing > 0) as usize;
        }
        assert!(with_losing > 20, "{with_losing}");
    }

    /// Moves of equal score come in the order they were added, whatever was
    /// selected before them.
    #[test]
    fn equal_scores_come_in_the_order_added() {
        let moves = ["a0a1", "b0b1", "c0c1", "d0d1", "e0e1", "f0f1"].map(mv);
        let mut picker = MovePicker::empty();
        for (m, score) in moves.iter().zip([5, 5, 9, 0, 5, 9]) {
            picker.push(*m, score);
        }
        let order: Vec<Move> = picker.collect();
        let expected = [2, 5, 0, 1, 4, 3].map(|i| moves[i]);
        assert_eq!(order, expected);
    }

    /// The picker's order is a stable sort by score, also when a selected
    /// move is rescored and put back.
    #[test]
    fn picker_order_is_a_stable_sort_by_score() {
        let mut rng = crate::rng::SplitMix64::new(11);
        let all: Vec<Move> = Position::startpos().legal_moves().to_vec();
        for _ in 0..500 {
            let n = 1 + rng.below(all.len() as u64) as usize;
            let mut scores: Vec<i32> = (0..n).map(|_| rng.below(6) as i32).collect();
            let mut picker = MovePicker::empty();
            for i in 0..n {
                picker.push(all[i], scores[i]);
            }
            let mut got = Vec::new();
            while let Some(score) = picker.select() {
                // Now and then the selected move is worth less than it said.
                if score >= 3 && rng.below(3) == 0 {
                    let place = all.iter().position(|&m| m == picker.selected()).unwrap();
                    scores[place] = score - 3;
                    picker.rescore_selected(score - 3);
                    continue;
                }
                got.push(picker.take_selected());
            }
            let mut expected: Vec<usize> = (0..n).collect();
            expected.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
            let expected: Vec<Move> = expected.into_iter().map(|i| all[i]).collect();
            assert_eq!(got, expected, "{scores:?}");
        }
    }

    /// Once the search drops the quiet moves that give no check, the moves
    /// still handed out come in the order they would have come anyway,
    /// whether it drops them before the quiet moves are generated or after.
    #[test]
    fn dropping_quiets_but_checks_keeps_the_order_of_the_rest() {
        let mut tables = OrderingTables::default();
        let (mut dropped, mut checks_kept) = (0, 0);
        for (n, pos) in crate::rules::playouts::playout_positions(40, 80, 0x7A3B_19C4_55E0_2D61)
            .into_iter()
            .enumerate()
        {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                continue;
            }
            // Some history, so that not every quiet move is tied.
            tables.reward_cutoff(&pos, 3, [None, None], legal[n % legal.len()], &[], 6);
            let tt_move = (n % 2 == 0).then(|| legal[(n * 5) % legal.len()]);
            let staged = || StagedMoves::new(&pos, tt_move, [None, None], pos.in_check());
            let mut full = Vec::new();
            let mut all = staged();
            while let Some(m) = all.next(&pos, &tables, 3) {
                full.push(m);
            }
            let candidates = pos.check_candidates();
            for taken in [0, 1, 3, full.len() / 2, full.len() - 1] {
                let taken = taken.min(full.len());
                let mut staged = staged();
                let mut got: Vec<Move> = (0..taken)
                    .map_while(|_| staged.next(&pos, &tables, 3))
                    .collect();
                staged.drop_quiets_but_checks(&pos, candidates);
                while let Some(m) = staged.next(&pos, &tables, 3) {
                    got.push(m);
                }
                let kept = |m: &&Move| pos.piece_at(m.to()).is_some() || pos.gives_check(**m);
                let mut expected = full[..taken].to_vec();
                expected.extend(full[taken..].iter().filter(kept));
                assert_eq!(got, expected, "{} after {taken}", pos.to_fen());
                dropped += full.len() - got.len();
                checks_kept += full[taken..]
                    .iter()
                    .filter(|m| pos.piece_at(m.to()).is_none() && pos.gives_check(**m))
                    .count();
            }
        }
        assert!(dropped > 1000, "{dropped}");
        assert!(checks_kept > 50, "{checks_kept}");
    }

    /// After the captures that do not lose material come the killers and
    /// then the counter move, each once, when legal and quiet here; a
    /// killer that is the table's move or a capture here is not handed out
    /// again, nor is any of them among the quiet moves that follow.
    #[test]
    fn killers_and_counter_come_right_after_the_good_captures() {
        let mut with_refutations = 0;
        for (n, pos) in crate::rules::playouts::playout_positions(30, 60, 0x0C0F_FEE5_1234_5678)
            .into_iter()
            .enumerate()
        {
            let legal = pos.legal_moves();
            let quiets: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| pos.piece_at(m.to()).is_none())
                .collect();
            let captures: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| pos.piece_at(m.to()).is_some())
                .collect();
            if quiets.len() < 3 {
                continue;
            }
            // The opponent's last move, as the counter table keys it: any
            // of its pieces will do.
            let theirs = pos.pieces_of(pos.side_to_move().opponent());
            let prev = theirs.into_iter().next().map(|sq| PieceTo {
                piece: pos.piece_at(sq).unwrap().index(),
                to: sq.index(),
            });
            let lead = [prev, None];
            let mut tables = OrderingTables::default();
            let (a, b, c) = (quiets[n % 3], quiets[1 + n % 2], quiets[quiets.len() - 1]);
            // Killers b then a; counter c; one position in four has a
            // capture as a stale killer instead of b.
            tables.reward_cutoff(&pos, 3, lead, c, &[], 1);
            tables.reward_cutoff(&pos, 3, [None, None], a, &[], 1);
            let first_killer = if n % 4 == 0 && !captures.is_empty() {
                captures[0]
            } else {
                b
            };
            tables.reward_cutoff(&pos, 3, [None, None], first_killer, &[], 1);
            let tt_move = (n % 5 == 1).then_some(a);

            let mut staged = StagedMoves::new(&pos, tt_move, lead, pos.in_check());
            let mut order = Vec::new();
            while let Some(mv) = staged.next(&pos, &tables, 3) {
                order.push(mv);
            }
            let mut expected = Vec::new();
            for mv in [first_killer, a, c] {
                if Some(mv) != tt_move && quiets.contains(&mv) && !expected.contains(&mv) {
                    expected.push(mv);
                }
            }
            let good_captures = order
                .iter()
                .skip(tt_move.is_some() as usize)
                .take_while(|m| pos.piece_at(m.to()).is_some() && !is_losing_capture(&pos, **m))
                .count();
            let start = tt_move.is_some() as usize + good_captures;
            assert_eq!(
                order[start..start + expected.len()],
                expected[..],
                "{}",
                pos.to_fen()
            );
            for mv in &expected {
                assert_eq!(order.iter().filter(|m| *m == mv).count(), 1);
            }
            assert_eq!(order.len(), legal.len(), "{}", pos.to_fen());
            with_refutations += 1;
        }
        assert!(with_refutations > 20);
    }
}
