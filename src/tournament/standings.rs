//! The tournament table: points and tie-breaks by the FIDE Tie-Break
//! Regulations (C.07, in force from 2023), ranks.
//!
//! Unplayed rounds follow article 16 of those regulations (the "dummy
//! opponent" rule that replaced the older "virtual opponent"):
//!
//! - A participant's own unplayed round (a pairing-allocated bye, a forfeit
//!   won or lost, an absence) counts as a game against a dummy opponent whose
//!   score is the participant's own final score, with the points actually
//!   scored that round: it adds that score to Buchholz, and that score times
//!   the round's points to Sonneborn–Berger.
//! - An opponent's score is counted as it stands, except that the rounds the
//!   opponent did not play of their own will (absences, forfeit losses) after
//!   their last game over the board count as draws: a withdrawn opponent
//!   scores ½ for each round after withdrawing.
//!
//! A game still without a result counts for nothing, in points or
//! tie-breaks. Withdrawn entrants keep their place in the table with what
//! they scored.
//!
//! Units: `points` and `buchholz` in half-points; `sonneborn_berger` in
//! quarter-points (a result in half-points times a score in half-points), so
//! every value is exact.

use super::history::{History, Participation, DRAW, WIN};
use super::{Entrant, Round, Seat};

/// How the tournament was paired, which decides the tie-break order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Points, Buchholz, Sonneborn–Berger, wins, then seat.
    Swiss,
    /// Points, Sonneborn–Berger, wins, then seat.
    RoundRobin,
}

/// One line of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub seat: Seat,
    /// 1-based; shared by entrants equal on points and every tie-break (they
    /// are then listed by seat).
    pub rank: usize,
    /// Half-points.
    pub points: u32,
    /// Half-points: the sum of the opponents' scores (see the module
    /// documentation for unplayed rounds).
    pub buchholz: u32,
    /// Quarter-points: the sum of each opponent's score times the points
    /// scored against them.
    pub sonneborn_berger: u32,
    /// Games won over the board (forfeits and byes excluded).
    pub wins: u32,
    /// Games played over the board and finished.
    pub played: u32,
}

/// The table, best first: every entrant, withdrawn ones included.
pub fn standings(format: Format, entrants: &[Entrant], rounds: &[Round]) -> Vec<Standing> {
    let history = History::new(entrants.len(), rounds);
    let points: Vec<u32> = (0..entrants.len()).map(|s| history.score(s)).collect();
    let as_opponent: Vec<u32> = (0..entrants.len())
        .map(|s| score_as_opponent(history.of(s)))
        .collect();
    let mut table: Vec<Standing> = (0..entrants.len())
        .map(|seat| tally(seat, history.of(seat), &points, &as_opponent))
        .collect();
    let key = |s: &Standing| match format {
        Format::Swiss => [s.points, s.buchholz, s.sonneborn_berger, s.wins],
        Format::RoundRobin => [s.points, s.sonneborn_berger, s.wins, 0],
    };
    table.sort_by(|a, b| key(b).cmp(&key(a)).then(a.seat.cmp(&b.seat)));
    for i in 0..table.len() {
        table[i].rank = if i > 0 && key(&table[i]) == key(&table[i - 1]) {
            table[i - 1].rank
        } else {
            i + 1
        };
    }
    table
}

fn tally(seat: Seat, rounds: &[Participation], points: &[u32], as_opponent: &[u32]) -> Standing {
    let own = points[seat];
    let mut standing = Standing {
        seat,
        rank: 0,
        points: own,
        buchholz: 0,
        sonneborn_berger: 0,
        wins: 0,
        played: 0,
    };
    for participation in rounds {
        let opponent_score = match *participation {
            Participation::Played { points: None, .. } => continue,
            Participation::Played { opponent, .. } => {
                standing.played += 1;
                if participation.points() == WIN {
                    standing.wins += 1;
                }
                as_opponent[opponent]
            }
            _ => own,
        };
        standing.buchholz += opponent_score;
        standing.sonneborn_berger += participation.points() * opponent_score;
    }
    standing
}

/// The score others' tie-breaks see (article 16.3): voluntarily unplayed
/// rounds after the last game played count as draws.
fn score_as_opponent(rounds: &[Participation]) -> u32 {
    let last_game = rounds.iter().rposition(|p| {
        matches!(
            p,
            Participation::Played {
                points: Some(_),
                ..
            }
        )
    });
    rounds
        .iter()
        .enumerate()
        .map(|(round, participation)| {
            let voluntary = matches!(
                participation,
                Participation::Absent | Participation::ForfeitLoss { .. }
            );
            if voluntary && last_game.is_none_or(|last| round > last) {
                DRAW
            } else {
                participation.points()
            }
        })
        .sum()
}
