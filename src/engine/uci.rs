//! The UCI protocol as Pikafish speaks it for Xiangqi: parsing the commands a
//! GUI or match tool sends (moves in ICCS, ranks 0–9) into typed requests.
//! The loop that reads stdin and runs searches is `cli::uci`.

use std::fmt;
use std::time::Duration;

use crate::rules::{Color, Move, Position, Square};

use super::limits::{clock_budget, Limits};

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Uci,
    IsReady,
    UciNewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        start: PositionStart,
        moves: Vec<Move>,
    },
    Go(GoParams),
    Stop,
    PonderHit,
    Quit,
    /// Anything else (UCI says: ignore it).
    Unknown(String),
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStart {
    StartPos,
    Fen(String),
}

impl PositionStart {
    pub fn to_position(&self) -> Result<Position, UciError> {
        match self {
            PositionStart::StartPos => Ok(Position::startpos()),
            PositionStart::Fen(fen) => {
                Position::from_fen(fen).map_err(|e| UciError(format!("bad FEN \"{fen}\": {e}")))
            }
        }
    }
}

/// The parameters of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    pub(crate) depth: Option<u32>,
    pub(crate) nodes: Option<u64>,
    pub(crate) movetime: Option<Duration>,
    pub(crate) wtime: Option<Duration>,
    pub(crate) btime: Option<Duration>,
    pub(crate) winc: Option<Duration>,
    pub(crate) binc: Option<Duration>,
    pub(crate) movestogo: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
}

impl GoParams {
    /// The search limits for `side` to move. A clock becomes a time budget;
    /// an explicit movetime wins over the clock.
    pub fn limits(&self, side: Color) -> Limits {
        let (time, inc) = match side {
            Color::Red => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        let clock = time.map(|t| clock_budget(t, inc.unwrap_or_default(), self.movestogo));
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: if self.infinite || self.ponder {
                None
            } else {
                self.movetime.or(clock)
            },
            // A clock's budget is a share: what is saved now is spent later.
            use_all_time: self.movetime.is_some(),
            ..Limits::default()
        }
    }
}

/// A command that could not be understood; the message says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciError(pub String);

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UciError {}

/// Reads an ICCS move (`h2e2`, case-insensitive) — syntax only; whether it is
/// legal is decided when it is played.
pub fn parse_iccs(text: &str) -> Result<Move, UciError> {
    let bad = || UciError(format!("\"{text}\" is not a move in ICCS form like h2e2"));
    if text.len() != 4 || !text.is_ascii() {
        return Err(bad());
    }
    let from = Square::parse(&text[..2]).ok_or_else(bad)?;
    let to = Square::parse(&text[2..]).ok_or_else(bad)?;
    Ok(Move::new(from, to))
}

/// Parses one line; blank lines are `Unknown("")`.
pub fn parse_command(line: &str) -> Result<Command, UciError> {
    let mut words = line.split_whitespace();
    let Some(head) = words.next() else {
        return Ok(Command::Unknown(String::new()));
    };
    let rest: Vec<&str> = words.collect();
    Ok(match head {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::UciNewGame,
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "setoption" => parse_setoption(&rest)?,
        "position" => parse_position(&rest)?,
        "go" => Command::Go(parse_go(&rest)?),
        _ => Command::Unknown(line.trim().to_string()),
    })
}

fn parse_setoption(words: &[&str]) -> Result<Command, UciError> {
    if words.first() != Some(&"name") {
        return Err(UciError(
            "setoption needs: setoption name <name> [value <value>]".into(),
        ));
    }
    let value_at = words.iter().position(|&w| w == "value");
    let name_words = &words[1..value_at.unwrap_or(words.len())];
    if name_words.is_empty() {
        return Err(UciError("setoption: the option name is missing".into()));
    }
    let value = value_at.map(|i| words[i + 1..].join(" "));
    Ok(Command::SetOption {
        name: name_words.join(" "),
        value,
    })
}

fn parse_position(words: &[&str]) -> Result<Command, UciError> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let setup = &words[..moves_at.unwrap_or(words.len())];
    let start = match setup.first() {
        Some(&"startpos") if setup.len() == 1 => PositionStart::StartPos,
        Some(&"startpos") => {
            return Err(UciError(format!(
                "position startpos: unexpected \"{}\" (moves go after \"moves\")",
                setup[1]
            )))
        }
        Some(&"fen") if setup.len() > 1 => PositionStart::Fen(setup[1..].join(" ")),
        Some(&"fen") => return Err(UciError("position fen: the FEN is missing".into())),
        _ => {
            return Err(UciError(
                "position needs: position startpos|fen <fen> [moves <m1> <m2> ...]".into(),
            ))
        }
    };
    let moves = match moves_at {
        Some(i) => words[i + 1..]
            .iter()
            .map(|w| parse_iccs(w))
            .collect::<Result<Vec<_>, _>>()?,
        None => Vec::new(),
    };
    Ok(Command::Position { start, moves })
}

fn parse_go(words: &[&str]) -> Result<GoParams, UciError> {
    let mut params = GoParams::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let mut number = |what: &str| -> Result<u64, UciError> {
            i += 1;
            let text = words
                .get(i)
                .ok_or_else(|| UciError(format!("go {what}: a number is missing")))?;
            // Some GUIs send negative clock times when flagging; treat as zero.
            if let Ok(n) = text.parse::<i64>() {
                return Ok(n.max(0) as u64);
            }
            Err(UciError(format!("go {what}: \"{text}\" is not a number")))
        };
        let ms = Duration::from_millis;
        match word {
            "depth" => params.depth = Some(number(word)?.min(u32::MAX as u64) as u32),
            "nodes" => params.nodes = Some(number(word)?),
            "movetime" => params.movetime = Some(ms(number(word)?)),
            "wtime" => params.wtime = Some(ms(number(word)?)),
            "btime" => params.btime = Some(ms(number(word)?)),
            "winc" => params.winc = Some(ms(number(word)?)),
            "binc" => params.binc = Some(ms(number(word)?)),
            "movestogo" => params.movestogo = Some(number(word)?.min(u32::MAX as u64) as u32),
            "mate" => params.depth = Some((number(word)?.min(60) as u32) * 2),
            "infinite" => params.infinite = true,
            "ponder" => params.ponder = true,
            // Unknown words are skipped, as UCI asks.
            _ => {}
        }
        i += 1;
    }
    Ok(params)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_position_with_moves() {
        let cmd = parse_command("position startpos moves h2e2 h9g7").unwrap();
        let Command::Position { start, moves } = cmd else {
            panic!("not a position command")
        };
        assert_eq!(start, PositionStart::StartPos);
        let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(text, ["h2e2", "h9g7"]);

        let cmd = parse_command(
            "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b0c2",
        )
        .unwrap();
        let Command::Position { start, moves } = cmd else {
            panic!("not a position command")
        };
        assert_eq!(
            start,
            PositionStart::Fen(
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".into()
            )
        );
        assert_eq!(moves.len(), 1);
    }

    #[test]
    fn parses_go_variants() {
        let Command::Go(p) =
            parse_command("go wtime 60000 btime 30000 winc 1000 binc 500").unwrap()
        else {
            panic!()
        };
        assert_eq!(p.btime, Some(Duration::from_secs(30)));
        let red = p.limits(Color::Red).movetime.unwrap();
        let black = p.limits(Color::Black).movetime.unwrap();
        assert!(red > black, "more time on the clock, more time to think");
        let Command::Go(p) = parse_command("go depth 7 nodes 1000").unwrap() else {
            panic!()
        };
        assert_eq!((p.depth, p.nodes), (Some(7), Some(1000)));
        let Command::Go(p) = parse_command("go infinite").unwrap() else {
            panic!()
        };
        assert!(p.infinite && p.limits(Color::Red).movetime.is_none());
        let Command::Go(p) = parse_command("go movetime 100").unwrap() else {
            panic!()
        };
        assert_eq!(
            p.limits(Color::Red).movetime,
            Some(Duration::from_millis(100))
        );
        assert!(p.limits(Color::Red).use_all_time);
        let Command::Go(p) = parse_command("go wtime 60000 btime 60000").unwrap() else {
            panic!()
        };
        assert!(!p.limits(Color::Red).use_all_time);
    }

    #[test]
    fn setoption_name_and_value() {
        assert_eq!(
            parse_command("setoption name Hash value 32").unwrap(),
            Command::SetOption {
                name: "Hash".into(),
                value: Some("32".into())
            }
        );
        assert!(parse_command("setoption Hash 32").is_err());
    }

    #[test]
    fn errors_say_what_was_wrong() {
        let e = parse_command("position startpos moves h2e2 h10e2").unwrap_err();
        assert!(e.to_string().contains("h10e2"), "{e}");
        let e = parse_command("go depth x").unwrap_err();
        assert!(e.to_string().contains("not a number"), "{e}");
        let e = parse_command("position").unwrap_err();
        assert!(e.to_string().contains("startpos|fen"), "{e}");
    }

    proptest! {
        #[test]
        fn parser_never_panics(line in "\\PC{0,80}") {
            let _ = parse_command(&line);
        }

        #[test]
        fn parser_never_panics_on_command_like_input(
            head in prop::sample::select(vec!["position", "go", "setoption", "uci", "position fen", "position startpos moves"]),
            tail in "[a-z0-9 /-]{0,60}",
        ) {
            let _ = parse_command(&format!("{head} {tail}"));
        }
    }
}
