//! A tournament's state machine on made-up histories: games ending in any order, a round
//! ending with its last game, late entrants and withdrawals, the end after the last round.

use protocol::{Format, Reason};

use super::pairing::Outcome;
use super::state::{LiveTournament, Next};
use super::store::TournamentRow;

fn tournament(format: Format, rounds: u32, players: &[i64]) -> LiveTournament {
    let row = TournamentRow {
        id: 7,
        format,
        params: protocol::GameParams::of(protocol::Game::Nim),
        start: "standard".into(),
        rounds,
        round: 0,
        clock_initial_ms: None,
        clock_increment_ms: None,
        finished: false,
    };
    LiveTournament::new(row, players)
}

/// Pairs and begins the next round, its matches numbered from `first_id`; their ids.
fn begin_next(t: &mut LiveTournament, first_id: i64) -> Vec<i64> {
    let Ok(Next::Round(round, pairing)) = t.next() else {
        panic!("no round after round {}", t.row.round);
    };
    assert_eq!(round, t.row.round + 1);
    let ids: Vec<i64> = (first_id..).take(pairing.games.len()).collect();
    t.begin(round, &pairing, &ids);
    ids
}

#[test]
fn a_round_robin_moves_on_when_the_last_game_of_a_round_ends_in_any_order() {
    let mut t = tournament(Format::RoundRobin, 3, &[1, 2, 3]);
    let mut next_id = 100;
    for round in 1..=3 {
        let ids = begin_next(&mut t, next_id);
        next_id += 10;
        // Three players: one game and a bye each round.
        assert_eq!(ids.len(), 1);
        assert_eq!(t.byes.len(), round);
        assert!(!t.round_over());
        assert_eq!(t.record(ids[0], Outcome::FirstWon, None), Some(true));
        assert_eq!(t.record(ids[0], Outcome::Draw, None), None, "counted twice");
    }
    assert_eq!(t.next(), Ok(Next::Over));
    let standings = t.view(|p| p.to_string()).standings;
    assert_eq!(standings.len(), 3);
}

#[test]
fn a_swiss_round_ends_with_its_last_game_whatever_the_order() {
    let mut t = tournament(Format::Swiss, 2, &[1, 2, 3, 4, 5, 6]);
    let ids = begin_next(&mut t, 100);
    assert_eq!(ids.len(), 3);
    for (i, &id) in [ids[2], ids[0], ids[1]].iter().enumerate() {
        let over = t.record(id, Outcome::SecondWon, Some(Reason::Resignation));
        assert_eq!(over, Some(i == 2), "after {} games of 3", i + 1);
    }
    assert_eq!(t.record(999, Outcome::Draw, None), None, "no game of it");
    let ids = begin_next(&mut t, 200);
    assert_eq!(ids.len(), 3);
    // Nobody meets the same opponent twice.
    let played = t.played();
    for g in played.iter().filter(|g| g.round == 2) {
        let pair = |a: i64, b: i64| (a.min(b), a.max(b));
        assert!(!played
            .iter()
            .any(|h| h.round == 1 && pair(h.first, h.second) == pair(g.first, g.second)));
    }
    for id in ids {
        t.record(id, Outcome::Draw, None);
    }
    assert_eq!(t.next(), Ok(Next::Over), "two rounds planned");
}

#[test]
fn a_withdrawn_player_is_never_paired_again_and_a_late_one_is() {
    let mut t = tournament(Format::Swiss, 3, &[1, 2, 3, 4]);
    let ids = begin_next(&mut t, 100);
    let game_of_1 = t
        .games
        .iter()
        .find(|g| g.first == 1 || g.second == 1)
        .unwrap()
        .match_id;
    assert!(t.plays(1));
    assert_eq!(
        t.withdraw(1),
        vec![game_of_1],
        "their game under way, to resign"
    );
    t.enter(5);
    for id in ids {
        t.record(id, Outcome::FirstWon, None);
    }
    begin_next(&mut t, 200);
    let round2: Vec<_> = t.games.iter().filter(|g| g.round == 2).collect();
    assert!(round2.iter().all(|g| g.first != 1 && g.second != 1));
    let paired_5 = round2.iter().any(|g| g.first == 5 || g.second == 5);
    let bye_5 = t.byes.iter().any(|b| b.round == 2 && b.player == 5);
    assert!(paired_5 || bye_5, "the late entrant plays round 2");
}

#[test]
fn a_withdrawn_players_round_robin_games_are_not_played() {
    let mut t = tournament(Format::RoundRobin, 3, &[1, 2, 3, 4]);
    let ids = begin_next(&mut t, 100);
    t.withdraw(4);
    for id in ids {
        t.record(id, Outcome::Draw, None);
    }
    begin_next(&mut t, 200);
    assert!(t
        .games
        .iter()
        .filter(|g| g.round == 2)
        .all(|g| g.first != 4 && g.second != 4));
    assert!(
        t.byes.iter().all(|b| b.player != 4),
        "nobody gets their bye"
    );
}
