//! A throwaway PostgreSQL server for the tests: one cluster per test process,
//! made with `initdb` in a temporary directory and served on a free loopback
//! port, with one new database per test. A watchdog shell owns the server and
//! reads the test process's end of a pipe; when the test process exits (or is
//! killed) the pipe closes, and the watchdog stops the server and deletes the
//! directory, so no server outlives its tests.
//!
//! The server binaries are found in `XIANGQI_TEST_PG_BIN`, else in the newest
//! `/usr/lib/postgresql/<version>/bin` (Debian's `postgresql` package), else
//! through `pg_config --bindir`. Run as root, the server runs as the
//! `postgres` user (PostgreSQL refuses root). Without the binaries the
//! PostgreSQL tests do not run and say so; with
//! `XIANGQI_TEST_POSTGRES=require` (what CI sets) they fail instead.
//!
//! The test server runs with `fsync=off`: the tests kill bot processes, never
//! the server, and a commit the server has acknowledged survives a client's
//! death without an fsync. The benchmark (`benches/store.rs`) starts its own
//! with fsync on ([`Cluster::start`] with `durable`).

use std::io::Write as _;
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, Once, OnceLock};
use std::time::{Duration, Instant};

use sqlx::Connection;

/// Set to `require` to make a missing PostgreSQL a failure, not a skip.
pub const REQUIRE_VAR: &str = "XIANGQI_TEST_POSTGRES";
/// A directory holding `initdb`, `postgres` (overrides the search).
pub const BIN_VAR: &str = "XIANGQI_TEST_PG_BIN";
/// A running server's base URL (`postgres://user@host:port`), to use it
/// instead of starting one: how a child test process joins its parent's.
pub const URL_VAR: &str = "XIANGQI_TEST_PG_URL";

/// A running throwaway server.
pub struct Cluster {
    /// `postgres://postgres@127.0.0.1:PORT`, without a database.
    pub base_url: String,
    /// The watchdog, whose stdin is the pipe that keeps the server alive.
    _watchdog: Option<Mutex<Child>>,
}

static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
static NOTICE: Once = Once::new();

/// The test server's base URL, starting it on first use; `None` (after a
/// notice on the terminal, once) when PostgreSQL is not installed and not
/// required.
pub fn server() -> Option<&'static str> {
    let cluster = CLUSTER.get_or_init(|| match std::env::var(URL_VAR) {
        Ok(url) => Ok(Cluster {
            base_url: url,
            _watchdog: None,
        }),
        Err(_) => Cluster::start(false),
    });
    match cluster {
        Ok(cluster) => Some(cluster.base_url.as_str()),
        Err(why) if std::env::var(REQUIRE_VAR).as_deref() == Ok("require") => {
            panic!(
                "the PostgreSQL tests are required ({REQUIRE_VAR}=require) but cannot run: {why}"
            )
        }
        Err(why) => {
            NOTICE.call_once(|| {
                // Written past the test harness's capture, so that a passing
                // run still shows it.
                let _ = writeln!(
                    std::io::stderr(),
                    "\nNOTE: the PostgreSQL half of the store tests was NOT RUN: {why}.\n\
                     Install PostgreSQL (Debian: `apt-get install postgresql`) or set \
                     {BIN_VAR} to the directory holding initdb and postgres, and run \
                     `cargo test --release` again; `.ci/run` installs it and sets \
                     {REQUIRE_VAR}=require.\n"
                );
            });
            None
        }
    }
}

/// A new, empty database on the test server, as a URL for the store.
pub async fn fresh_database() -> Option<String> {
    Some(create_database(server()?).await)
}

/// A new, empty database on the server at `base`, as a URL for the store.
pub async fn create_database(base: &str) -> String {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let name = format!(
        "xq_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let mut admin = sqlx::PgConnection::connect(&format!("{base}/postgres"))
        .await
        .expect("connect to the test server");
    // The name is ours (digits and underscores), not outside input.
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut admin)
        .await
        .expect("create a test database");
    admin.close().await.ok();
    format!("{base}/{name}")
}

impl Cluster {
    /// Starts a server, `durable` (fsync on, as in production) or not; it stops
    /// when this process exits.
    pub fn start(durable: bool) -> Result<Cluster, String> {
        let bin = bin_dir().ok_or("no PostgreSQL server binaries (initdb, postgres) were found")?;
        let as_root = run_output(Command::new("id").arg("-u"))
            .map(|uid| uid.trim() == "0")
            .unwrap_or(false);
        let dir = std::env::temp_dir().join(format!("xiangqi-test-pg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let data = dir.join("data");
        if as_root {
            run_output(Command::new("chown").args(["-R", "postgres:"]).arg(&dir))?;
        }
        let initdb = bin.join("initdb");
        run_output(
            as_user(as_root, &initdb)
                .arg("-D")
                .arg(&data)
                .args(["-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"])
                .args(["--no-sync", "--no-instructions"]),
        )?;
        let port = free_port()?;
        // The watchdog: start the server, wait for stdin to close, stop it
        // (fast shutdown), remove the directory.
        let script = r#"
        "$1" -D "$2" -p "$3" -k "$4" -c listen_addresses=127.0.0.1 \
             -c fsync="$5" -c full_page_writes="$5" -c max_connections=300 \
             -c shared_buffers=32MB -c log_min_messages=fatal >"$4/server.log" 2>&1 &
        server=$!
        read _ignored
        kill -INT "$server"
        wait "$server"
        rm -rf "$4"
    "#;
        let mut watchdog = as_user(as_root, Path::new("sh"))
            .arg("-c")
            .arg(script)
            .arg("sh")
            .arg(bin.join("postgres"))
            .arg(&data)
            .arg(port.to_string())
            .arg(&dir)
            .arg(if durable { "on" } else { "off" })
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the server: {e}"))?;
        let deadline = Instant::now() + Duration::from_secs(60);
        let base_url = format!("postgres://postgres@127.0.0.1:{port}");
        loop {
            let accepting = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_ok()
                && run_output(
                    Command::new(bin.join("pg_isready"))
                        .args(["-h", "127.0.0.1", "-U", "postgres", "-p"])
                        .arg(port.to_string()),
                )
                .is_ok();
            if accepting {
                break;
            }
            if let Ok(Some(status)) = watchdog.try_wait() {
                let log = std::fs::read_to_string(dir.join("server.log")).unwrap_or_default();
                return Err(format!("the server stopped ({status}): {log}"));
            }
            if Instant::now() > deadline {
                let _ = watchdog.kill();
                return Err("the server did not accept connections within 60 s".to_owned());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(Cluster {
            base_url,
            _watchdog: Some(Mutex::new(watchdog)),
        })
    }
}

/// `command` run as the `postgres` user when we are root.
fn as_user(as_root: bool, program: &Path) -> Command {
    if as_root {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

fn bin_dir() -> Option<PathBuf> {
    let has_server = |dir: &Path| dir.join("initdb").is_file() && dir.join("postgres").is_file();
    if let Some(dir) = std::env::var_os(BIN_VAR) {
        return Some(PathBuf::from(dir)).filter(|d| has_server(d));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            Some((version, entry.path().join("bin")))
        })
        .filter(|(_, bin)| has_server(bin))
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return Some(bin);
    }
    let from_config = run_output(Command::new("pg_config").arg("--bindir")).ok()?;
    Some(PathBuf::from(from_config.trim())).filter(|d| has_server(d))
}

fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).map_err(|e| e.to_string())?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| e.to_string())
}

/// Runs `command` to its end; its stdout, or why it failed.
fn run_output(command: &mut Command) -> Result<String, String> {
    let output = command
        .output()
        .map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    } else {
        Err(format!(
            "{command:?} failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}
