//! The bot's playing levels, 1 (a beginner can win) to 20 (the engine's
//! full search at a budget of about a second here), each about 200 Elo
//! above the one below. Levels 1–6 look one move ahead (plus captures) and
//! pick at random among the moves scoring close to the best, level 1 now
//! and then blind to the reply; levels 7–20 search a fixed number of nodes,
//! each about twice the one below (level 20 2.4 times level 19), and vary
//! between near-equal moves. A node budget, not a time, makes a level as
//! strong on a slow or busy host as where it was measured, so its rating
//! holds everywhere. Every choice comes from a seed the caller gives, so a
//! game can be reproduced. docs/engine.md has the measured ladder.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::rng::SplitMix64;
use crate::rules::Position;

use super::limits::Limits;
use super::repetition::GameHistory;
use super::search::{RootVariety, SearchResult, Searcher};

/// A playing level, 1–20.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A level outside 1–20.
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
    /// Search depth in plies (`None`: as deep as the other limits allow).
    pub depth: Option<u32>,
    /// Nodes for one move (`None`: no node limit). A node budget makes a
    /// level's strength the same on a busy machine as on an idle one.
    pub nodes: Option<u64>,
    /// A safety stop for one move: every level's budget is its depth or
    /// nodes, and this only cuts it short on a slow or busy host.
    pub movetime: Duration,
    /// Moves scoring within this many centipawns of the best may be played
    /// instead (0: always the best).
    pub random_margin: i32,
    /// Of a hundred moves, how many are chosen blind to every reply, as a
    /// beginner overlooks a threat now and then.
    pub oversights_per_hundred: u64,
    /// For the levels that play their best move: root moves get a seeded
    /// bonus of up to this many centipawns, so games against the same level
    /// part ways between near-equal moves.
    pub variety_margin: i32,
}

impl LevelSettings {
    /// Whether the search is over in a few thousand nodes at most: a
    /// full-size transposition table would cost more to clear than it saves.
    pub fn searches_briefly(&self) -> bool {
        self.depth.is_some() || self.nodes.is_some_and(|n| n <= BRIEF_SEARCH_NODES)
    }
}

impl Level {
    pub const MIN: Level = Level(1);
    /// The last node-budget level: the budget table alone says how many
    /// levels there are.
    pub const MAX: Level = Level(FIRST_BUDGET_LEVEL + SEARCH_LEVEL_NODES.len() as u8 - 1);
    /// How many levels there are.
    pub const COUNT: usize = Level::MAX.rank() + 1;

    pub fn new(level: i64) -> Result<Level, LevelError> {
        if (Level::MIN.0 as i64..=Level::MAX.0 as i64).contains(&level) {
            Ok(Level(level as u8))
        } else {
            Err(LevelError { given: level })
        }
    }

    /// Level `number`, in a constant: `None` outside the levels there are.
    pub const fn from_number(number: u8) -> Option<Level> {
        if number >= Level::MIN.0 && number <= Level::MAX.0 {
            Some(Level(number))
        } else {
            None
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

    /// Each level's search, from the ladder measured in docs/engine.md:
    /// levels about 150–250 Elo apart, level 1 below a beginner who only
    /// avoids hanging pieces. The one-ply levels are spaced by their random
    /// margins; the searching ones by node budgets, since twice the nodes
    /// is about 200 Elo and one more ply of depth is far more.
    pub fn settings(self) -> LevelSettings {
        let weak = |random_margin, oversights_per_hundred| LevelSettings {
            depth: Some(1),
            nodes: None,
            movetime: WEAK_LEVEL_MOVETIME,
            random_margin,
            oversights_per_hundred,
            variety_margin: 0,
        };
        let searching = |nodes, movetime| LevelSettings {
            depth: None,
            nodes: Some(nodes),
            movetime,
            random_margin: 0,
            oversights_per_hundred: 0,
            variety_margin: VARIETY_MARGIN,
        };
        match self.0 {
            1 => weak(250, 10),
            2 => weak(250, 0),
            3 => weak(190, 0),
            4 => weak(130, 0),
            5 => weak(90, 0),
            6 => weak(55, 0),
            7 => searching(100, WEAK_LEVEL_MOVETIME),
            n => searching(
                SEARCH_LEVEL_NODES[(n - FIRST_BUDGET_LEVEL) as usize],
                SEARCH_SAFETY_MOVETIME,
            ),
        }
    }
}

/// The first level that searches a budget from [`SEARCH_LEVEL_NODES`].
const FIRST_BUDGET_LEVEL: u8 = 8;

/// The node budgets of levels 8–20, in order. Twice the nodes is worth
/// about 220 Elo from a few hundred nodes to ten thousand, somewhat less
/// beyond and much less below (docs/engine.md, "The ladder"): so level 8
/// searches 3.6 times level 7's hundred nodes and level 9 2.4 times level
/// 8's, then each level about 1.9 times the one below, and 2.1 times from
/// twenty thousand nodes on. At the top, level 19 against 1.7 million
/// nodes measured 96 Elo and against 2.5 million 280: about 175 a
/// doubling by the second, about 150 fitting both, so level 20 searches
/// 2.4 times level 19's nodes, 1.3 doublings.
const SEARCH_LEVEL_NODES: [u64; 13] = [
    360, 880, 1_650, 3_100, 5_800, 10_800, 20_000, 42_000, 88_000, 185_000, 390_000, 820_000,
    2_000_000,
];

/// The searching levels' safety stop. Level 20's budget takes about 0.9 s
/// at the 2.3 million nodes a second of the machine that measured the
/// ladder, so only a host more than five times slower, or that busy, cuts
/// it short: there the top levels lose strength rather than keep a player
/// waiting. No longer than the default shutdown grace, so a stopping
/// process lets any move in progress finish.
const SEARCH_SAFETY_MOVETIME: Duration = Duration::from_millis(5000);

/// Up to this many nodes a search is brief (see
/// [`LevelSettings::searches_briefly`]).
const BRIEF_SEARCH_NODES: u64 = 12_000;

/// The weak levels' safety stop; they finish in milliseconds.
const WEAK_LEVEL_MOVETIME: Duration = Duration::from_millis(1000);

/// The searching levels' seeded root bonus, in centipawns: small enough
/// that a move clearly better is still played.
const VARIETY_MARGIN: i32 = 8;

/// Advice, a hint or the bot's view of a draw offer, searches this many
/// nodes: between levels 16 and 17 on the ladder, a tenth of a second or
/// less, whatever level the game is against.
const ADVICE_NODES: u64 = 100_000;

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The most one move may search with `left` on the bot's clock and
/// `increment` added after it: a thirtieth of what is left plus most of
/// the increment, as simple clocks allot (a game's moves after this one
/// share the rest), and never more than half of what is left less a
/// margin for storing and posting the move, so that the bot does not
/// flag at its level's normal budget. At least a millisecond: a move
/// found at depth one is still a move.
pub fn time_for_move(left: Duration, increment: Duration) -> Duration {
    const POSTING_MARGIN: Duration = Duration::from_millis(300);
    let share = left / 30 + increment.mul_f64(0.8);
    let ceiling = (left / 2).saturating_sub(POSTING_MARGIN);
    share.min(ceiling).max(Duration::from_millis(1))
}

impl Searcher {
    /// Advice for the side to move: the best move found in
    /// [`ADVICE_NODES`] and its score, with none of the levels' randomness
    /// or variety, so a hint is the engine's own choice. `stop` ends the
    /// search early.
    pub(crate) fn advise(
        &mut self,
        root: &Position,
        history: &GameHistory,
        stop: Arc<AtomicBool>,
    ) -> SearchResult {
        let limits = Limits {
            nodes: Some(ADVICE_NODES),
            movetime: Some(SEARCH_SAFETY_MOVETIME),
            stop,
            ..Limits::default()
        };
        self.search(root, history, &limits)
    }

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
        self.play_level_within(root, history, level, seed, None, stop)
    }

    /// [`Searcher::play_level`] under a clock: the level's own budget, but
    /// never past `cap` (see [`time_for_move`]).
    pub(crate) fn play_level_within(
        &mut self,
        root: &Position,
        history: &GameHistory,
        level: Level,
        seed: u64,
        cap: Option<Duration>,
        stop: Arc<AtomicBool>,
    ) -> SearchResult {
        let settings = level.settings();
        let movetime = cap.map_or(settings.movetime, |cap| cap.min(settings.movetime));
        let limits = Limits {
            depth: settings.depth,
            nodes: settings.nodes,
            movetime: Some(movetime),
            stop,
            ..Limits::default()
        };
        if settings.random_margin == 0 {
            if settings.variety_margin == 0 {
                return self.search(root, history, &limits);
            }
            let variety = RootVariety {
                seed,
                margin: settings.variety_margin,
            };
            return self.search_varied(root, history, &limits, variety);
        }
        let start = std::time::Instant::now();
        let mut rng = SplitMix64::new(seed ^ root.key());
        let overlooks = rng.below(100) < settings.oversights_per_hundred;
        let depth = if overlooks {
            0
        } else {
            settings.depth.unwrap_or(1)
        };
        let scored = self.score_root_moves(root, history, depth, &limits);
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
    fn a_clocked_move_takes_a_share_of_the_time_left() {
        let ms = Duration::from_millis;
        // 1+0 with a minute left: two seconds.
        assert_eq!(time_for_move(ms(60_000), ms(0)), ms(2000));
        // 3+2 at the start: 6 s, and 1.6 s of the increment.
        assert_eq!(time_for_move(ms(180_000), ms(2000)), ms(7600));
        // Nearly flagged: half of what is left less the margin, then the floor.
        assert_eq!(time_for_move(ms(900), ms(5000)), ms(150));
        assert_eq!(time_for_move(ms(400), ms(0)), ms(1));
        // Never past a level's own stop when the clock is generous:
        // `play_level_within` takes the smaller of the two.
        assert!(time_for_move(ms(10_800_000), ms(60_000)) > ms(5000));
    }

    /// Advice sees forced mates a few moves deep, which no one-ply level
    /// does (level 5 hinted until the levels were renumbered), and it gives
    /// the same answer every time.
    #[test]
    fn advice_finds_mates_in_two_and_three() {
        let mut searcher = Searcher::new(16);
        for (fen, moves) in [
            ("3k1a3/4a4/4b4/9/9/6N2/9/3AB4/3r1r3/2B1K4 b - - 3 58", 2),
            ("9/3k5/4R4/p1p6/9/P1P5p/4C3P/4C4/4A4/2B1KAB2 w - - 1 39", 2),
            ("3a2R2/3k5/2r1PP3/5P3/9/8p/p8/9/9/2BAKAB2 w - - 1 50", 3),
            ("3Rnkb2/9/4b4/8p/9/7N1/8P/5A2B/4A4/3K5 w - - 5 56", 3),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let stop = Arc::new(AtomicBool::new(false));
            let advice = searcher.advise(&pos, &GameHistory::new(), Arc::clone(&stop));
            let found = advice.score.mate_in().unwrap_or(0);
            assert!((1..=moves).contains(&found), "{fen}: {}", advice.score);
            assert_eq!(advice.best_move, advice.pv.first().copied(), "{fen}");
            searcher.new_game();
            let again = searcher.advise(&pos, &GameHistory::new(), stop);
            assert_eq!(again.best_move, advice.best_move, "{fen}");
        }
    }

    #[test]
    fn levels_outside_one_to_twenty_are_refused_with_a_reason() {
        assert!(Level::new(0).is_err());
        assert!(Level::new(21).is_err());
        assert_eq!(
            Level::new(25).unwrap_err().to_string(),
            "level 25 does not exist: choose a level from 1 to 20"
        );
        assert_eq!(Level::new(20).unwrap().number(), 20);
        assert_eq!(Level::all().count(), Level::COUNT);
    }

    #[test]
    fn higher_levels_never_search_less() {
        let mut previous: Option<LevelSettings> = None;
        for level in Level::all() {
            let s = level.settings();
            if let Some(p) = previous {
                assert!(s.random_margin <= p.random_margin);
                assert!(s.oversights_per_hundred <= p.oversights_per_hundred);
                assert!(s.depth.unwrap_or(u32::MAX) >= p.depth.unwrap_or(u32::MAX));
                if let (Some(now), Some(before)) = (s.nodes, p.nodes) {
                    assert!(
                        now > before,
                        "level {level} searches no more than the one below"
                    );
                }
                assert!(s.movetime >= p.movetime);
            }
            // A budget of depth or nodes, never of time alone: a level's
            // strength, and so its rating, does not depend on the host.
            assert!(
                s.depth.is_some() || s.nodes.is_some(),
                "level {level} has no budget but time"
            );
            previous = Some(s);
        }
        let strongest = Level::MAX.settings();
        assert_eq!(strongest.random_margin, 0);
        assert_eq!(strongest.depth, None);
    }

    #[test]
    fn searching_level_varies_by_seed_between_near_equal_moves_only() {
        let history = GameHistory::new();
        let stop = Arc::new(AtomicBool::new(false));
        let mut searcher = Searcher::new(1);
        // The strongest level is the same search, a second or more a move:
        // too slow to ask 24 times.
        let level = Level::new(7).unwrap();
        let openings: std::collections::HashSet<_> = (0..16)
            .map(|seed| {
                searcher.new_game();
                let result =
                    searcher.play_level(&Position::startpos(), &history, level, seed, stop.clone());
                result.best_move.unwrap()
            })
            .collect();
        assert!(
            openings.len() > 1,
            "level {level} opens the same way whatever the seed: {openings:?}"
        );
        // A soldier takes a chariot left hanging: worth far more than
        // the bonus, so every seed plays it.
        let hanging = Position::from_fen(
            "rnbakabn1/9/1c5c1/p1p1p1p1p/9/4r4/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        let capture = crate::rules::notation::parse_move(&hanging, "e3e4")
            .unwrap()
            .mv;
        for seed in 0..8 {
            searcher.new_game();
            let result = searcher.play_level(&hanging, &history, level, seed, stop.clone());
            assert_eq!(
                result.best_move,
                Some(capture),
                "level {level}, seed {seed}"
            );
        }
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
