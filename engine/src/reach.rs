//! Which moves of a position reach a given Grundy number, found without weighing every move:
//! a game's winning moves (to 0), and what a sum needs of each component — its winning moves
//! bring component i from gᵢ to gᵢ ⊕ X, however many moves the component has.
//!
//! Each family answers from what it knows, in bounded time: Nim, the rook, the dragon king
//! and even-step chocolate by their closed forms; the queen and the dragon horse by reading
//! the lines they slide on in a table (a few thousand reads at most); odd-step chocolate by
//! reading its staircase's row and column in its table. Beyond the tables only a queen's or
//! horse's moves to 0 are known (the P-positions' formulas): the others are an error, never
//! a guess.

use crate::any::{AnyMove, AnyPosition};
use crate::error::{params, too_large};
use crate::knowledge::Knowledge;
use crate::{chocolate, corner, heap, nim, sum, Error, Said};

impl Knowledge {
    /// Every legal move of `pos` that leaves a position of Grundy number `target` — exactly
    /// those whose [`Knowledge::grundy`] is `target` — each family's in the order of its
    /// legal moves (a sum's component by component). `TooLarge` when they cannot be known:
    /// a queen or horse square beyond its table and a target other than 0, an odd-step bar
    /// beyond its table, a sum with such a component or a component of unknown value.
    pub fn moves_to(&self, pos: &AnyPosition, target: u64) -> Result<Vec<AnyMove>, Error> {
        match pos {
            AnyPosition::Nim(p) => Ok(nim::moves_to(p, target)
                .into_iter()
                .map(AnyMove::Nim)
                .collect()),
            AnyPosition::Heap(p) => Ok(heap::moves_to(p, target)?
                .into_iter()
                .map(AnyMove::Heap)
                .collect()),
            AnyPosition::Corner(p) => {
                let table = self.corner_table(p.piece()).map(|t| t.as_ref());
                let squares = corner::moves_to(p.piece(), p.x(), p.y(), target, table)
                    .ok_or_else(|| unknown_corner(p, target))?;
                Ok(squares
                    .into_iter()
                    .map(|(x, y)| AnyMove::Corner(corner::Move { x, y }))
                    .collect())
            }
            AnyPosition::Chocolate(p) => {
                let table = self.chocolate_table(p.edge()).map(|t| t.as_ref());
                Ok(chocolate::moves_to(p, target, table)?
                    .into_iter()
                    .map(AnyMove::Chocolate)
                    .collect())
            }
            AnyPosition::Sum(p) => sum::moves_to(self, p, target),
            AnyPosition::LGame(_) => {
                Err(params(pos.to_string(), Said::new("rule-lgame-no-grundy")))
            }
        }
    }
}

/// Why a corner square's moves to `target` are not known.
fn unknown_corner(p: &corner::Position, target: u64) -> Error {
    too_large(
        p.to_string(),
        Said::new("rule-reach-unknown")
            .with("piece", p.piece().said())
            .text("square", p)
            .text("target", target),
    )
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::corner::Piece;
    use crate::{GameKind, Position as _, Variant};

    /// Every family, against its legal moves weighed one by one with the same knowledge.
    #[test]
    fn every_family_finds_exactly_the_moves_its_values_say() {
        let mut k = Knowledge::new(crate::DEFAULT_BUDGET);
        for piece in Piece::ALL {
            k.add_corner(Arc::new(corner::Table::solve(piece, 64).unwrap()));
        }
        k.add_chocolate(Arc::new(chocolate::Table::solve(1, 64).unwrap()));
        for text in [
            ("queen", "40,23"),
            ("rook", "40,23"),
            ("horse", "40,23"),
            ("dragon", "40,23"),
            ("nim", "12,9,7"),
            ("chocolate", "9,10,30"),
            ("sum", "queen(64):40,23 + nim:12,9,7 + chocolate(1):9,10,30"),
        ] {
            let (game, position) = text;
            let kind = GameKind::parse(game).unwrap();
            let variant = match game {
                "sum" | "nim" => Variant::new(kind, None, None).unwrap(),
                "chocolate" => Variant::new(kind, None, Some(1)).unwrap(),
                _ => Variant::new(kind, Some(64), None).unwrap(),
            };
            let pos = variant.parse_position(position).unwrap();
            for target in 0..80 {
                let weighed: Vec<AnyMove> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| k.grundy(&pos.play(m).unwrap()).unwrap() == Some(target))
                    .collect();
                let mut found = k.moves_to(&pos, target).unwrap();
                let mut weighed = weighed;
                found.sort_by_key(|m| m.to_string());
                weighed.sort_by_key(|m| m.to_string());
                assert_eq!(found, weighed, "{text:?} → {target}");
            }
        }
    }

    #[test]
    fn beyond_the_tables_only_what_is_known() {
        let k = Knowledge::new(crate::DEFAULT_BUDGET);
        let far = Variant::new(GameKind::Queen, Some(1 << 40), None).unwrap();
        let pos = far.parse_position("600000,500000").unwrap();
        assert!(!k.moves_to(&pos, 0).unwrap().is_empty());
        let e = k.moves_to(&pos, 3).unwrap_err();
        assert_eq!(e.reason().id, "rule-reach-unknown", "{e}");
        let bar = Variant::new(GameKind::Chocolate, None, Some(3)).unwrap();
        let pos = bar.parse_position("1,2,9").unwrap();
        assert!(k.moves_to(&pos, 0).is_err());
    }
}
