//! Targeted positions for each movement rule, check, mate and stalemate, the
//! reasons given for illegal moves, and make/unmake over random playouts.

use proptest::prelude::*;
use xiangqi_bot::rules::{IllegalReason, Move, PieceKind, Position, Square};

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square name")
}

fn mv(text: &str) -> Move {
    Move::new(sq(&text[..2]), sq(&text[2..]))
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves from one square, sorted ICCS.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let mut out: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == sq(from))
        .map(|m| m.to_string())
        .collect();
    out.sort();
    out
}

fn all_moves(p: &Position) -> Vec<String> {
    let mut out: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    out.sort();
    out
}

#[test]
fn horse_leg_blocks_two_targets() {
    let p = pos("5k3/9/9/9/4P4/4N4/9/9/9/3K5 w - - 0 1");
    assert_eq!(
        moves_from(&p, "e4"),
        ["e4c3", "e4c5", "e4d2", "e4f2", "e4g3", "e4g5"]
    );
    assert_eq!(
        p.explain_illegal(mv("e4d6")),
        IllegalReason::HorseLegBlocked { leg: sq("e5") }
    );
    assert_eq!(
        p.explain_illegal(mv("e4d6")).to_string(),
        "the horse's leg at e5 is blocked"
    );
    assert!(!p.is_legal(mv("e4d6")));
    assert!(p.is_legal(mv("e4c5")));
}

#[test]
fn horse_attacks_one_way_only() {
    // The Black horse on d6 attacks e4 through its free leg d5, while the
    // Red horse on e4 cannot reach d6: its leg e5 is blocked.
    let p = pos("5k3/9/9/3n5/4p4/4N4/9/9/9/3K5 w - - 0 1");
    assert!(p.is_attacked(sq("e4"), xiangqi_bot::rules::Color::Black));
    assert!(!p.is_legal(mv("e4d6")));
}

#[test]
fn elephant_eye_and_river() {
    let p = pos("5k3/9/9/9/9/6B2/3n5/4B4/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&p, "e2"), ["e2c0", "e2g0"]);
    assert_eq!(moves_from(&p, "g4"), ["g4i2"]);
    assert_eq!(
        p.explain_illegal(mv("e2c4")),
        IllegalReason::ElephantEyeBlocked { eye: sq("d3") }
    );
    assert_eq!(
        p.explain_illegal(mv("e2c4")).to_string(),
        "the elephant's eye at d3 is blocked"
    );
    assert_eq!(
        p.explain_illegal(mv("g4e6")),
        IllegalReason::ElephantCrossesRiver
    );
    assert_eq!(
        p.explain_illegal(mv("g4e6")).to_string(),
        "an elephant cannot cross the river"
    );
}

#[test]
fn cannon_needs_exactly_one_screen_to_capture() {
    let p = pos("5k3/1r7/1c7/9/1n7/9/9/1C1n3r1/9/3K5 w - - 0 1");
    assert_eq!(
        moves_from(&p, "b2"),
        ["b2a2", "b2b0", "b2b1", "b2b3", "b2b4", "b2b7", "b2c2", "b2h2"]
    );
    assert_eq!(
        p.explain_illegal(mv("b2d2")),
        IllegalReason::CannonScreens { screens: 0 }
    );
    assert_eq!(
        p.explain_illegal(mv("b2b8")).to_string(),
        "a cannon captures by jumping exactly one piece, and there are 2 in between"
    );
    assert_eq!(
        p.explain_illegal(mv("b2b6")),
        IllegalReason::PathBlocked {
            kind: PieceKind::Cannon,
            at: sq("b5")
        }
    );
    assert!(p.is_capture(mv("b2h2")));
    assert!(!p.is_capture(mv("b2c2")));
}

#[test]
fn chariot_slides_and_stops_at_first_piece() {
    let p = pos("5k3/9/9/9/1n7/9/9/1R5N1/9/3K5 w - - 0 1");
    assert_eq!(
        moves_from(&p, "b2"),
        ["b2a2", "b2b0", "b2b1", "b2b3", "b2b4", "b2b5", "b2c2", "b2d2", "b2e2", "b2f2", "b2g2"]
    );
    assert_eq!(
        p.explain_illegal(mv("b2b6")).to_string(),
        "the chariot's path is blocked at b5"
    );
    assert_eq!(
        p.explain_illegal(mv("b2h2")).to_string(),
        "h2 holds one of your own pieces"
    );
}

#[test]
fn soldier_before_and_after_the_river() {
    let p = pos("P4k3/9/9/9/2P6/9/4P4/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&p, "e3"), ["e3e4"]);
    assert_eq!(moves_from(&p, "c5"), ["c5b5", "c5c6", "c5d5"]);
    assert_eq!(moves_from(&p, "a9"), ["a9b9"]);
    assert_eq!(
        p.explain_illegal(mv("e3d3")),
        IllegalReason::SoldierSidewaysBeforeRiver
    );
    assert_eq!(
        p.explain_illegal(mv("c5c4")),
        IllegalReason::SoldierBackward
    );
    // Black soldiers go the other way.
    let b = pos("3k5/9/9/9/9/2p6/9/9/9/4K4 b - - 0 1");
    assert_eq!(moves_from(&b, "c4"), ["c4b4", "c4c3", "c4d4"]);
}

#[test]
fn palace_edges() {
    let p = pos("3k5/9/9/9/9/9/9/3A1K3/9/9 w - - 0 1");
    assert_eq!(all_moves(&p), ["d2e1", "f2e2", "f2f1"]);
    assert_eq!(
        p.explain_illegal(mv("f2g2")),
        IllegalReason::LeavesPalace {
            kind: PieceKind::General
        }
    );
    assert_eq!(
        p.explain_illegal(mv("f2f3")).to_string(),
        "the general cannot leave the palace"
    );
    assert_eq!(
        p.explain_illegal(mv("d2c3")).to_string(),
        "the advisor cannot leave the palace"
    );
    assert!(matches!(
        p.explain_illegal(mv("d2d1")),
        IllegalReason::CannotMoveThatWay {
            kind: PieceKind::Advisor,
            ..
        }
    ));
}

#[test]
fn flying_general_pins_the_lone_piece_between() {
    let p = pos("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
    assert_eq!(all_moves(&p), ["e0d0", "e0e1", "e0f0"]);
    assert_eq!(p.explain_illegal(mv("e4c5")), IllegalReason::GeneralsFace);
    assert_eq!(
        p.explain_illegal(mv("e4c5")).to_string(),
        "the generals would face each other"
    );
}

#[test]
fn general_cannot_step_onto_a_file_the_other_general_sees() {
    let p = pos("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
    assert_eq!(all_moves(&p), ["e1e0", "e1e2", "e1f1"]);
    assert_eq!(p.explain_illegal(mv("e1d1")), IllegalReason::GeneralsFace);
}

#[test]
fn check_must_be_answered() {
    let p = pos("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(all_moves(&p), ["e9f9"]);
    assert_eq!(
        p.explain_illegal(mv("e9e8")).to_string(),
        "that would leave your general in check"
    );
    assert_eq!(p.explain_illegal(mv("e9d9")), IllegalReason::GeneralsFace);
    assert!(!Position::startpos().in_check());
}

#[test]
fn cannon_check_and_discovered_screens() {
    // Red cannon e5 with the Black horse e7 as its screen gives check.
    let p = pos("3k5/9/4n4/9/4C4/9/9/9/9/5K3 b - - 0 1");
    assert!(!p.in_check(), "the general is not on the cannon's file");
    let p = pos("4k4/9/4n4/9/4C4/9/9/9/9/5K3 b - - 0 1");
    assert!(p.in_check());
    // Taking the screen away answers the check; e8 keeps the screen, and f9
    // would face the Red general.
    assert_eq!(
        all_moves(&p),
        ["e7c6", "e7c8", "e7d5", "e7d9", "e7f5", "e7f9", "e7g6", "e7g8", "e9d9"]
    );
    // A piece stepping between general and an unscreened cannon gives check.
    let q = pos("4k4/9/r8/9/4C4/9/9/9/9/3K5 b - - 0 1");
    assert!(!q.in_check());
    assert!(q.is_legal(mv("a7d7")));
    assert!(!q.is_legal(mv("a7e7")));
    assert_eq!(
        q.explain_illegal(mv("a7e7")),
        IllegalReason::LeavesGeneralInCheck
    );
}

#[test]
fn checkmate_and_stalemate_have_no_moves() {
    let mate = pos("R2k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(mate.in_check());
    assert!(mate.legal_moves().is_empty());
    assert!(!mate.has_legal_moves());
    let stalemate = pos("3k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(!stalemate.in_check());
    assert!(stalemate.legal_moves().is_empty());
    assert_eq!(stalemate.count_legal_moves(), 0);
}

#[test]
fn explain_names_the_missing_and_the_wrong_piece() {
    let p = Position::startpos();
    assert_eq!(
        p.explain_illegal(mv("h3h4")).to_string(),
        "there is no piece on h3"
    );
    assert_eq!(
        p.explain_illegal(mv("h7e7")).to_string(),
        "h7 holds a Black piece"
    );
    assert_eq!(p.explain_illegal(mv("h2e2")), IllegalReason::NotIllegal);
    assert_eq!(
        p.explain_illegal(mv("b0c1")).to_string(),
        "a horse cannot move from b0 to c1: it moves one point straight then one diagonally outward"
    );
    assert_eq!(
        p.explain_illegal(mv("b0d1")).to_string(),
        "the horse's leg at c0 is blocked"
    );
}

#[test]
fn captures_are_the_capturing_subset() {
    let p = pos("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1");
    let mut caps: Vec<Move> = p.legal_captures().to_vec();
    let mut expected: Vec<Move> = p
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| p.is_capture(m))
        .collect();
    caps.sort();
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(caps, expected);
}

const FENS: [&str; 5] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
];

/// Every move of all 90×90, filtered by the independent rule checks in
/// `explain_illegal` and by "is my general attacked after making it".
fn oracle_moves(p: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    for from in Square::all() {
        for to in Square::all() {
            let m = Move::new(from, to);
            let explained_legal = p.explain_illegal(m) == IllegalReason::NotIllegal;
            assert_eq!(
                p.is_legal(m),
                explained_legal,
                "is_legal and explain_illegal disagree on {m} in {}",
                p.to_fen()
            );
            if explained_legal {
                let mut after = p.clone();
                after.make_move(m);
                let us = p.side_to_move();
                assert!(
                    !after.is_attacked(after.general_square(us), us.opponent()),
                    "{m} in {} leaves the general attacked",
                    p.to_fen()
                );
                out.push(m);
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random playouts: the incremental key (and the one foreseen before
    /// the move) equals the key from scratch,
    /// FEN round trips, generation agrees with the rule-by-rule oracle and
    /// `is_legal`, and unmaking every move restores the start exactly.
    #[test]
    fn playouts_make_unmake_and_agree(start in 0usize..FENS.len(), seeds in prop::collection::vec(any::<u32>(), 1..80)) {
        let original = pos(FENS[start]);
        let mut p = original.clone();
        let mut played = Vec::new();
        for seed in seeds {
            let moves = p.legal_moves();
            let mut oracle = oracle_moves(&p);
            let mut generated: Vec<Move> = moves.to_vec();
            generated.sort();
            oracle.sort();
            prop_assert_eq!(&generated, &oracle, "in {}", p.to_fen());
            prop_assert_eq!(p.count_legal_moves() as usize, generated.len());
            for m in &generated {
                prop_assert!(p.is_legal(*m));
            }
            if moves.is_empty() {
                break;
            }
            let m = moves[seed as usize % moves.len()];
            let foreseen = p.key_after(m);
            let undo = p.make_move(m);
            prop_assert_eq!(p.key(), p.key_from_scratch());
            prop_assert_eq!(foreseen, p.key());
            let reread = Position::from_fen(&p.to_fen()).expect("a reachable position reads back");
            prop_assert_eq!(&reread, &p);
            played.push((m, undo, p.clone()));
        }
        while let Some((m, undo, after)) = played.pop() {
            prop_assert_eq!(&p, &after);
            p.unmake_move(m, undo);
            prop_assert_eq!(p.key(), p.key_from_scratch());
        }
        prop_assert_eq!(&p, &original);
    }
}

#[test]
fn null_move_flips_side_and_key_and_back() {
    let mut p = Position::startpos();
    let before = p.clone();
    let undo = p.make_null();
    assert_ne!(p.side_to_move(), before.side_to_move());
    assert_ne!(p.key(), before.key());
    assert_eq!(p.key(), p.key_from_scratch());
    p.unmake_null(undo);
    assert_eq!(p, before);
}

#[test]
fn counters_follow_captures_and_black_moves() {
    let mut p = Position::startpos();
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (0, 1));
    p.make_move(mv("h2e2"));
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (1, 1));
    p.make_move(mv("h9g7"));
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (2, 2));
    let undo = p.make_move(mv("e2e6"));
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(undo.captured().map(|c| c.kind), Some(PieceKind::Soldier));
}
