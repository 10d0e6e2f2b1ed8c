//! Move suggestions while a player types a move, for transports that can
//! show them (Discord's autocomplete). The game is the one `move` would be
//! played in, found and rebuilt as for the move itself.

use crate::rules::{notation, Position};

use super::games::{game_here, load};
use super::state::Core;
use crate::bot::vocabulary::request::{Actor, Place};

/// The legal moves in `actor`'s game at `place` that start like `typed` in
/// ICCS, WXF or Chinese, at most `limit`: (a label showing all three, the
/// ICCS move). None where there is no game, or when the store fails
/// (logged): a suggestion is never worth an error.
pub async fn move_suggestions(
    core: &Core,
    actor: &Actor,
    place: &Place,
    typed: &str,
    limit: usize,
) -> Vec<(String, String)> {
    let found = async {
        match game_here(&core.store, actor, place).await? {
            Some(record) => load(&core.store, record.id).await.map(Some),
            None => Ok(None),
        }
    };
    match found.await {
        Ok(Some(loaded)) => suggestions(loaded.game.position(), typed, limit),
        Ok(None) => Vec::new(),
        Err(err) => {
            tracing::warn!("could not suggest moves: {err}");
            Vec::new()
        }
    }
}

/// The legal moves of `position` one of whose notations (Vietnamese too)
/// starts like `typed`
/// (case aside), labelled `h2e2 · C2=5 · 炮二平五`, valued in ICCS.
fn suggestions(position: &Position, typed: &str, limit: usize) -> Vec<(String, String)> {
    let typed = typed.trim().to_lowercase();
    position
        .legal_moves()
        .iter()
        .filter_map(|&mv| {
            let iccs = notation::iccs(mv);
            let wxf = notation::wxf(position, mv);
            let chinese = notation::chinese(position, mv);
            let vietnamese = notation::vietnamese(position, mv);
            let matches = [&iccs, &wxf, &chinese, &vietnamese]
                .iter()
                .any(|form| form.to_lowercase().starts_with(&typed));
            matches.then(|| (format!("{iccs} · {wxf} · {chinese}"), iccs))
        })
        .take(limit)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_match_any_notation_up_to_the_limit() {
        let start = Position::startpos();
        assert_eq!(suggestions(&start, "", 100).len(), 44);
        assert_eq!(suggestions(&start, "", 25).len(), 25);
        let cannon = suggestions(&start, "h2e", 25);
        assert_eq!(
            cannon,
            vec![("h2e2 · C2=5 · 炮二平五".to_string(), "h2e2".to_string())]
        );
        assert_eq!(suggestions(&start, "c2=5", 25), cannon);
        assert_eq!(suggestions(&start, "炮二平五", 25), cannon);
        assert_eq!(suggestions(&start, "P2-5", 25), cannon);
        assert!(suggestions(&start, "z", 25).is_empty());
    }
}
