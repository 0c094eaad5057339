//! The language's meaning: exact golden-ratio arithmetic against independent constructions,
//! integer semantics, precedence, laziness, Wythoff's table, and the errors of reading.

use super::number::{floor_sqrt5_times, wide_floor_sqrt5_times};
use super::*;
use crate::said::english::english;

fn at(x: i64, y: i64) -> Env {
    Env {
        x,
        y,
        ..Env::default()
    }
}

/// The value of a value formula at `env`.
fn value(text: &str, env: &Env) -> Result<i128, EvalError> {
    Formula::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .value(env)
}

/// Whether a predicate without variables holds.
fn holds(text: &str) -> bool {
    let formula = Formula::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    formula
        .holds(&Env::default())
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The fault of a text that is not a formula: where, and what.
fn fault(text: &str) -> (usize, String) {
    match Formula::parse(text) {
        Ok(_) => panic!("{text} was read"),
        Err(e) => (e.at, english(&e.message)),
    }
}

/// The lower and upper Wythoff sequences by their definition: `a_n` is the least natural
/// number not among `a_i, b_i` for `i < n`, and `b_n = a_n + n`.
fn wythoff_pairs(count: usize) -> Vec<(i128, i128)> {
    let mut used = vec![false; 3 * count + 3];
    let (mut pairs, mut least) = (Vec::new(), 0);
    for n in 0..=count {
        while used[least] {
            least += 1;
        }
        let (a, b) = (least, least + n);
        used[a] = true;
        used[b] = true;
        pairs.push((a as i128, b as i128));
    }
    pairs
}

#[test]
fn floor_of_n_phi_is_the_lower_wythoff_sequence() {
    let lower = Formula::parse("floor(n*phi)").unwrap();
    let upper = Formula::parse("floor(n*phi^2)").unwrap();
    let sum = Formula::parse("floor(n*phi^2) == floor(n*phi) + n").unwrap();
    for (n, &(a, b)) in wythoff_pairs(10_000).iter().enumerate().skip(1) {
        let env = Env {
            n: n as i64,
            ..Env::default()
        };
        assert_eq!(lower.value(&env), Ok(a), "n = {n}");
        assert_eq!(upper.value(&env), Ok(b), "n = {n}");
        assert_eq!(sum.holds(&env), Ok(true), "n = {n}");
    }
}

#[test]
fn comparisons_with_phi_are_exact_at_fibonacci_ratios() {
    assert!(holds("987*phi < 1597"));
    assert!(!holds("1597*phi < 2584"));
    // F(i)·phi - F(i+1) = -(-1/phi)^i: below for even i, above for odd, ever closer. From
    // i = 70 on, 5·v² no longer fits in 128 bits and the 256-bit search takes over.
    let (mut f, mut next) = (1i128, 1i128);
    for i in 1..=150 {
        let below = holds(&format!("{f} * phi < {next}"));
        assert_eq!(below, i % 2 == 0, "F({i}) = {f}");
        assert_eq!(holds(&format!("{next} / phi > {f}")), below, "F({i}) = {f}");
        assert!(!holds(&format!("{f} * phi == {next}")));
        (f, next) = (next, f + next);
    }
    assert!(holds(
        "phi^2 == phi + 1 && 1/phi == phi - 1 && phi * (1 - phi) == -1"
    ));
    assert!(holds(
        "floor(phi^64) == 23725150497406 && ceil(-phi) == -1 && floor(-phi) == -2"
    ));
}

#[test]
fn ceil_of_x_over_phi_and_y_below_x_phi_are_exact() {
    let ceil = Formula::parse("ceil(x/phi)").unwrap();
    let below = Formula::parse("y < x*phi").unwrap();
    for x in 0..2_000i64 {
        // c >= x/phi, that is c·phi >= x, that is c√5 >= 2x - c: checked in integers.
        let reaches = |c: i64| 2 * x - c <= 0 || 5 * c * c >= (2 * x - c) * (2 * x - c);
        let least = (0..).find(|&c| reaches(c)).unwrap();
        assert_eq!(ceil.value(&at(x, 0)), Ok(least.into()), "x = {x}");
        let y = (x * 1618) / 1000; // within 1 of x·phi, on either side
        let exact = (2 * y - x) < 0 || (2 * y - x) * (2 * y - x) < 5 * x * x;
        assert_eq!(below.holds(&at(x, y)), Ok(exact), "x = {x}, y = {y}");
    }
}

#[test]
fn floors_stay_exact_beyond_128_bit_squares() {
    // a(a(n)) = b(n) - 1 for the Wythoff sequences, here with a(n) near 2^64.
    let identity = Formula::parse("floor(floor(n*phi)*phi) == floor(n*phi^2) - 1").unwrap();
    for n in [
        10_000_000_000_000_000_000i128 / 10,
        9_000_000_000_000_000_000,
    ] {
        for n in n..n + 50 {
            let env = Env {
                n: n as i64,
                ..Env::default()
            };
            assert_eq!(identity.holds(&env), Ok(true), "n = {n}");
        }
    }
    let mut v: u128 = 1;
    while v < 1 << 61 {
        assert_eq!(wide_floor_sqrt5_times(v), floor_sqrt5_times(v), "v = {v}");
        v = v * 3 + 1;
    }
    assert_eq!(wide_floor_sqrt5_times(1 << 125), Err(EvalError::Overflow));
}

#[test]
fn integers_bits_and_floor_division() {
    let cases: &[(&str, i64, i64, i128)] = &[
        ("x xor y", 5, 3, 6),
        ("x and y", 12, 10, 8),
        ("x or y", 12, 10, 14),
        ("x << y", 3, 4, 48),
        ("x >> y", 100, 3, 12),
        ("x // y", 7, 2, 3),
        ("x // y", -7, 2, -4),
        ("x // y", 7, -2, -4),
        ("x // y", -7, -2, 3),
        ("x % y", 7, 2, 1),
        ("x % y", -7, 2, 1),
        ("x % y", 7, -2, -1),
        ("x % y", -7, -2, -1),
        ("x / y * y", 7, 3, 7),
        ("floor(x / y)", -7, 2, -4),
        ("ceil(x / y)", -7, 2, -3),
        ("floor(x / y)", 7, 2, 3),
        ("ceil(x / y)", 7, 2, 4),
        ("(x / y) * (y / x)", 6, 4, 1),
        ("abs(x - y)", 3, 8, 5),
        ("min(x, y) + max(x, y)", -3, 8, 5),
        ("x^y", -3, 3, -27),
        ("2^64", 0, 0, 1 << 64),
        ("0^0", 0, 0, 1),
        ("if(x == 0, 1, 1 // x)", 0, 0, 1),
        ("if(x == 0, 1, 100 // x)", 7, 0, 14),
    ];
    for &(text, x, y, expected) in cases {
        assert_eq!(value(text, &at(x, y)), Ok(expected), "{text} at {x},{y}");
    }
    let errors: &[(&str, i64, i64, EvalError)] = &[
        ("x / 2", 1, 0, EvalError::NotAnInteger),
        ("x // y", 1, 0, EvalError::DivisionByZero),
        ("x % y", 1, 0, EvalError::DivisionByZero),
        ("x / (y - y*phi + y*phi)", 1, 0, EvalError::DivisionByZero),
        ("x xor y", -1, 3, EvalError::NegativeBits),
        ("x >> y", 8, -1, EvalError::NegativeBits),
        ("x << y", 1, 128, EvalError::ShiftTooLarge),
        ("x << 127", 1, 0, EvalError::Overflow),
        ("x ^ y", 2, 65, EvalError::ExponentOutOfRange),
        ("2 ^ -x", 1, 0, EvalError::ExponentOutOfRange),
    ];
    for &(text, x, y, expected) in errors {
        assert_eq!(value(text, &at(x, y)), Err(expected), "{text} at {x},{y}");
    }
    assert_eq!(value("grundy", &Env::default()), Err(EvalError::NoGrundy));
    assert_eq!(value("x == 0", &Env::default()), Err(EvalError::NotAValue));
    assert_eq!(
        Formula::parse("x").unwrap().holds(&Env::default()),
        Err(EvalError::NotAPredicate)
    );
}

#[test]
fn precedence_and_associativity() {
    for text in [
        "1 + 2 * 3 == 7",
        "2^3^2 == 512",
        "-2^2 == -4",
        "2^-0 == 1",
        "1 << 2 + 1 == 8",
        "6 and 3 xor 1 or 8 == 11",
        "(1 or 2) == 3 && 1 or 2 == 3",
        "7 - 2 - 1 == 4 && 64 // 4 // 2 == 8 && 2 * 3 % 4 == 2",
        "true || true && false",
        "!(false -> false -> false) == false",
        "!(false -> false <-> false)",
        "(1 < 2) == (3 < 4) && (1 < 2) != (4 < 3)",
        "!!true && !false",
        "if(1 > 2, false, true)",
        "x < -y <-> x<-y",
    ] {
        assert!(holds(text), "{text}");
    }
    // Laziness: what is not needed is not evaluated.
    for (text, expected) in [
        ("x == 0 || 1 // x == 1", true),
        ("x != 0 && 1 // x == 1", false),
        ("x != 0 -> 1 // x == 1", true),
    ] {
        assert_eq!(
            Formula::parse(text).unwrap().holds(&at(0, 0)),
            Ok(expected),
            "{text}"
        );
    }
}

/// Corner the Queen by brute force: the Grundy number of every cell of a `size`×`size`
/// table, a queen moving left, down or diagonally toward 0,0.
fn queen_table(size: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; size]; size];
    for x in 0..size {
        for y in 0..size {
            let mut seen = vec![false; 3 * size];
            (0..x).for_each(|i| seen[g[i][y] as usize] = true);
            (0..y).for_each(|j| seen[g[x][j] as usize] = true);
            (1..=x.min(y)).for_each(|d| seen[g[x - d][y - d] as usize] = true);
            g[x][y] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    g
}

#[test]
fn wythoff_predicate_holds_on_the_queen_table_and_nim_sum_fails() {
    let wythoff =
        Formula::parse("grundy == 0 <-> min(x,y) == floor((max(x,y)-min(x,y))*phi)").unwrap();
    let nim = Formula::parse("grundy == (x xor y)").unwrap();
    assert!(wythoff.uses_grundy() && nim.uses_grundy());
    let table = queen_table(30);
    let mut nim_failures = Vec::new();
    for (x, column) in table.iter().enumerate() {
        for (y, &grundy) in column.iter().enumerate() {
            let env = Env {
                x: x as i64,
                y: y as i64,
                grundy: Some(grundy),
                ..Env::default()
            };
            assert_eq!(wythoff.holds(&env), Ok(true), "at {x},{y}");
            if nim.holds(&env) != Ok(true) {
                nim_failures.push((x, y));
            }
        }
    }
    assert_eq!(nim_failures.iter().min(), Some(&(1, 1)));
    assert_eq!(table[1][1], 2);
}

#[test]
fn kinds_and_grundy_use() {
    // The module's example.
    let wythoff =
        Formula::parse("grundy == 0 <-> min(x,y) == floor((max(x,y) - min(x,y)) * phi)").unwrap();
    assert_eq!(wythoff.kind(), Kind::Predicate);
    let cell = Env {
        x: 3,
        y: 5,
        grundy: Some(0),
        ..Env::default()
    };
    assert_eq!(wythoff.holds(&cell), Ok(true));
    assert_eq!(value("x xor y", &at(5, 3)), Ok(6));

    let nim = Formula::parse("x xor y").unwrap();
    assert_eq!((nim.kind(), nim.uses_grundy()), (Kind::Value, false));
    assert_eq!(nim.to_string(), "x xor y");
    let p = Formula::parse(" grundy == 0 -> x == y ").unwrap();
    assert_eq!((p.kind(), p.uses_grundy()), (Kind::Predicate, true));
    assert_eq!(
        Formula::parse("floor(z/k) + n").unwrap().kind(),
        Kind::Value
    );
}

#[test]
fn faults_say_where_and_what() {
    let cases: &[(&str, usize, &str)] = &[
        ("x +", 3, "expected a number, a name or `(`"),
        ("(x + 1", 6, "expected an operator or `)`"),
        ("x y", 2, "expected an operator or the end of the formula"),
        ("min(x, y", 8, "expected an operator, `)` or `,`"),
        ("x $ 1", 2, "expected an operator or the end of the formula"),
        ("   ", 0, "the formula is empty"),
        ("x and true", 6, "`and` needs an integer, not true or false"),
        ("1 + (x < y)", 4, "`+` needs a number, not true or false"),
        (
            "(x / 2) // 1",
            0,
            "`//` needs an integer, and this may be a fraction",
        ),
        ("x ^ phi", 4, "the exponent of `^` needs an integer"),
        ("x <-> y", 0, "`<->` needs true or false, not a number"),
        ("0 <= x < n", 7, "comparisons do not chain"),
        (
            "x == true",
            5,
            "`==` compares two numbers or two truth values",
        ),
        (
            "if(x, 1, 2)",
            3,
            "the condition of `if` needs true or false",
        ),
        (
            "if(x == 1, 1, true)",
            14,
            "the branches of `if` must be two numbers",
        ),
        ("1 + foo", 4, "unknown name `foo`"),
        ("1 + foo(2)", 4, "unknown function `foo`"),
        ("max(1)", 0, "`max` takes 2 arguments, not 1"),
        ("x(1)", 0, "`x` is not a function"),
        ("2 * floor", 4, "`floor` is a function"),
        (
            "x + 99999999999999999999999999999999999999999",
            4,
            "the number `999",
        ),
    ];
    for &(text, at, start) in cases {
        let (found_at, message) = fault(text);
        assert_eq!(found_at, at, "{text}: {message}");
        assert!(message.starts_with(start), "{text}: {message}");
        assert!(!message.ends_with('.') && message.starts_with(|c: char| !c.is_uppercase()));
    }
    let error = FormulaError::new(4, Said::new("formula-unknown-name").text("name", "`foo`"));
    assert_eq!(
        english(&error.message),
        "unknown name `foo`: the names are x, y, z, n, k, grundy, phi, true and false"
    );
}

#[test]
fn a_decimal_says_to_write_a_fraction() {
    let e = Formula::parse("x < y * 1.618").expect_err("decimals are refused");
    assert_eq!(e.at, 9);
    let message = english(&e.message);
    assert!(message.contains("write 1.618 as 1618/1000"), "{message}");
    let e = Formula::parse("3. + x").expect_err("a bare point is refused");
    let message = english(&e.message);
    assert!(message.contains("no decimal point"), "{message}");
}
