//! The operators' endpoint of a running `discord` process (`--metrics-addr`),
//! read as Prometheus and a health check would, while people play through
//! the stand-in Discord: `/healthz`, `/readyz` once the shards are connected,
//! and `/metrics` whose counters and latency histogram move with the games.

use std::sync::Arc;
use std::time::Duration;

use crate::support::load::{self, DiscordProcess, Plan, ProcessSettings};
use crate::support::scrape::{self, free_addr};
use crate::support::stand_in::{StandIn, StandInConfig};

const WAIT: Duration = Duration::from_secs(30);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_and_health_follow_a_process_playing_games() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    // A short heartbeat: serenity notices some closes only at the next one.
    let config = StandInConfig {
        heartbeat_interval: Duration::from_secs(1),
        ..StandInConfig::default()
    };
    let stand_in = Arc::new(StandIn::start_with(config).await);
    let addr = free_addr();
    let settings = ProcessSettings {
        metrics_addr: Some(addr),
        ..ProcessSettings::one_thread_short_lease()
    };
    let _bot = DiscordProcess::start_with(
        &stand_in,
        &url,
        "0-2/2",
        &dir.path().join("boards"),
        &settings,
    );

    let (status, body) = scrape::get_until(addr, "/healthz", 200, WAIT)
        .await
        .expect("/healthz answers once the process is up");
    assert_eq!((status, body.trim()), (200, "alive"));
    stand_in.wait_identified(2, WAIT).await;
    let (status, body) = scrape::get_until(addr, "/readyz", 200, WAIT)
        .await
        .expect("/readyz answers");
    assert_eq!(status, 200, "not ready with both shards connected: {body}");
    let (status, _) = scrape::get(addr, "/nowhere").await.expect("an answer");
    assert_eq!(status, 404);

    let before = metrics(addr).await;
    let plan = Plan {
        games: 4,
        moves_each: 4,
        level: 1,
        dm_every: 2,
        think: None,
    };
    let outcome = load::play(stand_in.clone(), plan, 40_000).await;
    let answers: usize = outcome.games.iter().map(|g| g.answers.len()).sum();
    assert!(answers >= 12, "{answers} answers");
    // A request is counted once its handler returns, a moment after its
    // answer is posted: scrape until the last one is in.
    let moves_done = "xiangqi_commands_total{command=\"move\",result=\"done\"}";
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    let after = loop {
        let text = metrics(addr).await;
        let done = scrape::value(&text, moves_done).unwrap_or(0.0)
            - scrape::value(&before, moves_done).unwrap_or(0.0);
        if done >= answers as f64 || tokio::time::Instant::now() >= deadline {
            break text;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };

    let grew = |series: &str| {
        scrape::value(&after, series).unwrap_or(0.0) - scrape::value(&before, series).unwrap_or(0.0)
    };
    assert!(grew("xiangqi_bot_moves_total") >= answers as f64, "{after}");
    assert!(grew(moves_done) >= answers as f64, "{after}");
    assert_eq!(
        grew("xiangqi_commands_total{command=\"play\",result=\"done\"}"),
        4.0,
        "{after}"
    );
    for phase in [
        "queue",
        "search",
        "store",
        "render",
        "post",
        "beyond_search",
    ] {
        assert!(
            grew(&format!("xiangqi_move_seconds_count{{phase=\"{phase}\"}}")) >= answers as f64,
            "the {phase} phase was not timed for every bot move:\n{after}"
        );
    }
    // Every answer is under the histogram's top bucket, and it has them all.
    assert_eq!(
        scrape::value(
            &after,
            "xiangqi_move_seconds_bucket{le=\"+Inf\",phase=\"total\"}"
        ),
        scrape::value(&after, "xiangqi_move_seconds_count{phase=\"total\"}"),
    );
    let posted = scrape::sum(
        &after,
        "xiangqi_discord_rest_calls_total",
        &[
            "route=\"POST /channels/{channel}/messages\"",
            "status=\"2xx\"",
        ],
    ) - scrape::sum(
        &before,
        "xiangqi_discord_rest_calls_total",
        &[
            "route=\"POST /channels/{channel}/messages\"",
            "status=\"2xx\"",
        ],
    );
    assert!(posted >= answers as f64, "{posted} posts counted:\n{after}");
    assert_eq!(
        scrape::value(&after, "xiangqi_gateway_shards_connected"),
        Some(2.0)
    );
    assert_eq!(scrape::value(&after, "xiangqi_engine_slots"), Some(1.0));
    assert_eq!(scrape::value(&after, "xiangqi_owned_jobs"), Some(0.0));
    let live = outcome
        .games
        .iter()
        .filter(|g| g.moves.len() == 2 * plan.moves_each)
        .count();
    assert_eq!(
        scrape::value(&after, "xiangqi_live_games"),
        Some(live as f64),
        "{after}"
    );
    assert!(
        scrape::sum(&after, "xiangqi_store_commits_total", &[]) > 0.0,
        "{after}"
    );
    assert_eq!(
        scrape::sum(&after, "xiangqi_store_errors_total", &[]),
        0.0,
        "{after}"
    );

    // Discord refusing the sessions (4012, invalid API version, until the
    // fault is cleared): not ready, then ready again once it reconnects.
    stand_in.close_gateway(4012);
    let (status, body) = scrape::get_until(addr, "/readyz", 503, WAIT)
        .await
        .expect("/readyz answers");
    assert_eq!(status, 503, "still ready with the gateway refusing: {body}");
    assert!(body.contains("not connected"), "{body}");
    let refused = metrics(addr).await;
    assert!(
        scrape::value(&refused, "xiangqi_gateway_shards_connected") < Some(2.0),
        "{refused}"
    );
    stand_in.clear_gateway_faults();
    let (status, body) = scrape::get_until(addr, "/readyz", 200, WAIT)
        .await
        .expect("/readyz answers");
    assert_eq!(
        status, 200,
        "not ready after the gateway took sessions again: {body}"
    );
    let back = metrics(addr).await;
    assert!(
        scrape::value(&back, "xiangqi_gateway_reconnects_total") >= Some(2.0),
        "{back}"
    );
}

async fn metrics(addr: std::net::SocketAddr) -> String {
    let (status, body) = scrape::get(addr, "/metrics")
        .await
        .expect("/metrics answers");
    assert_eq!(status, 200, "{body}");
    assert!(body.ends_with("# EOF\n"), "{body}");
    body
}
