//! The designer's maps kept in the browser: a list stored as JSON (each
//! map as its course-format text), with the one being drawn. Loading
//! checks every entry; an entry whose map does not read is named, never
//! silently dropped (the caller keeps the stored text aside).

use serde::{Deserialize, Serialize};
use tabula_catan::{Board, read_board};

/// The boards shipped with the page: (name in commands, catalogue key, text).
pub const SHIPPED: [(&str, &str, &str); 4] = [
    (
        "standard",
        "catan-shipped-standard",
        include_str!("../../../maps/catan/standard.txt"),
    ),
    (
        "three",
        "catan-shipped-three",
        include_str!("../../../maps/catan/three.txt"),
    ),
    (
        "small",
        "catan-shipped-small",
        include_str!("../../../maps/catan/small.txt"),
    ),
    (
        "lagoon",
        "catan-shipped-lagoon",
        include_str!("../../../maps/catan/lagoon.txt"),
    ),
];

/// The text of the shipped board named `name` (the standard one when
/// no board has that name).
pub fn shipped_text(name: &str) -> &'static str {
    SHIPPED
        .iter()
        .find(|(n, _, _)| *n == name)
        .map_or(SHIPPED[0].2, |s| s.2)
}

/// The storage key of the list.
pub const STORAGE_KEY: &str = "tabula.catan.maps";
/// Where a list that cannot be read is set aside.
pub const SET_ASIDE_KEY: &str = "tabula.catan.maps.unreadable";
/// Most maps kept.
pub const MAX_MAPS: usize = 100;
/// Longest name, in characters.
pub const MAX_NAME: usize = 40;

/// One kept map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kept {
    /// Names the map in the list.
    pub id: u64,
    /// Its name.
    pub name: String,
    /// Its file, in the course format.
    pub text: String,
}

/// Every kept map and which one is being drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Library {
    /// The format's version (1).
    pub version: u32,
    /// The map being drawn.
    pub current: Option<u64>,
    /// The maps, newest first.
    pub maps: Vec<Kept>,
}

impl Default for Library {
    fn default() -> Self {
        Library {
            version: 1,
            current: None,
            maps: Vec::new(),
        }
    }
}

/// Why a stored list was not read as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadProblem {
    /// Not JSON of this format: where it stops making sense.
    Unreadable {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// Another version of the list.
    Version(u32),
    /// These maps (by name) did not read and were left out.
    BadEntries(Vec<String>),
}

/// A name as kept: one line, no control characters, at most [`MAX_NAME`]
/// characters; `fallback` when nothing is left.
pub fn clean_name(name: &str, fallback: &str) -> String {
    let n: String = name
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME)
        .collect();
    let n = n.trim();
    if n.is_empty() {
        fallback.to_string()
    } else {
        n.to_string()
    }
}

impl Library {
    /// Read a stored list: the maps that read, and what was wrong.
    pub fn load(json: &str) -> (Library, Option<LoadProblem>) {
        let lib: Library = match tabula_engine::plain::read_or_why(json) {
            Ok(l) => l,
            Err(e) => {
                return (
                    Library::default(),
                    Some(LoadProblem::Unreadable {
                        line: e.at.map_or(1, |a| a.0),
                        column: e.at.map_or(1, |a| a.1),
                    }),
                );
            }
        };
        if lib.version != 1 {
            return (Library::default(), Some(LoadProblem::Version(lib.version)));
        }
        let mut lib = lib;
        let mut bad = Vec::new();
        lib.maps.retain(|m| {
            let ok = read_board(&m.text).is_ok();
            if !ok {
                bad.push(clean_name(&m.name, "?"));
            }
            ok
        });
        lib.maps.truncate(MAX_MAPS);
        if lib.current.is_some_and(|id| lib.get(id).is_none()) {
            lib.current = None;
        }
        let problem = (!bad.is_empty()).then_some(LoadProblem::BadEntries(bad));
        (lib, problem)
    }

    /// The list as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The map with this id.
    pub fn get(&self, id: u64) -> Option<&Kept> {
        self.maps.iter().find(|m| m.id == id)
    }

    /// Keep `board` as the map being drawn: its entry is updated, or a new
    /// one is added at the top (the oldest goes when the list is full).
    pub fn keep(&mut self, board: &Board, fallback_name: &str) {
        let text = tabula_catan::write_board(board);
        let name = clean_name(&board.name, fallback_name);
        if let Some(m) = self
            .current
            .and_then(|id| self.maps.iter_mut().find(|m| m.id == id))
        {
            m.text = text;
            m.name = name;
            return;
        }
        let id = self.maps.iter().map(|m| m.id).max().unwrap_or(0) + 1;
        self.maps.insert(0, Kept { id, name, text });
        self.maps.truncate(MAX_MAPS);
        self.current = Some(id);
    }

    /// Forget the map being drawn: the next change starts a new entry.
    pub fn detach(&mut self) {
        self.current = None;
    }

    /// The board of a kept map (and make it the one being drawn).
    pub fn open(&mut self, id: u64) -> Option<Board> {
        let board = read_board(&self.get(id)?.text).ok()?.board;
        self.current = Some(id);
        Some(board)
    }

    /// Rename a kept map (its file's name too).
    pub fn rename(&mut self, id: u64, name: &str) -> bool {
        let Some(m) = self.maps.iter_mut().find(|m| m.id == id) else {
            return false;
        };
        let Ok(mut read) = read_board(&m.text) else {
            return false;
        };
        read.board.name = clean_name(name, &m.name);
        m.name = read.board.name.clone();
        m.text = tabula_catan::write_board(&read.board);
        true
    }

    /// Remove a kept map; returns it.
    pub fn remove(&mut self, id: u64) -> Option<Kept> {
        let i = self.maps.iter().position(|m| m.id == id)?;
        if self.current == Some(id) {
            self.current = None;
        }
        Some(self.maps.remove(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::blank_board;

    #[test]
    fn keep_rename_open_remove() {
        let mut lib = Library::default();
        let mut b = blank_board("One");
        lib.keep(&b, "Untitled");
        assert_eq!(lib.maps.len(), 1);
        b.fields.pop();
        lib.keep(&b, "Untitled");
        assert_eq!(lib.maps.len(), 1, "the current map is updated");
        lib.detach();
        lib.keep(&blank_board(""), "Untitled");
        assert_eq!(lib.maps[0].name, "Untitled");
        let first = lib.maps[1].id;
        assert!(lib.rename(first, "  Renamed\u{7}  "));
        let opened = lib.open(first).unwrap();
        assert_eq!(opened.name, "Renamed");
        assert_eq!(opened.fields.len(), 36);
        assert_eq!(lib.current, Some(first));
        assert!(lib.remove(first).is_some());
        assert_eq!(lib.current, None);
        let (again, problem) = Library::load(&lib.to_json());
        assert_eq!(again, lib);
        assert_eq!(problem, None);
    }

    #[test]
    fn a_damaged_list_is_reported_not_dropped_silently() {
        let (lib, p) = Library::load("{\"version\":1,");
        assert!(lib.maps.is_empty());
        assert!(matches!(p, Some(LoadProblem::Unreadable { line: 1, .. })));
        let json = r#"{"version":1,"current":7,"maps":[{"id":7,"name":"Bad","text":"1;LAVA;0;"}]}"#;
        let (lib, p) = Library::load(json);
        assert!(lib.maps.is_empty() && lib.current.is_none());
        assert_eq!(p, Some(LoadProblem::BadEntries(vec!["Bad".into()])));
        let (_, p) = Library::load(r#"{"version":2,"current":null,"maps":[]}"#);
        assert_eq!(p, Some(LoadProblem::Version(2)));
    }
}
