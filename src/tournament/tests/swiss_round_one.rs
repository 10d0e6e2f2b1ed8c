//! Round 1 of a Swiss is fully determined: the top half meets the bottom half
//! in order, the top seed has the initial colour (Red) and the colours
//! alternate down the boards; an odd field's last seed has the bye.

use super::super::{swiss_next_round, Board};
use super::entrants;

fn boards(written: &[(usize, usize)], bye: Option<usize>) -> Vec<Board> {
    let mut boards: Vec<Board> = written
        .iter()
        .map(|&(red, black)| Board::Game {
            red: red - 1,
            black: black - 1,
            outcome: None,
        })
        .collect();
    boards.extend(bye.map(|seat| Board::Bye(seat - 1)));
    boards
}

#[test]
fn six_entrants() {
    let expected = boards(&[(1, 4), (5, 2), (3, 6)], None);
    assert_eq!(swiss_next_round(&entrants(6), &[]), Ok(expected));
}

#[test]
fn seven_entrants() {
    let expected = boards(&[(1, 4), (5, 2), (3, 6)], Some(7));
    assert_eq!(swiss_next_round(&entrants(7), &[]), Ok(expected));
}

#[test]
fn ten_entrants() {
    let expected = boards(&[(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)], None);
    assert_eq!(swiss_next_round(&entrants(10), &[]), Ok(expected));
}
