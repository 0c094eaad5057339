//! Where a formula and a table disagree: the table's cells (binned into squares on large
//! tables) in white where the formula holds and in red where it fails, deeper as more of a
//! square's cells fail, with the first counterexample ringed. The axes are the table's as
//! its heat map draws them: x (z for chocolate) across, y up, the goal corner bottom left.

use std::fmt::Write as _;

use client::lang::{said, word};
use protocol::{CheckReport, DisagreementMap, Message};

use super::frame::{axes, header, swatch, Plot, BOTTOM, LEFT, MAX_CELL, PLOT, RIGHT, TOP};
use super::{escape, image};
use crate::commands::describe;
use crate::render::shorten;

/// The least height of a picture: the legend fits.
const LEAST_HEIGHT: usize = TOP + 340;
/// Where the formula holds.
const AGREE: [u8; 3] = [255, 255, 255];
/// A cell that is not a position (above a staircase).
const NONE: [u8; 3] = [215, 215, 215];
/// The ring around the first counterexample.
const RING: &str = "rgb(20,60,200)";
/// The rings that find the failures when they are few, and would be lost among the
/// squares that hold: at most this many squares are ringed.
const FEW: usize = 64;
const FEW_RING: &str = "rgb(200,0,0)";

/// The colour of a square where `failed` of its `cells` cells fail: white when none, then
/// from a clearly visible pink (one cell) to deep red (all of them).
fn shade(failed: u32, cells: u32) -> [u8; 3] {
    if cells == 0 {
        return NONE;
    }
    if failed == 0 {
        return AGREE;
    }
    let share = f64::from(failed) / f64::from(cells);
    let t = 0.55 + 0.45 * share;
    let mix = |from: f64, to: f64| (from + (to - from) * t).round() as u8;
    [mix(255.0, 180.0), mix(200.0, 0.0), mix(200.0, 0.0)]
}

/// The map as an SVG document.
pub fn svg(r: &CheckReport, m: &DisagreementMap) -> String {
    let (nx, ny) = (m.width as usize, m.height as usize);
    let plot = Plot {
        nx,
        ny,
        x0: 0,
        y0: 0,
        cell: (PLOT / nx.max(ny).max(1)).clamp(1, MAX_CELL),
        per: m.bin.max(1),
    };
    let width = LEFT + plot.width().max(240) + RIGHT;
    let height = (TOP + plot.height() + BOTTOM).max(LEAST_HEIGHT);
    let cells = match m.across.as_str() {
        "z" => Message::new("pic-cells-z"),
        _ => Message::new("pic-cells-xy"),
    };
    let cells = said(
        &cells
            .text("checked", r.checked.to_string())
            .text("upto", r.upto.to_string()),
    );
    let title = match r.failed {
        0 => Message::new("pic-check-holds"),
        failed => Message::new("pic-check-fails").text("failed", failed.to_string()),
    };
    let title = said(&title.text("game", describe(&r.params)).text("cells", cells));
    let subtitle = format!("{} `{}`", r.kind, shorten(&r.formula, width / 8));
    let mut s = header((width, height), &title, &subtitle, &word("pic-red-fails"));
    let mut pixels = vec![0u8; nx * ny * 4];
    for up in 0..ny {
        for across in 0..nx {
            let i = up * nx + across;
            let (cells, failed) = (
                m.cells.get(i).copied().unwrap_or(0),
                m.failed.get(i).copied().unwrap_or(0),
            );
            let at = ((ny - 1 - up) * nx + across) * 4;
            let [red, green, blue] = shade(failed, cells);
            pixels[at..at + 4].copy_from_slice(&[red, green, blue, 255]);
        }
    }
    s.push_str(&image(
        &pixels,
        nx,
        ny,
        (LEFT as f64, TOP as f64),
        (plot.width() as f64, plot.height() as f64),
    ));
    let _ = writeln!(
        s,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"rgb(60,60,60)\"/>",
        plot.width(),
        plot.height()
    );
    // Few failing squares: each ringed, so that none is lost on a large map.
    let failing: Vec<usize> = (0..nx * ny)
        .filter(|&i| m.failed.get(i).is_some_and(|&f| f > 0))
        .collect();
    let ringed = failing.len() <= FEW && m.bin > 1;
    if ringed {
        let radius = (plot.cell as f64 * 2.0).max(6.0);
        for i in failing {
            let half = (m.bin as f64 - 1.0) / 2.0;
            let across = (i % nx) as f64 * m.bin as f64 + half;
            let up = (i / nx) as f64 * m.bin as f64 + half;
            let _ = writeln!(
                s,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{radius:.1}\" fill=\"none\" stroke=\"{FEW_RING}\" stroke-width=\"1.2\"/>",
                plot.px(across),
                plot.py(up)
            );
        }
    }
    if let Some(first) = r.counterexamples.first() {
        ring(&mut s, &plot, m, &first.cell);
    }
    axes(&mut s, &plot, &m.across, &m.up);
    let first = !r.counterexamples.is_empty();
    legend(&mut s, &plot, m.bin, (first, ringed), &r.source);
    s.push_str("</svg>\n");
    s
}

/// A ring around the first counterexample, named `a,b` as the table names its cells.
fn ring(s: &mut String, plot: &Plot, m: &DisagreementMap, cell: &str) {
    let Some((a, b)) = cell
        .split_once(',')
        .and_then(|(a, b)| Some((a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?)))
    else {
        return;
    };
    // Chocolate names its cells y,z and draws z across.
    let (across, up) = if m.across == "z" { (b, a) } else { (a, b) };
    let (x, y) = (plot.px(across), plot.py(up));
    let radius = (plot.cell as f64 * 1.5).max(7.0);
    let _ = writeln!(
        s,
        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{radius:.1}\" fill=\"none\" stroke=\"{RING}\" stroke-width=\"2.5\"/>"
    );
}

/// What the colours mean, what a square is, and where the values came from.
/// `rings`: whether the first counterexample, and the failing squares, are ringed.
fn legend(s: &mut String, plot: &Plot, bin: u64, rings: (bool, bool), source: &str) {
    let x = LEFT + plot.width().max(240) + 36;
    let mut y = TOP + 4;
    let rgb = |[r, g, b]: [u8; 3]| format!("rgb({r},{g},{b})");
    // Each entry's words are messages `pic-legend-…` (and `…-note` where there is one).
    let entries = [
        (rgb(AGREE), "rgb(60,60,60)", "holds", true),
        (rgb(shade(1, 1000)), "none", "few", true),
        (rgb(shade(1, 1)), "none", "all", false),
        (rgb(NONE), "none", "none", true),
    ];
    for (fill, stroke, what, noted) in entries {
        let text = word(&format!("pic-legend-{what}"));
        let note = match noted {
            true => word(&format!("pic-legend-{what}-note")),
            false => String::new(),
        };
        swatch(s, (x, y), (&fill, stroke), &text, &note);
        y += 44;
    }
    let (first, ringed) = rings;
    let rings = [
        (first, RING, 2.5, word("pic-ring-first")),
        (ringed, FEW_RING, 1.2, word("pic-ring-fails")),
    ];
    for (_, stroke, width, text) in rings.into_iter().filter(|ring| ring.0) {
        let _ = writeln!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"8\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>\
             <text x=\"{}\" y=\"{y}\">{text}</text>",
            x + 10,
            y - 4,
            x + 28
        );
        y += 28;
    }
    let square = match bin {
        1 => word("pic-square-one"),
        b => said(&Message::new("pic-square-many").text("bin", b.to_string())),
    };
    let (source, version) = source.rsplit_once(", ").unwrap_or((source, ""));
    let source_word = word("pic-source");
    for (i, line) in [square.as_str(), source_word.as_str(), source, version]
        .iter()
        .enumerate()
    {
        let _ = writeln!(
            s,
            "<text x=\"{x}\" y=\"{}\" fill=\"rgb(90,90,90)\">{}</text>",
            y + 12 + 18 * i,
            escape(line)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_failures_are_redder_and_none_is_white() {
        assert_eq!(shade(0, 10), AGREE);
        assert_eq!(shade(0, 0), NONE);
        let (few, all) = (shade(1, 100), shade(100, 100));
        assert!(all[1] < few[1] && few[1] < 255);
    }
}
