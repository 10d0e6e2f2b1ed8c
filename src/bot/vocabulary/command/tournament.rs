//! What `tournament` is asked to do, read from the words after it (typed, or
//! the slash command's one text option): list, create with its terms, or act
//! on one tournament (join, leave, start, cancel, standings, pairings, add
//! the bot). The action words read in every language the bot speaks
//! (`words::tournament_action`); the terms (`swiss`, `rounds 5`, `10+5`,
//! `start 30m`) are written alike in all of them.

use super::arg::{Arg, OptionKind, OptionShape, OptionValue};
use super::kinds::shorten;
use super::problem::{time_control_msg, Problem, SlashError};
use super::words::tournament_action;
use crate::engine::Level;
use crate::i18n::Msg;
use crate::store::{
    TimeControl, TimeControlError, TournamentFormat, TournamentId, MAX_TOURNAMENT_NAME,
};

/// The most rounds a Swiss may be asked for (the start caps it at one fewer
/// than the entrants, so that nobody must meet anyone twice).
pub const MAX_SWISS_ROUNDS: u32 = 15;
/// Rounds when a Swiss is created without saying.
pub const DEFAULT_SWISS_ROUNDS: u32 = 5;
/// The clock when a tournament is created without saying.
pub const DEFAULT_TOURNAMENT_CLOCK: TimeControl = TimeControl::Live {
    minutes: 10,
    increment_secs: 5,
};
/// How long registration stays open when a tournament is created without
/// saying.
pub const DEFAULT_START_MINUTES: u32 = 15;
/// The latest start a tournament may be created with: two weeks.
pub const MAX_START_MINUTES: u32 = 14 * 24 * 60;
/// The longest action, as the slash option allows.
const MAX_ACTION_CHARS: u16 = 200;

/// A new tournament's terms, as given; unnamed terms take the defaults above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentTerms {
    /// `None`: named after its creator.
    pub name: Option<String>,
    pub format: TournamentFormat,
    /// Swiss only: `None` means [`DEFAULT_SWISS_ROUNDS`].
    pub rounds: Option<u32>,
    pub time: TimeControl,
    pub rated: bool,
    /// Registration's length from now.
    pub starts_in_minutes: u32,
}

/// What one tournament is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentVerb {
    Join,
    Leave,
    Start,
    Cancel,
    Standings,
    Pairings,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAction {
    /// The tournaments registering or running here.
    List,
    Create(TournamentTerms),
    /// `id`: `None` means the one open here (when there is one).
    On {
        verb: TournamentVerb,
        id: Option<TournamentId>,
    },
    /// Enters the bot at `level` (`None`: the server's level).
    Bot {
        level: Option<Level>,
        id: Option<TournamentId>,
    },
}

fn refused(msg: Msg) -> Problem {
    Problem::Said(Box::new(msg))
}

fn verb(word: &str) -> Option<TournamentVerb> {
    Some(match word {
        "join" | "enter" => TournamentVerb::Join,
        "leave" | "withdraw" => TournamentVerb::Leave,
        "start" => TournamentVerb::Start,
        "cancel" => TournamentVerb::Cancel,
        "standings" | "table" | "results" => TournamentVerb::Standings,
        "pairings" | "round" => TournamentVerb::Pairings,
        _ => return None,
    })
}

/// `12`, `#12` or `t12`.
pub fn parse_tournament_id(word: &str) -> Option<TournamentId> {
    let digits = word.trim_start_matches(['#', 't', 'T']);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .map(TournamentId)
}

/// The one word an action on a tournament may take: its id.
fn read_id(words: &[&str]) -> Result<Option<TournamentId>, Problem> {
    match words {
        [] => Ok(None),
        [word] => parse_tournament_id(word).map(Some).ok_or_else(|| {
            refused(Msg::TournamentBadId {
                given: shorten(word),
            })
        }),
        [_, extra, ..] => Err(Problem::TakesNothing {
            word: shorten(extra),
        }),
    }
}

/// Minutes from `30m`, `2h`, `1d`, `45` (minutes), `90min`.
fn parse_minutes(word: &str) -> Option<u32> {
    let lower = word.to_ascii_lowercase();
    let split = lower
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(lower.len());
    let (digits, unit) = lower.split_at(split);
    let count: u32 = digits.parse().ok()?;
    let per = match unit {
        "" | "m" | "min" | "mins" | "minute" | "minutes" => 1,
        "h" | "hour" | "hours" => 60,
        "d" | "day" | "days" => 24 * 60,
        _ => return None,
    };
    count.checked_mul(per)
}

fn format_word(word: &str) -> Option<TournamentFormat> {
    match word {
        "swiss" => Some(TournamentFormat::Swiss),
        "roundrobin" | "round-robin" | "rr" | "robin" | "allplay" => {
            Some(TournamentFormat::RoundRobin)
        }
        _ => None,
    }
}

fn rounds_number(word: &str) -> Result<u32, Problem> {
    word.parse::<u32>()
        .ok()
        .filter(|r| (1..=MAX_SWISS_ROUNDS).contains(r))
        .ok_or_else(|| {
            refused(Msg::TournamentBadRounds {
                given: shorten(word),
                max: MAX_SWISS_ROUNDS.into(),
            })
        })
}

/// The terms after `create`: the format, `rounds 5` (or `5r`, `5 rounds`), a
/// clock, `rated` or `casual`, `start 30m` (or `in 30m`); every other word
/// belongs to the name, as do words in quotes.
fn read_terms(words: &[&str]) -> Result<TournamentTerms, Problem> {
    let mut terms = TournamentTerms {
        name: None,
        format: TournamentFormat::Swiss,
        rounds: None,
        time: DEFAULT_TOURNAMENT_CLOCK,
        rated: true,
        starts_in_minutes: DEFAULT_START_MINUTES,
    };
    let mut name: Vec<&str> = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let word = words[at];
        let lower = word.to_lowercase();
        let next = words.get(at + 1).copied();
        let next_is_rounds = next.is_some_and(|n| matches!(n, "rounds" | "round"));
        at += 1;
        if let Some(opened) = word.strip_prefix(['"', '“']) {
            // A quoted name is the name whatever its words: "Friday Swiss".
            let mut quoted = vec![opened];
            let mut closed = opened.ends_with(['"', '”']) && !opened.is_empty();
            while !closed && at < words.len() {
                quoted.push(words[at]);
                closed = words[at].ends_with(['"', '”']);
                at += 1;
            }
            name.extend(
                quoted
                    .into_iter()
                    .map(|w| w.trim_matches(['"', '“', '”']))
                    .filter(|w| !w.is_empty()),
            );
        } else if let Some(format) = format_word(&lower) {
            terms.format = format;
        } else if matches!(lower.as_str(), "rounds" | "round") {
            let Some(count) = next else {
                return Err(refused(Msg::TournamentBadRounds {
                    given: shorten(word),
                    max: MAX_SWISS_ROUNDS.into(),
                }));
            };
            terms.rounds = Some(rounds_number(count)?);
            at += 1;
        } else if let Some(count) = lower.strip_suffix('r').filter(|c| c.parse::<u32>().is_ok()) {
            terms.rounds = Some(rounds_number(count)?);
        } else if next_is_rounds && lower.parse::<u32>().is_ok() {
            terms.rounds = Some(rounds_number(&lower)?);
            at += 1;
        } else if matches!(lower.as_str(), "start" | "starts" | "in") {
            let minutes = next
                .and_then(parse_minutes)
                .filter(|m| (1..=MAX_START_MINUTES).contains(m));
            match minutes {
                Some(minutes) => terms.starts_in_minutes = minutes,
                None => {
                    return Err(refused(Msg::TournamentBadStart {
                        given: shorten(next.unwrap_or(word)),
                    }))
                }
            }
            at += 1;
        } else if matches!(lower.as_str(), "rated") {
            terms.rated = true;
        } else if matches!(lower.as_str(), "casual" | "unrated") {
            terms.rated = false;
        } else {
            match TimeControl::parse(word) {
                Ok(TimeControl::Untimed) => return Err(refused(Msg::TournamentUntimed)),
                Ok(time) => terms.time = time,
                Err(TimeControlError::Unreadable) => name.push(word),
                Err(error) => return Err(refused(time_control_msg(shorten(word), &error))),
            }
        }
    }
    if terms.format == TournamentFormat::RoundRobin && terms.rounds.is_some() {
        return Err(refused(Msg::TournamentRoundsForRoundRobin));
    }
    if !name.is_empty() {
        let joined = name.join(" ");
        let joined = joined.trim_matches(|c| matches!(c, '"' | '“' | '”' | '\''));
        if joined.chars().count() > MAX_TOURNAMENT_NAME {
            return Err(refused(Msg::TournamentNameTooLong {
                max: MAX_TOURNAMENT_NAME as i64,
            }));
        }
        if !joined.trim().is_empty() {
            terms.name = Some(joined.trim().to_owned());
        }
    }
    Ok(terms)
}

impl TournamentAction {
    /// The action the words name; what cannot be read says why.
    pub fn read<S: AsRef<str>>(words: &[S]) -> Result<TournamentAction, Problem> {
        let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
        let Some(first) = words.first() else {
            return Ok(TournamentAction::List);
        };
        let first = first.to_lowercase();
        let first = tournament_action(&first).unwrap_or(&first);
        let rest = &words[1..];
        match first {
            "list" | "all" => match rest.first() {
                None => Ok(TournamentAction::List),
                Some(extra) => Err(Problem::TakesNothing {
                    word: shorten(extra),
                }),
            },
            "create" | "new" => read_terms(rest).map(TournamentAction::Create),
            "bot" => {
                let level = rest.first().and_then(|_| Level::read_words(&rest[..1]));
                let (level, rest) = match level {
                    Some(Ok((level, _))) => (Some(level), &rest[1..]),
                    _ => (None, rest),
                };
                let id = read_id(rest)?;
                Ok(TournamentAction::Bot { level, id })
            }
            word => match verb(word) {
                Some(verb) => Ok(TournamentAction::On {
                    verb,
                    id: read_id(rest)?,
                }),
                None => Err(refused(Msg::TournamentUnknownAction {
                    word: shorten(words[0]),
                })),
            },
        }
    }
}

impl Arg for TournamentAction {
    const TAKES_REST: bool = true;

    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        Some(TournamentAction::read(words).map(|action| (action, words.len())))
    }
    fn not_this(word: String) -> Problem {
        Problem::TakesNothing { word }
    }
    fn twice(word: String) -> Problem {
        Problem::TakesNothing { word }
    }
    fn what() -> Msg {
        Msg::WhatTournamentAction
    }
    fn placeholder(_: bool) -> String {
        "[create|join|leave|…]".into()
    }
    fn option_shape() -> OptionShape {
        OptionShape {
            max_length: Some(MAX_ACTION_CHARS),
            ..OptionShape::of(OptionKind::Text)
        }
    }
    fn read_option(value: &OptionValue, _: &str) -> Result<Option<Self>, SlashError> {
        let text = value.as_text().unwrap_or_default();
        let words: Vec<&str> = text.split_whitespace().collect();
        TournamentAction::read(&words)
            .map(Some)
            .map_err(|problem| SlashError::Said(problem.msg()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn read(text: &str) -> Result<TournamentAction, Problem> {
        TournamentAction::read(&text.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn terms_read_in_any_order_and_the_rest_is_the_name() {
        let Ok(TournamentAction::Create(terms)) =
            read("create \"Friday Swiss\" Blitz swiss rounds 4 3+2 casual start 2h")
        else {
            panic!("not read");
        };
        assert_eq!(terms.name.as_deref(), Some("Friday Swiss Blitz"));
        assert_eq!(terms.format, TournamentFormat::Swiss);
        assert_eq!(terms.rounds, Some(4));
        assert_eq!(
            terms.time,
            TimeControl::Live {
                minutes: 3,
                increment_secs: 2
            }
        );
        assert!(!terms.rated);
        assert_eq!(terms.starts_in_minutes, 120);
        let Ok(TournamentAction::Create(terms)) = read("new rr 3d in 1d") else {
            panic!("not read");
        };
        assert_eq!(terms.format, TournamentFormat::RoundRobin);
        assert_eq!(terms.time, TimeControl::Correspondence { days: 3 });
        assert_eq!(terms.starts_in_minutes, 24 * 60);
        assert_eq!(terms.name, None);
        let Ok(TournamentAction::Create(terms)) = read("create 7r") else {
            panic!("not read");
        };
        assert_eq!(terms.rounds, Some(7));
    }

    #[test]
    fn wrong_terms_say_what_is_wrong() {
        let said = |text: &str| match read(text) {
            Err(Problem::Said(msg)) => msg.id(),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(said("create rounds 40"), "tournament-bad-rounds");
        assert_eq!(said("create rounds"), "tournament-bad-rounds");
        assert_eq!(said("create none"), "tournament-untimed");
        assert_eq!(said("create 500+0"), "bad-time-control");
        assert_eq!(said("create start soon"), "tournament-bad-start");
        assert_eq!(said("create start 20d"), "tournament-bad-start");
        assert_eq!(
            said("create rr rounds 3"),
            "tournament-rounds-for-round-robin"
        );
        assert_eq!(
            said(&format!("create {}", "x".repeat(81))),
            "tournament-name-too-long"
        );
        assert_eq!(said("dance"), "tournament-unknown-action");
        assert_eq!(said("join soon"), "tournament-bad-id");
        assert!(matches!(
            read("join 3 4"),
            Err(Problem::TakesNothing { .. })
        ));
    }

    #[test]
    fn actions_name_their_tournament_or_none() {
        assert_eq!(read(""), Ok(TournamentAction::List));
        assert_eq!(
            read("join #12"),
            Ok(TournamentAction::On {
                verb: TournamentVerb::Join,
                id: Some(TournamentId(12))
            })
        );
        assert_eq!(
            read("Standings"),
            Ok(TournamentAction::On {
                verb: TournamentVerb::Standings,
                id: None
            })
        );
        assert_eq!(
            read("bot 5 t3"),
            Ok(TournamentAction::Bot {
                level: Level::new(5).ok(),
                id: Some(TournamentId(3))
            })
        );
        assert_eq!(
            read("加入 3"),
            Ok(TournamentAction::On {
                verb: TournamentVerb::Join,
                id: Some(TournamentId(3))
            })
        );
        assert_eq!(
            read("bot"),
            Ok(TournamentAction::Bot {
                level: None,
                id: None
            })
        );
    }

    proptest! {
        #[test]
        fn no_words_panic(words in proptest::collection::vec("\\PC{1,12}", 0..6)) {
            let _ = TournamentAction::read(&words);
        }
    }
}
