//! Every kind of argument a command takes, each with its one [`Arg`] impl:
//! how its words are read in chat, how its slash option looks and is read
//! back, and what is said when it is wrong or missing.
//!
//! | kind | typed | slash option |
//! | --- | --- | --- |
//! | [`ColorChoice`] | `red`, `black`, `random` (`r`, `b`, `any`, …) | text, three choices |
//! | [`Level`] | `5`, `l5`, `level 5` | integer, a choice per level with its rating |
//! | [`TimeControl`] | `10+5`, `3d`, `none` | text, suggested controls |
//! | [`TimeClass`] | `live`, `correspondence` (`corr`, `daily`) | text, two choices |
//! | [`Rated`] | `rated`, `casual` (`unrated`, `rated:false`) | boolean `rated` |
//! | [`Actor`] | `<@123>`, `@name`, `name` | user |
//! | [`Opponent`] | a user as [`Actor`], or a role `<@&123>` | mentionable |
//! | [`GameId`] | `12`, `#12` | integer ≥ 1 |
//! | [`Page`] | `2` | integer ≥ 1 |
//! | [`MoveText`] | the rest of the line, spaces forgiven | text, suggested as typed |
//! | [`PieceStyle`], [`Theme`] | `chinese`, `international`; `wood`, `contrast` | text, choices |
//! | [`Setting`] | `language`, `server level` | text, a choice per setting |
//! | [`SettingValue`] | the rest of the line | text |
//! | [`PuzzleAction`] | the rest of the line (`hint`, `top 2`, a move) | text |

use super::arg::{Arg, ChoiceValue, OptionChoice, OptionKind, OptionShape, OptionValue};
use super::problem::{time_control_msg, Problem, SlashError};
use super::words::puzzle_action;
use crate::bot::vocabulary::markup::in_code;
use crate::bot::vocabulary::request::Actor;
use crate::bot::vocabulary::settings::{find_typed, typed_name, Setting, SETTINGS};
use crate::engine::Level;
use crate::i18n::Msg;
use crate::render::{PieceStyle, Theme};
use crate::store::{ColorChoice, GameId, Rating, TimeClass, TimeControl, TimeControlError};

/// A user's word echoed back in an error (always inside a code span), cut so
/// that a pasted essay is not.
pub fn shorten(word: &str) -> String {
    const MAX_CHARS: usize = 24;
    let word = in_code(word);
    if word.chars().count() <= MAX_CHARS {
        word
    } else {
        let mut cut: String = word.chars().take(MAX_CHARS).collect();
        cut.push('…');
        cut
    }
}

/// `a|b`: the words of a usage line's choice.
fn names(words: &[&str]) -> String {
    words.join("|")
}

fn optional(text: &str) -> String {
    format!("[{text}]")
}

/// A choice's option names for `values`, each named by `name`.
fn text_choices<'a>(
    values: impl IntoIterator<Item = &'a str>,
    name: impl Fn(&str) -> Msg,
) -> Vec<OptionChoice> {
    values
        .into_iter()
        .map(|value| OptionChoice {
            name: name(value),
            value: ChoiceValue::Text(value.to_owned()),
        })
        .collect()
}

/// An option whose value is none of its choices.
fn bad_choice(option: &str, choices: &[&str]) -> SlashError {
    SlashError::Said(Msg::SlashBadChoice {
        option: option.into(),
        choices: choices.join(", "),
    })
}

/// The colour choice a word names, with the chat's short forms.
fn color_choice(word: &str) -> Option<ColorChoice> {
    match word {
        "red" | "r" | "w" | "white" => Some(ColorChoice::Red),
        "black" | "b" => Some(ColorChoice::Black),
        "random" | "any" | "?" => Some(ColorChoice::Random),
        _ => None,
    }
}

impl Arg for ColorChoice {
    const CLOSED_WORDS: bool = true;

    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        color_choice(&words[0].to_lowercase()).map(|choice| Ok((choice, 1)))
    }
    fn not_this(word: String) -> Problem {
        Problem::NotSide { word }
    }
    fn twice(_: String) -> Problem {
        Problem::SideTwice
    }
    fn what() -> Msg {
        Msg::WhatSide
    }
    fn placeholder(_: bool) -> String {
        optional("red|black|random")
    }
    fn option_shape() -> OptionShape {
        let mut shape = OptionShape::of(OptionKind::Text);
        shape.choices = [
            (Msg::ChoiceRed, "red"),
            (Msg::ChoiceBlack, "black"),
            (Msg::ChoiceRandom, "random"),
        ]
        .into_iter()
        .map(|(name, value)| OptionChoice {
            name,
            value: ChoiceValue::Text(value.into()),
        })
        .collect();
        shape
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        match value.as_text() {
            Some("red") => Ok(Some(ColorChoice::Red)),
            Some("black") => Ok(Some(ColorChoice::Black)),
            Some("random") => Ok(Some(ColorChoice::Random)),
            _ => Err(SlashError::Said(Msg::SlashBadSide {
                option: option.into(),
            })),
        }
    }
}

/// A level typed as a number, within the levels there are.
fn parse_level(text: &str) -> Option<Level> {
    let level: u8 = text.parse().ok()?;
    Level::new(i64::from(level)).ok()
}

impl Arg for Level {
    const CLOSED_WORDS: bool = true;

    /// `5`, `l5`, `lvl5`, `level5`, or `level 5` (two words).
    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        let lower = words[0].to_lowercase();
        let (number, used) = match lower.as_str() {
            "level" | "lvl" | "l" => match words.get(1) {
                Some(&n) => (n.to_owned(), 2),
                None => return Some(Err(Problem::LevelNeedsNumber)),
            },
            _ => {
                let digits = lower
                    .strip_prefix("level")
                    .or_else(|| lower.strip_prefix("lvl"))
                    .or_else(|| lower.strip_prefix('l'))
                    .filter(|rest| !rest.is_empty());
                (digits.unwrap_or(&lower).to_owned(), 1)
            }
        };
        parse_level(&number).map(|level| Ok((level, used)))
    }
    fn not_this(word: String) -> Problem {
        Problem::NotLevel { word }
    }
    fn twice(_: String) -> Problem {
        Problem::LevelTwice
    }
    fn what() -> Msg {
        Msg::WhatLevel
    }
    fn placeholder(_: bool) -> String {
        optional(&format!(
            "level {}-{}",
            Level::MIN.number(),
            Level::MAX.number()
        ))
    }
    /// Each level with the rating it plays at, so that a player can pick
    /// one among the twenty by their own rating.
    fn option_shape() -> OptionShape {
        let mut shape = OptionShape::of(OptionKind::Integer);
        shape.choices = Level::all()
            .map(|level| {
                let value = level.number();
                let rating = Rating::bot(level).rating.round() as i64;
                let number = i64::from(value);
                let name = if level == Level::MIN {
                    Msg::ChoiceLevelEasiest {
                        level: number,
                        rating,
                    }
                } else if level == Level::MAX {
                    Msg::ChoiceLevelStrongest {
                        level: number,
                        rating,
                    }
                } else {
                    Msg::ChoiceLevel {
                        level: number,
                        rating,
                    }
                };
                OptionChoice {
                    name,
                    value: ChoiceValue::Integer(number),
                }
            })
            .collect();
        shape
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        value
            .as_integer()
            .and_then(|n| Level::new(n).ok())
            .map(Some)
            .ok_or_else(|| {
                SlashError::Said(Msg::SlashBadLevel {
                    option: option.into(),
                    min: Level::MIN.number().into(),
                    max: Level::MAX.number().into(),
                })
            })
    }
}

/// What is wrong with a time control that looks like one (`0+5`, `4d`).
fn time_control_problem(word: &str, error: TimeControlError) -> Problem {
    Problem::BadTimeControl {
        word: shorten(word),
        error,
    }
}

impl Arg for TimeControl {
    const CLOSED_WORDS: bool = true;

    /// `10+5`, `3d` (`3days`), `none`: a word with a `+`, or digits before
    /// `d`, is read as one and refused when out of range; any other word
    /// is left to the other arguments.
    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        match TimeControl::parse(words[0]) {
            Ok(control) => Some(Ok((control, 1))),
            Err(TimeControlError::Unreadable) => None,
            Err(error) => Some(Err(time_control_problem(words[0], error))),
        }
    }
    fn not_this(word: String) -> Problem {
        Problem::BadTimeControl {
            word,
            error: TimeControlError::Unreadable,
        }
    }
    fn twice(_: String) -> Problem {
        Problem::TimeControlTwice
    }
    fn what() -> Msg {
        Msg::WhatTimeControl
    }
    fn placeholder(_: bool) -> String {
        optional("10+5|3d|none")
    }
    /// Free text: Discord's choices would forbid every control not listed,
    /// so the option's description names the common ones instead.
    fn option_shape() -> OptionShape {
        let mut shape = OptionShape::of(OptionKind::Text);
        shape.max_length = Some(12);
        shape
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        let text = value.as_text().unwrap_or_default();
        TimeControl::parse(text).map(Some).map_err(|error| {
            SlashError::Said(time_control_msg(
                format!("{option}: {}", shorten(text)),
                &error,
            ))
        })
    }
}

/// The class of clock a word names.
fn time_class(word: &str) -> Option<TimeClass> {
    match word {
        "live" => Some(TimeClass::Live),
        "correspondence" | "corr" | "daily" => Some(TimeClass::Correspondence),
        _ => None,
    }
}

impl Arg for TimeClass {
    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        time_class(&words[0].to_lowercase()).map(|class| Ok((class, 1)))
    }
    fn not_this(word: String) -> Problem {
        Problem::NotTimeClass { word }
    }
    fn twice(_: String) -> Problem {
        Problem::TimeClassTwice
    }
    fn what() -> Msg {
        Msg::WhatTimeClass
    }
    fn placeholder(_: bool) -> String {
        optional("live|correspondence")
    }
    fn option_shape() -> OptionShape {
        let mut shape = OptionShape::of(OptionKind::Text);
        shape.choices = text_choices(["live", "correspondence"], |value| match value {
            "live" => Msg::ChoiceLive,
            _ => Msg::ChoiceCorrespondence,
        });
        shape
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        value
            .as_text()
            .and_then(time_class)
            .map(Some)
            .ok_or_else(|| bad_choice(option, &["live", "correspondence"]))
    }
}

/// Whether a game to be started is rated: a casual one changes nobody's
/// rating. Games are rated unless `casual` is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rated(pub bool);

impl Default for Rated {
    fn default() -> Rated {
        Rated(true)
    }
}

/// Whether a typed word asks for a rated or a casual game; `rated:false`
/// is how Discord's own picker writes the slash option, which people copy.
fn rated_word(word: &str) -> Option<Rated> {
    match word {
        "rated" | "rated:true" | "rated=true" => Some(Rated(true)),
        "casual" | "unrated" | "friendly" | "rated:false" | "rated=false" => Some(Rated(false)),
        _ => None,
    }
}

impl Arg for Rated {
    const CLOSED_WORDS: bool = true;

    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        rated_word(&words[0].to_lowercase()).map(|rated| Ok((rated, 1)))
    }
    fn not_this(word: String) -> Problem {
        Problem::NotRated { word }
    }
    fn twice(_: String) -> Problem {
        Problem::RatedTwice
    }
    fn what() -> Msg {
        Msg::WhatRated
    }
    fn placeholder(_: bool) -> String {
        optional("rated|casual")
    }
    fn option_shape() -> OptionShape {
        OptionShape::of(OptionKind::Boolean)
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        value
            .as_bool()
            .map(|rated| Some(Rated(rated)))
            .ok_or_else(|| bad_choice(option, &["true", "false"]))
    }
}

/// Reads a user: a Discord mention `<@123>` / `<@!123>` (id only; the name is
/// the mention itself, which Discord shows as the user's name), or a plain name
/// with an optional `@` (the console's users are their names).
pub fn parse_user(text: &str) -> Option<Actor> {
    if let Some(inner) = text.strip_prefix("<@").and_then(|t| t.strip_suffix('>')) {
        let id = inner.strip_prefix('!').unwrap_or(inner);
        if !id.is_empty() && id.len() <= 20 && id.bytes().all(|b| b.is_ascii_digit()) {
            return Some(Actor {
                id: id.to_string(),
                name: format!("<@{id}>"),
            });
        }
        return None;
    }
    let name = text.strip_prefix('@').unwrap_or(text);
    let valid = !name.is_empty()
        && name.chars().count() <= 32
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    valid.then(|| Actor {
        id: name.to_string(),
        name: name.to_string(),
    })
}

impl Arg for Actor {
    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        let word = words[0];
        match parse_user(word) {
            Some(actor) => Some(Ok((actor, 1))),
            // Shaped like a mention, but not one.
            None if word.starts_with("<@") => Some(Err(Problem::NotUser {
                word: shorten(word),
            })),
            None => None,
        }
    }
    fn plainly(word: &str) -> bool {
        (word.starts_with('@') || word.starts_with("<@")) && parse_user(word).is_some()
    }
    fn not_this(word: String) -> Problem {
        Problem::NotUser { word }
    }
    fn twice(_: String) -> Problem {
        Problem::OneUserAtMost
    }
    fn what() -> Msg {
        Msg::WhatUser
    }
    fn placeholder(required: bool) -> String {
        if required {
            "@user".into()
        } else {
            optional("@user")
        }
    }
    fn option_shape() -> OptionShape {
        OptionShape::of(OptionKind::User)
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        match value {
            OptionValue::User(actor) => Ok(Some(actor.clone())),
            _ => Err(SlashError::Said(Msg::SlashBadUser {
                option: option.into(),
            })),
        }
    }
    fn actor_mut(&mut self) -> Option<&mut Actor> {
        Some(self)
    }
}

/// Whom a challenge is made to: one user, or any member of a role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    User(Actor),
    /// A role, by its platform id.
    Role(String),
}

/// Reads a role mention, `<@&123>` (what Discord makes of a typed `@role`),
/// giving the role's id.
pub fn parse_role(text: &str) -> Option<String> {
    let id = text.strip_prefix("<@&")?.strip_suffix('>')?;
    let valid = !id.is_empty() && id.len() <= 20 && id.bytes().all(|b| b.is_ascii_digit());
    valid.then(|| id.to_string())
}

impl Arg for Opponent {
    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        match parse_role(words[0]) {
            Some(role) => Some(Ok((Opponent::Role(role), 1))),
            None => Actor::read_words(words)
                .map(|read| read.map(|(actor, used)| (Opponent::User(actor), used))),
        }
    }
    fn plainly(word: &str) -> bool {
        parse_role(word).is_some() || Actor::plainly(word)
    }
    fn not_this(word: String) -> Problem {
        Actor::not_this(word)
    }
    fn twice(word: String) -> Problem {
        Actor::twice(word)
    }
    fn what() -> Msg {
        Actor::what()
    }
    fn placeholder(required: bool) -> String {
        if required {
            "@user|@role".into()
        } else {
            optional("@user|@role")
        }
    }
    fn option_shape() -> OptionShape {
        OptionShape::of(OptionKind::Mentionable)
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        match value {
            OptionValue::Role(role) => Ok(Some(Opponent::Role(role.clone()))),
            other => Actor::read_option(other, option).map(|read| read.map(Opponent::User)),
        }
    }
    fn actor_mut(&mut self) -> Option<&mut Actor> {
        match self {
            Opponent::User(actor) => Some(actor),
            Opponent::Role(_) => None,
        }
    }
}

/// `12` or `#12`; ids are positive.
pub fn parse_game_id(text: &str) -> Option<GameId> {
    let digits = text.strip_prefix('#').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<i64>().ok().filter(|id| *id > 0).map(GameId)
}

/// Whether a word is written as a number (`12`, `#12`, `#`), right or not.
fn numbered(word: &str) -> bool {
    word.starts_with('#') || (!word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()))
}

impl Arg for GameId {
    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        let word = words[0];
        if !numbered(word) {
            return None;
        }
        Some(
            parse_game_id(word)
                .map(|id| (id, 1))
                .ok_or(Problem::NotGameId {
                    word: shorten(word),
                }),
        )
    }
    fn not_this(word: String) -> Problem {
        Problem::NotGameId { word }
    }
    fn twice(_: String) -> Problem {
        Problem::OneGame
    }
    fn what() -> Msg {
        Msg::WhatGameId
    }
    fn placeholder(required: bool) -> String {
        if required {
            "<game id>".into()
        } else {
            optional("game id")
        }
    }
    fn option_shape() -> OptionShape {
        OptionShape {
            min_integer: Some(1),
            ..OptionShape::of(OptionKind::Integer)
        }
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        match value.as_integer() {
            Some(id) if id > 0 => Ok(Some(GameId(id))),
            _ => Err(SlashError::Said(Msg::SlashBadGame {
                option: option.into(),
            })),
        }
    }
}

/// Which page of a long list, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page(pub u32);

impl Arg for Page {
    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        let word = words[0];
        if !word.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let page = word.parse::<u32>().ok().filter(|&page| page >= 1);
        Some(page.map(|page| (Page(page), 1)).ok_or(Problem::NotPage {
            word: shorten(word),
        }))
    }
    fn not_this(word: String) -> Problem {
        Problem::NotPage { word }
    }
    fn twice(_: String) -> Problem {
        Problem::OnePage
    }
    fn what() -> Msg {
        Msg::WhatPage
    }
    fn placeholder(_: bool) -> String {
        optional("page")
    }
    fn option_shape() -> OptionShape {
        OptionShape {
            min_integer: Some(1),
            ..OptionShape::of(OptionKind::Integer)
        }
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        match value.as_integer().and_then(|page| u32::try_from(page).ok()) {
            Some(page) if page > 0 => Ok(Some(Page(page))),
            _ => Err(SlashError::Said(Msg::SlashBadPage {
                option: option.into(),
            })),
        }
    }
}

/// A move in any notation, as typed: the game's position decides what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText(pub String);

impl Arg for MoveText {
    const TAKES_REST: bool = true;

    /// The rest of the line: `move H2 - E2` and `move 炮二 平五` forgive
    /// the spaces inside a move.
    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        Some(Ok((MoveText(words.concat()), words.len())))
    }
    fn not_this(word: String) -> Problem {
        Problem::TakesNothing { word }
    }
    fn twice(word: String) -> Problem {
        Problem::TakesNothing { word }
    }
    fn what() -> Msg {
        Msg::WhatMove
    }
    fn placeholder(_: bool) -> String {
        "<move>".into()
    }
    fn option_shape() -> OptionShape {
        OptionShape {
            max_length: Some(32),
            autocomplete: true,
            ..OptionShape::of(OptionKind::Text)
        }
    }
    fn read_option(value: &OptionValue, _: &str) -> Result<Option<Self>, SlashError> {
        Ok(value
            .as_text()
            .map(str::trim)
            .filter(|text| !text.is_empty())
            .map(|text| MoveText(text.to_owned())))
    }
}

impl Arg for PieceStyle {
    const CLOSED_WORDS: bool = true;

    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        let style = words[0].to_lowercase().parse::<PieceStyle>().ok()?;
        Some(Ok((style, 1)))
    }
    fn not_this(word: String) -> Problem {
        Problem::NotStyle { word }
    }
    fn twice(_: String) -> Problem {
        Problem::PiecesTwice
    }
    fn what() -> Msg {
        Msg::WhatPieces
    }
    fn placeholder(_: bool) -> String {
        optional(&names(&PieceStyle::ALL.map(PieceStyle::name)))
    }
    fn option_shape() -> OptionShape {
        let mut shape = OptionShape::of(OptionKind::Text);
        shape.choices = text_choices(PieceStyle::ALL.map(PieceStyle::name), |name| {
            Msg::PiecesName {
                pieces: name.into(),
            }
        });
        shape
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        let style = value.as_text().unwrap_or_default().parse::<PieceStyle>();
        style
            .map(Some)
            .map_err(|_| bad_choice(option, &PieceStyle::ALL.map(PieceStyle::name)))
    }
}

impl Arg for Theme {
    const CLOSED_WORDS: bool = true;

    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        let theme = words[0].to_lowercase().parse::<Theme>().ok()?;
        Some(Ok((theme, 1)))
    }
    fn not_this(word: String) -> Problem {
        Problem::NotStyle { word }
    }
    fn twice(_: String) -> Problem {
        Problem::ThemeTwice
    }
    fn what() -> Msg {
        Msg::WhatTheme
    }
    fn placeholder(_: bool) -> String {
        optional(&names(&Theme::ALL.map(Theme::name)))
    }
    fn option_shape() -> OptionShape {
        let mut shape = OptionShape::of(OptionKind::Text);
        shape.choices = text_choices(Theme::ALL.map(Theme::name), |name| Msg::ThemeName {
            theme: name.into(),
        });
        shape
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        let theme = value.as_text().unwrap_or_default().parse::<Theme>();
        theme
            .map(Some)
            .map_err(|_| bad_choice(option, &Theme::ALL.map(Theme::name)))
    }
}

impl Arg for &'static Setting {
    /// `server` and the setting's own word, or the word alone; any first
    /// word is meant as a setting, so one that is none is refused.
    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        let (typed, used) = match words {
            [first, word, ..] if first.eq_ignore_ascii_case("server") => {
                (format!("{first} {word}"), 2)
            }
            [first, ..] => ((*first).to_owned(), 1),
            [] => return None,
        };
        Some(
            find_typed(&typed)
                .map(|setting| (setting, used))
                .ok_or(Problem::NotSetting {
                    word: shorten(&typed),
                }),
        )
    }
    fn not_this(word: String) -> Problem {
        Problem::NotSetting { word }
    }
    fn twice(word: String) -> Problem {
        Problem::TakesNothing { word }
    }
    fn what() -> Msg {
        Msg::WhatSetting
    }
    fn placeholder(_: bool) -> String {
        optional("[server] setting")
    }
    fn option_shape() -> OptionShape {
        let mut shape = OptionShape::of(OptionKind::Text);
        shape.choices = SETTINGS
            .iter()
            .map(|setting| OptionChoice {
                name: setting.label.clone(),
                value: ChoiceValue::Text(typed_name(setting)),
            })
            .collect();
        shape
    }
    fn read_option(value: &OptionValue, option: &str) -> Result<Option<Self>, SlashError> {
        let typed = value.as_text().unwrap_or_default();
        find_typed(typed).map(Some).ok_or_else(|| {
            let names: Vec<String> = SETTINGS.iter().map(typed_name).collect();
            SlashError::Said(Msg::SlashBadChoice {
                option: option.into(),
                choices: names.join(", "),
            })
        })
    }
}

/// The longest setting value the slash option takes: room for the most
/// channels a server may name, as mentions.
const MAX_SETTING_TYPED: u16 = 1000;

/// A setting's new value as typed, word by word (`#a #b`, `30m`,
/// `default`): checked by the setting's kind when it is changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingValue(pub Vec<String>);

impl Arg for SettingValue {
    const TAKES_REST: bool = true;

    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        let value = words.iter().map(|w| (*w).to_owned()).collect();
        Some(Ok((SettingValue(value), words.len())))
    }
    fn not_this(word: String) -> Problem {
        Problem::TakesNothing { word }
    }
    fn twice(word: String) -> Problem {
        Problem::TakesNothing { word }
    }
    fn what() -> Msg {
        Msg::WhatSettingValue
    }
    fn placeholder(_: bool) -> String {
        optional("value|default")
    }
    fn option_shape() -> OptionShape {
        OptionShape {
            max_length: Some(MAX_SETTING_TYPED),
            ..OptionShape::of(OptionKind::Text)
        }
    }
    fn read_option(value: &OptionValue, _: &str) -> Result<Option<Self>, SlashError> {
        let text = value.as_text().unwrap_or_default();
        Ok(Some(SettingValue(
            text.split_whitespace().map(str::to_owned).collect(),
        )))
    }
}

/// What `puzzle` is asked to do, from the words after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAction {
    /// A puzzle near the user's puzzle rating (or the one still open).
    New,
    /// A move in the open puzzle, as typed.
    Move(String),
    Hint,
    Skip,
    /// The server's puzzle of the day.
    Daily,
    Stats,
    /// The puzzle leaderboard, `page` (from 1) of it.
    Top {
        page: u32,
    },
}

impl PuzzleAction {
    /// The action the words name, in English or in any of the bot's other
    /// languages ([`puzzle_action`]); anything else is a move, so that
    /// `puzzle h2e2` and `puzzle 炮二平五` play in the puzzle. A page that is
    /// not a number is page 1.
    pub fn read<S: AsRef<str>>(words: &[S]) -> PuzzleAction {
        let first = words.first().map(|w| w.as_ref().to_lowercase());
        let first = first.as_deref().map(|w| puzzle_action(w).unwrap_or(w));
        match (first, words.len()) {
            (None, _) => PuzzleAction::New,
            (Some("hint"), 1) => PuzzleAction::Hint,
            (Some("skip"), 1) => PuzzleAction::Skip,
            (Some("daily"), 1) => PuzzleAction::Daily,
            (Some("stats"), 1) => PuzzleAction::Stats,
            (Some("top"), 1 | 2) => PuzzleAction::Top {
                page: words
                    .get(1)
                    .and_then(|w| w.as_ref().trim_start_matches('#').parse().ok())
                    .filter(|&page| page >= 1)
                    .unwrap_or(1),
            },
            _ => PuzzleAction::Move(words.iter().map(AsRef::as_ref).collect()),
        }
    }
}

impl Arg for PuzzleAction {
    const TAKES_REST: bool = true;

    fn read_words(words: &[&str]) -> Option<Result<(Self, usize), Problem>> {
        Some(Ok((PuzzleAction::read(words), words.len())))
    }
    fn not_this(word: String) -> Problem {
        Problem::TakesNothing { word }
    }
    fn twice(word: String) -> Problem {
        Problem::TakesNothing { word }
    }
    fn what() -> Msg {
        Msg::WhatPuzzleAction
    }
    fn placeholder(_: bool) -> String {
        optional("hint|skip|daily|stats|top|move")
    }
    fn option_shape() -> OptionShape {
        OptionShape {
            max_length: Some(32),
            ..OptionShape::of(OptionKind::Text)
        }
    }
    fn read_option(value: &OptionValue, _: &str) -> Result<Option<Self>, SlashError> {
        let text = value.as_text().unwrap_or_default();
        let words: Vec<&str> = text.split_whitespace().collect();
        Ok(Some(PuzzleAction::read(&words)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn levels_read_in_every_form() {
        let five = Level::new(5).unwrap();
        for typed in [
            &["5"][..],
            &["l5"],
            &["L5"],
            &["lvl5"],
            &["level5"],
            &["level", "5"],
        ] {
            let used = typed.len();
            assert_eq!(
                Level::read_words(typed),
                Some(Ok((five, used))),
                "{typed:?}"
            );
        }
        assert_eq!(
            Level::read_words(&["level"]),
            Some(Err(Problem::LevelNeedsNumber))
        );
        for not_a_level in ["0", "22", "x", "levelx", "l"] {
            assert_eq!(
                Level::read_words(&[not_a_level, "7"]).map(|r| r.is_ok()),
                match not_a_level {
                    "l" => Some(true),
                    _ => None,
                },
                "{not_a_level}"
            );
        }
    }

    proptest! {
        #[test]
        fn no_kind_panics_on_any_words(words in proptest::collection::vec("\\PC{1,12}", 1..4)) {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let _ = ColorChoice::read_words(&words);
            let _ = Level::read_words(&words);
            let _ = Actor::read_words(&words);
            let _ = GameId::read_words(&words);
            let _ = Page::read_words(&words);
            let _ = <&'static Setting>::read_words(&words);
            let _ = PuzzleAction::read_words(&words);
        }
    }
}
