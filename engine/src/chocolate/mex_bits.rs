//! Sets of small Grundy values as bitsets, with the two operations the table solver needs:
//! insert a value, and find the least value missing from the union of two sets.

/// Adds `value` to the set `bits`.
pub(super) fn insert(bits: &mut [u64], value: usize) {
    bits[value / 64] |= 1 << (value % 64);
}

/// Raises `mex` past every value of `bits` from `mex` on, keeping it the least value missing
/// from `bits` as the set grows; amortised O(1) per inserted value.
pub(super) fn advance_mex(bits: &[u64], mex: &mut usize) {
    while bits[*mex / 64] & (1 << (*mex % 64)) != 0 {
        *mex += 1;
    }
}

/// The least value `≥ from` in neither `a` nor `b`, scanning 64 values per step. When `from`
/// is a lower bound of the union's mex (the larger of the two sets' own mexes), this is the
/// mex of the union. The sets must have room for the answer (the solver sizes them so).
pub(super) fn first_missing(a: &[u64], b: &[u64], from: usize) -> usize {
    let mut i = from / 64;
    let mut word = a[i] | b[i] | ((1u64 << (from % 64)) - 1);
    while word == u64::MAX {
        i += 1;
        word = a[i] | b[i];
    }
    i * 64 + word.trailing_ones() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_mex_of_a_union() {
        let mut a = vec![0u64; 4];
        let mut b = vec![0u64; 4];
        for v in 0..70 {
            insert(if v % 3 == 0 { &mut a } else { &mut b }, v);
        }
        insert(&mut a, 71);
        assert_eq!(first_missing(&a, &b, 0), 70);
        assert_eq!(first_missing(&a, &b, 71), 72);
        b[0] &= !(1 << 5);
        assert_eq!(first_missing(&a, &b, 0), 5);
        let mut mex = 0;
        advance_mex(&a, &mut mex);
        assert_eq!(mex, 1);
        assert_eq!(first_missing(&a, &b, 130), 130);
    }
}
