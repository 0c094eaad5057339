//! Brute force over the rules: the engine's legal moves and `play`, with a plain mex and
//! remoteness (corner, chocolate) or a sweep-by-sweep fixed point (L-game) written here.

use std::collections::HashMap;
use std::sync::OnceLock;

use engine::corner::{self, Piece};
use engine::lgame::{self, Color, Placement, Square};
use engine::{chocolate, mex, remoteness_of, Outcome, Position as _};

/// (Grundy number, remoteness) of every square of an n×n board, indexed `[x][y]`.
pub(super) fn corner(piece: Piece, n: u64) -> Vec<Vec<(u64, u64)>> {
    let mut values = vec![vec![(0, 0); n as usize]; n as usize];
    // A move never increases a coordinate, so row-major order meets every option first.
    for x in 0..n {
        for y in 0..n {
            let p = corner::Position::new(piece, n, x, y).expect("a square on the board");
            let options: Vec<(u64, u64)> = p
                .legal_moves()
                .iter()
                .map(|m| {
                    let q = p.play(m).expect("a legal move");
                    values[q.x() as usize][q.y() as usize]
                })
                .collect();
            values[x as usize][y as usize] = (
                mex(options.iter().map(|o| o.0)),
                remoteness_of(options.iter().map(|o| o.1)),
            );
        }
    }
    values
}

/// G(y, z) of every staircase of step `k` with z ≤ `z_max`: the Grundy number of {0, y, z}.
pub(super) fn staircase(k: u32, z_max: u64) -> HashMap<(u64, u64), u64> {
    let mut g = HashMap::new();
    for z in 0..=z_max {
        let height = if k == 0 { z_max } else { z / u64::from(k) };
        for y in 0..=height {
            let p = chocolate::Position::new(k, 0, y, z).expect("a staircase");
            let options: Vec<u64> = p
                .legal_moves()
                .iter()
                .map(|m| {
                    let q = p.play(m).expect("a legal move");
                    assert_eq!(q.x(), 0, "no move lengthens the strip");
                    g[&(q.y(), q.z())]
                })
                .collect();
            let value = mex(options);
            g.insert((y, z), value);
        }
    }
    g
}

/// Every L-game position with red to move (the mover's view), by the public constructor.
pub(super) fn lgame_positions() -> Vec<lgame::Position> {
    let mut out = Vec::new();
    for red in Placement::all() {
        for blue in Placement::all() {
            for a in Square::all() {
                for b in Square::all().filter(|&b| b > a) {
                    if let Ok(p) = lgame::Position::new(red, blue, [a, b], Color::Red) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// Outcome and depth of every L-game position seen from the mover, by its notation
/// (computed once per test run: several tests compare against it).
pub(super) fn lgame() -> &'static HashMap<String, (Outcome, Option<u64>)> {
    static VALUES: OnceLock<HashMap<String, (Outcome, Option<u64>)>> = OnceLock::new();
    VALUES.get_or_init(lgame_fixed_point)
}

/// Each sweep labels, from the previous sweep's labels only, what they decide: lost when
/// every move leads to a labelled win, won when some move leads to a labelled loss. A
/// position first labelled in sweep d has depth d; what is never labelled is a draw.
fn lgame_fixed_point() -> HashMap<String, (Outcome, Option<u64>)> {
    let all = lgame_positions();
    let number: HashMap<lgame::Position, usize> =
        all.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    // The mover's view after each move: the opponent moves next, so swap the colours.
    let next: Vec<Vec<usize>> = all
        .iter()
        .map(|p| {
            p.legal_moves()
                .iter()
                .map(|m| number[&p.play(m).expect("a legal move").swap_colors()])
                .collect()
        })
        .collect();
    let mut label: Vec<Option<(Outcome, u64)>> = vec![None; all.len()];
    for sweep in 0.. {
        let before = label.clone();
        for (i, moves) in next.iter().enumerate() {
            if before[i].is_some() {
                continue;
            }
            let outcomes: Vec<Option<Outcome>> =
                moves.iter().map(|&j| before[j].map(|l| l.0)).collect();
            if outcomes.contains(&Some(Outcome::Loss)) {
                label[i] = Some((Outcome::Win, sweep));
            } else if outcomes.iter().all(|&o| o == Some(Outcome::Win)) {
                label[i] = Some((Outcome::Loss, sweep));
            }
        }
        if label == before {
            break;
        }
    }
    all.iter()
        .zip(label)
        .map(|(p, l)| {
            let value = l.map_or((Outcome::Draw, None), |(o, d)| (o, Some(d)));
            (p.to_string(), value)
        })
        .collect()
}
