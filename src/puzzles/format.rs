//! A puzzle and the set's file: tab-separated values, one puzzle a line,
//! columns `id`, `fen`, `solution` (ICCS moves separated by spaces: the
//! solver's move first, the replies between, the solver's move last),
//! `rating` and `themes` (comma-separated), after one header line.

use std::fmt;

use crate::engine::uci::parse_iccs;
use crate::rules::{Move, Position};

use super::themes::Theme;

/// The header line of a puzzle file.
pub const HEADER: &str = "id\tfen\tsolution\trating\tthemes";

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub id: String,
    /// The position, the solver to move.
    pub fen: String,
    /// Solver's move, reply, solver's move, ...: an odd number of moves.
    pub solution: Vec<Move>,
    pub rating: u32,
    pub themes: Vec<Theme>,
}

/// Why a puzzle line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFileError {
    /// One-based line number.
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for PuzzleFileError {}

impl Puzzle {
    /// The start position (the FEN was checked when the puzzle was read).
    pub fn position(&self) -> Position {
        Position::from_fen(&self.fen).expect("a puzzle's FEN is checked when it is read")
    }

    /// Solver's moves in the solution.
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// The mate theme's N, when the solution ends in mate.
    pub fn mate_in(&self) -> Option<u32> {
        self.themes.iter().find_map(|t| match t {
            Theme::MateIn(n) => Some(*n),
            _ => None,
        })
    }

    /// The puzzle as one line of the file (no newline).
    pub fn to_line(&self) -> String {
        let solution: Vec<String> = self.solution.iter().map(Move::to_string).collect();
        let themes: Vec<String> = self.themes.iter().map(Theme::to_string).collect();
        format!(
            "{}\t{}\t{}\t{}\t{}",
            self.id,
            self.fen,
            solution.join(" "),
            self.rating,
            themes.join(",")
        )
    }

    /// Reads one line of the file. The moves must be ICCS and legal in turn.
    pub fn parse_line(text: &str) -> Result<Puzzle, String> {
        let fields: Vec<&str> = text.split('\t').collect();
        let [id, fen, solution, rating, themes] = fields[..] else {
            return Err(format!("{} columns, expected 5", fields.len()));
        };
        if id.is_empty() {
            return Err("the id is empty".into());
        }
        let mut pos = Position::from_fen(fen).map_err(|e| format!("FEN: {e}"))?;
        let mut moves = Vec::new();
        for (index, word) in solution.split(' ').enumerate() {
            let mv = parse_iccs(word).map_err(|e| format!("move {}: {e}", index + 1))?;
            if !pos.is_legal(mv) {
                return Err(format!("move {} ({mv}) is not legal there", index + 1));
            }
            pos.make_move(mv);
            moves.push(mv);
        }
        if moves.len() % 2 == 0 {
            return Err("the solution ends on a reply, not on the solver's move".into());
        }
        let rating = rating
            .parse()
            .map_err(|_| format!("rating {rating:?} is not a whole number"))?;
        let themes = if themes.is_empty() {
            Vec::new()
        } else {
            themes
                .split(',')
                .map(|t| t.parse::<Theme>())
                .collect::<Result<Vec<_>, _>>()?
        };
        Ok(Puzzle {
            id: id.to_string(),
            fen: fen.to_string(),
            solution: moves,
            rating,
            themes,
        })
    }
}

/// Reads a whole file: the header line (optional), then one puzzle a line;
/// blank lines are skipped. Every bad line is reported.
pub fn parse_file(text: &str) -> Result<Vec<Puzzle>, Vec<PuzzleFileError>> {
    let mut puzzles = Vec::new();
    let mut errors = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || (index == 0 && line == HEADER) {
            continue;
        }
        match Puzzle::parse_line(line) {
            Ok(p) => puzzles.push(p),
            Err(reason) => errors.push(PuzzleFileError {
                line: index + 1,
                reason,
            }),
        }
    }
    if errors.is_empty() {
        Ok(puzzles)
    } else {
        Err(errors)
    }
}

/// The header line of a retired-ids file: the ids that have left a puzzle
/// file, one `id<TAB>reason` line each, kept so that no later puzzle takes
/// one (a player's solved list and a puzzle's rating in the store are by id).
pub const RETIRED_HEADER: &str = "id\treason";

/// The ids of a retired-ids file, in file order.
pub fn parse_retired(text: &str) -> Result<Vec<String>, PuzzleFileError> {
    let mut lines = text.lines().enumerate();
    if !matches!(lines.next(), Some((_, header)) if header == RETIRED_HEADER) {
        return Err(PuzzleFileError {
            line: 1,
            reason: format!("the first line must be the header {RETIRED_HEADER:?}"),
        });
    }
    lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| match line.split('\t').next() {
            Some(id) if !id.is_empty() => Ok(id.to_string()),
            _ => Err(PuzzleFileError {
                line: index + 1,
                reason: "the id is empty".into(),
            }),
        })
        .collect()
}

/// The largest numeric id among a set's puzzles and the ids retired from
/// it (0 when there is none): new puzzles are numbered after it, so that no
/// id names two puzzles over time.
pub fn last_id(puzzles: &[Puzzle], retired: &[String]) -> u64 {
    puzzles
        .iter()
        .map(|p| &p.id)
        .chain(retired)
        .filter_map(|id| id.parse::<u64>().ok())
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_written() {
        let puzzle = Puzzle {
            id: "p1".into(),
            fen: "4k4/9/9/9/9/9/9/9/4A4/3A1K3 w".into(),
            solution: vec![parse_iccs("f0e0").unwrap()],
            rating: 900,
            themes: vec![Theme::MateIn(1), Theme::Fork],
        };
        assert_eq!(Puzzle::parse_line(&puzzle.to_line()), Ok(puzzle));
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let text = format!("{HEADER}\nx\tnot a fen\th2e2\t1\t\na\tb\n");
        let errors = parse_file(&text).unwrap_err();
        assert_eq!(errors.len(), 2);
        assert!(
            errors[0].to_string().starts_with("line 2: FEN"),
            "{}",
            errors[0]
        );
        assert_eq!(errors[1].to_string(), "line 3: 2 columns, expected 5");
        let even =
            "p\trnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\th2e2 h9g7\t1\t";
        assert!(Puzzle::parse_line(even)
            .unwrap_err()
            .contains("ends on a reply"));
    }

    #[test]
    fn a_retired_file_gives_its_ids_or_says_what_is_wrong() {
        let text = format!("{RETIRED_HEADER}\n17\tdropped: x\n\nold-3\treplaced by 1001\n");
        assert_eq!(parse_retired(&text), Ok(vec!["17".into(), "old-3".into()]));
        assert_eq!(parse_retired(&format!("{RETIRED_HEADER}\n")), Ok(vec![]));
        assert_eq!(parse_retired("17\tdropped").unwrap_err().line, 1);
        let empty_id = format!("{RETIRED_HEADER}\n5\tx\n\tno id\n");
        assert_eq!(
            parse_retired(&empty_id).unwrap_err().to_string(),
            "line 3: the id is empty"
        );
    }
}
