//! A finished game's rematch: at most one per game, recorded in the same
//! transaction that starts the rematch game or makes the rematch challenge,
//! so two presses of Rematch (in one process or two) cannot both succeed.

use std::time::Duration;

use super::backend::{on_conn, Conn};
use super::challenges::{insert_challenge, NewChallenge};
use super::error::{StoreError, StoreResult};
use super::game_rows::load_game;
use super::games::{insert_game, NewGame};
use super::handle::Store;
use super::jobs::{self, EngineJob};
use super::model::{fen_side_to_move, ChallengeRecord, GameId, GameRecord, UnixMillis};

/// Records `of`'s rematch by `by`, or refuses with
/// [`StoreError::RematchTaken`] when it already has one.
async fn claim_rematch(
    conn: &mut Conn<'_>,
    of: GameId,
    by: &str,
    now: UnixMillis,
) -> StoreResult<()> {
    let inserted: Option<(i64,)> = on_conn!(conn, |c| sqlx::query_as(
        "INSERT INTO rematches (game_id, by_user_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (game_id) DO NOTHING RETURNING game_id",
    )
    .bind(of.0)
    .bind(by)
    .bind(now)
    .fetch_optional(c)
    .await?);
    match inserted {
        Some(_) => Ok(()),
        None => Err(StoreError::RematchTaken(of)),
    }
}

impl Store {
    /// Starts `new` as the rematch of the finished game `of`, asked by user
    /// `by`, claiming the bot's first move for `owner` when the bot has Red
    /// (as [`Store::create_game_claiming_answer`]); refuses with
    /// [`StoreError::RematchTaken`] when `of` already had its rematch.
    pub async fn create_rematch_game(
        &self,
        of: GameId,
        by: &str,
        new: NewGame,
        owner: &str,
        lease: Duration,
    ) -> StoreResult<(GameRecord, Option<EngineJob>)> {
        let now = self.now();
        let until = jobs::lease_end(now, lease);
        let (owner, by) = (owner.to_owned(), by.to_owned());
        self.write_alone(move |conn| {
            Box::pin(async move {
                claim_rematch(&mut *conn, of, &by, now).await?;
                let id = insert_game(&mut *conn, &new, now).await?;
                on_conn!(conn, |c| sqlx::query(
                    "UPDATE rematches SET rematch_game_id = $1 WHERE game_id = $2"
                )
                .bind(id.0)
                .bind(of.0)
                .execute(c)
                .await?
                .rows_affected());
                let job = jobs::claim_job_in(&mut *conn, id, 0, &owner, until, now).await?;
                Ok((load_game(conn, id).await?, job))
            })
        })
        .await
    }

    /// Makes `new` the rematch challenge of the finished game `of`; refuses
    /// with [`StoreError::RematchTaken`] when `of` already had its rematch.
    pub async fn create_rematch_challenge(
        &self,
        of: GameId,
        new: NewChallenge,
    ) -> StoreResult<ChallengeRecord> {
        if let Some(fen) = &new.start_fen {
            fen_side_to_move(fen)?;
        }
        let now = self.now();
        let expires_in = i64::try_from(new.expires_in.as_millis()).unwrap_or(i64::MAX);
        self.write_alone(move |conn| {
            Box::pin(async move {
                claim_rematch(&mut *conn, of, &new.from.id, now).await?;
                let challenge = insert_challenge(&mut *conn, new, now, expires_in).await?;
                on_conn!(conn, |c| sqlx::query(
                    "UPDATE rematches SET challenge_id = $1 WHERE game_id = $2"
                )
                .bind(challenge.id.0)
                .bind(of.0)
                .execute(c)
                .await?
                .rows_affected());
                Ok(challenge)
            })
        })
        .await
    }

    /// Whether the finished game `of` already had its rematch.
    pub async fn has_rematch(&self, of: GameId) -> StoreResult<bool> {
        let row: Option<(i64,)> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as("SELECT game_id FROM rematches WHERE game_id = $1")
                .bind(of.0)
                .fetch_optional(c)
                .await?
        });
        Ok(row.is_some())
    }
}
