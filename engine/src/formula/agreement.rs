//! The compiled form against the tree evaluator, its reference: the same value, truth or
//! error for random well-typed formulas at random and extreme cells, for the hostile
//! generator's formulas, and for the Beatty forms at integers up to and beyond the bounds of
//! the exact arithmetic.

use proptest::prelude::*;

use super::beatty::Rounding;
use super::compiled::{Compiled, Cond, Int};
use super::hostile::{env, formula_text};
use super::*;

/// Asserts that the compiled forms — the program, and the compiled tree it is made of (which
/// evaluates the formulas that have no program) — and the tree evaluator agree at `env`.
fn agree(formula: &Formula, env: &Env) {
    let (value, truth) = (formula.reference_value(env), formula.reference_holds(env));
    assert_eq!(formula.value(env), value, "value of {formula} at {env:?}");
    assert_eq!(formula.holds(env), truth, "truth of {formula} at {env:?}");
    let tree = &formula.compiled;
    assert_eq!(tree.value(env), value, "tree value of {formula} at {env:?}");
    assert_eq!(tree.holds(env), truth, "tree truth of {formula} at {env:?}");
}

fn read(text: &str) -> Formula {
    Formula::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Integer leaves: the variables, small literals, and literals near 2^62, 2^63, 2^64, 2^126
/// and 2^127.
const INTEGERS: &[&str] = &[
    "x",
    "y",
    "z",
    "n",
    "k",
    "grundy",
    "0",
    "1",
    "2",
    "3",
    "7",
    "64",
    "127",
    "128",
    "4611686018427387904",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "85070591730234615865843651857942052864",
    "170141183460469231731687303715884105727",
];

/// Constants of Q(√5): the golden ratio and its kin, a rational, one that is an integer
/// (`phi^2 - 1/phi` is 2), and some with large parts.
const CONSTANTS: &[&str] = &[
    "phi",
    "phi^2",
    "(1/phi)",
    "(2*phi+1)",
    "(phi-1)",
    "((3-phi)/7)",
    "(1/2)",
    "(5/3)",
    "(phi^2 - 1/phi)",
    "phi^40",
    "(1/phi^40)",
    "(phi/1000003)",
    "(2^62*phi)",
];

const INT_OPS: &[&str] = &[
    "+", "-", "*", "//", "%", "xor", "and", "or", "<<", ">>", "+", "-", "*",
];
const NUM_OPS: &[&str] = &["+", "-", "*", "/"];
const COMPARISONS: &[&str] = &["==", "!=", "<", "<=", ">", ">="];
const LOGIC: &[&str] = &["&&", "||", "->", "<->", "==", "!="];
const EXPONENTS: &[&str] = &["0", "1", "2", "3", "5", "63", "64", "65", "-1", "x"];

/// The shapes of Beatty forms, with `{f}` the rounding, `{i}` and `{j}` integers and `{c}` a
/// constant.
const BEATTY: &[&str] = &[
    "{f}({i} * {c})",
    "{f}({c} * {i})",
    "{f}({i} / {c})",
    "{f}({i} * {c} + {j})",
    "{f}({i} * {c} - {j})",
    "{f}({i} / {c} - {j})",
    "{f}({j} + {i} * {c})",
    "{f}({j} - {i} / {c})",
    "{f}({j} - {c} * {i})",
    "({f}({i} * {c}) + {j})",
    "{f}({i} / {j})",
];

/// Three well-typed formulas of the same depth: an integer, a number and a truth value, each
/// made of the three kinds below it. Everything is parenthesized, so that precedence never
/// changes the type.
fn typed() -> impl Strategy<Value = (String, String, String)> {
    let leaf = (
        prop::sample::select(INTEGERS),
        prop::sample::select(CONSTANTS),
        prop::sample::select(&["true", "false", "(x < y)", "(grundy == 0)"][..]),
    )
        .prop_map(|(i, c, b)| (i.to_string(), c.to_string(), b.to_string()));
    leaf.prop_recursive(4, 48, 3, |inner| {
        let int = || inner.clone().prop_map(|t| t.0);
        let num = || inner.clone().prop_map(|t| t.1);
        let truth = || inner.clone().prop_map(|t| t.2);
        let select = |options: &'static [&'static str]| prop::sample::select(options);
        let rounding = || select(&["floor", "ceil"]);
        let integer = prop_oneof![
            1 => (int(), select(INT_OPS), int()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            1 => int().prop_map(|a| format!("(-{a})")),
            1 => (select(&["abs", "floor", "ceil"]), int()).prop_map(|(f, a)| format!("{f}({a})")),
            1 => (rounding(), num()).prop_map(|(f, a)| format!("{f}({a})")),
            3 => (select(BEATTY), rounding(), int(), select(CONSTANTS), int()).prop_map(
                |(shape, f, i, c, j)| shape
                    .replace("{f}", f)
                    .replace("{i}", &i)
                    .replace("{c}", c)
                    .replace("{j}", &j)
            ),
            1 => (select(&["min", "max"]), int(), int())
                .prop_map(|(f, a, b)| format!("{f}({a}, {b})")),
            1 => (truth(), int(), int()).prop_map(|(c, a, b)| format!("if({c}, {a}, {b})")),
            1 => (int(), select(EXPONENTS)).prop_map(|(a, e)| format!("({a}^({e}))")),
        ];
        let number = prop_oneof![
            (num(), select(NUM_OPS), num()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (int(), select(NUM_OPS), num()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            int(),
            num().prop_map(|a| format!("(-{a})")),
            num().prop_map(|a| format!("abs({a})")),
            (select(&["min", "max"]), num(), int()).prop_map(|(f, a, b)| format!("{f}({a}, {b})")),
            (truth(), num(), num()).prop_map(|(c, a, b)| format!("if({c}, {a}, {b})")),
            (num(), select(EXPONENTS)).prop_map(|(a, e)| format!("({a}^({e}))")),
        ];
        let boolean = prop_oneof![
            (int(), select(COMPARISONS), int()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (num(), select(COMPARISONS), int()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (num(), select(COMPARISONS), num()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (truth(), select(LOGIC), truth()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            truth().prop_map(|a| format!("!{a}")),
            (truth(), truth(), truth()).prop_map(|(c, a, b)| format!("if({c}, {a}, {b})")),
        ];
        (integer, number, boolean)
    })
}

/// Extreme coordinates: zero, ±1, around 2^31, 2^53, 2^62 and the ends of `i64`.
const EXTREMES: &[i64] = &[
    0,
    1,
    -1,
    2,
    -2,
    1 << 31,
    -(1 << 31),
    (1 << 53) + 1,
    1 << 62,
    -(1 << 62),
    i64::MAX,
    i64::MIN,
    i64::MIN + 1,
];

/// Cells: the hostile generator's, and cells of extreme coordinates.
fn cell() -> impl Strategy<Value = Env> {
    let extreme = || prop::sample::select(EXTREMES);
    let extremes = (
        extreme(),
        extreme(),
        extreme(),
        extreme(),
        extreme(),
        prop_oneof![
            Just(None),
            Just(Some(0)),
            Just(Some(u64::MAX)),
            any::<u64>().prop_map(Some)
        ],
    )
        .prop_map(|(x, y, z, n, k, grundy)| Env {
            x,
            y,
            z,
            n,
            k,
            grundy,
        });
    prop_oneof![env(), extremes]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn typed_formulas_agree_with_the_tree(
        (int, num, truth) in typed(),
        cells in prop::collection::vec(cell(), 6),
    ) {
        for text in [&int, &num, &truth] {
            match Formula::parse(text) {
                Ok(formula) => cells.iter().for_each(|env| agree(&formula, env)),
                // Only the limits may refuse a generated formula: its types are right.
                Err(e) => prop_assert!(
                    ["formula-too-long", "formula-nodes", "formula-depth", "formula-parentheses"]
                        .contains(&e.message.id),
                    "{}: {}", text, e
                ),
            }
        }
    }

    #[test]
    fn hostile_formulas_agree_with_the_tree(
        text in formula_text(),
        cells in prop::collection::vec(cell(), 6),
    ) {
        if let Ok(formula) = Formula::parse(&text) {
            cells.iter().for_each(|env| agree(&formula, env));
        }
    }

    #[test]
    fn beatty_forms_agree_at_any_integer(
        shape in prop::sample::select(BEATTY),
        f in prop::sample::select(&["floor", "ceil"][..]),
        c in prop::sample::select(CONSTANTS),
        scale in prop::sample::select(&["", " * 2^40", " * 2^56", " * 2^60", " * 2^63 * 2^62"][..]),
        // an offset that may fail: its fault must come after an overflow of `i*c` before it
        j in prop::sample::select(&["k", "grundy", "(k // 0)", "(n - k)"][..]),
        n in any::<i64>(),
        k in any::<i64>(),
        grundy in any::<Option<u64>>(),
    ) {
        let i = format!("(n{scale} + k)");
        let text = shape.replace("{f}", f).replace("{i}", &i).replace("{c}", c).replace("{j}", j);
        let formula = read(&text);
        agree(&formula, &Env { n, k, grundy, ..Env::default() });
        agree(&formula, &Env { n: n >> 20, k: k >> 40, grundy, ..Env::default() });
        agree(&formula, &Env { n: n >> 50, k: k >> 50, grundy, ..Env::default() });
    }
}

/// Integers to try a Beatty form at: all small ones, and around every power of two up to
/// 2^63, on both sides of zero.
fn many_integers() -> Vec<i64> {
    let mut all: Vec<i64> = (-3_000..3_000).collect();
    for shift in 10..63 {
        let power = 1i64 << shift;
        for delta in -3..=3 {
            all.extend([power + delta, -(power + delta)]);
        }
    }
    all.extend([i64::MAX, i64::MAX - 1, i64::MIN, i64::MIN + 1]);
    all
}

#[test]
fn beatty_forms_agree_with_the_tree_at_many_integers() {
    let forms = [
        "floor(n*phi)",
        "floor(phi*n)",
        "floor(n*phi^2)",
        "floor(n/phi)",
        "ceil(n/phi)",
        "ceil(n*phi)",
        "floor(n*(1/phi))",
        "floor(n*(2*phi+1))",
        "floor(n*phi) + n",
        "floor(n*phi + k)",
        "ceil(n*phi - k)",
        "floor(k + n/phi)",
        "ceil(k - n*phi^2)",
        "floor(n*phi^40)",
        "floor(n/phi^40)",
        "ceil(n*((3-phi)/7))",
        "floor(n/(phi/1000003))",
        "floor(n*(5/3) - k)",
        "floor(2*phi*n)",
        "floor(n // 3 * phi)",
        "floor(n/3)",
        "ceil(n/-3)",
        "floor(n/k)",
    ];
    let integers = many_integers();
    for text in forms {
        let formula = read(text);
        for &n in &integers {
            for k in [0, 1, -7, n, i64::MAX] {
                agree(
                    &formula,
                    &Env {
                        n,
                        k,
                        ..Env::default()
                    },
                );
            }
        }
    }
}

#[test]
fn beatty_forms_agree_near_the_limits_of_exact_arithmetic() {
    // i = n·2^64 + k ranges over the whole of i128 (and beyond, an overflow), so that the
    // boundary where the exact arithmetic starts to overflow, near 2^120 for phi, is crossed.
    let forms = [
        "floor((n * 18446744073709551616 + k) * phi)",
        "ceil((n * 18446744073709551616 + k) / phi)",
        "floor((n * 18446744073709551616 + k) * phi^2 + k)",
        "floor(k - (n * 18446744073709551616 + k) * (1/phi))",
        "floor((n * 18446744073709551616 + k) * phi^40)",
        "floor((n * 18446744073709551616 + k) / phi^40)",
        "floor((n * 18446744073709551616 + k) * (2^62*phi))",
        "floor(phi * (n * 18446744073709551616 + k))",
    ];
    let mut highs = vec![0i64, 1, -1];
    let mut high = 1i64;
    while let Some(next) = high.checked_mul(3).map(|h| h / 2 + 1) {
        highs.extend([next, -next, next - 1, 1 - next]);
        high = next;
    }
    highs.extend([i64::MAX, i64::MIN]);
    for text in forms {
        let formula = read(text);
        for &n in &highs {
            for k in [0, 1, -1, 12_345, i64::MAX, i64::MIN] {
                agree(
                    &formula,
                    &Env {
                        n,
                        k,
                        ..Env::default()
                    },
                );
            }
        }
    }
}

/// The rounding of the Beatty node a formula `floor(…)` or `ceil(…)` compiled to, if it did.
fn beatty_node(text: &str) -> Option<Rounding> {
    match read(text).compiled {
        Compiled::Int(Int::Beatty(node)) => Some(node.rounding),
        _ => None,
    }
}

#[test]
fn the_fast_path_is_taken_where_it_is_sure() {
    for text in [
        "floor(n*phi)",
        "floor(phi*n)",
        "floor(n*phi^2)",
        "ceil(n/phi)",
        "floor(n*(2*phi+1) - k)",
        "floor(k + n*phi)",
        "floor((max(x,y) - min(x,y)) * phi)",
    ] {
        let node = beatty_node(text).unwrap_or_else(|| panic!("{text} is not a Beatty node"));
        for n in many_integers() {
            let n = i128::from(n);
            assert!(node.fast(n, 7).is_some(), "{text} at {n}");
            assert!(node.fast(n << 56, n).is_some(), "{text} at {n}·2^56");
        }
        assert_eq!(node.fast(i128::MAX, 0), None, "{text}");
    }
    // A constant too large to be worth a node, and rational divisors, stay exact arithmetic.
    for text in ["floor(n*phi^90)", "floor(n/(1/3))", "floor(n/(5/3))"] {
        assert_eq!(beatty_node(text), None, "{text}");
    }
    // The Wythoff predicate: both sides of its `<->` are comparisons of integers.
    let wythoff = read("grundy == 0 <-> min(x,y) == floor((max(x,y) - min(x,y)) * phi)");
    let Compiled::Bool(Cond::Iff(parts)) = &wythoff.compiled else {
        panic!("{:?}", wythoff.compiled);
    };
    assert!(
        parts.iter().all(|p| matches!(p, Cond::Ints(..))),
        "{parts:?}"
    );
}

#[test]
fn constants_are_folded_and_faults_are_kept_in_place() {
    assert_eq!(
        read("phi^2 - 1/phi + 3*7").compiled,
        Compiled::Int(Int::Lit(23))
    );
    // A fault in a constant happens when, and only if, it is reached.
    for (text, x, expected) in [
        ("if(x == 0, 1, 1 // 0)", 0, Ok(1)),
        ("if(x == 0, 1, 1 // 0)", 1, Err(EvalError::DivisionByZero)),
        ("x // 0 + grundy", 0, Err(EvalError::DivisionByZero)),
        ("grundy + 1 // 0", 0, Err(EvalError::NoGrundy)),
        ("(2^64)^2 + grundy", 0, Err(EvalError::Overflow)),
        ("floor(grundy * phi + 2^127)", 0, Err(EvalError::NoGrundy)),
        // `i*c` overflows before the offset after it is evaluated, not after the one before.
        (
            "floor(x * 2^63 * 2^63 * (2*phi+1) + grundy)",
            1,
            Err(EvalError::Overflow),
        ),
        (
            "floor(x * 2^63 * 2^63 * phi^2 + grundy)",
            1,
            Err(EvalError::NoGrundy),
        ),
        (
            "floor(x * 2^63 * 2^63 * (2*phi+1) + grundy)",
            0,
            Err(EvalError::NoGrundy),
        ),
        (
            "floor(grundy + x * 2^63 * 2^63 * (2*phi+1))",
            1,
            Err(EvalError::NoGrundy),
        ),
        ("x * 2^64 * 2^63", 1, Err(EvalError::Overflow)),
        ("x * 2^126", 1, Err(EvalError::ExponentOutOfRange)),
        ("2^64 * 2^63 * x", 0, Err(EvalError::Overflow)),
        ("2 * phi * x // 1", 0, Ok(0)),
    ] {
        let formula = Formula::parse(text);
        if let Ok(formula) = &formula {
            let env = Env {
                x,
                ..Env::default()
            };
            assert_eq!(formula.value(&env), expected, "{text}");
            agree(formula, &env);
        } else {
            // `2 * phi * x // 1` is refused: the floor division needs integers.
            assert_eq!(text, "2 * phi * x // 1");
        }
    }
}

#[test]
fn integer_comparisons_overflow_as_the_exact_arithmetic_does() {
    // The exact arithmetic compares by the sign of the difference, which may not fit.
    let max = format!("{}", i128::MAX);
    for text in [
        format!("-{max} < {max} + x"),
        format!("min(-{max}, x + {max})"),
        format!("max(x - {max}, {max})"),
        format!("x - {max} == {max}"),
        format!("x + {max} >= -{max}"),
    ] {
        let formula = read(&text);
        for x in [0, -1, 1] {
            agree(
                &formula,
                &Env {
                    x,
                    ..Env::default()
                },
            );
        }
    }
    assert_eq!(
        read(&format!("min(-{max}, x + {max})")).value(&Env::default()),
        Err(EvalError::Overflow)
    );
}

#[test]
fn programs_are_made_unless_too_deep() {
    for text in [
        "x xor y",
        "grundy == 0 <-> min(x,y) == floor((max(x,y) - min(x,y)) * phi)",
        "((x + y) % 3) + 3*((x // 3) xor (y // 3))",
        "if(x == 0, 1, 100 // x) + floor(x / phi) - ceil(y * phi^2 - x)",
        "x < y && (y < z || !(z == 0)) -> (x*phi < y)",
    ] {
        assert!(read(text).program.is_some(), "{text}");
    }
    // A value formula that may not be an integer is evaluated as a tree.
    assert!(read("x / 2").program.is_none());
    // So is one that needs more registers than a program has; it is the same formula.
    let deep = format!("{}x{}", "abs(-".repeat(31), ")".repeat(31));
    let formula = read(&deep);
    assert!(formula.program.is_none());
    for x in [-3, 0, 5, i64::MIN] {
        agree(
            &formula,
            &Env {
                x,
                ..Env::default()
            },
        );
    }
}
