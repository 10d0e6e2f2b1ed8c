//! `puzzles verify`: every puzzle of a set re-checked as the generator
//! checked it ([`Analyst::check`]), on several threads, and the set's ids
//! checked to be unique.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::analysis::{Analyst, Budgets};
use super::format::Puzzle;

/// A puzzle the check refused, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub id: String,
    pub reason: String,
}

/// Checks `puzzles` on `threads` threads; the refusals in file order.
/// `on_checked` hears the running count of puzzles checked.
pub fn verify(
    puzzles: &[Puzzle],
    budgets: Budgets,
    threads: usize,
    on_checked: impl Fn(usize) + Sync,
) -> Vec<Refused> {
    let mut refused: Vec<(usize, Refused)> = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for (index, puzzle) in puzzles.iter().enumerate() {
        if !ids.insert(puzzle.id.as_str()) {
            refused.push((
                index,
                Refused {
                    id: puzzle.id.clone(),
                    reason: "the id is used by an earlier puzzle".into(),
                },
            ));
        }
    }
    let next = AtomicUsize::new(0);
    let checked = AtomicUsize::new(0);
    let found = Mutex::new(refused);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut analyst = Analyst::new(budgets);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(puzzle) = puzzles.get(index) else {
                        return;
                    };
                    if let Err(rejection) = analyst.check(puzzle) {
                        found.lock().unwrap_or_else(|e| e.into_inner()).push((
                            index,
                            Refused {
                                id: puzzle.id.clone(),
                                reason: rejection.to_string(),
                            },
                        ));
                    }
                    on_checked(checked.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    let mut refused = found.into_inner().unwrap_or_else(|e| e.into_inner());
    refused.sort_by_key(|(index, _)| *index);
    refused.into_iter().map(|(_, r)| r).collect()
}
