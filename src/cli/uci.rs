//! `xiangqi-bot uci`: the engine behind the UCI protocol on stdin/stdout, for
//! Xiangqi GUIs and match tools. Searches run on their own thread so that
//! `stop`, `isready` and `quit` are answered while the engine thinks.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use xiangqi_bot::engine::uci::{parse_command, Command, GoParams};
use xiangqi_bot::engine::{GameHistory, SearchResult, Searcher, DEFAULT_HASH_MB, MAX_HASH_MB};
use xiangqi_bot::rules::Position;

/// Where replies go: shared by the loop and the search thread.
type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    // A closed stdout means the GUI went away; nothing useful to do about it.
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

struct Session {
    out: Output,
    position: Position,
    history: GameHistory,
    /// The searcher, unless a search thread has it.
    searcher: Option<Searcher>,
    hash_mb: usize,
    running: Option<(JoinHandle<Searcher>, Arc<AtomicBool>)>,
}

impl Session {
    fn new(out: Output) -> Session {
        Session {
            out,
            position: Position::startpos(),
            history: GameHistory::new(),
            searcher: Some(Searcher::new(DEFAULT_HASH_MB)),
            hash_mb: DEFAULT_HASH_MB,
            running: None,
        }
    }

    /// Stops a running search (it prints its `bestmove`) and takes the searcher back.
    fn finish_search(&mut self) {
        if let Some((handle, stop)) = self.running.take() {
            stop.store(true, Ordering::Relaxed);
            match handle.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => {
                    tracing::error!("the search thread panicked; starting a fresh searcher");
                    self.searcher = Some(Searcher::new(self.hash_mb));
                }
            }
        }
    }

    fn searcher(&mut self) -> &mut Searcher {
        self.finish_search();
        let hash_mb = self.hash_mb;
        self.searcher.get_or_insert_with(|| Searcher::new(hash_mb))
    }

    /// Handles one line; false when the session should end.
    fn handle(&mut self, line: &str) -> bool {
        let command = match parse_command(line) {
            Ok(c) => c,
            Err(e) => {
                say(&self.out, &format!("info string error: {e}"));
                return true;
            }
        };
        match command {
            Command::Uci => {
                say(
                    &self.out,
                    &format!("id name xiangqi-bot {}", env!("CARGO_PKG_VERSION")),
                );
                say(&self.out, "id author the xiangqi-bot authors");
                say(
                    &self.out,
                    &format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
                );
                say(&self.out, "uciok");
            }
            Command::IsReady => say(&self.out, "readyok"),
            Command::UciNewGame => self.searcher().new_game(),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position { start, moves } => {
                let rebuilt = start.to_position().and_then(|start| {
                    GameHistory::rebuild(&start, &moves)
                        .map_err(|e| xiangqi_bot::engine::uci::UciError(format!("position: {e}")))
                });
                match rebuilt {
                    Ok((position, history)) => {
                        self.position = position;
                        self.history = history;
                    }
                    Err(e) => say(&self.out, &format!("info string error: {e}")),
                }
            }
            Command::Go(params) => self.go(params),
            Command::Stop | Command::PonderHit => self.finish_search(),
            Command::Quit => {
                self.finish_search();
                return false;
            }
            Command::Unknown(text) if text.is_empty() => {}
            Command::Unknown(text) => {
                say(&self.out, &format!("info string unknown command: {text}"))
            }
        }
        true
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        if name.eq_ignore_ascii_case("hash") {
            match value.and_then(|v| v.trim().parse::<usize>().ok()) {
                Some(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.hash_mb = mb;
                    self.searcher().set_hash_size(mb);
                }
                _ => say(
                    &self.out,
                    &format!(
                        "info string error: Hash must be a number of MB from 1 to {MAX_HASH_MB}"
                    ),
                ),
            }
        } else {
            say(&self.out, &format!("info string unknown option: {name}"));
        }
    }

    fn go(&mut self, params: GoParams) {
        self.finish_search();
        let hash_mb = self.hash_mb;
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(hash_mb));
        let limits = params.limits(self.position.side_to_move());
        let stop = limits.stop.clone();
        let position = self.position.clone();
        let history = self.history.clone();
        let out = self.out.clone();
        let wait_for_stop = params.infinite || params.ponder;
        let handle = std::thread::spawn(move || {
            let result = searcher.search_with_info(&position, &history, &limits, |r| {
                say(&out, &info_line(r));
            });
            if wait_for_stop {
                // UCI: after `go infinite` the best move waits for `stop`.
                while !limits.is_stopped() {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
            }
            say(&out, &info_line(&result));
            match result.best_move {
                Some(mv) => say(&out, &format!("bestmove {mv}")),
                None => say(&out, "bestmove (none)"),
            }
            searcher
        });
        self.running = Some((handle, stop));
    }
}

fn info_line(r: &SearchResult) -> String {
    format!(
        "info depth {} seldepth {} {}",
        r.depth,
        r.seldepth,
        summary(r)
    )
}

fn summary(r: &SearchResult) -> String {
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "score {} nodes {} nps {} time {} pv {}",
        r.score,
        r.nodes,
        r.nps(),
        r.time.as_millis(),
        pv.join(" ")
    )
}

/// Runs the protocol on stdin/stdout until `quit` or end of input.
pub fn run() -> anyhow::Result<()> {
    let out: Output = Arc::new(Mutex::new(Box::new(io::stdout())));
    let mut session = Session::new(out);
    let stdin = io::stdin();
    for line in xiangqi_bot::lines::lines(stdin.lock()) {
        let line = match line? {
            Ok(line) => line,
            Err(not_text) => {
                say(&session.out, &format!("info string error: {not_text}"));
                continue;
            }
        };
        if !session.handle(&line) {
            return Ok(());
        }
    }
    session.finish_search();
    Ok(())
}
