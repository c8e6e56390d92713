//! Map files: one row per line of `.` (open), `M` (uninhabitable) and `A`
//! (artifact: a scientist colony holding an alien artifact); lines starting
//! with `#` are comments. [`check_map`] is the one validation function used
//! by the command line and the editor.

use std::collections::VecDeque;
use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_engine::limits::MAX_MAP_BYTES;
use tabula_engine::{Problem, Problems, push_capped};

use crate::game::PoolOption;

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
                    push_capped(
                        &mut problems,
                        Problem::at(
                            "bad-character",
                            line,
                            c + 1,
                            format!("{other:?} is not a map cell (use '.', 'M' or 'A')"),
                        ),
                    );
                    row.push(Terrain::Open);
                }
            }
        }
        rows.push((line, row));
    }
    if rows.is_empty() {
        push_capped(
            &mut problems,
            Problem::error("empty", "the map has no rows"),
        );
        return Err(Problems(problems));
    }
    let width = rows[0].1.len();
    for (line, row) in &rows[1..] {
        if row.len() != width {
            push_capped(
                &mut problems,
                Problem::at(
                    "not-rectangular",
                    *line,
                    row.len().min(width) + 1,
                    format!(
                        "this row has {} cells but the first row has {width}",
                        row.len()
                    ),
                ),
            );
        }
    }
    let height = rows.len();
    if !(MIN_SIDE..=MAX_SIDE).contains(&width) {
        push_capped(
            &mut problems,
            Problem::at(
                "size",
                rows[0].0,
                1,
                format!("the map is {width} columns wide; {MIN_SIDE} to {MAX_SIDE} are allowed"),
            ),
        );
    }
    if !(MIN_SIDE..=MAX_SIDE).contains(&height) {
        push_capped(
            &mut problems,
            Problem::at(
                "size",
                rows[rows.len() - 1].0,
                1,
                format!("the map is {height} rows high; {MIN_SIDE} to {MAX_SIDE} are allowed"),
            ),
        );
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

/// A map's size and cells by kind: the summary `tabula map check` prints and
/// the editor shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapStats {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Open (`.`) cells.
    pub open: usize,
    /// Uninhabitable (`M`) cells.
    pub uninhabitable: usize,
    /// Artifact (`A`) cells.
    pub artifacts: usize,
}

impl MapStats {
    /// The counts of a parsed map.
    pub fn of(map: &Map) -> MapStats {
        let count = |t: Terrain| map.cells.iter().filter(|&&c| c == t).count();
        MapStats {
            width: map.width,
            height: map.height,
            open: count(Terrain::Open),
            uninhabitable: count(Terrain::Uninhabitable),
            artifacts: count(Terrain::Artifact),
        }
    }

    /// Every cell: `width × height`.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }
}

/// `16x11, 125 open, 41 uninhabitable, 10 artifacts`.
impl fmt::Display for MapStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{}, {} open, {} uninhabitable, {} artifact{}",
            self.width,
            self.height,
            self.open,
            self.uninhabitable,
            self.artifacts,
            if self.artifacts == 1 { "" } else { "s" }
        )
    }
}

impl Map {
    /// The map's size and cells by kind.
    pub fn stats(&self) -> MapStats {
        MapStats::of(self)
    }

    /// Whether a leader could ever stand on cell `i`: it is open and has an
    /// open or artifact neighbour. A leader stands on an open cell beside a
    /// scientist colony (rules 4.1), and scientist colonies stand only on
    /// open cells or are artifact cells (3.2, 1.2); uninhabitable cells hold
    /// mining robots only.
    pub fn can_hold_leader(&self, i: usize) -> bool {
        self.cells[i] == Terrain::Open
            && self
                .neighbours(i)
                .any(|n| self.cells[n] != Terrain::Uninhabitable)
    }

    /// The fewest uninhabitable cells (each needing a mining robot) on a
    /// path from any of the cells `from` to a cell where a leader can stand;
    /// open and artifact cells on the way cost nothing (colonists settle any
    /// open cell). `None` when no cell on the map can hold a leader.
    pub fn mining_robots_to_a_leader(&self, from: &[usize]) -> Option<usize> {
        // Most often a leader can stand right beside: no search.
        if from.iter().any(|&i| {
            self.can_hold_leader(i) || self.neighbours(i).any(|n| self.can_hold_leader(n))
        }) {
            return Some(0);
        }
        let mut dist = vec![usize::MAX; self.cells.len()];
        let mut queue = VecDeque::new();
        for &i in from {
            dist[i] = 0;
            queue.push_back(i);
        }
        // 0-1 breadth-first search: entering an uninhabitable cell costs 1.
        while let Some(i) = queue.pop_front() {
            if self.can_hold_leader(i) {
                return Some(dist[i]);
            }
            for n in self.neighbours(i) {
                let step = usize::from(self.cells[n] == Terrain::Uninhabitable);
                if dist[i] + step < dist[n] {
                    dist[n] = dist[i] + step;
                    if step == 0 {
                        queue.push_front(n);
                    } else {
                        queue.push_back(n);
                    }
                }
            }
        }
        None
    }

    /// The groups of touching artifact cells, each in cell order.
    fn artifact_groups(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.cells.len()];
        let mut groups = Vec::new();
        for start in 0..self.cells.len() {
            if self.cells[start] != Terrain::Artifact || seen[start] {
                continue;
            }
            seen[start] = true;
            let mut group = vec![start];
            let mut k = 0;
            while k < group.len() {
                let i = group[k];
                k += 1;
                for n in self.neighbours(i) {
                    if self.cells[n] == Terrain::Artifact && !seen[n] {
                        seen[n] = true;
                        group.push(n);
                    }
                }
            }
            group.sort_unstable();
            groups.push(group);
        }
        groups
    }
}

/// Check a parsed map for what makes it unplayable (errors) or what a
/// designer should know before playing it (warnings). Every check, with the
/// reason for it, is listed in `docs/star-tigris/maps.md`.
pub fn validate_map(map: &Map) -> Problems {
    let mut problems = Vec::new();
    let stats = map.stats();
    let pool = PoolOption::default();
    if stats.artifacts < MIN_ARTIFACTS {
        push_capped(
            &mut problems,
            Problem::error(
                "too-few-artifacts",
                format!(
                    "the map has {} artifacts; at least {MIN_ARTIFACTS} are needed, as the game ends when 2 or fewer remain",
                    stats.artifacts
                ),
            ),
        );
    }
    let any_leader_cell = (0..map.cells.len()).any(|i| map.can_hold_leader(i));
    if stats.open == 0 {
        push_capped(
            &mut problems,
            Problem::error(
                "no-open",
                "the map has no open ('.') cells: no leader can ever be placed",
            ),
        );
    } else if !any_leader_cell {
        push_capped(
            &mut problems,
            Problem::error(
                "no-leader-cell",
                "no open ('.') cell touches another open cell or an artifact: a leader must stand beside a scientist colony, so no leader can ever be placed and nothing can ever be scored",
            ),
        );
    }
    if any_leader_cell {
        for group in map.artifact_groups() {
            let Some(robots) = map.mining_robots_to_a_leader(&group) else {
                continue;
            };
            if robots == 0 {
                continue;
            }
            let touching = if group.len() > 1 {
                " (nor beside the artifacts touching it)"
            } else {
                ""
            };
            let s = if robots == 1 { "" } else { "s" };
            let message = if robots <= pool.mining as usize {
                format!(
                    "no leader can stand beside this artifact{touching}: a merchant can rule it only once at least {robots} mining robot{s} on uninhabitable cells link it to open cells where a leader can stand"
                )
            } else {
                format!(
                    "no leader can stand beside this artifact{touching}, and linking it to open cells where a leader can stand takes at least {robots} mining robots, more than the {} in the default pool: no merchant can ever rule it",
                    pool.mining
                )
            };
            for &a in &group {
                let (l, c) = map.line_col(a);
                problems
                    .push(Problem::at("artifact-no-leader-cell", l, c, message.clone()).warning());
            }
        }
    }
    for a in 0..map.cells.len() {
        if map.cells[a] != Terrain::Artifact {
            continue;
        }
        if let Some(n) = map
            .neighbours(a)
            .find(|&n| n > a && map.cells[n] == Terrain::Artifact)
        {
            let (l, c) = map.line_col(n);
            push_capped(&mut problems,
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
    if any_leader_cell {
        for i in 0..map.cells.len() {
            if map.cells[i] == Terrain::Open && !map.can_hold_leader(i) {
                let (l, c) = map.line_col(i);
                push_capped(&mut problems,
                    Problem::at(
                        "isolated-open-cell",
                        l,
                        c,
                        "this open cell is walled in by uninhabitable cells: no scientist colony can ever stand beside it, so no leader can ever stand here (colonists can)",
                    )
                    .warning(),
                );
            }
        }
    }
    if stats.uninhabitable == 0 {
        push_capped(&mut problems,
            Problem::error(
                "no-uninhabitable",
                "the map has no uninhabitable ('M') cells: mining robots can never settle, only be swapped or sent as reinforcements",
            )
            .warning(),
        );
    } else if stats.uninhabitable < pool.mining as usize {
        push_capped(&mut problems,
            Problem::error(
                "few-uninhabitable",
                format!(
                    "the map has {} uninhabitable ('M') cells for the default pool's {} mining robots, which settle nowhere else: the rest can only be swapped or sent as reinforcements",
                    stats.uninhabitable, pool.mining
                ),
            )
            .warning(),
        );
    }
    let others = (pool.settler + pool.scientist + pool.merchant) as usize;
    if stats.open > 0 && stats.open < others {
        push_capped(&mut problems,
            Problem::error(
                "few-open",
                format!(
                    "the map has {} open ('.') cells for the default pool's {others} settlers, scientists and merchants: the board can fill up before the pool runs out, and then only swaps draw from it",
                    stats.open
                ),
            )
            .warning(),
        );
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

/// The size and cell counts of map text, when it parses (whatever its
/// validation problems).
pub fn map_stats(text: &str) -> Option<MapStats> {
    parse_map(text).ok().map(|m| m.stats())
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

    /// The problems of `text` with one rule: (line, col, is an error).
    fn found(text: &str, rule: &str) -> Vec<(Option<usize>, Option<usize>, bool)> {
        check_map(text)
            .0
            .iter()
            .filter(|p| p.rule == rule)
            .map(|p| (p.line, p.col, p.is_error()))
            .collect()
    }

    #[test]
    fn validation_problems() {
        let few = check_map("A...\n....\n..A.\nM...\n");
        assert!(few.0.iter().any(|p| p.rule == "too-few-artifacts"));
        let warn = check_map("AA..\n....\n..A.\n....\n");
        assert!(!warn.has_errors(), "{warn}");
        assert!(warn.0.iter().any(|p| p.rule == "adjacent-artifacts"));
        assert!(warn.0.iter().any(|p| p.rule == "no-uninhabitable"));
        assert_eq!(
            found("AMMM\nMAMM\nMMAM\nMMMM\n", "no-open"),
            [(None, None, true)]
        );
        assert!(found("AMMM\nMAMM\nMMAM\nMMMM\n", "no-leader-cell").is_empty());
    }

    #[test]
    fn a_walled_in_artifact_is_a_warning_naming_the_mining_robots_it_needs() {
        // A1 touches only uninhabitable cells; one mining robot on A2 links
        // it to A3, where a leader can stand.
        let boxed = "# a comment line\nAM..\nM...\n..A.\n.A.M\n";
        assert_eq!(
            found(boxed, "artifact-no-leader-cell"),
            [(Some(2), Some(1), false)]
        );
        assert!(!check_map(boxed).has_errors(), "{}", check_map(boxed));
        assert!(
            check_map(boxed)
                .to_string()
                .contains("at least 1 mining robot on")
        );
        // Two M cells deep: two robots.
        let deeper = "AMM.\nMMM.\nMM..\n..A.\n.A..\n";
        assert!(
            check_map(deeper)
                .to_string()
                .contains("at least 2 mining robots")
        );
        // Silent when a touching artifact has an open neighbour: they are one
        // region, and a leader beside B1 rules A1 too.
        assert!(found("AAM.\nM...\n..A.\n....\n", "artifact-no-leader-cell").is_empty());
        // A walled-in group: every artifact of it is named.
        let group = "AAM.\nMMM.\n..A.\n....\n";
        assert_eq!(
            found(group, "artifact-no-leader-cell"),
            [(Some(1), Some(1), false), (Some(1), Some(2), false)]
        );
        assert!(
            check_map(group)
                .to_string()
                .contains("nor beside the artifacts touching it")
        );
        // Silent on an artifact with an open neighbour.
        assert!(found("A...\n.M..\n..A.\nM..A\n", "artifact-no-leader-cell").is_empty());
    }

    #[test]
    fn an_artifact_beyond_the_pools_mining_robots_is_named() {
        // A 32x32 field of M with A1 in one corner and open space with two
        // artifacts in the other: 55 M cells lie between them.
        let mut rows = vec![vec!['M'; 32]; 32];
        rows[0][0] = 'A';
        for row in rows.iter_mut().skip(28) {
            for cell in row.iter_mut().skip(28) {
                *cell = '.';
            }
        }
        rows[29][29] = 'A';
        rows[30][30] = 'A';
        let text: String = rows
            .iter()
            .map(|r| r.iter().collect::<String>() + "\n")
            .collect();
        let map = parse_map(&text).unwrap();
        assert_eq!(map.mining_robots_to_a_leader(&[0]), Some(55));
        let p = check_map(&text);
        assert!(!p.has_errors(), "{p}");
        assert_eq!(
            found(&text, "artifact-no-leader-cell"),
            [(Some(1), Some(1), false)]
        );
        assert!(
            p.to_string()
                .contains("at least 55 mining robots, more than the 36 in the default pool"),
            "{p}"
        );
    }

    #[test]
    fn open_cells_walled_in_by_uninhabitable_cells() {
        let text = "# comment\n.M.A\nMMM.\nAM.M\nM.MA\n";
        // A1 (line 2), C3 and B4 touch only uninhabitable cells.
        assert_eq!(
            found(text, "isolated-open-cell"),
            [
                (Some(2), Some(1), false),
                (Some(4), Some(3), false),
                (Some(5), Some(2), false)
            ]
        );
        let map = parse_map(text).unwrap();
        assert!(!map.can_hold_leader(0));
        assert!(map.can_hold_leader(2), "C1 touches D1, an artifact");
        assert!(map.can_hold_leader(7), "D2 touches D1");
        assert!(!map.can_hold_leader(1), "B1 is uninhabitable");
        // Silent when the cell touches an artifact.
        assert!(found("AM..\n.M..\nMM.A\n..A.\n", "isolated-open-cell").is_empty());
        assert!(found(DEFAULT_MAP, "isolated-open-cell").is_empty());
    }

    #[test]
    fn a_map_where_no_leader_can_stand_is_an_error() {
        let text = ".MAM\nMMMM\nAM.M\nMMMA\n";
        assert_eq!(found(text, "no-leader-cell"), [(None, None, true)]);
        // The error says it all: no cell-by-cell warnings besides.
        assert!(found(text, "isolated-open-cell").is_empty());
        assert!(found(text, "artifact-no-leader-cell").is_empty());
        assert!(found(text, "no-open").is_empty());
        // One open pair is enough.
        assert!(found("..AM\nMMMM\nAM.M\nMMMA\n", "no-leader-cell").is_empty());
    }

    #[test]
    fn too_few_cells_for_the_default_pool() {
        // 13x12: 36 M, 3 A and 117 open cells hold the default pool exactly.
        let mut rows: Vec<String> = vec!["M".repeat(13); 2];
        rows.push(format!("{}{}", "M".repeat(10), "..."));
        rows.push(format!("A{}", ".".repeat(12)));
        rows.push(format!("......A{}", ".".repeat(6)));
        for _ in 0..6 {
            rows.push(".".repeat(13));
        }
        rows.push(format!("{}A", ".".repeat(12)));
        let exact = rows.join("\n");
        let s = parse_map(&exact).unwrap().stats();
        assert_eq!((s.open, s.uninhabitable, s.artifacts), (117, 36, 3));
        assert!(found(&exact, "few-uninhabitable").is_empty());
        assert!(found(&exact, "few-open").is_empty());
        // One M fewer: 35 cells for 36 mining robots.
        let one_less = exact.replacen('M', ".", 1);
        assert_eq!(found(&one_less, "few-uninhabitable"), [(None, None, false)]);
        assert!(
            check_map(&one_less)
                .to_string()
                .contains("35 uninhabitable ('M') cells")
        );
        assert!(found(&one_less, "few-open").is_empty());
        // One open cell fewer: 116 for 117 colonists.
        let one_more = exact.replacen('.', "M", 1);
        assert_eq!(found(&one_more, "few-open"), [(None, None, false)]);
        assert!(
            check_map(&one_more)
                .to_string()
                .contains("116 open ('.') cells for the default pool's 117")
        );
        assert!(found(&one_more, "few-uninhabitable").is_empty());
        // No M at all is the stronger warning, and only that one.
        let none = "A...\n....\n..A.\n...A\n";
        assert!(found(none, "few-uninhabitable").is_empty());
        assert_eq!(found(none, "no-uninhabitable"), [(None, None, false)]);
    }

    #[test]
    fn stats_count_cells_by_kind() {
        let s = map_stats("# Tiny\nA..M\n....\n..A.\nM..A\n").unwrap();
        assert_eq!(
            s,
            MapStats {
                width: 4,
                height: 4,
                open: 11,
                uninhabitable: 2,
                artifacts: 3
            }
        );
        assert_eq!(s.cells(), 16);
        assert_eq!(s.to_string(), "4x4, 11 open, 2 uninhabitable, 3 artifacts");
        let d = map_stats(DEFAULT_MAP).unwrap();
        assert_eq!(
            d.to_string(),
            "16x11, 125 open, 41 uninhabitable, 10 artifacts"
        );
        // Stats need only a parse: a map with errors still has counts.
        assert_eq!(map_stats("A...\n....\n....\n....\n").unwrap().artifacts, 1);
        assert_eq!(map_stats("x"), None);
    }
}
