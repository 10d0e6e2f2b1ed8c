//! Board picture speed: drawing alone, and drawing plus PNG encoding (the
//! figure the bot pays per move; the target is a 10 ms median), plus a whole
//! 60-ply replay GIF. Sizes are printed before the timings.
//! `cargo bench --bench render`

use criterion::{criterion_group, criterion_main, Criterion};
use xiangqi_bot::render::{Renderer, Scene};
use xiangqi_bot::rules::{Move, Position, Square};

/// A middlegame with most pieces on, a last move and a caption: the usual picture.
fn busy_scene() -> Scene {
    let pos = Position::from_fen(
        "r1bakab1r/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/4C1NC1/9/RNBAKAB1R b - - 4 5",
    )
    .expect("valid FEN");
    let mut scene = Scene::from_position(&pos);
    let sq = |s| Square::parse(s).expect("valid square");
    scene.last_move = Some(Move::new(sq("b2"), sq("e2")));
    scene.caption = Some("Alice (Red) vs Bob (Black) · move 5 · Black to move".into());
    scene
}

/// The scenes of a 60-ply game whose moves are picked by a fixed
/// pseudo-random sequence (captures preferred, so the board thins out as in
/// a real game), each with its last move and a caption.
fn replay_scenes(plies: usize) -> Vec<Scene> {
    let mut pos = Position::startpos();
    let mut scenes = vec![Scene::from_position(&pos)];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for ply in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m))
            .collect();
        let pool: &[Move] = if captures.is_empty() {
            &moves
        } else {
            &captures
        };
        let mv = pool[(seed >> 33) as usize % pool.len()];
        pos.make_move(mv);
        let mut scene = Scene::from_position(&pos);
        scene.last_move = Some(mv);
        scene.caption = Some(format!(
            "Alice vs Bob · ply {} · {} to move",
            ply + 1,
            pos.side_to_move()
        ));
        scenes.push(scene);
    }
    scenes
}

fn bench(c: &mut Criterion) {
    let renderer = Renderer::new();
    let scene = busy_scene();
    eprintln!(
        "busy board PNG: {} bytes",
        renderer.render_png(&scene).len()
    );
    c.bench_function("draw", |b| b.iter(|| renderer.draw(&scene)));
    c.bench_function("render_png", |b| b.iter(|| renderer.render_png(&scene)));

    let scenes = replay_scenes(60);
    let gif = renderer.render_replay_gif(&scenes).expect("replay encodes");
    eprintln!("{}-frame replay GIF: {} bytes", scenes.len(), gif.len());
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("render_replay_60_plies", |b| {
        b.iter(|| renderer.render_replay_gif(&scenes).expect("replay encodes"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
