//! The heat map of a corner game's Grundy table (x across, y up: the board as it is drawn,
//! the goal corner bottom left) or of a chocolate staircase's (z across, y up).

use std::fmt::Write as _;

use client::lang::{code_word, said, word};
use protocol::{Game, Message, TableData};

use super::frame::{axes, header, swatch, Plot, BOTTOM, LEFT, MAX_CELL, PLOT, RIGHT, TOP};
use super::image;

/// The golden ratio: the queen's P-positions lie near y = φx and y = x/φ.
const PHI: f64 = 1.618_033_988_749_895;

/// Height of the colour scale, and the least height of a picture (scale and legend fit).
const SCALE: usize = 160;
const LEAST_HEIGHT: usize = TOP + SCALE + 150;

/// Colour of a P-position (Grundy number 0).
const P_COLOUR: [u8; 3] = [0, 0, 0];
/// Colour of a cell that is not a position (a staircase taller than its edge f(z), ⌊z/k⌋
/// for a step).
const NONE_COLOUR: [u8; 3] = [255, 255, 255];
/// The golden-ratio lines.
const LINE_COLOUR: &str = "rgb(230,20,20)";

/// A colour for Grundy number `g` out of `max`: dark blue through green to yellow; black for
/// 0.
pub fn heat(g: u64, max: u64) -> [u8; 3] {
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

/// The heat map as an SVG document.
pub fn svg(t: &TableData) -> String {
    let chocolate = t.params.game == Game::Chocolate;
    let nim = t.params.game == Game::Nim;
    let (across, up) = match (chocolate, nim) {
        (true, _) => ("z", "y"),
        (_, true) => ("a", "b"),
        _ => ("x", "y"),
    };
    // Misère play has no Grundy numbers: its map is the remoteness, lost (odd) in black.
    let misere = t.params.misere;
    let (values, shown) = match misere {
        true => (&t.remoteness, word("pic-shown-misere")),
        false => (&t.grundy, word("pic-shown-grundy")),
    };
    let lost = |v: u64| if misere { v % 2 == 1 } else { v == 0 };
    let nx = values.len();
    let ny = values.first().map_or(0, Vec::len);
    let plot = Plot {
        nx,
        ny,
        x0: t.rows.from,
        y0: t.cols.from,
        cell: (PLOT / nx.max(ny).max(1)).clamp(1, MAX_CELL),
        per: 1,
    };
    let width = LEFT + plot.width().max(240) + RIGHT;
    let height = (TOP + plot.height() + BOTTOM).max(LEAST_HEIGHT);
    let max = values
        .iter()
        .flatten()
        .flatten()
        .copied()
        .max()
        .unwrap_or(1);
    let (x1, y1) = (t.rows.from + nx as u64, t.cols.from + ny as u64);
    let mut game = word(&format!("game-{}", t.params.game));
    if let Some(def) = t.params.piece.as_ref().or(t.params.rule.as_ref()) {
        game = format!("{game} {def}");
    }
    let heaps = t.params.game == protocol::Game::Heap;
    let what = match (chocolate, t.params.size, t.params.k) {
        (true, ..) if t.params.edge.is_some() => said(
            &Message::new("pic-what-chocolate-edge")
                .text("edge", t.params.edge.as_deref().unwrap_or_default()),
        ),
        (true, _, k) => {
            said(&Message::new("pic-what-chocolate").text("k", k.unwrap_or(1).to_string()))
        }
        (false, Some(n), _) => said(
            &Message::new("pic-what-board")
                .text("game", game)
                .text("n", n.to_string()),
        ),
        (false, None, _) => game,
    };
    let title = said(
        &Message::new("pic-heat-title")
            .text("what", what)
            .text("shown", shown)
            .text("across", across)
            .text("x0", t.rows.from.to_string())
            .text("x1", x1.to_string())
            .text("up", up)
            .text("y0", t.cols.from.to_string())
            .text("y1", y1.to_string()),
    );
    // The source in words (`table`, `公式`).
    let source = code_word("source", &t.source);
    let subtitle = match chocolate {
        _ if nim => match t.layer {
            Some(c) => Message::new("pic-sub-nim3").text("c", c.to_string()),
            None => Message::new("pic-sub-nim2"),
        },
        true if misere => Message::new("pic-sub-bars").text("x", t.layer.unwrap_or(0).to_string()),
        true => Message::new("pic-sub-staircase"),
        false if heaps && misere => {
            Message::new("pic-sub-heaps-misere").text("c", t.layer.unwrap_or(0).to_string())
        }
        false if heaps => Message::new("pic-sub-heaps"),
        false => Message::new("pic-sub-corner"),
    };
    let subtitle = said(&subtitle.text("source", source));
    let mut s = header((width, height), &title, &subtitle, &word("pic-black-p"));
    // The cells, one pixel each, scaled up sharp: every value's colour, then the P-positions
    // alone again above the golden-ratio lines, so no line hides one.
    let mut cells = vec![0u8; nx * ny * 4];
    let mut zeros = vec![0u8; nx * ny * 4];
    for (i, column) in values.iter().enumerate() {
        for (j, g) in column.iter().enumerate() {
            let at = ((ny - 1 - j) * nx + i) * 4;
            let rgb = match g {
                // A misère remoteness of 0 (no move: won) is no P-position: the scale's foot.
                Some(g) => heat((*g).max(u64::from(misere)), max),
                None => NONE_COLOUR,
            };
            cells[at..at + 4].copy_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
            if g.is_some_and(lost) {
                zeros[at..at + 4].copy_from_slice(&[0, 0, 0, 255]);
            }
        }
    }
    let (at, size) = (
        (LEFT as f64, TOP as f64),
        (plot.width() as f64, plot.height() as f64),
    );
    s.push_str(&image(&cells, nx, ny, at, size));
    if t.params.game == Game::Queen {
        let _ = writeln!(
            s,
            "<clipPath id=\"plot\"><rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\"/></clipPath>",
            plot.width(),
            plot.height()
        );
        let (from, to) = (t.rows.from as f64 - 0.5, x1 as f64 - 0.5);
        for slope in [PHI, 1.0 / PHI] {
            let _ = writeln!(
                s,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{LINE_COLOUR}\" \
                 stroke-width=\"1.5\" stroke-dasharray=\"6 4\" clip-path=\"url(#plot)\"/>",
                plot.px(from),
                plot.py(from * slope),
                plot.px(to),
                plot.py(to * slope)
            );
        }
    }
    s.push_str(&image(&zeros, nx, ny, at, size));
    let _ = writeln!(
        s,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"rgb(60,60,60)\"/>",
        plot.width(),
        plot.height()
    );
    axes(&mut s, &plot, across, up);
    scale_and_legend(&mut s, &plot, max, t.params.game, misere);
    s.push_str("</svg>\n");
    s
}

/// The colour scale of the Grundy numbers, and what black (and red, and white) mean.
fn scale_and_legend(s: &mut String, plot: &Plot, max: u64, game: Game, misere: bool) {
    let x = LEFT + plot.width().max(240) + 36;
    let (scale, black) = match misere {
        true => (word("pic-scale-misere"), word("pic-p-misere")),
        false => (word("pic-scale-grundy"), word("pic-p")),
    };
    let _ = writeln!(s, "<text x=\"{x}\" y=\"{}\">{scale}</text>", TOP - 8);
    // From max at the top down to 1, one pixel a value at most.
    let steps = usize::try_from(max).unwrap_or(SCALE).clamp(1, SCALE);
    let mut ramp = Vec::with_capacity(steps * 4);
    for i in 0..steps {
        let g = match steps {
            1 => max,
            n => max - (i as u64 * (max - 1)) / (n as u64 - 1),
        };
        let [r, gr, b] = heat(g, max);
        ramp.extend_from_slice(&[r, gr, b, 255]);
    }
    s.push_str(&image(
        &ramp,
        1,
        steps,
        (x as f64, TOP as f64),
        (20.0, SCALE as f64),
    ));
    let _ = writeln!(
        s,
        "<rect x=\"{x}\" y=\"{TOP}\" width=\"20\" height=\"{SCALE}\" fill=\"none\" stroke=\"rgb(60,60,60)\"/>"
    );
    let label = |s: &mut String, g: u64, y: usize| {
        let _ = writeln!(s, "<text x=\"{}\" y=\"{}\">{g}</text>", x + 26, y + 4);
    };
    label(s, max, TOP + 2);
    if max > 2 {
        label(s, max.div_ceil(2), TOP + SCALE / 2);
    }
    label(s, 1, TOP + SCALE - 2);
    let mut y = TOP + SCALE + 30;
    let lost = word("pic-lost");
    swatch(s, (x, y), ("black", "none"), &black, &lost);
    y += 44;
    if game == Game::Queen {
        let _ = writeln!(
            s,
            "<line x1=\"{x}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{LINE_COLOUR}\" stroke-width=\"1.5\" \
             stroke-dasharray=\"6 4\"/><text x=\"{}\" y=\"{y}\">{}</text>\
             <text x=\"{}\" y=\"{}\" fill=\"rgb(90,90,90)\">(φ = (1 + √5)/2)</text>",
            y - 4,
            x + 20,
            y - 4,
            x + 28,
            word("pic-golden"),
            x + 28,
            y + 16
        );
    }
    if game == Game::Chocolate {
        let outline = ("white", "rgb(60,60,60)");
        let (text, note) = (word("pic-not-staircase"), word("pic-not-staircase-note"));
        swatch(s, (x, y), outline, &text, &note);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_black_and_the_scale_runs_dark_to_bright() {
        assert_eq!(heat(0, 10), P_COLOUR);
        let sum = |c: [u8; 3]| c.iter().map(|&v| u32::from(v)).sum::<u32>();
        assert!(sum(heat(10, 10)) > sum(heat(1, 10)));
    }
}
