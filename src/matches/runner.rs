//! Playing a match: each opening twice with the colours swapped, on as many
//! threads as asked (each with its own pair of players), every game judged by
//! the rules layer (`Game::status`: checkmate, stalemate as a loss, the
//! repetition verdicts, the no-capture rule, bare material, the length cap),
//! until the games run out or the SPRT decides. A player that fails (no
//! move, an illegal one, a crash or a timeout) loses that game by forfeit and
//! is started again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use crate::rules::notation::pgn::write_pgn;
use crate::rules::{Color, Game, GameResult, GameStatus, Position};

use super::engines::EngineSpec;
use super::openings::{random_opening, Opening};
use super::player::{Budget, Player, PlayerError};
use super::stats::{PairTally, Sprt, SprtDecision, Tally};

/// Where the openings come from.
#[derive(Clone, Debug)]
pub enum Openings {
    /// In order, round and round.
    List(Vec<Opening>),
    /// `plies` random quiet plies, a new opening for every pair of games.
    Random { plies: u32, seed: u64 },
}

impl Openings {
    fn get(&self, pair: u32) -> Opening {
        match self {
            Openings::List(list) => list[pair as usize % list.len()].clone(),
            Openings::Random { plies, seed } => random_opening(
                *plies,
                seed ^ u64::from(pair).wrapping_mul(0xD1B5_4A32_D192_ED03),
            ),
        }
    }
}

/// A match to play.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    pub engines: [EngineSpec; 2],
    /// The names that reports and records use, different from each other.
    pub names: [String; 2],
    pub budget: Budget,
    pub openings: Openings,
    /// At most this many games (rounded up to whole pairs).
    pub games: u32,
    /// Games played at once.
    pub concurrency: usize,
    /// Stop as soon as this test decides.
    pub sprt: Option<Sprt>,
    /// Drives the levels' randomness (and nothing else).
    pub seed: u64,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// From 1, in the order games were scheduled.
    pub number: u32,
    /// Which engine (0 or 1) had Red.
    pub red_engine: usize,
    /// The game from the opening's start, opening moves included.
    pub game: Game,
    pub opening_plies: usize,
    pub result: GameResult,
    /// The rules' end reason (`checkmate`, ...) or `forfeit: ...`.
    pub reason: String,
    /// (nodes, time) of each move that reported them, by engine.
    pub speeds: [Vec<(u64, Duration)>; 2],
}

impl PlayedGame {
    /// The score of engine 0 in this game: 1, ½ or 0.
    pub fn first_engine_score(&self) -> f64 {
        match self.result.winner() {
            None => 0.5,
            Some(Color::Red) if self.red_engine == 0 => 1.0,
            Some(Color::Black) if self.red_engine == 1 => 1.0,
            Some(_) => 0.0,
        }
    }

    /// The game as a PGN record (ICCS moves; `status --pgn` replays it).
    pub fn to_pgn(&self, names: &[String; 2]) -> String {
        let start = self.game.start();
        let mut tags: Vec<(&str, String)> = vec![
            ("Game", "Chinese Chess".into()),
            ("Event", format!("{} vs {}", names[0], names[1])),
            ("Site", "xiangqi-bot match".into()),
            ("Date", "????.??.??".into()),
            ("Round", self.number.to_string()),
            ("Red", names[self.red_engine].clone()),
            ("Black", names[1 - self.red_engine].clone()),
            ("Result", self.result.as_str().into()),
            ("Termination", self.reason.clone()),
            ("OpeningPlies", self.opening_plies.to_string()),
            ("PlyCount", self.game.moves().len().to_string()),
            ("Format", "ICCS".into()),
        ];
        if *start != Position::startpos() {
            tags.push(("FEN", start.to_fen()));
        }
        let comment = format!("{}: {}", self.result, self.reason);
        write_pgn(
            &tags,
            self.game.moves().iter().map(|m| (m.from(), m.to())),
            start.side_to_move() == Color::Black,
            Some(&comment),
            self.result.as_str(),
        )
    }
}

/// How the rules or a forfeit ended a game: the result and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub result: GameResult,
    pub reason: String,
    /// The side that lost by failing to answer, if that is how it ended.
    pub forfeited_by: Option<Color>,
}

/// Plays one game from `opening` with `players[0]` as Red; the game, how it
/// ended, and the speeds each colour reported.
pub fn play_game(
    players: [&mut dyn Player; 2],
    names: [&str; 2],
    opening: &Opening,
    budget: Budget,
) -> (Game, GameEnd, [Vec<(u64, Duration)>; 2]) {
    let mut game = opening.game();
    let mut speeds: [Vec<(u64, Duration)>; 2] = [Vec::new(), Vec::new()];
    loop {
        if let GameStatus::Over(outcome) = game.status() {
            let end = GameEnd {
                result: outcome.result,
                reason: outcome.reason.as_str().to_owned(),
                forfeited_by: None,
            };
            return (game, end, speeds);
        }
        let side = game.position().side_to_move();
        let index = usize::from(side == Color::Black);
        let forfeit = |why: String| GameEnd {
            result: GameResult::win_for(side.opponent()),
            reason: format!("forfeit: {} {why}", names[index]),
            forfeited_by: Some(side),
        };
        let reply = match players[index].play(&game, budget) {
            Ok(reply) => reply,
            Err(e) => return (game, forfeit(format!("failed ({e})")), speeds),
        };
        if let Some(speed) = reply.speed {
            speeds[index].push(speed);
        }
        let Some(mv) = reply.mv else {
            return (game, forfeit("gave no move".into()), speeds);
        };
        if let Err(e) = game.play(mv) {
            return (game, forfeit(format!("played {mv}: {e}")), speeds);
        }
    }
}

/// The results so far, from engine 0's side: every game, and the pairs
/// (one opening, both colours) both of whose games are over, which the SPRT
/// judges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    pub games: Tally,
    pub pairs: PairTally,
}

/// What a match came to.
#[derive(Clone, Debug)]
pub struct MatchReport {
    pub standing: Standing,
    /// The SPRT's decision, and after how many games it was reached.
    pub decision: Option<(SprtDecision, u32)>,
    pub speeds: [SpeedSummary; 2],
}

/// An engine's speed over a match, from what it reported move by move.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SpeedSummary {
    /// Moves that reported nodes and a time above zero.
    pub moves: usize,
    /// The median of those moves' nodes per second.
    pub median_nps: f64,
}

impl SpeedSummary {
    pub fn of(speeds: &[(u64, Duration)]) -> SpeedSummary {
        let mut rates: Vec<f64> = speeds
            .iter()
            .filter(|(_, t)| !t.is_zero())
            .map(|&(n, t)| n as f64 / t.as_secs_f64())
            .collect();
        rates.sort_by(f64::total_cmp);
        let median = match rates.len() {
            0 => 0.0,
            n if n % 2 == 1 => rates[n / 2],
            n => (rates[n / 2 - 1] + rates[n / 2]) / 2.0,
        };
        SpeedSummary {
            moves: rates.len(),
            median_nps: median,
        }
    }
}

/// Plays the match; `on_game` sees every game as it finishes (in finishing
/// order) with the standing so far. Fails only when an engine cannot be
/// started.
pub fn run_match(
    settings: &MatchSettings,
    mut on_game: impl FnMut(&PlayedGame, &Standing),
) -> Result<MatchReport, PlayerError> {
    let pairs = settings.games.div_ceil(2);
    let next_pair = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<Result<PlayedGame, PlayerError>>();
    let mut standing = Standing::default();
    // Engine 0's score in the first game to finish of each pair under way.
    let mut half_pairs: HashMap<u32, f64> = HashMap::new();
    let mut decision = None;
    let mut all_speeds: [Vec<(u64, Duration)>; 2] = [Vec::new(), Vec::new()];
    let mut start_error = None;
    std::thread::scope(|scope| {
        for _ in 0..settings.concurrency.max(1) {
            let sender = sender.clone();
            let (next_pair, stop) = (&next_pair, &stop);
            scope.spawn(move || worker(settings, pairs, next_pair, stop, &sender));
        }
        drop(sender);
        for message in receiver {
            let played = match message {
                Ok(played) => played,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    start_error.get_or_insert(e);
                    continue;
                }
            };
            let score = played.first_engine_score();
            let tally = &mut standing.games;
            if score > 0.75 {
                tally.wins += 1;
            } else if score < 0.25 {
                tally.losses += 1;
            } else {
                tally.draws += 1;
            }
            let pair = (played.number - 1) / 2;
            let pair_ended = match half_pairs.remove(&pair) {
                Some(other) => {
                    standing.pairs.add(other + score);
                    true
                }
                None => {
                    half_pairs.insert(pair, score);
                    false
                }
            };
            for (all, these) in all_speeds.iter_mut().zip(&played.speeds) {
                all.extend_from_slice(these);
            }
            on_game(&played, &standing);
            if let (Some(sprt), None, true) = (&settings.sprt, decision, pair_ended) {
                let now = sprt.decide(&standing.pairs);
                if now != SprtDecision::Continue {
                    decision = Some((now, standing.games.games()));
                    // Games under way finish and count; no new one starts.
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if let Some(e) = start_error {
        return Err(e);
    }
    Ok(MatchReport {
        standing,
        decision: decision.or(settings
            .sprt
            .map(|s| (s.decide(&standing.pairs), standing.games.games()))),
        speeds: [
            SpeedSummary::of(&all_speeds[0]),
            SpeedSummary::of(&all_speeds[1]),
        ],
    })
}

/// One thread of a match: its own two players, pairs of games until none is left.
fn worker(
    settings: &MatchSettings,
    pairs: u32,
    next_pair: &AtomicU32,
    stop: &AtomicBool,
    results: &mpsc::Sender<Result<PlayedGame, PlayerError>>,
) {
    let start = |index: usize| {
        settings.engines[index]
            .start()
            .map_err(|e| PlayerError(format!("{} cannot be started: {e}", settings.names[index])))
    };
    let mut players: [Box<dyn Player>; 2] = match (start(0), start(1)) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(e), _) | (_, Err(e)) => {
            let _ = results.send(Err(e));
            return;
        }
    };
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let pair = next_pair.fetch_add(1, Ordering::Relaxed);
        if pair >= pairs {
            return;
        }
        let opening = settings.openings.get(pair);
        for red_engine in 0..2 {
            let number = pair * 2 + red_engine as u32 + 1;
            let seed = settings.seed ^ u64::from(number).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let engine_of = |colour: Color| {
                if (colour == Color::Red) == (red_engine == 0) {
                    0
                } else {
                    1
                }
            };
            let colour_of = |engine: usize| {
                if engine == red_engine {
                    Color::Red
                } else {
                    Color::Black
                }
            };
            let unready =
                (0..2).find(|&index| players[index].new_game(seed ^ index as u64).is_err());
            let (game, end, by_colour) = match unready {
                Some(index) => (
                    opening.game(),
                    GameEnd {
                        result: GameResult::win_for(colour_of(index).opponent()),
                        reason: format!(
                            "forfeit: {} could not start a game",
                            settings.names[index]
                        ),
                        forfeited_by: Some(colour_of(index)),
                    },
                    [Vec::new(), Vec::new()],
                ),
                None => {
                    let [first, second] = &mut players;
                    let (red, black): (&mut dyn Player, &mut dyn Player) = if red_engine == 0 {
                        (first.as_mut(), second.as_mut())
                    } else {
                        (second.as_mut(), first.as_mut())
                    };
                    let names = [
                        settings.names[red_engine].as_str(),
                        settings.names[1 - red_engine].as_str(),
                    ];
                    play_game([red, black], names, &opening, settings.budget)
                }
            };
            let [red_speeds, black_speeds] = by_colour;
            let speeds = if red_engine == 0 {
                [red_speeds, black_speeds]
            } else {
                [black_speeds, red_speeds]
            };
            if let Some(colour) = end.forfeited_by {
                // A failed engine may be wedged: start it afresh.
                let index = engine_of(colour);
                match start(index) {
                    Ok(fresh) => players[index] = fresh,
                    Err(e) => {
                        let _ = results.send(Err(e));
                        return;
                    }
                }
            }
            let played = PlayedGame {
                number,
                red_engine,
                opening_plies: opening.moves.len(),
                game,
                result: end.result,
                reason: end.reason,
                speeds,
            };
            if results.send(Ok(played)).is_err() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;
    use crate::rules::Move;

    /// Plays the moves it was given, in order, then fails as told.
    struct Scripted {
        moves: VecDeque<Move>,
        when_done: Result<Option<Move>, PlayerError>,
    }

    impl Scripted {
        fn new(moves: &str) -> Scripted {
            Scripted {
                moves: moves
                    .split_whitespace()
                    .map(|m| crate::engine::uci::parse_iccs(m).unwrap())
                    .collect(),
                when_done: Err(PlayerError("script ran out".into())),
            }
        }
    }

    impl Player for Scripted {
        fn new_game(&mut self, _seed: u64) -> Result<(), PlayerError> {
            Ok(())
        }

        fn play(
            &mut self,
            _game: &Game,
            _budget: Budget,
        ) -> Result<super::super::player::Reply, PlayerError> {
            let mv = match self.moves.pop_front() {
                Some(mv) => Some(mv),
                None => self.when_done.clone()?,
            };
            Ok(super::super::player::Reply {
                mv,
                speed: Some((1000, Duration::from_millis(1))),
            })
        }
    }

    fn play(fen: &str, red: &mut Scripted, black: &mut Scripted) -> (Game, GameEnd) {
        let opening = Opening {
            start: Position::from_fen(fen).unwrap(),
            moves: Vec::new(),
        };
        let (game, end, _) = play_game([red, black], ["R", "B"], &opening, Budget::Nodes(1));
        (game, end)
    }

    fn end(result: GameResult, reason: &str) -> GameEnd {
        GameEnd {
            result,
            reason: reason.into(),
            forfeited_by: None,
        }
    }

    #[test]
    fn the_rules_end_games_mate_and_stalemate_both_losing() {
        let mate = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
        let (_, e) = play(mate, &mut Scripted::new("b0b9"), &mut Scripted::new(""));
        assert_eq!(e, end(GameResult::RedWins, "checkmate"));
        // Black's general on d9 is left with no move, not in check.
        let stalemate = "3k5/9/8R/9/9/9/9/9/4R4/5K3 w - - 0 1";
        let (game, e) = play(
            stalemate,
            &mut Scripted::new("i7i8"),
            &mut Scripted::new(""),
        );
        assert!(!game.position().in_check());
        assert_eq!(e, end(GameResult::RedWins, "stalemate"));
    }

    #[test]
    fn repetition_verdicts_and_the_no_capture_rule_end_games() {
        // Red checks on every move of the cycle: the third occurrence loses for Red.
        let checks = "4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1";
        let (game, e) = play(
            checks,
            &mut Scripted::new("f5e5 e5f5 f5e5 e5f5"),
            &mut Scripted::new("e9f9 f9e9 e9f9 f9e9"),
        );
        assert_eq!(e, end(GameResult::BlackWins, "perpetual-check"));
        assert_eq!(game.moves().len(), 8);
        // Shuffling without checks or chases: a draw by repetition.
        let quiet = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1";
        let (_, e) = play(
            quiet,
            &mut Scripted::new("d0d1 d1d0 d0d1 d1d0"),
            &mut Scripted::new("e9f9 f9e9 e9f9 f9e9"),
        );
        assert_eq!(e, end(GameResult::Draw, "repetition"));
        let near_limit = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 119 80";
        let (_, e) = play(
            near_limit,
            &mut Scripted::new("a8a7"),
            &mut Scripted::new(""),
        );
        assert_eq!(e, end(GameResult::Draw, "no-capture"));
    }

    #[test]
    fn a_player_that_fails_forfeits() {
        let start = crate::rules::START_FEN;
        let (game, e) = play(
            start,
            &mut Scripted::new("h2e2 a0a5"),
            &mut Scripted::new("h9g7"),
        );
        assert_eq!(game.moves().len(), 2, "the illegal move is not played");
        assert_eq!(e.result, GameResult::BlackWins);
        assert_eq!(e.forfeited_by, Some(Color::Red));
        assert!(
            e.reason.starts_with("forfeit: R played a0a5"),
            "{}",
            e.reason
        );

        let mut silent = Scripted::new("");
        silent.when_done = Ok(None);
        let (_, e) = play(start, &mut Scripted::new("h2e2"), &mut silent);
        assert_eq!(e.result, GameResult::RedWins);
        assert_eq!(e.reason, "forfeit: B gave no move");

        let (_, e) = play(start, &mut Scripted::new(""), &mut Scripted::new(""));
        assert_eq!(e.forfeited_by, Some(Color::Red));
        assert!(e.reason.contains("script ran out"), "{}", e.reason);
    }

    #[test]
    fn speeds_take_the_median_of_the_moves_that_report_a_time() {
        let ms = Duration::from_millis;
        let speeds = [
            (1000, ms(1)),
            (3000, ms(1)),
            (100, Duration::ZERO),
            (2000, ms(1)),
        ];
        let summary = SpeedSummary::of(&speeds);
        assert_eq!(summary.moves, 3);
        assert_eq!(summary.median_nps, 2_000_000.0);
        assert_eq!(SpeedSummary::of(&[]).median_nps, 0.0);
    }

    #[test]
    fn a_match_plays_each_opening_with_both_colours_and_stops_when_the_sprt_decides() {
        let own = EngineSpec::Own {
            level: None,
            hash_mb: 1,
        };
        // Our engine at 2000 nodes against level 1: the SPRT must decide for
        // the stronger side long before 200 games.
        let settings = MatchSettings {
            engines: [own, EngineSpec::parse("self:level=1,hash=1", &[]).unwrap()],
            names: ["full".into(), "level 1".into()],
            budget: Budget::Nodes(2000),
            openings: Openings::Random { plies: 2, seed: 5 },
            games: 200,
            concurrency: 2,
            sprt: Some(Sprt::new(0.0, 100.0, 0.05, 0.05).unwrap()),
            seed: 3,
        };
        let mut seen = Vec::new();
        let report = run_match(&settings, |played, _| {
            seen.push((
                played.number,
                played.red_engine,
                played.game.moves()[..2].to_vec(),
            ));
        })
        .unwrap();
        let (decision, at) = report.decision.unwrap();
        assert_eq!(decision, SprtDecision::AcceptH1, "{:?}", report.standing);
        assert!(at < 40, "decided after {at} games");
        assert!(
            seen.len() < 60,
            "games went on after the decision: {}",
            seen.len()
        );
        let standing = report.standing;
        assert_eq!(standing.games.games() as usize, seen.len());
        // Every pair both of whose games were played, and no other, is judged.
        let finished_pairs = seen
            .iter()
            .filter(|&&(number, ..)| number % 2 == 0 && seen.iter().any(|g| g.0 == number - 1))
            .count();
        assert_eq!(standing.pairs.pairs() as usize, finished_pairs);
        assert!(finished_pairs >= 2);
        seen.sort();
        for pair in seen.chunks(2).filter(|p| p.len() == 2) {
            assert_eq!(pair[0].0 + 1, pair[1].0);
            assert_eq!((pair[0].1, pair[1].1), (0, 1), "both colours");
            assert_eq!(pair[0].2, pair[1].2, "the same opening");
        }
        assert!(
            report.speeds[0].moves > 0,
            "the full engine reports its speed"
        );
    }
}
