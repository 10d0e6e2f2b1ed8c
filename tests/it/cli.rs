//! The output formats of the `perft` and `moves` subcommands, which other
//! parts and outside checks parse.

use crate::support::{bot_binary, run_with_stdin};

fn run(args: &[&str], stdin: &str) -> (String, bool) {
    let mut command = bot_binary();
    command.args(args);
    let out = run_with_stdin(command, stdin);
    (
        String::from_utf8(out.stdout).expect("utf-8"),
        out.status.success(),
    )
}

fn check_summary(line: &str, nodes: u64) {
    let parts: Vec<&str> = line.split(' ').collect();
    assert_eq!(parts.len(), 6, "summary line {line:?}");
    assert_eq!(parts[0], "nodes");
    assert_eq!(parts[1], nodes.to_string());
    assert_eq!(parts[2], "time_ms");
    parts[3].parse::<u64>().expect("time_ms is a number");
    assert_eq!(parts[4], "nps");
    parts[5].parse::<u64>().expect("nps is a number");
}

#[test]
fn perft_prints_nodes_time_and_speed() {
    let (out, ok) = run(&["perft", "3"], "");
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    check_summary(lines[0], 79666);
}

#[test]
fn perft_divide_lists_each_root_move() {
    let (out, ok) = run(&["perft", "2", "--divide"], "");
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 45, "{out}");
    let mut total = 0;
    let mut names = Vec::new();
    for line in &lines[..44] {
        let (mv, n) = line.split_once(": ").expect("`move: nodes`");
        assert_eq!(mv.len(), 4, "{line}");
        names.push(mv.to_string());
        total += n.parse::<u64>().expect("count");
    }
    assert_eq!(total, 1920);
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "root moves in ICCS order");
    assert!(names.contains(&"h2e2".to_string()));
    check_summary(lines[44], 1920);
}

#[test]
fn perft_with_fen_and_bad_fen() {
    let fen = "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1";
    let (out, ok) = run(&["perft", "2", "--fen", fen], "");
    assert!(ok);
    check_summary(out.trim_end(), 424);
    let (_, ok) = run(&["perft", "2", "--fen", "not a fen"], "");
    assert!(!ok, "a bad FEN is an error");
}

#[test]
fn moves_with_fen_is_one_sorted_line() {
    let (out, ok) = run(&["moves", "--fen", "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1"], "");
    assert!(ok);
    assert_eq!(out, "e1e0 e1e2 e1f1\n");
}

#[test]
fn moves_reads_fens_from_stdin_and_survives_errors() {
    let input = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\
                 garbage\n\
                 3k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1\n\
                 3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1\n";
    let (out, ok) = run(&["moves"], input);
    assert!(ok);
    let lines: Vec<&str> = out.split('\n').collect();
    assert_eq!(lines.len(), 5, "{out:?}");
    let start: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(start.len(), 44);
    let mut sorted = start.clone();
    sorted.sort();
    assert_eq!(start, sorted);
    assert!(lines[1].starts_with("error: "), "{}", lines[1]);
    assert_eq!(lines[2], "", "stalemate: an empty line");
    assert_eq!(lines[3], "e1e0 e1e2 e1f1");
    assert_eq!(lines[4], "");
}
