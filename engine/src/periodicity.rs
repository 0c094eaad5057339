//! Ultimate additive periodicity of integer sequences, the shape of the rows of Wythoff's
//! table (Dress, Flammenkamp and Pink, 1999): after a preperiod, each value is the one a
//! period earlier plus a constant, the saltus — `a(i + p) = a(i) + s` for every `i ≥ pre`.
//! A saltus of 0 is ordinary ultimate periodicity.
//!
//! Only a finite prefix is ever known, so a finding is a statement about that prefix: the
//! relation holds from the preperiod to the end of the data, and the data holds enough
//! repetitions of the period after the preperiod (`repeats`) for it to mean something.
//!
//! ```
//! use engine::periodicity::additive;
//!
//! // 1, 2, 0, 4, 5, 3, 7, 8, 6, …: the Grundy numbers of row 1 of Wythoff's table.
//! let row: Vec<i64> = (0..60).map(|y| 3 * (y / 3) + [1, 2, 0][y as usize % 3]).collect();
//! let found = additive(&row, 100, 3).unwrap();
//! assert_eq!((found.preperiod, found.period, found.saltus), (0, 3, 3));
//! ```

/// Fewest values the periodic part must span, whatever the period: a short tail agreeing by
/// chance (the last three values of a row stepping by one) is no evidence of a period.
pub const MIN_SPAN: usize = 24;

/// An additive periodicity found in a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Periodicity {
    /// The first index from which `a(i + period) = a(i) + saltus` holds.
    pub preperiod: usize,
    /// The period: the smallest one found.
    pub period: usize,
    /// What a period adds (0: plain periodicity).
    pub saltus: i64,
    /// How many values were checked: the relation holds for every `i` with
    /// `preperiod ≤ i < checked − period`.
    pub checked: usize,
}

/// The smallest additive period of `seq` up to `max_period` whose periodic part (from the
/// preperiod to the end) spans at least `repeats + 1` periods, so that the relation is
/// seen to hold over `repeats` whole periods, and at least [`MIN_SPAN`] values; with it, the
/// smallest preperiod. `None` when no
/// period up to `max_period` is seen that well.
pub fn additive(seq: &[i64], max_period: usize, repeats: usize) -> Option<Periodicity> {
    (1..=max_period.min(seq.len())).find_map(|p| found(seq, p, repeats, None))
}

/// [`additive`] with the saltus 0: plain ultimate periodicity.
pub fn periodic(seq: &[i64], max_period: usize, repeats: usize) -> Option<Periodicity> {
    (1..=max_period.min(seq.len())).find_map(|p| found(seq, p, repeats, Some(0)))
}

/// Period `p` if it holds well enough (with the saltus `fixed` when given): the preperiod is
/// found by walking back from the end while the differences agree, so a period that does not
/// hold costs a few comparisons.
fn found(seq: &[i64], p: usize, repeats: usize, fixed: Option<i64>) -> Option<Periodicity> {
    let n = seq.len();
    if n <= p {
        return None;
    }
    let diff = |i: usize| seq[i + p].checked_sub(seq[i]);
    let saltus = match fixed {
        Some(s) => s,
        None => diff(n - p - 1)?,
    };
    let mut pre = n - p;
    while pre > 0 && diff(pre - 1) == Some(saltus) {
        pre -= 1;
    }
    if pre == n - p {
        return None; // not even the last difference agrees
    }
    let span = n - pre;
    (span >= ((repeats + 1) * p).max(MIN_SPAN)).then_some(Periodicity {
        preperiod: pre,
        period: p,
        saltus,
        checked: n,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::corner::{Piece, Table};

    /// Every claim checked the slow way: the relation at every index from the preperiod, no
    /// smaller preperiod, and no smaller period seen as well.
    fn confirm(seq: &[i64], f: &Periodicity, max_period: usize, repeats: usize) {
        let p = f.period;
        for i in f.preperiod..seq.len() - p {
            assert_eq!(seq[i + p], seq[i] + f.saltus, "at {i}");
        }
        if f.preperiod > 0 {
            let i = f.preperiod - 1;
            assert_ne!(
                seq[i + p],
                seq[i] + f.saltus,
                "the preperiod could be smaller"
            );
        }
        let n = seq.len();
        for q in 1..p.min(max_period) {
            let s = seq[n - 1] - seq[n - 1 - q];
            let agreeing = (0..n - q)
                .rev()
                .take_while(|&i| seq[i + q] - seq[i] == s)
                .count();
            let span = agreeing + q;
            assert!(
                span < ((repeats + 1) * q).max(MIN_SPAN),
                "period {q} is smaller"
            );
        }
    }

    #[test]
    fn the_first_rows_of_wythoff_are_additively_periodic() {
        let table = Arc::new(Table::solve(Piece::Queen, 1024).unwrap());
        let mut found = Vec::new();
        for x in 0..10 {
            let row: Vec<i64> = (0..1024)
                .map(|y| table.get(x, y).unwrap().0 as i64)
                .collect();
            let f = additive(&row, 256, 3).unwrap_or_else(|| panic!("row {x}"));
            confirm(&row, &f, 256, 3);
            // A row's Grundy numbers grow like y: a period adds its own length.
            assert_eq!(f.saltus, f.period as i64, "row {x}: {f:?}");
            found.push((f.preperiod, f.period));
        }
        // Rows 0 and 1: y itself, and 1, 2, 0, 4, 5, 3, … (period 3). Row 6 ends in three
        // values that step by one, which is not taken for a period.
        assert_eq!(found[0], (0, 1));
        assert_eq!(found[1], (0, 3));
        assert!(found[6].1 > 1, "{:?}", found[6]);
    }

    #[test]
    fn plain_periodicity_and_nothing_found() {
        let seq: Vec<i64> = (0..200)
            .map(|i| if i < 7 { i } else { [0, 1, 2][i as usize % 3] })
            .collect();
        let f = periodic(&seq, 10, 3).unwrap();
        assert_eq!((f.period, f.saltus), (3, 0));
        // 0, 1, …, 6, then 1, 2, 0, 1, 2, 0, …: periodic from index 7.
        assert_eq!(f.preperiod, 7);
        confirm(&seq, &f, 10, 3);
        let squares: Vec<i64> = (0..200).map(|i| i * i).collect();
        assert_eq!(additive(&squares, 40, 3), None);
        assert_eq!(additive(&[], 5, 3), None);
    }
}
