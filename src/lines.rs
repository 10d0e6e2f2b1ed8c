//! Reading text input line by line, where a line that is not UTF-8 is an
//! error for that line alone: the tools that answer one line per line of
//! input (the console, `moves`, `status`, `uci`) answer it with an error and
//! read on, instead of ending at the first undecodable byte.

use std::io::BufRead;

/// A line of input that is not UTF-8 text.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {0} is not UTF-8 text")]
pub struct NotText(pub usize);

/// One line's bytes (with or without its `\n` or `\r\n`) as text; `number`
/// counts lines from 1, for the error.
pub fn decode(mut bytes: Vec<u8>, number: usize) -> Result<String, NotText> {
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    String::from_utf8(bytes).map_err(|_| NotText(number))
}

/// The lines of `input`: an I/O error ends them, a line that is not text is
/// that line's `Err`.
pub fn lines(
    input: impl BufRead,
) -> impl Iterator<Item = std::io::Result<Result<String, NotText>>> {
    input
        .split(b'\n')
        .enumerate()
        .map(|(index, line)| line.map(|bytes| decode(bytes, index + 1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_not_text_is_its_own_error_and_the_next_is_read() {
        let input: &[u8] = b"one\r\n\xff\xfe bad\nthree";
        let read: Vec<_> = lines(input).map(|line| line.unwrap()).collect();
        assert_eq!(
            read,
            vec![
                Ok("one".to_string()),
                Err(NotText(2)),
                Ok("three".to_string())
            ]
        );
    }
}
