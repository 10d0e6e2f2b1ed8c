//! Game reviews, stored as their text (`Review::to_text` in the engine's
//! analysis) under the game, the budget they were made at and the engine
//! that made them, so a second `review` of a game is a read.

use super::backend::on_conn;
use super::error::StoreResult;
use super::handle::Store;
use super::model::GameId;

/// What a stored review is for: the same game reviewed at another budget,
/// or by another engine, is another review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewKey {
    pub game: GameId,
    /// The analysis budget as written (`nodes 60000`).
    pub budget: String,
    /// The engine's fingerprint.
    pub engine: String,
}

impl Store {
    /// Keeps a review. The first one stored under a key stays: two reviews
    /// of one game finishing at once (two processes, say) made the same
    /// text at a node budget, and either is right.
    pub async fn save_review(&self, key: &ReviewKey, review: &str) -> StoreResult<()> {
        let (key, review, now) = (key.clone(), review.to_owned(), self.now());
        self.write(move |conn| {
            Box::pin(async move {
                on_conn!(conn, |c| sqlx::query(
                    "INSERT INTO game_reviews (game_id, budget, engine, review, created_at) \
                     VALUES ($1, $2, $3, $4, $5) \
                     ON CONFLICT (game_id, budget, engine) DO NOTHING",
                )
                .bind(key.game.0)
                .bind(&key.budget)
                .bind(&key.engine)
                .bind(&review)
                .bind(now)
                .execute(c)
                .await
                .map(|_| ()))?;
                Ok(())
            })
        })
        .await
    }

    /// The review stored under `key`, if any.
    pub async fn stored_review(&self, key: &ReviewKey) -> StoreResult<Option<String>> {
        let row: Option<(String,)> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(
                "SELECT review FROM game_reviews WHERE game_id = $1 AND budget = $2 AND engine = $3",
            )
            .bind(key.game.0)
            .bind(&key.budget)
            .bind(&key.engine)
            .fetch_optional(c)
            .await?
        });
        Ok(row.map(|(review,)| review))
    }
}
