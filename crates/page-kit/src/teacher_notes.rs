//! A teacher's notes in a replay, for every game's viewer: the note of
//! the move the replay has reached (`GameRecord::notes`: the key is the
//! number of actions played, 0 before the first), shown beside the board
//! as the replay reaches it, and a box to write, change or remove the
//! note at the move shown. The notes are kept in the record, so they go
//! with its file and its link (the move list keeps them).
//!
//! A page puts [`panel`] in its replay's panel and hands its `note-…`
//! commands to [`command`] with its record and the move shown; whether a
//! note is being written is kept here (one replay a page).

use std::cell::RefCell;
use std::collections::BTreeMap;

use tabula_engine::GameRecord;
use tabula_engine::record::{MAX_NOTE_CHARS, check_notes};
use wasm_bindgen::JsCast;

use crate::dom::{El, button, by_id, el};
use crate::i18n::{t, tf};

thread_local! {
    /// Whether the note box is open, and why the last note was refused.
    static STATE: RefCell<(bool, Option<String>)> = const { RefCell::new((false, None)) };
}

/// The note panel at move `pos`: the note, if there is one; a button to
/// write one (or change it); while writing, the box with Save and Cancel.
pub fn panel(notes: &BTreeMap<usize, String>, pos: usize) -> El {
    let (writing, error) = STATE.with(|s| s.borrow().clone());
    let note = notes.get(&pos);
    let heading = if pos == 0 {
        t("note-before-first")
    } else {
        tf("note-at-move", &[("n", &pos.to_string())])
    };
    let mut root = el("section")
        .attr("id", "teacher-note")
        .class("teacher-note")
        .attr("aria-label", &t("note-title"));
    if writing {
        root = root
            .child(
                el("label")
                    .attr("for", "note-text")
                    .text(&tf("note-write-at", &[("at", &heading)])),
            )
            .child(
                el("textarea")
                    .attr("id", "note-text")
                    .attr("rows", "4")
                    .attr("maxlength", &MAX_NOTE_CHARS.to_string())
                    .text(note.map(String::as_str).unwrap_or("")),
            )
            .maybe(error.map(|e| el("p").class("note-error").attr("role", "alert").text(&e)))
            .child(
                el("p")
                    .class("buttons")
                    .child(button(&t("note-save"), "note-save").class("primary"))
                    .child(button(&t("note-cancel"), "note-cancel")),
            );
        return root;
    }
    root = root.attr("aria-live", "polite");
    if let Some(text) = note {
        root = root
            .child(el("h3").text(&tf("note-heading", &[("at", &heading)])))
            .child(
                el("p")
                    .attr("id", "note-shown")
                    .class("note-text")
                    .text(text),
            );
    }
    root.child(button(
        &t(if note.is_some() {
            "note-change"
        } else {
            "note-write"
        }),
        "note-write",
    ))
}

/// Put `text` as the note at move `pos` of `record`: blank removes it;
/// tabs become spaces and other control characters but line ends are
/// dropped. Refused (the record unchanged) when too long, in plain words.
pub fn write(record: &mut GameRecord, pos: usize, text: &str) -> Result<(), String> {
    let clean: String = text
        .replace('\t', " ")
        .chars()
        .filter(|c| !c.is_control() || *c == '\n')
        .collect();
    let clean = clean.trim_end().to_string();
    if clean.chars().count() > MAX_NOTE_CHARS {
        return Err(tf(
            "note-too-long",
            &[
                ("typed", &clean.chars().count().to_string()),
                ("max", &MAX_NOTE_CHARS.to_string()),
            ],
        ));
    }
    if pos > record.actions.len() {
        return Err(tf(
            "note-no-move",
            &[
                ("n", &pos.to_string()),
                ("len", &record.actions.len().to_string()),
            ],
        ));
    }
    let mut changed = record.clone();
    if clean.trim().is_empty() {
        changed.notes.remove(&pos);
    } else {
        changed.notes.insert(pos, clean);
    }
    check_notes(&changed).map_err(|_| t("record-note-bad"))?;
    *record = changed;
    Ok(())
}

/// Answer a `note-…` command for the replay of `record` at move `pos`;
/// whether it was one (the page then shows its panel again).
pub fn command(cmd: &str, record: &mut GameRecord, pos: usize) -> bool {
    match cmd {
        "note-write" => STATE.with(|s| *s.borrow_mut() = (true, None)),
        "note-cancel" => STATE.with(|s| *s.borrow_mut() = (false, None)),
        "note-save" => {
            let text = by_id("note-text")
                .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
                .map(|e| e.value())
                .unwrap_or_default();
            let state = match write(record, pos, &text) {
                Ok(()) => (false, None),
                Err(why) => (true, Some(why)),
            };
            STATE.with(|s| *s.borrow_mut() = state);
        }
        _ => return false,
    }
    true
}

/// Whether a note is being written (the page's keys leave the box alone,
/// and playing stops).
pub fn writing() -> bool {
    STATE.with(|s| s.borrow().0)
}

/// Close the note box (a new replay opened).
pub fn close() {
    STATE.with(|s| *s.borrow_mut() = (false, None));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(actions: usize) -> GameRecord {
        let mut r: GameRecord = serde_json::from_str(
            r#"{"format":"tabula-record","version":1,"ruleset":"x","options":null,
                "seed":1,"seats":[],"actions":[],"final_hash":"0000000000000000"}"#,
        )
        .unwrap();
        for _ in 0..actions {
            r.actions
                .push(serde_json::from_str(r#"{"seat":0,"action":null}"#).unwrap());
        }
        r
    }

    #[test]
    fn a_note_is_written_changed_and_removed() {
        let mut r = record(3);
        write(&mut r, 2, "Look at the robber.\tHere.\r\n").unwrap();
        assert_eq!(r.notes.get(&2).unwrap(), "Look at the robber. Here.");
        write(&mut r, 0, "Before the first move").unwrap();
        write(&mut r, 2, "  ").unwrap();
        assert_eq!(r.notes.keys().copied().collect::<Vec<_>>(), vec![0]);
        assert!(write(&mut r, 4, "past the end").is_err());
        let long = "x".repeat(MAX_NOTE_CHARS + 1);
        let e = write(&mut r, 1, &long).unwrap_err();
        assert!(e.contains(&MAX_NOTE_CHARS.to_string()), "{e}");
        assert_eq!(
            r.notes.len(),
            1,
            "a refused note leaves the record as it was"
        );
    }
}
