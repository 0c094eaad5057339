//! Records: round trips of every family through text and JSON, with and without a review;
//! random engine games; precise errors; the examples of `docs/EXPORT.md`; arbitrary and
//! mutated text and JSON read without a panic.

mod docs;
mod errors;
mod fuzz;
mod props;

use std::sync::{Arc, OnceLock};

use engine::corner::{Piece, Table};
use engine::review::{review, MoveReview};
use engine::{
    chocolate, choose, AnyPosition, GameKind, Knowledge, Level, Position as _, Rng, Variant,
};
use protocol::{ClockSpec, MatchStatus, Outcome, Reason};

use super::*;
use crate::db::{SeatRow, StoredMatch, StoredMove};
use crate::matches::model::terminal_reason;

/// Corner tables of side 24, chocolate tables for steps 1 and 3, the L-game solved.
pub(super) fn knowledge() -> &'static Knowledge {
    static KNOWLEDGE: OnceLock<Knowledge> = OnceLock::new();
    KNOWLEDGE.get_or_init(|| {
        let mut k = Knowledge::new(engine::DEFAULT_BUDGET);
        for piece in Piece::ALL {
            k.add_corner(Arc::new(Table::solve(piece, 24).expect("a small table")));
        }
        for step in [1, 3] {
            k.add_chocolate(Arc::new(
                chocolate::Table::solve(step, 64).expect("a small table"),
            ));
        }
        k.lgame();
        k
    })
}

/// The result the board gives after `moves` from `start`, if the game ended there.
pub(super) fn board_result(kind: GameKind, plies: usize, last: &AnyPosition) -> Option<Outcome> {
    (last.is_terminal() && plies > 0).then(|| Outcome {
        winner: Some(((plies - 1) % 2) as u8),
        reason: terminal_reason(kind),
    })
}

/// A record of `moves` from `start`, with the result the board gives (or `otherwise`).
pub(super) fn record(
    variant: Variant,
    start: &str,
    moves: &[&str],
    otherwise: Option<Outcome>,
) -> GameRecord {
    let mut pos = variant.parse_position(start).expect("a valid start");
    for m in moves {
        pos = pos.play_text(m).expect("a legal move").1;
    }
    let kind = variant.kind();
    GameRecord {
        match_id: Some(7),
        params: crate::convert::normal(variant),
        start: start.to_owned(),
        seats: ["ada".to_owned(), "engine (perfect)".to_owned()],
        date: Some(1_795_263_787_250),
        result: board_result(kind, moves.len(), &pos).or(otherwise),
        clock: Some("5+3".parse().expect("a clock")),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        extra_tags: Vec::new(),
    }
}

/// Plays `plies` moves at most from `start` with the easy engine (half random moves).
pub(super) fn play_out(start: &AnyPosition, plies: usize, rng: &mut Rng) -> Vec<String> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    while moves.len() < plies && !pos.is_terminal() {
        let mv = choose(knowledge(), &pos, Level::Easy, rng).expect("a move");
        pos = pos.play(&mv).expect("the engine plays legal moves");
        moves.push(mv.to_string());
    }
    moves
}

pub(super) fn review_of(r: &GameRecord) -> Vec<MoveReview> {
    let start = r.start_position().expect("a valid start");
    review(knowledge(), &start, &r.moves).expect("a legal game")
}

/// Text and JSON, with and without the review, all read back as `r`; `r` validates.
pub(super) fn assert_round_trips(r: &GameRecord) -> AnyPosition {
    let last = r.validate().unwrap_or_else(|e| panic!("{e}\n{r:?}"));
    let reviewed = review_of(r);
    for rv in [None, Some(reviewed.as_slice())] {
        let text = r.to_text(rv);
        let back = GameRecord::parse_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(&back, r, "{text}");
        let json = r.to_json(rv);
        assert_eq!(
            &GameRecord::from_json(&json).expect("json reads back"),
            r,
            "{json}"
        );
        if rv.is_some() && !r.moves.is_empty() {
            assert!(text.contains('{'), "{text}");
            assert!(json.contains("\"annotation\""), "{json}");
        }
        for line in text.lines() {
            assert!(
                line.starts_with('[') || line.chars().count() <= LINE_WIDTH,
                "{line}"
            );
        }
    }
    last
}

/// Words joined by single spaces (movetext wraps at any space).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn variant(kind: GameKind, size: Option<u64>, k: Option<u32>) -> Variant {
    Variant::new(kind, size, k).expect("valid parameters")
}

#[test]
fn every_family_round_trips() {
    let queen = variant(GameKind::Queen, Some(11), None);
    let r = record(queen, "5,3", &["4,2", "2,2", "0,0"], None);
    assert_eq!(
        r.result,
        Some(Outcome {
            winner: Some(0),
            reason: Reason::CornerReached
        })
    );
    assert_eq!(assert_round_trips(&r).to_string(), "0,0");

    let rook = variant(GameKind::Rook, Some(8), None);
    assert_round_trips(&record(rook, "3,5", &["3,0", "0,0"], None));
    let horse = variant(GameKind::Horse, Some(11), None);
    assert_round_trips(&record(horse, "2,5", &["0,3", "0,2", "0,1", "0,0"], None));
    let dragon = variant(GameKind::Dragon, Some(11), None);
    let resigned = Some(Outcome {
        winner: Some(1),
        reason: Reason::Resignation,
    });
    assert_round_trips(&record(dragon, "7,4", &["6,3"], resigned));

    let nim = variant(GameKind::Nim, None, None);
    let r = record(nim, "5,4,2", &["1:1", "3:2", "1:4", "2:4"], None);
    assert_eq!(
        r.result,
        Some(Outcome {
            winner: Some(1),
            reason: Reason::LastStone
        })
    );
    assert_round_trips(&r);

    let bar = variant(GameKind::Chocolate, None, Some(1));
    let r = record(bar, "3,2,4", &["y=1", "x=1"], None);
    assert_eq!(r.result, None);
    let text = r.to_text(None);
    assert!(
        text.contains("[K \"1\"]") && !text.contains("[Size"),
        "{text}"
    );
    assert_round_trips(&r);
}

#[test]
fn lgame_moves_with_spaces_round_trip() {
    let lgame = variant(GameKind::LGame, None, None);
    let start = "...N/RRRB/RBBB/N... r";
    // A move with a neutral (a space) and one without, then blue shuts red in.
    let r = record(lgame, start, &["a2a3a4b4 d4-b1", "b2b3c2d2 a1-c4"], None);
    assert_eq!(
        r.result,
        Some(Outcome {
            winner: Some(1),
            reason: Reason::LBlocked
        })
    );
    let text = r.to_text(None);
    assert!(
        text.contains("1. a2a3a4b4_d4-b1 b2b3c2d2_a1-c4 0-1"),
        "{text}"
    );
    assert_round_trips(&r);

    let agreed = Some(Outcome {
        winner: None,
        reason: Reason::AgreedDraw,
    });
    let r = record(lgame, start, &["a2a3a4b4", "b1c1c2c3"], agreed);
    assert!(r.to_text(None).contains(" 1/2-1/2\n"));
    assert_round_trips(&r);
}

#[test]
fn reviewed_text_holds_the_annotations() {
    let queen = variant(GameKind::Queen, Some(11), None);
    let r = record(queen, "5,3", &["4,2", "2,2", "0,0"], None);
    let text = r.to_text(Some(&review_of(&r)));
    let movetext = text.split("\n\n").nth(1).expect("movetext");
    assert_eq!(
        one_line(movetext),
        "1. 4,2 {best} 1... 2,2 {blunder: loss in 2 instead of win in 3; better 1,2 3,1 \
         3,2 4,1} 2. 0,0 {best} 1-0"
    );
    let lgame = variant(GameKind::LGame, None, None);
    let r = record(lgame, "...N/RRRB/RBBB/N... r", &["a2a3a4b4 d4-b1"], None);
    let text = one_line(&r.to_text(Some(&review_of(&r))));
    assert!(
        text.contains("1. a2a3a4b4_d4-b1 {mistake: loss in 2 instead of draw; better "),
        "{text}"
    );
    assert!(text.contains(" …} *"), "{text}");
}

#[test]
fn a_stored_match_becomes_a_record() {
    let mv = |ply: u32, notation: &str| StoredMove {
        ply,
        seat: ((ply - 1) % 2) as u8,
        notation: notation.to_owned(),
        position: String::new(),
        time_ms: 1000,
        clock_ms: None,
        played_at: 0,
    };
    let stored = StoredMatch {
        id: 12,
        params: protocol::GameParams {
            size: Some(11),
            ..protocol::GameParams::of(protocol::Game::Queen)
        },
        start: "5,3".to_owned(),
        position: "0,0".to_owned(),
        ply: 2,
        seats: [
            SeatRow {
                player_id: Some(1),
                engine: None,
            },
            SeatRow {
                player_id: None,
                engine: Some("perfect".to_owned()),
            },
        ],
        seat_names: [Some("ada \"the fox\"".to_owned()), None],
        clock_initial_ms: Some(300_000),
        clock_increment_ms: Some(3_000),
        status: MatchStatus::Finished,
        winner: Some(1),
        reason: Some(Reason::CornerReached),
        repetition_plies: Vec::new(),
        rematch_of: None,
        rematch: None,
        created_at: 1_795_219_200_000,
        started_at: None,
        finished_at: None,
        imported: false,
        paired: false,
        moves: vec![mv(1, "5,0"), mv(2, "0,0")],
    };
    let r = GameRecord::from_stored(&stored);
    assert_eq!(
        r.to_text(None),
        "[Event \"grundy match 12\"]\n[Game \"queen\"]\n[Size \"11\"]\n[Start \"5,3\"]\n\
         [Seat0 \"ada \\\"the fox\\\"\"]\n[Seat1 \"engine (perfect)\"]\n[Date \"2026.11.21\"]\n\
         [Time \"00:00:00\"]\n[Result \"0-1\"]\n[Termination \"corner_reached\"]\n\
         [Clock \"5+3\"]\n\n1. 5,0 0,0 0-1\n"
    );
    assert_round_trips(&r);

    // Still playing: no result, no termination; an empty seat is `?`.
    let playing = StoredMatch {
        status: MatchStatus::Waiting,
        winner: None,
        reason: None,
        seats: [SeatRow::default(), SeatRow::default()],
        seat_names: [None, None],
        clock_initial_ms: None,
        clock_increment_ms: None,
        moves: Vec::new(),
        ..stored
    };
    let r = GameRecord::from_stored(&playing);
    assert_eq!(r.seats, ["?", "?"]);
    assert_eq!((r.result, r.clock), (None, None::<ClockSpec>));
    let text = r.to_text(None);
    assert!(
        !text.contains("Termination") && text.ends_with("\n\n*\n"),
        "{text}"
    );
    assert_round_trips(&r);
}

#[test]
fn unknown_tags_are_kept_and_comments_ignored() {
    let text = "[Event \"club night\"]\n[Game \"nim\"]\n[Start \"1,2\"]\n[Round \"3\"]\n\
                [Result \"1-0\"]\n[Termination \"last_stone\"]\n\n\
                ; a line comment\n% an escaped line\n1. 2:1 {a comment\nover two lines} 1... 1:1 2. 2:1 1-0\n";
    let r = GameRecord::parse_text(text).expect("readable");
    assert_eq!(r.match_id, None);
    assert_eq!(
        r.extra_tags,
        [
            ("Event".to_owned(), "club night".to_owned()),
            ("Round".to_owned(), "3".to_owned())
        ]
    );
    assert_eq!(r.moves, ["2:1", "1:1", "2:1"]);
    assert_eq!(r.seats, ["?", "?"]);
    assert_eq!(r.date, None);
    r.validate().expect("a legal game");
    let again = GameRecord::parse_text(&r.to_text(None)).expect("readable");
    assert_eq!(again, r);
    // Without [Start], the standard start of the game.
    let r = GameRecord::parse_text("[Game \"queen\"]\n\n*").expect("readable");
    assert_eq!((r.start.as_str(), r.params.size), ("7,3", None));
    // An aborted match: no moves, no winner, written `*` with its termination.
    let aborted = GameRecord {
        moves: Vec::new(),
        result: Some(Outcome {
            winner: None,
            reason: Reason::Aborted,
        }),
        ..r
    };
    let text = aborted.to_text(None);
    assert!(
        text.contains("[Result \"*\"]\n[Termination \"aborted\"]"),
        "{text}"
    );
    assert_round_trips(&aborted);
}
