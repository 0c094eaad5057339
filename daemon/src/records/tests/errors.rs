//! Malformed records: each error says where and what.

use super::*;

const QUEEN_TAGS: &str = "[Game \"queen\"]\n[Size \"11\"]\n[Start \"5,3\"]\n";

fn parse_err(text: &str) -> RecordError {
    GameRecord::parse_text(text).expect_err("a malformed record")
}

fn validate_err(text: &str) -> RecordError {
    GameRecord::parse_text(text)
        .unwrap_or_else(|e| panic!("{e}"))
        .validate()
        .expect_err("a record the rules refuse")
}

#[test]
fn bad_tag_lines_name_line_and_column() {
    assert_eq!(
        parse_err("[Game \"queen\"]\n[Size 11]\n\n*").to_string(),
        "line 2, column 7: the value of [Size] must be in double quotes; a tag is written \
         [Name \"value\"]"
    );
    assert_eq!(
        parse_err("[Game \"queen]\n\n*").to_string(),
        "line 1, column 14: the value of [Game] has no closing quote; a tag is written \
         [Name \"value\"]"
    );
    assert_eq!(
        parse_err("[Game \"queen\"\n\n*").to_string(),
        "line 1, column 14: [Game] must end with ] after its value; a tag is written \
         [Name \"value\"]"
    );
    assert_eq!(
        parse_err("[ \"queen\"]\n\n*").to_string(),
        "line 1, column 3: a tag name (letters, digits, _) must follow [; a tag is written \
         [Name \"value\"]"
    );
    assert_eq!(
        parse_err("[Game \"queen\"] x\n\n*").to_string(),
        "line 1, column 16: nothing may follow a tag on its line; a tag is written \
         [Name \"value\"]"
    );
    assert_eq!(
        parse_err("[Game \"queen\"]\n[Game \"rook\"]\n\n*").to_string(),
        "line 2: [Game]: is given twice (first on line 1)"
    );
    let e = parse_err("[Game \"queen\"]\n\n1. 7,0 [Result \"*\"] *");
    assert_eq!(
        e.to_string(),
        "line 3, column 8: a tag after the moves began; tags come first"
    );
    assert_eq!(e.code(), "bad_syntax");
}

#[test]
fn bad_tag_values_name_the_tag() {
    let e = parse_err("[Event \"x\"]\n[Game \"chess\"]\n\n*");
    assert_eq!(
        e.to_string(),
        "line 2: [Game]: unknown game \"chess\"; the games are queen, rook, horse, dragon, \
         corner, nim, heap, chocolate, lgame and sum"
    );
    assert_eq!(e.code(), "bad_tag");
    assert_eq!(
        parse_err("[Start \"1,2\"]\n\n*").to_string(),
        "[Game]: is missing: every record names its game"
    );
    assert_eq!(
        parse_err("[Game \"nim\"]\n[Size \"8\"]\n\n*").to_string(),
        "line 2: [Size]: nim has no board size; only queen, rook, horse and dragon take --size"
    );
    assert_eq!(
        parse_err("[Game \"queen\"]\n[Size \"big\"]\n\n*").to_string(),
        "line 2: [Size]: \"big\" is not a number in range"
    );
    assert_eq!(
        parse_err("[Game \"queen\"]\n[Date \"2026.13.01\"]\n\n*").to_string(),
        "line 2: [Date]: \"2026.13.01\" is not a day of the calendar"
    );
    assert!(parse_err("[Game \"queen\"]\n[Clock \"fast\"]\n\n*")
        .to_string()
        .starts_with("line 2: [Clock]: cannot read clock \"fast\""));
    assert_eq!(
        parse_err("[Game \"queen\"]\n[Termination \"boredom\"]\n\n1-0").to_string(),
        "line 2: [Termination]: \"boredom\" is not a termination: corner_reached, last_stone, \
         poison_left, l_blocked, no_move_left, resignation, repetition, agreed_draw, flag_fall, abandonment \
         or aborted"
    );
    assert_eq!(
        parse_err("[Game \"queen\"]\n\n1. 7,0 0,0 0-1").to_string(),
        "[Termination]: is missing: the result 0-1 needs a reason"
    );
    assert_eq!(
        parse_err("[Game \"queen\"]\n[Termination \"resignation\"]\n\n*").to_string(),
        "line 2: [Termination]: a game that is not over (*) has no termination, not resignation"
    );
    // Parsed, but the start is not a position of the game.
    let e = GameRecord::parse_text("[Game \"queen\"]\n[Start \"9,9\"]\n\n*")
        .expect("readable")
        .validate()
        .expect_err("off the board");
    assert_eq!(e.to_string(), "[Start]: square 9,9 is off the 8×8 board");
}

#[test]
fn bad_movetext_names_line_and_column() {
    let with = |moves: &str| format!("{QUEEN_TAGS}\n{moves}");
    assert_eq!(
        parse_err(&with("1. 4,2 2,2\n3. 0,0 1-0")).to_string(),
        "line 6, column 1: move number 3 where 2 was expected (before ply 3)"
    );
    assert_eq!(
        parse_err(&with("1. 4,2 {unclosed 2,2 1-0")).to_string(),
        "line 5, column 8: this comment is never closed with }"
    );
    assert_eq!(
        parse_err(&with("1. 4,2 } 1-0")).to_string(),
        "line 5, column 8: this } closes no comment"
    );
    assert_eq!(
        parse_err(&with("1. 4,2 2,2")).to_string(),
        "line 5, column 11: the moves end without a result: finish with 1-0, 0-1, 1/2-1/2 or *"
    );
    assert_eq!(
        parse_err(&with("1. 4,2 * 2,2")).to_string(),
        "line 5, column 10: `2,2` follows the result *, which ends the moves"
    );
    let text = format!("{QUEEN_TAGS}[Result \"1-0\"]\n[Termination \"resignation\"]\n\n1. 4,2 0-1");
    assert_eq!(
        parse_err(&text).to_string(),
        "line 7, column 8: the moves end with 0-1 but [Result] on line 4 says 1-0"
    );
    // A move number glued to its move is read too.
    let r = GameRecord::parse_text(&with("1.4,2 2,2 *")).expect("readable");
    assert_eq!(r.moves, ["4,2", "2,2"]);
}

#[test]
fn an_illegal_move_names_its_ply() {
    let e = validate_err(&format!("{QUEEN_TAGS}\n1. 4,2 2,1 *"));
    assert_eq!(
        e.to_string(),
        "ply 2 (`2,1`): the queen moves only left, down or diagonally toward the corner: \
         4,2 → 2,1 is neither"
    );
    assert_eq!(e.code(), "illegal_move");
    let e = validate_err(&format!("{QUEEN_TAGS}\n1. 5,0 0,0 2. 0,0 *"));
    assert!(matches!(e, RecordError::Move { ply: 3, .. }), "{e}");
    let lgame = "[Game \"lgame\"]\n\n1. a2a3a4b4_d4-a1 *";
    let e = validate_err(lgame);
    assert_eq!(
        e.to_string(),
        "ply 1 (`a2a3a4b4 d4-a1`): a neutral can only move to an empty square: a1 holds the \
         other neutral"
    );
}

#[test]
fn a_result_that_contradicts_the_board_is_refused() {
    let ended = |result: &str, termination: &str| {
        format!(
            "{QUEEN_TAGS}[Result \"{result}\"]\n[Termination \"{termination}\"]\n\n\
             1. 5,0 0,0 {result}"
        )
    };
    let e = validate_err(&ended("1-0", "corner_reached"));
    assert_eq!(
        e.to_string(),
        "result: the game ended on the board at ply 2: 0,0 leaves no move, so seat 1 won \
         (0-1 (corner_reached)), but the record says 1-0 (corner_reached)"
    );
    assert_eq!(e.code(), "wrong_result");
    assert!(validate_err(&ended("0-1", "resignation"))
        .to_string()
        .ends_with("but the record says 0-1 (resignation)"));
    assert!(validate_err(&format!("{QUEEN_TAGS}\n1. 5,0 0,0 *"))
        .to_string()
        .ends_with("but the record says * (not over)"));
    GameRecord::parse_text(&ended("0-1", "corner_reached"))
        .expect("readable")
        .validate()
        .expect("the board agrees");

    let early = |result: &str, termination: &str| {
        format!("{QUEEN_TAGS}[Termination \"{termination}\"]\n\n1. 5,0 {result}")
    };
    assert_eq!(
        validate_err(&early("1-0", "corner_reached")).to_string(),
        "result: corner_reached needs a final position with no move, but from 5,0 the player \
         to move has 5 moves"
    );
    assert_eq!(
        validate_err(&early("1-0", "last_stone")).to_string(),
        "result: last_stone is not how queen ends"
    );
    assert_eq!(
        validate_err(&early("1/2-1/2", "agreed_draw")).to_string(),
        "result: only the L-game can be drawn by agreement; queen always ends"
    );
    assert_eq!(
        validate_err(&early("1/2-1/2", "resignation")).to_string(),
        "result: resignation needs a winner, but the record says 1/2-1/2 (resignation)"
    );
    assert_eq!(
        validate_err(&early("1/2-1/2", "repetition")).to_string(),
        "result: a draw by repetition, but the final position 5,0 never stood before"
    );
    assert!(validate_err(&early("*", "aborted"))
        .to_string()
        .starts_with("result: an aborted game has no winner and no moves"));

    // A real repetition in the L-game: red and blue step back and forth.
    let lgame = "[Game \"lgame\"]\n[Termination \"repetition\"]\n\n\
                 1. a2a3a4b4 b1c1d1d2 2. a2a3b3c3 b2c2d2d3 1/2-1/2";
    let r = GameRecord::parse_text(lgame).expect("readable");
    assert_eq!(
        r.validate().expect("repeated").to_string(),
        "...N/RRRB/RBBB/N... r"
    );
    let won = lgame.replace("1/2-1/2", "1-0");
    assert_eq!(
        validate_err(&won).to_string(),
        "result: repetition is a draw, but the record says 1-0 (repetition)"
    );
}

#[test]
fn bad_json_is_named() {
    let e = GameRecord::from_json("{\"game\": \"queen\"}").expect_err("incomplete");
    assert!(e.to_string().starts_with("json: the field `"), "{e}");
    assert!(e.to_string().ends_with("` is missing"), "{e}");
    assert_eq!(e.code(), "bad_json");
    let said = |text: &str| {
        GameRecord::from_json(text)
            .expect_err("refused")
            .to_string()
    };
    assert_eq!(
        said("{\"game\": }"),
        "json: the JSON is not well formed at line 1, column 10"
    );
    assert_eq!(
        said("{\"game\": \"queen\",\n"),
        "json: the JSON ends too early, at line 2, column 0"
    );
    assert_eq!(
        said("{\"start\": 3}"),
        "json: invalid type: integer `3`, expected a string (line 1, column 11)"
    );
    let r = record(
        Variant::new(GameKind::Queen, Some(11), None).expect("valid"),
        "5,3",
        &["5,0", "0,0"],
        None,
    );
    let json = r.to_json(None).replace("\"ply\": 2", "\"ply\": 3");
    assert_eq!(
        GameRecord::from_json(&json)
            .expect_err("misnumbered")
            .to_string(),
        "json: move 2 has ply 3; the moves are numbered 1, 2, 3, ... in order"
    );
}

/// The end of a queen game from 5,3 that seat 1 won in the corner.
const WON_ON_THE_BOARD: &str = "[Termination \"corner_reached\"]\n\n1. 5,0 0,0 0-1\n";

/// A seat holds nobody, the engine as it is written, or a name `hello` would take: no escape
/// sequence, no invisible character, nothing that reads as the engine. Names are stored in
/// their normal form.
#[test]
fn seats_are_names_hello_would_take() {
    let with_seats = |seat0: &str, seat1: &str| {
        format!("{QUEEN_TAGS}[Seat0 \"{seat0}\"]\n[Seat1 \"{seat1}\"]\n{WON_ON_THE_BOARD}")
    };
    let e = validate_err(&with_seats("ada\u{1b}]52;c;cm0gLXJm\u{7}", "bob"));
    assert_eq!(
        e.to_string(),
        "[Seat0]: name: character 4 is U+001B ESCAPE, a control character, which a terminal \
         obeys instead of showing; type the name again without it"
    );
    assert_eq!(e.code(), "bad_tag");
    let e = validate_err(&with_seats("ada", "bob\0"));
    assert!(
        e.to_string()
            .starts_with("[Seat1]: name: character 4 is U+0000 NULL"),
        "{e}"
    );
    let e = validate_err(&with_seats("ada", "\u{202e}bob"));
    assert!(
        e.to_string().contains("U+202E RIGHT-TO-LEFT OVERRIDE"),
        "{e}"
    );
    let e = validate_err(&with_seats("ada\u{200b}", "bob"));
    assert!(e.to_string().contains("U+200B ZERO WIDTH SPACE"), "{e}");
    for engine in [
        "\u{435}ngine (perfect)",
        "engine (hard)",
        "Engine (perfect)",
    ] {
        let e = validate_err(&with_seats(engine, "bob"));
        assert!(e.to_string().contains("how the engine is shown"), "{e}");
    }
    let e = validate_err(&with_seats("", "bob"));
    assert_eq!(
        e.to_string(),
        "[Seat0]: is empty: write the player's name, or ? for nobody"
    );
    let record = GameRecord::parse_text(&with_seats(" ａｄａ  lovelace", "engine (perfect)"))
        .expect("reads");
    let replay = record.replay().expect("replays");
    assert_eq!(replay.seats, ["ada lovelace", "engine (perfect)"]);
    let record = GameRecord::parse_text(&format!("{QUEEN_TAGS}{WON_ON_THE_BOARD}")).expect("reads");
    assert_eq!(record.replay().expect("replays").seats, ["?", "?"]);
}
