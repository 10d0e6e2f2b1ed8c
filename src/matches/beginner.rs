//! A scripted beginner, the yardstick for level 1: it looks one move ahead
//! and checks captures, nothing more. Of its moves it prefers, in this order,
//! one that mates; then the best material balance after the opponent's best
//! single capture in reply, counting a piece it can take back as recaptured
//! (it does not hang pieces, and it takes what is left hanging); then one at
//! random (seeded), so its games vary.

use crate::rng::SplitMix64;
use crate::rules::{Bitboard, Game, Move, PieceKind, Position};

use super::player::{Budget, Player, PlayerError, Reply};

/// A beginner's idea of what pieces are worth, in pawns × 10.
fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::General => 1000,
        PieceKind::Chariot => 90,
        PieceKind::Cannon => 45,
        PieceKind::Horse => 40,
        PieceKind::Advisor | PieceKind::Elephant => 20,
        PieceKind::Soldier => 10,
    }
}

/// The scripted beginner as a match player (it ignores the budget).
#[derive(Default)]
pub struct Beginner {
    rng: Option<SplitMix64>,
}

impl Beginner {
    /// The move the beginner plays in `pos`, `None` when it has none.
    pub fn choose(pos: &Position, rng: &mut SplitMix64) -> Option<Move> {
        let mut best: Vec<Move> = Vec::new();
        let mut best_score = i32::MIN;
        for &mv in pos.legal_moves().iter() {
            let score = Self::score(pos, mv);
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(mv);
            }
        }
        (!best.is_empty()).then(|| best[rng.index(best.len())])
    }

    /// What `mv` wins, less what the opponent's best capture in reply then
    /// wins back (net of our recapture); a mate scores above everything.
    fn score(pos: &Position, mv: Move) -> i32 {
        let gain = pos.piece_at(mv.to()).map_or(0, |p| value(p.kind));
        let mut after = pos.clone();
        after.make_move(mv);
        let replies = after.legal_moves();
        if replies.is_empty() {
            return i32::MAX;
        }
        let mut worst_reply = 0;
        for &reply in replies.iter() {
            let Some(victim) = after.piece_at(reply.to()) else {
                continue;
            };
            let attacker = after.piece_at(reply.from()).map_or(0, |p| value(p.kind));
            let mut recaptured = after.clone();
            recaptured.make_move(reply);
            let retaken = !recaptured
                .legal_moves_to(Bitboard::from_index(reply.to().index()))
                .is_empty();
            let loss = value(victim.kind) - if retaken { attacker } else { 0 };
            worst_reply = worst_reply.max(loss);
        }
        gain - worst_reply
    }
}

impl Player for Beginner {
    fn new_game(&mut self, seed: u64) -> Result<(), PlayerError> {
        self.rng = Some(SplitMix64::new(seed));
        Ok(())
    }

    fn play(&mut self, game: &Game, _budget: Budget) -> Result<Reply, PlayerError> {
        let rng = self.rng.get_or_insert_with(|| SplitMix64::new(0));
        Ok(Reply {
            mv: Beginner::choose(game.position(), rng),
            speed: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choose(fen: &str) -> String {
        let pos = Position::from_fen(fen).unwrap();
        Beginner::choose(&pos, &mut SplitMix64::new(1))
            .unwrap()
            .to_string()
    }

    #[test]
    fn it_mates_takes_what_hangs_and_saves_what_is_attacked() {
        // A move that leaves Black none (b0b9 mates; a8f8 stalemates,
        // which wins just as well).
        let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
        let mut pos = Position::from_fen(fen).unwrap();
        pos.make_move(crate::engine::uci::parse_iccs(&choose(fen)).unwrap());
        assert!(!pos.has_legal_moves());
        // A free chariot on a5, taken by the chariot on a0.
        assert_eq!(choose("4k4/9/9/9/r8/9/9/9/9/R2K5 w - - 0 1"), "a0a5");
        // Black's chariot on a4 attacks the horse on a2 (unprotected): it moves
        // off the a-file or out of reach; it does not stay to be taken.
        let pos = Position::from_fen("3k5/9/9/9/9/r8/9/N8/9/4K4 w - - 0 1").unwrap();
        let mv = Beginner::choose(&pos, &mut SplitMix64::new(2)).unwrap();
        let mut after = pos.clone();
        after.make_move(mv);
        assert!(
            after
                .legal_captures()
                .iter()
                .all(|c| after.piece_at(c.to()).map(|p| p.kind) != Some(PieceKind::Horse)),
            "{mv} leaves the horse hanging"
        );
    }
}
