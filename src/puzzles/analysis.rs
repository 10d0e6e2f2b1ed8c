//! The engine's questions about a puzzle and the answers that make one.
//!
//! Every question is asked of a fresh searcher (its tables cleared) at a
//! fixed depth, so the same question gets the same answer in the generator,
//! in `puzzles verify` and on any machine, whatever ran before:
//! - which moves keep a decisive win, searched [`Budgets::check_depth`]
//!   plies deep with a null window at the decisive score (cheap: a move only
//!   has to be shown above or below it);
//! - the defender's best answers, with a full window at the same depth;
//! - the move a shallower search ([`Budgets::find_depth`]) plays, which is
//!   how the generator finds solutions: the deeper search then checks them;
//! - the shallowest depth at which a search plays the solution's move, which
//!   is what the rating measures.

use std::fmt;

use crate::engine::{GameHistory, Limits, Score, SearchResult, Searcher};
use crate::rules::{Move, Position};

use super::format::Puzzle;
use super::themes::{balance, tag, Theme, MATERIAL_GAIN};

/// Transposition table size for every question: results depend on it, so it
/// is fixed.
const HASH_MB: usize = 8;
/// Rating of a solution the engine finds at depth 1 in one move.
const BASE_RATING: u32 = 600;
/// Rating added per ply of depth needed beyond 1, at the hardest solver's move.
const RATING_PER_DEPTH: u32 = 200;
/// Rating added per solver's move beyond the first.
const RATING_PER_MOVE: u32 = 100;

/// How deep the engine looks, and what counts as decisive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// Depth of the search that proposes each solver's move.
    pub find_depth: u32,
    /// Depth of the searches that check them and choose the replies; deeper
    /// than `find_depth`.
    pub check_depth: u32,
    /// A score at or above this (centipawns, the solver's view) is a decisive
    /// win; mates are far above it.
    pub decisive_cp: i32,
    /// Solver's moves in a solution at most.
    pub max_solver_moves: usize,
}

impl Default for Budgets {
    fn default() -> Self {
        Budgets {
            find_depth: 6,
            check_depth: 10,
            decisive_cp: 200,
            max_solver_moves: 5,
        }
    }
}

/// Why a position or a puzzle is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// No move keeps a decisive win at the solver's move `at` (1-based).
    NotDecisive { at: usize, best: Score },
    /// The solution's move at the solver's move `at` keeps no decisive win.
    SolutionDoesNotWin { at: usize, solution: Move },
    /// Another move than the solution's keeps a decisive win too.
    SecondWinningMove {
        at: usize,
        solution: Move,
        other: Move,
    },
    /// The shallow search proposed a move the deep one does not confirm alone.
    FinderOverruled { proposed: Move },
    /// The reply after the solver's move `at` is not the best defence.
    NotBestDefence {
        at: usize,
        reply: Move,
        better: Move,
    },
    /// The themes stated differ from those the solution has.
    Themes {
        stated: Vec<Theme>,
        found: Vec<Theme>,
    },
    /// The rating stated differs from the one measured.
    Rating { stated: u32, found: u32 },
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |themes: &[Theme]| {
            themes
                .iter()
                .map(Theme::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        match self {
            Rejection::NotDecisive { at, best } => {
                write!(
                    f,
                    "solver's move {at}: no move keeps a decisive win (best {best})"
                )
            }
            Rejection::SolutionDoesNotWin { at, solution } => {
                write!(
                    f,
                    "solver's move {at}: {solution} does not keep a decisive win"
                )
            }
            Rejection::SecondWinningMove {
                at,
                solution,
                other,
            } => write!(f, "solver's move {at}: {other} wins as well as {solution}"),
            Rejection::FinderOverruled { proposed } => {
                write!(
                    f,
                    "the deeper search does not confirm {proposed} as the only win"
                )
            }
            Rejection::NotBestDefence { at, reply, better } => write!(
                f,
                "reply to solver's move {at}: {better} defends better than {reply}"
            ),
            Rejection::Themes { stated, found } => {
                write!(
                    f,
                    "themes {:?}, but the solution shows {:?}",
                    list(stated),
                    list(found)
                )
            }
            Rejection::Rating { stated, found } => {
                write!(
                    f,
                    "rating {stated}, but the measured difficulty gives {found}"
                )
            }
        }
    }
}

/// A solution with what it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub solution: Vec<Move>,
    pub rating: u32,
    pub themes: Vec<Theme>,
}

/// Asks the engine about puzzles; one per thread.
pub struct Analyst {
    searcher: Searcher,
    budgets: Budgets,
}

impl Analyst {
    pub fn new(budgets: Budgets) -> Analyst {
        Analyst {
            searcher: Searcher::new(HASH_MB),
            budgets,
        }
    }

    pub fn budgets(&self) -> &Budgets {
        &self.budgets
    }

    /// A fresh search of the position `line` leads to from `start`.
    fn search(&mut self, start: &Position, line: &[Move], depth: u32) -> SearchResult {
        let (pos, history) = reach(start, line);
        self.searcher.new_game();
        self.searcher.search(&pos, &history, &Limits::depth(depth))
    }

    /// The moves that keep a decisive win after `line`, by the deep search.
    pub fn winning_moves(&mut self, start: &Position, line: &[Move]) -> Vec<Move> {
        let (pos, history) = reach(start, line);
        let threshold = self.budgets.decisive_cp;
        self.searcher.new_game();
        self.searcher
            .score_root_moves_within(
                &pos,
                &history,
                self.budgets.check_depth,
                (threshold - 1, threshold),
                &Limits::default(),
            )
            .into_iter()
            .filter(|&(_, score)| score.0 >= threshold)
            .map(|(mv, _)| mv)
            .collect()
    }

    /// The defender's best answers after `line` (all that score best), in
    /// the order the move generator lists them.
    pub fn best_defences(&mut self, start: &Position, line: &[Move]) -> Vec<Move> {
        let (pos, history) = reach(start, line);
        self.searcher.new_game();
        let scored = self.searcher.score_root_moves(
            &pos,
            &history,
            self.budgets.check_depth,
            &Limits::default(),
        );
        let best = scored.first().map(|&(_, s)| s);
        let mut moves: Vec<Move> = scored
            .into_iter()
            .filter(|&(_, s)| Some(s) == best)
            .map(|(mv, _)| mv)
            .collect();
        // score_root_moves sorts stably from generation order; keep that order.
        let generated = pos.legal_moves();
        moves.sort_by_key(|mv| generated.iter().position(|m| m == mv));
        moves
    }

    /// The shallowest depth at which a search after `line` plays `mv`;
    /// `check_depth + 1` when none up to `check_depth` does.
    fn depth_to_find(&mut self, start: &Position, line: &[Move], mv: Move) -> u32 {
        (1..=self.budgets.check_depth)
            .find(|&depth| self.search(start, line, depth).best_move == Some(mv))
            .unwrap_or(self.budgets.check_depth + 1)
    }

    /// The rating of a solution: the depth its hardest solver's move needs,
    /// and its length (see `docs/puzzles.md`).
    pub fn rate(&mut self, start: &Position, solution: &[Move]) -> u32 {
        let hardest = (0..solution.len())
            .step_by(2)
            .map(|i| self.depth_to_find(start, &solution[..i], solution[i]))
            .max()
            .unwrap_or(1);
        let moves = solution.len().div_ceil(2) as u32;
        BASE_RATING + RATING_PER_DEPTH * (hardest - 1) + RATING_PER_MOVE * (moves - 1)
    }

    /// The defender's best answer to the whole solution, when it has one.
    fn final_reply(&mut self, start: &Position, solution: &[Move]) -> Option<Move> {
        self.best_defences(start, solution).first().copied()
    }

    /// The themes of a solution.
    pub fn themes(&mut self, start: &Position, solution: &[Move]) -> Vec<Theme> {
        let reply = self.final_reply(start, solution);
        tag(start, solution, reply)
    }

    /// Checks one solver's move: it must be the only move that keeps a
    /// decisive win after `line`.
    fn check_solver_move(
        &mut self,
        start: &Position,
        line: &[Move],
        mv: Move,
    ) -> Result<(), Rejection> {
        let at = line.len() / 2 + 1;
        let winners = self.winning_moves(start, line);
        if !winners.contains(&mv) {
            return Err(Rejection::SolutionDoesNotWin { at, solution: mv });
        }
        match winners.iter().find(|&&m| m != mv) {
            Some(&other) => Err(Rejection::SecondWinningMove {
                at,
                solution: mv,
                other,
            }),
            None => Ok(()),
        }
    }

    /// Makes a puzzle of `start` (the solver to move): the shallow search
    /// proposes each solver's move, the deep one must confirm it as the only
    /// decisive one, and the best defence answers. The line stops at mate,
    /// at the move limit, once a material win is in hand (not while a mate is
    /// on), or before a solver's move that is not the only win.
    pub fn solve(&mut self, start: &Position) -> Result<Solved, Rejection> {
        let budgets = self.budgets;
        let solver = start.side_to_move();
        let start_balance = balance(start, solver);
        let mut line: Vec<Move> = Vec::new();
        loop {
            let at = line.len() / 2 + 1;
            let found = self.search(start, &line, budgets.find_depth);
            let confirmed = match found.best_move {
                Some(mv) if found.score.0 >= budgets.decisive_cp => {
                    if self.winning_moves(start, &line) == [mv] {
                        Ok(mv)
                    } else {
                        Err(Rejection::FinderOverruled { proposed: mv })
                    }
                }
                _ => Err(Rejection::NotDecisive {
                    at,
                    best: found.score,
                }),
            };
            let mv = match confirmed {
                Ok(mv) => mv,
                Err(rejection) if line.is_empty() => return Err(rejection),
                Err(_) => {
                    // The last reply leads to no single win: end before it.
                    line.pop();
                    break;
                }
            };
            line.push(mv);
            let (pos, _) = reach(start, &line);
            if !pos.has_legal_moves() || at >= budgets.max_solver_moves {
                break;
            }
            let mating = found.score.mate_in().is_some_and(|n| n > 0);
            let reply = self.best_defences(start, &line)[0];
            if !mating {
                let (after_reply, _) = reach(start, &[line.as_slice(), &[reply]].concat());
                if balance(&after_reply, solver) - start_balance >= MATERIAL_GAIN {
                    break;
                }
            }
            line.push(reply);
        }
        let rating = self.rate(start, &line);
        let themes = self.themes(start, &line);
        Ok(Solved {
            solution: line,
            rating,
            themes,
        })
    }

    /// Re-checks a puzzle: every solver's move the only decisive one, every
    /// reply a best defence, the themes and rating as measured.
    pub fn check(&mut self, puzzle: &Puzzle) -> Result<(), Rejection> {
        let start = puzzle.position();
        let solution = &puzzle.solution;
        for (i, &mv) in solution.iter().enumerate() {
            if i % 2 == 0 {
                self.check_solver_move(&start, &solution[..i], mv)?;
            } else {
                let best = self.best_defences(&start, &solution[..i]);
                if !best.contains(&mv) {
                    return Err(Rejection::NotBestDefence {
                        at: i / 2 + 1,
                        reply: mv,
                        better: best[0],
                    });
                }
            }
        }
        let found = self.themes(&start, solution);
        if found != puzzle.themes {
            return Err(Rejection::Themes {
                stated: puzzle.themes.clone(),
                found,
            });
        }
        let rating = self.rate(&start, solution);
        if rating != puzzle.rating {
            return Err(Rejection::Rating {
                stated: puzzle.rating,
                found: rating,
            });
        }
        Ok(())
    }
}

/// The position `line` leads to from `start`, with its history.
fn reach(start: &Position, line: &[Move]) -> (Position, GameHistory) {
    GameHistory::rebuild(start, line).expect("puzzle lines are legal")
}
