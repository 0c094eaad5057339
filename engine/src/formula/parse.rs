//! From text to a typed tree: the limits on size and nesting, pest's parse of
//! `grammar.pest`, then one pass over pest's pairs that builds the tree (`operators.rs`,
//! `operands.rs`), checks the types (`typed.rs`), and counts the nodes and the depth before
//! going deeper.

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser as _;
use pest_derive::Parser;

use super::ast::Expr;
use super::typed::Typed;
use super::{FormulaError, MAX_DEPTH, MAX_NODES, MAX_SOURCE_BYTES};
use crate::Said;

#[derive(Parser)]
#[grammar = "formula/grammar.pest"]
struct Grammar;

/// A formula read from text.
pub(crate) struct Parsed {
    pub(crate) expr: Expr,
    /// The variables named, each with the byte offset of its first use, in that order.
    pub(crate) variables: Vec<(&'static str, usize)>,
}

/// Reads a formula: limits first, then the grammar, then the tree.
pub(crate) fn parse(text: &str) -> Result<Parsed, FormulaError> {
    if text.len() > MAX_SOURCE_BYTES {
        let message = Said::new("formula-too-long")
            .text("bytes", text.len())
            .text("most", MAX_SOURCE_BYTES);
        let at = (0..=MAX_SOURCE_BYTES)
            .rev()
            .find(|&at| text.is_char_boundary(at));
        return Err(FormulaError::new(at.unwrap_or(0), message));
    }
    if text.trim().is_empty() {
        return Err(FormulaError::new(0, Said::new("formula-empty")));
    }
    check_parentheses(text)?;
    let mut pairs = Grammar::parse(Rule::formula, text).map_err(|e| syntax_error(text, e))?;
    let iff = pairs.next().and_then(|formula| formula.into_inner().next());
    let iff = iff.ok_or_else(|| FormulaError::new(0, Said::new("formula-empty")))?;
    let mut builder = Builder {
        nodes: 0,
        variables: Vec::new(),
    };
    let expr = builder.build(iff, 1)?.expr;
    Ok(Parsed {
        expr,
        variables: builder.variables,
    })
}

/// Refuses parentheses nested more than [`MAX_DEPTH`] deep before pest, which recurses into
/// each, sees them. The language has no strings, so every `(` in the text is one.
fn check_parentheses(text: &str) -> Result<(), FormulaError> {
    let mut depth = 0usize;
    for (at, byte) in text.bytes().enumerate() {
        match byte {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_DEPTH {
            let message = Said::new("formula-parentheses").text("most", MAX_DEPTH);
            return Err(FormulaError::new(at, message));
        }
    }
    Ok(())
}

/// Pest's error as a message saying what was expected where. A decimal point after a
/// number gets its own message: numbers are exact, and a decimal is written as a fraction.
fn syntax_error(text: &str, error: pest::error::Error<Rule>) -> FormulaError {
    let at = match error.location {
        InputLocation::Pos(at) | InputLocation::Span((at, _)) => at,
    };
    let (before, after) = text.split_at(at.min(text.len()));
    if after.starts_with('.') && before.ends_with(|c: char| c.is_ascii_digit()) {
        let whole = before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let digits: String = after[1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let (int, frac) = (&before[before.len() - whole..], digits.as_str());
        let message = match frac.len() {
            0 => Said::new("formula-decimal-point").text("int", int),
            n => Said::new("formula-decimal")
                .text("decimal", format_args!("{int}.{frac}"))
                .text("fraction", format_args!("{int}{frac}/1{}", "0".repeat(n))),
        };
        return FormulaError::new(at, message);
    }
    let message = match error.variant {
        ErrorVariant::CustomError { .. } => Said::new("formula-unexpected"),
        ErrorVariant::ParsingError { positives, .. } => {
            let mut wanted: Vec<(u8, &str)> = positives
                .into_iter()
                .map(|rule| match rule {
                    Rule::EOI => (4, "formula-the-end"),
                    Rule::comma => (3, "formula-comma"),
                    Rule::close => (2, "formula-close"),
                    Rule::op_iff
                    | Rule::op_implies
                    | Rule::op_any
                    | Rule::op_all
                    | Rule::op_compare
                    | Rule::op_bit_or
                    | Rule::op_bit_xor
                    | Rule::op_bit_and
                    | Rule::op_shift
                    | Rule::op_sum
                    | Rule::op_product
                    | Rule::op_power => (1, "formula-an-operator"),
                    _ => (0, "formula-an-operand"),
                })
                .collect();
            wanted.sort_unstable();
            wanted.dedup();
            let mut wanted = wanted.into_iter().map(|(_, what)| Said::new(what));
            // At most the four kinds above, each named once: `expected a, b or c`.
            match (wanted.next(), wanted.next(), wanted.next(), wanted.next()) {
                (None, ..) => Said::new("formula-unexpected"),
                (Some(a), None, ..) => Said::new("formula-expected-1").with("a", a),
                (Some(a), Some(b), None, _) => {
                    Said::new("formula-expected-2").with("a", a).with("b", b)
                }
                (Some(a), Some(b), Some(c), None) => Said::new("formula-expected-3")
                    .with("a", a)
                    .with("b", b)
                    .with("c", c),
                (Some(a), Some(b), Some(c), Some(d)) => Said::new("formula-expected-4")
                    .with("a", a)
                    .with("b", b)
                    .with("c", c)
                    .with("d", d),
            }
        }
    };
    FormulaError::new(at, message)
}

/// The rules that hold a list of operands and operators, or a single operand.
fn is_level(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::iff
            | Rule::implies
            | Rule::any
            | Rule::all
            | Rule::compare
            | Rule::bit_or
            | Rule::bit_xor
            | Rule::bit_and
            | Rule::shift
            | Rule::sum
            | Rule::product
            | Rule::unary
            | Rule::power
            | Rule::exponent
            | Rule::atom
    )
}

/// The children of a pair that matter: its operands and operators, without `)` and `,`.
pub(super) fn children(pair: Pair<'_, Rule>) -> Vec<Pair<'_, Rule>> {
    pair.into_inner()
        .filter(|p| !matches!(p.as_rule(), Rule::close | Rule::comma))
        .collect()
}

/// Builds the tree, counting its nodes and noting the variables it names.
pub(super) struct Builder {
    nodes: usize,
    pub(super) variables: Vec<(&'static str, usize)>,
}

impl Builder {
    /// Counts one more node at `at`, refusing the one past [`MAX_NODES`].
    pub(super) fn count(&mut self, at: usize) -> Result<(), FormulaError> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            let message = Said::new("formula-nodes").text("most", MAX_NODES);
            return Err(FormulaError::new(at, message));
        }
        Ok(())
    }

    /// The tree of `pair` as a node at `depth` (the whole formula is at depth 1).
    pub(super) fn build(
        &mut self,
        pair: Pair<'_, Rule>,
        depth: usize,
    ) -> Result<Typed, FormulaError> {
        let at = pair.as_span().start(); // before `(`, if any
        let mut pair = pair;
        let mut parts = children(pair.clone());
        while is_level(pair.as_rule()) && parts.len() == 1 {
            pair = parts.remove(0);
            parts = children(pair.clone());
        }
        if depth > MAX_DEPTH {
            let message = Said::new("formula-depth").text("most", MAX_DEPTH);
            return Err(FormulaError::new(at, message));
        }
        let typed = match pair.as_rule() {
            Rule::iff | Rule::implies | Rule::any | Rule::all => {
                self.logic(pair.as_rule(), parts, at, depth)
            }
            Rule::compare => self.compare(parts, at, depth),
            Rule::unary => self.unary(parts, at, depth),
            Rule::power => self.power(parts, at, depth),
            Rule::number => self.literal(pair.as_str(), at),
            Rule::name => self.name(pair.as_str(), at),
            Rule::call => self.call(parts, at, depth),
            _ => self.chain(parts, at, depth),
        }?;
        Ok(Typed { at, ..typed }) // the start of the whole operand, `(` included
    }
}
