//! `check`: a formula — a conjecture — checked over every cell of a stored table: a corner
//! game's cells x,y, a chocolate staircase's cells y,z. The answer says whether it held, on
//! how many cells, and where it first failed.

use std::sync::Arc;
use std::time::Instant;

use engine::formula::{Env, Formula, Kind};
use protocol::{CheckQuery, CheckReport, Counterexample, ErrorBody};

use super::stored::{bad, Stored};
use crate::hub::Hub;

/// Counterexamples listed: the first ones, in the order checked.
pub const MAX_COUNTEREXAMPLES: usize = 10;

/// Answers `check` from the stored tables, off the async runtime.
pub async fn check(hub: &Arc<Hub>, q: CheckQuery) -> Result<CheckReport, ErrorBody> {
    let table = Stored::of(&hub.analysis.current(), &q.params, "a formula's check")?;
    let formula =
        Formula::parse(&q.formula).map_err(|e| bad(&format!("the formula cannot be read: {e}")))?;
    let upto = table.upto(q.upto)?;
    let (params, source) = (table.params(), table.source());
    // Each cell of the table as (coordinates, its environment, its Grundy number).
    let cells: Cells = match table {
        Stored::Corner(t) => Box::new(move |upto, visit| {
            for x in 0..upto {
                for y in 0..upto {
                    let g = t.get(x, y).map_or(0, |(g, _)| g);
                    if !visit((x, y), env(x, y, 0, upto, 0, g), g) {
                        return;
                    }
                }
            }
        }),
        Stored::Chocolate(t) => Box::new(move |upto, visit| {
            for z in 0..upto {
                let mut y = 0;
                while let Some(g) = t.grundy(y, z) {
                    if !visit((y, z), env(0, y, z, 0, t.k(), g), g) {
                        return;
                    }
                    y += 1;
                }
            }
        }),
    };
    let kind = formula.kind();
    let text = formula.source().to_owned();
    let run = move || {
        let started = Instant::now();
        let (mut checked, mut failed) = (0u64, 0u64);
        let mut examples = Vec::new();
        let mut fault = None;
        cells(upto, &mut |(a, b), env, grundy| {
            // Named only when it is reported: most cells are not.
            let cell = || format!("{a},{b}");
            checked += 1;
            let (ok, said) = match kind {
                Kind::Value => match formula.value(&env) {
                    Ok(v) => (v == i128::from(grundy), Some(v.to_string())),
                    Err(e) => {
                        fault = Some(format!("at {}: {e}", cell()));
                        return false;
                    }
                },
                Kind::Predicate => match formula.holds(&env) {
                    Ok(h) => (h, None),
                    Err(e) => {
                        fault = Some(format!("at {}: {e}", cell()));
                        return false;
                    }
                },
            };
            if !ok {
                failed += 1;
                if examples.len() < MAX_COUNTEREXAMPLES {
                    examples.push(Counterexample {
                        cell: cell(),
                        formula: said,
                        grundy,
                    });
                }
            }
            true
        });
        (checked, failed, examples, fault, started.elapsed())
    };
    let (checked, failed, counterexamples, fault, took) = tokio::task::spawn_blocking(run)
        .await
        .map_err(|e| crate::errors::internal("check the formula", e))?;
    if let Some(fault) = fault {
        return Err(bad(&format!("the formula fails {fault}")));
    }
    Ok(CheckReport {
        params,
        formula: text,
        kind: match kind {
            Kind::Value => "value",
            Kind::Predicate => "predicate",
        }
        .to_owned(),
        holds: failed == 0,
        checked,
        failed,
        upto,
        counterexamples,
        elapsed_ms: u64::try_from(took.as_millis()).unwrap_or(u64::MAX),
        source,
    })
}

/// Every cell below a bound — its two coordinates as the table names them (`x,y`, `y,z`),
/// its environment and its Grundy number — handed to the visitor, which says whether to go
/// on.
type Cells = Box<dyn FnOnce(u64, &mut dyn FnMut((u64, u64), Env, u64) -> bool) + Send>;

/// A cell's environment: its coordinates, the parameters and its Grundy number.
fn env(x: u64, y: u64, z: u64, n: u64, k: u32, grundy: u64) -> Env {
    let i = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    Env {
        x: i(x),
        y: i(y),
        z: i(z),
        n: i(n),
        k: i64::from(k),
        grundy: Some(grundy),
    }
}
