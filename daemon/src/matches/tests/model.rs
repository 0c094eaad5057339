//! The rules of a match, on the model alone: turns and seats, clocks, repetition, draw
//! offers, aborts, resignations and rematches. Times are made up (milliseconds).

use engine::{GameKind, Level, Variant};
use protocol::{ClockSpec, MatchStatus, Outcome, Reason};

use crate::matches::model::{Decision, Model, Occupant};
use crate::matches::{Action, EngineView, MatchError};

const ADA: i64 = 7;
const BOB: i64 = 9;
const EVE: i64 = 11;

fn player(id: i64, name: &str) -> Occupant {
    Occupant::Player {
        id,
        name: name.to_owned(),
        connected: true,
    }
}

/// A match of `game` from `start` between ada (seat 0) and `second`, made at time 0.
fn game(game: GameKind, start: &str, second: Occupant, clock: Option<&str>) -> Model {
    let variant = Variant::new(game, None, None).expect("a variant");
    let start = variant.parse_position(start).expect("a start");
    let clock: Option<ClockSpec> = clock.map(|c| c.parse().expect("a clock"));
    Model::new(1, start, [player(ADA, "ada"), second], clock, 3, 0)
}

fn nim(start: &str) -> Model {
    game(GameKind::Nim, start, player(BOB, "bob"), None)
}

/// An L-game from the standard start between ada (red) and `second`.
fn lgame(second: Occupant) -> Model {
    let variant = Variant::new(GameKind::LGame, None, None).expect("the L-game");
    Model::new(1, variant.start(), [player(ADA, "ada"), second], None, 3, 0)
}

/// Checks and applies `text` by player `id` at `now`.
fn play(m: &mut Model, id: i64, text: &str, now: u64) -> Result<(), MatchError> {
    let pending = m.check_move(Some(id), text, now)?;
    m.apply(pending, now);
    Ok(())
}

fn decide(m: &Model, id: i64, action: Action) -> Result<Decision, MatchError> {
    m.decide(id, action, || EngineView::Unknown)
}

/// Red's and blue's Ls step away and back (no neutral moved): after these four plies the
/// L-game's standard start is back, red to move.
const SHUFFLE: [&str; 4] = [
    "RRRN/R..B/.BBB/N... b",
    "RRRN/R.../...B/NBBB r",
    "...N/RRR./R..B/NBBB b",
    "...N/RRRB/RBBB/N... r",
];

#[test]
fn moves_out_of_turn_and_out_of_seat_are_refused() {
    let mut m = nim("3,4,5");
    assert_eq!(
        m.check_move(Some(BOB), "1:1", 0).unwrap_err(),
        MatchError::NotYourTurn {
            match_id: 1,
            to_move: 0
        }
    );
    assert_eq!(
        m.check_move(Some(EVE), "1:1", 0).unwrap_err(),
        MatchError::NotYourSeat { match_id: 1 }
    );
    assert_eq!(
        m.check_move(None, "1:1", 0).unwrap_err(),
        MatchError::NotTheEnginesTurn { match_id: 1 }
    );
    let illegal = m.check_move(Some(ADA), "1:9", 0).unwrap_err();
    assert!(matches!(illegal, MatchError::Rules(_)), "{illegal:?}");
    play(&mut m, ADA, "1:1", 10).unwrap();
    assert_eq!(m.to_move(), Some(1));
    assert!(matches!(
        m.check_move(Some(ADA), "1:1", 20),
        Err(MatchError::NotYourTurn { to_move: 1, .. })
    ));
    play(&mut m, BOB, "2:1", 20).unwrap();
    assert_eq!(m.ply(), 2);
}

#[test]
fn the_last_move_ends_the_match_with_the_games_reason() {
    let mut m = nim("0,0,2");
    let pending = m.check_move(Some(ADA), "3:2", 5).unwrap();
    assert_eq!(
        pending.finish,
        Some(Outcome {
            winner: Some(0),
            reason: Reason::LastStone
        })
    );
    m.apply(pending, 5);
    assert_eq!(m.status, MatchStatus::Finished);
    assert!(matches!(
        m.check_move(Some(BOB), "1:1", 6),
        Err(MatchError::NotActive {
            status: MatchStatus::Finished,
            ..
        })
    ));
}

#[test]
fn joining_takes_the_free_seat_once() {
    let mut m = game(GameKind::Nim, "3,4,5", Occupant::Empty, None);
    assert_eq!(m.status, MatchStatus::Waiting);
    assert_eq!(
        m.free_seat_for(ADA),
        Err(MatchError::AlreadySeated { match_id: 1 })
    );
    assert!(matches!(
        m.check_move(Some(ADA), "1:1", 0),
        Err(MatchError::NotActive {
            status: MatchStatus::Waiting,
            ..
        })
    ));
    let seat = m.free_seat_for(BOB).unwrap();
    assert_eq!(seat, 1);
    m.seat_player(seat, BOB, "bob".into(), 100);
    assert_eq!(m.status, MatchStatus::Playing);
    assert!(matches!(
        m.free_seat_for(EVE),
        Err(MatchError::NotActive { .. })
    ));
}

#[test]
fn clocks_count_the_movers_time_and_add_the_increment() {
    let mut m = game(GameKind::Nim, "3,4,5", player(BOB, "bob"), Some("1+2"));
    // Ada thinks 10 s: 50 s left, plus 2 s.
    let pending = m.check_move(Some(ADA), "1:1", 10_000).unwrap();
    assert_eq!((pending.time_ms, pending.clock_ms), (10_000, Some(52_000)));
    m.apply(pending, 10_000);
    let c = m.clocks.as_ref().unwrap();
    assert_eq!(c.left(0, 99_000), 52_000, "ada's clock stopped");
    assert_eq!(c.left(1, 25_000), 45_000, "bob's runs from her move");
    // Bob's flag falls 60 s after ada moved, not before.
    assert_eq!(m.flag_fallen(69_999), None);
    assert_eq!(m.flag_fallen(70_000), Some(1));
    let outcome = Outcome {
        winner: Some(0),
        reason: Reason::FlagFall,
    };
    m.end(outcome, 70_000);
    let c = m.clocks.as_ref().unwrap();
    assert_eq!((c.running, c.remaining), (None, [52_000, 0]));
    assert_eq!(m.flag_fallen(80_000), None, "over: no flag falls any more");
}

#[test]
fn the_third_occurrence_of_a_position_is_a_draw_by_repetition() {
    let mut m = lgame(player(BOB, "bob"));
    let movers = [ADA, BOB, ADA, BOB];
    for (i, mv) in SHUFFLE.iter().enumerate() {
        play(&mut m, movers[i], mv, i as u64).unwrap();
    }
    assert_eq!(m.state(4).repetitions, 2, "the start, seen again");
    for (i, mv) in SHUFFLE[..3].iter().enumerate() {
        play(&mut m, movers[i], mv, 5 + i as u64).unwrap();
    }
    let last = m.check_move(Some(BOB), SHUFFLE[3], 9).unwrap();
    assert_eq!(
        last.finish,
        Some(Outcome {
            winner: None,
            reason: Reason::Repetition
        })
    );
    assert_eq!(last.repetition_plies, vec![0, 4, 8]);
    m.apply(last, 9);
    assert_eq!(m.status, MatchStatus::Finished);
    assert_eq!(m.state(9).repetition_plies, vec![0, 4, 8]);
}

#[test]
fn draws_are_offered_accepted_declined_and_lapse_with_a_move() {
    assert_eq!(
        decide(&nim("3,4,5"), ADA, Action::OfferDraw),
        Err(MatchError::NoDraws {
            game: GameKind::Nim
        })
    );
    let mut m = lgame(player(BOB, "bob"));
    assert_eq!(
        decide(&m, BOB, Action::AcceptDraw),
        Err(MatchError::NoOfferToAccept)
    );
    assert_eq!(
        decide(&m, BOB, Action::DeclineDraw),
        Err(MatchError::NoOfferToDecline)
    );
    let offer = decide(&m, ADA, Action::OfferDraw).unwrap();
    assert_eq!(offer, Decision::OfferDraw(0));
    m.note(offer);
    // Offering again is no acceptance of one's own offer.
    assert_eq!(
        decide(&m, ADA, Action::AcceptDraw),
        Err(MatchError::NoOfferToAccept)
    );
    let agreed = Decision::End(Outcome {
        winner: None,
        reason: Reason::AgreedDraw,
    });
    assert_eq!(decide(&m, BOB, Action::AcceptDraw), Ok(agreed));
    assert_eq!(decide(&m, BOB, Action::OfferDraw), Ok(agreed));
    let declined = decide(&m, BOB, Action::DeclineDraw).unwrap();
    m.note(declined);
    assert_eq!(m.draw_offer, None);
    // An offer lapses when its maker's opponent moves instead.
    m.note(Decision::OfferDraw(0));
    play(&mut m, ADA, SHUFFLE[0], 1).unwrap();
    assert_eq!(m.draw_offer, None);
}

#[test]
fn the_engine_takes_a_draw_exactly_when_the_position_is_drawn() {
    let m = lgame(Occupant::Engine(Level::Perfect));
    let agreed = Decision::End(Outcome {
        winner: None,
        reason: Reason::AgreedDraw,
    });
    assert_eq!(
        m.decide(ADA, Action::OfferDraw, || EngineView::Draw),
        Ok(agreed)
    );
    // Otherwise it declines at once, saying why; no offer is left standing.
    for view in [EngineView::Wins, EngineView::Loses, EngineView::Unknown] {
        let refused = m.decide(ADA, Action::OfferDraw, || view).unwrap_err();
        assert_eq!(refused, MatchError::EngineDeclinesDraw { view });
        assert!(refused.to_string().starts_with("the engine declines: "));
    }
    assert_eq!(
        MatchError::EngineDeclinesDraw {
            view: EngineView::Wins
        }
        .to_string(),
        "the engine declines: the position is a win for it"
    );
    // Between people the engine's view is not asked.
    let people = lgame(player(BOB, "bob"));
    let asked = people.decide(ADA, Action::OfferDraw, || panic!("not asked"));
    assert_eq!(asked, Ok(Decision::OfferDraw(0)));
}

#[test]
fn aborts_only_before_the_first_move_and_resignations_only_while_playing() {
    let waiting = game(GameKind::Nim, "3,4,5", Occupant::Empty, None);
    let aborted = Decision::End(Outcome {
        winner: None,
        reason: Reason::Aborted,
    });
    assert_eq!(decide(&waiting, ADA, Action::Abort), Ok(aborted));
    assert!(matches!(
        decide(&waiting, ADA, Action::Resign),
        Err(MatchError::NotActive { .. })
    ));
    let mut m = nim("3,4,5");
    assert_eq!(decide(&m, BOB, Action::Abort), Ok(aborted));
    play(&mut m, ADA, "1:1", 1).unwrap();
    assert_eq!(
        decide(&m, BOB, Action::Abort),
        Err(MatchError::TooLateToAbort { match_id: 1 })
    );
    let resigned = decide(&m, BOB, Action::Resign).unwrap();
    assert_eq!(
        resigned,
        Decision::End(Outcome {
            winner: Some(0),
            reason: Reason::Resignation
        })
    );
    assert_eq!(
        decide(&m, EVE, Action::Resign),
        Err(MatchError::NotYourSeat { match_id: 1 })
    );
    let Decision::End(outcome) = resigned else {
        unreachable!()
    };
    m.end(outcome, 2);
    for action in [Action::Resign, Action::Abort] {
        assert!(
            matches!(decide(&m, ADA, action), Err(MatchError::NotActive { .. })),
            "{action:?}"
        );
    }
}

#[test]
fn a_rematch_starts_once_both_asked_or_at_once_against_the_engine() {
    let mut m = nim("0,0,1");
    assert!(matches!(
        decide(&m, ADA, Action::Rematch),
        Err(MatchError::NotActive { .. })
    ));
    play(&mut m, ADA, "3:1", 1).unwrap();
    let asked = decide(&m, BOB, Action::Rematch).unwrap();
    assert_eq!(asked, Decision::OfferRematch(1));
    m.note(asked);
    assert_eq!(m.rematch_offer, Some(1));
    assert_eq!(
        decide(&m, BOB, Action::Rematch),
        Ok(Decision::OfferRematch(1)),
        "asking twice is still asking"
    );
    assert_eq!(decide(&m, ADA, Action::Rematch), Ok(Decision::StartRematch));
    m.rematch_started(2);
    assert_eq!((m.rematch, m.rematch_offer), (Some(2), None));
    assert_eq!(
        decide(&m, BOB, Action::Rematch),
        Err(MatchError::RematchExists { rematch: 2 })
    );

    let mut engine = game(
        GameKind::Nim,
        "0,0,1",
        Occupant::Engine(Level::Perfect),
        None,
    );
    play(&mut engine, ADA, "3:1", 1).unwrap();
    assert_eq!(
        decide(&engine, ADA, Action::Rematch),
        Ok(Decision::StartRematch)
    );
}
