//! Tests of tournaments: the round robin schedule, the matching Swiss pairing relies on, Swiss
//! rounds checked against exhaustive search and against the baseline on random histories, and
//! standings computed by hand.

mod matching;
mod properties;
mod referee;
mod round_robin;
mod standings;
mod swiss;

use super::Entrant;

/// Entrants with these ids, none withdrawn.
fn entrants(ids: impl IntoIterator<Item = i64>) -> Vec<Entrant> {
    ids.into_iter()
        .map(|id| Entrant {
            id,
            withdrawn: false,
        })
        .collect()
}
