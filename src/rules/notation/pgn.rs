//! Game records in the Xiangqi PGN that XQBase published ("中国象棋电脑应用规范
//! (三) PGN 文件格式"), with ICCS move text (`[Format "ICCS"]`, moves like
//! `H2-E2`): written for the store's exports and the match runner's games,
//! read back by the `status` command to replay a record under our rules.
//!
//! Only the move text is this module's: which tags a record carries is the
//! writer's business. The reader takes several games in one text, skips
//! comments (`{…}`, `;` to the end of the line) and move numbers, and accepts
//! moves with or without the dash, in either case.

use std::fmt::{self, Write};

use crate::rules::Square;

/// One game read from a PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tags in the order they were written.
    pub tags: Vec<(String, String)>,
    /// The moves as (from, to) points; legality is the reader's caller's to judge.
    pub moves: Vec<(Square, Square)>,
    /// The result token that ended the move text (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
}

impl PgnGame {
    /// The value of tag `name` (case-sensitive, as PGN tags are), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why a PGN text could not be read; says which game and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game, counted from 1.
    pub game: usize,
    pub why: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PGN game {}: {}", self.game, self.why)
    }
}

impl std::error::Error for PgnError {}

/// Writes one game: the tags in the order given, a blank line, the moves two
/// plies a line (`1. H2-E2 H9-G7`; `1... E9-F9` first when Black moved first),
/// an optional comment, and the result token; ends in a newline.
pub fn write_pgn(
    tags: &[(&str, String)],
    moves: impl IntoIterator<Item = (Square, Square)>,
    black_first: bool,
    comment: Option<&str>,
    result: &str,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        // PGN strings escape the backslash and the quote.
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{escaped}\"]");
    }
    out.push('\n');
    let mut line = String::new();
    for (index, (from, to)) in moves.into_iter().enumerate() {
        // Plies counted as if Red had moved first, so that a Black-to-move
        // start puts Black's move on the first line after "1...".
        let slot = index + usize::from(black_first);
        let number = slot / 2 + 1;
        let text = format!("{from}-{to}").to_ascii_uppercase();
        if slot % 2 == 0 {
            let _ = write!(line, "{number}. {text}");
        } else if index == 0 {
            let _ = write!(line, "{number}... {text}");
        } else {
            let _ = write!(line, " {text}");
        }
        if slot % 2 == 1 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    if let Some(comment) = comment {
        // Braces would end the comment early.
        let _ = writeln!(out, "{{{}}}", comment.replace(['{', '}'], ""));
    }
    out.push_str(result);
    out.push('\n');
    out
}

/// Reads every game of a PGN text. A text with no game at all is an error too,
/// so that a wrong file is not taken for an empty one.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut current = PgnGame {
        tags: Vec::new(),
        moves: Vec::new(),
        result: String::new(),
    };
    let mut started = false;
    let mut chars = text.char_indices().peekable();
    let error = |games: &Vec<PgnGame>, why: String| PgnError {
        game: games.len() + 1,
        why,
    };
    while let Some(&(start, c)) = chars.peek() {
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            '[' => {
                if !current.moves.is_empty() {
                    return Err(error(
                        &games,
                        "a tag after the moves: the game has no result token (1-0, 0-1, 1/2-1/2 or *)".into(),
                    ));
                }
                let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
                let tag =
                    parse_tag(text[start..end].trim_end()).map_err(|why| error(&games, why))?;
                current.tags.push(tag);
                check_format(&current).map_err(|why| error(&games, why))?;
                started = true;
                while chars.peek().is_some_and(|&(i, _)| i < end) {
                    chars.next();
                }
            }
            '{' => {
                let Some(close) = text[start..].find('}') else {
                    return Err(error(&games, "a comment `{` that is never closed".into()));
                };
                while chars.peek().is_some_and(|&(i, _)| i <= start + close) {
                    chars.next();
                }
            }
            ';' => while chars.next().is_some_and(|(_, c)| c != '\n') {},
            _ => {
                let end = text[start..]
                    .find(|c: char| c.is_whitespace() || c == '{' || c == ';' || c == '[')
                    .map_or(text.len(), |n| start + n);
                let token = &text[start..end];
                while chars.peek().is_some_and(|&(i, _)| i < end) {
                    chars.next();
                }
                started = true;
                if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    current.result = token.to_owned();
                    games.push(std::mem::replace(
                        &mut current,
                        PgnGame {
                            tags: Vec::new(),
                            moves: Vec::new(),
                            result: String::new(),
                        },
                    ));
                    started = false;
                } else if let Some(mv) = parse_move_token(token) {
                    current.moves.push(mv);
                } else if !is_move_number(token) {
                    return Err(error(
                        &games,
                        format!(
                            "`{}` is neither an ICCS move (H2-E2), a move number nor a result",
                            token.chars().take(24).collect::<String>()
                        ),
                    ));
                }
            }
        }
    }
    if started {
        return Err(error(
            &games,
            "the text ends before the game's result token (1-0, 0-1, 1/2-1/2 or *)".into(),
        ));
    }
    if games.is_empty() {
        return Err(PgnError {
            game: 1,
            why: "no game found: a PGN game is tags like [Red \"…\"], moves and a result".into(),
        });
    }
    Ok(games)
}

/// `[Name "value"]`, with `\"` and `\\` unescaped.
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let bad = || {
        format!(
            "`{}` is not a tag like [Red \"name\"]",
            line.chars().take(40).collect::<String>()
        )
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, rest) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut value = String::new();
    let mut escaped = false;
    for c in quoted.chars() {
        if escaped || c != '\\' {
            value.push(c);
            escaped = false;
        } else {
            escaped = true;
        }
    }
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    Ok((name.to_owned(), value))
}

/// Only ICCS move text is read: another `Format` would be misread silently.
fn check_format(game: &PgnGame) -> Result<(), String> {
    match game.tag("Format") {
        None => Ok(()),
        Some(format) if format.eq_ignore_ascii_case("ICCS") => Ok(()),
        Some(other) => Err(format!(
            "the moves are in format `{other}`; only ICCS records are read"
        )),
    }
}

/// `H2-E2`, `h2e2` (any case).
fn parse_move_token(token: &str) -> Option<(Square, Square)> {
    let compact: String = match token.len() {
        4 => token.to_owned(),
        5 if token.as_bytes()[2] == b'-' => token.chars().filter(|&c| c != '-').collect(),
        _ => return None,
    };
    if !compact.is_ascii() {
        return None;
    }
    Some((Square::parse(&compact[..2])?, Square::parse(&compact[2..])?))
}

/// `12.` or `12...`.
fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    #[test]
    fn what_is_written_reads_back() {
        let moves = vec![
            (sq("h2"), sq("e2")),
            (sq("h9"), sq("g7")),
            (sq("h0"), sq("g2")),
        ];
        let text = write_pgn(
            &[
                ("Red", "A \"quoted\" \\ name".into()),
                ("Format", "ICCS".into()),
            ],
            moves.clone(),
            false,
            Some("Red wins {by} checkmate."),
            "1-0",
        );
        assert!(text.contains("1. H2-E2 H9-G7\n2. H0-G2\n{Red wins by checkmate.}\n1-0\n"));
        let twice = format!("{text}\n{}", write_pgn(&[], [], true, None, "*"));
        let games = read_pgn(&twice).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, moves);
        assert_eq!(games[0].tag("Red"), Some("A \"quoted\" \\ name"));
        assert_eq!(games[0].result, "1-0");
        assert_eq!(games[1].result, "*");
        assert!(games[1].moves.is_empty());
    }

    #[test]
    fn black_first_starts_with_an_ellipsis() {
        let text = write_pgn(
            &[],
            [(sq("e9"), sq("f9")), (sq("e1"), sq("f1"))],
            true,
            None,
            "*",
        );
        assert!(text.ends_with("\n1... E9-F9\n2. E1-F1\n*\n"), "{text}");
        assert_eq!(read_pgn(&text).unwrap()[0].moves.len(), 2);
    }

    #[test]
    fn broken_records_say_which_game_and_why() {
        let ok = "[Red \"a\"]\n\n1. h2e2 *\n";
        let missing_result = format!("{ok}[Red \"b\"]\n\n1. h2e2 h9g7\n");
        let err = read_pgn(&missing_result).unwrap_err();
        assert_eq!(err.game, 2);
        assert!(err.why.contains("result"), "{err}");
        let garbage = read_pgn("1. h2e2 hello 1-0").unwrap_err();
        assert!(garbage.why.contains("`hello`"), "{garbage}");
        assert!(read_pgn("").unwrap_err().why.contains("no game"));
        assert!(read_pgn("[Format \"WXF\"]\n1. C2=5 *")
            .unwrap_err()
            .why
            .contains("WXF"));
        assert!(read_pgn("[Red \"a\" 1. h2e2 *").is_err());
        assert!(read_pgn("{never closed 1. h2e2 *").is_err());
    }
}
