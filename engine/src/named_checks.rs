//! The results grundy grew out of, as formulas anyone can check against the tables: the
//! theorems a researcher would test the tool with (the rook is Nim, Wythoff's P-positions are
//! Beatty pairs), the published formulas of the shogi pieces and of the chocolate bars with
//! even steps, and conjectures about the bars with odd steps, whose status is only ever
//! "verified up to a bound".
//!
//! Each check is a [`Formula`](crate::formula::Formula) in the language of
//! [`crate::formula`] and the tables it is about; checking it is the server's business.

use crate::corner::Piece;

/// Which tables a named check is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tables {
    /// The corner game of this piece (cells `x,y`).
    Corner(Piece),
    /// The chocolate staircases of every even step (cells `y,z`), 0 included: a
    /// rectangle is the limit of long steps.
    EvenSteps,
    /// The chocolate staircases of every odd step.
    OddSteps,
    /// The chocolate staircase of one step.
    Step(u32),
}

impl Tables {
    /// Whether the chocolate step `k` is one of these tables.
    pub fn has_step(self, k: u32) -> bool {
        match self {
            Tables::Corner(_) => false,
            Tables::EvenSteps => k.is_multiple_of(2),
            Tables::OddSteps => !k.is_multiple_of(2),
            Tables::Step(step) => step == k,
        }
    }
}

/// How much is known of a named check's statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Proved: a check that fails is a fault of the tables, not of the statement.
    Theorem,
    /// Stated in the literature the project grew out of.
    Published,
    /// Seen in the tables, not proved: it holds as far as it was checked, no further.
    Conjecture,
}

impl Status {
    /// The word for it: `theorem`, `published` or `conjecture`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Theorem => "theorem",
            Status::Published => "published",
            Status::Conjecture => "conjecture",
        }
    }
}

/// A statement about a game's Grundy numbers, stated as a formula.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedCheck {
    /// What to call it on the command line: lowercase, with dashes.
    pub name: &'static str,
    /// The statement in words.
    pub title: &'static str,
    /// The tables it is checked against.
    pub tables: Tables,
    /// The formula: a value formula (every cell's Grundy number) or a predicate.
    pub formula: &'static str,
    /// How much is known of it.
    pub status: Status,
    /// Where it comes from.
    pub reference: &'static str,
}

/// Every named check, in the order they are listed.
pub const NAMED_CHECKS: &[NamedCheck] = &[
    NamedCheck {
        name: "rook-nim",
        title: "the rook is two-pile Nim: its Grundy number is x xor y",
        tables: Tables::Corner(Piece::Rook),
        formula: "x xor y",
        status: Status::Theorem,
        reference: "C. L. Bouton, Nim, a game with a complete mathematical theory, \
                    Annals of Mathematics 3 (1901)",
    },
    NamedCheck {
        name: "wythoff",
        title: "the queen's P-positions are the Beatty pairs (⌊nφ⌋, ⌊nφ²⌋) and their mirrors",
        tables: Tables::Corner(Piece::Queen),
        formula: "grundy == 0 <-> min(x,y) == floor((max(x,y) - min(x,y)) * phi)",
        status: Status::Theorem,
        reference: "W. A. Wythoff, A modification of the game of Nim, \
                    Nieuw Archief voor Wiskunde 7 (1907)",
    },
    NamedCheck {
        name: "dragon-king",
        title: "the dragon king: ((x + y) mod 3) + 3·(⌊x/3⌋ xor ⌊y/3⌋)",
        tables: Tables::Corner(Piece::Dragon),
        formula: "(x + y) % 3 + 3 * ((x // 3) xor (y // 3))",
        status: Status::Published,
        reference: "the shogi variants of Corner the Queen (high-school research, \
                    R. Miyadera's group)",
    },
    NamedCheck {
        name: "dragon-horse",
        title: "the dragon horse: with m = min(x, y), 4·⌊m/4⌋ plus the bits of m mod 4 \
                swapped, xor the parity of x + y",
        tables: Tables::Corner(Piece::Horse),
        formula:
            "4 * (min(x,y) // 4) + ((2 * (min(x,y) % 2) + min(x,y) // 2 % 2) xor ((x + y) % 2))",
        status: Status::Published,
        reference: "the shogi variants of Corner the Queen (high-school research, \
                    R. Miyadera's group); this form of it is grundy's",
    },
    NamedCheck {
        name: "chocolate-even",
        title: "for even k the staircase's Grundy number is y xor z",
        tables: Tables::EvenSteps,
        formula: "y xor z",
        status: Status::Theorem,
        reference: "S. Nakamura, R. Hanafusa, W. Ogasa, T. Kitagawa, R. Miyadera, \
                    Chocolate games that satisfy the inequality y ≤ ⌊z/k⌋ for k = 1, 2 \
                    and Grundy numbers, Visual Mathematics 15 (2013)",
    },
    NamedCheck {
        name: "chocolate-one",
        title: "for k = 1: z + ⌈y/2⌉ when z − y is even, else min(z − ⌈y/2⌉, (3(z − y) − 1)/2)",
        tables: Tables::Step(1),
        formula:
            "if((z - y) % 2 == 0, z + (y + 1) // 2, min(z - (y + 1) // 2, (3 * (z - y) - 1) // 2))",
        status: Status::Conjecture,
        reference: "read off grundy's tables; the case k = 1 of the P-positions is proved in \
                    Nakamura et al. (2013), this closed form of the Grundy numbers is not",
    },
    NamedCheck {
        name: "chocolate-odd",
        title: "for odd k, the staircase's Grundy number is z + ⌈y/2⌉ wherever z − y is even",
        tables: Tables::OddSteps,
        formula: "(z - y) % 2 == 0 -> grundy == z + (y + 1) // 2",
        status: Status::Conjecture,
        reference: "read off grundy's tables; the general odd step is an open problem \
                    (Nakamura et al., 2013)",
    },
];

/// The named check called `name`.
pub fn named_check(name: &str) -> Option<&'static NamedCheck> {
    NAMED_CHECKS.iter().find(|c| c.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chocolate;
    use crate::corner;
    use crate::formula::{Env, Formula, Kind};
    use crate::mex;

    /// A corner table by brute force: every cell the mex of the cells its piece reaches.
    fn brute_corner(piece: Piece, n: usize) -> Vec<Vec<u64>> {
        let mut g = vec![vec![0u64; n]; n];
        for x in 0..n {
            for y in 0..n {
                let mut seen = Vec::new();
                let long = !matches!(piece, Piece::Horse);
                let diagonal_far = matches!(piece, Piece::Queen | Piece::Horse);
                let reach = |d: usize, far: bool| if far { d } else { d.min(1) };
                for u in 1..=reach(x, long) {
                    seen.push(g[x - u][y]);
                }
                for v in 1..=reach(y, long) {
                    seen.push(g[x][y - v]);
                }
                if piece != Piece::Rook {
                    for t in 1..=reach(x.min(y), diagonal_far) {
                        seen.push(g[x - t][y - t]);
                    }
                }
                g[x][y] = mex(seen);
            }
        }
        g
    }

    /// Whether the formula agrees with a cell's Grundy number.
    fn agrees(formula: &Formula, env: Env, grundy: u64) -> bool {
        let env = Env {
            grundy: Some(grundy),
            ..env
        };
        match formula.kind() {
            Kind::Value => formula.value(&env) == Ok(i128::from(grundy)),
            Kind::Predicate => formula.holds(&env) == Ok(true),
        }
    }

    #[test]
    fn every_named_check_reads_and_names_are_unique() {
        for (i, check) in NAMED_CHECKS.iter().enumerate() {
            assert!(Formula::parse(check.formula).is_ok(), "{}", check.name);
            assert_eq!(named_check(check.name), Some(check));
            assert!(NAMED_CHECKS[..i].iter().all(|c| c.name != check.name));
        }
    }

    #[test]
    fn the_corner_checks_hold_on_brute_force_tables() {
        const N: usize = 96;
        for check in NAMED_CHECKS {
            let Tables::Corner(piece) = check.tables else {
                continue;
            };
            let brute = brute_corner(piece, N);
            let table = corner::Table::solve(piece, N as u64).expect("a small table");
            let formula = Formula::parse(check.formula).expect("it reads");
            for (x, row) in brute.iter().enumerate() {
                for (y, &g) in row.iter().enumerate() {
                    assert_eq!(table.get(x as u64, y as u64).map(|c| c.0), Some(g));
                    let env = Env {
                        x: x as i64,
                        y: y as i64,
                        ..Env::default()
                    };
                    assert!(agrees(&formula, env, g), "{} at {x},{y}", check.name);
                }
            }
        }
    }

    #[test]
    fn the_chocolate_checks_hold_on_their_steps_and_fail_on_the_others() {
        const Z: u64 = 200;
        let chocolate_checks: Vec<(&NamedCheck, Formula)> = NAMED_CHECKS
            .iter()
            .filter(|c| !matches!(c.tables, Tables::Corner(_)))
            .map(|c| (c, Formula::parse(c.formula).expect("it reads")))
            .collect();
        for k in 0..=7 {
            let table = chocolate::Table::solve(k, Z).expect("a small table");
            for (check, formula) in &chocolate_checks {
                let mut failed = 0;
                for z in 0..=Z {
                    let mut y = 0;
                    while let Some(g) = table.grundy(y, z) {
                        let env = Env {
                            y: y as i64,
                            z: z as i64,
                            k: i64::from(k),
                            ..Env::default()
                        };
                        failed += u64::from(!agrees(formula, env, g));
                        y += 1;
                    }
                }
                assert_eq!(
                    check.tables.has_step(k),
                    failed == 0,
                    "{} k={k}",
                    check.name
                );
            }
        }
    }

    #[test]
    fn the_queen_is_not_nim_from_1_1() {
        let table = corner::Table::solve(Piece::Queen, 8).expect("a small table");
        let nim = Formula::parse("x xor y").expect("it reads");
        let first = (0..8u64)
            .flat_map(|x| (0..8u64).map(move |y| (x, y)))
            .find(|&(x, y)| {
                let g = table.get(x, y).map_or(0, |c| c.0);
                let env = Env {
                    x: x as i64,
                    y: y as i64,
                    ..Env::default()
                };
                !agrees(&nim, env, g)
            });
        assert_eq!(first, Some((1, 1)));
    }
}
