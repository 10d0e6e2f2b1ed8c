//! `puzzles verify` and `puzzles repair`: every puzzle of a set re-checked
//! as the generator checked it ([`Analyst::check`]), on several threads, and
//! the set's ids checked to be unique; a set the engine has drifted from is
//! brought back in line with it.
//!
//! Puzzles are the engine's own answers at fixed depths, so a change to the
//! search or the evaluation can re-rate a puzzle, find a second winning move
//! or a better defence. Repair keeps what still holds and changes no puzzle
//! in place that a player may have half-played: a new solution gets a new
//! id, and no id that has left the set is given to another puzzle.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::analysis::{Analyst, Budgets, Rejection};
use super::format::{last_id, Puzzle};

/// A puzzle the check refused, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub id: String,
    pub reason: String,
}

/// Runs `work` on every puzzle on `threads` threads, each thread with its
/// own analyst; the answers in file order. `on_done` hears the running count.
fn each_puzzle<T: Send>(
    puzzles: &[Puzzle],
    budgets: Budgets,
    threads: usize,
    on_done: impl Fn(usize) + Sync,
    work: impl Fn(&mut Analyst, &Puzzle) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let answers = Mutex::new(Vec::with_capacity(puzzles.len()));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut analyst = Analyst::new(budgets);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(puzzle) = puzzles.get(index) else {
                        return;
                    };
                    let answer = work(&mut analyst, puzzle);
                    answers
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((index, answer));
                    on_done(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    let mut answers = answers.into_inner().unwrap_or_else(|e| e.into_inner());
    answers.sort_by_key(|(index, _)| *index);
    answers.into_iter().map(|(_, answer)| answer).collect()
}

/// The ids used by an earlier puzzle of the set, each with its index.
fn repeated_ids(puzzles: &[Puzzle]) -> Vec<(usize, &str)> {
    let mut seen = std::collections::HashSet::new();
    puzzles
        .iter()
        .enumerate()
        .filter(|(_, p)| !seen.insert(p.id.as_str()))
        .map(|(index, p)| (index, p.id.as_str()))
        .collect()
}

/// Checks `puzzles` on `threads` threads; the refusals in file order.
/// `on_checked` hears the running count of puzzles checked.
pub fn verify(
    puzzles: &[Puzzle],
    budgets: Budgets,
    threads: usize,
    on_checked: impl Fn(usize) + Sync,
) -> Vec<Refused> {
    let checks = each_puzzle(puzzles, budgets, threads, on_checked, |analyst, p| {
        analyst
            .check(p)
            .err()
            .map(|rejection| rejection.to_string())
    });
    let mut refused: Vec<(usize, Refused)> = repeated_ids(puzzles)
        .into_iter()
        .map(|(index, id)| {
            let reason = "the id is used by an earlier puzzle".to_string();
            (
                index,
                Refused {
                    id: id.into(),
                    reason,
                },
            )
        })
        .collect();
    refused.extend(
        checks
            .into_iter()
            .enumerate()
            .filter_map(|(index, reason)| {
                let id = puzzles[index].id.clone();
                reason.map(|reason| (index, Refused { id, reason }))
            }),
    );
    // Stable: a repeated id's line comes before its check's.
    refused.sort_by_key(|(index, _)| *index);
    refused.into_iter().map(|(_, r)| r).collect()
}

/// What repair made of one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repaired {
    /// It passes the check as it stands.
    Kept,
    /// The same solution, with the themes and rating measured now. Its id
    /// stays: a player's attempt at it goes on unchanged, and its puzzle
    /// rating in the store still describes it.
    Remeasured { was: Rejection, now: Puzzle },
    /// The solution no longer holds, and the position solves anew: a new
    /// puzzle, under an id of its own (given by [`repair`]).
    Resolved { was: Rejection, now: Puzzle },
    /// The solution no longer holds and the position is no puzzle now.
    Dropped { was: Rejection, why: Rejection },
}

impl Repaired {
    /// The puzzle this leaves in the set in place of `old`, if any.
    pub fn result<'a>(&'a self, old: &'a Puzzle) -> Option<&'a Puzzle> {
        match self {
            Repaired::Kept => Some(old),
            Repaired::Remeasured { now, .. } | Repaired::Resolved { now, .. } => Some(now),
            Repaired::Dropped { .. } => None,
        }
    }
}

/// Why a set cannot be repaired as it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RepairError {
    #[error("puzzle {id} (line {line}) repeats an earlier puzzle's id; make the ids unique first")]
    RepeatedId { id: String, line: usize },
}

/// Re-checks `puzzles` and repairs each one the check refuses: the themes
/// and rating remeasured when only they are off, the position solved anew
/// when the solution no longer holds, the puzzle dropped when it does not
/// solve. A re-solved puzzle is numbered after the largest numeric id of
/// the set and of `retired` (the ids that left it before), so that no id
/// names two puzzles over time. The answers are in file order.
pub fn repair(
    puzzles: &[Puzzle],
    retired: &[String],
    budgets: Budgets,
    threads: usize,
    on_checked: impl Fn(usize) + Sync,
) -> Result<Vec<Repaired>, RepairError> {
    if let Some(&(index, id)) = repeated_ids(puzzles).first() {
        return Err(RepairError::RepeatedId {
            id: id.into(),
            // One-based, after the header line.
            line: index + 2,
        });
    }
    let mut repaired = each_puzzle(puzzles, budgets, threads, on_checked, repair_one);
    let mut next_id = last_id(puzzles, retired);
    for answer in &mut repaired {
        if let Repaired::Resolved { now, .. } = answer {
            next_id += 1;
            now.id = next_id.to_string();
        }
    }
    Ok(repaired)
}

fn repair_one(analyst: &mut Analyst, old: &Puzzle) -> Repaired {
    let was = match analyst.check(old) {
        Ok(()) => return Repaired::Kept,
        Err(rejection) => rejection,
    };
    let start = old.position();
    if matches!(was, Rejection::Themes { .. } | Rejection::Rating { .. }) {
        // The check passed every move before it measured these.
        let now = Puzzle {
            themes: analyst.themes(&start, &old.solution),
            rating: analyst.rate(&start, &old.solution),
            ..old.clone()
        };
        return Repaired::Remeasured { was, now };
    }
    match analyst.solve(&start) {
        Ok(solved) => {
            let now = Puzzle {
                id: String::new(),
                fen: old.fen.clone(),
                solution: solved.solution,
                rating: solved.rating,
                themes: solved.themes,
            };
            if now.solution == old.solution {
                // Cannot happen while solve and check ask the same
                // questions; if it did, the old id still names this line.
                Repaired::Remeasured {
                    was,
                    now: Puzzle {
                        id: old.id.clone(),
                        ..now
                    },
                }
            } else {
                Repaired::Resolved { was, now }
            }
        }
        Err(why) => Repaired::Dropped { was, why },
    }
}
