//! Maximum matchings in general graphs (Edmonds' blossom algorithm): the
//! oracle that tells the Swiss pairing whether the players still unpaired can
//! all be paired legally, so no bracket ever paints the round into a corner.

const NONE: usize = usize::MAX;

/// A maximum matching of the graph whose vertex `v` is adjacent to
/// `adjacency[v]`: `mate[v]` is `v`'s partner. Neighbours out of range are
/// ignored. O(V³) at worst.
pub(crate) fn maximum_matching(adjacency: &[Vec<usize>]) -> Vec<Option<usize>> {
    let mut search = Blossoms::new(adjacency);
    search.match_greedily();
    for root in 0..adjacency.len() {
        if search.mate[root] == NONE {
            if let Some(end) = search.augmenting_path_end(root) {
                search.augment(end);
            }
        }
    }
    search
        .mate
        .iter()
        .map(|&m| (m != NONE).then_some(m))
        .collect()
}

/// Whether every vertex can be matched.
pub(crate) fn has_perfect_matching(adjacency: &[Vec<usize>]) -> bool {
    adjacency.len().is_multiple_of(2) && maximum_matching(adjacency).iter().all(Option::is_some)
}

/// The number of edges in a maximum matching.
pub(crate) fn matching_size(adjacency: &[Vec<usize>]) -> usize {
    maximum_matching(adjacency).iter().flatten().count() / 2
}

struct Blossoms<'a> {
    adjacency: &'a [Vec<usize>],
    mate: Vec<usize>,
    // Per search: the tree parent of each odd vertex, the base of each
    // vertex's blossom, and whether a vertex is even (in the queue).
    parent: Vec<usize>,
    base: Vec<usize>,
    even: Vec<bool>,
    queue: std::collections::VecDeque<usize>,
}

impl<'a> Blossoms<'a> {
    fn new(adjacency: &'a [Vec<usize>]) -> Blossoms<'a> {
        let n = adjacency.len();
        Blossoms {
            adjacency,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            even: vec![false; n],
            queue: std::collections::VecDeque::new(),
        }
    }

    fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + 'a {
        let n = self.adjacency.len();
        self.adjacency[v]
            .iter()
            .copied()
            .filter(move |&w| w < n && w != v)
    }

    // Most of a maximum matching is usually found this way, which leaves the
    // blossom search few augmentations to make.
    fn match_greedily(&mut self) {
        for v in 0..self.adjacency.len() {
            if self.mate[v] != NONE {
                continue;
            }
            if let Some(w) = self.neighbours(v).find(|&w| self.mate[w] == NONE) {
                self.mate[v] = w;
                self.mate[w] = v;
            }
        }
    }

    /// Grows an alternating tree from the unmatched `root`; the unmatched
    /// vertex an augmenting path reaches, if any.
    fn augmenting_path_end(&mut self, root: usize) -> Option<usize> {
        let n = self.adjacency.len();
        self.parent.iter_mut().for_each(|p| *p = NONE);
        self.even.iter_mut().for_each(|e| *e = false);
        for (v, b) in self.base.iter_mut().enumerate() {
            *b = v;
        }
        self.queue.clear();
        self.even[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for w in self.neighbours(v).collect::<Vec<_>>() {
                if self.base[v] == self.base[w] || self.mate[v] == w {
                    continue;
                }
                let w_is_even =
                    w == root || (self.mate[w] != NONE && self.parent[self.mate[w]] != NONE);
                if w_is_even {
                    self.contract(v, w, n);
                } else if self.parent[w] == NONE {
                    self.parent[w] = v;
                    if self.mate[w] == NONE {
                        return Some(w);
                    }
                    let next = self.mate[w];
                    self.even[next] = true;
                    self.queue.push_back(next);
                }
            }
        }
        None
    }

    /// Shrinks the odd cycle closed by the edge `v`–`w` into one blossom.
    fn contract(&mut self, v: usize, w: usize, n: usize) {
        let lowest = self.common_ancestor(v, w, n);
        let mut in_blossom = vec![false; n];
        self.mark_path(v, lowest, w, &mut in_blossom);
        self.mark_path(w, lowest, v, &mut in_blossom);
        for u in 0..n {
            if in_blossom[self.base[u]] {
                self.base[u] = lowest;
                if !self.even[u] {
                    self.even[u] = true;
                    self.queue.push_back(u);
                }
            }
        }
    }

    fn common_ancestor(&self, mut a: usize, mut b: usize, n: usize) -> usize {
        let mut on_path = vec![false; n];
        loop {
            a = self.base[a];
            on_path[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if on_path[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(
        &mut self,
        mut v: usize,
        lowest: usize,
        mut child: usize,
        in_blossom: &mut [bool],
    ) {
        while self.base[v] != lowest {
            in_blossom[self.base[v]] = true;
            in_blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    fn augment(&mut self, end: usize) {
        let mut v = end;
        while v != NONE {
            let previous = self.parent[v];
            let next = self.mate[previous];
            self.mate[v] = previous;
            self.mate[previous] = v;
            v = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_force_size(adjacency: &[Vec<usize>], used: &mut Vec<bool>, from: usize) -> usize {
        let Some(v) = (from..adjacency.len()).find(|&v| !used[v]) else {
            return 0;
        };
        used[v] = true;
        let mut best = brute_force_size(adjacency, used, v + 1);
        for &w in &adjacency[v] {
            if !used[w] {
                used[w] = true;
                best = best.max(1 + brute_force_size(adjacency, used, v + 1));
                used[w] = false;
            }
        }
        used[v] = false;
        best
    }

    #[test]
    fn matches_brute_force_on_random_graphs() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..400 {
            let n = (next() % 11) as usize;
            let density = next() % 100;
            let mut adjacency = vec![Vec::new(); n];
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 100 < density {
                        adjacency[a].push(b);
                        adjacency[b].push(a);
                    }
                }
            }
            let mate = maximum_matching(&adjacency);
            for (v, m) in mate.iter().enumerate() {
                if let Some(w) = *m {
                    assert_eq!(mate[w], Some(v));
                    assert!(adjacency[v].contains(&w));
                }
            }
            let expected = brute_force_size(&adjacency, &mut vec![false; n], 0);
            assert_eq!(matching_size(&adjacency), expected, "{adjacency:?}");
        }
    }

    #[test]
    fn an_odd_cycle_with_a_tail_is_matched_through_its_blossom() {
        // A triangle 0-1-2 with tails 2-3 and 0-4: perfect only through 0-4,
        // 1-2 ... 3 stays alone: 5 vertices, so 2 pairs at best.
        let adjacency = vec![vec![1, 2, 4], vec![0, 2], vec![0, 1, 3], vec![2], vec![0]];
        assert_eq!(matching_size(&adjacency), 2);
        let mut six = adjacency.clone();
        six.push(vec![1]);
        six[1].push(5);
        assert!(has_perfect_matching(&six));
    }
}
