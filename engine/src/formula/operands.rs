//! The operands: integer literals, names (variables and constants) and function calls.

use pest::iterators::Pair;

use super::ast::{Bool, Expr, Num, Var};
use super::parse::{Builder, Rule};
use super::typed::{join, Ty, Typed};
use super::FormulaError;
use crate::{Arg, Said};

impl Builder {
    /// An integer literal.
    pub(super) fn literal(&mut self, text: &str, at: usize) -> Result<Typed, FormulaError> {
        self.count(at)?;
        match text.parse::<i128>() {
            Ok(n) => Ok(Typed::num(Num::Lit(n), Ty::Int, at)),
            Err(_) => Err(FormulaError::new(
                at,
                Said::new("formula-number-too-large").text("number", quote(text)),
            )),
        }
    }

    /// A variable or a constant.
    pub(super) fn name(&mut self, text: &str, at: usize) -> Result<Typed, FormulaError> {
        self.count(at)?;
        let variable = match text {
            "x" => Some(("x", Var::X)),
            "y" => Some(("y", Var::Y)),
            "z" => Some(("z", Var::Z)),
            "n" => Some(("n", Var::N)),
            "k" => Some(("k", Var::K)),
            "grundy" => Some(("grundy", Var::Grundy)),
            _ => None,
        };
        if let Some((name, var)) = variable {
            if !self.variables.iter().any(|&(seen, _)| seen == name) {
                self.variables.push((name, at));
            }
            return Ok(Typed::num(Num::Var(var), Ty::Int, at));
        }
        match text {
            "phi" => Ok(Typed::num(Num::Phi, Ty::Num, at)),
            "true" => Ok(Typed::bool(Bool::Lit(true), at)),
            "false" => Ok(Typed::bool(Bool::Lit(false), at)),
            _ if arity(text).is_some() => Err(FormulaError::new(
                at,
                Said::new("formula-is-a-function").text("name", text),
            )),
            "xor" | "and" | "or" => Err(FormulaError::new(
                at,
                Said::new("formula-is-an-operator").text("name", text),
            )),
            _ => Err(FormulaError::new(
                at,
                Said::new("formula-unknown-name").text("name", quote(text)),
            )),
        }
    }

    /// `min(a, b)`, `max(a, b)`, `abs(a)`, `floor(a)`, `ceil(a)` or `if(c, a, b)`.
    pub(super) fn call(
        &mut self,
        parts: Vec<Pair<'_, Rule>>,
        at: usize,
        depth: usize,
    ) -> Result<Typed, FormulaError> {
        let mut parts = parts.into_iter();
        let name = parts.next().map(|name| name.as_str()).unwrap_or_default();
        let Some(arity) = arity(name) else {
            let message = match name {
                "x" | "y" | "z" | "n" | "k" | "grundy" | "phi" | "true" | "false" => {
                    Said::new("formula-not-a-function").text("name", name)
                }
                _ => Said::new("formula-unknown-function").text("name", quote(name)),
            };
            return Err(FormulaError::new(at, message));
        };
        if parts.len() != arity {
            let message = Said::new("formula-arguments")
                .text("name", name)
                .with("arity", Arg::Count(arity as u64))
                .text("given", parts.len());
            return Err(FormulaError::new(at, message));
        }
        self.count(at)?;
        let mut args = Vec::with_capacity(arity);
        for arg in parts {
            args.push(self.build(arg, depth + 1)?);
        }
        let what = Said::new("formula-quoted").text("text", name);
        let num = |t: Typed| t.into_num(&what).map(|(expr, ty)| (Box::new(expr), ty));
        let mut args = args.into_iter();
        let (Some(a), b, c) = (args.next(), args.next(), args.next()) else {
            return Err(FormulaError::new(
                at,
                Said::new("formula-needs-arguments").text("name", name),
            ));
        };
        match (name, b, c) {
            ("min" | "max", Some(b), None) => {
                let ((a, a_ty), (b, b_ty)) = (num(a)?, num(b)?);
                let expr = if name == "min" {
                    Num::Min(a, b)
                } else {
                    Num::Max(a, b)
                };
                Ok(Typed::num(expr, join(a_ty, b_ty), at))
            }
            ("abs", None, None) => {
                let (a, ty) = num(a)?;
                Ok(Typed::num(Num::Abs(a), ty, at))
            }
            ("floor", None, None) => Ok(Typed::num(Num::Floor(num(a)?.0), Ty::Int, at)),
            ("ceil", None, None) => Ok(Typed::num(Num::Ceil(num(a)?.0), Ty::Int, at)),
            (_, Some(then), Some(otherwise)) => {
                let condition = Box::new(a.into_bool(&Said::new("formula-if-condition"))?);
                match (then.expr, otherwise.expr) {
                    (Expr::Num(then_expr), Expr::Num(otherwise_expr)) => Ok(Typed::num(
                        Num::If(condition, Box::new(then_expr), Box::new(otherwise_expr)),
                        join(then.ty, otherwise.ty),
                        at,
                    )),
                    (Expr::Bool(then_expr), Expr::Bool(otherwise_expr)) => Ok(Typed::bool(
                        Bool::If(condition, Box::new(then_expr), Box::new(otherwise_expr)),
                        at,
                    )),
                    _ => Err(FormulaError::new(
                        otherwise.at,
                        Said::new("formula-if-branches"),
                    )),
                }
            }
            _ => Err(FormulaError::new(
                at,
                Said::new("formula-arguments")
                    .text("name", name)
                    .with("arity", Arg::Count(arity as u64))
                    .text("given", "?"),
            )),
        }
    }
}

/// How many arguments a function takes, if `name` is one.
fn arity(name: &str) -> Option<usize> {
    match name {
        "abs" | "floor" | "ceil" => Some(1),
        "min" | "max" => Some(2),
        "if" => Some(3),
        _ => None,
    }
}

/// A name or a number as typed, in backquotes, cut short when long.
fn quote(text: &str) -> String {
    const LONG: usize = 24;
    match text.char_indices().nth(LONG) {
        Some((end, _)) => format!("`{}…`", &text[..end]),
        None => format!("`{text}`"),
    }
}
