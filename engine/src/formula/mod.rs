//! Formulas about the cells of a Grundy table: a small, safe and exact language in which a
//! researcher states a conjecture, either the Grundy number of every cell (a *value* formula,
//! `x xor y`) or a property every cell has (a *predicate*, `grundy == 0 <-> x == y`).
//!
//! ```
//! use engine::formula::{Env, Formula, Kind};
//!
//! // Wythoff's P-positions: the cells of Grundy number 0 of Corner the Queen.
//! let wythoff =
//!     Formula::parse("grundy == 0 <-> min(x,y) == floor((max(x,y) - min(x,y)) * phi)")?;
//! assert_eq!(wythoff.kind(), Kind::Predicate);
//! let cell = Env { x: 3, y: 5, grundy: Some(0), ..Env::default() };
//! assert!(wythoff.holds(&cell)?);
//!
//! let nim = Formula::parse("x xor y")?;
//! assert_eq!(nim.value(&Env { x: 5, y: 3, ..Env::default() })?, 6);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The language
//!
//! A formula is one expression over a cell of a table.
//!
//! - **Variables**: `x`, `y`, `z` (the coordinates of the position), `n`, `k` (the game's
//!   parameters) and `grundy` (the cell's true Grundy number, for predicates; evaluating it
//!   where none is known is an error). Names are case-sensitive.
//! - **Numbers**: decimal integer literals, and the golden ratio `phi`. Every value is exact:
//!   a number of the form `p + q·√5` with rational `p` and `q`, so `floor(n*phi)`,
//!   `ceil(x/phi)`, `floor(n*phi^2)` and `y < x*phi` are computed exactly. There is no
//!   floating point.
//! - **Arithmetic**: `+`, `-` (binary and unary), `*`, `/` (exact division: `7/2` is
//!   three and a half), `//` (division rounded down: `-7 // 2` is -4), `%` (the remainder of
//!   `//`, with the sign of the divisor: `-7 % 2` is 1, `7 % -2` is -1), `^` (power, with an
//!   integer exponent from 0 to 64: `2^10`, `phi^2`).
//! - **Bits** of natural numbers: `xor`, `and`, `or`, `<<` and `>>` (shift by 0 to 127).
//!   They refuse negative operands.
//! - **Functions**: `min(a, b)`, `max(a, b)`, `abs(a)`, `floor(a)`, `ceil(a)` and
//!   `if(condition, a, b)`, which evaluates only the branch it chooses, so
//!   `if(x == 0, 1, 1 // x)` is fine at `x = 0`. The branches are both numbers or both
//!   truth values.
//! - **Comparisons**: `==`, `!=`, `<`, `<=`, `>`, `>=` between numbers, exact; `==` and `!=`
//!   also between truth values. Comparisons do not chain: write `0 <= x && x < n`.
//! - **Logic**: `true`, `false`, `!` (not), `&&` (and), `||` (or), `->` (implies) and
//!   `<->` (if and only if). `&&`, `||` and `->` evaluate only what they need.
//! - Parentheses group; spaces, tabs and line breaks are ignored.
//!
//! Integers are the literals, the variables, and what `+ - * // % ^ xor and or << >>`,
//! `min`, `max`, `abs` and `if` make of integers, and everything `floor` and `ceil` give.
//! The operands of `//`, `%`, the bitwise operators and the shifts, and exponents, must be
//! integers: `(x / 2) // 1` is refused when the formula is read, `floor(x / 2)` is the way.
//!
//! From the loosest to the tightest binding:
//!
//! | operators | grouping |
//! | --- | --- |
//! | `<->` | left to right |
//! | `->` | right to left: `a -> b -> c` is `a -> (b -> c)` |
//! | `\|\|` | left to right |
//! | `&&` | left to right |
//! | `== != < <= > >=` | none: `a < b < c` is refused |
//! | `or` | left to right |
//! | `xor` | left to right |
//! | `and` | left to right |
//! | `<< >>` | left to right |
//! | `+ -` | left to right |
//! | `* / // %` | left to right |
//! | unary `-`, `!` | |
//! | `^` | right to left: `2^3^2` is `2^9`, and `-2^2` is -4 |
//!
//! A formula whose value is a number is a [value](Kind::Value) formula: it predicts each
//! cell's Grundy number, and its value must be an integer at every cell where it is
//! evaluated. A formula whose value is `true` or `false` is a [predicate](Kind::Predicate).
//! Which one a formula is, and whether its types fit (`x and true` or `1 + (x < y)` are
//! refused), is settled when it is read, with the position of the fault.
//!
//! # Errors
//!
//! Reading a formula fails with a [`FormulaError`]: the byte offset of the fault (from 0) and
//! what is wrong there (``at byte 6: `and` needs an integer, not true or false``).
//! Evaluating it at a cell fails with an [`EvalError`]: a division by zero, a number too
//! large for exact arithmetic, a value formula whose value is not an integer there (`x / 2`
//! at `x = 1`), a bitwise operation or shift on a negative number, a shift by more than 127,
//! an exponent outside 0 to 64 (`2^-1` is read, and refused when evaluated), or `grundy`
//! where the cell has none.
//!
//! # Limits
//!
//! A formula is read once and evaluated at every cell of a table, perhaps millions of times,
//! from text that anyone may send: it can neither loop nor recurse, so one evaluation visits
//! each node at most once, and these limits bound the rest.
//!
//! - At most [`MAX_SOURCE_BYTES`] bytes of text, [`MAX_NODES`] operators and operands, and
//!   [`MAX_DEPTH`] levels of nesting (checked before any recursion, and for parentheses
//!   before the text is parsed at all).
//! - Numbers are exact with 128-bit numerators and denominators (literals are less than
//!   2^127, about 1.7·10^38): a step whose exact result does not fit is
//!   [`EvalError::Overflow`], never a rounded or wrapped value. Floors and comparisons of
//!   numbers involving `phi` need somewhat more room than their result (the `√5` part times
//!   the denominators must stay below 2^125).
//! - Exponents are at most [`MAX_EXPONENT`] and shifts at most [`MAX_SHIFT`].
//!
//! # Speed
//!
//! The exact numbers of Q(√5) cost a gcd at every step, and a table has millions of cells.
//! So a formula is compiled when it is read, and its value at a cell is computed by what it
//! was compiled to, with the very same values and errors as the exact arithmetic, which
//! remains the reference it is tested against: integers (the coordinates, `xor`, `//`,
//! `min`, every `floor`) are computed in 128-bit integers with the same overflow rule,
//! subtrees without variables (`phi^2`, `1/phi`) once, `floor(n*phi)` and its kin with a few
//! integer operations, and only the rest in exact numbers of Q(√5). A cell of `x xor y` or of
//! Wythoff's predicate takes tens of nanoseconds.

#[cfg(test)]
mod agreement;
mod ast;
mod beatty;
mod compile;
mod compiled;
mod eval;
#[cfg(test)]
mod hostile;
mod number;
mod operands;
mod operators;
mod parse;
mod program;
mod rational;
#[cfg(test)]
mod tests;
mod typed;

use std::fmt;

use ast::Expr;
use compiled::Compiled;
use program::Program;

use crate::Said;

/// The longest formula, in bytes: a conjecture is a line or two, and this bounds the work of
/// the parser and the length of everything else.
pub const MAX_SOURCE_BYTES: usize = 2_000;

/// The most operators and operands (nodes of the tree) in a formula: the work of evaluating
/// one cell is proportional to them.
pub const MAX_NODES: usize = 500;

/// The deepest nesting of a formula, in parentheses and in its tree: the parser and the
/// evaluator recurse once per level, and this keeps their stack small on any thread.
pub const MAX_DEPTH: usize = 64;

/// The largest exponent of `^`: `2^64` and `phi^64` are in reach, and no power is so large
/// that repeated squaring takes more than a few steps.
pub const MAX_EXPONENT: u32 = 64;

/// The largest shift amount of `<<` and `>>`: integers have 128 bits.
pub const MAX_SHIFT: u32 = 127;

/// What a formula states about a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Its value is a number: the cell's predicted Grundy number ([`Formula::value`]).
    Value,
    /// Its value is true or false ([`Formula::holds`]).
    Predicate,
}

/// A cell of a table, where a formula is evaluated: its coordinates, the game's parameters,
/// and its Grundy number when it is known. Unused coordinates and parameters are 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Env {
    /// The first coordinate, `x`.
    pub x: i64,
    /// The second coordinate, `y`.
    pub y: i64,
    /// The third coordinate, `z`.
    pub z: i64,
    /// The game's first parameter, `n`.
    pub n: i64,
    /// The game's second parameter, `k`.
    pub k: i64,
    /// The cell's true Grundy number, the value of `grundy`.
    pub grundy: Option<u64>,
}

/// A formula, read and type-checked, ready to be evaluated at any number of cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Formula {
    source: String,
    expr: Expr,
    compiled: Compiled,
    program: Option<Program>,
    variables: Vec<(&'static str, usize)>,
}

impl Formula {
    /// Reads a formula, or says what is wrong with it and where.
    pub fn parse(text: &str) -> Result<Formula, FormulaError> {
        let parsed = parse::parse(text)?;
        let compiled = compile::compile(&parsed.expr);
        Ok(Formula {
            source: text.to_string(),
            program: Program::new(&compiled),
            compiled,
            expr: parsed.expr,
            variables: parsed.variables,
        })
    }

    /// Whether the formula is a value formula or a predicate.
    pub fn kind(&self) -> Kind {
        match self.expr {
            Expr::Num(_) => Kind::Value,
            Expr::Bool(_) => Kind::Predicate,
        }
    }

    /// Whether the formula mentions `grundy`, so that it needs the true Grundy numbers.
    pub fn uses_grundy(&self) -> bool {
        self.variables.iter().any(|&(name, _)| name == "grundy")
    }

    /// The variables the formula names (`x`, `y`, `z`, `n`, `k`, `grundy`), each with the
    /// byte offset of its first use, in the order they first appear.
    pub fn variables(&self) -> &[(&'static str, usize)] {
        &self.variables
    }

    /// The text the formula was read from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The value of a value formula at a cell, which must be an integer.
    pub fn value(&self, env: &Env) -> Result<i128, EvalError> {
        match &self.program {
            Some(program) => program.value(env),
            None => self.compiled.value(env),
        }
    }

    /// Whether a predicate holds at a cell.
    pub fn holds(&self, env: &Env) -> Result<bool, EvalError> {
        match &self.program {
            Some(program) => program.holds(env),
            None => self.compiled.holds(env),
        }
    }

    /// [`Formula::value`] by the tree evaluator, the reference the compiled form must agree
    /// with: for tests and benchmarks.
    #[doc(hidden)]
    pub fn reference_value(&self, env: &Env) -> Result<i128, EvalError> {
        match &self.expr {
            Expr::Num(expr) => eval::integer(eval::number(expr, env)?),
            Expr::Bool(_) => Err(EvalError::NotAValue),
        }
    }

    /// [`Formula::holds`] by the tree evaluator.
    #[doc(hidden)]
    pub fn reference_holds(&self, env: &Env) -> Result<bool, EvalError> {
        match &self.expr {
            Expr::Bool(expr) => eval::truth(expr, env),
            Expr::Num(_) => Err(EvalError::NotAPredicate),
        }
    }
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

/// Why a text is not a formula: the byte offset of the fault in the text (from 0) and what
/// is wrong there, a message in lowercase without a final period.
///
/// `Display` prints `at byte N: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormulaError {
    /// Where the fault is: a byte offset into the text, from 0.
    pub at: usize,
    /// What is wrong, as a message of the catalogs (`formula-*`).
    pub message: Said,
}

impl FormulaError {
    pub(crate) fn new(at: usize, message: Said) -> FormulaError {
        FormulaError { at, message }
    }
}

impl fmt::Display for FormulaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.at, self.message)
    }
}

impl std::error::Error for FormulaError {}

/// Why a formula has no value at a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EvalError {
    /// A division (`/`, `//` or `%`) by zero.
    DivisionByZero,
    /// An exact result does not fit in 128-bit numerators and denominators.
    Overflow,
    /// A value formula's value is not an integer (`x / 2` at odd `x`), or an operation
    /// that needs an integer was given a fraction.
    NotAnInteger,
    /// A bitwise operation or a shift was given a negative number.
    NegativeBits,
    /// A shift amount is more than [`MAX_SHIFT`].
    ShiftTooLarge,
    /// An exponent is negative or more than [`MAX_EXPONENT`].
    ExponentOutOfRange,
    /// The formula uses `grundy` and the cell has no Grundy number.
    NoGrundy,
    /// [`Formula::value`] was asked of a predicate.
    NotAValue,
    /// [`Formula::holds`] was asked of a value formula.
    NotAPredicate,
}

impl EvalError {
    /// Why, as a message of the catalogs (`formula-eval-division_by_zero`: division by zero).
    pub fn said(self) -> Said {
        Said::new(match self {
            EvalError::DivisionByZero => "formula-eval-division_by_zero",
            EvalError::Overflow => "formula-eval-overflow",
            EvalError::NotAnInteger => "formula-eval-not_an_integer",
            EvalError::NegativeBits => "formula-eval-negative_bits",
            EvalError::ShiftTooLarge => "formula-eval-shift_too_large",
            EvalError::ExponentOutOfRange => "formula-eval-exponent_out_of_range",
            EvalError::NoGrundy => "formula-eval-no_grundy",
            EvalError::NotAValue => "formula-eval-not_a_value",
            EvalError::NotAPredicate => "formula-eval-not_a_predicate",
        })
    }
}

/// The message's id, for logs: a reader is told it by the catalogs ([`EvalError::said`]).
impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.said().fmt(f)
    }
}

impl std::error::Error for EvalError {}
