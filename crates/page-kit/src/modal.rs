//! Modal dialogs. While a dialog is open the page behind it is inert (it
//! takes no focus, no clicks and is hidden from assistive technology);
//! focus moves into the dialog when it opens and goes back to where it was
//! when it closes. Escape is each page's to map to its Close or Cancel.
//!
//! A page calls [`sync`] after every redraw with the dialog shown, if any:
//! the kit works out whether one opened, changed or closed.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// What can take focus inside a dialog, in the order a person meets it.
const FOCUSABLE: &str = "[data-autofocus], input:not([disabled]):not([type=hidden]), \
     select:not([disabled]), textarea:not([disabled]), button:not([disabled]), \
     a[href], [tabindex]:not([tabindex='-1'])";

#[derive(Default)]
struct Open {
    /// The element the open dialog is in (the overlay), whose siblings are
    /// made inert.
    holder: Option<Element>,
    /// Where focus was before the dialog opened.
    opener: Option<HtmlElement>,
    /// Which dialog is open (its id or first heading), to notice a new one.
    which: String,
}

thread_local! {
    static OPEN: RefCell<Open> = RefCell::new(Open::default());
}

/// Bring the page in line with the dialog now shown: `Some(dialog)` while
/// one is open (its holder's siblings become inert and focus moves in if
/// it is outside), `None` when none is (the page is live again and focus
/// returns to where it was before the first dialog opened).
pub fn sync(dialog: Option<&Element>) {
    OPEN.with(|open| {
        let mut open = open.borrow_mut();
        match dialog {
            Some(d) => {
                let holder = d.parent_element().unwrap_or_else(|| d.clone());
                let which = name_of(d);
                if open.holder.is_none() {
                    open.opener = active().filter(|a| !holder.contains(Some(a)));
                    set_inert(&holder, true);
                    open.holder = Some(holder.clone());
                } else if open.holder.as_ref() != Some(&holder) {
                    if let Some(old) = open.holder.take() {
                        set_inert(&old, false);
                    }
                    set_inert(&holder, true);
                    open.holder = Some(holder.clone());
                }
                let focus_inside = active().is_some_and(|a| d.contains(Some(&a)));
                // A question asked over the dialog keeps the focus.
                if (!focus_inside || open.which != which) && !confirming() {
                    focus_first(d);
                }
                open.which = which;
            }
            None => {
                if let Some(holder) = open.holder.take() {
                    set_inert(&holder, false);
                    open.which.clear();
                    let back = open.opener.take().filter(|o| o.is_connected());
                    let lost = active().is_none_or(|a| holder.contains(Some(&a))) && !confirming();
                    if let Some(o) = back
                        && lost
                    {
                        o.focus().ok();
                    }
                }
            }
        }
    });
}

/// Whether a dialog is open (as last told to [`sync`]).
pub fn is_open() -> bool {
    OPEN.with(|open| open.borrow().holder.is_some())
}

/// Focus the first thing a person would act on in `dialog`: an element
/// marked `data-autofocus`, else its first field or button, else the
/// dialog itself (made focusable for that).
pub fn focus_first(dialog: &Element) {
    let first = dialog
        .query_selector("[data-autofocus]")
        .ok()
        .flatten()
        .or_else(|| visible_focusable(dialog));
    match first.and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
        Some(e) => {
            e.focus().ok();
        }
        None => {
            if let Some(h) = dialog.dyn_ref::<HtmlElement>() {
                if !dialog.has_attribute("tabindex") {
                    dialog.set_attribute("tabindex", "-1").ok();
                }
                h.focus().ok();
            }
        }
    }
}

fn visible_focusable(dialog: &Element) -> Option<Element> {
    let list = dialog.query_selector_all(FOCUSABLE).ok()?;
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<HtmlElement>().ok())
        .find(|e| e.offset_parent().is_some() || e.get_client_rects().length() > 0)
        .map(|e| e.unchecked_into())
}

fn name_of(d: &Element) -> String {
    if !d.id().is_empty() {
        return d.id();
    }
    d.query_selector("h2, h1, h3")
        .ok()
        .flatten()
        .and_then(|h| h.text_content())
        .unwrap_or_default()
}

fn active() -> Option<HtmlElement> {
    let doc = web_sys::window()?.document()?;
    let a = doc.active_element()?;
    if doc.body().is_some_and(|b| b.is_same_node(Some(&a))) {
        return None;
    }
    a.dyn_into::<HtmlElement>().ok()
}

/// What stays live behind a dialog: only what is marked `data-stays-live`,
/// the page's news region (`announce`, so that what is new is still said)
/// and a question asked over the dialog (`confirm`).
/// The language menu is inert behind a dialog like everything else
/// (decision, issue 44: a dialog is truly modal; a person changes the
/// language once the dialog is closed).
pub const STAYS_LIVE: &str = "[data-stays-live]";

/// Make every sibling of `holder`, and of each element it stands in up to
/// the page's `<body>`, inert (or live again), except what [`STAYS_LIVE`]:
/// a sibling holding such an element is entered and its other children
/// made inert instead. (A dialog inside the page's `<main>` thus leaves
/// the rest of `<main>` and the header inert alike.)
fn set_inert(holder: &Element, inert: bool) {
    let mut at = holder.clone();
    while let Some(parent) = at.parent_element() {
        let children = parent.children();
        for i in 0..children.length() {
            let Some(c) = children.item(i) else { continue };
            if c.is_same_node(Some(&at)) {
                continue;
            }
            set_inert_keeping(&c, inert);
        }
        if parent.tag_name() == "BODY" {
            break;
        }
        at = parent;
    }
}

fn set_inert_keeping(e: &Element, inert: bool) {
    let tag = e.tag_name().to_ascii_lowercase();
    if tag == "script"
        || tag == "noscript"
        || tag == "style"
        || e.matches(STAYS_LIVE).unwrap_or(false)
    {
        return;
    }
    if e.query_selector(STAYS_LIVE).ok().flatten().is_some() {
        let children = e.children();
        for i in 0..children.length() {
            if let Some(c) = children.item(i) {
                set_inert_keeping(&c, inert);
            }
        }
        return;
    }
    if inert {
        e.set_attribute("inert", "").ok();
    } else {
        e.remove_attribute("inert").ok();
    }
}

/// A question asked before something that cannot be taken back (a game
/// in progress replaced): what would be lost, in the page's words, and
/// two buttons.
pub struct Confirm<'a> {
    /// The question (`Replace the game in progress?`).
    pub title: &'a str,
    /// What would be lost, in a sentence or two.
    pub text: &'a str,
    /// The button that goes ahead (`Start the new game`).
    pub go: &'a str,
    /// The button that keeps everything as it is (`Keep my game`); it has
    /// the focus, and Escape is the same.
    pub stay: &'a str,
}

thread_local! {
    /// What runs if the person goes ahead, while the question is open.
    static THEN: RefCell<Option<Box<dyn FnOnce()>>> = const { RefCell::new(None) };
    /// Where focus was before the question.
    static ASKED_FROM: RefCell<Option<HtmlElement>> = const { RefCell::new(None) };
}

/// The id of the question's `<dialog>`.
pub const CONFIRM_ID: &str = "confirm";

/// Ask `c` over whatever the page shows (its own dialog too); `then` runs
/// only if the person presses the go-ahead button. The question is a
/// modal `<dialog>`: nothing behind it takes clicks, keys or focus, and
/// its keys and clicks do not reach the page's own handlers (Escape
/// closes the question, not the page's dialog behind it).
pub fn confirm(c: Confirm, then: impl FnOnce() + 'static) {
    let Some(dialog) = confirm_dialog() else {
        return;
    };
    let heading = crate::dom::el("h2").attr("id", "confirm-h").text(c.title);
    let text = crate::dom::el("p").attr("id", "confirm-text").text(c.text);
    let buttons = crate::dom::el("div")
        .class("buttons")
        .child(
            crate::dom::el("button")
                .attr("type", "button")
                .attr("id", "confirm-go")
                .attr("data-confirm", "go")
                .class("primary")
                .text(c.go),
        )
        .child(
            crate::dom::el("button")
                .attr("type", "button")
                .attr("id", "confirm-stay")
                .attr("data-confirm", "stay")
                .text(c.stay),
        );
    dialog.set_text_content(None);
    for part in [heading, text, buttons] {
        dialog.append_child(&part.0).ok();
    }
    ASKED_FROM.with(|a| *a.borrow_mut() = active());
    THEN.with(|t| *t.borrow_mut() = Some(Box::new(then)));
    if !dialog.open() {
        dialog.show_modal().ok();
    }
    if let Some(stay) =
        crate::dom::by_id("confirm-stay").and_then(|e| e.dyn_into::<HtmlElement>().ok())
    {
        stay.focus().ok();
    }
}

/// Whether a question of [`confirm`] is open.
pub fn confirming() -> bool {
    crate::dom::by_id(CONFIRM_ID)
        .and_then(|d| d.dyn_into::<web_sys::HtmlDialogElement>().ok())
        .is_some_and(|d| d.open())
}

/// The question's `<dialog>`, made once (it stays live whatever dialog of
/// the page is open behind it).
fn confirm_dialog() -> Option<web_sys::HtmlDialogElement> {
    use crate::dom::{by_id, document, listen};
    if let Some(d) = by_id(CONFIRM_ID).and_then(|e| e.dyn_into().ok()) {
        return Some(d);
    }
    let d = document().create_element("dialog").ok()?;
    d.set_id(CONFIRM_ID);
    d.set_class_name("dialog confirm");
    for (k, v) in [
        ("role", "alertdialog"),
        ("aria-modal", "true"),
        ("aria-labelledby", "confirm-h"),
        ("aria-describedby", "confirm-text"),
        ("data-stays-live", ""),
    ] {
        d.set_attribute(k, v).ok();
    }
    document().body()?.append_child(&d).ok()?;
    listen::<web_sys::Event>(&d, "click", |e| {
        e.stop_propagation();
        let choice = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.closest("[data-confirm]").ok().flatten())
            .and_then(|b| b.get_attribute("data-confirm"));
        match choice.as_deref() {
            Some("go") => answer(true),
            Some(_) => answer(false),
            None => {}
        }
    });
    listen::<web_sys::KeyboardEvent>(&d, "keydown", |e| e.stop_propagation());
    // Escape (or anything else that closes it) keeps things as they are.
    // (The event comes after the closing: a question asked again since
    // is left alone.)
    listen::<web_sys::Event>(&d, "close", |_| {
        if !confirming() {
            THEN.with(|t| t.borrow_mut().take());
            give_focus_back();
        }
    });
    d.dyn_into().ok()
}

/// The person answered: close the question, and go ahead if they chose to.
fn answer(go: bool) {
    let then = THEN.with(|t| t.borrow_mut().take());
    if let Some(d) =
        crate::dom::by_id(CONFIRM_ID).and_then(|e| e.dyn_into::<web_sys::HtmlDialogElement>().ok())
    {
        d.close();
    }
    give_focus_back();
    if go && let Some(then) = then {
        then();
    }
}

fn give_focus_back() {
    if let Some(back) = ASKED_FROM.with(|a| a.borrow_mut().take())
        && back.is_connected()
    {
        back.focus().ok();
    }
}

/// Ask before the game in progress is replaced (a new game started, a
/// saved one opened): `game` names it as the home page does (`Turn 14 ·
/// Ann, Bo, Cy`), `go` is the go-ahead button's words; `then` replaces
/// it. Cancel (or Escape) keeps the game as it was.
pub fn before_replacing(game: &str, go: &str, then: impl FnOnce() + 'static) {
    confirm(
        Confirm {
            title: &crate::i18n::t("replace-game-title"),
            text: &crate::i18n::tf("replace-game-text", &[("game", game)]),
            go,
            stay: &crate::i18n::t("replace-game-keep"),
        },
        then,
    );
}
