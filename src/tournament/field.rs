//! The players of one Swiss round as the pairing sees them (score, colours,
//! floats, bye eligibility), which of them may meet, and the completion
//! oracle: whether a set of still unpaired players can all be paired.

use super::colour::{ColourHistory, Preference, Side};
use super::history::{History, Participation, WIN};
use super::matching;
use super::Seat;

/// A player's float in an earlier round (article 1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    None,
    /// Met a lower score, or scored a win's points without playing.
    Down,
    /// Met a higher score.
    Up,
}

/// How strictly the absolute rules hold. The pairing asks for the strictest
/// under which a pairing exists at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strictness {
    /// C1–C3: no rematch; no pairing-allocated bye for one who had one or won
    /// a round without playing; no two non-topscorers with the same absolute
    /// colour preference.
    Fide,
    /// C3 dropped: the colour limits give way (and are then kept where
    /// possible, as the first quality criterion).
    ColourLimitsRelaxed,
    /// Also a forfeit winner may get the bye; still no one gets two.
    ByeRuleRelaxed,
}

#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub(crate) seat: Seat,
    /// Half-points before this round.
    pub(crate) score: u32,
    pub(crate) colours: ColourHistory,
    pub(crate) preference: Option<Preference>,
    /// Over half the maximum score, when the final round is paired.
    pub(crate) topscorer: bool,
    pub(crate) had_pairing_bye: bool,
    pub(crate) won_without_playing: bool,
    /// Rounds so far without a game over the board.
    pub(crate) unplayed_rounds: u32,
    /// The float of the previous round and of the round before it.
    pub(crate) floats: [Float; 2],
}

/// The players to pair, in pairing order (score, then pairing number); the
/// pairing works with indices into [`Field::players`], called ranks.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    pub(crate) players: Vec<Player>,
    pub(crate) strictness: Strictness,
    compatible: Vec<Vec<bool>>,
    bye_eligible: Vec<bool>,
    /// C5: the lowest score a bye recipient can have in a complete pairing.
    bye_score_cap: Option<u32>,
}

impl Field {
    pub(crate) fn new(
        history: &History,
        active: &[Seat],
        final_round: bool,
        strictness: Strictness,
    ) -> Field {
        let rounds_played = history.round_count();
        let mut players: Vec<Player> = active
            .iter()
            .map(|&seat| player(history, seat, rounds_played, final_round))
            .collect();
        players.sort_by(|a, b| b.score.cmp(&a.score).then(a.seat.cmp(&b.seat)));
        let met = |a: &Player, b: &Player| {
            history
                .of(a.seat)
                .iter()
                .any(|p| p.game().is_some_and(|(opponent, _)| opponent == b.seat))
        };
        let compatible = players
            .iter()
            .map(|a| {
                players
                    .iter()
                    .map(|b| {
                        a.seat != b.seat
                            && !met(a, b)
                            && (strictness >= Strictness::ColourLimitsRelaxed
                                || colours_allow(a, b))
                    })
                    .collect()
            })
            .collect();
        let bye_eligible = players
            .iter()
            .map(|p| {
                !p.had_pairing_bye
                    && (strictness >= Strictness::ByeRuleRelaxed || !p.won_without_playing)
            })
            .collect();
        let mut field = Field {
            players,
            strictness,
            compatible,
            bye_eligible,
            bye_score_cap: None,
        };
        field.bye_score_cap = field.lowest_possible_bye_score();
        field
    }

    pub(crate) fn len(&self) -> usize {
        self.players.len()
    }

    /// C1 and C3 (at this strictness) allow `a` and `b` to meet.
    pub(crate) fn can_meet(&self, a: usize, b: usize) -> bool {
        self.compatible[a][b]
    }

    /// C2 and C5 allow `a` the pairing-allocated bye.
    pub(crate) fn may_get_bye(&self, a: usize) -> bool {
        self.bye_eligible[a]
            && self
                .bye_score_cap
                .is_none_or(|cap| self.players[a].score <= cap)
    }

    /// The player of `rank` as the colour rules see it.
    pub(crate) fn side(&self, rank: usize) -> Side<'_> {
        let player = &self.players[rank];
        Side {
            history: &player.colours,
            preference: player.preference,
            odd_pairing_number: player.seat.is_multiple_of(2),
        }
    }

    /// Two non-topscorers with the same absolute colour preference would meet.
    pub(crate) fn breaks_colour_limits(&self, a: usize, b: usize) -> bool {
        !colours_allow(&self.players[a], &self.players[b])
    }

    /// C4: the players of `pool` (ranks) can all be paired, but for at most
    /// one who may get the bye.
    pub(crate) fn completable(&self, pool: &[usize]) -> bool {
        let mut adjacency: Vec<Vec<usize>> = pool
            .iter()
            .map(|&a| {
                (0..pool.len())
                    .filter(|&j| self.can_meet(a, pool[j]))
                    .collect()
            })
            .collect();
        if pool.len() % 2 == 1 {
            let dummy = pool.len();
            let takers: Vec<usize> = (0..pool.len())
                .filter(|&j| self.may_get_bye(pool[j]))
                .collect();
            for &j in &takers {
                adjacency[j].push(dummy);
            }
            adjacency.push(takers);
        }
        matching::has_perfect_matching(&adjacency)
    }

    /// Whether anyone at all can be paired: the whole field is completable.
    pub(crate) fn has_complete_pairing(&self) -> bool {
        let everyone: Vec<usize> = (0..self.len()).collect();
        self.completable(&everyone)
    }

    fn lowest_possible_bye_score(&mut self) -> Option<u32> {
        if self.len().is_multiple_of(2) {
            return None;
        }
        let mut scores: Vec<u32> = self.players.iter().map(|p| p.score).collect();
        scores.sort_unstable();
        scores.dedup();
        let everyone: Vec<usize> = (0..self.len()).collect();
        for score in scores {
            self.bye_score_cap = Some(score);
            if self.completable(&everyone) {
                return Some(score);
            }
        }
        None
    }
}

fn colours_allow(a: &Player, b: &Player) -> bool {
    if a.topscorer || b.topscorer {
        return true;
    }
    match (a.preference, b.preference) {
        (Some(pa), Some(pb)) => {
            use super::colour::Strength::Absolute;
            !(pa.strength == Absolute && pb.strength == Absolute && pa.colour == pb.colour)
        }
        _ => true,
    }
}

fn player(history: &History, seat: Seat, rounds_played: usize, final_round: bool) -> Player {
    let rounds = history.of(seat);
    let score = history.score(seat);
    let colours = ColourHistory {
        played: rounds
            .iter()
            .filter_map(|p| p.game().map(|(_, c)| c))
            .collect(),
    };
    let float_of = |back: usize| {
        rounds_played
            .checked_sub(back)
            .map_or(Float::None, |round| float_in(history, seat, round))
    };
    Player {
        seat,
        score,
        preference: colours.preference(),
        topscorer: final_round && score > rounds_played as u32 * WIN / 2,
        had_pairing_bye: rounds.contains(&Participation::PairingBye),
        won_without_playing: rounds
            .iter()
            .any(|p| matches!(p, Participation::ForfeitWin { .. })),
        unplayed_rounds: rounds.iter().filter(|p| p.game().is_none()).count() as u32,
        colours,
        floats: [float_of(1), float_of(2)],
    }
}

fn float_in(history: &History, seat: Seat, round: usize) -> Float {
    let participation = history.of(seat).get(round).copied();
    match participation {
        Some(Participation::Played { opponent, .. }) => {
            let own = history.score_before(seat, round);
            let theirs = history.score_before(opponent, round);
            match own.cmp(&theirs) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            }
        }
        Some(Participation::PairingBye | Participation::ForfeitWin { .. }) => Float::Down,
        _ => Float::None,
    }
}
