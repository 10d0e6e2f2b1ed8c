//! The generator: plays engine games from random openings at a small node
//! budget (so that both sides blunder now and then), takes the positions
//! where the side to move has just been handed a decisive win, and keeps
//! those [`Analyst::solve`] makes a puzzle of.
//!
//! Everything follows from the settings: game `i` is played from seed
//! `seed + i` by a fresh searcher, and puzzles are numbered in game order
//! whatever the number of threads. A run can extend an existing set
//! ([`Continuation`]): its positions are skipped and the numbering goes on
//! after its ids.

use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::engine::selfplay::play_random_quiet_plies;
use crate::engine::{GameHistory, Limits, Searcher};
use crate::rng::SplitMix64;
use crate::rules::{Game, GameStatus, Position};

use super::analysis::{Analyst, Budgets};
use super::format::{last_id, Puzzle};

/// How the games are played and the puzzles checked.
#[derive(Clone, Copy, Debug)]
pub struct GenerateSettings {
    /// Seed of game 0; game `i` uses `seed + i`.
    pub seed: u64,
    /// Nodes each move of the games is searched.
    pub game_nodes: u64,
    /// Random quiet plies that open each game.
    pub random_plies: usize,
    /// Plies a game is played at most.
    pub max_plies: usize,
    /// Puzzles taken from one game at most (they are often the same
    /// blunder seen again).
    pub per_game: usize,
    /// The previous mover must have thought itself no worse than this
    /// (centipawns below even) for a position to be a candidate: it was
    /// surprised, so the win is a tactic and not a slow squeeze.
    pub surprise_cp: i32,
    pub budgets: Budgets,
}

impl Default for GenerateSettings {
    fn default() -> Self {
        GenerateSettings {
            seed: 1,
            game_nodes: 300,
            random_plies: 8,
            max_plies: 240,
            per_game: 2,
            surprise_cp: 100,
            budgets: Budgets::default(),
        }
    }
}

/// A position a game hands to the analyst: the side to move's search says
/// it wins decisively, where the move before was played as if it did not.
pub fn candidates(
    searcher: &mut Searcher,
    game_index: u64,
    settings: &GenerateSettings,
) -> Vec<Position> {
    let mut rng = SplitMix64::new(settings.seed.wrapping_add(game_index));
    let mut game = Game::new(Position::startpos());
    play_random_quiet_plies(&mut game, settings.random_plies, &mut rng);
    searcher.new_game();
    let decisive = settings.budgets.decisive_cp;
    let mut found = Vec::new();
    // The previous mover's score, from its own side.
    let mut previous: Option<i32> = None;
    while game.moves().len() < settings.max_plies {
        if let GameStatus::Over(_) = game.status() {
            break;
        }
        let (pos, history) = reach_game(&game);
        let result = searcher.search(&pos, &history, &Limits::nodes(settings.game_nodes));
        let Some(mv) = result.best_move else { break };
        let score = result.score.0;
        if score >= decisive && previous.is_some_and(|p| p >= -settings.surprise_cp) {
            found.push(pos.clone());
        }
        previous = Some(score);
        game.play(mv).expect("the search returns a legal move");
    }
    found
}

fn reach_game(game: &Game) -> (Position, GameHistory) {
    GameHistory::rebuild(game.start(), game.moves()).expect("a game's moves are legal")
}

/// One game's puzzles (unnumbered: `id` empty) and how many candidates it had.
pub fn puzzles_of_game(
    searcher: &mut Searcher,
    analyst: &mut Analyst,
    game_index: u64,
    settings: &GenerateSettings,
) -> (Vec<Puzzle>, usize) {
    let candidates = candidates(searcher, game_index, settings);
    let mut puzzles = Vec::new();
    for pos in &candidates {
        if puzzles.len() >= settings.per_game {
            break;
        }
        if let Ok(solved) = analyst.solve(pos) {
            puzzles.push(Puzzle {
                id: String::new(),
                fen: pos.to_fen(),
                solution: solved.solution,
                rating: solved.rating,
                themes: solved.themes,
            });
        }
    }
    (puzzles, candidates.len())
}

/// The set a run extends: positions already in it are not made puzzles
/// again, and the new puzzles are numbered from `last_id + 1`.
#[derive(Clone, Debug, Default)]
pub struct Continuation {
    /// Position keys ([`Position::key`]) already in the set.
    pub seen: HashSet<u64>,
    /// The id the new puzzles are numbered after (see [`last_id`]).
    pub last_id: u64,
}

impl Continuation {
    /// Extending `puzzles`, whose set has retired the ids `retired`.
    pub fn after(puzzles: &[Puzzle], retired: &[String]) -> Continuation {
        Continuation {
            seen: puzzles.iter().map(|p| p.position().key()).collect(),
            last_id: last_id(puzzles, retired),
        }
    }
}

/// What a run has done so far, for progress reports.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    pub games: usize,
    pub candidates: usize,
    pub puzzles: usize,
}

/// Plays `games` games on `threads` threads and hands each puzzle, numbered
/// in game order after `continuation.last_id` (from 1 for a new set) and
/// without repeated positions, to `emit` (called in order, from one thread
/// at a time), stopping after `max_puzzles` new ones. `on_game` hears after
/// each game handed on, in game order.
pub fn generate(
    games: usize,
    threads: usize,
    max_puzzles: usize,
    settings: &GenerateSettings,
    continuation: Continuation,
    mut emit: impl FnMut(&Puzzle) -> std::io::Result<()> + Send,
    mut on_game: impl FnMut(Progress) + Send,
) -> std::io::Result<Progress> {
    struct Collector {
        /// Finished games not yet handed on, by index.
        waiting: BTreeMap<usize, (Vec<Puzzle>, usize)>,
        next: usize,
        seen: HashSet<u64>,
        progress: Progress,
        done: bool,
        error: Option<std::io::Error>,
    }
    let Continuation { seen, last_id } = continuation;
    let collector = Mutex::new(Collector {
        waiting: BTreeMap::new(),
        next: 0,
        seen,
        progress: Progress::default(),
        done: max_puzzles == 0,
        error: None,
    });
    let next_game = AtomicUsize::new(0);
    let emit = Mutex::new(&mut emit);
    let on_game = Mutex::new(&mut on_game);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(8);
                let mut analyst = Analyst::new(settings.budgets);
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= games || collector.lock().unwrap_or_else(|e| e.into_inner()).done {
                        return;
                    }
                    let result =
                        puzzles_of_game(&mut searcher, &mut analyst, index as u64, settings);
                    let mut c = collector.lock().unwrap_or_else(|e| e.into_inner());
                    c.waiting.insert(index, result);
                    loop {
                        let next = c.next;
                        let Some((puzzles, candidates)) = c.waiting.remove(&next) else {
                            break;
                        };
                        c.next += 1;
                        if c.done {
                            continue;
                        }
                        c.progress.games += 1;
                        c.progress.candidates += candidates;
                        for mut puzzle in puzzles {
                            if c.progress.puzzles >= max_puzzles {
                                break;
                            }
                            let key = puzzle.position().key();
                            if !c.seen.insert(key) {
                                continue;
                            }
                            c.progress.puzzles += 1;
                            puzzle.id = (last_id + c.progress.puzzles as u64).to_string();
                            let mut emit = emit.lock().unwrap_or_else(|e| e.into_inner());
                            if let Err(e) = emit(&puzzle) {
                                c.error = Some(e);
                                c.done = true;
                                break;
                            }
                        }
                        if c.progress.puzzles >= max_puzzles {
                            c.done = true;
                        }
                        let progress = c.progress;
                        (on_game.lock().unwrap_or_else(|e| e.into_inner()))(progress);
                    }
                }
            });
        }
    });
    let c = collector.into_inner().unwrap_or_else(|e| e.into_inner());
    match c.error {
        Some(e) => Err(e),
        None => Ok(c.progress),
    }
}
