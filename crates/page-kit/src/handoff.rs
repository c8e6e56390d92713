//! The hand-off screen of pass-and-play: the device goes to the next
//! person, and nothing of the one before shows until that person says
//! who they are. Every game with hidden orders or hidden pieces uses it.
//!
//! A page names the catalogue keys of the three texts and the person; the
//! kit fills the person in as `{name}` in every one of them (with the
//! page's further `{…}`s), so no text of the screen can keep a `{name}`
//! it was never given.

use crate::dom::{El, button, el};
use crate::i18n::tf;

/// What a hand-off says.
pub struct Handoff<'a> {
    /// Who takes the device: a mark in their colour (and shape).
    pub marker: El,
    /// Their name, filled in as `{name}` in the three texts.
    pub name: &'a str,
    /// The heading's key (`Pass the device to {name}`).
    pub title: &'a str,
    /// The key of why the others should look away.
    pub note: &'a str,
    /// The key of the button's words (`I am {name}: show my pieces`).
    pub ready: &'a str,
    /// Further `{…}`s of the texts (a round's number), if any.
    pub args: &'a [(&'a str, &'a str)],
    /// The button's command.
    pub cmd: &'a str,
    /// The note's id, for a page that later says other things there.
    pub note_id: Option<&'a str>,
}

/// The three texts of a hand-off (heading, note, button) for `name`:
/// each key's words with `{name}` and every one of `args` filled in.
pub fn texts(name: &str, keys: [&str; 3], args: &[(&str, &str)]) -> [String; 3] {
    let mut all: Vec<(&str, &str)> = vec![("name", name)];
    all.extend_from_slice(args);
    keys.map(|k| tf(k, &all))
}

/// The hand-off: heading, note and the one button (id `ready`).
pub fn screen(h: Handoff) -> El {
    let [title, note_text, ready] = texts(h.name, [h.title, h.note, h.ready], h.args);
    let mut note = el("p").class("handoff-note").text(&note_text);
    if let Some(id) = h.note_id {
        note = note.attr("id", id);
    }
    el("div")
        .class("handoff")
        .child(el("h2").child(h.marker).text(&title))
        .child(note)
        .child(
            el("div")
                .class("buttons")
                .child(button(&ready, h.cmd).attr("id", "ready").class("primary")),
        )
}
