//! The operands: integer literals, names (variables and constants) and function calls.

use pest::iterators::Pair;

use super::ast::{Bool, Expr, Num, Var};
use super::parse::{Builder, Rule};
use super::typed::{join, Ty, Typed};
use super::FormulaError;

impl Builder {
    /// An integer literal.
    pub(super) fn literal(&mut self, text: &str, at: usize) -> Result<Typed, FormulaError> {
        self.count(at)?;
        match text.parse::<i128>() {
            Ok(n) => Ok(Typed::num(Num::Lit(n), Ty::Int, at)),
            Err(_) => Err(FormulaError::new(
                at,
                format!(
                    "the number {} is too large: integers are less than 2^127",
                    quote(text)
                ),
            )),
        }
    }

    /// A variable or a constant.
    pub(super) fn name(&mut self, text: &str, at: usize) -> Result<Typed, FormulaError> {
        self.count(at)?;
        let var = |var| Ok(Typed::num(Num::Var(var), Ty::Int, at));
        match text {
            "x" => var(Var::X),
            "y" => var(Var::Y),
            "z" => var(Var::Z),
            "n" => var(Var::N),
            "k" => var(Var::K),
            "grundy" => {
                self.uses_grundy = true;
                var(Var::Grundy)
            }
            "phi" => Ok(Typed::num(Num::Phi, Ty::Num, at)),
            "true" => Ok(Typed::bool(Bool::Lit(true), at)),
            "false" => Ok(Typed::bool(Bool::Lit(false), at)),
            _ if arity(text).is_some() => Err(FormulaError::new(
                at,
                format!("`{text}` is a function: write `{text}(…)`"),
            )),
            "xor" | "and" | "or" => Err(FormulaError::new(
                at,
                format!("`{text}` is an operator: it goes between two integers"),
            )),
            _ => Err(FormulaError::new(
                at,
                format!(
                    "unknown name {}: the names are x, y, z, n, k, grundy, phi, true and false",
                    quote(text)
                ),
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
                    format!("`{name}` is not a function")
                }
                _ => format!(
                    "unknown function {}: the functions are min, max, abs, floor, ceil and if",
                    quote(name)
                ),
            };
            return Err(FormulaError::new(at, message));
        };
        if parts.len() != arity {
            let s = if arity == 1 { "" } else { "s" };
            let message = format!("`{name}` takes {arity} argument{s}, not {}", parts.len());
            return Err(FormulaError::new(at, message));
        }
        self.count(at)?;
        let mut args = Vec::with_capacity(arity);
        for arg in parts {
            args.push(self.build(arg, depth + 1)?);
        }
        let what = format!("`{name}`");
        let num = |t: Typed| t.into_num(&what).map(|(expr, ty)| (Box::new(expr), ty));
        let mut args = args.into_iter();
        let (Some(a), b, c) = (args.next(), args.next(), args.next()) else {
            return Err(FormulaError::new(at, format!("`{name}` needs arguments")));
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
                let condition = Box::new(a.into_bool("the condition of `if`")?);
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
                        "the branches of `if` must be two numbers or two truth values",
                    )),
                }
            }
            _ => Err(FormulaError::new(
                at,
                format!("`{name}` takes {arity} arguments"),
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
