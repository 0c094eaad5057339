//! The HTTP side of the listening port, on axum's router: a websocket upgrade at any address
//! becomes a protocol connection (`connection::serve`), a plain `GET` gets the browser
//! client's page or one of its files, compiled into the binary. One port, one address, for
//! `grundy` and browsers alike.

use std::sync::Arc;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

mod assets;
mod http;
mod origin;
mod socket;

pub use http::{refuse, serve};

use crate::hub::Hub;

/// The addresses of the browser client's page, which reads the address itself (`route()` in
/// `web/app.js`): the lobby, a match, a review, the analysis board, the rooms and a room.
/// Their parts are not checked here: the page shows the lobby at an address it cannot read.
const PAGES: [&str; 7] = [
    "/",
    "/m/{id}",
    "/review/{id}",
    // A position may hold slashes (the L-game's `…N/RRRB/…`).
    "/analyse/{game}/{*position}",
    "/room",
    "/room/{code}",
    // Every board of a room under way, for a projector.
    "/room/{code}/boards",
];

/// Everything the port answers: the websocket at any address, the page at each of
/// [`PAGES`], its files under `/assets/`, and a `404` saying where things are for the rest.
pub fn router(hub: Arc<Hub>) -> Router {
    // Around every route and the fallback: an upgrade never reaches them.
    routes().layer(axum::middleware::from_fn_with_state(hub, socket::upgrade))
}

/// The plain HTTP routes: the page at each of [`PAGES`], its files, and the fallbacks.
fn routes() -> Router {
    let pages = PAGES.into_iter().fold(Router::new(), |router, page| {
        router.route(page, get(assets::page))
    });
    pages
        .route("/assets/{*file}", get(assets::file))
        .fallback(not_found)
        .method_not_allowed_fallback(only_get)
}

/// The fallback route: nothing is served at this address.
async fn not_found() -> Response {
    nothing_here()
}

/// The answer for an address where nothing is served.
fn nothing_here() -> Response {
    text(
        StatusCode::NOT_FOUND,
        "nothing here: the page is at /, the websocket at the same address\n",
    )
}

/// The answer to another method than `GET` (or `HEAD`) at a page's or a file's address.
async fn only_get() -> Response {
    let mut response = text(StatusCode::METHOD_NOT_ALLOWED, "only GET is served here\n");
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    response
}

/// An answer in plain text.
fn text(status: StatusCode, body: impl Into<String>) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        body.into(),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{Method, Request};
    use tower::Service;

    use super::*;

    async fn answer(method: Method, path: &str) -> Response {
        let req = Request::builder()
            .method(method)
            .uri(path)
            .body(Body::empty())
            .expect("a request");
        match routes().call(req).await {
            Ok(response) => response,
            Err(never) => match never {},
        }
    }

    #[tokio::test]
    async fn the_page_is_at_each_of_its_addresses_and_nowhere_else() {
        for page in [
            "/",
            "/m/12",
            "/review/3",
            "/analyse/queen/5,3",
            "/analyse/lgame/...N/RRRB/RBBB/N...%20r",
            "/room",
            "/room/K7Q2",
            "/room/K7Q2/boards",
        ] {
            let response = answer(Method::GET, page).await;
            assert_eq!(response.status(), StatusCode::OK, "{page}");
            let kind = &response.headers()[header::CONTENT_TYPE];
            assert_eq!(kind, "text/html; charset=utf-8", "{page}");
        }
        for other in [
            "/m/",
            "/m/1/2",
            "/review",
            "/analyse/queen",
            "/room/K7Q2/x",
            "/assets/nothing.js",
            "/assets/a/app.js",
            "/x",
        ] {
            let response = answer(Method::GET, other).await;
            assert_eq!(response.status(), StatusCode::NOT_FOUND, "{other}");
        }
        for script in ["/assets/app.js", "/assets/vendor/snabbdom/init.js"] {
            let response = answer(Method::HEAD, script).await;
            assert_eq!(response.status(), StatusCode::OK, "{script}");
        }
        let posted = answer(Method::POST, "/m/12").await;
        assert_eq!(posted.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(posted.headers()[header::ALLOW], "GET, HEAD");
    }
}
