//! `xiangqi-bot perft DEPTH [--fen FEN] [--divide]`: counts the leaves of the
//! legal-move tree. With `--divide`, one `move: nodes` line per root move in
//! ICCS order; the last line is always `nodes N time_ms T nps R`.

use std::io::Write;
use std::time::Instant;

use anyhow::Context;
use clap::Args;

use xiangqi_bot::rules::{perft, perft_divide, Position};

#[derive(Args)]
pub struct PerftArgs {
    /// Plies to search.
    pub depth: u32,
    /// Start position (default: the standard start).
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the node count below each root move.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: PerftArgs) -> anyhow::Result<()> {
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(fen).with_context(|| format!("invalid FEN {fen:?}"))?,
        None => Position::startpos(),
    };
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (mv, nodes) in perft_divide(&mut pos, args.depth) {
            writeln!(out, "{mv}: {nodes}")?;
            total += nodes;
        }
        if args.depth == 0 {
            1
        } else {
            total
        }
    } else {
        perft(&mut pos, args.depth)
    };
    let elapsed = start.elapsed();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    writeln!(
        out,
        "nodes {nodes} time_ms {} nps {nps}",
        elapsed.as_millis()
    )?;
    Ok(())
}
