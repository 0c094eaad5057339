//! The browser client's files: the folder `daemon/web/` compiled into the binary (a
//! classroom LAN may have no internet: nothing is fetched from elsewhere), each served with
//! its type, an entity tag for cheap revalidation, and gzipped to browsers that take it.

use std::collections::HashMap;
use std::io::Write;
use std::sync::LazyLock;

use axum::extract::Path;
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use flate2::write::GzEncoder;
use rust_embed::Embed;
use sha2::Digest;

/// Every file of the browser client, embedded (in debug builds too: a binary is the same
/// wherever it runs).
#[derive(Embed)]
#[folder = "web/"]
struct Files;

/// The page, served at every page address (`super::PAGES`).
const PAGE: &str = "index.html";

/// One file as it is served.
struct Served {
    /// Its `Content-Type`.
    content_type: HeaderValue,
    /// Its bytes.
    body: Bytes,
    /// Its entity tag: a hash of its bytes, so that a browser revalidates cheaply and never
    /// keeps a file older than the binary.
    etag: HeaderValue,
    /// Its bytes gzipped, with their own tag; `None` where gzip saves nothing.
    gzip: Option<(Bytes, HeaderValue)>,
}

/// The files by name, with their tags and gzipped bytes, made once. The message catalogs (`protocol::i18n`) are served beside the files, at `i18n/LANG.ftl`.
static SERVED: LazyLock<HashMap<String, Served>> = LazyLock::new(|| {
    let files = Files::iter().filter_map(|name| {
        let file = Files::get(&name)?;
        let body = match file.data {
            std::borrow::Cow::Borrowed(b) => Bytes::from_static(b),
            std::borrow::Cow::Owned(v) => Bytes::from(v),
        };
        Some((name.into_owned(), body))
    });
    let catalogs = protocol::i18n::CATALOGS.iter().map(|(lang, text)| {
        (
            format!("i18n/{lang}.ftl"),
            Bytes::from_static(text.as_bytes()),
        )
    });
    files
        .chain(catalogs)
        .filter_map(|(name, body)| {
            let hash = sha2::Sha256::digest(&body);
            let hex: String = hash[..8].iter().map(|b| format!("{b:02x}")).collect();
            let gzip = gzip(&body)
                .filter(|g| g.len() < body.len())
                .and_then(|g| Some((g, HeaderValue::from_str(&format!("\"{hex}-gz\"")).ok()?)));
            let served = Served {
                content_type: HeaderValue::from_static(content_type(&name)),
                body,
                etag: HeaderValue::from_str(&format!("\"{hex}\"")).ok()?,
                gzip,
            };
            Some((name, served))
        })
        .collect()
});

/// `bytes` gzipped.
fn gzip(bytes: &[u8]) -> Option<Bytes> {
    let mut encoder = GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

/// The `Content-Type` of a file named `name`.
fn content_type(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        // The vendored libraries' licences and notes.
        Some("txt") => "text/plain; charset=utf-8",
        // The message catalogs (Project Fluent), and a vendored library's type declarations
        // (`.d.ts`, for the page's type check).
        Some("ftl" | "ts") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The page, at any of its addresses.
pub async fn page(headers: HeaderMap) -> Response {
    answer(PAGE, &headers)
}

/// The file `/assets/{name}`.
pub async fn file(Path(name): Path<String>, headers: HeaderMap) -> Response {
    answer(&name, &headers)
}

/// The answer to a `GET` of the file `name` with the request's `headers`: the file, gzipped
/// when the browser takes it; `304` when the browser's copy is this one; `404` when there is
/// no such file.
fn answer(name: &str, headers: &HeaderMap) -> Response {
    let Some(served) = SERVED.get(name) else {
        return super::nothing_here();
    };
    let gzip = served.gzip.as_ref().filter(|_| takes_gzip(headers));
    let etag = gzip.map_or(&served.etag, |(_, tag)| tag);
    // Either tag names this version of the file; the browser keeps whichever it was sent.
    let fresh = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|t| {
            t.as_bytes() == served.etag.as_bytes()
                || served
                    .gzip
                    .as_ref()
                    .is_some_and(|(_, tag)| t.as_bytes() == tag.as_bytes())
        });
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut r = match gzip {
            Some((bytes, _)) => {
                let mut r = bytes.clone().into_response();
                r.headers_mut()
                    .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
                r
            }
            None => served.body.clone().into_response(),
        };
        r.headers_mut()
            .insert(header::CONTENT_TYPE, served.content_type.clone());
        r
    };
    let h = response.headers_mut();
    h.insert(header::ETAG, etag.clone());
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if served.gzip.is_some() {
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
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

/// Whether a request with `headers` takes gzip (`Accept-Encoding: gzip`, not with `q=0`).
fn takes_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let named = parts
                .next()
                .is_some_and(|name| name.eq_ignore_ascii_case("gzip"));
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            named && !refused
        })
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn get(name: &str, headers: &[(header::HeaderName, &str)]) -> Response {
        let mut h = HeaderMap::new();
        for (k, v) in headers {
            h.insert(k, HeaderValue::from_str(v).expect("a header value"));
        }
        answer(name, &h)
    }

    #[test]
    fn every_file_is_served_with_its_type_and_revalidated_by_its_tag() {
        let names: Vec<_> = Files::iter().collect();
        assert!(names.len() > 10, "{names:?}");
        for name in names {
            let response = get(&name, &[]);
            assert_eq!(response.status(), StatusCode::OK, "{name}");
            let kind = &response.headers()[header::CONTENT_TYPE];
            assert_ne!(kind, "application/octet-stream", "{name}");
            let tag = response.headers()[header::ETAG].to_str().expect("a tag");
            let again = get(&name, &[(header::IF_NONE_MATCH, tag)]);
            assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{name}");
        }
        assert_eq!(get("nothing.js", &[]).status(), StatusCode::NOT_FOUND);
    }

    #[test]
    fn browsers_that_take_gzip_get_it() {
        let gzip = [(header::ACCEPT_ENCODING, "gzip, deflate, br")];
        let zipped = get("app.js", &gzip);
        assert_eq!(zipped.headers()[header::CONTENT_ENCODING], "gzip");
        let tag = zipped.headers()[header::ETAG].to_str().expect("a tag");
        assert_ne!(tag, get("app.js", &[]).headers()[header::ETAG]);
        let again = get("app.js", &[gzip[0].clone(), (header::IF_NONE_MATCH, tag)]);
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        for refused in ["gzip;q=0", "identity", "br"] {
            let plain = get("app.js", &[(header::ACCEPT_ENCODING, refused)]);
            assert!(
                !plain.headers().contains_key(header::CONTENT_ENCODING),
                "{refused}"
            );
        }
    }
}
