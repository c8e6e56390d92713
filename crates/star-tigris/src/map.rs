//! Map files: one row per line of `.` (open), `M` (uninhabitable) and `A`
//! (artifact: a scientist colony holding an alien artifact); lines starting
//! with `#` are comments. [`check_map`] is the one validation function used
//! by the command line and the editor.

use tabula_engine::limits::MAX_MAP_BYTES;
use tabula_engine::{Problem, Problems};

/// Fewest rows or columns a map may have.
pub const MIN_SIDE: usize = 4;
/// Most rows or columns a map may have.
pub const MAX_SIDE: usize = 32;
/// Fewest artifacts a map may start with (the game ends at two).
pub const MIN_ARTIFACTS: usize = 3;

/// What a map cell starts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    /// `.`: habitable, empty.
    Open,
    /// `M`: only mining robots may settle here.
    Uninhabitable,
    /// `A`: a scientist colony holding an alien artifact, owned by nobody.
    Artifact,
}

impl Terrain {
    /// The map-file character.
    pub fn symbol(self) -> char {
        match self {
            Terrain::Open => '.',
            Terrain::Uninhabitable => 'M',
            Terrain::Artifact => 'A',
        }
    }
}

/// A parsed map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Cells, row by row from the top.
    pub cells: Vec<Terrain>,
    /// The 1-based source line of each row.
    pub lines: Vec<usize>,
}

impl Map {
    /// The terrain at `row`, `col`.
    pub fn at(&self, row: usize, col: usize) -> Terrain {
        self.cells[row * self.width + col]
    }

    /// The map as map-file text (no comments).
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity((self.width + 1) * self.height);
        for r in 0..self.height {
            for c in 0..self.width {
                s.push(self.at(r, c).symbol());
            }
            s.push('\n');
        }
        s
    }

    /// The orthogonal neighbours of a cell index.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = (i / self.width, i % self.width);
        let w = self.width;
        [
            (r > 0).then(|| i - w),
            (r + 1 < self.height).then(|| i + w),
            (c > 0).then(|| i - 1),
            (c + 1 < w).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    }

    fn line_col(&self, i: usize) -> (usize, usize) {
        (self.lines[i / self.width], i % self.width + 1)
    }
}

/// Parse map text. Syntax problems (unknown characters, ragged rows, size)
/// are all reported with line and column.
pub fn parse_map(text: &str) -> Result<Map, Problems> {
    let mut problems = Vec::new();
    if text.len() > MAX_MAP_BYTES {
        return Err(Problem::error(
            "too-large",
            format!(
                "the map is {} bytes; at most {MAX_MAP_BYTES} are accepted",
                text.len()
            ),
        )
        .into());
    }
    let mut rows: Vec<(usize, Vec<Terrain>)> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let trimmed = raw.trim_end();
        if trimmed.starts_with('#') || trimmed.is_empty() {
            continue;
        }
        let mut row = Vec::with_capacity(trimmed.len());
        for (c, ch) in trimmed.chars().enumerate() {
            match ch {
                '.' => row.push(Terrain::Open),
                'M' => row.push(Terrain::Uninhabitable),
                'A' => row.push(Terrain::Artifact),
                other => {
                    problems.push(Problem::at(
                        "bad-character",
                        line,
                        c + 1,
                        format!("{other:?} is not a map cell (use '.', 'M' or 'A')"),
                    ));
                    row.push(Terrain::Open);
                }
            }
        }
        rows.push((line, row));
    }
    if rows.is_empty() {
        problems.push(Problem::error("empty", "the map has no rows"));
        return Err(Problems(problems));
    }
    let width = rows[0].1.len();
    for (line, row) in &rows[1..] {
        if row.len() != width {
            problems.push(Problem::at(
                "not-rectangular",
                *line,
                row.len().min(width) + 1,
                format!(
                    "this row has {} cells but the first row has {width}",
                    row.len()
                ),
            ));
        }
    }
    let height = rows.len();
    if !(MIN_SIDE..=MAX_SIDE).contains(&width) {
        problems.push(Problem::at(
            "size",
            rows[0].0,
            1,
            format!("the map is {width} columns wide; {MIN_SIDE} to {MAX_SIDE} are allowed"),
        ));
    }
    if !(MIN_SIDE..=MAX_SIDE).contains(&height) {
        problems.push(Problem::at(
            "size",
            rows[rows.len() - 1].0,
            1,
            format!("the map is {height} rows high; {MIN_SIDE} to {MAX_SIDE} are allowed"),
        ));
    }
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    let lines = rows.iter().map(|(l, _)| *l).collect();
    let cells = rows.into_iter().flat_map(|(_, r)| r).collect();
    Ok(Map {
        width,
        height,
        cells,
        lines,
    })
}

/// Check a parsed map for what makes it unplayable (errors) or what a
/// designer should know before playing it (warnings).
pub fn validate_map(map: &Map) -> Problems {
    let mut problems = Vec::new();
    let artifacts: Vec<usize> = (0..map.cells.len())
        .filter(|&i| map.cells[i] == Terrain::Artifact)
        .collect();
    if artifacts.len() < MIN_ARTIFACTS {
        problems.push(Problem::error(
            "too-few-artifacts",
            format!(
                "the map has {} artifacts; at least {MIN_ARTIFACTS} are needed, as the game ends when 2 or fewer remain",
                artifacts.len()
            ),
        ));
    }
    for &a in &artifacts {
        let has_open = map.neighbours(a).any(|n| map.cells[n] == Terrain::Open);
        if !has_open {
            let (l, c) = map.line_col(a);
            problems.push(Problem::at(
                "artifact-no-leader-cell",
                l,
                c,
                "this artifact has no open ('.') neighbour, so no leader can ever stand beside it",
            ));
        }
        if let Some(n) = map
            .neighbours(a)
            .find(|&n| n > a && map.cells[n] == Terrain::Artifact)
        {
            let (l, c) = map.line_col(n);
            problems.push(
                Problem::at(
                    "adjacent-artifacts",
                    l,
                    c,
                    "two artifacts touch: they start as one region, so a merchant leader placed beside them harvests one at once",
                )
                .warning(),
            );
        }
    }
    if !map.cells.contains(&Terrain::Uninhabitable) {
        problems.push(
            Problem::error(
                "no-uninhabitable",
                "the map has no uninhabitable ('M') cells: mining robots can never be placed, only swapped",
            )
            .warning(),
        );
    }
    if !map.cells.contains(&Terrain::Open) {
        problems.push(Problem::error(
            "no-open",
            "the map has no open ('.') cells: no leader can ever be placed",
        ));
    }
    Problems(problems)
}

/// Parse and validate map text: every problem, errors and warnings.
pub fn check_map(text: &str) -> Problems {
    match parse_map(text) {
        Ok(map) => validate_map(&map),
        Err(p) => p,
    }
}

/// Parse map text and fail on any error (warnings are allowed).
pub fn load_map(text: &str) -> Result<Map, Problems> {
    let map = parse_map(text)?;
    let problems = validate_map(&map);
    if problems.has_errors() {
        Err(problems)
    } else {
        Ok(map)
    }
}

/// The default map: the 16×11 board of the original implementation.
pub const DEFAULT_MAP: &str = include_str!("../../../maps/star-tigris/default.txt");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_map_is_the_original_board() {
        let m = load_map(DEFAULT_MAP).unwrap();
        assert_eq!((m.width, m.height), (16, 11));
        assert_eq!(
            m.cells.iter().filter(|&&t| t == Terrain::Artifact).count(),
            10
        );
        assert!(
            check_map(DEFAULT_MAP).0.is_empty(),
            "{}",
            check_map(DEFAULT_MAP)
        );
        assert_eq!(m.to_text().lines().next(), Some("....MMMMM.A.M..."));
    }

    #[test]
    fn syntax_problems_name_line_and_column() {
        let p = check_map("# comment\n....\n.x..\n...\n....\n");
        let text = p.to_string();
        assert!(text.contains("3:2: 'x' is not a map cell"), "{text}");
        assert!(text.contains("4:4: this row has 3 cells"), "{text}");
        assert!(check_map("").to_string().contains("no rows"));
        assert!(
            check_map("...\n...\n...\n")
                .to_string()
                .contains("3 columns wide")
        );
        let big = format!("{}\n", ".".repeat(33)).repeat(4);
        assert!(check_map(&big).has_errors());
        assert!(
            check_map(&"x".repeat(MAX_MAP_BYTES + 1))
                .to_string()
                .contains("bytes")
        );
    }

    #[test]
    fn validation_problems() {
        let few = check_map("A...\n....\n..A.\nM...\n");
        assert!(few.0.iter().any(|p| p.rule == "too-few-artifacts"));
        let boxed = check_map("AM..\nM...\n..A.\n.A.M\n");
        let p = boxed
            .0
            .iter()
            .find(|p| p.rule == "artifact-no-leader-cell")
            .unwrap();
        assert_eq!((p.line, p.col), (Some(1), Some(1)));
        let warn = check_map("AA..\n....\n..A.\n....\n");
        assert!(!warn.has_errors(), "{warn}");
        assert!(warn.0.iter().any(|p| p.rule == "adjacent-artifacts"));
        assert!(warn.0.iter().any(|p| p.rule == "no-uninhabitable"));
    }
}
