//! `guess`: the shortest formula equal to a game's Grundy table (or true exactly at its
//! P-positions) on the cells below a bound, found from the table alone
//! (`engine::guess`), then checked on the stored table, shell by shell, to say how far it
//! holds.

use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::formula::Formula;
use engine::guess::{self, Aim, End, Question, Step};
use engine::research::{Table2D, Until};
use protocol::{GuessAim, GuessQuery, GuessReport, Message};

use super::check::until;
use super::stored::{self, Cited as _};
use super::QueryError;
use crate::failure::Context as _;
use crate::hub::Hub;
use crate::solver::Report;

/// Answers `guess`, off the async runtime, at research priority.
pub async fn guess(
    hub: &Arc<Hub>,
    q: GuessQuery,
    report: Report,
) -> Result<GuessReport, QueryError> {
    let upto = bounded("upto", q.upto, guess::DEFAULT_UPTO, 8, guess::MAX_UPTO)?;
    let size = bounded(
        "size",
        q.size.map(u64::from),
        guess::DEFAULT_MAX_SIZE as u64,
        3,
        guess::MAX_SIZE as u64,
    )?;
    let want = q.check_upto.map(|c| c.max(upto));
    let (mut table, mut check_upto) =
        stored::reaching(hub, &q.params, want, "guess", report.clone()).await?;
    if check_upto < upto {
        (table, check_upto) =
            stored::reaching(hub, &q.params, Some(upto), "guess", report.clone()).await?;
    }
    let question = Question {
        aim: match q.aim {
            GuessAim::Grundy => Aim::Grundy,
            GuessAim::PPositions => Aim::PPositions,
        },
        upto,
        max_size: size as usize,
        max_kept: guess::MAX_KEPT,
    };
    let (until, _abandon) = until(hub, q.seconds.map(Duration::from_secs));
    let check_limit = hub.config.check_time_limit;
    crate::pool::idle(move || {
        search(
            &table,
            &question,
            check_upto,
            &until,
            check_limit,
            &report,
            q.aim,
        )
    })
    .await
    .context("doing-guess-a-formula")?
}

/// `value`, or its default, within `least..=most`.
fn bounded(
    what: &'static str,
    value: Option<u64>,
    default: u64,
    least: u64,
    most: u64,
) -> Result<u64, QueryError> {
    match value.unwrap_or(default) {
        v if (least..=most).contains(&v) => Ok(v),
        asked => Err(QueryError::GuessBound {
            what,
            asked,
            least,
            most,
        }),
    }
}

/// The search, then the check of what it found on the whole table, which may take as long
/// as a check.
fn search(
    table: &Table2D,
    question: &Question,
    check_upto: u64,
    until: &Until,
    check_limit: Duration,
    report: &Report,
    aim: GuessAim,
) -> Result<GuessReport, QueryError> {
    let started = Instant::now();
    let progress = |step: Step| {
        let id = if step.joining {
            "progress-guess-join"
        } else {
            "progress-guess"
        };
        let what = Message::new(id).text("size", step.size.to_string());
        report(&what, step.done, step.total);
    };
    let guessed = guess::guess(table, question, until, &progress);
    if guessed.end == End::Abandoned {
        return Err(QueryError::CheckAbandoned);
    }
    let mut reach = None;
    if let Some(found) = &guessed.found {
        let statement = Formula::parse(&found.check).context("doing-read-the-formula-found")?;
        let rest = Until {
            threads: until.threads,
            limit: check_limit,
            abandoned: until.abandoned.clone(),
        };
        let what = Message::new("progress-check").text("upto", check_upto.to_string());
        let rows = |done, total| report(&what, done, total);
        reach = Some(guess::reach(table, &statement, check_upto, &rest, &rows));
    }
    let end = match guessed.end {
        End::Shortest => "shortest",
        End::Searched => "searched",
        End::Full => "full",
        End::Late | End::Abandoned => "late",
    };
    let found = guessed.found;
    Ok(GuessReport {
        params: table.params(),
        aim,
        formula: found.as_ref().map(|f| f.formula.clone()),
        statement: found.as_ref().map(|f| f.check.clone()),
        size: found.as_ref().map(|f| f.size as u32),
        end: end.to_owned(),
        complete: guessed.complete as u32,
        kept: guessed.kept as u64,
        samples: guessed.samples as u32,
        rounds: guessed.rounds as u32,
        upto: question.upto,
        cells: guessed.cells,
        holds_below: reach.map(|r| r.holds_below),
        check_upto,
        fails_at: reach
            .and_then(|r| r.fails_at)
            .map(|(a, b, grundy)| protocol::Counterexample {
                cell: format!("{a},{b}"),
                formula: None,
                grundy,
            }),
        elapsed_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        source: protocol::i18n::english(&table.source()),
        source_message: table.source(),
    })
}
