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
    fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    fn window(&self, (cx, cy): (f32, f32), half: i32) -> impl Iterator<Item = [u8; 3]> + '_ {
        (-half..=half).flat_map(move |dy| {
            (-half..=half)
                .map(move |dx| self.pixel((cx as i32 + dx) as usize, (cy as i32 + dy) as usize))
        })
    }

    /// Mean of blue minus red over a square window around a point.
    fn blueness(&self, at: (f32, f32), half: i32) -> f32 {
        let n = ((2 * half + 1) * (2 * half + 1)) as f32;
        self.window(at, half)
            .map(|p| p[2] as f32 - p[0] as f32)
            .sum::<f32>()
            / n
    }

    /// Mean luminance (0–255) over a square window around a point.
    fn lightness(&self, at: (f32, f32), half: i32) -> f32 {
        let n = ((2 * half + 1) * (2 * half + 1)) as f32;
        self.window(at, half).map(luminance).sum::<f32>() / n
    }

    /// Median luminance of a piece's face at a point: the pixels 20 to 23
    /// px from its centre, between the character or symbol and the rim.
    fn face_lightness(&self, (cx, cy): (f32, f32)) -> f32 {
        let mut values = Vec::new();
        for dy in -23i32..=23 {
            for dx in -23i32..=23 {
                let d = ((dx * dx + dy * dy) as f32).sqrt();
                if (20.0..=23.0).contains(&d) {
                    let p = self.pixel((cx as i32 + dx) as usize, (cy as i32 + dy) as usize);
                    values.push(luminance(p));
                }
            }
        }
        values.sort_by(f32::total_cmp);
        values[values.len() / 2]
    }

    /// Pixels in a square window around a point within `tolerance` (each
    /// channel) of `color`.
    fn near(&self, at: (f32, f32), half: i32, color: image::Rgb<u8>, tolerance: i32) -> usize {
        self.window(at, half)
            .filter(|p| (0..3).all(|c| (p[c] as i32 - color[c] as i32).abs() <= tolerance))
            .count()
    }

    /// Counts pixels in a square window around a point by what they look like.
    fn census(&self, at: (f32, f32), half: i32) -> Census {
        let mut census = Census::default();
        for p in self.window(at, half) {
            let (r, g, b) = (p[0] as i32, p[1] as i32, p[2] as i32);
            if r > 140 && g < 80 && b < 80 {
                census.red += 1;
            } else if r < 60 && g < 60 && b < 60 {
                census.dark += 1;
            } else if b > r + 40 {
                census.blue += 1;
            }
            census.total += 1;
        }
        census
    }
}

fn luminance(p: [u8; 3]) -> f32 {
    0.2126 * p[0] as f32 + 0.7152 * p[1] as f32 + 0.0722 * p[2] as f32
}

#[derive(Default, Debug)]
struct Census {
    red: u32,
    dark: u32,
    blue: u32,
    total: u32,
}

/// Every piece style and theme.
fn all_styles() -> Vec<Style> {
    PieceStyle::ALL
        .iter()
        .flat_map(|&pieces| Theme::ALL.map(|theme| Style { pieces, theme }))
        .collect()
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

fn render(scene: &Scene, style: Style) -> Decoded {
    decode(&renderer().render_png(scene, style))
}

#[test]
fn picture_is_portrait_about_620_by_700() {
    for style in all_styles() {
        let img = render(&Scene::empty(), style);
        assert_eq!((img.width, img.height), (WIDTH, HEIGHT));
        assert!((600..=660).contains(&img.width) && (680..=760).contains(&img.height));
    }
}

#[test]
fn each_piece_shows_its_sides_colours_at_its_point_in_every_style() {
    let start = scene_from_placement(START);
    for style in all_styles() {
        let img = render(&start, style);
        let empty = render(&Scene::empty(), style);
        for name in ["e0", "a0", "b2", "c3", "b0", "d0"] {
            let c = img.census(point_centre(sq(name), false), 12);
            assert!(
                c.red > 20 && c.dark == 0,
                "{style:?}: red piece at {name}: {c:?}"
            );
        }
        for name in ["e9", "i9", "h7", "g6", "b9", "f9"] {
            let c = img.census(point_centre(sq(name), false), 12);
            assert!(
                c.dark > 20 && c.red == 0,
                "{style:?}: black piece at {name}: {c:?}"
            );
        }
        // Empty points are the bare board, pixel for pixel.
        for name in ["e4", "a5", "d1", "b1"] {
            let at = point_centre(sq(name), false);
            assert!(
                img.window(at, 20).eq(empty.window(at, 20)),
                "{style:?}: empty point {name}"
            );
        }
    }
}

#[test]
fn in_the_contrast_theme_the_sides_differ_in_lightness_not_only_hue() {
    let start = scene_from_placement(START);
    for pieces in PieceStyle::ALL {
        let contrast = render(
            &start,
            Style {
                pieces,
                theme: Theme::Contrast,
            },
        );
        // The disc's face (the band between the symbol and the rim, most of
        // whose pixels are bare face) is light for Red and dark for Black,
        // and each side's ink is the other way round. (Averaged over the
        // whole disc the large international symbols even out: it is the
        // face that tells the sides apart.)
        let (red, black) = (point_centre(sq("a0"), false), point_centre(sq("a9"), false));
        let (red_face, black_face) = (contrast.face_lightness(red), contrast.face_lightness(black));
        assert!(
            red_face > black_face + 150.0,
            "{pieces:?}: faces {red_face}, {black_face}"
        );
        let darkest = |at| contrast.window(at, 12).map(luminance).fold(255.0, f32::min);
        let lightest = |at| contrast.window(at, 12).map(luminance).fold(0.0, f32::max);
        assert!(
            darkest(red) < red_face - 100.0,
            "{pieces:?}: Red's ink is dark on light"
        );
        assert!(
            lightest(black) > black_face + 100.0,
            "{pieces:?}: Black's ink is light on dark"
        );
        // On wood both sides share a light disc and differ by ink.
        let wood = render(
            &start,
            Style {
                pieces,
                theme: Theme::Wood,
            },
        );
        let red = wood.lightness(point_centre(sq("a0"), false), 18);
        let black = wood.lightness(point_centre(sq("a9"), false), 18);
        assert!(
            (red - black).abs() < 60.0,
            "{pieces:?}: red {red}, black {black}"
        );
    }
}

#[test]
fn the_two_piece_styles_draw_different_faces_on_the_same_disc() {
    let start = scene_from_placement(START);
    for theme in Theme::ALL {
        let chinese = render(
            &start,
            Style {
                pieces: PieceStyle::Chinese,
                theme,
            },
        );
        let symbols = render(
            &start,
            Style {
                pieces: PieceStyle::International,
                theme,
            },
        );
        for name in ["a0", "b0", "c0", "d0", "e0", "b2", "a3", "e9"] {
            let at = point_centre(sq(name), false);
            let differing = chinese
                .window(at, 16)
                .zip(symbols.window(at, 16))
                .filter(|(a, b)| (luminance(*a) - luminance(*b)).abs() > 60.0)
                .count();
            assert!(
                differing > 60,
                "{theme:?} {name}: {differing} pixels differ"
            );
            // Outside the face (the rim) both are the same disc.
            let rim = (at.0 + layout::PIECE_RADIUS - 0.5, at.1);
            assert_eq!(
                chinese.pixel(rim.0 as usize, rim.1 as usize),
                symbols.pixel(rim.0 as usize, rim.1 as usize)
            );
        }
    }
}

#[test]
fn last_move_marks_both_points_and_nothing_else() {
    let mut scene = scene_from_placement(START);
    let mv = Move::new(sq("h2"), sq("e2"));
    scene.pieces[sq("e2").index()] = scene.pieces[sq("h2").index()].take();
    for style in all_styles() {
        let colors = theme::Colors::of(style.theme);
        scene.last_move = None;
        let plain = render(&scene, style);
        scene.last_move = Some(mv);
        let marked = render(&scene, style);
        // The from point is empty: its socket is tinted blue.
        let from = point_centre(sq("h2"), false);
        let near_from = (from.0 + 14.0, from.1 + 10.0);
        assert!(
            marked.blueness(near_from, 3) > plain.blueness(near_from, 3) + 20.0,
            "{style:?}"
        );
        // The to point holds the cannon: a ring in the theme's colour just
        // outside its disc.
        let to = point_centre(sq("e2"), false);
        let on_ring = (to.0 + layout::PIECE_RADIUS + 3.5, to.1);
        assert!(
            marked.near(on_ring, 1, colors.last_move, 40) >= 3,
            "{style:?}"
        );
        assert_eq!(plain.near(on_ring, 1, colors.last_move, 40), 0, "{style:?}");
        // Far away nothing changed.
        let elsewhere = point_centre(sq("a9"), false);
        assert!(marked.window(elsewhere, 30).eq(plain.window(elsewhere, 30)));
    }
}

#[test]
fn general_in_check_gets_a_ring_in_the_themes_check_colour() {
    let mut scene = scene_from_placement("4k4/9/9/9/9/9/9/9/4R4/3K5");
    for style in all_styles() {
        let check = theme::Colors::of(style.theme).check;
        for flipped in [false, true] {
            scene.flipped = flipped;
            let (x, y) = point_centre(sq("e9"), flipped);
            let ring_point = (x, y + layout::PIECE_RADIUS + 3.5);
            scene.check = None;
            let before = render(&scene, style).near(ring_point, 1, check, 40);
            scene.check = Some(sq("e9"));
            let after = render(&scene, style).near(ring_point, 1, check, 40);
            assert_eq!(before, 0, "{style:?}");
            assert!(after >= 3, "{style:?} flipped {flipped}: {after}");
        }
    }
    // Check and last move are told apart by more than hue in the contrast
    // theme: orange against blue differ in lightness too.
    let contrast = theme::Colors::of(Theme::Contrast);
    let gap = luminance(contrast.check.0) - luminance(contrast.last_move.0);
    assert!(gap > 60.0, "{gap}");
}

#[test]
fn flipping_moves_a_piece_to_the_rotated_point() {
    let horse = Piece::new(Color::Red, PieceKind::Horse);
    let scene = Scene::empty().with_piece(sq("b0"), Some(horse));
    let flipped = Scene {
        flipped: true,
        ..scene.clone()
    };
    for style in all_styles() {
        let (a, b) = (render(&scene, style), render(&flipped, style));
        let red_at = |img: &Decoded, at| img.census(at, 12).red > 20;
        // Red's seat: bottom, second from left. Black's seat: top, second from right.
        assert!(red_at(&a, point_centre(sq("b0"), false)), "{style:?}");
        assert!(!red_at(&a, point_centre(sq("h9"), false)), "{style:?}");
        assert!(red_at(&b, point_centre(sq("h9"), false)), "{style:?}");
        assert!(!red_at(&b, point_centre(sq("b0"), false)), "{style:?}");
        // The piece is the same picture upright in both seats.
        let (pa, pb) = (point_centre(sq("b0"), false), point_centre(sq("h9"), false));
        assert!(a.window(pa, 18).eq(b.window(pb, 18)), "{style:?}");
    }
    assert_eq!(point_centre(sq("b0"), true), point_centre(sq("h9"), false));
}

#[test]
fn caption_is_drawn_in_its_band_only() {
    let scene = Scene {
        caption: Some("Alice (Red) vs Bob (Black) · move 12 · Red to move".into()),
        ..Scene::empty()
    };
    let style = Style::default();
    let (with, without) = (render(&scene, style), render(&Scene::empty(), style));
    let band = (layout::CAPTION_HEIGHT as usize) * WIDTH * 3;
    assert_ne!(with.rgb[..band], without.rgb[..band]);
    assert_eq!(with.rgb[band..], without.rgb[band..]);
    // A caption far too long is cut, not spilled.
    let long = Scene {
        caption: Some("x".repeat(500)),
        ..Scene::empty()
    };
    assert_eq!(render(&long, style).rgb[band..], without.rgb[band..]);
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
    let style = Style {
        pieces: PieceStyle::International,
        theme: Theme::Contrast,
    };
    let gif_bytes = renderer.render_replay_gif(&scenes, style).unwrap();
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
    // The replay is in the style asked for: its first frame is the board
    // drawn in that style, through the same palette.
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(std::io::Cursor::new(&gif_bytes)).unwrap();
    let first = decoder.read_next_frame().unwrap().unwrap().buffer.to_vec();
    let png = render(&scenes[0], style);
    let rgb: Vec<u8> = first
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    assert!(rgb == png.rgb, "the first frame is the PNG's picture");
    assert!(matches!(
        renderer.render_replay_gif(&[], style),
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
    for style in all_styles() {
        let bytes = renderer().render_png(&scene, style);
        assert!(
            bytes.len() <= 150 * 1024,
            "{style:?}: {} bytes",
            bytes.len()
        );
    }
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
        for style in all_styles() {
            let file = format!("{dir}/{name}-{}-{}.png", style.pieces, style.theme);
            std::fs::write(file, renderer.render_png(scene, style)).unwrap();
        }
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
    for style in all_styles() {
        let palette = &r.art(style.theme).palette;
        for scene in &scenes {
            let everything = encode::scanlines(&r.draw(scene, style), palette);
            let expected = encode::png(WIDTH, HEIGHT, &everything, &palette.rgb);
            assert!(
                r.render_png(scene, style) == expected,
                "{style:?} {scene:?}"
            );
        }
    }
}

#[test]
fn arrows_show_the_move_played_and_the_better_one_in_every_style_and_seat() {
    use crate::render::theme::Colors;
    use crate::render::{Arrow, ArrowKind};
    let start = scene_from_placement(START);
    let played = Move::new(sq("h2"), sq("e2"));
    let better = Move::new(sq("b0"), sq("c2"));
    for flipped in [false, true] {
        let plain = Scene {
            flipped,
            ..start.clone()
        };
        let scene = Scene {
            arrows: vec![
                Arrow {
                    mv: played,
                    kind: ArrowKind::Played,
                },
                Arrow {
                    mv: better,
                    kind: ArrowKind::Better,
                },
            ],
            ..plain.clone()
        };
        for style in all_styles() {
            let colors = Colors::of(style.theme);
            let (with, without) = (render(&scene, style), render(&plain, style));
            let pixel = |img: &Decoded, (x, y): (f32, f32)| {
                let at = (y as usize * img.width + x as usize) * 3;
                [img.rgb[at], img.rgb[at + 1], img.rgb[at + 2]]
            };
            let distance = |a: [u8; 3], b: image::Rgb<u8>| {
                (0..3)
                    .map(|i| (a[i] as i32 - b[i] as i32).abs())
                    .sum::<i32>()
            };
            for (mv, color) in [(played, colors.check), (better, colors.last_move)] {
                // Two thirds of the way along the shaft: no piece there.
                let (from, to) = (
                    point_centre(mv.from(), flipped),
                    point_centre(mv.to(), flipped),
                );
                let at = (
                    from.0 + (to.0 - from.0) * 0.45,
                    from.1 + (to.1 - from.1) * 0.45,
                );
                let (p, q) = (pixel(&with, at), pixel(&without, at));
                assert!(
                    distance(p, color) < distance(q, color) / 3,
                    "{mv} in {style:?}, flipped {flipped}: {p:?} vs {q:?}"
                );
            }
            // Away from the arrows nothing changed.
            let far = point_centre(sq("e9"), flipped);
            assert_eq!(pixel(&with, far), pixel(&without, far), "{style:?}");
        }
    }
}

/// The evaluation graph as the renderer draws it: through [`Renderer`],
/// which `graph.rs` must not import (the renderer imports it), so the test
/// lives here beside the renderer's others.
mod eval_graph {
    use crate::render::graph::{point_centres, GraphMark, GraphPoint, GRAPH_HEIGHT, GRAPH_WIDTH};
    use crate::render::{Renderer, Theme};

    fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size().expect("size")];
        let frame = reader.next_frame(&mut buf).expect("a frame");
        let pixels = buf[..frame.buffer_size()]
            .chunks_exact(3)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        (frame.width, frame.height, pixels)
    }

    fn count(pixels: &[[u8; 3]], mark: GraphMark) -> usize {
        pixels.iter().filter(|p| **p == mark.color().0).count()
    }

    #[test]
    fn one_marker_of_its_colour_per_marked_move_where_the_layout_says() {
        let renderer = Renderer::new();
        // One marker alone gives the size of a marker in pixels.
        let single = [GraphPoint {
            red_cp: 0,
            mark: Some(GraphMark::Mistake),
        }];
        let (_, _, pixels) = decode(&renderer.render_eval_graph(&single, Theme::Wood));
        let one = count(&pixels, GraphMark::Mistake);
        assert!(one > 50, "{one}");

        let marks = [
            None,
            Some(GraphMark::Inaccuracy),
            None,
            None,
            Some(GraphMark::Blunder),
            None,
            Some(GraphMark::Mistake),
            None,
            Some(GraphMark::Blunder),
            None,
        ];
        let points: Vec<GraphPoint> = marks
            .iter()
            .enumerate()
            .map(|(i, &mark)| GraphPoint {
                red_cp: [120, -300, 40, 2500, -900, 0, 350, -40_000, 600, 30_000][i],
                mark,
            })
            .collect();
        for theme in [Theme::Wood, Theme::Contrast] {
            let (w, h, pixels) = decode(&renderer.render_eval_graph(&points, theme));
            assert_eq!((w, h), (GRAPH_WIDTH, GRAPH_HEIGHT));
            for mark in GraphMark::ALL {
                let expected = marks.iter().filter(|m| **m == Some(mark)).count();
                assert_eq!(
                    count(&pixels, mark),
                    expected * one,
                    "{mark:?} in {theme:?}"
                );
            }
            for (point, (x, y)) in points.iter().zip(point_centres(&points)) {
                let at = pixels[(y as u32 * w + x as u32) as usize];
                match point.mark {
                    Some(mark) => assert_eq!(at, mark.color().0, "marker at ({x}, {y})"),
                    None => assert!(
                        GraphMark::ALL.iter().all(|m| m.color().0 != at),
                        "no marker at ({x}, {y})"
                    ),
                }
            }
        }
    }
}
