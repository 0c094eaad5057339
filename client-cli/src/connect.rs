//! Connecting as a person does: as the same player as last time on this server under this
//! name, when the token was kept; afresh otherwise. The token is kept per server (by the id it
//! announces), so `ws://localhost:7878` and `ws://127.0.0.1:7878/` are the same player.

use anyhow::{Context, Result};
use client::{with_scheme, Client, Hello, Identity};
use protocol::ErrorCode;

/// Opens a connection to `server` and says hello as `name`, with the token kept for this
/// server and name (forgotten and replaced when the server does not know it).
pub async fn connect(server: &str, name: &str, access_code: Option<String>) -> Result<Client> {
    let url = with_scheme(server);
    let mut client = Client::open(&url).await?;
    let by_address = Identity::new(&url, name);
    let identity = match client.server_id() {
        Some(id) => Identity::new(&format!("server-{id}"), name),
        None => by_address.clone(),
    };
    // A token kept under the address (before servers said who they are) still counts.
    let kept = identity.token().or_else(|| by_address.token());
    let hello = Hello::new(name).with_access_code(access_code);
    let welcome = match client.hello(hello.clone().with_token(kept.clone())).await {
        // The server does not know us (a new database): start afresh.
        Err(e) if e.code() == Some(ErrorCode::BadToken) => {
            identity.forget();
            by_address.forget();
            client.hello(hello).await
        }
        other => other,
    };
    let token = match welcome {
        Ok(welcome) => welcome.token.clone(),
        Err(e) if e.code() == Some(ErrorCode::BadAccessCode) => {
            return Err(e).context("the server wants an access code: pass --access-code");
        }
        Err(e) => return Err(e.into()),
    };
    if kept.as_deref() != Some(token.as_str()) {
        if let Err(e) = identity.keep(&token) {
            let place = identity.path().map(|p| p.display().to_string());
            eprintln!(
                "grundy: cannot keep your identity in {} ({e}); `grundy resume` will not know you",
                place.unwrap_or_default()
            );
        }
    }
    Ok(client)
}
