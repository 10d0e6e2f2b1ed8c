//! Board picture speed: drawing alone, and drawing plus PNG encoding (the
//! figure the bot pays per move; the target is a 10 ms median).
//! `cargo bench --bench render`

use criterion::{criterion_group, criterion_main, Criterion};
use xiangqi_bot::render::{Renderer, Scene};
use xiangqi_bot::rules::{Move, Piece, Square};

/// A middlegame with most pieces on, a last move and a caption: the usual picture.
fn busy_scene() -> Scene {
    let placement = "r1bakab1r/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R";
    let mut scene = Scene::empty();
    for (row, text) in placement.split('/').enumerate() {
        let mut file = 0u8;
        for ch in text.chars() {
            match ch.to_digit(10) {
                Some(n) => file += n as u8,
                None => {
                    let sq = Square::new(file, 9 - row as u8).unwrap();
                    scene.pieces[sq.index()] = Piece::from_fen_char(ch);
                    file += 1;
                }
            }
        }
    }
    let sq = |s| Square::parse(s).unwrap();
    scene.last_move = Some(Move::new(sq("b2"), sq("e2")));
    scene.caption = Some("Alice (Red) vs Bob (Black) · move 5 · Black to move".into());
    scene
}

fn bench(c: &mut Criterion) {
    let renderer = Renderer::new();
    let scene = busy_scene();
    let png = renderer.render_png(&scene).unwrap();
    eprintln!("busy board PNG: {} bytes", png.len());
    c.bench_function("draw", |b| b.iter(|| renderer.draw(&scene)));
    c.bench_function("render_png", |b| {
        b.iter(|| renderer.render_png(&scene).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
