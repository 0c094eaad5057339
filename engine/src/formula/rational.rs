//! Exact rational numbers with `i128` numerators and denominators, and the integer operations
//! of the language (floor division and modulo, bits, shifts), all checked: a result that does
//! not fit is [`EvalError::Overflow`], never a wrap nor a panic.
//!
//! `i128::MIN` is refused as a result ([`fit`]), so that every value can be negated and its
//! absolute value taken without overflow.

use super::{EvalError, MAX_SHIFT};

/// A checked `i128` result that is not `i128::MIN`, or [`EvalError::Overflow`].
pub(crate) fn fit(value: Option<i128>) -> Result<i128, EvalError> {
    match value {
        Some(v) if v != i128::MIN => Ok(v),
        _ => Err(EvalError::Overflow),
    }
}

/// The greatest common divisor of `|a|` and `|b|` (neither is `i128::MIN`); `gcd(0, 0)` is 0.
fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A rational number in lowest terms, with a positive denominator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rational {
    num: i128,
    den: i128,
}

impl Rational {
    /// Zero.
    pub(crate) const ZERO: Rational = Rational { num: 0, den: 1 };

    /// The integer `n`.
    pub(crate) fn int(n: i128) -> Result<Rational, EvalError> {
        Ok(Rational {
            num: fit(Some(n))?,
            den: 1,
        })
    }

    /// `num / den` in lowest terms.
    pub(crate) fn new(num: i128, den: i128) -> Result<Rational, EvalError> {
        let (num, den) = (fit(Some(num))?, fit(Some(den))?);
        if den == 0 {
            return Err(EvalError::DivisionByZero);
        }
        let sign = den.signum();
        let g = gcd(num, den);
        Ok(Rational {
            num: sign * num / g,
            den: sign * den / g,
        })
    }

    /// The numerator (in lowest terms, with the sign of the number).
    pub(crate) fn num(self) -> i128 {
        self.num
    }

    /// The denominator (in lowest terms, positive).
    pub(crate) fn den(self) -> i128 {
        self.den
    }

    /// The integer this number is, if it is one.
    pub(crate) fn as_int(self) -> Option<i128> {
        (self.den == 1).then_some(self.num)
    }

    pub(crate) fn is_zero(self) -> bool {
        self.num == 0
    }

    pub(crate) fn neg(self) -> Rational {
        Rational {
            num: -self.num,
            den: self.den,
        }
    }

    pub(crate) fn add(self, other: Rational) -> Result<Rational, EvalError> {
        let g = gcd(self.den, other.den);
        let left = self.num.checked_mul(other.den / g);
        let right = other.num.checked_mul(self.den / g);
        let num = fit(left.zip(right).and_then(|(l, r)| l.checked_add(r)))?;
        let den = fit(self.den.checked_mul(other.den / g))?;
        Rational::new(num, den)
    }

    pub(crate) fn mul(self, other: Rational) -> Result<Rational, EvalError> {
        // Denominators are positive, so neither divisor is zero.
        let (g1, g2) = (gcd(self.num, other.den), gcd(other.num, self.den));
        let num = fit((self.num / g1).checked_mul(other.num / g2))?;
        let den = fit((self.den / g2).checked_mul(other.den / g1))?;
        Rational::new(num, den)
    }

    pub(crate) fn div(self, other: Rational) -> Result<Rational, EvalError> {
        self.mul(Rational::new(other.den, other.num)?)
    }

    /// The greatest integer at most this number.
    pub(crate) fn floor(self) -> i128 {
        self.num.div_euclid(self.den)
    }
}

/// `a // b`: the quotient rounded toward minus infinity.
pub(crate) fn floor_div(a: i128, b: i128) -> Result<i128, EvalError> {
    if b == 0 {
        return Err(EvalError::DivisionByZero);
    }
    let q = fit(a.checked_div(b))?;
    Ok(if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    })
}

/// `a % b`: the remainder of the floor division, with the sign of the divisor (or zero).
pub(crate) fn floor_mod(a: i128, b: i128) -> Result<i128, EvalError> {
    if b == 0 {
        return Err(EvalError::DivisionByZero);
    }
    let r = a % b; // neither is i128::MIN, so this cannot overflow
    Ok(if r != 0 && (r < 0) != (b < 0) {
        r + b
    } else {
        r
    })
}

/// The operands of a bitwise operation, refused when negative.
fn bits(a: i128, b: i128) -> Result<(i128, i128), EvalError> {
    if a < 0 || b < 0 {
        return Err(EvalError::NegativeBits);
    }
    Ok((a, b))
}

pub(crate) fn bit_xor(a: i128, b: i128) -> Result<i128, EvalError> {
    bits(a, b).map(|(a, b)| a ^ b)
}

pub(crate) fn bit_and(a: i128, b: i128) -> Result<i128, EvalError> {
    bits(a, b).map(|(a, b)| a & b)
}

pub(crate) fn bit_or(a: i128, b: i128) -> Result<i128, EvalError> {
    bits(a, b).map(|(a, b)| a | b)
}

/// A shift amount, refused when negative or more than [`MAX_SHIFT`].
fn shift_amount(a: i128, by: i128) -> Result<u32, EvalError> {
    let (_, by) = bits(a, by)?;
    match u32::try_from(by) {
        Ok(by) if by <= MAX_SHIFT => Ok(by),
        _ => Err(EvalError::ShiftTooLarge),
    }
}

/// `a << by`, refused when bits would be lost.
pub(crate) fn shl(a: i128, by: i128) -> Result<i128, EvalError> {
    let by = shift_amount(a, by)?;
    let shifted = a << by;
    if shifted >> by == a {
        Ok(shifted)
    } else {
        Err(EvalError::Overflow)
    }
}

/// `a >> by`.
pub(crate) fn shr(a: i128, by: i128) -> Result<i128, EvalError> {
    Ok(a >> shift_amount(a, by)?)
}
