//! Evaluation of a typed tree at one cell: one visit of each node at most (`&&`, `||`, `->`
//! and `if` skip what they do not need), with every arithmetic step checked.

use std::cmp::Ordering;

use super::ast::{Bool, Cmp, Num, Op, Var};
use super::number::Number;
use super::rational::{bit_and, bit_or, bit_xor, floor_div, floor_mod, shl, shr};
use super::{Env, EvalError, MAX_EXPONENT};

/// The exact value of a numeric expression.
pub(crate) fn number(expr: &Num, env: &Env) -> Result<Number, EvalError> {
    match expr {
        Num::Lit(n) => Number::int(*n),
        Num::Var(var) => Number::int(variable(*var, env)?),
        Num::Phi => Number::phi(),
        Num::Neg(a) => Ok(number(a, env)?.neg()),
        Num::Chain(first, rest) => {
            let mut acc = number(first, env)?;
            for (op, operand) in rest {
                acc = apply(*op, acc, number(operand, env)?)?;
            }
            Ok(acc)
        }
        Num::Pow(base, exponent) => {
            let base = number(base, env)?;
            match u32::try_from(integer(number(exponent, env)?)?) {
                Ok(e) if e <= MAX_EXPONENT => base.pow(e),
                _ => Err(EvalError::ExponentOutOfRange),
            }
        }
        Num::Min(a, b) => {
            let (a, b) = (number(a, env)?, number(b, env)?);
            Ok(if a.compare(b)? == Ordering::Greater {
                b
            } else {
                a
            })
        }
        Num::Max(a, b) => {
            let (a, b) = (number(a, env)?, number(b, env)?);
            Ok(if a.compare(b)? == Ordering::Less {
                b
            } else {
                a
            })
        }
        Num::Abs(a) => {
            let a = number(a, env)?;
            Ok(if a.signum()? == Ordering::Less {
                a.neg()
            } else {
                a
            })
        }
        Num::Floor(a) => Number::int(number(a, env)?.floor()?),
        Num::Ceil(a) => Number::int(number(a, env)?.ceil()?),
        Num::If(condition, then, otherwise) => number(
            if truth(condition, env)? {
                then
            } else {
                otherwise
            },
            env,
        ),
    }
}

/// The truth of a boolean expression.
pub(crate) fn truth(expr: &Bool, env: &Env) -> Result<bool, EvalError> {
    match expr {
        Bool::Lit(b) => Ok(*b),
        Bool::Not(a) => Ok(!truth(a, env)?),
        Bool::Compare(cmp, a, b) => {
            let (a, b) = (number(a, env)?, number(b, env)?);
            Ok(match cmp {
                Cmp::Eq => a == b, // numbers are kept in lowest terms
                Cmp::Ne => a != b,
                Cmp::Lt => a.compare(b)? == Ordering::Less,
                Cmp::Le => a.compare(b)? != Ordering::Greater,
                Cmp::Gt => a.compare(b)? == Ordering::Greater,
                Cmp::Ge => a.compare(b)? != Ordering::Less,
            })
        }
        Bool::All(parts) => {
            for part in parts {
                if !truth(part, env)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        Bool::Any(parts) => {
            for part in parts {
                if truth(part, env)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Bool::Implies(parts) => {
            // a -> (b -> c) is true at the first false premise, else it is the conclusion.
            let Some((conclusion, premises)) = parts.split_last() else {
                return Ok(true);
            };
            for premise in premises {
                if !truth(premise, env)? {
                    return Ok(true);
                }
            }
            truth(conclusion, env)
        }
        Bool::Iff(parts) => {
            let mut parts = parts.iter();
            let mut acc = match parts.next() {
                Some(first) => truth(first, env)?,
                None => true,
            };
            for part in parts {
                acc = acc == truth(part, env)?;
            }
            Ok(acc)
        }
        Bool::If(condition, then, otherwise) => truth(
            if truth(condition, env)? {
                then
            } else {
                otherwise
            },
            env,
        ),
    }
}

/// The value of a variable in `env`.
#[inline]
pub(crate) fn variable(var: Var, env: &Env) -> Result<i128, EvalError> {
    Ok(match var {
        Var::X => env.x.into(),
        Var::Y => env.y.into(),
        Var::Z => env.z.into(),
        Var::N => env.n.into(),
        Var::K => env.k.into(),
        Var::Grundy => env.grundy.ok_or(EvalError::NoGrundy)?.into(),
    })
}

/// The integer a number is, or [`EvalError::NotAnInteger`].
pub(crate) fn integer(n: Number) -> Result<i128, EvalError> {
    n.as_int().ok_or(EvalError::NotAnInteger)
}

/// `a op b`.
pub(crate) fn apply(op: Op, a: Number, b: Number) -> Result<Number, EvalError> {
    let on_integers =
        |f: fn(i128, i128) -> Result<i128, EvalError>| Number::int(f(integer(a)?, integer(b)?)?);
    match op {
        Op::Add => a.add(b),
        Op::Sub => a.sub(b),
        Op::Mul => a.mul(b),
        Op::Div => a.div(b),
        Op::FloorDiv => on_integers(floor_div),
        Op::Mod => on_integers(floor_mod),
        Op::Xor => on_integers(bit_xor),
        Op::And => on_integers(bit_and),
        Op::Or => on_integers(bit_or),
        Op::Shl => on_integers(shl),
        Op::Shr => on_integers(shr),
    }
}
