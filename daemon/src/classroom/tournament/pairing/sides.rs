//! Who moves first in a Swiss game: first moves are shared out so that nobody drifts more than
//! two games to one side, nobody has the same side three times running when the other player
//! can take it, and otherwise the player owed a first move gets it.

use super::history::Record;

/// How far a player's firsts − seconds may drift from 0.
const MAX_DRIFT: i32 = 2;

/// Sides, as a player's history stands before the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Sides {
    /// Firsts minus seconds, unfinished games included.
    pub balance: i32,
    /// The side of the last game (`true`: first) and how many games running it was had.
    pub last: Option<(bool, usize)>,
}

impl Sides {
    /// The sides of `record`'s games.
    pub fn of(record: &Record) -> Sides {
        Sides {
            balance: record.balance(),
            last: record.last_side(),
        }
    }

    /// What taking this side costs this player: 1 if it takes the balance beyond ±2, and 1 if
    /// it is the same side a third time running.
    fn taking(self, first: bool) -> (u32, u32) {
        let balance = self.balance + if first { 1 } else { -1 };
        let beyond = u32::from(balance.abs() > MAX_DRIFT);
        let third = u32::from(matches!(self.last, Some((side, run)) if side == first && run >= 2));
        (beyond, third)
    }

    /// The last side as an order of claim on the first move: moved second, had no game, moved
    /// first.
    fn last_claim(self) -> u8 {
        match self.last {
            Some((false, _)) => 0,
            None => 1,
            Some((true, _)) => 2,
        }
    }
}

/// Whether some choice of sides keeps both players within ±2 (two players both at +2, or both
/// at −2, cannot meet without one of them drifting further).
pub(super) fn compatible(a: Sides, b: Sides) -> bool {
    cost(a, b).0 == 0 || cost(b, a).0 == 0
}

/// Whether `a` moves first against `b`, where `a` is the higher ranked. In order: the choice
/// that takes fewer of the two beyond ±2; then the one that gives fewer of them the same side a
/// third time running; then the lower firsts − seconds moves first (for players with equally
/// many games: the one with fewer firsts); then the one who moved second in their last game (a
/// player with no game yet comes after one who moved second, before one who moved first); then
/// the higher ranked.
pub(super) fn moves_first(a: Sides, b: Sides) -> bool {
    let (a_first, b_first) = (cost(a, b), cost(b, a));
    if a_first != b_first {
        return a_first < b_first;
    }
    if a.balance != b.balance {
        return a.balance < b.balance;
    }
    a.last_claim() <= b.last_claim()
}

/// What giving `first` the first move against `second` costs the two: how many go beyond ±2,
/// and how many get the same side a third time running.
fn cost(first: Sides, second: Sides) -> (u32, u32) {
    let (f, s) = (first.taking(true), second.taking(false));
    (f.0 + s.0, f.1 + s.1)
}
