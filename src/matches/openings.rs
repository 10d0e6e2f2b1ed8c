//! Where a match's games start: lines of a file (`FEN [moves ...]` or
//! `startpos [moves ...]`, the `status` command's form), or a few random
//! quiet plies from the start position. Each opening is played twice, once
//! with each engine as Red, so that an unbalanced opening favours neither.

use crate::engine::selfplay::play_random_quiet_plies;
use crate::rng::SplitMix64;
use crate::rules::notation::parse_move;
use crate::rules::{Game, GameStatus, Move, Position};

/// A start position and the moves that lead from it to where the engines
/// take over (kept, so that the game's record and repetition see them).
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub start: Position,
    pub moves: Vec<Move>,
}

impl Opening {
    /// The game as the engines receive it.
    pub fn game(&self) -> Game {
        Game::from_moves(self.start.clone(), &self.moves)
            .expect("an opening's moves were checked when it was made")
    }
}

/// Reads `FEN [moves m1 m2 ...]` or `startpos [moves ...]` (UCI's
/// `position [fen]` prefix allowed, moves in any notation `parse_move`
/// reads) and plays the moves.
pub fn parse_line(line: &str) -> Result<Game, String> {
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
    Ok(game)
}

/// The openings of a file's text: one a line, blank lines and `#` comments
/// skipped. Refuses a line whose game is already over, and a text without
/// any opening; errors name the line.
pub fn parse_file(text: &str) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let game = parse_line(line).map_err(|why| format!("line {}: {why}", index + 1))?;
        if let GameStatus::Over(outcome) = game.status() {
            return Err(format!(
                "line {}: the game is already over ({outcome}); an opening must leave moves to play",
                index + 1
            ));
        }
        openings.push(Opening {
            start: game.start().clone(),
            moves: game.moves().to_vec(),
        });
    }
    if openings.is_empty() {
        return Err(
            "no opening in the file: write one `FEN [moves ...]` or `startpos moves ...` a line"
                .into(),
        );
    }
    Ok(openings)
}

/// `plies` random moves from the start position, none of them a capture, and
/// the game not over afterwards; the same seed gives the same opening.
pub fn random_opening(plies: u32, seed: u64) -> Opening {
    let mut rng = SplitMix64::new(seed);
    loop {
        let mut game = Game::new(Position::startpos());
        play_random_quiet_plies(&mut game, plies as usize, &mut rng);
        if game.moves().len() == plies as usize && game.status() == GameStatus::Ongoing {
            return Opening {
                start: game.start().clone(),
                moves: game.moves().to_vec(),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_gives_one_opening_a_line_and_errors_name_the_line() {
        let text = "# comment\n\nstartpos moves h2e2 h9g7\n\
            rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n";
        let openings = parse_file(text).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].moves.len(), 2);
        assert_eq!(
            openings[0].game().position().side_to_move(),
            crate::rules::Color::Red
        );
        assert!(parse_file("startpos\nstartpos moves a0a5")
            .unwrap_err()
            .starts_with("line 2: move 1"));
        assert!(parse_file("# nothing\n")
            .unwrap_err()
            .contains("no opening"));
        let mated = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1 moves b0b9";
        assert!(parse_file(mated).unwrap_err().contains("already over"));
    }

    #[test]
    fn random_openings_are_quiet_reproducible_and_varied() {
        let a = random_opening(6, 1);
        assert_eq!(a, random_opening(6, 1));
        assert_eq!(a.moves.len(), 6);
        let game = a.game();
        assert_eq!(
            game.position().halfmove_clock(),
            6,
            "no capture in the opening"
        );
        let distinct: std::collections::HashSet<_> =
            (0..10).map(|seed| random_opening(4, seed).moves).collect();
        assert!(distinct.len() > 5);
    }
}
