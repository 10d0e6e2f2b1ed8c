//! Tournaments played through the command core on a hand-driven clock, as a
//! server would: created by a member who may manage the server, joined by
//! command and by the Join button, started by the sweep at the set time,
//! each round announced (pairings in the channel, a thread per game naming
//! its players), games resigned, drawn and forfeited, a withdrawal, a bye,
//! and the final standings as text and as a picture.

use std::collections::BTreeSet;
use std::time::Duration;

use xiangqi_bot::bot::{Action, Bot, Permissions, Place, PressRequest, Reply};
use xiangqi_bot::render::Renderer;
use xiangqi_bot::store::{
    GameRecord, GameState, Participant, TournamentId, TournamentRecord, TournamentState,
};

use crate::bot_core::{actor, config, harness_with, texts, Harness};

fn arena() -> Place {
    Place {
        guild: Some("server-1".into()),
        channel: "arena".into(),
        thread: None,
    }
}

fn game_place(record: &GameRecord) -> Place {
    Place {
        guild: record.location.guild_id.clone(),
        channel: record.location.channel_id.clone(),
        thread: record.location.thread_id.clone(),
    }
}

impl Harness {
    async fn tournament(&self, id: TournamentId) -> TournamentRecord {
        self.store.tournament(id).await.unwrap().unwrap()
    }

    async fn sweep(&self) -> Vec<(Place, Reply)> {
        self.bot.sweep_idle(&self.outbox).await;
        self.outbox.take()
    }
}

fn user_of(p: &Participant) -> String {
    p.user_id().expect("a person").to_owned()
}

/// The games of round `round` still live, with their records.
async fn live_games(h: &Harness, t: &TournamentRecord, round: u32) -> Vec<GameRecord> {
    let mut games = Vec::new();
    for game in t.round_boards(round).filter_map(|b| b.game) {
        let record = h.store.game(game).await.unwrap();
        if record.status == GameState::Live {
            games.push(record);
        }
    }
    games
}

/// Red opens with a cannon move, and Black then resigns or the two agree a draw.
async fn play_out(h: &Harness, game: &GameRecord, drawn: bool) {
    let place = game_place(game);
    let (red, black) = (user_of(&game.red), user_of(&game.black));
    let moved = h.say_with(&place, &red, "h2e2", None).await;
    assert!(
        moved.iter().any(|(_, r)| !r.files.is_empty()),
        "{}",
        texts(&moved)
    );
    if drawn {
        h.say_with(&place, &black, "draw", None).await;
        let agreed = h.say_with(&place, &red, "draw", None).await;
        assert!(
            texts(&agreed).to_lowercase().contains("draw"),
            "{}",
            texts(&agreed)
        );
    } else {
        let resigned = h.say_with(&place, &black, "resign", None).await;
        assert!(!resigned.is_empty());
    }
    let over = h.store.game(game.id).await.unwrap();
    assert_eq!(over.status, GameState::Finished, "game {}", game.id);
}

#[tokio::test]
async fn a_six_player_swiss_runs_three_rounds_with_a_withdrawal_a_bye_and_a_forfeit() {
    let h = harness_with(config(), true).await;
    let mods = Some(Permissions::ALL);

    // Only a member who may manage the server creates one; the typed form
    // without permissions is pointed to the slash command.
    let refused = h
        .say_with(&arena(), "p1", "tournament create swiss rounds 3", None)
        .await;
    assert!(refused[0].1.private, "{}", texts(&refused));
    let made = h
        .say_with(
            &arena(),
            "mod",
            "tournament create \"Friday Swiss\" swiss rounds 3 10+5 start 30m",
            mods,
        )
        .await;
    assert_eq!(made.len(), 1, "{}", texts(&made));
    let announcement = &made[0].1;
    assert!(
        announcement.text.contains("Friday Swiss") && announcement.text.contains("30 minutes"),
        "{}",
        announcement.text
    );
    let join = announcement
        .buttons
        .iter()
        .find(|b| b.press.action == Action::JoinTournament)
        .expect("a Join button");
    let id = TournamentId(join.press.target);

    for player in ["p1", "p2", "p3", "p4", "p5"] {
        let joined = h.say_with(&arena(), player, "tournament join", None).await;
        assert!(texts(&joined).contains("joins"), "{}", texts(&joined));
    }
    // The sixth presses Join.
    let press = PressRequest {
        actor: actor("p6"),
        place: arena(),
        custom_id: join.press.custom_id(),
        typed: None,
        locale: None,
        permissions: None,
        roles: Vec::new(),
    };
    let pressed = h.bot.press(&press, &h.outbox).await;
    assert!(!pressed.spent);
    let joined = texts(&h.outbox.take());
    assert!(
        joined.contains("p6 joins") && joined.contains("6 entrants"),
        "{joined}"
    );
    // Joining twice, and a seventh who leaves again before the start.
    let twice = h.say_with(&arena(), "p1", "tournament join", None).await;
    assert!(
        twice[0].1.private && texts(&twice).contains("already"),
        "{}",
        texts(&twice)
    );
    h.say_with(&arena(), "p7", &format!("tournament join {id}"), None)
        .await;
    let left = h.say_with(&arena(), "p7", "tournament leave", None).await;
    assert!(texts(&left).contains("p7 leaves"), "{}", texts(&left));
    assert_eq!(h.tournament(id).await.entrants.len(), 6);

    // Nothing happens before the start; at the start the first round is out.
    assert!(h.sweep().await.is_empty());
    h.clock.advance(Duration::from_secs(31 * 60));
    let round_one = h.sweep().await;
    let t = h.tournament(id).await;
    assert_eq!(t.state, TournamentState::Running);
    assert_eq!((t.rounds, t.rounds_paired), (3, 1));
    let pairings = round_one
        .iter()
        .find(|(place, r)| *place == arena() && r.text.contains("round 1 of 3"))
        .unwrap_or_else(|| panic!("the pairings: {}", texts(&round_one)));
    assert_eq!(pairings.1.text.lines().count(), 4, "{}", pairings.1.text);
    let games = live_games(&h, &t, 0).await;
    assert_eq!(games.len(), 3);
    for game in &games {
        let place = game_place(game);
        assert!(place.thread.is_some(), "game {} has a thread", game.id);
        let start = round_one
            .iter()
            .find(|(p, _)| *p == place)
            .unwrap_or_else(|| panic!("no start post for game {}", game.id));
        assert!(start.1.text.contains("Friday Swiss"), "{}", start.1.text);
        let pinged: BTreeSet<_> = start.1.mentions.iter().cloned().collect();
        let players: BTreeSet<_> = [user_of(&game.red), user_of(&game.black)].into();
        assert_eq!(pinged, players, "the thread's first post names its players");
    }
    // A second sweep announces nothing twice.
    assert!(h.sweep().await.is_empty());

    // Round 1: a resignation, a draw, and a game nobody starts.
    play_out(&h, &games[0], false).await;
    play_out(&h, &games[1], true).await;
    let absent = games[2].clone();
    // A player of the decided first game withdraws before round 2.
    let quitter = user_of(&games[0].red);
    let withdrawn = h
        .say_with(&arena(), &quitter, "tournament leave", None)
        .await;
    assert!(
        texts(&withdrawn).contains("withdraws") && texts(&withdrawn).contains("round 2"),
        "{}",
        texts(&withdrawn)
    );
    // Round 2 waits for the third game until its start window closes.
    assert!(h.sweep().await.is_empty());
    assert_eq!(h.tournament(id).await.rounds_paired, 1);
    h.clock.advance(Duration::from_secs(11 * 60));
    let round_two = h.sweep().await;
    let said = texts(&round_two);
    assert!(
        said.contains(&format!("Game #{} was not started in time", absent.id.0)),
        "{said}"
    );
    let forfeited = h.store.game(absent.id).await.unwrap();
    assert_eq!(forfeited.status, GameState::Aborted);
    assert_eq!(forfeited.reason.as_deref(), Some("forfeit"));
    let t = h.tournament(id).await;
    assert_eq!(t.rounds_paired, 2);
    let round: Vec<_> = t.round_boards(1).collect();
    let byes: Vec<_> = round.iter().filter(|b| b.black.is_none()).collect();
    assert_eq!(
        (round.len(), byes.len()),
        (3, 1),
        "five entrants: two games and a bye"
    );
    let quitter_seat = t
        .entrants
        .iter()
        .find(|e| e.who.user_id() == Some(quitter.as_str()))
        .and_then(|e| e.seat)
        .unwrap();
    assert!(round
        .iter()
        .all(|b| b.red != quitter_seat && b.black != Some(quitter_seat)));
    // The forfeit's winner may not get the bye as well (FIDE C.04.1 art. 4).
    let absent_board = t
        .round_boards(0)
        .find(|b| b.game == Some(absent.id))
        .unwrap();
    let forfeit_winner = absent_board.black.unwrap();
    assert_ne!(byes[0].red, forfeit_winner);
    assert!(said.contains("a bye"), "{said}");

    // Rounds 2 and 3 are resigned by Black.
    for round in 1..3 {
        let t = h.tournament(id).await;
        assert_eq!(t.rounds_paired, round + 1);
        for game in live_games(&h, &t, round).await {
            play_out(&h, &game, false).await;
        }
        h.sweep().await;
    }
    let t = h.tournament(id).await;
    assert_eq!(t.state, TournamentState::Finished);
    // Nobody played anyone twice (a forfeit is no game played: its two
    // may meet again, FIDE C.04.2).
    let mut met = BTreeSet::new();
    for b in t.boards.iter().filter(|b| b.forfeit.is_none()) {
        if let Some(black) = b.black {
            assert!(
                met.insert((b.red.min(black), b.red.max(black))),
                "{b:?} repeats"
            );
        }
    }

    // The standings: asked for, as text and as a picture.
    let table = h
        .say_with(&arena(), "p3", &format!("tournament standings {id}"), None)
        .await;
    assert_eq!(table.len(), 1, "{}", texts(&table));
    let (_, reply) = &table[0];
    let lines: Vec<_> = reply.text.lines().collect();
    assert!(lines[0].contains("after round 3 of 3"), "{}", reply.text);
    assert_eq!(lines.len(), 7, "a line per entrant: {}", reply.text);
    assert_eq!(
        lines.iter().filter(|l| l.contains("(withdrawn)")).count(),
        1,
        "{}",
        reply.text
    );
    // Every round gives out two half-points a board that was decided (a
    // bye or a forfeit with a winner counts as a win); the forfeit gave one.
    let total: f64 = lines[1..]
        .iter()
        .map(|l| {
            let points = l.split(": ").nth(1).unwrap().split(' ').next().unwrap();
            let (whole, half) = match points.strip_suffix('½') {
                Some(w) => (w, 0.5),
                None => (points, 0.0),
            };
            whole.parse::<f64>().unwrap_or(0.0) + half
        })
        .sum();
    let decided_boards = t.boards.len() as f64;
    assert_eq!(total, decided_boards, "{}", reply.text);
    let picture = &reply.files[0];
    assert!(picture.filename.ends_with(".png"));
    let decoder = png::Decoder::new(std::io::Cursor::new(picture.bytes.clone()));
    let reader = decoder.read_info().expect("a PNG");
    let (width, height) = (reader.info().width, reader.info().height);
    // A head row and six entrants' rows; three round columns beside the
    // names and the scores.
    assert!(height > 7 * 20 && width > 400, "{width}x{height}");
    if let Some(dir) = std::env::var_os("XIANGQI_SAVE_PICTURES") {
        std::fs::write(
            std::path::Path::new(&dir).join(&picture.filename),
            &picture.bytes,
        )
        .unwrap();
    }
}

#[tokio::test]
async fn a_round_robin_with_the_bot_is_started_early_and_survives_a_restart() {
    let h = harness_with(config(), false).await;
    let lobby = Place {
        guild: None,
        channel: "lobby".into(),
        thread: None,
    };
    let mods = Some(Permissions::ALL);
    let made = h
        .say_with(
            &lobby,
            "mod",
            "tournament create rr 5+0 \"Club Round Robin\"",
            mods,
        )
        .await;
    assert!(texts(&made).contains("round robin"), "{}", texts(&made));
    let entered = h.say_with(&lobby, "mod", "tournament bot 1", mods).await;
    assert!(texts(&entered).contains("joins"), "{}", texts(&entered));
    let again = h.say_with(&lobby, "mod", "tournament bot 2", mods).await;
    assert!(again[0].1.private, "one bot at most: {}", texts(&again));
    for player in ["p1", "p2"] {
        h.say_with(&lobby, player, "tournament join", None).await;
    }
    // Starting early is the organisers'.
    let refused = h.say_with(&lobby, "p1", "tournament start", None).await;
    assert!(refused[0].1.private, "{}", texts(&refused));
    let started = h.say_with(&lobby, "mod", "tournament start", mods).await;
    let said = texts(&started);
    assert!(said.contains("round 1 of 3"), "{said}");
    let id = h
        .store
        .open_tournaments(None, "lobby")
        .await
        .unwrap()
        .first()
        .map(|t| t.id)
        .expect("running");

    for round in 0..3 {
        // The second round is taken up by a bot started afresh on the same
        // store, as after a restart: nothing is remembered but the store.
        let restarted;
        let bot = if round == 1 {
            restarted = Bot::new(h.store.clone(), Renderer::new(), config());
            &restarted
        } else {
            &h.bot
        };
        let t = h.tournament(id).await;
        assert_eq!(t.rounds_paired, round + 1, "round {round}");
        let byes = t.round_boards(round).filter(|b| b.black.is_none()).count();
        assert_eq!(byes, 1, "three entrants: one sits out each round");
        for game in live_games(&h, &t, round).await {
            let place = game_place(&game);
            let people: Vec<_> = [&game.red, &game.black]
                .into_iter()
                .filter_map(|p| p.user_id().map(str::to_owned))
                .collect();
            if people.len() == 1 {
                // Against the bot: it moves at once with Red; with Black it
                // answers the person's move. Then the person resigns.
                if game.red.user_id().is_some() {
                    h.say_with(&place, &people[0], "h2e2", None).await;
                }
                let after = h.store.game(game.id).await.unwrap();
                assert!(after.ply >= 1, "the bot moved in game {}", game.id.0);
                h.say_with(&place, &people[0], "resign", None).await;
            } else {
                play_out(&h, &game, true).await;
            }
        }
        bot.sweep_idle(&h.outbox).await;
        h.outbox.take();
    }
    let t = h.tournament(id).await;
    assert_eq!(t.state, TournamentState::Finished);
    let table = h
        .say_with(&lobby, "p2", &format!("tournament standings {id}"), None)
        .await;
    let text = &table[0].1.text;
    let first = text.lines().nth(1).unwrap();
    // The bot beat both and had a bye: 3 points of 3, SB counts its wins.
    assert!(first.starts_with("1. ") && first.contains(": 3 "), "{text}");
    assert!(!first.contains("p1") && !first.contains("p2"), "{text}");
    // A finished tournament takes nobody.
    let late = h
        .say_with(&lobby, "p3", &format!("tournament join {id}"), None)
        .await;
    assert!(late[0].1.private, "{}", texts(&late));
}
