//! A whole Swiss round: the brackets from the top scoregroup down, each paired
//! by [`bracket`](super::bracket), its downfloaters moving into the next; the
//! last bracket's one unpaired player gets the bye. Should a bracket find no
//! pairing (its search budget spent), the players left are paired by a search
//! the completion oracle guides, so a legal pairing is always produced.

use super::bracket::{pair_bracket, Bracket};
use super::field::Field;

/// A round's pairing, in ranks: pairs (higher ranked first) and the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RoundPairing {
    pub(crate) pairs: Vec<(usize, usize)>,
    pub(crate) bye: Option<usize>,
}

/// Pairs a field that [`Field::has_complete_pairing`].
pub(crate) fn pair_round(field: &Field) -> RoundPairing {
    let groups = scoregroups(field);
    let mut pairing = RoundPairing::default();
    let mut moved_down: Vec<usize> = Vec::new();
    for (index, residents) in groups.iter().enumerate() {
        let lower: Vec<usize> = groups[index + 1..].concat();
        let next_residents = groups.get(index + 1).map_or(&[][..], Vec::as_slice);
        let bracket = Bracket {
            mdps: &moved_down,
            residents,
            lower: &lower,
            next_residents,
        };
        let Some(candidate) = pair_bracket(field, &bracket) else {
            let mut rest = moved_down.clone();
            rest.extend(residents);
            rest.extend(&lower);
            complete_by_search(field, rest, &mut pairing);
            return pairing;
        };
        pairing.pairs.extend(candidate.pairs);
        moved_down = candidate.downfloaters;
    }
    match moved_down.as_slice() {
        [] => {}
        [only] => pairing.bye = Some(*only),
        _ => complete_by_search(field, moved_down, &mut pairing),
    }
    pairing
}

/// Runs of equal score, in pairing order.
fn scoregroups(field: &Field) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (rank, player) in field.players.iter().enumerate() {
        match groups.last_mut() {
            Some(group) if field.players[group[0]].score == player.score => group.push(rank),
            _ => groups.push(vec![rank]),
        }
    }
    groups
}

/// Pairs `rest` (which can be completed) top down: the bye to the lowest
/// ranked player who may have it and leaves the others pairable, then each
/// highest ranked player with the nearest below whom the rest can follow.
fn complete_by_search(field: &Field, mut rest: Vec<usize>, pairing: &mut RoundPairing) {
    rest.sort_unstable();
    if rest.len() % 2 == 1 {
        let bye = rest.iter().rev().copied().find(|&b| {
            let others: Vec<usize> = rest.iter().copied().filter(|&r| r != b).collect();
            field.may_get_bye(b) && field.completable(&others)
        });
        if let Some(bye) = bye {
            rest.retain(|&r| r != bye);
            pairing.bye = Some(bye);
        }
    }
    while let Some((&top, others)) = rest.split_first() {
        let partner = others.iter().copied().find(|&p| {
            let left: Vec<usize> = others.iter().copied().filter(|&r| r != p).collect();
            field.can_meet(top, p) && field.completable(&left)
        });
        let Some(partner) = partner else {
            // Unreachable for a completable `rest`; stop rather than loop.
            return;
        };
        pairing.pairs.push((top, partner));
        rest.retain(|&r| r != top && r != partner);
    }
}
