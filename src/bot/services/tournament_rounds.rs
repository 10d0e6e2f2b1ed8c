//! A tournament's life after registration, one step at a time: the start
//! (seating, or calling it off with fewer than two entrants), each round's
//! pairing and announcement (a thread per game, the pairings in the
//! channel, a first post in each thread naming its players), forfeits of
//! games not started in time, and the end with the final standings.
//!
//! Each step reads the tournament back from the store and is guarded there
//! (the rounds paired, the round announced, the game's ply), so any
//! process may take it, after a restart too, and two processes never pair
//! or announce one round twice. The background calls [`tick_tournament`]
//! each sweep; `tournament start` calls it at once.

use crate::i18n::Msg;
use crate::store::{
    Forfeit, GameState, TournamentFormat, TournamentId, TournamentRecord, TournamentState,
};

use super::claims::claim_now;
use super::ctx::post;
use super::games::{game_place, load, pairing, LoadedGame};
use super::settings::{place_voice, server_settings};
use super::start::{post_game_start, then_first_move, thread_title};
use super::tournaments::{
    next_round, rounds_to_play, seat_name, seating, shown_name, standings_text, start_by,
    start_window, winners, Field,
};
use super::Core;
use crate::bot::vocabulary::error::{BotError, BotResult};
use crate::bot::vocabulary::reply::{Outbox, Reply};
use crate::bot::vocabulary::request::Place;
use crate::bot::vocabulary::settings::keys;
use crate::bot::vocabulary::voice::Voice;
use crate::render::StandingsRow;

/// Where a tournament posts: its channel.
fn channel_of(record: &TournamentRecord) -> Place {
    Place {
        guild: record.guild_id.clone(),
        channel: record.channel_id.clone(),
        thread: None,
    }
}

/// Takes every step tournament `id` is due: the start once its time has
/// come (or at once with `start_now`), a round's announcement, forfeits,
/// the next round when the last is decided, the end after the last round.
pub async fn tick_tournament(
    core: &Core,
    outbox: &dyn Outbox,
    id: TournamentId,
    start_now: bool,
) -> BotResult<()> {
    let store = &core.store;
    let Some(mut record) = store.tournament(id).await.map_err(BotError::internal)? else {
        return Ok(());
    };
    let voice = place_voice(core, record.guild_id.as_deref(), outbox).await;
    if record.state == TournamentState::Registering {
        if !start_now && record.starts_at > store.now() {
            return Ok(());
        }
        match begin(core, outbox, &record, voice).await? {
            Some(started) => record = started,
            None => return Ok(()),
        }
    }
    // Each pass pairs at most one round; a round whose boards are all byes
    // (or decided at once) lets the next be paired in the same tick.
    for _ in 0..=record.rounds {
        if record.state != TournamentState::Running {
            return Ok(());
        }
        if record.rounds_announced < record.rounds_paired {
            announce_round(core, outbox, &record, record.rounds_announced, voice).await?;
        }
        if forfeit_late_games(core, outbox, &record, voice).await? {
            record = reload(core, id).await?;
        }
        let field = Field::of(&record);
        if !field.all_decided() {
            return Ok(());
        }
        let boards = match next_round(&record, &field) {
            Ok(Some(boards)) => boards,
            Ok(None) => return finish(core, outbox, &record, voice).await,
            Err(err) => {
                tracing::warn!(tournament = %id, error = %err, "no next round; the tournament ends here");
                return finish(core, outbox, &record, voice).await;
            }
        };
        let due = start_by(record.time_control, store.now());
        let advanced = store
            .advance_tournament(id, record.rounds_paired, boards, due)
            .await
            .map_err(BotError::internal)?;
        match advanced {
            Some(next) => record = next,
            // Another process paired it, and announces it.
            None => return Ok(()),
        }
    }
    Ok(())
}

async fn reload(core: &Core, id: TournamentId) -> BotResult<TournamentRecord> {
    core.store
        .tournament(id)
        .await
        .map_err(BotError::internal)?
        .ok_or_else(|| BotError::internal(anyhow::anyhow!("tournament {id} vanished")))
}

/// Seats the entrants and starts the tournament, or calls it off with
/// fewer than two. `None` when it does not run (called off, or another
/// process started it and takes its next steps).
async fn begin(
    core: &Core,
    outbox: &dyn Outbox,
    record: &TournamentRecord,
    voice: Voice,
) -> BotResult<Option<TournamentRecord>> {
    let store = &core.store;
    let entrants = record.entrants.len();
    if entrants < 2 {
        if store
            .cancel_tournament(record.id)
            .await
            .map_err(BotError::internal)?
        {
            let text = voice.say(Msg::TournamentCancelledFew {
                tournament: shown_name(record),
            });
            post(outbox, &channel_of(record), Reply::public(text)).await?;
        }
        return Ok(None);
    }
    let rounds = rounds_to_play(record.format, record.rounds, entrants);
    store
        .start_tournament(record.id, seating(record), rounds)
        .await
        .map_err(BotError::internal)
}

/// The games of round `round`, loaded.
pub async fn round_games(
    core: &Core,
    record: &TournamentRecord,
    round: u32,
) -> BotResult<Vec<LoadedGame>> {
    let mut games = Vec::new();
    for game in record.round_boards(round).filter_map(|b| b.game) {
        games.push(load(&core.store, game).await?);
    }
    Ok(games)
}

/// The lines of round `round`'s boards: each game (found among `games`,
/// the round's games) with its number, its players and a link to where it
/// is played; each bye.
pub fn board_lines(
    record: &TournamentRecord,
    round: u32,
    games: &[LoadedGame],
    voice: Voice,
    outbox: &dyn Outbox,
) -> String {
    let mut lines = Vec::new();
    for board in record.round_boards(round) {
        let line = match board.game {
            Some(game) => match games.iter().find(|g| g.id() == game) {
                Some(loaded) => Msg::TournamentBoardLine {
                    board: i64::from(board.board) + 1,
                    game: game.0,
                    pairing: pairing(&loaded.record, voice),
                    link: outbox.link(&game_place(&loaded.record)),
                },
                None => continue,
            },
            None => Msg::TournamentByeLine {
                name: seat_name(record, board.red, voice),
            },
        };
        lines.push(voice.say(line));
    }
    lines.join("\n")
}

/// Announces round `round` once (whichever process takes it): opens each
/// game's thread, posts the pairings in the channel, then each game's
/// first board in its thread, naming its players; the bot's first move, if
/// it has Red, follows its board.
async fn announce_round(
    core: &Core,
    outbox: &dyn Outbox,
    record: &TournamentRecord,
    round: u32,
    voice: Voice,
) -> BotResult<()> {
    let store = &core.store;
    if !store
        .take_round_announcement(record.id, round)
        .await
        .map_err(BotError::internal)?
    {
        return Ok(());
    }
    let channel = channel_of(record);
    let threads = match &record.guild_id {
        Some(guild) => server_settings(store, guild).await.on_off(keys::THREADS) != Some(false),
        None => true,
    };
    let mut games: Vec<LoadedGame> = Vec::new();
    for loaded in round_games(core, record, round).await? {
        let game = loaded.id();
        if !loaded.record.is_live() {
            games.push(loaded);
            continue;
        }
        let home = if threads {
            let title = thread_title(voice, &loaded.record.red, &loaded.record.black);
            outbox.open_thread(&channel, &title).await
        } else {
            None
        };
        // A thread the store could not record leaves the game in the
        // channel: the round's announcement is taken, so it goes on.
        let loaded = match home {
            Some(home) if home.thread.is_some() => {
                match store.set_game_thread(game, home.thread.as_deref()).await {
                    Ok(_) => load(store, game).await.unwrap_or(loaded),
                    Err(err) => {
                        tracing::warn!(game = game.0, error = %err, "could not move a tournament game into its thread");
                        loaded
                    }
                }
            }
            _ => loaded,
        };
        games.push(loaded);
    }
    let text = voice.say(Msg::TournamentRound {
        tournament: shown_name(record),
        round: i64::from(round) + 1,
        rounds: record.rounds.into(),
        boards: board_lines(record, round, &games, voice, outbox),
    });
    if let Err(err) = post(outbox, &channel, Reply::public(text)).await {
        // The games' own posts still name their players.
        tracing::warn!(tournament = %record.id, error = %err, "could not post a round's pairings");
    }
    let preface = voice.say(Msg::TournamentGameOf {
        tournament: shown_name(record),
        round: i64::from(round) + 1,
        within: start_window(record.time_control, voice),
    });
    for loaded in games.iter().filter(|g| g.record.is_live()) {
        let bot_to_move = loaded
            .record
            .participant(loaded.game.position().side_to_move())
            .bot_level()
            .is_some();
        let claim = if bot_to_move {
            claim_now(core, loaded).await
        } else {
            None
        };
        let showing = post_game_start(core, voice, outbox, loaded, Some(preface.clone()), true);
        if let Err(err) = then_first_move(core, voice, outbox, claim, showing).await {
            tracing::warn!(game = loaded.id().0, error = %err, "could not post a tournament game's start");
        }
    }
    Ok(())
}

/// Forfeits the current round's games whose side to move never made its
/// first move by the round's start deadline; `true` when any was.
async fn forfeit_late_games(
    core: &Core,
    outbox: &dyn Outbox,
    record: &TournamentRecord,
    voice: Voice,
) -> BotResult<bool> {
    let Some(round) = record.rounds_paired.checked_sub(1) else {
        return Ok(false);
    };
    let now = core.store.now();
    let mut any = false;
    for board in record.round_boards(round) {
        let (Some(game), Some(ply), Some(due)) = (board.game, board.game_ply, board.start_by)
        else {
            continue;
        };
        if board.game_state != Some(GameState::Live) || board.forfeit.is_some() || now < due {
            continue;
        }
        let (loser, forfeit) = match ply {
            0 => (board.red, Forfeit::Red),
            1 => (board.black.unwrap_or(board.red), Forfeit::Black),
            _ => continue,
        };
        let forfeited = core
            .store
            .forfeit_board(game, forfeit, ply)
            .await
            .map_err(BotError::internal)?;
        if !forfeited {
            continue;
        }
        any = true;
        outbox.game_ended(game.0).await;
        let text = voice.say(Msg::TournamentForfeit {
            game: game.0,
            loser: seat_name(record, loser, voice),
        });
        let place = match load(&core.store, game).await {
            Ok(loaded) => game_place(&loaded.record),
            Err(_) => channel_of(record),
        };
        if let Err(err) = post(outbox, &place, Reply::public(text)).await {
            tracing::warn!(game = game.0, error = %err, "could not say a tournament game was forfeited");
        }
    }
    Ok(any)
}

/// Ends the tournament after its last round and posts the winners and the
/// final standings (once: the store's end is guarded by the rounds paired).
async fn finish(
    core: &Core,
    outbox: &dyn Outbox,
    record: &TournamentRecord,
    voice: Voice,
) -> BotResult<()> {
    let ended = core
        .store
        .finish_tournament(record.id, record.rounds_paired)
        .await
        .map_err(BotError::internal)?;
    if !ended {
        return Ok(());
    }
    let text = format!(
        "{}\n{}",
        voice.say(Msg::TournamentFinished {
            tournament: shown_name(record),
            winners: winners(record, voice),
        }),
        standings_text(record, voice)
    );
    let mut reply = Reply::public(text);
    reply
        .files
        .push(standings_picture(core, record, voice).await?);
    post(outbox, &channel_of(record), reply).await
}

/// The standings as a picture: the crosstable with each round's result.
pub async fn standings_picture(
    core: &Core,
    record: &TournamentRecord,
    voice: Voice,
) -> BotResult<crate::bot::vocabulary::reply::Attachment> {
    core.boards
        .standings(
            record.name.clone(),
            standings_rows(record, voice),
            record.rounds as usize,
            voice.style.theme,
            format!("tournament-{}-standings.png", record.id),
        )
        .await
}

/// One row per entrant, best first, with each round's result against the
/// opponent's rank: `4w+` (beat #4 with Red), `2b=`, `+` (a bye or a win by
/// forfeit), `-` (a loss by forfeit or absent).
pub fn standings_rows(record: &TournamentRecord, voice: Voice) -> Vec<StandingsRow> {
    use crate::tournament::{Board, Outcome};
    let field = Field::of(record);
    let table = field.standings(record.format);
    let mut rank_of = vec![0usize; field.entrants.len()];
    for (place, s) in table.iter().enumerate() {
        rank_of[s.seat] = place + 1;
    }
    table
        .iter()
        .map(|s| {
            let cells = field
                .rounds
                .iter()
                .map(|round| {
                    let board = round.boards.iter().find(|b| match **b {
                        Board::Game { red, black, .. } | Board::Forfeit { red, black, .. } => {
                            red == s.seat || black == s.seat
                        }
                        Board::Bye(seat) => seat == s.seat,
                    });
                    match board {
                        None => String::new(),
                        Some(Board::Bye(_)) => "+".into(),
                        Some(Board::Forfeit { winner, .. }) => {
                            if *winner == Some(s.seat) { "+" } else { "-" }.into()
                        }
                        Some(Board::Game {
                            red,
                            black,
                            outcome,
                        }) => {
                            let (opponent, colour) = if *red == s.seat {
                                (*black, 'r')
                            } else {
                                (*red, 'b')
                            };
                            let result = match (outcome, colour) {
                                (None, _) => "",
                                (Some(Outcome::Draw), _) => "=",
                                (Some(Outcome::RedWins), 'r') | (Some(Outcome::BlackWins), 'b') => {
                                    "+"
                                }
                                _ => "-",
                            };
                            format!("{}{colour}{result}", rank_of[opponent])
                        }
                    }
                })
                .collect();
            StandingsRow {
                rank: s.rank as u32,
                name: record
                    .at_seat(s.seat as u32)
                    .map(|e| voice.name_of(&e.who))
                    .unwrap_or_else(|| format!("#{}", s.seat + 1)),
                withdrawn: field.entrants[s.seat].withdrawn_after.is_some(),
                cells,
                points: super::tournaments::decimal_points(s.points),
                buchholz: match record.format {
                    TournamentFormat::Swiss => Some(super::tournaments::decimal_points(s.buchholz)),
                    TournamentFormat::RoundRobin => None,
                },
                sonneborn_berger: super::tournaments::quarter_points(s.sonneborn_berger),
            }
        })
        .collect()
}
