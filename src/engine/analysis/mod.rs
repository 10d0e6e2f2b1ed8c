//! Game review: the engine scores every position of a game at a fixed
//! budget and judges each move by the expected score it gave away
//! ([`judge`]). Pure and synchronous like the rest of the engine; an
//! [`Analyser`] works one position per [`step`](Analyser::step), so a caller
//! can stop between positions, report progress, or let other work go first,
//! and a stop flag cancels a search under way.
//!
//! The review's text form, one `ply N move M class C eval E best B` line a
//! move and a `summary` line, is what `xiangqi-bot analyze` prints and what
//! the store keeps; [`Review::parse`] reads it back.

pub mod fit;
pub mod judge;

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use crate::rules::{notation, Color, Game, GameStatus, IllegalMove, Move, Position, Square};

use super::{GameHistory, Limits, Searcher};
pub use judge::{Class, Eval, MoveFacts};

/// Nodes a position by default: deep enough that the engine's choices at a
/// few times the budget are judged good, cheap enough that a 150-ply game
/// takes well under a minute on a busy two-core machine (`docs/review.md`).
pub const DEFAULT_NODES: u64 = 60_000;

/// The transposition table of an analysis, in megabytes. Part of what makes
/// an analysis repeatable: the same game, budget and table give the same
/// review.
pub const HASH_MB: usize = 16;

/// What each position gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A node count: the same on a busy machine as on an idle one.
    Nodes(u64),
    /// Wall-clock time a position.
    Movetime(Duration),
}

impl Default for Budget {
    fn default() -> Self {
        Budget::Nodes(DEFAULT_NODES)
    }
}

impl std::fmt::Display for Budget {
    /// `nodes 60000` or `movetime 200`: stored with a review, so a review at
    /// another budget is not taken for this one.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Nodes(n) => write!(f, "nodes {n}"),
            Budget::Movetime(t) => write!(f, "movetime {}", t.as_millis()),
        }
    }
}

impl Budget {
    fn limits(self, stop: Arc<AtomicBool>) -> Limits {
        let mut limits = match self {
            Budget::Nodes(n) => Limits::nodes(n.max(1)),
            Budget::Movetime(t) => Limits {
                movetime: Some(t),
                use_all_time: true,
                ..Limits::default()
            },
        };
        limits.stop = stop;
        limits
    }
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct JudgedMove {
    /// 1 for the first move.
    pub ply: usize,
    pub played: Move,
    /// The engine's choice where the move was played.
    pub best: Move,
    pub class: Class,
    /// The position after the move, from Red's side.
    pub after: Eval,
}

impl JudgedMove {
    /// Who played it, in a game from `start`.
    pub fn mover(&self, start: &Position) -> Color {
        if self.ply % 2 == 1 {
            start.side_to_move()
        } else {
            start.side_to_move().opponent()
        }
    }
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub moves: Vec<JudgedMove>,
    /// 0–100; `None` for a side that made no move that was not forced.
    pub red_accuracy: Option<f64>,
    pub black_accuracy: Option<f64>,
}

/// Why a review's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseReviewError(pub String);

impl std::fmt::Display for ParseReviewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unreadable review: {}", self.0)
    }
}

impl std::error::Error for ParseReviewError {}

impl Review {
    /// The lines `xiangqi-bot analyze` prints, a line a move then the
    /// summary, each ending in a newline.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for m in &self.moves {
            let _ = writeln!(
                text,
                "ply {} move {} class {} eval {} best {}",
                m.ply,
                notation::iccs(m.played),
                m.class,
                m.after,
                notation::iccs(m.best)
            );
        }
        let accuracy = |a: Option<f64>| a.map_or_else(|| "-".to_owned(), |a| format!("{a:.1}"));
        let _ = writeln!(
            text,
            "summary red-accuracy {} black-accuracy {}",
            accuracy(self.red_accuracy),
            accuracy(self.black_accuracy)
        );
        text
    }

    /// Reads [`Review::to_text`] back.
    pub fn parse(text: &str) -> Result<Review, ParseReviewError> {
        let err = |line: &str, why: &str| ParseReviewError(format!("{why} in {line:?}"));
        let mut moves = Vec::new();
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["summary", "red-accuracy", red, "black-accuracy", black] => {
                    let accuracy = |word: &str| -> Result<Option<f64>, ParseReviewError> {
                        match word {
                            "-" => Ok(None),
                            _ => word
                                .parse()
                                .map(Some)
                                .map_err(|_| err(line, "bad accuracy")),
                        }
                    };
                    return Ok(Review {
                        moves,
                        red_accuracy: accuracy(red)?,
                        black_accuracy: accuracy(black)?,
                    });
                }
                ["ply", ply, "move", played, "class", class, "eval", rest @ ..] => {
                    let (eval, best) = match rest {
                        ["cp", cp, "best", best] => (
                            Eval::Centipawns(cp.parse().map_err(|_| err(line, "bad cp"))?),
                            best,
                        ),
                        ["mate", n, "best", best] => {
                            let (winner, digits) = match n.strip_prefix('-') {
                                Some(d) => (Color::Black, d),
                                None => (Color::Red, *n),
                            };
                            let moves = digits.parse().map_err(|_| err(line, "bad mate"))?;
                            (Eval::Mate { winner, moves }, best)
                        }
                        _ => return Err(err(line, "bad eval")),
                    };
                    let class = Class::ALL
                        .into_iter()
                        .find(|c| c.as_str() == *class)
                        .ok_or_else(|| err(line, "bad class"))?;
                    let mv = |word: &str| parse_iccs(word).ok_or_else(|| err(line, "bad move"));
                    moves.push(JudgedMove {
                        ply: ply.parse().map_err(|_| err(line, "bad ply"))?,
                        played: mv(played)?,
                        best: mv(best)?,
                        class,
                        after: eval,
                    });
                }
                _ => return Err(err(line, "unknown line")),
            }
        }
        Err(ParseReviewError("no summary line".into()))
    }

    /// The one to `max` worst errors (inaccuracies, mistakes, blunders):
    /// the worst class first, then the biggest swing, in the order played.
    pub fn key_moments(&self, max: usize) -> Vec<&JudgedMove> {
        let mut errors: Vec<(usize, &JudgedMove)> = self
            .moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.class.is_error())
            .collect();
        // How far the move moved the expected score: as far from either
        // side, so Red's is used.
        let swing = |index: usize| {
            let before = match index {
                0 => 0.5,
                _ => self.moves[index - 1].after.expected_score(Color::Red),
            };
            (before - self.moves[index].after.expected_score(Color::Red)).abs()
        };
        errors.sort_by(|(a, ma), (b, mb)| {
            mb.class
                .cmp(&ma.class)
                .then(swing(*b).total_cmp(&swing(*a)))
        });
        errors.truncate(max);
        errors.sort_by_key(|(index, _)| *index);
        errors.into_iter().map(|(_, m)| m).collect()
    }
}

/// A move in ICCS (`h2e2`), without a position to check it against.
pub fn parse_iccs(word: &str) -> Option<Move> {
    let (from, to) = (word.get(..2)?, word.get(2..)?);
    Some(Move::new(Square::parse(from)?, Square::parse(to)?))
}

/// A position's verdict: the engine's choice and the evaluation.
#[derive(Clone, Copy, Debug)]
struct Scored {
    best: Option<Move>,
    eval: Eval,
    legal_moves: usize,
}

/// A move list that is not a legal game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalGame {
    /// Zero-based index of the move at fault.
    pub index: usize,
    pub error: IllegalMove,
}

impl std::fmt::Display for IllegalGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {}: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for IllegalGame {}

/// The analysis was stopped through its flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the analysis was cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// A game being analysed, one position at a time, with its own searcher
/// (so the positions share what earlier searches learnt, and the same game
/// always gives the same review at a node budget).
pub struct Analyser {
    game: Game,
    budget: Budget,
    searcher: Searcher,
    /// The next position to score, and the history that leads to it.
    position: Position,
    history: GameHistory,
    scored: Vec<Scored>,
}

impl Analyser {
    /// Checks that `moves` are a legal game from `start`.
    pub fn new(start: &Position, moves: &[Move], budget: Budget) -> Result<Analyser, IllegalGame> {
        let game = Game::from_moves(start.clone(), moves)
            .map_err(|(index, error)| IllegalGame { index, error })?;
        Ok(Analyser {
            game,
            budget,
            searcher: Searcher::new(HASH_MB),
            position: start.clone(),
            history: GameHistory::new(),
            scored: Vec::with_capacity(moves.len() + 1),
        })
    }

    /// Positions to score: every one the game passed through, its last too.
    pub fn total(&self) -> usize {
        self.game.moves().len() + 1
    }

    /// Positions scored so far.
    pub fn done(&self) -> usize {
        self.scored.len()
    }

    pub fn is_finished(&self) -> bool {
        self.done() == self.total()
    }

    /// Scores the next position. A raised `stop` ends the search under way
    /// and leaves the position unscored.
    pub fn step(&mut self, stop: &Arc<AtomicBool>) -> Result<(), Cancelled> {
        let index = self.done();
        if index >= self.total() {
            return Ok(());
        }
        let mover = self.position.side_to_move();
        let legal_moves = self.position.legal_moves().len();
        let last = index == self.game.moves().len();
        let scored = match self.game.status() {
            GameStatus::Over(outcome) if last => Scored {
                best: None,
                eval: Eval::of_result(outcome.result),
                legal_moves,
            },
            _ => {
                let limits = self.budget.limits(Arc::clone(stop));
                let result = self.searcher.search(&self.position, &self.history, &limits);
                if limits.is_stopped() {
                    return Err(Cancelled);
                }
                Scored {
                    best: result.best_move,
                    eval: Eval::from_score(result.score, mover),
                    legal_moves,
                }
            }
        };
        self.scored.push(scored);
        if !last {
            let mv = self.game.moves()[index];
            self.history.record(&self.position, mv);
            self.position.make_move(mv);
        }
        Ok(())
    }

    /// The review, once every position is scored (`None` before).
    pub fn review(&self) -> Option<Review> {
        if !self.is_finished() {
            return None;
        }
        let start = self.game.start();
        let mut accuracies = [Vec::new(), Vec::new()];
        let moves = self
            .game
            .moves()
            .iter()
            .enumerate()
            .map(|(index, &played)| {
                let (before, after) = (self.scored[index], self.scored[index + 1]);
                let mover = if index % 2 == 0 {
                    start.side_to_move()
                } else {
                    start.side_to_move().opponent()
                };
                let best = before.best.unwrap_or(played);
                let facts = MoveFacts {
                    mover,
                    before: before.eval,
                    after: after.eval,
                    is_best: best == played,
                    forced: before.legal_moves == 1,
                };
                if !facts.forced {
                    accuracies[mover as usize].push(facts.accuracy());
                }
                JudgedMove {
                    ply: index + 1,
                    played,
                    best,
                    class: facts.class(),
                    after: after.eval,
                }
            })
            .collect();
        Some(Review {
            moves,
            red_accuracy: judge::side_accuracy(&accuracies[Color::Red as usize]),
            black_accuracy: judge::side_accuracy(&accuracies[Color::Black as usize]),
        })
    }
}

/// Analyses a whole game, calling `progress(done, total)` after each
/// position.
pub fn analyse(
    start: &Position,
    moves: &[Move],
    budget: Budget,
    stop: &Arc<AtomicBool>,
    mut progress: impl FnMut(usize, usize),
) -> Result<Result<Review, Cancelled>, IllegalGame> {
    let mut analyser = Analyser::new(start, moves, budget)?;
    while !analyser.is_finished() {
        if let Err(cancelled) = analyser.step(stop) {
            return Ok(Err(cancelled));
        }
        progress(analyser.done(), analyser.total());
    }
    Ok(Ok(analyser.review().expect("every position is scored")))
}

/// A short fingerprint of the engine's judgement: a few fixed searches'
/// results with the win-rate scale and thresholds. Stored with each review,
/// so that a review made by another engine (another evaluation, search or
/// scale) is made again instead of being shown. Computed once a process
/// (about 20 ms).
pub fn engine_fingerprint() -> &'static str {
    static FINGERPRINT: OnceLock<String> = OnceLock::new();
    FINGERPRINT.get_or_init(|| {
        const PROBES: [&str; 3] = [
            crate::rules::START_FEN,
            "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
            "3k5/4a4/4b4/9/2n6/9/9/4B4/4A4/3AK1R2 w - - 0 1",
        ];
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |value: u64| {
            for byte in value.to_le_bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        };
        let mut searcher = Searcher::new(1);
        for fen in PROBES {
            let Ok(pos) = Position::from_fen(fen) else {
                continue;
            };
            searcher.new_game();
            let result = searcher.search(&pos, &GameHistory::new(), &Limits::nodes(3000));
            mix(result.nodes);
            mix(result.score.0 as u64);
            mix(result.best_move.map_or(0, |m| u64::from(m.raw())));
        }
        for constant in [
            judge::WIN_RATE_SCALE,
            judge::INACCURACY_LOSS,
            judge::MISTAKE_LOSS,
            judge::BLUNDER_LOSS,
            judge::DECIDED,
        ] {
            mix(constant.to_bits());
        }
        format!("{hash:016x}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str) -> Vec<Move> {
        moves
            .split_whitespace()
            .map(|m| parse_iccs(m).expect("ICCS"))
            .collect()
    }

    fn review_of(moves: &[Move]) -> Review {
        let stop = Arc::new(AtomicBool::new(false));
        analyse(
            &Position::startpos(),
            moves,
            Budget::Nodes(2000),
            &stop,
            |_, _| {},
        )
        .expect("legal")
        .expect("not cancelled")
    }

    #[test]
    fn the_same_game_gets_the_same_review_and_its_text_reads_back() {
        let moves = game("i0i1 h9g7 i1h1 h7h1 b0c2");
        let review = review_of(&moves);
        assert_eq!(review.moves.len(), moves.len());
        assert_eq!(review_of(&moves), review, "repeatable at a node budget");
        let text = review.to_text();
        let again = Review::parse(&text).expect("reads back");
        assert_eq!(again.to_text(), text);
        assert_eq!(again.moves, review.moves);
        assert!(Review::parse("ply 1 move h2e2 class superb eval cp 3 best h2e2\n").is_err());
        assert!(Review::parse("ply 1 move h2e2 class best eval cp 3 best h2e2\n").is_err());
    }

    #[test]
    fn progress_is_reported_per_position_and_a_stop_cancels() {
        let moves = game("h2e2 h9g7 h0g2");
        let stop = Arc::new(AtomicBool::new(false));
        let mut seen = Vec::new();
        analyse(
            &Position::startpos(),
            &moves,
            Budget::Nodes(500),
            &stop,
            |done, total| seen.push((done, total)),
        )
        .expect("legal")
        .expect("not cancelled");
        assert_eq!(seen, [(1, 4), (2, 4), (3, 4), (4, 4)]);

        let mut analyser =
            Analyser::new(&Position::startpos(), &moves, Budget::Nodes(500)).expect("legal");
        analyser.step(&stop).expect("runs");
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(analyser.step(&stop), Err(Cancelled));
        assert_eq!(analyser.done(), 1, "a cancelled position is not counted");
        assert!(analyser.review().is_none());
    }

    #[test]
    fn an_illegal_move_is_refused_with_its_index() {
        let moves = game("h2e2 h2e2");
        let err = Analyser::new(&Position::startpos(), &moves, Budget::default())
            .err()
            .expect("illegal");
        assert_eq!(err.index, 1);
    }

    #[test]
    fn key_moments_are_the_worst_errors_in_the_order_played() {
        let judged = |ply, class, cp| JudgedMove {
            ply,
            played: parse_iccs("h2e2").expect("ICCS"),
            best: parse_iccs("b2e2").expect("ICCS"),
            class,
            after: Eval::Centipawns(cp),
        };
        let review = Review {
            moves: vec![
                judged(1, Class::Inaccuracy, -150),
                judged(2, Class::Blunder, 600),
                judged(3, Class::Good, 600),
                judged(4, Class::Mistake, 100),
                judged(5, Class::Inaccuracy, -300),
                judged(6, Class::Best, -300),
            ],
            red_accuracy: None,
            black_accuracy: None,
        };
        let plies: Vec<usize> = review.key_moments(3).iter().map(|m| m.ply).collect();
        // The blunder, the mistake, then the larger of the two inaccuracies.
        assert_eq!(plies, [2, 4, 5]);
        assert!(review.key_moments(0).is_empty());
    }

    #[test]
    fn the_engine_fingerprint_is_stable_within_a_process() {
        assert_eq!(engine_fingerprint(), engine_fingerprint());
        assert_eq!(engine_fingerprint().len(), 16);
    }
}
