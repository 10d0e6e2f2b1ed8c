//! Self-play for tuning: the engine plays itself at a small node budget from
//! randomised openings, and every quiet position of the game is labelled with
//! the game's result. Those labelled positions are what the tuner
//! ([`tune`](super::tune)) fits the evaluation to.
//!
//! A position is kept only when it is quiet: the side to move is not in check
//! and the engine's choice there is not a capture. A static evaluation cannot
//! see a pending exchange, so noisy positions would teach it nonsense.

use crate::rng::SplitMix64;
use crate::rules::{Color, Game, GameResult, GameStatus, Position};

use super::score::MATE_BOUND;
use super::{GameHistory, Limits, Searcher};

/// How one self-play game is played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlaySettings {
    /// Nodes searched for each move.
    pub nodes: u64,
    /// Random quiet plies from the start position before the engine plays.
    pub random_plies: usize,
    /// Plies after the opening before positions are kept.
    pub skip_plies: usize,
    /// A game is adjudicated once the score stays beyond this, in
    /// centipawns from one side's view, for [`ADJUDICATE_PLIES`] plies.
    pub adjudicate_cp: i32,
}

impl Default for SelfPlaySettings {
    fn default() -> Self {
        SelfPlaySettings {
            nodes: 4000,
            random_plies: 8,
            skip_plies: 4,
            adjudicate_cp: 1200,
        }
    }
}

/// Consecutive plies beyond the adjudication score that decide a game.
pub(crate) const ADJUDICATE_PLIES: usize = 8;

/// One finished self-play game.
#[derive(Clone, Debug)]
pub struct SelfPlayGame {
    /// Quiet positions, in FEN.
    pub positions: Vec<String>,
    /// Red's score: 1 win, 0.5 draw, 0 loss.
    pub red_score: f64,
    /// Plies played, the random opening included.
    pub plies: usize,
    /// Every search's score, in centipawns from Red's side, mates included
    /// (for fitting the win-rate scale, `analysis::fit`).
    pub red_scores: Vec<i32>,
}

/// Plays up to `plies` random moves that capture nothing into `game`
/// (fewer if the game runs out of them): an opening for self-play and matches.
pub fn play_random_quiet_plies(game: &mut Game, plies: usize, rng: &mut SplitMix64) {
    for _ in 0..plies {
        let pos = game.position();
        let quiet: Vec<_> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| !pos.is_capture(mv))
            .collect();
        if quiet.is_empty() {
            break;
        }
        let mv = quiet[rng.index(quiet.len())];
        game.play(mv).expect("a generated move is legal");
    }
}

/// Plays one game from a random opening drawn from `seed`.
pub fn play_game(searcher: &mut Searcher, seed: u64, settings: &SelfPlaySettings) -> SelfPlayGame {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(Position::startpos());
    play_random_quiet_plies(&mut game, settings.random_plies, &mut rng);
    searcher.new_game();

    let mut positions = Vec::new();
    let mut red_scores = Vec::new();
    // Plies in a row the score has favoured one side decisively: (side, count).
    let mut decisive: (Option<Color>, usize) = (None, 0);
    let mut engine_plies = 0;
    let red_score = loop {
        if let GameStatus::Over(outcome) = game.status() {
            break match outcome.result {
                GameResult::RedWins => 1.0,
                GameResult::BlackWins => 0.0,
                GameResult::Draw => 0.5,
            };
        }
        let (pos, history) = GameHistory::of_game(&game);
        let result = searcher.search(&pos, &history, &Limits::nodes(settings.nodes));
        let Some(mv) = result.best_move else {
            unreachable!("a game that is not over has a legal move")
        };
        let score = result.score.0;
        red_scores.push(match pos.side_to_move() {
            Color::Red => score,
            Color::Black => -score,
        });
        if engine_plies >= settings.skip_plies
            && !pos.in_check()
            && !pos.is_capture(mv)
            && score.abs() < MATE_BOUND
        {
            positions.push(pos.to_fen());
        }
        engine_plies += 1;

        let mover = pos.side_to_move();
        let leader = if score >= settings.adjudicate_cp {
            Some(mover)
        } else if score <= -settings.adjudicate_cp {
            Some(mover.opponent())
        } else {
            None
        };
        decisive = match (leader, decisive) {
            (Some(side), (Some(previous), n)) if side == previous => (Some(side), n + 1),
            (Some(side), _) => (Some(side), 1),
            (None, _) => (None, 0),
        };
        if let (Some(side), n) = decisive {
            if n >= ADJUDICATE_PLIES {
                break if side == Color::Red { 1.0 } else { 0.0 };
            }
        }
        game.play(mv).expect("the search returns a legal move");
    };
    SelfPlayGame {
        positions,
        red_score,
        plies: game.moves().len(),
        red_scores,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_ends_with_a_result_and_only_quiet_positions_are_kept() {
        let settings = SelfPlaySettings {
            nodes: 300,
            ..SelfPlaySettings::default()
        };
        let mut searcher = Searcher::new(1);
        let game = play_game(&mut searcher, 3, &settings);
        assert!([0.0, 0.5, 1.0].contains(&game.red_score));
        assert!(game.plies > settings.random_plies);
        assert!(!game.positions.is_empty());
        for fen in &game.positions {
            let pos = Position::from_fen(fen).expect("positions are written as valid FEN");
            assert!(!pos.in_check(), "{fen} is in check");
        }
        // The same seed plays the same game.
        let again = play_game(&mut searcher, 3, &settings);
        assert_eq!(again.positions, game.positions);
    }
}
