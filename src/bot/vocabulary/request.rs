//! Who asks and where: a user of a transport ([`Actor`]), the place they
//! speak in ([`Place`]), and everything the core knows of a requester
//! beyond their command ([`Requester`]).

use crate::i18n::Lang;

use super::permissions::Permissions;

/// A user of a transport: its platform id and the name to show.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Actor {
    pub id: String,
    pub name: String,
}

impl Actor {
    /// The actor under a name that cannot pass for the bot's. Replies name
    /// the bot `xiangqi-bot (level N)` and players by their display names,
    /// so a user named `xiangqi-bot`, `XiangQi_Bot` or `хiangqi-bot` (a
    /// Cyrillic х) could speak as the bot in a game's messages. Such a name
    /// keeps what the user chose and gains their id, `xiangqi-bot (user
    /// 1234)`: still theirs, never the bot's, and unlike a refusal it lets
    /// them play. Other lookalikes between two users are left alone: the
    /// platform shows who typed each message, and the bot mentions users by
    /// id where it pings them.
    pub fn unmistakable(mut self) -> Actor {
        if passes_for_the_bot(&self.name) {
            self.name = format!("{} (user {})", self.name, self.id);
        }
        self
    }
}

/// Whether `name` reads as the bot's name once case, separators, full-width
/// forms and common look-alike letters are set aside.
fn passes_for_the_bot(name: &str) -> bool {
    let folded: String = name
        .chars()
        .map(|c| match c {
            // Full-width ASCII (ｘｉａｎｇｑｉ) is ASCII drawn wide.
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .filter_map(|c| {
            Some(match c {
                'а' | 'α' => 'a',
                'е' | 'ε' => 'e',
                'і' | 'ı' | 'ι' | '1' | 'l' | '|' | '!' => 'i',
                'о' | 'ο' | '0' => 'o',
                'х' | 'χ' => 'x',
                'ԛ' => 'q',
                'ɡ' | 'ց' => 'g',
                'ո' | 'η' => 'n',
                'ь' | 'в' | 'β' => 'b',
                'т' | 'τ' => 't',
                c if c.is_ascii_alphanumeric() => c,
                _ => return None,
            })
        })
        .collect();
    folded.contains("xiangqibot")
}

/// Where something is said: a channel, in a server (`guild`) or not, and
/// possibly a thread inside that channel.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub guild: Option<String>,
    pub channel: String,
    pub thread: Option<String>,
}

impl Place {
    /// The channel, leaving its thread aside: "one game per player per
    /// channel" counts the games in the channel's threads too.
    pub fn channel_only(&self) -> Place {
        Place {
            thread: None,
            ..self.clone()
        }
    }
}

/// Who made a request, and what the transport says of them: where they
/// asked, their client's language and their rights there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Requester {
    pub actor: Actor,
    pub place: Place,
    /// The language the user's client is set to, when the transport knows
    /// it and the bot speaks it (a Discord interaction's locale).
    pub locale: Option<Lang>,
    /// What the requester may manage where they asked, as the platform
    /// reports it (a Discord interaction's member permissions; the console's
    /// user has them all); `None` when the transport cannot tell (a typed
    /// Discord message), which grants nothing.
    pub permissions: Option<Permissions>,
    /// The roles (platform ids) they hold where they asked; empty outside
    /// a server or where the platform has none.
    pub roles: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_pass_for_the_bot_gain_the_users_id() {
        for name in [
            "xiangqi-bot",
            "XiangQi_Bot",
            "xiangqi-bot (level 20)",
            "\u{0445}iangqi-bot",
            "ｘｉａｎｇｑｉ－ｂｏｔ",
            "x i a n g q 1 b 0 t",
        ] {
            let actor = Actor {
                id: "42".into(),
                name: name.into(),
            };
            assert_eq!(
                actor.unmistakable().name,
                format!("{name} (user 42)"),
                "{name}"
            );
        }
        for name in ["xiangqi fan", "bot", "alice"] {
            let actor = Actor {
                id: "42".into(),
                name: name.into(),
            };
            assert_eq!(actor.unmistakable().name, name);
        }
    }
}
