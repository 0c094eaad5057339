//! The frame of a picture of a table: the plot's place and scale, and its axes with round
//! ticks, shared by the Grundy heat map and the map of a formula's disagreements.

use std::fmt::Write as _;

use super::{escape, FONT};

/// Longest side of the plot, in pixels: a slide's width.
pub const PLOT: usize = 800;
/// Largest cell, in pixels.
pub const MAX_CELL: usize = 24;
/// Margins around the plot: the y axis's labels, the title, the x axis's labels, and the
/// colour scale with the legend.
pub const LEFT: usize = 72;
pub const TOP: usize = 66;
pub const BOTTOM: usize = 58;
pub const RIGHT: usize = 250;

/// A step between labelled ticks: 1, 2 or 5 times a power of ten, at most 10 ticks over `n`.
fn tick_step(n: usize) -> u64 {
    let mut step = 1u64;
    loop {
        for m in [1, 2, 5] {
            if (n as u64).div_ceil(step * m) <= 10 {
                return step * m;
            }
        }
        step *= 10;
    }
}

/// Where the plot is and how large its cells are.
pub struct Plot {
    /// Cells across (the first coordinate) and up (y).
    pub nx: usize,
    pub ny: usize,
    /// The first value of each coordinate.
    pub x0: u64,
    pub y0: u64,
    /// Side of a cell, in pixels.
    pub cell: usize,
    /// Coordinates a cell stands for, along each side (1: a cell is a position).
    pub per: u64,
}

impl Plot {
    /// Width of the plot, in pixels.
    pub fn width(&self) -> usize {
        self.nx * self.cell
    }

    /// Height of the plot, in pixels.
    pub fn height(&self) -> usize {
        self.ny * self.cell
    }

    /// The pixel at the centre of the value `x` across (fractions allowed).
    pub fn px(&self, x: f64) -> f64 {
        LEFT as f64 + (x - self.x0 as f64 + 0.5) / self.per as f64 * self.cell as f64
    }

    /// The pixel at the centre of the value `y` up.
    pub fn py(&self, y: f64) -> f64 {
        (TOP + self.height()) as f64
            - (y - self.y0 as f64 + 0.5) / self.per as f64 * self.cell as f64
    }
}

/// The opening of a picture's SVG document, `width`×`height` pixels on white: its title
/// (with what its colours mean, for a reader of the file) and the title and subtitle drawn
/// above the plot.
pub fn header(
    (width, height): (usize, usize),
    title: &str,
    subtitle: &str,
    meaning: &str,
) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"{FONT}\" font-size=\"13\">\n\
         <title>{}; {meaning}</title>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{LEFT}\" y=\"26\" font-size=\"18\">{}</text>\n\
         <text x=\"{LEFT}\" y=\"46\" fill=\"rgb(90,90,90)\">{}</text>\n",
        escape(title),
        escape(title),
        escape(subtitle)
    )
}

/// A legend's entry at `x`, with its text's baseline at `y`: a swatch of `fill` (outlined in
/// `stroke`, or `none`), what it means, and a grey note under it.
pub fn swatch(
    s: &mut String,
    (x, y): (usize, usize),
    (fill, stroke): (&str, &str),
    text: &str,
    note: &str,
) {
    let _ = writeln!(
        s,
        "<rect x=\"{x}\" y=\"{}\" width=\"20\" height=\"14\" fill=\"{fill}\" stroke=\"{stroke}\"/>\
         <text x=\"{}\" y=\"{y}\">{text}</text>\
         <text x=\"{}\" y=\"{}\" fill=\"rgb(90,90,90)\">{note}</text>",
        y - 11,
        x + 28,
        x + 28,
        y + 16
    );
}

/// Ticks with their values along both axes, and the axes' names.
pub fn axes(s: &mut String, plot: &Plot, across: &str, up: &str) {
    let bottom = TOP + plot.height();
    let across_to = plot.x0 + plot.nx as u64 * plot.per;
    let step = tick_step((across_to - plot.x0) as usize);
    for v in (plot.x0..across_to).filter(|v| v % step == 0) {
        let x = plot.px(v as f64);
        let _ = writeln!(
            s,
            "<line x1=\"{x:.1}\" y1=\"{bottom}\" x2=\"{x:.1}\" y2=\"{}\" stroke=\"rgb(60,60,60)\"/>\
             <text x=\"{x:.1}\" y=\"{}\" text-anchor=\"middle\">{v}</text>",
            bottom + 5,
            bottom + 19
        );
    }
    let up_to = plot.y0 + plot.ny as u64 * plot.per;
    let step = tick_step((up_to - plot.y0) as usize);
    for v in (plot.y0..up_to).filter(|v| v % step == 0) {
        let y = plot.py(v as f64);
        let _ = writeln!(
            s,
            "<line x1=\"{}\" y1=\"{y:.1}\" x2=\"{LEFT}\" y2=\"{y:.1}\" stroke=\"rgb(60,60,60)\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{v}</text>",
            LEFT - 5,
            LEFT - 8,
            y + 4.5
        );
    }
    let middle = LEFT + plot.width() / 2;
    let _ = writeln!(
        s,
        "<text x=\"{middle}\" y=\"{}\" text-anchor=\"middle\" font-size=\"15\">{across}</text>",
        bottom + 42
    );
    let middle = TOP + plot.height() / 2;
    let _ = writeln!(
        s,
        "<text x=\"22\" y=\"{middle}\" text-anchor=\"middle\" font-size=\"15\" \
         transform=\"rotate(-90 22 {middle})\">{up}</text>"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_few() {
        assert_eq!(tick_step(8), 1);
        assert_eq!(tick_step(40), 5);
        assert_eq!(tick_step(300), 50);
        assert_eq!(tick_step(1000), 100);
    }
}
