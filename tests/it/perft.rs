//! Every row of the perft table `tests/data/perft.tsv` (FEN, depth, node
//! count; each count agreed by three independent engines), run on the release
//! profile as the README says.

use xiangqi_bot::rules::{perft, Position};

const PERFT_TABLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.tsv");

struct Row {
    fen: String,
    depth: u32,
    nodes: u64,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(PERFT_TABLE)
        .unwrap_or_else(|err| panic!("cannot read the perft table {PERFT_TABLE}: {err}"));
    let rows: Vec<Row> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            assert_eq!(
                cols.len(),
                3,
                "perft row is not FEN<TAB>depth<TAB>nodes: {line:?}"
            );
            Row {
                fen: cols[0].to_string(),
                depth: cols[1].parse().expect("depth"),
                nodes: cols[2].parse().expect("nodes"),
            }
        })
        .collect();
    assert!(rows.len() >= 25, "perft table has only {} rows", rows.len());
    rows
}

#[test]
fn every_perft_row_matches() {
    let rows = rows();
    // Two workers: CI has two cores.
    let (left, right): (Vec<_>, Vec<_>) = rows.iter().enumerate().partition(|(i, _)| i % 2 == 0);
    let check = |part: Vec<(usize, &Row)>| -> Vec<String> {
        part.into_iter()
            .filter_map(|(_, row)| {
                let mut pos = Position::from_fen(&row.fen).expect("perft FEN is valid");
                let got = perft(&mut pos, row.depth);
                (got != row.nodes).then(|| {
                    format!(
                        "{} depth {}: got {got}, want {}",
                        row.fen, row.depth, row.nodes
                    )
                })
            })
            .collect()
    };
    let failures = std::thread::scope(|s| {
        let a = s.spawn(|| check(left));
        let mut failures = check(right);
        failures.extend(a.join().expect("worker"));
        failures
    });
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}
