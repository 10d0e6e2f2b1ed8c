//! The engines a match can name, and how each is started (`EngineSpec`): our
//! own engine in this process, either at one of the bot's levels (with the
//! level's own limits and a seed per game) or at the match's budget; the
//! scripted beginner (`beginner.rs`); any other engine (or another build of
//! ours) as a child process speaking UCI or UCCI.
//!
//! Protocol notes, from the engines we measure against:
//! - ElephantEye speaks UCCI, has no `go movetime` (it is sent `go depth 64`
//!   and `stop` when the time is up), ignores the FEN's no-capture counter
//!   (its own 100-ply rule would answer `nobestmove`, so it is sent the game
//!   from at most 80 plies back), and does not exit when its input closes
//!   (it is sent `quit`). It reads `BOOK.DAT` beside its executable, so
//!   external engines run in their executable's directory.
//! - Fairy-Stockfish under UCI numbers ranks 1–10 and announces the
//!   `UCI_Variant` option: such an engine gets `UCI_Variant xiangqi` and
//!   its moves are shifted by a rank. Pikafish and our own `uci` use 0–9.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::{GameHistory, Level, Limits, Searcher, DEFAULT_HASH_MB, MAX_HASH_MB};
use crate::rules::{Game, Move, Square};

use super::beginner::Beginner;
use super::player::{Budget, Player, PlayerError, Reply};

/// What a match engine is: the text given on the command line, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineSpec {
    /// Our engine in this process; at a level it ignores the match's budget.
    Own {
        level: Option<Level>,
        hash_mb: usize,
    },
    /// The scripted beginner (`beginner`): one move ahead and a capture check.
    Beginner,
    /// A child process.
    External {
        protocol: Protocol,
        program: PathBuf,
        args: Vec<String>,
        /// `setoption`s sent after the handshake, in order.
        options: Vec<(String, String)>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Ucci,
}

impl EngineSpec {
    /// Reads `beginner`, `self`, `self:level=5`, `self:hash=64` (`,` between settings),
    /// `uci:COMMAND ARGS...`, `ucci:COMMAND ARGS...`, or a bare command (UCI).
    /// Arguments are split at spaces (no quoting). `options` are `NAME=VALUE`
    /// for an external engine.
    pub fn parse(text: &str, options: &[String]) -> Result<EngineSpec, String> {
        let text = text.trim();
        if text == "beginner" {
            if !options.is_empty() {
                return Err("the beginner takes no options".into());
            }
            return Ok(EngineSpec::Beginner);
        }
        if text == "self" || text.starts_with("self:") {
            if !options.is_empty() {
                return Err("options (NAME=VALUE) are for external engines; give our engine's settings as self:level=N,hash=MB".into());
            }
            let mut level = None;
            let mut hash_mb = DEFAULT_HASH_MB;
            for setting in text["self".len()..]
                .trim_start_matches(':')
                .split(',')
                .filter(|s| !s.is_empty())
            {
                let (name, value) = setting.split_once('=').ok_or_else(|| {
                    format!("`{setting}`: our engine's settings are NAME=VALUE, e.g. self:level=5")
                })?;
                let number: i64 = value
                    .trim()
                    .parse()
                    .map_err(|_| format!("`{setting}`: {value} is not a whole number"))?;
                match name.trim() {
                    "level" => level = Some(Level::new(number).map_err(|e| e.to_string())?),
                    "hash" => {
                        if !(1..=MAX_HASH_MB as i64).contains(&number) {
                            return Err(format!("`{setting}`: the hash is 1 to {MAX_HASH_MB} MB"));
                        }
                        hash_mb = number as usize;
                    }
                    other => {
                        return Err(format!(
                            "`{other}` is not a setting of our engine: level or hash"
                        ))
                    }
                }
            }
            return Ok(EngineSpec::Own { level, hash_mb });
        }
        let (protocol, command) = if let Some(rest) = text.strip_prefix("ucci:") {
            (Protocol::Ucci, rest)
        } else {
            (Protocol::Uci, text.strip_prefix("uci:").unwrap_or(text))
        };
        let mut words = command.split_whitespace();
        let program = words.next().ok_or_else(|| {
            "an engine command is empty: give a program to run, or `self`".to_owned()
        })?;
        let options = options
            .iter()
            .map(|o| {
                o.split_once('=')
                    .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
                    .filter(|(n, _)| !n.is_empty())
                    .ok_or_else(|| format!("option `{o}` is not NAME=VALUE"))
            })
            .collect::<Result<_, _>>()?;
        Ok(EngineSpec::External {
            protocol,
            program: PathBuf::from(program),
            args: words.map(str::to_owned).collect(),
            options,
        })
    }

    /// A short name for reports: `xiangqi-bot`, `xiangqi-bot level 5`, or the program's file name.
    pub fn name(&self) -> String {
        match self {
            EngineSpec::Own { level: None, .. } => "xiangqi-bot".into(),
            EngineSpec::Own {
                level: Some(level), ..
            } => format!("xiangqi-bot level {level}"),
            EngineSpec::Beginner => "beginner".into(),
            EngineSpec::External { program, .. } => program.file_name().map_or_else(
                || program.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
        }
    }

    /// Starts a player (for an external engine: the process and its handshake).
    pub fn start(&self) -> Result<Box<dyn Player>, PlayerError> {
        match self {
            EngineSpec::Own { level, hash_mb } => Ok(Box::new(OwnEngine {
                searcher: Searcher::new(*hash_mb),
                level: *level,
                seed: 0,
            })),
            EngineSpec::Beginner => Ok(Box::<Beginner>::default()),
            EngineSpec::External {
                protocol,
                program,
                args,
                options,
            } => Ok(Box::new(ExternalEngine::start(
                *protocol, program, args, options,
            )?)),
        }
    }
}

/// Our engine, in this process.
struct OwnEngine {
    searcher: Searcher,
    level: Option<Level>,
    seed: u64,
}

impl Player for OwnEngine {
    fn new_game(&mut self, seed: u64) -> Result<(), PlayerError> {
        self.searcher.new_game();
        self.seed = seed;
        Ok(())
    }

    fn play(&mut self, game: &Game, budget: Budget) -> Result<Reply, PlayerError> {
        let (position, history) = GameHistory::rebuild(game.start(), game.moves())
            .map_err(|e| PlayerError(format!("the game's moves do not replay: {e}")))?;
        let result = match self.level {
            Some(level) => {
                // A per-move seed, so that a game's moves are not all drawn alike.
                let seed =
                    self.seed ^ (game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                self.searcher.play_level(
                    &position,
                    &history,
                    level,
                    seed,
                    Arc::new(AtomicBool::new(false)),
                )
            }
            None => {
                let limits = match budget {
                    Budget::Nodes(n) => Limits::nodes(n),
                    Budget::Movetime(t) => Limits {
                        use_all_time: true,
                        ..Limits::movetime(t)
                    },
                };
                self.searcher.search(&position, &history, &limits)
            }
        };
        Ok(Reply {
            mv: result.best_move,
            // The weak levels score root moves one by one and report no total.
            speed: (result.nodes > 0).then_some((result.nodes, result.time)),
        })
    }
}

/// How far back the position sent to an external engine starts at most, in
/// plies (see the module notes on ElephantEye's own no-capture rule).
const HISTORY_WINDOW: usize = 80;
/// How long an engine may take to start, answer `isready`, or exceed its budget.
const GRACE: Duration = Duration::from_secs(10);
/// The longest a node-limited move may take (engines overshoot node limits
/// by up to a few times, and a loaded machine is slow).
const NODES_MOVE_LIMIT: Duration = Duration::from_secs(300);

/// A UCI or UCCI engine in a child process.
struct ExternalEngine {
    protocol: Protocol,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Moves are numbered 1–10 by rank (Fairy-Stockfish under UCI).
    ranks_from_one: bool,
    name: String,
}

impl ExternalEngine {
    fn start(
        protocol: Protocol,
        program: &Path,
        args: &[String],
        options: &[(String, String)],
    ) -> Result<ExternalEngine, PlayerError> {
        let program = resolve_program(program)?;
        let name = program.display().to_string();
        let mut command = Command::new(&program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = program.parent() {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| PlayerError(format!("cannot start {name}: {e}")))?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = ExternalEngine {
            protocol,
            child,
            stdin,
            lines,
            ranks_from_one: false,
            name,
        };
        let (hello, ok) = match protocol {
            Protocol::Uci => ("uci", "uciok"),
            Protocol::Ucci => ("ucci", "ucciok"),
        };
        engine.send(hello)?;
        let deadline = Instant::now() + GRACE;
        let mut variants = None;
        loop {
            let line = engine.read_line(deadline)?;
            if line.trim() == ok {
                break;
            }
            if let Some(rest) = line.strip_prefix("option name UCI_Variant ") {
                variants = Some(
                    rest.split_whitespace()
                        .map(str::to_owned)
                        .collect::<Vec<_>>(),
                );
            }
        }
        if let (Protocol::Uci, Some(variants)) = (protocol, variants) {
            if !variants.iter().any(|v| v == "xiangqi") {
                return Err(PlayerError(format!(
                    "{} plays several variants but not xiangqi (Fairy-Stockfish needs largeboards=yes for it)",
                    engine.name
                )));
            }
            engine.ranks_from_one = true;
            engine.set_option("UCI_Variant", "xiangqi")?;
        }
        for (name, value) in options {
            engine.set_option(name, value)?;
        }
        engine.sync()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        tracing::trace!(engine = %self.name, "< {line}");
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| PlayerError(format!("{} stopped reading: {e}", self.name)))
    }

    fn read_line(&mut self, deadline: Instant) -> Result<String, PlayerError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                tracing::trace!(engine = %self.name, "> {line}");
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => {
                Err(PlayerError(format!("{} did not answer in time", self.name)))
            }
            Err(RecvTimeoutError::Disconnected) => {
                Err(PlayerError(format!("{} exited", self.name)))
            }
        }
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), PlayerError> {
        match self.protocol {
            Protocol::Uci => self.send(&format!("setoption name {name} value {value}")),
            Protocol::Ucci => self.send(&format!("setoption {name} {value}")),
        }
    }

    fn sync(&mut self) -> Result<(), PlayerError> {
        self.send("isready")?;
        let deadline = Instant::now() + GRACE;
        while self.read_line(deadline)?.trim() != "readyok" {}
        Ok(())
    }

    fn engine_move_text(&self, mv: Move) -> String {
        let point = |sq: Square| {
            format!(
                "{}{}",
                (b'a' + sq.file()) as char,
                sq.rank() + u8::from(self.ranks_from_one)
            )
        };
        format!("{}{}", point(mv.from()), point(mv.to()))
    }

    fn read_engine_move(&self, text: &str) -> Option<Move> {
        let text = text.trim();
        let files: Vec<(usize, char)> = text
            .char_indices()
            .filter(|(_, c)| c.is_ascii_alphabetic())
            .collect();
        let [(0, from_file), (to_at, to_file)] = files[..] else {
            return None;
        };
        let rank = |digits: &str| -> Option<u8> {
            let n: u8 = digits.parse().ok()?;
            n.checked_sub(u8::from(self.ranks_from_one))
        };
        let square =
            |file: char, rank: u8| Square::new(file.to_ascii_lowercase() as u8 - b'a', rank);
        if !('a'..='i').contains(&from_file.to_ascii_lowercase())
            || !('a'..='i').contains(&to_file.to_ascii_lowercase())
        {
            return None;
        }
        let from = square(from_file, rank(&text[1..to_at])?)?;
        let to = square(to_file, rank(&text[to_at + 1..])?)?;
        Some(Move::new(from, to))
    }
}

impl Player for ExternalEngine {
    fn new_game(&mut self, _seed: u64) -> Result<(), PlayerError> {
        if self.protocol == Protocol::Uci {
            self.send("ucinewgame")?;
        }
        self.sync()
    }

    fn play(&mut self, game: &Game, budget: Budget) -> Result<Reply, PlayerError> {
        self.sync()?;
        let played = game.moves().len();
        let since_capture = game.keys_since_capture().len() - 1;
        let base = played - since_capture.min(HISTORY_WINDOW);
        let fen = game.position_at(base).expect("a ply of the game").to_fen();
        let mut command = format!("position fen {fen}");
        if base < played {
            command.push_str(" moves");
            for &mv in &game.moves()[base..] {
                command.push(' ');
                command.push_str(&self.engine_move_text(mv));
            }
        }
        self.send(&command)?;
        let started = Instant::now();
        let (mut stop_at, deadline) = match (budget, self.protocol) {
            (Budget::Nodes(n), _) => {
                self.send(&format!("go nodes {n}"))?;
                (None, started + NODES_MOVE_LIMIT)
            }
            (Budget::Movetime(t), Protocol::Uci) => {
                self.send(&format!("go movetime {}", t.as_millis()))?;
                (None, started + t * 3 + GRACE)
            }
            (Budget::Movetime(t), Protocol::Ucci) => {
                self.send("go depth 64")?;
                (Some(started + t), started + t * 3 + GRACE)
            }
        };
        let mut speed = None;
        loop {
            let line = match stop_at {
                Some(stop) => match self.read_line(stop.min(deadline)) {
                    Ok(line) => line,
                    Err(_) if Instant::now() < deadline => {
                        self.send("stop")?;
                        stop_at = None;
                        continue;
                    }
                    Err(e) => return Err(e),
                },
                None => self.read_line(deadline)?,
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first().copied() {
                Some("info") => {
                    if let Some(reported) = info_speed(&words) {
                        speed = Some(reported);
                    }
                }
                Some("bestmove") => {
                    let mv = words.get(1).and_then(|text| self.read_engine_move(text));
                    return Ok(Reply { mv, speed });
                }
                Some("nobestmove") => return Ok(Reply { mv: None, speed }),
                _ => {}
            }
        }
    }
}

/// The nodes and thinking time an `info` line reports, if it gives both.
/// A short search reports `time 0` in whole milliseconds; the engine's own
/// `nps` still gives its speed then, so it is preferred when present.
fn info_speed(words: &[&str]) -> Option<(u64, Duration)> {
    let value = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let nodes = value("nodes")?;
    match (value("nps"), value("time")) {
        (Some(rate), _) if rate > 0 => {
            Some((nodes, Duration::from_secs_f64(nodes as f64 / rate as f64)))
        }
        (_, Some(millis)) => Some((nodes, Duration::from_millis(millis))),
        _ => None,
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        // UCCI engines may not exit at the end of input: ask, then insist.
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The program's absolute path: as given when it names a directory, else
/// searched on `PATH` (its directory becomes the engine's working directory).
fn resolve_program(program: &Path) -> Result<PathBuf, PlayerError> {
    let found = if program.components().count() > 1 {
        Some(program.to_path_buf())
    } else {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join(program))
                .find(|candidate| candidate.is_file())
        })
    };
    found
        .and_then(|path| std::fs::canonicalize(path).ok())
        .ok_or_else(|| PlayerError(format!("engine program {} not found", program.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_speed_from_nps_even_when_time_rounds_to_zero() {
        let words = |line: &'static str| line.split_whitespace().collect::<Vec<_>>();
        assert_eq!(
            info_speed(&words(
                "info depth 3 score 12 nodes 800 nps 1600000 time 0 pv h2e2"
            )),
            Some((800, Duration::from_micros(500)))
        );
        assert_eq!(
            info_speed(&words("info depth 9 nodes 3000000 time 1500")),
            Some((3_000_000, Duration::from_millis(1500)))
        );
        assert_eq!(info_speed(&words("info depth 9 time 1500")), None);
        assert_eq!(info_speed(&words("info string hello")), None);
    }

    #[test]
    fn specs_read_our_engine_and_commands_and_refuse_nonsense() {
        assert_eq!(
            EngineSpec::parse("self", &[]).unwrap(),
            EngineSpec::Own {
                level: None,
                hash_mb: DEFAULT_HASH_MB
            }
        );
        assert_eq!(
            EngineSpec::parse("self:level=5,hash=32", &[]).unwrap(),
            EngineSpec::Own {
                level: Some(Level::new(5).unwrap()),
                hash_mb: 32
            }
        );
        let eleeye = EngineSpec::parse("ucci:/opt/eleeye -x", &["usebook=false".into()]).unwrap();
        assert_eq!(
            eleeye,
            EngineSpec::External {
                protocol: Protocol::Ucci,
                program: "/opt/eleeye".into(),
                args: vec!["-x".into()],
                options: vec![("usebook".into(), "false".into())],
            }
        );
        assert_eq!(eleeye.name(), "eleeye");
        assert!(EngineSpec::parse("self:level=22", &[])
            .unwrap_err()
            .contains("level 22"));
        assert!(EngineSpec::parse("self:depth=3", &[])
            .unwrap_err()
            .contains("`depth`"));
        assert!(EngineSpec::parse("self:hash=0", &[]).is_err());
        assert!(EngineSpec::parse("self:level", &[]).is_err());
        assert!(EngineSpec::parse("uci:", &[])
            .unwrap_err()
            .contains("empty"));
        assert!(EngineSpec::parse("engine", &["novalue".into()]).is_err());
        assert!(EngineSpec::parse("self", &["Hash=1".into()]).is_err());
        assert_eq!(
            EngineSpec::parse(" beginner ", &[]).unwrap(),
            EngineSpec::Beginner
        );
    }

    #[test]
    fn a_missing_program_is_an_error_not_a_panic() {
        let spec = EngineSpec::parse("/nonexistent/engine", &[]).unwrap();
        let err = spec.start().err().expect("no such program");
        assert!(err.0.contains("not found"), "{err}");
    }
}
