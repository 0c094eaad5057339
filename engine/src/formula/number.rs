//! Exact numbers of Q(√5): every value of a formula is `p + q·√5` with rationals `p` and `q`,
//! so that the golden ratio `phi = 1/2 + 1/2·√5` and everything made of it by `+ - * / ^` is
//! exact, and so are `floor`, `ceil` and comparisons. No floating point anywhere.
//!
//! Floors and signs come down to `floor(v·√5)` for a natural number `v`, which is the integer
//! square root of `5·v²` (computed in 256 bits when `5·v²` does not fit in 128). Since √5 is
//! irrational, `v·√5` is never an integer for `v > 0`, which makes both exact and simple.

use std::cmp::Ordering;

use super::rational::{fit, Rational};
use super::EvalError;

/// `p + q·√5`, exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Number {
    p: Rational,
    q: Rational,
}

impl Number {
    /// The golden ratio, `(1 + √5) / 2`.
    pub(crate) fn phi() -> Result<Number, EvalError> {
        let half = Rational::new(1, 2)?;
        Ok(Number { p: half, q: half })
    }

    /// The integer `n`.
    pub(crate) fn int(n: i128) -> Result<Number, EvalError> {
        Ok(Number {
            p: Rational::int(n)?,
            q: Rational::ZERO,
        })
    }

    /// `p` and `q`, the rational and the `√5` parts.
    pub(crate) fn parts(self) -> (Rational, Rational) {
        (self.p, self.q)
    }

    /// `p - q·√5`: the number times it is the rational `p² - 5q²`.
    pub(crate) fn conjugate(self) -> Number {
        Number {
            p: self.p,
            q: self.q.neg(),
        }
    }

    /// The integer this number is, if it is one.
    pub(crate) fn as_int(self) -> Option<i128> {
        if self.q.is_zero() {
            self.p.as_int()
        } else {
            None
        }
    }

    pub(crate) fn neg(self) -> Number {
        Number {
            p: self.p.neg(),
            q: self.q.neg(),
        }
    }

    pub(crate) fn add(self, other: Number) -> Result<Number, EvalError> {
        Ok(Number {
            p: self.p.add(other.p)?,
            q: self.q.add(other.q)?,
        })
    }

    pub(crate) fn sub(self, other: Number) -> Result<Number, EvalError> {
        self.add(other.neg())
    }

    /// `(a + b√5)(c + d√5) = (ac + 5bd) + (ad + bc)√5`.
    pub(crate) fn mul(self, other: Number) -> Result<Number, EvalError> {
        if self.q.is_zero() && other.q.is_zero() {
            return Ok(Number {
                p: self.p.mul(other.p)?,
                q: Rational::ZERO,
            });
        }
        let five = Rational::int(5)?;
        let p = self.p.mul(other.p)?.add(five.mul(self.q)?.mul(other.q)?)?;
        let q = self.p.mul(other.q)?.add(self.q.mul(other.p)?)?;
        Ok(Number { p, q })
    }

    /// Division: by a rational, part by part; otherwise times the conjugate `c - d√5` over
    /// the norm `c² - 5d²`, which is zero only for zero since √5 is irrational.
    pub(crate) fn div(self, other: Number) -> Result<Number, EvalError> {
        if other.q.is_zero() {
            return Ok(Number {
                p: self.p.div(other.p)?,
                q: self.q.div(other.p)?,
            });
        }
        let conjugate = Number {
            p: other.p,
            q: other.q.neg(),
        };
        let norm = other.mul(conjugate)?.p;
        let top = self.mul(conjugate)?;
        Ok(Number {
            p: top.p.div(norm)?,
            q: top.q.div(norm)?,
        })
    }

    /// `self ^ exponent` by repeated squaring (`0 ^ 0` is 1).
    pub(crate) fn pow(self, exponent: u32) -> Result<Number, EvalError> {
        let (mut result, mut base, mut e) = (Number::int(1)?, self, exponent);
        while e > 0 {
            if e & 1 == 1 {
                result = result.mul(base)?;
            }
            e >>= 1;
            if e > 0 {
                base = base.mul(base)?;
            }
        }
        Ok(result)
    }

    /// The sign of the number: with `p = a/b` and `q = c/d`, the sign of `ad + cb·√5`.
    pub(crate) fn signum(self) -> Result<Ordering, EvalError> {
        let (sp, sq) = (self.p.num().cmp(&0), self.q.num().cmp(&0));
        if sq == Ordering::Equal || sp == sq {
            return Ok(sp);
        }
        if sp == Ordering::Equal {
            return Ok(sq);
        }
        // Opposite signs: which of |ad| and |cb|·√5 is larger?
        let u = self
            .p
            .num()
            .unsigned_abs()
            .checked_mul(self.q.den().unsigned_abs());
        let v = self
            .q
            .num()
            .unsigned_abs()
            .checked_mul(self.p.den().unsigned_abs());
        let (u, v) = u.zip(v).ok_or(EvalError::Overflow)?;
        // u > v√5 exactly when u > floor(v√5), since v√5 is irrational.
        Ok(if u > floor_sqrt5_times(v)? { sp } else { sq })
    }

    /// How `self` compares with `other`, exactly.
    pub(crate) fn compare(self, other: Number) -> Result<Ordering, EvalError> {
        if self == other {
            return Ok(Ordering::Equal); // numbers are kept in lowest terms
        }
        self.sub(other)?.signum()
    }

    /// The greatest integer at most the number. With `p = a/b` and `q = c/d` the number is
    /// `(A + C√5) / D` with `A = ad`, `C = cb`, `D = bd`; `C√5 = S + f` with `S` an integer
    /// and `0 < f < 1`, so its floor is the floor of `(A + S) / D`.
    pub(crate) fn floor(self) -> Result<i128, EvalError> {
        if self.q.is_zero() {
            return Ok(self.p.floor());
        }
        let (a, b, c, d) = (self.p.num(), self.p.den(), self.q.num(), self.q.den());
        let big_a = fit(a.checked_mul(d))?;
        let big_c = fit(c.checked_mul(b))?;
        let big_d = fit(b.checked_mul(d))?;
        let root = fit(i128::try_from(floor_sqrt5_times(big_c.unsigned_abs())?).ok())?;
        // floor(-v√5) = -floor(v√5) - 1 since v√5 is not an integer.
        let s = if big_c > 0 { root } else { -root - 1 };
        Ok(fit(big_a.checked_add(s))?.div_euclid(big_d))
    }

    /// The least integer at least the number.
    pub(crate) fn ceil(self) -> Result<i128, EvalError> {
        Ok(-self.neg().floor()?)
    }
}

/// `floor(v·√5)`: the integer square root of `5·v²`.
pub(super) fn floor_sqrt5_times(v: u128) -> Result<u128, EvalError> {
    match v.checked_mul(v).and_then(|s| s.checked_mul(5)) {
        Some(square) => Ok(square.isqrt()),
        None => wide_floor_sqrt5_times(v),
    }
}

/// `floor(v·√5)` when `5·v²` takes more than 128 bits: a binary search between `2v` and `3v`
/// (2 < √5 < 3), squaring in 256 bits; `v` below 2^125, so that `3v` and `5·v²` fit.
pub(super) fn wide_floor_sqrt5_times(v: u128) -> Result<u128, EvalError> {
    if v >= 1 << 125 {
        return Err(EvalError::Overflow);
    }
    let target = times5(wide_square(v));
    let (mut low, mut high) = (2 * v, 3 * v); // low² <= 5v² < high², or v = 0
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        if wide_square(mid) <= target {
            low = mid;
        } else {
            high = mid;
        }
    }
    Ok(low)
}

/// `a²` as 256 bits: (high 128 bits, low 128 bits).
fn wide_square(a: u128) -> (u128, u128) {
    const HALF: u32 = 64;
    let (hi, lo) = (a >> HALF, a & ((1 << HALF) - 1));
    let (low, middle, high) = (lo * lo, lo * hi, hi * hi);
    // a² = high·2^128 + 2·middle·2^64 + low
    let (sum, carry1) = low.overflowing_add(middle << HALF);
    let (sum, carry2) = sum.overflowing_add(middle << HALF);
    let top = high + ((middle >> HALF) << 1) + u128::from(carry1) + u128::from(carry2);
    (top, sum)
}

/// `5·x` for a 256-bit `x` below 2^253.
fn times5((hi, lo): (u128, u128)) -> (u128, u128) {
    let (four_lo, carry_out) = (lo << 2, lo >> 126);
    let (sum, carry) = four_lo.overflowing_add(lo);
    (hi * 5 + carry_out + u128::from(carry), sum)
}
