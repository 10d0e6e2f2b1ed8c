//! Serving puzzles: the set shipped with the binary, read once, and which
//! puzzle a user gets next (near their puzzle rating, never one they solved).

use std::collections::HashSet;
use std::sync::OnceLock;

use super::format::{parse_file, Puzzle};

/// The shipped set, compiled in: the bot serves whatever the file holds.
const SHIPPED: &str = include_str!("../../assets/puzzles/puzzles.tsv");

/// How many of the puzzles nearest a user's rating the next one is drawn
/// from: enough that a failed puzzle is not the next one again, few enough
/// that the rating is still near.
pub const NEAREST: usize = 8;

/// The shipped puzzles. A file that does not read (a test guards against
/// it) serves no puzzles and logs why, rather than stopping the bot.
pub fn shipped() -> &'static [Puzzle] {
    static SET: OnceLock<Vec<Puzzle>> = OnceLock::new();
    SET.get_or_init(|| match parse_file(SHIPPED) {
        Ok(puzzles) => puzzles,
        Err(errors) => {
            tracing::error!(first = %errors[0], count = errors.len(), "the shipped puzzle file does not read; no puzzles are served");
            Vec::new()
        }
    })
}

/// A shipped puzzle by id.
pub fn find(id: &str) -> Option<&'static Puzzle> {
    shipped().iter().find(|p| p.id == id)
}

/// The puzzle rating a user starts with: the middle of the set's ratings.
/// The file's ratings are the generator's estimate of difficulty on a scale
/// of its own; starting players there (not at a game rating's 1,500) serves
/// a newcomer puzzles of middling difficulty and lets both sides' ratings
/// meet on one scale.
pub fn first_rating(puzzles: &[Puzzle]) -> f64 {
    let mut ratings: Vec<u32> = puzzles.iter().map(|p| p.rating).collect();
    ratings.sort_unstable();
    ratings
        .get(ratings.len() / 2)
        .map_or(1500.0, |&middle| f64::from(middle))
}

/// The puzzle to serve someone rated `rating` who solved `solved`: one of
/// the [`NEAREST`] unsolved puzzles by rating, picked by `draw` (a number
/// the caller varies per attempt). `None` once every puzzle is solved.
pub fn choose<'a>(
    puzzles: &'a [Puzzle],
    rating: f64,
    solved: &HashSet<String>,
    draw: u64,
) -> Option<&'a Puzzle> {
    let mut open: Vec<&Puzzle> = puzzles.iter().filter(|p| !solved.contains(&p.id)).collect();
    if open.is_empty() {
        return None;
    }
    // Ties (the file's ratings are coarse) fall back to the file's order.
    open.sort_by(|a, b| {
        let distance = |p: &Puzzle| (f64::from(p.rating) - rating).abs();
        distance(a).total_cmp(&distance(b))
    });
    let nearest = open.len().min(NEAREST);
    Some(open[(draw % nearest as u64) as usize])
}

/// The daily puzzle of a server and day: the same for everyone there that
/// day, and a different one on most days (a hash of both names a puzzle).
pub fn daily<'a>(puzzles: &'a [Puzzle], guild: &str, day: &str) -> Option<&'a Puzzle> {
    if puzzles.is_empty() {
        return None;
    }
    // FNV-1a: stable across builds and platforms, unlike the std hasher.
    let hash = format!("{guild}/{day}")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    Some(&puzzles[(hash % puzzles.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_file_reads_whole() {
        let text_lines = SHIPPED.lines().skip(1).filter(|l| !l.trim().is_empty());
        assert!(!shipped().is_empty());
        assert_eq!(shipped().len(), text_lines.count());
        let ids: HashSet<&str> = shipped().iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), shipped().len(), "ids are unique");
    }

    #[test]
    fn a_solved_puzzle_is_never_chosen_and_the_nearest_are() {
        let puzzles = shipped();
        let all_but_one: HashSet<String> = puzzles.iter().skip(1).map(|p| p.id.clone()).collect();
        for draw in 0..20 {
            assert_eq!(
                choose(puzzles, 1500.0, &all_but_one, draw).map(|p| &p.id),
                Some(&puzzles[0].id)
            );
        }
        let everything: HashSet<String> = puzzles.iter().map(|p| p.id.clone()).collect();
        assert!(choose(puzzles, 1500.0, &everything, 0).is_none());
        // Near the rating: no puzzle closer than the chosen one is left out
        // of the nearest few.
        let none = HashSet::new();
        for rating in [600.0, 1000.0, 1500.0, 2500.0] {
            let chosen = choose(puzzles, rating, &none, 3).unwrap();
            let distance = (f64::from(chosen.rating) - rating).abs();
            let closer = puzzles
                .iter()
                .filter(|p| (f64::from(p.rating) - rating).abs() < distance)
                .count();
            assert!(closer < NEAREST, "{rating}: {closer} closer puzzles");
        }
    }

    #[test]
    fn the_daily_puzzle_is_one_per_server_and_day() {
        let puzzles = shipped();
        let first = daily(puzzles, "g1", "2026-11-23").unwrap();
        assert_eq!(daily(puzzles, "g1", "2026-11-23").unwrap().id, first.id);
        let days: HashSet<&str> = (1..=20)
            .map(|d| {
                daily(puzzles, "g1", &format!("2026-11-{d:02}"))
                    .unwrap()
                    .id
                    .as_str()
            })
            .collect();
        assert!(days.len() > 10, "days vary: {days:?}");
    }
}
