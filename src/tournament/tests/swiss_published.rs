//! Published Dutch-system pairings, round by round.
//!
//! The fourteen-player, five-round tournament worked through in "Mastering
//! the Dutch" by FA Mario Held, printed in the FIDE Arbiters' Manual 2014
//! (pp. 65–92): players 1–14 in rating order; Oskar (12) sits out round 2,
//! Robert (14) gets the round-2 bye, and Finn (6) wins round 3 by forfeit
//! against Nancy (11). Every round's pairing, colours included, is checked;
//! the example was written for the rules of its day, and the 2026 rules pair
//! it the same way (checked against an engine for those rules).
//!
//! Two small cases the bbpPairings engine ships as tests of the 2026 rules
//! ("dutch_2025_C5", "dutch_2025_C9"): the bye goes to the lowest score a
//! complete pairing allows ([C5]), and not to a player who already missed a
//! round when another can take it ([C9]).

use super::super::{swiss_pair_round, Board, Entrant, Outcome, Round, SwissOptions};
use super::{entrants, game, games_and_byes, pairs};
use Outcome::{BlackWins, Draw, RedWins};

fn round(boards: Vec<Board>) -> Round {
    Round { boards }
}

fn held_rounds() -> Vec<Round> {
    vec![
        round(vec![
            game(1, 8, RedWins),
            game(9, 2, BlackWins),
            game(3, 10, RedWins),
            game(11, 4, Draw),
            game(5, 12, RedWins),
            game(13, 6, BlackWins),
            game(7, 14, RedWins),
        ]),
        round(vec![
            game(5, 1, RedWins),
            game(2, 7, RedWins),
            game(6, 3, Draw),
            game(4, 9, RedWins),
            game(8, 11, BlackWins),
            game(10, 13, RedWins),
            Board::Bye(13),
        ]),
        round(vec![
            game(14, 1, BlackWins),
            game(2, 5, Draw),
            game(3, 4, Draw),
            Board::Forfeit {
                red: 10,
                black: 5,
                winner: Some(5),
            },
            game(7, 10, RedWins),
            game(12, 8, Draw),
            game(9, 13, RedWins),
        ]),
        round(vec![
            game(1, 3, RedWins),
            game(6, 2, BlackWins),
            game(4, 5, Draw),
            game(11, 7, RedWins),
            game(8, 9, Draw),
            game(10, 14, Draw),
            game(13, 12, RedWins),
        ]),
    ]
}

/// The published pairing of each round, and its bye.
const HELD_PAIRINGS: [(&str, Option<usize>); 5] = [
    ("1-8 9-2 3-10 11-4 5-12 13-6 7-14", None),
    ("5-1 2-7 6-3 4-9 8-11 10-13", Some(14)),
    ("14-1 2-5 3-4 11-6 7-10 12-8 9-13", None),
    ("1-3 6-2 4-5 11-7 8-9 10-14 13-12", None),
    ("2-1 3-7 4-6 5-11 13-8 9-10 14-12", None),
];

#[test]
fn mastering_the_dutch_rounds_one_to_five() {
    let players = entrants(14);
    let history = held_rounds();
    for (index, (written, bye)) in HELD_PAIRINGS.iter().enumerate() {
        let options = SwissOptions {
            total_rounds: Some(5),
            sitting_out: if index == 1 { vec![11] } else { Vec::new() },
        };
        let boards = swiss_pair_round(&players, &history[..index], &options)
            .unwrap_or_else(|e| panic!("round {}: {e}", index + 1));
        let (games, byes) = games_and_byes(&boards);
        assert_eq!(games, pairs(written), "round {}", index + 1);
        assert_eq!(byes, bye.map(|b| b - 1).into_iter().collect::<Vec<_>>());
    }
}

#[test]
fn the_bye_goes_to_the_lowest_score_possible() {
    // Six players, three rounds; player 4 sits out the last. The two
    // 1-pointers (2 and 5) have met, so pairing the 2-pointers together
    // would leave a 1-pointer with the bye; [C5] wants the 0-pointer (6) to
    // have it, which splits the leaders.
    let rounds = vec![
        round(vec![
            game(1, 4, RedWins),
            game(5, 2, BlackWins),
            game(3, 6, RedWins),
        ]),
        round(vec![
            game(2, 1, BlackWins),
            game(4, 3, BlackWins),
            game(6, 5, BlackWins),
        ]),
    ];
    let options = SwissOptions {
        total_rounds: Some(3),
        sitting_out: vec![3],
    };
    let boards = swiss_pair_round(&entrants(6), &rounds, &options);
    let expected = (pairs("1-5 3-2"), vec![5]);
    assert_eq!(boards.map(|b| games_and_byes(&b)), Ok(expected));
}

#[test]
fn the_bye_avoids_a_player_who_already_missed_a_round() {
    // Five players, three rounds; player 5 was absent in round 1. Among the
    // three 0-pointers the bye goes to 4 rather than to 5 ([C9]).
    let rounds = vec![round(vec![game(1, 3, RedWins), game(4, 2, BlackWins)])];
    let options = SwissOptions {
        total_rounds: Some(3),
        sitting_out: Vec::new(),
    };
    let boards = swiss_pair_round(&entrants(5), &rounds, &options);
    let expected = (pairs("2-1 3-5"), vec![3]);
    assert_eq!(boards.map(|b| games_and_byes(&b)), Ok(expected));
}

#[test]
fn a_withdrawn_entrant_is_not_paired() {
    let mut players: Vec<Entrant> = entrants(5);
    players[1].withdrawn_after = Some(1);
    let rounds = vec![round(vec![
        game(1, 4, RedWins),
        game(5, 2, BlackWins),
        Board::Bye(2),
    ])];
    let boards = swiss_pair_round(&players, &rounds, &SwissOptions::default());
    let (games, byes) = boards.map(|b| games_and_byes(&b)).unwrap_or_default();
    assert_eq!(games.len(), 2);
    assert!(byes.is_empty());
    assert!(games.iter().all(|&(r, b)| r != 1 && b != 1));
}
