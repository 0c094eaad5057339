//! What is known about positions: solved tables, exact formulas and bounded on-demand
//! computation, combined into one exact answer per position that says where it came from.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use crate::any::{AnyMove, AnyPosition};
use crate::corner::{self, Piece};
use crate::{chocolate, heap, lgame, nim, sum, Convention, Error, Outcome, Position, Value};

/// Where an answer came from. Nothing is ever estimated: fields no source can give are `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Source {
    /// A solved table (corner tables, chocolate staircases, the L-game classification).
    Table,
    /// Closed formulas only (Wythoff pairs, x ⊕ y, the dragon king's formula, nim-sums and
    /// Nim's remoteness).
    Formula,
    /// Something was computed for this question (a chocolate remoteness search within the
    /// budget, a corner table built on demand).
    Computed,
}

impl Source {
    /// `table`, `formula` or `computed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Table => "table",
            Source::Formula => "formula",
            Source::Computed => "computed",
        }
    }
}

/// A position's value and the source of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer {
    /// The value for the player to move.
    pub value: Value,
    /// Where it came from.
    pub source: Source,
}

/// One legal move and the value of the position it leads to, for the player to move *there*.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: AnyMove,
    /// The position after it.
    pub position: AnyPosition,
    /// Its value for the opponent, who moves next.
    pub value: Value,
}

/// A position's full classification: its value and every move's, best move first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Classification {
    /// The position classified.
    pub position: AnyPosition,
    /// Its value for the player to move.
    pub value: Value,
    /// Where the values came from (the least exact source used).
    pub source: Source,
    /// Every legal move, best first (ties keep the order of the legal-move list). Empty when
    /// there are more than the caller's limit; see `move_count`.
    pub moves: Vec<MoveValue>,
    /// How many legal moves there are.
    pub move_count: u64,
}

impl Classification {
    /// The classification of `position` with these moves, ranked best first (equal moves
    /// keeping their order) and cut after `best`; `move_count` counts them all.
    pub(crate) fn ranked(
        position: &AnyPosition,
        value: Value,
        source: Source,
        mut moves: Vec<MoveValue>,
        move_count: u64,
        best: usize,
    ) -> Classification {
        best_first(&mut moves);
        moves.truncate(best);
        Classification {
            position: position.clone(),
            value,
            source,
            moves,
            move_count,
        }
    }
}

/// Default work allowed for an on-demand remoteness: a few milliseconds.
pub const DEFAULT_BUDGET: u64 = 200_000;

/// The solved tables at hand, and how much on-demand work a question may cost.
#[derive(Debug, Default, Clone)]
pub struct Knowledge {
    corner: BTreeMap<Piece, Arc<corner::Table>>,
    corner_misere: BTreeMap<Piece, Arc<corner::misere::MisereTable>>,
    chocolate: BTreeMap<chocolate::Edge, Arc<chocolate::Table>>,
    lgame: OnceLock<Arc<lgame::Solution>>,
    /// Work units one remoteness search may use (chocolate, heap games); beyond it the remoteness
    /// is reported as unknown rather than estimated.
    pub budget: u64,
}

impl Knowledge {
    /// No tables yet; the L-game is solved on first use (a few milliseconds).
    pub fn new(budget: u64) -> Knowledge {
        Knowledge {
            budget,
            ..Knowledge::default()
        }
    }

    /// Adds (or replaces with a larger one) the table of a corner piece.
    pub fn add_corner(&mut self, table: Arc<corner::Table>) {
        let slot = self
            .corner
            .entry(table.piece())
            .or_insert_with(|| table.clone());
        if table.size() > slot.size() {
            *slot = table;
        }
    }

    /// Adds (or replaces with a larger one) the misère table of a corner piece.
    pub fn add_corner_misere(&mut self, table: Arc<corner::misere::MisereTable>) {
        let slot = self
            .corner_misere
            .entry(table.piece())
            .or_insert_with(|| table.clone());
        if table.size() > slot.size() {
            *slot = table;
        }
    }

    /// The misère table of `piece`, if any.
    pub fn corner_misere_table(&self, piece: Piece) -> Option<&Arc<corner::misere::MisereTable>> {
        self.corner_misere.get(&piece)
    }

    /// [`Knowledge::value`] under `convention`: misère values come from
    /// [`crate::misere::value`].
    pub fn value_in(&self, pos: &AnyPosition, convention: Convention) -> Result<Answer, Error> {
        match convention {
            Convention::Normal => self.value(pos),
            Convention::Misere => crate::misere::value(self, pos),
        }
    }

    /// [`Knowledge::classify_best`] under `convention`.
    pub fn classify_in(
        &self,
        pos: &AnyPosition,
        max_moves: u64,
        best: usize,
        convention: Convention,
    ) -> Result<Classification, Error> {
        match convention {
            Convention::Normal => self.classify_best(pos, max_moves, best),
            Convention::Misere => crate::misere::classify(self, pos, max_moves, best),
        }
    }

    /// Adds (or replaces with a larger one) the staircase table of a chocolate step.
    pub fn add_chocolate(&mut self, table: Arc<chocolate::Table>) {
        let slot = self
            .chocolate
            .entry(table.edge())
            .or_insert_with(|| table.clone());
        if table.z_max() > slot.z_max() {
            *slot = table;
        }
    }

    /// Uses an already computed L-game solution.
    pub fn set_lgame(&mut self, solution: Arc<lgame::Solution>) {
        self.lgame = OnceLock::from(solution);
    }

    /// The corner table of `piece`, if any.
    pub fn corner_table(&self, piece: Piece) -> Option<&Arc<corner::Table>> {
        self.corner.get(&piece)
    }

    /// The chocolate table of this edge (a step k, or a formula), if any.
    pub fn chocolate_table(
        &self,
        edge: impl Into<chocolate::Edge>,
    ) -> Option<&Arc<chocolate::Table>> {
        self.chocolate.get(&edge.into())
    }

    /// The L-game solution (solved now if it was not given).
    pub fn lgame(&self) -> &Arc<lgame::Solution> {
        self.lgame
            .get_or_init(|| Arc::new(lgame::Solution::solve()))
    }

    /// The exact value of `pos`, or `TooLarge` when no table, formula or budget reaches it
    /// (a chocolate bar with odd step beyond its table).
    pub fn value(&self, pos: &AnyPosition) -> Result<Answer, Error> {
        Ok(match pos {
            AnyPosition::Corner(p) => {
                let table = self.corner.get(&p.piece()).map(|t| t.as_ref());
                let inside = table.is_some_and(|t| t.contains(p.x(), p.y()));
                Answer {
                    value: corner::value(p, table),
                    source: if inside {
                        Source::Table
                    } else {
                        Source::Formula
                    },
                }
            }
            // The nim-sum and the closed form of the remoteness: no search, at any size.
            AnyPosition::Nim(p) => Answer {
                value: nim::value(p, self.budget),
                source: Source::Formula,
            },
            // The heaps' values XORed, the remoteness searched within the budget.
            AnyPosition::Heap(p) => Answer {
                value: heap::value(p, self.budget)?,
                source: Source::Computed,
            },
            AnyPosition::Chocolate(p) => {
                let table = self.chocolate.get(&p.edge()).map(|t| t.as_ref());
                chocolate_answer(p, chocolate::value(p, table, self.budget)?)
            }
            AnyPosition::LGame(p) => Answer {
                value: self.lgame().value(p),
                source: Source::Table,
            },
            AnyPosition::Sum(p) => sum::value(self, p)?,
        })
    }

    /// The Grundy number of `pos` alone, without its remoteness (no search): a table's or a
    /// formula's; `None` for the L-game and where neither reaches (a board beyond its
    /// table), an error for a chocolate bar beyond its table. What a sum needs of its
    /// components.
    pub fn grundy(&self, pos: &AnyPosition) -> Result<Option<u64>, Error> {
        Ok(match pos {
            AnyPosition::Corner(p) => {
                let table = self.corner.get(&p.piece()).map(|t| t.as_ref());
                corner::value(p, table).grundy
            }
            AnyPosition::Nim(p) => Some(nim::grundy(p)),
            AnyPosition::Heap(p) => Some(heap::grundy(p)?),
            AnyPosition::Chocolate(p) => {
                let table = self.chocolate.get(&p.edge()).map(|t| t.as_ref());
                Some(chocolate::grundy(p, table)?)
            }
            AnyPosition::Sum(p) => Some(sum::grundy(self, p)?),
            AnyPosition::LGame(_) => None,
        })
    }

    /// The value of `pos` and of every move from it, best first, provided there are at most
    /// `max_moves` moves (otherwise the moves are counted, not listed).
    pub fn classify(&self, pos: &AnyPosition, max_moves: u64) -> Result<Classification, Error> {
        self.classify_best(pos, max_moves, usize::MAX)
    }

    /// [`Knowledge::classify`] listing only the `best` best moves: the same as its list cut
    /// after `best`, `move_count` still counting them all. Inside a corner table only those
    /// moves are ordered and built (a square far from the corner has thousands), and they are
    /// listed however many moves there are when `best` is within `max_moves`: every move's
    /// value is a lookup in a table that covers the board, so ranking them all is bounded by
    /// the table, and the win in one of a square with 6 000 moves is not hidden.
    pub fn classify_best(
        &self,
        pos: &AnyPosition,
        max_moves: u64,
        best: usize,
    ) -> Result<Classification, Error> {
        if let AnyPosition::Corner(p) = pos {
            let table = self.corner.get(&p.piece());
            if let Some(c) = table.and_then(|t| classify_in_table(p, t, max_moves, best)) {
                return Ok(c);
            }
        }
        let move_count = pos.move_count();
        if move_count > max_moves {
            // Too many to weigh them all: the winning ones, as each family finds them.
            let winning = winning_by_formula(self, pos)?;
            let next = winning
                .iter()
                .map(|mv| pos.play(mv))
                .collect::<Result<Vec<_>, Error>>()?;
            // A sum's are valued with one search of its combinations for all of them.
            let (Answer { value, mut source }, answers) = match pos {
                AnyPosition::Sum(p) => sum::with_successors(self, p, &next)?,
                _ => (
                    self.value(pos)?,
                    next.iter()
                        .map(|q| self.value(q))
                        .collect::<Result<_, _>>()?,
                ),
            };
            let mut moves = Vec::with_capacity(next.len());
            for ((mv, position), answer) in winning.into_iter().zip(next).zip(answers) {
                source = source.max(answer.source);
                moves.push(MoveValue {
                    mv,
                    position,
                    value: answer.value,
                });
            }
            return Ok(Classification::ranked(
                pos, value, source, moves, move_count, best,
            ));
        }
        let legal = pos.legal_moves();
        let next = legal
            .iter()
            .map(|mv| pos.play(mv))
            .collect::<Result<Vec<_>, Error>>()?;
        let (Answer { value, mut source }, answers) = self.answers_with_successors(pos, &next)?;
        let mut moves = Vec::with_capacity(next.len());
        for ((mv, position), answer) in legal.into_iter().zip(next).zip(answers) {
            source = source.max(answer.source);
            moves.push(MoveValue {
                mv,
                position,
                value: answer.value,
            });
        }
        Ok(Classification::ranked(
            pos, value, source, moves, move_count, best,
        ))
    }

    /// The answer for `pos` and those for `next`, the positions after each of its legal
    /// moves in their order: the same as [`Knowledge::value`] on each. For a chocolate bar the
    /// remoteness of all of them comes from one search when `pos` fits in the budget (every
    /// successor is on its way), otherwise from at most three searches of the budget's size,
    /// so a bar with many moves costs a few budgets, not one per move.
    fn answers_with_successors(
        &self,
        pos: &AnyPosition,
        next: &[AnyPosition],
    ) -> Result<(Answer, Vec<Answer>), Error> {
        if let AnyPosition::Sum(p) = pos {
            return sum::with_successors(self, p, next);
        }
        if let AnyPosition::Heap(p) = pos {
            let next: Vec<heap::Position> = next
                .iter()
                .filter_map(|q| match q {
                    AnyPosition::Heap(q) => Some(q.clone()),
                    _ => None,
                })
                .collect();
            let (own, successors) = heap::with_successors(p, &next, self.budget)?;
            let answer = |value| Answer {
                value,
                source: Source::Computed,
            };
            return Ok((answer(own), successors.into_iter().map(answer).collect()));
        }
        let AnyPosition::Chocolate(p) = pos else {
            let own = self.value(pos)?;
            let successors = next
                .iter()
                .map(|q| self.value(q))
                .collect::<Result<_, _>>()?;
            return Ok((own, successors));
        };
        let table = self.chocolate.get(&p.edge()).map(|t| t.as_ref());
        // The bar's own Grundy number first: beyond its table, the error names the bar.
        let grundy = chocolate::grundy(p, table)?;
        let (own, remoteness) = chocolate::with_successors(p, self.budget);
        debug_assert_eq!(remoteness.len(), next.len());
        let successors = next
            .iter()
            .zip(remoteness)
            .map(|(q, r)| match q {
                AnyPosition::Chocolate(q) => {
                    let value = Value::impartial(chocolate::grundy(q, table)?, r);
                    Ok(chocolate_answer(q, value))
                }
                other => self.value(other),
            })
            .collect::<Result<_, _>>()?;
        Ok((
            chocolate_answer(p, Value::impartial(grundy, own)),
            successors,
        ))
    }
}

/// The classification of a corner position inside its piece's table: the position and every
/// square it can reach are in the table (moves never increase a coordinate), so each move's
/// value is one read of the table — the same answer as the general path, without its checks.
/// `None` when the table does not hold the position (the general path answers then).
fn classify_in_table(
    p: &corner::Position,
    t: &corner::Table,
    max_moves: u64,
    best: usize,
) -> Option<Classification> {
    let value = t.value(p.piece(), p.x(), p.y())?;
    let move_count = p.move_count();
    // The table covers the board, so its moves are bounded (three times its side at most).
    let all = move_count <= max_moves || best as u64 <= max_moves;
    let legal = p.legal_moves();
    let values = legal
        .iter()
        .map(|m| t.value(p.piece(), m.x, m.y))
        .collect::<Option<Vec<_>>>()?;
    // Ordered before the moves are built, so that they are written once, in place. Past the
    // listing limit only the winning ones are listed, as beyond the table.
    let moves = best_first_order(&values, best)
        .into_iter()
        .filter(|&i| all || values[i].outcome == Outcome::Loss)
        .map(|i| MoveValue {
            mv: AnyMove::Corner(legal[i]),
            position: AnyPosition::Corner(p.after_legal(&legal[i])),
            value: values[i],
        })
        .collect();
    Some(Classification {
        position: AnyPosition::Corner(*p),
        value,
        source: Source::Table,
        moves,
        move_count,
    })
}

/// The winning moves of `pos` found without weighing every move: Nim's (to a nim-sum of
/// zero), the corner games' (to a P-position, by formula or a defined piece's table), a chocolate bar's (x ⊕ G(y, z) = 0,
/// its staircase read in its table or solved for) and a sum's (component by component, see
/// [`sum::winning_moves`]); none for the L-game.
fn winning_by_formula(knowledge: &Knowledge, pos: &AnyPosition) -> Result<Vec<AnyMove>, Error> {
    Ok(match pos {
        AnyPosition::Nim(p) => nim::winning_moves(p)
            .into_iter()
            .map(AnyMove::Nim)
            .collect(),
        // A corner piece's by formula, or a defined piece's from its table.
        AnyPosition::Corner(_) | AnyPosition::Chocolate(_) | AnyPosition::Heap(_) => {
            knowledge.moves_to(pos, 0)?
        }
        AnyPosition::Sum(p) => sum::winning_moves(knowledge, p),
        AnyPosition::LGame(_) => Vec::new(),
    })
}

/// Sorts `moves` best first by [`Value::cmp_as_move`]; equal moves keep their order.
fn best_first(moves: &mut [MoveValue]) {
    moves.sort_by_cached_key(|m| order_key(&m.value));
}

/// The indices of the `best` best of `values` (all of them when there are fewer), best first
/// by [`Value::cmp_as_move`]; equal values keep their order. A corner answer lists up to a
/// few thousand moves, so what is sorted is one integer per move: its rank (67 bits) above
/// its index (below 2⁶¹, as no slice is longer). Keys are distinct, so selecting the `best`
/// smallest first and sorting only them gives the same indices as sorting all.
fn best_first_order(values: &[Value], best: usize) -> Vec<usize> {
    const INDEX_BITS: u32 = 61;
    let mut keys: Vec<u128> = values
        .iter()
        .enumerate()
        .map(|(i, v)| order_key(v) << INDEX_BITS | i as u128)
        .collect();
    if best < keys.len() {
        if best > 0 {
            keys.select_nth_unstable(best - 1);
        }
        keys.truncate(best);
    }
    keys.sort_unstable();
    keys.into_iter()
        .map(|k| (k & ((1 << INDEX_BITS) - 1)) as usize)
        .collect()
}

/// A move's rank as a number, smaller first, in the order of [`Value::cmp_as_move`] (best
/// first): a position lost for the opponent, sooner first, unknown remoteness last; a draw;
/// a position won for the opponent, later first, unknown remoteness last. Fits in 67 bits.
fn order_key(v: &Value) -> u128 {
    let (class, sub) = match (v.outcome, v.remoteness) {
        (Outcome::Loss, Some(r)) => (0, r),
        (Outcome::Loss, None) => (1, 0),
        (Outcome::Draw, _) => (2, 0),
        (Outcome::Win, Some(r)) => (3, u64::MAX - r),
        (Outcome::Win, None) => (4, 0),
    };
    (class << 64) | u128::from(sub)
}

/// A chocolate value with its source: the remoteness is computed, the Grundy number of an
/// odd step or a formula edge read from a table and that of an even step (and every terminal
/// bar) a formula. Step 0 is three-heap Nim, whose remoteness is a closed form too.
fn chocolate_answer(p: &chocolate::Position, value: Value) -> Answer {
    let source = if p.edge().k() == Some(0) {
        Source::Formula
    } else if value.remoteness.is_some() && !p.is_terminal() {
        Source::Computed
    } else if !p.edge().has_formula() {
        Source::Table
    } else {
        Source::Formula
    };
    Answer { value, source }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Values of every kind the order knows, extremes of the remoteness included.
    fn any_value() -> impl Strategy<Value = Value> {
        let outcome = prop_oneof![Just(Outcome::Win), Just(Outcome::Loss), Just(Outcome::Draw)];
        let remoteness = prop_oneof![
            Just(None),
            (0u64..6).prop_map(Some),
            Just(Some(u64::MAX)),
            Just(Some(u64::MAX - 1)),
        ];
        (outcome, remoteness).prop_map(|(outcome, remoteness)| Value {
            outcome,
            grundy: None,
            remoteness,
        })
    }

    proptest! {
        /// The integer sorts give what a stable sort by `cmp_as_move` gives.
        #[test]
        fn best_first_is_a_stable_sort_by_cmp_as_move(values in prop::collection::vec(any_value(), 0..200)) {
            let p = corner::Position::new(Piece::Queen, 256, 255, 255).unwrap();
            let mut moves: Vec<MoveValue> = values
                .iter()
                .enumerate()
                .map(|(i, &value)| MoveValue {
                    mv: AnyMove::Corner(corner::Move { x: i as u64, y: 255 }),
                    position: AnyPosition::Corner(p),
                    value,
                })
                .collect();
            let mut expected = moves.clone();
            expected.sort_by(|a, b| b.value.cmp_as_move(&a.value));
            let ordered: Vec<MoveValue> =
                best_first_order(&values, usize::MAX).into_iter().map(|i| moves[i].clone()).collect();
            prop_assert_eq!(&ordered, &expected);
            // The best few alone, for every count: the same as the whole order cut.
            for best in 0..=values.len() + 1 {
                let few: Vec<MoveValue> =
                    best_first_order(&values, best).into_iter().map(|i| moves[i].clone()).collect();
                prop_assert_eq!(&few[..], &expected[..best.min(expected.len())]);
            }
            best_first(&mut moves);
            prop_assert_eq!(moves, expected);
        }
    }

    /// A corner position inside a table is classified as the general rules would: every legal
    /// move with the value of the square it reaches, best first, ties in the legal order.
    #[test]
    fn a_table_classifies_as_its_moves_values_say() {
        for piece in Piece::ALL {
            let mut k = Knowledge::new(DEFAULT_BUDGET);
            k.add_corner(Arc::new(corner::Table::solve(piece, 20).unwrap()));
            for x in 0..20 {
                for y in 0..20 {
                    let p = corner::Position::new(piece, 20, x, y).unwrap();
                    let pos = AnyPosition::Corner(p);
                    let c = k.classify(&pos, u64::MAX).unwrap();
                    assert_eq!(c.source, Source::Table);
                    assert_eq!(c.value, k.value(&pos).unwrap().value);
                    let mut expected: Vec<MoveValue> = p
                        .legal_moves()
                        .into_iter()
                        .map(|m| {
                            let position = pos.play(&AnyMove::Corner(m)).unwrap();
                            MoveValue {
                                value: k.value(&position).unwrap().value,
                                mv: AnyMove::Corner(m),
                                position,
                            }
                        })
                        .collect();
                    expected.sort_by(|a, b| b.value.cmp_as_move(&a.value));
                    assert_eq!(c.moves, expected, "{piece} {p}");
                    assert_eq!(c.move_count, expected.len() as u64);
                }
            }
        }
    }

    #[test]
    fn best_first_keeps_equal_moves_in_their_order() {
        let value = |outcome, remoteness| Value {
            outcome,
            grundy: None,
            remoteness,
        };
        let p = corner::Position::new(Piece::Rook, 8, 4, 4).unwrap();
        let values = [
            value(Outcome::Win, Some(3)),
            value(Outcome::Loss, Some(2)),
            value(Outcome::Win, Some(3)),
            value(Outcome::Loss, Some(2)),
            value(Outcome::Win, Some(5)),
            value(Outcome::Loss, Some(2)),
        ];
        let mut moves: Vec<MoveValue> = (0..values.len() as u64)
            .zip(values)
            .map(|(x, value)| MoveValue {
                mv: AnyMove::Corner(corner::Move { x, y: 4 }),
                position: AnyPosition::Corner(p),
                value,
            })
            .collect();
        best_first(&mut moves);
        let order: Vec<u64> = moves
            .iter()
            .map(|m| match &m.mv {
                AnyMove::Corner(c) => c.x,
                _ => unreachable!(),
            })
            .collect();
        // Losses for the opponent first, then the slowest win; ties as listed.
        assert_eq!(order, [1, 3, 5, 4, 0, 2]);
    }

    #[test]
    fn the_order_key_sorts_as_cmp_as_move_does() {
        let mut values = vec![Value {
            outcome: Outcome::Draw,
            grundy: None,
            remoteness: None,
        }];
        for outcome in [Outcome::Win, Outcome::Loss] {
            for remoteness in [None, Some(0), Some(1), Some(2), Some(7), Some(u64::MAX)] {
                values.push(Value {
                    outcome,
                    grundy: None,
                    remoteness,
                });
            }
        }
        for a in &values {
            for b in &values {
                assert_eq!(
                    order_key(a).cmp(&order_key(b)),
                    b.cmp_as_move(a),
                    "{a:?} {b:?}"
                );
            }
        }
    }
}
