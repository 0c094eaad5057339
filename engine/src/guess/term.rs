//! A formula the search builds, as a tree: its size (what "shortest" counts) and its text in
//! the language of [`crate::formula`], which reads back to the same values.

use std::fmt::{self, Write as _};

/// A binary operator of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Binary {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Xor,
    And,
    Or,
    Min,
    Max,
}

impl Binary {
    /// Every binary operator, in the order the search tries them.
    pub const ALL: [Binary; 10] = [
        Binary::Add,
        Binary::Sub,
        Binary::Mul,
        Binary::Div,
        Binary::Mod,
        Binary::Xor,
        Binary::And,
        Binary::Or,
        Binary::Min,
        Binary::Max,
    ];

    /// Whether `a op b` is `b op a`: the search builds one of the two.
    pub fn commutes(self) -> bool {
        !matches!(self, Binary::Sub | Binary::Div | Binary::Mod)
    }

    /// Its value at one cell, or `None` where the language refuses it (a division by zero,
    /// a bitwise operation on a negative number).
    pub fn apply(self, a: i32, b: i32) -> Option<i32> {
        match self {
            Binary::Add => Some(a + b),
            Binary::Sub => Some(a - b),
            Binary::Mul => Some(a * b),
            Binary::Div => floor_div(a, b),
            Binary::Mod => floor_div(a, b).map(|q| a - b * q),
            Binary::Xor => (a >= 0 && b >= 0).then_some(a ^ b),
            Binary::And => (a >= 0 && b >= 0).then_some(a & b),
            Binary::Or => (a >= 0 && b >= 0).then_some(a | b),
            Binary::Min => Some(a.min(b)),
            Binary::Max => Some(a.max(b)),
        }
    }

    /// How tightly it binds in the language (higher binds tighter); functions are 9.
    fn precedence(self) -> u8 {
        match self {
            Binary::Or => 1,
            Binary::Xor => 2,
            Binary::And => 3,
            Binary::Add | Binary::Sub => 5,
            Binary::Mul | Binary::Div | Binary::Mod => 6,
            Binary::Min | Binary::Max => 9,
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Binary::Add => "+",
            Binary::Sub => "-",
            Binary::Mul => "*",
            Binary::Div => "//",
            Binary::Mod => "%",
            Binary::Xor => "xor",
            Binary::And => "and",
            Binary::Or => "or",
            Binary::Min => "min",
            Binary::Max => "max",
        }
    }

    fn bitwise(self) -> bool {
        matches!(self, Binary::Xor | Binary::And | Binary::Or)
    }
}

/// `a // b`, rounded down, as the language computes it; `None` for `b = 0`.
fn floor_div(a: i32, b: i32) -> Option<i32> {
    if b == 0 {
        return None;
    }
    let q = a / b;
    Some(if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    })
}

/// `floor(v * phi)`, exactly: for v ≥ 0 it is ⌊(v + ⌊√(5v²)⌋) / 2⌋, since v·√5 is irrational
/// for v > 0.
pub fn floor_phi(v: i32) -> i32 {
    let up = |v: i64| -> i64 {
        let square = 5 * v * v;
        // The float's root is within one of the exact one; settle it exactly.
        let mut root = (square as f64).sqrt() as i64;
        while root * root > square {
            root -= 1;
        }
        while (root + 1) * (root + 1) <= square {
            root += 1;
        }
        (v + root) / 2
    };
    let v = i64::from(v);
    let f = if v >= 0 { up(v) } else { -up(-v) - 1 };
    i32::try_from(f).unwrap_or(i32::MAX)
}

/// A formula found, as a tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Term {
    /// A coordinate: `x`, `y` or `z`.
    Var(&'static str),
    /// An integer.
    Num(i64),
    /// `a op b`.
    Binary(Binary, Box<Term>, Box<Term>),
    /// `abs(a)`.
    Abs(Box<Term>),
    /// `floor(a * phi)`.
    FloorPhi(Box<Term>),
    /// `if(s == r, a, b)`: a piece for the cells where the selector `s` is `r`, another for
    /// the rest.
    Piecewise {
        selector: Box<Term>,
        class: i64,
        then: Box<Term>,
        otherwise: Box<Term>,
    },
    /// `a == b`: a predicate.
    Equal(Box<Term>, Box<Term>),
}

impl Term {
    /// `a op b`.
    pub fn binary(op: Binary, a: Term, b: Term) -> Term {
        Term::Binary(op, Box::new(a), Box::new(b))
    }

    /// Its size: operators and operands, each counted once (`floor(a * phi)` is one operator
    /// on `a`; `if(s == r, a, b)` counts `if`, `==`, the class and its three parts).
    pub fn size(&self) -> usize {
        match self {
            Term::Var(_) | Term::Num(_) => 1,
            Term::Binary(_, a, b) | Term::Equal(a, b) => 1 + a.size() + b.size(),
            Term::Abs(a) | Term::FloorPhi(a) => 1 + a.size(),
            Term::Piecewise {
                selector,
                then,
                otherwise,
                ..
            } => 3 + selector.size() + then.size() + otherwise.size(),
        }
    }

    fn precedence(&self) -> u8 {
        match self {
            Term::Binary(op, ..) => op.precedence(),
            Term::Equal(..) => 0,
            Term::Num(n) if *n < 0 => 7,
            _ => 9,
        }
    }

    fn write(&self, out: &mut String) {
        match self {
            Term::Var(name) => out.push_str(name),
            Term::Num(n) => {
                let _ = write!(out, "{n}");
            }
            Term::Binary(op @ (Binary::Min | Binary::Max), a, b) => {
                let _ = write!(out, "{}({}, {})", op.symbol(), a, b);
            }
            Term::Binary(op, a, b) => {
                // Parentheses where the language needs them, and around arithmetic under a
                // bitwise operator, which the reader would otherwise have to look up.
                let tight = |t: &Term, right: bool| {
                    let p = t.precedence();
                    p < op.precedence()
                        || (right && p == op.precedence())
                        || (op.bitwise() && p != op.precedence() && p < 9)
                };
                write_group(out, a, tight(a, false));
                let _ = write!(out, " {} ", op.symbol());
                write_group(out, b, tight(b, true));
            }
            Term::Abs(a) => {
                let _ = write!(out, "abs({a})");
            }
            Term::FloorPhi(a) => {
                out.push_str("floor(");
                write_group(out, a, a.precedence() < 6);
                out.push_str(" * phi)");
            }
            Term::Piecewise {
                selector,
                class,
                then,
                otherwise,
            } => {
                let _ = write!(out, "if({selector} == {class}, {then}, {otherwise})");
            }
            Term::Equal(a, b) => {
                let _ = write!(out, "{a} == {b}");
            }
        }
    }
}

fn write_group(out: &mut String, t: &Term, parens: bool) {
    if parens {
        out.push('(');
    }
    t.write(out);
    if parens {
        out.push(')');
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write(&mut out);
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(n: &'static str) -> Term {
        Term::Var(n)
    }

    #[test]
    fn the_dragon_kings_formula_is_written_as_the_papers_write_it() {
        let third = |v| Term::binary(Binary::Div, var(v), Term::Num(3));
        let low = Term::binary(
            Binary::Mod,
            Term::binary(Binary::Add, var("x"), var("y")),
            Term::Num(3),
        );
        let high = Term::binary(
            Binary::Mul,
            Term::Num(3),
            Term::binary(Binary::Xor, third("x"), third("y")),
        );
        let t = Term::binary(Binary::Add, low, high);
        assert_eq!(t.to_string(), "(x + y) % 3 + 3 * ((x // 3) xor (y // 3))");
        assert_eq!(t.size(), 15);
    }

    #[test]
    fn parentheses_follow_the_grouping() {
        let t = Term::binary(
            Binary::Sub,
            var("x"),
            Term::binary(Binary::Sub, var("y"), Term::Num(1)),
        );
        assert_eq!(t.to_string(), "x - (y - 1)");
        let t = Term::binary(
            Binary::Sub,
            Term::binary(Binary::Sub, var("x"), var("y")),
            Term::Num(1),
        );
        assert_eq!(t.to_string(), "x - y - 1");
        let t = Term::FloorPhi(Box::new(Term::Abs(Box::new(Term::binary(
            Binary::Sub,
            var("x"),
            var("y"),
        )))));
        assert_eq!(t.to_string(), "floor(abs(x - y) * phi)");
    }

    #[test]
    fn floor_phi_is_exact() {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        for v in -2000..2000 {
            assert_eq!(floor_phi(v), (f64::from(v) * phi).floor() as i32, "{v}");
        }
    }

    #[test]
    fn floor_division_and_remainder_follow_the_divisors_sign() {
        assert_eq!(Binary::Div.apply(-7, 2), Some(-4));
        assert_eq!(Binary::Mod.apply(-7, 2), Some(1));
        assert_eq!(Binary::Mod.apply(7, -2), Some(-1));
        assert_eq!(Binary::Div.apply(7, 0), None);
        assert_eq!(Binary::Xor.apply(-1, 2), None);
    }
}
