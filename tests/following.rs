//! A connection follows a match from exactly the state it was answered with: a change made
//! right after that answer, before the connection starts following, still reaches it.

use daemon::matches::{self, Command, PlayerRef};
use grundy_e2e::{state_of, Server};
use protocol::{Game, GameParams, MatchStatus, NewMatch, Opponent, Request};

#[tokio::test]
async fn the_joiner_sees_a_change_made_right_after_its_join() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut ada = server.connect("ada").await?;
    let bob = server.connect("bob").await?;
    let lgame = NewMatch::new(GameParams::of(Game::LGame), Opponent::Human);
    let open = ada.request(Request::create(lgame)).await?;
    let id = state_of(open)?.match_id;

    // Bob joins; his connection would start following only once it has the answer. Ada's
    // draw offer comes in between.
    let handle = server.hub.matches.get(id).expect("a live match");
    let bob_ref = PlayerRef {
        id: bob.player_id(),
        name: "bob".to_owned(),
    };
    let (state, mut changes) = handle
        .ask(|reply| Command::Join {
            player: bob_ref,
            reply,
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    assert_eq!(state.status, MatchStatus::Playing);
    // The join itself is in the answer, not announced again.
    assert!(!changes.has_changed()?, "the join announced to the joiner");
    ada.request(Request::OfferDraw { match_id: id }).await?;
    assert!(
        changes.has_changed()?,
        "the offer is announced to the joiner"
    );
    let event = String::from_utf8(changes.borrow_and_update().event.to_vec())?;
    assert!(event.contains(r#""draw_offer":0"#), "{event}");
    server.stop().await
}

#[tokio::test]
async fn the_creator_sees_a_join_made_right_after_the_creation() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let ada = server.connect("ada").await?;
    let mut bob = server.connect("bob").await?;
    let request = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human);
    let ada_ref = PlayerRef {
        id: ada.player_id(),
        name: "ada".to_owned(),
    };
    let (handle, state) = matches::create_match(&server.hub.matches, &ada_ref, request)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    assert_eq!(state.status, MatchStatus::Waiting);
    assert!(
        !handle.changes_since_made().has_changed()?,
        "nothing happened yet"
    );
    // Bob joins before ada's connection starts following.
    bob.request(Request::Join {
        match_id: handle.id,
    })
    .await?;
    let mut changes = handle.changes_since_made();
    assert!(
        changes.has_changed()?,
        "the join is announced to the creator"
    );
    let event = String::from_utf8(changes.borrow_and_update().event.to_vec())?;
    assert!(event.contains(r#""status":"playing""#), "{event}");
    server.stop().await
}
