//! The command table and the chat parser: every command's words, arguments
//! and help, and what typed lines read as.

use std::collections::HashSet;

use proptest::prelude::*;

use super::*;
use crate::bot::handlers::help;
use crate::bot::vocabulary::command::words::{localized, PUZZLE_ACTIONS};
use crate::bot::vocabulary::voice::Voice;
use crate::i18n::{Lang, Surface};

fn actor(name: &str) -> Actor {
    Actor {
        id: name.into(),
        name: name.into(),
    }
}

fn level(n: i64) -> Option<Level> {
    Some(Level::new(n).unwrap())
}

fn mv(text: &str) -> Command {
    Command::Move {
        text: MoveText(text.into()),
    }
}

#[test]
fn the_table_is_consistent() {
    let mut seen = HashSet::new();
    for spec in COMMANDS {
        for word in std::iter::once(&spec.word).chain(spec.aliases) {
            assert!(seen.insert(*word), "`{word}` is named twice");
            assert_eq!(*word, word.to_lowercase(), "words are read lowercased");
        }
        for lang in Lang::ALL {
            let about = lang.text(spec.about.clone());
            assert!(
                (1..=100).contains(&about.chars().count()),
                "{} in {lang}: Discord takes 1 to 100 characters",
                spec.word
            );
        }
        let mut options = HashSet::new();
        let mut optional_seen = false;
        for (index, arg) in spec.args.iter().enumerate() {
            assert!(
                options.insert(arg.option),
                "{}: option {} twice",
                spec.word,
                arg.option
            );
            for lang in Lang::ALL {
                let text = lang.text((arg.about)());
                assert!((1..=100).contains(&text.chars().count()), "{lang}: {text}");
            }
            // Discord lists required options first.
            assert!(!(arg.required && optional_seen), "{}", spec.word);
            optional_seen |= !arg.required;
            if arg.takes_rest {
                assert_eq!(
                    index + 1,
                    spec.args.len(),
                    "{}: it takes the rest",
                    spec.word
                );
            }
        }
        if spec.has(Flag::IgnoresRest) {
            assert!(
                spec.args.is_empty(),
                "{}: it takes the whole line",
                spec.word
            );
        }
    }
    for lang in Lang::ALL {
        let text = help::text(COMMANDS, Voice::of(lang));
        assert!(
            text.chars().count() < 2000,
            "{lang}: one Discord message ({} characters)",
            text.chars().count()
        );
    }
}

#[test]
fn only_help_hint_and_settings_answer_privately() {
    let private: Vec<_> = COMMANDS
        .iter()
        .filter(|spec| spec.has(Flag::Private))
        .map(|spec| spec.word)
        .collect();
    assert_eq!(private, ["hint", "settings", "help"]);
    assert!(Command::Help {}.answers_privately() && Command::Hint {}.answers_privately());
    assert!(!Command::Games { page: None }.answers_privately());
}

#[test]
fn only_play_challenge_accept_and_rematch_start_games() {
    let starting: Vec<_> = COMMANDS
        .iter()
        .filter(|spec| spec.has(Flag::StartsGame))
        .map(|spec| spec.word)
        .collect();
    assert_eq!(starting, ["play", "challenge", "accept", "rematch"]);
}

/// Every command has its own word in each other language, and no word
/// means two commands: not an English word or alias of another, nor another
/// command's word in any language.
#[test]
fn every_command_has_one_word_of_its_own_in_each_language() {
    for lang in [Lang::ZhHans, Lang::ZhHant, Lang::Vi] {
        for spec in COMMANDS {
            let word = localized(spec, lang)
                .unwrap_or_else(|| panic!("{}: no `{}` in its catalog", lang.code(), spec.word));
            assert_eq!(word, word.to_lowercase(), "{word}: lowercase");
            assert!(!word.contains(char::is_whitespace), "{word}: no spaces");
            assert!(
                spec::find(COMMANDS, &word).is_none(),
                "{word} is already an English word"
            );
            let owners = LOCALIZED.iter().filter(|(w, _)| *w == word);
            assert!(
                owners.clone().all(|(_, owner)| owner.word == spec.word),
                "{word} names more than one command"
            );
            assert_eq!(find(&word).map(|found| found.word), Some(spec.word));
        }
    }
}

/// `puzzle` reads each action's word in every language as the English one.
#[test]
fn puzzle_actions_read_in_every_language() {
    for lang in [Lang::ZhHans, Lang::ZhHant, Lang::Vi] {
        for action in PUZZLE_ACTIONS {
            let word = lang.text(Msg::PuzzleActionWord {
                action: action.into(),
            });
            assert_eq!(
                parse(&format!("puzzle {word}")).unwrap(),
                parse(&format!("puzzle {action}")).unwrap()
            );
        }
    }
    assert_eq!(
        parse("习题 排行 2").unwrap(),
        Command::Puzzle {
            action: Some(PuzzleAction::Top { page: 2 })
        }
    );
    assert_eq!(
        parse("bài-tập bỏ-qua").unwrap(),
        Command::Puzzle {
            action: Some(PuzzleAction::Skip)
        }
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

#[test]
fn play_takes_side_and_level_in_any_order() {
    assert_eq!(
        parse("play"),
        Ok(Command::Play {
            color: None,
            level: None,
            time: None,
            rated: None,
        })
    );
    let black5 = Ok(Command::Play {
        color: Some(ColorChoice::Black),
        level: level(5),
        time: None,
        rated: None,
    });
    assert_eq!(parse("play black 5"), black5);
    assert_eq!(parse("PLAY level 5 Black"), black5);
    assert_eq!(parse("play l5 black"), black5);
    assert_eq!(parse("!xq play black level5"), black5);
    assert!(matches!(
        parse("play random"),
        Ok(Command::Play {
            color: Some(ColorChoice::Random),
            ..
        })
    ));
    for bad in [
        "play 22",
        "play 0",
        "play level",
        "play green",
        "play red black",
        "play 2 3",
    ] {
        assert!(
            matches!(
                parse(bad),
                Err(CommandError::BadArgument {
                    command: "play",
                    ..
                })
            ),
            "{bad}"
        );
    }
}

#[test]
fn a_challenge_without_an_opponent_is_open_and_join_accepts() {
    assert_eq!(
        parse("challenge black 10+5"),
        Ok(Command::Challenge {
            opponent: None,
            color: Some(ColorChoice::Black),
            time: Some(TimeControl::parse("10+5").unwrap()),
            rated: None,
        })
    );
    assert_eq!(parse("join"), Ok(Command::Accept { from: None }));
}

#[test]
fn play_and_challenge_may_ask_for_a_casual_game() {
    assert!(matches!(
        parse("play casual black 3"),
        Ok(Command::Play {
            color: Some(ColorChoice::Black),
            rated: Some(Rated(false)),
            ..
        })
    ));
    for casual in ["unrated", "rated:false", "CASUAL"] {
        assert!(
            matches!(
                parse(&format!("play {casual}")),
                Ok(Command::Play {
                    rated: Some(Rated(false)),
                    ..
                })
            ),
            "{casual}"
        );
    }
    assert!(matches!(
        parse("play rated"),
        Ok(Command::Play {
            rated: Some(Rated(true)),
            ..
        })
    ));
    assert!(matches!(
        parse("challenge @bob 10+5 casual"),
        Ok(Command::Challenge {
            rated: Some(Rated(false)),
            ..
        })
    ));
    let twice = parse("play casual rated").unwrap_err();
    assert!(
        twice
            .message(Voice::default())
            .contains("rated or casual only once"),
        "{twice}"
    );
    let usage = parse("play green").unwrap_err().to_string();
    assert!(usage.contains("[rated|casual]"), "{usage}");
}

#[test]
fn challenge_reads_mentions_and_names() {
    assert_eq!(
        parse("challenge @bob black"),
        Ok(Command::Challenge {
            opponent: Some(Opponent::User(actor("bob"))),
            color: Some(ColorChoice::Black),
            time: None,
            rated: None,
        })
    );
    assert_eq!(
        parse("challenge <@!1234>"),
        Ok(Command::Challenge {
            opponent: Some(Opponent::User(Actor {
                id: "1234".into(),
                name: "<@1234>".into()
            })),
            color: None,
            time: None,
            rated: None,
        })
    );
    assert_eq!(
        parse("challenge <@&77> red"),
        Ok(Command::Challenge {
            opponent: Some(Opponent::Role("77".into())),
            color: Some(ColorChoice::Red),
            time: None,
            rated: None,
        })
    );
    // No opponent: an open challenge.
    assert!(matches!(
        parse("challenge"),
        Ok(Command::Challenge { opponent: None, .. })
    ));
    assert!(matches!(
        parse("challenge <@abc>"),
        Err(CommandError::BadArgument { .. })
    ));
    assert!(matches!(
        parse("challenge bob purple"),
        Err(CommandError::BadArgument { .. })
    ));
}

#[test]
fn bare_moves_in_every_notation() {
    for text in [
        "h2e2",
        "H2-E2",
        "C2=5",
        "h8+7",
        "R+=5",
        "+R=5",
        "炮二平五",
        "马8进7",
        "馬８進７",
        "P2-5",
        "M8.7",
        "Tg5.1",
        "Xs/1",
        "Bt7-6",
    ] {
        assert_eq!(parse(text), Ok(mv(text)), "{text}");
    }
    assert_eq!(parse("move H2 - E2"), Ok(mv("H2-E2")));
    assert_eq!(parse("m h2e2"), Ok(mv("h2e2")));
    assert!(matches!(
        parse("move"),
        Err(CommandError::MissingArgument { .. })
    ));
}

#[test]
fn chat_that_is_not_a_command_is_unknown() {
    for chat in ["hello", "good game", "lol", "j2e2", "hi there"] {
        assert!(
            matches!(parse(chat), Err(CommandError::Unknown { .. })),
            "{chat}"
        );
    }
    assert_eq!(parse("   "), Err(CommandError::Empty));
}

#[test]
fn board_and_game_take_a_piece_style_and_a_theme_in_any_order() {
    let both = Command::Board {
        game: Some(GameId(7)),
        pieces: Some(PieceStyle::International),
        theme: Some(Theme::Contrast),
    };
    for text in [
        "board 7 international contrast",
        "board #7 Contrast INTERNATIONAL",
    ] {
        assert_eq!(parse(text), Ok(both.clone()));
    }
    assert_eq!(
        parse("game 3 wood"),
        Ok(Command::Game {
            id: GameId(3),
            pieces: None,
            theme: Some(Theme::Wood)
        })
    );
    for (text, problem) in [
        (
            "board 7 western",
            "neither a piece style (chinese or international) nor a theme (wood or contrast)",
        ),
        ("board 7 wood contrast", "name the theme only once"),
        ("game 3 chinese chinese", "name the piece style only once"),
    ] {
        match parse(text) {
            Err(err @ CommandError::BadArgument { .. }) => {
                let got = err.to_string();
                assert!(got.contains(problem), "{text}: {got}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

/// An optional argument may be left out wherever it stands: each word is
/// read by what it can be. `board international contrast` is the board
/// here in that style, as the usage line `board [game id] [chinese|international]
/// [wood|contrast]` says; it used to be refused as "not a game id".
#[test]
fn optional_arguments_are_optional_wherever_they_stand() {
    assert_eq!(
        parse("board international contrast"),
        Ok(Command::Board {
            game: None,
            pieces: Some(PieceStyle::International),
            theme: Some(Theme::Contrast),
        })
    );
    assert_eq!(
        parse("board contrast"),
        Ok(Command::Board {
            game: None,
            pieces: None,
            theme: Some(Theme::Contrast),
        })
    );
    assert_eq!(
        parse("board contrast 7"),
        Ok(Command::Board {
            game: Some(GameId(7)),
            pieces: None,
            theme: Some(Theme::Contrast),
        })
    );
    assert_eq!(
        parse("game wood 3"),
        Ok(Command::Game {
            id: GameId(3),
            pieces: None,
            theme: Some(Theme::Wood),
        })
    );
    assert_eq!(
        parse("challenge black @bob"),
        Ok(Command::Challenge {
            opponent: Some(Opponent::User(actor("bob"))),
            color: Some(ColorChoice::Black),
            time: None,
            rated: None,
        })
    );
    // A word no argument takes is refused by what the open ones want.
    let refusal = |text: &str| parse(text).unwrap_err().to_string();
    assert!(
        refusal("board western").contains("neither a piece style"),
        "{}",
        refusal("board western")
    );
    assert!(refusal("board #x").contains("not a game id"));
    assert!(refusal("game x").contains("not a game id"));
    assert!(refusal("history bob alice").contains("one user at most"));
}

#[test]
fn game_ids_and_users() {
    assert_eq!(
        parse("board"),
        Ok(Command::Board {
            game: None,
            pieces: None,
            theme: None
        })
    );
    assert_eq!(
        parse("board #7"),
        Ok(Command::Board {
            game: Some(GameId(7)),
            pieces: None,
            theme: None
        })
    );
    assert_eq!(parse("watch 12"), Ok(Command::Watch { game: GameId(12) }));
    assert_eq!(
        parse("game 3"),
        Ok(Command::Game {
            id: GameId(3),
            pieces: None,
            theme: None
        })
    );
    assert!(matches!(
        parse("game"),
        Err(CommandError::MissingArgument { .. })
    ));
    assert!(matches!(
        parse("game x"),
        Err(CommandError::BadArgument { .. })
    ));
    assert!(matches!(
        parse("game 0"),
        Err(CommandError::BadArgument { .. })
    ));
    assert!(matches!(
        parse("game 99999999999999999999999"),
        Err(CommandError::BadArgument { .. })
    ));
    assert_eq!(
        parse("history @ann"),
        Ok(Command::History {
            user: Some(actor("ann"))
        })
    );
    assert_eq!(
        parse("stats"),
        Ok(Command::Stats {
            user: None,
            class: None
        })
    );
    assert_eq!(
        parse("stats daily"),
        Ok(Command::Stats {
            user: None,
            class: Some(crate::store::TimeClass::Correspondence)
        })
    );
    assert!(matches!(
        parse("resign now"),
        Err(CommandError::BadArgument { .. })
    ));
}

#[test]
fn every_command_word_parses() {
    for (text, name) in [
        ("accept", "accept"),
        ("decline", "decline"),
        ("resign", "resign"),
        ("draw", "draw"),
        ("takeback", "takeback"),
        ("hint", "hint"),
        ("games", "games"),
        ("leaderboard", "leaderboard"),
        ("help", "help"),
    ] {
        assert_eq!(parse(text).map(|c| c.name()), Ok(name));
    }
}

/// Each command read back from slash options as the transport gives them.
#[test]
fn slash_options_read_through_the_same_arguments() {
    let options = |pairs: &[(&str, OptionValue)]| -> Vec<(String, OptionValue)> {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect()
    };
    assert_eq!(
        Command::from_slash(
            "play",
            &options(&[
                ("color", OptionValue::Text("black".into())),
                ("level", OptionValue::Integer(5))
            ])
        ),
        Ok(Command::Play {
            color: Some(ColorChoice::Black),
            level: level(5),
            time: None,
            rated: None,
        })
    );
    assert!(matches!(
        Command::from_slash(
            "challenge",
            &options(&[
                (
                    "opponent",
                    OptionValue::User(Actor {
                        id: "7".into(),
                        name: "bob".into()
                    })
                ),
                ("rated", OptionValue::Boolean(false))
            ])
        ),
        Ok(Command::Challenge {
            rated: Some(Rated(false)),
            ..
        })
    ));
    let said = |result: Result<Command, SlashError>| result.unwrap_err().message(Voice::default());
    assert!(said(Command::from_slash(
        "play",
        &options(&[("rated", OptionValue::Text("no".into()))])
    ))
    .contains("true, false"));
    assert!(said(Command::from_slash(
        "play",
        &options(&[("level", OptionValue::Integer(99))])
    ))
    .contains("from 1 to 20"));
    assert!(said(Command::from_slash(
        "move",
        &options(&[("move", OptionValue::Text("  ".into()))])
    ))
    .contains("needs a move"));
    assert!(said(Command::from_slash("watch", &[])).contains("needs a game id"));
    assert!(said(Command::from_slash("castle", &[])).contains("not a command"));
}

proptest! {
    #[test]
    fn never_panics_on_any_text(text in "\\PC{0,40}") {
        let _ = parse(&text);
    }

    #[test]
    fn never_panics_on_command_like_text(
        word in "(play|challenge|move|board|watch|game|history|stats|settings|puzzle|!xq|<@)",
        rest in "[ a-z0-9@<>!#=+.\\-]{0,20}",
    ) {
        if let Err(err) = parse(&format!("{word} {rest}")) {
            prop_assert!(!err.to_string().is_empty());
        }
    }
}

/// The forms a text names that do nothing on `surface`: on the slash
/// surface a code span starting with a command's word (in any language)
/// rather than `/xiangqi` (typed words may never reach the bot there); on
/// the typed one any `/xiangqi` (the console has no slash commands).
fn forms_ignored(text: &str, surface: Surface, words: &HashSet<String>) -> Vec<String> {
    match surface {
        Surface::Words => text
            .contains("/xiangqi")
            .then(|| "/xiangqi".to_string())
            .into_iter()
            .collect(),
        Surface::Slash => text
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|span| {
                let first = span.split_whitespace().next().unwrap_or("");
                words.contains(&first.to_lowercase())
            })
            .map(|span| format!("`{span}`"))
            .collect(),
    }
}

/// Every word that starts a typed command, in every language.
fn every_command_word() -> HashSet<String> {
    let mut words: HashSet<String> = COMMANDS
        .iter()
        .flat_map(|spec| std::iter::once(spec.word).chain(spec.aliases.iter().copied()))
        .map(str::to_string)
        .collect();
    words.extend(LOCALIZED.iter().map(|(word, _)| word.clone()));
    words
}

/// Messages shown on one surface only, and names that are not instructions.
fn checked_on(id: &str, surface: Surface) -> bool {
    let names = ["about-", "option-", "command-name", "puzzle-action-word"];
    if names.iter().any(|name| id.starts_with(name)) {
        return false;
    }
    match surface {
        // The console's own prompts.
        Surface::Slash => !id.starts_with("console-"),
        // Said only to Discord's slash commands and typed messages.
        Surface::Words => !id.starts_with("slash-") && id != "not-allowed-typed",
    }
}

#[test]
fn every_message_names_what_works_where_it_is_read() {
    let words = every_command_word();
    let mut wrong = Vec::new();
    for lang in Lang::ALL {
        for surface in Surface::ALL {
            let voice = Voice::of(lang).on(surface);
            let mut texts = crate::i18n::sample_texts(lang, surface);
            texts.push(("(help)", help::text(COMMANDS, voice)));
            for (id, text) in texts {
                if !checked_on(id, surface) {
                    continue;
                }
                for form in forms_ignored(&text, surface, &words) {
                    wrong.push(format!("{lang} {surface:?} `{id}` names {form}: {text}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_game_start_says_how_to_move_where_it_is_read() {
    let start = Msg::GameStartYourMove {
        game: 1,
        red: "a".into(),
        black: "b".into(),
        name: "a".into(),
    };
    for lang in Lang::ALL {
        let slash = Voice::of(lang).on(Surface::Slash).say(start.clone());
        let words = Voice::of(lang).on(Surface::Words).say(start.clone());
        assert!(slash.contains("`/xiangqi "), "{lang}: {slash}");
        // The board's Move button, by the label it shows in this language.
        let button = Voice::of(lang).say(Msg::ButtonMove);
        assert!(slash.contains(&format!("**{button}**")), "{lang}: {slash}");
        assert!(!words.contains("/xiangqi"), "{lang}: {words}");
        assert_ne!(slash, words);
    }
}

#[test]
fn the_words_check_finds_a_bare_command_on_discord_and_a_slash_in_the_console() {
    let words = every_command_word();
    let bare = "Type `accept` or `悔棋`, or `/xiangqi decline`; moves like `h2e2`.";
    assert_eq!(
        forms_ignored(bare, Surface::Slash, &words),
        ["`accept`", "`悔棋`"]
    );
    assert!(forms_ignored(bare, Surface::Words, &words) == ["/xiangqi"]);
    assert!(forms_ignored("Type `accept`.", Surface::Words, &words).is_empty());
}
