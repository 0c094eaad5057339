//! Exam mode: with hints off, a student could still have the engine play the exercise's
//! solution, ask through a second identity, read the solution in a sock-puppet's wrong
//! answer, or see a sum's values on a board. In exam mode none of these works for anyone but
//! the exam's teachers, and the grades come once released.

use anyhow::{bail, ensure, Context, Result};
use grundy_e2e::{join_room, open_room, room_of};
use grundy_e2e::{refusal, state_of, Client, Server};
use protocol::{
    ErrorCode, ExerciseSpec, Game, GameParams, NewMatch, Opponent, Request, ServerBody,
};

/// The exercise the exam sets: a winning move in Nim 3,4,5.
fn nim_exercise() -> ExerciseSpec {
    ExerciseSpec {
        params: GameParams::of(Game::Nim),
        position: "3,4,5".into(),
        question: "winning_move".into(),
        remoteness: None,
    }
}

fn exam(code: &str, on: bool) -> Request {
    Request::ConfigureRoom {
        code: code.to_owned(),
        hints: None,
        engine: None,
        exam: Some(on),
        language: None,
    }
}

fn query() -> Request {
    Request::Query {
        params: GameParams::of(Game::Nim),
        position: "3,4,5".into(),
        limit: None,
    }
}

/// Whether `c`'s `request` is refused for the exam.
async fn kept_out(c: &mut Client, request: Request) -> Result<()> {
    let e = refusal(c.request(request).await)?;
    ensure!(
        matches!(e.code, ErrorCode::HintsOff) && e.message.contains("an exam is under way"),
        "{:?}: {}",
        e.code,
        e.message
    );
    Ok(())
}

#[tokio::test]
async fn in_exam_mode_nobody_but_its_teachers_gets_answers() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut teacher = server.connect("teacher").await?;
    let view = open_room(&mut teacher, "3B exam").await?;
    let code = view.code.clone();
    let mut ada = server.connect("ada").await?;
    let mut puppet = server.connect("ada2").await?;
    for s in [&mut ada, &mut puppet] {
        room_of(s.request(join_room(&code, None)).await?)?;
    }
    // A sum match of two students, under way before the exam: its board shows values.
    let mut bob = server.connect("bob").await?;
    let sum =
        NewMatch::new(GameParams::of(Game::Sum), Opponent::Human).start("nim:3,4 + queen(11):5,3");
    let before = state_of(ada.request(Request::create(sum.clone())).await?)?;
    ensure!(before.components.is_some(), "no values before the exam");
    state_of(
        bob.request(Request::Join {
            match_id: before.match_id,
        })
        .await?,
    )?;

    let ServerBody::ExercisesSet { exercises, .. } = teacher
        .request(Request::SetExercises {
            code: code.clone(),
            exercises: vec![nim_exercise()],
            deadline_s: None,
        })
        .await?
    else {
        bail!("not set");
    };
    let exercise = exercises[0].id;
    teacher.request(exam(&code, true)).await?;

    // No analysis for a student, nor for a second identity outside the room.
    kept_out(&mut ada, query()).await?;
    let mut stranger = server.connect("nobody-knows-me").await?;
    kept_out(&mut stranger, query()).await?;
    // No engine to play the solution from the exercise's position.
    let from_exercise =
        NewMatch::new(GameParams::of(Game::Nim), Opponent::engine("perfect")).start("3,4,5");
    kept_out(&mut stranger, Request::create(from_exercise)).await?;
    // A room of one's own does not make a teacher of the exam: its solutions are kept too.
    let own = open_room(&mut stranger, "mine").await?;
    kept_out(
        &mut stranger,
        Request::SetExercises {
            code: own.code.clone(),
            exercises: vec![nim_exercise()],
            deadline_s: None,
        },
    )
    .await?;
    // A sock-puppet's wrong answer tells nothing.
    let ServerBody::Graded { answer, .. } = puppet
        .request(Request::Answer {
            code: code.clone(),
            exercise_id: exercise,
            answer: "1:1".into(),
        })
        .await?
    else {
        bail!("not graded");
    };
    ensure!(answer.withheld && !answer.correct, "{answer:?}");
    ensure!(
        !answer.explanation.contains("1:2"),
        "{}",
        answer.explanation
    );
    let seen = room_of(puppet.request(join_room(&code, None)).await?)?;
    ensure!(seen.exercises[0].solution.is_none());
    ensure!(seen.answers.iter().all(|a| a.withheld));
    // Boards show no values: a new sum match, and the one under way once it moves.
    let during = state_of(ada.request(Request::create(sum)).await?)?;
    ensure!(during.components.is_none(), "values on a new board");
    let moved = bob
        .request(Request::play(before.match_id, "1/1:1"))
        .await
        .or(ada.request(Request::play(before.match_id, "1/1:1")).await);
    moved.context("a move in the sum")?;
    let ServerBody::Match { state } = ada
        .request(Request::Watch {
            match_id: before.match_id,
        })
        .await?
    else {
        bail!("no state");
    };
    ensure!(state.components.is_none(), "values on a board under way");

    // The exam's teacher has everything.
    let ServerBody::Classification(_) = teacher.request(query()).await? else {
        bail!("the teacher was refused");
    };
    let teacher_view = room_of(
        teacher
            .request(join_room(&code, view.owner_token.clone()))
            .await?,
    )?;
    ensure!(teacher_view.answers.iter().all(|a| !a.withheld));

    // Released: the students see their grades and the solution.
    let ServerBody::AnswersReleased { .. } = teacher
        .request(Request::ReleaseAnswers { code: code.clone() })
        .await?
    else {
        bail!("not released");
    };
    let seen = room_of(puppet.request(join_room(&code, None)).await?)?;
    ensure!(seen.exercises[0].solution.as_deref() == Some("1:2"));
    let a = seen.answers.first().context("the answer")?;
    ensure!(
        !a.withheld && !a.correct && a.explanation.contains("1:2"),
        "{a:?}"
    );

    // Over: analysis again for everyone.
    teacher.request(exam(&code, false)).await?;
    let ServerBody::Classification(_) = stranger.request(query()).await? else {
        bail!("still refused after the exam");
    };
    server.stop().await
}
