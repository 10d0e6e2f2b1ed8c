//! The next round of a Swiss tournament, by the FIDE (Dutch) System: FIDE
//! Handbook C.04.3 as in force from 1 February 2026 (criteria [C1]–[C21]),
//! on the basic rules C.04.1 and the general handling rules C.04.2.
//!
//! What is implemented as FIDE writes it: scoregroups and brackets from the
//! top down; moved-down players (MDPs) paired first, the remainder after;
//! S1 against S2, transpositions of S2 and exchanges between S1 and S2 in the
//! order of article 4, MDP sets in the order of article 4.4, the nested
//! candidate order of article 3.7; the absolute criteria [C1]–[C3], the
//! completion criterion [C4] in every bracket (checked exactly, with a
//! maximum-matching oracle over all the players not yet paired), [C5] (the
//! bye goes to the lowest score a complete pairing allows), [C6]–[C21] as one
//! failure value per candidate, the first perfect candidate taken, else the
//! best, the earliest among equals; floats as article 1.4 defines them;
//! colours by article 5, Red being the initial colour; the bye to the player
//! the last bracket leaves over, never to one who had a bye or won a forfeit.
//!
//! Where this implementation differs from FIDE's text:
//!
//! - The search is bounded: each bracket tries at most 200,000 pairs
//!   (exchanges of one size at most 50,000, MDP sets at most 2,000). A bracket
//!   that has no perfect candidate by then takes the best found so far, where
//!   FIDE compares all candidates; one that has found none leaves the rest of
//!   the round to a search the matching oracle guides (each highest ranked
//!   player with the nearest legal opponent), which is legal but not Dutch.
//!   Brackets of a dozen players or fewer are always searched in full.
//! - [C8] judges the next bracket on its own (its most pairs, then the scores
//!   of those it leaves unpaired), without asking whether the rest of the
//!   round could then be completed.
//! - [C9] (the bye recipient's unplayed rounds) is applied in the last
//!   bracket only, where the bye is decided.
//! - FIDE leaves a round with no pairing that meets [C1]–[C3] to the arbiter.
//!   Here [C3] is dropped first (the colour limits: then kept where possible,
//!   ahead of every quality criterion), then the rule that a forfeit winner
//!   gets no bye; only if no pairing avoids every rematch and every second
//!   bye is there an error.
//! - The topscorer exceptions of the final round apply only when the caller
//!   says how many rounds there are ([`SwissOptions::total_rounds`]).
//! - No accelerated pairings, no half-point byes on request: an entrant who
//!   sits a round out ([`SwissOptions::sitting_out`]) scores nothing for it.
//!
//! Games are listed by the higher score of the pair, then the sum of the two
//! scores, then the pairing number of the higher ranked player; the bye last.

use std::fmt;

use super::colour::colour_of_higher;
use super::dutch::{pair_round, RoundPairing};
use super::field::{Field, Strictness};
use super::history::{Colour, History};
use super::{Board, Entrant, Round, Seat};

/// Why no round could be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// Fewer than two entrants are left to pair.
    NotEnoughEntrants { active: usize },
    /// A game of an earlier round has no result yet (0-based indices).
    UnfinishedGame { round: usize, board: usize },
    /// Every arrangement repeats a game or gives someone a second bye.
    NoLegalPairing,
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::NotEnoughEntrants { active } => write!(
                f,
                "only {active} entrant(s) left to pair; a round needs at least two"
            ),
            PairingError::UnfinishedGame { round, board } => write!(
                f,
                "board {} of round {} has no result yet; finish it before pairing the next round",
                board + 1,
                round + 1
            ),
            PairingError::NoLegalPairing => write!(
                f,
                "no pairing is possible: every arrangement repeats a game or gives someone a second bye"
            ),
        }
    }
}

impl std::error::Error for PairingError {}

/// What the next round's pairing may need beyond the entrants and results.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SwissOptions {
    /// How many rounds the tournament has. When the round being paired is the
    /// last, FIDE's topscorer exceptions apply (players over half the
    /// maximum score may break the colour limits); unknown (`None`), they
    /// never do.
    pub total_rounds: Option<usize>,
    /// Entrants who sit this round out at their own request (not paired,
    /// nothing scored). Seats out of range are ignored.
    pub sitting_out: Vec<Seat>,
}

/// The next Swiss round's boards (outcomes `None`), given every earlier round
/// with all results in, and the entrants; see [`swiss_pair_round`].
pub fn swiss_next_round(
    entrants: &[Entrant],
    rounds: &[Round],
) -> Result<Vec<Board>, PairingError> {
    swiss_pair_round(entrants, rounds, &SwissOptions::default())
}

/// The next Swiss round's boards by the Dutch system (module documentation),
/// games first, the bye (if any) last. Entrants withdrawn before this round
/// and those in `options.sitting_out` are not paired.
pub fn swiss_pair_round(
    entrants: &[Entrant],
    rounds: &[Round],
    options: &SwissOptions,
) -> Result<Vec<Board>, PairingError> {
    let history = History::new(entrants.len(), rounds);
    if let Some((round, board)) = history.first_unfinished() {
        return Err(PairingError::UnfinishedGame { round, board });
    }
    let round = rounds.len();
    let active: Vec<Seat> = (0..entrants.len())
        .filter(|&seat| entrants[seat].plays_in(round) && !options.sitting_out.contains(&seat))
        .collect();
    if active.len() < 2 {
        return Err(PairingError::NotEnoughEntrants {
            active: active.len(),
        });
    }
    let final_round = options.total_rounds == Some(round + 1);
    for strictness in [
        Strictness::Fide,
        Strictness::ColourLimitsRelaxed,
        Strictness::ByeRuleRelaxed,
    ] {
        let field = Field::new(&history, &active, final_round, strictness);
        if field.has_complete_pairing() {
            return Ok(boards(&field, &pair_round(&field)));
        }
    }
    Err(PairingError::NoLegalPairing)
}

fn boards(field: &Field, pairing: &RoundPairing) -> Vec<Board> {
    let mut pairs = pairing.pairs.clone();
    let score = |rank: usize| field.players[rank].score;
    pairs.sort_by_key(|&(higher, lower)| {
        (
            std::cmp::Reverse(score(higher).max(score(lower))),
            std::cmp::Reverse(score(higher) + score(lower)),
            higher.min(lower),
        )
    });
    let mut boards: Vec<Board> = pairs
        .into_iter()
        .map(|(higher, lower)| {
            let (higher_seat, lower_seat) = (field.players[higher].seat, field.players[lower].seat);
            let (red, black) = match colour_of_higher(field.side(higher), field.side(lower)) {
                Colour::Red => (higher_seat, lower_seat),
                Colour::Black => (lower_seat, higher_seat),
            };
            Board::Game {
                red,
                black,
                outcome: None,
            }
        })
        .collect();
    boards.extend(pairing.bye.map(|rank| Board::Bye(field.players[rank].seat)));
    boards
}
