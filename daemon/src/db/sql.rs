//! How values sit in SQL, shared by every table: placeholders for statements of many rows,
//! names (of games, reasons, statuses, roles, …) checked in Rust when read, a game's four
//! columns, and the one encoded column (`repetition_plies`).
//!
//! The schema keeps no list of the names a column may hold (no `CHECK (game IN (…))`): a new
//! game or reason needs no migration. The server writes only names it knows, and reading a
//! name it does not know (a file written by a newer server, or by hand) is
//! [`DbError::UnknownName`](super::DbError::UnknownName), never a panic.

use protocol::{Format, Game, GameParams, MatchStatus, Reason, Role};
use sqlx::error::BoxDynError;
use sqlx::query::Query;
use sqlx::sqlite::{SqliteArguments, SqliteTypeInfo, SqliteValueRef};
use sqlx::{Decode, Sqlite, Type, ValueRef};

use super::error::{to_sql_opt, DbError, UnknownName};

/// `(?, ?), (?, ?)`: `rows` groups of `columns` placeholders, for statements of many rows.
pub(crate) fn placeholders(rows: usize, columns: usize) -> String {
    let mut sql = String::with_capacity(rows * (2 * columns + 3));
    for r in 0..rows {
        sql.push_str(if r == 0 { "(" } else { ", (" });
        for c in 0..columns {
            sql.push_str(if c == 0 { "?" } else { ", ?" });
        }
        sql.push(')');
    }
    sql
}

/// A value stored in a TEXT column by its name, read back through [`Named`].
pub(crate) trait Name: Sized {
    /// What the names are of, for the error: `game`, `reason`, …
    const KIND: &'static str;

    /// The name stored for this value.
    fn name(&self) -> &'static str;

    /// The value of a stored name, which must be exactly one this code writes.
    fn from_name(name: &str) -> Option<Self>;
}

/// A NOT NULL name column, decoded into its value or refused with [`UnknownName`].
pub(crate) struct Named<T>(pub(crate) T);

/// A nullable name column: NULL is `None`, any other name as for [`Named`].
pub(crate) struct MaybeNamed<T>(pub(crate) Option<T>);

impl<T: Name> Type<Sqlite> for Named<T> {
    fn type_info() -> SqliteTypeInfo {
        <str as Type<Sqlite>>::type_info()
    }

    fn compatible(ty: &SqliteTypeInfo) -> bool {
        <str as Type<Sqlite>>::compatible(ty)
    }
}

impl<'r, T: Name> Decode<'r, Sqlite> for Named<T> {
    fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
        let text = <&str as Decode<Sqlite>>::decode(value)?;
        match T::from_name(text) {
            Some(v) => Ok(Named(v)),
            None => Err(Box::new(UnknownName {
                kind: T::KIND,
                value: text.to_owned(),
            })),
        }
    }
}

impl<T: Name> Type<Sqlite> for MaybeNamed<T> {
    fn type_info() -> SqliteTypeInfo {
        <str as Type<Sqlite>>::type_info()
    }

    fn compatible(ty: &SqliteTypeInfo) -> bool {
        <str as Type<Sqlite>>::compatible(ty)
    }
}

impl<'r, T: Name> Decode<'r, Sqlite> for MaybeNamed<T> {
    fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
        if value.is_null() {
            return Ok(MaybeNamed(None));
        }
        let Named(v) = <Named<T> as Decode<Sqlite>>::decode(value)?;
        Ok(MaybeNamed(Some(v)))
    }
}

/// Declares how the values of a type are named in the database, and lets `FromRow` fields
/// of that type read it with `#[sqlx(try_from = "Named<…>")]` (or `MaybeNamed<…>` when NULL
/// is allowed).
macro_rules! names {
    ($($ty:ty: $kind:literal, |$v:ident| $name:expr, |$s:ident| $parse:expr;)*) => {$(
        impl Name for $ty {
            const KIND: &'static str = $kind;

            fn name(&self) -> &'static str {
                let $v = *self;
                $name
            }

            fn from_name($s: &str) -> Option<Self> {
                $parse
            }
        }

        impl From<Named<$ty>> for $ty {
            fn from(named: Named<$ty>) -> $ty {
                named.0
            }
        }

        impl From<MaybeNamed<$ty>> for Option<$ty> {
            fn from(named: MaybeNamed<$ty>) -> Option<$ty> {
                named.0
            }
        }
    )*};
}

names! {
    Game: "game", |g| g.name(), |s| Game::ALL.into_iter().find(|g| g.name() == s);
    MatchStatus: "match status", |m| m.as_str(), |s| MatchStatus::parse(s);
    Reason: "reason", |r| r.as_str(), |s| Reason::parse(s);
    Role: "role", |r| match r {
        Role::Teacher => "teacher",
        Role::Student => "student",
    }, |s| [Role::Teacher, Role::Student].into_iter().find(|r| r.name() == s);
    Format: "tournament format", |f| f.as_str(),
        |s| [Format::RoundRobin, Format::Swiss].into_iter().find(|f| f.as_str() == s);
    engine::Outcome: "outcome", |o| o.as_str(), |s| engine::Outcome::parse(s);
    engine::exercise::Question: "question", |q| q.as_str(),
        |s| engine::exercise::Question::ALL.into_iter().find(|q| q.as_str() == s);
}

/// A name kept as text in a row (an exercise's question), checked all the same.
impl From<Named<engine::exercise::Question>> for String {
    fn from(named: Named<engine::exercise::Question>) -> String {
        named.0.name().to_owned()
    }
}

/// A game and its parameters, as the columns `game`, `size`, `k` and `misere` hold them
/// (matches, exercises, tournaments, exhibitions): read with
/// `#[sqlx(flatten, try_from = "GameColumns")]`.
#[derive(sqlx::FromRow)]
pub(crate) struct GameColumns {
    /// Which game.
    #[sqlx(try_from = "Named<Game>")]
    game: Game,
    /// Board side.
    size: Option<u64>,
    /// Staircase step.
    k: Option<u32>,
    /// Misère play.
    misere: bool,
    /// The piece of `corner`, in Betza's notation.
    piece: Option<String>,
    /// The rule of `heap`.
    rule: Option<String>,
    /// The edge of `chocolate`, when it is a formula.
    edge: Option<String>,
}

impl From<GameColumns> for GameParams {
    fn from(c: GameColumns) -> GameParams {
        GameParams {
            game: c.game,
            size: c.size,
            k: c.k,
            piece: c.piece,
            rule: c.rule,
            edge: c.edge,
            misere: c.misere,
        }
    }
}

/// Binds a game's seven columns (`game, size, k, misere, piece, rule, edge`, in that order) to
/// the next seven placeholders of `query`: the other way of [`GameColumns`].
pub(crate) fn bind_game_params<'q>(
    query: Query<'q, Sqlite, SqliteArguments<'q>>,
    params: &GameParams,
) -> Result<Query<'q, Sqlite, SqliteArguments<'q>>, DbError> {
    Ok(query
        .bind(params.game.name())
        .bind(to_sql_opt(params.size, "size")?)
        .bind(params.k.map(i64::from))
        .bind(i64::from(params.misere))
        .bind(params.piece.clone())
        .bind(params.rule.clone())
        .bind(params.edge.clone()))
}

/// The plies of a draw by repetition, stored as `0,4,8` (no plies: NULL), read with
/// `#[sqlx(try_from = "Plies")]`.
pub(crate) struct Plies(Vec<u32>);

impl Type<Sqlite> for Plies {
    fn type_info() -> SqliteTypeInfo {
        <str as Type<Sqlite>>::type_info()
    }

    fn compatible(ty: &SqliteTypeInfo) -> bool {
        <str as Type<Sqlite>>::compatible(ty)
    }
}

impl<'r> Decode<'r, Sqlite> for Plies {
    fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
        if value.is_null() {
            return Ok(Plies(Vec::new()));
        }
        let text = <&str as Decode<Sqlite>>::decode(value)?;
        Ok(Plies(decode_plies(Some(text))?))
    }
}

impl From<Plies> for Vec<u32> {
    fn from(plies: Plies) -> Vec<u32> {
        plies.0
    }
}

/// Stores repetition plies as `0,4,8`; no plies is NULL.
pub(crate) fn encode_plies(plies: &[u32]) -> Option<String> {
    if plies.is_empty() {
        return None;
    }
    let text: Vec<String> = plies.iter().map(u32::to_string).collect();
    Some(text.join(","))
}

/// Reads `0,4,8` back; NULL or an empty string is no plies.
pub(crate) fn decode_plies(text: Option<&str>) -> Result<Vec<u32>, DbError> {
    match text {
        None | Some("") => Ok(Vec::new()),
        Some(text) => text
            .split(',')
            .map(|p| {
                p.trim()
                    .parse()
                    .map_err(|_| DbError::Corrupt(format!("repetition_plies {text:?}")))
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_make_rows_of_parameters() {
        assert_eq!(placeholders(2, 3), "(?, ?, ?), (?, ?, ?)");
        assert_eq!(placeholders(1, 1), "(?)");
        assert_eq!(placeholders(0, 4), "");
    }

    #[test]
    fn plies_round_trip() {
        assert_eq!(encode_plies(&[]), None);
        assert_eq!(encode_plies(&[0, 4, 8]).as_deref(), Some("0,4,8"));
        assert_eq!(decode_plies(Some("0,4,8")).ok(), Some(vec![0, 4, 8]));
        assert_eq!(decode_plies(None).ok(), Some(vec![]));
        assert!(matches!(
            decode_plies(Some("0,x")),
            Err(DbError::Corrupt(_))
        ));
        assert!(matches!(decode_plies(Some("-1")), Err(DbError::Corrupt(_))));
    }

    #[test]
    fn every_name_reads_back_and_only_exact_names_do() {
        for g in Game::ALL {
            assert_eq!(Game::from_name(g.name()), Some(g));
        }
        assert_eq!(Game::from_name("Nim"), None);
        assert_eq!(
            Reason::from_name("adjudication"),
            Some(Reason::Adjudication)
        );
        assert_eq!(Role::from_name("teacher"), Some(Role::Teacher));
        assert_eq!(Format::from_name("swiss"), Some(Format::Swiss));
        assert_eq!(MatchStatus::from_name("over"), None);
    }
}
