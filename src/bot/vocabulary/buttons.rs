//! Buttons a reply offers, knowing no transport: what pressing one does
//! ([`Action`]), on what ([`Press`]: a challenge or game id, and the ply the
//! message showed), and its label in the reader's language. A press carries
//! everything it needs in its id ([`Press::custom_id`]), so another process,
//! or this one after a restart, handles it with nothing remembered. A press
//! may open a [`Form`] instead of acting at once (a game's Move button asks
//! for the move), whose submission comes back as a press of its own.

use super::voice::Voice;
use crate::i18n::Msg;

/// What a button does, in the words its typed equivalent uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The challenged player takes the challenge (`accept`).
    Accept,
    /// The challenged player refuses it (`decline`).
    Decline,
    /// The challenger takes it back (`decline`, said by the challenger).
    Withdraw,
    /// The opponent agrees to the draw offered in a game (`draw`).
    AcceptDraw,
    /// The opponent refuses it (`decline`).
    DeclineDraw,
    /// A game's board: opens the form that asks for a move (`move`).
    Move,
    /// That form sent back, with the move written in it (`move <text>`).
    SubmitMove,
    /// A game's board: asks the player, privately, to confirm (`resign`).
    Resign,
    /// The confirmation's button: resigns (`resign`).
    ConfirmResign,
    /// A game's board: offers a draw, or accepts the one standing (`draw`).
    OfferDraw,
    /// A game's board: asks for a takeback, or agrees to one (`takeback`).
    Takeback,
    /// A game's board, against the bot with hints on (`hint`).
    Hint,
    /// A game's board seen from the other side (`flip`).
    Flip,
    /// Anyone who can see a finished game asks for its review (`review`).
    Review,
    /// A player of a finished game asks to play it again, colours swapped
    /// (`rematch`).
    Rematch,
    /// Anyone enters the tournament it was posted for (`tournament join`).
    JoinTournament,
    /// An entrant leaves it (`tournament leave`).
    LeaveTournament,
}

impl Action {
    const ALL: [Action; 17] = [
        Action::Accept,
        Action::Decline,
        Action::Withdraw,
        Action::AcceptDraw,
        Action::DeclineDraw,
        Action::Move,
        Action::SubmitMove,
        Action::Resign,
        Action::ConfirmResign,
        Action::OfferDraw,
        Action::Takeback,
        Action::Hint,
        Action::Flip,
        Action::Review,
        Action::Rematch,
        Action::JoinTournament,
        Action::LeaveTournament,
    ];

    /// Whether its target is a tournament (else a challenge or a game).
    pub fn on_tournament(self) -> bool {
        matches!(self, Action::JoinTournament | Action::LeaveTournament)
    }

    /// Whether its target is a challenge (else a game or a tournament).
    pub fn on_challenge(self) -> bool {
        matches!(self, Action::Accept | Action::Decline | Action::Withdraw)
    }

    /// Whether it is one of the controls every board of a live game carries
    /// (Move, Resign, Draw, Takeback, Hint, Flip): the buttons a transport
    /// keeps live on the game's latest board only.
    pub fn is_game_control(self) -> bool {
        matches!(
            self,
            Action::Move
                | Action::Resign
                | Action::OfferDraw
                | Action::Takeback
                | Action::Hint
                | Action::Flip
        )
    }

    /// Whether pressing it opens a form instead of acting: the transport
    /// must not acknowledge the press before the core answers it, since
    /// the form is the press's one answer.
    pub fn opens_form(self) -> bool {
        self == Action::Move
    }

    /// Whether it is pressed on a finished game (else on a challenge or a
    /// live game).
    pub fn after_game(self) -> bool {
        matches!(self, Action::Review | Action::Rematch)
    }

    /// Its name inside a custom_id: short, stable across releases.
    fn code(self) -> &'static str {
        match self {
            Action::Accept => "accept",
            Action::Decline => "decline",
            Action::Withdraw => "withdraw",
            Action::AcceptDraw => "draw",
            Action::DeclineDraw => "nodraw",
            Action::Move => "move",
            Action::SubmitMove => "play",
            Action::Resign => "resign",
            Action::ConfirmResign => "resignok",
            Action::OfferDraw => "offerdraw",
            Action::Takeback => "takeback",
            Action::Hint => "hint",
            Action::Flip => "flip",
            Action::Review => "review",
            Action::Rematch => "rematch",
            Action::JoinTournament => "tjoin",
            Action::LeaveTournament => "tleave",
        }
    }

    /// The typed command that does the same, shown where buttons cannot be
    /// (the console draws buttons as a line of these).
    pub fn typed(self) -> &'static str {
        match self {
            Action::Accept => "accept",
            Action::Decline | Action::Withdraw | Action::DeclineDraw => "decline",
            Action::AcceptDraw | Action::OfferDraw => "draw",
            Action::Move | Action::SubmitMove => "move",
            Action::Resign | Action::ConfirmResign => "resign",
            Action::Takeback => "takeback",
            Action::Hint => "hint",
            Action::Flip => "flip",
            Action::Review => "review",
            Action::Rematch => "rematch",
            Action::JoinTournament => "tournament join",
            Action::LeaveTournament => "tournament leave",
        }
    }
}

/// How a button looks: the platform's colours, by meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Primary,
    Secondary,
    Danger,
}

/// One press: an action on a challenge or game, at the ply its message
/// showed (0 for a challenge): a press on an older position is stale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    pub action: Action,
    pub target: i64,
    pub ply: u32,
}

/// The version tag every custom_id starts with: a later format gets a new
/// tag, and old buttons are then answered as not understood, never misread.
const TAG: &str = "xq1";

impl Press {
    /// `xq1:<action>:<id>:<ply>`, at most 40 characters (Discord allows 100).
    pub fn custom_id(&self) -> String {
        format!("{TAG}:{}:{}:{}", self.action.code(), self.target, self.ply)
    }

    /// Reads a custom_id; `None` for anything not made by [`Press::custom_id`].
    /// A custom_id comes back from the platform as a user's client sent it,
    /// so it is read as untrusted text.
    pub fn parse(custom_id: &str) -> Option<Press> {
        let mut parts = custom_id.split(':');
        if parts.next()? != TAG {
            return None;
        }
        let code = parts.next()?;
        let action = Action::ALL.into_iter().find(|a| a.code() == code)?;
        let target = parts.next()?.parse::<i64>().ok().filter(|id| *id > 0)?;
        let ply = parts.next()?.parse::<u32>().ok()?;
        if parts.next().is_some() {
            return None;
        }
        Some(Press {
            action,
            target,
            ply,
        })
    }
}

impl Press {
    /// The button that makes this press, labelled in `voice`'s language.
    pub fn button(self, voice: Voice, label: Msg, style: Style) -> Button {
        Button {
            press: self,
            label: voice.say(label),
            style,
        }
    }
}

/// A button on a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub press: Press,
    /// Already in the reader's language.
    pub label: String,
    pub style: Style,
}

/// A form a press opens: one line of text to fill in, sent back as a press
/// whose custom_id is [`Form::custom_id`] (a [`Press`] of its own, so the
/// submission too carries all it needs). Discord shows it as a modal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    pub custom_id: String,
    /// Already in the reader's language, as are the field's label and hint.
    pub title: String,
    pub label: String,
    pub placeholder: String,
}

/// Buttons as a line of their typed equivalents, each once, in order
/// (`[accept] [decline]`), for a transport that cannot show buttons; `None`
/// for no buttons. A board's game controls are left out: where moves are
/// typed, `move`, `resign` and the rest are typed too, and a line of six
/// words under every board would only repeat `help`.
pub fn typed_line(buttons: &[Button]) -> Option<String> {
    let mut words: Vec<&str> = Vec::new();
    for button in buttons.iter().filter(|b| !b.press.action.is_game_control()) {
        let word = button.press.action.typed();
        if !words.contains(&word) {
            words.push(word);
        }
    }
    (!words.is_empty()).then(|| {
        words
            .iter()
            .map(|word| format!("[{word}]"))
            .collect::<Vec<_>>()
            .join(" ")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_read_as_the_words_that_do_the_same() {
        let button = |action| Button {
            press: Press {
                action,
                target: 1,
                ply: 0,
            },
            label: "whatever".into(),
            style: Style::Primary,
        };
        let challenge = [
            button(Action::Accept),
            button(Action::Decline),
            button(Action::Withdraw),
        ];
        assert_eq!(
            typed_line(&challenge).as_deref(),
            Some("[accept] [decline]")
        );
        assert_eq!(typed_line(&[]), None);
        let board = [
            button(Action::Move),
            button(Action::OfferDraw),
            button(Action::Resign),
        ];
        assert_eq!(typed_line(&board), None);
        let offer = [button(Action::AcceptDraw), button(Action::DeclineDraw)];
        assert_eq!(typed_line(&offer).as_deref(), Some("[draw] [decline]"));
        let end = [button(Action::Review), button(Action::Rematch)];
        assert_eq!(typed_line(&end).as_deref(), Some("[review] [rematch]"));
    }

    #[test]
    fn every_action_has_its_own_code() {
        let codes: std::collections::HashSet<_> = Action::ALL.iter().map(|a| a.code()).collect();
        assert_eq!(codes.len(), Action::ALL.len());
        for code in [
            "move",
            "play",
            "resign",
            "resignok",
            "offerdraw",
            "takeback",
            "hint",
            "flip",
        ] {
            let id = format!("xq1:{code}:12:7");
            let press = Press::parse(&id).expect(code);
            assert_eq!((press.target, press.ply, press.custom_id()), (12, 7, id));
            assert!(!press.action.on_challenge(), "{code}");
        }
        assert!(Action::Move.opens_form() && !Action::SubmitMove.opens_form());
        assert!(!Action::ConfirmResign.is_game_control() && !Action::SubmitMove.is_game_control());
    }

    #[test]
    fn a_custom_id_reads_back_as_the_press_it_came_from() {
        for action in Action::ALL {
            let press = Press {
                action,
                target: 9_007_199_254_740_993,
                ply: 250,
            };
            let id = press.custom_id();
            assert!(id.len() <= 100, "{id}");
            assert_eq!(Press::parse(&id), Some(press));
        }
    }

    #[test]
    fn anything_else_is_not_a_press() {
        for id in [
            "",
            "xq1",
            "xq1:accept:5",
            "xq1:accept:5:0:9",
            "xq2:accept:5:0",
            "xq1:castle:5:0",
            "xq1:move:5",
            "xq1:play:5:1:h2e2",
            "xq1:resignok:0:3",
            "xq1:Flip:5:0",
            "xq1:accept:-5:0",
            "xq1:accept:0:0",
            "xq1:accept:5:-1",
            "xq1:accept:99999999999999999999:0",
        ] {
            assert_eq!(Press::parse(id), None, "{id}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_without_panicking(text in "\\PC{0,60}") {
            let _ = Press::parse(&text);
            let _ = Press::parse(&format!("xq1:{text}"));
        }
    }
}
