//! Pairing one bracket the Dutch way (C.04.3 articles 3 and 4): the
//! moved-down players (MDPs) to pair, S1 against S2, transpositions of S2,
//! then exchanges between S1 and S2, each candidate judged by the criteria;
//! the first perfect candidate is taken, else the best, the earliest
//! generated among equals.

use std::collections::HashMap;

use super::criteria::{Candidate, Judge, Quality};
use super::field::Field;
use super::matching;

/// Search steps (pairs tried) one bracket may take. Past it, the best
/// candidate found so far is taken; a bracket that has found none by then is
/// left to the round's fallback.
const SEARCH_STEPS: usize = 200_000;

/// Candidate exchanges of one size considered at most (there are C(n, k)²).
const EXCHANGES_PER_SIZE: usize = 50_000;

/// MDP sets considered at most.
const MDP_SETS: usize = 2_000;

/// A bracket: its moved-down players and residents (ranks, in pairing
/// order), everyone in the scoregroups below, and the next scoregroup.
pub(crate) struct Bracket<'a> {
    pub(crate) mdps: &'a [usize],
    pub(crate) residents: &'a [usize],
    pub(crate) lower: &'a [usize],
    pub(crate) next_residents: &'a [usize],
}

impl Bracket<'_> {
    fn size(&self) -> usize {
        self.mdps.len() + self.residents.len()
    }

    fn is_last(&self) -> bool {
        self.lower.is_empty()
    }
}

/// The bracket's pairing, or `None` when none was found within the search
/// budget (or none exists with the bracket's structure).
pub(crate) fn pair_bracket(field: &Field, bracket: &Bracket) -> Option<Candidate> {
    let most = most_pairs(field, bracket);
    let fewest = if bracket.is_last() {
        bracket.size() / 2
    } else {
        0
    };
    let mut judge = Judge::new(
        field,
        bracket.mdps,
        bracket.residents,
        bracket.next_residents,
        bracket.is_last(),
    );
    let mut steps_left = SEARCH_STEPS;
    for pair_count in (fewest..=most).rev() {
        for group in mdp_set_groups(field, bracket, pair_count) {
            let bound = judge.lower_bound(pair_count, group.paired_mdps, &group.downfloater_scores);
            let mut search = Search {
                field,
                bracket,
                judge: &mut judge,
                pair_count,
                bound,
                steps_left: &mut steps_left,
                pairs: Vec::new(),
                best: None,
                completion_known: HashMap::new(),
            };
            for set in &group.sets {
                search.pair_mdps(set, 0, &mut vec![false; field.len()]);
                if search.finished() {
                    break;
                }
            }
            if let Some((_, candidate)) = search.best {
                return Some(candidate);
            }
            if steps_left == 0 {
                return None;
            }
        }
    }
    None
}

/// The most pairs the bracket's players could make, ignoring the rest of the
/// round (moved-down players are never paired with each other).
fn most_pairs(field: &Field, bracket: &Bracket) -> usize {
    let members: Vec<usize> = bracket
        .mdps
        .iter()
        .chain(bracket.residents)
        .copied()
        .collect();
    let moved = bracket.mdps.len();
    let adjacency: Vec<Vec<usize>> = (0..members.len())
        .map(|i| {
            (0..members.len())
                .filter(|&j| (i >= moved || j >= moved) && field.can_meet(members[i], members[j]))
                .collect()
        })
        .collect();
    matching::matching_size(&adjacency)
}

/// MDP sets that give the same downfloaters' scores ([C7]), in the order
/// article 4.4 tries them.
struct MdpSetGroup {
    sets: Vec<Vec<usize>>,
    paired_mdps: usize,
    downfloater_scores: Vec<u32>,
}

/// Every way to choose the MDPs paired when the bracket makes `pair_count`
/// pairs, grouped by the downfloaters' scores, best ([C7]) group first.
fn mdp_set_groups(field: &Field, bracket: &Bracket, pair_count: usize) -> Vec<MdpSetGroup> {
    let residents = bracket.residents.len();
    let resident_score = bracket.residents.first().map(|&r| field.players[r].score);
    let pairable: Vec<usize> = bracket
        .mdps
        .iter()
        .copied()
        .filter(|&m| bracket.residents.iter().any(|&r| field.can_meet(m, r)))
        .collect();
    let mut groups: Vec<MdpSetGroup> = Vec::new();
    let most_mdps = pairable.len().min(residents).min(pair_count);
    for paired in (0..=most_mdps).rev() {
        let remainder_pairs = pair_count - paired;
        if paired + 2 * remainder_pairs > residents {
            continue;
        }
        for set in combinations(&pairable, paired, MDP_SETS) {
            let mut scores: Vec<u32> = bracket
                .mdps
                .iter()
                .filter(|m| !set.contains(m))
                .map(|&m| field.players[m].score)
                .collect();
            let resident_floaters = residents - paired - 2 * remainder_pairs;
            scores.extend(std::iter::repeat_n(
                resident_score.unwrap_or(0),
                resident_floaters,
            ));
            scores.sort_unstable_by(|a, b| b.cmp(a));
            match groups.iter_mut().find(|g| g.downfloater_scores == scores) {
                Some(group) => group.sets.push(set),
                None => groups.push(MdpSetGroup {
                    sets: vec![set],
                    paired_mdps: paired,
                    downfloater_scores: scores,
                }),
            }
        }
    }
    groups.sort_by(|a, b| a.downfloater_scores.cmp(&b.downfloater_scores));
    groups
}

/// The `size`-element subsets of `items`, in lexicographic order of
/// positions, at most `limit` of them.
fn combinations(items: &[usize], size: usize, limit: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut chosen = Vec::with_capacity(size);
    fn extend(
        items: &[usize],
        from: usize,
        size: usize,
        limit: usize,
        chosen: &mut Vec<usize>,
        all: &mut Vec<Vec<usize>>,
    ) {
        if all.len() >= limit {
            return;
        }
        if chosen.len() == size {
            all.push(chosen.clone());
            return;
        }
        for i in from..items.len() {
            if items.len() - i < size - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            extend(items, i + 1, size, limit, chosen, all);
            chosen.pop();
        }
    }
    extend(items, 0, size, limit, &mut chosen, &mut all);
    all
}

/// The candidates of one group of MDP sets, generated in the order of
/// article 3.7: MDP set, MDP-pairing transposition, remainder exchange,
/// remainder transposition.
struct Search<'s, 'a> {
    field: &'a Field,
    bracket: &'s Bracket<'a>,
    judge: &'s mut Judge<'a>,
    pair_count: usize,
    bound: Quality,
    steps_left: &'s mut usize,
    pairs: Vec<(usize, usize)>,
    best: Option<(Quality, Candidate)>,
    completion_known: HashMap<Vec<usize>, bool>,
}

impl Search<'_, '_> {
    fn finished(&self) -> bool {
        *self.steps_left == 0 || self.best.as_ref().is_some_and(|(q, _)| *q == self.bound)
    }

    fn step(&mut self) -> bool {
        if self.finished() {
            return false;
        }
        *self.steps_left -= 1;
        true
    }

    /// Pairs `set[index..]` (MDPs) with residents, in the lexicographic order
    /// of S2's transpositions.
    fn pair_mdps(&mut self, set: &[usize], index: usize, used: &mut Vec<bool>) {
        let Some(&mdp) = set.get(index) else {
            let remainder: Vec<usize> = self
                .bracket
                .residents
                .iter()
                .copied()
                .filter(|&r| !used[r])
                .collect();
            let limbo: Vec<usize> = self
                .bracket
                .mdps
                .iter()
                .copied()
                .filter(|m| !set.contains(m))
                .collect();
            self.pair_remainder(&remainder, self.pair_count - set.len(), &limbo);
            return;
        };
        for &resident in self.bracket.residents {
            if used[resident] || !self.field.can_meet(mdp, resident) {
                continue;
            }
            if !self.step() {
                return;
            }
            used[resident] = true;
            self.pairs.push((mdp, resident));
            self.pair_mdps(set, index + 1, used);
            self.pairs.pop();
            used[resident] = false;
        }
    }

    /// Pairs `wanted` pairs among the remainder (a homogeneous group), trying
    /// the original S1 and S2 first, then each exchange in turn.
    fn pair_remainder(&mut self, remainder: &[usize], wanted: usize, limbo: &[usize]) {
        let s2_size = remainder.len() - wanted;
        for size in 0..=wanted.min(s2_size) {
            for exchange in exchanges(wanted, s2_size, size) {
                let (s1, s2) = exchange.subgroups(wanted, remainder.len());
                let mut used = vec![false; remainder.len()];
                self.transpose(remainder, &s1, &s2, 0, &mut used, limbo);
                if self.finished() {
                    return;
                }
            }
        }
    }

    /// Pairs `s1[index..]` with S2 in the lexicographic order of S2's
    /// transpositions (positions are in-remainder sequence numbers).
    fn transpose(
        &mut self,
        remainder: &[usize],
        s1: &[usize],
        s2: &[usize],
        index: usize,
        used: &mut Vec<bool>,
        limbo: &[usize],
    ) {
        let Some(&first) = s1.get(index) else {
            let mut downfloaters: Vec<usize> = limbo.to_vec();
            downfloaters.extend(s2.iter().filter(|&&b| !used[b]).map(|&b| remainder[b]));
            downfloaters.sort_unstable();
            self.consider(downfloaters);
            return;
        };
        for &second in s2 {
            // A pair whose S1 player ranks below its S2 player was already
            // generated by an earlier exchange (the same pairs, smaller swap).
            if used[second]
                || second < first
                || !self.field.can_meet(remainder[first], remainder[second])
            {
                continue;
            }
            if !self.step() {
                return;
            }
            used[second] = true;
            self.pairs.push((remainder[first], remainder[second]));
            self.transpose(remainder, s1, s2, index + 1, used, limbo);
            self.pairs.pop();
            used[second] = false;
        }
    }

    fn consider(&mut self, downfloaters: Vec<usize>) {
        let candidate = Candidate {
            pairs: self.pairs.clone(),
            downfloaters,
        };
        let quality = self.judge.quality(&candidate);
        if self.best.as_ref().is_some_and(|(best, _)| quality >= *best) {
            return;
        }
        if self.completes(&candidate.downfloaters) {
            self.best = Some((quality, candidate));
        }
    }

    /// [C4] and [C5]: the downfloaters and everyone below can still all be
    /// paired (in the last bracket: the one downfloater may get the bye).
    fn completes(&mut self, downfloaters: &[usize]) -> bool {
        if self.bracket.is_last() {
            return match downfloaters {
                [] => true,
                [only] => self.field.may_get_bye(*only),
                _ => false,
            };
        }
        if let Some(&known) = self.completion_known.get(downfloaters) {
            return known;
        }
        let mut pool = downfloaters.to_vec();
        pool.extend_from_slice(self.bracket.lower);
        let answer = self.field.completable(&pool);
        self.completion_known.insert(downfloaters.to_vec(), answer);
        answer
    }
}

/// One exchange between the original S1 and S2 of a homogeneous group:
/// positions (0-based sequence numbers) moved out of S1 and out of S2.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Exchange {
    from_s1: Vec<usize>,
    from_s2: Vec<usize>,
}

impl Exchange {
    /// The new S1 and S2, each in sequence-number order.
    fn subgroups(&self, s1_size: usize, total: usize) -> (Vec<usize>, Vec<usize>) {
        let mut s1: Vec<usize> = (0..s1_size)
            .filter(|p| !self.from_s1.contains(p))
            .chain(self.from_s2.iter().copied())
            .collect();
        let mut s2: Vec<usize> = (s1_size..total)
            .filter(|p| !self.from_s2.contains(p))
            .chain(self.from_s1.iter().copied())
            .collect();
        s1.sort_unstable();
        s2.sort_unstable();
        (s1, s2)
    }
}

/// The exchanges of `size` players between an S1 of `s1_size` and an S2 of
/// `s2_size`, in the order of article 4.3: the smallest difference between
/// the sums of sequence numbers moved, then the highest differing number
/// moved out of S1, then the lowest differing number moved out of S2.
fn exchanges(s1_size: usize, s2_size: usize, size: usize) -> Vec<Exchange> {
    if size == 0 {
        return vec![Exchange {
            from_s1: Vec::new(),
            from_s2: Vec::new(),
        }];
    }
    let s1_positions: Vec<usize> = (0..s1_size).collect();
    let s2_positions: Vec<usize> = (s1_size..s1_size + s2_size).collect();
    let from_s1_choices = combinations(&s1_positions, size, EXCHANGES_PER_SIZE);
    let per_choice = (EXCHANGES_PER_SIZE / from_s1_choices.len().max(1)).max(1);
    let from_s2_choices = combinations(&s2_positions, size, per_choice);
    let mut all: Vec<Exchange> = Vec::new();
    for from_s1 in &from_s1_choices {
        for from_s2 in &from_s2_choices {
            all.push(Exchange {
                from_s1: from_s1.clone(),
                from_s2: from_s2.clone(),
            });
        }
    }
    let sum = |positions: &[usize]| positions.iter().sum::<usize>();
    all.sort_by(|a, b| {
        let gap_a = sum(&a.from_s2) - sum(&a.from_s1);
        let gap_b = sum(&b.from_s2) - sum(&b.from_s1);
        gap_a
            .cmp(&gap_b)
            .then_with(|| descending(&b.from_s1).cmp(&descending(&a.from_s1)))
            .then_with(|| a.from_s2.cmp(&b.from_s2))
    });
    all
}

fn descending(positions: &[usize]) -> Vec<usize> {
    let mut sorted = positions.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    sorted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(exchange: &Exchange) -> (Vec<usize>, Vec<usize>) {
        let plus_one = |v: &[usize]| v.iter().map(|p| p + 1).collect();
        (plus_one(&exchange.from_s1), plus_one(&exchange.from_s2))
    }

    #[test]
    fn single_exchanges_follow_article_4_3() {
        // Eleven players, S1 = 1..5: "exchanging 6 with 4 is better than
        // exchanging 8 with 5"; at equal sums, 5 leaves S1 before 4 does.
        let order: Vec<_> = exchanges(5, 6, 1).iter().map(numbers).collect();
        assert_eq!(order[0], (vec![5], vec![6]));
        assert_eq!(order[1], (vec![5], vec![7]));
        assert_eq!(order[2], (vec![4], vec![6]));
        let position = |x: usize, y: usize| order.iter().position(|e| *e == (vec![x], vec![y]));
        assert!(position(4, 6) < position(5, 8));
    }

    #[test]
    fn double_exchanges_follow_article_4_3() {
        let order: Vec<_> = exchanges(5, 6, 2).iter().map(numbers).collect();
        let position =
            |x: Vec<usize>, y: Vec<usize>| order.iter().position(|e| *e == (x.clone(), y.clone()));
        // "8+6 with 4+3 is better than 9+8 with 5+4"; "5-2 is better than
        // 4-3"; "6-9 is better than 7-8".
        assert!(position(vec![3, 4], vec![6, 8]) < position(vec![4, 5], vec![8, 9]));
        assert!(position(vec![2, 5], vec![6, 7]) < position(vec![3, 4], vec![6, 7]));
        assert!(position(vec![4, 5], vec![6, 9]) < position(vec![4, 5], vec![7, 8]));
        assert_eq!(order[0], (vec![4, 5], vec![6, 7]));
    }

    #[test]
    fn combinations_come_in_lexicographic_order() {
        assert_eq!(
            combinations(&[1, 3, 4], 2, 10),
            vec![vec![1, 3], vec![1, 4], vec![3, 4]]
        );
        assert_eq!(combinations(&[1, 3, 4], 2, 2).len(), 2);
        assert_eq!(combinations(&[1, 3], 0, 10), vec![Vec::<usize>::new()]);
    }
}
