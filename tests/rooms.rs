//! Rooms with real clients: a teacher and forty students, exercises graded exactly (every
//! grade checked against the engine's own classification), the teacher's live feed, a
//! student who drops out and comes back, a restart that loses nothing, and the refusals.

use std::collections::HashMap;

use anyhow::{bail, ensure, Context, Result};
use engine::{Outcome, Position as _};
use futures_util::future::try_join_all;
use grundy_e2e::{exercise as spec, open_room, room_of};
use grundy_e2e::{knowledge, refusal, refused, test_config, Client, Hello, Server};
use protocol::{
    AnswerInfo, ErrorCode, ExerciseInfo, ExerciseSpec, Game, GameParams, NewMatch, Opponent,
    Request, Role, ServerBody, Span, Tally,
};

const STUDENTS: usize = 40;

async fn set(
    teacher: &mut Client,
    code: &str,
    specs: Vec<ExerciseSpec>,
) -> Result<Vec<ExerciseInfo>> {
    let reply = teacher
        .request(Request::SetExercises {
            code: code.to_owned(),
            exercises: specs,
            deadline_s: None,
        })
        .await?;
    match reply {
        ServerBody::ExercisesSet { exercises, .. } => Ok(exercises),
        other => bail!("expected exercises, got {other:?}"),
    }
}

async fn answer(c: &mut Client, code: &str, exercise_id: i64, text: &str) -> Result<AnswerInfo> {
    let request = Request::Answer {
        code: code.to_owned(),
        exercise_id,
        answer: text.to_owned(),
    };
    match c.request(request).await? {
        ServerBody::Graded { answer, .. } => Ok(answer),
        other => bail!("expected a grade, got {other:?}"),
    }
}

/// The truth, from the engine crate's own tables (not the server's): whether `answer` to
/// `exercise` is right.
fn truly_correct(k: &engine::Knowledge, e: &ExerciseInfo, answer: &str) -> Result<bool> {
    let pos = position_of(e)?;
    let value = k.value(&pos)?.value;
    let winning = || -> Result<Vec<String>> {
        let mut w = Vec::new();
        for m in pos.legal_moves() {
            if k.value(&pos.play(&m)?)?.value.outcome == Outcome::Loss {
                w.push(m.to_string());
            }
        }
        Ok(w)
    };
    Ok(match e.question.as_str() {
        "outcome" => answer == value.outcome.as_str(),
        "grundy" => Some(answer.parse::<u64>()?) == value.grundy,
        "remoteness" => Some(answer.parse::<u64>()?) == value.remoteness,
        "winning_move" => match answer {
            "none" => winning()?.is_empty(),
            m => winning()?.contains(&m.to_owned()),
        },
        "winning_moves" => {
            let mut said: Vec<String> = match answer {
                "none" => Vec::new(),
                a => a.split("; ").map(str::to_owned).collect(),
            };
            let mut w = winning()?;
            said.sort();
            w.sort();
            said == w
        }
        q => bail!("unknown question {q}"),
    })
}

/// The position exercise `e` asks about, read as its game reads it.
fn position_of(e: &ExerciseInfo) -> Result<engine::AnyPosition> {
    let variant = daemon::convert::game(&e.params)?.variant();
    Ok(variant.parse_position(&e.position)?)
}

/// A teacher with a room named `name`, and ada and bob in it.
async fn class_of_two(server: &Server, name: &str) -> Result<(Client, String, Client, Client)> {
    let mut teacher = server.connect("teacher").await?;
    let code = open_room(&mut teacher, name).await?.code;
    let mut ada = server.connect("ada").await?;
    ada.request(grundy_e2e::join_room(&code, None)).await?;
    let mut bob = server.connect("bob").await?;
    bob.request(grundy_e2e::join_room(&code, None)).await?;
    Ok((teacher, code, ada, bob))
}

/// Answers a student might give: right ones and wrong ones.
fn guesses(e: &ExerciseInfo) -> Vec<&'static str> {
    match e.question.as_str() {
        "outcome" => vec!["win", "loss"],
        "grundy" | "remoteness" => vec!["0", "1", "2", "3", "4", "5", "6"],
        "winning_moves" => vec!["1:2", "none", "2:2", "1:2; 2:2", "3:2"],
        _ => vec!["none"],
    }
}

#[tokio::test]
async fn forty_students_answer_and_every_grade_is_exact() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut teacher = server.connect("ms-lovelace").await?;
    let view = open_room(&mut teacher, "3B maths").await?;
    assert_eq!(view.role, Role::Teacher);
    let code = view.code.clone();
    let owner_token = view.owner_token.clone().context("an owner token")?;
    ensure!(code.len() == 4, "code {code}");

    let mut students = Vec::new();
    for i in 0..STUDENTS {
        let mut s = server.connect(&format!("student{i:02}")).await?;
        // Codes are read in any case.
        let view = room_of(
            s.request(Request::JoinRoom {
                code: code.to_lowercase(),
                name: None,
                owner_token: None,
            })
            .await?,
        )?;
        ensure!(view.role == Role::Student && view.members.is_empty());
        students.push(s);
    }
    // The teacher hears each student come.
    let mut came = 0;
    while came < STUDENTS {
        if let ServerBody::RoomMember { member, .. } = teacher.event().await? {
            if member.role == Role::Student {
                ensure!(member.connected, "{member:?}");
                came += 1;
            }
        }
    }

    let exercises = set(
        &mut teacher,
        &code,
        vec![
            spec(Game::Queen, "5,3", "outcome"),
            spec(Game::Nim, "3,4,5", "winning_moves"),
            spec(Game::Chocolate, "2,2,5", "grundy"),
        ],
    )
    .await?;
    ensure!(exercises.iter().all(|e| e.solution.is_some() && e.set == 1));
    for s in &mut students {
        match s.event().await? {
            ServerBody::ExercisesSet {
                exercises: seen, ..
            } => {
                ensure!(seen.len() == 3 && seen.iter().all(|e| e.solution.is_none()));
            }
            other => bail!("a student expected the exercises, got {other:?}"),
        }
    }

    // Every student answers every exercise at once.
    let k = knowledge();
    let started = std::time::Instant::now();
    let grades = try_join_all(students.iter_mut().enumerate().map(|(i, s)| {
        let (code, exercises) = (code.clone(), exercises.clone());
        async move {
            let mut mine = Vec::new();
            for e in &exercises {
                let options = guesses(e);
                let said = options[i % options.len()];
                mine.push((e.clone(), answer(s, &code, e.id, said).await?));
            }
            Ok::<_, anyhow::Error>(mine)
        }
    }))
    .await?;
    let took = started.elapsed();
    println!("{} answers graded in {took:?}", STUDENTS * exercises.len());
    for (e, a) in grades.iter().flatten() {
        ensure!(
            a.correct == truly_correct(&k, e, &a.answer)?,
            "{} {} answered {}: graded {} ({})",
            e.question,
            e.position,
            a.answer,
            a.correct,
            a.explanation
        );
        if !a.correct {
            ensure!(!a.explanation.is_empty());
        }
    }

    // The teacher received every answer, with tallies that add up.
    let mut tallies: HashMap<i64, Tally> = HashMap::new();
    let mut heard = 0;
    while heard < STUDENTS * exercises.len() {
        if let ServerBody::Answered { tally, .. } = teacher.event().await? {
            heard += 1;
            tallies.insert(tally.exercise_id, tally);
        }
    }
    for e in &exercises {
        let t = &tallies[&e.id];
        let right = grades
            .iter()
            .flatten()
            .filter(|(x, a)| x.id == e.id && a.correct)
            .count();
        ensure!(t.answered as usize == STUDENTS && t.students as usize == STUDENTS);
        ensure!(t.correct as usize == right);
        ensure!(t.histogram.iter().map(|h| h.count).sum::<u32>() as usize == STUDENTS);
    }

    // A second answer is refused: the first is final.
    let again = students[0]
        .request(Request::Answer {
            code: code.clone(),
            exercise_id: exercises[0].id,
            answer: "loss".into(),
        })
        .await;
    assert_eq!(refused(again)?, ErrorCode::AlreadyAnswered);

    // A student whose program dies comes back and finds the answers kept.
    let token = students[7].token().to_owned();
    students.swap_remove(7).close().await;
    let mut back = server
        .connect_as(Hello::new("student07").with_token(Some(token)))
        .await?;
    let view = room_of(
        back.request(Request::JoinRoom {
            code: code.clone(),
            name: None,
            owner_token: None,
        })
        .await?,
    )?;
    ensure!(view.answers.len() == 3 && view.answers.iter().all(|a| a.name == "student07"));

    // The results, one row per student and exercise.
    let export = Request::ExportRoom { code: code.clone() };
    let csv_of = |reply| match reply {
        ServerBody::RoomExport { content, .. } => Ok(content),
        other => Err(anyhow::anyhow!("expected CSV, got {other:?}")),
    };
    let csv = csv_of(teacher.request(export.clone()).await?)?;
    let lines: Vec<&str> = csv.lines().collect();
    ensure!(lines.len() == 1 + STUDENTS * 3, "{} lines", lines.len());
    ensure!(lines[0].starts_with("room,set,exercise,game"));

    // In the room's language once the teacher sets one: the header, games and questions
    // (the answers and positions as typed). A language the catalogs lack is refused.
    let language = |l: &str| Request::ConfigureRoom {
        code: code.clone(),
        hints: None,
        engine: None,
        exam: None,
        language: Some(l.to_owned()),
    };
    let unknown = refusal(teacher.request(language("fr")).await)?;
    ensure!(unknown.details["kind"] == "unknown_language", "{unknown:?}");
    ensure!(
        unknown.message
            == "language \"fr\": a room speaks one of en, ja, or each reader's own (reader)",
        "{}",
        unknown.message
    );
    match teacher.request(language("ja")).await? {
        ServerBody::RoomSettings { settings, .. } => {
            ensure!(settings.language.as_deref() == Some("ja"), "{settings:?}")
        }
        other => bail!("expected the settings, got {other:?}"),
    }
    let csv = csv_of(teacher.request(export).await?)?;
    let lines: Vec<&str> = csv.lines().collect();
    ensure!(
        lines[0].starts_with("ルーム,セット,問題,ゲーム,盤の大きさ,k,ミゼール,局面,問い,正解"),
        "{}",
        lines[0]
    );
    ensure!(lines.len() == 1 + STUDENTS * 3, "{} lines", lines.len());

    // A restart keeps the room, its members, exercises and answers.
    drop(students);
    back.close().await;
    teacher.close().await;
    let server = server.restart(&dir, test_config()).await?;
    let mut teacher = server.connect("ms-lovelace").await?;
    // A new identity with the owner token is a teacher too (another machine).
    let view = room_of(
        teacher
            .request(Request::JoinRoom {
                code: code.clone(),
                name: Some("ms-lovelace (laptop)".into()),
                owner_token: Some(owner_token),
            })
            .await?,
    )?;
    ensure!(view.role == Role::Teacher);
    ensure!(view.settings.language.as_deref() == Some("ja"));
    ensure!(
        view.members.len() == STUDENTS + 2,
        "{} members",
        view.members.len()
    );
    ensure!(view.answers.len() == STUDENTS * 3);
    ensure!(
        view.tallies.iter().map(|t| t.correct).collect::<Vec<_>>()
            == exercises
                .iter()
                .map(|e| tallies[&e.id].correct)
                .collect::<Vec<_>>()
    );
    server.stop().await
}

#[tokio::test]
async fn rooms_refuse_what_they_must_and_keep_going() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut teacher = server.connect("teacher").await?;
    let code = open_room(&mut teacher, "lesson").await?.code;
    let join = |name: &str| Request::JoinRoom {
        code: code.clone(),
        name: Some(name.to_owned()),
        owner_token: None,
    };
    let mut ada = server.connect("ada").await?;
    room_of(ada.request(join("ada")).await?)?;
    let mut other = server.connect("ada").await?;
    let taken = refusal(other.request(join("ADA")).await)?;
    assert_eq!(taken.code, ErrorCode::NameTaken);
    // The details name the values, for a client that says it in another language.
    assert_eq!(
        serde_json::Value::Object(taken.details),
        serde_json::json!({"kind": "name_taken", "room": code, "taken": "ada", "name": "ADA", "same": false})
    );
    room_of(other.request(join("ada 2")).await?)?;
    let wrong = other
        .request(Request::JoinRoom {
            code: "ZZZZ".into(),
            name: None,
            owner_token: None,
        })
        .await;
    assert_eq!(refused(wrong)?, ErrorCode::NoSuchRoom);
    let bad = other
        .request(Request::JoinRoom {
            code: code.clone(),
            name: None,
            owner_token: Some("not-the-token".into()),
        })
        .await;
    assert_eq!(refused(bad)?, ErrorCode::BadToken);

    // Students cannot set exercises.
    let not = ada
        .request(Request::SetExercises {
            code: code.clone(),
            exercises: vec![spec(Game::Nim, "1,2", "grundy")],
            deadline_s: None,
        })
        .await;
    assert_eq!(refused(not)?, ErrorCode::NotTeacher);
    // Questions with no exact answer are refused with the reason, and nothing is set.
    let e = refusal(
        teacher
            .request(Request::SetExercises {
                code: code.clone(),
                exercises: vec![
                    spec(Game::Nim, "1,2", "grundy"),
                    spec(Game::LGame, "standard", "grundy"),
                ],
                deadline_s: None,
            })
            .await,
    )?;
    ensure!(
        e.message.starts_with("exercise 2: ") && e.message.contains("not impartial"),
        "{}",
        e.message
    );
    ensure!(
        e.details["kind"] == "in_exercise" && e.details["number"] == 2,
        "{:?}",
        e.details
    );

    // A random position of a given difficulty.
    let mut random = spec(Game::Queen, "random", "remoteness");
    random.remoteness = Some(Span { from: 3, to: 6 });
    let ex = set(
        &mut teacher,
        &code,
        vec![spec(Game::Nim, "1,2", "grundy"), random],
    )
    .await?;
    let r: u64 = ex[1].solution.as_deref().context("solution")?.parse()?;
    ensure!((3..6).contains(&r), "remoteness {r}");
    ensure!(ex.iter().all(|e| e.set == 1));

    // Hints are off: while ada has an exercise to answer, the server gives her no values.
    let query = || Request::Query {
        params: GameParams::of(Game::Nim),
        position: "1,2".into(),
        limit: None,
    };
    assert_eq!(refused(ada.request(query()).await)?, ErrorCode::HintsOff);
    // An answer that cannot be read is an error, not a grade: she may correct it.
    let typo = ada
        .request(Request::Answer {
            code: code.clone(),
            exercise_id: ex[0].id,
            answer: "three".into(),
        })
        .await;
    assert_eq!(refused(typo)?, ErrorCode::BadNotation);
    let g = answer(&mut ada, &code, ex[0].id, "3").await?;
    ensure!(g.correct, "{}", g.explanation);
    let g = answer(&mut ada, &code, ex[1].id, &r.to_string()).await?;
    ensure!(g.correct, "{}", g.explanation);
    // Everything answered: values again.
    ensure!(matches!(
        ada.request(query()).await?,
        ServerBody::Classification(_)
    ));

    // A deadline: an exercise set for no time at all takes no answer.
    let closed = teacher
        .request(Request::SetExercises {
            code: code.clone(),
            exercises: vec![spec(Game::Nim, "2,2", "outcome")],
            deadline_s: Some(0),
        })
        .await?;
    let ServerBody::ExercisesSet { exercises, .. } = closed else {
        bail!("expected exercises")
    };
    ensure!(exercises[0].set == 2);
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let late = ada
        .request(Request::Answer {
            code: code.clone(),
            exercise_id: exercises[0].id,
            answer: "loss".into(),
        })
        .await;
    assert_eq!(refused(late)?, ErrorCode::DeadlinePassed);
    // Past the deadline, students see the solution.
    let view = room_of(ada.request(join("ada")).await?)?;
    ensure!(view.exercises[2].solution.as_deref() == Some("loss"));
    ensure!(view.exercises[0].solution.is_none());
    // Teachers do not answer; students do not export.
    let t = teacher
        .request(Request::Answer {
            code: code.clone(),
            exercise_id: ex[0].id,
            answer: "3".into(),
        })
        .await;
    assert_eq!(refused(t)?, ErrorCode::InvalidState);
    let x = ada
        .request(Request::ExportRoom { code: code.clone() })
        .await;
    assert_eq!(refused(x)?, ErrorCode::NotTeacher);

    // The engine up to easy: a student's match against the perfect engine is refused.
    let limit = Request::ConfigureRoom {
        code: code.clone(),
        hints: None,
        engine: Some("easy".into()),
        exam: None,
        language: None,
    };
    ensure!(matches!(
        teacher.request(limit).await?,
        ServerBody::RoomSettings { .. }
    ));
    let vs = |level: &str| {
        Request::create(NewMatch::new(
            GameParams::of(Game::Nim),
            Opponent::engine(level),
        ))
    };
    let e = refusal(ada.request(vs("perfect")).await)?;
    ensure!(
        e.code == ErrorCode::EngineNotAllowed && e.message.contains("up to easy"),
        "{e:?}"
    );
    ensure!(matches!(
        ada.request(vs("easy")).await?,
        ServerBody::Match { .. }
    ));
    // The teacher is not limited.
    ensure!(matches!(
        teacher.request(vs("perfect")).await?,
        ServerBody::Match { .. }
    ));
    server.stop().await
}

/// A blank answer was once graded as `none` and final: it is an error to correct.
#[tokio::test]
async fn a_blank_answer_is_an_error_to_correct() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut teacher = server.connect("teacher").await?;
    let view = open_room(&mut teacher, "3B").await?;
    let code = view.code;
    let mut ada = server.connect("ada").await?;
    room_of(
        ada.request(Request::JoinRoom {
            code: code.clone(),
            name: None,
            owner_token: None,
        })
        .await?,
    )?;
    let ex = set(
        &mut teacher,
        &code,
        vec![
            spec(Game::Nim, "3,4,5", "winning_moves"),
            spec(Game::Nim, "1,2,3", "winning_move"),
            spec(Game::Nim, "1,2", "outcome"),
        ],
    )
    .await?;
    for e in &ex {
        for blank in ["", "   ", "\t"] {
            let said = ada
                .request(Request::Answer {
                    code: code.clone(),
                    exercise_id: e.id,
                    answer: blank.into(),
                })
                .await;
            let refusal = grundy_e2e::refusal(said)?;
            assert_eq!(refusal.code, ErrorCode::BadNotation, "{}", refusal.message);
            assert!(
                refusal.message.contains("the answer is empty"),
                "{}",
                refusal.message
            );
        }
    }
    // Still unanswered: the real answers are taken and graded.
    let g = answer(&mut ada, &code, ex[0].id, "1:2").await?;
    ensure!(g.correct, "{}", g.explanation);
    let g = answer(&mut ada, &code, ex[1].id, "none").await?;
    ensure!(g.correct, "{}", g.explanation);
    let g = answer(&mut ada, &code, ex[2].id, "win").await?;
    ensure!(g.correct, "{}", g.explanation);
    server.stop().await
}

/// A student who joined by mistake leaves, and counts no more; one who answered cannot
/// (the room keeps the answer), nor can the teacher; each refusal says why.
#[tokio::test]
async fn a_student_joined_by_mistake_leaves_and_counts_no_more() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut teacher = server.connect("teacher").await?;
    let code = open_room(&mut teacher, "3B maths").await?.code;
    let mut ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    for s in [&mut ada, &mut bob] {
        room_of(s.request(grundy_e2e::join_room(&code, None)).await?)?;
    }
    let leave = || Request::LeaveRoom { code: code.clone() };
    let reply = ada.request(leave()).await?;
    ensure!(
        matches!(&reply, ServerBody::RoomLeft { player_id, .. } if *player_id == ada.player_id()),
        "{reply:?}"
    );
    // The teacher hears it.
    loop {
        if let ServerBody::RoomLeft { player_id, .. } = teacher.event().await? {
            ensure!(player_id == ada.player_id());
            break;
        }
    }
    // Ada follows the room no more; an exercise counts bob alone.
    let e = refusal(ada.request(leave()).await)?;
    ensure!(e.code == ErrorCode::InvalidState, "{e:?}");
    let set = set(&mut teacher, &code, vec![spec(Game::Nim, "1,2", "grundy")]).await?;
    let a = answer(&mut bob, &code, set[0].id, "3").await?;
    ensure!(a.correct);
    let room = room_of(teacher.request(grundy_e2e::join_room(&code, None)).await?)?;
    ensure!(
        room.members.iter().all(|m| m.name != "ada"),
        "{:?}",
        room.members
    );
    let tally = room.tallies.first().context("a tally")?;
    ensure!(tally.students == 1, "{tally:?}");
    // Bob answered: the room keeps him. The teacher stays.
    let e = refusal(bob.request(leave()).await)?;
    ensure!(e.code == ErrorCode::InvalidState, "{e:?}");
    ensure!(
        e.message.contains("you have answered its exercises"),
        "{}",
        e.message
    );
    let e = refusal(teacher.request(leave()).await)?;
    ensure!(
        e.message.contains("a teacher stays with the room"),
        "{}",
        e.message
    );
    // Ada may join again, as a new member.
    room_of(ada.request(grundy_e2e::join_room(&code, None)).await?)?;
    server.stop().await
}

/// An exercise on a piece of one's own: the teacher sets `corner --piece RN` (written back
/// canonically), a random start is drawn for it, and answers are graded by its moves — the
/// knight's leap a move like any other.
#[tokio::test]
async fn an_exercise_on_a_defined_piece_is_graded_by_its_moves() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let (mut teacher, code, mut ada, mut bob) = class_of_two(&server, "pieces").await?;
    let rn = |position: &str, question: &str| ExerciseSpec {
        params: GameParams {
            size: Some(16),
            piece: Some("NR".to_owned()),
            ..GameParams::of(Game::Corner)
        },
        ..spec(Game::Corner, position, question)
    };
    let set = set(
        &mut teacher,
        &code,
        vec![rn("5,3", "winning_move"), rn("random", "outcome")],
    )
    .await?;
    assert_eq!(set[0].params.piece.as_deref(), Some("RN"));
    assert_ne!(set[1].position, "random", "a start was drawn");
    let right = answer(&mut ada, &code, set[0].id, "3,3").await?;
    assert!(right.correct, "{right:?}");
    let leap = answer(&mut bob, &code, set[0].id, "4,1").await?;
    assert!(!leap.correct, "{leap:?}");
    let k = knowledge();
    let drawn = &set[1];
    let outcome = if truly_correct(&k, drawn, "win")? {
        "win"
    } else {
        "loss"
    };
    assert!(answer(&mut ada, &code, drawn.id, outcome).await?.correct);
    server.stop().await
}

/// An exercise on a heap game: the teacher sets `heap --set 1,3,4` (written back
/// canonically), a random start is drawn for it, and answers are graded by its rule.
#[tokio::test]
async fn an_exercise_on_a_heap_game_is_graded_by_its_rule() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let (mut teacher, code, mut ada, mut bob) = class_of_two(&server, "heaps").await?;
    let heaps = |position: &str, question: &str| ExerciseSpec {
        params: GameParams {
            rule: Some("subtraction 4,3,1".to_owned()),
            edge: None,
            ..GameParams::of(Game::Heap)
        },
        ..spec(Game::Heap, position, question)
    };
    let set = set(
        &mut teacher,
        &code,
        vec![heaps("5,2", "winning_move"), heaps("random", "grundy")],
    )
    .await?;
    assert_eq!(set[0].params.rule.as_deref(), Some("subtraction 1,3,4"));
    assert_ne!(set[1].position, "random", "a start was drawn");
    // G(5) = 3, G(2) = 0: taking 3 from heap 1 leaves 2,2, of value 0; taking 1 leaves 4,2,
    // of value 2.
    assert!(!answer(&mut bob, &code, set[0].id, "1:1").await?.correct);
    assert!(answer(&mut ada, &code, set[0].id, "2,2").await?.correct);
    let k = knowledge();
    let drawn = &set[1];
    let grundy = k.grundy(&position_of(drawn)?)?.expect("impartial");
    assert!(
        answer(&mut ada, &code, drawn.id, &grundy.to_string())
            .await?
            .correct
    );
    server.stop().await
}

/// An exercise on a chocolate bar whose edge is a formula: the edge is kept with the
/// exercise, a random start is drawn below it, and answers are graded from the edge's own
/// table (solved on demand).
#[tokio::test]
async fn an_exercise_on_a_chocolate_edge_is_graded_by_its_edge() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let (mut teacher, code, mut ada, mut bob) = class_of_two(&server, "edges").await?;
    let bars = |position: &str, question: &str| ExerciseSpec {
        params: GameParams {
            edge: Some("z*z".to_owned()),
            ..GameParams::of(Game::Chocolate)
        },
        ..spec(Game::Chocolate, position, question)
    };
    let set = set(
        &mut teacher,
        &code,
        vec![bars("3,4,5", "winning_move"), bars("random", "grundy")],
    )
    .await?;
    assert_eq!(
        (set[0].params.edge.as_deref(), set[0].params.k),
        (Some("z*z"), None)
    );
    assert_ne!(set[1].position, "random", "a start was drawn");
    // 3,4,5 is won: x=1 and y=3 leave P-positions, z=4 does not.
    assert!(!answer(&mut bob, &code, set[0].id, "z=4").await?.correct);
    assert!(answer(&mut ada, &code, set[0].id, "3,3,5").await?.correct);
    let mut k = knowledge();
    let edge = engine::chocolate::Edge::formula("z*z")?;
    k.add_chocolate(std::sync::Arc::new(engine::chocolate::Table::solve(
        edge, 64,
    )?));
    let drawn = &set[1];
    let grundy = k.grundy(&position_of(drawn)?)?.expect("impartial");
    assert!(
        answer(&mut ada, &code, drawn.id, &grundy.to_string())
            .await?
            .correct
    );
    server.stop().await
}
