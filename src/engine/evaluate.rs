//! The static evaluation: how good a position looks without searching, in
//! centipawns for the side to move.
//!
//! Terms: material and piece-square values ([`pst`](super::pst)); mobility of
//! chariots, horses and cannons (a horse with blocked legs loses most of its
//! moves, which is how the "lame horse" is scored); the general's safety when
//! advisors or elephants are missing and enemy attackers have crossed the
//! river; cannons on the enemy general's file (empty-headed, or behind two
//! screens ready to uncover); a side with nothing left to attack with cannot
//! win. Middlegame and endgame values are blended by the attacking material
//! left on the board.

use std::sync::OnceLock;

use crate::rules::{Bitboard, Color, PieceKind, Position, Squares, NUM_SQUARES};

use super::pst;

/// Attacking material counted for the game phase: chariot 6, horse and cannon 3.
const PHASE_MAX: i32 = 2 * (2 * 6 + 2 * 3 + 2 * 3);
const TEMPO: i32 = 10;

/// Per reachable point, `[middlegame, endgame]`.
const CHARIOT_MOBILITY: [i32; 2] = [3, 4];
const HORSE_MOBILITY: [i32; 2] = [7, 8];
const CANNON_MOBILITY: [i32; 2] = [2, 1];
/// A horse with at most one move left, its legs blocked.
const TRAPPED_HORSE: [i32; 2] = [-20, -20];
/// A cannon facing the enemy general with nothing between.
const EMPTY_HEAD_CANNON: [i32; 2] = [45, 15];
/// A cannon facing the enemy general with two pieces between.
const CENTRAL_CANNON: [i32; 2] = [14, 4];
/// Per unit of attack, times the weighted count of missing guards.
const GUARD_SHORTAGE: i32 = 3;

/// Horse jumps with the leg that blocks each: (df, dr, leg df, leg dr).
const HORSE_JUMPS: [(i32, i32, i32, i32); 8] = [
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

/// Per point, the horse jumps with their legs: computed once, so the
/// mobility loop tests bits only.
struct Geometry {
    /// (target, leg) pairs.
    jumps: [[(u8, u8); 8]; NUM_SQUARES],
    jump_count: [u8; NUM_SQUARES],
}

fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| {
        let mut g = Geometry {
            jumps: [[(0, 0); 8]; NUM_SQUARES],
            jump_count: [0; NUM_SQUARES],
        };
        let index = |f: i32, r: i32| -> Option<u8> {
            ((0..9).contains(&f) && (0..10).contains(&r)).then(|| (r * 9 + f) as u8)
        };
        for sq in 0..NUM_SQUARES {
            let (file, rank) = ((sq % 9) as i32, (sq / 9) as i32);
            for (df, dr, lf, lr) in HORSE_JUMPS {
                if let (Some(t), Some(leg)) =
                    (index(file + df, rank + dr), index(file + lf, rank + lr))
                {
                    let n = g.jump_count[sq] as usize;
                    g.jumps[sq][n] = (t, leg);
                    g.jump_count[sq] += 1;
                }
            }
        }
        g
    })
}

#[inline]
fn has(bb: Bitboard, index: u8) -> bool {
    (bb >> index) & 1 != 0
}

fn own_half(color: Color, rank: i32) -> bool {
    match color {
        Color::Red => rank <= 4,
        Color::Black => rank >= 5,
    }
}

/// Per side accumulators, `[middlegame, endgame]`.
#[derive(Default, Clone, Copy)]
struct Side {
    score: [i32; 2],
    phase: i32,
    attackers: i32,
    advisors: i32,
    elephants: i32,
    /// Weighted attackers in the other side's half, threatening its general.
    attack_weight: i32,
}

impl Side {
    fn add(&mut self, v: [i32; 2]) {
        self.score[0] += v[0];
        self.score[1] += v[1];
    }
    fn add_scaled(&mut self, v: [i32; 2], n: i32) {
        self.score[0] += v[0] * n;
        self.score[1] += v[1] * n;
    }
}

/// The evaluation in centipawns for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let occupied = pos.occupied();
    let colors = [pos.pieces_of(Color::Red), pos.pieces_of(Color::Black)];
    let geo = geometry();
    let table = pst::table();
    let mut sides = [Side::default(); 2];
    let generals = [
        pos.general_square(Color::Red),
        pos.general_square(Color::Black),
    ];

    for sq in Squares(occupied) {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let us = piece.color;
        let side = &mut sides[us.index()];
        side.add(table.value(piece, sq));
        let (file, rank) = (sq.file() as i32, sq.rank() as i32);
        let in_enemy_half = !own_half(us, rank);
        match piece.kind {
            PieceKind::General => {}
            PieceKind::Advisor => side.advisors += 1,
            PieceKind::Elephant => side.elephants += 1,
            PieceKind::Soldier => {
                side.attackers += 1;
                if in_enemy_half {
                    side.attack_weight += 1;
                }
            }
            PieceKind::Chariot => {
                side.attackers += 1;
                side.phase += 6;
                if in_enemy_half {
                    side.attack_weight += 4;
                }
                let mobility = (pos.slider_reach(sq) & !colors[us.index()]).count_ones() as i32;
                side.add_scaled(CHARIOT_MOBILITY, mobility);
            }
            PieceKind::Cannon => {
                side.attackers += 1;
                side.phase += 3;
                if in_enemy_half {
                    side.attack_weight += 3;
                }
                let mobility = ((pos.slider_reach(sq) & !occupied).count_ones()
                    + (pos.cannon_jumps(sq) & colors[us.opponent().index()]).count_ones())
                    as i32;
                side.add_scaled(CANNON_MOBILITY, mobility);
                let enemy_general = generals[us.opponent().index()];
                if enemy_general.file() as i32 == file {
                    match pieces_between(occupied, file, rank, enemy_general.rank() as i32) {
                        0 => side.add(EMPTY_HEAD_CANNON),
                        2 => side.add(CENTRAL_CANNON),
                        _ => {}
                    }
                }
            }
            PieceKind::Horse => {
                side.attackers += 1;
                side.phase += 3;
                if in_enemy_half {
                    side.attack_weight += 3;
                }
                let mobility = horse_mobility(geo, occupied, colors[us.index()], sq.index());
                side.add_scaled(HORSE_MOBILITY, mobility);
                if mobility <= 1 {
                    side.add(TRAPPED_HORSE);
                }
            }
        }
    }

    for color in Color::ALL {
        let (us, them) = (color.index(), color.opponent().index());
        // Missing advisors matter most against horses and chariots, missing
        // elephants against cannons; both only when attackers are there.
        // (A quadratic palace-pressure term tried instead lost more games.)
        let shortage = 3 * (2 - sides[us].advisors) + 2 * (2 - sides[us].elephants);
        let penalty = GUARD_SHORTAGE * sides[them].attack_weight * shortage;
        sides[us].score[0] -= penalty;
        sides[us].score[1] -= penalty / 3;
    }

    let phase = (sides[0].phase + sides[1].phase).min(PHASE_MAX);
    let blend = |s: &Side| (s.score[0] * phase + s.score[1] * (PHASE_MAX - phase)) / PHASE_MAX;
    let mut red = blend(&sides[0]) - blend(&sides[1]);

    // A side with nothing that can cross the river cannot win.
    let winner_has_no_attackers =
        (red > 0 && sides[0].attackers == 0) || (red < 0 && sides[1].attackers == 0);
    if winner_has_no_attackers {
        red /= 8;
    }
    if sides[0].attackers == 0 && sides[1].attackers == 0 {
        return 0;
    }

    let stm = match pos.side_to_move() {
        Color::Red => red,
        Color::Black => -red,
    };
    stm + TEMPO
}

/// Points a horse can jump to: leg free and no piece of its own there.
fn horse_mobility(geo: &Geometry, occupied: Bitboard, own: Bitboard, sq: usize) -> i32 {
    geo.jumps[sq][..geo.jump_count[sq] as usize]
        .iter()
        .filter(|&&(target, leg)| !has(occupied, leg) && !has(own, target))
        .count() as i32
}

/// Pieces strictly between two points of one file.
fn pieces_between(occupied: Bitboard, file: i32, rank_a: i32, rank_b: i32) -> i32 {
    let (lo, hi) = if rank_a < rank_b {
        (rank_a, rank_b)
    } else {
        (rank_b, rank_a)
    };
    ((lo + 1)..hi)
        .filter(|&r| has(occupied, (r * 9 + file) as u8))
        .count() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn bare_generals_and_guards_are_a_dead_draw() {
        let pos = Position::from_fen("3k1a3/4a4/9/9/9/9/9/9/9/2BAKAB2 w - - 0 1").unwrap();
        assert_eq!(evaluate(&pos), 0);
    }
}
