//! Pictures of tables: a Grundy heat map with the P-positions marked (for the queen also the
//! two golden-ratio lines they lie along, as in the papers), or for the L-game a chart of the
//! positions by outcome and depth. SVG is written by hand; PNG through the `png` encoder.

use std::fmt::Write as _;

use protocol::TableData;

/// The golden ratio: the queen's P-positions lie near y = φx and y = x/φ.
const PHI: f64 = 1.618_033_988_749_895;

/// Longest side of a picture, in pixels.
const MAX_SIDE: usize = 1024;

/// Colour of a P-position (Grundy number 0).
const P_COLOUR: [u8; 3] = [0, 0, 0];

/// Colour of a cell that is not a position (a staircase taller than ⌊z/k⌋).
const NONE_COLOUR: [u8; 3] = [255, 255, 255];

/// Outcome colours of the L-game chart: won, lost, drawn (for the mover).
const OUTCOME_COLOURS: [(&str, [u8; 3]); 3] = [
    ("win", [46, 139, 87]),
    ("loss", [178, 34, 34]),
    ("draw", [218, 165, 32]),
];

/// A colour for Grundy number `g` out of `max`: dark blue through green to yellow.
fn heat(g: u64, max: u64) -> [u8; 3] {
    if g == 0 {
        return P_COLOUR;
    }
    let t = g as f64 / max.max(1) as f64;
    let stops = [
        [68.0, 1.0, 84.0],
        [59.0, 82.0, 139.0],
        [33.0, 145.0, 140.0],
        [94.0, 201.0, 98.0],
        [253.0, 231.0, 37.0],
    ];
    let pos = t * (stops.len() - 1) as f64;
    let i = (pos.floor() as usize).min(stops.len() - 2);
    let f = pos - i as f64;
    let mix = |c: usize| (stops[i][c] * (1.0 - f) + stops[i + 1][c] * f).round() as u8;
    [mix(0), mix(1), mix(2)]
}

/// The pixels of a heat map: one square of `scale` pixels per cell; rows go down, columns right.
struct Heat {
    rows: usize,
    cols: usize,
    scale: usize,
    cells: Vec<Option<u64>>,
    max: u64,
    queen: bool,
}

impl Heat {
    fn of(t: &TableData) -> Heat {
        let rows = t.grundy.len();
        let cols = t.grundy.first().map_or(0, Vec::len);
        let cells: Vec<Option<u64>> = t.grundy.iter().flatten().copied().collect();
        let max = cells.iter().flatten().copied().max().unwrap_or(1);
        let scale = (MAX_SIDE / rows.max(cols).max(1)).clamp(1, 24);
        Heat {
            rows,
            cols,
            scale,
            cells,
            max,
            queen: t.params.game == protocol::Game::Queen,
        }
    }

    fn colour(&self, r: usize, c: usize) -> [u8; 3] {
        match self.cells[r * self.cols + c] {
            Some(g) => heat(g, self.max),
            None => NONE_COLOUR,
        }
    }
}

/// The table as an SVG document.
pub fn svg(t: &TableData) -> String {
    if !t.classes.is_empty() {
        return lgame_svg(t);
    }
    let h = Heat::of(t);
    let (w, ht) = (h.cols * h.scale, h.rows * h.scale);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{ht}\" viewBox=\"0 0 {w} {ht}\">\n\
         <title>{} Grundy numbers, rows {}..{}, columns {}..{}; black: P-positions</title>\n",
        t.params.game, t.rows.from, t.rows.to, t.cols.from, t.cols.to
    );
    for r in 0..h.rows {
        for c in 0..h.cols {
            let [red, green, blue] = h.colour(r, c);
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{sc}\" height=\"{sc}\" fill=\"rgb({red},{green},{blue})\"/>",
                c * h.scale,
                r * h.scale,
                sc = h.scale
            );
        }
    }
    if h.queen {
        // y = φx and y = x/φ in table coordinates (x rows, y columns), from the corner cell.
        for slope in [PHI, 1.0 / PHI] {
            let (x0, y0) = (t.rows.from as f64, t.cols.from as f64);
            let line = |x: f64| ((x * slope - y0) * h.scale as f64, (x - x0) * h.scale as f64);
            let (ax, ay) = line(x0);
            let (bx, by) = line(t.rows.to as f64);
            let _ = writeln!(
                s,
                "<line x1=\"{ax:.1}\" y1=\"{ay:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\" stroke=\"red\" stroke-width=\"1\" stroke-dasharray=\"4 3\"/>"
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

/// The table as PNG bytes.
pub fn png(t: &TableData) -> anyhow::Result<Vec<u8>> {
    let (w, h, pixels) = if t.classes.is_empty() {
        heat_pixels(t)
    } else {
        lgame_pixels(t)
    };
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w as u32, h as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header()?;
        writer.write_image_data(&pixels)?;
    }
    Ok(out)
}

fn heat_pixels(t: &TableData) -> (usize, usize, Vec<u8>) {
    let h = Heat::of(t);
    let (w, ht) = ((h.cols * h.scale).max(1), (h.rows * h.scale).max(1));
    let mut px = vec![255u8; w * ht * 3];
    for py in 0..h.rows * h.scale {
        for pxx in 0..h.cols * h.scale {
            let rgb = h.colour(py / h.scale, pxx / h.scale);
            let i = (py * w + pxx) * 3;
            px[i..i + 3].copy_from_slice(&rgb);
        }
    }
    if h.queen {
        for slope in [PHI, 1.0 / PHI] {
            // One red pixel per pixel row and column along each line.
            for step in 0..(h.rows.max(h.cols) * h.scale * 2) {
                let x = t.rows.from as f64 + step as f64 / (2 * h.scale) as f64;
                let (cx, cy) = (
                    ((x * slope - t.cols.from as f64) * h.scale as f64) as isize,
                    ((x - t.rows.from as f64) * h.scale as f64) as isize,
                );
                if (0..w as isize).contains(&cx) && (0..ht as isize).contains(&cy) {
                    let i = (cy as usize * w + cx as usize) * 3;
                    px[i..i + 3].copy_from_slice(&[255, 0, 0]);
                }
            }
        }
    }
    (w, ht, px)
}

/// Counts of L-game classes by depth (rows) and outcome (columns), and the draws.
fn lgame_counts(t: &TableData) -> (Vec<[usize; 2]>, usize) {
    let depth_max = t.classes.iter().filter_map(|c| c.depth).max().unwrap_or(0) as usize;
    let mut by_depth = vec![[0usize; 2]; depth_max + 1];
    let mut draws = 0;
    for c in &t.classes {
        match (c.outcome.as_str(), c.depth) {
            ("win", Some(d)) => by_depth[d as usize][0] += 1,
            ("loss", Some(d)) => by_depth[d as usize][1] += 1,
            _ => draws += 1,
        }
    }
    (by_depth, draws)
}

/// Bar geometry of the L-game chart: one bar per depth (won or lost), then the draws.
fn lgame_bars(t: &TableData) -> Vec<(String, usize, [u8; 3])> {
    let (by_depth, draws) = lgame_counts(t);
    let mut bars = Vec::new();
    for (d, [won, lost]) in by_depth.iter().enumerate() {
        if *won > 0 {
            bars.push((format!("won in {d}"), *won, OUTCOME_COLOURS[0].1));
        }
        if *lost > 0 {
            bars.push((format!("lost in {d}"), *lost, OUTCOME_COLOURS[1].1));
        }
    }
    bars.push(("drawn".to_owned(), draws, OUTCOME_COLOURS[2].1));
    bars
}

const BAR: usize = 22;
const CHART_W: usize = 640;
const LABEL_W: usize = 90;

fn lgame_svg(t: &TableData) -> String {
    let bars = lgame_bars(t);
    let most = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1);
    let h = bars.len() * BAR + 40;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{CHART_W}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <title>L-game: {} positions up to symmetry by outcome and depth (for the player to move)</title>\n\
         <text x=\"4\" y=\"16\">L-game positions up to symmetry, by outcome and depth for the player to move</text>\n",
        t.classes.len()
    );
    for (i, (label, n, [r, g, b])) in bars.iter().enumerate() {
        let y = 28 + i * BAR;
        let len = (CHART_W - LABEL_W - 60) * n / most;
        let _ = writeln!(
            s,
            "<text x=\"4\" y=\"{}\">{label}</text><rect x=\"{LABEL_W}\" y=\"{y}\" width=\"{len}\" height=\"{}\" fill=\"rgb({r},{g},{b})\"/><text x=\"{}\" y=\"{}\">{n}</text>",
            y + 15,
            BAR - 4,
            LABEL_W + len + 4,
            y + 15
        );
    }
    s.push_str("</svg>\n");
    s
}

fn lgame_pixels(t: &TableData) -> (usize, usize, Vec<u8>) {
    let bars = lgame_bars(t);
    let most = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1);
    let (w, h) = (CHART_W, bars.len() * BAR + 8);
    let mut px = vec![255u8; w * h * 3];
    for (i, (_, n, rgb)) in bars.iter().enumerate() {
        let len = (w - 8) * n / most;
        for y in 4 + i * BAR..4 + i * BAR + BAR - 4 {
            for x in 4..4 + len {
                let p = (y * w + x) * 3;
                px[p..p + 3].copy_from_slice(rgb);
            }
        }
    }
    (w, h, px)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_black_and_the_scale_runs_dark_to_bright() {
        assert_eq!(heat(0, 10), P_COLOUR);
        let dim = heat(1, 10);
        let bright = heat(10, 10);
        let sum = |c: [u8; 3]| c.iter().map(|&v| u32::from(v)).sum::<u32>();
        assert!(sum(bright) > sum(dim));
    }
}
