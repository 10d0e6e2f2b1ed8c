//! The console channel end to end: the built binary, fed a script on stdin,
//! plays a game to checkmate between two users (`as NAME`), writes the boards
//! it names, and a second run on the same database finds the game in `history`.

use std::path::Path;

use crate::support::{bot_binary, run_with_stdin};
use xiangqi_bot::i18n::{Lang, Msg};

/// Runs `xiangqi-bot console` on `db` as carol with `script` as stdin;
/// returns stdout.
fn console(db: &Path, boards: &Path, script: impl AsRef<[u8]>) -> String {
    console_as(Some("carol"), db, boards, script)
}

/// Runs the console as `user`, or as the default user when `None`.
fn console_as(user: Option<&str>, db: &Path, boards: &Path, script: impl AsRef<[u8]>) -> String {
    let flags: Vec<&str> = user.map(|user| vec!["--user", user]).unwrap_or_default();
    console_with(&flags, db, boards, script)
}

#[test]
fn a_scripted_game_to_checkmate_then_history_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let boards = dir.path().join("boards");

    // A five-ply mate: the cannon takes on c6, then the elephant on c9.
    let script = "\
# comments and blank lines are skipped

as alice challenge bob red
as bob accept
as bob b7c7
as alice b2c2
as bob b7c7
as alice c2c6
as bob f9e8
as alice c6c9
as alice c6c5
board 1
quit
this line is never read
";
    let out = console(&db, &boards, script);
    assert!(out.contains("alice challenges bob"), "{out}");
    // The challenge's buttons, as the words that do the same here.
    assert!(out.contains("\n  [accept] [decline]\n"), "{out}");
    assert!(!out.contains("type `accept`"), "{out}");
    assert!(out.contains("Game #1: alice (Red) vs bob (Black)"), "{out}");
    assert!(
        out.contains("(private) It is not your turn in game #1"),
        "{out}"
    );
    assert!(out.contains("bob (Black): f9e8"), "{out}");
    assert!(
        out.contains("Game over: alice (Red) wins by checkmate."),
        "{out}"
    );
    assert!(
        out.contains("(private) You have no game here"),
        "a move after the end: {out}"
    );
    assert!(!out.contains("never read"));

    // Every board the replies name exists and is a PNG.
    let named: Vec<&str> = out
        .lines()
        .filter_map(|line| line.trim().strip_prefix("file: "))
        .collect();
    assert!(named.len() >= 7, "a board per move and the start: {out}");
    for file in &named {
        let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(bytes.starts_with(b"\x89PNG"), "{file}");
    }
    assert!(
        named.iter().any(|f| f.ends_with("game-1-ply-5.png")),
        "{named:?}"
    );

    // A new process on the same database remembers the game.
    let out = console(&db, &boards, "history @alice\nas bob stats\n");
    assert!(
        out.contains("#1 · alice vs bob · won by checkmate · 5 plies"),
        "{out}"
    );
    assert!(out.contains("bob: rating"), "{out}");
    assert!(out.contains("0 won, 0 drawn, 1 lost"), "{out}");
}

#[test]
fn a_game_against_the_bot_ends_at_eof_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let boards = dir.path().join("boards");
    let out = console(&db, &boards, "play black 1\nnonsense words\n");
    assert!(out.contains("The bot moves first"), "{out}");
    assert!(out.contains("xiangqi-bot (level 1) (Red):"), "{out}");
    assert!(
        out.contains("(private) `nonsense` is neither a command nor a move"),
        "{out}"
    );
    // The game is still there at the next start; resigning ends it.
    let out = console(&db, &boards, "board\nresign\nhistory\n");
    assert!(
        out.contains("#1 · xiangqi-bot (level 1) (Red) vs carol (Black)"),
        "{out}"
    );
    assert!(out.contains("carol (Black) resigns"), "{out}");
    assert!(out.contains("lost by resignation"), "{out}");
}

/// Without `--user` the console's player needs a name that reads in the third
/// person and as a possessive ("Player resigns", "Player's last games").
#[test]
fn the_default_user_reads_as_a_name() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let boards = dir.path().join("boards");
    let out = console_as(None, &db, &boards, "play red 1\nresign\nhistory\n");
    assert!(
        out.contains("Game #1: Player (Red) vs xiangqi-bot (level 1) (Black)"),
        "{out}"
    );
    assert!(out.contains("Player (Red) resigns"), "{out}");
    assert!(out.contains("Player's last games"), "{out}");
    assert!(
        !out.contains("you resigns") && !out.contains("you's"),
        "{out}"
    );
}

/// A line that is not UTF-8 gets an error reply and the console reads on:
/// the `help` after it is answered (before, the console ended there).
#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_console_reads_on() {
    let dir = tempfile::tempdir().unwrap();
    let script = b"play red 1\nh2\xffe2\nboard\n".to_vec();
    let out = console(
        &dir.path().join("games.db"),
        &dir.path().join("boards"),
        script,
    );
    assert!(out.contains("line 2 is not UTF-8 text"), "{out}");
    let after = out.split("line 2 is not UTF-8 text").nth(1).unwrap_or("");
    assert!(
        after.contains("file:"),
        "the board after the bad line: {out}"
    );
}

/// Runs `xiangqi-bot console` on `db` with `flags`, `script` as stdin,
/// none of the settings' environment variables; returns stdout.
fn console_with(flags: &[&str], db: &Path, boards: &Path, script: impl AsRef<[u8]>) -> String {
    let mut command = bot_binary();
    command
        .args(["console", "--db"])
        .arg(db)
        .arg("--board-dir")
        .arg(boards)
        .args(flags)
        .env("RUST_LOG", "warn")
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env_remove("XIANGQI_USER")
        .env_remove("XIANGQI_LANG");
    let output = run_with_stdin(command, script);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "exit {:?}\nstdout:\n{stdout}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// One session of settings, a game against the bot, refusals, history and
/// help, said in each language chosen with `--lang`: in Chinese and
/// Vietnamese no reply holds an English sentence (a few English words that
/// only sentences use are looked for; moves, names and command words may
/// stay). The server's settings are refused to a user played with `as`,
/// who is not the console's own user, and the server's level is the one
/// the next game gets.
#[test]
fn a_session_in_each_language_speaks_it_throughout() {
    let script = "\
settings
settings server level 1
settings server expiry 30m
settings server threads off
settings notation wxf
settings notation default
settings server pieces international
settings
settings pieces chinese
settings server level 22
settings colour red
as dan settings server level 3
as dan abort 1
play black
h9h5
R5+1
H8=7
h9g7
board
games
resign
history
stats
abort 1
help
";
    let english = [
        " the ",
        " your ",
        "Your ",
        "Game #",
        " is ",
        " was ",
        " not ",
        "level from",
        "(private)",
        "file: ",
        " has no ",
        "matches no",
        " never ",
        "(level ",
    ];
    let bots = [
        ("en", "xiangqi-bot (level 1)"),
        ("zh-Hans", "xiangqi-bot（1 级）"),
        ("zh-Hant", "xiangqi-bot（1 級）"),
        ("vi", "xiangqi-bot (cấp 1)"),
    ];
    for (lang, bot) in bots {
        let dir = tempfile::tempdir().unwrap();
        let (db, boards) = (dir.path().join("games.db"), dir.path().join("boards"));
        let out = console_with(&["--user", "carol", "--lang", lang], &db, &boards, script);
        assert!(out.contains(bot), "{lang}: the server's level\n{out}");
        let marker = lang.parse::<Lang>().unwrap().text(Msg::ConsolePrivate);
        let refusals = out.matches(&marker).count();
        assert!(refusals >= 8, "{lang}: {refusals} private replies\n{out}");
        if lang == "en" {
            for expected in [
                "Bot level for new games (`server level`): default: 3",
                "Bot level for new games is now 1.",
                "22 is not a value for `server level`",
                "colour is not a setting",
                "Only members with the Manage Server permission",
                "Only members with the Manage Messages permission",
                "Challenge expiry is now 30 minutes.",
                "Pieces for members who chose none is now International symbols",
                "Pieces (`pieces`): default: International symbols",
                "`R5+1` matches no piece of yours (Black has no chariot on file 5)",
                "`H8=7` is not a possible move: the horse never moves sideways",
            ] {
                assert!(out.contains(expected), "{expected}\n{out}");
            }
            continue;
        }
        for line in out.lines() {
            for word in english {
                assert!(!line.contains(word), "{lang}: {word:?} in {line:?}\n{out}");
            }
        }
    }
}

/// `abort` by the console's own user (the server's moderator) ends a game
/// between two people as aborted: unrated, in nobody's counts, shown as
/// called off; a player who is not a moderator is refused.
#[test]
fn abort_records_an_aborted_unrated_game() {
    let dir = tempfile::tempdir().unwrap();
    let (db, boards) = (dir.path().join("games.db"), dir.path().join("boards"));
    let script = "\
as ann challenge bob red
as bob accept
as ann h2e2
as bob abort 1
abort 1
as ann stats
as ann history
as ann h9g7
";
    let out = console_with(&["--user", "carol"], &db, &boards, script);
    assert!(
        out.contains("Only members with the Manage Messages permission"),
        "{out}"
    );
    assert!(
        out.contains("Game #1 (ann vs bob) was aborted by carol."),
        "{out}"
    );
    assert!(out.contains("It is not rated."), "{out}");
    // Ratings and counts as before the game: a newcomer's 1500, nothing counted.
    assert!(
        out.contains(
            "ann: rating 1500? (rank 1) · 0 games: 0 won, 0 drawn, 0 lost · 0 in progress"
        ),
        "{out}"
    );
    assert!(out.contains("called off"), "history shows it: {out}");
}

/// The puzzle trainer in the console: a puzzle with its board written, a
/// hint, a move typed alone answered in the puzzle, a restart that keeps the
/// attempt, then a skip that shows the solution and counts in the stats.
#[test]
fn a_puzzle_is_served_hinted_kept_across_a_restart_and_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let (db, boards) = (dir.path().join("games.db"), dir.path().join("boards"));
    let out = console(&db, &boards, "puzzle\npuzzle hint\n");
    assert!(out.contains("to play and win"), "{out}");
    assert!(out.contains("Hint: move your"), "{out}");
    let id = out
        .split("Puzzle #")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .unwrap_or_else(|| panic!("no puzzle id: {out}"));
    let puzzle = xiangqi_bot::puzzles::serve::find(id).expect("a shipped puzzle");
    let pngs = std::fs::read_dir(&boards).unwrap().count();
    assert!(pngs >= 1, "the puzzle's board is written");

    // The first move typed alone, after a restart: the attempt was kept.
    let first = puzzle.solution[0].to_string();
    let out = console(
        &db,
        &boards,
        format!("{first}\npuzzle\npuzzle skip\npuzzle stats\n"),
    );
    assert!(out.contains("Skipped."), "{out}");
    assert!(out.contains("The solution: 1."), "{out}");
    assert!(out.contains("carol: puzzle rating"), "{out}");
    // Answered in the puzzle, not ignored as chat: the attempt outlived the
    // restart.
    if out.contains("is right") {
        // A longer puzzle: still open, then skipped.
        assert!(out.contains("still on this puzzle"), "{out}");
        assert!(out.contains("1 attempt, 0 solved"), "{out}");
    } else {
        // A one-move puzzle: solved (after the hint), then a new one skipped.
        assert!(
            out.contains("solved!"),
            "{first} answered in the puzzle: {out}"
        );
        assert!(out.contains("2 attempts, 1 solved"), "{out}");
    }
}

/// The end of a game and its rematch in typed words: the end shows its
/// buttons as `[review] [rematch]`, `review` and `rematch` do what they
/// press, the rematch is a challenge with the colours swapped, and a second
/// `rematch` is refused. Nothing the console shows names `/xiangqi`.
#[test]
fn a_game_ends_and_is_reviewed_and_played_again_in_typed_words() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let boards = dir.path().join("boards");
    let script = "\
as alice challenge bob red
as bob accept
as bob b7c7
as alice b2c2
as bob b7c7
as alice c2c6
as bob f9e8
as alice c6c9
as carol review 1
as carol rematch 1
as alice rematch
as alice rematch 1
as bob accept
as alice h2e2
as bob h2e2
quit
";
    let out = console(&db, &boards, script);
    assert!(
        out.contains("Game over: alice (Red) wins by checkmate."),
        "{out}"
    );
    assert!(out.contains("Review (or `review 1`) shows"), "{out}");
    assert!(out.contains("\n  [review] [rematch]\n"), "{out}");
    assert!(
        out.contains("Review of game #1"),
        "anyone may review: {out}"
    );
    assert!(
        out.contains("(private) Only alice and bob can ask for a rematch of game #1."),
        "a stranger's rematch: {out}"
    );
    assert!(
        out.contains(
            "alice asks bob for a rematch of game #1, colours swapped (alice plays Black)"
        ),
        "{out}"
    );
    assert!(
        out.contains("(private) The rematch of game #1 was already offered or started."),
        "a second rematch: {out}"
    );
    assert!(out.contains("Game #2: bob (Red) vs alice (Black)"), "{out}");
    assert!(
        out.contains("(private) It is not your turn in game #2"),
        "alice has Black now: {out}"
    );
    assert!(out.contains("bob (Red): h2e2"), "{out}");
    assert!(
        !out.contains("/xiangqi"),
        "the console has no slash commands: {out}"
    );
    assert!(
        out.contains("your move: type it like `h2e2`"),
        "the start says to type the move: {out}"
    );
}
