//! Anti-aliased shapes as coverage masks, drawn with imageproc. imageproc
//! fills polygons and circles without anti-aliasing, so a mask is drawn
//! at [`SUPERSAMPLE`] times the size and reduced with `image`'s area
//! averaging (`thumbnail`): each pixel's coverage is the share of its
//! sub-pixels inside. Soft edges (shadows, glows) are a mask blurred with
//! imageproc's Gaussian filter. All of this runs once, when a renderer is
//! built; a picture only composites the results.

use image::{GrayImage, Luma};
use imageproc::drawing::{draw_filled_circle_mut, draw_polygon_mut};
use imageproc::point::Point;

/// Sub-pixels a side per pixel: 16 sub-pixels give 17 coverage levels, and
/// edges within an eighth of a pixel of where they are meant to be.
pub const SUPERSAMPLE: u32 = 4;

/// One shape, in pixel coordinates of the mask (pixel centres at +0.5).
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A simple polygon, closed implicitly.
    Polygon(Vec<(f32, f32)>),
    Circle {
        centre: (f32, f32),
        radius: f32,
    },
    /// A straight stroke with flat ends.
    Stroke {
        from: (f32, f32),
        to: (f32, f32),
        width: f32,
    },
}

/// Adds coverage, or clears it (a hole cut through what is drawn before).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    Fill,
    Cut,
}

/// A circle of radius `radius` stroked `width` wide, as a fill and a cut.
pub fn ring(centre: (f32, f32), radius: f32, width: f32) -> [(Ink, Shape); 2] {
    [
        (
            Ink::Fill,
            Shape::Circle {
                centre,
                radius: radius + width / 2.0,
            },
        ),
        (
            Ink::Cut,
            Shape::Circle {
                centre,
                radius: radius - width / 2.0,
            },
        ),
    ]
}

/// The coverage of `shapes`, drawn in order, on a `width` × `height` mask.
pub fn mask(width: u32, height: u32, shapes: &[(Ink, Shape)]) -> GrayImage {
    let mut big = GrayImage::new(width * SUPERSAMPLE, height * SUPERSAMPLE);
    for (ink, shape) in shapes {
        let value = Luma([match ink {
            Ink::Fill => 255,
            Ink::Cut => 0,
        }]);
        draw_big(&mut big, shape, value);
    }
    image::imageops::thumbnail(&big, width, height)
}

/// `mask` blurred with a Gaussian of `sigma` pixels: a soft-edged shape.
pub fn blurred(mask: &GrayImage, sigma: f32) -> GrayImage {
    imageproc::filter::gaussian_blur_f32(mask, sigma)
}

/// The sub-pixel whose centre is nearest a point of the mask.
fn big_point((x, y): (f32, f32)) -> Point<i32> {
    let s = SUPERSAMPLE as f32;
    Point::new((x * s - 0.5).round() as i32, (y * s - 0.5).round() as i32)
}

fn draw_big(big: &mut GrayImage, shape: &Shape, value: Luma<u8>) {
    match shape {
        Shape::Polygon(points) => {
            let mut poly: Vec<Point<i32>> = points.iter().map(|&p| big_point(p)).collect();
            // imageproc closes the path itself and refuses a repeated end point.
            while poly.len() > 1 && poly.first() == poly.last() {
                poly.pop();
            }
            if poly.len() >= 3 {
                draw_polygon_mut(big, &poly, value);
            }
        }
        Shape::Circle { centre, radius } => {
            let c = big_point(*centre);
            let r = (radius * SUPERSAMPLE as f32).round() as i32;
            if r > 0 {
                draw_filled_circle_mut(big, (c.x, c.y), r, value);
            }
        }
        Shape::Stroke { from, to, width } => {
            let (dx, dy) = (to.0 - from.0, to.1 - from.1);
            let len = (dx * dx + dy * dy).sqrt();
            if len == 0.0 {
                return;
            }
            // The stroke is the rectangle either side of its centre line.
            let (nx, ny) = (-dy / len * width / 2.0, dx / len * width / 2.0);
            let corners = vec![
                (from.0 + nx, from.1 + ny),
                (to.0 + nx, to.1 + ny),
                (to.0 - nx, to.1 - ny),
                (from.0 - nx, from.1 - ny),
            ];
            draw_big(big, &Shape::Polygon(corners), value);
        }
    }
}

/// The bounding box of the nonzero pixels of a mask: (x0, y0, x1, y1),
/// exclusive ends; `None` for an empty mask.
pub fn ink_box(mask: &GrayImage) -> Option<(u32, u32, u32, u32)> {
    let mut found: Option<(u32, u32, u32, u32)> = None;
    for (x, y, p) in mask.enumerate_pixels() {
        if p[0] > 0 {
            let b = found.get_or_insert((x, y, x + 1, y + 1));
            *b = (b.0.min(x), b.1.min(y), b.2.max(x + 1), b.3.max(y + 1));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coverage(m: &GrayImage, x: u32, y: u32) -> u8 {
        m.get_pixel(x, y)[0]
    }

    #[test]
    fn a_disc_is_solid_inside_empty_outside_and_soft_on_its_edge() {
        let m = mask(
            20,
            20,
            &[(
                Ink::Fill,
                Shape::Circle {
                    centre: (10.0, 10.0),
                    radius: 6.0,
                },
            )],
        );
        assert_eq!(coverage(&m, 10, 10), 255);
        assert_eq!(coverage(&m, 1, 10), 0);
        // Along the edge some pixels are partly covered: anti-aliased.
        let partial = (0..20)
            .flat_map(|y| (0..20).map(move |x| (x, y)))
            .filter(|&(x, y)| (1..255).contains(&coverage(&m, x, y)))
            .count();
        assert!(partial >= 20, "{partial} partly covered pixels");
        let (x0, y0, x1, y1) = ink_box(&m).unwrap();
        assert!(
            (3..=4).contains(&x0) && (16..=17).contains(&x1),
            "{x0}..{x1}"
        );
        assert_eq!((x0, x1), (y0, y1));
    }

    #[test]
    fn a_ring_is_hollow_and_a_cut_clears() {
        let m = mask(30, 30, &ring((15.0, 15.0), 10.0, 3.0));
        assert_eq!(coverage(&m, 15, 15), 0);
        assert_eq!(coverage(&m, 25, 15), 255);
        let stroke = Shape::Stroke {
            from: (2.0, 5.0),
            to: (28.0, 5.0),
            width: 4.0,
        };
        let m = mask(30, 10, &[(Ink::Fill, stroke.clone())]);
        assert_eq!(coverage(&m, 15, 4), 255);
        assert_eq!(coverage(&m, 15, 8), 0);
        let blurred = blurred(&m, 1.5);
        assert!((1..255).contains(&coverage(&blurred, 15, 7)));
    }
}
