//! Between the stored tournament and the pure `tournament` module: a
//! [`TournamentRecord`] read as entrants and rounds, the next round asked
//! for, and the texts a tournament's posts share (its terms, standings,
//! the round's boards). The handlers and the background both use these.

use crate::i18n::Msg;
use crate::store::{
    BoardRecord, Forfeit, GameResult, GameState, NewBoard, Participant, TimeControl,
    TournamentFormat, TournamentRecord, TournamentState, UnixMillis,
};
use crate::tournament::{
    berger_rounds, standings, swiss_pair_round, Board, Entrant, Format, Outcome, PairingError,
    Round, Standing, SwissOptions,
};

use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::voice::Voice;

/// How long the players of a live tournament game have to make their first
/// moves before the game is forfeited.
pub const LIVE_START_WINDOW_MS: i64 = 10 * 60 * 1000;

/// The pure module's view of a started tournament: its entrants in seat
/// order and every round paired so far.
pub struct Field {
    pub entrants: Vec<Entrant>,
    pub rounds: Vec<Round>,
}

fn outcome(result: GameResult) -> Outcome {
    match result {
        GameResult::RedWins => Outcome::RedWins,
        GameResult::Draw => Outcome::Draw,
        GameResult::BlackWins => Outcome::BlackWins,
    }
}

/// One stored board as the pure module counts it. A game called off
/// without a forfeit (aborted by its players, or the tournament's game
/// cut short) scores nothing for either side: it was not played.
fn board_of(board: &BoardRecord) -> Board {
    let (red, black) = (board.red as usize, board.black.map(|b| b as usize));
    let Some(black) = black else {
        return Board::Bye(red);
    };
    if let Some(forfeit) = board.forfeit {
        let winner = match forfeit {
            Forfeit::Red => Some(black),
            Forfeit::Black => Some(red),
            Forfeit::Both => None,
        };
        return Board::Forfeit { red, black, winner };
    }
    match (board.game_state, board.game_result) {
        (Some(GameState::Finished), Some(result)) => Board::Game {
            red,
            black,
            outcome: Some(outcome(result)),
        },
        (Some(GameState::Aborted), _) | (Some(GameState::Finished), None) => Board::Forfeit {
            red,
            black,
            winner: None,
        },
        _ => Board::Game {
            red,
            black,
            outcome: None,
        },
    }
}

impl Field {
    pub fn of(record: &TournamentRecord) -> Field {
        let mut seated: Vec<_> = record
            .entrants
            .iter()
            .filter_map(|e| e.seat.map(|seat| (seat, e)))
            .collect();
        seated.sort_by_key(|(seat, _)| *seat);
        let entrants = seated
            .iter()
            .map(|(_, e)| Entrant {
                rating: e.rating.round() as i32,
                withdrawn_after: e.withdrawn_after.map(|r| r as usize),
            })
            .collect();
        let rounds = (0..record.rounds_paired)
            .map(|round| Round {
                boards: record.round_boards(round).map(board_of).collect(),
            })
            .collect();
        Field { entrants, rounds }
    }

    /// Whether every board of every round paired so far is decided.
    pub fn all_decided(&self) -> bool {
        self.rounds
            .iter()
            .flat_map(|r| &r.boards)
            .all(|b| !matches!(b, Board::Game { outcome: None, .. }))
    }

    pub fn standings(&self, format: TournamentFormat) -> Vec<Standing> {
        standings(pure_format(format), &self.entrants, &self.rounds)
    }
}

pub fn pure_format(format: TournamentFormat) -> Format {
    match format {
        TournamentFormat::Swiss => Format::Swiss,
        TournamentFormat::RoundRobin => Format::RoundRobin,
    }
}

/// The rounds a tournament of `entrants` plays: a Swiss what it was
/// created with, but at most one fewer than the entrants (more would have
/// someone meet an opponent twice); a round robin every round of its
/// Berger table.
pub fn rounds_to_play(format: TournamentFormat, asked: u32, entrants: usize) -> u32 {
    match format {
        TournamentFormat::Swiss => asked.min(entrants.saturating_sub(1) as u32).max(1),
        TournamentFormat::RoundRobin => berger_rounds(entrants).len() as u32,
    }
}

/// The next round's boards: `Ok(None)` when the tournament has nothing left
/// to pair (its rounds are played, or too few entrants remain).
pub fn next_round(
    record: &TournamentRecord,
    field: &Field,
) -> Result<Option<Vec<NewBoard>>, PairingError> {
    let round = field.rounds.len();
    if round >= record.rounds as usize {
        return Ok(None);
    }
    let boards = match record.format {
        TournamentFormat::Swiss => {
            let options = SwissOptions {
                total_rounds: Some(record.rounds as usize),
                sitting_out: Vec::new(),
            };
            match swiss_pair_round(&field.entrants, &field.rounds, &options) {
                Ok(boards) => boards,
                Err(PairingError::NotEnoughEntrants { .. }) => return Ok(None),
                Err(err) => return Err(err),
            }
        }
        TournamentFormat::RoundRobin => {
            let table = berger_rounds(field.entrants.len());
            let Some(boards) = table.get(round) else {
                return Ok(None);
            };
            let plays = |seat: usize| field.entrants[seat].plays_in(round);
            if field.entrants.iter().filter(|e| e.plays_in(round)).count() < 2 {
                return Ok(None);
            }
            // A withdrawn entrant's opponent sits the round out with a bye.
            boards
                .iter()
                .filter_map(|board| match *board {
                    Board::Game { red, black, .. } => match (plays(red), plays(black)) {
                        (true, true) => Some(*board),
                        (true, false) => Some(Board::Bye(red)),
                        (false, true) => Some(Board::Bye(black)),
                        (false, false) => None,
                    },
                    Board::Bye(seat) => plays(seat).then_some(*board),
                    Board::Forfeit { .. } => None,
                })
                .collect()
        }
    };
    Ok(Some(
        boards
            .into_iter()
            .filter_map(|board| match board {
                Board::Game { red, black, .. } => Some(NewBoard::Game {
                    red: red as u32,
                    black: black as u32,
                }),
                Board::Bye(seat) => Some(NewBoard::Bye(seat as u32)),
                Board::Forfeit { .. } => None,
            })
            .collect(),
    ))
}

/// When the games of a round paired at `now` must have started.
pub fn start_by(time: TimeControl, now: UnixMillis) -> UnixMillis {
    now + time.move_ms().unwrap_or(LIVE_START_WINDOW_MS)
}

/// The start window in words.
pub fn start_window(time: TimeControl, voice: Voice) -> String {
    let ms = time.move_ms().unwrap_or(LIVE_START_WINDOW_MS);
    voice.duration(std::time::Duration::from_millis(ms.max(0) as u64))
}

/// The tournament's name as shown (escaped).
pub fn shown_name(record: &TournamentRecord) -> String {
    shown(&record.name).to_string()
}

/// "Swiss, 5 rounds, 10+5".
pub fn terms(record: &TournamentRecord, voice: Voice) -> String {
    let time = voice.time_control(record.time_control);
    voice.say(match record.format {
        TournamentFormat::Swiss => Msg::TournamentTermsSwiss {
            rounds: record.rounds.into(),
            time,
        },
        TournamentFormat::RoundRobin => Msg::TournamentTermsRoundRobin { time },
    })
}

/// The entrant at `seat`, named (escaped).
pub fn seat_name(record: &TournamentRecord, seat: u32, voice: Voice) -> String {
    record
        .at_seat(seat)
        .map(|e| shown(&voice.name_of(&e.who)).to_string())
        .unwrap_or_else(|| format!("#{}", seat + 1))
}

/// Points in half-points as a score is written: `2½`, `3`, `½`.
pub fn half_points(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Half-points as a decimal, `2.5`: for pictures, whose font has no `½`.
pub fn decimal_points(half: u32) -> String {
    quarter_points(half * 2)
}

/// Quarter-points (Sonneborn–Berger) as a decimal: `5.25`, `4`.
pub fn quarter_points(quarter: u32) -> String {
    match quarter % 4 {
        0 => (quarter / 4).to_string(),
        2 => format!("{}.5", quarter / 4),
        q => format!("{}.{}", quarter / 4, q * 25),
    }
}

/// The standings as text, one line per entrant, best first.
pub fn standings_text(record: &TournamentRecord, voice: Voice) -> String {
    let field = Field::of(record);
    let (tournament, round, rounds) = (
        shown_name(record),
        field.rounds.len() as i64,
        record.rounds.into(),
    );
    let mut lines = vec![voice.say(if field.all_decided() {
        Msg::TournamentStandingsHeader {
            tournament,
            round,
            rounds,
        }
    } else {
        Msg::TournamentStandingsLive {
            tournament,
            round,
            rounds,
        }
    })];
    for standing in field.standings(record.format) {
        let mut name = seat_name(record, standing.seat as u32, voice);
        if field.entrants[standing.seat].withdrawn_after.is_some() {
            name.push(' ');
            name.push_str(&voice.say(Msg::TournamentWithdrawnMark));
        }
        lines.push(voice.say(Msg::TournamentStandingLine {
            rank: standing.rank as i64,
            name,
            points: half_points(standing.points),
            buchholz: half_points(standing.buchholz),
            sb: quarter_points(standing.sonneborn_berger),
            played: standing.played.into(),
        }));
    }
    lines.join("\n")
}

/// The entrants of a tournament not started yet, by name.
pub fn entrants_text(record: &TournamentRecord, voice: Voice) -> String {
    let names: Vec<String> = record
        .entrants
        .iter()
        .map(|e| shown(&voice.name_of(&e.who)).to_string())
        .collect();
    voice.say(Msg::TournamentEntrants {
        tournament: shown_name(record),
        count: names.len() as i64,
        names: names.join(", "),
    })
}

/// The winners: every entrant ranked first.
pub fn winners(record: &TournamentRecord, voice: Voice) -> String {
    let field = Field::of(record);
    field
        .standings(record.format)
        .iter()
        .filter(|s| s.rank == 1)
        .map(|s| seat_name(record, s.seat as u32, voice))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the list says of a tournament's progress.
pub fn status(record: &TournamentRecord, now: UnixMillis, voice: Voice) -> String {
    let entrants = record.entrants.len() as i64;
    voice.say(match record.state {
        TournamentState::Registering => Msg::TournamentStatusRegistering {
            entrants,
            within: voice.duration(std::time::Duration::from_millis(
                (record.starts_at - now).max(0) as u64,
            )),
        },
        _ => Msg::TournamentStatusRunning {
            round: record.rounds_paired.into(),
            rounds: record.rounds.into(),
            entrants,
        },
    })
}

/// The seating at the start: the highest rating first, then the earliest
/// to register.
pub fn seating(record: &TournamentRecord) -> Vec<Participant> {
    let mut entrants: Vec<_> = record.entrants.iter().collect();
    entrants.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then(a.registered_at.cmp(&b.registered_at))
    });
    entrants.into_iter().map(|e| e.who.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_written_as_players_write_them() {
        assert_eq!(half_points(0), "0");
        assert_eq!(half_points(1), "½");
        assert_eq!(half_points(5), "2½");
        assert_eq!(half_points(6), "3");
        assert_eq!(quarter_points(21), "5.25");
        assert_eq!(quarter_points(22), "5.5");
        assert_eq!(quarter_points(23), "5.75");
        assert_eq!(quarter_points(16), "4");
        assert_eq!(decimal_points(5), "2.5");
    }

    #[test]
    fn swiss_rounds_stop_short_of_repeating_a_pairing() {
        assert_eq!(rounds_to_play(TournamentFormat::Swiss, 5, 4), 3);
        assert_eq!(rounds_to_play(TournamentFormat::Swiss, 3, 6), 3);
        assert_eq!(rounds_to_play(TournamentFormat::Swiss, 3, 2), 1);
        assert_eq!(rounds_to_play(TournamentFormat::RoundRobin, 0, 5), 5);
        assert_eq!(rounds_to_play(TournamentFormat::RoundRobin, 0, 6), 5);
    }
}
