//! The compiled form of a formula, the one evaluated at every cell: the typed tree
//! (`ast.rs`) rewritten once, when the formula is read, so that a cell costs a few integer
//! instructions per node instead of exact rational arithmetic with a gcd at every step.
//!
//! Most of a formula is integers: the coordinates, `xor`, `//`, `min`, the result of every
//! `floor`. Exact numbers of Q(√5) are needed only between a `phi` or a `/` and the `floor`,
//! `ceil` or comparison that ends it. So the tree is split by what its nodes are:
//!
//! - [`Int`]: a node whose value is always an integer, computed in `i128` directly. Every
//!   step fails exactly when the exact arithmetic of `number.rs` would on the same integers
//!   (a sum, product or difference that does not fit, or that is `i128::MIN`, is
//!   [`EvalError::Overflow`]; even comparing two integers fails when their difference does
//!   not fit, as it does there), so the two agree on every value and every error.
//! - [`Real`]: a node that may be a fraction or involve `phi`, computed with [`Number`] as
//!   the tree evaluator does, its integer children by the fast path above.
//! - [`Cond`]: a truth value.
//!
//! Subtrees without variables (`phi^2`, `1/phi`, `2*phi+1`, `3*7`) were computed once
//! (`compile.rs`); a constant whose computation fails (`1//0`) was kept as it is, so that it
//! fails when, and only if, the evaluation reaches it. The rounding of a golden-ratio multiple
//! of an integer, `floor(n*phi)` and its kin, is a node of its own ([`Beatty`]).
//!
//! The children of each node are evaluated in the order of the tree evaluator, so that of two
//! faults the same one is reported; `&&`, `||`, `->` and `if` skip what they skip there. The
//! nesting is at most twice that of the typed tree (an integer inside a number is one more
//! call), so the evaluation's stack stays small.
//!
//! The integer and boolean nodes are flattened once more into a program of registers
//! (`program.rs`), which is what runs at each cell; this tree is what the program's numbers
//! are made of, and what runs when a formula has no program.

use std::cmp::Ordering;

use super::ast::{Cmp, Num, Op, Var};
use super::beatty::Beatty;
use super::eval;
use super::number::Number;
use super::rational::{bit_and, bit_or, bit_xor, fit, floor_div, floor_mod, shl, shr};
use super::{Env, EvalError, MAX_EXPONENT};

/// A compiled formula: a value formula, of integers or of numbers, or a predicate.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Compiled {
    Int(Int),
    Real(Real),
    Bool(Cond),
}

impl Compiled {
    /// The value of a value formula, which must be an integer.
    pub(crate) fn value(&self, env: &Env) -> Result<i128, EvalError> {
        match self {
            Compiled::Int(expr) => expr.eval(env),
            Compiled::Real(expr) => eval::integer(expr.eval(env)?),
            Compiled::Bool(_) => Err(EvalError::NotAValue),
        }
    }

    /// The truth of a predicate.
    pub(crate) fn holds(&self, env: &Env) -> Result<bool, EvalError> {
        match self {
            Compiled::Bool(expr) => expr.eval(env),
            Compiled::Int(_) | Compiled::Real(_) => Err(EvalError::NotAPredicate),
        }
    }
}

/// An operator between two integers (`/` is not one: its result may be a fraction).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum IntOp {
    Add,
    Sub,
    Mul,
    FloorDiv,
    Mod,
    Xor,
    And,
    Or,
    Shl,
    Shr,
}

impl IntOp {
    /// The operator of the typed tree, unless it is `/`.
    pub(crate) fn of(op: Op) -> Option<IntOp> {
        Some(match op {
            Op::Add => IntOp::Add,
            Op::Sub => IntOp::Sub,
            Op::Mul => IntOp::Mul,
            Op::Div => return None,
            Op::FloorDiv => IntOp::FloorDiv,
            Op::Mod => IntOp::Mod,
            Op::Xor => IntOp::Xor,
            Op::And => IntOp::And,
            Op::Or => IntOp::Or,
            Op::Shl => IntOp::Shl,
            Op::Shr => IntOp::Shr,
        })
    }

    /// `a op b`, failing as the exact arithmetic fails on the integers `a` and `b`.
    #[inline]
    fn apply(self, a: i128, b: i128) -> Result<i128, EvalError> {
        match self {
            IntOp::Add => fit(a.checked_add(b)),
            IntOp::Sub => fit(a.checked_sub(b)),
            IntOp::Mul => mul(a, b),
            IntOp::FloorDiv => fit(Some(div(a, b)?)),
            IntOp::Mod => fit(Some(rem(a, b)?)),
            IntOp::Xor => fit(Some(bit_xor(a, b)?)),
            IntOp::And => fit(Some(bit_and(a, b)?)),
            IntOp::Or => fit(Some(bit_or(a, b)?)),
            IntOp::Shl => fit(Some(shl(a, b)?)),
            IntOp::Shr => fit(Some(shr(a, b)?)),
        }
    }
}

/// A node whose value is an integer at every cell, computed in `i128`. No value is
/// `i128::MIN`, so negation and absolute values cannot overflow.
///
/// Each operator of two integers is a node of its own, rather than one node with an operator,
/// so that evaluating it is one dispatch, not two; longer chains loop.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Int {
    Lit(i128),
    Var(Var),
    Neg(Box<Int>),
    Add(Box<(Int, Int)>),
    Sub(Box<(Int, Int)>),
    Mul(Box<(Int, Int)>),
    FloorDiv(Box<(Int, Int)>),
    Mod(Box<(Int, Int)>),
    Xor(Box<(Int, Int)>),
    And(Box<(Int, Int)>),
    Or(Box<(Int, Int)>),
    Shl(Box<(Int, Int)>),
    Shr(Box<(Int, Int)>),
    /// `first op₁ e₁ op₂ e₂ …`, from the left, for three operands or more.
    Chain(Box<Int>, Vec<(IntOp, Int)>),
    /// `base ^ exponent`.
    Pow(Box<(Int, Int)>),
    Min(Box<(Int, Int)>),
    Max(Box<(Int, Int)>),
    Abs(Box<Int>),
    /// `floor(a / b)` of two integers, which is `a // b`.
    FloorOfRatio(Box<(Int, Int)>),
    /// `ceil(a / b)` of two integers, which is `-((-a) // b)`.
    CeilOfRatio(Box<(Int, Int)>),
    /// `floor(n * phi)` and its kin.
    Beatty(Box<Beatty>),
    Floor(Box<Real>),
    Ceil(Box<Real>),
    If(Box<(Cond, Int, Int)>),
}

impl Int {
    /// `a op b` as a node.
    pub(crate) fn binary(op: IntOp, a: Int, b: Int) -> Int {
        let operands = Box::new((a, b));
        match op {
            IntOp::Add => Int::Add(operands),
            IntOp::Sub => Int::Sub(operands),
            IntOp::Mul => Int::Mul(operands),
            IntOp::FloorDiv => Int::FloorDiv(operands),
            IntOp::Mod => Int::Mod(operands),
            IntOp::Xor => Int::Xor(operands),
            IntOp::And => Int::And(operands),
            IntOp::Or => Int::Or(operands),
            IntOp::Shl => Int::Shl(operands),
            IntOp::Shr => Int::Shr(operands),
        }
    }

    /// The value of a literal or a variable without a call, else of the node: most operands
    /// are leaves.
    #[inline(always)]
    pub(crate) fn get(&self, env: &Env) -> Result<i128, EvalError> {
        match self {
            Int::Lit(n) => Ok(*n),
            Int::Var(var) => eval::variable(*var, env),
            _ => self.eval(env),
        }
    }

    pub(crate) fn eval(&self, env: &Env) -> Result<i128, EvalError> {
        match self {
            Int::Lit(n) => Ok(*n),
            Int::Var(var) => eval::variable(*var, env),
            Int::Neg(a) => Ok(-a.get(env)?),
            Int::Add(ab) => {
                let (a, b) = both(ab, env)?;
                fit(a.checked_add(b))
            }
            Int::Sub(ab) => {
                let (a, b) = both(ab, env)?;
                fit(a.checked_sub(b))
            }
            Int::Mul(ab) => {
                let (a, b) = both(ab, env)?;
                mul(a, b)
            }
            Int::FloorDiv(ab) => {
                let (a, b) = both(ab, env)?;
                fit(Some(div(a, b)?))
            }
            Int::Mod(ab) => {
                let (a, b) = both(ab, env)?;
                fit(Some(rem(a, b)?))
            }
            Int::Xor(ab) => {
                let (a, b) = both(ab, env)?;
                fit(Some(bit_xor(a, b)?))
            }
            Int::And(ab) => {
                let (a, b) = both(ab, env)?;
                fit(Some(bit_and(a, b)?))
            }
            Int::Or(ab) => {
                let (a, b) = both(ab, env)?;
                fit(Some(bit_or(a, b)?))
            }
            Int::Shl(ab) => {
                let (a, b) = both(ab, env)?;
                fit(Some(shl(a, b)?))
            }
            Int::Shr(ab) => {
                let (a, b) = both(ab, env)?;
                fit(Some(shr(a, b)?))
            }
            Int::Chain(first, rest) => chain(first, rest, env),
            Int::Pow(ab) => {
                let (base, exponent) = both(ab, env)?;
                power(base, exponent)
            }
            Int::Min(ab) => {
                let (a, b) = both(ab, env)?;
                Ok(if order(a, b)? == Ordering::Greater {
                    b
                } else {
                    a
                })
            }
            Int::Max(ab) => {
                let (a, b) = both(ab, env)?;
                Ok(if order(a, b)? == Ordering::Less { b } else { a })
            }
            Int::Abs(a) => Ok(a.get(env)?.abs()),
            Int::FloorOfRatio(ab) => {
                let (a, b) = both(ab, env)?;
                div(a, b)
            }
            Int::CeilOfRatio(ab) => {
                let (a, b) = both(ab, env)?;
                Ok(-div(-a, b)?)
            }
            Int::Beatty(beatty) => beatty.eval(env),
            Int::Floor(a) => floor(a, false, env),
            Int::Ceil(a) => floor(a, true, env),
            Int::If(parts) => {
                if parts.0.eval(env)? {
                    parts.1.get(env)
                } else {
                    parts.2.get(env)
                }
            }
        }
    }
}

/// The values of two operands, the first first.
#[inline(always)]
fn both(operands: &(Int, Int), env: &Env) -> Result<(i128, i128), EvalError> {
    let a = operands.0.get(env)?;
    Ok((a, operands.1.get(env)?))
}

/// A chain of three integers or more.
#[inline(never)]
fn chain(first: &Int, rest: &[(IntOp, Int)], env: &Env) -> Result<i128, EvalError> {
    let mut acc = first.get(env)?;
    for (op, operand) in rest {
        acc = op.apply(acc, operand.get(env)?)?;
    }
    Ok(acc)
}

/// `floor(a)` or `ceil(a)` of a number, by the exact arithmetic: kept out of the integer
/// nodes' evaluation, whose every call would otherwise make room for it.
#[inline(never)]
fn floor(a: &Real, ceil: bool, env: &Env) -> Result<i128, EvalError> {
    let a = a.eval(env)?;
    fit(Some(if ceil { a.ceil()? } else { a.floor()? }))
}

/// A node whose value is any number of Q(√5), computed exactly as the tree evaluator does.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Real {
    Const(Number),
    Int(Int),
    Neg(Box<Real>),
    /// `first op₁ e₁ op₂ e₂ …`, from the left.
    Chain(Box<Real>, Vec<(Op, Real)>),
    /// `base ^ exponent`.
    Pow(Box<Real>, Box<Int>),
    Min(Box<(Real, Real)>),
    Max(Box<(Real, Real)>),
    Abs(Box<Real>),
    If(Box<(Cond, Real, Real)>),
    /// A subtree left to the tree evaluator.
    Tree(Box<Num>),
}

impl Real {
    pub(crate) fn eval(&self, env: &Env) -> Result<Number, EvalError> {
        match self {
            Real::Const(n) => Ok(*n),
            Real::Int(a) => Number::int(a.get(env)?),
            Real::Neg(a) => Ok(a.eval(env)?.neg()),
            Real::Chain(first, rest) => {
                let mut acc = first.eval(env)?;
                for (op, operand) in rest {
                    acc = eval::apply(*op, acc, operand.eval(env)?)?;
                }
                Ok(acc)
            }
            Real::Pow(base, exponent) => {
                let base = base.eval(env)?;
                match u32::try_from(exponent.eval(env)?) {
                    Ok(e) if e <= MAX_EXPONENT => base.pow(e),
                    _ => Err(EvalError::ExponentOutOfRange),
                }
            }
            Real::Min(operands) => {
                let (a, b) = (operands.0.eval(env)?, operands.1.eval(env)?);
                Ok(if a.compare(b)? == Ordering::Greater {
                    b
                } else {
                    a
                })
            }
            Real::Max(operands) => {
                let (a, b) = (operands.0.eval(env)?, operands.1.eval(env)?);
                Ok(if a.compare(b)? == Ordering::Less {
                    b
                } else {
                    a
                })
            }
            Real::Abs(a) => {
                let a = a.eval(env)?;
                Ok(if a.signum()? == Ordering::Less {
                    a.neg()
                } else {
                    a
                })
            }
            Real::If(parts) => {
                if parts.0.eval(env)? {
                    parts.1.eval(env)
                } else {
                    parts.2.eval(env)
                }
            }
            Real::Tree(expr) => eval::number(expr, env),
        }
    }
}

/// A node whose value is true or false.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Cond {
    Lit(bool),
    Not(Box<Cond>),
    /// A comparison of two integers.
    Ints(Cmp, Box<(Int, Int)>),
    /// A comparison of two numbers.
    Reals(Cmp, Box<(Real, Real)>),
    All(Vec<Cond>),
    Any(Vec<Cond>),
    Implies(Vec<Cond>),
    Iff(Vec<Cond>),
    If(Box<(Cond, Cond, Cond)>),
}

impl Cond {
    /// `a cmp b` for two numbers, evaluated in order.
    pub(crate) fn compare_reals(
        cmp: Cmp,
        a: &Real,
        b: &Real,
        env: &Env,
    ) -> Result<bool, EvalError> {
        let (a, b) = (a.eval(env)?, b.eval(env)?);
        Ok(match cmp {
            Cmp::Eq => a == b, // numbers are kept in lowest terms
            Cmp::Ne => a != b,
            Cmp::Lt => a.compare(b)? == Ordering::Less,
            Cmp::Le => a.compare(b)? != Ordering::Greater,
            Cmp::Gt => a.compare(b)? == Ordering::Greater,
            Cmp::Ge => a.compare(b)? != Ordering::Less,
        })
    }

    pub(crate) fn eval(&self, env: &Env) -> Result<bool, EvalError> {
        match self {
            Cond::Lit(b) => Ok(*b),
            Cond::Not(a) => Ok(!a.eval(env)?),
            Cond::Ints(cmp, operands) => {
                let (a, b) = both(operands, env)?;
                Ok(match cmp {
                    Cmp::Eq => a == b,
                    Cmp::Ne => a != b,
                    Cmp::Lt => order(a, b)? == Ordering::Less,
                    Cmp::Le => order(a, b)? != Ordering::Greater,
                    Cmp::Gt => order(a, b)? == Ordering::Greater,
                    Cmp::Ge => order(a, b)? != Ordering::Less,
                })
            }
            Cond::Reals(cmp, operands) => Cond::compare_reals(*cmp, &operands.0, &operands.1, env),
            Cond::All(parts) => {
                for part in parts {
                    if !part.eval(env)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Cond::Any(parts) => {
                for part in parts {
                    if part.eval(env)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Cond::Implies(parts) => {
                let Some((conclusion, premises)) = parts.split_last() else {
                    return Ok(true);
                };
                for premise in premises {
                    if !premise.eval(env)? {
                        return Ok(true);
                    }
                }
                conclusion.eval(env)
            }
            Cond::Iff(parts) => {
                let mut parts = parts.iter();
                let mut acc = match parts.next() {
                    Some(first) => first.eval(env)?,
                    None => true,
                };
                for part in parts {
                    acc = acc == part.eval(env)?;
                }
                Ok(acc)
            }
            Cond::If(parts) => {
                if parts.0.eval(env)? {
                    parts.1.eval(env)
                } else {
                    parts.2.eval(env)
                }
            }
        }
    }
}

/// How `a` compares with `b`. The exact arithmetic compares two numbers by the sign of their
/// difference, so two integers whose difference does not fit are an overflow there: here too.
#[inline]
pub(crate) fn order(a: i128, b: i128) -> Result<Ordering, EvalError> {
    if a == b {
        return Ok(Ordering::Equal);
    }
    Ok(fit(a.checked_sub(b))?.cmp(&0))
}

/// `a · b`, in one machine multiplication when both fit in 64 bits (their product then fits
/// in 127).
#[inline]
pub(crate) fn mul(a: i128, b: i128) -> Result<i128, EvalError> {
    match (i64::try_from(a), i64::try_from(b)) {
        (Ok(a), Ok(b)) => Ok(i128::from(a) * i128::from(b)),
        _ => fit(a.checked_mul(b)),
    }
}

/// `a // b` (`floor_div`), in 64 bits when both fit and the quotient cannot overflow: a
/// 128-bit division is a call to a slow library routine.
#[inline]
pub(crate) fn div(a: i128, b: i128) -> Result<i128, EvalError> {
    match (i64::try_from(a), i64::try_from(b)) {
        (Ok(a), Ok(b)) if b != 0 && b != -1 => {
            let q = a / b;
            Ok(i128::from(if a % b != 0 && (a < 0) != (b < 0) {
                q - 1
            } else {
                q
            }))
        }
        _ => floor_div(a, b),
    }
}

/// `a % b` (`floor_mod`), in 64 bits when both fit.
#[inline]
pub(crate) fn rem(a: i128, b: i128) -> Result<i128, EvalError> {
    match (i64::try_from(a), i64::try_from(b)) {
        (Ok(a), Ok(b)) if b != 0 && b != -1 => {
            let r = a % b;
            Ok(i128::from(if r != 0 && (r < 0) != (b < 0) {
                r + b
            } else {
                r
            }))
        }
        _ => floor_mod(a, b),
    }
}

/// `base ^ exponent` by the repeated squaring of `Number::pow`, step for step, so that it
/// overflows exactly when that does (`0 ^ 0` is 1).
#[inline(never)]
pub(crate) fn power(base: i128, exponent: i128) -> Result<i128, EvalError> {
    let exponent = match u32::try_from(exponent) {
        Ok(e) if e <= MAX_EXPONENT => e,
        _ => return Err(EvalError::ExponentOutOfRange),
    };
    let (mut result, mut base, mut e) = (1, base, exponent);
    while e > 0 {
        if e & 1 == 1 {
            result = mul(result, base)?;
        }
        e >>= 1;
        if e > 0 {
            base = mul(base, base)?;
        }
    }
    Ok(result)
}
