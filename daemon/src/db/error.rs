//! The one error type of the persistence layer.
//!
//! Every failure a caller can see is one of these variants, so the daemon can map them to
//! protocol errors (a rejected write is the client's fault, a failed commit is the server's).

use std::sync::Arc;

/// Why a database call failed.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// SQLite or the driver failed: I/O, a constraint (for example a move whose ply is already
    /// stored), a closed pool.
    #[error("database: {0}")]
    Sqlx(sqlx::Error),
    /// The embedded migrations could not be applied (or the file was migrated by a newer build).
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The transaction this write was grouped into could not be started or committed, so the
    /// write is not stored. Shared between all writes of the batch, hence the `Arc`.
    #[error("database commit: {0}")]
    Commit(#[source] Arc<sqlx::Error>),
    /// A write that does not fit what is stored or cannot be stored: no such match or player,
    /// the seat is taken, the match is not in the state the write needs, the move is not the
    /// next ply, or a number does not fit an SQLite integer. Nothing was written.
    #[error("write rejected: {0}")]
    Rejected(String),
    /// A stored value is not one this code writes (an unknown status, a negative ply, ...).
    #[error("corrupt database value: {0}")]
    Corrupt(String),
    /// A stored name (of a game, a reason, a status, a role, …) that this server does not
    /// know: the schema leaves names to the server (no `CHECK` lists), so a file written by a
    /// newer server, or by hand, may hold one. The row cannot be read.
    #[error(
        "corrupt database value: column {column}: {value:?} is not a {kind} this server knows"
    )]
    UnknownName {
        /// The column read.
        column: String,
        /// What the name should have been: `game`, `reason`, …
        kind: &'static str,
        /// The name as stored.
        value: String,
    },
    /// A database file name that cannot be used (the analysis file named like the games
    /// file, or not UTF-8).
    #[error("database path: {0}")]
    Path(String),
    /// The games file can be read but not written (its permissions, a read-only file system):
    /// a server on it could not store a single move, so it does not start.
    #[error(
        "{0} cannot be written (read-only file or file system): give this user write access \
         to it and to its folder, or pass another --db"
    )]
    ReadOnly(String),
    /// The writer task has stopped (after `Db::close`), so nothing more
    /// can be written.
    #[error("database writer has stopped")]
    WriterGone,
}

/// A stored name that is not one this server knows: what a column decoder (`sql.rs`)
/// fails with, made [`DbError::UnknownName`] with the column by `From<sqlx::Error>`.
#[derive(Debug, thiserror::Error)]
#[error("{value:?} is not a {kind} this server knows")]
pub(crate) struct UnknownName {
    /// What the name should have been (`game`, `reason`, …).
    pub(crate) kind: &'static str,
    /// The name as stored.
    pub(crate) value: String,
}

impl From<sqlx::Error> for DbError {
    /// A value that does not decode (a name this server does not know, a number out of
    /// range, the wrong type) is corruption of that column; anything else is the driver's.
    fn from(e: sqlx::Error) -> DbError {
        match e {
            sqlx::Error::ColumnDecode { index, source } => {
                let column = index.trim_matches('"').to_owned();
                let source = match source.downcast::<UnknownName>() {
                    Ok(u) => {
                        return DbError::UnknownName {
                            column,
                            kind: u.kind,
                            value: u.value,
                        }
                    }
                    Err(source) => source,
                };
                match source.downcast::<DbError>() {
                    Ok(e) => *e,
                    Err(source) => DbError::Corrupt(format!("{column}: {source}")),
                }
            }
            e => DbError::Sqlx(e),
        }
    }
}

impl DbError {
    /// Whether SQLite refused to write because the file (or its folder, or the file system)
    /// is read-only: SQLITE_READONLY (8) or one of its extended codes (264, 520, 1544, ...).
    pub fn is_read_only(&self) -> bool {
        match self {
            DbError::ReadOnly(_) => true,
            DbError::Sqlx(sqlx::Error::Database(e)) => {
                e.code()
                    .and_then(|c| c.parse::<i64>().ok())
                    .map(|c| c & 0xff)
                    == Some(8)
            }
            _ => false,
        }
    }

    /// Whether SQLite refused the write for a UNIQUE, PRIMARY KEY, FOREIGN KEY, CHECK or NOT
    /// NULL constraint, or a trigger's: the caller sent something inconsistent, the database
    /// is fine.
    pub fn is_constraint_violation(&self) -> bool {
        match self {
            DbError::Sqlx(e) => is_constraint(e),
            _ => false,
        }
    }
}

/// SQLITE_CONSTRAINT_TRIGGER: a trigger's `RAISE(ABORT, …)` refused the statement (a name
/// that reads as another member's, 20261126000000_name_skeletons.sql).
const SQLITE_CONSTRAINT_TRIGGER: &str = "1811";

/// Whether SQLite refused a statement for a constraint (the statement alone is undone).
pub(crate) fn is_constraint(e: &sqlx::Error) -> bool {
    use sqlx::error::ErrorKind;
    match e {
        sqlx::Error::Database(e) => {
            matches!(
                e.kind(),
                ErrorKind::UniqueViolation
                    | ErrorKind::ForeignKeyViolation
                    | ErrorKind::NotNullViolation
                    | ErrorKind::CheckViolation
            ) || e.code().as_deref() == Some(SQLITE_CONSTRAINT_TRIGGER)
        }
        _ => false,
    }
}

/// Converts an unsigned value to an SQLite integer, rejecting what does not fit.
pub(crate) fn to_sql_int(value: u64, what: &str) -> Result<i64, DbError> {
    i64::try_from(value).map_err(|_| DbError::Rejected(format!("{what} {value} is too large")))
}

/// Converts an optional unsigned value to an SQLite integer, rejecting what does not fit.
pub(crate) fn to_sql_opt(value: Option<u64>, what: &str) -> Result<Option<i64>, DbError> {
    value.map(|v| to_sql_int(v, what)).transpose()
}
