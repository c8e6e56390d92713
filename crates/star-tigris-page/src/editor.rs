//! The map editor's model: the board being drawn, the drawing tools, undo
//! and redo, resizing and symmetry, and the map link. It holds no web
//! types, so it is tested natively. Validation is not here: the editor
//! shows `tabula_star_tigris::check_map` of [`Draft::to_text`], the same
//! code path as `tabula map check`.

use tabula_engine::{Problem, Problems};
use tabula_page_kit::i18n::{t, tf};
use tabula_star_tigris::Pos;
use tabula_star_tigris::map::{MAX_SIDE, MIN_SIDE, Map, MapStats, Terrain, check_map, parse_map};

/// A board being drawn: any size within the validator's bounds, any cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Cells, row by row from the top.
    pub cells: Vec<Terrain>,
}

/// How the pointer paints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// One cell at a time, dragging paints a stroke.
    Brush,
    /// A filled rectangle from the cell pressed to the cell released.
    Rect,
    /// The 4-connected area of cells like the one clicked.
    Fill,
}

impl Tool {
    /// Every tool, in the order of the toolbar.
    pub const ALL: [Tool; 3] = [Tool::Brush, Tool::Rect, Tool::Fill];

    /// The tool's name in commands (`tool:rect`).
    pub fn name(self) -> &'static str {
        match self {
            Tool::Brush => "brush",
            Tool::Rect => "rect",
            Tool::Fill => "fill",
        }
    }

    /// The tool's label on its button, in the page's language.
    pub fn label(self) -> String {
        t(match self {
            Tool::Brush => "editor-tool-brush",
            Tool::Rect => "editor-tool-rect",
            Tool::Fill => "editor-tool-fill",
        })
    }

    /// The tool named `name`.
    pub fn from_name(name: &str) -> Option<Tool> {
        Tool::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Every terrain, in the order of the palette.
pub const TERRAINS: [Terrain; 3] = [Terrain::Open, Terrain::Uninhabitable, Terrain::Artifact];

/// A terrain's name in commands (`paint:artifact`).
pub fn terrain_name(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Open => "open",
        Terrain::Uninhabitable => "uninhabitable",
        Terrain::Artifact => "artifact",
    }
}

/// A terrain's label on its button, in the page's language.
pub fn terrain_label(terrain: Terrain) -> String {
    t(match terrain {
        Terrain::Open => "editor-paint-open",
        Terrain::Uninhabitable => "editor-paint-uninhabitable",
        Terrain::Artifact => "editor-paint-artifact",
    })
}

/// The terrain named `name` in commands.
pub fn terrain_from_name(name: &str) -> Option<Terrain> {
    TERRAINS.into_iter().find(|&t| terrain_name(t) == name)
}

/// The numbers in a text, in order (`"5 to 32"` → `["5", "32"]`).
fn numbers(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Size and cells by kind in the page's language
/// (`12x10, 120 open, 0 uninhabitable, 0 artifacts`).
pub fn counts_words(s: &MapStats) -> String {
    let (w, h, o, u, a) = (
        s.width.to_string(),
        s.height.to_string(),
        s.open.to_string(),
        s.uninhabitable.to_string(),
        s.artifacts.to_string(),
    );
    tf(
        if s.artifacts == 1 {
            "editor-counts-one"
        } else {
            "editor-counts-many"
        },
        &[
            ("width", &w),
            ("height", &h),
            ("open", &o),
            ("uninhabitable", &u),
            ("artifacts", &a),
        ],
    )
}

/// What a map problem says, in the page's language: the validator's rule
/// and the numbers of its message are put into the catalogue's sentence
/// (in English, the validator's own words). A message this page does not
/// know is shown as it is, in English, inside a sentence that says so.
pub fn problem_words(p: &Problem) -> String {
    let n = numbers(&p.message);
    let num = |i: usize| n.get(i).copied();
    let known: Option<String> = match p.rule.as_str() {
        "too-large" => num(0)
            .zip(num(1))
            .map(|(b, m)| tf("editor-problem-too-large", &[("bytes", b), ("max", m)])),
        "bad-character" => p
            .message
            .split_once(" is not a map cell")
            .map(|(c, _)| tf("editor-problem-bad-character", &[("char", c)])),
        "empty" => Some(t("editor-problem-empty")),
        "not-rectangular" => num(0)
            .zip(num(1))
            .map(|(c, w)| tf("editor-problem-not-rectangular", &[("n", c), ("width", w)])),
        "size" => match (num(0), num(1), num(2)) {
            (Some(v), Some(lo), Some(hi)) => {
                let key = if p.message.contains("columns wide") {
                    "editor-problem-too-wide"
                } else {
                    "editor-problem-too-high"
                };
                Some(tf(key, &[("n", v), ("min", lo), ("max", hi)]))
            }
            _ => None,
        },
        "too-few-artifacts" => num(0).zip(num(1)).map(|(a, m)| {
            if a == "1" {
                tf("editor-problem-too-few-artifacts-one", &[("min", m)])
            } else {
                tf(
                    "editor-problem-too-few-artifacts-many",
                    &[("n", a), ("min", m)],
                )
            }
        }),
        "no-open" => Some(t("editor-problem-no-open")),
        "no-leader-cell" => Some(t("editor-problem-no-leader-cell")),
        "artifact-no-leader-cell" => num(0).map(|robots| {
            let touching = if p.message.contains("(nor beside") {
                format!(" {}", t("editor-problem-touching"))
            } else {
                String::new()
            };
            let touching = touching.as_str();
            match num(1) {
                Some(pool) => tf(
                    "editor-problem-cut-off-far",
                    &[("touching", touching), ("n", robots), ("pool", pool)],
                ),
                None if robots == "1" => {
                    tf("editor-problem-cut-off-one", &[("touching", touching)])
                }
                None => tf(
                    "editor-problem-cut-off-many",
                    &[("touching", touching), ("n", robots)],
                ),
            }
        }),
        "adjacent-artifacts" => Some(t("editor-problem-adjacent-artifacts")),
        "isolated-open-cell" => Some(t("editor-problem-isolated-open-cell")),
        "no-uninhabitable" => Some(t("editor-problem-no-uninhabitable")),
        "few-uninhabitable" => num(0).zip(num(1)).map(|(c, pool)| {
            tf(
                "editor-problem-few-uninhabitable",
                &[("n", c), ("pool", pool)],
            )
        }),
        "few-open" => num(0)
            .zip(num(1))
            .map(|(c, pool)| tf("editor-problem-few-open", &[("n", c), ("pool", pool)])),
        "more-problems" => num(0).map(|m| tf("editor-problem-more", &[("max", m)])),
        _ => None,
    };
    known.unwrap_or_else(|| tf("editor-problem-other", &[("what", &p.message)]))
}

/// A problem with its place, for a message: `line 3, column 2: …`
/// (`row` for a map link, whose rows are not lines of a file).
pub fn problem_at(p: &Problem, rows: bool) -> String {
    let what = problem_words(p);
    match (p.line, p.col) {
        (Some(l), Some(c)) => {
            let (l, c) = (l.to_string(), c.to_string());
            if rows {
                tf(
                    "editor-at-row",
                    &[("row", &l), ("col", &c), ("what", &what)],
                )
            } else {
                tf(
                    "editor-at-line",
                    &[("line", &l), ("col", &c), ("what", &what)],
                )
            }
        }
        _ => what,
    }
}

/// Every problem with its place, joined into one sentence.
pub fn problems_at(problems: &Problems, rows: bool) -> String {
    problems
        .0
        .iter()
        .map(|p| problem_at(p, rows))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Why a name is refused (`tabula_engine::limits::check_name`'s reason),
/// in the page's language.
pub fn name_problem_words(why: &str) -> String {
    let n = numbers(why);
    if why == "the name is empty" {
        t("editor-name-empty")
    } else if why.starts_with("the name has ") && n.len() == 2 {
        tf("editor-name-long", &[("n", n[0]), ("max", n[1])])
    } else if let Some(c) = why.strip_prefix("the name holds the control character ") {
        tf("editor-name-control", &[("char", c)])
    } else if let Some(c) = why
        .strip_prefix("the name holds the character ")
        .and_then(|r| r.split_once(", which"))
    {
        tf("editor-name-bidi", &[("char", c.0)])
    } else {
        tf("editor-problem-other", &[("what", why)])
    }
}

fn index(width: usize, p: Pos) -> usize {
    p.row as usize * width + p.col as usize
}

impl Draft {
    /// An all-open board. Sizes are clamped to the validator's bounds.
    pub fn blank(width: usize, height: usize) -> Draft {
        let (width, height) = (
            width.clamp(MIN_SIDE, MAX_SIDE),
            height.clamp(MIN_SIDE, MAX_SIDE),
        );
        Draft {
            width,
            height,
            cells: vec![Terrain::Open; width * height],
        }
    }

    /// The cells of a parsed map.
    pub fn from_map(map: &Map) -> Draft {
        Draft {
            width: map.width,
            height: map.height,
            cells: map.cells.clone(),
        }
    }

    /// Read map text. Only its syntax must be right (characters, rows,
    /// size): a map that breaks a validation rule can still be edited.
    pub fn parse(text: &str) -> Result<Draft, Problems> {
        parse_map(text).map(|m| Draft::from_map(&m))
    }

    /// The map-file text of the board (no comments: line `r + 1` is row `r`).
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity((self.width + 1) * self.height);
        for row in self.cells.chunks(self.width) {
            s.extend(row.iter().map(|t| t.symbol()));
            s.push('\n');
        }
        s
    }

    /// The map-file text with a comment naming the map first.
    pub fn to_file(&self, name: &str) -> String {
        let name: String = name.chars().filter(|c| !c.is_control()).collect();
        format!("# {name}\n{}", self.to_text())
    }

    /// Every error and warning, from the one validation function.
    pub fn problems(&self) -> Problems {
        check_map(&self.to_text())
    }

    /// The cell a problem names, if it names one on this board.
    pub fn problem_cell(&self, p: &Problem) -> Option<Pos> {
        let (line, col) = (p.line?, p.col?);
        (line >= 1 && col >= 1 && line <= self.height && col <= self.width)
            .then(|| Pos::new((line - 1) as u8, (col - 1) as u8))
    }

    /// Whether `p` is on the board.
    pub fn contains(&self, p: Pos) -> bool {
        (p.row as usize) < self.height && (p.col as usize) < self.width
    }

    /// The terrain at `p` (which must be on the board).
    pub fn at(&self, p: Pos) -> Terrain {
        self.cells[index(self.width, p)]
    }

    /// Paint one cell; whether anything changed.
    pub fn paint(&mut self, p: Pos, t: Terrain) -> bool {
        if !self.contains(p) || self.at(p) == t {
            return false;
        }
        self.cells[index(self.width, p)] = t;
        true
    }

    /// Paint the rectangle with corners `a` and `b`; whether anything changed.
    pub fn rect(&mut self, a: Pos, b: Pos, t: Terrain) -> bool {
        let mut changed = false;
        for row in a.row.min(b.row)..=a.row.max(b.row) {
            for col in a.col.min(b.col)..=a.col.max(b.col) {
                changed |= self.paint(Pos::new(row, col), t);
            }
        }
        changed
    }

    /// Paint the 4-connected area of cells like the one at `p`.
    pub fn fill(&mut self, p: Pos, t: Terrain) -> bool {
        if !self.contains(p) {
            return false;
        }
        let from = self.at(p);
        if from == t {
            return false;
        }
        let mut stack = vec![p];
        while let Some(q) = stack.pop() {
            if !self.paint(q, t) {
                continue;
            }
            let (r, c) = (q.row as i32, q.col as i32);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r + dr, c + dc);
                if nr >= 0 && nc >= 0 {
                    let n = Pos::new(nr as u8, nc as u8);
                    if self.contains(n) && self.at(n) == from {
                        stack.push(n);
                    }
                }
            }
        }
        true
    }

    /// The board resized, keeping every cell that fits (new cells are
    /// open). Sizes are clamped to the validator's bounds.
    pub fn resized(&self, width: usize, height: usize) -> Draft {
        let mut d = Draft::blank(width, height);
        for row in 0..d.height.min(self.height) {
            for col in 0..d.width.min(self.width) {
                let p = Pos::new(row as u8, col as u8);
                d.cells[index(d.width, p)] = self.at(p);
            }
        }
        d
    }

    /// The board mirrored left to right.
    pub fn mirrored_left_right(&self) -> Draft {
        let mut d = self.clone();
        for row in d.cells.chunks_mut(self.width) {
            row.reverse();
        }
        d
    }

    /// The board mirrored top to bottom.
    pub fn mirrored_top_bottom(&self) -> Draft {
        let cells = self
            .cells
            .chunks(self.width)
            .rev()
            .flatten()
            .copied()
            .collect();
        Draft {
            cells,
            ..self.clone()
        }
    }

    /// The board turned a quarter clockwise.
    pub fn rotated(&self) -> Draft {
        let (w, h) = (self.height, self.width);
        let mut cells = Vec::with_capacity(w * h);
        for row in 0..h {
            for col in 0..w {
                // New (row, col) comes from old (height-1-col, row).
                cells.push(self.at(Pos::new((self.height - 1 - col) as u8, row as u8)));
            }
        }
        Draft {
            width: w,
            height: h,
            cells,
        }
    }

    /// The board as a parsed map (row `r` on line `r + 1`).
    pub fn to_map(&self) -> Map {
        Map {
            width: self.width,
            height: self.height,
            cells: self.cells.clone(),
            lines: (1..=self.height).collect(),
        }
    }

    /// Size and cells by kind, as `tabula map check` reports them.
    pub fn stats(&self) -> MapStats {
        self.to_map().stats()
    }

    /// Cells by kind: (open, uninhabitable, artifact).
    pub fn counts(&self) -> (usize, usize, usize) {
        let s = self.stats();
        (s.open, s.uninhabitable, s.artifacts)
    }

    /// The board as a URL fragment value: rows joined by `/` (every map
    /// character is safe in a URL, so a link stays readable).
    pub fn to_link_rows(&self) -> String {
        let text = self.to_text();
        text.trim_end().replace('\n', "/")
    }

    /// Read the rows of a map link. Problems name the row (as line) and column.
    pub fn from_link_rows(rows: &str) -> Result<Draft, Problems> {
        Draft::parse(&rows.replace('/', "\n"))
    }
}

/// The fragment of a link that opens the editor on a map:
/// `map=ROWS&name=NAME` (the name percent-encoded by the caller's `encode`).
pub fn link_fragment(draft: &Draft, name: &str, encode: impl Fn(&str) -> String) -> String {
    format!("map={}&name={}", draft.to_link_rows(), encode(name))
}

/// What a map link holds: the rows and the (still encoded) name, or `None`
/// when the fragment is not a map link.
pub fn split_link(fragment: &str) -> Option<(&str, Option<&str>)> {
    let f = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut rows = None;
    let mut name = None;
    for part in f.split('&') {
        if let Some(v) = part.strip_prefix("map=") {
            rows = Some(v);
        } else if let Some(v) = part.strip_prefix("name=") {
            name = Some(v);
        }
    }
    rows.map(|r| (r, name))
}

/// Undo and redo of whole boards (a board is at most 1,024 cells).
#[derive(Clone, Debug, Default)]
pub struct History {
    past: Vec<Draft>,
    future: Vec<Draft>,
}

/// Most steps kept for undo.
pub const HISTORY_LIMIT: usize = 200;

impl History {
    /// Remember `before` as the board before a change (clears redo).
    pub fn record(&mut self, before: Draft) {
        if self.past.len() == HISTORY_LIMIT {
            self.past.remove(0);
        }
        self.past.push(before);
        self.future.clear();
    }

    /// The board before the last change, given the current one.
    pub fn undo(&mut self, current: &Draft) -> Option<Draft> {
        let d = self.past.pop()?;
        self.future.push(current.clone());
        Some(d)
    }

    /// The board after the last undone change, given the current one.
    pub fn redo(&mut self, current: &Draft) -> Option<Draft> {
        let d = self.future.pop()?;
        self.past.push(current.clone());
        Some(d)
    }

    /// Whether there is a change to undo.
    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    /// Whether there is an undone change to redo.
    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Draft {
        Draft::parse(text).unwrap()
    }

    #[test]
    fn text_round_trip_and_comments() {
        let text = "A..M\n....\n..A.\nM..A\n";
        assert_eq!(d(text).to_text(), text);
        let file = d(text).to_file("My map\u{7}");
        assert!(file.starts_with("# My map\n"));
        assert_eq!(d(&file), d(text));
    }

    #[test]
    fn tools_paint_cells_rectangles_and_areas() {
        let mut b = Draft::blank(5, 4);
        assert!(b.paint(Pos::new(0, 0), Terrain::Artifact));
        assert!(!b.paint(Pos::new(0, 0), Terrain::Artifact), "no change");
        assert!(!b.paint(Pos::new(9, 0), Terrain::Artifact), "off the board");
        assert!(b.rect(Pos::new(3, 4), Pos::new(1, 2), Terrain::Uninhabitable));
        assert_eq!(b.to_text(), "A....\n..MMM\n..MMM\n..MMM\n");
        // Fill the open area (it wraps around the block): the artifact stays.
        assert!(b.fill(Pos::new(3, 0), Terrain::Uninhabitable));
        assert_eq!(b.to_text(), "AMMMM\nMMMMM\nMMMMM\nMMMMM\n");
        assert!(!b.fill(Pos::new(1, 1), Terrain::Uninhabitable));
        assert_eq!(b.counts(), (0, 19, 1));
    }

    #[test]
    fn resize_keeps_what_fits_and_clamps() {
        let b = d("A..M\n....\n..A.\nM..A\n");
        let bigger = b.resized(6, 5);
        assert_eq!(bigger.to_text(), "A..M..\n......\n..A...\nM..A..\n......\n");
        assert_eq!(bigger.resized(4, 4), b);
        let clamped = b.resized(1, 99);
        assert_eq!((clamped.width, clamped.height), (MIN_SIDE, MAX_SIDE));
    }

    #[test]
    fn mirror_and_rotate() {
        let b = d("A...M\n.....\n....A\nM....\n");
        assert_eq!(
            b.mirrored_left_right().to_text(),
            "M...A\n.....\nA....\n....M\n"
        );
        assert_eq!(
            b.mirrored_top_bottom().to_text(),
            "M....\n....A\n.....\nA...M\n"
        );
        let r = b.rotated();
        assert_eq!((r.width, r.height), (4, 5));
        assert_eq!(r.to_text(), "M..A\n....\n....\n....\n.A.M\n");
        assert_eq!(r.rotated().rotated().rotated(), b, "four turns");
        assert_eq!(b.mirrored_left_right().mirrored_left_right(), b);
    }

    #[test]
    fn problems_come_from_the_validator_and_name_cells() {
        let b = d("AMM.\nMM..\n..A.\n...A\n");
        let problems = b.problems();
        assert_eq!(problems, check_map(&b.to_text()), "one code path");
        let cells: Vec<Pos> = problems
            .0
            .iter()
            .filter_map(|p| b.problem_cell(p))
            .collect();
        assert!(cells.contains(&Pos::new(0, 0)), "{problems}");
        let too_few = d("A...\n....\n....\n....\n").problems();
        assert!(too_few.has_errors());
        assert!(
            too_few
                .0
                .iter()
                .any(|p| p.rule == "too-few-artifacts" && b.problem_cell(p).is_none())
        );
    }

    #[test]
    fn links_carry_rows_and_name() {
        let b = d("A..M\n....\n..A.\nM..A\n");
        let f = link_fragment(&b, "Two & two", |s| {
            s.replace('&', "%26").replace(' ', "%20")
        });
        assert_eq!(f, "map=A..M/..../..A./M..A&name=Two%20%26%20two");
        let hash = format!("#{f}");
        let (rows, name) = split_link(&hash).unwrap();
        assert_eq!(name, Some("Two%20%26%20two"));
        assert_eq!(Draft::from_link_rows(rows).unwrap(), b);
        assert_eq!(split_link("#other"), None);
        let bad = Draft::from_link_rows("A..M/.x../..A./M..A").unwrap_err();
        let p = &bad.0[0];
        assert_eq!((p.line, p.col), (Some(2), Some(2)), "row 2, column 2");
    }

    #[test]
    fn undo_and_redo() {
        let mut h = History::default();
        let mut b = Draft::blank(4, 4);
        assert!(!h.can_undo());
        h.record(b.clone());
        b.paint(Pos::new(0, 0), Terrain::Artifact);
        let painted = b.clone();
        b = h.undo(&b).unwrap();
        assert_eq!(b, Draft::blank(4, 4));
        assert!(h.can_redo());
        b = h.redo(&b).unwrap();
        assert_eq!(b, painted);
        h.record(b.clone());
        assert!(!h.can_redo(), "a new change clears redo");
        for _ in 0..HISTORY_LIMIT + 5 {
            h.record(b.clone());
        }
        let mut n = 0;
        while let Some(x) = h.undo(&b) {
            b = x;
            n += 1;
        }
        assert_eq!(n, HISTORY_LIMIT);
    }

    /// Maps that break every rule of the validator, between them.
    fn broken_maps() -> Vec<String> {
        let mut far = vec![vec!['M'; 32]; 32];
        far[0][0] = 'A';
        far[31][31] = '.';
        far[31][30] = '.';
        far[30][31] = 'A';
        far[15][15] = 'A';
        let far: String = far
            .iter()
            .map(|r| r.iter().collect::<String>() + "\n")
            .collect();
        vec![
            "A.x\n".into(),
            "....\n...\n....\n....\n".into(),
            String::new(),
            "x".repeat(70_000),
            format!("{}\n", "x".repeat(300)),
            "....\n....\n....\n....\n".into(),
            "A...\n....\n...A\n....\n".into(),
            "AMMA\nMMMM\nMMMM\nAMMM\n".into(),
            "AM.M\nMMMM\n.M.M\nMMMA\n".into(),
            "AM..\nMM..\n....\n...A\n".into(),
            "AMM.\nMMM.\nMMM.\n...A\n".into(),
            "AAM.\nMMM.\n....\n...A\n".into(),
            "A.M.\n.MMM\n..M.\nMMMA\n".into(),
            far,
        ]
    }

    /// In English the page says what the validator says, word for word;
    /// in German every finding is a German sentence with the same numbers.
    #[test]
    fn every_problem_reads_in_english_and_german() {
        use tabula_page_kit::i18n::{Lang, use_lang};
        crate::add_words();
        let mut rules = std::collections::BTreeSet::new();
        let problems: Vec<Problem> = broken_maps().iter().flat_map(|m| check_map(m).0).collect();
        for p in &problems {
            rules.insert(p.rule.clone());
            if p.rule != "too-few-artifacts" || !p.message.starts_with("the map has 1 ") {
                assert_eq!(problem_words(p), p.message, "{}", p.rule);
            }
        }
        for rule in [
            "too-large",
            "bad-character",
            "empty",
            "not-rectangular",
            "size",
            "too-few-artifacts",
            "no-open",
            "no-leader-cell",
            "artifact-no-leader-cell",
            "adjacent-artifacts",
            "isolated-open-cell",
            "no-uninhabitable",
            "few-uninhabitable",
            "few-open",
            "more-problems",
        ] {
            assert!(rules.contains(rule), "no map breaks {rule}");
        }
        let cut_off: Vec<&str> = problems
            .iter()
            .filter(|p| p.rule == "artifact-no-leader-cell")
            .map(|p| p.message.as_str())
            .collect();
        for variant in [
            "1 mining robot ",
            "2 mining robots",
            "in the default pool",
            "(nor beside",
        ] {
            assert!(cut_off.iter().any(|m| m.contains(variant)), "{variant}");
        }
        use_lang(Some(Lang::De));
        for p in &problems {
            let de = problem_words(p);
            assert_ne!(de, p.message, "{}", p.rule);
            assert!(!de.contains("(auf Englisch)"), "{}: {de}", p.rule);
            assert_eq!(numbers(&de), numbers(&p.message), "{de}");
            for word in [" the ", " is ", " and ", " cells", " of "] {
                assert!(!de.contains(word), "{de}");
            }
        }
        let d = Draft::parse("A..M\n....\n..A.\nM..A\n").unwrap();
        assert_eq!(
            counts_words(&d.stats()),
            "4 × 4 Felder: 11 frei, 2 unbewohnbar, 3 Artefakte"
        );
        assert_eq!(Tool::Rect.label(), "Rechteck");
        assert_eq!(
            name_problem_words(&tabula_engine::limits::check_name(&"x".repeat(99)).unwrap_err()),
            "der Name hat 99 Zeichen; erlaubt sind höchstens 40"
        );
        use_lang(None);
        assert_eq!(counts_words(&d.stats()), d.stats().to_string());
        for name in ["", "a\u{1}b", "a\u{202E}b", &"x".repeat(99)] {
            let why = tabula_engine::limits::check_name(name).unwrap_err();
            assert_eq!(name_problem_words(&why), why);
        }
    }
}
