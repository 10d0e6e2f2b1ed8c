//! Texel tuning: fits the evaluation's weights ([`weights`](super::weights))
//! to game results. Each labelled position is reduced once to how often each
//! weight applies in it (through the same board walk the search uses), so a
//! prediction is a dot product and the error's gradient is exact. The error
//! is the mean squared difference between the result and a logistic function
//! of the evaluation; the logistic's scale is fitted first, then the weights
//! by Adam, with the placement grids held near their starting values.
//!
//! Placement is tuned with left and right tied (a point and its mirror across
//! the central file share a weight): the data are too few to tell them apart
//! and the game is symmetric.

use std::fmt::Write as _;

use crate::rules::{Color, Piece, PieceKind, Position, Square};

use super::evaluate::{walk, Shape, Term, Terms, PHASE_MAX};
use super::pst::red_view;
use super::weights;

/// Placement weights: `kind * 90 + rank * 9 + folded file`, Red's view.
const PSQT_BASE: usize = 0;
const MATERIAL_BASE: usize = 7 * 90;
const TERMS_BASE: usize = MATERIAL_BASE + 7;
/// How many `[middlegame, endgame]` weight pairs there are.
pub(crate) const PARAMS: usize = TERMS_BASE + Term::ALL.len();

fn psqt_index(kind: PieceKind, red_square: Square) -> usize {
    let file = red_square.file().min(8 - red_square.file()) as usize;
    PSQT_BASE + kind.index() * 90 + red_square.rank() as usize * 9 + file
}

/// Records how often each weight applies, Red's count minus Black's.
#[derive(Default)]
struct Trace {
    counts: Vec<(u16, i16)>,
}

impl Trace {
    fn add(&mut self, index: usize, color: Color, count: i32) {
        let signed = if color == Color::Red { count } else { -count };
        self.counts.push((index as u16, signed as i16));
    }
}

impl Terms for Trace {
    fn piece(&mut self, piece: Piece, square: Square) {
        self.add(MATERIAL_BASE + piece.kind.index(), piece.color, 1);
        let index = psqt_index(piece.kind, red_view(piece.color, square));
        self.add(index, piece.color, 1);
    }

    fn term(&mut self, color: Color, term: Term, count: i32) {
        if count != 0 {
            self.add(TERMS_BASE + term as usize, color, count);
        }
    }
}

/// One labelled position, reduced to its weight counts.
#[derive(Clone, Debug)]
pub struct Sample {
    counts: Vec<(u16, i16)>,
    shape: Shape,
    /// Red's result: 1 win, 0.5 draw, 0 loss.
    result: f64,
}

impl Sample {
    pub(crate) fn new(pos: &Position, red_result: f64) -> Sample {
        let mut trace = Trace::default();
        let shape = walk(pos, &mut trace);
        let mut counts = trace.counts;
        counts.sort_unstable_by_key(|&(index, _)| index);
        let mut merged: Vec<(u16, i16)> = Vec::with_capacity(counts.len());
        for (index, count) in counts {
            match merged.last_mut() {
                Some(last) if last.0 == index => last.1 += count,
                _ => merged.push((index, count)),
            }
        }
        merged.retain(|&(_, count)| count != 0);
        Sample {
            counts: merged,
            shape,
            result: red_result,
        }
    }

    /// The evaluation from Red's side (without the side-to-move bonus), and
    /// the factor the material rules apply to it.
    fn predict(&self, params: &[[f64; 2]]) -> (f64, f64) {
        let phase = self.shape.phase as f64 / PHASE_MAX as f64;
        let mut sum = 0.0;
        for &(index, count) in &self.counts {
            let [mg, eg] = params[index as usize];
            sum += count as f64 * (mg * phase + eg * (1.0 - phase));
        }
        // The material rules, as `Shape::scale` applies them.
        let attackers = self.shape.attackers;
        let factor = if attackers == [0, 0] {
            0.0
        } else if (sum > 0.0 && attackers[0] == 0) || (sum < 0.0 && attackers[1] == 0) {
            0.125
        } else {
            1.0
        };
        (sum * factor, factor)
    }
}

/// Parses one `FEN;result` line (result 1, 0.5 or 0 for Red).
pub fn parse_line(line: &str) -> Result<Sample, String> {
    let (fen, result) = line
        .rsplit_once(';')
        .ok_or_else(|| format!("expected FEN;result, got {line:?}"))?;
    let result: f64 = result
        .trim()
        .parse()
        .map_err(|_| format!("bad result {result:?}"))?;
    if !(0.0..=1.0).contains(&result) {
        return Err(format!("result {result} is not between 0 and 1"));
    }
    let pos = Position::from_fen(fen.trim()).map_err(|e| format!("bad FEN {fen:?}: {e}"))?;
    Ok(Sample::new(&pos, result))
}

/// The weights as they are in [`weights`], in the tuner's layout.
pub fn current_params() -> Vec<[f64; 2]> {
    let mut params = vec![[0.0; 2]; PARAMS];
    for kind in PieceKind::ALL {
        params[MATERIAL_BASE + kind.index()] = weights::MATERIAL[kind.index()].map(f64::from);
        for square in Square::all() {
            let row = 9 - square.rank() as usize;
            let file = square.file() as usize;
            // Both halves of a tied pair start from their average.
            let tied = &mut params[psqt_index(kind, square)];
            for (value, grid) in tied.iter_mut().zip(weights::PSQT[kind.index()]) {
                *value = (grid[row][file] as f64 + grid[row][8 - file] as f64) / 2.0;
            }
        }
    }
    for term in Term::ALL {
        params[TERMS_BASE + term as usize] = weights::TERMS[term as usize].map(f64::from);
    }
    params
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval).exp())
}

/// Mean squared error of the predictions at logistic scale `k`.
pub fn error(samples: &[Sample], params: &[[f64; 2]], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(k, s.predict(params).0);
            (p - s.result) * (p - s.result)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The logistic scale that best fits the current weights.
pub fn fit_scale(samples: &[Sample], params: &[[f64; 2]]) -> f64 {
    best_logistic_scale(|k| error(samples, params, k))
}

/// The logistic scale between 0.0001 and 0.05 per centipawn with the least
/// `error`, by golden-section search: errors of a logistic fit are unimodal
/// in its scale. Shared by the tuner and the review's win-rate fit.
pub(crate) fn best_logistic_scale(error: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (1e-4_f64, 0.05_f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    // 0.618^60 of the range is far below any difference that matters.
    for _ in 0..60 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// How the weights are fitted.
#[derive(Clone, Copy, Debug)]
pub struct TuneSettings {
    pub epochs: usize,
    /// Adam's step, in centipawns.
    pub learning_rate: f64,
    /// Pull of each placement and term weight towards its start, per
    /// centipawn squared.
    pub placement_prior: f64,
}

impl Default for TuneSettings {
    fn default() -> Self {
        TuneSettings {
            epochs: 2000,
            learning_rate: 1.0,
            placement_prior: 1e-6,
        }
    }
}

/// Fits the weights to `samples` at logistic scale `k`, starting from
/// `params`; shows `progress` the weights every hundred epochs.
pub fn train(
    samples: &[Sample],
    params: &mut [[f64; 2]],
    k: f64,
    settings: &TuneSettings,
    mut progress: impl FnMut(usize, &[[f64; 2]]),
) {
    let start = params.to_vec();
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
    let mut m = vec![[0.0; 2]; params.len()];
    let mut v = vec![[0.0; 2]; params.len()];
    let n = samples.len().max(1) as f64;
    for epoch in 1..=settings.epochs {
        let mut gradient = vec![[0.0; 2]; params.len()];
        for s in samples {
            let (eval, factor) = s.predict(params);
            let p = sigmoid(k, eval);
            let common = 2.0 * (p - s.result) * p * (1.0 - p) * k * factor / n;
            let phase = s.shape.phase as f64 / PHASE_MAX as f64;
            for &(index, count) in &s.counts {
                let g = &mut gradient[index as usize];
                g[0] += common * count as f64 * phase;
                g[1] += common * count as f64 * (1.0 - phase);
            }
        }
        // Placement and terms stay near their start unless the data insist:
        // middlegame and endgame weights are nearly collinear in positions
        // mid-way through the game, and would otherwise drift apart.
        for index in (PSQT_BASE..MATERIAL_BASE).chain(TERMS_BASE..PARAMS) {
            for phase in 0..2 {
                gradient[index][phase] +=
                    2.0 * settings.placement_prior * (params[index][phase] - start[index][phase]);
            }
        }
        // The general is always on the board: its material means nothing.
        gradient[MATERIAL_BASE + PieceKind::General.index()] = [0.0; 2];
        let (c1, c2) = (1.0 - beta1_pow(beta1, epoch), 1.0 - beta1_pow(beta2, epoch));
        for index in 0..params.len() {
            for phase in 0..2 {
                let g = gradient[index][phase];
                m[index][phase] = beta1 * m[index][phase] + (1.0 - beta1) * g;
                v[index][phase] = beta2 * v[index][phase] + (1.0 - beta2) * g * g;
                let step = settings.learning_rate * (m[index][phase] / c1)
                    / ((v[index][phase] / c2).sqrt() + epsilon);
                params[index][phase] -= step;
            }
        }
        if epoch % 100 == 0 || epoch == settings.epochs {
            progress(epoch, params);
        }
    }
}

/// Scales every weight so that a chariot keeps its middlegame value. The
/// fit may stretch the whole scale (only the logistic of the evaluation is
/// fitted), but the search's margins are in centipawns of today's scale, so
/// the evaluation must keep its units.
pub fn keep_units(params: &mut [[f64; 2]], reference: &[[f64; 2]]) {
    let chariot = MATERIAL_BASE + PieceKind::Chariot.index();
    let factor = reference[chariot][0] / params[chariot][0];
    if factor.is_finite() && factor > 0.0 {
        for pair in params.iter_mut() {
            pair[0] *= factor;
            pair[1] *= factor;
        }
    }
}

fn beta1_pow(beta: f64, epoch: usize) -> f64 {
    beta.powi(epoch.min(i32::MAX as usize) as i32)
}

/// `weights.rs` with `params` in place of the current numbers.
pub fn render_weights(params: &[[f64; 2]], note: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! The evaluation's tunable numbers: material, piece-square grids and term\n\
         //! weights, each `[middlegame, endgame]`. Kept apart from the code that uses\n\
         //! them so that `xiangqi-bot tune` can rewrite this file (see docs/engine.md,\n\
         //! \"Tuning\"); the grids read as Red sees the board, first row rank 9.\n\
         //!\n\
         //! {note}\n"
    );
    let _ = writeln!(out, "pub type Grid = [[i16; 9]; 10];\n");
    let _ = writeln!(
        out,
        "/// Material in centipawns, `[middlegame, endgame]`, by [`PieceKind::index`](crate::rules::PieceKind::index).\n\
         pub const MATERIAL: [[i32; 2]; 7] = ["
    );
    for kind in PieceKind::ALL {
        let [mg, eg] = params[MATERIAL_BASE + kind.index()];
        let _ = writeln!(
            out,
            "    [{}, {}], // {}",
            mg.round() as i32,
            eg.round() as i32,
            kind.name()
        );
    }
    let _ = writeln!(out, "];\n");
    let names: Vec<String> = PieceKind::ALL
        .iter()
        .map(|kind| kind.name().to_ascii_uppercase())
        .collect();
    for kind in PieceKind::ALL {
        for (phase, suffix) in ["MG", "EG"].iter().enumerate() {
            let _ = writeln!(
                out,
                "#[rustfmt::skip]\npub const {}_{suffix}: Grid = [",
                names[kind.index()]
            );
            for row in 0..10 {
                let rank = 9 - row;
                let cells: Vec<String> = (0..9)
                    .map(|file| {
                        let square = Square::new(file, rank as u8).expect("on the board");
                        let value = params[psqt_index(kind, square)][phase];
                        format!("{:>4}", value.round() as i16)
                    })
                    .collect();
                let _ = writeln!(out, "    [{}],", cells.join(","));
            }
            let _ = writeln!(out, "];\n");
        }
    }
    let _ = writeln!(
        out,
        "/// Piece-square grids by [`PieceKind::index`](crate::rules::PieceKind::index), `[middlegame, endgame]`.\n\
         pub const PSQT: [[&Grid; 2]; 7] = ["
    );
    for kind in PieceKind::ALL {
        let name = &names[kind.index()];
        let _ = writeln!(out, "    [&{name}_MG, &{name}_EG],");
    }
    let _ = writeln!(out, "];\n");
    let _ = writeln!(
        out,
        "/// Term weights by [`Term`](super::evaluate::Term), `[middlegame, endgame]`.\n\
         pub const TERMS: [[i32; 2]; {}] = [",
        Term::ALL.len()
    );
    for term in Term::ALL {
        let [mg, eg] = params[TERMS_BASE + term as usize];
        let _ = writeln!(
            out,
            "    [{}, {}], // {term:?}",
            mg.round() as i32,
            eg.round() as i32
        );
    }
    let _ = writeln!(out, "];");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::evaluate::{evaluate, TEMPO};

    const FENS: [&str; 4] = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        "2bak4/4a4/4b4/9/9/6N2/9/9/4C4/4K4 w - - 0 1",
    ];

    /// The tuner sees the evaluation the search uses: with the current
    /// weights its prediction is the evaluation (up to rounding and the
    /// side-to-move bonus).
    #[test]
    fn prediction_matches_the_evaluation() {
        let params = current_params();
        for fen in FENS {
            let pos = Position::from_fen(fen).unwrap();
            let sample = Sample::new(&pos, 0.5);
            let predicted = sample.predict(&params).0;
            let eval = evaluate(&pos) - TEMPO;
            let red = if pos.side_to_move() == Color::Red {
                eval
            } else {
                -eval
            };
            assert!(
                (predicted - red as f64).abs() <= 3.0,
                "{fen}: predicted {predicted}, evaluation {red}"
            );
        }
    }

    #[test]
    fn training_lowers_the_error_and_the_written_weights_reread() {
        // Being a chariot up or down only draws here: the chariot must lose value.
        let mut samples = Vec::new();
        for (fen, result) in [
            (
                "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                0.5,
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1",
                0.5,
            ),
            (FENS[0], 0.5),
        ] {
            samples.push(parse_line(&format!("{fen};{result}")).unwrap());
        }
        let mut params = current_params();
        let k = 0.004;
        let before = error(&samples, &params, k);
        let chariot = params[MATERIAL_BASE + PieceKind::Chariot.index()];
        let settings = TuneSettings {
            epochs: 200,
            ..TuneSettings::default()
        };
        train(&samples, &mut params, k, &settings, |_, _| {});
        assert!(error(&samples, &params, k) < before / 2.0);
        assert!(params[MATERIAL_BASE + PieceKind::Chariot.index()][0] < chariot[0]);
        let text = render_weights(&params, "test");
        assert!(text.contains("pub const CHARIOT_MG: Grid"));
        let terms = format!("pub const TERMS: [[i32; 2]; {}]", Term::ALL.len());
        assert!(text.contains(&terms), "{terms}");
    }

    #[test]
    fn the_fitted_scale_beats_its_neighbours() {
        let samples: Vec<Sample> = [
            (FENS[0], 0.5),
            (FENS[1], 1.0),
            (FENS[2], 0.0),
            (FENS[3], 1.0),
        ]
        .iter()
        .map(|(fen, result)| parse_line(&format!("{fen};{result}")).unwrap())
        .collect();
        let params = current_params();
        let k = fit_scale(&samples, &params);
        let best = error(&samples, &params, k);
        assert!(best <= error(&samples, &params, k * 1.5));
        assert!(best <= error(&samples, &params, k / 1.5));
    }

    #[test]
    fn bad_lines_are_reported() {
        assert!(parse_line("no separator").is_err());
        assert!(parse_line("9/9 w;1").is_err());
        assert!(parse_line(&format!("{};2", FENS[0])).is_err());
    }
}
