//! A map designer's maps kept in the browser's storage, for any game's
//! map editor: a list stored as JSON (each map as its game's map text,
//! newest first) with the one being drawn. Reading checks every entry
//! with the game's own reader; an entry that does not read is named, never
//! silently dropped. The words of refusals are the page's.

use serde::{Deserialize, Serialize};

/// The list's format version.
pub const VERSION: u32 = 1;
/// Most maps kept; adding one more drops the oldest.
pub const MAX_MAPS: usize = 100;

/// One kept map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedMap {
    /// A number that names the map in the list.
    pub id: u64,
    /// The designer's name for it.
    pub name: String,
    /// The map's text, in its game's map format.
    pub text: String,
}

/// Every kept map and which one is being drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Library {
    /// The format's version ([`VERSION`]).
    pub version: u32,
    /// The map being drawn.
    pub current: Option<u64>,
    /// The maps, newest first.
    pub maps: Vec<SavedMap>,
}

impl Default for Library {
    fn default() -> Self {
        Library {
            version: VERSION,
            current: None,
            maps: Vec::new(),
        }
    }
}

/// Why a stored list was not read at all (the caller sets its text aside).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    /// Not JSON of this format: where it stops making sense (1-based).
    Json {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// Another version of the list.
    Version(u32),
}

impl Library {
    /// Read a stored list. `problem` says why an entry cannot be kept (its
    /// name or its map), in the page's words; such entries are left out
    /// and their problems returned, in order.
    pub fn read(
        json: &str,
        mut problem: impl FnMut(&SavedMap) -> Option<String>,
    ) -> Result<(Library, Vec<String>), Unread> {
        // Read from the text itself, so that a list of the wrong shape is
        // placed by line and column too (the editors are in the page's
        // whole module, where this reader's size does not count).
        let mut lib: Library = tabula_engine::plain::from_str(json)
            .map_err(|(line, column, _)| Unread::Json { line, column })?;
        if lib.version != VERSION {
            return Err(Unread::Version(lib.version));
        }
        let mut bad = Vec::new();
        lib.maps.retain(|m| match problem(m) {
            Some(p) => {
                bad.push(p);
                false
            }
            None => true,
        });
        lib.maps.truncate(MAX_MAPS);
        if lib.current.is_some_and(|id| lib.get(id).is_none()) {
            lib.current = None;
        }
        Ok((lib, bad))
    }

    /// The list as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The map with this id.
    pub fn get(&self, id: u64) -> Option<&SavedMap> {
        self.maps.iter().find(|m| m.id == id)
    }

    /// The map with this id, to change.
    pub fn get_mut(&mut self, id: u64) -> Option<&mut SavedMap> {
        self.maps.iter_mut().find(|m| m.id == id)
    }

    /// Add a map at the top of the list and make it the one being drawn;
    /// returns its id. When the list is full the oldest map goes.
    pub fn add(&mut self, name: String, text: String) -> u64 {
        let id = self.maps.iter().map(|m| m.id).max().unwrap_or(0) + 1;
        self.maps.insert(0, SavedMap { id, name, text });
        self.maps.truncate(MAX_MAPS);
        self.current = Some(id);
        id
    }

    /// Remove a map; returns it (so that it can be put back).
    pub fn remove(&mut self, id: u64) -> Option<SavedMap> {
        let i = self.maps.iter().position(|m| m.id == id)?;
        if self.current == Some(id) {
            self.current = None;
        }
        Some(self.maps.remove(i))
    }

    /// Put a removed map back at the top; returns its id. A map added since
    /// may have taken its id: then it gets a new one, and is kept all the
    /// same. Putting back a map that is in the list changes nothing.
    pub fn restore(&mut self, mut m: SavedMap) -> u64 {
        if self.maps.contains(&m) {
            return m.id;
        }
        if self.get(m.id).is_some() {
            m.id = self.maps.iter().map(|m| m.id).max().unwrap_or(0) + 1;
        }
        let id = m.id;
        self.maps.insert(0, m);
        self.maps.truncate(MAX_MAPS);
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_problem(_: &SavedMap) -> Option<String> {
        None
    }

    #[test]
    fn add_remove_restore_and_read_back() {
        let mut lib = Library::default();
        let a = lib.add("First".into(), "a".into());
        let b = lib.add("Second".into(), "b".into());
        assert_eq!(lib.current, Some(b));
        assert_eq!(lib.maps[0].name, "Second", "newest first");
        lib.get_mut(a).unwrap().text = "a2".into();
        let gone = lib.remove(b).unwrap();
        assert_eq!(lib.current, None);
        lib.restore(gone.clone());
        lib.restore(gone);
        assert_eq!(lib.maps.len(), 2, "a map is put back once");
        // A map added after a removal takes the removed map's id: the
        // removed one comes back with another id, both kept.
        let c = lib.remove(b).unwrap();
        let d = lib.add("Third".into(), "c".into());
        assert_eq!(d, b);
        let back = lib.restore(c);
        assert_ne!(back, d);
        assert_eq!(lib.get(back).unwrap().name, "Second");
        assert_eq!(lib.get(d).unwrap().name, "Third");
        lib.remove(d);
        lib.current = None;
        let (back, bad) = Library::read(&lib.to_json(), no_problem).unwrap();
        assert!(bad.is_empty());
        assert_eq!(back, lib);
    }

    #[test]
    fn a_damaged_list_or_entry_is_reported() {
        assert_eq!(
            Library::read("{not json", no_problem),
            Err(Unread::Json { line: 1, column: 2 })
        );
        assert!(matches!(
            Library::read(
                r#"{"version":1,"current":null,"maps":[],"x":1}"#,
                no_problem
            ),
            Err(Unread::Json { line: 1, .. })
        ));
        assert_eq!(
            Library::read(r#"{"version":2,"current":null,"maps":[]}"#, no_problem),
            Err(Unread::Version(2))
        );
        let json = r#"{"version":1,"current":2,"maps":[
            {"id":1,"name":"Good","text":"ok"},
            {"id":2,"name":"Broken","text":"bad"}]}"#;
        let (lib, bad) =
            Library::read(json, |m| (m.text == "bad").then(|| m.name.clone())).unwrap();
        assert_eq!(lib.maps.len(), 1);
        assert_eq!(lib.current, None, "the current map was the broken one");
        assert_eq!(bad, ["Broken"]);
    }

    #[test]
    fn the_list_is_bounded() {
        let mut lib = Library::default();
        for i in 0..MAX_MAPS + 3 {
            lib.add(format!("Map {i}"), String::new());
        }
        assert_eq!(lib.maps.len(), MAX_MAPS);
        assert_eq!(lib.maps[0].name, format!("Map {}", MAX_MAPS + 2));
    }
}
