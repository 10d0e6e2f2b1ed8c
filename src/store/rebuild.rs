//! Rebuilding a game's rules state from the store: the start FEN and the stored
//! moves, played again through [`rules::Game`](crate::rules::Game). This is
//! how the bot gets its games back after a restart; the database is the truth
//! and any cached `Game` is only a copy of this.

use crate::rules::{Game, Move, Position};

use super::error::{StoreError, StoreResult};
use super::handle::Store;
use super::model::{GameId, GameRecord, Iccs, MoveRecord};

impl Iccs {
    /// The rules layer's move between the same two points.
    pub(crate) fn to_move(self) -> Move {
        Move::new(self.from, self.to)
    }
}

impl From<Move> for Iccs {
    fn from(mv: Move) -> Iccs {
        Iccs {
            from: mv.from(),
            to: mv.to(),
        }
    }
}

/// Rebuilds the game by playing `moves` (in ply order) from its start
/// position. A move the rules refuse means the stored game is damaged, and is
/// reported as such.
pub fn rebuild(record: &GameRecord, moves: &[MoveRecord]) -> StoreResult<Game> {
    let start = Position::from_fen(&record.start_fen).map_err(|e| {
        StoreError::corrupt(format!(
            "game {} has an unreadable start FEN: {e}",
            record.id
        ))
    })?;
    let mut game = Game::new(start);
    for stored in moves {
        game.play(stored.iccs.to_move()).map_err(|e| {
            StoreError::corrupt(format!(
                "game {}: stored move {} at ply {} is refused: {e}",
                record.id, stored.iccs, stored.ply
            ))
        })?;
    }
    Ok(game)
}

impl Store {
    /// A game's record and its rules state, rebuilt by playing the stored
    /// moves (read from one snapshot).
    pub async fn load_game(&self, id: GameId) -> StoreResult<(GameRecord, Game)> {
        let (record, moves) = self.game_with_moves(id).await?;
        let game = rebuild(&record, &moves)?;
        Ok((record, game))
    }
}
