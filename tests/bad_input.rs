//! The bad-input suite: ten thousand generated malformed, mistyped, absurd or out-of-place
//! messages. Each gets a precise error (or, for frames the protocol cannot carry, the
//! documented close), nothing panics, and another client is served normally throughout.

use std::fmt;
use std::time::Duration;

use daemon::Config;
use engine::Rng;
use grundy_e2e::{nim_from, ping, state_of, test_config, Server};
use protocol::{ErrorCode, Game, GameParams, NewMatch, Opponent, Request, ServerBody};
use serde_json::{json, Value};

/// Cases generated (the issue asks for at least 10 000).
const CASES: usize = 10_000;

/// What a case sends.
enum Sent {
    /// A request the protocol's types can say, refused for what it asks.
    Request(Request),
    /// Text they cannot say (not JSON, an unknown type, a field of the wrong type), sent
    /// raw.
    Text(String),
}

impl fmt::Display for Sent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sent::Request(r) => write!(f, "{r:?}"),
            Sent::Text(t) => write!(f, "{t:?}"),
        }
    }
}

/// A message that must be refused, and the code it must be refused with.
struct Case {
    sent: Sent,
    expected: ErrorCode,
}

fn text(text: impl Into<String>, expected: ErrorCode) -> Case {
    Case {
        sent: Sent::Text(text.into()),
        expected,
    }
}

fn typed(request: Request, expected: ErrorCode) -> Case {
    Case {
        sent: Sent::Request(request),
        expected,
    }
}

fn pick<T: Clone>(rng: &mut Rng, xs: &[T]) -> T {
    xs[rng.below(xs.len() as u64) as usize].clone()
}

/// A message that must be refused: `id` is the id of the raw texts that carry one;
/// mallory has no seat in match `match_id` (under way) nor in `over_id` (aborted).
fn case(rng: &mut Rng, id: u64, match_id: i64, over_id: i64) -> Case {
    let absurd = [
        json!(-1),
        json!(0),
        json!(1_000_000_000_000u64),
        json!(u64::MAX),
        json!("eight"),
        json!(null),
        json!([1, 2]),
        json!({"n": 1}),
        json!(1.5),
    ];
    match rng.below(12) {
        // Not JSON at all, or truncated JSON.
        0 => {
            let full = json!({"type": "ping", "id": id}).to_string();
            let cut = rng.below(full.len() as u64) as usize;
            text(&full[..cut], ErrorCode::BadMessage)
        }
        1 => text(
            pick(
                rng,
                &[
                    "",
                    "{",
                    "}",
                    "[]",
                    "null",
                    "42",
                    "\"hello\"",
                    "{\"type\":}",
                    "{{}}",
                ],
            ),
            ErrorCode::BadMessage,
        ),
        // Unknown or missing type.
        2 => text(
            json!({"type": format!("nonsense_{}", rng.below(1000)), "id": id}).to_string(),
            ErrorCode::BadMessage,
        ),
        3 => text(
            json!({"id": id, "match_id": match_id}).to_string(),
            ErrorCode::BadMessage,
        ),
        // Fields of the wrong type: refused as malformed. An absurd value of the right type
        // makes a well-formed request, refused for what it asks.
        4 => {
            let absurd_id = pick(rng, &absurd);
            match absurd_id.as_i64() {
                Some(no_match) => typed(Request::play(no_match, "1:1"), ErrorCode::NoSuchMatch),
                None => text(
                    json!({"type": "move", "id": id, "match_id": absurd_id, "move": "1:1"})
                        .to_string(),
                    ErrorCode::BadMessage,
                ),
            }
        }
        5 => {
            let mv = pick(rng, &absurd);
            match mv.as_str() {
                Some(mv) => typed(Request::play(match_id, mv), ErrorCode::NotYourSeat),
                None => text(
                    json!({"type": "move", "id": id, "match_id": match_id, "move": mv}).to_string(),
                    ErrorCode::BadMessage,
                ),
            }
        }
        // Absurd parameters.
        6 => {
            let game = pick(
                rng,
                &[
                    json!("queen"),
                    json!("nim"),
                    json!("chocolate"),
                    json!("chess"),
                    json!(7),
                ],
            );
            // No board size is valid for every game here: too small, too large, or not a number.
            let size = pick(
                rng,
                &[
                    json!(-1),
                    json!(0),
                    json!(1),
                    json!(u64::MAX),
                    json!("eight"),
                    json!([1, 2]),
                    json!(1.5),
                ],
            );
            let k = pick(rng, &absurd);
            let typed_k = match &k {
                Value::Null => Some(None),
                k => k.as_u64().and_then(|k| u32::try_from(k).ok()).map(Some),
            };
            let typed_game = serde_json::from_value::<Game>(game.clone()).ok();
            match (typed_game, size.as_u64(), typed_k) {
                // Every field of its type: a board size (or step) no game here takes.
                (Some(game), Some(size), Some(k)) => {
                    let params = GameParams {
                        game,
                        size: Some(size),
                        k,
                        misere: false,
                        piece: None,
                        rule: None,
                        edge: None,
                    };
                    let new = NewMatch::new(params, Opponent::Human);
                    typed(Request::create(new), ErrorCode::BadParameters)
                }
                _ => text(
                    json!({"type": "create_match", "id": id, "game": game, "size": size,
                           "k": k, "opponent": "human"})
                    .to_string(),
                    ErrorCode::BadMessage,
                ),
            }
        }
        7 => {
            let piles: Vec<u64> = (0..1 + rng.below(40))
                .map(|_| rng.below(u64::MAX))
                .collect();
            let text: Vec<String> = piles.iter().map(u64::to_string).collect();
            // Too many piles, else piles far too large.
            let expected = if piles.len() > engine::nim::MAX_PILES {
                ErrorCode::BadParameters
            } else {
                ErrorCode::BadPosition
            };
            let query = Request::Query {
                params: GameParams::of(Game::Nim),
                position: text.join(","),
                limit: None,
            };
            typed(query, expected)
        }
        8 => {
            let query = Request::Query {
                params: GameParams {
                    size: Some(1_000_000_000_000),
                    ..GameParams::of(Game::Queen)
                },
                position: format!("{},{}", rng.below(u64::MAX), rng.below(9)),
                limit: None,
            };
            // Off the board.
            typed(query, ErrorCode::BadPosition)
        }
        // Illegal, unreadable, replayed and after-the-end moves: mallory has no seat.
        9 => {
            let mv = pick(
                rng,
                &[
                    "9:9",
                    "1:0",
                    "0:1",
                    "x",
                    "",
                    "1:1:1",
                    "99999999999999999999:1",
                    "3,4,5,6",
                ],
            );
            typed(Request::play(match_id, mv), ErrorCode::NotYourSeat)
        }
        10 => typed(Request::play(over_id, "1:1"), ErrorCode::NotYourSeat),
        _ => {
            type Action = fn(i64) -> Request;
            let actions: [(Action, bool); 5] = [
                (|match_id| Request::Resign { match_id }, false),
                (|match_id| Request::Abort { match_id }, false),
                (|match_id| Request::AcceptDraw { match_id }, false),
                (|match_id| Request::Join { match_id }, true),
                (|match_id| Request::Rematch { match_id }, false),
            ];
            let (action, join) = pick(rng, &actions);
            let target = pick(rng, &[999_999, over_id, -5]);
            let expected = match (target == over_id, join) {
                // The aborted match takes no one, and has no seat of mallory's.
                (true, true) => ErrorCode::MatchNotActive,
                (true, false) => ErrorCode::NotYourSeat,
                (false, _) => ErrorCode::NoSuchMatch,
            };
            typed(action(target), expected)
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_bad_messages_get_precise_errors_and_break_nothing() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let config = Config {
        message_rate: u32::MAX,
        message_burst: u32::MAX,
        // The aborted match stays in memory throughout, so that what it refuses does not
        // depend on how long the cases take.
        linger: Duration::from_secs(3_600),
        ..test_config()
    };
    let server = Server::start_with(&dir, config).await?;
    let mut bad = server.connect("mallory").await?;
    let mut good = server.connect("ada").await?;
    // A match mallory is not in (good vs a third player), and one that is over.
    let mut bob = server.connect("bob").await?;
    let live = nim_from(&mut good, &mut bob, "3,4,5").await?;
    let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human);
    let over = state_of(good.request(Request::create(nim)).await?)?;
    good.request(Request::Abort {
        match_id: over.match_id,
    })
    .await?;

    let mut rng = Rng::new(20261121);
    let mut refusals = 0;
    let mut not_refused = Vec::new();
    for i in 0..CASES {
        let case = case(&mut rng, 100_000 + i as u64, live.match_id, over.match_id);
        // The id the reply must carry: a raw text's own when it has one.
        let sent_id = match &case.sent {
            Sent::Request(request) => Some(bad.send(request.clone()).await?),
            Sent::Text(text) => {
                bad.send_text(text).await?;
                serde_json::from_str::<Value>(text)
                    .ok()
                    .and_then(|v| v.get("id").and_then(Value::as_u64))
            }
        };
        let sent = &case.sent;
        let reply = bad.next_message().await?;
        match &reply.body {
            ServerBody::Error(e @ protocol::ErrorBody { code, message, .. }) => {
                refusals += 1;
                assert!(!message.is_empty(), "case {i}: empty message");
                // Every refusal says its precise kind, for a client in another language.
                assert!(
                    e.kind().is_some_and(|k| !k.is_empty()),
                    "case {i} {sent}: no kind in {e:?}"
                );
                assert_ne!(*code, ErrorCode::Internal, "case {i} {sent}: {message}");
                assert_eq!(*code, case.expected, "case {i} {sent}: {message}");
            }
            _ => not_refused.push(format!("case {i} {sent}: {reply:?}")),
        }
        // A message that had an id is answered with it.
        if sent_id.is_some() {
            assert_eq!(reply.id, sent_id, "case {i} {sent}");
        }
        if i % 1000 == 0 {
            // Meanwhile the others are served normally.
            ping(&mut good).await?;
        }
    }
    assert_eq!(
        refusals,
        CASES,
        "{} cases were not refused: {not_refused:?}",
        not_refused.len()
    );
    // The live match is untouched and still playable by its players.
    let state = state_of(
        good.request(Request::Watch {
            match_id: live.match_id,
        })
        .await?,
    )?;
    assert_eq!((state.ply, state.position.as_str()), (0, "3,4,5"));
    good.request(Request::play(live.match_id, "1:1")).await?;
    // Frames the protocol cannot carry: binary gets an error, the connection stays.
    bad.send_binary(vec![0, 159, 146, 150]).await?;
    assert!(matches!(
        bad.next_message().await?.body,
        ServerBody::Error(protocol::ErrorBody {
            code: ErrorCode::BadMessage,
            ..
        })
    ));
    ping(&mut bad).await?;
    server.stop().await
}
