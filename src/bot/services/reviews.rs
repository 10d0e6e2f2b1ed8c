//! Reviews: a finished game's evaluation graph, each side's accuracy,
//! every inaccuracy, mistake and blunder with the engine's better move in
//! the reader's notation, and boards of the one to three worst moments with
//! arrows, as one reply. Asked for (`review`) or posted by itself where a
//! server chose so (`background::auto_review`).
//!
//! A review is made once per game, budget and engine and kept in the store,
//! so asking again is a read. Making one scores every position at the
//! configured node budget, one position at a time behind the engine's
//! review permit, each only while no live search waits or runs
//! (`engine.rs`); the requester is told how far it is every
//! `BotConfig::review_progress_every`.

use std::time::Instant;

use crate::engine::analysis::{self, Analyser, Budget, JudgedMove, Review};
use crate::i18n::Msg;
use crate::rules::{Game, Position};
use crate::store::ReviewKey;

use super::games::{pairing, seat, LoadedGame};
use super::state::Core;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::reply::{Attachment, Outbox, Reply};
use crate::bot::vocabulary::request::Place;
use crate::bot::vocabulary::voice::Voice;

/// Boards of key moments in a review, at most.
const KEY_MOMENTS: usize = 3;

/// Where a review being made tells how far it is.
pub struct Progress<'a> {
    pub outbox: &'a dyn Outbox,
    pub place: &'a Place,
    pub voice: Voice,
}

/// The game's review: the stored one, else made now (telling `progress`
/// how far it is) and stored.
pub async fn game_review(
    core: &Core,
    loaded: &LoadedGame,
    progress: Option<Progress<'_>>,
) -> BotResult<Review> {
    let budget = Budget::Nodes(core.config.review_nodes);
    // About 20 ms of searching the first time in a process.
    let engine = tokio::task::spawn_blocking(analysis::engine_fingerprint)
        .await
        .map_err(BotError::internal)?;
    let key = ReviewKey {
        game: loaded.record.id,
        budget: budget.to_string(),
        engine: engine.to_owned(),
    };
    if let Some(review) = stored_review(core, &key).await {
        return Ok(review);
    }
    let _permit = core.engine.review_permit().await?;
    // Made by another request while this one waited for the permit.
    if let Some(review) = stored_review(core, &key).await {
        return Ok(review);
    }
    let review = analyse(core, loaded, budget, progress).await?;
    if let Err(err) = core.store.save_review(&key, &review.to_text()).await {
        // Shown all the same; the next request makes it again.
        tracing::warn!(game = loaded.id().0, error = %err, "could not store a review");
    }
    Ok(review)
}

/// The review stored under `key`; one that cannot be read is made
/// again, so a store fault costs time, never the answer.
async fn stored_review(core: &Core, key: &ReviewKey) -> Option<Review> {
    match core.store.stored_review(key).await {
        Ok(Some(text)) => match Review::parse(&text) {
            Ok(review) => Some(review),
            Err(err) => {
                tracing::warn!(game = key.game.0, error = %err, "a stored review is unreadable; making it again");
                None
            }
        },
        Ok(None) => None,
        Err(err) => {
            tracing::warn!(game = key.game.0, error = %err, "could not read a stored review; making it again");
            None
        }
    }
}

/// Scores every position of the game, one a step (`Engine::review_step`),
/// saying how far it is at the start and every few seconds.
async fn analyse(
    core: &Core,
    loaded: &LoadedGame,
    budget: Budget,
    progress: Option<Progress<'_>>,
) -> BotResult<Review> {
    let (start, moves) = (loaded.game.start().clone(), loaded.game.moves().to_vec());
    let total = moves.len();
    let mut analyser = tokio::task::spawn_blocking(move || Analyser::new(&start, &moves, budget))
        .await
        .map_err(BotError::internal)?
        .map_err(BotError::internal)?;
    let mut last_shown: Option<Instant> = None;
    while !analyser.is_finished() {
        if let Some(progress) = &progress {
            let due =
                last_shown.is_none_or(|shown| shown.elapsed() >= core.config.review_progress_every);
            if due {
                last_shown = Some(Instant::now());
                // A position is a move judged once the one after it is scored.
                let done = analyser.done().saturating_sub(1).min(total);
                let text = progress.voice.say(Msg::ReviewProgress {
                    game: loaded.id().0,
                    done: done as i64,
                    total: total as i64,
                });
                if let Err(err) = progress.outbox.progress(progress.place, &text).await {
                    tracing::debug!(error = %format!("{err:#}"), "could not show a review's progress");
                }
            }
        }
        analyser = core.engine.review_step(analyser).await?;
    }
    analyser
        .review()
        .ok_or_else(|| BotError::internal(anyhow::anyhow!("a finished analysis gave no review")))
}

/// The reply: title, accuracies, the errors in the reader's notation,
/// the graph and the key moments' boards, in the reader's style.
pub async fn review_reply(
    core: &Core,
    loaded: &LoadedGame,
    review: &Review,
    black_seat: bool,
    voice: Voice,
) -> BotResult<Reply> {
    let (record, game, id) = (&loaded.record, &loaded.game, loaded.id().0);
    let mut lines = vec![
        voice.say(Msg::ReviewTitle {
            game: id,
            pairing: pairing(record, voice),
        }),
        voice.say(Msg::ReviewAccuracy {
            red: accuracy(review.red_accuracy),
            black: accuracy(review.black_accuracy),
        }),
    ];
    let errors: Vec<&JudgedMove> = review.moves.iter().filter(|m| m.class.is_error()).collect();
    if errors.is_empty() {
        lines.push(voice.say(Msg::ReviewClean));
    }
    for judged in errors {
        let Some(shown) = ShownMove::of(game, judged, voice) else {
            continue;
        };
        lines.push(voice.say(Msg::ReviewMove {
            number: shown.number,
            seat: seat(record, judged.mover(game.start()), voice),
            played: shown.played,
            class: judged.class.as_str().to_owned(),
            better: shown.better,
        }));
    }
    let moments: Vec<crate::render::Scene> = review
        .key_moments(KEY_MOMENTS)
        .into_iter()
        .filter_map(|judged| {
            let shown = ShownMove::of(game, judged, voice)?;
            let caption = voice.say(Msg::ReviewMomentCaption {
                game: id,
                number: shown.number,
                played: shown.played,
                class: judged.class.as_str().to_owned(),
                better: shown.better,
            });
            crate::review::key_moment_scene(
                game.start(),
                game.moves(),
                judged,
                black_seat,
                Some(caption),
            )
        })
        .collect();
    let plies: Vec<usize> = review
        .key_moments(KEY_MOMENTS)
        .iter()
        .map(|m| m.ply)
        .collect();
    let points = crate::review::graph_points(review);
    let (graph, boards) = core
        .boards
        .graph_and_boards(points, moments, voice.style)
        .await?;
    let mut reply = Reply::public(lines.join("\n"));
    reply.files.push(Attachment {
        filename: format!("game-{id}-review.png"),
        bytes: graph,
    });
    for (ply, bytes) in plies.into_iter().zip(boards) {
        reply.files.push(Attachment {
            filename: format!("game-{id}-review-ply-{ply}.png"),
            bytes,
        });
    }
    Ok(reply)
}

/// "87.3%", or "–" for a side with no move to judge.
fn accuracy(value: Option<f64>) -> String {
    value.map_or_else(|| "–".to_owned(), |a| format!("{a:.1}%"))
}

/// A judged move as the reader reads it.
struct ShownMove {
    /// "12." for Red's move, "12…" for Black's.
    number: String,
    played: String,
    better: String,
}

impl ShownMove {
    fn of(game: &Game, judged: &JudgedMove, voice: Voice) -> Option<ShownMove> {
        let before: Position = game.position_at(judged.ply.checked_sub(1)?)?;
        let slot =
            judged.ply - 1 + usize::from(game.start().side_to_move() == crate::rules::Color::Black);
        let number = slot / 2 + 1;
        Some(ShownMove {
            number: if slot.is_multiple_of(2) {
                format!("{number}.")
            } else {
                format!("{number}…")
            },
            played: voice.describe_move(&before, judged.played),
            better: voice.describe_move(&before, judged.best),
        })
    }
}
