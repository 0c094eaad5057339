//! Prints solve times (median of several runs) and peak memory for the engine's solvers: the
//! corner tables, the full L-game classification, the chocolate staircase tables, and the
//! defined pieces' solver beside the named pieces' own on the same moves.
//!
//! Run with `cargo bench -p grundy-engine`; pass corner board sizes to override the default
//! 1024, 4096 and 16384 (the queen only above 4096), e.g. `-- 4096 8192`, and `--threads N`
//! to pin the corner solver's thread count (default: every core). `-- heaps` times the heap
//! games alone, `-- defined` the defined pieces alone.

use std::time::{Duration, Instant};

use engine::corner::{Piece, Table};
use engine::{chocolate, lgame};

/// Runs of the L-game solve: it takes milliseconds, so many runs steady the median.
const LGAME_RUNS: usize = 21;
/// Chocolate steps timed: the papers study k ≤ 6.
const CHOCOLATE_STEPS: std::ops::RangeInclusive<u32> = 1..=6;
/// Staircase widths timed for each step.
const CHOCOLATE_WIDTHS: [u64; 2] = [1024, 4096];
/// Runs per chocolate table.
const CHOCOLATE_RUNS: usize = 5;

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(f());
                t.elapsed()
            })
            .collect(),
    )
}

/// Peak resident memory of this process so far (Linux), for the memory target.
fn peak_rss_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// The command line: corner sizes and the corner solver's thread count. Other flags (cargo
/// passes `--bench`) are ignored.
struct Args {
    sizes: Vec<u64>,
    threads: usize,
}

fn parse_args() -> Args {
    let mut sizes = Vec::new();
    let mut threads = None;
    let mut argv = std::env::args().skip(1);
    while let Some(arg) = argv.next() {
        if arg == "--threads" {
            match argv.next().and_then(|n| n.parse().ok()) {
                Some(n) if n > 0 => threads = Some(n),
                _ => eprintln!("--threads needs a positive number; using every core"),
            }
        } else if let Ok(n) = arg.parse() {
            sizes.push(n);
        }
    }
    if sizes.is_empty() {
        sizes = vec![1024, 4096, 16384];
    }
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |t| t.get()));
    Args { sizes, threads }
}

/// One line of the report, in columns: what was solved, threads, median, memory so far.
fn report(label: &str, threads: usize, what: &str, t: Duration, runs: usize) {
    println!(
        "{label:<22} {threads} thr  {what:<18} median {t:>9.3?} of {runs:<2}  (peak RSS {} MiB)",
        peak_rss_mib().unwrap_or(0)
    );
}

fn corner_tables(args: &Args) {
    let threads = args.threads;
    for &n in &args.sizes {
        for piece in Piece::ALL {
            if piece != Piece::Queen && n > 4096 {
                continue;
            }
            let runs = if n >= 16384 { 3 } else { 5 };
            let t = time(runs, || {
                Table::solve_with(piece, n, threads, &|_, _| {}).expect("valid size")
            });
            let label = format!("{:<6} {n:>5}²", piece.name());
            report(&label, threads, "grundy+remoteness", t, runs);
        }
    }
}

fn lgame_solve() {
    let t = time(LGAME_RUNS, lgame::Solution::solve);
    let what = format!("{} classes", lgame::CLASSES);
    report("lgame", 1, &what, t, LGAME_RUNS);
}

fn chocolate_tables() {
    for z_max in CHOCOLATE_WIDTHS {
        for k in CHOCOLATE_STEPS {
            let t = time(CHOCOLATE_RUNS, || {
                chocolate::Table::solve(k, z_max).expect("within the table limit")
            });
            let label = format!("chocolate k={k} z≤{z_max}");
            report(&label, 1, "staircase grundy", t, CHOCOLATE_RUNS);
        }
    }
}

/// Formula edges timed beside the steps of the same widths: the staircase solver is one for
/// both, a formula edge only reads its heights from a list.
const EDGES: [&str; 4] = [
    "z // 2 + z // 3",
    "floor(z / phi)",
    "z // 4 * 2",
    "min(z, 500)",
];

/// Chocolate tables of formula edges beside steps 1 and 2, with the time per value, and the
/// time to read an edge (its formula on all 2^13 columns).
fn chocolate_edges() {
    for z_max in CHOCOLATE_WIDTHS {
        let steps = [1, 2].map(chocolate::Edge::Step);
        let edges = EDGES.map(|e| chocolate::Edge::formula(e).expect("an edge"));
        for edge in steps.into_iter().chain(edges) {
            let t = time(CHOCOLATE_RUNS, || {
                chocolate::Table::solve(edge, z_max).expect("within the table limit")
            });
            let cells = chocolate::Table::value_count(edge, z_max).unwrap_or(1);
            let per = t.as_nanos() as f64 / cells as f64;
            let label = format!("chocolate {edge} z≤{z_max}");
            report(
                &label,
                1,
                &format!("{cells} values, {per:.1} ns each"),
                t,
                CHOCOLATE_RUNS,
            );
        }
    }
    let mut i = 0;
    for edge in EDGES {
        let t = time(CHOCOLATE_RUNS, || {
            // A new text every run: a formula read before is kept, and not read again.
            i += 1;
            chocolate::Edge::formula(&format!("{edge} + {i} - {i}")).expect("an edge")
        });
        report(
            &format!("read edge {edge}"),
            1,
            "2^13 columns",
            t,
            CHOCOLATE_RUNS,
        );
    }
}

fn main() {
    // `-- sums`: the sums' searches alone.
    if std::env::args().any(|a| a == "sums") {
        sum_searches();
        return;
    }
    // `-- edges`: the chocolate edges alone.
    if std::env::args().any(|a| a == "edges") {
        chocolate_edges();
        return;
    }
    // `-- heaps`, `-- defined`: the heap games, or the defined pieces, alone.
    if std::env::args().any(|a| a == "heaps") {
        heap_games();
        return;
    }
    if std::env::args().any(|a| a == "defined") {
        defined_pieces();
        return;
    }
    let args = parse_args();
    // The quick solvers first, so that their peak memory is not the corner tables'.
    lgame_solve();
    sum_searches();
    chocolate_tables();
    defined_pieces();
    heap_games();
    corner_tables(&args);
}

/// The heap games' values: a subtraction game (no split: linear) to a million tokens; octal
/// games that split, to a million (their period proved early, then followed), and one whose
/// period shows late, by the sparse-space phenomenon past its first 4096 heaps.
fn heap_games() {
    use engine::heap::Octal;
    let subtraction = Octal::subtraction(&[1, 3, 4]).expect("a set");
    let t = time(5, || subtraction.values(1_000_000));
    report("subtraction 1,3,4 10⁶", 1, "grundy", t, 5);
    for (code, n) in [
        ("0.77", 1_000_000),
        ("0.137", 1_000_000),
        ("0.16", 20_000),
        ("0.16", 100_000),
        ("0.16", 1_000_000),
    ] {
        let game = Octal::parse(code).expect("a code");
        let t = time(3, || game.values(n));
        report(&format!("octal {code} to {n}"), 1, "grundy", t, 3);
    }
    heap_positions();
}

/// Heap games as they are played and queried: a position's whole classification (every
/// move's value and the remoteness searched within the default budget) and the engine's
/// move, at the sizes a lesson uses and at a large heap; Grundy's game's values to its
/// largest heap (quadratic).
fn heap_positions() {
    use engine::heap::Rule;
    use engine::{Knowledge, Level, Rng, Variant, DEFAULT_BUDGET};
    let knowledge = Knowledge::new(DEFAULT_BUDGET);
    for (rule, heaps) in [
        ("kayles", "3,4,5"),
        ("kayles", "7,10,12"),
        ("dawsons-chess", "20,21"),
        ("grundy", "30"),
        ("subtraction 1,3,4", "1000000,5"),
        ("kayles", "4000,1234"),
        ("octal 0.04", "4000"),
    ] {
        let p = Variant::heap(Rule::parse(rule).expect("a rule"))
            .parse_position(heaps)
            .expect("a position");
        let t = time(5, || knowledge.classify(&p, 100_000));
        report(&format!("classify heap {rule} {heaps}"), 1, "query", t, 5);
        let mut rng = Rng::new(1);
        let t = time(5, || {
            engine::choose(&knowledge, &p, Level::Perfect, &mut rng)
        });
        report(&format!("engine move heap {rule} {heaps}"), 1, "move", t, 5);
    }
    let grundy = Rule::Grundy;
    let t = time(3, || grundy.values(engine::heap::MAX_GRUNDY_HEAP));
    report("grundy's game to 8192", 1, "grundy", t, 3);
}

/// The defined pieces' solver (one core, the whole square) on the four named pieces' moves,
/// side by side with their own solvers on one core and on every core; then pieces of other
/// shapes: a leaper, a rider on a knight's line, a compound.
fn defined_pieces() {
    let every = std::thread::available_parallelism().map_or(1, |t| t.get());
    for n in [1024, 4096] {
        for named in Piece::ALL {
            let spelled = named.betza();
            let defined = Piece::Defined(spelled);
            let runs = 5;
            let own_one = time(runs, || Table::solve_with(named, n, 1, &|_, _| {}));
            let own_all = time(runs, || Table::solve_with(named, n, every, &|_, _| {}));
            let def = time(runs, || Table::solve_with(defined, n, 1, &|_, _| {}));
            let def_all = time(runs, || Table::solve_with(defined, n, every, &|_, _| {}));
            println!(
                "defined {:<3} {n:>5}²  median {def:>9.3?} (1 thr), {def_all:>9.3?} ({every} thr)   \
                 {} own: {own_one:>9.3?} (1 thr), {own_all:>9.3?} ({every} thr)   \
                 defined/own 1 thr {:.2}, {every} thr {:.2}",
                spelled.to_string(),
                named.name(),
                def.as_secs_f64() / own_one.as_secs_f64(),
                def_all.as_secs_f64() / own_all.as_secs_f64()
            );
        }
        for spelled in ["N", "NN", "RN", "R3N"] {
            let piece = Piece::parse_betza(spelled).expect("a piece");
            let t = time(5, || Table::solve(piece, n));
            report(
                &format!("defined {spelled} {n:>5}²"),
                every,
                "grundy+remoteness",
                t,
                5,
            );
        }
    }
}

/// Sums whose remoteness is searched (their product space walked and solved), from small to
/// near the search's bounds, normal and misère: the work one `query` of a sum may cost.
fn sum_searches() {
    use engine::sum::{search::Solved, Position};
    use engine::Convention;
    for text in [
        "queen(11):5,3 + nim:3,4,5 + chocolate(1):5,3,7",
        "queen(8):7,3 + nim:3,4,5 + chocolate(1):5,3,7",
        "queen(10):9,9 + nim:9,9,9 + nim:5",
        "nim:9,9,9 + nim:9,9,9",
        "rook(32):31,31 + dragon(32):31,31",
        // Heap games: their reachable positions listed, each as its heaps sorted.
        "heap kayles:7,10 + nim:3,4,5",
        "heap grundy:24 + queen(8):7,3",
        "heap octal 0.137:12,13 + nim:9",
        "heap grundy:200 + nim:3",
    ] {
        let Ok(p) = Position::parse(text) else {
            println!("sum {text}: cannot read");
            continue;
        };
        for convention in [Convention::Normal, Convention::Misere] {
            match Solved::new(&p, convention) {
                Ok(solved) => {
                    let states = solved.states();
                    let t = time(5, || Solved::new(&p, convention).map(|s| s.states()));
                    println!(
                        "sum search {convention:<7} {states:>8} combinations  {t:>10.2?}  {text}"
                    );
                }
                Err(e) => {
                    // How long finding it too large takes (a heap game's positions are
                    // listed up to the bound first).
                    let t = time(5, || Solved::new(&p, convention).is_err());
                    println!(
                        "sum search {convention:<7} refused in {t:>8.2?}: {}  {text}",
                        e.reason()
                    )
                }
            }
        }
    }
}
