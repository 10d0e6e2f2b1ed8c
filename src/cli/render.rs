//! `xiangqi-bot render --fen FEN --out FILE [--last-move MOVE] [--flip]
//! [--caption TEXT] [--pieces chinese|international] [--theme wood|contrast]`:
//! writes the board picture the bot would post, as PNG.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use xiangqi_bot::render::{PieceStyle, Renderer, Scene, Style, Theme};
use xiangqi_bot::rules::{Move, Position, Square};

#[derive(Args)]
pub struct RenderArgs {
    /// The position to draw (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Where to write the PNG.
    #[arg(long)]
    pub out: PathBuf,
    /// The move that led to this position, in ICCS (`h2e2`): both points marked.
    #[arg(long)]
    pub last_move: Option<String>,
    /// Draw the board from Black's seat (turned 180°).
    #[arg(long)]
    pub flip: bool,
    /// A line above the board (players, move number, whose turn).
    #[arg(long)]
    pub caption: Option<String>,
    /// The pieces: `chinese` (characters) or `international` (symbols).
    #[arg(long, default_value_t = PieceStyle::Chinese)]
    pub pieces: PieceStyle,
    /// The board: `wood` or `contrast` (high contrast).
    #[arg(long, default_value_t = Theme::Wood)]
    pub theme: Theme,
}

pub fn run(args: RenderArgs) -> anyhow::Result<()> {
    let pos = match &args.fen {
        Some(fen) => {
            Position::from_fen(fen).map_err(|err| anyhow::anyhow!("invalid FEN {fen:?}: {err}"))?
        }
        None => Position::startpos(),
    };
    let mut scene = Scene::from_position(&pos);
    if let Some(text) = &args.last_move {
        scene.last_move = Some(parse_last_move(&pos, text).map_err(anyhow::Error::msg)?);
    }
    scene.flipped = args.flip;
    scene.caption = args.caption;
    let style = Style {
        pieces: args.pieces,
        theme: args.theme,
    };
    let png = Renderer::new().render_png(&scene, style);
    std::fs::write(&args.out, &png)
        .with_context(|| format!("could not write {}", args.out.display()))?;
    tracing::info!(bytes = png.len(), out = %args.out.display(), "board written");
    Ok(())
}

/// Reads an ICCS move (`h2e2`) that must have just been played in `pos`: its
/// to point holds a piece of the side that moved and its from point is empty.
fn parse_last_move(pos: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim();
    let bad = || format!("{text:?} is not a move in ICCS: expected two points like h2e2");
    if text.len() != 4 || !text.is_ascii() {
        return Err(bad());
    }
    let from = Square::parse(&text[..2]).ok_or_else(bad)?;
    let to = Square::parse(&text[2..]).ok_or_else(bad)?;
    if from == to {
        return Err(format!("{text}: a move needs two different points"));
    }
    let mover = pos.side_to_move().opponent();
    match pos.piece_at(to) {
        Some(piece) if piece.color == mover => {}
        _ => {
            return Err(format!(
                "{text} cannot be the last move here: {to} should hold a {mover} piece, \
                 the side that just moved"
            ))
        }
    }
    if pos.piece_at(from).is_some() {
        return Err(format!(
            "{text} cannot be the last move here: {from} is not empty"
        ));
    }
    Ok(Move::new(from, to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn after_h2e2() -> Position {
        let mut pos = Position::startpos();
        let mv = Move::new(Square::parse("h2").unwrap(), Square::parse("e2").unwrap());
        pos.make_move(mv);
        pos
    }

    #[test]
    fn last_move_must_fit_the_position() {
        let pos = after_h2e2();
        assert_eq!(parse_last_move(&pos, "h2e2").unwrap().to_string(), "h2e2");
        assert_eq!(parse_last_move(&pos, " H2E2 ").unwrap().to_string(), "h2e2");
        let err = parse_last_move(&pos, "b2e2").unwrap_err();
        assert!(err.contains("b2 is not empty"), "{err}");
        let err = parse_last_move(&pos, "h2e4").unwrap_err();
        assert!(err.contains("e4 should hold a Red piece"), "{err}");
        assert!(parse_last_move(&pos, "h2").unwrap_err().contains("ICCS"));
        assert!(parse_last_move(&pos, "z2e2").unwrap_err().contains("ICCS"));
    }

    proptest! {
        #[test]
        fn any_text_gives_a_move_or_a_reason(text in "\\PC{0,8}") {
            let _ = parse_last_move(&after_h2e2(), &text);
        }
    }
}
