//! The browser client's files, compiled into the binary (a classroom LAN may have no
//! internet: nothing is fetched from elsewhere), and how each request for one is answered.
//! Every page address (`/`, `/m/12`, `/review/12`, `/analyse/queen/5,3`, `/room`,
//! `/room/K7Q2`) gets the same page,
//! which reads the address itself.

use std::sync::LazyLock;

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use sha2::{Digest, Sha256};

/// One served file.
struct Asset {
    /// Its address.
    path: &'static str,
    content_type: &'static str,
    body: &'static [u8],
}

/// The page and everything it loads.
const ASSETS: &[Asset] = &[
    Asset {
        path: "/assets/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("../../web/style.css"),
    },
    Asset {
        path: "/assets/app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../web/app.js"),
    },
    Asset {
        path: "/assets/net.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../web/net.js"),
    },
    Asset {
        path: "/assets/dom.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../web/dom.js"),
    },
    Asset {
        path: "/assets/match.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../web/match.js"),
    },
    Asset {
        path: "/assets/room.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../web/room.js"),
    },
    Asset {
        path: "/assets/boards.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../web/boards.js"),
    },
    Asset {
        path: "/assets/review.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../web/review.js"),
    },
    Asset {
        path: "/assets/analyse.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../web/analyse.js"),
    },
    Asset {
        path: "/assets/table.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../web/table.js"),
    },
    Asset {
        path: "/assets/games.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../web/games.js"),
    },
    Asset {
        path: "/assets/lobby.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../web/lobby.js"),
    },
    Asset {
        path: "/assets/icon.svg",
        content_type: "image/svg+xml",
        body: include_bytes!("../../web/icon.svg"),
    },
];

/// The page itself, served at every page address.
const PAGE: Asset = Asset {
    path: "/",
    content_type: "text/html; charset=utf-8",
    body: include_bytes!("../../web/index.html"),
};

/// Scripts only from here and no inline script or style; connections only to this host
/// (`connect_src`: `'self'` covers `ws:` to the same host in CSP 3, but not in every browser
/// yet, so the websocket's address is named too).
fn csp(connect_src: &str) -> String {
    format!(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src {connect_src}; base-uri 'none'; form-action 'none'; \
         frame-ancestors 'none'"
    )
}

/// Each file's entity tag: a hash of its bytes, so a browser revalidates cheaply and never
/// keeps a file older than the binary.
static ETAGS: LazyLock<Vec<String>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .chain(std::iter::once(&PAGE))
        .map(|a| {
            let hash = Sha256::digest(a.body);
            let hex: String = hash[..8].iter().map(|b| format!("{b:02x}")).collect();
            format!("\"{hex}\"")
        })
        .collect()
});

/// Whether `path` is one of the page's addresses.
fn is_page(path: &str) -> bool {
    let mut parts = path.trim_start_matches('/').split('/');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some("" | "room"), None, ..) => true,
        (Some("room"), Some(code), None, _) => {
            code.len() == 4 && code.bytes().all(|b| b.is_ascii_alphanumeric())
        }
        (Some("m" | "review"), Some(id), None, _) => {
            !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())
        }
        // A position may hold slashes (the L-game's `…N/RRRB/…`).
        (Some("analyse"), Some(game), Some(_), _) => !game.is_empty(),
        _ => false,
    }
}

/// The answer to a request that is not a websocket upgrade.
pub fn answer<B>(req: &Request<B>) -> Response<Full<Bytes>> {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        let mut response = super::text(StatusCode::METHOD_NOT_ALLOWED, "only GET is served here\n");
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    let path = req.uri().path();
    let found = if is_page(path) {
        Some((&PAGE, ASSETS.len()))
    } else {
        ASSETS
            .iter()
            .enumerate()
            .find(|(_, a)| a.path == path)
            .map(|(i, a)| (a, i))
    };
    let Some((asset, i)) = found else {
        return super::text(
            StatusCode::NOT_FOUND,
            "nothing here: the page is at /, the websocket at the same address\n",
        );
    };
    let etag = &ETAGS[i];
    let fresh = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut response = if fresh {
        let mut r = Response::new(Full::new(Bytes::new()));
        *r.status_mut() = StatusCode::NOT_MODIFIED;
        r
    } else {
        let mut r = Response::new(Full::new(Bytes::from_static(asset.body)));
        r.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(asset.content_type),
        );
        r
    };
    let h = response.headers_mut();
    if let Ok(tag) = HeaderValue::from_str(etag) {
        h.insert(header::ETAG, tag);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok());
    if let Ok(policy) = HeaderValue::from_str(&csp(&super::origin::connect_src(host))) {
        h.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_addresses_are_told_from_others() {
        for page in [
            "/",
            "/m/12",
            "/review/3",
            "/analyse/queen/5,3",
            "/analyse/lgame/...N/RRRB/RBBB/N... r",
            "/room",
            "/room/K7Q2",
        ] {
            assert!(is_page(page), "{page}");
        }
        for other in [
            "/m/",
            "/m/x",
            "/m/1/2",
            "/review",
            "/analyse/queen",
            "/room/K7Q2X",
            "/room/K7Q2/x",
            "/assets/app.js",
            "/x",
        ] {
            assert!(!is_page(other), "{other}");
        }
    }

    #[test]
    fn every_asset_is_served_with_its_type_and_revalidated_by_its_tag() {
        for asset in ASSETS {
            let req = Request::get(asset.path).body(()).expect("a request");
            let response = answer(&req);
            assert_eq!(response.status(), StatusCode::OK, "{}", asset.path);
            assert_eq!(response.headers()[header::CONTENT_TYPE], asset.content_type);
            let tag = response.headers()[header::ETAG].clone();
            let again = Request::get(asset.path)
                .header(header::IF_NONE_MATCH, tag)
                .body(())
                .expect("a request");
            assert_eq!(answer(&again).status(), StatusCode::NOT_MODIFIED);
        }
    }
}
