//! A small table rendered for the terminal (aligned columns) and as markdown.

/// A titled table of text cells; the first column is a name (left-aligned), the others values:
/// right-aligned when every cell is a number (starts with a digit, a sign or `-`), else
/// left-aligned (bot names, a spec's fields).
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// What the table shows.
    pub title: String,
    /// Column names.
    pub header: Vec<String>,
    /// Rows, each as long as the header.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// The cell in the row whose first cell is `name`, in the column named `column`.
    pub fn cell(&self, name: &str, column: &str) -> Option<&str> {
        let c = self.header.iter().position(|h| h == column)?;
        self.rows.iter().find(|r| r[0] == name).map(|r| r[c].as_str())
    }

    /// Whether column `c` is right-aligned: a value column of numbers only.
    fn right(&self, c: usize) -> bool {
        c > 0 && self.rows.iter().all(|r| r[c].starts_with(|ch: char| ch.is_ascii_digit() || ch == '-' || ch == '+'))
    }

    /// Aligned columns under a `## title` line.
    pub fn text(&self) -> String {
        let widths: Vec<usize> = (0..self.header.len())
            .map(|c| std::iter::once(&self.header).chain(&self.rows).map(|r| r[c].chars().count()).max().unwrap_or(0))
            .collect();
        let mut out = format!("## {}\n", self.title);
        for row in std::iter::once(&self.header).chain(&self.rows) {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(c, (cell, &w))| if self.right(c) { format!("{cell:>w$}") } else { format!("{cell:<w$}") })
                .collect();
            out += cells.join("  ").trim_end();
            out.push('\n');
        }
        out
    }

    /// A markdown table under a `## title` heading.
    pub fn markdown(&self) -> String {
        let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
        let rule: Vec<String> =
            (0..self.header.len()).map(|c| if self.right(c) { "--:" } else { ":--" }.to_string()).collect();
        let mut out = format!("## {}\n\n{}{}", self.title, line(&self.header), line(&rule));
        self.rows.iter().for_each(|r| out += &line(r));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        Table {
            title: "t".into(),
            header: vec!["role".into(), "4 players".into()],
            rows: vec![vec!["sheriff".into(), "1.00%".into()], vec!["outlaw".into(), "12.50%".into()]],
        }
    }

    #[test]
    fn text_aligns_names_left_and_values_right() {
        assert_eq!(table().text(), "## t\nrole     4 players\nsheriff      1.00%\noutlaw      12.50%\n");
    }

    #[test]
    fn columns_of_words_align_left() {
        let mut t = table();
        t.rows[1][1] = "none".into();
        assert_eq!(t.text(), "## t\nrole     4 players\nsheriff  1.00%\noutlaw   none\n");
        assert!(t.markdown().contains("| :-- | :-- |"));
    }

    #[test]
    fn markdown_has_a_header_rule_and_cells() {
        let md = table().markdown();
        assert_eq!(md, "## t\n\n| role | 4 players |\n| :-- | --: |\n| sheriff | 1.00% |\n| outlaw | 12.50% |\n");
        assert_eq!(table().cell("outlaw", "4 players"), Some("12.50%"));
    }
}
