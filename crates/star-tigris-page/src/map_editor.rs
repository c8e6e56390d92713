//! The editor's state between events: the board being drawn and its
//! history, the tool in hand, the stroke in progress, the saved maps, and
//! what to tell the designer. Pointer and key handlers call these methods;
//! nothing here touches the DOM, so it is tested natively.

use tabula_engine::Problems;
use tabula_engine::limits::name_problem;
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::letters::capitalised;
use tabula_page_kit::sketch::Sketch;
use tabula_star_tigris::Pos;
use tabula_star_tigris::map::Terrain;

use crate::editor::{Draft, MapDraft, place, problems_at};
use crate::library::{Library, SavedMap};

/// The map editor.
#[derive(Clone, Debug)]
pub struct Editor {
    /// The board being drawn, its tool, cursor and undo (the kit's).
    pub sketch: Sketch<Terrain>,
    /// Its name.
    pub name: String,
    /// Its entry in the saved maps.
    pub id: Option<u64>,
    /// The terrain the tool paints.
    pub paint: Terrain,
    /// The cell of the problem the designer clicked.
    pub highlight: Option<Pos>,
    /// The cell under the pointer.
    pub hover: Option<Pos>,
    /// What to tell the designer (an import refused, a map deleted…).
    pub message: Option<String>,
    /// Whether the message reports a failure.
    pub message_is_error: bool,
    /// The text in the paste box.
    pub paste: String,
    /// The saved maps.
    pub library: Library,
    /// The map deleted last, which can be restored.
    pub deleted: Option<SavedMap>,
    /// The validator's findings on the board, kept up to date.
    pub problems: Problems,
}

/// The size of a new blank board.
pub const BLANK_SIZE: (usize, usize) = (12, 10);

/// A map's name taken from a file name or a `#` comment: at most 40
/// characters, no control characters, never empty.
pub fn clean_name(raw: &str, fallback: &str) -> String {
    let name: String = raw
        .chars()
        .filter(|c| !c.is_control())
        .take(40)
        .collect::<String>()
        .trim()
        .to_string();
    if name_problem(&name).is_none() {
        name
    } else {
        fallback.into()
    }
}

/// Where imported map text comes from (it names the place in messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source<'a> {
    /// A file chosen or dropped, by its name.
    File(&'a str),
    /// The paste box.
    Paste,
    /// A `#map=…` link (its problems name rows, not lines).
    Link,
    /// A map shipped with the game, by its name.
    Shipped(&'a str),
}

impl Editor {
    /// An editor on a blank board, with the saved maps.
    pub fn new(library: Library) -> Editor {
        let draft = Draft::blank(BLANK_SIZE.0, BLANK_SIZE.1);
        let problems = draft.problems();
        let mut e = Editor {
            sketch: Sketch::new(draft),
            name: t("editor-untitled"),
            id: None,
            paint: Terrain::Uninhabitable,
            highlight: None,
            hover: None,
            message: None,
            message_is_error: false,
            paste: String::new(),
            library,
            deleted: None,
            problems,
        };
        // Reopen the map being edited before a reload.
        if let Some(m) = e.library.current.and_then(|id| e.library.get(id)).cloned()
            && let Ok(d) = Draft::parse(&m.text)
        {
            e.sketch.open(d);
            e.name = m.name;
            e.id = Some(m.id);
            e.problems = e.sketch.grid.problems();
        }
        e
    }

    /// Tell the designer something.
    pub fn tell(&mut self, msg: impl Into<String>) {
        self.message = Some(msg.into());
        self.message_is_error = false;
    }

    /// Tell the designer what was refused.
    pub fn refuse(&mut self, msg: impl Into<String>) {
        self.message = Some(msg.into());
        self.message_is_error = true;
    }

    /// After the board changed: validate it again and save it.
    fn changed(&mut self) {
        self.problems = self.sketch.grid.problems();
        if self
            .highlight
            .is_some_and(|p| !self.sketch.grid.contains(place(p)))
        {
            self.highlight = None;
        }
        let text = self.sketch.grid.to_text();
        match self.id {
            Some(id) if let Some(m) = self.library.get_mut(id) => m.text = text,
            _ => self.id = Some(self.library.add(self.name.clone(), text)),
        }
        self.library.current = self.id;
    }

    /// Replace the board as one undoable step.
    pub fn replace(&mut self, d: Draft) {
        if self.sketch.replace(d) {
            self.changed();
        }
    }

    /// Open a board as a new saved map (its history starts empty).
    pub fn open(&mut self, name: &str, d: Draft) {
        self.sketch.open(d);
        self.name = clean_name(name, &t("editor-untitled"));
        self.id = None;
        self.highlight = None;
        self.changed();
    }

    /// Open a saved map.
    pub fn open_saved(&mut self, id: u64) {
        let Some(m) = self.library.get(id).cloned() else {
            return self.refuse(t("editor-gone"));
        };
        match Draft::parse(&m.text) {
            Ok(d) => {
                self.sketch.open(d);
                self.name = m.name;
                self.id = Some(id);
                self.highlight = None;
                self.changed();
            }
            Err(p) => self.refuse(tf(
                "editor-saved-unreadable",
                &[("problems", &capitalised(&problems_at(&p, false)))],
            )),
        }
    }

    /// The pointer went down on a cell.
    pub fn press(&mut self, p: Pos) {
        if self.sketch.press(place(p), self.paint) {
            self.problems = self.sketch.grid.problems();
        }
    }

    /// The pointer moved onto a cell with the button down.
    pub fn drag(&mut self, p: Pos) {
        if self.sketch.drag(place(p), self.paint) {
            self.problems = self.sketch.grid.problems();
        }
    }

    /// The pointer went up: the stroke becomes one undoable step.
    pub fn release(&mut self) {
        if self.sketch.release() {
            self.changed();
        }
    }

    /// A stroke stopped without finishing (Escape): the board goes back.
    pub fn cancel(&mut self) {
        if self.sketch.cancel() {
            self.problems = self.sketch.grid.problems();
        }
    }

    /// Enter or Space at the cursor: brush and fill paint at once; the
    /// rectangle takes two presses, one at each corner.
    pub fn key_apply(&mut self) {
        if self.sketch.key_apply(self.paint) {
            self.changed();
        } else {
            self.problems = self.sketch.grid.problems();
        }
    }

    /// Move the keyboard cursor (a rectangle being drawn follows it).
    pub fn move_cursor(&mut self, dr: i64, dc: i64) {
        self.sketch.move_cursor(dr, dc, self.paint);
        if self.sketch.stroking() {
            self.problems = self.sketch.grid.problems();
        }
        self.hover = Some(self.cursor());
    }

    /// The keyboard cursor as a board position.
    pub fn cursor(&self) -> Pos {
        let (row, col) = self.sketch.cursor;
        Pos::new(row as u8, col as u8)
    }

    /// Undo the last change.
    pub fn undo(&mut self) {
        let stroking = self.sketch.stroking();
        if self.sketch.undo() {
            self.changed();
        } else if stroking {
            self.problems = self.sketch.grid.problems();
        }
    }

    /// Redo the last undone change.
    pub fn redo(&mut self) {
        let stroking = self.sketch.stroking();
        if self.sketch.redo() {
            self.changed();
        } else if stroking {
            self.problems = self.sketch.grid.problems();
        }
    }

    /// Resize, keeping what fits.
    pub fn resize(&mut self, width: usize, height: usize) {
        self.cancel();
        // What was said about an earlier step (e.g. "Renamed") is stale now.
        self.message = None;
        let d = self.sketch.grid.resized_map(width, height);
        if (d.width, d.height) != (width, height) {
            self.tell(tf(
                "editor-size-clamped",
                &[
                    ("min", &tabula_star_tigris::map::MIN_SIDE.to_string()),
                    ("max", &tabula_star_tigris::map::MAX_SIDE.to_string()),
                    ("width", &d.width.to_string()),
                    ("height", &d.height.to_string()),
                ],
            ));
        }
        self.replace(d);
    }

    /// Rename the map being edited.
    pub fn rename(&mut self, name: &str) {
        if let Some(e) = name_problem(name) {
            return self.refuse(tf(
                "editor-name-refused",
                &[("why", &tabula_page_kit::error_words::name(&e))],
            ));
        }
        self.name = name.trim().into();
        match self.id {
            Some(id) if self.library.get(id).is_some() => {
                crate::library::rename(&mut self.library, id, name).ok();
            }
            _ => self.changed(),
        }
        let told = tf("editor-renamed", &[("name", &self.name)]);
        self.tell(told);
    }

    /// Delete a saved map (it can be restored until the next deletion).
    pub fn delete(&mut self, id: u64) {
        if let Some(m) = self.library.remove(id) {
            self.tell(tf("editor-deleted", &[("name", &m.name)]));
            if self.id == Some(id) {
                self.id = None;
            }
            self.deleted = Some(m);
        }
    }

    /// Restore the map deleted last.
    pub fn restore(&mut self) {
        if let Some(m) = self.deleted.take() {
            self.tell(tf("editor-restored", &[("name", &m.name)]));
            self.library.restore(m);
            if self.id.is_none() {
                self.library.current = None;
            }
        }
    }

    /// Import map text (a file, a paste, a link or a shipped map). A
    /// malformed text is refused with every problem's place (its line, or
    /// its row for a link) and the board is left alone.
    pub fn import_from(&mut self, text: &str, name: &str, source: Source) -> bool {
        match Draft::parse(text) {
            Ok(d) => {
                self.open(name, d);
                let name = self.name.clone();
                let told = match source {
                    Source::File(file) => {
                        tf("editor-opened-file", &[("name", &name), ("file", file)])
                    }
                    Source::Paste => tf("editor-opened-paste", &[("name", &name)]),
                    Source::Link => tf("editor-opened-link", &[("name", &name)]),
                    Source::Shipped(map) => tf(
                        "editor-opened-shipped",
                        &[("name", &name), ("map", &crate::maps::map_name(map))],
                    ),
                };
                self.tell(told);
                true
            }
            Err(problems) => {
                let list = capitalised(&problems_at(&problems, source == Source::Link));
                let list = list.as_str();
                let refused = match source {
                    Source::File(file) => {
                        tf("editor-not-map-file", &[("file", file), ("problems", list)])
                    }
                    Source::Paste => tf("editor-not-map-paste", &[("problems", list)]),
                    Source::Link => tf("editor-not-map-link", &[("problems", list)]),
                    Source::Shipped(map) => tf(
                        "editor-not-map-shipped",
                        &[("map", map), ("problems", list)],
                    ),
                };
                self.refuse(refused);
                false
            }
        }
    }

    /// Why the map cannot be played now, if it cannot.
    pub fn play_blocked(&self) -> Option<String> {
        let errors = self.problems.0.iter().filter(|p| p.is_error()).count();
        match errors {
            0 => None,
            1 => Some(t("editor-blocked-one")),
            n => Some(tf("editor-blocked-many", &[("n", &n.to_string())])),
        }
    }

    /// The name a `#` comment or a file name gives, for imports.
    pub fn name_from_text(text: &str) -> Option<String> {
        let first = text.lines().next()?.strip_prefix('#')?;
        let n = clean_name(first, "");
        (!n.is_empty()).then_some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_page_kit::grid::Tool;

    fn editor() -> Editor {
        crate::add_words();
        Editor::new(Library::default())
    }

    #[test]
    fn a_drag_is_one_undoable_step_and_is_saved() {
        let mut e = editor();
        e.paint = Terrain::Uninhabitable;
        e.press(Pos::new(0, 0));
        e.drag(Pos::new(0, 3));
        e.drag(Pos::new(2, 3));
        e.release();
        assert!(e.sketch.grid.to_text().starts_with("MMMM...."));
        assert_eq!(e.sketch.grid.counts().1, 6, "a gapless stroke of six cells");
        let saved = e.library.get(e.id.unwrap()).unwrap();
        assert_eq!(saved.text, e.sketch.grid.to_text());
        e.undo();
        assert_eq!(e.sketch.grid, Draft::blank(BLANK_SIZE.0, BLANK_SIZE.1));
        e.redo();
        assert_eq!(e.sketch.grid.counts().1, 6);
    }

    #[test]
    fn rectangles_by_pointer_and_by_keys() {
        let mut e = editor();
        e.sketch.tool = Tool::Rect;
        e.paint = Terrain::Artifact;
        e.press(Pos::new(1, 1));
        e.drag(Pos::new(4, 4));
        e.drag(Pos::new(2, 2));
        e.release();
        assert_eq!(e.sketch.grid.counts().2, 4, "only the last rectangle stays");
        e.paint = Terrain::Uninhabitable;
        e.sketch.cursor = (5, 5);
        e.key_apply();
        e.move_cursor(1, 0);
        e.move_cursor(0, 1);
        e.key_apply();
        assert_eq!(e.sketch.grid.counts().1, 4);
        e.undo();
        assert_eq!(
            e.sketch.grid.counts(),
            (BLANK_SIZE.0 * BLANK_SIZE.1 - 4, 0, 4)
        );
        // Escape drops a rectangle half drawn.
        e.key_apply();
        e.move_cursor(2, 2);
        e.cancel();
        assert_eq!(e.sketch.grid.counts().1, 0);
    }

    #[test]
    fn problems_follow_the_board() {
        let mut e = editor();
        assert!(e.problems.has_errors(), "a blank board has no artifacts");
        assert!(e.play_blocked().is_some());
        e.paint = Terrain::Artifact;
        for p in [Pos::new(1, 1), Pos::new(5, 5), Pos::new(8, 10)] {
            e.press(p);
            e.release();
        }
        e.paint = Terrain::Uninhabitable;
        e.press(Pos::new(0, 11));
        e.release();
        assert!(!e.problems.has_errors(), "{}", e.problems);
        assert_eq!(e.play_blocked(), None);
    }

    #[test]
    fn malformed_imports_leave_the_board_alone() {
        let mut e = editor();
        e.press(Pos::new(0, 0));
        e.release();
        let before = e.sketch.grid.clone();
        assert!(!e.import_from("....\n.x..\n", "bad.txt", Source::File("bad.txt")));
        assert_eq!(e.sketch.grid, before);
        let msg = e.message.clone().unwrap();
        assert!(msg.contains("Line 2, column 2"), "{msg}");
        assert!(
            msg.starts_with("The file “bad.txt” is not a map, so nothing changed."),
            "{msg}"
        );
        assert!(e.message_is_error);
        assert!(!e.import_from("A..M\n.x..\n", "link", Source::Link));
        let msg = e.message.clone().unwrap();
        assert!(
            msg.contains("Row 2, column 2: 'x' is not a map cell"),
            "{msg}"
        );
        assert!(e.import_from("# Tiny\nA..M\n....\n..A.\nM..A\n", "Tiny", Source::Paste));
        assert!(!e.import_from("x", "x", Source::File("given.txt")));
        assert!(e.message.as_deref().unwrap().starts_with(
            "The file “given.txt” is not a map, so nothing changed. Line 1, column 1: "
        ));
        assert!(e.import_from(
            "# Tiny\nA..M\n....\n..A.\nM..A\n",
            "Tiny",
            Source::File("given.txt")
        ));
        assert_eq!(
            e.message.as_deref(),
            Some("Opened “Tiny” from the file “given.txt”.")
        );
        assert!(e.import_from("# Tiny\nA..M\n....\n..A.\nM..A\n", "Tiny", Source::Paste));
        assert_eq!(
            e.message.as_deref(),
            Some("Opened “Tiny” from the pasted text.")
        );
        assert_eq!(e.name, "Tiny");
        assert!(
            !e.sketch.history.can_undo(),
            "a new map starts a new history"
        );
        assert_eq!(
            Editor::name_from_text("# A name\n...."),
            Some("A name".into())
        );
        assert_eq!(Editor::name_from_text("...."), None);
    }

    #[test]
    fn resize_rename_delete_restore_and_reopen() {
        let mut e = editor();
        e.resize(40, 2);
        assert_eq!((e.sketch.grid.width, e.sketch.grid.height), (32, 4));
        assert!(e.message.as_deref().unwrap().contains("4 to 32"));
        e.rename("Wide");
        assert_eq!(e.library.get(e.id.unwrap()).unwrap().name, "Wide");
        assert!(e.message.as_deref().unwrap().starts_with("Renamed"));
        e.resize(8, 8);
        assert_eq!(e.message, None, "a resize that fits says nothing stale");
        e.resize(32, 4);
        e.rename("\u{1}");
        assert!(e.message_is_error);
        let id = e.id.unwrap();
        let reopened = Editor::new(e.library.clone());
        assert_eq!(
            reopened.sketch.grid, e.sketch.grid,
            "a reload reopens the map"
        );
        assert_eq!(reopened.name, "Wide");
        e.delete(id);
        assert!(e.library.maps.is_empty());
        e.restore();
        assert_eq!(e.library.maps.len(), 1);
        e.open_saved(id);
        assert_eq!(e.id, Some(id));
        e.open_saved(999);
        assert!(e.message_is_error);
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("  my\u{0} map ", "x"), "my map");
        assert_eq!(clean_name("   ", "fallback"), "fallback");
        assert_eq!(clean_name(&"é".repeat(50), "x").chars().count(), 40);
    }

    #[test]
    fn the_editor_speaks_german() {
        use tabula_page_kit::i18n::{Lang, use_lang};
        crate::add_words();
        use_lang(Some(Lang::De));
        let mut e = Editor::new(Library::default());
        assert_eq!(e.name, "Karte ohne Namen");
        assert_eq!(
            e.play_blocked().as_deref(),
            Some("Behebe zuerst den Fehler: Mit ihm lässt sich auf der Karte nicht spielen.")
        );
        assert!(!e.import_from("....\n.x..\n", "kaputt", Source::File("kaputt.txt")));
        assert_eq!(
            e.message.as_deref(),
            Some(
                "Die Datei „kaputt.txt“ ist keine Karte, deshalb bleibt alles, wie es war. Zeile 2, Spalte 2: 'x' ist kein Kartenfeld (erlaubt sind '.', 'M' und 'A'); Zeile 2, Spalte 1: die Karte ist 2 Zeilen hoch; erlaubt sind 4 bis 32."
            )
        );
        e.resize(40, 2);
        assert_eq!(
            e.message.as_deref(),
            Some("Ein Spielbrett hat 4 bis 32 Felder pro Seite: Die Größe ist jetzt 32 × 4.")
        );
        e.rename("");
        assert_eq!(
            e.message.as_deref(),
            Some("Der Name der Karte wird abgelehnt: der Name ist leer.")
        );
        e.rename("Weit");
        assert_eq!(e.message.as_deref(), Some("Umbenannt in „Weit“."));
        use_lang(None);
    }
}
