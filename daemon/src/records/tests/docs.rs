//! The examples of `docs/EXPORT.md` are real exports: each reads, validates, and is exactly
//! what `to_text` writes for it (with the review, when the example is annotated).

use super::*;

const EXPORT_MD: &str = include_str!("../../../../docs/EXPORT.md");

/// The bodies of the code blocks fenced as ```` ```{fence} ````.
pub(super) fn examples(fence: &str) -> Vec<String> {
    let open = format!("```{fence}");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in EXPORT_MD.lines() {
        match (&mut current, line.trim_end()) {
            (None, l) if l == open => current = Some(String::new()),
            (Some(block), "```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            (Some(block), line) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    assert!(current.is_none(), "a {open} block is not closed");
    blocks
}

#[test]
fn export_md_examples_read_validate_and_are_exact() {
    let blocks = examples("grundy");
    let mut games = Vec::new();
    for block in &blocks {
        let r = GameRecord::parse_text(block).unwrap_or_else(|e| panic!("{e}\n{block}"));
        r.validate().unwrap_or_else(|e| panic!("{e}\n{block}"));
        let reviewed = block.contains('{').then(|| review_of(&r));
        assert_eq!(&r.to_text(reviewed.as_deref()), block);
        assert_round_trips(&r);
        games.push(r.params.game);
    }
    for family in ["queen", "nim", "chocolate", "lgame"] {
        assert!(
            games.iter().any(|g| g.name() == family),
            "no {family} example"
        );
    }
}

#[test]
fn export_md_json_example_is_the_queen_example_cut_short() {
    let queen = GameRecord::parse_text(&examples("grundy")[0]).expect("the queen example");
    let reviewed = review_of(&queen);
    let mut real = serde_json::to_value(queen.to_json_record(Some(&reviewed))).expect("json");
    // The document shows the first move and its first better move only.
    let moves = real["moves"].as_array_mut().expect("moves");
    moves.truncate(1);
    let better = moves[0]["review"]["better"].as_array_mut().expect("better");
    assert_eq!(better.len(), 3);
    better.truncate(1);
    let json = examples("json");
    assert_eq!(json.len(), 1);
    let shown: serde_json::Value = serde_json::from_str(&json[0]).expect("valid json");
    assert_eq!(shown, real);
}
