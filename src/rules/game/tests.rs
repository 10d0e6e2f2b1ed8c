use super::*;
use crate::rules::{Bitboard, Square};

fn mv(text: &str) -> Move {
    let from = Square::parse(&text[..2]).expect("from point");
    let to = Square::parse(&text[2..]).expect("to point");
    Move::new(from, to)
}

fn game(fen: &str, moves: &str) -> Game {
    let start = Position::from_fen(fen).expect("valid FEN");
    let mut game = Game::new(start);
    for text in moves.split_whitespace() {
        game.play(mv(text))
            .unwrap_or_else(|err| panic!("{text} should be playable: {err}"));
    }
    game
}

fn over(status: GameStatus) -> Outcome {
    status.outcome().expect("the game should be over")
}

/// Two red chariots: the one on b0 mates along rank 9 while a8 guards rank 8.
const MATE_IN_ONE: &str = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";

#[test]
fn checkmate_loses_for_the_side_to_move() {
    let g = game(MATE_IN_ONE, "b0b9");
    assert_eq!(
        g.status(),
        GameStatus::Over(Outcome::loss_for(Color::Black, EndReason::Checkmate))
    );
    assert_eq!(g.status().to_string(), "1-0 checkmate");
    let mated = game("R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1", "");
    assert_eq!(over(mated.status()).result, GameResult::RedWins);
    assert_eq!(over(mated.status()).reason, EndReason::Checkmate);
}

#[test]
fn stalemate_loses_for_the_side_to_move() {
    // Black's general on d9 is not in check, but e9 and d8 are covered.
    let g = game("3k5/8R/9/9/9/9/9/9/4R4/5K3 b - - 0 1", "");
    assert!(!g.position().in_check());
    assert_eq!(
        over(g.status()),
        Outcome::loss_for(Color::Black, EndReason::Stalemate)
    );
    assert_eq!(g.status().to_string(), "1-0 stalemate");
}

#[test]
fn no_move_is_played_after_the_end() {
    let mut g = game(MATE_IN_ONE, "b0b9");
    let err = g.play(mv("e9e8")).unwrap_err();
    assert!(matches!(err, IllegalMove::GameOver { .. }), "{err:?}");
    assert!(err.to_string().contains("already over"), "{err}");
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let mut g = Game::new(Position::startpos());
    let err = g.play(mv("h0g3")).unwrap_err();
    assert!(matches!(err, IllegalMove::Illegal { .. }), "{err:?}");
    assert_eq!(g.moves().len(), 0);
    g.play(mv("h2e2")).unwrap();
    // Now it is Black's turn.
    let err = g.play(mv("h0g2")).unwrap_err();
    assert!(err.to_string().contains("h0 holds a Red piece"), "{err}");
}

#[test]
fn undo_restores_position_and_history() {
    let mut g = game(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "h2e2 h9g7 e2e6",
    );
    let after_capture_key = g.position().key();
    assert_eq!(g.keys_since_capture(), &[after_capture_key]);
    assert_eq!(g.undo(), Some(mv("e2e6")));
    assert_eq!(g.keys_since_capture().len(), 3);
    assert_eq!(g.undo(), Some(mv("h9g7")));
    assert_eq!(g.undo(), Some(mv("h2e2")));
    assert_eq!(g.undo(), None);
    assert_eq!(g.position(), &Position::startpos());
    assert_eq!(g.position_at(0), Some(Position::startpos()));
}

#[test]
fn position_at_rebuilds_from_either_end() {
    let g = game(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7",
    );
    let mut replay = Position::startpos();
    for (ply, &m) in g.moves().iter().enumerate() {
        assert_eq!(g.position_at(ply).as_ref(), Some(&replay), "ply {ply}");
        replay.make_move(m);
    }
    assert_eq!(g.position_at(6).as_ref(), Some(&replay));
    assert_eq!(g.position_at(7), None);
}

/// Red's chariot checks from e5 and f5 while Black's general steps between
/// e9 and f9.
const PERPETUAL_CHECK: &str = "4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1";
const CHECK_LOOP: &str = "f5e5 e9f9 e5f5 f9e9";

#[test]
fn perpetual_check_loses() {
    let mut g = game(PERPETUAL_CHECK, CHECK_LOOP);
    assert_eq!(g.status(), GameStatus::Ongoing, "second occurrence");
    for m in ["f5e5", "e9f9", "e5f5"] {
        g.play(mv(m)).unwrap();
        assert_eq!(g.status(), GameStatus::Ongoing, "after {m}");
    }
    g.play(mv("f9e9")).unwrap();
    assert_eq!(
        over(g.status()),
        Outcome::loss_for(Color::Red, EndReason::PerpetualCheck)
    );
    assert_eq!(g.status().to_string(), "0-1 perpetual-check");
}

#[test]
fn repetition_without_checks_or_chases_is_a_draw() {
    let g = game(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9",
    );
    assert_eq!(over(g.status()), Outcome::draw(EndReason::Repetition));
    assert_eq!(g.status().to_string(), "1/2-1/2 repetition");
}

#[test]
fn a_capture_resets_repetition() {
    // The same shuffle, but the count restarts after a capture in between.
    let mut g = game(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "h0g2 h9g7 g2h0 g7h9",
    );
    assert_eq!(g.keys_since_capture().len(), 5);
    g.play(mv("b2b9")).unwrap(); // cannon takes the horse
    assert_eq!(g.keys_since_capture().len(), 1);
    g.play(mv("a9b9")).unwrap(); // chariot takes back
    for m in "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0".split_whitespace() {
        g.play(mv(m)).unwrap();
        assert_eq!(g.status(), GameStatus::Ongoing, "after {m}");
    }
    g.play(mv("g7h9")).unwrap();
    assert_eq!(over(g.status()), Outcome::draw(EndReason::Repetition));
}

/// Left: Red's horse shuttles c4–b6, each time uncovering a chariot (c2 or
/// a6) on Black's unprotected cannon at c6. Right: Black's horse shuttles
/// g5–h3 the same way against Red's unprotected cannon at g3.
const TWO_CHASES: &str = "5k3/9/6r2/R1c6/6n2/2N6/6C1r/2R6/9/3K5 w - - 0 1";

#[test]
fn perpetual_chase_loses() {
    // Black answers with idle general moves: only Red chases.
    let g = game(TWO_CHASES, "c4b6 f9f8 b6c4 f8f9 c4b6 f9f8 b6c4 f8f9");
    assert_eq!(
        over(g.status()),
        Outcome::loss_for(Color::Red, EndReason::PerpetualChase)
    );
    assert_eq!(g.status().to_string(), "0-1 perpetual-chase");
}

#[test]
fn mutual_chase_is_a_draw() {
    let g = game(TWO_CHASES, "c4b6 g5h3 b6c4 h3g5 c4b6 g5h3 b6c4 h3g5");
    assert_eq!(over(g.status()), Outcome::draw(EndReason::Repetition));
}

#[test]
fn each_side_of_the_chase_is_seen() {
    let start = Position::from_fen(TWO_CHASES).unwrap();
    let c6 = Square::parse("c6").unwrap();
    assert_eq!(new_threats(&start, mv("c4b6")), Bitboard::from(c6));
    let mut pos = start.clone();
    pos.make_move(mv("c4b6"));
    let g3 = Square::parse("g3").unwrap();
    assert_eq!(new_threats(&pos, mv("g5h3")), Bitboard::from(g3));
    // An idle move threatens nothing new.
    assert_eq!(new_threats(&pos, mv("f9f8")), Bitboard::EMPTY);
}

#[test]
fn a_chariot_following_a_chariot_is_not_a_chase() {
    // The chased chariot could take the chaser: mutual attack of one kind.
    let fen = "5k3/9/9/r8/9/9/9/R8/9/4K4 b - - 0 1";
    let g = game(fen, "a6b6 a2b2 b6a6 b2a2 a6b6 a2b2 b6a6 b2a2");
    assert_eq!(over(g.status()), Outcome::draw(EndReason::Repetition));
}

#[test]
fn a_chariot_following_an_unprotected_cannon_chases() {
    let fen = "5k3/9/9/c8/9/9/9/R8/9/4K4 b - - 0 1";
    let g = game(fen, "a6b6 a2b2 b6a6 b2a2 a6b6 a2b2 b6a6 b2a2");
    assert_eq!(
        over(g.status()),
        Outcome::loss_for(Color::Red, EndReason::PerpetualChase)
    );
}

#[test]
fn a_protected_cannon_is_not_chased_by_a_chariot() {
    // Black's chariot on rank 6 guards the cannon wherever it goes (a6/b6).
    let fen = "5k3/9/9/c7r/9/9/9/R8/9/4K4 b - - 0 1";
    let g = game(fen, "a6b6 a2b2 b6a6 b2a2 a6b6 a2b2 b6a6 b2a2");
    assert_eq!(over(g.status()), Outcome::draw(EndReason::Repetition));
}

#[test]
fn a_cannon_chasing_a_protected_chariot_still_chases() {
    // Black's chariot shuttles a6-b6, protected by the chariot on i6; Red's
    // cannon follows on rank 2, screened by Black's horses on a4 and b4.
    let fen = "5k3/9/9/r7r/9/nn7/9/C8/9/4K4 b - - 0 1";
    let g = game(fen, "a6b6 a2b2 b6a6 b2a2 a6b6 a2b2 b6a6 b2a2");
    assert_eq!(
        over(g.status()),
        Outcome::loss_for(Color::Red, EndReason::PerpetualChase)
    );
}

#[test]
fn a_chase_must_come_with_every_move() {
    // As above, but file b has no screen: only every other move attacks.
    let fen = "5k3/9/9/r7r/9/n8/9/C8/9/4K4 b - - 0 1";
    let g = game(fen, "a6b6 a2b2 b6a6 b2a2 a6b6 a2b2 b6a6 b2a2");
    assert_eq!(over(g.status()), Outcome::draw(EndReason::Repetition));
}

#[test]
fn soldiers_count_as_chased_only_across_the_river() {
    // Red's horse shuttles c4-b6 uncovering a chariot each time on Black's
    // soldier at c6, still on its own side of the river: no chase.
    let fen = "5k3/9/9/R1p6/9/2N6/9/2R6/9/3K5 w - - 0 1";
    let g = game(fen, "c4b6 f9f8 b6c4 f8f9 c4b6 f9f8 b6c4 f8f9");
    assert_eq!(over(g.status()), Outcome::draw(EndReason::Repetition));
    // The same shuttle against a soldier that has crossed (c4): a chase.
    let fen = "5k3/9/9/9/9/R1p6/9/2N6/9/2RK5 w - - 0 1";
    let g = game(fen, "c2b4 f9f8 b4c2 f8f9 c2b4 f9f8 b4c2 f8f9");
    assert_eq!(
        over(g.status()),
        Outcome::loss_for(Color::Red, EndReason::PerpetualChase)
    );
}

/// Red's cannon on e0 looks at Black's general over two screens, Red's
/// chariot and Black's horse on e6: lifting either would check. The chariot
/// shuttles e4-e5 along the file, a new discoverer at each point, attacking
/// the horse each time (taking it would check); Black's elephant idles.
/// Fairy-Stockfish judges this a perpetual chase by Red.
const DISCOVERER_ON_A_FILE: &str = "2b1k4/9/9/4n4/9/4R4/9/9/9/4CK3 w - - 0 1";
const ELEPHANT_IDLES: [&str; 2] = ["c9a7", "a7c9"];

fn shuttle(first: &str, second: &str) -> String {
    let (a, b) = (ELEPHANT_IDLES[0], ELEPHANT_IDLES[1]);
    format!("{first} {a} {second} {b} {first} {a} {second} {b}")
}

#[test]
fn a_discoverer_chases_what_it_attacks() {
    let g = game(DISCOVERER_ON_A_FILE, &shuttle("e4e5", "e5e4"));
    assert_eq!(
        over(g.status()),
        Outcome::loss_for(Color::Red, EndReason::PerpetualChase)
    );
    let before = Position::from_fen(DISCOVERER_ON_A_FILE).unwrap();
    let e6 = Square::parse("e6").unwrap();
    assert_eq!(new_threats(&before, mv("e4e5")), Bitboard::from(e6));
}

#[test]
fn a_discoverer_does_not_chase_what_the_general_can_take_back() {
    // As above with Black's horse on e8, next to its general: after the
    // chariot takes it with check, the general takes the chariot. A draw in
    // Fairy-Stockfish too.
    let fen = "2b1k4/4n4/9/9/9/9/4R4/9/9/4CK3 w - - 0 1";
    let g = game(fen, &shuttle("e3e4", "e4e3"));
    assert_eq!(over(g.status()), Outcome::draw(EndReason::Repetition));
    let before = Position::from_fen(fen).unwrap();
    assert_eq!(new_threats(&before, mv("e3e4")), Bitboard::EMPTY);
}

#[test]
fn protection_behind_the_discovered_check_keeps_the_chase() {
    // A second red cannon on e0, behind the one on e1: once the chariot has
    // left e3, it guards e8 over the e1 cannon, so the general cannot take
    // back there. Fairy-Stockfish: a perpetual chase by Red.
    let fen = "2b1k4/4n4/9/9/9/9/4R4/9/4C4/4CK3 w - - 0 1";
    let g = game(fen, &shuttle("e3e4", "e4e3"));
    assert_eq!(
        over(g.status()),
        Outcome::loss_for(Color::Red, EndReason::PerpetualChase)
    );
    let before = Position::from_fen(fen).unwrap();
    let e8 = Square::parse("e8").unwrap();
    assert_eq!(new_threats(&before, mv("e3e4")), Bitboard::from(e8));
}

#[test]
fn a_horse_left_alone_on_the_line_threatens_what_it_attacks() {
    // Red's soldier steps off the e file, leaving Red's horse on e5 the only
    // piece between Red's chariot and Black's general. The horse now takes
    // the cannon on g6 with check: a threat, though Black's chariot on g9
    // guards the cannon and a horse attacking a guarded cannon is no chase.
    let fen = "4k1r2/9/4P4/6c2/4N4/9/9/9/9/4RK3 w - - 0 1";
    let before = Position::from_fen(fen).unwrap();
    let g6 = Square::parse("g6").unwrap();
    assert_eq!(new_threats(&before, mv("e7d7")), Bitboard::from(g6));
}

#[test]
fn a_pin_that_unguards_a_piece_threatens_it() {
    // Red's chariot steps to e2 and pins Black's horse on e7 against its
    // general; the horse guarded the cannon on g6, which Red's chariot on g2
    // attacks: the cannon is threatened anew. (The horse itself, attacked
    // by the pinning chariot, is guarded by the elephant on c9.)
    let fen = "2b1k4/9/4n4/6c2/9/9/9/3R2R2/9/5K3 w - - 0 1";
    let before = Position::from_fen(fen).unwrap();
    let g6 = Square::parse("g6").unwrap();
    assert_eq!(new_threats(&before, mv("d2e2")), Bitboard::from(g6));
    // Stepping back unpins the horse: nothing new.
    let mut pinned = before.clone();
    pinned.make_move(mv("d2e2"));
    pinned.make_move(mv("c9a7"));
    assert_eq!(new_threats(&pinned, mv("e2d2")), Bitboard::EMPTY);
}

#[test]
fn no_capture_for_120_plies_draws() {
    let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 119 80";
    let g = game(fen, "a8a7");
    assert_eq!(g.position().halfmove_clock(), 120);
    assert_eq!(over(g.status()), Outcome::draw(EndReason::NoCapture));
    assert_eq!(g.status().to_string(), "1/2-1/2 no-capture");
    let g = game("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 118 80", "a8a7");
    assert_eq!(g.status(), GameStatus::Ongoing);
}

#[test]
fn a_mate_on_the_120th_ply_still_counts() {
    let g = game("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 119 80", "b0b9");
    assert_eq!(g.position().halfmove_clock(), 120);
    assert_eq!(
        over(g.status()),
        Outcome::loss_for(Color::Black, EndReason::Checkmate)
    );
}

#[test]
fn insufficient_material_draws() {
    // Generals, advisors and elephants cannot mate.
    let g = game("3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1", "");
    assert_eq!(
        over(g.status()),
        Outcome::draw(EndReason::InsufficientMaterial)
    );
    // Capturing the last attacker ends the game at once.
    let g = game("3ak4/4a4/4b4/9/9/9/9/9/4p4/3AK4 w - - 0 1", "e0e1");
    assert_eq!(g.status().to_string(), "1/2-1/2 insufficient-material");
    // One soldier is enough to play on.
    let g = game("3ak4/4a4/4b4/9/9/9/9/9/4p4/3AK4 w - - 0 1", "");
    assert_eq!(g.status(), GameStatus::Ongoing);
}

#[test]
fn the_move_limit_draws() {
    let g = game("4k4/R8/9/9/9/9/9/9/9/1R1K5 b - - 0 300", "e9f9");
    assert_eq!(game_ply(g.position()), 600);
    assert_eq!(over(g.status()), Outcome::draw(EndReason::MoveLimit));
    let g = game("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 300", "a8a7");
    assert_eq!(game_ply(g.position()), 599);
    assert_eq!(g.status(), GameStatus::Ongoing);
}

#[test]
fn reasons_have_their_cli_words() {
    let words: Vec<&str> = EndReason::ALL.iter().map(|r| r.as_str()).collect();
    assert_eq!(
        words,
        [
            "checkmate",
            "stalemate",
            "perpetual-check",
            "perpetual-chase",
            "repetition",
            "no-capture",
            "insufficient-material",
            "move-limit"
        ]
    );
    for reason in EndReason::ALL {
        assert!(!reason.description().is_empty());
    }
    let outcome = Outcome::loss_for(Color::Red, EndReason::PerpetualCheck);
    assert_eq!(outcome.result, GameResult::BlackWins);
    assert!(outcome
        .description()
        .starts_with("Black wins by perpetual check"));
}

/// From a random game: Red's cannon shuttles h4-g4, each time attacking
/// Black's unprotected elephant on g9 anew (from g4 directly, from h4 by
/// uncovering the cannon on g3). In the cycle before, Red shuttled h4-i4 and
/// chased nothing. The verdict looks at the moves since the previous
/// occurrence only, as rules.md says (Fairy-Stockfish, which looks back to the
/// first occurrence, calls this one a draw).
#[test]
fn the_verdict_judges_the_last_cycle_with_discovered_attacks() {
    let fen = "3akab2/r7r/b8/p2np1P2/2n1c4/7C1/PRN3C1P/4B3R/4NK3/2BA1A3 b - - 9 53";
    let mut g = game(fen, "i8b8 h4i4 b8i8 i4h4 a8h8 h4g4 h8a8");
    assert_eq!(g.status(), GameStatus::Ongoing);
    g.play(mv("g4h4")).unwrap();
    assert_eq!(
        over(g.status()),
        Outcome::loss_for(Color::Red, EndReason::PerpetualChase)
    );
    let before = g.position_at(6).unwrap();
    let g9 = Square::parse("g9").unwrap();
    assert_eq!(new_threats(&before, mv("h8a8")), Bitboard::EMPTY);
    let before = g.position_at(7).unwrap();
    assert_eq!(new_threats(&before, mv("g4h4")), Bitboard::from(g9));
}

#[test]
fn only_a_side_with_an_attacker_can_win_on_time() {
    // Black keeps a soldier; Red has only its general and an advisor.
    let g = game("3ak4/4a4/4b4/9/9/9/9/9/4p4/3AK4 w - - 0 1", "");
    assert!(can_attack(g.position(), Color::Black));
    assert!(!can_attack(g.position(), Color::Red));
}
