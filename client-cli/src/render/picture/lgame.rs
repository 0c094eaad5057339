//! The L-game's chart: how many positions (up to symmetry, seen from the player to move) are
//! won or lost in each number of plies, and how many are drawn.

use std::fmt::Write as _;

use client::lang::{said, word};
use protocol::{Message, TableData};

use super::{escape, FONT};

/// Outcome colours: won, lost, drawn (for the player to move).
const WON: [u8; 3] = [46, 139, 87];
const LOST: [u8; 3] = [178, 34, 34];
const DRAWN: [u8; 3] = [218, 165, 32];

/// Height of a bar's row, the chart's width, the labels' width and the top margin.
const BAR: usize = 24;
const WIDTH: usize = 720;
const LABEL_W: usize = 130;
const TOP: usize = 64;

/// Counts of classes by depth (rows) and outcome (won, lost), and the draws.
fn counts(t: &TableData) -> (Vec<[usize; 2]>, usize) {
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

/// One bar per depth that has won or lost positions, then the draws.
fn bars(t: &TableData) -> Vec<(String, usize, [u8; 3])> {
    let (by_depth, draws) = counts(t);
    let mut bars = Vec::new();
    for (d, [won, lost]) in by_depth.iter().enumerate() {
        let depth = |id: &str| said(&Message::new(id).count("plies", d as u64));
        if *won > 0 {
            bars.push((depth("pic-lgame-won"), *won, WON));
        }
        if *lost > 0 {
            bars.push((depth("pic-lgame-lost"), *lost, LOST));
        }
    }
    bars.push((word("pic-lgame-drawn"), draws, DRAWN));
    bars
}

/// The chart as an SVG document.
pub fn svg(t: &TableData) -> String {
    let bars = bars(t);
    let most = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1);
    let height = TOP + bars.len() * BAR + 40;
    let title = said(&Message::new("pic-lgame-title").text("count", t.classes.len().to_string()));
    let subtitle = word("pic-lgame-subtitle");
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {WIDTH} {height}\" font-family=\"{FONT}\" font-size=\"13\">\n\
         <title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"12\" y=\"26\" font-size=\"18\">{}</text>\n\
         <text x=\"12\" y=\"46\" fill=\"rgb(90,90,90)\">{}</text>\n",
        escape(&title),
        escape(&title),
        escape(&subtitle)
    );
    for (i, (label, n, [r, g, b])) in bars.iter().enumerate() {
        let y = TOP + i * BAR;
        let len = (WIDTH - LABEL_W - 80) * n / most;
        let _ = writeln!(
            s,
            "<text x=\"12\" y=\"{}\">{label}</text><rect x=\"{LABEL_W}\" y=\"{y}\" width=\"{len}\" \
             height=\"{}\" fill=\"rgb({r},{g},{b})\"/><text x=\"{}\" y=\"{}\">{n}</text>",
            y + 16,
            BAR - 5,
            LABEL_W + len + 6,
            y + 16
        );
    }
    s.push_str("</svg>\n");
    s
}
