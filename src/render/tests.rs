//! Renderer tests: decode the encoded PNG and look at pixels.

use super::*;
use crate::rules::{Color, Move, Piece, PieceKind, Square};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

/// Reads the placement field of a FEN (rank 9 first). Test-only: the real
/// parser belongs to the rules layer.
fn scene_from_placement(placement: &str) -> Scene {
    let mut scene = Scene::empty();
    for (row, text) in placement.split('/').enumerate() {
        let rank = 9 - row as u8;
        let mut file = 0u8;
        for ch in text.chars() {
            if let Some(n) = ch.to_digit(10) {
                file += n as u8;
            } else {
                let piece = Piece::from_fen_char(ch).expect("test placement");
                scene.pieces[Square::new(file, rank).unwrap().index()] = Some(piece);
                file += 1;
            }
        }
    }
    scene
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

struct Decoded {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Decoded {
    fn pixel(&self, x: usize, y: usize) -> Rgb {
        let i = (y * self.width + x) * 3;
        Rgb(self.rgb[i], self.rgb[i + 1], self.rgb[i + 2])
    }

    /// Mean of blue minus red over a square window around a point.
    fn blueness(&self, (cx, cy): (f32, f32), half: i32) -> f32 {
        let mut sum = 0.0;
        let mut n = 0.0;
        for dy in -half..=half {
            for dx in -half..=half {
                let p = self.pixel((cx as i32 + dx) as usize, (cy as i32 + dy) as usize);
                sum += p.2 as f32 - p.0 as f32;
                n += 1.0;
            }
        }
        sum / n
    }

    /// Counts pixels in a square window around a point by what they look like.
    fn census(&self, (cx, cy): (f32, f32), half: i32) -> Census {
        let mut census = Census::default();
        for dy in -half..=half {
            for dx in -half..=half {
                let p = self.pixel((cx as i32 + dx) as usize, (cy as i32 + dy) as usize);
                let (r, g, b) = (p.0 as i32, p.1 as i32, p.2 as i32);
                if r > 140 && g < 80 && b < 80 {
                    census.red += 1;
                } else if r < 60 && g < 60 && b < 60 {
                    census.dark += 1;
                } else if b > r + 40 {
                    census.blue += 1;
                }
                census.total += 1;
            }
        }
        census
    }
}

#[derive(Default, Debug)]
struct Census {
    red: u32,
    dark: u32,
    blue: u32,
    total: u32,
}

fn decode(png_bytes: &[u8]) -> Decoded {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("valid PNG header");
    let mut rgb = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut rgb).expect("valid PNG data");
    assert_eq!(
        info.color_type,
        png::ColorType::Rgb,
        "palette expanded to RGB"
    );
    Decoded {
        width: info.width as usize,
        height: info.height as usize,
        rgb,
    }
}

/// One renderer for all tests: building one learns the palette.
fn renderer() -> &'static Renderer {
    static RENDERER: std::sync::OnceLock<Renderer> = std::sync::OnceLock::new();
    RENDERER.get_or_init(Renderer::new)
}

fn render(scene: &Scene) -> Decoded {
    decode(&renderer().render_png(scene))
}

#[test]
fn picture_is_portrait_about_620_by_700() {
    let img = render(&Scene::empty());
    assert_eq!((img.width, img.height), (WIDTH, HEIGHT));
    assert!(img.height > img.width);
    assert!((600..=660).contains(&img.width) && (680..=760).contains(&img.height));
}

#[test]
fn red_pieces_show_red_ink_black_pieces_dark_ink_and_empty_points_neither() {
    let img = render(&scene_from_placement(START));
    for name in ["e0", "a0", "b2", "c3"] {
        let c = img.census(point_centre(sq(name), false), 12);
        assert!(c.red > 20 && c.dark == 0, "red piece at {name}: {c:?}");
    }
    for name in ["e9", "i9", "h7", "g6"] {
        let c = img.census(point_centre(sq(name), false), 12);
        assert!(c.dark > 20 && c.red == 0, "black piece at {name}: {c:?}");
    }
    for name in ["e4", "a5", "d1", "b1"] {
        let c = img.census(point_centre(sq(name), false), 12);
        assert!(c.red == 0 && c.dark < 5, "empty point {name}: {c:?}");
    }
}

#[test]
fn last_move_marks_both_points_and_nothing_else() {
    let mut scene = scene_from_placement(START);
    let mv = Move::new(sq("h2"), sq("e2"));
    scene.pieces[sq("e2").index()] = scene.pieces[sq("h2").index()].take();
    let plain = render(&scene);
    scene.last_move = Some(mv);
    let marked = render(&scene);
    // The from point is empty: its socket is tinted blue.
    let from = point_centre(sq("h2"), false);
    let near_from = (from.0 + 14.0, from.1 + 10.0);
    assert!(marked.blueness(near_from, 3) > plain.blueness(near_from, 3) + 20.0);
    // The to point holds the cannon: a blue ring just outside its disc.
    let to = point_centre(sq("e2"), false);
    let on_ring = (to.0 + layout::PIECE_RADIUS + 3.5, to.1);
    assert!(
        marked.census(on_ring, 1).blue >= 3,
        "{:?}",
        marked.census(on_ring, 1)
    );
    assert_eq!(plain.census(on_ring, 1).blue, 0);
    // Far away nothing changed.
    let elsewhere = point_centre(sq("a9"), false);
    assert_eq!(
        marked.pixel(elsewhere.0 as usize, elsewhere.1 as usize),
        plain.pixel(elsewhere.0 as usize, elsewhere.1 as usize)
    );
}

#[test]
fn general_in_check_gets_a_red_ring() {
    let mut scene = scene_from_placement("4k4/9/9/9/9/9/9/9/4R4/3K5");
    let ring_point = |s: &Scene| {
        let (x, y) = point_centre(sq("e9"), s.flipped);
        (x, y + layout::PIECE_RADIUS + 3.5)
    };
    let before = render(&scene).census(ring_point(&scene), 1);
    scene.check = Some(sq("e9"));
    let after = render(&scene).census(ring_point(&scene), 1);
    assert_eq!(before.red, 0);
    assert!(after.red >= 3, "{after:?}");
}

#[test]
fn flipping_moves_a_piece_to_the_rotated_point() {
    let horse = Piece::new(Color::Red, PieceKind::Horse);
    let scene = Scene::empty().with_piece(sq("b0"), Some(horse));
    let flipped = Scene {
        flipped: true,
        ..scene.clone()
    };
    let (a, b) = (render(&scene), render(&flipped));
    let red_at = |img: &Decoded, at| img.census(at, 12).red > 20;
    // Red's seat: bottom, second from left. Black's seat: top, second from right.
    assert!(red_at(&a, point_centre(sq("b0"), false)));
    assert!(!red_at(&a, point_centre(sq("h9"), false)));
    assert!(red_at(&b, point_centre(sq("h9"), false)));
    assert!(!red_at(&b, point_centre(sq("b0"), false)));
    assert_eq!(point_centre(sq("b0"), true), point_centre(sq("h9"), false));
}

#[test]
fn caption_is_drawn_in_its_band_only() {
    let scene = Scene {
        caption: Some("Alice (Red) vs Bob (Black) · move 12 · Red to move".into()),
        ..Scene::empty()
    };
    let (with, without) = (render(&scene), render(&Scene::empty()));
    let band = (layout::CAPTION_HEIGHT as usize) * WIDTH * 3;
    assert_ne!(with.rgb[..band], without.rgb[..band]);
    assert_eq!(with.rgb[band..], without.rgb[band..]);
    // A caption far too long is cut, not spilled.
    let long = Scene {
        caption: Some("x".repeat(500)),
        ..Scene::empty()
    };
    assert_eq!(render(&long).rgb[band..], without.rgb[band..]);
}

#[test]
fn replay_has_one_frame_per_scene() {
    let renderer = renderer();
    let mut scenes = vec![scene_from_placement(START)];
    for (from, to) in [("h2", "e2"), ("h9", "g7"), ("h0", "g2")] {
        let mut next = scenes.last().unwrap().clone();
        next.pieces[sq(to).index()] = next.pieces[sq(from).index()].take();
        next.last_move = Some(Move::new(sq(from), sq(to)));
        scenes.push(next);
    }
    let gif_bytes = renderer.render_replay_gif(&scenes).unwrap();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(std::io::Cursor::new(&gif_bytes)).unwrap();
    assert_eq!(
        (decoder.width() as usize, decoder.height() as usize),
        (WIDTH, HEIGHT)
    );
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, scenes.len());
    assert!(matches!(
        renderer.render_replay_gif(&[]),
        Err(RenderError::NoFrames)
    ));
}

#[test]
fn renderer_can_be_shared_across_threads() {
    fn shareable<T: Send + Sync>() {}
    shareable::<Renderer>();
}

#[test]
fn a_full_board_png_stays_under_150_kb() {
    let mut scene = scene_from_placement(START);
    scene.last_move = Some(Move::new(sq("h2"), sq("e2")));
    scene.caption = Some("Alice (Red) vs Bob (Black) · move 1 · Black to move".into());
    let bytes = renderer().render_png(&scene);
    assert!(bytes.len() <= 150 * 1024, "{} bytes", bytes.len());
}

/// Writes sample pictures for a person to look at:
/// `RENDER_SAMPLES=/tmp/samples cargo test --release render::tests::write_samples -- --ignored`
#[test]
#[ignore]
fn write_samples() {
    let dir = std::env::var("RENDER_SAMPLES").unwrap_or_else(|_| "/tmp/render-samples".into());
    std::fs::create_dir_all(&dir).unwrap();
    let renderer = renderer();
    let mut start = scene_from_placement(START);
    start.caption = Some("Alice (Red) vs Bob (Black) · move 1 · Red to move".into());
    let mut mid =
        scene_from_placement("r1bakab1r/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/4C1N2/9/RNBAKAB1R");
    mid.last_move = Some(Move::new(sq("b2"), sq("e2")));
    mid.caption = Some("Alice vs Bob · move 5 · Black to move".into());
    let mut check = scene_from_placement("3k5/4a4/4b4/9/9/9/9/4C4/9/4K4");
    check.check = Some(sq("d9"));
    check.last_move = Some(Move::new(sq("e4"), sq("e2")));
    check.caption = Some("move 40 · Black to move · check".into());
    let mut flipped = mid.clone();
    flipped.flipped = true;
    for (name, scene) in [
        ("start", &start),
        ("mid", &mid),
        ("check", &check),
        ("flipped", &flipped),
    ] {
        std::fs::write(format!("{dir}/{name}.png"), renderer.render_png(scene)).unwrap();
    }
}

#[test]
fn indexing_only_what_was_drawn_matches_indexing_everything() {
    let r = renderer();
    let mut scenes = vec![scene_from_placement(START)];
    let mut marked = scene_from_placement("3k5/4a4/4b4/9/9/9/9/4C4/9/4K4");
    marked.check = Some(sq("d9"));
    marked.last_move = Some(Move::new(sq("e4"), sq("e2")));
    marked.caption = Some("move 40 · Black to move".into());
    scenes.push(marked.clone());
    scenes.push(Scene {
        flipped: true,
        ..marked
    });
    // Marks and pieces at the corners, where rectangles are clipped.
    let mut corners = scene_from_placement("r7r/9/9/9/9/9/9/9/9/R7R");
    corners.last_move = Some(Move::new(sq("a9"), sq("i0")));
    corners.check = Some(sq("i9"));
    scenes.push(corners);
    for scene in &scenes {
        let everything = encode::scanlines(&r.draw(scene), &r.palette);
        let expected = encode::png(WIDTH, HEIGHT, &everything, &r.palette);
        assert!(r.render_png(scene) == expected, "{scene:?}");
    }
}
