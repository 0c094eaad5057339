//! Aligned text columns: every cell padded to its column's widest entry. Widths are counted
//! in terminal columns of the plain text (a Japanese name takes two a character), so colour
//! codes added afterwards do not break alignment.

use super::style::{pad, visible_width};

/// A table of text rows with a header.
#[derive(Debug, Default)]
pub struct Columns {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// A paint function applied to a padded cell: (row index, column index, padded text).
pub type Paint<'a> = &'a dyn Fn(usize, usize, &str) -> String;

impl Columns {
    /// A table with these column titles.
    pub fn new(header: &[&str]) -> Columns {
        Columns {
            header: header.iter().map(|s| (*s).to_owned()).collect(),
            rows: Vec::new(),
        }
    }

    /// A table whose column titles are these messages of the catalogs, in the reader's
    /// language.
    pub fn said(titles: &[&str]) -> Columns {
        Columns {
            header: titles.iter().map(|id| client::lang::word(id)).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row (missing cells print empty).
    pub fn push(&mut self, row: Vec<String>) {
        self.rows.push(row);
    }

    /// The table as lines, each indented by `indent` spaces; `paint` decorates data cells.
    pub fn render(
        &self,
        indent: usize,
        header_paint: &dyn Fn(&str) -> String,
        paint: Paint<'_>,
    ) -> String {
        let n = self.header.len();
        let mut widths: Vec<usize> = self.header.iter().map(|h| visible_width(h)).collect();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate().take(n) {
                widths[i] = widths[i].max(visible_width(cell));
            }
        }
        let margin = " ".repeat(indent);
        let line = |cells: Vec<String>| format!("{margin}{}", cells.join("  ").trim_end());
        let mut out = String::new();
        let header = self
            .header
            .iter()
            .zip(&widths)
            .map(|(h, &w)| header_paint(&pad(h, w)))
            .collect();
        out.push_str(&line(header));
        out.push('\n');
        for (r, row) in self.rows.iter().enumerate() {
            let cells = (0..n)
                .map(|c| {
                    let text = row.get(c).map_or("", String::as_str);
                    paint(r, c, &pad(text, widths[c]))
                })
                .collect();
            out.push_str(&line(cells));
            out.push('\n');
        }
        out
    }

    /// The table without decoration.
    pub fn plain(&self, indent: usize) -> String {
        self.render(indent, &|h| h.to_owned(), &|_, _, t| t.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_every_column_to_its_widest_cell() {
        let mut t = Columns::new(&["id", "game"]);
        t.push(vec!["12".into(), "queen".into()]);
        t.push(vec!["7".into(), "lgame".into()]);
        assert_eq!(t.plain(0), "id  game\n12  queen\n7   lgame\n");
    }

    #[test]
    fn japanese_names_line_up_with_latin_ones() {
        let mut t = Columns::new(&["student", "score"]);
        t.push(vec!["さくら".into(), "2/2".into()]);
        t.push(vec!["ada".into(), "1/2".into()]);
        t.push(vec!["ひまわり組".into(), "0/2".into()]);
        let plain = t.plain(0);
        let at: Vec<usize> = plain
            .lines()
            .map(|l| visible_width(&l[..=l.rfind(" ").unwrap()]))
            .collect();
        assert_eq!(at, [12, 12, 12, 12], "{plain}");
    }
}
