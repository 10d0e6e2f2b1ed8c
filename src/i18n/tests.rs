//! The catalogs against the code's list of messages ([`Msg::CATALOG`]):
//! every message in every language, no placeholder the code does not pass,
//! nothing left over, and no isolation marks in what comes out.

use std::collections::{BTreeSet, HashMap};

use fluent_bundle::FluentValue;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use super::*;

/// What is wrong with one catalog's source against `catalog` (ids and the
/// arguments the code passes); empty when nothing is.
fn problems(source: &str, catalog: &[(&str, &[&str])]) -> Vec<String> {
    let resource = match fluent_syntax::parser::parse(source) {
        Ok(resource) => resource,
        Err((_, errors)) => return vec![format!("syntax errors: {errors:?}")],
    };
    let mut messages = HashMap::new();
    for entry in &resource.body {
        if let Entry::Message(message) = entry {
            messages.insert(message.id.name, message.value.as_ref());
        }
    }
    let mut found = Vec::new();
    for (id, args) in catalog {
        match messages.get(id) {
            None | Some(None) => found.push(format!("`{id}` is missing")),
            Some(Some(pattern)) => {
                let mut used = BTreeSet::new();
                variables(pattern, &messages, &mut used, 0);
                let passed = |v: &&str| args.contains(v) || Surface::VARIABLES.contains(v);
                for variable in used.iter().filter(|v| !passed(v)) {
                    found.push(format!(
                        "`{id}` uses ${variable}, which the code does not pass"
                    ));
                }
            }
        }
    }
    for id in messages.keys() {
        if !catalog.iter().any(|(known, _)| known == id) {
            found.push(format!("`{id}` is not a message the code asks for"));
        }
    }
    found
}

/// The variables a pattern reads, following references to other messages
/// (which see the same arguments); a term's variables are its own parameters.
fn variables<'s>(
    pattern: &Pattern<&'s str>,
    messages: &HashMap<&'s str, Option<&Pattern<&'s str>>>,
    used: &mut BTreeSet<&'s str>,
    depth: usize,
) {
    fn inline<'s>(
        expression: &InlineExpression<&'s str>,
        messages: &HashMap<&'s str, Option<&Pattern<&'s str>>>,
        used: &mut BTreeSet<&'s str>,
        depth: usize,
    ) {
        match expression {
            InlineExpression::VariableReference { id } => {
                used.insert(id.name);
            }
            InlineExpression::FunctionReference { arguments, .. } => {
                for argument in &arguments.positional {
                    inline(argument, messages, used, depth);
                }
                for named in &arguments.named {
                    inline(&named.value, messages, used, depth);
                }
            }
            InlineExpression::TermReference {
                arguments: Some(arguments),
                ..
            } => {
                for argument in &arguments.positional {
                    inline(argument, messages, used, depth);
                }
                for named in &arguments.named {
                    inline(&named.value, messages, used, depth);
                }
            }
            InlineExpression::MessageReference { id, .. } if depth < 8 => {
                if let Some(Some(pattern)) = messages.get(id.name) {
                    variables(pattern, messages, used, depth + 1);
                }
            }
            InlineExpression::Placeable { expression } => expr(expression, messages, used, depth),
            _ => {}
        }
    }
    fn expr<'s>(
        expression: &Expression<&'s str>,
        messages: &HashMap<&'s str, Option<&Pattern<&'s str>>>,
        used: &mut BTreeSet<&'s str>,
        depth: usize,
    ) {
        match expression {
            Expression::Inline(e) => inline(e, messages, used, depth),
            Expression::Select { selector, variants } => {
                inline(selector, messages, used, depth);
                for variant in variants {
                    variables(&variant.value, messages, used, depth);
                }
            }
        }
    }
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expr(expression, messages, used, depth);
        }
    }
}

#[test]
fn every_message_is_in_every_language_with_only_the_arguments_passed() {
    for lang in Lang::ALL {
        let found = problems(lang.catalog(), Msg::CATALOG);
        assert!(found.is_empty(), "{lang}.ftl:\n{}", found.join("\n"));
    }
}

#[test]
fn english_uses_every_argument_the_code_passes() {
    let resource = fluent_syntax::parser::parse(Lang::En.catalog()).expect("en.ftl parses");
    let mut messages = HashMap::new();
    for entry in &resource.body {
        if let Entry::Message(message) = entry {
            messages.insert(message.id.name, message.value.as_ref());
        }
    }
    for (id, args) in Msg::CATALOG {
        let mut used = BTreeSet::new();
        if let Some(Some(pattern)) = messages.get(id) {
            variables(pattern, &messages, &mut used, 0);
        }
        for arg in *args {
            assert!(used.contains(arg), "`{id}` in en.ftl never shows ${arg}");
        }
    }
}

#[test]
fn the_check_finds_a_missing_message_and_an_unknown_placeholder() {
    let catalog: &[(&str, &[&str])] = &[("a", &["game"]), ("b", &[])];
    assert!(problems("a = Game { $game }\nb = B\n", catalog).is_empty());
    let missing = problems("a = Game { $game }\n", catalog);
    assert_eq!(missing, ["`b` is missing"]);
    let unknown = problems(
        "a = Game { $gmae }\nb = B { $x ->\n *[one] one\n}\n",
        catalog,
    );
    assert_eq!(unknown.len(), 2, "{unknown:?}");
    let via_reference = problems("a = Game { b }\nb = B { $user }\n", catalog);
    assert_eq!(via_reference.len(), 2, "{via_reference:?}");
    let extra = problems("a = A { $game }\nb = B\nc = C\n", catalog);
    assert_eq!(extra, ["`c` is not a message the code asks for"]);
    assert_eq!(problems("a = { \n", catalog).len(), 1, "a syntax error");
}

/// Every message formats in every language with sample arguments, without
/// errors and without the isolation marks Fluent would put around placeables.
#[test]
fn every_message_formats_cleanly_without_isolation_marks() {
    for lang in Lang::ALL {
        let bundle = &BUNDLES[lang.index()];
        for (id, args) in Msg::CATALOG {
            let mut values = FluentArgs::new();
            for (i, arg) in args.iter().enumerate() {
                values.set(*arg, FluentValue::from(i as i64 + 2));
            }
            values.set("surface", "slash");
            values.set("cmd", "/xiangqi ");
            let pattern = bundle.get_message(id).and_then(|m| m.value());
            let pattern = pattern.unwrap_or_else(|| panic!("{lang}: `{id}` missing"));
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(&values), &mut errors);
            assert!(errors.is_empty(), "{lang}: `{id}`: {errors:?}");
            assert!(
                !text.contains(['\u{2068}', '\u{2069}']),
                "{lang}: `{id}` has isolation marks"
            );
        }
    }
}

#[test]
fn language_codes_and_discord_locales() {
    for (code, lang) in [
        ("en", Lang::En),
        ("en-US", Lang::En),
        ("en-GB", Lang::En),
        ("zh-Hans", Lang::ZhHans),
        ("zh-CN", Lang::ZhHans),
        ("zh_cn", Lang::ZhHans),
        ("ZH-hans", Lang::ZhHans),
        ("zh-Hant", Lang::ZhHant),
        ("zh-TW", Lang::ZhHant),
        ("zh-HK", Lang::ZhHant),
        ("vi", Lang::Vi),
        ("vi-VN", Lang::Vi),
    ] {
        assert_eq!(code.parse::<Lang>(), Ok(lang), "{code}");
    }
    for lang in Lang::ALL {
        assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
        if let Some(locale) = lang.discord_locale() {
            assert_eq!(Lang::from_discord_locale(locale), Some(lang));
        }
    }
    for bad in ["fr", "", "zh-Latn", "english", "x-🀄"] {
        let err = bad.parse::<Lang>().unwrap_err();
        assert!(
            err.to_string().contains("en, zh-Hans, zh-Hant or vi"),
            "{err}"
        );
    }
    assert_eq!(Lang::from_discord_locale("pt-BR"), None);
}

/// Every character a board's caption can say, in every language, and every
/// character of the Chinese and Vietnamese notations, is drawn by the
/// embedded font; one it lacks would show as `?`
/// (`assets/fonts/make-subset.sh` cuts the font to these).
#[test]
fn caption_glyphs_cover_every_language_and_notation() {
    use crate::render::has_glyph;
    use crate::rules::{notation, Position};
    let missing = |text: &str| -> Vec<char> { text.chars().filter(|&c| !has_glyph(c)).collect() };
    for lang in Lang::ALL {
        for color in ["red", "black"] {
            let bot = lang.text(Msg::BotName { level: 3 });
            let seat = lang.text(Msg::Seat {
                name: bot.clone(),
                color: color.into(),
            });
            let pairing = lang.text(Msg::Pairing {
                red: "ann".into(),
                black: bot.clone(),
            });
            let heading = lang.text(Msg::RecordHead {
                game: 7,
                red: "ann".into(),
                black: bot.clone(),
            });
            let captions = [
                seat,
                lang.text(Msg::Caption {
                    game: 7,
                    pairing: pairing.clone(),
                    number: 12,
                    color: color.into(),
                    name: bot.clone(),
                }),
                lang.text(Msg::CaptionOver {
                    game: 7,
                    pairing,
                    number: 12,
                }),
                lang.text(Msg::ReplayCaption { heading, ply: 3 }),
                // The clocks a caption shows: digits, `:`, `.`, brackets,
                // `d`, `h`, `m` (`services::boards::clock_face`).
                lang.text(Msg::CaptionTimed {
                    game: 7,
                    red: "ann".into(),
                    red_clock: "[0:07.3]".into(),
                    black_clock: "1:02:03".into(),
                    black: bot.clone(),
                    number: 12,
                }),
                lang.text(Msg::Caption {
                    game: 7,
                    pairing: "ann".into(),
                    number: 12,
                    color: color.into(),
                    name: "ann [2d 05h] [5h 12m]".into(),
                }),
            ];
            for caption in captions {
                assert_eq!(missing(&caption), Vec::<char>::new(), "{lang}: {caption}");
            }
        }
    }
    let positions = [
        Position::startpos(),
        // Tandem pieces and pawns on several files, to reach 前/后/中 and the
        // numbered pawns.
        Position::from_fen("3akab2/9/4b4/2P1P1P2/2P3P2/9/9/4B4/4A4/3AK4 w").unwrap(),
        Position::from_fen("2bakab2/9/2n1c1n2/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 b")
            .unwrap(),
    ];
    for pos in positions {
        for &mv in pos.legal_moves().iter() {
            for written in [
                notation::chinese(&pos, mv),
                notation::chinese_traditional(&pos, mv),
                notation::vietnamese(&pos, mv),
            ] {
                assert_eq!(missing(&written), Vec::<char>::new(), "{written}");
            }
        }
    }
}

/// English counts agree in number: one game, two games.
#[test]
fn english_counts_agree_in_number() {
    let stats = |games| {
        Lang::En.text(Msg::StatsLine {
            name: "ann".into(),
            rating: "1500".into(),
            rank: 1,
            games,
            wins: 0,
            draws: 0,
            losses: games,
            live: 0,
        })
    };
    let leader = |games| {
        Lang::En.text(Msg::LeaderboardLine {
            rank: 1,
            name: "ann".into(),
            rating: "1500".into(),
            games,
            wins: games,
            draws: 0,
            losses: 0,
        })
    };
    let history = |plies| {
        Lang::En.text(Msg::HistoryLine {
            game: 7,
            pairing: "ann vs bob".into(),
            outcome: "lost".into(),
            plies,
            reason: "resignation".into(),
        })
    };
    let progress = |done, total| {
        Lang::En.text(Msg::ReviewProgress {
            game: 7,
            done,
            total,
        })
    };
    let waiting = |count| Lang::En.text(Msg::TooManyChallenges { count });
    let channels = |max| Lang::En.text(Msg::SettingFormsChannels { max });

    let contains: fn(&str, &str) -> bool = |text, part| text.contains(part);
    let ends: fn(&str, &str) -> bool = |text, part| text.ends_with(part);
    let starts: fn(&str, &str) -> bool = |text, part| text.starts_with(part);
    let cases = [
        (stats(1), contains, "· 1 game: "),
        (stats(2), contains, "· 2 games: "),
        (leader(1), contains, "· 1 game ("),
        (leader(3), contains, "· 3 games ("),
        (history(1), ends, "· 1 ply"),
        (history(40), ends, "· 40 plies"),
        (progress(0, 1), ends, "0 of 1 move…"),
        (progress(1, 2), ends, "1 of 2 moves…"),
        (waiting(1), contains, "have 1 challenge waiting"),
        (waiting(3), contains, "have 3 challenges waiting"),
        (channels(1), starts, "up to 1 channel ("),
        (channels(5), starts, "up to 5 channels ("),
    ];
    for (text, holds, part) in cases {
        assert!(holds(&text, part), "{part:?} in {text:?}");
    }
}
