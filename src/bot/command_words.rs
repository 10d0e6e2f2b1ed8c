//! Each command's word in the bot's other languages (`悔棋` for `takeback`,
//! `xin-thua` for `resign`), from the catalogs' `command-name`. Discord shows
//! them as the slash subcommands' localized names (and still sends the
//! English word back); the chat parser accepts them as further aliases, so
//! `!xq 悔棋` works as `!xq takeback`. A command the catalogs do not name
//! keeps its English word in every language.
//!
//! The words follow Discord's rule for names (lowercase where the script
//! has case, no spaces: Vietnamese joins words with `-`); the Discord
//! stand-in's validator checks the registered command against it.

use std::sync::LazyLock;

use super::commands_table::{CommandSpec, COMMANDS};
use crate::i18n::{Lang, Msg};

/// `spec`'s word in `lang`, when the catalog gives one other than English.
pub fn localized(spec: &CommandSpec, lang: Lang) -> Option<String> {
    let word = lang.text(Msg::CommandName {
        command: spec.word.into(),
    });
    (word != spec.word).then_some(word)
}

/// Every localized word with its command, in all languages.
static WORDS: LazyLock<Vec<(String, &'static CommandSpec)>> = LazyLock::new(|| {
    COMMANDS
        .iter()
        .flat_map(|spec| {
            Lang::ALL
                .into_iter()
                .filter_map(move |lang| Some((localized(spec, lang)?, spec)))
        })
        .collect()
});

/// The command whose word is `word` (already lowercased) in one of the
/// bot's other languages.
pub fn find(word: &str) -> Option<&'static CommandSpec> {
    WORDS
        .iter()
        .find(|(localized, _)| localized == word)
        .map(|&(_, spec)| spec)
}

/// The words `puzzle` takes after it (`hint`, `skip`, `daily`, `stats`,
/// `top`), in English.
pub const PUZZLE_ACTIONS: [&str; 5] = ["hint", "skip", "daily", "stats", "top"];

/// Every localized word of a puzzle action with its English word.
static PUZZLE_WORDS: LazyLock<Vec<(String, &'static str)>> = LazyLock::new(|| {
    PUZZLE_ACTIONS
        .into_iter()
        .flat_map(|action| {
            Lang::ALL.into_iter().map(move |lang| {
                let word = lang.text(Msg::PuzzleActionWord {
                    action: action.into(),
                });
                (word, action)
            })
        })
        .collect()
});

/// The English word of the puzzle action `word` (already lowercased) names
/// in any of the bot's languages: `跳过` and `bỏ-qua` are `skip`.
pub fn puzzle_action(word: &str) -> Option<&'static str> {
    PUZZLE_WORDS
        .iter()
        .find(|(localized, _)| localized == word)
        .map(|&(_, action)| action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::command::parse;
    use crate::bot::commands_table;

    /// Every command has its own word in each other language, and no word
    /// means two commands: not an English word or alias of another, nor
    /// another command's word in any language.
    #[test]
    fn every_command_has_one_word_of_its_own_in_each_language() {
        for lang in [Lang::ZhHans, Lang::ZhHant, Lang::Vi] {
            for spec in COMMANDS {
                let word = localized(spec, lang).unwrap_or_else(|| {
                    panic!("{}: no `{}` in its catalog", lang.code(), spec.word)
                });
                assert_eq!(word, word.to_lowercase(), "{word}: lowercase");
                assert!(!word.contains(char::is_whitespace), "{word}: no spaces");
                assert!(
                    commands_table::find(&word).is_none(),
                    "{word} is already an English word"
                );
                let owners = WORDS.iter().filter(|(w, _)| *w == word);
                assert!(
                    owners.clone().all(|(_, owner)| owner.word == spec.word),
                    "{word} names more than one command"
                );
                assert_eq!(find(&word).map(|found| found.word), Some(spec.word));
            }
        }
    }

    /// Each puzzle action has one word of its own in each language, and
    /// `puzzle` reads it as the English one.
    #[test]
    fn puzzle_actions_read_in_every_language() {
        use crate::bot::command::{Command, PuzzleAction};
        for lang in [Lang::ZhHans, Lang::ZhHant, Lang::Vi] {
            for action in PUZZLE_ACTIONS {
                let word = lang.text(Msg::PuzzleActionWord {
                    action: action.into(),
                });
                assert_ne!(word, action, "{}: `{action}` has no word", lang.code());
                assert!(!word.contains(char::is_whitespace), "{word}: no spaces");
                let owners = PUZZLE_WORDS.iter().filter(|(w, _)| *w == word);
                assert!(
                    owners.clone().all(|(_, a)| *a == action),
                    "{word}: two actions"
                );
                assert_eq!(
                    parse(&format!("puzzle {word}")).unwrap(),
                    parse(&format!("puzzle {action}")).unwrap()
                );
            }
        }
        assert_eq!(
            parse("习题 排行 2").unwrap(),
            Command::Puzzle(PuzzleAction::Top { page: 2 })
        );
        assert_eq!(
            parse("bài-tập bỏ-qua").unwrap(),
            Command::Puzzle(PuzzleAction::Skip)
        );
    }

    #[test]
    fn chat_takes_the_localized_words_with_their_arguments() {
        assert_eq!(parse("悔棋").unwrap(), parse("takeback").unwrap());
        assert_eq!(parse("!xq 認輸").unwrap(), parse("resign").unwrap());
        assert_eq!(
            parse("xin-thua").unwrap().name(),
            parse("resign").unwrap().name()
        );
        assert_eq!(
            parse("走棋 炮二平五").unwrap(),
            parse("move 炮二平五").unwrap()
        );
        assert_eq!(
            parse("下棋 black 5").unwrap(),
            parse("play black 5").unwrap()
        );
        assert!(parse("悔").is_err());
    }
}
