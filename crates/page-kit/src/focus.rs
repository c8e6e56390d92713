//! Focus that never falls to the page's `<body>`. A page redraws its
//! panel after every action; the button a person just pressed (Start,
//! End the turn, a move of a list) is often gone from the new panel, or
//! hidden, or disabled. The browser then puts the focus on `<body>`, and
//! a keyboard or screen-reader user is thrown to the top of the page with
//! nothing said.
//!
//! [`keep`] watches the page once for all: after every change of the
//! page, if the element that had the focus is gone, hidden, disabled or
//! made inert (and no dialog is open, which keeps its own focus, see
//! [`crate::modal`]), the focus moves to the play button of the transport
//! bar it was on (a button of the bar disabled where it stands, as ▶| at
//! the end), else to the first of the page's named places that is shown:
//! the heading that says what is asked now, the panel's heading, the
//! board. A place that cannot take focus of itself
//! (a heading) is given `tabindex="-1"`: it takes the focus by script but
//! not in the Tab order, and a second Enter on it does nothing.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{Element, HtmlElement};

thread_local! {
    /// The page's places, in order of preference (CSS selectors).
    static PLACES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// The element that last took the focus.
    static LAST: RefCell<Option<HtmlElement>> = const { RefCell::new(None) };
}

/// Watch the page: whenever the focused element goes away, move the focus
/// to the first shown element of `places` (CSS selectors, most wanted
/// first). Called once, when the page starts; a second call only changes
/// the places.
pub fn keep(places: &[&str]) {
    let first = PLACES.with(|p| {
        let mut p = p.borrow_mut();
        let first = p.is_empty();
        *p = places.iter().map(|s| s.to_string()).collect();
        first
    });
    if !first {
        return;
    }
    let doc = crate::dom::document();
    crate::dom::listen::<web_sys::FocusEvent>(&doc, "focusin", |e| {
        let el = e.target().and_then(|t| t.dyn_into::<HtmlElement>().ok());
        LAST.with(|l| *l.borrow_mut() = el);
    });
    let cb = Closure::<dyn Fn()>::new(settle);
    let Ok(observer) = web_sys::MutationObserver::new(cb.as_ref().unchecked_ref()) else {
        return;
    };
    cb.forget();
    let init = web_sys::MutationObserverInit::new();
    init.set_child_list(true);
    init.set_subtree(true);
    init.set_attributes(true);
    let filter = js_sys::Array::new();
    for a in [
        "hidden", "disabled", "inert", "open", "class", "style", "tabindex",
    ] {
        filter.push(&a.into());
    }
    init.set_attribute_filter(&filter);
    if let Some(body) = doc.body() {
        observer.observe_with_options(&body, &init).ok();
    }
}

/// Move the focus to the page's first place shown, once the page has been
/// drawn (after a new game starts: its first question, not the button
/// that opened the new-game dialog).
pub fn to_place() {
    crate::dom::after(0.0, || {
        if crate::modal::is_open() || crate::modal::confirming() {
            return;
        }
        if let Some(place) = first_place() {
            give(&place);
        }
    });
}

/// If the focus was lost (see [`keep`]), move it to the first place shown.
/// Pages call it themselves only where the focus is lost without a change
/// of the page (none so far); the watch calls it after every change.
pub fn settle() {
    if crate::modal::is_open() || crate::modal::confirming() || !lost() {
        return;
    }
    if let Some(place) = in_its_bar().or_else(first_place) {
        give(&place);
    }
}

/// A button of a transport bar disabled where it stands (▶| at the end of
/// a replay) hands the focus to its bar's play button, never disabled:
/// the person stays on the bar they were using.
fn in_its_bar() -> Option<HtmlElement> {
    let last = LAST.with(|l| l.borrow().clone())?;
    let bar = last.closest(".transport").ok()??;
    let play = bar.query_selector("#replay-play").ok()??;
    play.dyn_into::<HtmlElement>().ok().filter(|p| shown(p))
}

/// Focus `place`, making it able to take the focus by script first.
fn give(place: &HtmlElement) {
    if !place.has_attribute("tabindex") && !focusable(place) {
        place.set_attribute("tabindex", "-1").ok();
    }
    place.focus().ok();
}

/// Whether the focus has fallen: onto `<body>` from an element that is no
/// longer usable, or it still sits on such an element.
fn lost() -> bool {
    let doc = crate::dom::document();
    let active = doc
        .active_element()
        .filter(|a| !doc.body().is_some_and(|b| b.is_same_node(Some(a))));
    match active {
        Some(a) => unusable(&a),
        None => LAST.with(|l| l.borrow().as_ref().is_some_and(|e| unusable(e))),
    }
}

/// Gone from the page, not shown, disabled, inert or no longer focusable.
fn unusable(e: &Element) -> bool {
    !shown(e) || !(e.has_attribute("tabindex") || focusable(e))
}

/// On the page, drawn, not disabled and not inert.
fn shown(e: &Element) -> bool {
    e.is_connected()
        && e.get_client_rects().length() > 0
        && !e.has_attribute("disabled")
        && e.closest("[inert]").ok().flatten().is_none()
}

fn first_place() -> Option<HtmlElement> {
    let doc = crate::dom::document();
    PLACES.with(|p| {
        p.borrow().iter().find_map(|sel| {
            let list = doc.query_selector_all(sel).ok()?;
            (0..list.length())
                .filter_map(|i| list.item(i)?.dyn_into::<HtmlElement>().ok())
                .find(|e| shown(e))
        })
    })
}

fn focusable(e: &Element) -> bool {
    matches!(
        e.tag_name().as_str(),
        "BUTTON" | "INPUT" | "SELECT" | "TEXTAREA" | "SUMMARY"
    ) || (e.tag_name() == "A" && e.has_attribute("href"))
}
