//! Upgrades and backups across the two files: a games file of the old layout (analysis
//! tables inside) gives its tables to the analysis file and is compacted; a games file alone
//! (backed up without its analysis file) opens with the tables computed again.

use std::path::Path;

use protocol::{MatchStatus, Reason};
use sqlx::{ConnectOptions, Connection};

use super::analysis_file::{games_objects, ANALYSIS_OBJECTS};
use super::{count, fresh, mv, nim, player, token, win};
use crate::db::{default_analysis_path, Db, SeatRow, StoredMatch};
use crate::tables::{ensure, Loaded, Progress, Sizes, Stamp};

/// Small tables, computed in a fraction of a second.
const SMALL: Sizes = Sizes { board: 64, bar: 64 };

/// The migration that made the analysis tables in the games file, as it was applied.
const OLD_ANALYSIS: &str = include_str!("../../../../migrations/20261121000001_analysis.sql");

/// The tables it made, in an order that keeps foreign keys satisfied.
const OLD_TABLES: [&str; 5] = [
    "corner_values",
    "chocolate_values",
    "lgame_classes",
    "lgame_positions",
    "analysis_sets",
];

async fn ensure_small(db: &Db) -> Loaded {
    ensure(db, SMALL, &Stamp::current(), &Progress::hidden())
        .await
        .expect("ensure the analysis tables")
}

/// A database with a finished match and the small tables, closed; the match as stored.
async fn played() -> (tempfile::TempDir, std::path::PathBuf, StoredMatch) {
    let (dir, path, db) = fresh().await;
    let alice = db.create_player("alice", &token(1)).await.expect("alice");
    let bob = db.create_player("bob", &token(2)).await.expect("bob");
    let seats = [player(alice), SeatRow::default()];
    let id = db
        .create_match(nim(seats, MatchStatus::Waiting, 1))
        .await
        .expect("match");
    db.start_match(id, 1, bob, 2).await.expect("start");
    db.add_move(mv(id, 1, ""), Some(win(0, Reason::LastStone, 3)))
        .await
        .expect("move");
    assert_eq!(ensure_small(&db).await.report.computed(), 12);
    let stored = db.load_match(id).await.expect("load").expect("stored");
    db.close().await;
    (dir, path, stored)
}

/// Turns the closed games file `path` back into the old layout: the analysis tables made
/// inside it by their old migration and filled from its analysis file, which is removed, and
/// the migration that moved them out forgotten.
async fn make_old_layout(path: &Path) {
    let analysis = default_analysis_path(path);
    let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(path)
        .connect()
        .await
        .expect("open the games file");
    sqlx::raw_sql(OLD_ANALYSIS)
        .execute(&mut conn)
        .await
        .expect("old tables");
    sqlx::query("ATTACH DATABASE ? AS a")
        .bind(analysis.to_str().expect("UTF-8 path"))
        .execute(&mut conn)
        .await
        .expect("attach");
    for t in OLD_TABLES {
        let sql = format!("INSERT INTO main.{t} SELECT * FROM a.{t}");
        sqlx::query(&sql).execute(&mut conn).await.expect(&sql);
    }
    sqlx::query("DETACH DATABASE a")
        .execute(&mut conn)
        .await
        .expect("detach");
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = 20261123000002")
        .execute(&mut conn)
        .await
        .expect("forget the migration");
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&mut conn)
        .await
        .expect("into the file");
    conn.close().await.expect("close");
    remove_analysis_file(path);
}

/// Removes the analysis file of `path`, with its WAL and shared-memory files.
fn remove_analysis_file(path: &Path) {
    let analysis = default_analysis_path(path);
    for suffix in ["", "-wal", "-shm"] {
        let mut file = analysis.as_os_str().to_owned();
        file.push(suffix);
        match std::fs::remove_file(&file) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => panic!("remove {file:?}: {e}"),
        }
    }
}

#[tokio::test]
async fn an_old_layout_gives_its_tables_to_the_analysis_file_and_shrinks() {
    let (_dir, path, game) = played().await;
    make_old_layout(&path).await;
    let old_size = std::fs::metadata(&path).expect("old file").len();

    let db = Db::open(&path).await.expect("upgrade");
    assert!(default_analysis_path(&path).exists());
    // Copied, not computed again: every set loads as stored and passes its checksum.
    let loaded = ensure_small(&db).await;
    assert_eq!(loaded.report.computed(), 0, "{:?}", loaded.report);
    assert_eq!(db.load_match(game.id).await.expect("load"), Some(game));
    let games = games_objects(&db).await;
    for name in ANALYSIS_OBJECTS {
        assert!(
            !games.contains(&name.to_owned()),
            "{name} left in: {games:?}"
        );
    }
    let queen_5_3: i64 =
        sqlx::query_scalar("SELECT grundy FROM corner WHERE game = 'queen' AND x = 5 AND y = 3")
            .fetch_one(&db.pool)
            .await
            .expect("queen 5,3");
    assert_eq!(queen_5_3, 0, "a Wythoff P-position");
    assert_eq!(count(&db, "PRAGMA main.freelist_count").await, 0);
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM _sqlx_migrations").await,
        18
    );
    db.close().await;
    let new_size = std::fs::metadata(&path).expect("new file").len();
    assert!(new_size * 2 < old_size, "{new_size} bytes, was {old_size}");
}

#[tokio::test]
async fn the_games_file_alone_opens_and_its_tables_are_computed_again() {
    let (dir, path, game) = played().await;
    let restored = dir.path().join("restored");
    std::fs::create_dir(&restored).expect("dir");
    let copy = restored.join("grundy.db");
    std::fs::copy(&path, &copy).expect("copy the games file");

    let db = Db::open(&copy).await.expect("open the copy");
    assert!(default_analysis_path(&copy).exists());
    assert_eq!(db.load_match(game.id).await.expect("load"), Some(game));
    let loaded = ensure_small(&db).await;
    assert_eq!(loaded.report.computed(), loaded.report.sets.len());
    db.close().await;
}

/// A games file from before sums and misère play (whose migration rebuilds `matches` and
/// `moves` to widen their checks) keeps every match, move and rematch link, foreign keys
/// and all, and takes the new games.
#[tokio::test]
async fn a_games_file_from_before_sums_keeps_its_matches() {
    let dir = tempfile::tempdir().expect("dir");
    let (path, mut conn) = migrated_before(&dir, "20261124000001").await;
    sqlx::raw_sql(
        "INSERT INTO players (id, name, token_hash, created_at) VALUES (1, 'ada', x'01', 0);
         INSERT INTO matches (id, game, start, position, ply, seat0_player, status, winner,
                              reason, created_at)
              VALUES (1, 'nim', '1', '0', 1, 1, 'finished', 0, 'last_stone', 0);
         INSERT INTO matches (id, game, start, position, status, rematch_of, created_at)
              VALUES (2, 'nim', '1', '1', 'waiting', 1, 0);
         INSERT INTO moves VALUES (1, 1, 0, '1:1', '0', 5, NULL, 0);",
    )
    .execute(&mut conn)
    .await
    .expect("an old game");
    conn.close().await.expect("close");

    let db = Db::open(&path).await.expect("upgrade");
    let first = db.load_match(1).await.expect("load").expect("kept");
    assert_eq!(first.moves.len(), 1);
    assert_eq!(first.moves[0].notation, "1:1");
    assert_eq!((first.rematch, first.params.misere), (Some(2), false));
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM pragma_foreign_key_check").await,
        0
    );
    // The new game, played misère, is accepted now.
    let sum = crate::db::NewMatch {
        params: protocol::GameParams {
            misere: true,
            ..protocol::GameParams::of(protocol::Game::Sum)
        },
        start: "nim:1 + queen(8):3,3".into(),
        ..nim(
            [SeatRow::default(), SeatRow::default()],
            MatchStatus::Waiting,
            1,
        )
    };
    let id = db.create_match(sum).await.expect("a misère sum");
    let stored = db.load_match(id).await.expect("load").expect("stored");
    assert_eq!(
        (stored.params.game, stored.params.misere),
        (protocol::Game::Sum, true)
    );
    db.close().await;
}

/// A games file in `dir` with the migrations before `version` applied by sqlx itself (the
/// same checksums), and a connection to it.
async fn migrated_before(
    dir: &tempfile::TempDir,
    version: &str,
) -> (std::path::PathBuf, sqlx::SqliteConnection) {
    let path = dir.path().join("old.db");
    let old = dir.path().join("migrations");
    std::fs::create_dir(&old).expect("dir");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations");
    for entry in std::fs::read_dir(&root).expect("migrations") {
        let p = entry.expect("entry").path();
        let name = p
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        if name.ends_with(".sql") && name.as_str() < version {
            std::fs::copy(&p, old.join(&name)).expect("copy");
        }
    }
    let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true)
        .foreign_keys(true)
        .connect()
        .await
        .expect("connect");
    let migrator = sqlx::migrate::Migrator::new(old.as_path())
        .await
        .expect("old migrations");
    migrator.run(&mut conn).await.expect("migrate the old way");
    (path, conn)
}

/// The migration for tournaments (which rebuilds `matches` and `moves` to take the reason
/// `adjudication`) keeps misère matches misère, with their moves, and takes the new reason.
#[tokio::test]
async fn a_games_file_from_before_tournaments_keeps_its_misere_matches() {
    let dir = tempfile::tempdir().expect("dir");
    let (path, mut conn) = migrated_before(&dir, "20261125000001").await;
    sqlx::raw_sql(
        "INSERT INTO players (id, name, token_hash, created_at) VALUES (1, 'ada', x'01', 0);
         INSERT INTO matches (id, game, misere, start, position, ply, seat0_player, status,
                              created_at)
              VALUES (1, 'nim', 1, '1,1', '0,1', 1, 1, 'playing', 0);
         INSERT INTO moves VALUES (1, 1, 0, '1:1', '0,1', 5, NULL, 0);",
    )
    .execute(&mut conn)
    .await
    .expect("an old game");
    conn.close().await.expect("close");

    let db = Db::open(&path).await.expect("upgrade");
    let kept = db.load_match(1).await.expect("load").expect("kept");
    assert_eq!((kept.params.misere, kept.moves.len()), (true, 1));
    let finish = crate::db::Finish {
        status: MatchStatus::Finished,
        winner: Some(0),
        reason: Reason::Adjudication,
        finished_at: 1,
        repetition_plies: Vec::new(),
    };
    db.finish_match(1, finish).await.expect("adjudicated");
    let done = db.load_match(1).await.expect("load").expect("kept");
    assert_eq!(done.reason, Some(Reason::Adjudication));
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM pragma_foreign_key_check").await,
        0
    );
    db.close().await;
}

/// The migration for name skeletons: every player and room member stored before gets the
/// skeleton of their name at the first start, so namesakes are found by it at once (those
/// an older server let in with an invisible character too); two members whose names already
/// read the same keep their rows, and no third joins under such a name.
#[tokio::test]
async fn a_games_file_from_before_skeletons_gets_them_filled() {
    let dir = tempfile::tempdir().expect("dir");
    let (path, mut conn) = migrated_before(&dir, "20261126000000").await;
    sqlx::raw_sql(
        "INSERT INTO players (id, name, token_hash, created_at) VALUES
             (1, 'ada', x'01', 0), (2, 'АDA', x'02', 0), (3, 'ada\u{200b}', x'03', 0),
             (4, 'bob', x'04', 0), (5, 'carol', x'05', 0);
         INSERT INTO rooms (id, code, name, owner_token_hash, created_by, created_at)
              VALUES (1, 'K7Q2', '3B', x'09', 4, 0);
         INSERT INTO room_members (room_id, player_id, name, role, joined_at) VALUES
             (1, 4, 'bob', 'teacher', 0), (1, 1, 'ada', 'student', 1),
             (1, 2, 'аda', 'student', 2);",
    )
    .execute(&mut conn)
    .await
    .expect("players and a room of before");
    conn.close().await.expect("close");

    let db = Db::open(&path).await.expect("upgrade");
    for table in ["players", "room_members"] {
        let sql = format!("SELECT COUNT(*) FROM {table} WHERE name_skeleton IS NULL");
        assert_eq!(count(&db, &sql).await, 0, "{table}");
    }
    let namesakes: Vec<i64> = db
        .namesakes_of(1, "ada")
        .await
        .expect("namesakes")
        .into_iter()
        .map(|(p, _)| p.id)
        .collect();
    assert_eq!(namesakes, [2, 3]);
    let room = db.load_room("K7Q2").await.expect("load").expect("kept");
    assert_eq!(room.members.len(), 3);
    let third = db
        .put_member(
            1,
            crate::classroom::MemberRow {
                player_id: 5,
                name: "\u{430}d\u{430}".into(),
                role: protocol::Role::Student,
            },
            3,
        )
        .await;
    assert!(third.unwrap_err().is_constraint_violation());
    db.close().await;
    // Filled once: a second start has nothing to fill.
    let db = Db::open(&path).await.expect("reopen");
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM players WHERE name_skeleton IS NULL"
        )
        .await,
        0
    );
    db.close().await;
}

/// The migration that leaves names to the server (dropping the `CHECK (x IN (…))` lists,
/// 20261127000000) keeps every row and every name of the old lists, which read back as they
/// were; a name no list had is taken by the schema now, and refused when read, by the
/// server, with an error that names the column and the value.
#[tokio::test]
async fn names_once_checked_by_the_schema_are_checked_by_the_server() {
    let dir = tempfile::tempdir().expect("dir");
    let (path, mut conn) = migrated_before(&dir, "20261127000000").await;
    sqlx::raw_sql(
        "INSERT INTO players (id, name, token_hash, created_at) VALUES
             (1, 'ada', x'01', 0), (2, 'bob', x'02', 0);
         INSERT INTO matches (id, game, misere, start, position, ply, seat0_player,
                              seat1_player, status, winner, reason, repetition_plies,
                              created_at)
              VALUES (1, 'sum', 1, 'nim:1', 'nim:0', 1, 1, 2, 'finished', NULL,
                      'repetition', '0,4', 0);
         INSERT INTO moves VALUES (1, 1, 0, 'nim:1:1', 'nim:0', 5, NULL, 0);
         INSERT INTO rooms (id, code, name, owner_token_hash, engine, created_by, created_at)
              VALUES (1, 'K7Q2', '3B', x'09', 'medium', 1, 0);
         INSERT INTO room_members (room_id, player_id, name, role, joined_at) VALUES
             (1, 1, 'ada', 'teacher', 0), (1, 2, 'bob', 'student', 1);
         INSERT INTO exercises (id, room_id, set_no, game, size, position, question,
                                solution, set_at)
              VALUES (1, 1, 1, 'queen', 8, '3,3', 'winning_moves', 'none', 0);
         INSERT INTO tournaments (id, room_id, format, game, start, rounds, round, status,
                                  created_at)
              VALUES (1, 1, 'swiss', 'chocolate', 'standard', 3, 1, 'playing', 0);
         INSERT INTO tournament_entrants VALUES (1, 1, 0, 0), (1, 2, 1, 0);
         INSERT INTO tournament_games VALUES (1, 1, 1);",
    )
    .execute(&mut conn)
    .await
    .expect("rows of before");
    conn.close().await.expect("close");

    let db = Db::open(&path).await.expect("upgrade");
    let kept = db.load_match(1).await.expect("load").expect("kept");
    assert_eq!(
        (
            kept.params.game,
            kept.params.misere,
            kept.status,
            kept.reason
        ),
        (
            protocol::Game::Sum,
            true,
            MatchStatus::Finished,
            Some(Reason::Repetition)
        )
    );
    assert_eq!((kept.repetition_plies, kept.moves.len()), (vec![0, 4], 1));
    let room = db.load_room("K7Q2").await.expect("load").expect("kept");
    assert_eq!(room.room.engine.as_deref(), Some("medium"));
    let roles: Vec<_> = room.members.iter().map(|m| m.role).collect();
    assert_eq!(roles, [protocol::Role::Teacher, protocol::Role::Student]);
    assert_eq!(room.exercises[0].question, "winning_moves");
    assert_eq!(room.exercises[0].params.game, protocol::Game::Queen);
    let tournaments = db.load_tournaments(1).await.expect("tournaments");
    assert_eq!(tournaments[0].row.format, protocol::Format::Swiss);
    assert!(!tournaments[0].row.finished);
    assert_eq!(tournaments[0].games[0].reason, Some(Reason::Repetition));
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM pragma_foreign_key_check").await,
        0
    );
    assert_eq!(db.integrity_check().await.expect("check"), "ok");
    let lists = "SELECT COUNT(*) FROM sqlite_master WHERE sql LIKE '%CHECK (game IN%' \
                 OR sql LIKE '%CHECK (reason IN%' OR sql LIKE '%CHECK (role IN%'";
    assert_eq!(count(&db, lists).await, 0, "a name list is left");

    // A name from a newer server (or written by hand) goes in, and is refused when read.
    let mut hand = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&path)
        .foreign_keys(true)
        .connect()
        .await
        .expect("by hand");
    sqlx::raw_sql(
        "INSERT INTO matches (id, game, start, position, status, created_at)
              VALUES (2, 'go', '19x19', '19x19', 'waiting', 0);
         UPDATE room_members SET role = 'assistant' WHERE player_id = 2;",
    )
    .execute(&mut hand)
    .await
    .expect("the schema takes any name");
    hand.close().await.expect("close");
    let refused = db.load_match(2).await.expect_err("an unknown game");
    assert!(
        matches!(&refused, crate::db::DbError::UnknownName { column, kind: "game", value }
            if column == "game" && value == "go"),
        "{refused:?}"
    );
    assert_eq!(
        refused.to_string(),
        "corrupt database value: column game: \"go\" is not a game this server knows"
    );
    let refused = db.load_room("K7Q2").await.expect_err("an unknown role");
    assert!(
        refused.to_string().contains("\"assistant\" is not a role"),
        "{refused}"
    );
    // The other rows still read.
    assert!(db.load_match(1).await.expect("load").is_some());
    db.close().await;
}
