//! The systemd unit in `docs/systemd/` is one systemd accepts: checked with
//! `systemd-analyze verify` where that command exists (Debian has it with
//! systemd), against the binary this build made.

use std::path::Path;
use std::process::Command;

const UNIT: &str = include_str!("../../docs/systemd/xiangqi-bot@.service");
const INSTALLED_BINARY: &str = "/usr/local/bin/xiangqi-bot";

/// The one value of `key` in the unit (the unit sets each key it needs once).
fn value_of<'a>(unit: &'a str, key: &str) -> &'a str {
    let prefix = format!("{key}=");
    let mut values = unit.lines().filter_map(|line| line.strip_prefix(&prefix));
    let value = values.next().unwrap_or_else(|| panic!("{key} is set"));
    assert!(values.next().is_none(), "{key} is set once");
    value
}

#[test]
fn the_unit_runs_the_discord_bot_and_leaves_it_time_to_stop() {
    assert_eq!(
        value_of(UNIT, "ExecStart"),
        format!("{INSTALLED_BINARY} discord")
    );
    assert_eq!(value_of(UNIT, "KillSignal"), "SIGTERM");
    // The bot's own stop takes the shutdown grace (5 s) and the queued
    // writes; systemd must not kill it first.
    let stop = value_of(UNIT, "TimeoutStopSec");
    let seconds: u64 = stop.trim_end_matches('s').parse().expect("seconds");
    assert!(seconds >= 15, "{stop}");
    let discord = Command::new(env!("CARGO_BIN_EXE_xiangqi-bot"))
        .args(["discord", "--help"])
        .output()
        .expect("the binary runs");
    assert!(discord.status.success(), "`discord` is a subcommand");
}

#[test]
fn systemd_verifies_the_unit() {
    let Ok(probe) = Command::new("systemd-analyze").arg("--version").output() else {
        eprintln!("systemd-analyze is not installed: the unit is not verified here");
        return;
    };
    assert!(probe.status.success());
    let dir = tempfile::tempdir().unwrap();
    // An instance of the template, running the binary this build made
    // (verify refuses a unit whose command does not exist).
    let unit = UNIT.replace(INSTALLED_BINARY, env!("CARGO_BIN_EXE_xiangqi-bot"));
    let path = dir.path().join("xiangqi-bot@1.service");
    std::fs::write(&path, unit).unwrap();
    let verified = verify(&path);
    assert!(
        verified.status.success() && !mentions_the_unit(&verified.stderr),
        "{}",
        String::from_utf8_lossy(&verified.stderr)
    );

    // The check can fail: a key in the wrong section is reported.
    let broken = UNIT
        .replace(INSTALLED_BINARY, env!("CARGO_BIN_EXE_xiangqi-bot"))
        .replace("[Service]\n", "[Service]\nStartLimitIntervalSec=300\n");
    let path = dir.path().join("broken@1.service");
    std::fs::write(&path, broken).unwrap();
    assert!(mentions_the_unit(&verify(&path).stderr));
}

fn verify(path: &Path) -> std::process::Output {
    Command::new("systemd-analyze")
        .arg("verify")
        .arg(path)
        .output()
        .expect("systemd-analyze runs")
}

/// Whether systemd said anything about the unit (warnings too: an unknown
/// key is ignored with a warning and exit status 0).
fn mentions_the_unit(stderr: &[u8]) -> bool {
    String::from_utf8_lossy(stderr)
        .lines()
        .any(|line| line.contains(".service"))
}
