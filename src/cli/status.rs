//! `xiangqi-bot status`: reads lines `FEN [moves m1 m2 ...]` (or `startpos
//! [moves ...]`) on stdin, plays the moves and prints `RESULT REASON` for each
//! line, e.g. `1-0 checkmate` or `* ongoing`. A bad line gets `error: ...`
//! and the next line is read, so the answers stay one per line.
//!
//! With `--pgn FILE` it replays every game of a PGN record instead (the match
//! runner's output, the store's exports) and prints one such line a game; a
//! game whose replay disagrees with its `Result` tag gets `error: ...`.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::Context as _;
use xiangqi_bot::matches::openings::parse_line;
use xiangqi_bot::rules::notation::pgn::{read_pgn, PgnGame};
use xiangqi_bot::rules::{Game, GameStatus, Move, Position};

#[derive(clap::Args)]
pub struct StatusArgs {
    /// Replay the games of this PGN file (ICCS moves) instead of reading lines on stdin.
    #[arg(long)]
    pgn: Option<PathBuf>,
}

/// The subcommand: lines on stdin, or the games of `--pgn`.
pub fn run_args(args: StatusArgs) -> anyhow::Result<()> {
    let stdout = std::io::stdout().lock();
    match args.pgn {
        None => run(std::io::stdin().lock(), stdout),
        Some(path) => {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            run_pgn(&text, stdout)
        }
    }
}

/// Answers every game of a PGN text on `output`, one line a game.
pub fn run_pgn(text: &str, mut output: impl Write) -> anyhow::Result<()> {
    for (index, game) in read_pgn(text)?.iter().enumerate() {
        let answer = match replay_pgn_game(game) {
            Ok(status) => {
                let replayed = status.outcome().map_or("*", |o| o.result.as_str());
                if replayed == game.result {
                    status.to_string()
                } else {
                    format!(
                        "error: game {}: the record says {} but the moves give {status}",
                        index + 1,
                        game.result
                    )
                }
            }
            Err(why) => format!("error: game {}: {why}", index + 1),
        };
        writeln!(output, "{answer}")?;
    }
    output.flush()?;
    Ok(())
}

/// The status after playing a PGN game's moves from its `FEN` tag (or the start).
fn replay_pgn_game(record: &PgnGame) -> Result<GameStatus, String> {
    let start = match record.tag("FEN") {
        None => Position::startpos(),
        Some(fen) => {
            Position::from_fen(fen).map_err(|err| format!("invalid FEN tag `{fen}`: {err}"))?
        }
    };
    let mut game = Game::new(start);
    for (index, &(from, to)) in record.moves.iter().enumerate() {
        game.play(Move::new(from, to))
            .map_err(|err| format!("move {}: {err}", index + 1))?;
    }
    Ok(game.status())
}

/// Answers every line of `input` on `output`.
pub fn run(input: impl BufRead, mut output: impl Write) -> anyhow::Result<()> {
    for line in xiangqi_bot::lines::lines(input) {
        let answer = match line?
            .map_err(|e| e.to_string())
            .and_then(|l| status_of_line(&l))
        {
            Ok(status) => status.to_string(),
            Err(why) => format!("error: {why}"),
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
    }
    Ok(())
}

/// The status after playing a line's moves, or why the line cannot be played.
pub fn status_of_line(line: &str) -> Result<GameStatus, String> {
    parse_line(line).map(|game| game.status())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn reads_fen_or_startpos_with_or_without_moves() {
        assert_eq!(status_of_line("startpos"), Ok(GameStatus::Ongoing));
        assert_eq!(
            status_of_line("startpos moves"),
            Ok(GameStatus::Ongoing),
            "an empty move list"
        );
        let mate = status_of_line("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1 moves b0b9").unwrap();
        assert_eq!(mate.to_string(), "1-0 checkmate");
        assert!(status_of_line("moves h2e2")
            .unwrap_err()
            .contains("no position"));
        assert!(status_of_line("startpos h2e2")
            .unwrap_err()
            .contains("invalid FEN"));
    }

    fn line_like_text() -> impl Strategy<Value = String> {
        let words = prop::sample::select(vec![
            "startpos",
            "moves",
            "position",
            "fen",
            "h2e2",
            "h9g7",
            "C2=5",
            "马8进7",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            "w",
            "b",
            "-",
            "0",
            "1",
            "９",
        ]);
        prop::collection::vec(words, 0..10).prop_map(|w| w.join(" "))
    }

    proptest! {
        #[test]
        fn no_line_makes_it_panic(line in any::<String>()) {
            let _ = status_of_line(&line);
        }

        #[test]
        fn no_line_of_known_words_makes_it_panic(line in line_like_text()) {
            match status_of_line(&line) {
                Ok(status) => prop_assert!(!status.to_string().is_empty()),
                Err(why) => prop_assert!(!why.is_empty()),
            }
        }
    }
}
