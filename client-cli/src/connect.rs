//! Connecting as a person does: as the same player as last time on this server under this
//! name, when the token was kept; afresh otherwise. The token is kept per server (by the id it
//! announces), so `ws://localhost:7878` and `ws://127.0.0.1:7878/` are the same player.

use anyhow::{Context, Result};
use client::{with_scheme, Client, Hello, Identity};
use protocol::{ErrorCode, Namesake};

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
        Ok(welcome) => {
            if let Some(warning) = namesakes_warning(&welcome.name, &welcome.namesakes) {
                crate::commands::emit_error(&format!("grundy: {warning}"));
            }
            welcome.token.clone()
        }
        Err(e) if e.code() == Some(ErrorCode::BadAccessCode) => {
            return Err(e).context("the server wants an access code: pass --access-code");
        }
        Err(e) => return Err(e.into()),
    };
    if kept.as_deref() != Some(token.as_str()) {
        if let Err(e) = identity.keep(&token) {
            let place = identity.path().map(|p| p.display().to_string());
            crate::commands::emit_error(&format!(
                "grundy: cannot keep your identity in {} ({e}); `grundy resume` will not know you",
                place.unwrap_or_default()
            ));
        }
    }
    Ok(client)
}

/// The warning for other players here who go by our name, if any: who they are about, and
/// what to do.
fn namesakes_warning(name: &str, namesakes: &[Namesake]) -> Option<String> {
    let who = match namesakes {
        [] => return None,
        [one] => {
            let mut about = Vec::new();
            if one.connected {
                about.push("connected now".to_owned());
            }
            match one.matches.as_slice() {
                [] => {}
                [m] => about.push(format!("seated in match {m}")),
                more => {
                    let ids: Vec<String> = more.iter().map(i64::to_string).collect();
                    about.push(format!("seated in matches {}", ids.join(", ")));
                }
            }
            // The server finds namesakes by how names read: `аda` in Cyrillic for `ada`.
            let called = if one.name.to_lowercase() == name.to_lowercase() {
                format!("is also called {}", one.name)
            } else {
                format!("goes by {}, which reads the same as {name}", one.name)
            };
            format!("another player here {called} ({})", about.join(", "))
        }
        more => format!("{} other players here are also called {name}", more.len()),
    };
    Some(format!(
        "warning: {who}: others cannot tell you apart; choose another name with --name or \
         GRUNDY_NAME"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn namesake(connected: bool, matches: &[i64]) -> Namesake {
        Namesake {
            player_id: 2,
            name: "Ada".to_owned(),
            connected,
            matches: matches.to_vec(),
        }
    }

    #[test]
    fn a_namesake_is_said_with_what_they_are_doing() {
        assert_eq!(namesakes_warning("ada", &[]), None);
        let one = namesakes_warning("ada", &[namesake(true, &[12])]).unwrap();
        assert_eq!(
            one,
            "warning: another player here is also called Ada (connected now, seated in match \
             12): others cannot tell you apart; choose another name with --name or GRUNDY_NAME"
        );
        let two = namesakes_warning("ada", &[namesake(false, &[3, 4]), namesake(true, &[])]);
        assert!(two
            .unwrap()
            .starts_with("warning: 2 other players here are also called ada:"));
        let away = namesakes_warning("ada", &[namesake(false, &[3, 4])]).unwrap();
        assert!(away.contains("(seated in matches 3, 4)"), "{away}");
        let lookalike = namesakes_warning("\u{430}da", &[namesake(true, &[])]).unwrap();
        assert!(
            lookalike.starts_with(
                "warning: another player here goes by Ada, which reads the same as \u{430}da \
                 (connected now)"
            ),
            "{lookalike}"
        );
    }
}
