//! `xiangqi-bot analyze` through the built binary: how moves are judged (a
//! hanging chariot, the engine's own deeper choices, a forced move, a mate
//! missed and a mate allowed), the line format, bad lines, and the graph.

use xiangqi_bot::engine::{GameHistory, Limits, Searcher};
use xiangqi_bot::rules::Position;

use crate::support::{bot_binary, run_with_stdin};

/// The analysis budget of these tests: small, so they stay quick; the
/// judgements below hold at it and at the default.
const NODES: u64 = 20_000;

fn analyze(stdin: &str, args: &[&str]) -> Vec<String> {
    let mut command = bot_binary();
    command.arg("analyze").args(args);
    let output = run_with_stdin(command, stdin);
    assert!(output.status.success(), "exit status {:?}", output.status);
    String::from_utf8(output.stdout)
        .expect("UTF-8 output")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The class of each move of one game, in order.
fn classes(game: &str) -> Vec<String> {
    let lines = analyze(&format!("{game}\n"), &["--nodes", &NODES.to_string()]);
    assert!(
        lines.last().is_some_and(|l| l.starts_with("summary ")),
        "{lines:?}"
    );
    lines[..lines.len() - 1]
        .iter()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(words[0], "ply", "{line}");
            assert_eq!(words[4], "class", "{line}");
            words[5].to_string()
        })
        .collect()
}

#[test]
fn a_hanging_chariot_is_a_blunder_and_taking_it_is_best() {
    // Red's chariot goes to h1, where the cannon on h7 takes it over the
    // cannon on h2.
    let classes = classes("startpos moves i0i1 h9g7 i1h1 h7h1");
    assert_eq!(classes[2], "blunder", "{classes:?}");
    assert_eq!(classes[3], "best", "{classes:?}");
}

#[test]
fn a_mate_missed_and_a_mate_allowed_are_blunders() {
    // b0b9 mates; a8a7 lets Black mate on the bottom rank instead.
    let missed = classes("4k4/R8/9/9/9/9/9/8r/7r1/1R1K5 w - - 0 1 moves a8a7");
    assert_eq!(missed, ["blunder"]);
    // The chariot on h0 holds the bottom rank against the one on i2.
    let allowed = classes("3k5/9/9/9/2R6/9/9/8r/1r7/4K2R1 w - - 0 1 moves h0h5");
    assert_eq!(allowed, ["blunder"]);
}

#[test]
fn a_forced_move_is_never_a_mistake() {
    // After f5e5 Black's general has one move: e8 is covered by the chariot,
    // d9 faces Red's general.
    let start = "4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1";
    let pos = Position::from_fen(start).expect("FEN");
    let mut after = pos.clone();
    after.make_move(xiangqi_bot::engine::analysis::parse_iccs("f5e5").expect("move"));
    assert_eq!(after.legal_moves().len(), 1, "the reply is forced");
    let classes = classes(&format!("{start} moves f5e5 e9f9"));
    assert_eq!(classes[1], "best");
}

#[test]
fn the_engines_own_deeper_choices_are_never_worse_than_good() {
    let mut searcher = Searcher::new(16);
    let start = Position::startpos();
    let mut moves = Vec::new();
    for _ in 0..16 {
        let (pos, history) = GameHistory::rebuild(&start, &moves).expect("legal");
        searcher.new_game();
        let result = searcher.search(&pos, &history, &Limits::nodes(4 * NODES));
        moves.push(result.best_move.expect("a move"));
    }
    let game = format!(
        "startpos moves {}",
        moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let classes = classes(&game);
    assert_eq!(classes.len(), moves.len());
    for (ply, class) in classes.iter().enumerate() {
        assert!(
            class == "best" || class == "good",
            "ply {}: {class} in {game}",
            ply + 1
        );
    }
}

#[test]
fn lines_name_ply_move_class_eval_and_best_and_a_bad_line_gets_an_error() {
    let lines = analyze(
        "startpos moves h2e2 h9g7\nnot a position\nstartpos moves h2h8\n\n3k5/4R4/9/9/9/9/9/9/9/4K4 b - - 0 1\n",
        &["--nodes", "2000"],
    );
    assert_eq!(lines.len(), 6, "{lines:?}");
    for (line, ply, mv) in [(&lines[0], 1, "h2e2"), (&lines[1], 2, "h9g7")] {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[..4], ["ply", &ply.to_string(), "move", mv], "{line}");
        assert!(
            ["best", "good", "inaccuracy", "mistake", "blunder"].contains(&words[5]),
            "{line}"
        );
        assert_eq!(words[6], "eval");
        assert!(words[7] == "cp" || words[7] == "mate", "{line}");
        assert!(words[8].parse::<i32>().is_ok(), "{line}");
        assert_eq!(words[9], "best");
        assert_eq!(words[10].len(), 4, "{line}");
    }
    let summary: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(summary[..2], ["summary", "red-accuracy"]);
    assert!(summary[2]
        .parse::<f64>()
        .is_ok_and(|a| (0.0..=100.0).contains(&a)));
    assert_eq!(summary[3], "black-accuracy");
    assert!(lines[3].starts_with("error: invalid FEN"), "{}", lines[3]);
    assert!(lines[4].starts_with("error: move 1 `h2h8`"), "{}", lines[4]);
    // A position without moves: nothing to judge, no accuracy.
    assert_eq!(lines[5], "summary red-accuracy - black-accuracy -");
}

#[test]
fn the_graph_is_a_png_of_the_graph_size_with_a_marker_per_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("graph.png");
    let lines = analyze(
        "startpos moves i0i1 h9g7 i1h1 h7h1 b0c2 i9h9\n",
        &[
            "--nodes",
            &NODES.to_string(),
            "--graph",
            path.to_str().expect("UTF-8 path"),
        ],
    );
    let errors = lines
        .iter()
        .filter(|l| {
            [" inaccuracy ", " mistake ", " blunder "]
                .iter()
                .any(|c| l.contains(c))
        })
        .count();
    assert!(errors >= 1, "{lines:?}");
    let png = std::fs::read(&path).expect("the graph is written");
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let reader = decoder.read_info().expect("a PNG");
    let info = reader.info();
    assert_eq!(
        (info.width, info.height),
        (
            xiangqi_bot::render::GRAPH_WIDTH,
            xiangqi_bot::render::GRAPH_HEIGHT
        )
    );
}
