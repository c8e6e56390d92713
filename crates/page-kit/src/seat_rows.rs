//! One seat's row in a game page's new-game dialog, written once for
//! every page: the seat's mark (drawn by the page, as on its board), the
//! seat's words, who sits there — a person or one of the bots (the page's
//! AI levels, then the bots written in the page) — and, where the page
//! lets people name the seats, the name field. The page gives the ids its
//! start reads back and the words; the row is built the same way on every
//! page.

use crate::dom::{El, el};

/// Who may sit in the seat: a `<select>` of choices.
pub struct Who<'a> {
    /// The select's id (the page reads the choice back by it).
    pub id: String,
    /// What a screen reader hears for it (`None` where the row is a
    /// `<label>`, whose words name it).
    pub label: Option<String>,
    /// The choices, in order: the value the page reads, and its words.
    pub choices: Vec<(String, String)>,
    /// The value chosen at first.
    pub chosen: &'a str,
}

/// The seat's name field.
pub struct Name {
    /// The input's id.
    pub id: String,
    /// The name it shows at first.
    pub value: String,
    /// The longest name it takes.
    pub max: usize,
    /// What a screen reader hears for it (`None` where the row is a
    /// `<label>`).
    pub label: Option<String>,
}

/// A seat's row.
pub struct SeatRow<'a> {
    /// `label` (the row's words name its one field) or `div`.
    pub tag: &'static str,
    /// The row's class (the page's style sheet places it).
    pub class: &'static str,
    /// The seat's mark, as the board draws the seat.
    pub mark: El,
    /// The seat's words (`Player 1`), if the row shows any.
    pub words: Option<String>,
    /// Who sits there.
    pub who: Who<'a>,
    /// The name field, where the page names seats.
    pub name: Option<Name>,
    /// Whether the name comes before the choice of who sits there.
    pub name_first: bool,
}

/// The row, as an element to put in the dialog.
pub fn seat_row(row: SeatRow) -> El {
    let mut out = el(row.tag).class(row.class).child(row.mark);
    if let Some(words) = &row.words {
        out = out
            .child(el("span").class("seat-word").text(words))
            .text(" ");
    }
    let who = who_select(row.who);
    let name = row.name.map(name_input);
    match (name, row.name_first) {
        (Some(name), true) => out.child(name).text(" ").child(who),
        (Some(name), false) => out.child(who).text(" ").child(name),
        (None, _) => out.child(who),
    }
}

fn who_select(who: Who) -> El {
    let mut select = el("select").attr("id", &who.id);
    if let Some(label) = &who.label {
        select = select.attr("aria-label", label);
    }
    for (value, words) in &who.choices {
        let mut option = el("option").attr("value", value).text(words);
        if value == who.chosen {
            option = option.attr("selected", "");
        }
        select = select.child(option);
    }
    select
}

fn name_input(name: Name) -> El {
    let mut input = el("input")
        .attr("type", "text")
        .attr("id", &name.id)
        .attr("maxlength", &name.max.to_string())
        .attr("value", &name.value);
    if let Some(label) = &name.label {
        input = input.attr("aria-label", label);
    }
    input
}
