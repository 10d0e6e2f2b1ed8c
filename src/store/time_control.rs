//! Time controls and the clocks they run, as pure arithmetic on the store's
//! milliseconds: what a move, a takeback or an outage does to a game's
//! clocks, and when the flag of the side to move falls. The store keeps
//! the result in the game's row, in the same transaction as the move, so
//! that every process and every restart reads the same clocks.
//!
//! A live game's clocks start once each side has moved (from the second
//! ply on), as on Lichess: a player who sits down late loses no time. The
//! correspondence clock runs from the game's start: each move has its
//! days.

use std::fmt;

use crate::rules::Color;

use super::clock::UnixMillis;

const SECOND_MS: i64 = 1000;
const MINUTE_MS: i64 = 60 * SECOND_MS;
const DAY_MS: i64 = 24 * 3600 * SECOND_MS;

/// The longest live game's starting time, in minutes.
pub const MAX_LIVE_MINUTES: u32 = 180;
/// The largest live increment, in seconds.
pub const MAX_INCREMENT_SECS: u32 = 60;
/// The days a correspondence move may be given.
pub const CORRESPONDENCE_DAYS: [u32; 6] = [1, 2, 3, 5, 7, 14];

/// How a game is timed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No clock: only the idle limit ends a game nobody moves in.
    #[default]
    Untimed,
    /// `minutes` for the game, and `increment_secs` added after each move
    /// (Fischer).
    Live { minutes: u32, increment_secs: u32 },
    /// `days` for each move; what is left of one move's days is not kept.
    Correspondence { days: u32 },
}

/// Why a time control's text was refused: said to the user as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// Not of the form `10+5`, `3d` or `none`.
    Unreadable,
    /// Minutes outside 1 to [`MAX_LIVE_MINUTES`].
    Minutes(u32),
    /// An increment over [`MAX_INCREMENT_SECS`].
    Increment(u32),
    /// Days not among [`CORRESPONDENCE_DAYS`].
    Days(u32),
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::Unreadable => {
                write!(f, "not a time control (like 10+5, 3d or none)")
            }
            TimeControlError::Minutes(m) => {
                write!(f, "{m} minutes is outside 1 to {MAX_LIVE_MINUTES}")
            }
            TimeControlError::Increment(s) => {
                write!(f, "an increment of {s} s is over {MAX_INCREMENT_SECS} s")
            }
            TimeControlError::Days(d) => write!(f, "{d} days is not one of 1, 2, 3, 5, 7, 14"),
        }
    }
}

impl std::error::Error for TimeControlError {}

impl TimeControl {
    /// Reads `10+5` (minutes + seconds), `3d` or `3days` (days per move),
    /// and `none` or `untimed`; the same form as the stored column.
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim().to_ascii_lowercase();
        if matches!(text.as_str(), "none" | "untimed" | "-") {
            return Ok(TimeControl::Untimed);
        }
        let number = |digits: &str| -> Result<u32, TimeControlError> {
            if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(TimeControlError::Unreadable);
            }
            digits.parse().map_err(|_| TimeControlError::Unreadable)
        };
        if let Some((minutes, increment)) = text.split_once('+') {
            let (minutes, increment_secs) = (number(minutes)?, number(increment)?);
            if !(1..=MAX_LIVE_MINUTES).contains(&minutes) {
                return Err(TimeControlError::Minutes(minutes));
            }
            if increment_secs > MAX_INCREMENT_SECS {
                return Err(TimeControlError::Increment(increment_secs));
            }
            return Ok(TimeControl::Live {
                minutes,
                increment_secs,
            });
        }
        let days = text
            .strip_suffix("days")
            .or_else(|| text.strip_suffix("day"))
            .or_else(|| text.strip_suffix('d'))
            .ok_or(TimeControlError::Unreadable)?;
        let days = number(days)?;
        if !CORRESPONDENCE_DAYS.contains(&days) {
            return Err(TimeControlError::Days(days));
        }
        Ok(TimeControl::Correspondence { days })
    }

    /// A move's days in milliseconds (correspondence only).
    pub fn move_ms(self) -> Option<i64> {
        match self {
            TimeControl::Correspondence { days } => Some(i64::from(days) * DAY_MS),
            _ => None,
        }
    }

    /// The clocks of a game starting at `now` under this control.
    pub fn start(self, now: UnixMillis) -> Clocks {
        match self {
            TimeControl::Untimed => Clocks::default(),
            TimeControl::Live { minutes, .. } => {
                let initial = i64::from(minutes) * MINUTE_MS;
                Clocks {
                    red_ms: Some(initial),
                    black_ms: Some(initial),
                    deadline: None,
                }
            }
            TimeControl::Correspondence { .. } => Clocks {
                deadline: move_deadline(self, now),
                ..Clocks::default()
            },
        }
    }

    fn increment_ms(self) -> i64 {
        match self {
            TimeControl::Live { increment_secs, .. } => i64::from(increment_secs) * SECOND_MS,
            _ => 0,
        }
    }
}

/// When a correspondence move begun at `now` is due.
fn move_deadline(control: TimeControl, now: UnixMillis) -> Option<UnixMillis> {
    control.move_ms().map(|ms| now.saturating_add(ms))
}

impl fmt::Display for TimeControl {
    /// The stored column's form, which [`TimeControl::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Untimed => f.write_str("none"),
            TimeControl::Live {
                minutes,
                increment_secs,
            } => write!(f, "{minutes}+{increment_secs}"),
            TimeControl::Correspondence { days } => write!(f, "{days}d"),
        }
    }
}

/// A game's clocks as stored. For a live game, each side's time left as
/// of its last move (for the side to move: as of its turn's start), and
/// the moment the side to move's flag falls, once the clocks run. For a
/// correspondence game, only that moment. For an untimed game, nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    pub red_ms: Option<i64>,
    pub black_ms: Option<i64>,
    pub deadline: Option<UnixMillis>,
}

/// A move that came at or after its side's deadline: the flag fell first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagFell;

impl Clocks {
    fn stored(&self, color: Color) -> Option<i64> {
        match color {
            Color::Red => self.red_ms,
            Color::Black => self.black_ms,
        }
    }

    fn set(&mut self, color: Color, ms: i64) {
        match color {
            Color::Red => self.red_ms = Some(ms),
            Color::Black => self.black_ms = Some(ms),
        }
    }

    /// Whether the side to move's flag has fallen at `now`.
    pub fn flag_fallen(&self, now: UnixMillis) -> bool {
        self.deadline.is_some_and(|deadline| now >= deadline)
    }

    /// The clocks after `mover` moved at `now`, making the game's ply
    /// `ply_after`: the mover's time stops (with the increment added) and
    /// the other side's starts, or the correspondence clock restarts.
    pub fn after_move(
        self,
        control: TimeControl,
        mover: Color,
        ply_after: u32,
        now: UnixMillis,
    ) -> Result<Clocks, FlagFell> {
        if self.flag_fallen(now) {
            return Err(FlagFell);
        }
        let mut next = self;
        match control {
            TimeControl::Untimed => {}
            TimeControl::Live { .. } => {
                if let Some(deadline) = self.deadline {
                    next.set(mover, deadline - now + control.increment_ms());
                }
                next.deadline = self.running_from(mover.opponent(), ply_after, now);
            }
            TimeControl::Correspondence { .. } => next.deadline = move_deadline(control, now),
        }
        Ok(next)
    }

    /// The clocks after a takeback at `now` that handed the move from
    /// `was_to_move` to `now_to_move`, leaving the game at `ply_after`:
    /// the time the interrupted turn used is kept, and the new turn's
    /// clock starts.
    pub fn after_takeback(
        self,
        control: TimeControl,
        was_to_move: Color,
        now_to_move: Color,
        ply_after: u32,
        now: UnixMillis,
    ) -> Clocks {
        let mut next = self;
        match control {
            TimeControl::Untimed => {}
            TimeControl::Live { .. } => {
                if let Some(deadline) = self.deadline {
                    next.set(was_to_move, (deadline - now).max(0));
                }
                next.deadline = next.running_from(now_to_move, ply_after, now);
            }
            TimeControl::Correspondence { .. } => next.deadline = move_deadline(control, now),
        }
        next
    }

    /// The clocks of a game that ended at `now` with `to_move` to move:
    /// that side keeps the time it had left, and no deadline runs in a
    /// game that is over.
    pub fn stopped(self, to_move: Color, now: UnixMillis) -> Clocks {
        let mut stopped = self;
        if let (Some(deadline), Some(_)) = (self.deadline, self.stored(to_move)) {
            stopped.set(to_move, (deadline - now).max(0));
        }
        stopped.deadline = None;
        stopped
    }

    /// When `side`'s flag falls if its clock starts at `now` with the game
    /// at `ply`: `None` before both sides have moved.
    fn running_from(&self, side: Color, ply: u32, now: UnixMillis) -> Option<UnixMillis> {
        if ply < 2 {
            return None;
        }
        Some(now.saturating_add(self.stored(side)?))
    }

    /// `color`'s time left at `now`, `to_move` being the side to move:
    /// live, the clock (running for the side to move); correspondence, the
    /// side to move's time for its move. `None` where no clock shows.
    pub fn left(&self, color: Color, to_move: Color, now: UnixMillis) -> Option<i64> {
        match (color == to_move, self.deadline) {
            (true, Some(deadline)) => Some((deadline - now).max(0)),
            _ => self.stored(color),
        }
    }

    /// Whether `color`'s clock is running (it is to move and the clocks
    /// have started).
    pub fn running(&self, color: Color, to_move: Color) -> bool {
        color == to_move && self.deadline.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: UnixMillis = 1_000_000;

    #[test]
    fn reads_the_forms_players_type_and_says_what_is_wrong() {
        assert_eq!(
            TimeControl::parse("10+5"),
            Ok(TimeControl::Live {
                minutes: 10,
                increment_secs: 5
            })
        );
        assert_eq!(
            TimeControl::parse("3D"),
            Ok(TimeControl::Correspondence { days: 3 })
        );
        assert_eq!(
            TimeControl::parse("14days"),
            Ok(TimeControl::Correspondence { days: 14 })
        );
        assert_eq!(TimeControl::parse("none"), Ok(TimeControl::Untimed));
        assert_eq!(TimeControl::parse("0+5"), Err(TimeControlError::Minutes(0)));
        assert_eq!(
            TimeControl::parse("5+61"),
            Err(TimeControlError::Increment(61))
        );
        assert_eq!(TimeControl::parse("4d"), Err(TimeControlError::Days(4)));
        for bad in [
            "",
            "+",
            "10+",
            "+5",
            "1e3+0",
            "99999999+0",
            "-1+0",
            "3 d x",
            "ten",
        ] {
            assert_eq!(
                TimeControl::parse(bad),
                Err(TimeControlError::Unreadable),
                "{bad:?}"
            );
        }
        for control in [
            TimeControl::Untimed,
            TimeControl::Live {
                minutes: 3,
                increment_secs: 2,
            },
            TimeControl::Correspondence { days: 7 },
        ] {
            assert_eq!(TimeControl::parse(&control.to_string()), Ok(control));
        }
    }

    #[test]
    fn live_clocks_start_after_both_first_moves_and_add_the_increment() {
        let control = TimeControl::parse("1+2").unwrap();
        let clocks = control.start(T0);
        assert_eq!(clocks.deadline, None);
        // Red's first move after 30 s: no clock ran, none starts yet.
        let clocks = clocks
            .after_move(control, Color::Red, 1, T0 + 30_000)
            .unwrap();
        assert_eq!((clocks.red_ms, clocks.deadline), (Some(60_000), None));
        // Black's first move: Red's clock starts.
        let clocks = clocks
            .after_move(control, Color::Black, 2, T0 + 40_000)
            .unwrap();
        assert_eq!(clocks.deadline, Some(T0 + 100_000));
        // Red spends 10 s and gets 2 back.
        let clocks = clocks
            .after_move(control, Color::Red, 3, T0 + 50_000)
            .unwrap();
        assert_eq!(clocks.red_ms, Some(52_000));
        assert_eq!(clocks.deadline, Some(T0 + 50_000 + 60_000));
        assert_eq!(
            clocks.left(Color::Black, Color::Black, T0 + 80_000),
            Some(30_000)
        );
        assert_eq!(
            clocks.left(Color::Red, Color::Black, T0 + 80_000),
            Some(52_000)
        );
        // Black moves at its deadline: too late.
        assert_eq!(
            clocks.after_move(control, Color::Black, 4, T0 + 110_000),
            Err(FlagFell)
        );
        assert!(clocks.flag_fallen(T0 + 110_000));
        assert!(!clocks.flag_fallen(T0 + 109_999));
    }

    #[test]
    fn a_takeback_keeps_the_time_spent_and_restarts_the_other_clock() {
        let control = TimeControl::parse("5+0").unwrap();
        let clocks = Clocks {
            red_ms: Some(200_000),
            black_ms: Some(250_000),
            deadline: Some(T0 + 250_000),
        };
        // Black was to move with 250 s; 50 s later Red's move is taken back.
        let back = clocks.after_takeback(control, Color::Black, Color::Red, 3, T0 + 50_000);
        assert_eq!(back.black_ms, Some(200_000));
        assert_eq!(back.deadline, Some(T0 + 50_000 + 200_000));
        let to_start = clocks.after_takeback(control, Color::Black, Color::Red, 1, T0 + 50_000);
        assert_eq!(
            to_start.deadline, None,
            "before both first moves no clock runs"
        );
    }

    #[test]
    fn a_correspondence_move_gets_its_days_afresh() {
        let control = TimeControl::Correspondence { days: 2 };
        let clocks = control.start(T0);
        assert_eq!(clocks.deadline, Some(T0 + 2 * DAY_MS));
        let clocks = clocks
            .after_move(control, Color::Red, 1, T0 + DAY_MS)
            .unwrap();
        assert_eq!(clocks.deadline, Some(T0 + 3 * DAY_MS));
        assert_eq!(
            clocks.left(Color::Black, Color::Black, T0 + DAY_MS),
            Some(2 * DAY_MS)
        );
        assert_eq!(clocks.left(Color::Red, Color::Black, T0 + DAY_MS), None);
    }
}
