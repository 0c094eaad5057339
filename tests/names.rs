//! Nobody passes for someone else: the names `hello`, a room and an imported game take, and
//! the namesakes a `welcome` names, on a real server (issue 31, item 10; item 11 for imports).

use anyhow::{bail, ensure, Result};
use grundy_e2e::{open_room, room_of};
use grundy_e2e::{refusal, Hello, Server};
use protocol::{ErrorCode, GameQuery, Request, ServerBody};

fn hello(name: &str) -> Request {
    Request::Hello {
        protocol: protocol::PROTOCOL_VERSION,
        name: name.to_owned(),
        token: None,
        access_code: None,
    }
}

/// Each name of the issue that let someone pass for another is refused at `hello` with
/// `bad_parameters`, naming the character and saying what to do; the connection stays open
/// for a name of one's own.
#[tokio::test]
async fn hello_refuses_invisible_direction_and_control_characters() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut c = server.raw().await?;
    for (name, said) in [
        (
            "ada\u{200b}",
            "character 4 is U+200B ZERO WIDTH SPACE, invisible",
        ),
        (
            "\u{feff}ada",
            "character 1 is U+FEFF ZERO WIDTH NO-BREAK SPACE",
        ),
        ("ada\u{fe0f}", "character 4 is U+FE0F VARIATION SELECTOR-16"),
        (
            "\u{202e}ada",
            "character 1 is U+202E RIGHT-TO-LEFT OVERRIDE, a direction control",
        ),
        (
            "ada\u{2066}x",
            "character 4 is U+2066 LEFT-TO-RIGHT ISOLATE",
        ),
        ("\u{3164}", "character 1 is U+3164 HANGUL FILLER"),
        (
            "engine\u{200b} (perfect)",
            "character 7 is U+200B ZERO WIDTH SPACE",
        ),
        ("teacher\u{200b}", "character 8 is U+200B ZERO WIDTH SPACE"),
        (
            "ada\u{1b}]52;c;cm0gLXJm\u{7}",
            "character 4 is U+001B ESCAPE, a control character",
        ),
        (
            "ada\u{e000}",
            "character 4 is U+E000, a private-use character",
        ),
        ("\u{435}ngine (perfect)", "is how the engine is shown"),
    ] {
        let e = refusal(c.request(hello(name)).await)?;
        ensure!(e.code == ErrorCode::BadParameters, "{name:?}: {e:?}");
        ensure!(e.message.contains(said), "{name:?}: {}", e.message);
        if e.message.contains("character") {
            ensure!(
                e.message.ends_with("type the name again without it"),
                "{name:?}: {}",
                e.message
            );
        }
    }
    // Names are stored in their normal form; a Japanese class keeps its names.
    let welcome = c.hello(Hello::new("ａｄａ\u{3000}lovelace")).await?;
    ensure!(welcome.name == "ada lovelace", "{welcome:?}");
    for name in ["田中さん", "Sakura-2", "佐藤 ハナ", "ゆうき (2年B組)"] {
        let s = server.connect(name).await?;
        ensure!(s.welcome().is_some_and(|w| w.name == name), "{name}");
    }
    server.stop().await
}

/// The namesakes a `welcome` names are the players about whose names read the same: letter
/// case aside, and with Cyrillic а read as Latin a.
#[tokio::test]
async fn namesakes_are_found_by_how_names_read() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let ada = server.connect("ada").await?;
    let cyrillic = server.connect("\u{430}da").await?;
    let said = &cyrillic.welcome().expect("welcomed").namesakes;
    ensure!(said.len() == 1, "{said:?}");
    ensure!(
        said[0].player_id == ada.player_id() && said[0].name == "ada" && said[0].connected,
        "{said:?}"
    );
    let wide = server.connect("ＡＤＡ").await?;
    let w = wide.welcome().expect("welcomed");
    ensure!(w.name == "ADA", "{w:?}");
    let mut ids: Vec<i64> = w.namesakes.iter().map(|n| n.player_id).collect();
    ids.sort();
    ensure!(ids == [ada.player_id(), cyrillic.player_id()], "{w:?}");
    let other = server.connect("ida").await?;
    ensure!(other.welcome().is_some_and(|w| w.namesakes.is_empty()));
    server.stop().await
}

/// In a room no two members' names read the same: Cyrillic `аda` is refused beside `ada`
/// with `name_taken`, saying which name it reads as.
#[tokio::test]
async fn a_room_refuses_a_name_that_reads_as_a_members() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut teacher = server.connect("ms-lovelace").await?;
    let code = open_room(&mut teacher, "3B").await?.code;
    let join = |name: &str| Request::JoinRoom {
        code: code.clone(),
        name: Some(name.to_owned()),
        owner_token: None,
    };
    let mut ada = server.connect("ada").await?;
    room_of(ada.request(join("ada")).await?)?;
    let mut mallory = server.connect("mallory").await?;
    for lookalike in ["\u{430}da", "\u{410}DA", "ａｄａ", "ms-l\u{43e}velace"] {
        let e = refusal(mallory.request(join(lookalike)).await)?;
        ensure!(e.code == ErrorCode::NameTaken, "{lookalike:?}: {e:?}");
        ensure!(e.message.contains("already goes by"), "{}", e.message);
    }
    let e = refusal(mallory.request(join("\u{430}da")).await)?;
    ensure!(
        e.message
            .contains("\"ada\", which reads the same as \"\u{430}da\""),
        "{}",
        e.message
    );
    let e = refusal(mallory.request(join("ada\u{200b}")).await)?;
    ensure!(e.code == ErrorCode::BadParameters, "{e:?}");
    let view = room_of(mallory.request(join("mallory")).await?)?;
    ensure!(view.code == code);
    server.stop().await
}

/// An imported game whose seat carries an escape sequence (a clipboard write, OSC 52) is
/// refused, naming the tag and the character, and nothing is stored; one whose seats are
/// names is stored with the names in their normal form.
#[tokio::test]
async fn an_import_with_an_escape_in_a_seat_is_refused() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(&dir).await?;
    let mut ada = server.connect("ada").await?;
    let record = |seat0: &str| {
        format!(
            "[Game \"nim\"]\n[Start \"1,2\"]\n[Seat0 \"{seat0}\"]\n[Seat1 \"bob\"]\n\
             [Result \"1-0\"]\n[Termination \"last_stone\"]\n\n1. 2:1 1:1 2. 2:1 1-0\n"
        )
    };
    let import = |text: String| Request::Import { text };
    for (seat, said) in [
        ("eve\u{1b}]52;c;cm0gLXJmIH4=\u{7}", "U+001B ESCAPE"),
        ("eve\u{1b}[2J", "U+001B ESCAPE"),
        ("eve\0", "U+0000 NULL"),
        ("\u{202e}eve", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("eve\u{200b}", "U+200B ZERO WIDTH SPACE"),
        ("\u{435}ngine (perfect)", "how the engine is shown"),
    ] {
        let e = refusal(ada.request(import(record(seat))).await)?;
        ensure!(e.code == ErrorCode::BadNotation, "{seat:?}: {e:?}");
        ensure!(
            e.message.contains("[Seat0]") && e.message.contains(said),
            "{seat:?}: {}",
            e.message
        );
    }
    let all = || Request::Games {
        filter: GameQuery::default(),
    };
    let ServerBody::Games { games } = ada.request(all()).await? else {
        bail!("expected games")
    };
    ensure!(games.is_empty(), "{games:?}");
    let ServerBody::Imported { match_id } = ada.request(import(record(" ｅｖｅ "))).await?
    else {
        bail!("expected imported")
    };
    let ServerBody::Games { games } = ada.request(all()).await? else {
        bail!("expected games")
    };
    ensure!(
        games.len() == 1 && games[0].match_id == match_id,
        "{games:?}"
    );
    ensure!(
        games[0].seats[0].name.as_deref() == Some("eve"),
        "{games:?}"
    );
    server.stop().await
}
