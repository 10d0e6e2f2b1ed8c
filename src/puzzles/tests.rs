//! The generator and the verifier against each other, and the verifier
//! against hand-built puzzles it must refuse.

use super::analysis::{Analyst, Budgets, Rejection};
use super::format::{parse_file, parse_retired, Puzzle, HEADER};
use super::generate::{generate, Continuation, GenerateSettings};
use super::serve::shipped;
use super::themes::{balance, Theme};
use super::verify::{repair, verify, RepairError, Repaired};
use crate::engine::uci::parse_iccs;
use crate::rules::{Color, Move, Position};

/// Shallower than the shipped set's budgets, so the test takes seconds; the
/// checks are the same.
fn quick() -> Budgets {
    Budgets {
        find_depth: 4,
        check_depth: 6,
        ..Budgets::default()
    }
}

/// Up to `max` puzzles from at most 100 games per puzzle: enough games that
/// an engine change that makes the 300-node games blunder less still gives
/// some (they stop at the last puzzle, so more games cost nothing then).
fn generated(threads: usize, max: usize) -> Vec<Puzzle> {
    generated_after(threads, max, Continuation::default())
}

/// The same, extending a set.
fn generated_after(threads: usize, max: usize, continuation: Continuation) -> Vec<Puzzle> {
    let settings = GenerateSettings {
        seed: 400,
        budgets: quick(),
        ..GenerateSettings::default()
    };
    let mut puzzles = Vec::new();
    generate(
        100 * max,
        threads,
        max,
        &settings,
        continuation,
        |p| {
            puzzles.push(p.clone());
            Ok(())
        },
        |_| {},
    )
    .unwrap();
    puzzles
}

#[test]
fn generated_puzzles_pass_verification_and_do_not_depend_on_threads() {
    let puzzles = generated(2, 4);
    assert!(!puzzles.is_empty(), "400 games gave no puzzle");
    assert_eq!(puzzles, generated(1, 4), "the threads changed the output");
    let ids: Vec<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids[0], "1");
    // Through the file format, as `puzzles verify` reads it.
    let text: String = std::iter::once(HEADER.to_string())
        .chain(puzzles.iter().map(Puzzle::to_line))
        .collect::<Vec<_>>()
        .join("\n");
    let read = parse_file(&text).unwrap();
    assert_eq!(read, puzzles);
    assert_eq!(verify(&read, quick(), 2, |_| {}), vec![]);
    for p in &read {
        assert_eq!(p.solution.len() % 2, 1, "{} ends on a reply", p.id);
    }
    // A different depth is a different check: a stated rating it does not
    // reproduce is refused, not silently accepted.
    let mut wrong = read[0].clone();
    wrong.rating += 100;
    let refused = verify(&[wrong], quick(), 1, |_| {});
    assert_eq!(refused.len(), 1);
    assert!(
        refused[0].reason.starts_with("rating "),
        "{}",
        refused[0].reason
    );
}

fn puzzle(fen: &str, solution: &str) -> Puzzle {
    Puzzle::parse_line(&format!("t\t{fen}\t{solution}\t600\t")).unwrap()
}

#[test]
fn an_extending_run_skips_the_sets_positions_and_numbers_after_its_ids() {
    let first = generated(1, 4);
    let retired = vec!["10".to_string()];
    // The same seeded games: the first run's puzzles come up again and are
    // skipped, so the new ones are later games' and numbered after 10.
    let more = generated_after(2, 2, Continuation::after(&first, &retired));
    let ids: Vec<&str> = more.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["11", "12"]);
    for p in &more {
        let key = p.position().key();
        assert!(
            first.iter().all(|f| f.position().key() != key),
            "{} repeats a position",
            p.id
        );
    }
    assert_eq!(verify(&more, quick(), 1, |_| {}), vec![]);
}

#[test]
fn a_second_winning_move_is_refused() {
    // Two chariots against a bare general: nearly every move keeps the win.
    let p = puzzle("3k5/9/9/9/9/9/9/9/R8/4K3R w", "a1a9");
    let err = Analyst::new(quick()).check(&p).unwrap_err();
    assert!(
        matches!(err, Rejection::SecondWinningMove { at: 1, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("wins as well as a1a9"), "{err}");
}

#[test]
fn a_move_that_does_not_win_is_refused() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let err = Analyst::new(quick())
        .check(&puzzle(start, "h2e2"))
        .unwrap_err();
    assert_eq!(
        err,
        Rejection::SolutionDoesNotWin {
            at: 1,
            solution: parse_iccs("h2e2").unwrap()
        }
    );
    // And the generator makes no puzzle of a level position.
    let level = Position::from_fen(start).unwrap();
    assert!(matches!(
        Analyst::new(quick()).solve(&level),
        Err(Rejection::NotDecisive { at: 1, .. })
    ));
}

/// A puzzle with a reply whose first reply is swapped for one that is not
/// among the best defences (a legal solver's move after it), with that
/// reply and the best one; `None` when every reply defends as well.
fn with_worse_first_reply(analyst: &mut Analyst, p: &Puzzle) -> Option<(Puzzle, Move, Move)> {
    if p.solution.len() < 3 {
        return None;
    }
    let start = p.position();
    let best = analyst.best_defences(&start, &p.solution[..1]);
    let mut pos = start;
    pos.make_move(p.solution[0]);
    let worse = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|m| !best.contains(m))?;
    pos.make_move(worse);
    let changed = Puzzle {
        solution: vec![p.solution[0], worse, pos.legal_moves()[0]],
        ..p.clone()
    };
    Some((changed, worse, best[0]))
}

#[test]
fn a_reply_that_is_not_the_best_defence_is_refused() {
    // A shipped puzzle, checked at the set's own budgets, since a reply's
    // choice is what the deeper search decides.
    let mut analyst = Analyst::new(Budgets::default());
    let (p, (changed, worse, better)) = shipped()
        .iter()
        .find_map(|p| with_worse_first_reply(&mut analyst, p).map(|c| (p, c)))
        .expect("a shipped puzzle with a reply that is not the best");
    assert_eq!(analyst.check(p), Ok(()));
    assert_eq!(
        analyst.check(&changed),
        Err(Rejection::NotBestDefence {
            at: 1,
            reply: worse,
            better
        })
    );
}

#[test]
fn themes_read_back_and_material_counts_from_the_side_given() {
    for theme in [
        Theme::MateIn(3),
        Theme::WinningMaterial,
        Theme::Fork,
        Theme::Pin,
        Theme::DiscoveredAttack,
        Theme::Sacrifice,
        Theme::Endgame,
    ] {
        assert_eq!(theme.to_string().parse::<Theme>(), Ok(theme));
    }
    assert!("mateIn0".parse::<Theme>().is_err());
    assert!("brilliant".parse::<Theme>().is_err());
    // Red has a chariot more.
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w").unwrap();
    assert_eq!(balance(&pos, Color::Red), 90);
    assert_eq!(balance(&pos, Color::Black), -90);
}

#[test]
fn the_shipped_set_verifies_under_this_engine() {
    // Ratings, single wins and best defences are this engine's answers: a
    // change to the search or the evaluation that moves any of them fails
    // here, and `puzzles repair` (docs/puzzles.md) brings the set back.
    let refused = verify(shipped(), Budgets::default(), 2, |_| {});
    assert!(
        refused.is_empty(),
        "{} of {} shipped puzzles refused, first {:?}; run `xiangqi-bot puzzles repair \
         assets/puzzles/puzzles.tsv --retired assets/puzzles/retired.tsv --threads 2`",
        refused.len(),
        shipped().len(),
        refused.first()
    );
}

#[test]
fn no_shipped_puzzle_takes_a_retired_id() {
    let retired = parse_retired(include_str!("../../assets/puzzles/retired.tsv")).unwrap();
    let retired: std::collections::HashSet<&str> = retired.iter().map(String::as_str).collect();
    for p in shipped() {
        assert!(
            !retired.contains(p.id.as_str()),
            "puzzle {} is retired",
            p.id
        );
    }
}

#[test]
fn repair_keeps_remeasures_resolves_and_drops() {
    // A generated puzzle whose first reply has a worse alternative.
    let mut analyst = Analyst::new(quick());
    let (good, mut bad_reply) = generated(2, 16)
        .into_iter()
        .find_map(|p| with_worse_first_reply(&mut analyst, &p).map(|(c, _, _)| (p, c)))
        .expect("a generated puzzle with a reply that is not the best");
    bad_reply.id = "c".into();
    let mut mis_rated = good.clone();
    mis_rated.id = "b".into();
    mis_rated.rating += 100;
    let level = puzzle(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "h2e2",
    );
    let set = vec![good.clone(), mis_rated, bad_reply, level];
    // The largest id so far is the retired 40, above every id of the set.
    let retired = vec!["40".to_string(), "old".to_string()];
    let repaired = repair(&set, &retired, quick(), 2, |_| {}).unwrap();

    assert_eq!(repaired[0], Repaired::Kept);
    let Repaired::Remeasured { was, now } = &repaired[1] else {
        panic!("{:?}", repaired[1]);
    };
    assert!(matches!(was, Rejection::Rating { .. }), "{was}");
    assert_eq!((now.id.as_str(), now.rating), ("b", good.rating));
    let Repaired::Resolved { was, now } = &repaired[2] else {
        panic!("{:?}", repaired[2]);
    };
    assert!(matches!(was, Rejection::NotBestDefence { .. }), "{was}");
    // The position solves to the line the generator found, under a new id.
    assert_eq!(now.id, "41");
    assert_eq!(now.solution, good.solution);
    assert!(
        matches!(
            &repaired[3],
            Repaired::Dropped {
                was: Rejection::SolutionDoesNotWin { .. },
                why: Rejection::NotDecisive { .. }
            }
        ),
        "{:?}",
        repaired[3]
    );
    // What repair leaves verifies.
    let left: Vec<Puzzle> = set
        .iter()
        .zip(&repaired)
        .filter_map(|(old, answer)| answer.result(old).cloned())
        .collect();
    assert_eq!(left.len(), 3);
    assert_eq!(verify(&left, quick(), 1, |_| {}), vec![]);

    // A set whose ids repeat is not guessed at.
    assert_eq!(
        repair(&[good.clone(), good.clone()], &[], quick(), 1, |_| {}).unwrap_err(),
        RepairError::RepeatedId {
            id: good.id,
            line: 3
        }
    );
}
