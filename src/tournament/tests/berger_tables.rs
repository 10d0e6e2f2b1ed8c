//! The generator against FIDE's published Berger tables (Handbook C.05
//! Annex 1), board by board and colour by colour, and the round-robin
//! properties for 3 to 10 entrants.

use super::super::{berger_rounds, Board};
use super::pairs;

/// Each round in the table's order, the first named with White (Red).
fn assert_table(n: usize, published: &[&str]) {
    let rounds = berger_rounds(n);
    assert_eq!(rounds.len(), published.len(), "{n} players");
    for (index, (round, written)) in rounds.iter().zip(published).enumerate() {
        let in_order: Vec<(usize, usize)> = round
            .iter()
            .map(|board| match *board {
                Board::Game {
                    red,
                    black,
                    outcome,
                } => {
                    assert_eq!(outcome, None);
                    (red + 1, black + 1)
                }
                other => panic!("unexpected {other:?}"),
            })
            .collect();
        let expected: Vec<(usize, usize)> = written
            .split(", ")
            .map(|pair| {
                let (red, black) = pair.split_once('-').unwrap_or(("0", "0"));
                (super::number(red), super::number(black))
            })
            .collect();
        assert_eq!(in_order, expected, "{n} players, round {}", index + 1);
    }
}

#[test]
fn four_players() {
    assert_table(4, &["1-4, 2-3", "4-3, 1-2", "2-4, 3-1"]);
}

#[test]
fn six_players() {
    assert_table(
        6,
        &[
            "1-6, 2-5, 3-4",
            "6-4, 5-3, 1-2",
            "2-6, 3-1, 4-5",
            "6-5, 1-4, 2-3",
            "3-6, 4-2, 5-1",
        ],
    );
}

#[test]
fn eight_players() {
    assert_table(
        8,
        &[
            "1-8, 2-7, 3-6, 4-5",
            "8-5, 6-4, 7-3, 1-2",
            "2-8, 3-1, 4-7, 5-6",
            "8-6, 7-5, 1-4, 2-3",
            "3-8, 4-2, 5-1, 6-7",
            "8-7, 1-6, 2-5, 3-4",
            "4-8, 5-3, 6-2, 7-1",
        ],
    );
}

#[test]
fn ten_players() {
    assert_table(
        10,
        &[
            "1-10, 2-9, 3-8, 4-7, 5-6",
            "10-6, 7-5, 8-4, 9-3, 1-2",
            "2-10, 3-1, 4-9, 5-8, 6-7",
            "10-7, 8-6, 9-5, 1-4, 2-3",
            "3-10, 4-2, 5-1, 6-9, 7-8",
            "10-8, 9-7, 1-6, 2-5, 3-4",
            "4-10, 5-3, 6-2, 7-1, 8-9",
            "10-9, 1-8, 2-7, 3-6, 4-5",
            "5-10, 6-4, 7-3, 8-2, 9-1",
        ],
    );
}

#[test]
fn an_odd_field_uses_the_next_table_with_the_last_number_as_the_bye() {
    // Five players: the six-player table, 6 being the bye.
    let rounds = berger_rounds(5);
    let published = ["2-5 3-4", "5-3 1-2", "3-1 4-5", "1-4 2-3", "4-2 5-1"];
    let byes = [1, 4, 2, 5, 3];
    for (round, (written, bye)) in rounds.iter().zip(published.iter().zip(byes)) {
        let (games, round_byes) = super::games_and_byes(round);
        assert_eq!(games, pairs(written));
        assert_eq!(round_byes, vec![bye - 1]);
        assert_eq!(round.last(), Some(&Board::Bye(bye - 1)));
    }
}

#[test]
fn every_pair_meets_once_colours_balance_and_everyone_plays_each_round() {
    for n in 3..=10 {
        let rounds = berger_rounds(n);
        assert_eq!(rounds.len(), n + n % 2 - 1);
        let mut meetings = vec![vec![0; n]; n];
        let mut reds = vec![0i32; n];
        let mut blacks = vec![0i32; n];
        for round in &rounds {
            let mut seen = vec![0; n];
            for board in round {
                match *board {
                    Board::Game { red, black, .. } => {
                        meetings[red][black] += 1;
                        meetings[black][red] += 1;
                        reds[red] += 1;
                        blacks[black] += 1;
                        seen[red] += 1;
                        seen[black] += 1;
                    }
                    Board::Bye(seat) => seen[seat] += 1,
                    Board::Forfeit { .. } => panic!("no forfeits in a schedule"),
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "{n}: {round:?}");
            let byes = round.iter().filter(|b| matches!(b, Board::Bye(_))).count();
            assert_eq!(byes, n % 2);
        }
        for (a, met) in meetings.iter().enumerate() {
            for (b, &times) in met.iter().enumerate() {
                assert_eq!(times, usize::from(a != b), "{n}: {a} and {b}");
            }
            assert!((reds[a] - blacks[a]).abs() <= 1, "{n}: seat {a}");
        }
    }
}

#[test]
fn fewer_than_two_entrants_get_no_rounds() {
    assert!(berger_rounds(0).is_empty());
    assert!(berger_rounds(1).is_empty());
    assert_eq!(berger_rounds(2).len(), 1);
}
