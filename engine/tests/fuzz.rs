//! The parsers that read text from the network never panic: game and level names and every
//! game's position and move parsers, fed arbitrary strings, strings of the notation's own
//! alphabet and legal moves with random edits, either refuse the text with a typed error
//! about that text, or read a value whose canonical notation reads back as the same value.

use std::sync::OnceLock;

use engine::corner::MAX_SIZE;
use engine::{
    AnyMove, AnyPosition, Error, ErrorKind, GameKind, Level, Position as _, Rng, Variant,
};
use proptest::prelude::*;

mod english;
use english::english;

/// Every game, the corner games at a few sizes and chocolate at a few steps.
fn variants() -> &'static [Variant] {
    static VARIANTS: OnceLock<Vec<Variant>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        let v = |kind, size, k| Variant::new(kind, size, k).expect("valid parameters");
        vec![
            v(GameKind::Queen, Some(2), None),
            v(GameKind::Queen, Some(11), None),
            v(GameKind::Queen, Some(MAX_SIZE), None),
            v(GameKind::Rook, Some(8), None),
            v(GameKind::Horse, Some(11), None),
            v(GameKind::Dragon, Some(3), None),
            v(GameKind::Nim, None, None),
            v(GameKind::Chocolate, None, Some(0)),
            v(GameKind::Chocolate, None, Some(1)),
            v(GameKind::Chocolate, None, Some(3)),
            v(GameKind::Chocolate, None, Some(engine::chocolate::MAX_K)),
            v(GameKind::LGame, None, None),
        ]
    })
}

/// A position of each game to play moves on: starts, corner cases (over, at the limits) and
/// random starts; with its legal moves when there are few enough to list.
struct Board {
    position: AnyPosition,
    legal: Option<Vec<AnyMove>>,
}

fn boards() -> &'static [Board] {
    static BOARDS: OnceLock<Vec<Board>> = OnceLock::new();
    BOARDS.get_or_init(|| {
        let fixed = [
            (GameKind::Queen, Some(11), None, "5,3"),
            (GameKind::Queen, Some(11), None, "0,0"),
            (
                GameKind::Queen,
                Some(MAX_SIZE),
                None,
                "999999999999999,999999999999999",
            ),
            (GameKind::Rook, Some(8), None, "3,5"),
            (GameKind::Horse, Some(11), None, "2,5"),
            (GameKind::Dragon, Some(11), None, "7,4"),
            (GameKind::Nim, None, None, "3,4,5"),
            (GameKind::Nim, None, None, "0"),
            (GameKind::Nim, None, None, "0,0,7"),
            (GameKind::Nim, None, None, "1000000000000,1"),
            (
                GameKind::Nim,
                None,
                None,
                "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16",
            ),
            (GameKind::Chocolate, None, Some(0), "5,3,7"),
            (GameKind::Chocolate, None, Some(1), "3,2,4"),
            (GameKind::Chocolate, None, Some(3), "1,2,7"),
            (GameKind::Chocolate, None, Some(1), "0,0,0"),
            (
                GameKind::Chocolate,
                None,
                Some(2),
                "1000000000000,1,1000000000000",
            ),
            (GameKind::LGame, None, None, "...N/RRRB/RBBB/N... r"),
        ];
        let mut positions: Vec<AnyPosition> = fixed
            .iter()
            .map(|&(kind, size, k, text)| {
                let v = Variant::new(kind, size, k).expect("valid parameters");
                v.parse_position(text).expect("a valid position")
            })
            .collect();
        // Blue shuts red in: the game is over.
        let lgame = Variant::new(GameKind::LGame, None, None).expect("no parameters");
        let mut over = lgame.start();
        for m in ["a2a3a4b4 d4-b1", "b2b3c2d2 a1-c4"] {
            over = over.play_text(m).expect("a legal move").1;
        }
        assert!(over.is_terminal(), "{over}");
        positions.push(over);
        let mut rng = Rng::new(2024);
        for v in variants() {
            positions.push(v.random_start(&mut rng));
        }
        positions
            .into_iter()
            .map(|position| Board {
                legal: (position.move_count() <= 10_000).then(|| position.legal_moves()),
                position,
            })
            .collect()
    })
}

/// Texts that reach deep into the parsers: arbitrary strings, printable ones, and strings of
/// the characters the notations use (digits, separators, L-game squares and pieces, chocolate
/// cuts, corner directions).
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "\\PC{0,40}",
        "[0-9,:;a-dlNRB./ =xyz()+-]{0,24}",
        "[0-9]{1,22}[,:= -]{1,2}[0-9]{1,22}([, ][0-9]{1,22})?",
        "[(\\[{]?[0-9]{1,2}([,: =-]{1,2}[0-9]{1,2}){0,3}[)\\]}]?",
        "[xyzXYZw ]{1,2}=[ -]?[0-9]{1,3}",
        "(l|d|ld|dl|r|left |down |diag |diagonal )[0-9]{1,2}",
        " ?(queen|Rook|horse|dragon|nim|chocolate|LGame|chess|easy|medium|perfect|hard) ?",
        "[.NRBrb]{4}(/[.NRBrb]{4}){3} [rbx]",
        "[a-d][1-4][a-d][1-4] ?[a-d][1-4][a-e][0-5]( ?[a-d][1-4]-?[a-d][1-4])?",
    ]
}

/// Characters the notations give a meaning to.
const NOTATION_CHARS: &[char] = &[
    '0', '1', '9', ',', ':', '=', '-', ' ', '/', '.', '(', 'x', 'l', 'a', 'd', 'N', 'R', 'B', 'r',
];

/// One edit of a text: replace, insert or delete a character.
#[derive(Debug, Clone)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let c = prop_oneof![
        3 => prop::sample::select(NOTATION_CHARS),
        1 => any::<char>(),
    ];
    let edit = prop_oneof![
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), c).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
    ];
    prop::collection::vec(edit, 0..4)
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        match *e {
            Edit::Replace(i, c) if !chars.is_empty() => {
                let i = i % chars.len();
                chars[i] = c;
            }
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % chars.len());
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A refusal is typed, about the text as given, and says something.
fn check_refusal(e: &Error, text: &str, kinds: &[ErrorKind]) -> Result<(), TestCaseError> {
    prop_assert!(kinds.contains(&e.kind()), "{text:?}: {e:?}");
    prop_assert_eq!(e.input(), text, "{:?}", e);
    prop_assert!(!english(e.reason()).is_empty(), "{text:?}: {e:?}");
    prop_assert_eq!(e.said(), e.reason().clone());
    prop_assert_eq!(e.ply(), None);
    Ok(())
}

/// Game and engine level names read back, or are refused as parameters naming the text.
fn check_names(text: &str) -> Result<(), TestCaseError> {
    match GameKind::parse(text) {
        Ok(g) => prop_assert_eq!(GameKind::parse(g.name()), Ok(g)),
        Err(e) => check_refusal(&e, text, &[ErrorKind::Params])?,
    }
    match Level::parse(text) {
        Ok(l) => prop_assert_eq!(Level::parse(l.name()), Ok(l)),
        Err(e) => check_refusal(&e, text, &[ErrorKind::Params])?,
    }
    Ok(())
}

/// Every variant reads `text` as a position that reads back, or refuses it.
fn check_position(text: &str) -> Result<(), TestCaseError> {
    for v in variants() {
        match v.parse_position(text) {
            Ok(p) => {
                prop_assert_eq!(p.variant(), *v);
                let canonical = p.to_string();
                prop_assert_eq!(v.parse_position(&canonical), Ok(p.clone()), "{}", canonical);
            }
            Err(e) => check_refusal(&e, text, &[ErrorKind::Position, ErrorKind::Params])?,
        }
    }
    Ok(())
}

/// On `board`, `text` reads as a move whose notation reads back, and plays exactly when the
/// move is legal; or it is refused.
fn check_move(board: &Board, text: &str) -> Result<(), TestCaseError> {
    let p = &board.position;
    let played = p.play_text(text);
    match p.parse_move(text) {
        Ok(m) => {
            let canonical = m.to_string();
            prop_assert_eq!(
                p.parse_move(&canonical),
                Ok(m.clone()),
                "{} on {}",
                canonical,
                p
            );
            let legal = board.legal.as_ref().map(|l| l.contains(&m));
            match &played {
                Ok((mv, next)) => {
                    prop_assert_eq!(mv, &m);
                    prop_assert_eq!(p.play(&m), Ok(next.clone()));
                    prop_assert_ne!(legal, Some(false), "{:?} on {}", text, p);
                    prop_assert_eq!(p.play_text(&canonical), Ok((m, next.clone())));
                }
                Err(e) => {
                    prop_assert_ne!(legal, Some(true), "{:?} on {}: {:?}", text, p, e);
                    check_refusal(e, text, &[ErrorKind::Illegal])?;
                }
            }
        }
        Err(e) => {
            prop_assert_eq!(played.as_ref().err(), Some(&e));
            check_refusal(&e, text, &[ErrorKind::Notation, ErrorKind::Illegal])?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn positions_and_names_read_back_or_are_refused(text in text()) {
        check_position(&text)?;
        check_names(&text)?;
    }

    #[test]
    fn edited_positions_read_back_or_are_refused(
        board in 0..boards().len(),
        edits in edits(),
    ) {
        let canonical = boards()[board].position.to_string();
        check_position(&apply(&canonical, &edits))?;
    }

    #[test]
    fn moves_read_back_or_are_refused(text in text()) {
        for board in boards() {
            check_move(board, &text)?;
        }
    }

    #[test]
    fn edited_moves_read_back_or_are_refused(
        board in 0..boards().len(),
        pick in any::<prop::sample::Index>(),
        edits in edits(),
    ) {
        let board = &boards()[board];
        // A legal move, or for a board without one the position itself.
        let base = match &board.legal {
            Some(l) if !l.is_empty() => pick.get(l).to_string(),
            _ => board.position.to_string(),
        };
        check_move(board, &apply(&base, &edits))?;
    }
}
