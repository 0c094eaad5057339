//! Texts made to hurt: deep nesting, long chains, huge numbers, overflowing arithmetic, and
//! random strings and formulas, all refused or evaluated with a typed error, never a panic,
//! and fast.

use std::time::{Duration, Instant};

use proptest::prelude::*;

use super::*;
use crate::said::english::english;

/// The fault of a text that is not a formula, which must be found quickly.
fn refused(text: &str) -> FormulaError {
    let start = Instant::now();
    let error = Formula::parse(text).expect_err("refused");
    assert!(
        start.elapsed() < Duration::from_millis(200),
        "slow to refuse: {error}"
    );
    error
}

/// The value of a value formula at `x`, which must be computed quickly.
fn value_at(text: &str, x: i64) -> Result<i128, EvalError> {
    let formula = Formula::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let start = Instant::now();
    let value = formula.value(&Env {
        x,
        ..Env::default()
    });
    assert!(
        start.elapsed() < Duration::from_millis(100),
        "slow: {value:?}"
    );
    value
}

#[test]
fn deep_nesting_is_refused_before_recursing() {
    let parens = |depth: usize| format!("{}x{}", "(".repeat(depth), ")".repeat(depth));
    let error = refused(&parens(100_000));
    assert_eq!(error.at, MAX_SOURCE_BYTES);
    assert!(
        english(&error.message).contains("more than the 2000 allowed"),
        "{error}"
    );
    let error = refused(&parens(900));
    assert_eq!(
        (error.at, english(&error.message).as_str()),
        (64, "parentheses are nested more than 64 deep")
    );
    assert_eq!(refused(&"(".repeat(1_999)).at, 64);
    assert_eq!(value_at(&parens(MAX_DEPTH), 5), Ok(5));

    // Depth of the tree: 63 calls around `x` is 64 levels, one more is too many.
    let calls = |depth: usize| format!("{}x{}", "abs(".repeat(depth), ")".repeat(depth));
    assert_eq!(value_at(&calls(63), -5), Ok(5));
    assert!(english(&refused(&calls(64)).message).contains("nested more than 64 levels"));
    for text in [
        "-".repeat(100) + "x",
        "!".repeat(100) + "true",
        "2^".repeat(100) + "2",
    ] {
        assert!(
            english(&refused(&text).message).contains("nested more than 64 levels"),
            "{text}"
        );
    }
    // The deepest formula is read and evaluated on a small thread's stack.
    let deepest = format!("{}x{}", "abs(-".repeat(31), ")".repeat(31));
    let on_small_stack = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            Formula::parse(&deepest).map(|f| {
                f.value(&Env {
                    x: 3,
                    ..Env::default()
                })
            })
        });
    assert_eq!(on_small_stack.unwrap().join().unwrap(), Ok(Ok(3)));
}

#[test]
fn long_formulas_are_refused_by_size_or_nodes() {
    let sum = |terms: usize| vec!["x"; terms].join("+");
    assert_eq!(refused(&sum(10_000)).at, MAX_SOURCE_BYTES);
    let error = refused(&sum(600));
    assert!(
        english(&error.message).contains("more than 500 operators and operands"),
        "{error}"
    );
    assert_eq!(value_at(&sum(250), 3), Ok(750)); // 499 nodes, wide but not deep
    let nested = vec!["x"; 200].join("*") + &"+x".repeat(50);
    assert!(Formula::parse(&nested).is_ok());
}

#[test]
fn failing_late_is_refused_quickly() {
    // Pest backtracks: a fault at the very end of deeply nested calls and comparisons.
    for text in [
        "min(".repeat(64) + "x",
        "min(x, ".repeat(64) + "x" + &")".repeat(63) + "$",
        "if(x < (".repeat(32) + "y",
        "(x < y && ".repeat(64) + "z",
        "x + -(".repeat(60) + &")".repeat(60),
        "-".repeat(1_999) + "$",
        "x".to_string() + &"é".repeat(1_000),
    ] {
        let error = refused(&text);
        assert!(text.is_char_boundary(error.at), "{error}");
    }
}

#[test]
fn huge_numbers_are_typed_errors() {
    assert_eq!(value_at("2^64^64", 0), Err(EvalError::Overflow));
    assert_eq!(value_at("1 << 200", 0), Err(EvalError::ShiftTooLarge));
    assert_eq!(value_at("x << 126", 1), Ok(1 << 126));
    assert_eq!(value_at("x << 126", 2), Err(EvalError::Overflow));
    let error = refused("99999999999999999999999999999999999999999");
    assert_eq!(error.at, 0);
    assert!(english(&error.message).contains("too large"), "{error}");
    assert_eq!(value_at(&format!("{}", i128::MAX), 0), Ok(i128::MAX));
    assert_eq!(
        value_at(&format!("{} + x", i128::MAX), 1),
        Err(EvalError::Overflow)
    );
    assert_eq!(
        value_at(&format!("-{} - x", i128::MAX), 1),
        Err(EvalError::Overflow)
    );
    assert_eq!(
        value_at(&vec!["x"; 60].join(" * "), 10),
        Err(EvalError::Overflow)
    );
    assert_eq!(
        value_at(&vec!["x"; 60].join(" * "), i64::MIN),
        Err(EvalError::Overflow)
    );
    assert_eq!(value_at("(phi^64)^64", 0), Err(EvalError::Overflow));
    assert_eq!(
        value_at("floor(1 / 3^64 / 3^64)", 0),
        Err(EvalError::Overflow)
    );
    assert_eq!(
        value_at("x // -1 + x % -1", i64::MIN),
        Ok(-(i64::MIN as i128))
    );
    for text in [
        "floor(x * phi^64)",
        "ceil(x * x / phi^63)",
        "abs(x) * phi^40 < x",
    ] {
        for x in [i64::MIN, -1, 0, 1, i64::MAX] {
            let formula = Formula::parse(text).unwrap();
            let env = Env {
                x,
                ..Env::default()
            };
            let _ = (formula.value(&env), formula.holds(&env)); // typed, whichever it is
        }
    }
}

const LEAVES: &[&str] = &[
    "x",
    "y",
    "z",
    "n",
    "k",
    "grundy",
    "phi",
    "true",
    "false",
    "0",
    "1",
    "2",
    "7",
    "64",
    "127",
    "170141183460469231731687303715884105727",
];
const BINARY: &[&str] = &[
    "+", "-", "*", "/", "//", "%", "^", "xor", "and", "or", "<<", ">>", "==", "!=", "<", "<=", ">",
    ">=", "&&", "||", "->", "<->",
];
const OTHERS: &[&str] = &[
    "!", "(", ")", ",", "min(", "max(", "abs(", "floor(", "ceil(", "if(", " ", "$", "é",
];

/// Any piece of a formula, or of something else.
fn token() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        prop::sample::select(LEAVES),
        prop::sample::select(BINARY),
        prop::sample::select(OTHERS)
    ]
}

/// Formulas that follow the grammar, though not always the types.
pub(super) fn formula_text() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(LEAVES).prop_map(str::to_string);
    leaf.prop_recursive(6, 64, 3, |inner| {
        let unary = prop::sample::select(&["abs", "floor", "ceil", "-", "!"][..]);
        prop_oneof![
            (inner.clone(), prop::sample::select(BINARY), inner.clone())
                .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
            (unary, inner.clone()).prop_map(|(f, a)| format!("{f}({a})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("max({a}, {b})")),
            (inner.clone(), inner.clone(), inner)
                .prop_map(|(c, a, b)| format!("if({c}, {a}, {b})")),
        ]
    })
}

pub(super) fn env() -> impl Strategy<Value = Env> {
    let small = -1_000i64..1_000;
    let coordinate = prop_oneof![small.clone(), any::<i64>()];
    (
        coordinate.clone(),
        coordinate.clone(),
        small.clone(),
        small,
        coordinate,
        any::<Option<u64>>(),
    )
        .prop_map(|(x, y, z, n, k, grundy)| Env {
            x,
            y,
            z,
            n,
            k,
            grundy,
        })
}

/// Evaluates a formula, if it is one, at every env: any result but a panic.
fn try_everywhere(text: &str, envs: &[Env]) {
    if let Ok(formula) = Formula::parse(text) {
        for env in envs {
            match formula.kind() {
                Kind::Value => drop(formula.value(env)),
                Kind::Predicate => drop(formula.holds(env)),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_string_is_read_or_refused(text in "\\PC{0,300}") {
        if let Err(error) = Formula::parse(&text) {
            prop_assert!(error.at <= text.len() && text.is_char_boundary(error.at));
        }
    }

    #[test]
    fn token_soup_is_read_or_refused(tokens in prop::collection::vec(token(), 0..60), envs in prop::collection::vec(env(), 4)) {
        try_everywhere(&tokens.concat(), &envs);
        try_everywhere(&tokens.join(" "), &envs);
    }

    #[test]
    fn generated_formulas_evaluate_without_panic(text in formula_text(), envs in prop::collection::vec(env(), 8)) {
        try_everywhere(&text, &envs);
    }

    #[test]
    fn exact_laws_hold(x in -(1i64 << 40)..(1 << 40), y in -(1i64 << 40)..(1 << 40)) {
        for law in [
            "(x*phi < y) <-> (floor(x*phi) < y)",
            "floor(x*phi) < x*phi || x == 0",
            "ceil(x/phi) == -floor(-x/phi)",
            "y != 0 -> x == y * (x // y) + x % y && abs(x % y) < abs(y)",
            "y != 0 -> floor(x / y) == x // y",
            "x < 0 || y < 0 || (x xor y) xor y == x && (x and y) + (x or y) == x + y",
            "min(x, y) <= max(x, y) && abs(x - y) == max(x, y) - min(x, y)",
        ] {
            let env = Env { x, y, ..Env::default() };
            prop_assert_eq!(Formula::parse(law).unwrap().holds(&env), Ok(true), "{} at {},{}", law, x, y);
        }
    }
}
