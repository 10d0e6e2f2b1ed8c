//! `xiangqi-bot moves [--fen FEN]`: the legal moves in ICCS, sorted and
//! space-separated, one line per position. Without `--fen`, reads one FEN per
//! line on stdin; a bad FEN gets an `error:` line and the next line is read.

use std::io::Write;

use clap::Args;

use xiangqi_bot::rules::Position;

#[derive(Args)]
pub struct MovesArgs {
    /// The position (default: read FENs from stdin, one per line).
    #[arg(long)]
    pub fen: Option<String>,
}

pub fn run(args: MovesArgs) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match args.fen {
        Some(fen) => {
            let pos = Position::from_fen(&fen)
                .map_err(|err| anyhow::anyhow!("invalid FEN {fen:?}: {err}"))?;
            writeln!(out, "{}", moves_line(&pos))?;
        }
        None => {
            for line in xiangqi_bot::lines::lines(std::io::stdin().lock()) {
                let line = match line? {
                    Ok(line) => line,
                    Err(not_text) => {
                        writeln!(out, "error: {not_text}")?;
                        out.flush()?;
                        continue;
                    }
                };
                match Position::from_fen(line.trim()) {
                    Ok(pos) => writeln!(out, "{}", moves_line(&pos))?,
                    Err(err) => writeln!(out, "error: {err}")?,
                }
                out.flush()?;
            }
        }
    }
    Ok(())
}

/// The legal moves of `pos` in ICCS, sorted, space-separated.
fn moves_line(pos: &Position) -> String {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves.join(" ")
}
