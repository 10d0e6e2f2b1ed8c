//! A tournament's standings as a picture under its name: one row per entrant, best first,
//! with the rank, the name, each round's result against the opponent's rank
//! (`4r+`: beat the fourth-placed entrant with Red; `=` a draw, `-` a loss;
//! a lone `+` a bye or a win by forfeit), the points and the tie-breaks.
//! The column heads are the international abbreviations (`Pts`, `Bh`,
//! `SB`), so the picture reads the same in every language; the standings'
//! text beside it says them in full. Drawn in the board's theme colours
//! and with the captions' font, solid like the graph's labels.

use image::{Rgb, RgbImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect as PixelRect;

use super::canvas::mix;
use super::graph::{encode_exact, Solid};
use super::style::Theme;
use super::text::GlyphSet;
use super::theme::Colors;

/// One entrant's line, as the caller worked it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsRow {
    pub rank: u32,
    pub name: String,
    /// Shown muted: not paired from some round on.
    pub withdrawn: bool,
    /// Each round's result, empty for a round sat out.
    pub cells: Vec<String>,
    pub points: String,
    /// Swiss only.
    pub buchholz: Option<String>,
    pub sonneborn_berger: String,
}

const ROW: u32 = 30;
const PAD: u32 = 14;
const RANK_WIDTH: u32 = 40;
const ROUND_WIDTH: u32 = 52;
const NUMBER_WIDTH: u32 = 60;
const MIN_NAME_WIDTH: u32 = 120;
const MAX_NAME_WIDTH: u32 = 260;
/// More rows than a tournament holds are not drawn (the store caps
/// entrants at 64; this keeps a damaged record from a huge picture).
const MAX_ROWS: usize = 64;
const MAX_ROUNDS: usize = 20;

/// What ends a cut name: ASCII, as the captions' font has no ellipsis.
const CUT: &str = "...";

/// `text` cut, marked with [`CUT`], to fit `width` pixels.
fn fitted(text: &str, width: f32, glyphs: &GlyphSet) -> String {
    if glyphs.advance_width(text) <= width {
        return text.to_owned();
    }
    let room = width - glyphs.advance_width(CUT);
    let mut cut = String::new();
    let mut used = 0.0;
    for c in text.chars() {
        used += glyphs.glyph(c).advance;
        if used > room {
            break;
        }
        cut.push(c);
    }
    cut.push_str(CUT);
    cut
}

pub(super) fn draw(
    title: &str,
    rows: &[StandingsRow],
    rounds: usize,
    theme: Theme,
    glyphs: &GlyphSet,
) -> Vec<u8> {
    let colors = Colors::of(theme);
    let rows = &rows[..rows.len().min(MAX_ROWS)];
    let rounds = rounds.min(MAX_ROUNDS);
    let swiss = rows.iter().any(|r| r.buchholz.is_some());
    let widest = rows
        .iter()
        .map(|r| glyphs.advance_width(&r.name).ceil() as u32)
        .max()
        .unwrap_or(0);
    let name_width = widest.clamp(MIN_NAME_WIDTH, MAX_NAME_WIDTH) + PAD;
    let numbers = if swiss { 3 } else { 2 };
    let width =
        PAD * 2 + RANK_WIDTH + name_width + ROUND_WIDTH * rounds as u32 + NUMBER_WIDTH * numbers;
    let height = PAD * 2 + ROW * (rows.len() as u32 + 2);
    let mut c = RgbImage::from_pixel(width, height, colors.frame);
    let band = |c: &mut RgbImage, line: u32, color: Rgb<u8>| {
        draw_filled_rect_mut(
            c,
            PixelRect::at(PAD as i32, (PAD + ROW * line) as i32).of_size(width - 2 * PAD, ROW),
            color,
        );
    };
    band(&mut c, 1, colors.caption_band);
    for line in 2..=rows.len() as u32 + 1 {
        band(
            &mut c,
            line,
            if line % 2 == 1 {
                colors.board
            } else {
                colors.frame
            },
        );
    }
    // Column left edges and whether each is centred.
    let mut columns: Vec<(u32, u32, bool)> = vec![
        (PAD, RANK_WIDTH, true),
        (PAD + RANK_WIDTH, name_width, false),
    ];
    let mut x = PAD + RANK_WIDTH + name_width;
    for _ in 0..rounds + numbers as usize {
        let w = if columns.len() < 2 + rounds {
            ROUND_WIDTH
        } else {
            NUMBER_WIDTH
        };
        columns.push((x, w, true));
        x += w;
    }
    let mut text = Solid(&mut c);
    let title_width = (width - 2 * PAD - 8) as f32;
    let title = fitted(title, title_width, glyphs);
    let (_, baseline) = glyphs.centred_pen(&title, (0.0, (PAD + ROW / 2) as f32), '0');
    glyphs.paint(&mut text, &title, (PAD + 4) as f32, baseline, colors.ink);
    let mut put = |line: u32, column: usize, label: &str, color: Rgb<u8>| {
        let (left, w, centred) = columns[column];
        let cy = (PAD + ROW * line + ROW / 2) as f32;
        let label = fitted(label, (w - 6) as f32, glyphs);
        let (pen_x, baseline) = glyphs.centred_pen(&label, (0.0, cy), '0');
        let x = if centred {
            left as f32 + w as f32 / 2.0 - glyphs.advance_width(&label) / 2.0
        } else {
            left as f32 + 4.0 + pen_x.max(0.0)
        };
        glyphs.paint(&mut text, &label, x, baseline, color);
    };
    let head = colors.caption_text;
    // Halfway to the paper: plainly apart from the rows still playing.
    let faded = mix(colors.ink, colors.board, 0.55);
    put(1, 0, "#", head);
    for round in 0..rounds {
        put(1, 2 + round, &format!("R{}", round + 1), head);
    }
    let mut heads = vec!["Pts"];
    if swiss {
        heads.push("Bh");
    }
    heads.push("SB");
    for (i, label) in heads.iter().enumerate() {
        put(1, 2 + rounds + i, label, head);
    }
    for (i, row) in rows.iter().enumerate() {
        let line = i as u32 + 2;
        let ink = if row.withdrawn { faded } else { colors.ink };
        put(line, 0, &row.rank.to_string(), ink);
        put(line, 1, &row.name, ink);
        for (round, cell) in row.cells.iter().take(rounds).enumerate() {
            put(line, 2 + round, cell, ink);
        }
        let mut numbers = vec![row.points.as_str()];
        if let Some(bh) = &row.buchholz {
            numbers.push(bh);
        } else if swiss {
            numbers.push("");
        }
        numbers.push(&row.sonneborn_berger);
        for (k, value) in numbers.iter().enumerate() {
            put(line, 2 + rounds + k, value, ink);
        }
    }
    encode_exact(&c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::text::font;

    fn glyphs() -> GlyphSet {
        GlyphSet::new(&font(), 17.0, (' '..='~').collect::<Vec<_>>())
    }

    fn row(rank: u32, name: &str, rounds: usize) -> StandingsRow {
        StandingsRow {
            rank,
            name: name.to_owned(),
            withdrawn: rank.is_multiple_of(2),
            cells: vec!["12r+".to_owned(); rounds],
            points: "10.5".into(),
            buchholz: Some("55.5".into()),
            sonneborn_berger: "123.25".into(),
        }
    }

    fn size(png: &[u8]) -> (u32, u32) {
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let reader = decoder.read_info().expect("a PNG");
        (reader.info().width, reader.info().height)
    }

    #[test]
    fn the_picture_grows_with_rows_and_rounds_and_long_names_are_cut() {
        let glyphs = glyphs();
        let small = draw(
            "t",
            &[row(1, "ann", 3), row(2, "bob", 3)],
            3,
            Theme::Wood,
            &glyphs,
        );
        let (w3, h2) = size(&small);
        assert_eq!(h2, PAD * 2 + ROW * 4);
        let long = "x".repeat(500);
        let rows: Vec<_> = (1..=80).map(|r| row(r, &long, 25)).collect();
        let big = draw(&long, &rows, 25, Theme::Contrast, &glyphs);
        let (w, h) = size(&big);
        // At most 64 rows and 20 rounds, the name column at its widest.
        assert_eq!(h, PAD * 2 + ROW * (MAX_ROWS as u32 + 2));
        assert_eq!(
            w,
            PAD * 2
                + RANK_WIDTH
                + MAX_NAME_WIDTH
                + PAD
                + ROUND_WIDTH * MAX_ROUNDS as u32
                + NUMBER_WIDTH * 3
        );
        assert!(w > w3);
        let cut = fitted(&long, 100.0, &glyphs);
        assert!(
            cut.ends_with(CUT) && glyphs.advance_width(&cut) <= 100.0,
            "{cut}"
        );
        assert_eq!(fitted("ann", 100.0, &glyphs), "ann");
    }

    #[test]
    fn an_empty_table_is_still_a_picture() {
        let (_, h) = size(&draw("", &[], 0, Theme::Wood, &glyphs()));
        assert_eq!(h, PAD * 2 + ROW * 2);
    }
}
