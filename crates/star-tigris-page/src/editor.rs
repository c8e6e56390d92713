//! The map editor's model: the board being drawn, the drawing tools, undo
//! and redo, resizing and symmetry, and the map link. It holds no web
//! types, so it is tested natively. Validation is not here: the editor
//! shows `tabula_star_tigris::check_map` of [`Draft::to_text`], the same
//! code path as `tabula map check`.

use tabula_engine::{Problem, Problems};
use tabula_page_kit::grid::{self, Grid, Place};
use tabula_page_kit::i18n::{count, numbers, t, tf, tn};
use tabula_star_tigris::Pos;
use tabula_star_tigris::map::{MAX_SIDE, MIN_SIDE, Map, MapStats, Terrain, check_map, parse_map};

/// A board being drawn: any size within the validator's bounds, any
/// cells (the kit's grid of terrains; what only Star Tigris knows about it
/// is in [`MapDraft`]).
pub type Draft = Grid<Terrain>;

/// Undo and redo of whole boards (a board is at most 1,024 cells).
pub type History = grid::History<Draft>;

pub use tabula_page_kit::grid::Tool;

/// A board position as the kit's grid place.
pub fn place(p: Pos) -> Place {
    (p.row as usize, p.col as usize)
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
        "not-rectangular" => num(0).zip(num(1)).map(|(c, w)| {
            tn(
                "editor-problem-not-rectangular",
                count(c),
                &[("n", c), ("width", w)],
            )
        }),
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
        tn(
            "editor-name-long",
            count(n[0]),
            &[("n", n[0]), ("max", n[1])],
        )
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

/// What Star Tigris knows about a board being drawn: its map text, its
/// validation, its size bounds, its links.
pub trait MapDraft: Sized {
    /// An all-open board. Sizes are clamped to the validator's bounds.
    fn blank(width: usize, height: usize) -> Self;
    /// The cells of a parsed map.
    fn from_map(map: &Map) -> Self;
    /// Read map text. Only its syntax must be right (characters, rows,
    /// size): a map that breaks a validation rule can still be edited.
    fn parse(text: &str) -> Result<Self, Problems>;
    /// The map-file text of the board (no comments: line `r + 1` is row `r`).
    fn to_text(&self) -> String;
    /// The map-file text with a comment naming the map first.
    fn to_file(&self, name: &str) -> String;
    /// Every error and warning, from the one validation function.
    fn problems(&self) -> Problems;
    /// The cell a problem names, if it names one on this board.
    fn problem_cell(&self, p: &Problem) -> Option<Pos>;
    /// The board resized, keeping every cell that fits (new cells are
    /// open). Sizes are clamped to the validator's bounds.
    fn resized_map(&self, width: usize, height: usize) -> Self;
    /// The board as a parsed map (row `r` on line `r + 1`).
    fn to_map(&self) -> Map;
    /// Size and cells by kind, as `tabula map check` reports them.
    fn stats(&self) -> MapStats;
    /// Cells by kind: (open, uninhabitable, artifact).
    fn counts(&self) -> (usize, usize, usize);
    /// The board as a URL fragment value: rows joined by `/` (every map
    /// character is safe in a URL, so a link stays readable).
    fn to_link_rows(&self) -> String;
    /// Read the rows of a map link. Problems name the row (as line) and column.
    fn from_link_rows(rows: &str) -> Result<Self, Problems>;
}

impl MapDraft for Draft {
    fn blank(width: usize, height: usize) -> Draft {
        Grid::filled(
            width.clamp(MIN_SIDE, MAX_SIDE),
            height.clamp(MIN_SIDE, MAX_SIDE),
            Terrain::Open,
        )
    }

    fn from_map(map: &Map) -> Draft {
        Grid {
            width: map.width,
            height: map.height,
            cells: map.cells.clone(),
        }
    }

    fn parse(text: &str) -> Result<Draft, Problems> {
        parse_map(text).map(|m| Draft::from_map(&m))
    }

    fn to_text(&self) -> String {
        let mut s = String::with_capacity((self.width + 1) * self.height);
        for row in self.rows() {
            s.extend(row.iter().map(|t| t.symbol()));
            s.push('\n');
        }
        s
    }

    fn to_file(&self, name: &str) -> String {
        let name: String = name.chars().filter(|c| !c.is_control()).collect();
        format!("# {name}\n{}", self.to_text())
    }

    fn problems(&self) -> Problems {
        check_map(&self.to_text())
    }

    fn problem_cell(&self, p: &Problem) -> Option<Pos> {
        let (line, col) = (p.line?, p.col?);
        (line >= 1 && col >= 1 && line <= self.height && col <= self.width)
            .then(|| Pos::new((line - 1) as u8, (col - 1) as u8))
    }

    fn resized_map(&self, width: usize, height: usize) -> Draft {
        self.resized(
            width.clamp(MIN_SIDE, MAX_SIDE),
            height.clamp(MIN_SIDE, MAX_SIDE),
            Terrain::Open,
        )
    }

    fn to_map(&self) -> Map {
        Map {
            width: self.width,
            height: self.height,
            cells: self.cells.clone(),
            lines: (1..=self.height).collect(),
        }
    }

    fn stats(&self) -> MapStats {
        self.to_map().stats()
    }

    fn counts(&self) -> (usize, usize, usize) {
        let s = self.stats();
        (s.open, s.uninhabitable, s.artifacts)
    }

    fn to_link_rows(&self) -> String {
        let text = self.to_text();
        text.trim_end().replace('\n', "/")
    }

    fn from_link_rows(rows: &str) -> Result<Draft, Problems> {
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
    fn resize_keeps_what_fits_and_clamps() {
        let b = d("A..M\n....\n..A.\nM..A\n");
        let bigger = b.resized_map(6, 5);
        assert_eq!(bigger.to_text(), "A..M..\n......\n..A...\nM..A..\n......\n");
        assert_eq!(bigger.resized_map(4, 4), b);
        let clamped = b.resized_map(1, 99);
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
