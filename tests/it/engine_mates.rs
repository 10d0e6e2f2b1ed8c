//! Forced mates in one to four moves are found, at their true distance.
//!
//! The positions come from ElephantEye self-play games shortly before a
//! checkmate; ElephantEye (depth 12) certified each as a forced mate in the
//! number of moves given here at most. ElephantEye does not always report the
//! shortest mate: in the second position of the mates in 3, g2h0 leaves Red
//! only moves after which e6e2 (or e6f6) leaves it none, a mate in 2 (checked
//! move by move with pyffish). So the test asks for a mate no longer than
//! the certified one, and plays the principal variation out to a position
//! with no legal move (mate or stalemate: both lose in Xiangqi).

use std::time::Duration;

use xiangqi_bot::engine::{GameHistory, Limits, Searcher};
use xiangqi_bot::rules::Position;

const MATES: &[(&str, i32)] = &[
    ("3k1a3/4a4/4b4/7N1/9/9/9/3rB4/5r3/2B1K4 b - - 1 59", 1),
    ("9/3k5/9/p1p6/9/P1P1R4/4C3p/4C4/4A4/2B1KAB2 w - - 0 40", 1),
    (
        "3akabn1/6RR1/b6cr/p3C3p/2p3p2/9/P1P1P3P/2N4C1/9/2BA1K3 w - - 1 18",
        1,
    ),
    ("3k1a3/4a4/4b4/9/9/6N2/9/3AB4/3r1r3/2B1K4 b - - 3 58", 2),
    ("9/3k5/4R4/p1p6/9/P1P5p/4C3P/4C4/4A4/2B1KAB2 w - - 1 39", 2),
    ("3a2R2/3k5/2r1PP3/5P3/9/8p/p8/9/9/2BAKAB2 w - - 1 50", 3),
    ("3a1a3/4k4/b6Nn/p1P1r4/8P/6p2/9/5Kn2/9/9 b - - 1 53", 3),
    ("3Rnkb2/9/4b4/8p/9/7N1/8P/5A2B/4A4/3K5 w - - 5 56", 3),
    ("3k5/4R4/9/9/9/2B6/9/2p6/4A4/3AK4 w - - 9 50", 3),
    ("2bk5/4aP3/2Pa5/9/6b2/4C4/9/4B4/4A4/3K5 w - - 61 74", 3),
    (
        "9/5k2r/5aR2/p4N3/6C2/9/P3P1P1P/6N2/9/2BAKABR1 w - - 1 32",
        3,
    ),
    ("3k1a3/4a4/4b4/9/9/6N2/3R5/4B4/3r1r3/2BAK4 b - - 16 56", 4),
    ("4k4/9/b8/8p/6b2/9/P1c2C2P/5n3/6r2/3A1KB2 b - - 1 49", 4),
    ("3a2bR1/2rk5/4PP3/5P3/9/8p/p8/9/9/2BAKAB2 w - - 1 49", 4),
    (
        "3ak1b2/4a4/6c2/6R2/4P3p/2P6/1p5rP/3Ac3B/N4r3/2RAK4 b - - 1 33",
        4,
    ),
    ("4k4/9/9/9/9/9/3pn4/3AK4/6r2/2cA5 b - - 5 77", 4),
    (
        "3akabnr/7R1/b5cc1/p3C3p/2p3p2/9/P1P1P3P/2N2R1C1/9/2BAKAr2 w - - 1 15",
        4,
    ),
];

#[test]
fn forced_mates_are_found_at_their_distance() {
    let mut searcher = Searcher::new(16);
    for &(fen, moves) in MATES {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        searcher.new_game();
        let limits = Limits {
            depth: Some(4 * moves as u32 + 2),
            movetime: Some(Duration::from_secs(20)),
            ..Limits::default()
        };
        let result = searcher.search(&pos, &GameHistory::new(), &limits);
        let mv = result.best_move.expect("a move");
        assert!(pos.is_legal(mv), "{fen}: illegal {mv}");
        let found = result.score.mate_in().unwrap_or(0);
        assert!(
            (1..=moves).contains(&found),
            "{fen}: got {} with {mv}, expected mate in {moves}",
            result.score
        );
        // Playing out the principal variation ends in mate.
        let mut line = pos.clone();
        for &m in &result.pv {
            assert!(line.is_legal(m), "{fen}: pv {:?}", result.pv);
            line.make_move(m);
        }
        assert_eq!(
            result.pv.len(),
            2 * found as usize - 1,
            "{fen}: pv {:?}",
            result.pv
        );
        assert!(
            line.legal_moves().is_empty(),
            "{fen}: pv {:?} does not mate",
            result.pv
        );
    }
}

#[test]
fn mated_side_sees_its_fate() {
    // After the winner's first move of a mate in 3, the loser sees mate in 2 against it.
    let pos = Position::from_fen("3k5/4R4/9/9/9/2B6/9/2p6/4A4/3AK4 w - - 9 50").unwrap();
    let mut searcher = Searcher::new(4);
    let result = searcher.search(&pos, &GameHistory::new(), &Limits::depth(7));
    let mv = result.best_move.unwrap();
    let mut after = pos.clone();
    after.make_move(mv);
    searcher.new_game();
    let reply = searcher.search(&after, &GameHistory::new(), &Limits::depth(6));
    assert_eq!(reply.score.mate_in(), Some(-2), "{}", reply.score);
}
