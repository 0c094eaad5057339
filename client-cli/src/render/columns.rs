//! Aligned text columns: every cell padded to its column's widest entry. Widths are counted
//! in characters of the plain text, so colour codes added afterwards do not break alignment.

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
        let mut widths: Vec<usize> = self.header.iter().map(|h| h.chars().count()).collect();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate().take(n) {
                widths[i] = widths[i].max(cell.chars().count());
            }
        }
        let pad = " ".repeat(indent);
        let line = |cells: Vec<String>| format!("{pad}{}", cells.join("  ").trim_end());
        let mut out = String::new();
        let header = self
            .header
            .iter()
            .zip(&widths)
            .map(|(h, w)| header_paint(&format!("{h:<w$}")))
            .collect();
        out.push_str(&line(header));
        out.push('\n');
        for (r, row) in self.rows.iter().enumerate() {
            let cells = (0..n)
                .map(|c| {
                    let text = row.get(c).map_or("", String::as_str);
                    let w = widths[c];
                    paint(r, c, &format!("{text:<w$}"))
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
}
