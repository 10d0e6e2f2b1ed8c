//! The bot's playing levels, 1 (a beginner can win) to 8 (full strength, a few
//! seconds a move). Levels 1–4 search shallowly and pick at random among the
//! moves scoring close to the best, from a seed the caller gives (so a game
//! can be reproduced); levels 5–8 search normally for a growing time.
//! docs/engine.md has the table.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::rng::SplitMix64;
use crate::rules::Position;

use super::limits::Limits;
use super::repetition::GameHistory;
use super::search::{SearchResult, Searcher};

/// A playing level, 1–8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A level outside 1–8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError {
    pub given: i64,
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "level {} does not exist: choose a level from {} to {}",
            self.given,
            Level::MIN.0,
            Level::MAX.0
        )
    }
}

impl std::error::Error for LevelError {}

/// How one level searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Search depth in plies (`None`: as deep as time allows).
    pub depth: Option<u32>,
    /// Time for one move.
    pub movetime: Duration,
    /// Moves scoring within this many centipawns of the best may be played
    /// instead (0: always the best).
    pub random_margin: i32,
}

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(8);
    /// How many levels there are.
    pub const COUNT: usize = Level::MAX.rank() + 1;

    pub fn new(level: i64) -> Result<Level, LevelError> {
        if (Level::MIN.0 as i64..=Level::MAX.0 as i64).contains(&level) {
            Ok(Level(level as u8))
        } else {
            Err(LevelError { given: level })
        }
    }

    pub const fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (Level::MIN.0..=Level::MAX.0).map(Level)
    }

    /// Where this level comes among [`all`](Self::all), from 0.
    pub const fn rank(self) -> usize {
        (self.0 - Level::MIN.0) as usize
    }

    pub fn settings(self) -> LevelSettings {
        let ms = Duration::from_millis;
        let (depth, movetime, random_margin) = match self.0 {
            1 => (Some(1), ms(1000), 250),
            2 => (Some(2), ms(1000), 120),
            3 => (Some(3), ms(1000), 60),
            4 => (Some(4), ms(1000), 25),
            5 => (None, ms(250), 0),
            6 => (None, ms(600), 0),
            7 => (None, ms(1500), 0),
            _ => (None, ms(3000), 0),
        };
        LevelSettings {
            depth,
            movetime,
            random_margin,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Searcher {
    /// Chooses a move at `level`. `seed` drives the weak levels' randomness:
    /// the same seed, position and history give the same move. `stop` ends
    /// the search early (the move found so far is returned).
    pub(crate) fn play_level(
        &mut self,
        root: &Position,
        history: &GameHistory,
        level: Level,
        seed: u64,
        stop: Arc<AtomicBool>,
    ) -> SearchResult {
        let settings = level.settings();
        let limits = Limits {
            depth: settings.depth,
            nodes: None,
            movetime: Some(settings.movetime),
            stop,
            ..Limits::default()
        };
        if settings.random_margin == 0 {
            return self.search(root, history, &limits);
        }
        let start = std::time::Instant::now();
        let scored = self.score_root_moves(root, history, settings.depth.unwrap_or(1), &limits);
        let Some(&(_, best)) = scored.first() else {
            // No legal move, or stopped before any move was scored.
            return self.search(root, history, &Limits::depth(1));
        };
        let candidates: Vec<_> = scored
            .iter()
            .filter(|(_, s)| s.0 >= best.0 - settings.random_margin)
            .collect();
        // Better moves are likelier: weight by closeness to the best.
        let weights: Vec<u64> = candidates
            .iter()
            .map(|(_, s)| (settings.random_margin - (best.0 - s.0) + 1).max(1) as u64)
            .collect();
        let mut rng = SplitMix64::new(seed ^ root.key());
        let mut pick = rng.below(weights.iter().sum());
        let mut chosen = candidates[0];
        for (candidate, &w) in candidates.iter().zip(&weights) {
            if pick < w {
                chosen = candidate;
                break;
            }
            pick -= w;
        }
        SearchResult {
            best_move: Some(chosen.0),
            score: chosen.1,
            depth: settings.depth.unwrap_or(1),
            seldepth: settings.depth.unwrap_or(1),
            pv: vec![chosen.0],
            nodes: 0,
            time: start.elapsed(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_outside_one_to_eight_are_refused_with_a_reason() {
        assert!(Level::new(0).is_err());
        assert!(Level::new(9).is_err());
        assert_eq!(
            Level::new(12).unwrap_err().to_string(),
            "level 12 does not exist: choose a level from 1 to 8"
        );
        assert_eq!(Level::new(8).unwrap().number(), 8);
    }

    #[test]
    fn higher_levels_never_search_less() {
        let mut previous: Option<LevelSettings> = None;
        for n in 1..=8 {
            let s = Level::new(n).unwrap().settings();
            if let Some(p) = previous {
                assert!(s.random_margin <= p.random_margin);
                assert!(s.depth.unwrap_or(u32::MAX) >= p.depth.unwrap_or(u32::MAX));
            }
            previous = Some(s);
        }
        assert_eq!(Level::MAX.settings().random_margin, 0);
    }

    #[test]
    fn weak_level_is_reproducible_from_its_seed_and_varies_with_it() {
        let pos = Position::startpos();
        let history = GameHistory::new();
        let level = Level::new(1).unwrap();
        let mut searcher = Searcher::new(1);
        let stop = Arc::new(AtomicBool::new(false));
        let a = searcher.play_level(&pos, &history, level, 7, stop.clone());
        let b = searcher.play_level(&pos, &history, level, 7, stop.clone());
        assert_eq!(a.best_move, b.best_move);
        let distinct: std::collections::HashSet<_> = (0..20)
            .map(|seed| {
                searcher
                    .play_level(&pos, &history, level, seed, stop.clone())
                    .best_move
            })
            .collect();
        assert!(
            distinct.len() > 1,
            "level 1 always plays the same opening move"
        );
        for mv in distinct {
            assert!(pos.is_legal(mv.unwrap()));
        }
    }
}
