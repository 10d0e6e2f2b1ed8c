//! A stored game as a standard record: the Xiangqi PGN that XQBase published
//! ("中国象棋电脑应用规范 (三) PGN 文件格式") and ElephantEye, XQStudio and
//! most Chinese game viewers read, with the moves in ICCS (`[Format "ICCS"]`).
//!
//! Why this format: it is the one text format those tools share (XQF is a
//! binary, obfuscated format; WXF files are rarely read by anything but
//! their own program), its headers carry everything the bot stores, and ICCS
//! moves need no position to write, so the export cannot disagree with the
//! rules layer. Tags follow the spec's order; the end reason, which the spec
//! has no tag for, goes in a `Termination` tag (as chess PGN names it;
//! unknown tags are skipped by readers), and the clock in `TimeControl`
//! (chess PGN's form). No comment follows the moves: a common reader, the
//! `cchess` package, stops with an error at a comment there.

use crate::rules::notation::pgn::write_pgn;

use super::model::{GameRecord, MoveRecord, Participant, UnixMillis, START_FEN};
use super::time_control::TimeControl;

impl super::handle::Store {
    /// Game `id` as a PGN record (see the module's notes on the format).
    pub async fn export_pgn(&self, id: super::model::GameId) -> super::error::StoreResult<String> {
        let (game, moves) = self.game_with_moves(id).await?;
        Ok(to_pgn(&game, &moves))
    }
}

/// Writes `game` with `moves` (in ply order) as one PGN game, ending in a newline.
pub fn to_pgn(game: &GameRecord, moves: &[MoveRecord]) -> String {
    let result = game.result.map_or("*", |r| r.as_str());
    let mut tags: Vec<(&str, String)> = vec![
        ("Game", "Chinese Chess".into()),
        ("Event", format!("xiangqi-bot game {}", game.id.0)),
        ("Site", "xiangqi-bot".into()),
        ("Date", pgn_date(game.created_at)),
        ("Round", "-".into()),
        ("Red", game.red.display_name()),
        ("Black", game.black.display_name()),
        ("Result", result.into()),
    ];
    if let Some(rating) = side_rating(&game.red, game.red_rating.map(|r| r.before)) {
        tags.push(("RedElo", rating));
    }
    if let Some(rating) = side_rating(&game.black, game.black_rating.map(|r| r.before)) {
        tags.push(("BlackElo", rating));
    }
    if let Some(reason) = &game.reason {
        tags.push(("Termination", reason.clone()));
    }
    tags.push(("TimeControl", pgn_time_control(game.time_control)));
    tags.push(("Format", "ICCS".into()));
    if game.start_fen != START_FEN {
        tags.push(("FEN", game.start_fen.clone()));
    }
    write_pgn(
        &tags,
        moves.iter().map(|m| (m.iccs.from, m.iccs.to)),
        game.start_side == crate::rules::Color::Black,
        None,
        result,
    )
}

/// Chess PGN's `TimeControl`: `600+5` (seconds and increment), `1/259200`
/// (one move per three days), `-` (no clock).
fn pgn_time_control(control: TimeControl) -> String {
    match control {
        TimeControl::Untimed => "-".into(),
        TimeControl::Live {
            minutes,
            increment_secs,
        } => format!("{}+{increment_secs}", minutes * 60),
        TimeControl::Correspondence { days } => format!("1/{}", days * 86_400),
    }
}

/// The rating a side had when the game was played: a user's stored rating
/// before the game, or a bot level's fixed rating.
fn side_rating(side: &Participant, user_before: Option<f64>) -> Option<String> {
    match side {
        Participant::User(_) => user_before.map(|r| format!("{r:.0}")),
        Participant::Bot(level) => Some(format!("{:.0}", level.rating().rating)),
    }
}

/// `yyyy.mm.dd` in UTC, as the spec writes dates.
pub(super) fn pgn_date(at: UnixMillis) -> String {
    let (year, month, day) = civil_date(at.div_euclid(86_400_000));
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date of a day number counted from 1970-01-01
/// (Howard Hinnant's `civil_from_days`).
pub(super) fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use crate::store::model::{
        ActorId, BotLevel, GameId, GameResult, GameState, Iccs, Location, RatingChange, UserRef,
    };

    fn record(start_fen: &str, start_side: Color) -> GameRecord {
        GameRecord {
            id: GameId(42),
            location: Location::channel("c"),
            red: Participant::User(UserRef::new("1", "Alice \"Red\"")),
            black: Participant::Bot(BotLevel::new(3).unwrap()),
            status: GameState::Finished,
            result: Some(GameResult::RedWins),
            reason: Some("checkmate".to_owned()),
            start_fen: start_fen.to_owned(),
            start_side,
            ply: 3,
            announced_ply: 3,
            rated: true,
            red_rating: Some(RatingChange {
                before: 1500.4,
                after: 1612.0,
            }),
            black_rating: None,
            // 2026-11-22 05:00 UTC
            created_at: 1_795_323_600_000,
            last_activity_at: 0,
            finished_at: Some(0),
            time_control: crate::store::TimeControl::Untimed,
            clocks: crate::store::Clocks::default(),
        }
    }

    fn moves(list: &[&str]) -> Vec<MoveRecord> {
        list.iter()
            .enumerate()
            .map(|(i, m)| MoveRecord {
                game_id: GameId(42),
                ply: i as u32 + 1,
                iccs: Iccs::parse(m).unwrap(),
                by: ActorId::Bot,
                played_at: 0,
            })
            .collect()
    }

    #[test]
    fn writes_the_xqbase_layout() {
        let pgn = to_pgn(
            &record(START_FEN, Color::Red),
            &moves(&["h2e2", "h9g7", "h0g2"]),
        );
        // A bot side carries its level's fixed rating.
        let bot_rating = BotLevel::new(3).unwrap().rating().rating;
        let expected = format!(
            "[Game \"Chinese Chess\"]\n\
            [Event \"xiangqi-bot game 42\"]\n\
            [Site \"xiangqi-bot\"]\n\
            [Date \"2026.11.22\"]\n\
            [Round \"-\"]\n\
            [Red \"Alice \\\"Red\\\"\"]\n\
            [Black \"xiangqi-bot (level 3)\"]\n\
            [Result \"1-0\"]\n\
            [RedElo \"1500\"]\n\
            [BlackElo \"{bot_rating:.0}\"]\n\
            [Termination \"checkmate\"]\n\
            [TimeControl \"-\"]\n\
            [Format \"ICCS\"]\n\
            \n\
            1. H2-E2 H9-G7\n\
            2. H0-G2\n\
            1-0\n"
        );
        assert_eq!(pgn, expected);
    }

    #[test]
    fn black_to_move_start_gets_a_fen_tag_and_ellipsis() {
        let fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1";
        let mut game = record(fen, Color::Black);
        game.result = None;
        game.status = GameState::Live;
        game.reason = None;
        let pgn = to_pgn(&game, &moves(&["e9f9", "e1f1", "f9e9"]));
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]\n")), "{pgn}");
        assert!(pgn.contains("[Result \"*\"]"));
        assert!(pgn.ends_with("\n1... E9-F9\n2. E1-F1 F9-E9\n*\n"), "{pgn}");
    }

    #[test]
    fn start_position_has_no_fen_tag() {
        let pgn = to_pgn(&record(START_FEN, Color::Red), &[]);
        assert!(!pgn.contains("[FEN"));
        assert!(pgn.ends_with("]\n\n1-0\n"), "{pgn}");
    }

    #[test]
    fn the_clock_is_in_chess_pgns_time_control_tag() {
        let mut game = record(START_FEN, Color::Red);
        for (control, tag) in [("10+5", "600+5"), ("3d", "1/259200"), ("none", "-")] {
            game.time_control = TimeControl::parse(control).unwrap();
            let pgn = to_pgn(&game, &[]);
            assert!(pgn.contains(&format!("[TimeControl \"{tag}\"]\n")), "{pgn}");
        }
    }

    #[test]
    fn dates_are_utc_civil_dates() {
        assert_eq!(pgn_date(0), "1970.01.01");
        assert_eq!(pgn_date(951_782_400_000), "2000.02.29");
        assert_eq!(pgn_date(1_795_323_600_000), "2026.11.22");
        assert_eq!(pgn_date(-86_400_000), "1969.12.31");
    }
}
