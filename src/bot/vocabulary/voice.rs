//! How the bot speaks to a reader: in which language, and which notation its
//! moves show first. The core works out one [`Voice`] per request (the user's
//! setting, then the interaction's locale, then the server's default) and
//! says everything through it; this file also turns the rules' typed errors
//! into that language, so the rules themselves stay free of any. A voice
//! also knows how commands are given where it is read (its `Surface`).

use crate::i18n::{Lang, Msg, Surface};
use crate::render::Style;
use crate::rules::notation::{
    self, readings_differ_in_notation, ImpossibleShape, MissingPiece, MissingPlace, MoveError,
    Notation, Reading,
};
use crate::rules::{Color, IllegalReason, Move, PieceKind, Position};
use crate::store::{Participant, TimeControl};

/// A language, the notation moves are shown in first, and the look of the
/// boards drawn for this reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Voice {
    pub lang: Lang,
    pub notation: Notation,
    /// Unless a command names another (`board … international`).
    pub style: Style,
    /// What the reader can act with where the words are shown (the
    /// outbox's [`Surface`]): messages name commands in that form.
    pub surface: Surface,
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
            surface: Surface::default(),
        }
    }

    /// The same voice drawing boards in `style`.
    pub fn with_style(self, style: Style) -> Voice {
        Voice { style, ..self }
    }

    /// The same voice for a reader on `surface`.
    pub fn on(self, surface: Surface) -> Voice {
        Voice { surface, ..self }
    }

    /// A message in this voice's language, naming commands as they work on
    /// its surface.
    pub fn say(self, msg: Msg) -> String {
        self.lang.text_on(msg, self.surface)
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
            MoveError::NoPiece { input, detail, .. } => Msg::MoveNoPiece {
                input: in_code(input),
                detail: self.missing_piece(detail),
            },
            MoveError::Impossible { input, detail, .. } => Msg::MoveImpossible {
                input: in_code(input),
                detail: self.impossible_shape(detail),
            },
            MoveError::Ambiguous { input, options, .. } => Msg::MoveAmbiguous {
                input: in_code(input),
                // Each in the notation the text was read in, with ICCS; and
                // which notation, when the readings differ in it.
                options: options
                    .iter()
                    .map(|reading| self.reading(reading, readings_differ_in_notation(options)))
                    .collect::<Vec<_>>()
                    .join(" / "),
            },
        })
    }

    /// One way an ambiguous move reads: `C2=5 (h2e2)`, or with its notation
    /// named, `P5=4 in WXF (e6f6)`.
    fn reading(self, reading: &Reading, name_notation: bool) -> String {
        let iccs = reading.mv.to_string();
        if name_notation {
            self.say(Msg::MoveReadingIn {
                written: reading.written.clone(),
                notation: self.say(Msg::NotationName {
                    notation: reading.notation.word().into(),
                }),
                iccs,
            })
        } else if reading.written == iccs {
            iccs
        } else {
            format!("{} ({iccs})", reading.written)
        }
    }

    /// The piece a WXF, Chinese or Vietnamese move named and the mover lacks.
    pub fn missing_piece(self, missing: &MissingPiece) -> String {
        let (place, file) = match missing.place {
            MissingPlace::OnFile(file) => ("on-file", file),
            MissingPlace::PlaceOnFile(file) => ("place-on-file", file),
            MissingPlace::PlaceOnSharedFile => ("place-on-shared-file", 0),
        };
        self.say(Msg::MissingPiece {
            color: color_key(missing.color).into(),
            piece: piece_key(missing.kind).into(),
            place: place.into(),
            file: i64::from(file),
        })
    }

    /// Why the named piece cannot move the way a WXF, Chinese or Vietnamese
    /// move says.
    pub fn impossible_shape(self, shape: &ImpossibleShape) -> String {
        let (key, kind, file) = match *shape {
            ImpossibleShape::NumberOutOfRange => ("number-out-of-range", None, 0),
            ImpossibleShape::AlreadyOnFile { kind, file } => ("already-on-file", Some(kind), file),
            ImpossibleShape::OutOfDiagonalReach { kind, file } => {
                ("out-of-diagonal-reach", Some(kind), file)
            }
            ImpossibleShape::NeverSideways { kind } => ("never-sideways", Some(kind), 0),
            ImpossibleShape::OffBoard { kind } => ("off-board", Some(kind), 0),
        };
        self.say(Msg::ImpossibleShape {
            shape: key.into(),
            piece: kind.map_or("other", piece_key).into(),
            file: i64::from(file),
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
    /// A time control in words: "10 min + 5 s", "3 days a move", "no clock".
    pub fn time_control(self, control: TimeControl) -> String {
        self.say(match control {
            TimeControl::Untimed => Msg::TimeControlNone,
            TimeControl::Live {
                minutes,
                increment_secs,
            } => Msg::TimeControlLive {
                minutes: minutes.into(),
                increment: increment_secs.into(),
            },
            TimeControl::Correspondence { days } => Msg::TimeControlDays { days: days.into() },
        })
    }

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

pub fn piece_key(kind: PieceKind) -> &'static str {
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

    /// The words a Chinese or Vietnamese reader should never meet in a
    /// refusal of their move.
    const ENGLISH: [&str; 8] = [
        " in ",
        " has no ",
        " on file",
        " never ",
        "diagonally",
        "matches no",
        "level",
        " or ",
    ];

    fn refusals(lang: Lang, fen: &str, typed: &[&str]) -> Vec<String> {
        let pos = Position::from_fen(fen).unwrap();
        typed
            .iter()
            .map(|text| {
                let err = notation::parse_move(&pos, text).expect_err(text);
                Voice::of(lang).move_error(&err)
            })
            .collect()
    }

    /// A piece the move names but the mover lacks, a shape the piece cannot
    /// move in, and the readings of an ambiguous move (in one notation, and
    /// in WXF against Vietnamese) are worded in the reader's language.
    #[test]
    fn refused_moves_are_explained_in_the_readers_language() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let tandem_chariots = "4k4/9/9/9/9/9/1R7/9/9/1R1K5 w - - 0 1";
        let two_readings = "5k3/9/9/4P4/9/9/9/9/4C4/3K5 w - - 0 1";
        let typed = ["R5+1", "H2=3", "E3+4", "炮二进十"];
        for lang in [Lang::ZhHans, Lang::ZhHant, Lang::Vi] {
            let mut said = refusals(lang, start, &typed);
            said.extend(refusals(lang, tandem_chariots, &["R8+1"]));
            said.extend(refusals(lang, two_readings, &["P5.4"]));
            for text in &said {
                for word in ENGLISH {
                    assert!(!text.contains(word), "{}: {word:?} in {text}", lang.code());
                }
            }
        }
        let zh = refusals(Lang::ZhHans, start, &typed);
        assert_eq!(zh[0], "`R5+1` 找不到对应的己方棋子（红方第 5 路上没有车）");
        assert_eq!(zh[1], "`H2=3` 不是可能的着法：马不能平走");
        let vi = refusals(Lang::Vi, tandem_chariots, &["R8+1"]);
        assert!(vi[0].contains("không rõ nghĩa"), "{}", vi[0]);
        assert!(vi[0].contains("R++1 (b3b4)"), "{}", vi[0]);
        assert!(vi[0].contains("R-+1 (b0b1)"), "{}", vi[0]);
        let tw = refusals(Lang::ZhHant, two_readings, &["P5.4"]);
        assert!(tw[0].contains("（WXF，"), "{}", tw[0]);
        assert!(tw[0].contains("（越南記譜，"), "{}", tw[0]);
    }

    /// The bot named in "game #1 is between …" is named in the reader's
    /// language.
    #[test]
    fn a_stranger_hears_the_bots_name_in_their_language() {
        let err = super::super::error::BotError::NotAPlayer {
            game: crate::store::GameId(1),
            red: Participant::Bot(crate::store::BotLevel::new(3).unwrap()),
            black: Participant::User(crate::store::UserRef::new("7", "carol")),
        };
        let said = err.message(Voice::of(Lang::ZhHans));
        assert!(said.contains("xiangqi-bot（3 级） 与 carol"), "{said}");
        assert!(!said.contains("(level"), "{said}");
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
