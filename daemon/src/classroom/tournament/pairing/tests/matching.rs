//! The matching against exhaustive search on small random graphs, and against the baseline's
//! matching on larger ones.

use proptest::prelude::*;

use super::super::baseline::matching as baseline;
use super::super::matching::Matching;

/// The largest matching among `alive` vertices, by trying every way to pair the first one.
fn brute_force(edges: &[Vec<bool>], alive: &[usize]) -> usize {
    let Some((&v, rest)) = alive.split_first() else {
        return 0;
    };
    let mut best = brute_force(edges, rest); // v left unmatched
    for (i, &u) in rest.iter().enumerate() {
        if edges[v][u] {
            let others: Vec<usize> = rest[..i].iter().chain(&rest[i + 1..]).copied().collect();
            best = best.max(1 + brute_force(edges, &others));
        }
    }
    best
}

/// A random graph on up to 11 vertices (odd cycles included, so blossoms happen).
fn graph() -> impl Strategy<Value = Vec<Vec<bool>>> {
    (1_usize..=11, 0.05_f64..0.9)
        .prop_flat_map(|(n, p)| prop::collection::vec(prop::bool::weighted(p), n * n))
        .prop_map(|bits| {
            let n = (bits.len() as f64).sqrt().round() as usize;
            let mut edges = vec![vec![false; n]; n];
            for x in 0..n {
                for y in x + 1..n {
                    edges[x][y] = bits[x * n + y];
                    edges[y][x] = bits[x * n + y];
                }
            }
            edges
        })
}

proptest! {
    #[test]
    fn maximum_and_kept_maximum_as_pairs_are_taken(
        edges in graph(),
        picks in prop::collection::vec((0_usize..11, 0_usize..11), 12),
    ) {
        let n = edges.len();
        let mut matching = Matching::new(edges.clone());
        let mut alive: Vec<usize> = (0..n).collect();
        prop_assert_eq!(matching.size(), brute_force(&edges, &alive));
        for (i, j) in picks {
            if alive.len() < 2 {
                break;
            }
            let (a, b) = (alive[i % alive.len()], alive[(i + 1 + j % (alive.len() - 1)) % alive.len()]);
            prop_assert_ne!(a, b);
            let rest: Vec<usize> = alive.iter().copied().filter(|&v| v != a && v != b).collect();
            let keeps = brute_force(&edges, &rest) + usize::from(edges[a][b]) == matching.size();
            prop_assert_eq!(matching.take_pair(a, b), keeps, "pair {} {}", a, b);
            if keeps {
                alive = rest;
            }
            prop_assert_eq!(matching.size(), brute_force(&edges, &alive));
        }
    }
}

#[test]
fn pairs_are_taken_only_when_the_rest_can_make_up() {
    // A triangle 0-1-2 with a tail 2-3 and a pendant 0-4: two pairs at most.
    let mut edges = vec![vec![false; 5]; 5];
    for (x, y) in [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4)] {
        edges[x][y] = true;
        edges[y][x] = true;
    }
    let mut matching = Matching::new(edges);
    assert_eq!(matching.size(), 2);
    assert!(
        !matching.take_pair(0, 3),
        "not a pair, and 1, 2, 4 make only one more"
    );
    assert!(
        !matching.take_pair(2, 4),
        "not a pair, and 0, 1, 3 make only one more"
    );
    assert_eq!(matching.size(), 2, "a refused pair changes nothing");
    assert!(matching.take_pair(4, 0));
    assert_eq!(matching.size(), 1);
    assert!(
        !matching.take_pair(1, 3),
        "not a pair, and 2 alone makes none"
    );
    assert!(matching.take_pair(3, 2));
    assert_eq!(matching.size(), 0);
}

/// A random graph on 12 to 60 vertices, most pairs joined (a class late in a tournament),
/// with a few vertices joined to few others so that some pairs cannot be taken.
fn large_graph() -> impl Strategy<Value = Vec<Vec<bool>>> {
    (12_usize..=60, 0.5_f64..0.98, any::<u64>()).prop_map(|(n, p, seed)| {
        let mut state = seed | 1;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        let sparse: Vec<bool> = (0..n).map(|_| random() < 0.2).collect();
        let mut edges = vec![vec![false; n]; n];
        for x in 0..n {
            for y in x + 1..n {
                let p = if sparse[x] || sparse[y] { 1.0 - p } else { p };
                let joined = random() < p;
                edges[x][y] = joined;
                edges[y][x] = joined;
            }
        }
        edges
    })
}

proptest! {
    #[test]
    fn the_first_candidate_that_keeps_the_matching_maximum_is_taken(
        edges in graph(),
        picks in prop::collection::vec((0_usize..11, prop::collection::vec(0_usize..11, 0..8)), 12),
    ) {
        let n = edges.len();
        let mut matching = Matching::new(edges.clone());
        let mut alive: Vec<usize> = (0..n).collect();
        for (i, wanted) in picks {
            if alive.len() < 2 {
                break;
            }
            let a = alive[i % alive.len()];
            // Candidates may repeat, be `a` itself or be out of the graph already.
            let candidates: Vec<usize> = wanted.iter().map(|&j| j % n).collect();
            let best = brute_force(&edges, &alive);
            let expected = candidates.iter().copied().find(|&b| {
                let rest: Vec<usize> = alive.iter().copied().filter(|&v| v != a && v != b).collect();
                b != a && alive.contains(&b) && brute_force(&edges, &rest) + usize::from(edges[a][b]) == best
            });
            prop_assert_eq!(matching.take_first(a, candidates.iter().copied()), expected, "{} among {:?}", a, candidates);
            if let Some(b) = expected {
                alive.retain(|&v| v != a && v != b);
            }
            prop_assert_eq!(matching.size(), brute_force(&edges, &alive));
        }
    }

    #[test]
    fn large_graphs_answer_as_the_baseline_does(
        edges in large_graph(),
        picks in prop::collection::vec(any::<u64>(), 30),
    ) {
        let n = edges.len();
        let mut fast = Matching::new(edges.clone());
        let mut slow = baseline::Matching::new(edges.clone());
        prop_assert_eq!(fast.size(), slow.size());
        let mut alive: Vec<usize> = (0..n).collect();
        for pick in picks {
            if alive.len() < 2 {
                break;
            }
            let a = alive[pick as usize % alive.len()];
            // Everyone else, in an order of the pick's choosing, as a player's preferences are.
            let mut candidates: Vec<usize> = alive.iter().copied().filter(|&v| v != a).collect();
            let turn = (pick >> 32) as usize % candidates.len();
            candidates.rotate_left(turn);
            if pick & 1 == 1 {
                candidates.reverse();
            }
            let expected = candidates.iter().copied().find(|&b| slow.take_pair(a, b));
            prop_assert_eq!(fast.take_first(a, candidates.iter().copied()), expected);
            if expected.is_some() {
                alive.retain(|&v| Some(v) != expected && v != a);
            }
            prop_assert_eq!(fast.size(), slow.size());
        }
    }
}
