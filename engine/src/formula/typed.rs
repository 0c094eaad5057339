//! The types of the language, checked while the tree is built: integers, numbers (which may
//! be fractions or involve `phi`) and truth values, with the messages that refuse a wrong one
//! at its position.

use super::ast::{Bool, Expr, Num};
use super::FormulaError;
use crate::Said;

/// What an expression is, for the type check: integers are the numbers that the integer
/// operations accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ty {
    Int,
    Num,
    Bool,
}

/// An expression with its type and the byte offset where it starts.
pub(super) struct Typed {
    pub(super) expr: Expr,
    pub(super) ty: Ty,
    pub(super) at: usize,
}

impl Typed {
    pub(super) fn num(expr: Num, ty: Ty, at: usize) -> Typed {
        Typed {
            expr: Expr::Num(expr),
            ty,
            at,
        }
    }

    pub(super) fn bool(expr: Bool, at: usize) -> Typed {
        Typed {
            expr: Expr::Bool(expr),
            ty: Ty::Bool,
            at,
        }
    }

    /// The numeric expression, or an error naming what `what` needs.
    pub(super) fn into_num(self, what: &Said) -> Result<(Num, Ty), FormulaError> {
        match self.expr {
            Expr::Num(expr) => Ok((expr, self.ty)),
            Expr::Bool(_) => Err(FormulaError::new(
                self.at,
                Said::new("formula-needs-number").with("what", what.clone()),
            )),
        }
    }

    /// The integer expression, or an error naming what `what` needs.
    pub(super) fn into_int(self, what: &Said) -> Result<Num, FormulaError> {
        let at = self.at;
        match (self.expr, self.ty) {
            (Expr::Num(expr), Ty::Int) => Ok(expr),
            (Expr::Bool(_), _) => Err(FormulaError::new(
                at,
                Said::new("formula-needs-integer-not-truth").with("what", what.clone()),
            )),
            _ => Err(FormulaError::new(
                at,
                Said::new("formula-needs-integer").with("what", what.clone()),
            )),
        }
    }

    /// The boolean expression, or an error naming what `what` needs.
    pub(super) fn into_bool(self, what: &Said) -> Result<Bool, FormulaError> {
        match self.expr {
            Expr::Bool(expr) => Ok(expr),
            Expr::Num(_) => Err(FormulaError::new(
                self.at,
                Said::new("formula-needs-truth").with("what", what.clone()),
            )),
        }
    }
}

/// The type of an arithmetic result: an integer when both operands are.
pub(super) fn join(a: Ty, b: Ty) -> Ty {
    if a == Ty::Int && b == Ty::Int {
        Ty::Int
    } else {
        Ty::Num
    }
}

/// `-a`.
pub(super) fn negate(operand: Typed, at: usize) -> Result<Typed, FormulaError> {
    let (expr, ty) = operand.into_num(&Said::new("formula-quoted").text("text", "-"))?;
    Ok(Typed::num(Num::Neg(Box::new(expr)), ty, at))
}

/// `base ^ exponent`: an integer when the base is one, since the exponent is a natural number.
pub(super) fn raise(base: Typed, exponent: Typed) -> Result<Typed, FormulaError> {
    let at = base.at;
    let (base, ty) = base.into_num(&Said::new("formula-quoted").text("text", "^"))?;
    let exponent = exponent.into_int(&Said::new("formula-exponent"))?;
    Ok(Typed::num(
        Num::Pow(Box::new(base), Box::new(exponent)),
        ty,
        at,
    ))
}
