//! `xiangqi-bot match` through the built binary: our engine in process
//! against our own binary as a UCI child process (the external-engine path
//! without any outside engine), the PGN it writes replayed by `status --pgn`
//! to the same results, and bad arguments refused with a reason.

use crate::support::{bot_binary, run_with_stdin};

fn run(args: &[&str]) -> (bool, String, String) {
    let mut command = bot_binary();
    command.args(args);
    let output = run_with_stdin(command, "");
    (
        output.status.success(),
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 errors"),
    )
}

#[test]
fn a_match_against_a_uci_child_writes_pgn_that_status_replays_alike() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let child = format!("uci:{} uci", env!("CARGO_BIN_EXE_xiangqi-bot"));
    let (ok, out, err) = run(&[
        "match",
        "--engine1",
        "self:hash=1",
        "--engine2",
        &child,
        "--option2",
        "Hash=1",
        "--nodes",
        "800",
        "--games",
        "4",
        "--random-plies",
        "6",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(ok, "{out}\n{err}");
    let game_lines: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(game_lines.len(), 4, "{out}");
    assert!(!out.contains("forfeit"), "the child engine failed: {out}");
    assert!(
        out.contains("xiangqi-bot (1) vs xiangqi-bot (2): 4 games"),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("speed: xiangqi-bot (2): median")),
        "the child's info lines give its speed: {out}"
    );

    let text = std::fs::read_to_string(&pgn).unwrap();
    let mut recorded: Vec<String> = Vec::new();
    let mut result = String::new();
    for line in text.lines() {
        if let Some(r) = line.strip_prefix("[Result \"") {
            result = r.trim_end_matches("\"]").to_owned();
        }
        if let Some(t) = line.strip_prefix("[Termination \"") {
            recorded.push(format!("{result} {}", t.trim_end_matches("\"]")));
        }
    }
    assert_eq!(recorded.len(), 4, "{text}");
    let (ok, replayed, err) = run(&["status", "--pgn", pgn.to_str().unwrap()]);
    assert!(ok, "{err}");
    let replayed: Vec<&str> = replayed.lines().collect();
    assert_eq!(replayed, recorded, "status replays what the match recorded");
}

#[test]
fn status_flags_a_record_whose_moves_disagree_with_its_result() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("bad.pgn");
    std::fs::write(
        &pgn,
        "[Result \"0-1\"]\n[FEN \"4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\"]\n\n1. B0-B9 0-1\n\
         [Result \"*\"]\n\n1. A0-A5 *\n",
    )
    .unwrap();
    let (ok, out, _) = run(&["status", "--pgn", pgn.to_str().unwrap()]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "error: game 1: the record says 0-1 but the moves give 1-0 checkmate"
    );
    assert!(
        lines[1].starts_with("error: game 2: move 1: a0a5 is not legal"),
        "{}",
        lines[1]
    );
}

#[test]
fn bad_match_arguments_are_refused_with_a_reason() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["--engine1", "self", "--engine2", "self"],
            "--nodes N or --movetime MS",
        ),
        (
            &[
                "--engine1",
                "self:level=22",
                "--engine2",
                "self",
                "--nodes",
                "10",
            ],
            "level 22 does not exist",
        ),
        (
            &[
                "--engine1",
                "self",
                "--engine2",
                "self",
                "--nodes",
                "10",
                "--sprt",
                "5",
            ],
            "expected ELO0,ELO1",
        ),
        (
            &[
                "--engine1",
                "self",
                "--engine2",
                "/no/such/engine",
                "--nodes",
                "10",
                "--games",
                "2",
            ],
            "not found",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["match"];
        all.extend_from_slice(args);
        let (ok, out, err) = run(&all);
        assert!(!ok, "{args:?} was accepted: {out}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

/// An engine that offers variants but not xiangqi (Fairy-Stockfish built
/// without large boards) is refused at the start, not forfeited game by game.
#[cfg(unix)]
#[test]
fn a_variant_engine_without_xiangqi_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("chess-only");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read line; do case \"$line\" in\n\
         uci) echo 'option name UCI_Variant type combo default chess var chess var minixiangqi'; echo uciok;;\n\
         isready) echo readyok;;\n quit) exit 0;;\n esac; done\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (ok, out, err) = run(&[
        "match",
        "--engine1",
        "self",
        "--engine2",
        script.to_str().unwrap(),
        "--nodes",
        "100",
        "--games",
        "2",
    ]);
    assert!(!ok, "{out}");
    assert!(err.contains("not xiangqi"), "{err}");
}
