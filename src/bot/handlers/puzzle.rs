//! The puzzle trainer: `puzzle` serves a shipped puzzle near the user's
//! puzzle rating, each move is answered in place (the opponent's reply from
//! the stored solution: no search), and `hint`, `skip`, `daily`, `stats`
//! and `top`.
//!
//! The attempt lives in the store, one per user and place, guarded by its
//! ply; so a restart keeps it, and two racing moves cannot both count.
//!
//! A move typed without `puzzle` goes to the user's live game here when
//! there is one, else to their open puzzle here (see `docs/puzzles.md`).

use std::collections::HashSet;

use crate::i18n::Msg;
use crate::puzzles::{serve, Puzzle};
use crate::render::{Arrow, ArrowKind};
use crate::rules::notation;
use crate::rules::Color;
use crate::store::{PuzzleOutcome, PuzzleResult, PuzzleSession, Rating, StoreError};

use crate::bot::services::boards::scene_of;
use crate::bot::services::games::{place_location, user_ref};
use crate::bot::services::puzzles::{
    daily_choice, position_after, puzzle_board, puzzle_caption, solution_text, solver,
    solvers_text, DAILY_SOLVERS_SHOWN,
};
use crate::bot::services::Ctx;
use crate::bot::vocabulary::command::PuzzleAction;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::markup::shown;
use crate::bot::vocabulary::reply::Reply;
use crate::bot::vocabulary::voice::piece_key;

/// How sure a puzzle's file rating is, the first time anyone tries it: the
/// file's rating is an estimate from the engine, not from players.
const FILE_RATING_DEVIATION: f64 = 150.0;

/// Players listed on one page of `puzzle top`.
const TOP_PER_PAGE: usize = 10;

/// `puzzle [hint|skip|daily|stats|top [page]|<move>]`.
pub async fn puzzle(ctx: &Ctx<'_>, action: Option<PuzzleAction>) -> BotResult<()> {
    match action.unwrap_or(PuzzleAction::New) {
        PuzzleAction::New => new_puzzle(ctx).await,
        PuzzleAction::Move(text) => {
            if play_in_puzzle(ctx, &text).await? {
                Ok(())
            } else {
                Err(BotError::NoPuzzleHere)
            }
        }
        PuzzleAction::Hint => puzzle_hint(ctx).await,
        PuzzleAction::Skip => puzzle_skip(ctx).await,
        PuzzleAction::Daily => daily_puzzle(ctx).await,
        PuzzleAction::Stats => puzzle_stats(ctx).await,
        PuzzleAction::Top { page } => puzzle_top(ctx, page).await,
    }
}

/// A puzzle near the user's rating that they have not solved; the one
/// still open here, if any, is shown again instead.
async fn new_puzzle(ctx: &Ctx<'_>) -> BotResult<()> {
    if let Some((session, puzzle)) = open_puzzle(ctx).await? {
        return show_puzzle(ctx, &session, puzzle, true).await;
    }
    let store = &ctx.core.store;
    let actor = ctx.actor();
    let player = store
        .puzzle_player(&actor.id)
        .await
        .map_err(BotError::internal)?;
    let (rating, attempts) = player.map_or((serve::first_rating(serve::shipped()), 0), |p| {
        (p.rating.rating, p.attempts)
    });
    let solved: HashSet<String> = store
        .solved_puzzles(&actor.id)
        .await
        .map_err(BotError::internal)?
        .into_iter()
        .collect();
    // Varies with each attempt and between users, so a failed puzzle is
    // not served again at once and neighbours do not all get the same one.
    let draw = actor.id.bytes().fold(u64::from(attempts), |h, b| {
        h.wrapping_mul(31).wrapping_add(u64::from(b))
    });
    let puzzle =
        serve::choose(serve::shipped(), rating, &solved, draw).ok_or(BotError::NoPuzzlesLeft)?;
    start_and_show(ctx, puzzle, None).await
}

/// Opens `puzzle` for the requester here (the daily one with its day) and
/// shows it; an attempt already open here is shown instead.
async fn start_and_show(
    ctx: &Ctx<'_>,
    puzzle: &'static Puzzle,
    daily_day: Option<&str>,
) -> BotResult<()> {
    let (session, fresh) = ctx
        .core
        .store
        .start_puzzle(
            &user_ref(ctx.actor()),
            &place_location(ctx.place()),
            &puzzle.id,
            daily_day,
            serve::first_rating(serve::shipped()),
        )
        .await
        .map_err(BotError::internal)?;
    let shown_puzzle = if fresh {
        puzzle
    } else {
        // Another request opened one first; that one stands.
        match serve::find(&session.puzzle_id) {
            Some(p) => p,
            None => return Err(BotError::PuzzleStale),
        }
    };
    show_puzzle(ctx, &session, shown_puzzle, !fresh).await
}

/// The attempt open here and its puzzle. An attempt whose puzzle left the
/// shipped set cannot go on: it is dropped, unscored.
async fn open_puzzle(ctx: &Ctx<'_>) -> BotResult<Option<(PuzzleSession, &'static Puzzle)>> {
    let store = &ctx.core.store;
    let place = place_location(ctx.place());
    let session = store
        .puzzle_session(&ctx.actor().id, &place)
        .await
        .map_err(BotError::internal)?;
    let Some(session) = session else {
        return Ok(None);
    };
    match serve::find(&session.puzzle_id) {
        Some(puzzle) => Ok(Some((session, puzzle))),
        None => {
            tracing::warn!(puzzle = %session.puzzle_id, "an open puzzle is no longer shipped; dropping the attempt");
            store
                .drop_puzzle_session(&ctx.actor().id, &place)
                .await
                .map_err(BotError::internal)?;
            Ok(None)
        }
    }
}

/// The puzzle where the attempt stands, from the solver's side; saying it
/// is `still_open` when it was served before.
async fn show_puzzle(
    ctx: &Ctx<'_>,
    session: &PuzzleSession,
    puzzle: &Puzzle,
    still_open: bool,
) -> BotResult<()> {
    let voice = ctx.voice;
    let (caption, rating) = (puzzle_caption(puzzle, voice), i64::from(puzzle.rating));
    let text = voice.say(if still_open {
        Msg::PuzzleStillOpen { caption, rating }
    } else {
        Msg::PuzzleStart { caption, rating }
    });
    post_puzzle_board(ctx, puzzle, session.ply as usize, Vec::new(), text).await
}

/// Plays `text` in the requester's open puzzle here; `Ok(false)` when none
/// is open. A move the rules refuse leaves the attempt as it was; a legal
/// move other than the solution's ends it.
pub async fn play_in_puzzle(ctx: &Ctx<'_>, text: &str) -> BotResult<bool> {
    let voice = ctx.voice;
    let Some((session, puzzle)) = open_puzzle(ctx).await? else {
        return Ok(false);
    };
    let ply = session.ply as usize;
    let before = position_after(puzzle, ply);
    let mv = notation::parse_move_preferring(&before, text, Some(voice.notation))
        .map_err(BotError::BadMove)?
        .mv;
    let mut after = before.clone();
    after.make_move(mv);
    // A mate the solution does not name wins all the same.
    let correct = puzzle.solution.get(ply) == Some(&mv) || after.legal_moves().is_empty();
    let said = voice.describe_move(&before, mv);
    let place = place_location(ctx.place());
    if !correct {
        let result = finish(ctx, &session, puzzle, PuzzleOutcome::Failed).await?;
        let text = [
            voice.say(Msg::PuzzleFailed {
                mv: said,
                rating: result.player_after.display(),
                change: change(&result),
            }),
            solution_text(puzzle, voice),
        ]
        .join("\n");
        let arrows = vec![
            Arrow {
                mv,
                kind: ArrowKind::Played,
            },
            Arrow {
                mv: puzzle.solution[ply],
                kind: ArrowKind::Better,
            },
        ];
        return post_puzzle_board(ctx, puzzle, ply, arrows, text)
            .await
            .map(|()| true);
    }
    let Some(&reply_move) = puzzle
        .solution
        .get(ply + 1)
        .filter(|_| !after.legal_moves().is_empty())
    else {
        let result = finish(ctx, &session, puzzle, PuzzleOutcome::Solved).await?;
        let mut text = voice.say(Msg::PuzzleSolved {
            mv: said,
            rating: result.player_after.display(),
            change: change(&result),
        });
        if let Some(place) = result.daily_place {
            text.push('\n');
            text.push_str(&voice.say(Msg::PuzzleDailyPlace {
                place: i64::from(place),
            }));
        }
        let caption = puzzle_caption(puzzle, voice);
        let board = ctx
            .core
            .boards
            .render(
                scene_of(&after, Some(mv), solver(puzzle) == Color::Black, caption),
                voice.style,
                format!("puzzle-{}-solved.png", puzzle.id),
            )
            .await?;
        let mut reply = Reply::public(text);
        reply.files.push(board);
        ctx.answer(reply).await?;
        return Ok(true);
    };
    ctx.core
        .store
        .advance_puzzle(&ctx.actor().id, &place, session.ply, session.ply + 2)
        .await
        .map_err(puzzle_store_error)?;
    let text = voice.say(Msg::PuzzleCorrect {
        mv: said,
        reply: voice.describe_move(&after, reply_move),
    });
    post_puzzle_board(ctx, puzzle, ply + 2, Vec::new(), text)
        .await
        .map(|()| true)
}

/// Names the piece the solution moves next; the attempt then counts as a
/// draw if solved.
async fn puzzle_hint(ctx: &Ctx<'_>) -> BotResult<()> {
    let voice = ctx.voice;
    let (session, puzzle) = open_puzzle(ctx).await?.ok_or(BotError::NoPuzzleHere)?;
    let ply = session.ply as usize;
    let before = position_after(puzzle, ply);
    let from = puzzle.solution[ply].from();
    let piece = before
        .piece_at(from)
        .ok_or_else(|| BotError::internal(anyhow::anyhow!("a puzzle's move starts on no piece")))?;
    ctx.core
        .store
        .hint_puzzle(&ctx.actor().id, &place_location(ctx.place()))
        .await
        .map_err(BotError::internal)?;
    let text = voice.say(Msg::PuzzleHint {
        piece: voice.say(Msg::Piece {
            piece: piece_key(piece.kind).into(),
        }),
        square: from.to_string(),
    });
    ctx.answer(Reply::private(text)).await
}

/// Ends the attempt as a loss and shows the solution.
async fn puzzle_skip(ctx: &Ctx<'_>) -> BotResult<()> {
    let voice = ctx.voice;
    let (session, puzzle) = open_puzzle(ctx).await?.ok_or(BotError::NoPuzzleHere)?;
    let result = finish(ctx, &session, puzzle, PuzzleOutcome::Skipped).await?;
    let ply = session.ply as usize;
    let text = [
        voice.say(Msg::PuzzleSkipped {
            rating: result.player_after.display(),
            change: change(&result),
        }),
        solution_text(puzzle, voice),
    ]
    .join("\n");
    let arrows = vec![Arrow {
        mv: puzzle.solution[ply],
        kind: ArrowKind::Better,
    }];
    post_puzzle_board(ctx, puzzle, ply, arrows, text).await
}

async fn finish(
    ctx: &Ctx<'_>,
    session: &PuzzleSession,
    puzzle: &Puzzle,
    outcome: PuzzleOutcome,
) -> BotResult<PuzzleResult> {
    let file_rating = Rating {
        rating: f64::from(puzzle.rating),
        deviation: FILE_RATING_DEVIATION,
        volatility: Rating::NEWCOMER.volatility,
    };
    ctx.core
        .store
        .finish_puzzle(
            &ctx.actor().id,
            &place_location(ctx.place()),
            session.ply,
            outcome,
            file_rating,
        )
        .await
        .map_err(puzzle_store_error)
}

/// The server's puzzle of the day, opened for the requester, with its first
/// solvers so far.
async fn daily_puzzle(ctx: &Ctx<'_>) -> BotResult<()> {
    let (core, voice) = (ctx.core, ctx.voice);
    let guild = ctx
        .place()
        .guild
        .as_deref()
        .ok_or(BotError::DailyNeedsServer)?;
    let day = core.store.puzzle_day();
    let puzzle = daily_choice(core, guild, &day, None).await?;
    let solvers = core
        .store
        .daily_solvers(guild, &day, DAILY_SOLVERS_SHOWN)
        .await
        .map_err(BotError::internal)?;
    if solvers.iter().any(|u| u.id == ctx.actor().id) {
        let text = [
            voice.say(Msg::PuzzleDailyDone),
            solvers_text(&solvers, voice),
        ]
        .join("\n");
        return ctx.answer(Reply::public(text)).await;
    }
    start_and_show(ctx, puzzle, Some(&day)).await?;
    if solvers.is_empty() {
        return Ok(());
    }
    ctx.answer(Reply::public(solvers_text(&solvers, voice)))
        .await
}

async fn puzzle_stats(ctx: &Ctx<'_>) -> BotResult<()> {
    let voice = ctx.voice;
    let player = ctx
        .core
        .store
        .puzzle_player(&ctx.actor().id)
        .await
        .map_err(BotError::internal)?;
    let name = shown(&ctx.actor().name).to_string();
    let text = voice.say(match player {
        Some(p) if p.attempts > 0 => Msg::PuzzleStatsLine {
            name,
            rating: p.rating.display(),
            attempts: i64::from(p.attempts),
            solved: i64::from(p.solved),
        },
        _ => Msg::PuzzleStatsNone { name },
    });
    ctx.answer(Reply::public(text)).await
}

async fn puzzle_top(ctx: &Ctx<'_>, page: u32) -> BotResult<()> {
    let voice = ctx.voice;
    // One more than the page asks for tells whether a next page exists.
    let wanted = (page as usize).saturating_mul(TOP_PER_PAGE) + 1;
    let top = ctx
        .core
        .store
        .puzzle_leaderboard(u32::try_from(wanted).unwrap_or(u32::MAX), 1)
        .await
        .map_err(BotError::internal)?;
    let first = (page as usize - 1) * TOP_PER_PAGE;
    if top.len() <= first {
        return ctx
            .answer(Reply::public(voice.say(Msg::PuzzleTopEmpty)))
            .await;
    }
    let mut text = voice.say(Msg::PuzzleTopTitle {
        page: i64::from(page),
    });
    for (rank, p) in top.iter().enumerate().skip(first).take(TOP_PER_PAGE) {
        text.push('\n');
        text.push_str(&voice.say(Msg::PuzzleTopLine {
            rank: rank as i64 + 1,
            name: shown(&p.user.display_name).to_string(),
            rating: p.rating.display(),
            solved: i64::from(p.solved),
            attempts: i64::from(p.attempts),
        }));
    }
    if top.len() > first + TOP_PER_PAGE {
        text.push('\n');
        text.push_str(&voice.say(Msg::PuzzleTopNext {
            next: i64::from(page) + 1,
        }));
    }
    ctx.answer(Reply::public(text)).await
}

/// Posts `text` with the puzzle's board after `ply` moves of its solution,
/// `arrows` drawn over it.
async fn post_puzzle_board(
    ctx: &Ctx<'_>,
    puzzle: &Puzzle,
    ply: usize,
    arrows: Vec<Arrow>,
    text: String,
) -> BotResult<()> {
    let voice = ctx.voice;
    let board = puzzle_board(
        ctx.core,
        puzzle,
        ply,
        arrows,
        puzzle_caption(puzzle, voice),
        voice,
    )
    .await?;
    let mut reply = Reply::public(text);
    reply.files.push(board);
    ctx.answer(reply).await
}

/// The rating change of an attempt, signed: "+12", "-8".
fn change(result: &PuzzleResult) -> String {
    format!(
        "{:+.0}",
        result.player_after.rating - result.player_before.rating
    )
}

/// The store's refusal of a stale attempt in the user's words.
fn puzzle_store_error(err: StoreError) -> BotError {
    match err {
        StoreError::NotStored(_) => BotError::PuzzleStale,
        other => BotError::internal(other),
    }
}
