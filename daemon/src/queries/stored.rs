//! A 2-D table as the research questions (`periodicity`, `check`, `sequence`) read it: a
//! corner game's x,y or a chocolate staircase's y,z, its bound, and the source to cite. The
//! stored tables answer most questions; a bound beyond them has its table solved on demand,
//! within limits.

use std::sync::Arc;

use engine::{chocolate, corner, AnyPosition, Knowledge, Variant};
use protocol::GameParams;

use super::QueryError;
use crate::analysis::{Report, ENGINE_MAX_BAR};
use crate::failure::{Context as _, Internal};
use crate::hub::Hub;

/// The stored table a research question is about.
#[derive(Clone)]
pub enum Stored {
    /// A corner game: cells x,y.
    Corner(Arc<corner::Table>),
    /// A chocolate staircase of step k: cells y,z.
    Chocolate(Arc<chocolate::Table>),
}

impl Stored {
    /// The stored table of `params`' game; `what` names the question in the refusals.
    pub fn of(
        knowledge: &Knowledge,
        params: &GameParams,
        what: &str,
    ) -> Result<Stored, QueryError> {
        let variant = crate::variants::variant(params)?;
        if params.misere {
            return Err(QueryError::MisereHasNoGrundy {
                what: what.to_owned(),
            });
        }
        match variant {
            Variant::Corner { piece, .. } => knowledge
                .corner_table(piece)
                .cloned()
                .map(Stored::Corner)
                .ok_or_else(|| QueryError::NoStoredTable {
                    table: piece.to_string(),
                }),
            Variant::Chocolate { k } => knowledge
                .chocolate_table(k)
                .cloned()
                .map(Stored::Chocolate)
                .ok_or_else(|| QueryError::NoStoredTable {
                    table: format!("chocolate k={k}"),
                }),
            _ => Err(QueryError::NotATable {
                what: what.to_owned(),
            }),
        }
    }

    /// The table of `params`' game reaching the bound asked (default: the stored table's),
    /// and that bound: the stored table, or one solved now when the bound is beyond it
    /// (corner games up to [`RESEARCH_MAX_BOARD`](crate::analysis::RESEARCH_MAX_BOARD),
    /// staircases up to z = [`ENGINE_MAX_BAR`]), reporting its progress.
    pub async fn reaching(
        hub: &Hub,
        params: &GameParams,
        upto: Option<u64>,
        what: &str,
        report: Report,
    ) -> Result<(Stored, u64), QueryError> {
        let stored = Stored::of(&hub.analysis.current(), params, what)?;
        let upto = match upto {
            Some(upto) if upto > stored.bound() => upto,
            asked => {
                let upto = stored.upto(asked)?;
                return Ok((stored, upto));
            }
        };
        let table =
            match stored {
                Stored::Corner(t) => Stored::Corner(
                    hub.analysis
                        .research_corner(t.piece(), upto, report)
                        .await?,
                ),
                Stored::Chocolate(t) => {
                    let (k, z) = (t.k(), upto - 1);
                    if z > ENGINE_MAX_BAR {
                        return Err(QueryError::StaircaseTooTall {
                            most_z: ENGINE_MAX_BAR,
                        });
                    }
                    let what = format!("solving the staircases of step {k} to z = {z}");
                    report(&what, 0, 1);
                    let table = if k % 2 == 1 {
                        // Odd steps serve matches too: grown for everyone.
                        let tall = chocolate::Position::new(k, 0, 0, z)?;
                        let grown = hub.analysis.covering(&AnyPosition::Chocolate(tall)).await?;
                        grown.chocolate_table(k).cloned()
                    } else {
                        let solved = crate::pool::idle(move || chocolate::Table::solve(k, z))
                            .await
                            .context("solve a staircase table")?;
                        Some(Arc::new(solved?))
                    };
                    report(&what, 1, 1);
                    Stored::Chocolate(table.ok_or_else(|| {
                        Internal::new("solve a staircase table", "none was solved")
                    })?)
                }
            };
        let upto = table.upto(Some(upto))?;
        Ok((table, upto))
    }

    /// Where the table ends: its side (corner), one past its widest staircase (chocolate).
    pub fn bound(&self) -> u64 {
        match self {
            Stored::Corner(t) => t.size(),
            Stored::Chocolate(t) => t.z_max() + 1,
        }
    }

    /// The Grundy number of the cell (a, b) in the table's notation (x,y; y,z for chocolate),
    /// or `None` outside the table.
    pub fn grundy(&self, a: u64, b: u64) -> Option<u64> {
        match self {
            Stored::Corner(t) => t.get(a, b).map(|(g, _)| g),
            Stored::Chocolate(t) => t.grundy(a, b),
        }
    }

    /// The bound asked for (default: the table's), or the refusal of one beyond the table.
    pub fn upto(&self, asked: Option<u64>) -> Result<u64, QueryError> {
        let bound = self.bound();
        match asked.unwrap_or(bound) {
            upto if upto <= bound => Ok(upto),
            _ => Err(QueryError::BeyondTable { bound }),
        }
    }

    /// The game as the answer names it: a corner table's values do not depend on the board,
    /// so it has no size.
    pub fn params(&self) -> GameParams {
        match self {
            Stored::Corner(t) => GameParams {
                size: None,
                ..crate::variants::params(Variant::Corner {
                    piece: t.piece(),
                    size: t.size(),
                })
            },
            Stored::Chocolate(t) => crate::variants::params(Variant::Chocolate { k: t.k() }),
        }
    }

    /// What the answer came from, for citing.
    pub fn source(&self) -> String {
        format!(
            "exact table of bound {}, grundyd {}",
            self.bound(),
            env!("CARGO_PKG_VERSION")
        )
    }
}
