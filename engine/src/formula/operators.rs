//! The operators of the grammar's levels, folded into the tree: flat chains for the
//! left-associative levels, `a -> (b -> c)` for implication, `a ^ (b ^ c)` for powers, and
//! comparisons that do not chain.

use pest::iterators::Pair;

use super::ast::{Bool, Cmp, Num, Op};
use super::parse::{children, Builder, Rule};
use super::typed::{join, negate, raise, Ty, Typed};
use super::FormulaError;
use crate::Said;

impl Builder {
    /// `a op b op c …` for `<->`, `->`, `||` and `&&`.
    pub(super) fn logic(
        &mut self,
        rule: Rule,
        parts: Vec<Pair<'_, Rule>>,
        at: usize,
        depth: usize,
    ) -> Result<Typed, FormulaError> {
        let what = Said::new("formula-quoted").text(
            "text",
            match rule {
                Rule::iff => "<->",
                Rule::implies => "->",
                Rule::any => "||",
                _ => "&&",
            },
        );
        let mut operands = Vec::new();
        for (i, part) in parts.into_iter().enumerate() {
            if i % 2 == 1 {
                self.count(part.as_span().start())?;
            } else {
                operands.push(self.build(part, depth + 1)?.into_bool(&what)?);
            }
        }
        let expr = match rule {
            Rule::iff => Bool::Iff(operands),
            Rule::implies => Bool::Implies(operands),
            Rule::any => Bool::Any(operands),
            _ => Bool::All(operands),
        };
        Ok(Typed::bool(expr, at))
    }

    /// `a cmp b`, for two numbers or, with `==` and `!=`, two truth values.
    pub(super) fn compare(
        &mut self,
        parts: Vec<Pair<'_, Rule>>,
        at: usize,
        depth: usize,
    ) -> Result<Typed, FormulaError> {
        if let Some(second) = parts.get(3) {
            let message = Said::new("formula-chained-comparison");
            return Err(FormulaError::new(second.as_span().start(), message));
        }
        let mut parts = parts.into_iter();
        let (Some(left), Some(op), Some(right)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(FormulaError::new(
                at,
                Said::new("formula-comparison-operands"),
            ));
        };
        let what = Said::new("formula-quoted").text("text", op.as_str());
        let cmp = match op.as_str() {
            "==" => Cmp::Eq,
            "!=" => Cmp::Ne,
            "<" => Cmp::Lt,
            "<=" => Cmp::Le,
            ">" => Cmp::Gt,
            _ => Cmp::Ge,
        };
        self.count(op.as_span().start())?;
        let (left, right) = (self.build(left, depth + 1)?, self.build(right, depth + 1)?);
        if left.ty == Ty::Bool && right.ty == Ty::Bool && matches!(cmp, Cmp::Eq | Cmp::Ne) {
            let same = Bool::Iff(vec![left.into_bool(&what)?, right.into_bool(&what)?]);
            let expr = if cmp == Cmp::Eq {
                same
            } else {
                Bool::Not(Box::new(same))
            };
            return Ok(Typed::bool(expr, at));
        }
        if (left.ty == Ty::Bool) != (right.ty == Ty::Bool) && matches!(cmp, Cmp::Eq | Cmp::Ne) {
            let message = Said::new("formula-mixed-comparison").with("what", what);
            return Err(FormulaError::new(right.at, message));
        }
        let (left, right) = (left.into_num(&what)?.0, right.into_num(&what)?.0);
        Ok(Typed::bool(
            Bool::Compare(cmp, Box::new(left), Box::new(right)),
            at,
        ))
    }

    /// `a op b op c …` for the left-associative numeric levels, kept as one flat chain (a
    /// left operand that is a chain itself is extended: the fold from the left is the same).
    pub(super) fn chain(
        &mut self,
        parts: Vec<Pair<'_, Rule>>,
        at: usize,
        depth: usize,
    ) -> Result<Typed, FormulaError> {
        let mut parts = parts.into_iter();
        let Some(first) = parts.next() else {
            return Err(FormulaError::new(at, Said::new("formula-operands")));
        };
        let mut acc = self.build(first, depth + 1)?;
        while let (Some(op_pair), Some(operand)) = (parts.next(), parts.next()) {
            let what = Said::new("formula-quoted").text("text", op_pair.as_str());
            let op = match op_pair.as_str() {
                "+" => Op::Add,
                "-" => Op::Sub,
                "*" => Op::Mul,
                "/" => Op::Div,
                "//" => Op::FloorDiv,
                "%" => Op::Mod,
                "xor" => Op::Xor,
                "and" => Op::And,
                "or" => Op::Or,
                "<<" => Op::Shl,
                _ => Op::Shr,
            };
            self.count(op_pair.as_span().start())?;
            let right = self.build(operand, depth + 1)?;
            let integers = !matches!(op, Op::Add | Op::Sub | Op::Mul | Op::Div);
            let operand = |t: Typed| {
                if integers {
                    Ok((t.into_int(&what)?, Ty::Int))
                } else {
                    t.into_num(&what)
                }
            };
            let ((left, left_ty), (right, right_ty)) = (operand(acc)?, operand(right)?);
            let ty = if op == Op::Div {
                Ty::Num
            } else {
                join(left_ty, right_ty)
            };
            let expr = match left {
                Num::Chain(head, mut rest) => {
                    rest.push((op, right));
                    Num::Chain(head, rest)
                }
                left => Num::Chain(Box::new(left), vec![(op, right)]),
            };
            acc = Typed::num(expr, ty, at);
        }
        Ok(acc)
    }

    /// `-a` or `!a`, after any number of other prefixes.
    pub(super) fn unary(
        &mut self,
        mut parts: Vec<Pair<'_, Rule>>,
        at: usize,
        depth: usize,
    ) -> Result<Typed, FormulaError> {
        let Some(operand) = parts.pop() else {
            return Err(FormulaError::new(at, Said::new("formula-operand")));
        };
        let mut acc = self.build(operand, depth + parts.len())?;
        for prefix in parts.iter().rev() {
            let at = prefix.as_span().start();
            self.count(at)?;
            acc = if prefix.as_str() == "!" {
                let what = Said::new("formula-quoted").text("text", "!");
                Typed::bool(Bool::Not(Box::new(acc.into_bool(&what)?)), at)
            } else {
                negate(acc, at)?
            };
        }
        Ok(acc)
    }

    /// `a ^ b ^ c …`, which is `a ^ (b ^ c)`; an exponent may be negated (`2 ^ -x`, refused
    /// when evaluated). The depth of every atom is known before any is built.
    pub(super) fn power(
        &mut self,
        parts: Vec<Pair<'_, Rule>>,
        at: usize,
        depth: usize,
    ) -> Result<Typed, FormulaError> {
        let mut parts = parts.into_iter();
        let Some(base) = parts.next() else {
            return Err(FormulaError::new(at, Said::new("formula-power-base")));
        };
        let base = self.build(base, depth + 1)?;
        // (where its exponent's minus signs are, the atom after them) for each `^`
        let mut links = Vec::new();
        let mut pow_depth = depth; // the depth of the `^` being read
        while let (Some(op), Some(exponent)) = (parts.next(), parts.next()) {
            let (op_at, mut signs) = (op.as_span().start(), children(exponent));
            self.count(op_at)?;
            let Some(atom) = signs.pop() else {
                return Err(FormulaError::new(
                    op_at,
                    Said::new("formula-power-exponent"),
                ));
            };
            let signs: Vec<usize> = signs.iter().map(|sign| sign.as_span().start()).collect();
            for &at in &signs {
                self.count(at)?;
            }
            // The exponent is at pow_depth + 1, under its minus signs; unless it is the last,
            // it is the `^` of this atom and the next exponent.
            let exponent_depth = pow_depth + 1 + signs.len();
            let is_last = parts.as_slice().is_empty();
            let atom = self.build(
                atom,
                if is_last {
                    exponent_depth
                } else {
                    exponent_depth + 1
                },
            )?;
            pow_depth = exponent_depth;
            links.push((signs, atom));
        }
        // Fold from the right: the exponent of each `^` is everything after it.
        let mut exponent: Option<Typed> = None;
        for (signs, atom) in links.into_iter().rev() {
            let mut value = match exponent.take() {
                Some(e) => raise(atom, e)?,
                None => atom,
            };
            for at in signs.into_iter().rev() {
                value = negate(value, at)?;
            }
            exponent = Some(value);
        }
        match exponent {
            Some(e) => raise(base, e),
            None => Ok(base),
        }
    }
}
