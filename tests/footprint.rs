//! What state costs a real `grundyd`, measured as its resident memory: a room's exercises
//! keep their positions and solutions, not the solver's working set, before and after a
//! restart.

use std::time::Duration;

use anyhow::{bail, ensure, Context, Result};
use engine::Rng;
use grundy_e2e::process::{rss, start};
use grundy_e2e::{join_room, open_room};
use grundy_e2e::{Client, Hello};
use protocol::{ExerciseInfo, ExerciseSpec, Game, GameParams, Request, ServerBody};

/// Exercises set in all: twenty sets of fifty, the most one request may set.
const SETS: usize = 20;
const PER_SET: usize = 50;

/// What 1 000 exercises of the largest size may cost the server in all (the target).
const BUDGET: u64 = 50 << 20;

/// A Nim position of 16 piles of 400 to 600 stones: about 8 000 moves, near the most an
/// exercise may have.
fn big_nim(rng: &mut Rng) -> String {
    (0..16)
        .map(|_| (400 + rng.below(201)).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

async fn connect(url: &str, name: &str, token: Option<String>) -> Result<Client> {
    let mut c = Client::open(url).await?;
    c.set_timeouts(Duration::from_secs(120), Some(Duration::from_secs(120)));
    c.hello(Hello::new(name).with_token(token)).await?;
    Ok(c)
}

/// Says how much the server's memory grew from `before` to `after` for `what`, and fails
/// past [`BUDGET`].
fn within_budget(what: &str, before: u64, after: u64) -> Result<()> {
    let cost = after.saturating_sub(before);
    println!(
        "{what}: the server's memory grew by {:.1} MiB",
        cost as f64 / 1048576.0
    );
    ensure!(
        cost <= BUDGET,
        "{what}: 1 000 exercises cost {} MiB of the server's memory",
        cost >> 20
    );
    Ok(())
}

/// Answers `e` with its solution (a teacher sees it) and checks the grade.
async fn answer_right(student: &mut Client, code: &str, e: &ExerciseInfo) -> Result<()> {
    let solution = e
        .solution
        .clone()
        .context("the teacher sees the solution")?;
    let reply = student
        .request(Request::Answer {
            code: code.to_owned(),
            exercise_id: e.id,
            answer: solution,
        })
        .await?;
    let ServerBody::Graded { answer, .. } = reply else {
        bail!("no grade: {reply:?}");
    };
    ensure!(answer.correct, "{}", answer.explanation);
    Ok(())
}

#[tokio::test]
async fn a_thousand_big_exercises_cost_little_before_and_after_a_restart() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("grundy.db");
    let (mut daemon, url) = start(&db, &[])?;
    let mut teacher = connect(&url, "teacher", None).await?;
    let room = open_room(&mut teacher, "3B").await?;
    let code = room.code.clone();
    let owner = room.owner_token.clone().context("owner token")?;
    let before = rss(daemon.id())?;
    let questions = ["outcome", "grundy", "winning_moves"];
    let mut rng = Rng::new(31);
    let mut set = Vec::new();
    for s in 0..SETS {
        let specs = (0..PER_SET)
            .map(|i| ExerciseSpec {
                params: GameParams::of(Game::Nim),
                position: big_nim(&mut rng),
                question: questions[(s + i) % questions.len()].to_owned(),
                remoteness: None,
            })
            .collect();
        let reply = teacher
            .request(Request::SetExercises {
                code: code.clone(),
                exercises: specs,
                deadline_s: None,
            })
            .await?;
        let ServerBody::ExercisesSet { exercises, .. } = reply else {
            bail!("not set: {reply:?}");
        };
        set.extend(exercises);
    }
    within_budget("1 000 exercises set", before, rss(daemon.id())?)?;
    let mut student = connect(&url, "ada", None).await?;
    let token = student.token().to_owned();
    student.request(join_room(&code, None)).await?;
    for e in set.iter().take(3) {
        answer_right(&mut student, &code, e).await?;
    }

    // A restart: the room comes back on the first join, its exercises from their rows.
    daemon.kill()?;
    daemon.wait()?;
    let (mut daemon, url) = start(&db, &[])?;
    let before = rss(daemon.id())?;
    let mut teacher = connect(&url, "teacher", Some(teacher.token().to_owned())).await?;
    let ServerBody::Room { room } = teacher.request(join_room(&code, Some(owner))).await? else {
        bail!("the room did not come back");
    };
    ensure!(
        room.exercises.len() == SETS * PER_SET,
        "{}",
        room.exercises.len()
    );
    within_budget("the room brought back", before, rss(daemon.id())?)?;
    let mut student = connect(&url, "ada", Some(token)).await?;
    student.request(join_room(&code, None)).await?;
    for e in set.iter().skip(3).take(3) {
        answer_right(&mut student, &code, e).await?;
    }
    daemon.kill()?;
    daemon.wait()?;
    Ok(())
}
