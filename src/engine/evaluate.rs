//! The static evaluation: how good a position looks without searching, in
//! centipawns for the side to move.
//!
//! Terms: material and piece-square values ([`pst`](super::pst)); mobility of
//! chariots, horses and cannons (a horse with blocked legs loses most of its
//! moves, which is how the "lame horse" is scored); the general's safety when
//! advisors or elephants are missing and enemy attackers have crossed the
//! river; attacks on the enemy palace, which count for more the more pieces
//! join them; cannons on the enemy general's file (empty-headed, or behind two
//! screens ready to uncover); a side with nothing left to attack with cannot
//! win; pieces left hanging or attacked by a cheaper piece (threats to the
//! side to move, which the quiescence search's stand-pat cannot see).
//! Middlegame and endgame values are blended by the attacking material left
//! on the board.
//!
//! The walk over the board is written once, generic over what it adds to
//! ([`Terms`]): the search adds weights, the tuner records how often each
//! weight applies, so the two can never disagree. Material and placement
//! change only where a move goes, so the search keeps their sums move by
//! move ([`PieceSquareSums`]) and the walk adds the rest to them.

use crate::rules::{
    advisors_reach, general_reach, own_half, palace, soldier_reach, soldier_steps, Bitboard, Color,
    Move, Piece, PieceKind, Position, Square,
};

use super::{pst, weights};

/// Attacking material counted for the game phase: chariot 6, horse and cannon 3.
pub(crate) const PHASE_MAX: i32 = 2 * (2 * 6 + 2 * 3 + 2 * 3);
pub(crate) const TEMPO: i32 = 10;

/// The evaluation's terms besides material and placement; their weights are
/// [`weights::TERMS`], in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Per point a chariot reaches (empty or enemy).
    ChariotMobility,
    /// Per point a horse can jump to, legs free.
    HorseMobility,
    /// Per empty point a cannon slides to or enemy piece it can capture.
    CannonMobility,
    /// A horse with at most one move left, its legs blocked.
    TrappedHorse,
    /// A cannon facing the enemy general with nothing between.
    EmptyHeadCannon,
    /// A cannon facing the enemy general with two pieces between.
    CentralCannon,
    /// Enemy attack units in our half times our weighted missing guards.
    GuardShortage,
    /// Per point of the enemy palace a chariot, horse, cannon or soldier
    /// attacks (a chariot or cannon: the piece it would take there).
    PalaceAttack,
    /// Pieces attacking the enemy palace times their attacks on it: attackers
    /// are far more dangerous together than one at a time.
    PalacePressure,
    /// Per enemy piece other than the general that we attack and it does
    /// not defend.
    Hanging,
    /// Per enemy chariot attacked by a horse, cannon, soldier, advisor or
    /// elephant, and per enemy horse or cannon attacked by a soldier,
    /// advisor or elephant: a threat to win material however it is defended.
    ThreatByLesser,
}

impl Term {
    pub const ALL: [Term; 11] = [
        Term::ChariotMobility,
        Term::HorseMobility,
        Term::CannonMobility,
        Term::TrappedHorse,
        Term::EmptyHeadCannon,
        Term::CentralCannon,
        Term::GuardShortage,
        Term::PalaceAttack,
        Term::PalacePressure,
        Term::Hanging,
        Term::ThreatByLesser,
    ];
}

/// What the board walk adds to: weights for the search, counts for the tuner.
pub(crate) trait Terms {
    /// Whether [`piece`](Self::piece) needs every piece. The search's sums
    /// do not: they keep material and placement move by move, so the walk
    /// need not visit the pieces it can treat as one set.
    const WANTS_PIECES: bool = true;
    /// A piece stands on a point: its material and placement.
    fn piece(&mut self, piece: Piece, square: Square);
    /// `term` applies `count` times in `color`'s favour.
    fn term(&mut self, color: Color, term: Term, count: i32);
}

/// Per-side `[middlegame, endgame]` sums of weights: the search's [`Terms`].
/// Material and placement are not added piece by piece: the sums start from
/// [`PieceSquareSums`], which the search keeps as the moves are made.
struct Totals {
    score: [[i32; 2]; 2],
}

impl Terms for Totals {
    const WANTS_PIECES: bool = false;

    #[inline]
    fn piece(&mut self, _: Piece, _: Square) {}

    #[inline]
    fn term(&mut self, color: Color, term: Term, count: i32) {
        let w = weights::TERMS[term as usize];
        let s = &mut self.score[color.index()];
        s[0] += w[0] * count;
        s[1] += w[1] * count;
    }
}

/// What the walk learns besides the terms: how much attacking material is
/// left (the phase) and whether each side can still attack at all.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    /// From 0 (no chariot, horse or cannon) to [`PHASE_MAX`].
    pub phase: i32,
    /// Chariots, horses, cannons and soldiers, per colour.
    pub attackers: [i32; 2],
    /// The enemy pieces each colour attacks.
    pub attacked: [Bitboard; 2],
}

impl Shape {
    /// Blends `[middlegame, endgame]` values by the phase.
    #[inline]
    pub fn blend(&self, v: [i32; 2]) -> i32 {
        (v[0] * self.phase + v[1] * (PHASE_MAX - self.phase)) / PHASE_MAX
    }

    /// Applies the material rules to a score from Red's side: a side with
    /// nothing that can cross the river cannot win.
    #[inline]
    pub fn scale(&self, red: i32) -> i32 {
        if self.attackers == [0, 0] {
            0
        } else if (red > 0 && self.attackers[0] == 0) || (red < 0 && self.attackers[1] == 0) {
            red / 8
        } else {
            red
        }
    }
}

/// Attacks on the enemy palace, gathered over one side's pieces.
#[derive(Default, Clone, Copy)]
struct PalaceAttacks {
    /// Attacked (piece, palace point) pairs.
    hits: i32,
    /// Pieces with at least one.
    pieces: i32,
}

impl PalaceAttacks {
    /// One piece attacking `attacked`.
    #[inline]
    fn add(&mut self, attacked: Bitboard, zone: Bitboard) {
        let hits = (attacked & zone).count() as i32;
        self.hits += hits;
        self.pieces += (hits > 0) as i32;
    }
}

/// Per-side counts the walk needs after the piece loop.
#[derive(Default, Clone, Copy)]
struct Side {
    phase: i32,
    attackers: i32,
    advisors: i32,
    elephants: i32,
    /// Weighted attackers in the other side's half, threatening its general.
    attack_weight: i32,
    /// Every point any piece of this side attacks (or defends).
    attacks: Bitboard,
    /// Points attacked by horses and cannons.
    by_minors: Bitboard,
    /// Points attacked by soldiers, advisors and elephants.
    by_cheap: Bitboard,
}

impl Side {
    /// Counts `pieces` as attackers: each adds `phase` to the game phase,
    /// and `weight` to the attack on the enemy general once across the river.
    #[inline]
    fn count_attackers(&mut self, pieces: Bitboard, phase: i32, weight: i32, enemy_half: Bitboard) {
        let n = pieces.count() as i32;
        self.attackers += n;
        self.phase += phase * n;
        self.attack_weight += weight * (pieces & enemy_half).count() as i32;
    }
}

/// Material and placement summed per side, `[middlegame, endgame]`: the
/// part of the evaluation a move changes only at its two points, so the
/// search keeps it move by move ([`PieceSquareSums::after`]) instead of
/// adding up every piece at every evaluation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PieceSquareSums([[i32; 2]; 2]);

impl PieceSquareSums {
    /// Every piece of `pos`, added up.
    pub(crate) fn of(pos: &Position) -> PieceSquareSums {
        let table = pst::table();
        let mut sums = [[0; 2]; 2];
        for sq in pos.occupied() {
            if let Some(piece) = pos.piece_at(sq) {
                let v = table.value(piece, sq);
                let s = &mut sums[piece.color.index()];
                s[0] += v[0];
                s[1] += v[1];
            }
        }
        PieceSquareSums(sums)
    }

    /// The sums once `mv` is played in `pos` (called before it is made).
    #[inline]
    pub(crate) fn after(self, pos: &Position, mv: Move) -> PieceSquareSums {
        let table = pst::table();
        let mut sums = self.0;
        if let Some(piece) = pos.piece_at(mv.from()) {
            let (from, to) = (table.value(piece, mv.from()), table.value(piece, mv.to()));
            let s = &mut sums[piece.color.index()];
            s[0] += to[0] - from[0];
            s[1] += to[1] - from[1];
        }
        if let Some(captured) = pos.piece_at(mv.to()) {
            let gone = table.value(captured, mv.to());
            let s = &mut sums[captured.color.index()];
            s[0] -= gone[0];
            s[1] -= gone[1];
        }
        PieceSquareSums(sums)
    }
}

/// The evaluation in centipawns for the side to move, from scratch: what
/// [`evaluate_with`] gives, for the tests.
#[cfg(test)]
pub(crate) fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, PieceSquareSums::of(pos))
}

/// The evaluation in centipawns for the side to move, with `sums` the
/// material and placement of `pos` (kept by the caller move by move).
#[inline]
pub(crate) fn evaluate_with(pos: &Position, sums: PieceSquareSums) -> i32 {
    evaluate_with_targets(pos, sums).0
}

/// [`evaluate_with`], and the enemy pieces the side to move attacks: the
/// walk finds every attack anyway, and every capture's victim is among
/// them, so a quiescence search can skip the captures that cannot matter,
/// or all of them, before generating any.
pub(crate) fn evaluate_with_targets(pos: &Position, sums: PieceSquareSums) -> (i32, Bitboard) {
    let mut totals = Totals { score: sums.0 };
    let shape = walk(pos, &mut totals);
    let us = pos.side_to_move();
    let targets = shape.attacked[us.index()];
    let red = shape.blend(totals.score[0]) - shape.blend(totals.score[1]);
    let red = shape.scale(red);
    if shape.attackers == [0, 0] {
        return (0, targets);
    }
    let stm = match us {
        Color::Red => red,
        Color::Black => -red,
    };
    (stm + TEMPO, targets)
}

/// Walks the board once, reporting every piece and term to `terms`.
pub(crate) fn walk<T: Terms>(pos: &Position, terms: &mut T) -> Shape {
    let colors = [pos.pieces_of(Color::Red), pos.pieces_of(Color::Black)];

    // Each side is walked by its own inlined copy, so that what depends on
    // the colour (the river, the palace, the soldiers' direction) is a
    // constant there: a fifth fewer instructions an evaluation, and the
    // search 5% faster once the move generator no longer filled the
    // instruction cache (docs/log/2026-11-engine-speed.md, "2026-11-28 (third)").
    let sides = [
        walk_side(pos, terms, Color::Red),
        walk_side(pos, terms, Color::Black),
    ];

    for color in Color::ALL {
        let (us, them) = (color.index(), color.opponent().index());
        // Missing advisors matter most against horses and chariots, missing
        // elephants against cannons; both only when attackers are there.
        // (A quadratic palace-pressure term tried instead lost more games.)
        let shortage = 3 * (2 - sides[us].advisors) + 2 * (2 - sides[us].elephants);
        terms.term(
            color,
            Term::GuardShortage,
            sides[them].attack_weight * shortage,
        );

        let enemy = |kind| pos.pieces(Piece::new(color.opponent(), kind));
        let enemy_minors = enemy(PieceKind::Horse) | enemy(PieceKind::Cannon);
        let enemy_chariots = enemy(PieceKind::Chariot);
        let (ours, theirs) = (&sides[us], &sides[them]);
        let threatened =
            (enemy_chariots & (ours.by_minors | ours.by_cheap)) | (enemy_minors & ours.by_cheap);
        terms.term(color, Term::ThreatByLesser, threatened.count() as i32);
        let enemy_pieces = colors[them] & !enemy(PieceKind::General);
        let hanging = enemy_pieces & ours.attacks & !theirs.attacks;
        terms.term(color, Term::Hanging, hanging.count() as i32);
    }

    Shape {
        phase: (sides[0].phase + sides[1].phase).min(PHASE_MAX),
        attackers: [sides[0].attackers, sides[1].attackers],
        attacked: [sides[0].attacks & colors[1], sides[1].attacks & colors[0]],
    }
}

/// One side's pieces, kind by kind, from the piece bitboards: no per-point
/// lookups.
#[inline(always)]
fn walk_side<T: Terms>(pos: &Position, terms: &mut T, color: Color) -> Side {
    let occupied = pos.occupied();
    let own = pos.pieces_of(color);
    let enemy = pos.pieces_of(color.opponent());
    let enemy_half = own_half(color.opponent());
    let enemy_general = pos.general_square(color.opponent());
    let enemy_palace = palace(color.opponent());
    let mut palace_attacks = PalaceAttacks::default();
    let mut side = Side::default();
    let of = |kind| Piece::new(color, kind);

    // The general, advisors, elephants and soldiers add no per-piece
    // term: their attacks are taken for the whole set at once.
    let general = pos.general_square(color);
    side.attacks |= general_reach(general);
    let advisors = pos.pieces(of(PieceKind::Advisor));
    let elephants = pos.pieces(of(PieceKind::Elephant));
    side.by_cheap |= advisors_reach(color, advisors) | pos.elephants_reach(color, elephants);
    side.advisors = advisors.count() as i32;
    side.elephants = elephants.count() as i32;

    let soldiers = pos.pieces(of(PieceKind::Soldier));
    let steps = soldier_steps(color, soldiers);
    side.by_cheap |= steps[0] | steps[1] | steps[2];
    // Few soldiers are across the river, so one by one is cheaper here
    // than following the steps that land in the palace back to theirs.
    for sq in soldiers & enemy_half {
        palace_attacks.add(soldier_reach(color, sq), enemy_palace);
    }
    side.count_attackers(soldiers, 0, 1, enemy_half);
    if T::WANTS_PIECES {
        terms.piece(of(PieceKind::General), general);
        for kind in [PieceKind::Advisor, PieceKind::Elephant, PieceKind::Soldier] {
            for sq in pos.pieces(of(kind)) {
                terms.piece(of(kind), sq);
            }
        }
    }

    let chariots = pos.pieces(of(PieceKind::Chariot));
    for sq in chariots {
        terms.piece(of(PieceKind::Chariot), sq);
        let reach = pos.slider_reach(sq);
        side.attacks |= reach;
        palace_attacks.add(reach, enemy_palace);
        let mobility = (reach & !own).count() as i32;
        terms.term(color, Term::ChariotMobility, mobility);
    }
    side.count_attackers(chariots, 6, 4, enemy_half);

    let cannons = pos.pieces(of(PieceKind::Cannon));
    for sq in cannons {
        terms.piece(of(PieceKind::Cannon), sq);
        let (reach, jumps) = pos.slider_reach_and_jumps(sq);
        side.by_minors |= jumps;
        palace_attacks.add(jumps, enemy_palace);
        let mobility = ((reach & !occupied).count() + (jumps & enemy).count()) as i32;
        terms.term(color, Term::CannonMobility, mobility);
        if enemy_general.file() == sq.file() {
            match pos.pieces_between_on_file(sq, enemy_general) {
                0 => terms.term(color, Term::EmptyHeadCannon, 1),
                2 => terms.term(color, Term::CentralCannon, 1),
                _ => {}
            }
        }
    }
    side.count_attackers(cannons, 3, 3, enemy_half);

    let horses = pos.pieces(of(PieceKind::Horse));
    for sq in horses {
        terms.piece(of(PieceKind::Horse), sq);
        let reach = pos.horse_reach(sq);
        side.by_minors |= reach;
        let mobility = (reach & !own).count() as i32;
        palace_attacks.add(reach, enemy_palace);
        terms.term(color, Term::HorseMobility, mobility);
        if mobility <= 1 {
            terms.term(color, Term::TrappedHorse, 1);
        }
    }
    side.count_attackers(horses, 3, 3, enemy_half);
    side.attacks |= side.by_minors | side.by_cheap;

    terms.term(color, Term::PalaceAttack, palace_attacks.hits);
    terms.term(
        color,
        Term::PalacePressure,
        palace_attacks.pieces * palace_attacks.hits,
    );
    side
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces the evaluation says the side to move attacks hold every
    /// legal capture's victim (the quiescence search generates captures of
    /// those alone), and only enemy pieces; the score is the evaluation's.
    #[test]
    fn targets_hold_every_captures_victim() {
        let mut victims_by_kind = [0; 7];
        for pos in crate::rules::playouts::playout_positions(60, 80, 0x7E57_AB1E_0DD5_0FF5) {
            let sums = PieceSquareSums::of(&pos);
            let (score, targets) = evaluate_with_targets(&pos, sums);
            assert_eq!(score, evaluate(&pos), "{}", pos.to_fen());
            let enemies = pos.pieces_of(pos.side_to_move().opponent());
            assert_eq!(targets & !enemies, Bitboard::EMPTY, "{}", pos.to_fen());
            for &mv in pos.legal_moves().iter().filter(|&&mv| pos.is_capture(mv)) {
                assert!(targets.contains(mv.to()), "{mv} in {}", pos.to_fen());
                victims_by_kind[pos.piece_at(mv.from()).unwrap().kind.index()] += 1;
            }
        }
        // Captures by every kind were checked (the general's included).
        assert!(
            victims_by_kind.iter().all(|&n| n > 0),
            "{victims_by_kind:?}"
        );
    }

    #[test]
    fn start_position_is_balanced_up_to_tempo() {
        let pos = Position::startpos();
        assert_eq!(evaluate(&pos), TEMPO);
    }

    /// The same position seen from the other side: ranks mirrored, colours
    /// swapped, the other side to move.
    fn mirrored(fen: &str) -> String {
        let mut fields = fen.split_whitespace();
        let board = fields.next().unwrap();
        let side = fields.next().unwrap();
        let rows: Vec<String> = board
            .split('/')
            .rev()
            .map(|row| {
                row.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if side == "w" { "b" } else { "w" };
        format!("{} {} - - 0 1", rows.join("/"), side)
    }

    #[test]
    fn evaluation_is_symmetric_between_colours() {
        for fen in [
            "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
            "2bak4/4a4/4b4/4C4/2p6/9/9/4B4/3nA4/3AK4 b - - 0 1",
            "3k5/4P4/9/9/9/9/9/9/9/4K4 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let other = Position::from_fen(&mirrored(fen)).unwrap();
            assert_eq!(evaluate(&pos), evaluate(&other), "{fen}");
        }
    }

    #[test]
    fn extra_chariot_is_winning() {
        let pos = Position::from_fen(
            "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        assert!(evaluate(&pos) > 400);
    }

    /// Counts how often each term applies, per colour.
    #[derive(Default)]
    struct Counts([[i32; Term::ALL.len()]; 2]);

    impl Terms for Counts {
        fn piece(&mut self, _: Piece, _: Square) {}
        fn term(&mut self, color: Color, term: Term, count: i32) {
            self.0[color.index()][term as usize] += count;
        }
    }

    fn counts(fen: &str) -> Counts {
        let mut counts = Counts::default();
        walk(&Position::from_fen(fen).unwrap(), &mut counts);
        counts
    }

    #[test]
    fn palace_attacks_count_points_and_pieces() {
        // Red's d5 chariot sees d7, d8 and d9; the e7 horse jumps to d9 and
        // f9 (its e6 leg is blocked, so not downwards); the crossed e6
        // soldier attacks e7. Black attacks nothing.
        let c = counts("4k4/9/4N4/4P4/3R5/9/9/9/9/5K3 w - - 0 1");
        let (red, black) = (c.0[0], c.0[1]);
        assert_eq!(red[Term::PalaceAttack as usize], 3 + 2 + 1);
        assert_eq!(red[Term::PalacePressure as usize], 3 * 6);
        assert_eq!(black[Term::PalaceAttack as usize], 0);
        assert_eq!(black[Term::PalacePressure as usize], 0);
    }

    #[test]
    fn threats_count_cheaper_attackers_and_undefended_pieces() {
        let threats = |fen| {
            let c = counts(fen);
            let of = |side: [i32; Term::ALL.len()]| {
                (
                    side[Term::ThreatByLesser as usize],
                    side[Term::Hanging as usize],
                )
            };
            (of(c.0[0]), of(c.0[1]))
        };
        // Red's crossed soldier attacks the e6 horse, which the chariot
        // behind it defends; the horse's legs are blocked towards the soldier.
        assert_eq!(
            threats("4k4/4r4/9/4n4/4P4/9/9/9/9/3K5 w - - 0 1"),
            ((1, 0), (0, 0))
        );
        // Without the chariot the horse hangs too.
        assert_eq!(
            threats("4k4/9/9/4n4/4P4/9/9/9/9/3K5 w - - 0 1"),
            ((1, 1), (0, 0))
        );
        // The a0 cannon, screened by the a3 soldier, attacks the undefended
        // a6 chariot; the chariot attacks the soldier, which a cannon cannot
        // defend from behind its own screen.
        assert_eq!(
            threats("4k4/9/9/r8/9/9/P8/9/9/C2K5 w - - 0 1"),
            ((1, 1), (0, 1))
        );
    }

    /// The sums kept move by move are the sums of every piece, along random
    /// games with captures. (That those are the walk's material and
    /// placement is `tune::tests::prediction_matches_the_evaluation`.)
    #[test]
    fn sums_kept_move_by_move_match_the_pieces() {
        let mut rng = crate::rng::SplitMix64::new(7);
        let mut checked = 0;
        for _ in 0..200 {
            let mut pos = Position::startpos();
            let mut sums = PieceSquareSums::of(&pos);
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                sums = sums.after(&pos, mv);
                pos.make_move(mv);
                assert_eq!(sums, PieceSquareSums::of(&pos), "{}", pos.to_fen());
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn bare_generals_and_guards_are_a_dead_draw() {
        let pos = Position::from_fen("3k1a3/4a4/9/9/9/9/9/9/9/2BAKAB2 w - - 0 1").unwrap();
        assert_eq!(evaluate(&pos), 0);
    }
}
