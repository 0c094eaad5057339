//! Rooms on a real file: stored and read back whole, a second answer and a name taken twice
//! refused by the schema, and the `sqlite3` examples of docs/DATABASE.md answering what the
//! rows say.

use protocol::{Game, Role};
use sqlx::Row;

use crate::classroom::{AnswerRow, ExerciseRow, MemberRow, RoomRow};
use crate::db::tests::{fresh, token};
use crate::db::Db;
use crate::tables::tests::docs::example;

fn member(player_id: i64, name: &str, role: Role) -> MemberRow {
    MemberRow {
        player_id,
        name: name.into(),
        role,
    }
}

fn exercise(position: &str, question: &str, solution: &str) -> ExerciseRow {
    ExerciseRow {
        id: 0,
        set_no: 1,
        params: protocol::GameParams::of(Game::Nim),
        position: position.into(),
        question: question.into(),
        solution: solution.into(),
        set_at: 1000,
        deadline: None,
        released_at: None,
    }
}

fn answer(exercise_id: i64, player_id: i64, answer: &str, correct: bool) -> AnswerRow {
    AnswerRow {
        exercise_id,
        player_id,
        answer: answer.into(),
        correct,
        explanation: "why".into(),
        explanation_message: Some(r#"{"id":"grade-wins","args":{"move":"3,3"}}"#.into()),
        answered_at: 2000 + player_id,
    }
}

/// A room K7Q2 with a teacher, ada and bob, two exercises; ada answers both right, bob
/// answers the first wrong.
async fn class(db: &Db) -> i64 {
    let mut ids = Vec::new();
    for (n, name) in ["teacher", "ada", "bob"].iter().enumerate() {
        ids.push(db.create_player(name, &token(n as u8 + 1)).await.unwrap());
    }
    let room = RoomRow {
        id: 0,
        code: "K7Q2".into(),
        name: "3B".into(),
        hints: false,
        engine: None,
        exam: false,
        language: Some("ja".into()),
        owner_token_hash: vec![9; 32],
    };
    let id = db
        .create_room(room, member(ids[0], "teacher", Role::Teacher), 10)
        .await
        .unwrap();
    db.put_member(id, member(ids[1], "ada", Role::Student), 11)
        .await
        .unwrap();
    db.put_member(id, member(ids[2], "bob", Role::Student), 12)
        .await
        .unwrap();
    let first = db
        .add_exercises(
            id,
            vec![
                exercise("1,2", "grundy", "3"),
                exercise("2,2", "outcome", "loss"),
            ],
        )
        .await
        .unwrap();
    db.add_answer(answer(first, ids[1], "3", true))
        .await
        .unwrap();
    db.add_answer(answer(first + 1, ids[1], "loss", true))
        .await
        .unwrap();
    db.add_answer(answer(first, ids[2], "1", false))
        .await
        .unwrap();
    id
}

#[tokio::test]
async fn a_room_is_read_back_whole() {
    let (_dir, _path, db) = fresh().await;
    let id = class(&db).await;
    let stored = db.load_room("K7Q2").await.unwrap().unwrap();
    assert_eq!(stored.room.id, id);
    assert_eq!(stored.room.language.as_deref(), Some("ja"));
    let names: Vec<&str> = stored.members.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["teacher", "ada", "bob"]);
    assert_eq!(stored.exercises.len(), 2);
    assert_eq!(stored.exercises[1].id, stored.exercises[0].id + 1);
    assert_eq!(stored.answers.len(), 3);
    assert!(db.load_room("ZZZZ").await.unwrap().is_none());
    // The first answer is the only one; a name is taken whatever its letter case.
    let again = db.add_answer(answer(
        stored.exercises[0].id,
        stored.members[1].player_id,
        "4",
        false,
    ));
    assert!(again.await.unwrap_err().is_constraint_violation());
    let carol = db.create_player("carol", &token(7)).await.unwrap();
    let twice = db
        .put_member(id, member(carol, "ADA", Role::Student), 13)
        .await;
    assert!(twice.unwrap_err().is_constraint_violation());
    // Coming back as a teacher changes the role, not the row count.
    let ada = stored.members[1].player_id;
    db.put_member(id, member(ada, "ada", Role::Teacher), 14)
        .await
        .unwrap();
    let stored = db.load_room("K7Q2").await.unwrap().unwrap();
    assert_eq!(stored.members.len(), 3);
    assert_eq!(stored.members[1].role, Role::Teacher);
}

/// A name that reads as another member's (Cyrillic а for Latin a) is refused by the schema,
/// when joining and when changing one's name; a name of one's own is taken.
#[tokio::test]
async fn a_name_that_reads_as_a_members_is_refused() {
    let (_dir, _path, db) = fresh().await;
    let id = class(&db).await;
    let carol = db.create_player("carol", &token(7)).await.unwrap();
    for lookalike in ["\u{430}da", "\u{410}DA", "b\u{43e}b"] {
        let refused = db
            .put_member(id, member(carol, lookalike, Role::Student), 13)
            .await;
        assert!(
            refused.unwrap_err().is_constraint_violation(),
            "{lookalike}"
        );
    }
    db.put_member(id, member(carol, "carol", Role::Student), 13)
        .await
        .unwrap();
    let renamed = db
        .put_member(id, member(carol, "\u{430}da", Role::Student), 14)
        .await;
    assert!(renamed.unwrap_err().is_constraint_violation());
    let names: Vec<String> = db
        .load_room("K7Q2")
        .await
        .unwrap()
        .unwrap()
        .members
        .into_iter()
        .map(|m| m.name)
        .collect();
    assert_eq!(names, ["teacher", "ada", "bob", "carol"]);
}

#[tokio::test]
async fn the_documented_room_queries_answer_correctly() {
    let (_dir, _path, db) = fresh().await;
    class(&db).await;
    let scores: Vec<(String, i64, i64, i64)> = sqlx::query(&example("Each student's score"))
        .fetch_all(&db.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect();
    assert_eq!(scores, [("ada".into(), 2, 2, 2), ("bob".into(), 1, 0, 2)]);
    let per: Vec<(String, i64, i64, Option<String>)> =
        sqlx::query(&example("How a room answered each exercise"))
            .fetch_all(&db.pool)
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(2), r.get(5), r.get(6), r.get(7)))
            .collect();
    assert_eq!(
        per,
        [
            ("1,2".into(), 2, 1, Some("1".into())),
            ("2,2".into(), 1, 1, None)
        ]
    );
}

#[tokio::test]
async fn a_tournament_is_read_back_and_its_documented_query_answers() {
    use crate::classroom::TournamentRow;
    use crate::db::{Finish, NewMatch, SeatRow};
    use protocol::{Format, MatchStatus, Reason};

    let (_dir, _path, db) = fresh().await;
    let room = class(&db).await;
    let stored = db.load_room("K7Q2").await.unwrap().unwrap();
    let (ada, bob) = (stored.members[1].player_id, stored.members[2].player_id);
    let row = TournamentRow {
        id: 0,
        format: Format::Swiss,
        params: protocol::GameParams::of(Game::Nim),
        start: "random".into(),
        rounds: 3,
        round: 0,
        clock_initial_ms: None,
        clock_increment_ms: None,
        finished: false,
    };
    let t = db
        .create_tournament(room, row, vec![ada, bob], 20)
        .await
        .unwrap();
    let seat = |id| SeatRow {
        player_id: Some(id),
        engine: None,
    };
    let m = db
        .create_match(NewMatch {
            params: protocol::GameParams::of(Game::Nim),
            start: "1,2".into(),
            seats: [seat(ada), seat(bob)],
            clock_initial_ms: None,
            clock_increment_ms: None,
            status: MatchStatus::Playing,
            rematch_of: None,
            created_at: 21,
            started_at: Some(21),
        })
        .await
        .unwrap();
    db.start_round(t, 1, vec![m], None).await.unwrap();
    let finish = Finish {
        status: MatchStatus::Finished,
        winner: Some(0),
        reason: Reason::Adjudication,
        repetition_plies: Vec::new(),
        finished_at: 22,
    };
    db.finish_match(m, finish).await.unwrap();
    let all = db.load_tournaments(room).await.unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!((all[0].row.round, all[0].entrants.len()), (1, 2));
    assert_eq!(all[0].games[0].winner, Some(0));
    assert_eq!(db.rooms_with_tournaments().await.unwrap(), ["K7Q2"]);
    let sql = example("The games of tournament 1").replace("= 1\n", &format!("= {t}\n"));
    let got: Vec<(i64, String, String, Option<String>, String)> = sqlx::query(&sql)
        .fetch_all(&db.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(2), r.get(3), r.get(4), r.get(5)))
        .collect();
    assert_eq!(
        got,
        [(
            1,
            "ada".into(),
            "bob".into(),
            Some("1-0".into()),
            "adjudication".into()
        )]
    );
    db.finish_tournament(t, 30).await.unwrap();
    assert!(db.rooms_with_tournaments().await.unwrap().is_empty());
}
