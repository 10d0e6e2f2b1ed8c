//! Tests against published tables and examples, hand-worked standings, and
//! properties over many simulated tournaments.

mod berger_tables;
mod standings_tables;
mod swiss_properties;
mod swiss_published;
mod swiss_round_one;

use super::{Board, Entrant, Outcome, Seat};

/// `n` entrants seeded by rating, none withdrawn.
fn entrants(n: usize) -> Vec<Entrant> {
    (0..n)
        .map(|seat| Entrant {
            rating: 2000 - 10 * seat as i32,
            withdrawn_after: None,
        })
        .collect()
}

/// A finished game between pairing numbers (1-based, as published tables
/// write them).
fn game(red: usize, black: usize, outcome: Outcome) -> Board {
    Board::Game {
        red: red - 1,
        black: black - 1,
        outcome: Some(outcome),
    }
}

/// The (red, black) seats of a round's games, sorted, and its byes.
fn games_and_byes(boards: &[Board]) -> (Vec<(Seat, Seat)>, Vec<Seat>) {
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for board in boards {
        match *board {
            Board::Game { red, black, .. } | Board::Forfeit { red, black, .. } => {
                games.push((red, black))
            }
            Board::Bye(seat) => byes.push(seat),
        }
    }
    games.sort_unstable();
    byes.sort_unstable();
    (games, byes)
}

/// Pairs written as published, "1-6 2-5 3-4" (pairing numbers, the first
/// named has Red), as sorted (red, black) seats.
fn pairs(written: &str) -> Vec<(Seat, Seat)> {
    let mut pairs: Vec<(Seat, Seat)> = written
        .split_whitespace()
        .map(|pair| {
            let (red, black) = pair.split_once('-').unwrap_or(("0", "0"));
            (number(red) - 1, number(black) - 1)
        })
        .collect();
    pairs.sort_unstable();
    pairs
}

fn number(text: &str) -> usize {
    text.parse()
        .unwrap_or_else(|_| panic!("not a pairing number: {text}"))
}

/// Xorshift64: the deterministic randomness of the simulations.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound.max(1)
    }
}
