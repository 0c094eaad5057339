//! The sparse-space phenomenon (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4, "Sparse
//! space spells speed"): for a mask m, call a value *rare* when m has an even number of its
//! bits (0 is always rare) and *common* otherwise. The XOR of two values is common exactly
//! when one of them is rare, so the common values a split reaches come from the pairs with a
//! rare heap — and in most octal games rare values are few. A heap's mex is then found by
//! walking up the values: a common one not reached by those pairs (or a move that leaves one
//! heap) is the mex; a rare one is looked for among every split, which almost always finds
//! it at once. Exact for any mask; fast when the mask makes rare values rare, which the
//! values computed so far choose.

use super::Reached;

/// The values computed heap by heap before the mask is chosen from them.
pub const PREFIX: usize = 4096;

/// What the method keeps: the mask, and the heaps whose value is rare, in order.
pub struct Sparse {
    mask: u32,
    rare: Vec<usize>,
}

impl Sparse {
    /// The mask that leaves the fewest rare heaps among `g`'s second half, and those heaps.
    pub fn new(g: &[u32]) -> Sparse {
        let top = g.iter().copied().max().unwrap_or(0);
        let bits = 32 - top.leading_zeros();
        let recent = &g[g.len() / 2..];
        let mask = (1..(1u32 << bits).max(2))
            .min_by_key(|&m| recent.iter().filter(|&&v| rare(v, m)).count())
            .unwrap_or(1);
        let rare = (0..g.len()).filter(|&h| rare(g[h], mask)).collect();
        Sparse { mask, rare }
    }

    /// The value of heap `h` = `g.len()`, from `g` = G(0), …, G(h − 1): `reached` holds
    /// what its moves that leave at most one heap reach, `splits` what its splitting moves
    /// leave to split ([`super::octal::takes`]). Then records it.
    pub fn next(&mut self, g: &[u32], splits: &[usize], reached: &mut Reached) -> u32 {
        let h = g.len();
        // Every common value a split reaches: a rare heap beside a common one.
        for &rest in splits {
            for &a in self.rare.iter().take_while(|&&a| a < rest) {
                let b = rest - a;
                if a >= 1 && !rare(g[b], self.mask) {
                    reached.mark(g[a] ^ g[b]);
                }
            }
        }
        let mut v = 0;
        let value = loop {
            let found = reached.has(v)
                || rare(v, self.mask)
                    && splits
                        .iter()
                        .any(|&rest| (1..=rest / 2).any(|a| g[a] ^ g[rest - a] == v));
            if !found {
                break v;
            }
            v += 1;
        };
        if rare(value, self.mask) {
            self.rare.push(h);
        }
        value
    }
}

/// Whether `v` is rare under `mask`: an even number of the mask's bits.
fn rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}
