//! The keys and kinds that both the store's errors and its records name: a
//! game's and a challenge's id, and the two kinds of offer. Plain values with
//! nothing to check, below `error.rs` (which names them) and `model.rs`
//! (whose checks fail with that error), so that neither imports the other.

use std::fmt;

/// A game's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A challenge's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChallengeId(pub i64);

impl fmt::Display for ChallengeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// What kind of request one side makes of the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OfferKind {
    Draw,
    Takeback,
}

impl OfferKind {
    pub(super) fn as_column(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Takeback => "takeback",
        }
    }
}

impl fmt::Display for OfferKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OfferKind::Draw => "draw offer",
            OfferKind::Takeback => "takeback request",
        })
    }
}
