//! Heap games against brute force (whole positions searched, no XOR assumed), against the
//! OEIS (Kayles A002186, Dawson's Chess A002187, Grundy's game A002188) and the periods the
//! literature gives, proved by the octal games' periodicity theorem.

use std::collections::HashMap;

use engine::heap::{grundys_game, Octal};
use engine::mex;

mod english;
use english::english;

/// The Grundy value of a whole position (heaps, sorted) of an octal game, by searching its
/// moves as the code's digits say, memoised: no use of the XOR rule.
fn brute(code: &[u8], heaps: Vec<usize>, memo: &mut HashMap<Vec<usize>, u64>) -> u64 {
    if let Some(&g) = memo.get(&heaps) {
        return g;
    }
    let mut next = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let others: Vec<usize> = heaps
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &v)| v)
            .collect();
        for (k, &d) in code.iter().enumerate() {
            if k == 0 || k > h {
                continue;
            }
            let rest = h - k;
            let mut leave = |parts: &[usize]| {
                let mut p = others.clone();
                p.extend(parts.iter().copied().filter(|&v| v > 0));
                p.sort_unstable();
                next.push(p);
            };
            if d & 1 != 0 && rest == 0 {
                leave(&[]);
            }
            if d & 2 != 0 && rest > 0 {
                leave(&[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    leave(&[a, rest - a]);
                }
            }
        }
    }
    let g = mex(next.into_iter().map(|p| brute(code, p, memo)));
    memo.insert(heaps, g);
    g
}

/// Kayles as it is played: a row of n pins, a move knocks down one pin or two adjacent
/// standing pins; the value of the row, by search over the pins themselves.
fn kayles_row(n: u32) -> u64 {
    fn value(pins: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&g) = memo.get(&pins) {
            return g;
        }
        let mut next = Vec::new();
        for i in 0..32 {
            if pins >> i & 1 == 1 {
                next.push(pins & !(1 << i));
                if i < 31 && pins >> (i + 1) & 1 == 1 {
                    next.push(pins & !(3 << i));
                }
            }
        }
        let g = mex(next.into_iter().map(|p| value(p, memo)));
        memo.insert(pins, g);
        g
    }
    value((1u32 << n) - 1, &mut HashMap::new())
}

fn code(text: &str) -> Octal {
    Octal::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn codes_are_read_and_written_back() {
    for (typed, written) in [
        ("0.77", "0.77"),
        (".07", "0.07"),
        ("0.770", "0.77"),
        ("0.137", "0.137"),
        ("4.07", "4.07"),
    ] {
        assert_eq!(code(typed).to_string(), written);
    }
    let s = Octal::subtraction(&[1, 3, 4]).expect("a set");
    assert_eq!(s.to_string(), "0.3033");
    for bad in ["0.78", "1.7", "0.000", "0.x"] {
        assert!(Octal::parse(bad).is_err(), "{bad}");
    }
    assert!(Octal::subtraction(&[]).is_err());
    assert!(Octal::subtraction(&[0]).is_err());
    assert!(Octal::subtraction(&[65]).is_err());
}

/// Several heaps searched whole equal the XOR of the heaps' values, for codes with every
/// kind of digit.
#[test]
fn whole_positions_are_the_xor_of_their_heaps() {
    for text in [
        "0.77", "0.07", "0.137", "0.3033", "0.4", "0.6", "0.16", "0.51",
    ] {
        let c = code(text);
        let digits: Vec<u8> = std::iter::once(0)
            .chain(text[2..].bytes().map(|b| b - b'0'))
            .collect();
        let g = c.values(9).expect("small");
        let mut memo = HashMap::new();
        for a in 0..=9 {
            assert_eq!(
                u64::from(g[a]),
                brute(&digits, if a > 0 { vec![a] } else { vec![] }, &mut memo),
                "{text} heap {a}"
            );
            for b in a..=9 - a {
                let mut heaps: Vec<usize> = [a, b].into_iter().filter(|&v| v > 0).collect();
                heaps.sort_unstable();
                assert_eq!(
                    u64::from(g[a] ^ g[b]),
                    brute(&digits, heaps, &mut memo),
                    "{text} heaps {a}, {b}"
                );
            }
        }
    }
}

#[test]
fn kayles_is_the_pins_game_and_periodic_with_period_12_after_70() {
    let k = code("0.77");
    let g = k.values(400).expect("small");
    for n in 0..=14 {
        assert_eq!(u64::from(g[n as usize]), kayles_row(n), "row of {n} pins");
    }
    // A002186.
    assert_eq!(g[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    let p = k.proved_period(&g, 100).expect("proved");
    assert_eq!((p.preperiod, p.period), (71, 12));
    // The last exceptional value is at n = 70.
    assert_ne!(g[70], g[82]);
}

#[test]
fn dawsons_chess_has_period_34_after_51_and_dawsons_kayles_is_it_shifted() {
    let chess = code("0.137");
    let g = chess.values(500).expect("small");
    // A002187.
    assert_eq!(g[..12], [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]);
    let p = chess.proved_period(&g, 100).expect("proved");
    assert_eq!((p.preperiod, p.period), (52, 34));
    // Dawson's Kayles (0.07) is Dawson's Chess with one more token.
    let kayles = code("0.07").values(501).expect("small");
    for n in 0..=500 {
        assert_eq!(kayles[n + 1], g[n], "n = {n}");
    }
}

#[test]
fn subtraction_games_are_periodic_from_the_start() {
    let g = Octal::subtraction(&[1, 2, 3])
        .expect("a set")
        .values(100)
        .expect("small");
    assert!(g.iter().enumerate().all(|(n, &v)| v as usize == n % 4));
    let s = Octal::subtraction(&[1, 3, 4]).expect("a set");
    let g = s.values(200).expect("small");
    assert_eq!(g[..7], [0, 1, 0, 1, 2, 3, 2]);
    let p = s.proved_period(&g, 50).expect("proved");
    assert_eq!((p.preperiod, p.period), (0, 7));
    // Too few values prove nothing.
    assert_eq!(s.proved_period(&g[..10], 50), None);
}

#[test]
fn grundys_game_agrees_with_search() {
    fn split(memo: &mut HashMap<Vec<usize>, u64>, heaps: Vec<usize>) -> u64 {
        if let Some(&g) = memo.get(&heaps) {
            return g;
        }
        let mut next = Vec::new();
        for (i, &x) in heaps.iter().enumerate() {
            for a in 1..x.div_ceil(2) {
                let mut p: Vec<usize> = heaps
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &v)| v)
                    .collect();
                p.extend([a, x - a]);
                p.sort_unstable();
                next.push(p);
            }
        }
        let g = mex(next.into_iter().map(|p| split(memo, p)));
        memo.insert(heaps, g);
        g
    }
    let g = grundys_game(24).expect("small");
    // A002188.
    assert_eq!(
        g[..21],
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
    let mut memo = HashMap::new();
    for (h, &value) in g.iter().enumerate().take(19) {
        assert_eq!(u64::from(value), split(&mut memo, vec![h]), "heap {h}");
    }
}

/// G(0), …, G(n) heap by heap, with no period used: the plain definition, to check against.
fn direct(digits: &[u8], n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n + 1);
    for h in 0..=n {
        let mut seen = vec![false; 4096];
        // The digit before the point may only split (4): taking nothing leaves the heap.
        for (k, &d) in digits.iter().enumerate() {
            if k > h {
                break;
            }
            let rest = h - k;
            if d & 1 != 0 && rest == 0 && k > 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                seen[g[rest] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    seen[(g[a] ^ g[rest - a]) as usize] = true;
                }
            }
        }
        g.push(seen.iter().position(|s| !s).unwrap_or(0) as u32);
    }
    g
}

/// Once a period is proved the values go on by it, and past 4096 heaps a code that splits
/// is computed by the sparse-space phenomenon: the same as the plain definition to 12 000
/// for codes that split and codes that do not, and Kayles to a million in one call.
#[test]
fn values_go_on_by_the_proved_period_and_sparse_space() {
    for text in [
        "0.77", "0.07", "0.137", "0.3033", "0.6", "0.51", "0.16", "4.07", "0.55", "0.64",
    ] {
        let digits: Vec<u8> = text
            .bytes()
            .filter(|b| *b != b'.')
            .map(|b| b - b'0')
            .collect();
        let fast = code(text).values(12_000).expect("small");
        let plain = direct(&digits, 12_000);
        let first = (0..=12_000).find(|&n| fast[n] != plain[n]);
        assert_eq!(first, None, "{text}");
    }
    let g = code("0.77").values(1_000_000).expect("a million");
    assert_eq!(g.len(), 1_000_001);
    assert!((71..=1_000_000 - 12).all(|n| g[n + 12] == g[n]));
    // A002186 beyond the preperiod: G(72), …, G(83) is the period 4 1 2 8 1 4 7 2 1 8 2 7,
    // and 999 996 = 72 + 12 · 83 327.
    assert_eq!(g[999_996..], [4, 1, 2, 8, 1]);
}

/// Rules are read by name and written back in one spelling; what is not a rule is refused
/// with the reason.
#[test]
fn rules_are_read_by_name() {
    use engine::heap::Rule;
    for (typed, canonical) in [
        ("subtraction 4,1,3,1", "subtraction 1,3,4"),
        ("kayles", "octal 0.77"),
        ("dawsons-kayles", "octal 0.07"),
        ("dawsons-chess", "octal 0.137"),
        ("octal 0.770", "octal 0.77"),
        ("grundy", "grundy"),
        ("subtraction 3,1 mod 8", "subtraction 1,3 mod 8"),
        ("subtraction 1,3,5 mod 6", "subtraction 1 mod 2"),
        ("subtraction  0  mod  1", "subtraction 0 mod 1"),
    ] {
        let rule = Rule::parse(typed).expect(typed);
        assert_eq!(rule.to_string(), canonical);
        assert_eq!(Rule::parse(canonical).expect(canonical), rule);
    }
    for bad in [
        "subtraction",
        "subtraction a,b",
        "subtraction 0",
        "octal 0.8",
        "chess",
        "grundy 3",
        "subtraction 4 mod 4",
        "subtraction 1 mod 65",
        "subtraction mod 3",
        "subtraction 1 mod",
    ] {
        assert!(Rule::parse(bad).is_err(), "{bad}");
    }
}

/// A heap's moves are what its value is the mex of, for every kind of rule: G(h) = mex of
/// the XORs of what each move leaves.
#[test]
fn a_heaps_moves_give_its_value() {
    use engine::heap::{Left, Rule};
    for text in [
        "subtraction 1,3,4",
        "subtraction 2,5",
        "subtraction 2,3 mod 4",
        "kayles",
        "dawsons-chess",
        "octal 0.6",
        "octal 4.07",
        "octal 0.16",
        "grundy",
    ] {
        let rule = Rule::parse(text).expect(text);
        let g = rule.values(60).expect("small");
        for h in 0..=60u64 {
            let reached = rule.moves(h).into_iter().map(|m| match m.left {
                Left::Nothing => 0,
                Left::One(r) => u64::from(g[r as usize]),
                Left::Two(a, b) => u64::from(g[a as usize] ^ g[b as usize]),
            });
            assert_eq!(mex(reached), u64::from(g[h as usize]), "{text} heap {h}");
        }
    }
}

/// The rule a move breaks is named: a count the set does not have, and counts that do not
/// add up.
#[test]
fn a_move_that_is_not_one_says_why() {
    use engine::heap::{HeapMove, Left, Rule};
    let rule = Rule::parse("subtraction 1,3,4").expect("a rule");
    let two = HeapMove {
        take: 2,
        left: Left::One(3),
    };
    assert_eq!(
        english(&rule.check(5, &two).expect_err("not in the set")),
        "subtraction 1,3,4 has no move :2"
    );
    let wrong = HeapMove {
        take: 1,
        left: Left::One(3),
    };
    assert_eq!(
        english(&rule.check(5, &wrong).expect_err("4 ≠ 5")),
        "a heap of 5 tokens cannot give 1 taken and 3 left"
    );
    assert!(rule
        .check(
            5,
            &HeapMove {
                take: 4,
                left: Left::One(1)
            }
        )
        .is_ok());
    let kayles = Rule::parse("kayles").expect("a rule");
    let split = HeapMove {
        take: 1,
        left: Left::Two(2, 4),
    };
    assert!(kayles.check(7, &split).is_ok());
    assert_eq!(engine::heap::notation(&split), ":1=2+4");
    let grundy = HeapMove {
        take: 0,
        left: Left::Two(3, 3),
    };
    assert!(Rule::Grundy.check(6, &grundy).is_err(), "equal heaps");
    assert_eq!(engine::heap::notation(&grundy), "=3+3");
}

/// Whole positions searched: the mex of the moves is the XOR of the heaps' values, and the
/// remoteness and misère remoteness are those of a plain recursive search; a position too
/// large for the bound is said to be.
#[test]
fn positions_of_several_heaps_are_searched_exactly() {
    use engine::heap::{search, Left, Rule};
    type Memo = HashMap<Vec<u64>, (u32, u32)>;
    fn plain(rule: &Rule, heaps: Vec<u64>, memo: &mut Memo) -> (u32, u32) {
        let mut heaps: Vec<u64> = heaps.into_iter().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        if let Some(&known) = memo.get(&heaps) {
            return known;
        }
        let mut next = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for m in rule.moves(h) {
                let mut p = heaps.clone();
                p.remove(i);
                match m.left {
                    Left::Nothing => {}
                    Left::One(r) => p.push(r),
                    Left::Two(a, b) => p.extend([a, b]),
                }
                next.push(plain(rule, p, memo));
            }
        }
        let normal = match next.iter().map(|n| n.0).filter(|r| r % 2 == 0).min() {
            Some(even) => even + 1,
            None => next.iter().map(|n| n.0 + 1).max().unwrap_or(0),
        };
        let misere = match next.iter().map(|n| n.1).filter(|r| r % 2 == 1).min() {
            Some(odd) => odd + 1,
            None => next.iter().map(|n| n.1 + 1).max().unwrap_or(0),
        };
        memo.insert(heaps, (normal, misere));
        (normal, misere)
    }
    for text in [
        "subtraction 1,3,4",
        "kayles",
        "dawsons-chess",
        "grundy",
        "octal 0.6",
    ] {
        let rule = Rule::parse(text).expect(text);
        let g = rule.values(12).expect("small");
        let mut memo = Memo::new();
        for a in 0..=9u64 {
            for b in 0..=a {
                for c in [0, 3, 7] {
                    let heaps = vec![a, b, c];
                    let s = search(&rule, &heaps, 1_000_000).expect("small");
                    let xor = g[a as usize] ^ g[b as usize] ^ g[c as usize];
                    assert_eq!(s.grundy, xor, "{text} {heaps:?}");
                    assert_eq!(
                        (s.remoteness, s.misere),
                        plain(&rule, heaps.clone(), &mut memo),
                        "{text} {heaps:?}"
                    );
                    assert_eq!(s.remoteness.is_multiple_of(2), xor == 0, "{text} {heaps:?}");
                }
            }
        }
    }
    // Subtraction {1}: each move takes one token, so n tokens last n plies; the last token
    // loses in misère play.
    let one = Rule::parse("subtraction 1").expect("a rule");
    let s = search(&one, &[4, 3], 1000).expect("small");
    assert_eq!((s.remoteness, s.misere), (7, 7));
    assert_eq!(
        search(&Rule::parse("kayles").expect("a rule"), &[40, 40], 100),
        None
    );
}

/// The sparse-space method against the literature: 0.16's values are periodic with period
/// 149 459 after n = 105 350 (Gangolli and Plambeck, 1989; "after", as Kayles' are after
/// n = 70: the theorem's n0 is one more), which the periodicity theorem proves from the
/// first 509 622 values — all but 4096 of them computed by the sparse-space method.
#[test]
fn octal_0_16_has_its_famous_period() {
    let c = code("0.16");
    let g = c.values(520_000).expect("a long prefix");
    let p = c.proved_period(&g, 200_000).expect("proved");
    assert_eq!((p.preperiod, p.period), (105_351, 149_459));
}

/// A move's check, read from the rule, accepts exactly the heap's listed moves.
#[test]
fn a_moves_check_accepts_exactly_the_listed_moves() {
    use engine::heap::{HeapMove, Left, Rule};
    for text in [
        "subtraction 1,3,4",
        "kayles",
        "dawsons-chess",
        "octal 4.07",
        "octal 0.16",
        "grundy",
    ] {
        let rule = Rule::parse(text).expect(text);
        for h in 0..=16u64 {
            let listed = rule.moves(h);
            for take in 0..=h + 1 {
                let rest = h.saturating_sub(take);
                let mut lefts = vec![Left::Nothing, Left::One(rest), Left::One(0)];
                lefts.extend((0..=rest).map(|a| Left::Two(a, rest - a)));
                for left in lefts {
                    let m = HeapMove { take, left };
                    assert_eq!(
                        rule.check(h, &m).is_ok(),
                        listed.contains(&m),
                        "{text} heap {h}: {m:?}"
                    );
                }
            }
        }
    }
}
