//! The designer's saved maps: a list kept in the browser's storage as
//! JSON, with the map being edited. Loading checks every entry; an entry
//! that does not read is reported by name, never silently dropped.

use tabula_engine::limits::name_problem;
use tabula_page_kit::error_words;
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::saved_maps::Unread;

use crate::editor::{Draft, MapDraft, problems_at};

/// The storage key of the library.
pub const STORAGE_KEY: &str = "tabula.star-tigris.maps";
/// Where a library that cannot be read is set aside, for the designer to rescue.
pub const SET_ASIDE_KEY: &str = "tabula.star-tigris.maps.unreadable";
pub use tabula_page_kit::saved_maps::{Library, MAX_MAPS, SavedMap};

/// Read a stored library (page kit `saved_maps`). A library that is not
/// JSON of this format is an error (the caller sets it aside); entries
/// whose name or map does not read are left out and named in the second
/// value. The messages are in the page's language (a JSON error names its
/// line and column).
pub fn load(json: &str) -> Result<(Library, Vec<String>), String> {
    let problem = |m: &SavedMap| {
        let why = name_problem(&m.name)
            .map(|why| error_words::name(&why))
            .or_else(|| Draft::parse(&m.text).err().map(|p| problems_at(&p, false)))?;
        let name: String = m
            .name
            .chars()
            .filter(|c| !c.is_control())
            .take(40)
            .collect();
        Some(tf(
            "editor-library-bad-entry",
            &[("name", &name), ("why", &why)],
        ))
    };
    Library::read(json, problem).map_err(|e| match e {
        Unread::Json { line, column } => tf(
            "editor-library-unreadable",
            &[("why", &error_words::json_at(line, column))],
        ),
        Unread::Version(v) => tf("editor-library-version", &[("version", &v.to_string())]),
    })
}

/// Rename a map of `lib`; the name is checked like a player's name.
pub fn rename(lib: &mut Library, id: u64, name: &str) -> Result<(), String> {
    if let Some(e) = name_problem(name) {
        return Err(tf(
            "editor-name-refused",
            &[("why", &error_words::name(&e))],
        ));
    }
    let m = lib.get_mut(id).ok_or_else(|| t("editor-gone"))?;
    m.name = name.trim().into();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: &str = "A..M\n....\n..A.\nM..A\n";

    #[test]
    fn add_rename_remove_restore_round_trip() {
        let mut lib = Library::default();
        let a = lib.add("First".into(), MAP.into());
        let b = lib.add("Second".into(), MAP.into());
        assert_eq!(lib.current, Some(b));
        assert_eq!(lib.maps[0].name, "Second", "newest first");
        rename(&mut lib, a, "  Renamed ").unwrap();
        assert_eq!(lib.get(a).unwrap().name, "Renamed");
        assert!(rename(&mut lib, a, "").is_err());
        assert!(rename(&mut lib, a, "bad\nname").is_err());
        let gone = lib.remove(b).unwrap();
        assert_eq!(lib.current, None);
        lib.restore(gone);
        let (back, bad) = load(&lib.to_json()).unwrap();
        assert!(bad.is_empty());
        assert_eq!(back, lib);
    }

    #[test]
    fn unreadable_libraries_and_entries_are_reported() {
        crate::add_words();
        assert!(load("{not json").is_err());
        assert!(load(r#"{"version":2,"current":null,"maps":[]}"#).is_err());
        assert!(load(r#"{"version":1,"current":null,"maps":[],"x":1}"#).is_err());
        let json = r#"{"version":1,"current":2,"maps":[
            {"id":1,"name":"Good","text":"A..M\n....\n..A.\nM..A\n"},
            {"id":2,"name":"Broken","text":"A.x\n"}]}"#;
        let (lib, bad) = load(json).unwrap();
        assert_eq!(lib.maps.len(), 1);
        assert_eq!(lib.current, None, "the current map was the broken one");
        assert_eq!(bad.len(), 1);
        assert!(
            bad[0].starts_with("saved map “Broken”: line 1, column 3: "),
            "{bad:?}"
        );
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::De));
        let (_, bad) = load(json).unwrap();
        assert!(
            bad[0].starts_with("gespeicherte Karte „Broken“: Zeile 1, Spalte 3: "),
            "{bad:?}"
        );
        assert_eq!(
            load(r#"{"version":2,"current":null,"maps":[]}"#),
            Err(
                "die gespeicherten Karten haben das Format Version 2; diese Seite liest Version 1"
                    .into()
            )
        );
        let unreadable = load("{not json").unwrap_err();
        tabula_page_kit::i18n::use_lang(None);
        assert_eq!(
            unreadable,
            "die gespeicherten Karten lassen sich nicht lesen: Ab Zeile 1, Spalte 2 ergibt der Text keinen Sinn mehr"
        );
    }

    #[test]
    fn the_list_is_bounded() {
        let mut lib = Library::default();
        for i in 0..MAX_MAPS + 3 {
            lib.add(format!("Map {i}"), MAP.into());
        }
        assert_eq!(lib.maps.len(), MAX_MAPS);
        assert_eq!(lib.maps[0].name, format!("Map {}", MAX_MAPS + 2));
    }
}
