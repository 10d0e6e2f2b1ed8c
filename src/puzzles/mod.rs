//! Puzzles: positions where the side to move has exactly one way to a
//! decisive win, found in engine games, checked by a deeper search, tagged
//! with themes and rated by how hard the engine finds them.
//!
//! Pure and synchronous, on top of the rules and the engine:
//! - [`format`]: a puzzle and the set's TSV file (`id`, FEN, solution, rating, themes);
//! - [`analysis`]: the engine's questions (the winning moves, the best
//!   defence, how deep the solution is found) and the line they make;
//! - [`themes`]: the themes, each computed from the solution;
//! - [`generate`]: engine games and the puzzles found in them;
//! - [`verify`]: re-checks a puzzle the way the generator made it;
//! - [`serve`]: the shipped set and which puzzle a user gets next.
//!
//! What each rule means, and the numbers chosen, is in `docs/puzzles.md`.

pub mod analysis;
pub mod format;
pub mod generate;
pub mod serve;
pub mod themes;
pub mod verify;

pub use analysis::{Analyst, Budgets, Rejection};
pub use format::{Puzzle, PuzzleFileError};
pub use themes::Theme;

#[cfg(test)]
mod tests;
