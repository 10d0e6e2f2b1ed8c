//! Round-robin schedules by the Berger tables of FIDE Handbook C.05 Annex 1.
//!
//! For an even number `m` of players, numbered 1 to `m`: round 1 pairs 1 with
//! `m`, 2 with `m - 1`, and so on, the first named having White (Red). Each
//! later round adds `m / 2` to every number but `m`, counting round from 1 to
//! `m - 1`, and keeps each board's order and colours, except the board of
//! player `m`, who alternates: Black in odd rounds, White in even ones. An odd
//! number of players uses the next even table, the last number being the
//! bye.

use super::{Board, Seat};

/// Every round of a round-robin for `n` entrants (`n >= 2`; fewer gives no
/// rounds), boards with outcome `None`, in the table's order; with an odd
/// `n`, the entrant facing the missing last number has a [`Board::Bye`],
/// listed last.
pub fn berger_rounds(n: usize) -> Vec<Vec<Board>> {
    if n < 2 {
        return Vec::new();
    }
    let players = n + n % 2;
    (0..players - 1)
        .map(|round| round_boards(players, round, n))
        .collect()
}

/// Round `round` (0-based) of the table for an even `players`, in seats; the
/// seat `entrants` (one past the last) stands for the bye.
fn round_boards(players: usize, round: usize, entrants: usize) -> Vec<Board> {
    let last = players - 1;
    let shift = round * (players / 2) % last;
    let rotate = |seat: Seat| (seat + shift) % last;
    let mut pairs = Vec::with_capacity(players / 2);
    let against_last = rotate(0);
    pairs.push(if round.is_multiple_of(2) {
        (against_last, last)
    } else {
        (last, against_last)
    });
    for board in 1..players / 2 {
        pairs.push((rotate(board), rotate(last - board)));
    }
    let mut boards: Vec<Board> = pairs
        .iter()
        .filter(|&&(red, black)| red < entrants && black < entrants)
        .map(|&(red, black)| Board::Game {
            red,
            black,
            outcome: None,
        })
        .collect();
    boards.extend(pairs.iter().filter_map(|&(red, black)| {
        if black >= entrants {
            Some(Board::Bye(red))
        } else if red >= entrants {
            Some(Board::Bye(black))
        } else {
            None
        }
    }));
    boards
}
