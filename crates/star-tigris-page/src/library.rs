//! The designer's saved maps: a list kept in the browser's storage as
//! JSON, with the map being edited. Loading checks every entry; an entry
//! that does not read is reported by name, never silently dropped.

use serde::{Deserialize, Serialize};
use tabula_engine::limits::name_problem;
use tabula_page_kit::error_words;
use tabula_page_kit::i18n::{t, tf};

use crate::editor::{Draft, MapDraft, problems_at};

/// The storage key of the library.
pub const STORAGE_KEY: &str = "tabula.star-tigris.maps";
/// Where a library that cannot be read is set aside, for the designer to rescue.
pub const SET_ASIDE_KEY: &str = "tabula.star-tigris.maps.unreadable";
/// Most maps kept.
pub const MAX_MAPS: usize = 100;

/// One saved map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedMap {
    /// A number that names the map in the list.
    pub id: u64,
    /// The designer's name for it.
    pub name: String,
    /// The map text (the map-file format).
    pub text: String,
}

/// Every saved map and which one is being edited.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Library {
    /// The format's version (1).
    pub version: u32,
    /// The map being edited.
    pub current: Option<u64>,
    /// The maps, newest first.
    pub maps: Vec<SavedMap>,
}

impl Library {
    /// An empty library.
    pub fn new() -> Library {
        Library {
            version: 1,
            current: None,
            maps: Vec::new(),
        }
    }

    /// Read a stored library. A library that is not JSON of this format is
    /// an error (the caller sets it aside); entries whose name or map does
    /// not read are left out and named in the second value. The messages
    /// are in the page's language (a JSON error names its line and column).
    pub fn load(json: &str) -> Result<(Library, Vec<String>), String> {
        let mut lib: Library = serde_json::from_str(json).map_err(|e| {
            let at = error_words::json_at(e.line(), e.column());
            tf("editor-library-unreadable", &[("why", &at)])
        })?;
        if lib.version != 1 {
            return Err(tf(
                "editor-library-version",
                &[("version", &lib.version.to_string())],
            ));
        }
        let mut bad = Vec::new();
        lib.maps.retain(|m| {
            let problem = name_problem(&m.name)
                .map(|why| error_words::name(&why))
                .or_else(|| Draft::parse(&m.text).err().map(|p| problems_at(&p, false)));
            if let Some(p) = &problem {
                let name: String = m
                    .name
                    .chars()
                    .filter(|c| !c.is_control())
                    .take(40)
                    .collect();
                bad.push(tf(
                    "editor-library-bad-entry",
                    &[("name", &name), ("why", p)],
                ));
            }
            problem.is_none()
        });
        lib.maps.truncate(MAX_MAPS);
        if lib.current.is_some_and(|id| lib.get(id).is_none()) {
            lib.current = None;
        }
        Ok((lib, bad))
    }

    /// The library as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The map with this id.
    pub fn get(&self, id: u64) -> Option<&SavedMap> {
        self.maps.iter().find(|m| m.id == id)
    }

    /// Add a map at the top of the list and make it current; returns its id.
    /// When the list is full the oldest map is dropped.
    pub fn add(&mut self, name: &str, text: String) -> u64 {
        let id = self.maps.iter().map(|m| m.id).max().unwrap_or(0) + 1;
        self.maps.insert(
            0,
            SavedMap {
                id,
                name: name.into(),
                text,
            },
        );
        self.maps.truncate(MAX_MAPS);
        self.current = Some(id);
        id
    }

    /// Store new text for a map.
    pub fn update(&mut self, id: u64, text: String) {
        if let Some(m) = self.maps.iter_mut().find(|m| m.id == id) {
            m.text = text;
        }
    }

    /// Rename a map; the name is checked like a player's name.
    pub fn rename(&mut self, id: u64, name: &str) -> Result<(), String> {
        if let Some(e) = name_problem(name) {
            return Err(tf(
                "editor-name-refused",
                &[("why", &error_words::name(&e))],
            ));
        }
        let m = self
            .maps
            .iter_mut()
            .find(|m| m.id == id)
            .ok_or_else(|| t("editor-gone"))?;
        m.name = name.trim().into();
        Ok(())
    }

    /// Remove a map; returns it (so it can be restored).
    pub fn remove(&mut self, id: u64) -> Option<SavedMap> {
        let i = self.maps.iter().position(|m| m.id == id)?;
        let m = self.maps.remove(i);
        if self.current == Some(id) {
            self.current = None;
        }
        Some(m)
    }

    /// Put a removed map back at the top.
    pub fn restore(&mut self, m: SavedMap) {
        if self.get(m.id).is_none() {
            self.maps.insert(0, m);
            self.maps.truncate(MAX_MAPS);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: &str = "A..M\n....\n..A.\nM..A\n";

    #[test]
    fn add_rename_remove_restore_round_trip() {
        let mut lib = Library::new();
        let a = lib.add("First", MAP.into());
        let b = lib.add("Second", MAP.into());
        assert_eq!(lib.current, Some(b));
        assert_eq!(lib.maps[0].name, "Second", "newest first");
        lib.rename(a, "  Renamed ").unwrap();
        assert_eq!(lib.get(a).unwrap().name, "Renamed");
        assert!(lib.rename(a, "").is_err());
        assert!(lib.rename(a, "bad\nname").is_err());
        let gone = lib.remove(b).unwrap();
        assert_eq!(lib.current, None);
        lib.restore(gone);
        let (back, bad) = Library::load(&lib.to_json()).unwrap();
        assert!(bad.is_empty());
        assert_eq!(back, lib);
    }

    #[test]
    fn unreadable_libraries_and_entries_are_reported() {
        crate::add_words();
        assert!(Library::load("{not json").is_err());
        assert!(Library::load(r#"{"version":2,"current":null,"maps":[]}"#).is_err());
        assert!(Library::load(r#"{"version":1,"current":null,"maps":[],"x":1}"#).is_err());
        let json = r#"{"version":1,"current":2,"maps":[
            {"id":1,"name":"Good","text":"A..M\n....\n..A.\nM..A\n"},
            {"id":2,"name":"Broken","text":"A.x\n"}]}"#;
        let (lib, bad) = Library::load(json).unwrap();
        assert_eq!(lib.maps.len(), 1);
        assert_eq!(lib.current, None, "the current map was the broken one");
        assert_eq!(bad.len(), 1);
        assert!(
            bad[0].starts_with("saved map “Broken”: line 1, column 3: "),
            "{bad:?}"
        );
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::De));
        let (_, bad) = Library::load(json).unwrap();
        assert!(
            bad[0].starts_with("gespeicherte Karte „Broken“: Zeile 1, Spalte 3: "),
            "{bad:?}"
        );
        assert_eq!(
            Library::load(r#"{"version":2,"current":null,"maps":[]}"#),
            Err(
                "die gespeicherten Karten haben das Format Version 2; diese Seite liest Version 1"
                    .into()
            )
        );
        let unreadable = Library::load("{not json").unwrap_err();
        tabula_page_kit::i18n::use_lang(None);
        assert_eq!(
            unreadable,
            "die gespeicherten Karten lassen sich nicht lesen: Ab Zeile 1, Spalte 2 ergibt der Text keinen Sinn mehr"
        );
    }

    #[test]
    fn the_list_is_bounded() {
        let mut lib = Library::new();
        for i in 0..MAX_MAPS + 3 {
            lib.add(&format!("Map {i}"), MAP.into());
        }
        assert_eq!(lib.maps.len(), MAX_MAPS);
        assert_eq!(lib.maps[0].name, format!("Map {}", MAX_MAPS + 2));
    }
}
