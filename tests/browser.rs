//! The browser client, driven in a real headless browser (through WebDriver) against a real
//! server: pointing and clicking as a student does. Chromium's headless shell with
//! chromedriver by default: Chromium's own engine (Blink and V8) without the windowed
//! browser's interface around it, which takes twice the processor time for the same pages.
//! Firefox with geckodriver when `GRUNDY_BROWSER=firefox` (`GECKODRIVER` names the driver if
//! it is not on the PATH). Without the browser and its driver these tests say loudly that
//! they are skipped; under CI (`CI` set) they fail instead, so CI never skips them
//! (`.ci/run` installs them).

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use grundy_e2e::Server;
use protocol::{Game, GameParams, Request};

/// Longest wait for anything the page shows.
const PATIENCE: Duration = Duration::from_secs(30);

/// The browser the tests drive, and its WebDriver.
struct Kind {
    name: &'static str,
    binary: String,
    driver: String,
    /// How to install both, said when they are missing.
    install: &'static str,
}

impl Kind {
    /// Chromium, or Firefox when `GRUNDY_BROWSER=firefox`.
    fn chosen() -> Kind {
        if std::env::var("GRUNDY_BROWSER").is_ok_and(|b| b == "firefox") {
            Kind {
                name: "firefox",
                binary: "/usr/bin/firefox-esr".to_owned(),
                driver: std::env::var("GECKODRIVER").unwrap_or_else(|_| "geckodriver".to_owned()),
                install: "apt-get install firefox-esr; cargo install geckodriver",
            }
        } else {
            Kind {
                name: "chromium",
                binary: "/usr/lib/chromium/chromium-headless-shell".to_owned(),
                driver: "/usr/bin/chromedriver".to_owned(),
                install: "apt-get install chromium-headless-shell chromium-driver",
            }
        }
    }

    /// What is missing of the browser and its driver.
    fn missing(&self) -> Vec<String> {
        let found = |p: &str| {
            if p.contains('/') {
                std::path::Path::new(p).exists()
            } else {
                std::env::var_os("PATH").is_some_and(|path| {
                    std::env::split_paths(&path).any(|dir| dir.join(p).exists())
                })
            }
        };
        [&self.binary, &self.driver]
            .into_iter()
            .filter(|p| !found(p))
            .cloned()
            .collect()
    }

    /// The capabilities of a headless session with a profile of its own, and the folder that
    /// holds it for Firefox; chromedriver makes a new one for each Chromium session itself
    /// (the headless shell does not start with a profile folder given to it).
    fn capabilities(
        &self,
    ) -> Result<(
        serde_json::Map<String, serde_json::Value>,
        Option<tempfile::TempDir>,
    )> {
        let mut caps = serde_json::Map::new();
        if self.name == "firefox" {
            let profile = tempfile::tempdir()?;
            let args = [
                "-headless".to_owned(),
                "-profile".to_owned(),
                profile.path().display().to_string(),
                "--width=1000".to_owned(),
                "--height=800".to_owned(),
            ];
            caps.insert(
                "moz:firefoxOptions".to_owned(),
                serde_json::json!({ "binary": self.binary, "args": args }),
            );
            return Ok((caps, Some(profile)));
        } else {
            let args = [
                "--no-sandbox".to_owned(),
                "--disable-gpu".to_owned(),
                "--disable-dev-shm-usage".to_owned(),
                // The machine's network is closed: no calls home.
                "--disable-background-networking".to_owned(),
                "--disable-component-update".to_owned(),
                "--disable-sync".to_owned(),
                "--no-first-run".to_owned(),
                "--window-size=1000,800".to_owned(),
            ];
            caps.insert(
                "goog:chromeOptions".to_owned(),
                serde_json::json!({ "binary": self.binary, "args": args }),
            );
        }
        Ok((caps, None))
    }
}

/// One browser with its own profile (its own kept identity): a student's.
struct Browser {
    client: Client,
    driver: Child,
    kind: &'static str,
    /// Firefox's profile folder, removed with the browser.
    _profile: Option<tempfile::TempDir>,
}

impl Browser {
    /// A new headless browser; `None` (said on stderr) when it is not installed here.
    async fn open() -> Result<Option<Browser>> {
        let kind = Kind::chosen();
        let missing = kind.missing();
        if !missing.is_empty() {
            if std::env::var_os("CI").is_some() {
                bail!("CI must run the browser tests, but {missing:?} are missing: .ci/run installs them");
            }
            eprintln!(
                "SKIPPED: browser test, {} not installed ({})",
                missing.join(" and "),
                kind.install
            );
            return Ok(None);
        }
        let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        let driver = Command::new(&kind.driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("start {}", kind.driver))?;
        let (caps, profile) = kind.capabilities()?;
        let url = format!("http://127.0.0.1:{port}");
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        // Tried again while the driver starts listening, for at most twice PATIENCE in all:
        // a browser that never starts (the driver gives up on it after a minute) fails the
        // test instead of holding it for an hour.
        let started = std::time::Instant::now();
        let client = loop {
            match ClientBuilder::new(connector.clone())
                .capabilities(caps.clone())
                .connect(&url)
                .await
            {
                Ok(client) => break client,
                Err(_) if started.elapsed() < PATIENCE * 2 => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => bail!("cannot open a {} session: {e}", kind.name),
            }
        };
        Ok(Some(Browser {
            client,
            driver,
            kind: kind.name,
            _profile: profile,
        }))
    }

    /// Opens `path` of the server's page.
    async fn goto(&self, server: &Server, path: &str) -> Result<()> {
        let base = server.url().replace("ws://", "http://");
        self.client
            .goto(&format!("{}{path}", base.trim_end_matches('/')))
            .await?;
        Ok(())
    }

    /// The first element matching `css`, once there.
    async fn find(&self, css: &str) -> Result<fantoccini::elements::Element> {
        self.client
            .wait()
            .at_most(PATIENCE)
            .for_element(Locator::Css(css))
            .await
            .with_context(|| format!("waiting for {css}"))
    }

    /// Waits until the text of `css` satisfies `ok`; that text.
    async fn text_until(&self, css: &str, ok: impl Fn(&str) -> bool) -> Result<String> {
        let start = std::time::Instant::now();
        loop {
            if let Ok(e) = self.client.find(Locator::Css(css)).await {
                if let Ok(text) = e.text().await {
                    if ok(&text) {
                        return Ok(text);
                    }
                }
            }
            if start.elapsed() > PATIENCE {
                let now = match self.client.find(Locator::Css(css)).await {
                    Ok(e) => e.text().await.unwrap_or_default(),
                    Err(_) => "(not there)".to_owned(),
                };
                bail!("waited {PATIENCE:?} for {css}; it says {now:?}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Enters the name asked on a first visit.
    async fn sign_in(&self, name: &str) -> Result<()> {
        let field = self.find("#name").await?;
        field.send_keys(name).await?;
        self.find("form.card button[type=submit]")
            .await?
            .click()
            .await?;
        self.text_until("#status", |s| s == "online").await?;
        Ok(())
    }

    /// Writes a screenshot where a person can look at it, when `GRUNDY_SCREENSHOTS` is set
    /// (the pictures are for people, who look at them: taken and encoded, the 55 of a run
    /// cost the suite several seconds of both processors); its path.
    async fn screenshot(&self, name: &str) -> Result<PathBuf> {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        let path = dir.join(format!("{}-{name}.png", self.kind));
        if std::env::var_os("GRUNDY_SCREENSHOTS").is_some() {
            std::fs::create_dir_all(&dir)?;
            std::fs::write(&path, self.client.screenshot().await?)?;
        }
        Ok(path)
    }

    async fn close(mut self) -> Result<()> {
        let closed = self.client.clone().close().await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        closed?;
        Ok(())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
    }
}

/// Fills the lobby's form for a new match with `fields` (name, value), in order, as a person
/// choosing each would, and creates it; its page is shown.
async fn create(b: &Browser, fields: &[(&str, &str)]) -> Result<()> {
    b.find("select[name=game]").await?;
    b.client
        .execute(
            "const [fields] = arguments;
             const form = document.querySelector('form.create');
             for (const [name, value] of fields) {
               if (form[name].type === 'checkbox') form[name].checked = value === 'on';
               else form[name].value = value;
               form[name].dispatchEvent(new Event('change'));
             }",
            vec![serde_json::json!(fields)],
        )
        .await?;
    b.find("form.create button[type=submit]")
        .await?
        .click()
        .await?;
    b.text_until("h1", |t| t.starts_with("Match ")).await?;
    Ok(())
}

/// Creates a match against the perfect engine; its page is shown.
async fn create_vs_engine(b: &Browser, game: &str) -> Result<()> {
    create(b, &[("game", game), ("opponent", "engine:perfect")]).await
}

/// Creates a match against a person; the path of its page, once it waits for an opponent.
async fn open_match(b: &Browser, fields: &[(&str, &str)]) -> Result<String> {
    create(b, fields).await?;
    b.text_until(".notice", |t| t.starts_with("Waiting for an opponent"))
        .await?;
    Ok(b.client.current_url().await?.path().to_owned())
}

/// Plays by clicking the first legal square or stone whenever it is our turn, until the
/// result shows; the sentence that says it.
async fn click_until_over(b: &Browser) -> Result<String> {
    let start = std::time::Instant::now();
    loop {
        let notice = b.find(".notice").await?.text().await.unwrap_or_default();
        if notice.contains("wins") || notice.starts_with("You win") || notice.contains("no winner")
        {
            return Ok(notice);
        }
        // A square, a stone, a part of the L or a neutral piece; once the L's four squares
        // are chosen and no neutral piece can move, the L alone. The board may be drawn again
        // between finding and clicking: tried again.
        let next = [
            "button.legal:not(.chosen)",
            ".lgame-board .actions button:not([hidden])",
        ];
        for css in next {
            if let Ok(cell) = b.client.find(Locator::Css(css)).await {
                let _ = cell.click().await;
                break;
            }
        }
        if start.elapsed() > PATIENCE * 2 {
            bail!("no result after {:?}: {notice:?}", start.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

/// A game of each family whose moves are made by pointing, against the perfect engine,
/// played to its end; a hostile name shows as the characters typed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_played_by_clicking_and_names_are_text() -> Result<()> {
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    b.goto(&server, "/").await?;
    let hostile = "<img src=x onerror=alert(1)>";
    b.sign_in(hostile).await?;
    b.screenshot("lobby").await?;
    accessible(&b, "the lobby").await?;
    for game in ["nim", "queen", "chocolate", "lgame"] {
        b.goto(&server, "/").await?;
        create_vs_engine(&b, game).await?;
        b.find("button.legal").await?;
        b.screenshot(&format!("board-{game}")).await?;
        accessible(&b, &format!("a {game} match")).await?;
        let verdict = click_until_over(&b).await?;
        assert!(
            verdict.contains("engine (perfect) wins"),
            "{game}: {verdict}"
        );
        let me = b.find(".seat .name").await?.text().await?;
        assert_eq!(me, format!("{hostile} (you)"));
        let images = b.client.find_all(Locator::Css(".seats img")).await?;
        assert!(images.is_empty(), "the name became HTML");
    }
    // A sum: its components side by side, each with its Grundy number, and the nim-sum;
    // played by pointing in any component.
    b.goto(&server, "/").await?;
    create_vs_engine(&b, "sum").await?;
    b.find(".sum button.legal").await?;
    let captions = b.client.find_all(Locator::Css(".sum figcaption")).await?;
    assert_eq!(captions.len(), 3);
    b.text_until(".nim-sum", |t| {
        t.starts_with("nim-sum ") && t.contains(" = ")
    })
    .await?;
    b.screenshot("board-sum").await?;
    let verdict = click_until_over(&b).await?;
    assert!(verdict.contains("wins"), "sum: {verdict}");
    // The first game, reviewed: annotations, the steps, the value history.
    b.goto(&server, "/review/1").await?;
    let summary = b
        .text_until(".summary", |t| {
            t.contains("engine (perfect) won: the last stone is taken")
        })
        .await?;
    assert!(
        summary.contains("best") && summary.contains("blunder"),
        "{summary}"
    );
    b.find(".chart svg").await?;
    let marks = b
        .client
        .find_all(Locator::Css(".review-list .mark"))
        .await?;
    assert!(!marks.is_empty(), "every move annotated");
    b.find("button[aria-label='one ply forward']")
        .await?
        .click()
        .await?;
    b.text_until(".step", |t| t.starts_with("ply 1 of "))
        .await?;
    let said = b
        .text_until(".annotation", |t| t.starts_with("1. "))
        .await?;
    assert!(said.contains(&format!("{hostile} played")), "{said}");
    b.screenshot("review").await?;
    accessible(&b, "a review").await?;
    // A position analysed: its value, and each move's on the board and in the table.
    b.goto(&server, "/analyse/queen/5,6?size=11").await?;
    let verdict = b.text_until(".verdict", |t| t.starts_with("A win")).await?;
    assert_eq!(
        verdict,
        "A win for the player to move, in 3 plies with best play; Grundy number 10; 16 legal moves."
    );
    let winning = b.client.find_all(Locator::Css(".sq.valued.win")).await?;
    let mut squares = Vec::new();
    for w in winning {
        squares.push(w.attr("aria-label").await?.unwrap_or_default());
    }
    squares.sort();
    assert_eq!(
        squares,
        [
            "1,2: this move wins, in 2 more plies",
            "5,3: this move wins, in 4 more plies"
        ]
    );
    let rows = b
        .client
        .find_all(Locator::Css(".moves-table tbody tr"))
        .await?;
    assert_eq!(rows.len(), 16);
    // The table beside it: 11 × 11 cells of the 11×11 board, the P-positions black.
    b.text_until(".table-section", |t| t.contains("The Grundy table"))
        .await?;
    let mut cells = Vec::new();
    for _ in 0..100 {
        cells = b
            .client
            .find_all(Locator::Css(".table-picture rect.pick"))
            .await?;
        if !cells.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(cells.len(), 121);
    let black = b
        .client
        .find_all(Locator::Css(".table-picture rect.pick[fill='#000']"))
        .await?;
    // 0,0 1,2 2,1 3,5 5,3 4,7 7,4 6,10 10,6.
    assert_eq!(black.len(), 9);
    b.screenshot("analyse-queen").await?;
    accessible(&b, "an analysis").await?;
    // Each piece is drawn as what it is: the dragon king as shogi's 龍.
    b.goto(&server, "/analyse/dragon/3,5?size=8").await?;
    let piece = b.find(".grid.corner .sq.piece").await?;
    assert_eq!(
        piece.attr("aria-label").await?.as_deref(),
        Some("the dragon on 3,5")
    );
    let drawn = b
        .client
        .execute(
            "return getComputedStyle(document.querySelector('.sq.piece'), '::after').content",
            vec![],
        )
        .await?;
    assert_eq!(drawn, serde_json::json!("\"龍\""));
    b.screenshot("analyse-dragon").await?;
    // A piece of one's own, by its moves: the rook that also leaps like a knight.
    b.goto(&server, "/analyse/corner/5,3?size=16&piece=RN")
        .await?;
    b.text_until("h1", |t| t == "Analysis: corner RN 16×16")
        .await?;
    b.text_until(".verdict", |t| t.starts_with("A win")).await?;
    // The knight's leap is among the moves, each a link to its own analysis.
    let leap = b
        .find(".moves-table a[href='/analyse/corner/4,1?size=16&piece=RN']")
        .await?;
    assert_eq!(leap.text().await?, "4,1");
    b.screenshot("analyse-corner-rn").await?;
    b.client.set_window_size(390, 844).await?;
    fits_across(&b, "a defined piece's analysis").await?;
    b.screenshot("analyse-corner-rn-phone").await?;
    // A formula found from the table alone, on a phone: the rook is Nim.
    b.goto(&server, "/analyse/rook/3,5?size=8").await?;
    b.find(".guess-section button").await?.click().await?;
    b.text_until(".guess-result .formula", |t| t == "x xor y")
        .await?;
    let said = b
        .text_until(".guess-result", |t| t.contains("size 3"))
        .await?;
    assert!(
        said.contains("equals the Grundy numbers on all 1024 cells below 32")
            && said.contains("the shortest formula"),
        "{said}"
    );
    scroll_to(&b, ".guess-section").await?;
    fits_across(&b, "a formula found").await?;
    b.screenshot("analyse-guess-phone").await?;
    // The same report in Japanese, the language switched on the page.
    b.find("#language").await?.click().await?;
    let said = b
        .text_until(".guess-result", |t| t.contains("大きさ 3"))
        .await?;
    assert!(
        said.contains("最短の式です") && !said.contains("cells"),
        "{said}"
    );
    b.text_until(".guess-section h2", |t| t == "式を見つける")
        .await?;
    // The table's words follow the language too (the picture is made again).
    b.text_until(".table-text summary", |t| {
        !t.contains("Grundy numbers as a table")
    })
    .await?;
    scroll_to(&b, ".guess-section").await?;
    fits_across(&b, "a formula found, in Japanese").await?;
    b.screenshot("analyse-guess-phone-ja").await?;
    b.find("#language").await?.click().await?;
    b.text_until(".guess-section h2", |t| t == "Find a formula")
        .await?;
    b.client.set_window_size(1280, 800).await?;
    scroll_to(&b, ".guess-section").await?;
    b.screenshot("analyse-guess").await?;
    b.client.set_window_size(390, 844).await?;
    // A piece of one's own in a sum: named by its moves, its board drawn with it.
    b.goto(&server, "/analyse/sum/corner%20RN(8):5,3%20+%20nim:3,4")
        .await?;
    b.text_until(".explanation", |t| t.contains("1 corner RN(8):5,3"))
        .await?;
    b.text_until(".board-area", |t| t.contains("corner RN(8)"))
        .await?;
    fits_across(&b, "a sum with a defined piece").await?;
    b.screenshot("analyse-sum-defined-phone").await?;
    b.client.set_window_size(1000, 800).await?;
    // Misère play: the analysis says so, and a misère match is won by leaving the last stone.
    b.goto(&server, "/analyse/nim/1,1,1?misere=1").await?;
    b.text_until("h1", |t| t == "Analysis: misère nim").await?;
    let verdict = b
        .text_until(".verdict", |t| t.starts_with("A loss"))
        .await?;
    assert!(verdict.contains("in 3 plies"), "{verdict}");
    b.goto(&server, "/").await?;
    create(
        &b,
        &[
            ("game", "nim"),
            ("misere", "on"),
            ("start", "position"),
            ("position", "1,1"),
            ("opponent", "engine:perfect"),
        ],
    )
    .await?;
    b.text_until("h1", |t| t.ends_with("misère nim")).await?;
    let verdict = click_until_over(&b).await?;
    assert!(
        verdict.starts_with("You win") && verdict.contains("in misère play the last mover loses"),
        "{verdict}"
    );
    b.close().await?;
    server.stop().await
}

/// Two students play each other from two browsers while a third watches; one reloads the
/// page mid-game and is back in her seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_while_a_third_watches_and_a_reload_keeps_the_seat() -> Result<()> {
    let Some(ada) = Browser::open().await? else {
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    ada.goto(&server, "/").await?;
    ada.sign_in("ada").await?;
    let nim = [("game", "nim"), ("start", "position"), ("position", "1,2")];
    let path = open_match(&ada, &nim).await?;
    let Some(bob) = Browser::open().await? else {
        return Ok(());
    };
    bob.goto(&server, &path).await?;
    bob.sign_in("bob").await?;
    // A link to a waiting match asks before taking its seat.
    bob.text_until(".notice", |t| {
        t == "ada waits for an opponent: play this match?"
    })
    .await?;
    bob.screenshot("play-this-match").await?;
    press(&bob, "Play this match").await?;
    bob.text_until(".notice", |t| t == "ada to move.").await?;
    let Some(carol) = Browser::open().await? else {
        return Ok(());
    };
    carol.goto(&server, &path).await?;
    carol.sign_in("carol").await?;
    carol.text_until(".notice", |t| t == "ada to move.").await?;
    // Ada takes the whole second pile: 1,0.
    ada.text_until(".notice", |t| t == "Your move.").await?;
    ada.find("button[aria-label='pile 2, stone 1: take 2: move here']")
        .await?
        .click()
        .await?;
    bob.text_until(".history", |t| t.contains("ada: 2:2"))
        .await?;
    carol
        .text_until(".history", |t| t.contains("ada: 2:2"))
        .await?;
    // A reload: the same player, back in the seat, the move there.
    ada.client.refresh().await?;
    ada.text_until(".seat .name", |t| t == "ada (you)").await?;
    ada.text_until(".history", |t| t.contains("ada (you): 2:2"))
        .await?;
    bob.screenshot("two-players-bob").await?;
    carol.screenshot("watching-carol").await?;
    // Bob takes the last stone from the keyboard, typing the move as NOTATION.md writes it.
    bob.text_until(".notice", |t| t == "Your move.").await?;
    let typed = bob.find("#move").await?;
    typed
        .send_keys(&format!("1:1{}", char::from(fantoccini::key::Key::Enter)))
        .await?;
    let verdict = carol.text_until(".notice", |t| t.contains("wins")).await?;
    assert_eq!(verdict, "bob wins: the last stone is taken.");
    ada.text_until(".notice", |t| t == "bob wins: the last stone is taken.")
        .await?;
    // Again: ada asks, bob accepts, and both are taken to the new match.
    ada.find(".actions button:not([disabled])").await?;
    let rematch = ada
        .client
        .find(Locator::XPath("//button[text()='Rematch']"))
        .await?;
    rematch.click().await?;
    bob.find(".actions button").await?;
    bob.text_until(".actions", |t| t.contains("ada asks for a rematch: accept"))
        .await?;
    bob.client
        .find(Locator::XPath(
            "//button[starts-with(text(), 'ada asks for a rematch')]",
        ))
        .await?
        .click()
        .await?;
    for b in [&ada, &bob] {
        b.text_until("h1", |t| t.starts_with("Match 2: nim"))
            .await?;
    }
    let url = bob.client.current_url().await?;
    assert_eq!(url.path(), "/m/2");
    for b in [ada, bob, carol] {
        b.close().await?;
    }
    server.stop().await
}

/// A class's server with an access code: the page asks for it once, keeps it over a
/// reload, and takes a server restart up again by itself, back on the same match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_access_code_is_asked_once_and_a_restart_is_taken_up_again() -> Result<()> {
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let config = || daemon::Config {
        access_code: Some("owl-42".to_owned()),
        ..grundy_e2e::test_config()
    };
    let server = Server::start_with(&dir, config()).await?;
    b.goto(&server, "/").await?;
    b.find("#name").await?.send_keys("dan").await?;
    b.find("form.card button[type=submit]")
        .await?
        .click()
        .await?;
    // Refused without the code: asked for it, with the server's reason.
    let said = b.text_until("form.card .error", |t| !t.is_empty()).await?;
    assert!(said.contains("access code"), "{said}");
    b.find("#code").await?.send_keys("owl-42").await?;
    b.find("form.card button[type=submit]")
        .await?
        .click()
        .await?;
    b.text_until("#status", |s| s == "online").await?;
    open_match(&b, &[("game", "nim")]).await?;
    // A reload asks nothing again.
    b.client.refresh().await?;
    b.text_until("#status", |s| s == "online").await?;
    b.text_until(".notice", |t| t.starts_with("Waiting for an opponent"))
        .await?;
    assert!(b.client.find(Locator::Css("#name")).await.is_err());
    // The server restarts: the page reconnects by itself and shows the match again.
    let server = server.restart(&dir, config()).await?;
    b.text_until("#status", |s| s == "online").await?;
    b.text_until(".seat .name", |t| t == "dan (you)").await?;
    b.text_until(".notice", |t| t.starts_with("Waiting for an opponent"))
        .await?;
    b.close().await?;
    server.stop().await
}

/// Opens the lobby and creates an L-game against a person, with `clock` if given; the path
/// of its page, once it waits for an opponent.
async fn open_lgame(b: &Browser, server: &Server, clock: Option<&str>) -> Result<String> {
    b.goto(server, "/").await?;
    open_match(b, &[("game", "lgame"), ("clock", clock.unwrap_or(""))]).await
}

/// Clicks the button whose text starts with `label`.
async fn press(b: &Browser, label: &str) -> Result<()> {
    let xpath = format!("//button[starts-with(normalize-space(.), '{label}')]");
    b.client
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::XPath(&xpath))
        .await
        .with_context(|| format!("waiting for the button {label:?}"))?
        .click()
        .await?;
    Ok(())
}

/// The critical accessibility violations axe-core (vendored, test-only) finds on the page
/// `b` shows: none, or the test fails naming each rule and where it is broken.
async fn accessible(b: &Browser, page: &str) -> Result<()> {
    b.client
        .execute(include_str!("vendor/axe-core/axe.min.js"), vec![])
        .await?;
    let found = b
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] }).then(
               (r) => done(r.violations.filter((v) => v.impact === 'critical')
                 .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)),
               (e) => done([`axe failed: ${e}`]));",
            vec![],
        )
        .await?;
    let critical: Vec<String> = serde_json::from_value(found)?;
    anyhow::ensure!(
        critical.is_empty(),
        "{page}: critical accessibility violations: {critical:?}"
    );
    Ok(())
}

/// The rest of a match's controls, from two browsers: a waiting match aborted, a draw
/// offered and accepted in the L-game, and a flag falling on a short clock.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abort_draw_and_flag_fall_from_the_page() -> Result<()> {
    let Some(ada) = Browser::open().await? else {
        return Ok(());
    };
    let Some(bob) = Browser::open().await? else {
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    ada.goto(&server, "/").await?;
    ada.sign_in("ada").await?;
    bob.goto(&server, "/").await?;
    bob.sign_in("bob").await?;
    // Aborted while it waits.
    open_lgame(&ada, &server, None).await?;
    press(&ada, "Abort").await?;
    ada.text_until(".notice", |t| {
        t == "Over, no winner: the match was aborted."
    })
    .await?;
    // A draw offered by ada, accepted by bob.
    let path = open_lgame(&ada, &server, None).await?;
    bob.goto(&server, &path).await?;
    press(&bob, "Play this match").await?;
    bob.text_until(".notice", |t| t == "ada to move.").await?;
    press(&ada, "Offer a draw").await?;
    press(&bob, "Accept the draw").await?;
    for b in [&ada, &bob] {
        b.text_until(".notice", |t| t == "Over, no winner: a draw was agreed.")
            .await?;
    }
    // Resigning asks to be pressed again: a slip of the finger loses nothing.
    let path = open_lgame(&ada, &server, None).await?;
    bob.goto(&server, &path).await?;
    press(&bob, "Play this match").await?;
    bob.text_until(".notice", |t| t == "ada to move.").await?;
    press(&bob, "Resign").await?;
    bob.screenshot("resign-asked").await?;
    press(&bob, "Resign: press again").await?;
    ada.text_until(".notice", |t| t == "You win: bob resigned.")
        .await?;
    // Three seconds on each clock: ada, to move, lets hers run out.
    let path = open_lgame(&ada, &server, Some("0.05+0")).await?;
    // Bob takes it from the lobby: its Join takes the seat at once.
    bob.goto(&server, "/").await?;
    bob.find(&format!("a.join[href='{path}?join']"))
        .await?
        .click()
        .await?;
    bob.text_until(".seat .clock", |t| t.starts_with("0:0"))
        .await?;
    ada.text_until(".notice", |t| t == "bob wins: you ran out of time.")
        .await?;
    bob.text_until(".notice", |t| t == "You win: ada ran out of time.")
        .await?;
    bob.screenshot("flag-fall").await?;
    for b in [ada, bob] {
        b.close().await?;
    }
    server.stop().await
}

/// Whether the focused element of `b` is the one with `id`.
async fn focused(b: &Browser, id: &str) -> Result<bool> {
    let active = b.client.active_element().await?;
    Ok(active.attr("id").await?.as_deref() == Some(id))
}

/// A teacher opens a room in one browser and a student joins it in another; what each is
/// typing survives what the other does meanwhile (the page patches, it does not rebuild).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_student_answers_an_exercise_in_the_browser_and_the_teacher_sees_it() -> Result<()> {
    let Some(teacher) = Browser::open().await? else {
        return Ok(());
    };
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    teacher.goto(&server, "/room").await?;
    teacher.sign_in("teacher").await?;
    teacher
        .find("#room-name")
        .await?
        .send_keys("3B maths")
        .await?;
    teacher
        .find("form:has(#room-name) button")
        .await?
        .click()
        .await?;
    let heading = teacher
        .text_until("main h1", |t| t.ends_with("3B maths"))
        .await?;
    let code = heading
        .strip_prefix("Room ")
        .and_then(|t| t.split(' ').next())
        .context("the room's code in its heading")?
        .to_owned();
    // The student types the code on the rooms page, in small letters.
    b.goto(&server, "/room").await?;
    b.sign_in("ada").await?;
    b.find("#room-code")
        .await?
        .send_keys(&code.to_lowercase())
        .await?;
    b.find("form:has(#room-code) button").await?.click().await?;
    b.text_until("main h1", |t| t.contains(&code)).await?;
    // The teacher half-types a position while two more students join: the field keeps
    // what is typed and the focus.
    let position = teacher.find("#ask-position").await?;
    position.clear().await?;
    position.send_keys("5,").await?;
    let mut students = Vec::new();
    for name in ["bob", "carol"] {
        let mut s = server.connect(name).await?;
        s.request(grundy_e2e::join_room(&code, None)).await?;
        students.push(s);
    }
    teacher
        .text_until("p.members", |t| t.starts_with("3 of 3 students here"))
        .await?;
    assert_eq!(position.prop("value").await?.as_deref(), Some("5,"));
    assert!(
        focused(&teacher, "ask-position").await?,
        "the teacher's field keeps the focus"
    );
    position.send_keys("3").await?;
    teacher
        .find("form:has(#ask-position) button[type=submit]")
        .await?
        .click()
        .await?;
    // The exercise comes with its board; the student starts answering, and a second
    // exercise arrives meanwhile: the answer typed so far stays, with the focus.
    b.text_until("form.exercise h2", |t| t.contains("5,3"))
        .await?;
    b.find("form.exercise .grid.corner").await?;
    let answer = b.find("#answer").await?;
    answer.send_keys("wi").await?;
    let position = teacher.find("#ask-position").await?;
    position.clear().await?;
    position.send_keys("4,4").await?;
    teacher
        .find("form:has(#ask-position) button[type=submit]")
        .await?
        .click()
        .await?;
    teacher
        .text_until("table.exercises tbody", |t| t.contains("4,4"))
        .await?;
    // The student's page has heard of exercise 2 (it waits behind exercise 1).
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(answer.prop("value").await?.as_deref(), Some("wi"));
    assert!(
        focused(&b, "answer").await?,
        "the student's field keeps the focus"
    );
    answer.send_keys("n").await?;
    b.find("form.exercise button[type=submit]")
        .await?
        .click()
        .await?;
    let grade = b.text_until(".grades li", |t| t.contains("wrong")).await?;
    assert!(grade.contains("5,3 is a P-position"), "{grade}");
    // The next exercise is asked at once.
    b.text_until("form.exercise h2", |t| t.contains("4,4"))
        .await?;
    let shot = b.screenshot("room-graded").await?;
    eprintln!("screenshot: {}", shot.display());
    // The teacher sees it at once, graded.
    teacher
        .text_until("table.exercises tbody tr", |t| {
            t.contains("1/3 answered, 0 right")
        })
        .await?;
    teacher.screenshot("room-teacher").await?;
    for browser in [teacher, b] {
        browser.close().await?;
    }
    drop(students);
    server.stop().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_marks_every_move_with_what_it_leaves() -> Result<()> {
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    b.goto(&server, "/").await?;
    b.sign_in("ada").await?;
    create_vs_engine(&b, "queen").await?;
    b.text_until(".notice", |t| t == "Your move.").await?;
    press(&b, "Hint").await?;
    // The standard start 7,3 is won: exactly one square wins (to 5,3, a P-position).
    b.text_until(".notice", |t| t.starts_with("Hint: you can win"))
        .await?;
    let winning = b.client.find_all(Locator::Css(".sq.valued.win")).await?;
    assert_eq!(winning.len(), 1);
    assert!(winning[0].text().await?.starts_with('W'));
    // The board by keyboard: the arrow keys move between squares, Enter plays, and the focus
    // stays on the board when the move is made.
    let label = |e: fantoccini::elements::Element| async move {
        anyhow::Ok(e.attr("aria-label").await?.unwrap_or_default())
    };
    b.client
        .execute(
            "arguments[0].focus()",
            vec![serde_json::to_value(&winning[0])?],
        )
        .await?;
    let from = label(b.client.active_element().await?).await?;
    for key in [Key::Up, Key::Left, Key::Down, Key::Right] {
        b.client
            .active_element()
            .await?
            .send_keys(&char::from(key).to_string())
            .await?;
    }
    assert_eq!(
        label(b.client.active_element().await?).await?,
        from,
        "round and back"
    );
    b.client
        .active_element()
        .await?
        .send_keys(&char::from(Key::Left).to_string())
        .await?;
    let left = label(b.client.active_element().await?).await?;
    assert_ne!(left, from, "the square to the left");
    b.client
        .active_element()
        .await?
        .send_keys(&char::from(Key::Right).to_string())
        .await?;
    b.client
        .active_element()
        .await?
        .send_keys(&char::from(Key::Enter).to_string())
        .await?;
    b.text_until(".history", |t| t.contains("5,3")).await?;
    let on_board = b
        .client
        .execute(
            "return document.activeElement.closest('.grid') !== null",
            vec![],
        )
        .await?;
    assert_eq!(
        on_board,
        serde_json::Value::Bool(true),
        "the focus stays on the board"
    );
    b.close().await?;
    server.stop().await
}

/// A long game's review on a phone: the first thousand plies come at once, in pages, the
/// summary saying how much of the game it counts; the rest come on a press, a page at a time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_games_review_comes_a_page_at_a_time() -> Result<()> {
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let record = grundy_e2e::long_lgame(1500, 3)?;
    let id = daemon::queries::import(&server.hub, &record)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    b.client.set_window_size(390, 844).await?;
    b.goto(&server, "/").await?;
    b.sign_in("ada").await?;
    b.goto(&server, &format!("/review/{id}")).await?;
    let summary = b
        .text_until(".summary", |t| t.contains("In the first"))
        .await?;
    // Pages end early at 512 KiB: the first whole pages past 1 000 plies.
    let shown: usize = summary
        .split("In the first ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .context("how many plies")?
        .parse()?;
    assert!((1000..1500).contains(&shown), "{summary}");
    assert!(summary.contains("plies of 1500"), "{summary}");
    b.text_until(".step", |t| t.starts_with("ply 0 of 1500"))
        .await?;
    b.screenshot("review-long-phone").await?;
    b.find(".more button").await?.click().await?;
    let summary = b
        .text_until(".summary", |t| !t.contains("In the first"))
        .await?;
    assert!(summary.contains("best"), "{summary}");
    let moves = b.client.find_all(Locator::Css(".review-list li")).await?;
    assert_eq!(moves.len(), 1500);
    assert!(b
        .client
        .find_all(Locator::Css(".more button"))
        .await?
        .is_empty());
    b.find("button[aria-label='the end']")
        .await?
        .click()
        .await?;
    b.text_until(".step", |t| t.starts_with("ply 1500 of 1500"))
        .await?;
    b.screenshot("review-long-phone-end").await?;
    for (name, width, height) in [("tablet", 820, 1180), ("projector", 1920, 1080)] {
        b.client.set_window_size(width, height).await?;
        b.screenshot(&format!("review-long-{name}")).await?;
    }
    b.close().await?;
    server.stop().await
}

/// A shared PC: the teacher logs out, and the next person, typing the teacher's name, is a
/// new player — not the room's teacher — with nothing of the teacher's left in the browser;
/// a link to the room asks before joining it, and a name taken there is asked again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shared_pc_forgets_its_user_on_log_out() -> Result<()> {
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    b.goto(&server, "/room").await?;
    b.sign_in("sensei").await?;
    b.find("#room-name").await?.send_keys("3B maths").await?;
    b.find("form:has(#room-name) button").await?.click().await?;
    let title = b.text_until("main h1", |t| t.starts_with("Room ")).await?;
    let code: String = title.chars().skip(5).take(4).collect();
    b.text_until("main .position", |t| t.starts_with("teacher"))
        .await?;
    // Back later on the same browser: still the teacher.
    b.goto(&server, &format!("/room/{code}")).await?;
    b.text_until("main .position", |t| t.starts_with("teacher"))
        .await?;
    b.find("#logout").await?.click().await?;
    b.find("#name").await?;
    let kept = b
        .client
        .execute("return Object.keys(localStorage)", vec![])
        .await?;
    let kept: Vec<String> = serde_json::from_value(kept)?;
    assert!(
        kept.iter().all(|k| !k.starts_with("grundy.")),
        "left behind: {kept:?}"
    );
    // The next person types the teacher's name: a new player. A link to the room asks
    // before joining it; the teacher's name is refused there, and another one is taken.
    b.sign_in("sensei").await?;
    b.goto(&server, &format!("/room/{code}")).await?;
    b.text_until("main h1", |t| t == format!("Join room {code}?"))
        .await?;
    b.find("form.join-room button").await?.click().await?;
    let said = b.text_until("main .error", |t| !t.is_empty()).await?;
    assert!(said.contains("already goes by"), "{said}");
    // At a phone's size from here on.
    b.client.set_window_size(390, 844).await?;
    b.screenshot("join-room-name-taken").await?;
    let name = b.find("#member-name").await?;
    name.clear().await?;
    name.send_keys("hanako").await?;
    b.find("form.join-room button").await?.click().await?;
    b.text_until("main .position", |t| t.starts_with("student"))
        .await?;
    b.screenshot("shared-pc-next-student").await?;
    b.close().await?;
    server.stop().await
}

/// A phone (390 px wide): the lobby does not scroll sideways and its Join is on the screen,
/// however long a player's name; the stones of the match it joins are at least 44 px. A
/// laptop's low screen shows a board with whose move it is and the buttons, unscrolled.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_and_a_board_fit_a_phone() -> Result<()> {
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut host = server.connect("a_rather_long_name_for_a_player_xx").await?;
    let mut nim = protocol::NewMatch::new(GameParams::of(Game::Nim), protocol::Opponent::Human);
    nim.start = "3,5,2".into();
    host.request(Request::create(nim)).await?;
    b.client.set_window_size(390, 844).await?;
    b.goto(&server, "/").await?;
    b.sign_in("ada").await?;
    let join = b.find("ul.matches a.join").await?;
    let fits = b
        .client
        .execute(
            "const [join] = arguments;
             const r = join.getBoundingClientRect();
             const page = document.documentElement;
             return [page.scrollWidth, page.clientWidth, r.right];",
            vec![serde_json::to_value(&join)?],
        )
        .await?;
    let [scroll, width, right]: [f64; 3] = serde_json::from_value(fits)?;
    assert!(
        scroll <= width,
        "the lobby scrolls sideways: {scroll} > {width}"
    );
    assert!(right <= width, "Join is off the screen: {right} > {width}");
    b.screenshot("lobby-phone").await?;
    join.click().await?;
    b.text_until(".seats", |t| t.contains("ada (you)")).await?;
    let sizes = b
        .client
        .execute(
            "return [...document.querySelectorAll('.stone')]
               .map((s) => Math.min(s.getBoundingClientRect().width, s.getBoundingClientRect().height));",
            vec![],
        )
        .await?;
    let sizes: Vec<f64> = serde_json::from_value(sizes)?;
    assert_eq!(sizes.len(), 10);
    assert!(sizes.iter().all(|&s| s >= 44.0), "stones of {sizes:?} px");
    b.screenshot("nim-phone").await?;
    // A heap game on the phone: each heap's moves are buttons a finger can press (Kayles'
    // splits written as they are typed), played to the end against the engine.
    b.goto(&server, "/").await?;
    create(
        &b,
        &[
            ("game", "heap"),
            ("rule", "kayles"),
            ("opponent", "engine:perfect"),
        ],
    )
    .await?;
    b.text_until(".heaps .rule", |t| t == "octal 0.77").await?;
    let moves = b
        .client
        .execute(
            "const width = document.documentElement.clientWidth;
             return [...document.querySelectorAll('button.heap-move')].map((m) => {
               const r = m.getBoundingClientRect();
               return [m.textContent, Math.min(r.width, r.height), width - r.right];
             });",
            vec![],
        )
        .await?;
    // Each move's text, its smaller side and its room to the right edge of the page.
    let moves: Vec<(String, f64, f64)> = serde_json::from_value(moves)?;
    let shown: Vec<&str> = moves.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(shown.len(), 12, "{shown:?}");
    assert!(shown.contains(&"−1 → 1+1"), "{shown:?}");
    b.screenshot("heap-phone").await?;
    assert!(moves.iter().all(|m| m.1 >= 44.0 && m.2 >= 0.0), "{moves:?}");
    let result = click_until_over(&b).await?;
    assert!(result.contains("wins"), "{result}");
    // A chocolate bar whose edge is a formula, chosen in the form: its standard start
    // 5,3,6 is drawn from the heights the board lists, and played to the end by pointing.
    b.goto(&server, "/").await?;
    create(
        &b,
        &[
            ("game", "chocolate"),
            ("edge", "z * z"),
            ("opponent", "engine:perfect"),
        ],
    )
    .await?;
    b.find(".grid.chocolate button.legal").await?;
    let title = b.find("h1").await?.text().await?;
    assert!(title.contains("f(z)=z * z"), "{title}");
    let result = click_until_over(&b).await?;
    assert!(result.contains("wins"), "{result}");
    // Its analysis: the moves, and the table of two heaps G(a) xor G(b) to point at.
    b.goto(&server, "/analyse/heap/7,10?rule=kayles").await?;
    b.text_until(".verdict", |t| t.starts_with("A loss"))
        .await?;
    b.find(".moves-table a[href='/analyse/heap/2,4,10?rule=kayles']")
        .await?;
    b.find(".table-section .table-picture svg").await?;
    fits_across(&b, "a heap game's analysis").await?;
    b.screenshot("analyse-heap-phone").await?;
    // A chocolate bar whose staircase rises along the edge z * z: drawn from the heights the
    // board lists (strip 3, then columns 1 to 5 of 2, 5, 5, 5, 5 squares: min(4, t²) + 1),
    // its moves linked with the edge.
    b.goto(&server, "/analyse/chocolate/3,4,5?edge=z%20*%20z")
        .await?;
    b.text_until(".verdict", |t| t.starts_with("A win")).await?;
    b.find(".moves-table a[href='/analyse/chocolate/1,4,5?edge=z%20*%20z']")
        .await?;
    let squares = b
        .client
        .execute(
            "return document.querySelectorAll('.grid.chocolate .sq.choc').length;",
            vec![],
        )
        .await?;
    assert_eq!(serde_json::from_value::<u64>(squares)?, 3 + 22);
    fits_across(&b, "a chocolate edge's analysis").await?;
    b.screenshot("analyse-chocolate-edge-phone").await?;
    b.goto(&server, "/analyse/heap/7,10?rule=kayles").await?;
    b.text_until(".verdict", |t| t.starts_with("A loss"))
        .await?;
    // The same on a tablet and on a classroom's projector.
    for (w, h, name) in [(1024, 768, "tablet"), (1920, 1080, "projector")] {
        b.client.set_window_size(w, h).await?;
        fits_across(&b, "a heap game's analysis").await?;
        b.screenshot(&format!("analyse-heap-{name}")).await?;
    }
    // A laptop's 1366×768 screen: the queen's board, whose turn it is and the match's
    // buttons all in sight without scrolling.
    b.client.set_window_size(1366, 768).await?;
    b.goto(&server, "/").await?;
    create_vs_engine(&b, "queen").await?;
    b.find("button.legal").await?;
    let bottoms = b
        .client
        .execute(
            "return [window.innerHeight, ...['.notice', '.grid.corner', '.actions']
               .map((css) => document.querySelector(css).getBoundingClientRect().bottom)];",
            vec![],
        )
        .await?;
    let [height, bottoms @ ..]: [f64; 4] = serde_json::from_value(bottoms)?;
    assert!(
        bottoms.iter().all(|&b| b <= height),
        "below the fold of {height} px: {bottoms:?}"
    );
    b.screenshot("queen-laptop").await?;
    b.close().await?;
    server.stop().await
}

/// `b` opens room `code`'s page as `name` (signing in when `name` is given), answers "Join
/// room CODE?" and waits for the room (named "3B maths").
async fn enter_room(b: &Browser, server: &Server, code: &str, name: Option<&str>) -> Result<()> {
    b.goto(server, &format!("/room/{code}")).await?;
    if let Some(name) = name {
        b.sign_in(name).await?;
    }
    b.text_until("main h1", |t| t == format!("Join room {code}?"))
        .await?;
    press(b, "Join").await?;
    b.text_until("main h1", |t| t.ends_with("3B maths")).await?;
    Ok(())
}

/// Waits until the address of `b` satisfies `ok`; its path.
async fn path_until(b: &Browser, ok: impl Fn(&str) -> bool) -> Result<String> {
    let start = std::time::Instant::now();
    loop {
        let path = b.client.current_url().await?.path().to_owned();
        if ok(&path) {
            return Ok(path);
        }
        if start.elapsed() > PATIENCE {
            bail!("waited {PATIENCE:?} for another address; still at {path}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The words of three letters or more in Latin script that the page `b` shows, but for the
/// names a Japanese page keeps as they are (`grundy`, `Grundy`, `NOTATION.md`, the switch to
/// English) and the words of `allowed` (names, room codes).
async fn latin_words(b: &Browser, allowed: &[&str]) -> Result<Vec<String>> {
    let text = b
        .client
        .execute("return document.body.innerText;", vec![])
        .await?;
    let text = text.as_str().unwrap_or_default().to_owned();
    // The switch back to English says so in English.
    let keep = ["grundy", "Grundy", "NOTATION", "mex", "XOR", "English"];
    Ok(text
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3 && !keep.contains(w) && !allowed.iter().any(|a| a.contains(w)))
        .map(str::to_owned)
        .collect())
}

/// The page in Japanese, chosen with the header's switch and kept by the browser: the lobby,
/// a game of Nim against the engine played by tapping to its end, and its review, with no
/// English word on screen (notation and names aside); then English again, as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_and_reviewed_in_japanese() -> Result<()> {
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    b.client.set_window_size(390, 844).await?;
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    b.goto(&server, "/").await?;
    b.sign_in("さくら").await?;
    b.find("#language").await?.click().await?;
    b.text_until("#status", |s| s == "オンライン").await?;
    b.text_until("form.create h2", |t| t == "新しい対局")
        .await?;
    let lang = b
        .client
        .execute("return document.documentElement.lang;", vec![])
        .await?;
    assert_eq!(lang, "ja");
    // Kept by this browser: a reload is still in Japanese.
    b.client.refresh().await?;
    b.text_until("#language", |t| t == "English").await?;
    b.text_until("nav", |t| t.starts_with("ロビー")).await?;
    let english = latin_words(&b, &[]).await?;
    assert!(
        english.is_empty(),
        "English in the Japanese lobby: {english:?}"
    );
    b.screenshot("japanese-lobby-phone").await?;
    // Nim 1,2 against the perfect engine, every move made by tapping a stone.
    b.client
        .execute(
            "const form = document.querySelector('form.create');
             for (const [name, value] of [['game', 'nim'], ['start', 'position'], ['position', '1,2'], ['opponent', 'engine:perfect']]) {
               form[name].value = value;
               form[name].dispatchEvent(new Event('change'));
             }",
            vec![],
        )
        .await?;
    b.find("form.create button[type=submit]")
        .await?
        .click()
        .await?;
    b.text_until("h1", |t| t.starts_with("対局 1: ニム"))
        .await?;
    b.text_until(".notice", |t| t == "あなたの番です。").await?;
    b.find("button.legal[aria-label^='山 2の石 2: 1個取る']")
        .await?
        .click()
        .await?;
    b.text_until(".notice", |t| t == "あなたの番です。").await?;
    b.screenshot("japanese-game-phone").await?;
    let english = latin_words(&b, &[]).await?;
    assert!(
        english.is_empty(),
        "English in the Japanese game: {english:?}"
    );
    b.find("button.legal").await?.click().await?;
    b.text_until(".notice", |t| t == "あなたの勝ち: 最後の石が取られました。")
        .await?;
    // Its review, in Japanese too.
    b.find("a[href='/review/1']").await?.click().await?;
    let summary = b
        .text_until(".summary", |t| {
            t.starts_with("さくら 対 エンジン（完全）。さくらの勝ち")
        })
        .await?;
    assert!(summary.contains("最善手 3"), "{summary}");
    b.text_until(".step", |t| t.starts_with("3手中 0手目"))
        .await?;
    let english = latin_words(&b, &[]).await?;
    assert!(
        english.is_empty(),
        "English in the Japanese review: {english:?}"
    );
    b.screenshot("japanese-review-phone").await?;
    b.client.set_window_size(1366, 768).await?;
    fits_across(&b, "the Japanese review on a laptop").await?;
    b.screenshot("japanese-review-laptop").await?;
    // And back to English, as before.
    b.find("#language").await?.click().await?;
    b.text_until(".step", |t| t.starts_with("ply 0 of 3"))
        .await?;
    b.text_until("#language", |t| t == "日本語").await?;
    b.close().await?;
    server.stop().await
}

/// A lesson in Japanese on a phone: the room joined (a name refused first, the refusal said
/// in Japanese from its details), an exercise answered wrongly with its reason said in
/// Japanese (the server sends it as a message of the catalogs), then a Swiss game the student
/// is taken to and back from, every word on screen in Japanese.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_in_japanese() -> Result<()> {
    use protocol::ServerBody as B;
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    b.client.set_window_size(390, 844).await?;
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut teacher = server.connect("teacher").await?;
    let code = grundy_e2e::open_room(&mut teacher, "3B").await?.code;
    let mut bob = server.connect("bob").await?;
    bob.request(grundy_e2e::join_room(&code, None)).await?;
    b.goto(&server, &format!("/room/{code}")).await?;
    b.sign_in("さくら").await?;
    b.find("#language").await?.click().await?;
    b.text_until("main h1", |t| t == format!("ルーム {code}に参加しますか？"))
        .await?;
    // A name that reads as a classmate's is refused, in Japanese too.
    retype(&b, "#member-name", "BOB").await?;
    press(&b, "参加する").await?;
    let refused = b.text_until("p.error", |t| !t.is_empty()).await?;
    assert_eq!(
        refused,
        format!(
            "ルーム {code}にはもう 「bob」（「BOB」と同じに読めます）という人がいます。\
             別の名前で参加してください"
        )
    );
    retype(&b, "#member-name", "さくら").await?;
    press(&b, "参加する").await?;
    b.text_until("main h1", |t| t.ends_with("· 3B")).await?;
    teacher
        .request(Request::SetExercises {
            code: code.clone(),
            exercises: vec![grundy_e2e::exercise(Game::Nim, "1,2", "grundy")],
            deadline_s: Some(600),
        })
        .await?;
    b.text_until(".exercise .progress", |t| t == "問題 1 / 1")
        .await?;
    // The deadline in the device's own time of day.
    b.text_until(".exercise .deadline", |t| t.starts_with("締め切り "))
        .await?;
    b.text_until(".exercise .prompt", |t| {
        t == "この局面の Grundy 数はいくつですか？"
    })
    .await?;
    b.find(".pad button[aria-label='1']").await?.click().await?;
    press(&b, "答える").await?;
    let grade = b
        .text_until(".grades li", |t| t.starts_with("✗ 不正解"))
        .await?;
    assert!(
        grade.contains("1,2の Grundy 数は 1ではなく 3です。"),
        "{grade}"
    );
    let english = latin_words(&b, &[&code]).await?;
    assert!(
        english.is_empty(),
        "English in the Japanese room: {english:?}"
    );
    b.screenshot("japanese-exercise-phone").await?;
    // A one-round Swiss: taken to the game, bob resigns, back to the standings.
    teacher
        .request(Request::CreateTournament(protocol::NewTournament {
            code: code.clone(),
            params: GameParams::of(Game::Nim),
            start: "3,4,5".into(),
            format: protocol::Format::Swiss,
            rounds: Some(1),
            clock: Some("3+2".parse().map_err(anyhow::Error::msg)?),
        }))
        .await?;
    b.text_until(".banner span", |t| {
        t == "第1回戦（全1回戦）、相手は bob: 対局の準備ができました。"
    })
    .await?;
    path_until(&b, |p| p.starts_with("/m/")).await?;
    b.text_until(".notice", |t| t.ends_with("の番です。"))
        .await?;
    let english = latin_words(&b, &["bob"]).await?;
    assert!(
        english.is_empty(),
        "English in the Japanese game: {english:?}"
    );
    b.screenshot("japanese-swiss-phone").await?;
    let t = event_where(&mut bob, |e| match e {
        B::Tournament { tournament, .. } => Some(tournament),
        _ => None,
    })
    .await?;
    let game = t.games.first().context("a game")?;
    bob.request(Request::Resign {
        match_id: game.match_id,
    })
    .await?;
    b.text_until(".banner span", |t| t.starts_with("終局:"))
        .await?;
    press(&b, "すぐ戻る").await?;
    b.text_until("table.standings caption", |t| t.ends_with("· 終了"))
        .await?;
    let english = latin_words(&b, &["bob", &code]).await?;
    assert!(
        english.is_empty(),
        "English in the Japanese standings: {english:?}"
    );
    // An exhibition against the engine: its banner names the engine in Japanese too.
    teacher
        .request(Request::StartSimul(protocol::NewSimul {
            code: code.clone(),
            params: GameParams::of(Game::Nim),
            start: "1,2".into(),
            host: protocol::Opponent::engine("easy"),
            students_first: true,
            clock: None,
        }))
        .await?;
    b.text_until(".banner span", |t| {
        t == "エンジン（かんたん）との対局: 対局の準備ができました。"
    })
    .await?;
    let english = latin_words(&b, &["bob", &code]).await?;
    assert!(
        english.is_empty(),
        "English in the Japanese exhibition: {english:?}"
    );
    b.close().await?;
    server.stop().await
}

/// Fails unless the page `b` shows is no wider than its window (no sideways scroll). Firefox
/// keeps a window 500 px wide at least: the page's own widths are compared.
/// Scrolls the page until the element `css` is in view.
async fn scroll_to(b: &Browser, css: &str) -> Result<()> {
    let script = format!("document.querySelector({css:?}).scrollIntoView()");
    b.client.execute(&script, vec![]).await?;
    Ok(())
}

async fn fits_across(b: &Browser, page: &str) -> Result<()> {
    let widths = b
        .client
        .execute(
            "const page = document.documentElement; return [page.scrollWidth, page.clientWidth];",
            vec![],
        )
        .await?;
    let [scroll, width]: [f64; 2] = serde_json::from_value(widths)?;
    anyhow::ensure!(
        scroll <= width,
        "{page} scrolls sideways: {scroll} > {width}"
    );
    Ok(())
}

/// The paths of `students` that are new games (`/m/…` not in `seen`): waits until exactly
/// two of them are in the same new game; their indices and that game's path.
async fn paired(students: &[(&str, Browser)], seen: &[String]) -> Result<(usize, usize, String)> {
    let start = std::time::Instant::now();
    loop {
        let mut at = Vec::new();
        for (i, (_, b)) in students.iter().enumerate() {
            let path = b.client.current_url().await?.path().to_owned();
            if path.starts_with("/m/") && !seen.contains(&path) {
                at.push((i, path));
            }
        }
        if let [(i, p), (j, q)] = &at[..] {
            anyhow::ensure!(p == q, "two students in two games: {p}, {q}");
            return Ok((*i, *j, p.clone()));
        }
        if start.elapsed() > PATIENCE {
            bail!("waited {PATIENCE:?} for a pair in a new game: {at:?}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until `b` shows exercise `n` of 5; its progress line.
async fn at(b: &Browser, n: usize) -> Result<String> {
    b.text_until(".exercise .progress", |t| {
        t.starts_with(&format!("Exercise {n} of 5"))
    })
    .await
}

/// `b`, shown a finished game of the lesson, goes back to room `code` at once.
async fn back_to_room(b: &Browser, code: &str) -> Result<()> {
    b.text_until(".banner span", |t| t.starts_with("Game over: back to room"))
        .await?;
    press(b, "Back now").await?;
    path_until(b, |p| p == format!("/room/{code}")).await?;
    Ok(())
}

/// A whole lesson with browsers only, at the sizes a class has. The teacher, on a laptop
/// (1366×768), opens a room and sets an exercise of every kind; three students — on a phone
/// (390×844), a tablet (768×1024) and a shared PC (1366×768) — answer by tapping (outcome
/// buttons, the number pad, stones pointed at), with the progress and the score on the same
/// screen. The teacher then runs a three-round Swiss with a clock and an exhibition against
/// the engine; each student is taken into each of their games with a banner, and back to the
/// room's standings when it is over. No page scrolls sideways; each step is photographed at
/// each size.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_lesson_in_browsers_at_every_size() -> Result<()> {
    let Some(teacher) = Browser::open().await? else {
        return Ok(());
    };
    teacher.client.set_window_size(1366, 768).await?;
    let mut students = Vec::new();
    for (size, width, height) in [
        ("phone", 390, 844),
        ("tablet", 768, 1024),
        ("pc", 1366, 768),
    ] {
        let Some(b) = Browser::open().await? else {
            return Ok(());
        };
        b.client.set_window_size(width, height).await?;
        students.push((size, b));
    }
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    // The teacher opens the room in the browser.
    teacher.goto(&server, "/room").await?;
    teacher.sign_in("ms-lovelace").await?;
    retype(&teacher, "#room-name", "3B maths").await?;
    press(&teacher, "Open").await?;
    let title = teacher
        .text_until("main h1", |t| t.ends_with("· 3B maths"))
        .await?;
    let code = title
        .strip_prefix("Room ")
        .and_then(|t| t.split(' ').next())
        .context("a room's code in its title")?
        .to_owned();
    for ((_, b), name) in students.iter().zip(["ada", "bob", "carol"]) {
        enter_room(b, &server, &code, Some(name)).await?;
    }
    teacher
        .text_until("p.members", |t| t.starts_with("3 of 3 students here"))
        .await?;
    // An exercise of every kind, each set from the teacher's form.
    let ask = "form:has(#ask-position)";
    let kinds = [
        ("queen", "5,3", "outcome"),
        ("nim", "1,2", "grundy"),
        ("nim", "3,4,5", "winning_move"),
        ("nim", "3,5,7", "winning_moves"),
        ("queen", "7,4", "remoteness"),
    ];
    for (n, (game, position, question)) in kinds.into_iter().enumerate() {
        choose(&teacher, &format!("{ask} select[name=game]"), game).await?;
        retype(&teacher, "#ask-position", position).await?;
        choose(&teacher, &format!("{ask} select[name=question]"), question).await?;
        press(&teacher, "Set them").await?;
        teacher
            .text_until("table.exercises tbody", |t| t.lines().count() == n + 1)
            .await?;
    }
    let remoteness = teacher
        .text_until(
            "table.exercises tbody tr:nth-child(5) td:nth-child(4)",
            |t| !t.is_empty(),
        )
        .await?;
    let [(_, ada), (_, bob), (_, carol)] = &students[..] else {
        bail!("three students");
    };
    for (size, b) in &students {
        at(b, 1).await?;
        b.screenshot(&format!("lesson-exercise-{size}")).await?;
        fits_across(b, &format!("an exercise on a {size}")).await?;
    }
    // The phone answers all five by tapping.
    press(ada, "A loss").await?;
    let progress = at(ada, 2).await?;
    assert!(progress.ends_with("1 of 1 right so far"), "{progress}");
    ada.find(".pad button[aria-label='3']")
        .await?
        .click()
        .await?;
    ada.screenshot("lesson-pad-phone").await?;
    accessible(ada, "an exercise").await?;
    press(ada, "Answer").await?;
    // A winning move, pointed at (a slip taken back), then answered.
    at(ada, 3).await?;
    for stone in ["pile 3, stone 1:", "pile 1, stone 2:"] {
        ada.find(&format!("button[aria-label^='{stone}']"))
            .await?
            .click()
            .await?;
    }
    press(ada, "Answer 1:2").await?;
    // Every winning move, each pointed at.
    at(ada, 4).await?;
    for (pile, count) in [(1, 3), (2, 5), (3, 7)] {
        ada.find(&format!(
            "button[aria-label^='pile {pile}, stone {count}:']"
        ))
        .await?
        .click()
        .await?;
    }
    press(ada, "Answer with the 3 chosen").await?;
    at(ada, 5).await?;
    for digit in remoteness.chars() {
        ada.find(&format!(".pad button[aria-label='{digit}']"))
            .await?
            .click()
            .await?;
    }
    press(ada, "Answer").await?;
    ada.text_until("p.empty", |t| t.ends_with("5 of 5 right so far."))
        .await?;
    ada.screenshot("lesson-exercises-done-phone").await?;
    // The tablet gets the first wrong, the PC right; the teacher's tallies say so.
    press(bob, "A win").await?;
    press(carol, "A loss").await?;
    for b in [bob, carol] {
        at(b, 2).await?;
    }
    teacher
        .text_until("table.exercises tbody td.tally", |t| {
            t == "3/3 answered, 2 right"
        })
        .await?;
    teacher
        .screenshot("lesson-teacher-exercises-laptop")
        .await?;
    fits_across(&teacher, "the teacher's console").await?;
    // A three-round Swiss of Nim with a clock, from the teacher's form.
    let tournament = "form:has(select[name=format])";
    retype(&teacher, "#rounds", "3").await?;
    retype(&teacher, &format!("{tournament} input[name=clock]"), "3+2").await?;
    press(&teacher, "Start").await?;
    teacher
        .text_until(".card.tournament h2", |t| {
            t.starts_with("Tournament 1: round 1 of 3")
        })
        .await?;
    let names = ["ada", "bob", "carol"];
    let mut seen = Vec::new();
    for round in 1..=3 {
        let (i, j, game) = paired(&students, &seen).await?;
        seen.push(game);
        for (me, other) in [(i, j), (j, i)] {
            let b = &students[me].1;
            let banner = format!(
                "Round {round} of 3 against {}: your game is here.",
                names[other]
            );
            b.text_until(".banner span", |t| t == banner).await?;
            b.find(".seat .clock").await?;
            // A paired game cannot be aborted: no button offers it.
            let abort = Locator::XPath("//button[normalize-space(.)='Abort']");
            assert!(b.client.find_all(abort).await?.is_empty(), "Abort offered");
            if round == 1 {
                b.screenshot(&format!("lesson-taken-{}", students[me].0))
                    .await?;
                fits_across(b, &format!("a game on a {}", students[me].0)).await?;
            }
        }
        // Only the player to move sees the moves marked.
        for b in [&students[i].1, &students[j].1] {
            let notice = b.text_until(".notice", |t| t.ends_with("move.")).await?;
            let marked = b.client.find_all(Locator::Css(".legal")).await?.len();
            if notice == "Your move." {
                assert!(marked > 0, "{notice}: no move marked");
            } else {
                assert_eq!(marked, 0, "{notice}: moves marked out of turn");
            }
        }
        let resigning = &students[i].1;
        press(resigning, "Resign").await?;
        press(resigning, "Resign: press again").await?;
        for k in [i, j] {
            back_to_room(&students[k].1, &code).await?;
            students[k].1.find("table.standings").await?;
        }
        if round == 1 {
            for (size, b) in &students {
                b.screenshot(&format!("lesson-standings-{size}")).await?;
            }
        }
    }
    for (_, b) in &students {
        b.text_until("table.standings caption", |t| t.ends_with("over"))
            .await?;
    }
    teacher.screenshot("lesson-teacher-swiss-laptop").await?;
    // An exhibition: the engine against every student, the students first.
    let simul = "form:has(select[name=host])";
    teacher
        .find(&format!("{simul} input[name=students_first]"))
        .await?
        .click()
        .await?;
    press(&teacher, "Start the exhibition").await?;
    for (size, b) in &students {
        b.text_until(".banner span", |t| {
            t.starts_with("Your board against") && t.ends_with("your game is here.")
        })
        .await?;
        path_until(b, |p| p.starts_with("/m/")).await?;
        b.text_until(".notice", |t| t == "Your move.").await?;
        b.screenshot(&format!("lesson-exhibition-{size}")).await?;
        press(b, "Resign").await?;
        press(b, "Resign: press again").await?;
        back_to_room(b, &code).await?;
    }
    teacher.close().await?;
    for (_, b) in students {
        b.close().await?;
    }
    server.stop().await
}

/// Chooses `value` in the `select` found by `css`.
async fn choose(b: &Browser, css: &str, value: &str) -> Result<()> {
    b.find(&format!("{css} option[value='{value}']"))
        .await?
        .click()
        .await?;
    Ok(())
}

/// Types `text` into the field found by `css`, in place of what it holds.
async fn retype(b: &Browser, css: &str, text: &str) -> Result<()> {
    let field = b.find(css).await?;
    field.clear().await?;
    field.send_keys(text).await?;
    Ok(())
}

/// Waits for the next event of `c` that `pick` takes.
async fn event_where<T>(
    c: &mut grundy_e2e::Client,
    pick: impl Fn(protocol::ServerBody) -> Option<T>,
) -> Result<T> {
    loop {
        let body = tokio::time::timeout(PATIENCE, c.event()).await??;
        if let Some(t) = pick(body) {
            return Ok(t);
        }
    }
}

/// A room opened at the terminal is taken over in a tablet's browser with its teacher's key,
/// and run from there with every option: exercises by difficulty, several at once, with a
/// deadline; the switches; a round robin with a clock and a withdrawal; an exhibition; the
/// key's link (its QR code) making another browser a teacher too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teacher_takes_over_a_terminal_room_and_runs_it_from_a_tablet() -> Result<()> {
    use protocol::ServerBody as B;
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    b.client.set_window_size(768, 1024).await?;
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut terminal = server.connect("ms-lovelace").await?;
    let room = grundy_e2e::open_room(&mut terminal, "3B maths").await?;
    let (code, token) = (room.code, room.owner_token.context("an owner token")?);
    let mut bob = server.connect("bob").await?;
    let mut carol = server.connect("carol").await?;
    for s in [&mut bob, &mut carol] {
        s.request(grundy_e2e::join_room(&code, None)).await?;
    }
    // Rooms → Take over a room: the code and the key.
    b.goto(&server, "/room").await?;
    b.sign_in("ms-lovelace").await?;
    retype(&b, "#takeover-code", &code.to_lowercase()).await?;
    retype(&b, "#takeover-key", &token).await?;
    press(&b, "Take over").await?;
    // The same teacher at the terminal goes by this name already: another is asked for.
    b.text_until("p.error", |t| t.contains("already goes by ms-lovelace"))
        .await?;
    retype(&b, "#member-name", "ms-lovelace (tablet)").await?;
    press(&b, "Join").await?;
    b.text_until("p.position", |t| t == "teacher · hints off")
        .await?;
    // Three random Nim positions 2 to 4 moves from the end, Grundy numbers asked, 10 minutes.
    let ask = "form:has(#ask-position)";
    choose(&b, &format!("{ask} select[name=game]"), "nim").await?;
    retype(&b, "#ask-position", "random").await?;
    choose(&b, &format!("{ask} select[name=question]"), "grundy").await?;
    retype(&b, &format!("{ask} input[name=from]"), "2").await?;
    retype(&b, &format!("{ask} input[name=to]"), "5").await?;
    retype(&b, &format!("{ask} input[name=count]"), "3").await?;
    retype(&b, &format!("{ask} input[name=deadline]"), "10").await?;
    press(&b, "Set them").await?;
    let set = event_where(&mut bob, |e| match e {
        B::ExercisesSet { exercises, .. } => Some(exercises),
        _ => None,
    })
    .await?;
    assert_eq!(set.len(), 3);
    for e in &set {
        assert_eq!((e.params.game, e.question.as_str()), (Game::Nim, "grundy"));
        assert!(e.deadline.is_some_and(|d| d >= e.set_at + 590_000), "{e:?}");
        assert!(e.solution.is_none(), "a student is not told the solution");
    }
    b.text_until("table.exercises tbody", |t| t.lines().count() == 3)
        .await?;
    // The switches: hints, the engine, exam mode, and the answers released.
    b.find("input[name=hints]").await?.click().await?;
    let settings = |e| match e {
        B::RoomSettings { settings, .. } => Some(settings),
        _ => None,
    };
    assert!(event_where(&mut bob, settings).await?.hints);
    choose(&b, "select[name=engine]", "easy").await?;
    let s = event_where(&mut bob, settings).await?;
    assert_eq!(s.engine.as_deref(), Some("easy"));
    b.find("input[name=exam]").await?.click().await?;
    assert!(event_where(&mut bob, settings).await?.exam);
    press(&b, "Release the answers").await?;
    event_where(&mut bob, |e| {
        matches!(e, B::AnswersReleased { .. }).then_some(())
    })
    .await?;
    b.text_until("p.position", |t| t == "teacher · hints on")
        .await?;
    // A round robin of Nim with a clock; carol withdraws (the teacher withdraws her).
    let tournament = "form:has(select[name=format])";
    choose(
        &b,
        &format!("{tournament} select[name=format]"),
        "round_robin",
    )
    .await?;
    retype(&b, &format!("{tournament} input[name=start]"), "3,4,5").await?;
    retype(&b, &format!("{tournament} input[name=clock]"), "3+2").await?;
    b.screenshot("teacher-console-tablet").await?;
    accessible(&b, "the teacher's console").await?;
    press(&b, "Start").await?;
    let tournament_of = |e| match e {
        B::Tournament { tournament, .. } => Some(tournament),
        _ => None,
    };
    let t = event_where(&mut bob, tournament_of).await?;
    assert_eq!(
        (t.format, t.start.as_str()),
        (protocol::Format::RoundRobin, "3,4,5")
    );
    assert_eq!(t.clock.map(|c| c.to_string()).as_deref(), Some("3+2"));
    b.text_until(".card.tournament h2", |t| {
        t.starts_with("Tournament 1: round 1")
    })
    .await?;
    // The projector's page: the game's board, its clocks running, a player away.
    let game = t.games.first().context("a game")?;
    let (first, carol_id) = (game.first, carol.player_id());
    let mover = if first == bob.player_id() {
        &mut bob
    } else {
        &mut carol
    };
    mover
        .request(Request::Move {
            match_id: game.match_id,
            notation: "1:1".into(),
        })
        .await?;
    drop(carol);
    b.client.set_window_size(1920, 1080).await?;
    b.goto(&server, &format!("/room/{code}/boards")).await?;
    b.text_until(".projector .join-at", |t| t.ends_with(&code))
        .await?;
    b.text_until(".boards.large .board-card strong", |t| {
        t.contains("carol (away)")
    })
    .await?;
    b.find(".boards.large .board-card .mini .nim").await?;
    let clock = b
        .text_until(".board-card .clock", |t| !t.is_empty())
        .await?;
    b.text_until(".board-card .clock", |t| t != clock).await?;
    press(&b, "Exact values on").await?;
    b.text_until(".board-card .value", |t| t.contains(" for "))
        .await?;
    b.screenshot("room-boards-projector").await?;
    accessible(&b, "the projector's page").await?;
    // The room's language: the projector speaks Japanese to the class, whatever the
    // browser's own; this browser's console stays in English.
    b.client.set_window_size(768, 1024).await?;
    b.goto(&server, &format!("/room/{code}")).await?;
    choose(&b, "select[name=language]", "ja").await?;
    let s = event_where(&mut bob, settings).await?;
    assert_eq!(s.language.as_deref(), Some("ja"));
    scroll_to(&b, ".card.settings").await?;
    b.screenshot("teacher-switches-tablet").await?;
    // The same switches with the page in Japanese (this browser's choice, then back).
    b.find("#language").await?.click().await?;
    b.text_until(".card.settings h2", |t| t == "ルームの設定")
        .await?;
    scroll_to(&b, ".card.settings").await?;
    b.screenshot("teacher-switches-tablet-ja").await?;
    b.find("#language").await?.click().await?;
    b.text_until(".card.settings h2", |t| t == "The room's switches")
        .await?;
    b.client.set_window_size(1920, 1080).await?;
    b.goto(&server, &format!("/room/{code}/boards")).await?;
    b.text_until(".projector .join-at", |t| {
        t.contains("コードを入力して参加")
    })
    .await?;
    let lang = b
        .client
        .execute("return document.documentElement.lang", vec![])
        .await?;
    assert_eq!(lang.as_str(), Some("ja"));
    b.screenshot("room-boards-projector-ja").await?;
    b.client.set_window_size(768, 1024).await?;
    b.goto(&server, &format!("/room/{code}")).await?;
    b.text_until("p.position", |t| t.starts_with("teacher"))
        .await?;
    choose(&b, ".withdraw select", &carol_id.to_string()).await?;
    press(&b, "Withdraw").await?;
    loop {
        let t = event_where(&mut bob, tournament_of).await?;
        if t.entrants
            .iter()
            .any(|e| e.player_id == carol_id && e.withdrawn)
        {
            break;
        }
    }
    // An exhibition: the engine against every student, the students first.
    let simul = "form:has(select[name=host])";
    b.find(&format!("{simul} input[name=students_first]"))
        .await?
        .click()
        .await?;
    press(&b, "Start the exhibition").await?;
    let s = event_where(&mut bob, |e| match e {
        B::Simul { simul, .. } => Some(simul),
        _ => None,
    })
    .await?;
    assert!(s.students_first && s.host.contains("engine"), "{s:?}");
    // The key's link makes another browser (here, the same one after a log-out) a teacher.
    b.find("details.key summary").await?.click().await?;
    b.find("details.key .qr svg path").await?;
    let link = b.find("details.key code.token").await?.text().await?;
    assert!(
        link.ends_with(&format!("/room/{code}#key={token}")),
        "{link}"
    );
    b.screenshot("teacher-key-tablet").await?;
    b.find("#logout").await?.click().await?;
    b.goto(&server, &format!("/room/{code}#key={token}"))
        .await?;
    b.sign_in("assistant").await?;
    b.text_until("p.position", |t| t.starts_with("teacher"))
        .await?;
    b.close().await?;
    server.stop().await
}

/// A board too large to draw whole (queen, 300×300) is drawn a window at a time on a phone:
/// the piece in sight with the squares toward the corner, arrows to move the window, and a
/// move made by pointing in it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_board_is_played_through_a_window() -> Result<()> {
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    b.client.set_window_size(390, 844).await?;
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    b.goto(&server, "/").await?;
    b.sign_in("ada").await?;
    create(
        &b,
        &[
            ("game", "queen"),
            ("size", "300"),
            ("start", "position"),
            ("position", "250,200"),
            ("opponent", "engine:perfect"),
        ],
    )
    .await?;
    let shown = b
        .text_until(".window p.side", |t| t.contains("is on 250,200"))
        .await?;
    assert!(
        shown.ends_with("Shown: 239–250 across, 189–200 up."),
        "{shown}"
    );
    let squares = b.client.find_all(Locator::Css(".window .grid .sq")).await?;
    assert_eq!(squares.len(), 144, "a window of 12 × 12");
    b.find(".window .sq.piece").await?;
    b.screenshot("large-board-phone").await?;
    press(&b, "◀").await?;
    b.text_until(".window p.side", |t| {
        t.ends_with("Shown: 233–244 across, 189–200 up.")
    })
    .await?;
    press(&b, "Back to the queen").await?;
    b.text_until(".window p.side", |t| {
        t.ends_with("Shown: 239–250 across, 189–200 up.")
    })
    .await?;
    // The legal moves were asked of the server (more than a state lists): they are marked,
    // and one is played by pointing at it.
    b.find(".window .sq.legal[aria-label^='245,200']")
        .await?
        .click()
        .await?;
    b.text_until(".history", |t| t.contains("245,200")).await?;
    b.close().await?;
    server.stop().await
}

/// A student who joined a room by mistake leaves it from its page; one who has answered is
/// told why they cannot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_student_leaves_a_room_joined_by_mistake() -> Result<()> {
    let Some(b) = Browser::open().await? else {
        return Ok(());
    };
    b.client.set_window_size(390, 844).await?;
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut teacher = server.connect("teacher").await?;
    let code = grundy_e2e::open_room(&mut teacher, "3B maths").await?.code;
    enter_room(&b, &server, &code, Some("ada")).await?;
    press(&b, "Leave this room").await?;
    path_until(&b, |p| p == "/room").await?;
    b.find("#room-code").await?;
    // Back in, an answer given: the room keeps it, and says so.
    enter_room(&b, &server, &code, None).await?;
    teacher
        .request(Request::SetExercises {
            code: code.clone(),
            exercises: vec![grundy_e2e::exercise(Game::Queen, "5,3", "outcome")],
            deadline_s: None,
        })
        .await?;
    press(&b, "A loss").await?;
    b.text_until(".grades li", |t| t.contains("right")).await?;
    press(&b, "Leave this room").await?;
    b.text_until("p.error", |t| t.contains("you have answered its exercises"))
        .await?;
    b.screenshot("leave-refused-phone").await?;
    b.close().await?;
    server.stop().await
}
