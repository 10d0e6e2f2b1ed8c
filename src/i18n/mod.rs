//! The languages the bot speaks, and every sentence it says in each of them.
//! The sentences live in Project Fluent catalogs (`assets/i18n/*.ftl`,
//! embedded in the binary); [`messages`] lists each message the code asks
//! for with the arguments it passes, and a test checks the catalogs against
//! that list. The rules, engine, renderer and store know nothing of this:
//! the bot turns their typed results into messages.

mod messages;

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

pub use messages::Msg;

/// What a message's reader can act with where it is shown, which decides
/// how a message names a command: typed words (`accept`, a bare move), or
/// the platform's `/xiangqi …` commands and buttons (where typed words may
/// never reach the bot: Discord without the Message Content intent). The
/// catalogs see it as two variables every message gets: `$surface`
/// (`words` or `slash`, for selectors) and `$cmd`, the text a command is
/// typed after (empty, or `/xiangqi `).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Surface {
    /// Commands are typed as words.
    #[default]
    Words,
    /// Commands are `/xiangqi` subcommands, and buttons are pressed.
    Slash,
}

impl Surface {
    pub const ALL: [Surface; 2] = [Surface::Words, Surface::Slash];

    /// The variables every message gets, by name, with their values here.
    pub const VARIABLES: [&'static str; 2] = ["surface", "cmd"];

    /// Its value of `$surface`.
    pub const fn word(self) -> &'static str {
        match self {
            Surface::Words => "words",
            Surface::Slash => "slash",
        }
    }

    /// Its value of `$cmd`: what a command's words follow when typed.
    pub const fn command_prefix(self) -> &'static str {
        match self {
            Surface::Words => "",
            Surface::Slash => "/xiangqi ",
        }
    }
}

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    /// Simplified Chinese (mainland, Singapore).
    ZhHans,
    /// Traditional Chinese (Taiwan, Hong Kong, Macau).
    ZhHant,
    Vi,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::ZhHans, Lang::ZhHant, Lang::Vi];

    /// Its code, as `--lang` takes it and the settings store it.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
            Lang::Vi => "vi",
        }
    }

    /// The Discord locale a localization is registered under, where it is
    /// not the default (English).
    pub const fn discord_locale(self) -> Option<&'static str> {
        match self {
            Lang::En => None,
            Lang::ZhHans => Some("zh-CN"),
            Lang::ZhHant => Some("zh-TW"),
            Lang::Vi => Some("vi"),
        }
    }

    /// The language of a Discord interaction's locale, when the bot speaks
    /// it (`zh-CN`, `zh-TW`, `vi`, `en-US`, `en-GB`); `None` for the others,
    /// which then fall back to the server's default.
    pub fn from_discord_locale(locale: &str) -> Option<Lang> {
        locale.parse().ok()
    }

    fn catalog(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../assets/i18n/en.ftl"),
            Lang::ZhHans => include_str!("../../assets/i18n/zh-Hans.ftl"),
            Lang::ZhHant => include_str!("../../assets/i18n/zh-Hant.ftl"),
            Lang::Vi => include_str!("../../assets/i18n/vi.ftl"),
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The message `msg` in this language, for a reader who types words
    /// ([`Lang::text_on`] with [`Surface::Words`]).
    pub fn text(self, msg: Msg) -> String {
        self.text_on(msg, Surface::Words)
    }

    /// The message `msg` in this language, naming commands as they work on
    /// `surface`. A message missing from a catalog (the catalog test
    /// prevents it) is said in English rather than not at all.
    pub fn text_on(self, msg: Msg, surface: Surface) -> String {
        let id = msg.id();
        let mut args: FluentArgs = msg.into_args().into_iter().collect();
        args.set("surface", surface.word());
        args.set("cmd", surface.command_prefix());
        let said = |bundle: &FluentBundle<FluentResource>| {
            let pattern = bundle.get_message(id)?.value()?;
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
            if !errors.is_empty() {
                tracing::warn!(
                    id,
                    lang = self.code(),
                    ?errors,
                    "a message did not format cleanly"
                );
            }
            Some(text.into_owned())
        };
        let bundles = &*BUNDLES;
        said(&bundles[self.index()])
            .or_else(|| {
                tracing::warn!(
                    id,
                    lang = self.code(),
                    "a message is missing; saying it in English"
                );
                said(&bundles[Lang::En.index()])
            })
            .unwrap_or_else(|| id.to_string())
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code the bot does not speak, or that is not a language code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a language the bot speaks: use en, zh-Hans, zh-Hant or vi")]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    /// Reads a language code: the bot's own (`en`, `zh-Hans`, `zh-Hant`,
    /// `vi`) or a regional one such as Discord's locales (`zh-CN` and
    /// `zh-SG` are simplified, `zh-TW`, `zh-HK` and `zh-MO` traditional;
    /// `en-US`, `en-GB`, `vi-VN`). Case and `_` for `-` are forgiven.
    fn from_str(text: &str) -> Result<Lang, UnknownLang> {
        let unknown = || UnknownLang(text.chars().take(32).collect());
        let id: LanguageIdentifier = text
            .trim()
            .replace('_', "-")
            .parse()
            .map_err(|_| unknown())?;
        let script = id.script.as_ref().map(|s| s.as_str().to_ascii_lowercase());
        let region = id.region.as_ref().map(|r| r.as_str().to_ascii_uppercase());
        match id.language.as_str() {
            "en" => Ok(Lang::En),
            "vi" => Ok(Lang::Vi),
            "zh" => match (script.as_deref(), region.as_deref()) {
                (Some("hant"), _) | (None, Some("TW" | "HK" | "MO")) => Ok(Lang::ZhHant),
                (Some("hans"), _) | (None, _) => Ok(Lang::ZhHans),
                _ => Err(unknown()),
            },
            _ => Err(unknown()),
        }
    }
}

/// The parsed catalogs, one bundle per language in [`Lang::ALL`]'s order,
/// shared by every thread.
static BUNDLES: LazyLock<Vec<FluentBundle<FluentResource>>> =
    LazyLock::new(|| Lang::ALL.iter().map(|&lang| bundle(lang)).collect());

/// One language's bundle. The catalogs are part of the binary and checked by
/// the tests, so a syntax error in one is logged and its bad entries left
/// out (their messages then fall back to English) rather than stopping the bot.
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Fluent wraps each placeable in Unicode isolation marks for mixed-direction
    // text; none of these languages needs them, and Discord and terminals
    // would show them around every name and number.
    bundle.set_use_isolating(false);
    let resource =
        FluentResource::try_new(lang.catalog().to_string()).unwrap_or_else(|(resource, errors)| {
            tracing::error!(
                lang = lang.code(),
                ?errors,
                "a message catalog has syntax errors"
            );
            resource
        });
    if let Err(errors) = bundle.add_resource(resource) {
        tracing::error!(
            lang = lang.code(),
            ?errors,
            "a message catalog defines a message twice"
        );
    }
    bundle
}

/// Every message of [`Msg::CATALOG`] in `lang` on `surface`, each argument
/// given a sample value (the number 2: selectors take their default),
/// with its id: for the tests that read what the catalogs tell users.
#[cfg(test)]
pub(crate) fn sample_texts(lang: Lang, surface: Surface) -> Vec<(&'static str, String)> {
    let bundle = &BUNDLES[lang.index()];
    Msg::CATALOG
        .iter()
        .filter_map(|(id, args)| {
            let mut values = FluentArgs::new();
            for arg in *args {
                values.set(*arg, fluent_bundle::FluentValue::from(2));
            }
            values.set("surface", surface.word());
            values.set("cmd", surface.command_prefix());
            let pattern = bundle.get_message(id)?.value()?;
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(&values), &mut errors);
            Some((*id, text.into_owned()))
        })
        .collect()
}

#[cfg(test)]
mod tests;
