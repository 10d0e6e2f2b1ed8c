//! Each command's word in the bot's other languages (`悔棋` for `takeback`,
//! `xin-thua` for `resign`), from the catalogs' `command-name`, and the
//! words of `puzzle`'s actions the same way. Discord shows the commands'
//! words as the slash subcommands' localized names (and still sends the
//! English word back); the chat parser accepts them as further aliases, so
//! `!xq 悔棋` works as `!xq takeback`. A command the catalogs do not name
//! keeps its English word in every language. `tournament`'s actions are
//! read the same way.
//!
//! The words follow Discord's rule for names (lowercase where the script
//! has case, no spaces: Vietnamese joins words with `-`); the Discord
//! stand-in's validator checks the registered command against it.

use std::sync::LazyLock;

use super::spec::CommandSpec;
use crate::i18n::{Lang, Msg};

/// `spec`'s word in `lang`, when the catalog gives one other than English.
pub fn localized(spec: &CommandSpec, lang: Lang) -> Option<String> {
    let word = lang.text(Msg::CommandName {
        command: spec.word.into(),
    });
    (word != spec.word).then_some(word)
}

/// Every localized word of the commands in `table` with its command, in all
/// languages: what a chat parser looks words up in.
pub fn all_localized(table: &'static [CommandSpec]) -> Vec<(String, &'static CommandSpec)> {
    table
        .iter()
        .flat_map(|spec| {
            Lang::ALL
                .into_iter()
                .filter_map(move |lang| Some((localized(spec, lang)?, spec)))
        })
        .collect()
}

/// The words `puzzle` takes after it (`hint`, `skip`, `daily`, `stats`,
/// `top`), in English.
pub const PUZZLE_ACTIONS: [&str; 5] = ["hint", "skip", "daily", "stats", "top"];

/// Every action's word in every language, with its English word: the
/// catalog message `word_of` gives each.
fn words_of(
    actions: &'static [&'static str],
    word_of: fn(String) -> Msg,
) -> Vec<(String, &'static str)> {
    actions
        .iter()
        .flat_map(|&action| {
            Lang::ALL
                .into_iter()
                .map(move |lang| (lang.text(word_of(action.into())), action))
        })
        .collect()
}

/// The English word of the action `word` names among `words`.
fn english_of(words: &[(String, &'static str)], word: &str) -> Option<&'static str> {
    words
        .iter()
        .find(|(localized, _)| localized == word)
        .map(|&(_, action)| action)
}

static PUZZLE_WORDS: LazyLock<Vec<(String, &'static str)>> =
    LazyLock::new(|| words_of(&PUZZLE_ACTIONS, |action| Msg::PuzzleActionWord { action }));

/// The English word of the puzzle action `word` (already lowercased) names
/// in any of the bot's languages: `跳过` and `bỏ-qua` are `skip`.
pub fn puzzle_action(word: &str) -> Option<&'static str> {
    english_of(&PUZZLE_WORDS, word)
}

/// The words `tournament` takes first, in English (its terms, `swiss`,
/// `rounds 5`, `10+5`, are written alike in every language).
pub const TOURNAMENT_ACTIONS: [&str; 9] = [
    "list",
    "create",
    "join",
    "leave",
    "start",
    "cancel",
    "standings",
    "pairings",
    "bot",
];

static TOURNAMENT_WORDS: LazyLock<Vec<(String, &'static str)>> = LazyLock::new(|| {
    words_of(&TOURNAMENT_ACTIONS, |action| Msg::TournamentActionWord {
        action,
    })
});

/// The English word of the tournament action `word` (already lowercased)
/// names in any of the bot's languages: `加入` and `tham-gia` are `join`.
pub fn tournament_action(word: &str) -> Option<&'static str> {
    english_of(&TOURNAMENT_WORDS, word)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each action has one word of its own in each language, which reads
    /// back as the English word.
    fn assert_words_of_their_own(
        actions: &[&'static str],
        words: &[(String, &'static str)],
        msg: impl Fn(&str) -> Msg,
        read: impl Fn(&str) -> Option<&'static str>,
    ) {
        for lang in [Lang::ZhHans, Lang::ZhHant, Lang::Vi] {
            for &action in actions {
                let word = lang.text(msg(action));
                assert_ne!(word, action, "{}: `{action}` has no word", lang.code());
                assert!(!word.contains(char::is_whitespace), "{word}: no spaces");
                let owners = words.iter().filter(|(w, _)| *w == word);
                assert!(
                    owners.clone().all(|(_, a)| *a == action),
                    "{word}: two actions"
                );
                assert_eq!(read(&word), Some(action));
            }
        }
    }

    #[test]
    fn puzzle_actions_have_a_word_of_their_own_in_every_language() {
        assert_words_of_their_own(
            &PUZZLE_ACTIONS,
            &PUZZLE_WORDS,
            |action| Msg::PuzzleActionWord {
                action: action.into(),
            },
            puzzle_action,
        );
    }

    #[test]
    fn tournament_actions_have_a_word_of_their_own_in_every_language() {
        assert_words_of_their_own(
            &TOURNAMENT_ACTIONS,
            &TOURNAMENT_WORDS,
            |action| Msg::TournamentActionWord {
                action: action.into(),
            },
            tournament_action,
        );
    }
}
