//! The searcher's contract: legal moves only, limits honoured (nodes exactly
//! and deterministically, time, the stop flag), the repetition rules applied.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use xiangqi_bot::engine::uci::parse_iccs;
use xiangqi_bot::engine::{GameHistory, Limits, Score, SearchResult, Searcher};
use xiangqi_bot::rng::SplitMix64;
use xiangqi_bot::rules::{Move, Position};

/// A position after `plies` random legal moves from the start, with its history.
fn random_game(seed: u64, plies: usize) -> (Position, GameHistory) {
    let mut rng = SplitMix64::new(seed);
    let start = Position::startpos();
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.index(legal.len())];
        pos.make_move(mv);
        moves.push(mv);
    }
    GameHistory::rebuild(&start, &moves).expect("random legal moves rebuild")
}

#[test]
fn never_returns_an_illegal_move_from_random_positions() {
    let mut searcher = Searcher::new(4);
    let mut searched = 0;
    for seed in 0..150u64 {
        let (pos, history) = random_game(seed, (seed as usize * 7) % 120);
        let legal = pos.legal_moves();
        let limits = if seed % 2 == 0 {
            Limits::nodes(3_000)
        } else {
            Limits::depth(2)
        };
        let result = searcher.search(&pos, &history, &limits);
        match result.best_move {
            Some(mv) => {
                assert!(pos.is_legal(mv), "{mv} is illegal in {}", pos.to_fen());
                // The whole principal variation is playable.
                let mut line = pos.clone();
                for &pv_move in &result.pv {
                    assert!(
                        line.is_legal(pv_move),
                        "pv {:?} breaks in {}",
                        result.pv,
                        pos.to_fen()
                    );
                    line.make_move(pv_move);
                }
                searched += 1;
            }
            None => assert!(legal.is_empty(), "no move returned in {}", pos.to_fen()),
        }
    }
    assert!(searched > 100);
}

/// Everything in a result but the time it took.
fn signature(r: &SearchResult) -> (Option<Move>, Score, u32, Vec<Move>, u64) {
    (r.best_move, r.score, r.depth, r.pv.clone(), r.nodes)
}

#[test]
fn same_node_limit_gives_the_same_result() {
    let (pos, history) = random_game(42, 30);
    let mut first = Searcher::new(8);
    let a = first.search(&pos, &history, &Limits::nodes(25_000));
    // A reused searcher reset for a new game behaves as a fresh one.
    first.new_game();
    let b = first.search(&pos, &history, &Limits::nodes(25_000));
    let c = Searcher::new(8).search(&pos, &history, &Limits::nodes(25_000));
    assert_eq!(signature(&a), signature(&b));
    assert_eq!(signature(&a), signature(&c));
    assert!(
        a.nodes <= 25_000 + 1 && a.nodes > 20_000,
        "nodes {}",
        a.nodes
    );
}

#[test]
fn stops_on_time() {
    let pos = Position::startpos();
    let mut searcher = Searcher::new(4);
    for ms in [30u64, 120] {
        let start = Instant::now();
        let result = searcher.search(
            &pos,
            &GameHistory::new(),
            &Limits::movetime(Duration::from_millis(ms)),
        );
        let took = start.elapsed();
        // The contract is 10% + 5 ms; the slack here is for a loaded CI machine.
        assert!(
            took < Duration::from_millis(ms * 11 / 10 + 60),
            "{ms} ms search took {took:?}"
        );
        assert!(result.best_move.is_some_and(|m| pos.is_legal(m)));
        assert!(result.depth >= 1);
    }
}

#[test]
fn stops_when_the_flag_is_raised() {
    let pos = Position::startpos();
    let limits = Limits::default();
    let stop = limits.stop.clone();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(80));
        stop.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let mut searcher = Searcher::new(4);
    let result = searcher.search(&pos, &GameHistory::new(), &limits);
    let returned = Instant::now();
    let raised = raiser.join().unwrap();
    assert!(returned.duration_since(raised) < Duration::from_millis(200));
    assert!(result.best_move.is_some_and(|m| pos.is_legal(m)));
}

#[test]
fn a_searcher_can_move_to_another_thread() {
    fn assert_send<T: Send>(_: &T) {}
    let searcher = Searcher::new(1);
    assert_send(&searcher);
    let stop = Arc::new(AtomicBool::new(false));
    let handle = std::thread::spawn(move || {
        let mut s = searcher;
        let limits = Limits {
            depth: Some(3),
            stop,
            ..Limits::default()
        };
        s.search(&Position::startpos(), &GameHistory::new(), &limits)
    });
    assert!(handle.join().unwrap().best_move.is_some());
}

#[test]
fn avoids_repeating_a_perpetual_check() {
    // Red checked along rank 9, then rank 8, and the position came back.
    // Checking on a9 again recreates a cycle in which Red checked with every
    // move: a loss under the rules. Red is winning anyway, so it must play
    // something else and still see itself ahead.
    let start = Position::from_fen("4k4/R8/9/9/2P6/9/9/9/9/3K5 w - - 0 1").unwrap();
    let moves: Vec<Move> = ["a8a9", "e9e8", "a9a8", "e8e9"]
        .iter()
        .map(|t| parse_iccs(t).unwrap())
        .collect();
    let (pos, history) = GameHistory::rebuild(&start, &moves).unwrap();
    assert_eq!(pos.key(), start.key());
    let mut searcher = Searcher::new(4);
    let result = searcher.search(&pos, &history, &Limits::depth(6));
    assert_ne!(result.best_move, Some(parse_iccs("a8a9").unwrap()));
    assert!(result.score.0 > 0, "{}", result.score);
    // The repeating check itself is scored as the loss it is.
    let scored = searcher.score_root_moves(&pos, &history, 2, &Limits::default());
    let repeat = scored
        .iter()
        .find(|(m, _)| m.to_string() == "a8a9")
        .unwrap();
    assert!(repeat.1 .0 <= -10_000, "a8a9 scored {}", repeat.1);
    // Without the history it is an ordinary check.
    let scored = searcher.score_root_moves(&start, &GameHistory::new(), 2, &Limits::default());
    let check = scored
        .iter()
        .find(|(m, _)| m.to_string() == "a8a9")
        .unwrap();
    assert!(check.1 .0 > 0, "a8a9 scored {}", check.1);
}

#[test]
fn the_victim_of_a_perpetual_check_sees_a_win() {
    // From an ElephantEye game: Black's chariot can only check back and forth
    // on c1/c2 (anything else loses to Red's attack), so Red, in check, is
    // winning by the rules once the checks repeat.
    let start =
        Position::from_fen("2bakab2/9/5R1C1/p1p1C1p1p/9/2P3P2/8P/B4Ar2/4K4/9 b - - 0 25").unwrap();
    let moves: Vec<Move> = ["g2g1", "e1e2", "g1a1", "a2c0", "a1c1", "f7f8", "c1c2"]
        .iter()
        .map(|t| parse_iccs(t).unwrap())
        .collect();
    let (pos, history) = GameHistory::rebuild(&start, &moves).unwrap();
    let result = Searcher::new(4).search(&pos, &history, &Limits::depth(8));
    assert!(result.score.0 >= 10_000, "{}", result.score);
}
