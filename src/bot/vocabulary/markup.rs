//! User text inside the bot's replies. Replies are written in Discord's
//! markdown (bold, code spans) on every transport, so anything a user chose —
//! a display name, a word they typed — must be neutralised before it is put
//! into one: otherwise a name like `**x**`, `<@123>`, `@everyone`,
//! `[click](https://…)` or a leading `# ` would reformat the reply, show a
//! mention or a link the bot never meant, or (without allowed mentions) ping.
//! Pings are further limited by the transport (Discord's allowed mentions
//! name exactly the users a reply means to ping), so this is about what a
//! reply shows.

use std::fmt;

/// Characters that start markdown, mentions or masked links anywhere in a
/// line in Discord's renderer; each is shown literally after a backslash.
const MARKDOWN: &[char] = &['\\', '*', '_', '~', '`', '|', '<', '@', '[', ']'];
/// Characters that start a header, subtext, quote or list item only at the
/// start of a line, where a name may well stand ("Ann challenges Bob").
const LINE_START: &[char] = &['#', '-', '>', '+'];

/// `text` as plain words inside a markdown reply: every markdown character
/// escaped, line breaks folded to spaces (a name is one line), so that it
/// renders exactly as typed and cannot start a header, quote or list.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut at_start = true;
    for c in text.chars() {
        let starts_line = at_start && LINE_START.contains(&c);
        at_start = at_start && c.is_whitespace();
        match c {
            '\n' | '\r' => out.push(' '),
            c if starts_line || MARKDOWN.contains(&c) => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// `text` for use inside a code span (`` `…` ``): a backtick would close the
/// span early, so it becomes a look-alike; nothing else is rendered there.
pub fn in_code(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '`' => 'ˋ',
            '\n' | '\r' => ' ',
            c => c,
        })
        .collect()
}

/// A user-chosen name as it goes into a reply: [`escape`]d when displayed.
/// Wrapping a name at the point it is formatted keeps the raw text for
/// captions, thread titles and the store.
#[derive(Clone, Copy)]
pub struct Shown<'a>(pub &'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape(self.0))
    }
}

/// Shorthand for [`Shown`].
pub fn shown(name: &str) -> Shown<'_> {
    Shown(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_mentions_and_links_are_shown_literally() {
        assert_eq!(escape("**bold**"), r"\*\*bold\*\*");
        assert_eq!(escape("<@1234>"), r"\<\@1234>");
        assert_eq!(escape("@everyone"), r"\@everyone");
        assert_eq!(escape("[click](https://x.y)"), r"\[click\](https://x.y)");
        assert_eq!(escape("# big"), r"\# big");
        assert_eq!(escape(" -# small"), r" \-# small");
        assert_eq!(escape("xiangqi-bot (level 3)"), "xiangqi-bot (level 3)");
        assert_eq!(escape("a\nb"), "a b");
        assert_eq!(escape("梅 Mei"), "梅 Mei");
    }

    #[test]
    fn code_spans_cannot_be_closed_early() {
        assert_eq!(in_code("a`b"), "aˋb");
        assert!(!in_code("``x``").contains('`'));
    }

    proptest::proptest! {
        #[test]
        fn escaped_text_has_no_bare_markdown(text in "\\PC{0,40}") {
            let escaped = escape(&text);
            let first = escaped.trim_start().chars().next();
            proptest::prop_assert!(!first.is_some_and(|c| LINE_START.contains(&c)));
            let mut chars = escaped.chars();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    let next = chars.next();
                    proptest::prop_assert!(next.is_some_and(|n| MARKDOWN.contains(&n) || LINE_START.contains(&n)));
                } else {
                    proptest::prop_assert!(!MARKDOWN.contains(&c));
                    proptest::prop_assert!(c != '\n');
                }
            }
        }
    }
}
