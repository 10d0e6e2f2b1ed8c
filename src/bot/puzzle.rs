//! The puzzle trainer: `puzzle` serves a shipped puzzle near the user's
//! puzzle rating, each move is answered in place (the opponent's reply from
//! the stored solution: no search), and `hint`, `skip`, `stats` and `top`.
//!
//! The attempt lives in the store, one per user and place, guarded by its
//! ply; so a restart keeps it, and two racing moves cannot both count.
//!
//! A move typed without `puzzle` goes to the user's live game here when
//! there is one, else to their open puzzle here (see `docs/puzzles.md`).

use std::collections::HashSet;

use crate::i18n::Msg;
use crate::puzzles::serve;
use crate::puzzles::Puzzle;
use crate::render::{Arrow, ArrowKind};
use crate::rules::notation;
use crate::rules::{Color, Position};
use crate::store::{PuzzleOutcome, PuzzleResult, PuzzleSession, Rating, StoreError};

use super::command::PuzzleAction;
use super::error::{BotError, BotResult};
use super::games::{place_location, scene_of, user_ref};
use super::history::line_text;
use super::markup::shown;
use super::reply::{Attachment, Outbox, Reply};
use super::voice::{color_key, piece_key, Voice};
use super::{post, Bot, Request};

/// How sure a puzzle's file rating is, the first time anyone tries it: the
/// file's rating is an estimate from the engine, not from players.
const FILE_RATING_DEVIATION: f64 = 150.0;

/// The daily puzzle's solvers listed, first first.
pub(super) const DAILY_SOLVERS_SHOWN: u32 = 10;

/// Players listed on one page of `puzzle top`.
const TOP_PER_PAGE: usize = 10;

impl Bot {
    pub(super) async fn puzzle(
        &self,
        request: &Request,
        action: &PuzzleAction,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        match action {
            PuzzleAction::New => self.new_puzzle(request, voice, outbox).await,
            PuzzleAction::Move(text) => {
                if self.puzzle_move(request, text, voice, outbox).await? {
                    Ok(())
                } else {
                    Err(BotError::NoPuzzleHere)
                }
            }
            PuzzleAction::Hint => self.puzzle_hint(request, voice, outbox).await,
            PuzzleAction::Skip => self.puzzle_skip(request, voice, outbox).await,
            PuzzleAction::Daily => self.daily_puzzle(request, voice, outbox).await,
            PuzzleAction::Stats => self.puzzle_stats(request, voice, outbox).await,
            PuzzleAction::Top { page } => self.puzzle_top(request, *page, voice, outbox).await,
        }
    }

    /// A puzzle near the user's rating that they have not solved; the one
    /// still open here, if any, is shown again instead.
    async fn new_puzzle(
        &self,
        request: &Request,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        if let Some((session, puzzle)) = self.open_puzzle(request).await? {
            return self
                .show_puzzle(request, &session, puzzle, true, voice, outbox)
                .await;
        }
        let player = self
            .store
            .puzzle_player(&request.actor.id)
            .await
            .map_err(BotError::internal)?;
        let (rating, attempts) = player.map_or((serve::first_rating(serve::shipped()), 0), |p| {
            (p.rating.rating, p.attempts)
        });
        let solved: HashSet<String> = self
            .store
            .solved_puzzles(&request.actor.id)
            .await
            .map_err(BotError::internal)?
            .into_iter()
            .collect();
        // Varies with each attempt and between users, so a failed puzzle is
        // not served again at once and neighbours do not all get the same one.
        let draw = request.actor.id.bytes().fold(u64::from(attempts), |h, b| {
            h.wrapping_mul(31).wrapping_add(u64::from(b))
        });
        let puzzle = serve::choose(serve::shipped(), rating, &solved, draw)
            .ok_or(BotError::NoPuzzlesLeft)?;
        self.start_and_show(request, puzzle, None, voice, outbox)
            .await
    }

    /// Opens `puzzle` for the requester here (the daily one with its day)
    /// and shows it; an attempt already open here is shown instead.
    pub(super) async fn start_and_show(
        &self,
        request: &Request,
        puzzle: &'static Puzzle,
        daily_day: Option<&str>,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let (session, fresh) = self
            .store
            .start_puzzle(
                &user_ref(&request.actor),
                &place_location(&request.place),
                &puzzle.id,
                daily_day,
                serve::first_rating(serve::shipped()),
            )
            .await
            .map_err(BotError::internal)?;
        let shown_puzzle = if fresh {
            puzzle
        } else {
            // Another request opened one first; that one stands.
            match serve::find(&session.puzzle_id) {
                Some(p) => p,
                None => return Err(BotError::PuzzleStale),
            }
        };
        self.show_puzzle(request, &session, shown_puzzle, !fresh, voice, outbox)
            .await
    }

    /// The attempt open here and its puzzle. An attempt whose puzzle left
    /// the shipped set cannot go on: it is dropped, unscored.
    async fn open_puzzle(
        &self,
        request: &Request,
    ) -> BotResult<Option<(PuzzleSession, &'static Puzzle)>> {
        let place = place_location(&request.place);
        let session = self
            .store
            .puzzle_session(&request.actor.id, &place)
            .await
            .map_err(BotError::internal)?;
        let Some(session) = session else {
            return Ok(None);
        };
        match serve::find(&session.puzzle_id) {
            Some(puzzle) => Ok(Some((session, puzzle))),
            None => {
                tracing::warn!(puzzle = %session.puzzle_id, "an open puzzle is no longer shipped; dropping the attempt");
                self.store
                    .drop_puzzle_session(&request.actor.id, &place)
                    .await
                    .map_err(BotError::internal)?;
                Ok(None)
            }
        }
    }

    /// The puzzle where the attempt stands, from the solver's side; saying
    /// it is `still_open` when it was served before.
    async fn show_puzzle(
        &self,
        request: &Request,
        session: &PuzzleSession,
        puzzle: &Puzzle,
        still_open: bool,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let (caption, rating) = (puzzle_caption(puzzle, voice), i64::from(puzzle.rating));
        let text = voice.say(if still_open {
            Msg::PuzzleStillOpen { caption, rating }
        } else {
            Msg::PuzzleStart { caption, rating }
        });
        self.post_puzzle_board(
            request,
            puzzle,
            session.ply as usize,
            Vec::new(),
            text,
            voice,
            outbox,
        )
        .await
    }

    /// Plays `text` in the requester's open puzzle here; `Ok(false)` when
    /// none is open. A move the rules refuse leaves the attempt as it was;
    /// a legal move other than the solution's ends it.
    pub(super) async fn puzzle_move(
        &self,
        request: &Request,
        text: &str,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<bool> {
        let Some((session, puzzle)) = self.open_puzzle(request).await? else {
            return Ok(false);
        };
        let ply = session.ply as usize;
        let before = position_after(puzzle, ply);
        let mv = notation::parse_move_preferring(&before, text, Some(voice.notation))
            .map_err(BotError::BadMove)?
            .mv;
        let mut after = before.clone();
        after.make_move(mv);
        // A mate the solution does not name wins all the same.
        let correct = puzzle.solution.get(ply) == Some(&mv) || after.legal_moves().is_empty();
        let said = voice.describe_move(&before, mv);
        let place = place_location(&request.place);
        if !correct {
            let result = self
                .finish(request, &session, puzzle, PuzzleOutcome::Failed)
                .await?;
            let text = [
                voice.say(Msg::PuzzleFailed {
                    mv: said,
                    rating: result.player_after.display(),
                    change: change(&result),
                }),
                solution_text(puzzle, voice),
            ]
            .join("\n");
            let arrows = vec![
                Arrow {
                    mv,
                    kind: ArrowKind::Played,
                },
                Arrow {
                    mv: puzzle.solution[ply],
                    kind: ArrowKind::Better,
                },
            ];
            return self
                .post_puzzle_board(request, puzzle, ply, arrows, text, voice, outbox)
                .await
                .map(|()| true);
        }
        let Some(&reply_move) = puzzle
            .solution
            .get(ply + 1)
            .filter(|_| !after.legal_moves().is_empty())
        else {
            let result = self
                .finish(request, &session, puzzle, PuzzleOutcome::Solved)
                .await?;
            let mut text = voice.say(Msg::PuzzleSolved {
                mv: said,
                rating: result.player_after.display(),
                change: change(&result),
            });
            if let Some(place) = result.daily_place {
                text.push('\n');
                text.push_str(&voice.say(Msg::PuzzleDailyPlace {
                    place: i64::from(place),
                }));
            }
            let caption = puzzle_caption(puzzle, voice);
            let board = self
                .render_file(
                    scene_of(&after, Some(mv), solver(puzzle) == Color::Black, caption),
                    voice.style,
                    format!("puzzle-{}-solved.png", puzzle.id),
                )
                .await?;
            let mut reply = Reply::public(text);
            reply.files.push(board);
            post(outbox, &request.place, reply).await?;
            return Ok(true);
        };
        self.store
            .advance_puzzle(&request.actor.id, &place, session.ply, session.ply + 2)
            .await
            .map_err(puzzle_store_error)?;
        let text = voice.say(Msg::PuzzleCorrect {
            mv: said,
            reply: voice.describe_move(&after, reply_move),
        });
        self.post_puzzle_board(request, puzzle, ply + 2, Vec::new(), text, voice, outbox)
            .await
            .map(|()| true)
    }

    /// Names the piece the solution moves next; the attempt then counts as
    /// a draw if solved.
    async fn puzzle_hint(
        &self,
        request: &Request,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let (session, puzzle) = self
            .open_puzzle(request)
            .await?
            .ok_or(BotError::NoPuzzleHere)?;
        let ply = session.ply as usize;
        let before = position_after(puzzle, ply);
        let from = puzzle.solution[ply].from();
        let piece = before.piece_at(from).ok_or_else(|| {
            BotError::internal(anyhow::anyhow!("a puzzle's move starts on no piece"))
        })?;
        self.store
            .hint_puzzle(&request.actor.id, &place_location(&request.place))
            .await
            .map_err(BotError::internal)?;
        let text = voice.say(Msg::PuzzleHint {
            piece: voice.say(Msg::Piece {
                piece: piece_key(piece.kind).into(),
            }),
            square: from.to_string(),
        });
        post(outbox, &request.place, Reply::private(text)).await
    }

    /// Ends the attempt as a loss and shows the solution.
    async fn puzzle_skip(
        &self,
        request: &Request,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let (session, puzzle) = self
            .open_puzzle(request)
            .await?
            .ok_or(BotError::NoPuzzleHere)?;
        let result = self
            .finish(request, &session, puzzle, PuzzleOutcome::Skipped)
            .await?;
        let ply = session.ply as usize;
        let text = [
            voice.say(Msg::PuzzleSkipped {
                rating: result.player_after.display(),
                change: change(&result),
            }),
            solution_text(puzzle, voice),
        ]
        .join("\n");
        let arrows = vec![Arrow {
            mv: puzzle.solution[ply],
            kind: ArrowKind::Better,
        }];
        self.post_puzzle_board(request, puzzle, ply, arrows, text, voice, outbox)
            .await
    }

    async fn finish(
        &self,
        request: &Request,
        session: &PuzzleSession,
        puzzle: &Puzzle,
        outcome: PuzzleOutcome,
    ) -> BotResult<PuzzleResult> {
        let file_rating = Rating {
            rating: f64::from(puzzle.rating),
            deviation: FILE_RATING_DEVIATION,
            volatility: Rating::NEWCOMER.volatility,
        };
        self.store
            .finish_puzzle(
                &request.actor.id,
                &place_location(&request.place),
                session.ply,
                outcome,
                file_rating,
            )
            .await
            .map_err(puzzle_store_error)
    }

    /// The server's puzzle of the day, opened for the requester, with its
    /// first solvers so far.
    async fn daily_puzzle(
        &self,
        request: &Request,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let guild = request
            .place
            .guild
            .as_deref()
            .ok_or(BotError::DailyNeedsServer)?;
        let day = self.store.puzzle_day();
        let puzzle = self.daily_choice(guild, &day, None).await?;
        let solvers = self
            .store
            .daily_solvers(guild, &day, DAILY_SOLVERS_SHOWN)
            .await
            .map_err(BotError::internal)?;
        if solvers.iter().any(|u| u.id == request.actor.id) {
            let text = [
                voice.say(Msg::PuzzleDailyDone),
                solvers_text(&solvers, voice),
            ]
            .join("\n");
            return post(outbox, &request.place, Reply::public(text)).await;
        }
        self.start_and_show(request, puzzle, Some(&day), voice, outbox)
            .await?;
        if solvers.is_empty() {
            return Ok(());
        }
        post(
            outbox,
            &request.place,
            Reply::public(solvers_text(&solvers, voice)),
        )
        .await
    }

    async fn puzzle_stats(
        &self,
        request: &Request,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let player = self
            .store
            .puzzle_player(&request.actor.id)
            .await
            .map_err(BotError::internal)?;
        let name = shown(&request.actor.name).to_string();
        let text = voice.say(match player {
            Some(p) if p.attempts > 0 => Msg::PuzzleStatsLine {
                name,
                rating: p.rating.display(),
                attempts: i64::from(p.attempts),
                solved: i64::from(p.solved),
            },
            _ => Msg::PuzzleStatsNone { name },
        });
        post(outbox, &request.place, Reply::public(text)).await
    }

    async fn puzzle_top(
        &self,
        request: &Request,
        page: u32,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        // One more than the page asks for tells whether a next page exists.
        let wanted = (page as usize).saturating_mul(TOP_PER_PAGE) + 1;
        let top = self
            .store
            .puzzle_leaderboard(u32::try_from(wanted).unwrap_or(u32::MAX), 1)
            .await
            .map_err(BotError::internal)?;
        let first = (page as usize - 1) * TOP_PER_PAGE;
        if top.len() <= first {
            return post(
                outbox,
                &request.place,
                Reply::public(voice.say(Msg::PuzzleTopEmpty)),
            )
            .await;
        }
        let mut text = voice.say(Msg::PuzzleTopTitle {
            page: i64::from(page),
        });
        for (rank, p) in top.iter().enumerate().skip(first).take(TOP_PER_PAGE) {
            text.push('\n');
            text.push_str(&voice.say(Msg::PuzzleTopLine {
                rank: rank as i64 + 1,
                name: shown(&p.user.display_name).to_string(),
                rating: p.rating.display(),
                solved: i64::from(p.solved),
                attempts: i64::from(p.attempts),
            }));
        }
        if top.len() > first + TOP_PER_PAGE {
            text.push('\n');
            text.push_str(&voice.say(Msg::PuzzleTopNext {
                next: i64::from(page) + 1,
            }));
        }
        post(outbox, &request.place, Reply::public(text)).await
    }

    /// Posts `text` with the puzzle's board after `ply` moves of its
    /// solution, `arrows` drawn over it.
    #[allow(clippy::too_many_arguments)]
    async fn post_puzzle_board(
        &self,
        request: &Request,
        puzzle: &Puzzle,
        ply: usize,
        arrows: Vec<Arrow>,
        text: String,
        voice: Voice,
        outbox: &dyn Outbox,
    ) -> BotResult<()> {
        let board = self
            .puzzle_board(puzzle, ply, arrows, puzzle_caption(puzzle, voice), voice)
            .await?;
        let mut reply = Reply::public(text);
        reply.files.push(board);
        post(outbox, &request.place, reply).await
    }

    /// The puzzle's board after `ply` moves of its solution, from the
    /// solver's side, the last of them marked.
    pub(super) async fn puzzle_board(
        &self,
        puzzle: &Puzzle,
        ply: usize,
        arrows: Vec<Arrow>,
        caption: String,
        voice: Voice,
    ) -> BotResult<Attachment> {
        let position = position_after(puzzle, ply);
        let last = ply.checked_sub(1).map(|i| puzzle.solution[i]);
        let mut scene = scene_of(&position, last, solver(puzzle) == Color::Black, caption);
        scene.arrows = arrows;
        self.render_file(
            scene,
            voice.style,
            format!("puzzle-{}-{ply}.png", puzzle.id),
        )
        .await
    }
}

/// The side that solves the puzzle.
fn solver(puzzle: &Puzzle) -> Color {
    puzzle.position().side_to_move()
}

/// The puzzle's position after the first `ply` moves of its solution.
fn position_after(puzzle: &Puzzle, ply: usize) -> Position {
    let mut position = puzzle.position();
    for &mv in &puzzle.solution[..ply.min(puzzle.solution.len())] {
        position.make_move(mv);
    }
    position
}

/// "Puzzle #12: Red to play and win — mate in 3".
pub(super) fn puzzle_caption(puzzle: &Puzzle, voice: Voice) -> String {
    voice.say(Msg::PuzzleCaption {
        id: puzzle.id.clone(),
        color: color_key(solver(puzzle)).into(),
        mate: puzzle.mate_in().map_or(0, i64::from),
    })
}

/// "The solution: 1. h2e2 …" in the reader's notation.
pub(super) fn solution_text(puzzle: &Puzzle, voice: Voice) -> String {
    voice.say(Msg::PuzzleSolution {
        line: line_text(&puzzle.position(), &puzzle.solution, voice),
    })
}

/// "First solvers today: alice, bob".
pub(super) fn solvers_text(solvers: &[crate::store::UserRef], voice: Voice) -> String {
    let names: Vec<String> = solvers
        .iter()
        .map(|u| shown(&u.display_name).to_string())
        .collect();
    voice.say(Msg::PuzzleDailySolvers {
        names: names.join(", "),
    })
}

/// The rating change of an attempt, signed: "+12", "-8".
fn change(result: &PuzzleResult) -> String {
    format!(
        "{:+.0}",
        result.player_after.rating - result.player_before.rating
    )
}

/// The store's refusal of a stale attempt in the user's words.
fn puzzle_store_error(err: StoreError) -> BotError {
    match err {
        StoreError::NotStored(_) => BotError::PuzzleStale,
        other => BotError::internal(other),
    }
}
