//! Game review as the bot and the `analyze` command show it: the engine's
//! [`Review`](crate::engine::analysis::Review) turned into what the
//! renderer draws (the evaluation graph's points, the key moments' boards
//! with their arrows). Above the engine and the render layer, below the bot.

use crate::engine::analysis::{Class, Eval, JudgedMove, Review};
use crate::engine::GameHistory;
use crate::render::{Arrow, ArrowKind, GraphMark, GraphPoint, Scene, CLIP_CP};
use crate::rules::{Move, Position};

/// The graph's points: the evaluation after each move, a marker on each
/// inaccuracy, mistake and blunder.
pub fn graph_points(review: &Review) -> Vec<GraphPoint> {
    review
        .moves
        .iter()
        .map(|m| GraphPoint {
            red_cp: match m.after {
                Eval::Centipawns(cp) => cp,
                Eval::Mate { .. } => {
                    m.after.for_side(crate::rules::Color::Red).signum() * (CLIP_CP + 1)
                }
            },
            mark: mark_of(m.class),
        })
        .collect()
}

/// The graph's marker for a class, if it has one.
pub fn mark_of(class: Class) -> Option<GraphMark> {
    match class {
        Class::Best | Class::Good => None,
        Class::Inaccuracy => Some(GraphMark::Inaccuracy),
        Class::Mistake => Some(GraphMark::Mistake),
        Class::Blunder => Some(GraphMark::Blunder),
    }
}

/// A key moment's board: the position before the move, seen from `flipped`
/// (Black's seat), with the move played and the engine's better move as
/// arrows (one arrow when they are the same) and the move before it marked.
/// `None` when `judged` is not a move of the game.
pub fn key_moment_scene(
    start: &Position,
    moves: &[Move],
    judged: &JudgedMove,
    flipped: bool,
    caption: Option<String>,
) -> Option<Scene> {
    let before = judged.ply.checked_sub(1)?;
    if moves.get(before) != Some(&judged.played) {
        return None;
    }
    let (position, _) = GameHistory::rebuild(start, &moves[..before]).ok()?;
    let mut arrows = vec![Arrow {
        mv: judged.played,
        kind: ArrowKind::Played,
    }];
    if judged.best != judged.played {
        arrows.push(Arrow {
            mv: judged.best,
            kind: ArrowKind::Better,
        });
    }
    Some(Scene {
        last_move: before.checked_sub(1).map(|i| moves[i]),
        flipped,
        caption,
        arrows,
        ..Scene::from_position(&position)
    })
}
