//! Tournaments in a server: round-robin by Berger tables and Swiss by the FIDE
//! Dutch system, with standings and tie-breaks. Pure: the caller keeps the
//! entrants and every round's boards, and calls these functions again whenever
//! it needs the next round or the table (after a restart too), so every answer
//! is a deterministic function of its inputs; no clock, no randomness, no I/O.
//!
//! - [`berger`]: every round of a round-robin, as FIDE's Berger tables give
//!   them;
//! - [`swiss`]: the next Swiss round ([`swiss_next_round`]), by the Dutch
//!   system of FIDE Handbook C.04.3 as in force from 1 February 2026; its
//!   module documentation says exactly where this implementation stops short
//!   of FIDE's text;
//! - [`standings`]: points, Buchholz, Sonneborn–Berger and ranks.
//!
//! Conventions shared by all three:
//!
//! - An entrant is a [`Seat`]: its pairing number minus one, in seeding order
//!   (the caller seeds by rating, highest first). Seat 0 is the top seed.
//! - Red moves first (White in chess terms). The Dutch system's initial colour
//!   is Red: the top seed gets Red in round 1.
//! - Scores are counted in half-points: a win is 2, a draw 1, a loss 0. A
//!   pairing-allocated [`Board::Bye`] scores a win (FIDE's default, C.04.1
//!   article 3); a [`Board::Forfeit`] gives its winner a win and the loser
//!   nothing.
//! - A forfeit is not a game played (FIDE C.04.2): the two entrants may be
//!   paired again, it gives neither a colour, and its winner may not receive a
//!   pairing-allocated bye afterwards (C.04.1 article 4).
//! - Boards naming a seat outside the entrant list, or one seat twice, are
//!   ignored, as is every board after the first that names a seat already seen
//!   in the same round.

pub mod berger;
mod bracket;
mod colour;
mod criteria;
mod dutch;
mod field;
mod history;
mod matching;
pub mod standings;
pub mod swiss;

#[cfg(test)]
mod tests;

pub use berger::berger_rounds;
pub use standings::{standings, Format, Standing};
pub use swiss::{swiss_next_round, swiss_pair_round, PairingError, SwissOptions};

/// An entrant, by its pairing number: 0-based index in seeding order (the
/// caller seeds by rating, highest first).
pub type Seat = usize;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    RedWins,
    Draw,
    BlackWins,
}

/// One board of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// A game; `outcome` is `None` until it is finished.
    Game {
        red: Seat,
        black: Seat,
        outcome: Option<Outcome>,
    },
    /// The entrant sat out with a pairing-allocated bye, which scores a win.
    Bye(Seat),
    /// A game not played because one side did not turn up or did not start in
    /// time: `winner` gets the point; `None` when both sides forfeited (both
    /// lose). A `winner` that is neither side counts as `None`. Not a game
    /// played: see the module documentation.
    Forfeit {
        red: Seat,
        black: Seat,
        winner: Option<Seat>,
    },
}

/// The boards of one round. An entrant on none of them was absent that round
/// (withdrawn, or sitting out at its own request): it scores nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub boards: Vec<Board>,
}

/// One entrant of a tournament; its [`Seat`] is its index in the entrant list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The rating the caller seeded by; the pairing itself only uses the seat
    /// order.
    pub rating: i32,
    /// `Some(r)`: took part in rounds `0..r` only, and is never paired from
    /// round `r` on (it keeps its place in the standings).
    pub withdrawn_after: Option<usize>,
}

impl Entrant {
    /// Whether the entrant is still to be paired in round `round` (0-based).
    pub fn plays_in(&self, round: usize) -> bool {
        self.withdrawn_after.is_none_or(|last| round < last)
    }
}
