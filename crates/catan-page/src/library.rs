//! The designer's maps kept in the browser: a list stored as JSON (each
//! map as its course-format text), with the one being drawn. Loading
//! checks every entry; an entry whose map does not read is named, never
//! silently dropped (the caller keeps the stored text aside).

use tabula_catan::{Board, read_board};
use tabula_page_kit::saved_maps::Unread;

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
/// Longest name, in characters.
pub const MAX_NAME: usize = 40;

pub use tabula_page_kit::saved_maps::{Library, SavedMap};

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

/// Read a stored list (page kit `saved_maps`): the maps that read, and
/// what was wrong.
pub fn load(json: &str) -> (Library, Option<LoadProblem>) {
    let boards_read = |m: &SavedMap| read_board(&m.text).err().map(|_| clean_name(&m.name, "?"));
    match Library::read(json, boards_read) {
        Ok((lib, bad)) => (
            lib,
            (!bad.is_empty()).then_some(LoadProblem::BadEntries(bad)),
        ),
        Err(Unread::Json { line, column }) => (
            Library::default(),
            Some(LoadProblem::Unreadable { line, column }),
        ),
        Err(Unread::Version(v)) => (Library::default(), Some(LoadProblem::Version(v))),
    }
}

/// What the Catan editor does with its kept maps, beyond the kit's list.
pub trait Boards {
    /// Keep `board` as the map being drawn: its entry is updated, or a new
    /// one is added at the top (the oldest goes when the list is full).
    fn keep(&mut self, board: &Board, fallback_name: &str);
    /// Forget the map being drawn: the next change starts a new entry.
    fn detach(&mut self);
    /// The board of a kept map (and make it the one being drawn).
    fn open(&mut self, id: u64) -> Option<Board>;
    /// Rename a kept map (its file's name too).
    fn rename(&mut self, id: u64, name: &str) -> bool;
}

impl Boards for Library {
    fn keep(&mut self, board: &Board, fallback_name: &str) {
        let text = tabula_catan::write_board(board);
        let name = clean_name(&board.name, fallback_name);
        match self.current.and_then(|id| self.get_mut(id)) {
            Some(m) => {
                m.text = text;
                m.name = name;
            }
            None => {
                self.add(name, text);
            }
        }
    }

    fn detach(&mut self) {
        self.current = None;
    }

    fn open(&mut self, id: u64) -> Option<Board> {
        let board = read_board(&self.get(id)?.text).ok()?.board;
        self.current = Some(id);
        Some(board)
    }

    fn rename(&mut self, id: u64, name: &str) -> bool {
        let Some(m) = self.get_mut(id) else {
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
        let (again, problem) = load(&lib.to_json());
        assert_eq!(again, lib);
        assert_eq!(problem, None);
    }

    #[test]
    fn a_damaged_list_is_reported_not_dropped_silently() {
        let (lib, p) = load("{\"version\":1,");
        assert!(lib.maps.is_empty());
        assert!(matches!(p, Some(LoadProblem::Unreadable { line: 1, .. })));
        let json = r#"{"version":1,"current":7,"maps":[{"id":7,"name":"Bad","text":"1;LAVA;0;"}]}"#;
        let (lib, p) = load(json);
        assert!(lib.maps.is_empty() && lib.current.is_none());
        assert_eq!(p, Some(LoadProblem::BadEntries(vec!["Bad".into()])));
        let (_, p) = load(r#"{"version":2,"current":null,"maps":[]}"#);
        assert_eq!(p, Some(LoadProblem::Version(2)));
    }
}
