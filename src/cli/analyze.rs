//! `xiangqi-bot analyze [--movetime MS | --nodes N] [--graph FILE]`: reviews
//! games read on stdin, one `FEN|startpos [moves m1 m2 ...]` a line. For each
//! it prints `ply N move M class C eval E best B` a move, then `summary
//! red-accuracy R black-accuracy B`; a bad line gets `error: ...` and the
//! next line is read. `--graph` writes the evaluation graph of each game.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use xiangqi_bot::engine::analysis::{self, Budget};
use xiangqi_bot::matches::openings::parse_line;
use xiangqi_bot::render::Theme;

#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// Milliseconds each position is searched (instead of a node count).
    #[arg(long, conflicts_with = "nodes")]
    movetime: Option<u64>,
    /// Nodes each position is searched (the default; repeatable results).
    #[arg(long, default_value_t = analysis::DEFAULT_NODES)]
    nodes: u64,
    /// Write the evaluation graph (PNG) here; the second game's goes to
    /// FILE-2.png and so on.
    #[arg(long)]
    graph: Option<PathBuf>,
    /// The graph's colours: `wood` or `contrast`.
    #[arg(long, default_value_t = Theme::Wood)]
    theme: Theme,
}

pub fn run(args: AnalyzeArgs) -> anyhow::Result<()> {
    let budget = match args.movetime {
        Some(ms) => Budget::Movetime(Duration::from_millis(ms.max(1))),
        None => Budget::Nodes(args.nodes.max(1)),
    };
    let mut out = std::io::stdout().lock();
    let stop = Arc::new(AtomicBool::new(false));
    let mut games = 0;
    let renderer = xiangqi_bot::render::Renderer::new();
    for line in xiangqi_bot::lines::lines(std::io::stdin().lock()) {
        let line = match line? {
            Ok(line) => line,
            Err(not_text) => {
                writeln!(out, "error: {not_text}")?;
                continue;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let game = match parse_line(&line) {
            Ok(game) => game,
            Err(why) => {
                writeln!(out, "error: {why}")?;
                out.flush()?;
                continue;
            }
        };
        // The line's moves were checked as it was read, and nothing raises
        // the stop flag: either error would be a bug, still answered in line.
        let review = match analysis::analyse(game.start(), game.moves(), budget, &stop, |_, _| {}) {
            Ok(Ok(review)) => review,
            Ok(Err(cancelled)) => {
                writeln!(out, "error: {cancelled}")?;
                continue;
            }
            Err(illegal) => {
                writeln!(out, "error: {illegal}")?;
                continue;
            }
        };
        write!(out, "{}", review.to_text())?;
        out.flush()?;
        games += 1;
        if let Some(path) = &args.graph {
            let points = xiangqi_bot::review::graph_points(&review);
            let png = renderer.render_eval_graph(&points, args.theme);
            let path = numbered(path, games);
            std::fs::write(&path, png)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    Ok(())
}

/// `FILE` for the first game, `FILE-N.ext` for the N-th.
fn numbered(path: &Path, n: usize) -> PathBuf {
    if n == 1 {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}
