//! The integer and boolean skeleton of a compiled formula as a flat program: instructions
//! that read and write a small array of `i128` registers, run in one loop.
//!
//! Evaluating the compiled tree (`compiled.rs`) costs a function call per node, with its
//! dispatch, its saved registers and its `Result` passed through memory; for the formulas
//! researchers write, a dozen nodes of one or two instructions each, that is most of the
//! time. Here a node is one instruction of a loop: the coordinates and parameters are loaded
//! into registers 0 to 4 and the literals into the next ones before it starts, so that a leaf
//! costs nothing, and `&&`, `||`, `->` and `if` are jumps.
//!
//! The instructions are emitted in the tree evaluator's order of evaluation, one per
//! operation, with the same checks as the integer nodes, so that the first fault is the same
//! (`grundy`, which may be missing, is loaded where it is used). Numbers of Q(√5) stay trees:
//! a `floor` or a comparison of numbers is one instruction that evaluates its tree. A formula
//! that needs more registers than [`REGISTERS`] (a very deep one) has no program, and is
//! evaluated as a tree.

use super::ast::{Cmp, Var};
use super::beatty::{Offset, Rounding};
use super::compiled::{div, mul, order, power, rem, Compiled, Cond, Int, IntOp, Real};
use super::rational::{bit_and, bit_or, bit_xor, fit, shl, shr};
use super::{eval, Env, EvalError};

/// The most registers a program may use: a power of two, so that a register number is
/// reduced to the array by a mask, without a bounds check.
const REGISTERS: usize = 64;

/// The registers that hold `x`, `y`, `z`, `n` and `k`, in this order.
const VARIABLES: [Var; 5] = [Var::X, Var::Y, Var::Z, Var::N, Var::K];

/// A register number.
type Reg = u8;

/// One step of a program: the register it writes first, then those it reads, and for jumps
/// the index of the next instruction.
#[derive(Debug, Clone, PartialEq)]
enum Instr {
    Move(Reg, Reg),
    Grundy(Reg),
    Add(Reg, Reg, Reg),
    Sub(Reg, Reg, Reg),
    Mul(Reg, Reg, Reg),
    FloorDiv(Reg, Reg, Reg),
    Mod(Reg, Reg, Reg),
    Xor(Reg, Reg, Reg),
    And(Reg, Reg, Reg),
    Or(Reg, Reg, Reg),
    Shl(Reg, Reg, Reg),
    Shr(Reg, Reg, Reg),
    Pow(Reg, Reg, Reg),
    Min(Reg, Reg, Reg),
    Max(Reg, Reg, Reg),
    Neg(Reg, Reg),
    Abs(Reg, Reg),
    FloorOfRatio(Reg, Reg, Reg),
    CeilOfRatio(Reg, Reg, Reg),
    /// Before the offset of a Beatty node that comes after `i*c`: fails where `i*c` fails.
    BeattyCheck(Reg, Box<Rounding>),
    /// A Beatty node's value, of `i` and `j`.
    Beatty(Reg, Reg, Reg, Box<Rounding>),
    /// The floor (or, if true, the ceiling) of a number.
    Round(Reg, Box<(Real, bool)>),
    /// A comparison of two integers, 1 if it holds and 0 if not.
    Compare(Cmp, Reg, Reg, Reg),
    /// A comparison of two numbers.
    CompareReals(Reg, Box<(Cmp, Real, Real)>),
    /// Whether two truth values are the same, `<->`.
    Same(Reg, Reg, Reg),
    Not(Reg, Reg),
    Jump(usize),
    JumpIf(Reg, usize),
    JumpUnless(Reg, usize),
}

/// The instruction of one step of an integer chain.
fn step(op: IntOp) -> fn(Reg, Reg, Reg) -> Instr {
    match op {
        IntOp::Add => Instr::Add,
        IntOp::Sub => Instr::Sub,
        IntOp::Mul => Instr::Mul,
        IntOp::FloorDiv => Instr::FloorDiv,
        IntOp::Mod => Instr::Mod,
        IntOp::Xor => Instr::Xor,
        IntOp::And => Instr::And,
        IntOp::Or => Instr::Or,
        IntOp::Shl => Instr::Shl,
        IntOp::Shr => Instr::Shr,
    }
}

/// A compiled formula as a program, for a value formula whose value is an integer node or
/// for a predicate.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Program {
    code: Vec<Instr>,
    /// The literals and the registers they are loaded into.
    literals: Vec<(Reg, i128)>,
    /// The register of the result: an integer, or 1 and 0 for true and false.
    result: Reg,
    /// How many registers it uses.
    registers: usize,
    predicate: bool,
}

impl Program {
    /// The program of a compiled formula, unless it is a value formula of a number that may
    /// not be an integer (`x / 2`), or it needs too many registers.
    pub(crate) fn new(compiled: &Compiled) -> Option<Program> {
        let mut lowering = Lowering {
            code: Vec::new(),
            literals: Vec::new(),
            next: VARIABLES.len(),
            registers: VARIABLES.len(),
        };
        let (result, predicate) = match compiled {
            Compiled::Int(expr) => {
                lowering.literals_of_int(expr)?;
                (lowering.int(expr, None)?, false)
            }
            Compiled::Bool(expr) => {
                lowering.literals_of_cond(expr)?;
                (lowering.cond(expr, None)?, true)
            }
            Compiled::Real(_) => return None,
        };
        Some(Program {
            code: lowering.code,
            literals: lowering.literals,
            result,
            registers: lowering.registers,
            predicate,
        })
    }

    /// The value of a value formula.
    pub(crate) fn value(&self, env: &Env) -> Result<i128, EvalError> {
        if self.predicate {
            return Err(EvalError::NotAValue);
        }
        self.run(env)
    }

    /// The truth of a predicate.
    pub(crate) fn holds(&self, env: &Env) -> Result<bool, EvalError> {
        if !self.predicate {
            return Err(EvalError::NotAPredicate);
        }
        Ok(self.run(env)? != 0)
    }

    /// Runs the program on as few registers as it needs (they are zeroed at each run).
    fn run(&self, env: &Env) -> Result<i128, EvalError> {
        match self.registers {
            0..=8 => self.run_on::<8>(env),
            9..=16 => self.run_on::<16>(env),
            _ => self.run_on::<REGISTERS>(env),
        }
    }

    fn run_on<const N: usize>(&self, env: &Env) -> Result<i128, EvalError> {
        let mut r = Registers::<N>::new();
        for (register, value) in [env.x, env.y, env.z, env.n, env.k].into_iter().enumerate() {
            r.set(register, i128::from(value));
        }
        for &(register, value) in &self.literals {
            r.set(usize::from(register), value);
        }
        let mut pc = 0;
        while let Some(instr) = self.code.get(pc) {
            pc += 1;
            let (to, value) = match instr {
                Instr::Move(to, a) => (to, r.get(*a)),
                Instr::Grundy(to) => (to, eval::variable(Var::Grundy, env)?),
                Instr::Add(to, a, b) => (to, fit(r.get(*a).checked_add(r.get(*b)))?),
                Instr::Sub(to, a, b) => (to, fit(r.get(*a).checked_sub(r.get(*b)))?),
                Instr::Mul(to, a, b) => (to, mul(r.get(*a), r.get(*b))?),
                Instr::FloorDiv(to, a, b) => (to, fit(Some(div(r.get(*a), r.get(*b))?))?),
                Instr::Mod(to, a, b) => (to, fit(Some(rem(r.get(*a), r.get(*b))?))?),
                Instr::Xor(to, a, b) => (to, fit(Some(bit_xor(r.get(*a), r.get(*b))?))?),
                Instr::And(to, a, b) => (to, fit(Some(bit_and(r.get(*a), r.get(*b))?))?),
                Instr::Or(to, a, b) => (to, fit(Some(bit_or(r.get(*a), r.get(*b))?))?),
                Instr::Shl(to, a, b) => (to, fit(Some(shl(r.get(*a), r.get(*b))?))?),
                Instr::Shr(to, a, b) => (to, fit(Some(shr(r.get(*a), r.get(*b))?))?),
                Instr::Pow(to, a, b) => (to, power(r.get(*a), r.get(*b))?),
                Instr::Min(to, a, b) => {
                    let (a, b) = (r.get(*a), r.get(*b));
                    (to, if order(a, b)?.is_gt() { b } else { a })
                }
                Instr::Max(to, a, b) => {
                    let (a, b) = (r.get(*a), r.get(*b));
                    (to, if order(a, b)?.is_lt() { b } else { a })
                }
                Instr::Neg(to, a) => (to, -r.get(*a)),
                Instr::Abs(to, a) => (to, r.get(*a).abs()),
                Instr::FloorOfRatio(to, a, b) => (to, div(r.get(*a), r.get(*b))?),
                Instr::CeilOfRatio(to, a, b) => (to, -div(-r.get(*a), r.get(*b))?),
                Instr::BeattyCheck(i, rounding) => {
                    rounding.check(r.get(*i))?;
                    continue;
                }
                Instr::Beatty(to, i, j, rounding) => (to, rounding.round(r.get(*i), r.get(*j))?),
                Instr::Round(to, round) => {
                    let (a, ceil) = round.as_ref();
                    let a = a.eval(env)?;
                    (to, fit(Some(if *ceil { a.ceil()? } else { a.floor()? }))?)
                }
                Instr::Compare(cmp, to, a, b) => {
                    let (a, b) = (r.get(*a), r.get(*b));
                    let holds = match cmp {
                        Cmp::Eq => a == b,
                        Cmp::Ne => a != b,
                        Cmp::Lt => order(a, b)?.is_lt(),
                        Cmp::Le => order(a, b)?.is_le(),
                        Cmp::Gt => order(a, b)?.is_gt(),
                        Cmp::Ge => order(a, b)?.is_ge(),
                    };
                    (to, i128::from(holds))
                }
                Instr::CompareReals(to, comparison) => {
                    let (cmp, a, b) = comparison.as_ref();
                    (to, i128::from(Cond::compare_reals(*cmp, a, b, env)?))
                }
                Instr::Same(to, a, b) => (to, i128::from(r.get(*a) == r.get(*b))),
                Instr::Not(to, a) => (to, i128::from(r.get(*a) == 0)),
                Instr::Jump(target) => {
                    pc = *target;
                    continue;
                }
                Instr::JumpIf(a, target) => {
                    if r.get(*a) != 0 {
                        pc = *target;
                    }
                    continue;
                }
                Instr::JumpUnless(a, target) => {
                    if r.get(*a) == 0 {
                        pc = *target;
                    }
                    continue;
                }
            };
            r.set(usize::from(*to), value);
        }
        Ok(r.get(self.result))
    }
}

/// The registers of a run: each `i128` kept as its two 64-bit halves in two arrays. An
/// `i128` is stored as two 64-bit words and, in an array of `i128`, may be read back as one
/// 128-bit vector (to compare two of them), which the processor cannot forward from the two
/// stores still in flight: a stall of several cycles at every comparison.
struct Registers<const N: usize> {
    low: [u64; N],
    high: [u64; N],
}

impl<const N: usize> Registers<N> {
    fn new() -> Self {
        Registers {
            low: [0; N],
            high: [0; N],
        }
    }

    /// Register `register`, reduced to the array by a mask (`N` is a power of two).
    #[inline(always)]
    fn get(&self, register: Reg) -> i128 {
        let at = usize::from(register) & (N - 1);
        (i128::from(self.high[at].cast_signed()) << 64) | i128::from(self.low[at])
    }

    #[inline(always)]
    fn set(&mut self, register: usize, value: i128) {
        let at = register & (N - 1);
        // the low and the high 64 bits, truncated on purpose
        self.low[at] = value as u64;
        self.high[at] = (value >> 64) as u64;
    }
}

/// The making of a program: registers are taken as a stack, a node's result register first
/// and its operands' above it, given back when the node is done.
struct Lowering {
    code: Vec<Instr>,
    literals: Vec<(Reg, i128)>,
    /// The first free register.
    next: usize,
    /// How many registers are used.
    registers: usize,
}

impl Lowering {
    /// A new register, or none when they are all taken.
    fn take(&mut self) -> Option<Reg> {
        let register = Reg::try_from(self.next)
            .ok()
            .filter(|_| self.next < REGISTERS)?;
        self.next += 1;
        self.registers = self.registers.max(self.next);
        Some(register)
    }

    /// The register of a literal, given one at its first sight.
    fn literal(&mut self, value: i128) -> Option<Reg> {
        if let Some(&(register, _)) = self.literals.iter().find(|(_, v)| *v == value) {
            return Some(register);
        }
        let register = self.take()?;
        self.literals.push((register, value));
        Some(register)
    }

    /// Gives every literal of the integer skeleton its register, before any other.
    fn literals_of_int(&mut self, expr: &Int) -> Option<()> {
        match expr {
            Int::Lit(n) => self.literal(*n).map(drop),
            Int::Var(_) | Int::Floor(_) | Int::Ceil(_) => Some(()),
            Int::Neg(a) | Int::Abs(a) => self.literals_of_int(a),
            Int::Add(ab)
            | Int::Sub(ab)
            | Int::Mul(ab)
            | Int::FloorDiv(ab)
            | Int::Mod(ab)
            | Int::Xor(ab)
            | Int::And(ab)
            | Int::Or(ab)
            | Int::Shl(ab)
            | Int::Shr(ab)
            | Int::Pow(ab)
            | Int::Min(ab)
            | Int::Max(ab)
            | Int::FloorOfRatio(ab)
            | Int::CeilOfRatio(ab) => {
                self.literals_of_int(&ab.0)?;
                self.literals_of_int(&ab.1)
            }
            Int::Chain(first, rest) => {
                self.literals_of_int(first)?;
                rest.iter()
                    .try_for_each(|(_, operand)| self.literals_of_int(operand))
            }
            Int::Beatty(beatty) => {
                self.literals_of_int(&beatty.int)?;
                match beatty.rounding.offset() {
                    Offset::None => Some(()),
                    Offset::After(_) | Offset::Before(_) => self.literals_of_int(&beatty.offset),
                }
            }
            Int::If(parts) => {
                self.literals_of_cond(&parts.0)?;
                self.literals_of_int(&parts.1)?;
                self.literals_of_int(&parts.2)
            }
        }
    }

    fn literals_of_cond(&mut self, expr: &Cond) -> Option<()> {
        match expr {
            Cond::Lit(b) => self.literal(i128::from(*b)).map(drop),
            Cond::Not(a) => self.literals_of_cond(a),
            Cond::Ints(_, ab) => {
                self.literals_of_int(&ab.0)?;
                self.literals_of_int(&ab.1)
            }
            Cond::Reals(..) => Some(()),
            Cond::All(parts) | Cond::Any(parts) | Cond::Implies(parts) | Cond::Iff(parts) => parts
                .iter()
                .try_for_each(|part| self.literals_of_cond(part)),
            Cond::If(parts) => {
                self.literals_of_cond(&parts.0)?;
                self.literals_of_cond(&parts.1)?;
                self.literals_of_cond(&parts.2)
            }
        }
    }

    /// The register `to`, or a new one.
    fn target(&mut self, to: Option<Reg>) -> Option<Reg> {
        match to {
            Some(to) => Some(to),
            None => self.take(),
        }
    }

    /// A leaf's register, moved to `to` if there is one.
    fn leaf(&mut self, register: Reg, to: Option<Reg>) -> Reg {
        match to {
            Some(to) if to != register => {
                self.code.push(Instr::Move(to, register));
                to
            }
            _ => register,
        }
    }

    /// `to = op(a, b)` for two operands evaluated in order.
    fn binary(
        &mut self,
        operands: &(Int, Int),
        to: Option<Reg>,
        op: impl FnOnce(Reg, Reg, Reg) -> Instr,
    ) -> Option<Reg> {
        let to = self.target(to)?;
        let mark = self.next;
        let a = self.int(&operands.0, None)?;
        let b = self.int(&operands.1, None)?;
        self.next = mark;
        self.code.push(op(to, a, b));
        Some(to)
    }

    /// `to = op(a)`.
    fn unary(&mut self, operand: &Int, to: Option<Reg>, op: fn(Reg, Reg) -> Instr) -> Option<Reg> {
        let to = self.target(to)?;
        let mark = self.next;
        let a = self.int(operand, None)?;
        self.next = mark;
        self.code.push(op(to, a));
        Some(to)
    }

    /// The code of an integer node, its result in `to` if given: the register of the result.
    fn int(&mut self, expr: &Int, to: Option<Reg>) -> Option<Reg> {
        match expr {
            Int::Lit(n) => {
                let register = self.literal(*n)?;
                Some(self.leaf(register, to))
            }
            Int::Var(Var::Grundy) => {
                let to = self.target(to)?;
                self.code.push(Instr::Grundy(to));
                Some(to)
            }
            Int::Var(var) => {
                let register = VARIABLES.iter().position(|v| v == var)?;
                Some(self.leaf(Reg::try_from(register).ok()?, to))
            }
            Int::Neg(a) => self.unary(a, to, Instr::Neg),
            Int::Abs(a) => self.unary(a, to, Instr::Abs),
            Int::Add(ab) => self.binary(ab, to, Instr::Add),
            Int::Sub(ab) => self.binary(ab, to, Instr::Sub),
            Int::Mul(ab) => self.binary(ab, to, Instr::Mul),
            Int::FloorDiv(ab) => self.binary(ab, to, Instr::FloorDiv),
            Int::Mod(ab) => self.binary(ab, to, Instr::Mod),
            Int::Xor(ab) => self.binary(ab, to, Instr::Xor),
            Int::And(ab) => self.binary(ab, to, Instr::And),
            Int::Or(ab) => self.binary(ab, to, Instr::Or),
            Int::Shl(ab) => self.binary(ab, to, Instr::Shl),
            Int::Shr(ab) => self.binary(ab, to, Instr::Shr),
            Int::Pow(ab) => self.binary(ab, to, Instr::Pow),
            Int::Min(ab) => self.binary(ab, to, Instr::Min),
            Int::Max(ab) => self.binary(ab, to, Instr::Max),
            Int::FloorOfRatio(ab) => self.binary(ab, to, Instr::FloorOfRatio),
            Int::CeilOfRatio(ab) => self.binary(ab, to, Instr::CeilOfRatio),
            Int::Chain(first, rest) => {
                let to = self.target(to)?;
                self.int(first, Some(to))?;
                for (op, operand) in rest {
                    let mark = self.next;
                    let b = self.int(operand, None)?;
                    self.next = mark;
                    self.code.push(step(*op)(to, to, b));
                }
                Some(to)
            }
            Int::Beatty(beatty) => {
                let to = self.target(to)?;
                let mark = self.next;
                let rounding = Box::new(beatty.rounding.clone());
                let (i, j) = match rounding.offset() {
                    Offset::None => (self.int(&beatty.int, None)?, 0),
                    Offset::After(_) => {
                        let i = self.int(&beatty.int, None)?;
                        self.code.push(Instr::BeattyCheck(i, rounding.clone()));
                        (i, self.int(&beatty.offset, None)?)
                    }
                    Offset::Before(_) => {
                        let j = self.int(&beatty.offset, None)?;
                        (self.int(&beatty.int, None)?, j)
                    }
                };
                self.next = mark;
                self.code.push(Instr::Beatty(to, i, j, rounding));
                Some(to)
            }
            Int::Floor(a) | Int::Ceil(a) => {
                let to = self.target(to)?;
                let ceil = matches!(expr, Int::Ceil(_));
                let round = Box::new((a.as_ref().clone(), ceil));
                self.code.push(Instr::Round(to, round));
                Some(to)
            }
            Int::If(parts) => {
                let to = self.target(to)?;
                let mark = self.next;
                let condition = self.cond(&parts.0, None)?;
                self.next = mark;
                let otherwise = self.jump(Instr::JumpUnless(condition, 0));
                self.int(&parts.1, Some(to))?;
                let end = self.jump(Instr::Jump(0));
                self.land(otherwise);
                self.int(&parts.2, Some(to))?;
                self.land(end);
                Some(to)
            }
        }
    }

    /// The code of a boolean node, its result (1 or 0) in `to` if given.
    fn cond(&mut self, expr: &Cond, to: Option<Reg>) -> Option<Reg> {
        match expr {
            Cond::Lit(b) => {
                let register = self.literal(i128::from(*b))?;
                Some(self.leaf(register, to))
            }
            Cond::Not(a) => {
                let to = self.target(to)?;
                let mark = self.next;
                let a = self.cond(a, None)?;
                self.next = mark;
                self.code.push(Instr::Not(to, a));
                Some(to)
            }
            Cond::Ints(cmp, ab) => {
                let cmp = *cmp;
                self.binary(ab, to, |to, a, b| Instr::Compare(cmp, to, a, b))
            }
            Cond::Reals(cmp, ab) => {
                let to = self.target(to)?;
                let comparison = Box::new((*cmp, ab.0.clone(), ab.1.clone()));
                self.code.push(Instr::CompareReals(to, comparison));
                Some(to)
            }
            // Each part in `to`; the first that decides jumps to the end with it there.
            Cond::All(parts) => self.connective(parts, to, |to| Instr::JumpUnless(to, 0)),
            Cond::Any(parts) => self.connective(parts, to, |to| Instr::JumpIf(to, 0)),
            Cond::Implies(parts) => {
                let (conclusion, premises) = parts.split_last()?;
                let to = self.target(to)?;
                let mut ends = Vec::new();
                for premise in premises {
                    // a false premise: true, at once
                    self.cond(premise, Some(to))?;
                    self.code.push(Instr::Not(to, to));
                    ends.push(self.jump(Instr::JumpIf(to, 0)));
                }
                self.cond(conclusion, Some(to))?;
                ends.into_iter().for_each(|end| self.land(end));
                Some(to)
            }
            Cond::Iff(parts) => {
                let (first, rest) = parts.split_first()?;
                let to = self.target(to)?;
                self.cond(first, Some(to))?;
                for part in rest {
                    let mark = self.next;
                    let b = self.cond(part, None)?;
                    self.next = mark;
                    self.code.push(Instr::Same(to, to, b));
                }
                Some(to)
            }
            Cond::If(parts) => {
                let to = self.target(to)?;
                let mark = self.next;
                let condition = self.cond(&parts.0, None)?;
                self.next = mark;
                let otherwise = self.jump(Instr::JumpUnless(condition, 0));
                self.cond(&parts.1, Some(to))?;
                let end = self.jump(Instr::Jump(0));
                self.land(otherwise);
                self.cond(&parts.2, Some(to))?;
                self.land(end);
                Some(to)
            }
        }
    }

    /// `&&` or `||`: each part into `to`, and a jump to the end after each but the last.
    fn connective(
        &mut self,
        parts: &[Cond],
        to: Option<Reg>,
        decides: fn(Reg) -> Instr,
    ) -> Option<Reg> {
        let (last, others) = parts.split_last()?;
        let to = self.target(to)?;
        let mut ends = Vec::new();
        for part in others {
            self.cond(part, Some(to))?;
            ends.push(self.jump(decides(to)));
        }
        self.cond(last, Some(to))?;
        ends.into_iter().for_each(|end| self.land(end));
        Some(to)
    }

    /// Emits a jump whose target is set later by [`Lowering::land`]; its index.
    fn jump(&mut self, jump: Instr) -> usize {
        self.code.push(jump);
        self.code.len() - 1
    }

    /// Sets the target of the jump at `at` to the next instruction.
    fn land(&mut self, at: usize) {
        let here = self.code.len();
        if let Some(Instr::Jump(target) | Instr::JumpIf(_, target) | Instr::JumpUnless(_, target)) =
            self.code.get_mut(at)
        {
            *target = here;
        }
    }
}
