//! Pages of a long game's moves: which plies a `game` or `review` request asks for, and the
//! bytes a reply may take, so that each page is a bounded piece of work and of memory however
//! long the game.

use super::QueryError;
use protocol::limits::{BETTER_BYTES, BETTER_LISTED, PAGE_BYTES};
use serde::Serialize;

/// A page of a game's moves.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    /// Plies before the page.
    pub from: u32,
    /// The `from` of the next page; `None` after the last.
    pub next: Option<u32>,
    /// The page's moves.
    pub moves: Vec<T>,
}

/// The plies a request asks for, as `(from, count)`: after ply `from` (default 0), at most
/// `limit` of them (default and most `most`). A page starting past the game's end is an error
/// that says how long the game is.
pub fn span(
    match_id: i64,
    plies: u32,
    from: Option<u32>,
    limit: Option<u32>,
    most: u32,
) -> Result<(u32, u32), QueryError> {
    let from = from.unwrap_or(0);
    if from > plies {
        return Err(QueryError::PageBeyond { match_id, plies });
    }
    Ok((from, limit.unwrap_or(most).min(most)))
}

/// What a page may still take, in bytes of JSON.
pub struct Budget {
    left: usize,
    taken: bool,
}

impl Budget {
    /// A page's budget: [`PAGE_BYTES`].
    pub fn page() -> Budget {
        Budget::of(PAGE_BYTES)
    }

    /// A budget of `bytes` for a JSON list: its brackets and commas are counted too.
    pub fn of(bytes: usize) -> Budget {
        Budget {
            left: bytes.saturating_sub(1),
            taken: false,
        }
    }

    /// Whether `item` still fits, counting it (and the comma or bracket after it) if so. The
    /// first item always fits, so that every page moves on.
    pub fn take(&mut self, item: &impl Serialize) -> bool {
        let bytes = json_len(item) + 1;
        if self.taken && bytes > self.left {
            return false;
        }
        self.left = self.left.saturating_sub(bytes);
        self.taken = true;
        true
    }
}

/// The length of `item` as JSON.
pub fn json_len(item: &impl Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing to a counter cannot fail, and our types always serialize.
    let _ = serde_json::to_writer(&mut count, item);
    count.0
}

/// The best of `better` (best first) that a reviewed move lists: at most [`BETTER_LISTED`],
/// in at most [`BETTER_BYTES`], the first whatever its size; with how many there were when
/// some are left out.
pub fn listed_better<T: Serialize>(better: Vec<T>) -> (Vec<T>, Option<u64>) {
    let all = better.len();
    let mut budget = Budget::of(BETTER_BYTES);
    let listed: Vec<T> = better
        .into_iter()
        .take(BETTER_LISTED)
        .take_while(|b| budget.take(b))
        .collect();
    let count = (listed.len() < all).then_some(all as u64);
    (listed, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_starts_within_the_game_and_takes_at_most_its_share() {
        assert_eq!(span(1, 10, None, None, 500), Ok((0, 500)));
        assert_eq!(span(1, 10, Some(10), Some(3), 500), Ok((10, 3)));
        assert_eq!(span(1, 10, Some(4), Some(9999), 500), Ok((4, 500)));
        let e = span(7, 10, Some(11), None, 500).unwrap_err();
        assert_eq!(
            e,
            QueryError::PageBeyond {
                match_id: 7,
                plies: 10
            }
        );
        assert!(e.to_string().contains("game 7 has 10 plies"), "{e}");
    }

    #[test]
    fn the_budget_takes_the_first_item_whatever_its_size() {
        let mut b = Budget::of(10);
        assert!(b.take(&"a string far longer than ten bytes"));
        assert!(!b.take(&1));
        // `[12345,"ab"]`: 12 bytes, brackets and comma counted.
        let mut b = Budget::of(12);
        assert!(b.take(&12345));
        assert!(b.take(&"ab"));
        assert!(!b.take(&1));
    }

    #[test]
    fn the_better_moves_are_the_best_ones_counted_when_cut() {
        let few: Vec<u32> = (0..10).collect();
        assert_eq!(listed_better(few.clone()), (few, None));
        let many: Vec<u32> = (0..1000).collect();
        let (listed, count) = listed_better(many);
        assert_eq!(listed, (0..BETTER_LISTED as u32).collect::<Vec<_>>());
        assert_eq!(count, Some(1000));
        let long = vec!["x".repeat(BETTER_BYTES); 3];
        let (listed, count) = listed_better(long);
        assert_eq!((listed.len(), count), (1, Some(3)));
    }

    #[test]
    fn json_len_is_the_length_serde_json_writes() {
        let v = serde_json::json!({"a": [1, 2, "três"], "b": null});
        assert_eq!(json_len(&v), serde_json::to_string(&v).unwrap().len());
    }
}
