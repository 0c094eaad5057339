//! `floor(n*phi)` and its kin: the floor or ceiling of an integer times or over a constant of
//! Q(√5), perhaps plus or minus an integer — `floor(n*phi^2)`, `ceil(x/phi)`,
//! `floor((max(x,y) - min(x,y)) * phi)`, `floor(n*phi) + n` — the Beatty sequences in which
//! conjectures about Wythoff-like games are written, computed at each cell with a few integer
//! operations instead of exact arithmetic of Q(√5).
//!
//! The constant's value `V` (or `1/V` for a division) is written once as `(p + q·√5) / d`
//! with integers `p`, `q` and `d > 0`. Then `i·V + j` is `(i·p + j·d + i·q·√5) / d`, and since
//! `i·q·√5` is an integer `s` plus a fraction strictly between 0 and 1 (√5 is irrational),
//! its floor is that of `(i·p + j·d + s) / d`. `s = floor(v·√5)` is the integer square root
//! of `5·v²`, found from a floating-point estimate corrected by exact integer checks (the
//! estimate is within one of it for `v` below 2^50), or by the exact search of `number.rs`
//! beyond.
//!
//! The exact arithmetic can overflow on the way (its numerators and denominators are 128-bit),
//! and the result must then be [`EvalError::Overflow`], not the true floor. So each node
//! knows a `limit`, from its constant: while `|i|` and `|j|` are at most the limit, every
//! intermediate value of the exact computation stays below 2^124 (the bounds are derived
//! step by step below), so it cannot overflow and its floor is the true one. Beyond the
//! limit, or if the fast computation itself would overflow, the cell is computed by the very
//! steps of the exact evaluation, so that its value or error is the same.

use super::compiled::{div, mul, Int};
use super::number::{floor_sqrt5_times, Number};
use super::{Env, EvalError};

/// How the integer meets the constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scale {
    /// `i * c`.
    Times,
    /// `c * i`.
    TimesLeft,
    /// `i / c`.
    Over,
}

/// Where an integer `j` is added to or subtracted from the scaled integer (`true` for a
/// subtraction).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Offset {
    None,
    /// `i*c ± j`: `j` is evaluated after `i*c` is computed.
    After(bool),
    /// `j ± i*c`: `j` is evaluated first.
    Before(bool),
}

/// The floor or ceiling of an integer times or over a constant, plus or minus an integer: its
/// operands, and the rounding that makes its value of theirs.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Beatty {
    pub(crate) int: Int,
    /// The offset `j` (zero when there is none).
    pub(crate) offset: Int,
    pub(crate) rounding: Rounding,
}

impl Beatty {
    /// The node's value at a cell, its operands evaluated in the tree evaluator's order.
    pub(crate) fn eval(&self, env: &Env) -> Result<i128, EvalError> {
        let rounding = &self.rounding;
        match rounding.offset {
            Offset::None => rounding.round(self.int.get(env)?, 0),
            Offset::After(_) => {
                let i = self.int.get(env)?;
                rounding.check(i)?;
                rounding.round(i, self.offset.get(env)?)
            }
            Offset::Before(_) => {
                let j = self.offset.get(env)?;
                rounding.round(self.int.get(env)?, j)
            }
        }
    }
}

/// How the integers `i` and `j` of a Beatty node make its value: `i` scaled by a constant,
/// `j` added or subtracted, and the floor or ceiling taken.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Rounding {
    scale: Scale,
    constant: Number,
    offset: Offset,
    ceil: bool,
    /// The value by which `i` is multiplied, `c` or `1/c`, as `(p + q·√5) / d`, each at most
    /// [`LARGEST`] in absolute value.
    p: i64,
    q: i64,
    d: i64,
    /// `log₂ d` when `d` is a power of two, as it is for `phi` and its powers: a shift.
    shift: Option<u32>,
    /// The largest `|i|` and `|j|` at which the exact computation cannot overflow.
    limit: u128,
    /// The largest `|i|` and `|j|` (at most the limit) at which `|i·p|`, `|i·q|` and `|j·d|`
    /// are below 2^50, so that the floor is computed in 64 bits.
    small: u128,
}

/// A bound on every intermediate value of the exact computation, below which it cannot
/// overflow (128-bit integers, less 3 bits for the sums of a few such terms).
const ROOM: u128 = 1 << 124;

/// The largest coefficient worth a node: anything above makes the limit tiny.
const LARGEST: i64 = 1 << 40;

/// The bound of the 64-bit computation, and of the floating-point estimate of `v·√5`.
const SMALL: u64 = 1 << 50;

impl Rounding {
    /// The rounding of `i` scaled by `constant`, with the offset, or none when the constant
    /// is zero, too large, or a rational divisor (`floor(i / c)` with a rational `c` is left
    /// to the exact arithmetic).
    pub(crate) fn new(
        scale: Scale,
        constant: Number,
        offset: Offset,
        ceil: bool,
    ) -> Option<Rounding> {
        let (cp, cq) = constant.parts();
        if cp.is_zero() && cq.is_zero() || scale == Scale::Over && cq.is_zero() {
            return None;
        }
        let value = match scale {
            Scale::Over => Number::int(1).ok()?.div(constant).ok()?,
            Scale::Times | Scale::TimesLeft => constant,
        };
        let (vp, vq) = value.parts();
        let d = lcm(vp.den(), vq.den())?;
        let p = vp.num().checked_mul(d / vp.den())?;
        let q = vq.num().checked_mul(d / vq.den())?;
        let (p, q, d) = (small(p)?, small(q)?, small(d)?);
        let limit = (ROOM - 1) / bound(scale, constant)?;
        let largest = p.unsigned_abs().max(q.unsigned_abs()).max(d.unsigned_abs());
        Some(Rounding {
            scale,
            constant,
            offset,
            ceil,
            p,
            q,
            d,
            shift: (d.count_ones() == 1).then_some(d.trailing_zeros()),
            limit,
            small: limit.min(u128::from((SMALL - 1) / largest)),
        })
    }

    /// Where the offset is.
    pub(crate) fn offset(&self) -> Offset {
        self.offset
    }

    /// Before an offset that comes after: fails as `i*c` fails in the exact arithmetic, which
    /// is before `j` is evaluated. Within the limit it cannot.
    #[inline]
    pub(crate) fn check(&self, i: i128) -> Result<(), EvalError> {
        if i.unsigned_abs() > self.limit {
            self.scaled(i)?;
        }
        Ok(())
    }

    /// The value for the integers `i` and `j`.
    #[inline]
    pub(crate) fn round(&self, i: i128, j: i128) -> Result<i128, EvalError> {
        // j - i*c = (-i)*c + j; neither is i128::MIN, so both negate
        let fast = match self.offset {
            Offset::None => self.fast(i, 0),
            Offset::After(minus) => self.fast(i, if minus { -j } else { j }),
            Offset::Before(minus) => self.fast(if minus { -i } else { i }, j),
        };
        match fast {
            Some(value) => Ok(value),
            None => self.exact(i, j),
        }
    }

    /// The value by the steps of the tree evaluator: `i` scaled by the constant, then `j`
    /// added or subtracted, then rounded.
    #[cold]
    #[inline(never)]
    fn exact(&self, i: i128, j: i128) -> Result<i128, EvalError> {
        let scaled = self.scaled(i)?;
        let value = match self.offset {
            Offset::None => scaled,
            Offset::After(minus) => {
                let j = Number::int(j)?;
                if minus {
                    scaled.sub(j)?
                } else {
                    scaled.add(j)?
                }
            }
            Offset::Before(minus) => {
                let j = Number::int(j)?;
                if minus {
                    j.sub(scaled)?
                } else {
                    j.add(scaled)?
                }
            }
        };
        let rounded = if self.ceil {
            value.ceil()?
        } else {
            value.floor()?
        };
        Number::int(rounded)?;
        Ok(rounded)
    }

    /// `i` scaled by the constant, by the exact arithmetic.
    #[cold]
    #[inline(never)]
    fn scaled(&self, i: i128) -> Result<Number, EvalError> {
        let i = Number::int(i)?;
        match self.scale {
            Scale::Times => i.mul(self.constant),
            Scale::TimesLeft => self.constant.mul(i),
            Scale::Over => i.div(self.constant),
        }
    }

    /// `floor(i·V + j)` (or its ceiling), exactly, when `|i|` and `|j|` are within the limit
    /// and no step overflows; otherwise nothing, and the caller computes it exactly.
    #[inline]
    pub(super) fn fast(&self, i: i128, j: i128) -> Option<i128> {
        // ceil(x) = -floor(-x); neither is i128::MIN, so both negate.
        let (i, j) = if self.ceil { (-i, -j) } else { (i, j) };
        let floor = if i.unsigned_abs() <= self.small && j.unsigned_abs() <= self.small {
            self.small_floor(i64::try_from(i).ok()?, i64::try_from(j).ok()?)
        } else {
            self.wide_floor(i, j)?
        };
        Some(if self.ceil { -floor } else { floor })
    }

    /// `floor(i·V + j)` for `|i|` and `|j|` within `small`: every term is below 2^50 and
    /// `floor(i·q·√5)` below 2^52, so that nothing overflows 64 bits.
    #[inline]
    fn small_floor(&self, i: i64, j: i64) -> i128 {
        let v = i * self.q;
        let root = floor_sqrt5_small(v.unsigned_abs()).cast_signed();
        let s = if v >= 0 { root } else { -root - 1 };
        let top = i * self.p + j * self.d + s;
        i128::from(match self.shift {
            Some(shift) => top >> shift,
            None => top.div_euclid(self.d),
        })
    }

    /// `floor(i·V + j)` in 128 bits, within the limit and if no step overflows.
    #[inline(never)]
    fn wide_floor(&self, i: i128, j: i128) -> Option<i128> {
        if i.unsigned_abs() > self.limit || j.unsigned_abs() > self.limit {
            return None;
        }
        let (p, q, d) = (i128::from(self.p), i128::from(self.q), i128::from(self.d));
        let whole = mul(i, p).ok()?.checked_add(mul(j, d).ok()?)?;
        let root = i128::try_from(floor_sqrt5_times(mul(i, q).ok()?.unsigned_abs()).ok()?).ok()?;
        let s = if i.signum() * q.signum() >= 0 {
            root
        } else {
            -root - 1
        };
        let top = whole.checked_add(s)?;
        Some(match self.shift {
            Some(shift) => top >> shift,
            None => div(top, d).ok()?,
        })
    }
}

/// `floor(v·√5)` for `v` below 2^50, from `v·√5` in floating point, which is then within
/// one of it, corrected by comparing squares exactly.
#[inline]
fn floor_sqrt5_small(v: u64) -> u64 {
    const SQRT_5: f64 = 2.236_067_977_499_79;
    let square = |s: u64| u128::from(s) * u128::from(s);
    let target = 5 * square(v);
    // v is exact in floating point, and the product is rounded once: within one of v·√5.
    let mut s = (v.cast_signed() as f64 * SQRT_5) as u64;
    while square(s) > target {
        s -= 1;
    }
    while square(s + 1) <= target {
        s += 1;
    }
    s
}

/// A coefficient of a node, if it is at most [`LARGEST`].
fn small(c: i128) -> Option<i64> {
    i64::try_from(c)
        .ok()
        .filter(|c| c.unsigned_abs() <= LARGEST.unsigned_abs())
}

/// The least common multiple of two positive integers, if it fits.
fn lcm(a: i128, b: i128) -> Option<i128> {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    (a / x).checked_mul(b)
}

/// A coefficient `K` such that, with `|i|` and `|j|` at most `M`, every intermediate value of
/// the exact computation of `floor(i·c ± j)` (or `floor(j ± i·c)`, `floor(i/c ± j)`, or their
/// ceilings) is at most `M·K` in absolute value. With `c = a/b + (e/f)·√5` in lowest terms:
///
/// - `i·c` (or `c·i`) is `(i·a/b) + (i·e/f)·√5`: numerators at most `M·a` and `M·e`,
///   denominators at most `b` and `f`; `c·i` also computes `5·e/f`, at most `5e`.
/// - Adding `j` makes the rational part's numerator at most `M·a + M·b`.
/// - The floor multiplies crosswise: `(M·a + M·b)·f`, `M·e·b` and `b·f`, then adds
///   `floor(M·e·b·√5) < 3·M·e·b`.
///
/// So `K = a·f + b·f + 3·e·b + 5·e + 1`. For `i / c`, the exact division multiplies by the
/// conjugate and divides by the norm `n/m = c·c̄`: the parts are at most `M·a·m` and `M·e·m`
/// over `b·|n|` and `f·|n|`, and the same steps give
/// `K = |n|·(a·m·f + b·|n|·f + 3·e·m·b) + b·f·n² + 1`.
fn bound(scale: Scale, constant: Number) -> Option<u128> {
    let (cp, cq) = constant.parts();
    let (a, b) = (cp.num().unsigned_abs(), cp.den().unsigned_abs());
    let (e, f) = (cq.num().unsigned_abs(), cq.den().unsigned_abs());
    let sum = |terms: &[&[u128]]| {
        terms.iter().try_fold(1u128, |total, factors| {
            let product = factors.iter().try_fold(1u128, |p, x| p.checked_mul(*x))?;
            total.checked_add(product)
        })
    };
    let coefficient = match scale {
        Scale::Times | Scale::TimesLeft => sum(&[&[a, f], &[b, f], &[3, e, b], &[5, e]])?,
        Scale::Over => {
            let norm = constant.mul(constant.conjugate()).ok()?.parts().0;
            let (n, m) = (norm.num().unsigned_abs(), norm.den().unsigned_abs());
            sum(&[
                &[n, a, m, f],
                &[n, b, n, f],
                &[n, 3, e, m, b],
                &[b, f, n, n],
            ])?
        }
    };
    (coefficient < ROOM).then_some(coefficient)
}
