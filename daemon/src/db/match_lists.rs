//! Lists of matches: the filter a client sends (`list`, the CLI's `games`) and the one query
//! that answers it, newest first, without moves.

use protocol::limits::DEFAULT_PAGE;
use protocol::{Game, MatchStatus};
use sqlx::{QueryBuilder, Sqlite};

use super::database::Db;
use super::error::DbError;
use super::matches::{StoredMatch, MATCH_SELECT};

/// Which matches `Db::list_matches` returns; every `Some` narrows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFilter {
    /// Only matches in which a player of this name holds a seat.
    pub player: Option<String>,
    /// Only this game.
    pub game: Option<Game>,
    /// Only matches in this state.
    pub status: Option<MatchStatus>,
    /// Only matches created at or after this time.
    pub since: Option<i64>,
    /// Only matches created before this time.
    pub until: Option<i64>,
    /// Only finished matches with this result (`Won`/`Lost` are from `player`'s side).
    pub result: Option<ResultFilter>,
    /// At most this many matches.
    pub limit: u32,
    /// Skip this many (newest) matches first.
    pub offset: u32,
}

/// A result to filter finished matches by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultFilter {
    /// Drawn (by repetition or agreement).
    Draw,
    /// Won by the filter's player.
    Won,
    /// Lost by the filter's player.
    Lost,
}

impl Default for GameFilter {
    /// Every match, the first [`DEFAULT_PAGE`] of them.
    fn default() -> GameFilter {
        GameFilter {
            player: None,
            game: None,
            status: None,
            since: None,
            until: None,
            result: None,
            limit: DEFAULT_PAGE,
            offset: 0,
        }
    }
}

impl Db {
    /// The matches `f` selects, newest first (by creation time, then id), without moves.
    /// `since` is inclusive, `until` exclusive; a player is matched by name in either seat.
    pub async fn list_matches(&self, f: &GameFilter) -> Result<Vec<StoredMatch>, DbError> {
        let mut q = QueryBuilder::<Sqlite>::new(MATCH_SELECT);
        q.push(" WHERE 1 = 1");
        if let Some(name) = &f.player {
            q.push(" AND (");
            push_seat_is(&mut q, 0, name);
            q.push(" OR ");
            push_seat_is(&mut q, 1, name);
            q.push(")");
        }
        if let Some(game) = &f.game {
            q.push(" AND m.game = ").push_bind(game.name());
        }
        if let Some(status) = f.status {
            q.push(" AND m.status = ").push_bind(status.as_str());
        }
        match (f.result, &f.player) {
            (Some(ResultFilter::Draw), _) => {
                q.push(" AND m.status = 'finished' AND m.winner IS NULL");
            }
            (Some(r @ (ResultFilter::Won | ResultFilter::Lost)), Some(name)) => {
                // The player's seat is the winner's (won) or the other one (lost).
                let (a, b) = if r == ResultFilter::Won {
                    (0, 1)
                } else {
                    (1, 0)
                };
                q.push(" AND m.status = 'finished' AND ((m.winner = ")
                    .push_bind(a)
                    .push(" AND ");
                push_seat_is(&mut q, 0, name);
                q.push(") OR (m.winner = ").push_bind(b).push(" AND ");
                push_seat_is(&mut q, 1, name);
                q.push("))");
            }
            // Won or lost by whom? Without a player, any decided game.
            (Some(_), None) => {
                q.push(" AND m.status = 'finished' AND m.winner IS NOT NULL");
            }
            (None, _) => {}
        }
        if let Some(since) = f.since {
            q.push(" AND m.created_at >= ").push_bind(since);
        }
        if let Some(until) = f.until {
            q.push(" AND m.created_at < ").push_bind(until);
        }
        q.push(" ORDER BY m.created_at DESC, m.id DESC LIMIT ")
            .push_bind(f.limit)
            .push(" OFFSET ")
            .push_bind(f.offset);
        Ok(q.build_query_as().fetch_all(&self.pool).await?)
    }
}

/// `seat` is held by the player named `name`: registered, or named in an imported game.
fn push_seat_is(q: &mut QueryBuilder<'_, Sqlite>, seat: u8, name: &str) {
    q.push(format!(
        " (m.seat{seat}_player IN (SELECT id FROM players WHERE name = "
    ))
    .push_bind(name.to_owned())
    .push(format!(") OR m.seat{seat}_name = "))
    .push_bind(name.to_owned())
    .push(")");
}
