//! Who is on the other end: the `hello` handshake, and leaving.

use axum::extract::ws::close_code;
use protocol::{Namesake, ServerBody, Welcome, PROTOCOL_VERSION, SUPPORTED_VERSIONS};

use super::refusal::{Refusal, SessionError};
use super::{Connection, Outgoing};
use crate::auth;
use crate::failure::Context as _;
use crate::guard::Guess;
use crate::matches::PlayerRef;
use crate::names;

impl Connection {
    pub(super) async fn hello(
        &mut self,
        version: u32,
        name: &str,
        token: Option<&str>,
        access_code: Option<&str>,
    ) -> Result<Option<ServerBody>, Refusal> {
        if self.player.is_some() {
            return Err(SessionError::AlreadyWelcomed.into());
        }
        if !SUPPORTED_VERSIONS.contains(&version) {
            let refused = SessionError::UnsupportedVersion {
                version,
                supported: SUPPORTED_VERSIONS.to_vec(),
            };
            // The error, then the close: written in this order once this request is done.
            self.error(None, refused.into()).await;
            self.replies.push(Outgoing::Close(
                close_code::PROTOCOL,
                "unsupported protocol version".into(),
            ));
            return Ok(None);
        }
        // Past its wrong guesses an address may not try a code or a token for a while, even
        // the right one: otherwise guessing would go on.
        let guessing = self.hub.config.access_code.is_some() || token.is_some();
        if let Some(limited) = guessing
            .then(|| self.hub.failures.check(self.peer).err())
            .flatten()
        {
            self.error(None, limited.into()).await;
            self.replies.push(Outgoing::Close(
                close_code::POLICY,
                "too many wrong codes".into(),
            ));
            return Ok(None);
        }
        if let Some(expected) = &self.hub.config.access_code {
            if !auth::same_secret(access_code.unwrap_or_default(), expected) {
                if access_code.is_some() {
                    self.hub.failures.failed(self.peer, Guess::AccessCode);
                }
                let refused = match access_code {
                    None => SessionError::NeedsAccessCode,
                    Some(_) => SessionError::WrongAccessCode,
                };
                self.error(None, refused.into()).await;
                self.replies
                    .push(Outgoing::Close(close_code::POLICY, "access code".into()));
                return Ok(None);
            }
        }
        let name = names::check_name(name)?;
        let db = &self.hub.db;
        let (id, token) = match token {
            Some(token) => {
                let found = db
                    .player_by_token(&auth::token_hash(token))
                    .await
                    .context("doing-look-up-your-token")?;
                let Some(row) = found else {
                    self.hub.failures.failed(self.peer, Guess::Token);
                    return Err(SessionError::UnknownToken.into());
                };
                if row.name != name {
                    db.rename_player(row.id, &name)
                        .await
                        .context("doing-rename-you")?;
                }
                (row.id, token.trim().to_owned())
            }
            None => {
                let token = auth::new_token().context("doing-make-a-token")?;
                let id = db
                    .create_player(&name, &auth::token_hash(&token))
                    .await
                    .context("doing-register-you")?;
                (id, token)
            }
        };
        let matches = db
            .open_matches_of(id)
            .await
            .context("doing-list-your-matches")?;
        let namesakes = db
            .namesakes_of(id, &name)
            .await
            .context("doing-look-for-others-of-your-name")?
            .into_iter()
            .map(|(player, matches)| Namesake {
                player_id: player.id,
                name: player.name,
                connected: self.hub.presence.is_here(player.id),
                matches,
            })
            .filter(|n| n.connected || !n.matches.is_empty())
            .collect();
        tracing::Span::current().record("player", id);
        tracing::info!(player = id, %name, "hello");
        self.player = Some(PlayerRef {
            id,
            name: name.clone(),
        });
        self.arrival = Some(self.hub.presence.arrive(id));
        Ok(Some(ServerBody::Welcome(Welcome {
            protocol: PROTOCOL_VERSION,
            player_id: id,
            name,
            token,
            server: format!("grundyd {}", env!("CARGO_PKG_VERSION")),
            server_id: self.hub.server_id.clone(),
            matches,
            namesakes,
        })))
    }

    /// The client left: stop following; the player is away once their last connection
    /// has left.
    pub(super) async fn leave(&mut self) {
        self.following.clear();
        self.leave_rooms().await;
        if self.arrival.take().is_some() {
            tracing::info!("left");
        }
    }
}
