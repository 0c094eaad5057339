//! Sequences and the periodicity of lines over websockets: a table's rows, columns,
//! diagonals and P-positions as `sequence` lists them, checked against Wythoff's table and
//! the other corner games' tables computed here by brute force from the rules, and against
//! the Beatty pairs of the golden ratio in exact integer arithmetic.

use grundy_e2e::{refusal, Client, Server};
use protocol::{
    ErrorCode, Game, GameParams, LineKind, PeriodicityQuery, PeriodicityReport, Request,
    SequenceLine, SequenceQuery, SequenceReport, ServerBody, Span,
};

/// The board of the test server's corner tables: the P-positions below 200 fit.
const BOARD: u64 = 256;

/// A server whose corner tables reach [`BOARD`].
async fn start(dir: &tempfile::TempDir) -> anyhow::Result<Server> {
    let config = daemon::Config {
        board: BOARD,
        ..grundy_e2e::test_config()
    };
    Server::start_with(dir, config).await
}

/// Grundy numbers of a corner game on an n×n board, by definition: the mex of the values of
/// the moves, each piece's moves written out from its rule (docs/RULES.md), toward the
/// corner 0,0. Nothing here comes from the engine.
fn brute(game: Game, n: usize) -> Vec<Vec<u64>> {
    let straight = matches!(game, Game::Queen | Game::Rook | Game::Dragon);
    let diagonal = matches!(game, Game::Queen | Game::Horse);
    let mut g = vec![vec![0u64; n]; n];
    for x in 0..n {
        for y in 0..n {
            let mut options = Vec::new();
            // Left and down: slides for the queen, rook and dragon king, one step for the
            // dragon horse.
            for i in 1..=x {
                if straight || (game == Game::Horse && i == 1) {
                    options.push(g[x - i][y]);
                }
            }
            for i in 1..=y {
                if straight || (game == Game::Horse && i == 1) {
                    options.push(g[x][y - i]);
                }
            }
            // Diagonally: slides for the queen and dragon horse, one step for the dragon king.
            for i in 1..=x.min(y) {
                if diagonal || (game == Game::Dragon && i == 1) {
                    options.push(g[x - i][y - i]);
                }
            }
            // The mex: the smallest value no move reaches (at most the number of moves).
            let mut seen = vec![false; options.len() + 1];
            for &v in &options {
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            }
            g[x][y] = seen.iter().position(|&s| !s).unwrap_or(options.len()) as u64;
        }
    }
    g
}

async fn sequence(
    c: &mut Client,
    params: GameParams,
    line: SequenceLine,
    upto: Option<u64>,
) -> anyhow::Result<SequenceReport> {
    let q = SequenceQuery { params, line, upto };
    match c.request(Request::Sequence(q)).await? {
        ServerBody::Sequence(r) => Ok(r),
        other => anyhow::bail!("expected a sequence, got {other:?}"),
    }
}

async fn periodicity(
    c: &mut Client,
    game: Game,
    line: LineKind,
    rows: Span,
    upto: Option<u64>,
) -> anyhow::Result<PeriodicityReport> {
    let q = PeriodicityQuery {
        params: GameParams::of(game),
        line: Some(line),
        rows: Some(rows),
        upto,
    };
    match c.request(Request::Periodicity(q)).await? {
        ServerBody::Periodicity(r) => Ok(r),
        other => anyhow::bail!("expected a periodicity report, got {other:?}"),
    }
}

/// The queen's row 1 is row 1 of Wythoff's table computed by brute force; other rows,
/// columns and diagonals (negative ones too) follow their definitions; a chocolate
/// staircase's lines are the engine's own table's.
#[tokio::test]
async fn lines_are_the_tables_rows_columns_and_diagonals() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = start(&dir).await?;
    let mut c = server.connect("researcher").await?;
    let queen = GameParams::of(Game::Queen);
    let n = 64;
    let wythoff = brute(Game::Queen, n as usize);
    let row = sequence(&mut c, queen.clone(), SequenceLine::Row(1), Some(n)).await?;
    assert_eq!(row.values, wythoff[1]);
    assert_eq!(row.values[..9], [1, 2, 0, 4, 5, 3, 7, 8, 6]);
    assert_eq!(
        (row.offset, row.first, row.step, row.upto),
        (Some(0), Some([1, 0]), Some([0, 1]), n)
    );
    assert!(row.source.contains("bound 256"), "{}", row.source);
    // The whole row of the stored table by default.
    let whole = sequence(&mut c, queen.clone(), SequenceLine::Row(1), None).await?;
    assert_eq!((whole.values.len() as u64, whole.upto), (BOARD, BOARD));
    for x in 0..5 {
        let column = sequence(&mut c, queen.clone(), SequenceLine::Column(x), Some(n)).await?;
        let expected: Vec<u64> = (0..n as usize).map(|i| wythoff[i][x as usize]).collect();
        assert_eq!(column.values, expected, "column {x}");
    }
    for d in -5i64..=5 {
        let r = sequence(&mut c, queen.clone(), SequenceLine::Diagonal(d), Some(n)).await?;
        let shift = d.unsigned_abs() as usize;
        let expected: Vec<u64> = (0..n as usize - shift)
            .map(|i| {
                if d >= 0 {
                    wythoff[i][i + shift]
                } else {
                    wythoff[i + shift][i]
                }
            })
            .collect();
        assert_eq!(r.values, expected, "diagonal {d}");
    }
    // Chocolate k = 1: row y from z = y, column z for y ≤ z, diagonal (y, y + D) while
    // y + D is below the bound.
    let k = grundy_e2e::knowledge();
    let bar = k.chocolate_table(1).expect("a k=1 table");
    let g = |y: u64, z: u64| bar.grundy(y, z).expect("in the table");
    let choc = GameParams {
        k: Some(1),
        ..GameParams::of(Game::Chocolate)
    };
    let row = sequence(&mut c, choc.clone(), SequenceLine::Row(3), Some(40)).await?;
    assert_eq!((row.offset, row.first), (Some(3), Some([3, 3])));
    assert_eq!(row.values, (3..40).map(|z| g(3, z)).collect::<Vec<_>>());
    let column = sequence(&mut c, choc.clone(), SequenceLine::Column(9), None).await?;
    assert_eq!(column.values, (0..=9).map(|y| g(y, 9)).collect::<Vec<_>>());
    let diagonal = sequence(&mut c, choc.clone(), SequenceLine::Diagonal(2), Some(40)).await?;
    assert_eq!(
        diagonal.values,
        (0..38).map(|y| g(y, y + 2)).collect::<Vec<_>>()
    );
    server.stop().await
}

/// The queen's P-positions below 200 are the Beatty pairs (⌊nφ⌋, ⌊nφ²⌋) and their mirror
/// images, computed without floating point: ⌊nφ⌋ = (n + ⌊√(5n²)⌋) / 2, ⌊nφ²⌋ = ⌊nφ⌋ + n.
#[tokio::test]
async fn the_queens_p_positions_are_the_beatty_pairs() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = start(&dir).await?;
    let mut c = server.connect("researcher").await?;
    let bound = 200u64;
    let mut pairs = Vec::new();
    for n in 0u64.. {
        let a = (n + (5 * n * n).isqrt()) / 2;
        let b = a + n;
        if a >= bound {
            break;
        }
        if b < bound {
            pairs.push([a, b]);
            if n > 0 {
                pairs.push([b, a]);
            }
        }
    }
    pairs.sort();
    let r = sequence(
        &mut c,
        GameParams::of(Game::Queen),
        SequenceLine::PPositions,
        Some(bound),
    )
    .await?;
    assert_eq!(r.cells, pairs);
    assert!(r.values.is_empty() && r.offset.is_none());
    // The rook's are the diagonal x = y: two-pile Nim.
    let r = sequence(
        &mut c,
        GameParams::of(Game::Rook),
        SequenceLine::PPositions,
        Some(50),
    )
    .await?;
    assert_eq!(r.cells, (0..50).map(|i| [i, i]).collect::<Vec<_>>());
    server.stop().await
}

/// Every periodicity `periodicity` reports along the diagonals (and the dragon horse's rows)
/// holds on the tables computed here by brute force, over the range the report states; and
/// a search written here independently — every period, every preperiod, forwards — finds the
/// same smallest period, or nothing where the report says none.
#[tokio::test]
async fn diagonals_are_found_periodic_as_a_brute_force_search_finds_them() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = start(&dir).await?;
    let mut c = server.connect("researcher").await?;
    let upto = BOARD;
    let mut periodic = 0;
    for game in [Game::Queen, Game::Horse, Game::Dragon, Game::Rook] {
        let table = brute(game, upto as usize);
        for line in [LineKind::Diagonal, LineKind::Row] {
            let r = periodicity(&mut c, game, line, Span { from: 0, to: 8 }, None).await?;
            assert_eq!((r.line, r.upto, r.rows.len()), (line, upto, 8));
            for found in &r.rows {
                let d = found.row as usize;
                let seq: Vec<i64> = match line {
                    LineKind::Diagonal => (0..upto as usize - d)
                        .map(|x| table[x][x + d] as i64)
                        .collect(),
                    _ => (0..upto as usize).map(|y| table[d][y] as i64).collect(),
                };
                assert_eq!((found.from, found.to), (0, seq.len() as u64), "{game} {d}");
                let ours = search(&seq, r.max_period as usize, r.repeats as usize);
                let theirs = found
                    .period
                    .zip(found.preperiod)
                    .zip(found.saltus)
                    .map(|((p, pre), s)| (pre as usize, p as usize, s));
                assert_eq!(theirs, ours, "{game} {line} {d}");
                if let Some((pre, p, s)) = theirs {
                    // The relation, over the whole range stated.
                    for x in pre..seq.len() - p {
                        assert_eq!(seq[x + p], seq[x] + s, "{game} {line} {d} at {x}");
                    }
                    periodic += 1;
                }
            }
            // The dragon horse's rows are periodic in the plain sense: saltus 0.
            if game == Game::Horse && line == LineKind::Row {
                assert!(r.rows.iter().all(|f| f.saltus == Some(0)), "{r:?}");
            }
        }
    }
    assert!(periodic > 20, "only {periodic} lines found periodic");
    server.stop().await
}

/// The smallest period p up to `max_period` such that, from some preperiod on,
/// `seq[i + p] = seq[i] + s` holds to the end over at least `repeats + 1` periods and 24
/// values; with the smallest such preperiod and its saltus. Forwards and by brute force.
fn search(seq: &[i64], max_period: usize, repeats: usize) -> Option<(usize, usize, i64)> {
    let n = seq.len();
    for p in 1..=max_period.min(n) {
        for pre in 0..n.saturating_sub(p) {
            let s = seq[pre + p] - seq[pre];
            if (pre..n - p).all(|i| seq[i + p] - seq[i] == s) {
                if n - pre >= ((repeats + 1) * p).max(24) {
                    return Some((pre, p, s));
                }
                break;
            }
        }
    }
    None
}

/// What cannot be answered is refused with what to ask instead.
#[tokio::test]
async fn lines_that_are_not_there_are_refused_clearly() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = start(&dir).await?;
    let mut c = server.connect("researcher").await?;
    let choc = GameParams {
        k: Some(2),
        ..GameParams::of(Game::Chocolate)
    };
    // A staircase's columns are finite: no periodicity to find.
    let q = PeriodicityQuery {
        params: choc.clone(),
        line: Some(LineKind::Column),
        rows: None,
        upto: None,
    };
    let e = refusal(c.request(Request::Periodicity(q)).await)?;
    assert_eq!(e.code, ErrorCode::BadParameters);
    assert!(
        e.message.contains("columns are finite") && e.message.contains("ask for rows"),
        "{}",
        e.message
    );
    // But as a sequence a column is listed: y = 0 to ⌊z/k⌋.
    let column = sequence(&mut c, choc.clone(), SequenceLine::Column(9), None).await?;
    assert_eq!(column.values.len(), 5);
    // A chocolate diagonal below 0 would leave the staircase.
    let e = refusal(
        c.request(Request::Sequence(SequenceQuery {
            params: choc,
            line: SequenceLine::Diagonal(-1),
            upto: None,
        }))
        .await,
    )?;
    assert_eq!(e.code, ErrorCode::BadParameters);
    assert!(e.message.contains("D ≥ 0"), "{}", e.message);
    // Beyond the stored table: how far it reaches, and how to have more.
    let far = |line, upto| {
        Request::Sequence(SequenceQuery {
            params: GameParams::of(Game::Queen),
            line,
            upto,
        })
    };
    let e = refusal(c.request(far(SequenceLine::Row(BOARD), None)).await)?;
    assert_eq!(e.code, ErrorCode::TooLarge);
    assert!(e.message.contains("reaches 256"), "{}", e.message);
    // Solved on demand when the bound asked is beyond the table, up to the limit.
    let ServerBody::Sequence(row) = c
        .request(far(SequenceLine::Row(BOARD), Some(BOARD + 1)))
        .await?
    else {
        anyhow::bail!("expected a sequence");
    };
    assert_eq!(row.values.len() as u64, BOARD + 1);
    let e = refusal(c.request(far(SequenceLine::Row(1), Some(20_000))).await)?;
    assert_eq!(e.code, ErrorCode::TooLarge);
    // A diagonal with no cell below the bound asked.
    let e = refusal(c.request(far(SequenceLine::Diagonal(-20), Some(10))).await)?;
    assert_eq!(e.code, ErrorCode::BadParameters);
    assert!(e.message.contains("larger upto"), "{}", e.message);
    // Misère play, and a game without a table.
    let misere = GameParams {
        misere: true,
        ..GameParams::of(Game::Queen)
    };
    let e = refusal(
        c.request(Request::Sequence(SequenceQuery {
            params: misere,
            line: SequenceLine::Row(1),
            upto: None,
        }))
        .await,
    )?;
    assert_eq!(e.code, ErrorCode::BadParameters);
    let e = refusal(
        c.request(Request::Sequence(SequenceQuery {
            params: GameParams::of(Game::Nim),
            line: SequenceLine::Row(1),
            upto: None,
        }))
        .await,
    )?;
    assert_eq!(e.code, ErrorCode::BadParameters);
    server.stop().await
}

/// A heap game's row 0 is one heap's values (Kayles: OEIS A002186), and its period is proved
/// by the octal games' periodicity theorem where it applies: Kayles' 12 from n = 71 on,
/// Dawson's Chess' 34 from n = 52 on (A002187); Grundy's game and a periodic subtraction
/// set, which are not octal, have none.
#[tokio::test]
async fn a_heap_games_values_and_proved_period() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = start(&dir).await?;
    let mut c = server.connect("ada").await?;
    let heap = |rule: &str| GameParams {
        rule: Some(rule.to_owned()),
        edge: None,
        ..GameParams::of(Game::Heap)
    };
    let kayles = sequence(&mut c, heap("kayles"), SequenceLine::Row(0), Some(24)).await?;
    assert_eq!(kayles.params.rule.as_deref(), Some("octal 0.77"));
    assert_eq!(
        kayles.values,
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]
    );
    // A periodic subtraction set, written with its smallest period: any odd count, so
    // G(n) = n mod 2, and no theorem to prove a period by.
    let odd = sequence(
        &mut c,
        heap("subtraction 1,3 mod 4"),
        SequenceLine::Row(0),
        Some(8),
    )
    .await?;
    assert_eq!(odd.params.rule.as_deref(), Some("subtraction 1 mod 2"));
    assert_eq!(odd.values, [0, 1, 0, 1, 0, 1, 0, 1]);
    for (rule, proved) in [
        ("kayles", Some((71, 12))),
        ("dawsons-chess", Some((52, 34))),
        ("grundy", None),
        ("subtraction 1 mod 2", None),
    ] {
        let q = PeriodicityQuery {
            params: heap(rule),
            line: Some(LineKind::Row),
            rows: Some(Span { from: 0, to: 1 }),
            upto: None,
        };
        let ServerBody::Periodicity(r) = c.request(Request::Periodicity(q)).await? else {
            anyhow::bail!("expected a periodicity report")
        };
        let got = r.proved.map(|p| (p.preperiod, p.period));
        assert_eq!(got, proved, "{rule}");
    }
    server.stop().await
}
