//! The search: iterative deepening over a principal-variation alpha-beta
//! (negamax) with aspiration windows, a transposition table, null-move
//! pruning, late-move reductions, check extensions, and a quiescence search
//! over captures (all moves when in check).
//!
//! Everything a search needs lives in [`Searcher`] (table, ordering tables) or
//! in a per-search context on its stack, so a searcher is `Send` and can be
//! moved to a blocking task or a thread. Limits are checked every node for
//! nodes (so a node limit is deterministic) and every 256 nodes for time and
//! the stop flag.

use std::sync::OnceLock;
use std::time::Duration;

use crate::rng::SplitMix64;
use crate::rules::game::{judge_repetition, NO_CAPTURE_PLIES};
use crate::rules::{Bitboard, Color, Legality, Move, MoveList, Piece, PieceKind, Position, Undo};

use super::correction::CorrectionHistory;
use super::evaluate::{evaluate_with, evaluate_with_targets, PieceSquareSums};
use super::limits::{Deadline, Limits};
use super::movepick::{
    is_losing_capture, Lead, MovePicker, OrderingTables, PieceTo, StagedMoves, HISTORY_MAX,
    SEE_VALUES,
};
use super::pst::MATERIAL;
use super::repetition::{find_repetition, CycleChecks, GameHistory, PastPosition};
use super::score::{Score, DRAW, INFINITE, MATE, MATE_BOUND, MAX_PLY, RULE_LOSS};
use super::tt::{Bound, TranspositionTable, DEFAULT_HASH_MB};

/// Nodes between two looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 256;
/// Quiescence skips captures that leave the side this far below alpha.
const DELTA_MARGIN: i32 = 200;
/// The least [`delta_value`] of any piece: delta pruning keeps every
/// capture while this much still reaches alpha.
const CHEAPEST_VICTIM: i32 = {
    let mut least = i32::MAX;
    let mut k = 0;
    while k < PieceKind::ALL.len() {
        let value = delta_value(PieceKind::ALL[k]);
        if value < least {
            least = value;
        }
        k += 1;
    }
    least
};

/// What delta pruning counts a captured piece of `kind` as worth: its
/// endgame material, since the exchanges it guards against come late.
#[inline(always)]
const fn delta_value(kind: PieceKind) -> i32 {
    MATERIAL[kind.index()][1]
}
/// Quiet moves tried, by remaining depth, after which the others are pruned.
const LATE_MOVE_COUNT: [usize; 5] = [0, 6, 10, 16, 24];
/// Quiet moves are pruned at depth 1–2 when the static evaluation plus this
/// per ply of depth stays below alpha.
const FUTILITY_MARGIN: i32 = 150;
/// Depth from which a node without a table move is searched one ply less.
const IIR_MIN_DEPTH: i32 = 4;
/// Depth up to which a node whose static evaluation stands far enough above
/// beta returns without a search (reverse futility).
const REVERSE_FUTILITY_DEPTH: i32 = 6;
/// Reverse futility's margin is this much smaller when the position improves.
const IMPROVING_FUTILITY_BONUS: i32 = 40;
/// Marks a ply whose side to move was in check: no static evaluation.
const NO_EVAL: i32 = i32::MIN;
/// First aspiration half-window, in centipawns.
const ASPIRATION_DELTA: i32 = 30;
/// Near the leaves, a capture is pruned when it loses more than this per
/// ply of depth in the exchange on its point.
const CAPTURE_SEE_MARGIN: i32 = 90;
/// Near the leaves, a quiet move is pruned when it puts more than this
/// times the depth squared en prise.
const QUIET_SEE_MARGIN: i32 = 15;
/// Depth up to which moves that lose material are pruned.
const SEE_PRUNING_DEPTH: i32 = 6;

/// How many quiet moves are searched at `depth` (at most 4) before the rest
/// are pruned; a third fewer when the position is getting worse.
fn late_move_count(depth: i32, improving: bool) -> usize {
    let count = LATE_MOVE_COUNT[depth as usize];
    if improving {
        count
    } else {
        count * 2 / 3
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best_move: Option<Move>,
    /// The score of `best_move` for the side to move.
    pub score: Score,
    /// The last fully searched depth.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    pub nodes: u64,
    pub time: Duration,
}

impl SearchResult {
    /// Nodes per second, for reporting.
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / micros
    }
}

/// Seeded root-move bonuses for [`Searcher::search_varied`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootVariety {
    pub seed: u64,
    /// The largest bonus, in centipawns.
    pub margin: i32,
}

impl RootVariety {
    fn bonus(self, mv: Move) -> i32 {
        let draw = SplitMix64::new(self.seed ^ u64::from(mv.raw())).below(self.margin as u64 + 1);
        draw as i32
    }
}

/// A reusable searcher: owns the transposition table and ordering tables.
pub struct Searcher {
    tt: TranspositionTable,
    tables: Box<OrderingTables>,
    correction: CorrectionHistory,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(DEFAULT_HASH_MB)
    }
}

impl Searcher {
    /// A searcher whose transposition table takes at most `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            tables: Box::default(),
            correction: CorrectionHistory::default(),
        }
    }

    /// Replaces the table with one of `hash_mb` megabytes (empty).
    pub fn set_hash_size(&mut self, hash_mb: usize) {
        self.tt = TranspositionTable::new(hash_mb);
    }

    /// Forgets everything learnt: the next search behaves as a fresh searcher's.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.tables.clear();
        self.correction.clear();
    }

    /// Searches `root`, reached through `history`, within `limits`.
    pub fn search(
        &mut self,
        root: &Position,
        history: &GameHistory,
        limits: &Limits,
    ) -> SearchResult {
        self.search_with_info(root, history, limits, |_| {})
    }

    /// As [`search`](Self::search), calling `on_iteration` after every
    /// completed depth (for UCI `info` lines).
    pub fn search_with_info(
        &mut self,
        root: &Position,
        history: &GameHistory,
        limits: &Limits,
        mut on_iteration: impl FnMut(&SearchResult),
    ) -> SearchResult {
        let mut ctx = self.start(root, history, limits);
        ctx.iterate(&mut on_iteration)
    }

    /// As [`search`](Self::search), but each root move's score gains a
    /// seeded bonus of up to `variety.margin` centipawns, so that moves
    /// within that margin of the best are chosen by the seed: two games with
    /// different seeds part ways, while a move clearly better is still played.
    pub fn search_varied(
        &mut self,
        root: &Position,
        history: &GameHistory,
        limits: &Limits,
        variety: RootVariety,
    ) -> SearchResult {
        let mut ctx = self.start(root, history, limits);
        ctx.root_variety = Some(variety);
        let mut result = ctx.iterate(&mut |_| {});
        // The bonus is a tie-break, not part of what the position is worth.
        if let Some(best) = result.best_move {
            if result.score.0.abs() < MATE_BOUND {
                result.score = Score(result.score.0 - variety.bonus(best));
            }
        }
        result
    }

    /// A new search of `root`: what the table holds becomes older, and the
    /// killers of other positions are forgotten.
    fn start<'a>(
        &'a mut self,
        root: &Position,
        history: &GameHistory,
        limits: &'a Limits,
    ) -> Context<'a> {
        self.tt.new_search();
        self.tables.age();
        Context::new(
            root,
            history,
            limits,
            &mut self.tt,
            &mut self.tables,
            &mut self.correction,
        )
    }

    /// Scores every legal move of `root` with a full-window search `depth`
    /// plies deep (the move itself counting as one), best first; at depth 0
    /// by the evaluation of the position it leaves, blind to any reply. For the weak
    /// levels, which pick among near-best moves; not meant for deep searches.
    pub fn score_root_moves(
        &mut self,
        root: &Position,
        history: &GameHistory,
        depth: u32,
        limits: &Limits,
    ) -> Vec<(Move, Score)> {
        self.score_root_moves_within(root, history, depth, (-INFINITE, INFINITE), limits)
    }

    /// As [`score_root_moves`](Self::score_root_moves), each move searched
    /// with the window `(alpha, beta)` (the side to move's view): a score at or
    /// below `alpha` is only an upper bound, one at or above `beta` only a
    /// lower bound. A null window around a threshold asks cheaply which moves
    /// reach it (the puzzle checks' question).
    pub fn score_root_moves_within(
        &mut self,
        root: &Position,
        history: &GameHistory,
        depth: u32,
        (alpha, beta): (i32, i32),
        limits: &Limits,
    ) -> Vec<(Move, Score)> {
        let mut ctx = self.start(root, history, limits);
        ctx.started = true;
        let moves = ctx.pos.legal_moves();
        let mut scored = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            ctx.play(mv);
            let score = if depth == 0 {
                // Blind to every reply: only a mate given is seen as such.
                if ctx.pos.has_legal_moves() {
                    -ctx.evaluate()
                } else {
                    MATE - 1
                }
            } else {
                -ctx.negamax(depth as i32 - 1, -beta, -alpha, 1, true)
            };
            ctx.unplay(mv);
            if ctx.stopped {
                break;
            }
            scored.push((mv, Score(score)));
        }
        scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        scored
    }
}

fn lmr_table() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (depth, row) in t.iter_mut().enumerate().skip(1) {
            for (count, r) in row.iter_mut().enumerate().skip(1) {
                let v = 0.5 + (depth as f64).ln() * (count as f64).ln() / 2.25;
                *r = v.max(0.0) as u8;
            }
        }
        t
    })
}

/// The pieces of the side not to move in `pos` whose [`delta_value`] is at
/// least `least`.
#[inline]
fn enemies_worth(pos: &Position, least: i32) -> Bitboard {
    let them = pos.side_to_move().opponent();
    if least <= CHEAPEST_VICTIM {
        return pos.pieces_of(them);
    }
    PieceKind::ALL
        .into_iter()
        .filter(|&kind| delta_value(kind) >= least)
        .fold(Bitboard::EMPTY, |set, kind| {
            set | pos.pieces(Piece::new(them, kind))
        })
}

/// One search in progress.
struct Context<'a> {
    pos: Position,
    tt: &'a mut TranspositionTable,
    tables: &'a mut OrderingTables,
    correction: &'a mut CorrectionHistory,
    limits: &'a Limits,
    deadline: Deadline,
    /// Positions since the last capture: the game's, then the search path's;
    /// the last one is the node being searched.
    line: Vec<PastPosition>,
    /// `line_moves[k]` leads from `line[k]` to `line[k + 1]` ([`Move::NULL`] for null moves).
    line_moves: Vec<Move>,
    /// `line_moves` as the history tables see them (`None` for null moves
    /// and for the game's moves before the last one).
    line_pieces: Vec<Option<PieceTo>>,
    /// Line index of the first position after the latest null move on the
    /// path: repetitions across a null move are not real.
    null_barrier: usize,
    /// What each move on the search path needs to be taken back.
    undos: Vec<Undo>,
    /// Material and placement of the position at each ply of the path,
    /// kept move by move so that no evaluation adds up every piece.
    piece_sums: Vec<PieceSquareSums>,
    nodes: u64,
    seldepth: usize,
    /// Limits are only enforced once depth 1 is complete, so a move is always searched.
    started: bool,
    stopped: bool,
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Best root move and score of the iteration in progress.
    root_best: Option<(Move, i32)>,
    /// Seeded bonuses for root moves, so near-equal moves vary by seed.
    root_variety: Option<RootVariety>,
    /// The corrected static evaluation at each ply of the path
    /// ([`NO_EVAL`] where the side to move was in check).
    static_evals: [i32; MAX_PLY + 1],
}

impl<'a> Context<'a> {
    fn new(
        root: &Position,
        history: &GameHistory,
        limits: &'a Limits,
        tt: &'a mut TranspositionTable,
        tables: &'a mut OrderingTables,
        correction: &'a mut CorrectionHistory,
    ) -> Context<'a> {
        let mut line = Vec::with_capacity(history.len() + MAX_PLY + 1);
        // Only positions since the last capture can recur.
        let reversible = root.halfmove_clock() as usize;
        let past = history.positions();
        let first = past.len().saturating_sub(reversible);
        line.extend_from_slice(&past[first..]);
        line.push(PastPosition::of(root));
        let mut line_moves = Vec::with_capacity(line.capacity());
        line_moves.extend_from_slice(&history.moves()[first..]);
        let mut line_pieces = Vec::with_capacity(line.capacity());
        line_pieces.resize(line_moves.len(), None);
        if let (Some(last), Some(&mv)) = (line_pieces.last_mut(), line_moves.last()) {
            *last = PieceTo::of(root, mv);
        }
        Context {
            pos: root.clone(),
            tt,
            tables,
            correction,
            limits,
            deadline: Deadline::new(limits.movetime, limits.use_all_time),
            line,
            line_moves,
            line_pieces,
            null_barrier: 0,
            undos: Vec::with_capacity(MAX_PLY + 1),
            piece_sums: {
                let mut sums = Vec::with_capacity(MAX_PLY + 2);
                sums.push(PieceSquareSums::of(root));
                sums
            },
            nodes: 0,
            seldepth: 0,
            started: false,
            stopped: false,
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            root_best: None,
            root_variety: None,
            static_evals: [NO_EVAL; MAX_PLY + 1],
        }
    }

    fn iterate(&mut self, on_iteration: &mut impl FnMut(&SearchResult)) -> SearchResult {
        let root_moves = self.pos.legal_moves();
        let mut result = SearchResult {
            best_move: None,
            score: Score(-MATE),
            depth: 0,
            seldepth: 0,
            pv: Vec::new(),
            nodes: 0,
            time: Duration::ZERO,
        };
        if root_moves.is_empty() {
            return result;
        }
        // A fallback in case even depth 1 is cut short.
        result.best_move = Some(root_moves[0]);
        result.pv = vec![root_moves[0]];
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .clamp(1, MAX_PLY as u32 - 4);

        let mut previous = 0;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            self.root_best = None;
            let score = self.aspiration(depth as i32, previous);
            if self.stopped {
                // The unfinished iteration searched its best move so far
                // deeper than the last complete one did: trust it.
                if let Some((mv, s)) = self.root_best {
                    if Some(mv) != result.best_move {
                        result.pv = vec![mv];
                    }
                    result.best_move = Some(mv);
                    result.score = Score(s);
                }
                break;
            }
            previous = score;
            result.depth = depth;
            result.seldepth = self.seldepth as u32;
            result.score = Score(score);
            result.pv = self.pv[0][..self.pv_len[0]].to_vec();
            if result.pv.is_empty() {
                if let Some((mv, _)) = self.root_best {
                    result.pv = vec![mv];
                }
            }
            result.best_move = result.pv.first().copied().or(result.best_move);
            result.nodes = self.nodes;
            result.time = self.deadline.elapsed();
            on_iteration(&result);
            self.started = true;
            if self.deadline.soft_reached() || self.limits.is_stopped() {
                break;
            }
            // A mate well inside the horizon will not get shorter; pruning and
            // reductions can hide a shorter one near it, hence the factor 2.
            if score.abs() > MATE_BOUND && 2 * (MATE - score.abs()) as u32 <= depth {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time = self.deadline.elapsed();
        result
    }

    fn aspiration(&mut self, depth: i32, previous: i32) -> i32 {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= 5 && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.negamax(depth, alpha, beta, 0, false);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            delta += delta;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// Checks the limits; sets `stopped` when one is reached.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if !self.started {
            return false;
        }
        let out_of_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
        let clock_due = self.nodes.is_multiple_of(CHECK_INTERVAL)
            && (self.limits.is_stopped() || self.deadline.hard_reached());
        if out_of_nodes || clock_due {
            self.stopped = true;
        }
        self.stopped
    }

    fn play(&mut self, mv: Move) {
        self.tt.prefetch(self.pos.key_after(mv));
        let sums = self.piece_sums[self.piece_sums.len() - 1].after(&self.pos, mv);
        self.piece_sums.push(sums);
        let undo = self.pos.make_move(mv);
        self.undos.push(undo);
        self.line.push(PastPosition::after(&self.pos, mv));
        self.line_moves.push(mv);
        self.line_pieces.push(PieceTo::of(&self.pos, mv));
    }

    fn unplay(&mut self, mv: Move) {
        self.line.pop();
        self.line_moves.pop();
        self.line_pieces.pop();
        self.piece_sums.pop();
        let undo = self.undos.pop().expect("a move was played");
        self.pos.unmake_move(mv, undo);
    }

    /// The static evaluation of the current position.
    #[inline]
    fn evaluate(&self) -> i32 {
        evaluate_with(&self.pos, self.piece_sums[self.piece_sums.len() - 1])
    }

    /// [`evaluate`](Self::evaluate), and the enemy pieces the side to move
    /// attacks: every capture's victim is among them.
    #[inline]
    fn evaluate_with_targets(&self) -> (i32, Bitboard) {
        evaluate_with_targets(&self.pos, self.piece_sums[self.piece_sums.len() - 1])
    }

    /// Whether `color` still has a chariot, horse or cannon: without one,
    /// passing a move may really be the best there is (zugzwang), so the
    /// null-move assumption fails.
    fn has_major_piece(&self, color: Color) -> bool {
        [PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon]
            .into_iter()
            .any(|kind| self.pos.count(Piece::new(color, kind)) > 0)
    }

    /// The score of a repetition without a lone perpetual checker, from the
    /// rules' verdict on the cycle since line index `start` (perpetual chase
    /// or draw). The position then is the one now, so it is judged from here.
    fn chase_verdict(&self, start: usize) -> i32 {
        let outcome = judge_repetition(&self.pos, &self.line_moves[start..]);
        match outcome.result.winner() {
            None => DRAW,
            Some(winner) if winner == self.pos.side_to_move() => -RULE_LOSS,
            Some(_) => RULE_LOSS,
        }
    }

    /// The two moves that led to the node being searched, newest first.
    fn lead(&self) -> Lead {
        let n = self.line_pieces.len();
        let at = |back: usize| n.checked_sub(back).and_then(|i| self.line_pieces[i]);
        [at(1), at(2)]
    }

    /// Whether the static evaluation rose since this side last moved: a
    /// position getting worse is pruned harder, one getting better less.
    /// Counted as improving when there is nothing to compare with.
    fn improving(&self, ply: usize) -> bool {
        let now = self.static_evals[ply];
        if now == NO_EVAL {
            return false;
        }
        let before = [2, 4]
            .into_iter()
            .filter(|&back| back <= ply)
            .map(|back| self.static_evals[ply - back])
            .find(|&eval| eval != NO_EVAL);
        before.is_none_or(|before| now > before)
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn negamax(
        &mut self,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_allowed: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.out_of_budget() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let in_check = self.line.last().is_some_and(|p| p.in_check);
        let pv_node = beta - alpha > 1;

        if ply > 0 {
            let reversible =
                (self.pos.halfmove_clock() as usize).min(self.line.len() - 1 - self.null_barrier);
            if let Some((start, checks)) = find_repetition(&self.line, reversible) {
                return match checks {
                    CycleChecks::Mover => RULE_LOSS,
                    CycleChecks::Opponent => -RULE_LOSS,
                    CycleChecks::Neither => self.chase_verdict(start),
                };
            }
            if self.pos.halfmove_clock() >= NO_CAPTURE_PLIES {
                // The rules' 60-move rule: a draw, though a mate on the
                // last ply still counts.
                if in_check && !self.pos.has_legal_moves() {
                    return -MATE + ply as i32;
                }
                return DRAW;
            }
            // Mate distance pruning: no line here can beat a mate already found nearer the root.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let mut depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply, true);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);

        let key = self.pos.key();
        let hit = self.tt.probe(key, ply);
        let tt_move = hit.and_then(|h| h.mv);
        if let Some(h) = hit {
            if !pv_node && ply > 0 && h.depth >= depth && h.settles(alpha, beta) {
                return h.score;
            }
        }

        // The moves that led here: the correction, the ordering and the
        // histories all key on them.
        let lead = self.lead();
        // The table keeps the raw evaluation; the correction may have moved since.
        let (raw_eval, static_eval) = if in_check {
            (-INFINITE, -INFINITE)
        } else {
            let raw = hit.map_or_else(|| self.evaluate(), |h| h.eval);
            (raw, self.correction.correct(&self.pos, lead[0], raw))
        };

        self.static_evals[ply] = if in_check { NO_EVAL } else { static_eval };
        let improving = self.improving(ply);
        // The pruning decisions below judge the position by the table's
        // score where a search of it bounds the evaluation from the far side:
        // a search says more than a static guess.
        let eval = match hit {
            Some(h) if !in_check && h.score.abs() < MATE_BOUND => match h.bound {
                Bound::Exact => h.score,
                Bound::Lower => h.score.max(static_eval),
                Bound::Upper => h.score.min(static_eval),
            },
            _ => static_eval,
        };

        if !pv_node && !in_check && ply > 0 {
            // Reverse futility: far above beta with little depth left.
            let margin = 110 * depth - IMPROVING_FUTILITY_BONUS * improving as i32;
            if depth <= REVERSE_FUTILITY_DEPTH && eval - margin >= beta && beta.abs() < MATE_BOUND {
                return eval;
            }
            // Null move: if passing still fails high, a real move would too.
            if null_allowed
                && depth >= 3
                && eval >= beta
                && self.has_major_piece(self.pos.side_to_move())
            {
                let reduction = 3 + depth / 4;
                let null_undo = self.pos.make_null();
                self.line.push(PastPosition::of(&self.pos));
                self.line_moves.push(Move::NULL);
                self.line_pieces.push(None);
                let saved_barrier = self.null_barrier;
                self.null_barrier = self.line.len() - 1;
                let score = -self.negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
                self.null_barrier = saved_barrier;
                self.line.pop();
                self.line_moves.pop();
                self.line_pieces.pop();
                self.pos.unmake_null(null_undo);
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score > MATE_BOUND { beta } else { score };
                }
            }
        }

        // Internal iterative reduction: with no table move, this node was not
        // searched before and its ordering is a guess; spend less on it.
        if tt_move.is_none() && depth >= IIR_MIN_DEPTH {
            depth -= 1;
        }

        let mut moves = StagedMoves::new(&self.pos, tt_move, lead, in_check);
        if moves.is_empty(&self.pos, self.tables, ply) {
            // Checkmated or stalemated: both lose in Xiangqi.
            return -MATE + ply as i32;
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried = [Move::NULL; 64];
        let mut quiet_count = 0;
        let lmr = lmr_table();

        let mut moves_started = 0;
        // Found at the first move that could be pruned, for all of them.
        let mut check_candidates = None;
        let mut quiets_dropped = false;
        loop {
            // Late quiet moves near the leaves rarely matter: prune them when
            // too many were tried already or the position is far below alpha.
            let late_or_futile = depth <= 4
                && (quiet_count >= late_move_count(depth, improving)
                    || (depth <= 2 && eval + FUTILITY_MARGIN * depth <= alpha));
            // Once a quiet move would be pruned as late or futile (and gives
            // no check), so would every later one: those conditions only
            // become truer as the node goes on. The picker then drops them
            // instead of handing each out to be skipped, and does not even
            // generate them when it has not yet.
            if late_or_futile
                && !quiets_dropped
                && !pv_node
                && !in_check
                && moves_started > 0
                && best_score > -MATE_BOUND
            {
                let candidates =
                    *check_candidates.get_or_insert_with(|| self.pos.check_candidates());
                moves.drop_quiets_but_checks(&self.pos, candidates);
                quiets_dropped = true;
            }
            let Some(mv) = moves.next(&self.pos, self.tables, ply) else {
                break;
            };
            let index = moves_started;
            moves_started += 1;
            let is_capture = self.pos.piece_at(mv.to()).is_some();
            let late_or_futile = late_or_futile && !is_capture;
            // A move that loses material in the exchange on its point is
            // rarely worth a search this close to the leaves.
            let see_threshold = if is_capture {
                -CAPTURE_SEE_MARGIN * depth
            } else {
                -QUIET_SEE_MARGIN * depth * depth
            };
            let prunable = !pv_node
                && !in_check
                && index > 0
                && best_score > -MATE_BOUND
                && (late_or_futile
                    || (depth <= SEE_PRUNING_DEPTH
                        && !self.pos.see_ge(mv, see_threshold, &SEE_VALUES)));
            // Read before the move is played: the tables index the mover.
            let reducible = depth >= 3 && index >= 3 && !is_capture && !in_check;
            let quiet_history = if reducible {
                self.tables.history(&self.pos, lead, mv)
            } else {
                0
            };
            // Checks are never pruned; asked before playing, a pruned move
            // costs no make, unmake or table prefetch.
            if prunable {
                let candidates =
                    *check_candidates.get_or_insert_with(|| self.pos.check_candidates());
                if !candidates.gives_check(&self.pos, mv) {
                    continue;
                }
            }
            self.play(mv);
            let gives_check = self.line.last().is_some_and(|p| p.in_check);
            let new_depth = depth - 1;
            // The root's seeded bonus: the move is searched as if the
            // window were lower by it, and its score raised by it.
            let bonus = match self.root_variety {
                Some(variety) if ply == 0 => variety.bonus(mv),
                _ => 0,
            };
            let (window_alpha, window_beta) = (alpha - bonus, beta - bonus);

            let searched = if index == 0 {
                -self.negamax(new_depth, -window_beta, -window_alpha, ply + 1, true)
            } else {
                let mut reduction = 0;
                if reducible && !gives_check {
                    reduction = lmr[depth.min(63) as usize][index.min(63)] as i32;
                    if pv_node {
                        reduction -= 1;
                    }
                    if !improving {
                        reduction += 1;
                    }
                    // Moves with a good record of cut-offs are reduced less,
                    // moves with a bad one more.
                    reduction -= quiet_history / (3 * HISTORY_MAX / 2);
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                let mut s = -self.negamax(
                    new_depth - reduction,
                    -window_alpha - 1,
                    -window_alpha,
                    ply + 1,
                    true,
                );
                if s > window_alpha && reduction > 0 {
                    s = -self.negamax(new_depth, -window_alpha - 1, -window_alpha, ply + 1, true);
                }
                if s > window_alpha && s < window_beta {
                    s = -self.negamax(new_depth, -window_beta, -window_alpha, ply + 1, true);
                }
                s
            };
            // A mate's distance is exact; a bonus would blur it.
            let score = if searched.abs() < MATE_BOUND {
                searched + bonus
            } else {
                searched
            };
            self.unplay(mv);
            if self.stopped {
                return 0;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if ply == 0 {
                        self.root_best = Some((mv, score));
                    }
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if !is_capture {
                            self.tables.reward_cutoff(
                                &self.pos,
                                ply,
                                lead,
                                mv,
                                &quiets_tried[..quiet_count],
                                depth,
                            );
                        }
                        break;
                    }
                }
            }
            if !is_capture && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = mv;
                quiet_count += 1;
            }
        }

        let bound = Bound::of_result(best_score, original_alpha, beta);
        // A quiet result that says more than the static evaluation did
        // (not a bound on the side the evaluation already stood) teaches
        // the correction; captures change the structure being judged.
        let best_is_quiet = best_move.is_none_or(|mv| self.pos.piece_at(mv.to()).is_none());
        if !in_check
            && best_is_quiet
            && best_score.abs() < MATE_BOUND
            && !(bound == Bound::Lower && best_score <= static_eval)
            && !(bound == Bound::Upper && best_score >= static_eval)
        {
            self.correction
                .update(&self.pos, lead[0], best_score, static_eval, depth);
        }
        let eval_to_store = if in_check { 0 } else { raw_eval };
        self.tt
            .store(key, ply, best_move, best_score, eval_to_store, depth, bound);
        best_score
    }

    /// The best of the quiet moves that give check directly, each answered
    /// by every evasion, with its score; `None` when there is none. Raises
    /// the principal variation at `ply` when one beats `alpha`.
    fn quiet_checks(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        legality: &Legality,
    ) -> Option<(i32, Move)> {
        let squares = self.pos.check_squares();
        // Check squares are empty: these are quiet moves.
        let mut moves = MoveList::new();
        self.pos.direct_checks_into(legality, &squares, &mut moves);
        let mut best = None;
        for &mv in moves.iter() {
            self.play(mv);
            if !self.line.last().is_some_and(|p| p.in_check) {
                // A cannon that was its own screen.
                self.unplay(mv);
                continue;
            }
            let score = -self.quiesce(-beta, -alpha, ply + 1, false);
            self.unplay(mv);
            if self.stopped {
                return None;
            }
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, mv));
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Captures only (every move when in check) until the position is quiet;
    /// at its first ply (`checks`) also the quiet moves that give check
    /// directly, which is where mating attacks otherwise vanish.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, checks: bool) -> i32 {
        self.pv_len[ply] = ply;
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let in_check = self.line.last().is_some_and(|p| p.in_check);

        let key = self.pos.key();
        let hit = self.tt.probe(key, ply);
        if let Some(h) = hit {
            if beta - alpha == 1 && h.settles(alpha, beta) {
                return h.score;
            }
        }

        if in_check {
            // Every evasion, in the usual order.
            let mut evasions = MovePicker::empty();
            let tt_move = hit.and_then(|h| h.mv);
            evasions.fill_with_moves(&self.pos, tt_move, self.tables, ply, [None, None]);
            if evasions.is_empty() {
                return -MATE + ply as i32;
            }
            let mut best = -INFINITE;
            // Borrowed, not moved: a moved picker is a kilobyte copied.
            for mv in &mut evasions {
                self.play(mv);
                let score = -self.quiesce(-beta, -alpha, ply + 1, false);
                self.unplay(mv);
                if self.stopped {
                    return 0;
                }
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        self.update_pv(ply, mv);
                        if score >= beta {
                            break;
                        }
                    }
                }
            }
            return best;
        }

        let (raw_eval, victims) = match hit {
            Some(h) => (
                h.eval,
                self.pos.pieces_of(self.pos.side_to_move().opponent()),
            ),
            None => self.evaluate_with_targets(),
        };
        let stand_pat = self.correction.correct(&self.pos, self.lead()[0], raw_eval);
        if stand_pat >= beta {
            if hit.is_none() {
                // Keeps the evaluation for the next visit.
                self.tt
                    .store(key, ply, None, stand_pat, raw_eval, 0, Bound::Lower);
            }
            return stand_pat;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        let mut best_move = None;
        // Stalemate (a loss) is left to the full-width search: checking for it
        // here would cost a move generation at every quiescence node.
        let mut captures = MovePicker::empty();
        // Worked out once for the captures and the quiet checks, and only
        // when there is either to generate.
        let mut legality = None;
        // Delta pruning (below) before generating: the captures of pieces
        // too cheap to reach alpha now would be skipped anyway, as alpha
        // only rises.
        let victims = victims & enemies_worth(&self.pos, alpha - stand_pat - DELTA_MARGIN);
        if !victims.is_empty() {
            let legality = legality.insert(self.pos.legality_given(false));
            captures.fill_with_captures(&self.pos, legality, victims, hit.and_then(|h| h.mv));
        }
        for mv in &mut captures {
            // Delta pruning: even winning the piece for free would not reach alpha.
            let victim = self
                .pos
                .piece_at(mv.to())
                .map_or(0, |p| delta_value(p.kind));
            if stand_pat + victim + DELTA_MARGIN < alpha || is_losing_capture(&self.pos, mv) {
                continue;
            }
            self.play(mv);
            let score = -self.quiesce(-beta, -alpha, ply + 1, false);
            self.unplay(mv);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if checks && best < beta && !self.stopped {
            let legality = legality.get_or_insert_with(|| self.pos.legality_given(false));
            if let Some((score, mv)) = self.quiet_checks(alpha, beta, ply, legality) {
                if score > best {
                    best = score;
                    if score > alpha {
                        best_move = Some(mv);
                    }
                }
            }
            if self.stopped {
                return 0;
            }
        }
        let bound = Bound::of_result(best, original_alpha, beta);
        self.tt.store(key, ply, best_move, best, raw_eval, 0, bound);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Delta pruning's filter before generation keeps exactly the enemy
    /// pieces worth at least the amount asked, at every amount.
    #[test]
    fn enemies_worth_keeps_the_pieces_worth_enough() {
        let pos = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .unwrap();
        for least in -50..700 {
            let expected = pos
                .pieces_of(Color::Red)
                .into_iter()
                .filter(|&sq| delta_value(pos.piece_at(sq).unwrap().kind) >= least)
                .fold(Bitboard::EMPTY, |set, sq| set | Bitboard::from(sq));
            assert_eq!(enemies_worth(&pos, least), expected, "{least}");
        }
        assert_eq!(enemies_worth(&pos, i32::MIN), pos.pieces_of(Color::Red));
        assert_eq!(enemies_worth(&pos, i32::MAX), Bitboard::EMPTY);
    }

    /// Quiescence at its first ply finds a mate by a quiet check, which
    /// captures alone cannot see.
    #[test]
    fn quiescence_sees_quiet_mating_checks() {
        let quiet_mates = [
            "3k1a3/4a4/4b4/7N1/9/9/9/3rB4/5r3/2B1K4 b - - 1 59",
            "9/3k5/9/p1p6/9/P1P1R4/4C3p/4C4/4A4/2B1KAB2 w - - 0 40",
            "3akabn1/6RR1/b6cr/p3C3p/2p3p2/9/P1P1P3P/2N4C1/9/2BA1K3 w - - 1 18",
        ];
        let limits = Limits::default();
        for fen in quiet_mates {
            let pos = Position::from_fen(fen).expect("a valid FEN");
            for checks in [false, true] {
                let mut tt = TranspositionTable::new(1);
                let mut tables = Box::<OrderingTables>::default();
                let mut correction = CorrectionHistory::default();
                let mut ctx = Context::new(
                    &pos,
                    &GameHistory::new(),
                    &limits,
                    &mut tt,
                    &mut tables,
                    &mut correction,
                );
                let score = ctx.quiesce(-INFINITE, INFINITE, 0, checks);
                assert_eq!(
                    score > MATE_BOUND,
                    checks,
                    "{fen}, checks {checks}: {score}"
                );
            }
        }
    }
}
