//! A UCI session driven through the built binary's stdin and stdout, as a GUI
//! or match tool would: handshake, options, a short game against itself, and
//! `go infinite` ended by `stop`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use xiangqi_bot::engine::uci::parse_iccs;
use xiangqi_bot::rules::Position;

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = crate::support::bot_binary()
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn read_until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("no \"{prefix}\" from the engine; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

fn best_move(lines: &[String]) -> String {
    let last = lines.last().unwrap();
    last.split_whitespace().nth(1).unwrap().to_string()
}

#[test]
fn plays_a_game_over_uci() {
    let mut engine = Engine::start();
    engine.send("uci");
    let hello = engine.read_until("uciok");
    assert!(hello.iter().any(|l| l.starts_with("id name xiangqi-bot")));
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option name Hash type spin")));
    engine.send("setoption name Hash value 8");
    engine.send("ucinewgame");
    engine.send("isready");
    engine.read_until("readyok");

    let mut pos = Position::startpos();
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..16 {
        let mut command = "position startpos".to_string();
        if !moves.is_empty() {
            command += " moves ";
            command += &moves.join(" ");
        }
        engine.send(&command);
        engine.send(if ply % 2 == 0 {
            "go depth 3"
        } else {
            "go movetime 30"
        });
        let lines = engine.read_until("bestmove");
        let info = lines
            .iter()
            .find(|l| l.starts_with("info depth"))
            .expect("an info line");
        for word in ["score", "nodes", "nps", "pv"] {
            assert!(info.split_whitespace().any(|w| w == word), "{info}");
        }
        let mv_text = best_move(&lines);
        let mv = parse_iccs(&mv_text).expect("bestmove is ICCS");
        assert!(pos.is_legal(mv), "illegal {mv_text} at ply {ply}");
        pos.make_move(mv);
        moves.push(mv_text);
    }

    // A bad command is answered with a reason, and the session goes on.
    engine.send("position startpos moves h2e2 h2e2");
    engine.send("isready");
    let lines = engine.read_until("readyok");
    assert!(
        lines.iter().any(|l| l.starts_with("info string error")),
        "{lines:?}"
    );

    engine.send("quit");
    let status = engine.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn stop_ends_an_infinite_search_with_a_move() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until("uciok");
    engine.send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(150));
    engine.send("isready");
    engine.read_until("readyok");
    engine.send("stop");
    let lines = engine.read_until("bestmove");
    let mut pos = Position::startpos();
    pos.make_move(parse_iccs("h2e2").unwrap());
    assert!(pos.is_legal(parse_iccs(&best_move(&lines)).unwrap()));
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}
