//! Board picture speed: drawing alone, and drawing plus PNG encoding (the
//! figure the bot pays per move; the target is a 2 ms median), in each
//! style, plus a whole 60-ply replay GIF. Sizes are printed before the
//! timings.
//!
//! Then the comparisons that decide where the renderer keeps its own code
//! instead of the crates' (docs/rendering.md): compositing the pieces
//! (the renderer's premultiplied blit against `image::imageops::overlay`),
//! the caption (cached glyph masks against imageproc's `draw_text_mut`) and
//! the PNG encoding (one deflate call around hand-written chunks against the
//! `png` crate's encoder, speed and size).
//! `cargo bench --bench render`

use criterion::{criterion_group, criterion_main, Criterion};
use xiangqi_bot::render::alternatives::{
    caption_cached, caption_imageproc, draw_pieces_blit, encode_png, OverlayArt,
};
use xiangqi_bot::render::{PieceStyle, Renderer, Scene, Style, Theme, HEIGHT, WIDTH};
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

/// The PNG crate's encoder on the renderer's palette indices: its fastest
/// settings for an indexed image (no filter; `Fast` is fdeflate).
fn png_crate(scanlines: &[u8], palette: &[u8], compression: png::Compression) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, WIDTH as u32, HEIGHT as u32);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    encoder.set_compression(compression);
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header().expect("header");
    let pixels: Vec<u8> = scanlines
        .chunks_exact(WIDTH + 1)
        .flat_map(|line| &line[1..])
        .copied()
        .collect();
    writer.write_image_data(&pixels).expect("image data");
    writer.finish().expect("finished");
    out
}

fn bench(c: &mut Criterion) {
    let renderer = Renderer::new();
    let scene = busy_scene();
    let plain = Style::default();
    let symbols = Style {
        pieces: PieceStyle::International,
        theme: Theme::Contrast,
    };
    for style in [plain, symbols] {
        eprintln!(
            "busy board PNG, {} pieces, {} theme: {} bytes",
            style.pieces,
            style.theme,
            renderer.render_png(&scene, style).len()
        );
    }
    c.bench_function("draw", |b| b.iter(|| renderer.draw(&scene, plain)));
    c.bench_function("render_png", |b| {
        b.iter(|| renderer.render_png(&scene, plain))
    });
    // A live game's caption, the clocks in it (`services::boards::caption`).
    let mut timed = scene.clone();
    timed.caption = Some("#12 · Alice [4:32] – 0:07.3 xiangqi-bot (level 3) · move 5".into());
    c.bench_function("render_png_clocks", |b| {
        b.iter(|| renderer.render_png(&timed, plain))
    });
    c.bench_function("render_png_international_contrast", |b| {
        b.iter(|| renderer.render_png(&scene, symbols))
    });

    let scenes = replay_scenes(60);
    let gif = renderer
        .render_replay_gif(&scenes, plain)
        .expect("replay encodes");
    eprintln!("{}-frame replay GIF: {} bytes", scenes.len(), gif.len());
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("render_replay_60_plies", |b| {
        b.iter(|| {
            renderer
                .render_replay_gif(&scenes, plain)
                .expect("replay encodes")
        })
    });
    group.finish();

    let mut group = c.benchmark_group("blit");
    let overlay = OverlayArt::new(&renderer, plain);
    group.bench_function("renderer_premultiplied", |b| {
        b.iter(|| draw_pieces_blit(&renderer, &scene, plain))
    });
    group.bench_function("image_overlay", |b| b.iter(|| overlay.draw_pieces(&scene)));
    group.finish();

    let mut group = c.benchmark_group("caption");
    let board = renderer.draw(&Scene::empty(), plain);
    let text = scene.caption.clone().expect("a caption");
    let white = image::Rgb([244, 228, 196]);
    group.bench_function("renderer_cached_glyphs", |b| {
        b.iter(|| {
            let mut canvas = board.clone();
            caption_cached(&renderer, &mut canvas, &text, white);
            canvas
        })
    });
    group.bench_function("imageproc_draw_text", |b| {
        b.iter(|| {
            let mut canvas = board.clone();
            caption_imageproc(&renderer, &mut canvas, &text, white);
            canvas
        })
    });
    group.finish();

    let (scanlines, palette) = renderer.indexed(&scene, plain);
    let ours = renderer.render_png(&scene, plain);
    let mut group = c.benchmark_group("png_encode");
    for (name, compression) in [
        ("png_crate_fastest", png::Compression::Fastest),
        ("png_crate_fast", png::Compression::Fast),
        ("png_crate_balanced", png::Compression::Balanced),
    ] {
        let bytes = png_crate(&scanlines, palette, compression);
        eprintln!(
            "png crate, {name}: {} bytes (renderer: {})",
            bytes.len(),
            ours.len()
        );
        group.bench_function(name, |b| {
            b.iter(|| png_crate(&scanlines, palette, compression))
        });
    }
    group.bench_function("renderer_one_deflate", |b| {
        b.iter(|| encode_png(WIDTH, HEIGHT, &scanlines, palette))
    });
    group.finish();
}
criterion_group!(benches, bench);
criterion_main!(benches);
