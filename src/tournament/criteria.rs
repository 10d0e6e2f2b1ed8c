//! The Dutch system's quality criteria (C.04.3 article 2.4, [C8]–[C21]) as one
//! failure value per candidate pairing of a bracket, compared in priority
//! order, and the lower bound that makes a candidate "perfect" (article 3.4):
//! no other candidate can do better, so the search stops there.

use std::collections::HashMap;

use super::colour::{colour_of_higher, Strength};
use super::field::{Field, Float, Strictness};
use super::history::Colour;
use super::matching;

/// A candidate pairing of a bracket: pairs of ranks (higher ranked first)
/// and the players left to float down.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Candidate {
    pub(crate) pairs: Vec<(usize, usize)>,
    pub(crate) downfloaters: Vec<usize>,
}

/// Stands in for the score difference of a moved-down player who floats on
/// again: more than any real difference.
const FLOATS_AGAIN: u32 = u32::MAX;

/// How badly a candidate fails each criterion, lower is better, fields in
/// priority order. [C6] and [C7] (how many float down, and their scores) are
/// fixed before candidates are compared, so they are not here.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Quality {
    /// Only when the colour limits had to be relaxed: pairs that break them.
    colour_limit_breaks: u32,
    /// [C8]: players left unpaired in the next bracket, and their scores.
    next_unpaired: u32,
    next_unpaired_scores: Vec<u32>,
    /// [C9]: unplayed rounds of the bye's recipient.
    bye_unplayed_rounds: u32,
    /// [C10], [C11]: topscorers or their opponents past a colour
    /// difference of two, or with a third colour in a row.
    topscorer_colour_differences: u32,
    topscorer_colour_streaks: u32,
    /// [C12], [C13]: players not getting their preference, and their strong
    /// preference.
    preferences_missed: u32,
    strong_preferences_missed: u32,
    /// [C14]–[C17]: resident downfloaters who floated down, and opponents of
    /// moved-down players who floated up, one and two rounds ago.
    downfloaters_again: u32,
    upfloaters_again: u32,
    downfloaters_two_rounds_on: u32,
    upfloaters_two_rounds_on: u32,
    /// [C18]–[C21]: their score differences, highest first.
    downfloat_differences: Vec<u32>,
    upfloat_differences: Vec<u32>,
    downfloat_differences_two_rounds_on: Vec<u32>,
    upfloat_differences_two_rounds_on: Vec<u32>,
}

/// The bracket being paired, as the criteria see it.
pub(crate) struct Judge<'a> {
    field: &'a Field,
    is_moved_down: Vec<bool>,
    mdps: &'a [usize],
    residents: &'a [usize],
    next_residents: &'a [usize],
    last_bracket: bool,
    next_bracket_cache: HashMap<Vec<usize>, (u32, Vec<u32>)>,
}

impl<'a> Judge<'a> {
    pub(crate) fn new(
        field: &'a Field,
        mdps: &'a [usize],
        residents: &'a [usize],
        next_residents: &'a [usize],
        last_bracket: bool,
    ) -> Judge<'a> {
        let mut is_moved_down = vec![false; field.len()];
        for &m in mdps {
            is_moved_down[m] = true;
        }
        Judge {
            field,
            is_moved_down,
            mdps,
            residents,
            next_residents,
            last_bracket,
            next_bracket_cache: HashMap::new(),
        }
    }

    fn score(&self, rank: usize) -> u32 {
        self.field.players[rank].score
    }

    fn float(&self, rank: usize, back: usize) -> Float {
        self.field.players[rank].floats[back]
    }

    /// The failure value of a candidate.
    pub(crate) fn quality(&mut self, candidate: &Candidate) -> Quality {
        let mut quality = Quality::default();
        self.judge_colours(candidate, &mut quality);
        self.judge_floats(candidate, &mut quality);
        if self.last_bracket {
            quality.bye_unplayed_rounds = candidate
                .downfloaters
                .iter()
                .map(|&d| self.field.players[d].unplayed_rounds)
                .sum();
        } else {
            let (unpaired, scores) = self.next_bracket(&candidate.downfloaters);
            quality.next_unpaired = unpaired;
            quality.next_unpaired_scores = scores;
        }
        quality
    }

    fn judge_colours(&self, candidate: &Candidate, quality: &mut Quality) {
        for &(higher, lower) in &candidate.pairs {
            if self.field.strictness >= Strictness::ColourLimitsRelaxed
                && self.field.breaks_colour_limits(higher, lower)
            {
                quality.colour_limit_breaks += 1;
            }
            let higher_colour = colour_of_higher(self.field.side(higher), self.field.side(lower));
            let topscorer_pair =
                self.field.players[higher].topscorer || self.field.players[lower].topscorer;
            for (rank, colour) in [(higher, higher_colour), (lower, higher_colour.opposite())] {
                let player = &self.field.players[rank];
                if topscorer_pair {
                    if player.colours.difference_after(colour).abs() > 2 {
                        quality.topscorer_colour_differences += 1;
                    }
                    if player.colours.streak_after(colour) >= 3 {
                        quality.topscorer_colour_streaks += 1;
                    }
                }
                if let Some(preference) = player.preference {
                    if preference.colour != colour {
                        quality.preferences_missed += 1;
                        if preference.strength == Strength::Strong {
                            quality.strong_preferences_missed += 1;
                        }
                    }
                }
            }
        }
    }

    fn judge_floats(&self, candidate: &Candidate, quality: &mut Quality) {
        for &d in &candidate.downfloaters {
            if !self.is_moved_down[d] {
                quality.downfloaters_again += u32::from(self.float(d, 0) == Float::Down);
                quality.downfloaters_two_rounds_on += u32::from(self.float(d, 1) == Float::Down);
            }
        }
        let mut difference_of: Vec<(usize, u32)> = Vec::new();
        for &(higher, lower) in &candidate.pairs {
            if !self.is_moved_down[higher] {
                continue;
            }
            let difference = self.score(higher) - self.score(lower);
            difference_of.push((higher, difference));
            if self.float(lower, 0) == Float::Up {
                quality.upfloaters_again += 1;
                quality.upfloat_differences.push(difference);
            }
            if self.float(lower, 1) == Float::Up {
                quality.upfloaters_two_rounds_on += 1;
                quality.upfloat_differences_two_rounds_on.push(difference);
            }
        }
        for &m in self.mdps {
            let difference = difference_of
                .iter()
                .find(|(rank, _)| *rank == m)
                .map_or(FLOATS_AGAIN, |(_, d)| *d);
            if self.float(m, 0) == Float::Down {
                quality.downfloat_differences.push(difference);
            }
            if self.float(m, 1) == Float::Down {
                quality.downfloat_differences_two_rounds_on.push(difference);
            }
        }
        for list in [
            &mut quality.downfloat_differences,
            &mut quality.upfloat_differences,
            &mut quality.downfloat_differences_two_rounds_on,
            &mut quality.upfloat_differences_two_rounds_on,
        ] {
            list.sort_unstable_by(|a, b| b.cmp(a));
        }
    }

    /// [C8]: how well the next bracket (these downfloaters and the next
    /// scoregroup) could pair: players left unpaired, and their scores,
    /// highest first, when the most moved-down players, highest first, are
    /// paired. (Looks at that bracket alone, not at completing the round.)
    fn next_bracket(&mut self, downfloaters: &[usize]) -> (u32, Vec<u32>) {
        if let Some(known) = self.next_bracket_cache.get(downfloaters) {
            return known.clone();
        }
        let answer = self.evaluate_next_bracket(downfloaters);
        self.next_bracket_cache
            .insert(downfloaters.to_vec(), answer.clone());
        answer
    }

    fn evaluate_next_bracket(&self, downfloaters: &[usize]) -> (u32, Vec<u32>) {
        let members: Vec<usize> = downfloaters
            .iter()
            .chain(self.next_residents)
            .copied()
            .collect();
        let moved = downfloaters.len();
        let adjacency: Vec<Vec<usize>> = (0..members.len())
            .map(|i| {
                (0..members.len())
                    .filter(|&j| {
                        (i >= moved || j >= moved) && self.field.can_meet(members[i], members[j])
                    })
                    .collect()
            })
            .collect();
        let pairs = matching::matching_size(&adjacency);
        let unpaired = (members.len() - 2 * pairs) as u32;
        // Moved-down players covered by a maximum matching, highest first: a
        // greedy choice is optimal because the sets of vertices a matching
        // can cover form a matroid.
        let mut covered: Vec<usize> = Vec::new();
        for i in 0..moved {
            covered.push(i);
            if !can_cover(&adjacency, &covered) {
                covered.pop();
            }
        }
        let mut scores: Vec<u32> = (0..moved)
            .filter(|i| !covered.contains(i))
            .map(|i| self.score(members[i]))
            .collect();
        let resident_score = self.next_residents.first().map_or(0, |&r| self.score(r));
        scores.resize(unpaired as usize, resident_score);
        scores.sort_unstable_by(|a, b| b.cmp(a));
        (unpaired, scores)
    }

    /// A bound no candidate with `pair_count` pairs, `paired_mdps` of them
    /// with moved-down players, and downfloaters scoring
    /// `downfloater_scores`, can beat.
    pub(crate) fn lower_bound(
        &self,
        pair_count: usize,
        paired_mdps: usize,
        downfloater_scores: &[u32],
    ) -> Quality {
        let mut bound = Quality::default();
        let floating = downfloater_scores.len();
        if self.last_bracket {
            bound.bye_unplayed_rounds = self.bye_unplayed_bound(floating);
        } else {
            let (unpaired, scores) = self.next_bracket_bound(downfloater_scores);
            bound.next_unpaired = unpaired;
            bound.next_unpaired_scores = scores;
        }
        // Among non-topscorers, an absolute preference always wins over a
        // strong one, so only strong preferences can be missed.
        let absolute_always_granted = self.field.strictness == Strictness::Fide
            && !self.members().any(|r| self.field.players[r].topscorer);
        for colour in [Colour::Red, Colour::Black] {
            let wanting = |strong_only: bool| {
                self.members()
                    .filter(|&r| {
                        self.field.players[r].preference.is_some_and(|p| {
                            p.colour == colour && (!strong_only || p.strength >= Strength::Strong)
                        })
                    })
                    .count()
            };
            let unavoidable = |wanting: usize| wanting.saturating_sub(floating + pair_count) as u32;
            bound.preferences_missed += unavoidable(wanting(false));
            if absolute_always_granted {
                bound.strong_preferences_missed += unavoidable(wanting(true));
            }
        }
        let resident_floaters = self.residents.len() + paired_mdps - 2 * pair_count;
        let residents_without = |back: usize, float: Float| {
            self.residents
                .iter()
                .filter(|&&r| self.float(r, back) != float)
                .count()
        };
        bound.downfloaters_again =
            resident_floaters.saturating_sub(residents_without(0, Float::Down)) as u32;
        bound.downfloaters_two_rounds_on =
            resident_floaters.saturating_sub(residents_without(1, Float::Down)) as u32;
        bound.upfloaters_again = paired_mdps.saturating_sub(residents_without(0, Float::Up)) as u32;
        bound.upfloaters_two_rounds_on =
            paired_mdps.saturating_sub(residents_without(1, Float::Up)) as u32;
        let resident_score = self.residents.first().map_or(0, |&r| self.score(r));
        for (back, list) in [
            (0, &mut bound.downfloat_differences),
            (1, &mut bound.downfloat_differences_two_rounds_on),
        ] {
            list.extend(
                self.mdps
                    .iter()
                    .filter(|&&m| self.float(m, back) == Float::Down)
                    .map(|&m| self.score(m).saturating_sub(resident_score)),
            );
            list.sort_unstable_by(|a, b| b.cmp(a));
        }
        bound
    }

    fn members(&self) -> impl Iterator<Item = usize> + '_ {
        self.mdps.iter().chain(self.residents).copied()
    }

    fn bye_unplayed_bound(&self, floating: usize) -> u32 {
        if floating == 0 {
            return 0;
        }
        self.members()
            .filter(|&r| self.field.may_get_bye(r))
            .map(|r| self.field.players[r].unplayed_rounds)
            .min()
            .unwrap_or(0)
    }

    /// The best [C8] values conceivable: the next bracket pairs as many of
    /// the downfloaters as it has residents, the lowest scored first, and its
    /// other residents among themselves.
    fn next_bracket_bound(&self, downfloater_scores: &[u32]) -> (u32, Vec<u32>) {
        let Some(&first_resident) = self.next_residents.first() else {
            return (0, Vec::new());
        };
        let residents = self.next_residents.len();
        let floating = downfloater_scores.len();
        let cross = floating.min(residents);
        let pairs = cross + (residents - cross) / 2;
        let unpaired = floating + residents - 2 * pairs;
        let mut lowest_first = downfloater_scores.to_vec();
        lowest_first.sort_unstable();
        let mut scores: Vec<u32> = lowest_first.into_iter().take(floating - cross).collect();
        scores.resize(unpaired, self.score(first_resident));
        scores.sort_unstable_by(|a, b| b.cmp(a));
        (unpaired as u32, scores)
    }
}

/// Whether some matching of the graph covers every vertex of `required`
/// (indices into `adjacency`): a perfect matching of the graph with a copy of
/// every other vertex, the copies joined to their originals and to each other
/// (plus one spare copy when needed for parity).
fn can_cover(adjacency: &[Vec<usize>], required: &[usize]) -> bool {
    let n = adjacency.len();
    let others: Vec<usize> = (0..n).filter(|v| !required.contains(v)).collect();
    let copies = others.len() + usize::from(required.len() % 2 == 1);
    let mut graph: Vec<Vec<usize>> = adjacency.to_vec();
    graph.resize(n + copies, Vec::new());
    for (k, &v) in others.iter().enumerate() {
        graph[v].push(n + k);
        graph[n + k].push(v);
    }
    for (a, neighbours) in graph.iter_mut().enumerate().skip(n) {
        neighbours.extend((n..n + copies).filter(|&b| b != a));
    }
    matching::has_perfect_matching(&graph)
}
