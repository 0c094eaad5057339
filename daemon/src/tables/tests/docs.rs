//! The `sqlite3` examples of docs/DATABASE.md, read from the document itself, return what
//! brute force says.

use std::collections::BTreeSet;

use engine::corner::Piece;
use engine::Outcome;
use sqlx::sqlite::SqliteRow;
use sqlx::Row;

use super::{brute, fresh, run, SMALL};
use crate::db::Db;

const DATABASE_MD: &str = include_str!("../../../../docs/DATABASE.md");

/// The SQL of the first ```sql block after the line that starts with `title`.
pub(crate) fn example(title: &str) -> String {
    let mut lines = DATABASE_MD
        .lines()
        .skip_while(|l| !l.starts_with(title))
        .skip_while(|l| l.trim() != "```sql");
    assert!(
        lines.next().is_some(),
        "docs/DATABASE.md has no example {title:?}"
    );
    let sql: Vec<&str> = lines.take_while(|l| l.trim() != "```").collect();
    sql.join("\n")
}

async fn rows(db: &Db, title: &str) -> Vec<SqliteRow> {
    let sql = example(title);
    sqlx::query(&sql)
        .fetch_all(&db.pool)
        .await
        .unwrap_or_else(|e| panic!("{title}: {e}\n{sql}"))
}

#[tokio::test]
async fn the_documented_queries_answer_correctly() {
    let (_dir, _path, db) = fresh().await;
    run(&db, SMALL).await;

    // The board is 64 here, so x, y < 100 is the whole stored board.
    let horse = brute::corner(Piece::Horse, SMALL.board);
    let got: Vec<(i64, i64)> = rows(&db, "All P-positions of the dragon horse")
        .await
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    let mut want = Vec::new();
    for (x, column) in horse.iter().enumerate() {
        for (y, &(grundy, _)) in column.iter().enumerate() {
            if grundy == 0 {
                want.push((x as i64, y as i64));
            }
        }
    }
    assert_eq!(got, want);
    assert!(got.contains(&(0, 2)) && got.contains(&(2, 0)));

    let queen = brute::corner(Piece::Queen, SMALL.board)[5][3];
    let got: Vec<(i64, i64)> = rows(&db, "The Grundy number and remoteness of queen 5,3")
        .await
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(queen.0, 0, "5,3 is a Wythoff P-position");
    assert_eq!(got, [(queen.0 as i64, queen.1 as i64)]);

    let lgame = brute::lgame();
    let got: Vec<String> = rows(&db, "All L-game positions lost in 8 plies")
        .await
        .iter()
        .map(|r| r.get("fen"))
        .collect();
    let want: BTreeSet<String> = lgame
        .iter()
        .filter(|(_, &v)| v == (Outcome::Loss, Some(8)))
        .map(|(fen, _)| fen.clone())
        .collect();
    assert!(!want.is_empty());
    assert_eq!(got, want.into_iter().collect::<Vec<_>>());

    let got: Vec<(String, i64)> = rows(&db, "How many L-game classes are won, lost and drawn")
        .await
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    let want = [("draw", 1261), ("loss", 29), ("win", 1006)].map(|(o, n)| (o.to_owned(), n));
    assert_eq!(got, want);

    let got: Vec<i64> = rows(&db, "Chocolate k=1 G(6,16)")
        .await
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(got, [19]);
    assert_eq!(brute::staircase(1, 16)[&(6, 16)], 19);

    let got = rows(&db, "The value of an L-game position").await;
    assert_eq!(got.len(), 1);
    let outcome: String = got[0].get("outcome");
    assert_eq!(outcome, "draw", "the start is a draw");

    let got = rows(&db, "The stored sets, when and by what").await;
    assert_eq!(got.len(), 12);
}
