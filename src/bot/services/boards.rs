//! The pictures the bot posts: a game's board after a move, its animated
//! replay, a puzzle's or a review's boards. Drawing is CPU work that blocks
//! its thread, so it runs on tokio's blocking pool, and at most one picture
//! per core at a time: a burst of moves queues its renders instead of
//! running them all on as many blocking threads, where each would take as
//! long as all of them.

use std::sync::Arc;

use tokio::sync::Semaphore;

use super::games::{plain_pairing, LoadedGame};
use super::timing::{self, Phase};
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::reply::Attachment;
use crate::bot::vocabulary::voice::{color_key, Voice};
use crate::i18n::Msg;
use crate::render::{GraphPoint, PieceStyle, Renderer, Scene, Style, Theme};
use crate::rules::{Color, Game, Move, Position};
use crate::store::{Clock, GameRecord, Participant, TimeControl, UnixMillis};

pub struct Boards {
    renderer: Arc<Renderer>,
    /// One per core.
    permits: Semaphore,
    /// The store's, which a caption's running clock is read by.
    clock: Arc<dyn Clock>,
}

impl Boards {
    pub fn new(renderer: Renderer, clock: Arc<dyn Clock>) -> Boards {
        Boards {
            renderer: Arc::new(renderer),
            permits: Semaphore::new(std::thread::available_parallelism().map_or(1, |n| n.get())),
            clock,
        }
    }

    /// The board of `loaded` as a PNG attachment named after the game and
    /// ply, in `style`. What it needs is taken from `loaded` at once, so
    /// that the game can be handed on (to be stored) while the board is
    /// being drawn.
    pub fn board(
        &self,
        loaded: &LoadedGame,
        black_seat: bool,
        style: Style,
        voice: Voice,
    ) -> impl std::future::Future<Output = BotResult<Attachment>> + Send + '_ {
        let scene = scene_of(
            loaded.game.position(),
            loaded.game.moves().last().copied(),
            black_seat,
            caption(&loaded.record, &loaded.game, self.clock.now_ms(), voice),
        );
        let filename = format!("game-{}-ply-{}.png", loaded.id().0, loaded.ply());
        self.render(scene, style, filename)
    }

    /// `scene` drawn in `style` as a PNG attachment.
    pub fn render(
        &self,
        scene: Scene,
        style: Style,
        filename: String,
    ) -> impl std::future::Future<Output = BotResult<Attachment>> + Send + '_ {
        let renderer = Arc::clone(&self.renderer);
        let rendering = async move {
            let _permit = self.permits.acquire().await.map_err(BotError::internal)?;
            tokio::task::spawn_blocking(move || renderer.render_png(&scene, style))
                .await
                .map_err(BotError::internal)
        };
        async move {
            let bytes = timing::timed(Phase::Render, rendering).await?;
            Ok(Attachment { filename, bytes })
        }
    }

    /// A tournament's standings as a PNG attachment named `filename`.
    pub async fn standings(
        &self,
        title: String,
        rows: Vec<crate::render::StandingsRow>,
        rounds: usize,
        theme: crate::render::Theme,
        filename: String,
    ) -> BotResult<Attachment> {
        let renderer = Arc::clone(&self.renderer);
        let _permit = self.permits.acquire().await.map_err(BotError::internal)?;
        let bytes = tokio::task::spawn_blocking(move || {
            renderer.render_standings_png(&title, &rows, rounds, theme)
        })
        .await
        .map_err(BotError::internal)?;
        Ok(Attachment { filename, bytes })
    }

    /// The game as an animated replay in `style`, one frame per position, of
    /// at most the last [`MAX_REPLAY_FRAMES`] positions.
    pub async fn replay_gif(
        &self,
        loaded: &LoadedGame,
        style: Style,
        voice: Voice,
    ) -> BotResult<Attachment> {
        let heading = format!(
            "#{} · {}",
            loaded.id().0,
            plain_pairing(&loaded.record, voice)
        );
        let scenes = replay_scenes(&heading, &loaded.game, voice);
        let renderer = Arc::clone(&self.renderer);
        let _permit = self.permits.acquire().await.map_err(BotError::internal)?;
        let bytes = tokio::task::spawn_blocking(move || renderer.render_replay_gif(&scenes, style))
            .await
            .map_err(BotError::internal)?
            .map_err(BotError::internal)?;
        Ok(Attachment {
            filename: format!("game-{}.gif", loaded.id().0),
            bytes,
        })
    }

    /// An evaluation graph and boards, drawn together under one permit (a
    /// review's pictures): the graph's PNG, then each board's.
    pub async fn graph_and_boards(
        &self,
        points: Vec<GraphPoint>,
        scenes: Vec<Scene>,
        style: Style,
    ) -> BotResult<(Vec<u8>, Vec<Vec<u8>>)> {
        let renderer = Arc::clone(&self.renderer);
        let _permit = self.permits.acquire().await.map_err(BotError::internal)?;
        tokio::task::spawn_blocking(move || {
            let graph = renderer.render_eval_graph(&points, style.theme);
            let boards: Vec<Vec<u8>> = scenes
                .iter()
                .map(|scene| renderer.render_png(scene, style))
                .collect();
            (graph, boards)
        })
        .await
        .map_err(BotError::internal)
    }
}

/// The caption above a board: who plays, the move number, whose turn, and
/// the clocks at `now` (see [`clock_faces`]).
fn caption(record: &GameRecord, game: &Game, now: UnixMillis, voice: Voice) -> String {
    let to_move = game.position().side_to_move();
    let game_id = record.id.0;
    let pairing = plain_pairing(record, voice);
    let number = (game.moves().len() / 2 + 1) as i64;
    if !record.is_live() {
        return voice.say(Msg::CaptionOver {
            game: game_id,
            pairing,
            number,
        });
    }
    if let TimeControl::Live { .. } = record.time_control {
        let [red_clock, black_clock] = clock_faces(record, to_move, now);
        return voice.say(Msg::CaptionTimed {
            game: game_id,
            red: voice.name_of(&record.red),
            red_clock,
            black_clock,
            black: voice.name_of(&record.black),
            number,
        });
    }
    let mut name = match record.participant(to_move) {
        Participant::User(user) => user.display_name.clone(),
        Participant::Bot(_) => "xiangqi-bot".to_string(),
    };
    if let Some(left) = record.clocks.left(to_move, to_move, now) {
        // A correspondence move's time, beside the player it is for.
        name = format!("{name} [{}]", clock_face(record.time_control, left));
    }
    voice.say(Msg::Caption {
        game: game_id,
        pairing,
        number,
        color: color_key(to_move).into(),
        name,
    })
}

/// Both sides' clocks as a caption shows them, Red's first: the running
/// one in brackets (`[4:32]`), a clock not yet started at its full time.
/// ASCII and brackets, not a symbol, as the caption's font is cut to what
/// captions say.
pub fn clock_faces(record: &GameRecord, to_move: Color, now: UnixMillis) -> [String; 2] {
    [Color::Red, Color::Black].map(|color| {
        let left = record.clocks.left(color, to_move, now).unwrap_or(0);
        let face = clock_face(record.time_control, left);
        if record.is_live() && record.clocks.running(color, to_move) {
            format!("[{face}]")
        } else {
            face
        }
    })
}

/// Time left as a clock shows it: `4:32`, `1:02:03`, `0:07.3` under ten
/// seconds (live); `2d 05h`, `5h 12m`, `12m` (correspondence).
pub fn clock_face(control: TimeControl, ms: i64) -> String {
    let ms = ms.max(0);
    if let TimeControl::Correspondence { .. } = control {
        let minutes = ms / 60_000;
        let (days, hours, minutes) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
        return if days > 0 {
            format!("{days}d {hours:02}h")
        } else if hours > 0 {
            format!("{hours}h {minutes:02}m")
        } else {
            format!("{minutes}m")
        };
    }
    let secs = ms / 1000;
    if ms < 10_000 {
        format!("0:{secs:02}.{}", ms / 100 % 10)
    } else if secs < 3600 {
        format!("{}:{:02}", secs / 60, secs % 60)
    } else {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    }
}

/// The most positions a replay shows: the last ones of a longer game. Every
/// frame is a full picture in memory until the GIF is encoded (about 1.4 MB
/// each), so a 400-ply game took the process from 20 MB to 560 MB; this
/// bounds one replay near 70 MB, and the render permits bound how many run.
pub const MAX_REPLAY_FRAMES: usize = 50;

/// A replay's frames, from Red's seat: the moves played forward once from
/// the first position shown (at most [`MAX_REPLAY_FRAMES`] before the end),
/// each frame captioned `{heading} · ply N` with the game's own ply numbers.
fn replay_scenes(heading: &str, game: &Game, voice: Voice) -> Vec<Scene> {
    let moves = game.moves();
    let skipped = moves.len().saturating_sub(MAX_REPLAY_FRAMES - 1);
    let first = game
        .position_at(skipped)
        .unwrap_or_else(|| game.start().clone());
    Scene::replay_frames_captioned(&first, &moves[skipped..], false, |ply, _| {
        voice.say(Msg::ReplayCaption {
            heading: heading.to_string(),
            ply: (ply + skipped) as i64,
        })
    })
}

/// The style to draw in: what was asked, the rest from `default`.
pub fn style_asked(pieces: Option<PieceStyle>, theme: Option<Theme>, default: Style) -> Style {
    Style {
        pieces: pieces.unwrap_or(default.pieces),
        theme: theme.unwrap_or(default.theme),
    }
}

/// A picture's content for a position.
pub fn scene_of(position: &Position, last: Option<Move>, flipped: bool, caption: String) -> Scene {
    let mut scene = Scene::from_position(position);
    scene.last_move = last;
    scene.flipped = flipped;
    scene.caption = Some(caption);
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game longer than the cap replays its last positions, numbered as
    /// in the game, ending on the position as it stands.
    #[test]
    fn clock_faces_read_as_players_expect() {
        let live = TimeControl::Live {
            minutes: 5,
            increment_secs: 0,
        };
        let days = TimeControl::Correspondence { days: 3 };
        assert_eq!(clock_face(live, 272_000), "4:32");
        assert_eq!(clock_face(live, 3_723_000), "1:02:03");
        assert_eq!(clock_face(live, 7_349), "0:07.3");
        assert_eq!(clock_face(live, -5), "0:00.0");
        assert_eq!(clock_face(days, (2 * 24 + 5) * 3_600_000), "2d 05h");
        assert_eq!(clock_face(days, 5 * 3_600_000 + 12 * 60_000), "5h 12m");
        assert_eq!(clock_face(days, 12 * 60_000 + 59_999), "12m");
    }

    #[test]
    fn a_long_games_replay_shows_its_last_positions_only() {
        let mut game = Game::new(Position::startpos());
        for ply in 0..(MAX_REPLAY_FRAMES + 30) {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            if game.play(moves[(ply * 5 + 1) % moves.len()]).is_err() {
                break;
            }
        }
        let played = game.moves().len();
        assert!(played >= MAX_REPLAY_FRAMES, "a long game: {played} plies");
        let scenes = replay_scenes("h", &game, Voice::default());
        assert_eq!(scenes.len(), MAX_REPLAY_FRAMES);
        let last = scenes.last().unwrap().caption.clone().unwrap();
        assert_eq!(last, format!("h · ply {played}"));
        let final_scene = scene_of(game.position(), game.moves().last().copied(), false, last);
        assert_eq!(scenes.last().unwrap(), &final_scene);
    }

    /// The frames are those the bot drew before, when it rebuilt each ply's
    /// position on its own (`position_at` per frame), for a 40-ply game with
    /// captures: the GIF, a function of its frames only, is unchanged.
    #[test]
    fn replay_frames_are_those_of_rebuilding_every_ply() {
        let mut game = Game::new(Position::startpos());
        for ply in 0..40 {
            let moves = game.position().legal_moves();
            game.play(moves[(ply * 7 + 3) % moves.len()]).unwrap();
        }
        let moves = game.moves();
        let captures = (0..moves.len())
            .filter(|&ply| game.position_at(ply).unwrap().is_capture(moves[ply]))
            .count();
        assert!(captures > 0, "the game should capture something");

        let heading = "#5 · alice vs bob";
        let before: Vec<Scene> = (0..=moves.len())
            .map(|ply| {
                let position = game.position_at(ply).unwrap();
                let last = ply.checked_sub(1).map(|i| moves[i]);
                scene_of(&position, last, false, format!("{heading} · ply {ply}"))
            })
            .collect();
        assert_eq!(before.len(), 41);
        assert_eq!(replay_scenes(heading, &game, Voice::default()), before);
    }
}
