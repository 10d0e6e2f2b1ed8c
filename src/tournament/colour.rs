//! Colour preferences and who gets Red, as the Dutch system decides them
//! (C.04.3 articles 1.6, 1.7 and 5). Only games played over the board count:
//! byes, forfeits and absences give no colour.

use super::history::Colour;

/// How much a player wants a colour, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    /// Colours balanced: wants to alternate from the last game.
    Mild,
    /// One colour ahead: wants to even them.
    Strong,
    /// Two ahead, or the same colour in the last two games: may not get it
    /// again (except topscorers in the last round).
    Absolute,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preference {
    pub(crate) colour: Colour,
    pub(crate) strength: Strength,
}

/// The colours of a player's games over the board, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ColourHistory {
    pub(crate) played: Vec<Colour>,
}

impl ColourHistory {
    /// Games with Red minus games with Black.
    pub(crate) fn difference(&self) -> i32 {
        self.played
            .iter()
            .map(|c| if *c == Colour::Red { 1 } else { -1 })
            .sum()
    }

    /// The colour difference after one more game with `colour`.
    pub(crate) fn difference_after(&self, colour: Colour) -> i32 {
        self.difference() + if colour == Colour::Red { 1 } else { -1 }
    }

    /// How many games in a row `colour` would make, counting one more.
    pub(crate) fn streak_after(&self, colour: Colour) -> usize {
        1 + self
            .played
            .iter()
            .rev()
            .take_while(|c| **c == colour)
            .count()
    }

    pub(crate) fn preference(&self) -> Option<Preference> {
        let last = *self.played.last()?;
        let difference = self.difference();
        let last_two_alike = self.played.len() >= 2 && self.played[self.played.len() - 2] == last;
        let (colour, strength) = if difference > 1 {
            (Colour::Black, Strength::Absolute)
        } else if difference < -1 {
            (Colour::Red, Strength::Absolute)
        } else if last_two_alike {
            (last.opposite(), Strength::Absolute)
        } else if difference == 1 {
            (Colour::Black, Strength::Strong)
        } else if difference == -1 {
            (Colour::Red, Strength::Strong)
        } else {
            (last.opposite(), Strength::Mild)
        };
        Some(Preference { colour, strength })
    }
}

/// One player of a pair, as the colour rules see it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Side<'a> {
    pub(crate) history: &'a ColourHistory,
    pub(crate) preference: Option<Preference>,
    /// The pairing number (seat + 1) is odd.
    pub(crate) odd_pairing_number: bool,
}

/// The colour of `higher`, the higher ranked of the pair (article 5.2); the
/// other player gets the other colour. Red is the initial colour.
pub(crate) fn colour_of_higher(higher: Side, lower: Side) -> Colour {
    if let Some(colour) = grant_preferences(higher, lower) {
        return colour;
    }
    if let Some(colour) = alternate_from_last_difference(higher.history, lower.history) {
        return colour;
    }
    if let Some(preference) = higher.preference {
        return preference.colour;
    }
    if higher.odd_pairing_number {
        Colour::Red
    } else {
        Colour::Black
    }
}

/// Articles 5.2.1 and 5.2.2: both preferences when they differ (or only one
/// player has one), else the stronger one, else (both absolute) the wider
/// colour difference.
fn grant_preferences(higher: Side, lower: Side) -> Option<Colour> {
    match (higher.preference, lower.preference) {
        (None, None) => None,
        (Some(h), None) => Some(h.colour),
        (None, Some(l)) => Some(l.colour.opposite()),
        (Some(h), Some(l)) if h.colour != l.colour => Some(h.colour),
        (Some(h), Some(l)) if h.strength != l.strength => Some(if h.strength > l.strength {
            h.colour
        } else {
            h.colour.opposite()
        }),
        (Some(h), Some(_)) if h.strength == Strength::Absolute => {
            let wider_higher = higher.history.difference().abs();
            let wider_lower = lower.history.difference().abs();
            match wider_higher.cmp(&wider_lower) {
                std::cmp::Ordering::Greater => Some(h.colour),
                std::cmp::Ordering::Less => Some(h.colour.opposite()),
                std::cmp::Ordering::Equal => None,
            }
        }
        _ => None,
    }
}

/// Article 5.2.3: the most recent game (counting back from each player's last
/// game played, C.04.2 article 3.4) in which the two had different colours;
/// each now gets the colour the other had then.
fn alternate_from_last_difference(higher: &ColourHistory, lower: &ColourHistory) -> Option<Colour> {
    higher
        .played
        .iter()
        .rev()
        .zip(lower.played.iter().rev())
        .find(|(h, l)| h != l)
        .map(|(h, _)| h.opposite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, Red as R};

    fn history(played: &[Colour]) -> ColourHistory {
        ColourHistory {
            played: played.to_vec(),
        }
    }

    fn side(history: &ColourHistory, odd: bool) -> Side<'_> {
        Side {
            history,
            preference: history.preference(),
            odd_pairing_number: odd,
        }
    }

    #[test]
    fn preferences_follow_article_1_7() {
        let pref = |played: &[Colour]| history(played).preference().map(|p| (p.colour, p.strength));
        assert_eq!(pref(&[]), None);
        assert_eq!(pref(&[R]), Some((B, Strength::Strong)));
        assert_eq!(pref(&[R, B]), Some((R, Strength::Mild)));
        assert_eq!(pref(&[R, B, R]), Some((B, Strength::Strong)));
        assert_eq!(pref(&[B, R, R]), Some((B, Strength::Absolute)));
        assert_eq!(pref(&[R, B, R, R]), Some((B, Strength::Absolute)));
        assert_eq!(pref(&[B, R, B, R, B, B]), Some((R, Strength::Absolute)));
        assert_eq!(pref(&[R, R, B, R, B, R]), Some((B, Strength::Absolute)));
    }

    #[test]
    fn allocation_follows_article_5_2() {
        // Both granted.
        let (h, l) = (history(&[B]), history(&[R]));
        assert_eq!(colour_of_higher(side(&h, true), side(&l, false)), R);
        // The stronger wins: the lower player's strong Red beats a mild Red.
        let (h, l) = (history(&[B]), history(&[R, B, B]));
        assert_eq!(colour_of_higher(side(&h, true), side(&l, false)), B);
        // Equal mild preferences: alternate from the latest round in which
        // they differed (the higher had Red then, so now gets Black).
        let (h, l) = (history(&[B, R, R, B]), history(&[R, B, R, B]));
        assert_eq!(colour_of_higher(side(&h, true), side(&l, false)), B);
        // No history to alternate from: the higher player's preference.
        let (h, l) = (history(&[B]), history(&[B]));
        assert_eq!(colour_of_higher(side(&h, false), side(&l, true)), R);
        // Nobody has played: pairing number parity, Red to an odd number.
        let (h, l) = (history(&[]), history(&[]));
        assert_eq!(colour_of_higher(side(&h, true), side(&l, false)), R);
        assert_eq!(colour_of_higher(side(&h, false), side(&l, true)), B);
    }
}
