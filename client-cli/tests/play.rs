//! Playing through the real `grundy` binary, without a terminal: moves go in on stdin line
//! by line, events come out as plain lines. Against the engine, between two `grundy`
//! processes, and watching a match played by websocket clients.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use grundy_e2e::{state_of, Server};
use protocol::{Game, GameParams, NewMatch, Opponent, Request};

/// How long a test waits for one line of a `grundy` process.
const LINE_WAIT: Duration = Duration::from_secs(30);

/// A running `grundy` whose stdout is read line by line as it comes.
struct Grundy {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Grundy {
    /// Starts `grundy --server URL ARGS...` as `name`, with stdin and stdout piped.
    fn spawn(url: &str, name: &str, args: &[&str]) -> Grundy {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .arg("--server")
            .arg(url)
            .args(args)
            .env_remove("NO_COLOR")
            // Spoken in English whatever the machine's locale.
            .env_remove("LANG")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("GRUNDY_SERVER")
            .env("GRUNDY_NAME", name)
            // Identities are kept here, not in the home directory.
            .env("GRUNDY_STATE_DIR", env!("CARGO_TARGET_TMPDIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the grundy binary runs");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Grundy {
            stdin: child.stdin.take(),
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Types `lines` (each followed by a newline).
    fn type_lines(&mut self, lines: &[&str]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        for line in lines {
            writeln!(stdin, "{line}").expect("grundy reads stdin");
        }
        stdin.flush().expect("flush");
    }

    /// Ends stdin, as at the end of a script.
    fn end_input(&mut self) {
        self.stdin = None;
    }

    /// Waits (blocking) for a line satisfying `want` and returns it.
    fn expect(&mut self, want: impl Fn(&str) -> bool) -> String {
        loop {
            match self.lines.recv_timeout(LINE_WAIT) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if want(&line) {
                        return line;
                    }
                }
                Err(e) => panic!("no such line ({e}); so far: {:#?}", self.seen),
            }
        }
    }

    /// Waits (blocking) for the exit; the exit code, all stdout lines and stderr.
    fn finish(mut self) -> (Option<i32>, Vec<String>, String) {
        self.stdin = None;
        let status = self.child.wait().expect("grundy exits");
        self.seen.extend(self.lines.iter());
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut e, &mut err);
        }
        (status.code(), self.seen, err)
    }
}

/// Runs blocking work off the async workers (the daemon runs in this process).
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f)
        .await
        .expect("the blocking task finishes")
}

impl Grundy {
    /// [`Grundy::expect`] off the async workers: the process back, and the line.
    async fn until(mut self, want: impl Fn(&str) -> bool + Send + 'static) -> (Grundy, String) {
        blocking(move || {
            let line = self.expect(want);
            (self, line)
        })
        .await
    }
}

/// Starts `grundy ARGS` as `name` opening a match for a person, and waits for the line that
/// says how to join it: the process, and the match id.
async fn open_match(url: &str, name: &str, args: &[&str]) -> (Grundy, String) {
    let g = Grundy::spawn(url, name, args);
    let (g, line) = g
        .until(|l| l.starts_with("waiting for an opponent: grundy join "))
        .await;
    let id = line.rsplit(' ').next().unwrap_or_default().to_owned();
    id.parse::<i64>()
        .unwrap_or_else(|_| panic!("no match id in {line:?}"));
    (g, id)
}

/// Plays `args` with `moves` on stdin, then end of input; the exit code, stdout and stderr.
async fn scripted(url: &str, args: &[&str], moves: &[&str]) -> (Option<i32>, Vec<String>, String) {
    let mut g = Grundy::spawn(url, "ada", args);
    g.type_lines(moves);
    g.end_input();
    blocking(move || g.finish()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scripted_game_of_every_family_against_the_engine_ends_with_its_result() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    // Starts where seat 0 (moving first) wins in a few plies whatever the engine answers;
    // the final moves are written as the position after them, which is legal either way.
    let games: &[(&[&str], &[&str], &str)] = &[
        (
            &["queen", "3,1"],
            &["2,1", "0,0"],
            "result 0 corner_reached",
        ),
        (&["rook", "2,1"], &["1,1", "0,0"], "result 0 corner_reached"),
        (&["horse", "1,1"], &["0,0"], "result 0 corner_reached"),
        (
            &["dragon", "1,1", "--size", "5"],
            &["ld1"],
            "result 0 corner_reached",
        ),
        (
            &["nim", "1,1,1"],
            &["0,1,1", "0,0,0"],
            "result 0 last_stone",
        ),
        (
            &["chocolate", "1,0,2", "--k", "1"],
            &["z=1", "0,0,0"],
            "result 0 poison_left",
        ),
        (
            &["lgame", ".RR./NR../BR.N/BBB. r"],
            &["b2b3b4c2"],
            "result 0 l_blocked",
        ),
    ];
    for (game, moves, result) in games {
        let mut args = vec!["play"];
        args.extend_from_slice(game);
        args.extend_from_slice(&["--vs", "engine:perfect", "--first", "me"]);
        let (code, out, err) = scripted(&url, &args, moves).await;
        assert_eq!(code, Some(0), "{args:?}: {out:#?} {err}");
        assert!(
            out[0].starts_with("match ") && out[0].ends_with(" seat 0"),
            "{out:#?}"
        );
        assert!(out.contains(&"seat 0 ada".to_owned()), "{out:#?}");
        assert!(
            out.iter().any(|l| l.starts_with("move 1 seat 0 ")),
            "{out:#?}"
        );
        assert!(out.contains(&result.to_string()), "{args:?}: {out:#?}");
        assert!(out.iter().any(|l| l.starts_with("you win: ")), "{out:#?}");
        let [.., again, rematch] = out.as_slice() else {
            panic!("{out:#?}");
        };
        assert!(
            again.starts_with("see the game again: grundy export "),
            "{out:#?}"
        );
        assert!(
            rematch.starts_with("play it again: grundy rematch "),
            "{out:#?}"
        );
        assert!(
            out.iter().all(|l| !l.contains('\x1b')),
            "no colour: {out:#?}"
        );
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_move_prints_the_rule_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let lines = [
        "help", "moves", "hint", "5:1", "two", "draw", "", "0,1,1", "0,0,0",
    ];
    let args = ["play", "nim", "1,1,1", "--vs", "engine:perfect"];
    let (code, out, err) = scripted(&server.url(), &args, &lines).await;
    assert_eq!(code, Some(0), "{out:#?} {err}");
    assert!(out.iter().any(|l| l.contains("resign")), "help: {out:#?}");
    assert!(
        out.contains(&"moves 1:1 | 2:1 | 3:1".to_owned()),
        "the legal moves as the server lists them: {out:#?}"
    );
    let errors: Vec<&String> = out.iter().filter(|l| l.starts_with("error ")).collect();
    assert_eq!(errors.len(), 3, "{out:#?}");
    assert!(errors[0].contains("there is no pile 5"), "{errors:?}");
    assert!(errors[1].starts_with("error bad_notation: "), "{errors:?}");
    assert!(
        errors[2].starts_with("error invalid_state: "),
        "no draws in nim: {errors:?}"
    );
    // The learning mode: 1,1,1 is won for the player to move, by any move, in 3.
    assert!(
        out.contains(&"hint: win in 3 for the player to move".to_owned()),
        "{out:#?}"
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("  1:1") && l.ends_with("leaves loss in 2")),
        "{out:#?}"
    );
    assert!(out.contains(&"move 1 seat 0 1:1".to_owned()), "{out:#?}");
    assert!(out.contains(&"result 0 last_stone".to_owned()), "{out:#?}");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn input_ending_before_the_match_leaves_it_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let args = ["play", "nim", "3,4,5", "--vs", "engine"];
    let (code, out, err) = scripted(&server.url(), &args, &[]).await;
    assert_eq!(code, Some(1), "{out:#?}");
    assert!(err.contains("input ended before match"), "{err}");
    assert!(out.contains(&"position 3,4,5".to_owned()), "{out:#?}");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_grundy_processes_play_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let (mut ada, id) = open_match(&url, "ada", &["play", "nim", "1,1", "--vs", "human"]).await;
    let mut bob = Grundy::spawn(&url, "bob", &["join", &id]);
    // Both type ahead; each line is read only on its owner's turn.
    ada.type_lines(&["0,1"]);
    bob.type_lines(&["0,2", "0,0"]);
    let ((a_code, a_out, a_err), (b_code, b_out, b_err)) =
        blocking(move || (ada.finish(), bob.finish())).await;
    assert_eq!(a_code, Some(0), "{a_out:#?} {a_err}");
    assert_eq!(b_code, Some(0), "{b_out:#?} {b_err}");
    assert_eq!(b_out[0], format!("match {id} nim seat 1"));
    for out in [&a_out, &b_out] {
        assert!(out.contains(&"seat 0 ada".to_owned()), "{out:#?}");
        assert!(out.contains(&"seat 1 bob".to_owned()), "{out:#?}");
        assert!(out.contains(&"move 1 seat 0 1:1".to_owned()), "{out:#?}");
        assert!(out.contains(&"move 2 seat 1 2:1".to_owned()), "{out:#?}");
        assert!(out.contains(&"result 1 last_stone".to_owned()), "{out:#?}");
    }
    assert!(a_out.contains(&"bob wins: the last stone is taken".to_owned()));
    let refused = b_out
        .iter()
        .find(|l| l.starts_with("error "))
        .expect("0,2 refused");
    assert!(
        refused.contains("grow") || refused.contains("only takes"),
        "{refused}"
    );

    // Both ask for a rematch: the first waits for the second, then the seats are swapped.
    let (mut ada, _) = Grundy::spawn(&url, "ada", &["rematch", &id])
        .until(|l| l.starts_with("waiting for your opponent to ask for the rematch too"))
        .await;
    let mut bob = Grundy::spawn(&url, "bob", &["rematch", &id]);
    bob.type_lines(&["1:1"]);
    ada.type_lines(&["2:1"]);
    let ((a_code, a_out, a_err), (b_code, b_out, b_err)) =
        blocking(move || (ada.finish(), bob.finish())).await;
    assert_eq!(a_code, Some(0), "{a_out:#?} {a_err}");
    assert_eq!(b_code, Some(0), "{b_out:#?} {b_err}");
    let header = b_out.iter().find(|l| l.starts_with("match ")).unwrap();
    assert!(
        header.ends_with(" nim seat 0") && !header.contains(&id),
        "{b_out:#?}"
    );
    for out in [&a_out, &b_out] {
        assert!(out.contains(&"seat 0 bob".to_owned()), "{out:#?}");
        assert!(out.contains(&"seat 1 ada".to_owned()), "{out:#?}");
        assert!(out.contains(&"result 1 last_stone".to_owned()), "{out:#?}");
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_prints_each_move_of_a_match_as_it_happens() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let mut ada = server.connect("ada").await.unwrap();
    let mut bob = server.connect("bob").await.unwrap();
    let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::Human).start("1,1,1");
    let created = ada.request(Request::create(nim)).await.unwrap();
    let id = state_of(created).unwrap().match_id;
    bob.request(Request::Join { match_id: id }).await.unwrap();

    let mut watcher = Grundy::spawn(&server.url(), "eve", &["watch", &id.to_string()]);
    watcher.end_input();
    let (watcher, _) = watcher.until(|l| l == "position 1,1,1").await;
    for (ply, m) in ["1:1", "2:1", "3:1"].into_iter().enumerate() {
        let who = if ply % 2 == 0 { &mut ada } else { &mut bob };
        who.request(Request::play(id, m)).await.unwrap();
    }
    let (code, out, err) = blocking(move || watcher.finish()).await;
    assert_eq!(code, Some(0), "{out:#?} {err}");
    assert_eq!(out[0], format!("watching {id} nim"));
    let moves: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(
        moves,
        [
            "move 1 seat 0 1:1",
            "move 2 seat 1 2:1",
            "move 3 seat 0 3:1"
        ],
        "{out:#?}"
    );
    assert!(out.contains(&"result 0 last_stone".to_owned()), "{out:#?}");
    assert!(
        out.contains(&"ada wins: the last stone is taken".to_owned()),
        "{out:#?}"
    );

    // Watching it again once it is over shows the whole game and ends at once.
    let mut again = Grundy::spawn(&server.url(), "eve", &["watch", &id.to_string()]);
    again.end_input();
    let (code, replay, err) = blocking(move || again.finish()).await;
    assert_eq!(code, Some(0), "{replay:#?} {err}");
    let replayed: Vec<&String> = replay.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(replayed, moves, "{replay:#?}");
    assert!(
        replay.contains(&"result 0 last_stone".to_owned()),
        "{replay:#?}"
    );
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_against_the_engine_starts_at_once_with_the_seats_swapped() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let args = ["play", "queen", "--vs", "engine:perfect", "--first", "me"];
    let (code, out, err) = scripted(&url, &args, &["resign"]).await;
    assert_eq!(code, Some(0), "{out:#?} {err}");
    let first: i64 = out[0].split(' ').nth(1).unwrap().parse().unwrap();
    let offer = format!("play it again: grundy rematch {first}");
    assert!(out.contains(&offer), "{out:#?}");

    let id = first.to_string();
    let (code, again, err) = scripted(&url, &["rematch", &id], &["resign"]).await;
    assert_eq!(code, Some(0), "{again:#?} {err}");
    // A new match, the engine in seat 0 moving first, and we resign in seat 1.
    let header = &again[0];
    assert!(
        header.starts_with("match ") && header.ends_with(" queen seat 1"),
        "{again:#?}"
    );
    assert_ne!(header, &out[0]);
    assert!(
        again.contains(&"seat 0 engine (perfect)".to_owned()),
        "{again:#?}"
    );
    assert!(
        again.contains(&"result 0 resignation".to_owned()),
        "{again:#?}"
    );

    // A second rematch of the same match is refused with the reason.
    let (code, _, err) = scripted(&url, &["rematch", &id], &[]).await;
    assert_eq!(code, Some(1));
    assert!(err.contains("had its rematch already"), "{err}");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_lgame_draw_offer_in_a_drawn_position_is_accepted_by_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let args = ["play", "lgame", "--vs", "engine:perfect", "--first", "me"];
    let (code, out, err) = scripted(&server.url(), &args, &["moves", "draw"]).await;
    assert_eq!(code, Some(0), "{out:#?} {err}");
    assert!(
        out.contains(&"position ...N/RRRB/RBBB/N... r".to_owned()),
        "{out:#?}"
    );
    // The start has 65 moves, more than a match's state lists: `moves` asks for them all, and
    // prints them in notation order, not best first.
    let listed = out.iter().find_map(|l| l.strip_prefix("moves ")).unwrap();
    let moves: Vec<&str> = listed.split(" | ").collect();
    assert_eq!(moves.len(), 65, "{listed}");
    assert!(moves.windows(2).all(|w| w[0] < w[1]), "{listed}");
    assert!(moves.contains(&"a2a3a4b4 d4-b1"), "{listed}");
    assert!(
        out.contains(&"result draw agreed_draw".to_owned()),
        "{out:#?}"
    );
    assert!(out.contains(&"draw agreed".to_owned()), "{out:#?}");
    server.stop().await.unwrap();
}

/// Runs `grundy ARGS` under a pseudo-terminal with `script` (util-linux), typing `input` once
/// what it printed satisfies `ready` (a prompt or a view drawn in raw mode, where keys are read
/// one by one); all it printed, or `None` where `script` is not installed (the only reason to
/// skip: `grundy` failing on the terminal fails the test).
async fn on_a_terminal(
    url: &str,
    args: &str,
    ready: impl Fn(&str) -> bool + Send + 'static,
    input: &str,
) -> Option<String> {
    let line = format!("{} --server {url} {args}", env!("CARGO_BIN_EXE_grundy"));
    let input = input.to_owned();
    blocking(move || {
        let spawned = Command::new("script")
            .args(["-q", "-e", "-c", &line, "/dev/null"])
            .env_remove("NO_COLOR")
            // Spoken in English whatever the machine's locale.
            .env_remove("LANG")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("GRUNDY_NAME", "ada")
            .env("GRUNDY_STATE_DIR", env!("CARGO_TARGET_TMPDIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => panic!("cannot run script: {e}"),
        };
        let mut stdin = child.stdin.take().expect("stdin");
        let mut stdout = child.stdout.take().expect("stdout");
        // What grundy prints, as it comes, until it ends.
        let (chunks, printed) = mpsc::channel::<Vec<u8>>();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = stdout.read(&mut buf) {
                let _ = chunks.send(buf[..n].to_vec());
            }
        });
        let mut seen = Vec::new();
        while !ready(&String::from_utf8_lossy(&seen)) {
            match printed.recv_timeout(LINE_WAIT) {
                Ok(chunk) => seen.extend(chunk),
                Err(_) => panic!(
                    "`grundy {line}` never got ready for keys: {}",
                    String::from_utf8_lossy(&seen)
                ),
            }
        }
        stdin
            .write_all(input.as_bytes())
            .expect("grundy reads its terminal");
        seen.extend(printed.iter().flatten());
        let o = child.wait_with_output().expect("script ends");
        drop(stdin);
        let out = String::from_utf8_lossy(&seen).into_owned();
        assert!(
            o.status.success(),
            "`grundy {line}` on a terminal failed ({:?}): {out}{}",
            o.status.code(),
            String::from_utf8_lossy(&o.stderr)
        );
        Some(out)
    })
    .await
}

/// The clock's readings in the prompt of a 5-minute game (`your move · 4:5x`).
fn readings(out: &str) -> std::collections::BTreeSet<&str> {
    out.match_indices("your move · 4:5")
        .map(|(at, _)| &out[at..at + "your move · 4:5x".len()])
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_terminal_the_board_is_drawn_in_colour() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let args = "play horse 2,1 --size 4 --vs engine:perfect";
    let Some(out) =
        on_a_terminal(&server.url(), args, |o| o.contains("your move > "), "1,0\n").await
    else {
        eprintln!("`script` is not available: this test is skipped");
        return;
    };
    assert!(out.contains("match 1: horse 4×4 from 2,1"), "{out}");
    assert!(
        out.contains("\x1b[1;32mH\x1b[0m"),
        "the piece in colour: {out:?}"
    );
    assert!(out.contains("your move > "), "{out}");
    assert!(out.contains("2. engine (perfect): 0,0"), "{out}");
    assert!(
        out.contains("engine (perfect) wins: the dragon horse reached the corner"),
        "{out}"
    );
    server.stop().await.unwrap();
}

/// A game at the terminal in Japanese (`--lang ja`; a Japanese locale does the same): the
/// players, the board, the prompt, `help`, a hint, an illegal move refused by its rule, the
/// moves and the result.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_terminal_a_game_is_played_in_japanese() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let args = "--lang ja play nim 1,2,3 --vs engine:perfect";
    let Some(out) = on_a_terminal(
        &server.url(),
        args,
        |o| o.contains("あなたの番 > "),
        "help\rhint\r2:5\r1:1\rresign\r",
    )
    .await
    else {
        eprintln!("`script` is not available: this test is skipped");
        return;
    };
    for said in [
        "対局 1: ニム、開始局面 1,2,3",
        "先手 ada（あなた）、後手 エンジン（完全）",
        "山 3 │",
        "あなたの番 > ",
        "いつでも使えるコマンド:",
        "resign    投了する",
        "ヒント: 手番の人の6手で負け",
        "山2には石が2個しかありません。5個は取れません",
        "1:1          動かした後は相手の5手で勝ち",
        "1. ada（あなた）: 1:1",
        "エンジン（完全）の勝ち: ada（あなた）が投了しました",
    ] {
        assert!(out.contains(said), "{said:?} in {out:?}");
    }
    server.stop().await.unwrap();
}

/// The line editor: the clock counts down in the prompt, Tab completes commands and moves
/// (listing them when it cannot choose), ↑ recalls a line, Ctrl-U erases it, and a command
/// typed during the engine's turn is answered at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_terminal_lines_are_edited_completed_and_recalled() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let args = "play nim 1,2,3 --vs engine:perfect --clock 5+0";
    // mo⇥⏎ · ↑ Ctrl-U · 3:⇥ (lists) 3⏎ · resi⇥⏎
    let keys = "mo\t\r\x1b[A\x153:\t3\rresi\t\r";
    // The clock counts down in the prompt while the keys are awaited.
    let counting = |o: &str| readings(o).len() >= 2;
    let Some(out) = on_a_terminal(&server.url(), args, counting, keys).await else {
        eprintln!("`script` is not available: this test is skipped");
        return;
    };
    assert!(readings(&out).len() >= 2, "{:?} in {out:?}", readings(&out));
    assert!(out.contains(" > moves\r\n"), "{out:?}");
    assert!(out.contains("6 legal moves:"), "{out:?}");
    assert!(
        out.contains("3:1  3:2  3:3"),
        "the completions listed: {out:?}"
    );
    assert!(out.contains("1. ada (you): 3:3"), "{out:?}");
    assert!(out.contains("> resign\r\n"), "{out:?}");
    assert!(
        out.contains("engine (perfect) wins: ada (you) resigned"),
        "{out:?}"
    );
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offered_on_one_turn_is_accepted_by_the_other_player() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let (ada, id) = open_match(&url, "ada", &["play", "lgame", "--vs", "human"]).await;
    let bob = Grundy::spawn(&url, "bob", &["join", &id]);
    // Ada offers on her turn; bob accepts while it is still hers: her offer stands until she
    // moves. Every line is answered at once, so each waits for what it answers.
    // Ada's input stays open until the result: a script that ran out of lines would leave.
    let (mut ada, _) = ada.until(|l| l == "your_move 1").await;
    ada.type_lines(&["draw"]);
    let (mut bob, _) = bob.until(|l| l == "draw_offer 0").await;
    bob.type_lines(&["draw"]);
    let ((a_code, a_out, a_err), (b_code, b_out, b_err)) = blocking(move || {
        ada.expect(|l| l.starts_with("result "));
        bob.expect(|l| l.starts_with("result "));
        (ada.finish(), bob.finish())
    })
    .await;
    assert_eq!(a_code, Some(0), "{a_out:#?} {a_err}");
    assert_eq!(b_code, Some(0), "{b_out:#?} {b_err}");
    assert!(b_out.contains(&"draw_offer 0".to_owned()), "{b_out:#?}");
    for out in [&a_out, &b_out] {
        assert!(
            out.contains(&"result draw agreed_draw".to_owned()),
            "{out:#?}"
        );
        assert!(!out.iter().any(|l| l.starts_with("move ")), "{out:#?}");
    }
    server.stop().await.unwrap();
}

/// A player whose client died (a closed terminal, a dropped connection) comes back as the
/// same player with `grundy resume ID` and plays on; someone else cannot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resume_gives_the_seat_back_after_the_client_died() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let args = ["play", "nim", "1,2", "--vs", "human"];
    let (mut first, id) = open_match(&url, "resumer", &args).await;
    let id: i64 = id.parse().expect("a match id");
    let mut bob = server.connect("bob").await.unwrap();
    bob.request(Request::Join { match_id: id }).await.unwrap();
    // The first client dies without a word.
    first.child.kill().expect("kill grundy");
    let _ = first.child.wait();

    let mut other = Grundy::spawn(&url, "mallory", &["resume", &id.to_string()]);
    other.end_input();
    let (code, _, err) = blocking(move || other.finish()).await;
    assert_eq!(code, Some(1));
    assert!(err.contains("you hold no seat"), "{err}");

    let mut again = Grundy::spawn(&url, "resumer", &["resume", &id.to_string()]);
    again.type_lines(&["1:1"]);
    let s = bob
        .state_until(id, |s| s.ply == 1)
        .await
        .expect("the resumed player's move");
    assert_eq!(s.history.last().map(|m| m.seat), Some(0));
    assert!(s.seats[0].connected, "{:?}", s.seats);
    bob.request(Request::Resign { match_id: id }).await.unwrap();
    let (code, out, _) = blocking(move || again.finish()).await;
    assert_eq!(code, Some(0), "{out:?}");
    assert!(out.iter().any(|l| l == "result 0 resignation"), "{out:?}");
    server.stop().await.unwrap();
}

/// Every line is answered at once, whoever's turn it is: `position` and `moves` during the
/// opponent's turn, a move typed then kept as a visible premove (and `cancel` takes it back),
/// played the moment the turn comes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lines_typed_out_of_turn_are_answered_at_once_and_moves_become_premoves() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let (ada, id) = open_match(&url, "ada", &["play", "nim", "3,4,5", "--vs", "human"]).await;
    let id: i64 = id.parse().unwrap();
    let mut bob = server.connect("bob").await.unwrap();
    bob.request(Request::Join { match_id: id }).await.unwrap();
    let (mut ada, _) = ada.until(|l| l == "your_move 1").await;
    ada.type_lines(&["1:1"]);
    let (mut ada, _) = ada.until(|l| l == "move 1 seat 0 1:1").await;
    // Bob's turn, and bob is thinking: ada's lines are answered all the same.
    ada.type_lines(&["position"]);
    let (mut ada, _) = ada.until(|l| l == "position 2,4,5").await;
    ada.type_lines(&["moves"]);
    let (mut ada, listed) = ada.until(|l| l.starts_with("moves ")).await;
    assert!(listed.contains("1:2") && listed.contains("3:5"), "{listed}");
    ada.type_lines(&["2:1", "cancel", "3:1"]);
    let (ada, _) = ada.until(|l| l == "premove 2:1").await;
    let (ada, _) = ada.until(|l| l == "cancelled 1").await;
    let (ada, _) = ada.until(|l| l == "premove 3:1").await;
    let s = state_of(bob.request(Request::Watch { match_id: id }).await.unwrap()).unwrap();
    assert_eq!(s.ply, 1, "a premove waits for its turn");
    bob.request(Request::play(id, "2:1")).await.unwrap();
    // Ada's premove is played as soon as her turn comes, without a line read.
    let s = bob
        .state_until(id, |s| s.ply == 3)
        .await
        .expect("the premove, played");
    assert_eq!(s.history[2].notation, "3:1");
    assert_eq!(s.history[2].seat, 0);
    bob.request(Request::Resign { match_id: id }).await.unwrap();
    let (code, out, err) = blocking(move || ada.finish()).await;
    assert_eq!(code, Some(0), "{out:#?} {err}");
    assert!(out.contains(&"move 3 seat 0 3:1".to_owned()), "{out:#?}");
    assert!(out.contains(&"result 0 resignation".to_owned()), "{out:#?}");
    server.stop().await.unwrap();
}

/// The identity kept is the server's, not its address's spelling: a player who came in by
/// `ws://127.0.0.1:P` takes their seat back by `localhost:P/`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_server_by_another_address_is_the_same_player() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let other = format!("{}/", url.replace("ws://127.0.0.1", "localhost"));
    let args = ["play", "nim", "1,2", "--vs", "human"];
    let (mut first, id) = open_match(&url, "wanderer", &args).await;
    let id: i64 = id.parse().expect("a match id");
    let mut bob = server.connect("bob").await.unwrap();
    bob.request(Request::Join { match_id: id }).await.unwrap();
    first.child.kill().expect("kill grundy");
    let _ = first.child.wait();

    let mut again = Grundy::spawn(&other, "wanderer", &["resume", &id.to_string()]);
    again.type_lines(&["1:1"]);
    let s = bob
        .state_until(id, |s| s.ply == 1)
        .await
        .expect("the move of the player who came back");
    assert_eq!(s.history[0].seat, 0);
    bob.request(Request::Resign { match_id: id }).await.unwrap();
    let (code, out, err) = blocking(move || again.finish()).await;
    assert_eq!(code, Some(0), "{out:?} {err}");
    server.stop().await.unwrap();
}

/// On a terminal, a review is stepped through a key at a time: → or n the next ply, q to
/// stop, and a ply past the end says so; the value strip marks where each step is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_terminal_a_review_steps_a_key_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let mut ada = server.connect("ada").await.unwrap();
    let nim = NewMatch::new(GameParams::of(Game::Nim), Opponent::engine("perfect")).start("1,2,3");
    let id = state_of(ada.request(Request::create(nim)).await.unwrap())
        .unwrap()
        .match_id;
    ada.request(Request::play(id, "3:2")).await.unwrap();
    ada.state_until(id, |s| s.ply == 2).await.unwrap();
    ada.request(Request::Resign { match_id: id }).await.unwrap();
    let review = format!("review {id}");
    // Two steps forward, one back, a ply past the end, then stop.
    let Some(out) = on_a_terminal(
        &server.url(),
        &review,
        |o| o.contains("ply 0 of 2"),
        "nnp9\rq",
    )
    .await
    else {
        eprintln!("`script` is not available: this test is skipped");
        return;
    };
    assert!(out.contains("who wins with best play"), "{out}");
    for ply in ["ply 0 of 2", "ply 1 of 2", "ply 2 of 2"] {
        assert!(out.contains(ply), "{ply}: {out}");
    }
    assert!(out.contains("ada played 3:2: inaccuracy"), "{out}");
    assert!(
        out.contains("that ply is past the end: the game has 2 plies"),
        "{out}"
    );
    // The strip, marked at ply 2.
    assert!(out.contains("▼▼▼\r\n  ^"), "{out:?}");
    server.stop().await.unwrap();
}

/// A server restart during play: the client takes the connection up again by itself, as the
/// same player, says so, and plays on; one watching the match follows it on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_restart_during_play_is_taken_up_again_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir).await.unwrap();
    let url = server.url();
    let args = ["play", "nim", "1,2", "--vs", "human"];
    let (ada, id) = open_match(&url, "steady", &args).await;
    let id: i64 = id.parse().expect("a match id");
    let mut bob = server.connect("bob").await.unwrap();
    bob.request(Request::Join { match_id: id }).await.unwrap();
    let (ada, _) = ada.until(|l| l == "your_move 1").await;
    let carol = Grundy::spawn(&url, "carol", &["watch", &id.to_string()]);
    let (carol, _) = carol.until(|l| l == "seat 1 bob").await;
    let token = bob.token().to_owned();
    drop(bob);
    let server = server
        .restart(&dir, grundy_e2e::test_config())
        .await
        .unwrap();
    let (mut ada, _) = ada.until(|l| l == "reconnected").await;
    ada.type_lines(&["1:1"]);
    let (carol, _) = carol.until(|l| l == "move 1 seat 0 1:1").await;
    let mut bob = server
        .connect_as(grundy_e2e::Hello::new("bob").with_token(Some(token)))
        .await
        .unwrap();
    // Seen as the moves come, or (if it came before bob was back) in the match's state.
    let watched = state_of(bob.request(Request::Watch { match_id: id }).await.unwrap()).unwrap();
    let s = if watched.ply == 1 {
        watched
    } else {
        bob.state_until(id, |s| s.ply == 1)
            .await
            .expect("the move, after the restart")
    };
    assert_eq!(s.history[0].notation, "1:1");
    bob.request(Request::Resign { match_id: id }).await.unwrap();
    let (code, out, err) = blocking(move || ada.finish()).await;
    assert_eq!(code, Some(0), "{out:#?} {err}");
    assert!(out.contains(&"reconnecting".to_owned()), "{out:#?}");
    let (code, out, err) = blocking(move || carol.finish()).await;
    assert_eq!(code, Some(0), "{out:#?} {err}");
    assert!(out.contains(&"reconnected".to_owned()), "{out:#?}");
    server.stop().await.unwrap();
}
