//! Properties every Swiss round must keep, over many simulated tournaments
//! with random results, withdrawals and forfeits: everyone still in plays
//! exactly once, nobody meets the same opponent twice over the board, nobody
//! has two byes, and a bye goes only to an odd field.

use std::collections::HashSet;

use super::super::{
    swiss_pair_round, Board, Entrant, Outcome, PairingError, Round, Seat, SwissOptions,
};
use super::{entrants, XorShift};

fn finish(boards: Vec<Board>, random: &mut XorShift) -> Vec<Board> {
    boards
        .into_iter()
        .map(|board| match board {
            Board::Game { red, black, .. } => match random.below(10) {
                0 => Board::Forfeit {
                    red,
                    black,
                    winner: Some(if random.below(2) == 0 { red } else { black }),
                },
                1..=3 => Board::Game {
                    red,
                    black,
                    outcome: Some(Outcome::Draw),
                },
                4..=6 => Board::Game {
                    red,
                    black,
                    outcome: Some(Outcome::RedWins),
                },
                _ => Board::Game {
                    red,
                    black,
                    outcome: Some(Outcome::BlackWins),
                },
            },
            other => other,
        })
        .collect()
}

/// Whether `players` can be paired with no rematch and, in an odd field, a
/// bye for someone who has had none: an exhaustive search, for small fields.
fn any_legal_pairing(players: &[Seat], met: &HashSet<(Seat, Seat)>, byes: &HashSet<Seat>) -> bool {
    if players.len() % 2 == 1 {
        return players.iter().any(|&seat| {
            let rest: Vec<Seat> = players.iter().copied().filter(|&s| s != seat).collect();
            !byes.contains(&seat) && any_legal_pairing(&rest, met, byes)
        });
    }
    let Some((&first, rest)) = players.split_first() else {
        return true;
    };
    rest.iter().any(|&other| {
        let remaining: Vec<Seat> = rest.iter().copied().filter(|&s| s != other).collect();
        !met.contains(&(first.min(other), first.max(other)))
            && any_legal_pairing(&remaining, met, byes)
    })
}

#[test]
fn simulated_swiss_rounds_keep_the_absolute_rules() {
    let mut random = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut refused = 0;
    for tournament in 0..120 {
        let players = 4 + tournament % 13;
        let total_rounds = (players / 2 + 1).min(7);
        let mut field: Vec<Entrant> = entrants(players);
        let mut rounds: Vec<Round> = Vec::new();
        let mut met: HashSet<(Seat, Seat)> = HashSet::new();
        let mut byes: HashSet<Seat> = HashSet::new();
        for round in 0..total_rounds {
            // Now and then someone withdraws before the round.
            if random.below(8) == 0 {
                let seat = random.below(players as u64) as usize;
                if field[seat].withdrawn_after.is_none() {
                    field[seat].withdrawn_after = Some(round);
                }
            }
            let active: Vec<Seat> = (0..players).filter(|&s| field[s].plays_in(round)).collect();
            let options = SwissOptions {
                total_rounds: Some(total_rounds),
                ..SwissOptions::default()
            };
            let boards = match swiss_pair_round(&field, &rounds, &options) {
                Ok(boards) => boards,
                Err(PairingError::NoLegalPairing) => {
                    assert!(
                        !any_legal_pairing(&active, &met, &byes),
                        "tournament {tournament} ({players} players), round {}: refused, \
                         but a pairing without rematches or second byes exists",
                        round + 1
                    );
                    refused += 1;
                    break;
                }
                Err(error) => panic!(
                    "tournament {tournament} ({players} players), round {}: {error}",
                    round + 1
                ),
            };
            let mut seen: Vec<Seat> = Vec::new();
            for board in &boards {
                match *board {
                    Board::Game {
                        red,
                        black,
                        outcome,
                    } => {
                        assert_eq!(outcome, None, "a new board has no result");
                        let pair = (red.min(black), red.max(black));
                        assert!(
                            met.insert(pair),
                            "tournament {tournament}: {pair:?} met twice"
                        );
                        seen.extend([red, black]);
                    }
                    Board::Bye(seat) => {
                        assert!(
                            byes.insert(seat),
                            "tournament {tournament}: a second bye for {seat}"
                        );
                        assert_eq!(active.len() % 2, 1, "a bye only in an odd field");
                        seen.push(seat);
                    }
                    Board::Forfeit { .. } => panic!("the pairing never makes a forfeit"),
                }
            }
            seen.sort_unstable();
            assert_eq!(seen, active, "tournament {tournament}, round {}", round + 1);
            let finished = finish(boards, &mut random);
            // A forfeit is not a game played: the two may meet again.
            for board in &finished {
                if let Board::Forfeit { red, black, .. } = *board {
                    met.remove(&(red.min(black), red.max(black)));
                }
            }
            rounds.push(Round { boards: finished });
        }
    }
    // Most simulated tournaments must get through: the test is about the
    // rounds paired, not the refusals.
    assert!(refused < 12, "{refused} of 120 tournaments stopped early");
}
