//! Draw offers and takeback requests: at most one of each pending per game.
//! An offer lapses when the opponent moves instead of answering (a move made
//! by the offerer on their own turn keeps a draw offer standing); accepting
//! ends the game as a draw or takes the moves back in the same transaction.

use sqlx::FromRow;

use super::backend::{lock_game, on_conn, Conn};

use super::error::{StoreError, StoreResult};
use super::game_rows::load_game;
use super::game_tx::{drop_lapsed_offers, finish_in, take_back_in};
use super::handle::Store;
use super::model::{
    color_column, parse_color, to_u32, ActorId, GameId, GameRecord, GameResult, GameState,
    MoveRecord, OfferKind, OfferRecord,
};

/// The reason stored for a draw both players agreed.
pub const DRAW_BY_AGREEMENT: &str = "agreement";

/// What answering an offer did.
#[derive(Clone, Debug, PartialEq)]
pub enum OfferAnswer {
    /// The draw was accepted; the game is over.
    DrawAgreed(GameRecord),
    /// The takeback was granted; these moves are gone.
    TakenBack {
        game: GameRecord,
        removed: Vec<MoveRecord>,
    },
    /// Declined; the game goes on.
    Declined(OfferRecord),
}

#[derive(FromRow)]
struct OfferRow {
    game_id: i64,
    kind: String,
    by_side: String,
    at_ply: i64,
    lapses_at_ply: i64,
    takeback_plies: Option<i64>,
    created_at: i64,
}

impl TryFrom<OfferRow> for OfferRecord {
    type Error = StoreError;

    fn try_from(row: OfferRow) -> StoreResult<OfferRecord> {
        Ok(OfferRecord {
            game_id: GameId(row.game_id),
            kind: OfferKind::parse(&row.kind)?,
            by: parse_color(&row.by_side)?,
            at_ply: to_u32(row.at_ply, "an offer's ply")?,
            lapses_at_ply: to_u32(row.lapses_at_ply, "an offer's lapse ply")?,
            takeback_plies: row
                .takeback_plies
                .map(|p| to_u32(p, "a takeback's plies"))
                .transpose()?,
            created_at: row.created_at,
        })
    }
}

fn live(record: &GameRecord) -> StoreResult<()> {
    match record.status {
        GameState::Live => Ok(()),
        _ => Err(StoreError::GameOver(record.id)),
    }
}

/// The pending offer of `kind` in a game at `ply`, dropping it if it lapsed.
async fn pending_offer(
    conn: &mut Conn<'_>,
    game: GameId,
    kind: OfferKind,
    ply: u32,
) -> StoreResult<Option<OfferRecord>> {
    drop_lapsed_offers(conn, game, ply).await?;
    let row: Option<OfferRow> = on_conn!(conn, |c| sqlx::query_as(
        "SELECT game_id, kind, by_side, at_ply, lapses_at_ply, takeback_plies, created_at \
         FROM offers WHERE game_id = $1 AND kind = $2",
    )
    .bind(game.0)
    .bind(kind.as_column())
    .fetch_optional(c)
    .await?);
    row.map(OfferRecord::try_from).transpose()
}

async fn make_offer_in(
    conn: &mut Conn<'_>,
    game: GameId,
    kind: OfferKind,
    by: ActorId,
    now: i64,
) -> StoreResult<OfferRecord> {
    lock_game(&mut *conn, game).await?;
    let record = load_game(&mut *conn, game).await?;
    live(&record)?;
    let side = record
        .side_of(&by)
        .ok_or(StoreError::NotAParticipant(game))?;
    let on_turn = side == record.side_to_move();
    let ply = record.ply;
    let (lapses_at_ply, takeback_plies) = match kind {
        // Standing until the opponent has made one move.
        OfferKind::Draw => (if on_turn { ply + 2 } else { ply + 1 }, None),
        OfferKind::Takeback => {
            let plies = if on_turn { 2 } else { 1 };
            if ply < plies {
                return Err(StoreError::NothingToTakeBack {
                    requested: plies,
                    available: ply,
                });
            }
            (ply + 1, Some(plies))
        }
    };
    if pending_offer(&mut *conn, game, kind, ply).await?.is_some() {
        return Err(StoreError::OfferAlreadyPending { game, kind });
    }
    on_conn!(conn, |c| {
        sqlx::query(
        "INSERT INTO offers (game_id, kind, by_side, at_ply, lapses_at_ply, takeback_plies, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(game.0)
    .bind(kind.as_column())
    .bind(color_column(side))
    .bind(i64::from(ply))
    .bind(i64::from(lapses_at_ply))
    .bind(takeback_plies.map(i64::from))
    .bind(now)
    .execute(c)
    .await?.rows_affected()
    });
    Ok(OfferRecord {
        game_id: game,
        kind,
        by: side,
        at_ply: ply,
        lapses_at_ply,
        takeback_plies,
        created_at: now,
    })
}

/// Removes the live game's pending `kind` offer, if `by` is the side it was
/// made to, and returns the game with the offer. The outer `Err` undoes the
/// caller's transaction; the inner one (no offer pending) keeps the deletion
/// of a lapsed offer.
async fn take_pending_offer(
    conn: &mut Conn<'_>,
    game: GameId,
    kind: OfferKind,
    by: &ActorId,
) -> StoreResult<StoreResult<(GameRecord, OfferRecord)>> {
    lock_game(&mut *conn, game).await?;
    let record = load_game(&mut *conn, game).await?;
    live(&record)?;
    let Some(offer) = pending_offer(&mut *conn, game, kind, record.ply).await? else {
        return Ok(Err(StoreError::NoOfferPending { game, kind }));
    };
    if !record.participant(offer.by.opponent()).is(by) {
        return Err(StoreError::OfferNotForYou { game, kind });
    }
    on_conn!(conn, |c| sqlx::query(
        "DELETE FROM offers WHERE game_id = $1 AND kind = $2"
    )
    .bind(game.0)
    .bind(kind.as_column())
    .execute(c)
    .await?
    .rows_affected());
    Ok(Ok((record, offer)))
}

/// Answers inside the caller's transaction (errors as in [`take_pending_offer`]).
async fn answer_offer_in(
    conn: &mut Conn<'_>,
    game: GameId,
    kind: OfferKind,
    by: ActorId,
    accept: bool,
    now: i64,
) -> StoreResult<StoreResult<OfferAnswer>> {
    let (record, offer) = match take_pending_offer(&mut *conn, game, kind, &by).await? {
        Ok(taken) => taken,
        Err(none) => return Ok(Err(none)),
    };
    let answer = if !accept {
        OfferAnswer::Declined(offer)
    } else {
        match kind {
            OfferKind::Draw => {
                finish_in(
                    &mut *conn,
                    game,
                    Some(GameResult::Draw),
                    DRAW_BY_AGREEMENT,
                    now,
                )
                .await??;
                OfferAnswer::DrawAgreed(load_game(conn, game).await?)
            }
            OfferKind::Takeback => {
                let plies = offer.takeback_plies.unwrap_or(1);
                let removed = take_back_in(&mut *conn, game, record.ply, plies, now).await??;
                OfferAnswer::TakenBack {
                    game: load_game(conn, game).await?,
                    removed,
                }
            }
        }
    };
    Ok(Ok(answer))
}

impl Store {
    /// `by` offers a draw or asks to take back their last move. A takeback
    /// removes one ply if the opponent has not answered the asker's move yet,
    /// two (the opponent's reply too) if they have.
    pub async fn make_offer(
        &self,
        game: GameId,
        kind: OfferKind,
        by: &ActorId,
    ) -> StoreResult<OfferRecord> {
        let now = self.now();
        let by = by.clone();
        self.write_for_game(game, move |conn| {
            Box::pin(make_offer_in(conn, game, kind, by, now))
        })
        .await
    }

    /// The opponent of whoever made the pending offer answers it. Accepting a
    /// draw finishes the game (rated, reason `agreement`); accepting a takeback
    /// removes the moves; either way in this one transaction.
    pub async fn answer_offer(
        &self,
        game: GameId,
        kind: OfferKind,
        by: &ActorId,
        accept: bool,
    ) -> StoreResult<OfferAnswer> {
        let now = self.now();
        let by = by.clone();
        // Alone: an accepted draw ends the game and takes its players' rows.
        self.write_alone(move |conn| Box::pin(answer_offer_in(conn, game, kind, by, accept, now)))
            .await?
    }

    /// The offers still standing in a game.
    pub async fn pending_offers(&self, game: GameId) -> StoreResult<Vec<OfferRecord>> {
        let rows: Vec<OfferRow> = on_conn!(&mut self.reader.acquire().await?.conn(), |c| {
            sqlx::query_as(
            "SELECT o.game_id, o.kind, o.by_side, o.at_ply, o.lapses_at_ply, o.takeback_plies, o.created_at \
             FROM offers o JOIN games g ON g.id = o.game_id \
             WHERE o.game_id = $1 AND o.lapses_at_ply > g.ply AND g.status = 'live' ORDER BY o.kind",
        )
        .bind(game.0)
        .fetch_all(c)
        .await?
        });
        rows.into_iter().map(OfferRecord::try_from).collect()
    }
}
