//! The grid of a two-dimensional table as the papers print it: column indices across the
//! top, row indices down the side, one Grundy number per cell, P-positions (Grundy 0)
//! highlighted when colour is on, `·` where a cell is not a position.

use protocol::Span;

use super::Style;

/// The grid of `values` (one vector per row of `rows`, one entry per column of `cols`);
/// `corner` labels the axes, e.g. `x\y`; the values for which `lost` holds (P-positions: a
/// Grundy number 0, an even remoteness) stand out on a terminal.
pub fn grid(
    corner: &str,
    rows: Span,
    cols: Span,
    values: &[Vec<Option<u64>>],
    lost: impl Fn(u64) -> bool,
    style: Style,
) -> String {
    let text = |v: Option<u64>| v.map_or_else(|| "·".to_owned(), |v| v.to_string());
    let cell_width = values
        .iter()
        .flatten()
        .map(|v| text(*v).chars().count())
        .chain((cols.from..cols.to).map(|c| c.to_string().len()))
        .max()
        .unwrap_or(1);
    let label_width = (rows.from..rows.to)
        .map(|r| r.to_string().len())
        .chain([corner.chars().count()])
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    let mut header = format!("{corner:>label_width$} │");
    for c in cols.from..cols.to {
        header.push_str(&format!(" {c:>cell_width$}"));
    }
    out.push_str(&style.dim(&header));
    out.push('\n');
    let rule = format!(
        "{}─┼{}",
        "─".repeat(label_width),
        "─".repeat((cell_width + 1) * values.first().map_or(0, Vec::len))
    );
    out.push_str(&style.dim(&rule));
    out.push('\n');
    for (r, row) in (rows.from..rows.to).zip(values) {
        out.push_str(&style.dim(&format!("{r:>label_width$} │")));
        for v in row {
            let cell = format!("{:>cell_width$}", text(*v));
            out.push(' ');
            if v.is_some_and(&lost) {
                out.push_str(&style.strong(&cell));
            } else {
                out.push_str(&cell);
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_rows_and_columns() {
        let span = Span { from: 0, to: 2 };
        let g = grid(
            "x\\y",
            span,
            span,
            &[vec![Some(0), Some(1)], vec![Some(1), None]],
            |g| g == 0,
            Style { color: false },
        );
        assert_eq!(g, "x\\y │ 0 1\n────┼────\n  0 │ 0 1\n  1 │ 1 ·\n");
    }
}
