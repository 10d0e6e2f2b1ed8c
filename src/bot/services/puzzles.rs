//! Puzzles as the trainer and the daily schedule both show them: the
//! caption, the solution and the first solvers in words, the board after
//! some moves of the solution, and the server's puzzle of the day.

use crate::i18n::Msg;
use crate::puzzles::{serve, Puzzle};
use crate::render::Arrow;
use crate::rules::{Color, Position};
use crate::store::UserRef;

use super::boards::scene_of;
use super::games::line_text;
use super::state::Core;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::reply::Attachment;
use crate::bot::vocabulary::voice::{color_key, Voice};

/// The daily puzzle's solvers listed, first first.
pub const DAILY_SOLVERS_SHOWN: u32 = 10;

/// The side that solves the puzzle.
pub fn solver(puzzle: &Puzzle) -> Color {
    puzzle.position().side_to_move()
}

/// The puzzle's position after the first `ply` moves of its solution.
pub fn position_after(puzzle: &Puzzle, ply: usize) -> Position {
    let mut position = puzzle.position();
    for &mv in &puzzle.solution[..ply.min(puzzle.solution.len())] {
        position.make_move(mv);
    }
    position
}

/// "Puzzle #12: Red to play and win — mate in 3".
pub fn puzzle_caption(puzzle: &Puzzle, voice: Voice) -> String {
    voice.say(Msg::PuzzleCaption {
        id: puzzle.id.clone(),
        color: color_key(solver(puzzle)).into(),
        mate: puzzle.mate_in().map_or(0, i64::from),
    })
}

/// "The solution: 1. h2e2 …" in the reader's notation.
pub fn solution_text(puzzle: &Puzzle, voice: Voice) -> String {
    voice.say(Msg::PuzzleSolution {
        line: line_text(&puzzle.position(), &puzzle.solution, voice),
    })
}

/// "First solvers today: alice, bob".
pub fn solvers_text(solvers: &[UserRef], voice: Voice) -> String {
    let names: Vec<String> = solvers
        .iter()
        .map(|u| shown(&u.display_name).to_string())
        .collect();
    voice.say(Msg::PuzzleDailySolvers {
        names: names.join(", "),
    })
}

/// The puzzle's board after `ply` moves of its solution, from the solver's
/// side, the last of them marked, `arrows` drawn over it.
pub async fn puzzle_board(
    core: &Core,
    puzzle: &Puzzle,
    ply: usize,
    arrows: Vec<Arrow>,
    caption: String,
    voice: Voice,
) -> BotResult<Attachment> {
    let position = position_after(puzzle, ply);
    let last = ply.checked_sub(1).map(|i| puzzle.solution[i]);
    let mut scene = scene_of(&position, last, solver(puzzle) == Color::Black, caption);
    scene.arrows = arrows;
    core.boards
        .render(
            scene,
            voice.style,
            format!("puzzle-{}-{ply}.png", puzzle.id),
        )
        .await
}

/// A server's daily puzzle of `day`, chosen now (for `channel`, when posted
/// there) if no one has. A stored choice the shipped set no longer holds
/// (an update retired it: `puzzles repair`) is replaced by the day's pick
/// from the set as it is, so the day still has a puzzle; attempts open on
/// the old one are dropped where they are next used.
pub async fn daily_choice(
    core: &Core,
    guild: &str,
    day: &str,
    channel: Option<&str>,
) -> BotResult<&'static Puzzle> {
    let candidate = serve::daily(serve::shipped(), guild, day).ok_or(BotError::NoPuzzlesLeft)?;
    let mut daily = core
        .store
        .choose_daily_puzzle(guild, day, &candidate.id, channel)
        .await
        .map_err(BotError::internal)?;
    if serve::find(&daily.puzzle_id).is_none() {
        tracing::warn!(%guild, %day, retired = %daily.puzzle_id, now = %candidate.id, "the daily puzzle left the shipped set; choosing again");
        daily = core
            .store
            .replace_daily_puzzle(guild, day, &daily.puzzle_id, &candidate.id)
            .await
            .map_err(BotError::internal)?;
    }
    match serve::find(&daily.puzzle_id) {
        Some(puzzle) => Ok(puzzle),
        // Another process, with another set, chose a puzzle this one does
        // not ship: a mixed deployment, not the user's doing.
        None => Err(BotError::internal(anyhow::anyhow!(
            "the daily puzzle {} of {guild} on {day} is not in this process's puzzle set",
            daily.puzzle_id
        ))),
    }
}
