//! From the typed tree to the compiled form (`compiled.rs`), once, when a formula is read.
//!
//! A node is an integer ([`Int`]) when its value is one at every cell: literals, variables,
//! `floor`, `ceil`, and `+ - * // % ^ xor and or << >> min max abs if` of integers, as in the
//! type check, and also any constant whose value is an integer (`4/2`). Anything else is a
//! number ([`Real`]). A chain such as `x*y*phi` is an integer as far as its operands allow
//! (`x*y`), then a number.
//!
//! Every subtree without a variable is computed here by the tree evaluator itself, and
//! replaced by its value when that succeeds: the evaluation would give the same value at every
//! cell. When it fails, the subtree stays, so that the failure happens at evaluation, when
//! and if it is reached.
//!
//! `floor` and `ceil` of the shapes researchers write become special nodes: of a ratio of two
//! integers, a floor division; of an integer times or over a constant (`n*phi`, `x/phi`),
//! perhaps plus or minus an integer, a [`Beatty`] node. Anything this compiler does not know
//! how to do better is left to the tree evaluator ([`Real::Tree`]), which is always right.

use super::ast::{Bool, Expr, Num, Op};
use super::beatty::{Beatty, Offset, Rounding, Scale};
use super::compiled::{Compiled, Cond, Int, IntOp, Real};
use super::eval;
use super::number::Number;
use super::Env;

/// The compiled form of a typed tree.
pub(crate) fn compile(expr: &Expr) -> Compiled {
    match expr {
        Expr::Num(expr) => match number(expr) {
            Node::Int(expr) => Compiled::Int(expr),
            Node::Real(expr) => Compiled::Real(expr),
        },
        Expr::Bool(expr) => Compiled::Bool(boolean(expr)),
    }
}

/// A compiled numeric node: an integer or any number.
enum Node {
    Int(Int),
    Real(Real),
}

impl Node {
    /// The node as a number: an integer literal as a constant.
    fn into_real(self) -> Real {
        match self {
            Node::Int(Int::Lit(n)) => match Number::int(n) {
                Ok(n) => Real::Const(n),
                Err(_) => Real::Int(Int::Lit(n)),
            },
            Node::Int(expr) => Real::Int(expr),
            Node::Real(expr) => expr,
        }
    }

    /// The value of a constant node.
    fn value(&self) -> Option<Number> {
        match self {
            Node::Int(Int::Lit(n)) => Number::int(*n).ok(),
            Node::Real(Real::Const(n)) => Some(*n),
            _ => None,
        }
    }

    /// A constant: an integer literal when it is an integer.
    fn constant(value: Number) -> Node {
        match value.as_int() {
            Some(n) => Node::Int(Int::Lit(n)),
            None => Node::Real(Real::Const(value)),
        }
    }
}

/// Two operands, as integers if both are, else as numbers.
enum Pair {
    Ints(Int, Int),
    Reals(Real, Real),
}

fn pair(a: Node, b: Node) -> Pair {
    match (a, b) {
        (Node::Int(a), Node::Int(b)) => Pair::Ints(a, b),
        (a, b) => Pair::Reals(a.into_real(), b.into_real()),
    }
}

fn number(expr: &Num) -> Node {
    if !num_has_variable(expr) {
        if let Ok(value) = eval::number(expr, &Env::default()) {
            return Node::constant(value);
        }
    }
    match expr {
        Num::Lit(n) if *n != i128::MIN => Node::Int(Int::Lit(*n)),
        Num::Var(var) => Node::Int(Int::Var(*var)),
        Num::Neg(a) => match number(a) {
            Node::Int(a) => Node::Int(Int::Neg(Box::new(a))),
            Node::Real(a) => Node::Real(Real::Neg(Box::new(a))),
        },
        Num::Chain(first, rest) => chain(first, rest),
        Num::Pow(base, exponent) => match (number(base), number(exponent)) {
            (Node::Int(base), Node::Int(exponent)) => {
                Node::Int(Int::Pow(Box::new((base, exponent))))
            }
            (base, Node::Int(exponent)) => {
                Node::Real(Real::Pow(Box::new(base.into_real()), Box::new(exponent)))
            }
            _ => tree(expr),
        },
        Num::Min(a, b) => match pair(number(a), number(b)) {
            Pair::Ints(a, b) => Node::Int(Int::Min(Box::new((a, b)))),
            Pair::Reals(a, b) => Node::Real(Real::Min(Box::new((a, b)))),
        },
        Num::Max(a, b) => match pair(number(a), number(b)) {
            Pair::Ints(a, b) => Node::Int(Int::Max(Box::new((a, b)))),
            Pair::Reals(a, b) => Node::Real(Real::Max(Box::new((a, b)))),
        },
        Num::Abs(a) => match number(a) {
            Node::Int(a) => Node::Int(Int::Abs(Box::new(a))),
            Node::Real(a) => Node::Real(Real::Abs(Box::new(a))),
        },
        Num::Floor(a) => match number(a) {
            Node::Int(a) => Node::Int(a), // the floor of an integer is itself
            Node::Real(a) => Node::Int(rounded(a, false)),
        },
        Num::Ceil(a) => match number(a) {
            Node::Int(a) => Node::Int(a),
            Node::Real(a) => Node::Int(rounded(a, true)),
        },
        Num::If(condition, then, otherwise) => match boolean(condition) {
            // A constant condition, evaluated without fault: only its branch is ever taken.
            Cond::Lit(true) => number(then),
            Cond::Lit(false) => number(otherwise),
            condition => match pair(number(then), number(otherwise)) {
                Pair::Ints(a, b) => Node::Int(Int::If(Box::new((condition, a, b)))),
                Pair::Reals(a, b) => Node::Real(Real::If(Box::new((condition, a, b)))),
            },
        },
        Num::Lit(_) | Num::Phi => tree(expr),
    }
}

/// A node left to the tree evaluator.
fn tree(expr: &Num) -> Node {
    Node::Real(Real::Tree(Box::new(expr.clone())))
}

/// `first op₁ e₁ op₂ e₂ …`: an integer chain as long as the operands and operators are
/// integers, then a chain of numbers. Leading constants are folded (`2*phi*x` is
/// `(2*phi)*x`), as far as their steps succeed: the evaluation would make the same steps.
fn chain(first: &Num, rest: &[(Op, Num)]) -> Node {
    let mut acc = number(first);
    let mut operands = rest
        .iter()
        .map(|(op, operand)| (*op, number(operand)))
        .peekable();
    while let Some(value) = acc.value() {
        let Some(next) = operands
            .peek()
            .and_then(|(op, operand)| Some((*op, operand.value()?)))
        else {
            break;
        };
        match eval::apply(next.0, value, next.1) {
            Ok(value) => {
                acc = Node::constant(value);
                operands.next();
            }
            Err(_) => break,
        }
    }
    let mut ints = Vec::new();
    let mut real = None;
    if let Node::Int(first) = acc {
        for (op, operand) in operands.by_ref() {
            match (IntOp::of(op), operand) {
                (Some(op), Node::Int(operand)) => ints.push((op, operand)),
                (_, operand) => {
                    real = Some((op, operand));
                    break;
                }
            }
        }
        acc = Node::Int(int_chain(first, ints));
    }
    let Some((op, operand)) = real.or_else(|| operands.next()) else {
        return acc; // all integers, or a lone operand
    };
    let mut reals = vec![(op, operand.into_real())];
    reals.extend(operands.map(|(op, operand)| (op, operand.into_real())));
    Node::Real(Real::Chain(Box::new(acc.into_real()), reals))
}

/// An integer chain, as a binary node when it has two operands.
fn int_chain(first: Int, mut rest: Vec<(IntOp, Int)>) -> Int {
    match rest.len() {
        0 => first,
        1 => match rest.pop() {
            Some((op, second)) => Int::binary(op, first, second),
            None => first,
        },
        _ => Int::Chain(Box::new(first), rest),
    }
}

/// `floor(a)` or `ceil(a)` of a number `a`.
fn rounded(a: Real, ceil: bool) -> Int {
    if let Some(int) = ratio(&a, ceil).or_else(|| beatty(&a, ceil)) {
        return int;
    }
    if ceil {
        Int::Ceil(Box::new(a))
    } else {
        Int::Floor(Box::new(a))
    }
}

/// `floor(i / j)` or `ceil(i / j)` of two integers. The exact division and rounding fail only
/// when `j` is zero, as the floor division does.
fn ratio(a: &Real, ceil: bool) -> Option<Int> {
    let Real::Chain(first, rest) = a else {
        return None;
    };
    let [(Op::Div, j)] = rest.as_slice() else {
        return None;
    };
    let operands = Box::new((integer(first)?, integer(j)?));
    Some(if ceil {
        Int::CeilOfRatio(operands)
    } else {
        Int::FloorOfRatio(operands)
    })
}

/// `floor` or `ceil` of `i*c`, `c*i` or `i/c`, perhaps plus or minus an integer `j`, before
/// or after: a [`Beatty`] node, if its constant is small enough to be worth one.
fn beatty(a: &Real, ceil: bool) -> Option<Int> {
    let Real::Chain(first, rest) = a else {
        return None;
    };
    let (int, scale, constant, offset, j) = match rest.as_slice() {
        [(op, operand)] => match scaled(first, *op, operand) {
            Some((int, scale, constant)) => (int, scale, constant, Offset::None, Int::Lit(0)),
            None => {
                // j ± (i*c), where i*c is a chain of its own
                let (Op::Add | Op::Sub, Real::Chain(inner_first, inner_rest)) = (op, operand)
                else {
                    return None;
                };
                let [(inner_op, inner_operand)] = inner_rest.as_slice() else {
                    return None;
                };
                let (int, scale, constant) = scaled(inner_first, *inner_op, inner_operand)?;
                let offset = Offset::Before(*op == Op::Sub);
                (int, scale, constant, offset, integer(first)?)
            }
        },
        [(op, operand), (plus_or_minus @ (Op::Add | Op::Sub), j)] => {
            let (int, scale, constant) = scaled(first, *op, operand)?;
            let offset = Offset::After(*plus_or_minus == Op::Sub);
            (int, scale, constant, offset, integer(j)?)
        }
        _ => return None,
    };
    let rounding = Rounding::new(scale, constant, offset, ceil)?;
    Some(Int::Beatty(Box::new(Beatty {
        int,
        offset: j,
        rounding,
    })))
}

/// `i*c`, `c*i` or `i/c` for an integer node `i` and a constant `c` that is not an integer.
fn scaled(first: &Real, op: Op, operand: &Real) -> Option<(Int, Scale, Number)> {
    match (first, op, operand) {
        (Real::Int(i), Op::Mul, Real::Const(c)) => Some((i.clone(), Scale::Times, *c)),
        (Real::Const(c), Op::Mul, Real::Int(i)) => Some((i.clone(), Scale::TimesLeft, *c)),
        (Real::Int(i), Op::Div, Real::Const(c)) => Some((i.clone(), Scale::Over, *c)),
        _ => None,
    }
}

/// The integer node a number node is, if it is one: an integer inside a number, or an
/// integer constant.
fn integer(a: &Real) -> Option<Int> {
    match a {
        Real::Int(i) => Some(i.clone()),
        Real::Const(c) => c.as_int().map(Int::Lit),
        _ => None,
    }
}

fn boolean(expr: &Bool) -> Cond {
    if !bool_has_variable(expr) {
        if let Ok(value) = eval::truth(expr, &Env::default()) {
            return Cond::Lit(value);
        }
    }
    let all = |parts: &[Bool]| parts.iter().map(boolean).collect();
    match expr {
        Bool::Lit(b) => Cond::Lit(*b),
        Bool::Not(a) => Cond::Not(Box::new(boolean(a))),
        Bool::Compare(cmp, a, b) => match pair(number(a), number(b)) {
            Pair::Ints(a, b) => Cond::Ints(*cmp, Box::new((a, b))),
            Pair::Reals(a, b) => Cond::Reals(*cmp, Box::new((a, b))),
        },
        Bool::All(parts) => Cond::All(all(parts)),
        Bool::Any(parts) => Cond::Any(all(parts)),
        Bool::Implies(parts) => Cond::Implies(all(parts)),
        Bool::Iff(parts) => Cond::Iff(all(parts)),
        Bool::If(condition, then, otherwise) => match boolean(condition) {
            Cond::Lit(true) => boolean(then),
            Cond::Lit(false) => boolean(otherwise),
            condition => Cond::If(Box::new((condition, boolean(then), boolean(otherwise)))),
        },
    }
}

/// Whether a numeric subtree mentions a variable (`grundy` included: it may be missing).
fn num_has_variable(expr: &Num) -> bool {
    match expr {
        Num::Lit(_) | Num::Phi => false,
        Num::Var(_) => true,
        Num::Neg(a) | Num::Abs(a) | Num::Floor(a) | Num::Ceil(a) => num_has_variable(a),
        Num::Chain(first, rest) => {
            num_has_variable(first) || rest.iter().any(|(_, e)| num_has_variable(e))
        }
        Num::Pow(a, b) | Num::Min(a, b) | Num::Max(a, b) => {
            num_has_variable(a) || num_has_variable(b)
        }
        Num::If(c, a, b) => bool_has_variable(c) || num_has_variable(a) || num_has_variable(b),
    }
}

fn bool_has_variable(expr: &Bool) -> bool {
    match expr {
        Bool::Lit(_) => false,
        Bool::Not(a) => bool_has_variable(a),
        Bool::Compare(_, a, b) => num_has_variable(a) || num_has_variable(b),
        Bool::All(parts) | Bool::Any(parts) | Bool::Implies(parts) | Bool::Iff(parts) => {
            parts.iter().any(bool_has_variable)
        }
        Bool::If(c, a, b) => bool_has_variable(c) || bool_has_variable(a) || bool_has_variable(b),
    }
}
