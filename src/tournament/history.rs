//! What each entrant did in each round, read once from the boards: the facts
//! both the Swiss pairing and the standings are computed from.

use super::{Board, Outcome, Round, Seat};

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Colour {
    Red,
    Black,
}

impl Colour {
    pub(crate) fn opposite(self) -> Colour {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }
}

/// Half-points for a win, the score of a pairing-allocated bye and of a
/// forfeit win too.
pub(crate) const WIN: u32 = 2;
/// Half-points for a draw.
pub(crate) const DRAW: u32 = 1;

/// One entrant's round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Participation {
    /// A game over the board; `points` is `None` while it is unfinished.
    Played {
        opponent: Seat,
        colour: Colour,
        points: Option<u32>,
    },
    PairingBye,
    ForfeitWin {
        opponent: Seat,
    },
    ForfeitLoss {
        opponent: Seat,
    },
    /// On no board: withdrawn or sitting out.
    Absent,
}

impl Participation {
    /// Half-points scored (nothing yet for an unfinished game).
    pub(crate) fn points(self) -> u32 {
        match self {
            Participation::Played { points, .. } => points.unwrap_or(0),
            Participation::PairingBye | Participation::ForfeitWin { .. } => WIN,
            Participation::ForfeitLoss { .. } | Participation::Absent => 0,
        }
    }

    /// The opponent and colour of a game over the board.
    pub(crate) fn game(self) -> Option<(Seat, Colour)> {
        match self {
            Participation::Played {
                opponent, colour, ..
            } => Some((opponent, colour)),
            _ => None,
        }
    }
}

/// Every entrant's rounds, in order.
#[derive(Clone, Debug)]
pub(crate) struct History {
    rounds_by_entrant: Vec<Vec<Participation>>,
    first_unfinished: Option<(usize, usize)>,
}

impl History {
    /// Reads `rounds` for `entrant_count` entrants, ignoring the boards the
    /// module documentation says are ignored.
    pub(crate) fn new(entrant_count: usize, rounds: &[Round]) -> History {
        let mut rounds_by_entrant = vec![Vec::with_capacity(rounds.len()); entrant_count];
        let mut first_unfinished = None;
        for (round_index, round) in rounds.iter().enumerate() {
            let mut this_round = vec![Participation::Absent; entrant_count];
            let mut seen = vec![false; entrant_count];
            for (board_index, board) in round.boards.iter().enumerate() {
                let Some(entries) = read_board(board, &seen) else {
                    continue;
                };
                for (seat, participation) in entries.into_iter().flatten() {
                    seen[seat] = true;
                    this_round[seat] = participation;
                }
                if matches!(board, Board::Game { outcome: None, .. }) {
                    first_unfinished.get_or_insert((round_index, board_index));
                }
            }
            for (entrant, participation) in this_round.into_iter().enumerate() {
                rounds_by_entrant[entrant].push(participation);
            }
        }
        History {
            rounds_by_entrant,
            first_unfinished,
        }
    }

    pub(crate) fn round_count(&self) -> usize {
        self.rounds_by_entrant.first().map_or(0, Vec::len)
    }

    /// The rounds of `seat`; empty for a seat out of range.
    pub(crate) fn of(&self, seat: Seat) -> &[Participation] {
        self.rounds_by_entrant.get(seat).map_or(&[], Vec::as_slice)
    }

    /// Half-points of `seat` from the rounds before `round`.
    pub(crate) fn score_before(&self, seat: Seat, round: usize) -> u32 {
        self.of(seat).iter().take(round).map(|p| p.points()).sum()
    }

    /// Half-points of `seat` from every round.
    pub(crate) fn score(&self, seat: Seat) -> u32 {
        self.score_before(seat, usize::MAX)
    }

    /// The round and board index of the first game without a result.
    pub(crate) fn first_unfinished(&self) -> Option<(usize, usize)> {
        self.first_unfinished
    }
}

type Entry = Option<(Seat, Participation)>;

/// The participations a board records, or `None` when the board is to be
/// ignored (a seat out of range, repeated, or already seen this round).
fn read_board(board: &Board, seen: &[bool]) -> Option<[Entry; 2]> {
    let fresh = |seat: Seat| seat < seen.len() && !seen[seat];
    match *board {
        Board::Bye(seat) => fresh(seat).then_some([Some((seat, Participation::PairingBye)), None]),
        Board::Game {
            red,
            black,
            outcome,
        } => {
            if red == black || !fresh(red) || !fresh(black) {
                return None;
            }
            let (red_points, black_points) = match outcome {
                Some(Outcome::RedWins) => (Some(WIN), Some(0)),
                Some(Outcome::Draw) => (Some(DRAW), Some(DRAW)),
                Some(Outcome::BlackWins) => (Some(0), Some(WIN)),
                None => (None, None),
            };
            let side = |opponent, colour, points| Participation::Played {
                opponent,
                colour,
                points,
            };
            Some([
                Some((red, side(black, Colour::Red, red_points))),
                Some((black, side(red, Colour::Black, black_points))),
            ])
        }
        Board::Forfeit { red, black, winner } => {
            if red == black || !fresh(red) || !fresh(black) {
                return None;
            }
            let side = |seat: Seat, opponent| {
                if winner == Some(seat) {
                    Participation::ForfeitWin { opponent }
                } else {
                    Participation::ForfeitLoss { opponent }
                }
            };
            Some([
                Some((red, side(red, black))),
                Some((black, side(black, red))),
            ])
        }
    }
}
