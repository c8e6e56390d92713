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
                if !focus_inside || open.which != which {
                    focus_first(d);
                }
                open.which = which;
            }
            None => {
                if let Some(holder) = open.holder.take() {
                    set_inert(&holder, false);
                    open.which.clear();
                    let back = open.opener.take().filter(|o| o.is_connected());
                    let lost = active().is_none_or(|a| holder.contains(Some(&a)));
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

/// What stays live behind a dialog: the language switch (a person may
/// need the page in their language to read the dialog at all).
pub const STAYS_LIVE: &str = "#lang, [data-stays-live]";

/// Make every sibling of `holder` inert (or live again), except what
/// [`STAYS_LIVE`]: a sibling holding such an element is entered and its
/// other children made inert instead.
fn set_inert(holder: &Element, inert: bool) {
    let Some(parent) = holder.parent_element() else {
        return;
    };
    let children = parent.children();
    for i in 0..children.length() {
        let Some(c) = children.item(i) else { continue };
        if c.is_same_node(Some(holder)) {
            continue;
        }
        set_inert_keeping(&c, inert);
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
