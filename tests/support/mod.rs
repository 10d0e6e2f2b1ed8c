//! Helpers shared by the integration tests: the stand-in Discord, the TLS
//! front for serenity's rate limiter, a throwaway PostgreSQL server, and small checks more than one test
//! file makes.

pub mod load;
pub mod postgres;
pub mod recording;
pub mod scrape;
pub mod stand_in;
pub mod tls_front;

/// Display names chosen to break a markdown reply: markdown, a user mention,
/// `@everyone`, a masked link, a leading header and subtext marker, `@here`
/// and a role mention. Each must show as typed and ping nobody.
pub const HOSTILE_NAMES: [&str; 7] = [
    "**bold** _x_ ~~s~~ ||spoiler|| `code`",
    "<@1234>",
    "@everyone",
    "[click](https://example.com)",
    "# Header",
    "-# subtext",
    "@here <@&5678>",
];

/// The built `xiangqi-bot`, to run as a user would; `XIANGQI_BOT_BIN` names
/// another build instead (a bench comparing two builds on one machine).
pub fn bot_binary() -> std::process::Command {
    match std::env::var_os("XIANGQI_BOT_BIN") {
        Some(other) => std::process::Command::new(other),
        None => std::process::Command::new(env!("CARGO_BIN_EXE_xiangqi-bot")),
    }
}

/// Starts `command` with its stdin, stdout and stderr piped to the test.
pub fn spawn_piped(mut command: std::process::Command) -> std::process::Child {
    use std::process::Stdio;
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Runs `command`, writing `stdin` to it and closing it, and returns what it
/// printed once it exits.
pub fn run_with_stdin(
    command: std::process::Command,
    stdin: impl AsRef<[u8]>,
) -> std::process::Output {
    use std::io::Write;
    let mut child = spawn_piped(command);
    child
        .stdin
        .take()
        .expect("its stdin")
        .write_all(stdin.as_ref())
        .expect("write its stdin");
    child.wait_with_output().expect("the binary finishes")
}

/// Whether `text` shows `fragment` as markdown would read it: unescaped.
pub fn shows_raw(text: &str, fragment: &str) -> bool {
    text.match_indices(fragment)
        .any(|(at, _)| !text[..at].ends_with('\\'))
}
