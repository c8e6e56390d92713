//! The hand-off screen of pass-and-play: the device goes to the next
//! person, and nothing of the one before shows until that person says
//! who they are. Every game with hidden orders or hidden pieces uses it.

use crate::dom::{El, button, el};

/// What a hand-off says.
pub struct Handoff<'a> {
    /// Who takes the device: a mark in their colour (and shape).
    pub marker: El,
    /// The heading (`Pass the device to Ann`).
    pub title: &'a str,
    /// Why the others should look away.
    pub note: &'a str,
    /// The button's words (`I am Ann: show my pieces`).
    pub ready: &'a str,
    /// The button's command.
    pub cmd: &'a str,
    /// The note's id, for a page that later says other things there.
    pub note_id: Option<&'a str>,
}

/// The hand-off: heading, note and the one button (id `ready`).
pub fn screen(h: Handoff) -> El {
    let mut note = el("p").class("handoff-note").text(h.note);
    if let Some(id) = h.note_id {
        note = note.attr("id", id);
    }
    el("div")
        .class("handoff")
        .child(el("h2").child(h.marker).text(h.title))
        .child(note)
        .child(
            el("div")
                .class("buttons")
                .child(button(h.ready, h.cmd).attr("id", "ready").class("primary")),
        )
}
