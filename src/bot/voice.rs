//! How the bot speaks to a reader: in which language, and which notation its
//! moves show first. The core works out one [`Voice`] per request (the user's
//! setting, then the interaction's locale, then the server's default) and
//! says everything through it; this file also turns the rules' typed errors
//! into that language, so the rules themselves stay free of any.

use crate::i18n::{Lang, Msg};
use crate::render::Style;
use crate::rules::notation::{self, MoveError, Notation};
use crate::rules::{Color, IllegalReason, Move, PieceKind, Position};
use crate::store::Participant;

/// A language, the notation moves are shown in first, and the look of the
/// boards drawn for this reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Voice {
    pub lang: Lang,
    pub notation: Notation,
    /// Unless a command names another (`board … international`).
    pub style: Style,
}

impl Default for Voice {
    /// English, moves in ICCS first.
    fn default() -> Voice {
        Voice::of(Lang::En)
    }
}

impl Voice {
    /// The language's own voice: Chinese notation for Chinese readers,
    /// Vietnamese notation for Vietnamese ones, ICCS for English.
    pub fn of(lang: Lang) -> Voice {
        Voice {
            lang,
            notation: native_notation(lang),
            style: Style::default(),
        }
    }

    /// The same voice drawing boards in `style`.
    pub fn with_style(self, style: Style) -> Voice {
        Voice { style, ..self }
    }

    /// A message in this voice's language.
    pub fn say(self, msg: Msg) -> String {
        self.lang.text(msg)
    }

    /// A move as this reader reads it, from the position before it. ICCS
    /// first shows WXF and Chinese after it (`h2e2 (C2=5, 炮二平五)`); any
    /// other notation first is followed by ICCS (`炮二平五 (h2e2)`).
    pub fn describe_move(self, before: &Position, mv: Move) -> String {
        match self.notation {
            Notation::Iccs => format!(
                "{} ({}, {})",
                notation::iccs(mv),
                notation::wxf(before, mv),
                self.chinese(before, mv)
            ),
            first => format!("{} ({})", self.write(first, before, mv), notation::iccs(mv)),
        }
    }

    /// `mv` in `notation`, Chinese in the reader's characters.
    fn write(self, notation: Notation, before: &Position, mv: Move) -> String {
        match notation {
            Notation::Chinese => self.chinese(before, mv),
            other => other.write(before, mv),
        }
    }

    fn chinese(self, before: &Position, mv: Move) -> String {
        if self.lang == Lang::ZhHant {
            notation::chinese_traditional(before, mv)
        } else {
            notation::chinese(before, mv)
        }
    }

    /// A side's name: a player's own, or the bot's at its level, in this
    /// language ("xiangqi-bot (level 3)", "xiangqi-bot（3 级）").
    pub fn name_of(self, participant: &Participant) -> String {
        match participant.bot_level() {
            Some(level) => self.say(Msg::BotName {
                level: i64::from(level.get()),
            }),
            None => participant.display_name(),
        }
    }

    /// A colour's name.
    pub fn color(self, color: Color) -> String {
        self.say(Msg::Color {
            color: color_key(color).into(),
        })
    }

    /// Why the rules refused a typed move.
    pub fn move_error(self, err: &MoveError) -> String {
        self.say(match err {
            MoveError::Empty => Msg::MoveEmpty,
            MoveError::Unrecognized { input } => Msg::MoveUnrecognized {
                input: in_code(input),
            },
            MoveError::RanksFromOne { input } => Msg::MoveRanksFromOne {
                input: in_code(input),
            },
            MoveError::NoSuchFile { input, file } => Msg::MoveNoSuchFile {
                input: in_code(input),
                file: file.to_string(),
            },
            MoveError::Illegal { reason, .. } => return self.illegal(reason),
            // The rules word these details in English only; the other
            // catalogs leave them out.
            MoveError::NoPiece { input, detail, .. } => Msg::MoveNoPiece {
                input: in_code(input),
                detail: detail.clone(),
            },
            MoveError::Impossible { input, detail, .. } => Msg::MoveImpossible {
                input: in_code(input),
                detail: detail.clone(),
            },
            MoveError::Ambiguous { input, options, .. } => Msg::MoveAmbiguous {
                input: in_code(input),
                options: options
                    .iter()
                    .map(|(_, mv)| mv.to_string())
                    .collect::<Vec<_>>()
                    .join(" / "),
            },
        })
    }

    /// The rule a move breaks.
    pub fn illegal(self, reason: &IllegalReason) -> String {
        let piece = |kind: &PieceKind| piece_key(*kind).to_string();
        self.say(match reason {
            IllegalReason::NoMovement { square } => Msg::IllegalNoMovement {
                square: square.to_string(),
            },
            IllegalReason::NoPiece { square } => Msg::IllegalNoPiece {
                square: square.to_string(),
            },
            IllegalReason::WrongSide { square, color } => Msg::IllegalWrongSide {
                square: square.to_string(),
                color: color_key(*color).into(),
            },
            IllegalReason::CapturesOwnPiece { square } => Msg::IllegalCapturesOwn {
                square: square.to_string(),
            },
            IllegalReason::CannotMoveThatWay { kind, from, to } => Msg::IllegalCannotMove {
                from: from.to_string(),
                to: to.to_string(),
                piece: piece(kind),
            },
            IllegalReason::LeavesPalace { kind } => Msg::IllegalLeavesPalace { piece: piece(kind) },
            IllegalReason::HorseLegBlocked { leg } => Msg::IllegalHorseLeg {
                square: leg.to_string(),
            },
            IllegalReason::ElephantEyeBlocked { eye } => Msg::IllegalElephantEye {
                square: eye.to_string(),
            },
            IllegalReason::ElephantCrossesRiver => Msg::IllegalElephantRiver,
            IllegalReason::SoldierSidewaysBeforeRiver => Msg::IllegalSoldierSideways,
            IllegalReason::SoldierBackward => Msg::IllegalSoldierBackward,
            IllegalReason::PathBlocked { kind, at } => Msg::IllegalPathBlocked {
                square: at.to_string(),
                piece: piece(kind),
            },
            IllegalReason::CannonScreens { screens } => Msg::IllegalCannonScreens {
                screens: i64::from(*screens),
            },
            IllegalReason::LeavesGeneralInCheck => Msg::IllegalLeavesCheck,
            IllegalReason::GeneralsFace => Msg::IllegalGeneralsFace,
            IllegalReason::NotIllegal => Msg::IllegalNotIllegal,
        })
    }

    /// A duration in words: "3 days", "5 hours", "10 minutes", "30 seconds",
    /// in the largest unit that divides it (or else in hours or minutes).
    pub fn duration(self, duration: std::time::Duration) -> String {
        let secs = duration.as_secs();
        let (count, unit) = if secs >= 86_400 && secs.is_multiple_of(86_400) {
            (secs / 86_400, "day")
        } else if secs >= 3600 {
            (secs / 3600, "hour")
        } else if secs >= 60 {
            (secs / 60, "minute")
        } else {
            (secs.max(1), "second")
        };
        self.say(Msg::Duration {
            unit: unit.into(),
            count: i64::try_from(count).unwrap_or(i64::MAX),
        })
    }
}

/// The notation a language's players write.
pub fn native_notation(lang: Lang) -> Notation {
    match lang {
        Lang::En => Notation::Iccs,
        Lang::ZhHans | Lang::ZhHant => Notation::Chinese,
        Lang::Vi => Notation::Vietnamese,
    }
}

/// A colour as the catalogs' selectors name it.
pub fn color_key(color: Color) -> &'static str {
    match color {
        Color::Red => "red",
        Color::Black => "black",
    }
}

pub(super) fn piece_key(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::General => "general",
        PieceKind::Advisor => "advisor",
        PieceKind::Elephant => "elephant",
        PieceKind::Horse => "horse",
        PieceKind::Chariot => "chariot",
        PieceKind::Cannon => "cannon",
        PieceKind::Soldier => "soldier",
    }
}

fn in_code(text: &str) -> String {
    super::markup::in_code(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn durations_in_words() {
        let en = Voice::of(Lang::En);
        assert_eq!(en.duration(Duration::from_secs(3 * 86_400)), "3 days");
        assert_eq!(en.duration(Duration::from_secs(86_400)), "1 day");
        assert_eq!(en.duration(Duration::from_secs(5 * 3600)), "5 hours");
        assert_eq!(en.duration(Duration::from_secs(600)), "10 minutes");
        assert_eq!(en.duration(Duration::from_secs(60)), "1 minute");
        assert_eq!(en.duration(Duration::from_secs(30)), "30 seconds");
        assert_eq!(
            Voice::of(Lang::ZhHans).duration(Duration::from_secs(600)),
            "10 分钟"
        );
        assert_eq!(
            Voice::of(Lang::Vi).duration(Duration::from_secs(600)),
            "10 phút"
        );
    }

    #[test]
    fn moves_are_shown_in_the_readers_notation_first() {
        let start = Position::startpos();
        let mv = notation::parse_move(&start, "h2e2").unwrap().mv;
        assert_eq!(
            Voice::of(Lang::En).describe_move(&start, mv),
            "h2e2 (C2=5, 炮二平五)"
        );
        assert_eq!(
            Voice::of(Lang::ZhHans).describe_move(&start, mv),
            "炮二平五 (h2e2)"
        );
        assert_eq!(
            Voice::of(Lang::ZhHant).describe_move(&start, mv),
            "炮二平五 (h2e2)"
        );
        assert_eq!(Voice::of(Lang::Vi).describe_move(&start, mv), "P2-5 (h2e2)");
        let horse = notation::parse_move(&start, "h0g2").unwrap().mv;
        assert_eq!(
            Voice::of(Lang::ZhHant).describe_move(&start, horse),
            "馬二進三 (h0g2)"
        );
        assert_eq!(
            Voice::of(Lang::ZhHans).describe_move(&start, horse),
            "马二进三 (h0g2)"
        );
    }
}
