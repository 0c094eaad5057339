//! `check`: a formula — a conjecture — checked over every cell of a table: a corner
//! game's cells x,y, a chocolate staircase's cells y,z. The answer says whether it held, on
//! how many cells, and where it first failed. `check_named`: one of the results grundy grew
//! out of (`engine::named_checks`), checked against every stored table it is about.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use engine::formula::{Formula, Kind};
use engine::named_checks::{named_check, NamedCheck, Tables, NAMED_CHECKS};
use engine::Knowledge;
use protocol::{
    CheckQuery, CheckReport, Game, GameParams, Message, MessageArg, NamedCheckInfo,
    NamedCheckQuery, NamedCheckReport,
};

use engine::research::{scan, Stopped, Table2D, Until};

use super::stored::{self, Cited as _};
use super::QueryError;
use crate::failure::Context as _;
use crate::hub::Hub;
use crate::solver::Report;
use crate::tables::CHOCOLATE_STEPS;

/// Answers `check` from the stored table (or one solved beyond it), off the async runtime.
pub async fn check(
    hub: &Arc<Hub>,
    q: CheckQuery,
    report: Report,
) -> Result<CheckReport, QueryError> {
    let formula = Formula::parse(&q.formula).map_err(|e| QueryError::UnreadableFormula {
        at: e.at,
        reason: crate::convert::message(&e.message),
    })?;
    let (table, upto) = stored::reaching(hub, &q.params, q.upto, "check", report.clone()).await?;
    let (until, _abandon) = until(hub, None);
    crate::pool::idle(move || check_table(&table, &formula, upto, q.map, &until, &report))
        .await
        .context("doing-check-the-formula")?
}

/// Answers `check_named`: the named check against each stored table it is about, in order.
pub async fn check_named(
    hub: &Arc<Hub>,
    q: NamedCheckQuery,
    report: Report,
) -> Result<NamedCheckReport, QueryError> {
    let Some(named) = named_check(&q.name) else {
        let names: Vec<&str> = NAMED_CHECKS.iter().map(|c| c.name).collect();
        return Err(QueryError::NoNamedCheck {
            name: q.name,
            known: names.into_iter().map(str::to_owned).collect(),
        });
    };
    let formula = Formula::parse(named.formula).context("doing-read-a-named-check")?;
    let mut tables = Vec::new();
    for params in games_of(&hub.solver.current(), named)? {
        let table = stored::reaching(hub, &params, q.upto, "named_check", report.clone());
        tables.push(table.await?);
    }
    let (until, _abandon) = until(hub, None);
    let checks = crate::pool::idle(move || {
        tables
            .iter()
            .map(|(t, upto)| check_table(t, &formula, *upto, q.map, &until, &report))
            .collect::<Result<Vec<_>, _>>()
    })
    .await
    .context("doing-run-a-named-check")??;
    let holds = checks.iter().all(|c| c.holds);
    let verdict = verdict(named, &checks);
    Ok(NamedCheckReport {
        name: named.name.to_owned(),
        title: named.title.to_owned(),
        formula: named.formula.to_owned(),
        status: named.status.name().to_owned(),
        reference: named.reference.to_owned(),
        holds,
        verdict: protocol::i18n::english(&verdict),
        verdict_message: verdict,
        checks,
    })
}

/// Every named check, as `named_checks` lists them.
pub fn named_checks() -> Vec<NamedCheckInfo> {
    NAMED_CHECKS
        .iter()
        .map(|c| NamedCheckInfo {
            name: c.name.to_owned(),
            title: c.title.to_owned(),
            tables: match c.tables {
                Tables::Corner(piece) => piece.to_string(),
                Tables::EvenSteps => "chocolate k even".to_owned(),
                Tables::OddSteps => "chocolate k odd".to_owned(),
                Tables::Step(k) => format!("chocolate k={k}"),
            },
            formula: c.formula.to_owned(),
            status: c.status.name().to_owned(),
            reference: c.reference.to_owned(),
        })
        .collect()
}

/// The games whose tables a named check is about: its corner game, or every chocolate step
/// it names of which the server stores a table.
fn games_of(knowledge: &Knowledge, named: &NamedCheck) -> Result<Vec<GameParams>, QueryError> {
    let tables: Vec<GameParams> = match named.tables {
        Tables::Corner(piece) => vec![crate::convert::corner(piece)],
        steps => CHOCOLATE_STEPS
            .filter(|&k| steps.has_step(k) && knowledge.chocolate_table(k).is_some())
            .map(|k| GameParams {
                k: Some(k),
                ..GameParams::of(Game::Chocolate)
            })
            .collect(),
    };
    if tables.is_empty() {
        return Err(QueryError::NoTableForCheck {
            check: named.name.to_owned(),
        });
    }
    Ok(tables)
}

/// What a named check's runs show, in one sentence to cite: `verdict-verified` (for which
/// tables, how many cells) or `verdict-refuted` (on which step, at which cell).
fn verdict(named: &NamedCheck, checks: &[CheckReport]) -> Message {
    if let Some(refuted) = checks.iter().find(|c| !c.holds) {
        let k = match refuted.params.k {
            Some(k) if !matches!(named.tables, Tables::Corner(_)) => Some(k),
            _ => None,
        };
        let at = refuted.counterexamples.first().map(|c| c.cell.clone());
        let m = match (k, at) {
            (Some(k), Some(at)) => Message::new("verdict-refuted-k-at")
                .text("k", k.to_string())
                .text("cell", at),
            (Some(k), None) => Message::new("verdict-refuted-k").text("k", k.to_string()),
            (None, Some(at)) => Message::new("verdict-refuted-at").text("cell", at),
            (None, None) => Message::new("verdict-refuted"),
        };
        return m;
    }
    let bound = checks.iter().map(|c| c.upto).min().unwrap_or(0).to_string();
    let steps: Vec<String> = checks
        .iter()
        .filter_map(|c| c.params.k.map(|k| k.to_string()))
        .collect();
    let cells: u64 = checks.iter().map(|c| c.checked).sum();
    let what = match named.tables {
        Tables::Corner(_) => Message::new("verdict-corner").text("bound", bound),
        Tables::Step(k) => Message::new("verdict-step")
            .text("k", k.to_string())
            .text("bound", bound),
        Tables::EvenSteps => Message::new("verdict-even-steps")
            .text("steps", steps.join(", "))
            .text("bound", bound),
        Tables::OddSteps => Message::new("verdict-odd-steps")
            .text("steps", steps.join(", "))
            .text("bound", bound),
    };
    Message::new("verdict-verified")
        .with("what", MessageArg::Message(what))
        .count("cells", cells)
}

/// How long a research pass may run on this server (the time `asked`, at most the server's
/// limit for a check), and the guard that stops it when the request's future is dropped (its
/// client gone): keep the guard alive across the wait.
pub(super) fn until(hub: &Hub, asked: Option<std::time::Duration>) -> (Until, Abandon) {
    let abandoned = Arc::new(AtomicBool::new(false));
    let limit = hub.config.check_time_limit;
    let until = Until {
        threads: crate::pool::threads(),
        limit: asked.map_or(limit, |asked| asked.min(limit)),
        abandoned: abandoned.clone(),
    };
    (until, Abandon(abandoned))
}

/// Marks a question abandoned when dropped: held by the request's future, which is dropped
/// when its client goes away, so that the pass running on the blocking threads stops too.
pub(super) struct Abandon(Arc<AtomicBool>);

impl Drop for Abandon {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Checks `formula` over one table and reports it.
fn check_table(
    table: &Table2D,
    formula: &Formula,
    upto: u64,
    map: bool,
    until: &Until,
    report: &Report,
) -> Result<CheckReport, QueryError> {
    let started = Instant::now();
    let what = Message::new("progress-check").text("upto", upto.to_string());
    let rows = |done, total| report(&what, done, total);
    let found = scan(table, formula, upto, map, until, &rows).map_err(|stopped| match stopped {
        Stopped::Fault(fault) => QueryError::FormulaFails {
            fault: crate::convert::message(&fault),
        },
        Stopped::Late(limit) => QueryError::CheckTooLong {
            limit_ms: u64::try_from(limit.as_millis()).unwrap_or(u64::MAX),
            limit_s: limit.as_secs_f64().to_string(),
        },
        Stopped::Abandoned => QueryError::CheckAbandoned,
    })?;
    Ok(CheckReport {
        params: table.params(),
        formula: formula.source().to_owned(),
        kind: match formula.kind() {
            Kind::Value => "value",
            Kind::Predicate => "predicate",
        }
        .to_owned(),
        holds: found.failed == 0,
        checked: found.checked,
        failed: found.failed,
        upto,
        counterexamples: found
            .counterexamples
            .iter()
            .map(crate::convert::counterexample)
            .collect(),
        map: found.map.map(crate::convert::failure_map),
        elapsed_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        source: protocol::i18n::english(&table.source()),
        source_message: table.source(),
    })
}
