//! The dialogs every game page shares. "Open a game": a file (chosen or
//! dropped on the page), or a saved game or link pasted; what the page
//! does with it, and what it accepts, stay with the page.

use crate::dom::{El, button, el, file_field, paste_field};
use crate::i18n::t;

/// What the "Open a game" dialog holds.
pub struct OpenGame<'a> {
    /// Its heading, as the page's button that opens it says (`Open a
    /// game`).
    pub title: &'a str,
    /// What can be opened, in a sentence.
    pub note: &'a str,
    /// The file picker's words, its id and the file types it offers.
    pub file: (&'a str, &'a str, &'a str),
    /// The paste box's words, its id and the text in it.
    pub paste: (&'a str, &'a str, &'a str),
    /// Why the last try was refused, if it was; and the message's id.
    pub message: (Option<&'a str>, &'a str),
    /// The open button's words and command.
    pub open: (&'a str, &'a str),
    /// The cancel button's command.
    pub cancel: &'a str,
}

/// The dialog's content (the page puts it in its own dialog box).
pub fn open_game(d: OpenGame) -> El {
    let (file_label, file_id, accept) = d.file;
    let (paste_label, paste_id, text) = d.paste;
    let (message, message_id) = d.message;
    el("div")
        .class("open-game")
        .child(el("h2").attr("id", "open-h").text(d.title))
        .child(el("p").text(d.note))
        .child(file_field(file_label, file_id, accept))
        .child(paste_field(paste_label, paste_id, 5, text))
        .child(
            el("p")
                .class("message")
                .attr("id", message_id)
                .attr("role", "alert")
                .text(message.unwrap_or("")),
        )
        .child(
            el("div")
                .class("buttons")
                .child(button(d.open.0, d.open.1).class("primary"))
                .child(button(&t("cancel"), d.cancel).attr("id", "close-open")),
        )
}
