//! The typed tree of a formula: numeric and boolean expressions are different types, so a
//! tree that was built is well-typed and its evaluation never meets a boolean where it needs
//! a number. Chains of operators of one level (`a + b - c`, `p && q && r`) are kept flat, so
//! that a long sum is wide rather than deep and evaluates in a loop.

/// A formula: its value is a number or a truth value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Expr {
    Num(Num),
    Bool(Bool),
}

/// A variable of the environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Var {
    X,
    Y,
    Z,
    N,
    K,
    Grundy,
}

/// A binary operator of the numeric levels, all left-associative except `^` (kept apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Add,
    Sub,
    Mul,
    /// `/`, exact division.
    Div,
    /// `//`, floor division of integers.
    FloorDiv,
    /// `%`, the remainder of the floor division, with the sign of the divisor.
    Mod,
    Xor,
    And,
    Or,
    Shl,
    Shr,
}

/// A numeric expression: its value is an exact number of Q(√5).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Num {
    Lit(i128),
    Var(Var),
    Phi,
    Neg(Box<Num>),
    /// `first op₁ e₁ op₂ e₂ …`, evaluated left to right.
    Chain(Box<Num>, Vec<(Op, Num)>),
    /// `base ^ exponent`.
    Pow(Box<Num>, Box<Num>),
    Min(Box<Num>, Box<Num>),
    Max(Box<Num>, Box<Num>),
    Abs(Box<Num>),
    Floor(Box<Num>),
    Ceil(Box<Num>),
    /// `if(c, a, b)`: only the chosen branch is evaluated.
    If(Box<Bool>, Box<Num>, Box<Num>),
}

/// A comparison of two numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// A boolean expression.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Bool {
    Lit(bool),
    Not(Box<Bool>),
    Compare(Cmp, Box<Num>, Box<Num>),
    /// `a && b && …`, stopping at the first false.
    All(Vec<Bool>),
    /// `a || b || …`, stopping at the first true.
    Any(Vec<Bool>),
    /// `a -> b -> … -> z`, that is `a -> (b -> (… -> z))`: true at the first false premise.
    Implies(Vec<Bool>),
    /// `a <-> b <-> …`, from the left (`==` between booleans is `<->` too).
    Iff(Vec<Bool>),
    If(Box<Bool>, Box<Bool>, Box<Bool>),
}
