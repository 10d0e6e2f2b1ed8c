//! Moving a live game into the thread the bot opened for it: a challenge is
//! accepted (and its game stored) in the channel, and only then can the
//! transport open the game's own thread.

use super::backend::on_conn;
use super::error::{StoreError, StoreResult};
use super::game_rows::load_game;
use super::handle::Store;
use super::model::{GameId, GameRecord};

impl Store {
    /// Sets (or clears) the thread a live game is played in.
    pub(crate) async fn set_game_thread(
        &self,
        game: GameId,
        thread_id: Option<&str>,
    ) -> StoreResult<GameRecord> {
        let thread_id = thread_id.map(str::to_owned);
        self.write(move |conn| {
            Box::pin(async move {
                let updated = on_conn!(conn, |c| sqlx::query(
                    "UPDATE games SET thread_id = $1 WHERE id = $2 AND status = 'live'",
                )
                .bind(thread_id)
                .bind(game.0)
                .execute(c)
                .await?
                .rows_affected());
                if updated == 0 {
                    // No such game (load_game says so), or it is over.
                    load_game(conn, game).await?;
                    return Err(StoreError::GameOver(game));
                }
                load_game(conn, game).await
            })
        })
        .await
    }
}
