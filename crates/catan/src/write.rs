//! Writing a board in the course format, so that the course server loads
//! it and Tabula reads back the same board.

use std::collections::HashMap;
use std::fmt::Write as _;

use tabula_hex::Dir;

use crate::board::Board;
use crate::read::{STANDARD_COMMENTS, TABULA_PREFIX};

/// The board as a map file: the name block, `VERSION: 1`, the owner,
/// Tabula's `# tabula:` lines (names in other languages, players, fixed
/// numbers), the comments, then one line per field with a link to every
/// neighbour, clockwise from north.
pub fn write_board(board: &Board) -> String {
    let mut out = String::new();
    let one_line = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect::<String>()
            .trim()
            .to_string()
    };
    let name = one_line(&board.name);
    if !name.is_empty() {
        let _ = write!(out, "###\n### {name}\n###\n\n");
    }
    let _ = write!(
        out,
        "{}\nVERSION: 1\n\n{}\nOWNER: {}\n\n",
        STANDARD_COMMENTS[0],
        STANDARD_COMMENTS[1],
        one_line(&board.owner)
    );
    let mut tabula = Vec::new();
    for (lang, text) in &board.names {
        tabula.push(format!(
            "{TABULA_PREFIX} name {} {}",
            one_line(lang),
            one_line(text)
        ));
    }
    if let Some(p) = board.players {
        if p.min == p.max {
            tabula.push(format!("{TABULA_PREFIX} players {}", p.min));
        } else {
            tabula.push(format!("{TABULA_PREFIX} players {}-{}", p.min, p.max));
        }
    }
    for f in &board.fields {
        if let Some(n) = f.number {
            tabula.push(format!("{TABULA_PREFIX} number {} {n}", f.id));
        }
    }
    for c in &board.comments {
        let c = one_line(c);
        // A comment must stay a comment, and not become a name or a Tabula line.
        if c.starts_with('#') && !c.starts_with("###") {
            tabula.push(c);
        } else {
            tabula.push(format!("# {}", c.trim_start_matches('#')));
        }
    }
    for line in &tabula {
        out.push_str(line);
        out.push('\n');
    }
    if !tabula.is_empty() {
        out.push('\n');
    }
    out.push_str(STANDARD_COMMENTS[2]);
    out.push('\n');
    let at: HashMap<_, _> = board.index();
    for f in &board.fields {
        let _ = write!(out, "{};{};{};", f.id, f.kind.name(), f.rotation);
        for d in Dir::ALL {
            if let Some(&j) = at.get(&f.hex.neighbour(d)) {
                let _ = write!(out, "{d},{};", board.fields[j].id);
            }
        }
        out.push('\n');
    }
    out
}
