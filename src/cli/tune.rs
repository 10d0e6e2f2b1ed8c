//! `xiangqi-bot tune`: Texel tuning of the evaluation's weights on positions
//! labelled by `xiangqi-bot selfplay`; writes a new `weights.rs`.

use std::path::PathBuf;

use xiangqi_bot::engine::tune::{
    current_params, error, fit_scale, keep_units, parse_line, render_weights, train, TuneSettings,
};

#[derive(clap::Args)]
pub struct TuneArgs {
    /// `FEN;result` lines (repeatable).
    #[arg(long, required = true)]
    data: Vec<PathBuf>,
    /// Passes over the data.
    #[arg(long, default_value_t = 2000)]
    epochs: usize,
    /// Adam's step, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    learning_rate: f64,
    /// Pull of each placement and term weight towards its start.
    #[arg(long, default_value_t = 1e-6)]
    placement_prior: f64,
    /// Where the new weights.rs goes.
    #[arg(long)]
    out: PathBuf,
}

pub fn run(args: TuneArgs) -> anyhow::Result<()> {
    let mut samples = Vec::new();
    for path in &args.data {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let sample = parse_line(line)
                .map_err(|e| anyhow::anyhow!("{}:{}: {e}", path.display(), number + 1))?;
            samples.push(sample);
        }
    }
    // A tenth of the positions is held out, to see whether the fit
    // generalises: in blocks, since a game's positions are written together
    // and are too alike to test each other.
    let (mut train_set, mut held_out) = (Vec::new(), Vec::new());
    for (index, sample) in samples.into_iter().enumerate() {
        if (index / 1000) % 10 == 9 {
            held_out.push(sample);
        } else {
            train_set.push(sample);
        }
    }
    let mut params = current_params();
    let k = fit_scale(&train_set, &params);
    println!(
        "positions {} (held out {}) scale {k:.6} error {:.6} held-out {:.6}",
        train_set.len(),
        held_out.len(),
        error(&train_set, &params, k),
        error(&held_out, &params, k)
    );
    let settings = TuneSettings {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        placement_prior: args.placement_prior,
    };
    train(&train_set, &mut params, k, &settings, |epoch, now| {
        println!(
            "epoch {epoch} error {:.6} held-out {:.6}",
            error(&train_set, now, k),
            error(&held_out, now, k)
        );
    });
    let before = current_params();
    keep_units(&mut params, &before);
    let note = format!(
        "Tuned by `xiangqi-bot tune` on {} self-play positions ({} epochs).",
        train_set.len() + held_out.len(),
        args.epochs
    );
    std::fs::write(&args.out, render_weights(&params, &note))
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", args.out.display()))?;
    println!("wrote {}", args.out.display());
    Ok(())
}
