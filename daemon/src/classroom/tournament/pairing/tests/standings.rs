//! Standings on small tournaments computed by hand.

use super::super::{standings, Bye, Entrant, Outcome, Played, Standing};
use super::entrants;

fn game(round: u32, first: i64, second: i64, outcome: Option<Outcome>) -> Played {
    Played {
        round,
        first,
        second,
        outcome,
    }
}

#[allow(clippy::too_many_arguments)]
fn line(
    player: i64,
    rank: u32,
    points: u32,
    buchholz: u32,
    sonneborn_berger: u32,
    wins: u32,
    games: u32,
    byes: u32,
) -> Standing {
    Standing {
        player,
        rank,
        points,
        buchholz,
        sonneborn_berger,
        wins,
        games,
        byes,
    }
}

#[test]
fn four_players_three_rounds_with_a_draw() {
    // Round 1: 1 beats 2, 3 beats 4. Round 2: 1 draws 3, 2 beats 4. Round 3: 1 beats 4, 2
    // beats 3.
    //
    // Points (half-points): 1: 2+1+2 = 5, 2: 0+2+2 = 4, 3: 2+1+0 = 3, 4: 0.
    // Buchholz (opponents' points): 1: 4+3+0 = 7, 2: 5+0+3 = 8, 3: 0+5+4 = 9, 4: 3+4+5 = 12.
    // Sonneborn–Berger in quarter-points (2 × opponent's half-points for a win, 1 × for a
    // draw): 1: 2·4 (beat 2) + 3 (drew 3) + 2·0 (beat 4) = 11; 2: 2·0 (beat 4) + 2·3 (beat 3)
    // = 6; 3: 2·0 (beat 4) + 5 (drew 1) = 5; 4: 0.
    let played = [
        game(1, 1, 2, Some(Outcome::FirstWon)),
        game(1, 4, 3, Some(Outcome::SecondWon)),
        game(2, 3, 1, Some(Outcome::Draw)),
        game(2, 2, 4, Some(Outcome::FirstWon)),
        game(3, 4, 1, Some(Outcome::SecondWon)),
        game(3, 3, 2, Some(Outcome::SecondWon)),
    ];
    assert_eq!(
        standings(&entrants(1..=4), &played, &[]),
        vec![
            line(1, 1, 5, 7, 11, 2, 3, 0),
            line(2, 2, 4, 8, 6, 2, 3, 0),
            line(3, 3, 3, 9, 5, 1, 3, 0),
            line(4, 4, 0, 12, 0, 0, 3, 0),
        ]
    );
}

#[test]
fn byes_unfinished_games_and_withdrawn_players() {
    // Round 1: 1 beats 2, 3 has the bye. Round 2: 3 draws 1, 2 has the bye. Round 3: 2 and 3
    // still playing, 1 has the bye; 3 then withdraws.
    //
    // Points: 1: 2+1+2 (bye) = 5, 2: 0+2 (bye) = 2, 3: 2 (bye)+1 = 3.
    // Buchholz (byes add nothing, the unfinished game's opponent counts): 1: 2+3 = 5,
    // 2: 5+3 = 8, 3: 5+2 = 7.
    // Sonneborn–Berger: 1: 2·2 (beat 2) + 3 (drew 3) = 7, 2: 0, 3: 5 (drew 1).
    let mut entrants = entrants(1..=3);
    entrants[2] = Entrant {
        id: 3,
        withdrawn: true,
    };
    let played = [
        game(1, 1, 2, Some(Outcome::FirstWon)),
        game(2, 3, 1, Some(Outcome::Draw)),
        game(3, 2, 3, None),
    ];
    let byes = [
        Bye {
            round: 1,
            player: 3,
        },
        Bye {
            round: 2,
            player: 2,
        },
        Bye {
            round: 3,
            player: 1,
        },
    ];
    assert_eq!(
        standings(&entrants, &played, &byes),
        vec![
            line(1, 1, 5, 5, 7, 1, 2, 1),
            line(3, 2, 3, 7, 5, 0, 1, 1),
            line(2, 3, 2, 8, 0, 0, 1, 1),
        ]
    );
}

#[test]
fn full_ties_share_a_rank_and_keep_seed_order() {
    // 1 beats 2 and 3 beats 4: 1 and 3 are equal on everything, and so are 2 and 4.
    let played = [
        game(1, 1, 2, Some(Outcome::FirstWon)),
        game(1, 4, 3, Some(Outcome::SecondWon)),
    ];
    assert_eq!(
        standings(&entrants([1, 2, 3, 4, 5]), &played, &[]),
        vec![
            line(1, 1, 2, 0, 0, 1, 1, 0),
            line(3, 1, 2, 0, 0, 1, 1, 0),
            line(2, 3, 0, 2, 0, 0, 1, 0),
            line(4, 3, 0, 2, 0, 0, 1, 0),
            line(5, 5, 0, 0, 0, 0, 0, 0),
        ]
    );
}

#[test]
fn strangers_and_repeated_entrants_are_left_out() {
    let played = [
        game(1, 1, 2, Some(Outcome::FirstWon)),
        game(1, 9, 3, Some(Outcome::FirstWon)),
    ];
    let byes = [Bye {
        round: 1,
        player: 9,
    }];
    let table = standings(&entrants([1, 2, 3, 1]), &played, &byes);
    assert_eq!(
        table
            .iter()
            .map(|s| (s.player, s.points))
            .collect::<Vec<_>>(),
        vec![(1, 2), (2, 0), (3, 0)]
    );
}
