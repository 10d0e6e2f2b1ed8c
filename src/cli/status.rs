//! `xiangqi-bot status`: reads lines `FEN [moves m1 m2 ...]` (or `startpos
//! [moves ...]`) on stdin, plays the moves and prints `RESULT REASON` for each
//! line, e.g. `1-0 checkmate` or `* ongoing`. A bad line gets `error: ...`
//! and the next line is read, so the answers stay one per line.

use std::io::{BufRead, Write};

use xiangqi_bot::rules::notation::parse_move;
use xiangqi_bot::rules::{Game, GameStatus, Position};

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
    let mut tokens: Vec<&str> = line.split_whitespace().collect();
    // Also take UCI's `position [fen] ...` so engine logs can be pasted in.
    if tokens.first() == Some(&"position") {
        tokens.remove(0);
    }
    if tokens.first() == Some(&"fen") {
        tokens.remove(0);
    }
    if tokens.is_empty() {
        return Err(
            "empty line: expected `FEN [moves m1 m2 ...]` or `startpos [moves ...]`".into(),
        );
    }
    let split = tokens
        .iter()
        .position(|t| t.eq_ignore_ascii_case("moves"))
        .unwrap_or(tokens.len());
    let (setup, moves) = tokens.split_at(split);
    let moves = moves.get(1..).unwrap_or(&[]);
    let start = match setup {
        [] => return Err("no position before `moves`: give a FEN or `startpos`".into()),
        ["startpos"] => Position::startpos(),
        fen => {
            let fen = fen.join(" ");
            Position::from_fen(&fen).map_err(|err| format!("invalid FEN `{fen}`: {err}"))?
        }
    };
    let mut game = Game::new(start);
    for (index, &text) in moves.iter().enumerate() {
        let number = index + 1;
        if let GameStatus::Over(outcome) = game.status() {
            return Err(format!(
                "move {number} `{text}`: the game is already over ({outcome}). {}",
                outcome.description()
            ));
        }
        let parsed = parse_move(game.position(), text)
            .map_err(|err| format!("move {number} `{text}`: {err}"))?;
        game.play(parsed.mv)
            .map_err(|err| format!("move {number} `{text}`: {err}"))?;
    }
    Ok(game.status())
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
