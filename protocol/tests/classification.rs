//! The exact text of a `classification` answer: the server writes it by hand-picked field
//! order, not by a generic map, and clients depend on the documented layout.

use protocol::{
    Classification, GameParams, MoveInfo, ServerBody, ServerMessage, ValueInfo, Verdict,
};

fn answer() -> ServerMessage {
    ServerMessage {
        id: Some(20),
        body: ServerBody::Classification(Classification {
            params: GameParams {
                game: protocol::Game::Queen,
                size: Some(11),
                k: None,
                misere: false,
                piece: None,
                rule: None,
                edge: None,
            },
            position: "5,3".to_owned(),
            board: protocol::Board::Corner {
                size: 11,
                x: 5,
                y: 3,
            },
            value: ValueInfo {
                outcome: Verdict::Loss,
                grundy: Some(0),
                remoteness: Some(4),
            },
            source: "table".to_owned(),
            move_count: 2,
            moves: vec![
                MoveInfo {
                    notation: "1,3".to_owned(),
                    position: "1,3".to_owned(),
                    value: ValueInfo {
                        outcome: Verdict::Win,
                        grundy: Some(4),
                        remoteness: Some(3),
                    },
                },
                MoveInfo {
                    notation: "a2a3a4b4 d4-b1".to_owned(),
                    position: "...N/RRRB/RBBB/N... r".to_owned(),
                    value: ValueInfo {
                        outcome: Verdict::Draw,
                        grundy: None,
                        remoteness: None,
                    },
                },
            ],
            remoteness_unknown: None,
            remoteness_unknown_message: None,
            sum: None,
        }),
    }
}

const TEXT: &str = concat!(
    r#"{"id":20,"type":"classification","game":"queen","size":11,"position":"5,3","#,
    r#""board":{"kind":"corner","size":11,"x":5,"y":3},"#,
    r#""outcome":"loss","grundy":0,"remoteness":4,"source":"table","move_count":2,"moves":["#,
    r#"{"move":"1,3","position":"1,3","outcome":"win","grundy":4,"remoteness":3},"#,
    r#"{"move":"a2a3a4b4 d4-b1","position":"...N/RRRB/RBBB/N... r","outcome":"draw","#,
    r#""grundy":null,"remoteness":null}]}"#
);

#[test]
fn a_classification_is_written_field_by_field_in_the_documented_order() {
    assert_eq!(serde_json::to_string(&answer()).unwrap(), TEXT);
}

#[test]
fn a_classification_reads_back_the_same() {
    let read: ServerMessage = serde_json::from_str(TEXT).unwrap();
    assert_eq!(read, answer());
}

#[test]
fn a_move_without_value_fields_reads_them_as_unknown_and_a_bad_outcome_is_refused() {
    let m: MoveInfo =
        serde_json::from_str(r#"{"move":"2:3","position":"3,1,5","outcome":"win"}"#).unwrap();
    assert_eq!((m.value.grundy, m.value.remoteness), (None, None));
    let bad = serde_json::from_str::<MoveInfo>(
        r#"{"move":"2:3","position":"3,1,5","outcome":"maybe","grundy":1,"remoteness":1}"#,
    );
    assert!(bad.is_err());
}
