//! Tie-breaks on finished crosstables worked by hand.

use super::super::{standings, Board, Format, Outcome, Round, Standing};
use super::{entrants, game};

fn table(format: Format, players: usize, rounds: &[Vec<Board>]) -> Vec<Standing> {
    let rounds: Vec<Round> = rounds
        .iter()
        .map(|boards| Round {
            boards: boards.clone(),
        })
        .collect();
    standings(format, &entrants(players), &rounds)
}

/// (pairing number, rank, points, second tie-break, third) per line, in
/// table order; points and Buchholz in half-points, Sonneborn–Berger in
/// quarter-points.
fn lines(table: &[Standing], format: Format) -> Vec<(usize, usize, u32, u32, u32)> {
    table
        .iter()
        .map(|s| match format {
            Format::Swiss => (s.seat + 1, s.rank, s.points, s.buchholz, s.sonneborn_berger),
            Format::RoundRobin => (s.seat + 1, s.rank, s.points, s.sonneborn_berger, s.wins),
        })
        .collect()
}

/// A four-player round-robin: 2 scores 2, 1 and 3 tie on 1½ and
/// Sonneborn–Berger separates them (1 beat 2 and drew 3: 2 + ¾ = 2¾; 3 drew
/// 1 and beat 4: ¾ + 1 = 1¾).
#[test]
fn round_robin_ties_are_broken_by_sonneborn_berger() {
    use Outcome::*;
    let rounds = [
        vec![game(1, 4, BlackWins), game(2, 3, RedWins)],
        vec![game(1, 2, RedWins), game(3, 4, RedWins)],
        vec![game(1, 3, Draw), game(2, 4, RedWins)],
    ];
    let table = table(Format::RoundRobin, 4, &rounds);
    assert_eq!(
        lines(&table, Format::RoundRobin),
        vec![
            (2, 1, 4, 10, 2), // 2½ Sonneborn–Berger: beat 3 (1½) and 4 (1)
            (1, 2, 3, 11, 1), // 2¾
            (3, 3, 3, 7, 1),  // 1¾
            (4, 4, 2, 6, 1),  // beat 1: 1½
        ]
    );
}

/// A five-player Swiss over two rounds with a bye each round. Four players
/// tie on 1½; the two with byes count each bye as a game against a dummy
/// opponent on their own final score (FIDE C.07 article 16), which puts them
/// ahead on Buchholz; they stay equal on every tie-break and share first
/// place, listed by pairing number.
#[test]
fn swiss_byes_count_against_a_dummy_on_the_own_score() {
    use Outcome::*;
    let rounds = [
        vec![game(1, 4, RedWins), game(2, 5, Draw), Board::Bye(2)],
        vec![game(3, 1, Draw), game(4, 2, BlackWins), Board::Bye(4)],
    ];
    let table = table(Format::Swiss, 5, &rounds);
    assert_eq!(
        lines(&table, Format::Swiss),
        vec![
            (3, 1, 3, 6, 9),
            (5, 1, 3, 6, 9),
            (1, 3, 3, 3, 3),
            (2, 3, 3, 3, 3),
            (4, 5, 0, 6, 0),
        ]
    );
    assert_eq!(
        table.iter().map(|s| (s.wins, s.played)).collect::<Vec<_>>(),
        vec![(0, 1), (0, 1), (1, 2), (1, 2), (0, 2)]
    );
}

/// A withdrawn opponent's rounds after withdrawing count as draws in the
/// others' tie-breaks, not as losses; the withdrawn entrant keeps its line.
#[test]
fn a_withdrawn_opponent_counts_as_drawing_the_rounds_it_missed() {
    use Outcome::*;
    let rounds = [
        vec![game(1, 2, RedWins), game(3, 4, Draw)],
        // 2 has withdrawn: absent, on no board.
        vec![game(1, 3, RedWins), Board::Bye(3)],
    ];
    let table = table(Format::Swiss, 4, &rounds);
    let line = |number: usize| table.iter().find(|s| s.seat + 1 == number).copied();
    let first = line(1).expect("entrant 1 is in the table");
    // Opponents: 2 (0 + ½ for the missed round = 1 half-point) and 3 (½ = 1).
    assert_eq!((first.points, first.buchholz, first.rank), (4, 2, 1));
    let withdrawn = line(2).expect("a withdrawn entrant keeps its line");
    assert_eq!((withdrawn.points, withdrawn.played), (0, 1));
}
