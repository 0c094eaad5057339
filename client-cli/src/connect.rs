//! Connecting as a person does: as the same player as last time on this server under this
//! name, when the token was kept; afresh otherwise.

use anyhow::{Context, Result};
use client::{with_scheme, Client, Hello, Identity};
use protocol::ErrorCode;

/// Opens a connection to `server` and says hello as `name`, with the token kept for this
/// server and name (forgotten and replaced when the server does not know it).
pub async fn connect(server: &str, name: &str, access_code: Option<String>) -> Result<Client> {
    let url = with_scheme(server);
    let identity = Identity::new(&url, name);
    let kept = identity.token();
    let mut client = Client::open(&url).await?;
    let hello = Hello::new(name).with_access_code(access_code);
    let welcome = match client.hello(hello.clone().with_token(kept.clone())).await {
        // The server does not know us (a new database): start afresh.
        Err(e) if e.code() == Some(ErrorCode::BadToken) => {
            identity.forget();
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
