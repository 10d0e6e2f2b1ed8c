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
