//! The Japanese documents (`docs/ja/`) hold the same commands, examples and sections as the
//! English ones they translate: a command changed in one and not the other fails here.

const PAIRS: [(&str, &str, &str); 3] = [
    (
        "RULES.md",
        include_str!("../../docs/RULES.md"),
        include_str!("../../docs/ja/RULES.md"),
    ),
    (
        "THEORY.md",
        include_str!("../../docs/THEORY.md"),
        include_str!("../../docs/ja/THEORY.md"),
    ),
    (
        "CLASSROOM.md",
        include_str!("../../docs/CLASSROOM.md"),
        include_str!("../../docs/ja/CLASSROOM.md"),
    ),
];

/// The fenced blocks of `doc`, each line without its trailing `# comment` (comments are
/// translated; commands and output are not).
fn blocks(doc: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in doc.lines() {
        if line.trim_start().starts_with("```") {
            match current.take() {
                Some(block) => out.push(block),
                None => current = Some(Vec::new()),
            }
        } else if let Some(block) = current.as_mut() {
            let command = match line
                .find(" #")
                .or_else(|| line.find('#').filter(|&i| i == 0))
            {
                Some(i) => &line[..i],
                None => line,
            };
            block.push(command.trim_end().to_owned());
        }
    }
    assert!(current.is_none(), "a fenced block is not closed");
    out
}

/// The depth of each heading, in order.
fn headings(doc: &str) -> Vec<usize> {
    let mut fenced = false;
    doc.lines()
        .filter(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
            }
            !fenced && line.starts_with('#')
        })
        .map(|line| line.chars().take_while(|&c| c == '#').count())
        .collect()
}

#[test]
fn each_translation_has_the_originals_commands_and_sections() {
    for (name, english, japanese) in PAIRS {
        let (en, ja) = (blocks(english), blocks(japanese));
        assert_eq!(en.len(), ja.len(), "{name}: a block is missing");
        for (i, (e, j)) in en.iter().zip(&ja).enumerate() {
            assert_eq!(e, j, "{name}: block {} differs from the English", i + 1);
        }
        assert_eq!(
            headings(english),
            headings(japanese),
            "{name}: the sections differ"
        );
        assert!(
            japanese.contains(&format!("](../{name})")),
            "docs/ja/{name} links to its English original"
        );
    }
}
