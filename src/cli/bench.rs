//! `xiangqi-bot bench`: a fixed-depth search over a built-in set of varied
//! positions. The total node count is the search's signature (a change that
//! should not alter the search must not alter it); the speed is its nodes per
//! second. Each position starts from an empty table, so the count does not
//! depend on the order or on earlier searches.

use std::time::Instant;

use xiangqi_bot::engine::{GameHistory, Limits, Searcher};
use xiangqi_bot::rules::Position;

/// Default depth: a few seconds in all on a laptop core.
pub const DEFAULT_DEPTH: u32 = 9;

/// Openings, middlegames and endgames, both sides to move.
pub const POSITIONS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "3akab2/9/4b4/9/2p6/9/4P4/9/4A4/2BK1AB2 w - - 0 1",
    "4k4/4a4/4ba3/9/9/9/9/4B4/4A4/3AK1R2 w - - 0 1",
    "2bak4/4a4/4b4/9/9/6N2/9/9/4C4/4K4 w - - 0 1",
];

pub fn run(depth: u32, hash_mb: usize) -> anyhow::Result<()> {
    let mut searcher = Searcher::new(hash_mb);
    let mut total_nodes = 0u64;
    let started = Instant::now();
    for (index, fen) in POSITIONS.iter().enumerate() {
        let pos = Position::from_fen(fen)
            .map_err(|e| anyhow::anyhow!("bench position {} ({fen}) is invalid: {e}", index + 1))?;
        searcher.new_game();
        let result = searcher.search(&pos, &GameHistory::new(), &Limits::depth(depth));
        total_nodes += result.nodes;
        let best = result
            .best_move
            .map_or("(none)".to_string(), |m| m.to_string());
        println!(
            "position {:2} depth {} score {} nodes {} bestmove {best}",
            index + 1,
            result.depth,
            result.score,
            result.nodes
        );
    }
    let ms = started.elapsed().as_millis().max(1);
    println!(
        "nodes {total_nodes} time_ms {ms} nps {}",
        total_nodes as u128 * 1000 / ms
    );
    Ok(())
}
