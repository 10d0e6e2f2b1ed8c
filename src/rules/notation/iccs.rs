//! ICCS: the from and to points, `h2e2`, also written `H2-E2`. Files `a`–`i`
//! from Red's left, ranks `0`–`9` from Red's side.

use crate::rules::{Move, Position, Square};

use super::reading::{echo, MoveError, Notation, ParsedMove};

/// A point as typed: a file letter and a rank of one or two digits (two only
/// so that the 1–10 form can be recognised and refused with a reason).
struct TypedPoint {
    file: u8,
    rank: u32,
}

/// Reads a point at the start of `text`; returns it and the rest.
fn typed_point(text: &[u8]) -> Option<(TypedPoint, &[u8])> {
    let (&letter, rest) = text.split_first()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let digits = rest
        .iter()
        .take(2)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 {
        return None;
    }
    let rank = rest[..digits]
        .iter()
        .fold(0, |acc, d| acc * 10 + u32::from(d - b'0'));
    Some((TypedPoint { file: letter, rank }, &rest[digits..]))
}

/// `None` when `text` is not shaped like ICCS, so another notation may try.
pub(super) fn parse(
    pos: &Position,
    text: &str,
    input: &str,
) -> Option<Result<ParsedMove, MoveError>> {
    let lower = text.to_ascii_lowercase();
    let (from, rest) = typed_point(lower.as_bytes())?;
    let rest = rest.strip_prefix(b"-").unwrap_or(rest);
    let (to, rest) = typed_point(rest)?;
    if !rest.is_empty() {
        return None;
    }
    Some(resolve(pos, &from, &to, input))
}

fn resolve(
    pos: &Position,
    from: &TypedPoint,
    to: &TypedPoint,
    input: &str,
) -> Result<ParsedMove, MoveError> {
    for point in [from, to] {
        if point.file > b'i' {
            return Err(MoveError::NoSuchFile {
                input: echo(input),
                file: point.file as char,
            });
        }
    }
    if from.rank > 9 || to.rank > 9 {
        return Err(if from.rank == 10 || to.rank == 10 {
            MoveError::RanksFromOne { input: echo(input) }
        } else {
            MoveError::Unrecognized { input: echo(input) }
        });
    }
    let square = |p: &TypedPoint| Square::new(p.file - b'a', p.rank as u8).expect("checked range");
    let mv = Move::new(square(from), square(to));
    if pos.is_legal(mv) {
        Ok(ParsedMove {
            mv,
            notation: Notation::Iccs,
        })
    } else {
        Err(MoveError::Illegal {
            input: echo(input),
            mv,
            notation: Notation::Iccs,
            reason: pos.explain_illegal(mv),
        })
    }
}
