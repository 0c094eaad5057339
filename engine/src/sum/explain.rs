//! Why a sum is won or lost: the Sprague–Grundy theorem worked out on its components' Grundy
//! numbers, in the form a teacher shows on the board.

/// The nim-sum of a sum's components and where the winning moves are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// Each component's Grundy number, component 1 first.
    pub grundies: Vec<u64>,
    /// Their XOR X: the sum's Grundy number. The player to move wins exactly when X ≠ 0.
    pub nim_sum: u64,
    /// The components with a winning move, in order. Empty when X = 0.
    pub targets: Vec<Target>,
    /// The components whose moves to `from` ⊕ X are not known, in order (`moves` 0): a queen
    /// or horse square worth 0 beyond the solved tables, whose other values no formula gives.
    /// Whether one of their moves wins too is not known; none of theirs is listed.
    pub unknown: Vec<Target>,
}

/// A component with a winning move: bringing it from `from` to `to` = `from` ⊕ X leaves a sum
/// whose nim-sum is 0. When gᵢ has X's highest bit set, `to` < `from` and such a move always
/// exists: a position of Grundy number g has a move to every smaller value (g is the least
/// value its moves miss). A component may also have a move *up* to a larger `to` (never in
/// single Nim heap, but in a position of several heaps, on a board or a bar it can happen),
/// which wins just as well.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// The component, counted from 0.
    pub component: usize,
    /// Its Grundy number now.
    pub from: u64,
    /// The Grundy number a winning move leaves it with.
    pub to: u64,
    /// How many moves of that component do it.
    pub moves: usize,
}

/// The explanation of a sum whose components have these Grundy numbers, where component `i`
/// has `moves(i, to)` moves to a position of Grundy number `to` (`None`: not known).
pub fn explain(
    grundies: &[u64],
    mut moves: impl FnMut(usize, u64) -> Option<usize>,
) -> Explanation {
    let nim_sum = grundies.iter().fold(0, |x, g| x ^ g);
    let mut targets = Vec::new();
    let mut unknown = Vec::new();
    for (component, &from) in grundies.iter().enumerate() {
        if nim_sum == 0 {
            break;
        }
        let to = from ^ nim_sum;
        let target = |moves| Target {
            component,
            from,
            to,
            moves,
        };
        match moves(component, to) {
            Some(0) => {}
            Some(n) => targets.push(target(n)),
            None => unknown.push(target(0)),
        }
    }
    Explanation {
        grundies: grundies.to_vec(),
        nim_sum,
        targets,
        unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim heaps: a heap of g stones has one move to each smaller value and none above.
    fn heaps(_: usize, to: u64, grundies: &[u64], i: usize) -> Option<usize> {
        Some(usize::from(to < grundies[i]))
    }

    #[test]
    fn the_winning_components_of_nim_are_those_with_the_top_bit_of_the_nim_sum() {
        // 3 ⊕ 4 ⊕ 5 = 2: only pile 3 (binary 011) has bit 1.
        let g = [3, 4, 5];
        let e = explain(&g, |i, to| heaps(i, to, &g, i));
        assert_eq!(e.nim_sum, 2);
        assert_eq!(
            e.targets,
            [Target {
                component: 0,
                from: 3,
                to: 1,
                moves: 1
            }]
        );
        assert!(explain(&[1, 2, 3], |_, _| Some(1)).targets.is_empty());
        let unknown = explain(&[0, 5], |i, _| (i == 1).then_some(1));
        assert_eq!(unknown.unknown.len(), 1);
        assert_eq!(
            (unknown.unknown[0].component, unknown.unknown[0].to),
            (0, 5)
        );
        assert_eq!(
            explain(&[7], |i, to| heaps(i, to, &[7], i)).targets[0].to,
            0
        );
    }
}
