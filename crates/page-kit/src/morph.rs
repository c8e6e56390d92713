//! Bring a part of the page up to date by changing only what differs.
//!
//! A page redraws its panel from its state after every event. Replacing
//! the whole panel each time makes the browser restyle and lay out every
//! line of it (tens of milliseconds on a slow machine, on every pointer
//! move), drops the reader's scroll position and closes what they opened.
//! [`morph`] instead walks the freshly built tree beside the one on the
//! page and changes the page only where they differ: an element that is
//! the same keeps its identity, so its scroll position, its focus and an
//! open `<details>` stay as the reader left them.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement, Node};

/// Make `live` (an element on the page) look like `fresh` (an element just
/// built and not on the page), changing `live` as little as possible.
/// `fresh` may be taken apart: its nodes move into the page where `live`
/// has nothing like them.
///
/// Two elements are the same when their tag and id agree (and, without
/// an id, their command `data-cmd`); the open state
/// of a `<details>` on the page is the reader's and is never reset; a form
/// field takes the value the fresh one was built with.
pub fn morph(live: &Element, fresh: &Element) {
    if !same_element(live, fresh) {
        if let Some(parent) = live.parent_node() {
            parent.replace_child(fresh, live).ok();
        }
        return;
    }
    update_attributes(live, fresh);
    morph_children(live, fresh);
    update_field(live, fresh);
}

/// Make the children of `live` those of `fresh`. A child with an id is
/// matched to the one with the same id wherever it stands (a line shown
/// above it does not make it a new element); the others by position.
pub fn morph_children(live: &Element, fresh: &Element) {
    let fresh_kids = children(fresh);
    let wanted: Vec<String> = fresh_kids.iter().filter_map(node_id).collect();
    let keyed: Vec<(String, Node)> = children(live)
        .into_iter()
        .filter_map(|n| node_id(&n).map(|id| (id, n)))
        .filter(|(id, _)| wanted.contains(id))
        .collect();
    let now = live.child_nodes();
    for (i, new) in fresh_kids.iter().enumerate() {
        let at = now.item(i as u32);
        let kept = node_id(new).and_then(|id| keyed.iter().find(|(k, _)| *k == id).map(|(_, n)| n));
        match (kept, at) {
            (Some(old), at) => {
                if at.as_ref() != Some(old) {
                    live.insert_before(old, at.as_ref()).ok();
                }
                morph_node(live, old, new);
            }
            // A kept element further on stays for its own turn.
            (None, Some(old)) if node_id(&old).is_some_and(|id| wanted.contains(&id)) => {
                live.insert_before(new, Some(&old)).ok();
            }
            (None, Some(old)) => match later_twin(&now, i, new) {
                // Something shown above it came or went: move the element
                // that was already there rather than rebuild it.
                Some(twin) if !alike(&old, new) => {
                    live.insert_before(&twin, Some(&old)).ok();
                    morph_node(live, &twin, new);
                }
                // What stands here is wanted further on: show the new
                // element before it.
                _ if !alike(&old, new) && fresh_kids[i + 1..].iter().any(|f| alike(f, &old)) => {
                    live.insert_before(new, Some(&old)).ok();
                }
                _ => morph_node(live, &old, new),
            },
            (None, None) => {
                live.append_child(new).ok();
            }
        }
    }
    while now.length() > fresh_kids.len() as u32 {
        match live.last_child() {
            Some(extra) => {
                live.remove_child(&extra).ok();
            }
            None => break,
        }
    }
}

/// Whether two nodes are the same kind: elements with the same tag, id
/// and classes, or two text nodes.
fn alike(a: &Node, b: &Node) -> bool {
    match (a.dyn_ref::<Element>(), b.dyn_ref::<Element>()) {
        (Some(x), Some(y)) => same_element(x, y) && x.class_name() == y.class_name(),
        (None, None) => a.node_type() == b.node_type(),
        _ => false,
    }
}

/// An element without an id, after position `i` among `now`, like `new`.
fn later_twin(now: &web_sys::NodeList, i: usize, new: &Node) -> Option<Node> {
    new.dyn_ref::<Element>()?;
    (i as u32 + 1..now.length())
        .filter_map(|j| now.item(j))
        .find(|n| node_id(n).is_none() && alike(n, new))
}

fn node_id(n: &Node) -> Option<String> {
    n.dyn_ref::<Element>()
        .map(|e| e.id())
        .filter(|id| !id.is_empty())
}

fn morph_node(parent: &Element, old: &Node, new: &Node) {
    match (old.dyn_ref::<Element>(), new.dyn_ref::<Element>()) {
        // The browser compares whole subtrees far faster than a walk from
        // here; a form field's shown value is not in that comparison.
        (Some(o), Some(n)) if o.is_equal_node(Some(n)) && !holds_field(n) => {}
        (Some(o), Some(n)) if same_element(o, n) => {
            update_attributes(o, n);
            morph_children(o, n);
            update_field(o, n);
        }
        (None, None) if old.node_type() == new.node_type() => {
            if old.node_value() != new.node_value() {
                old.set_node_value(new.node_value().as_deref());
            }
        }
        _ => {
            parent.replace_child(new, old).ok();
        }
    }
}

fn children(e: &Element) -> Vec<Node> {
    let list = e.child_nodes();
    (0..list.length()).filter_map(|i| list.item(i)).collect()
}

fn holds_field(e: &Element) -> bool {
    matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
        || e.query_selector("input, select, textarea")
            .ok()
            .flatten()
            .is_some()
}

/// Two elements are the same when tag and id agree; without an id, a
/// control's command (`data-cmd`) must agree too: a button that did one
/// thing is not reused for another (the focus, kept on it, would else
/// move by surprise from "Roll the dice" to "End the turn").
fn same_element(a: &Element, b: &Element) -> bool {
    a.tag_name() == b.tag_name()
        && a.id() == b.id()
        && (!a.id().is_empty() || a.get_attribute("data-cmd") == b.get_attribute("data-cmd"))
}

fn attribute_names(e: &Element) -> Vec<String> {
    e.get_attribute_names()
        .iter()
        .filter_map(|v| v.as_string())
        .collect()
}

fn update_attributes(live: &Element, fresh: &Element) {
    let details = live.tag_name() == "DETAILS";
    for name in attribute_names(live) {
        if details && name == "open" {
            continue;
        }
        // A `tabindex="-1"` the focus keeper gave a heading stays (else
        // the focus on it would fall to the page's body).
        if name == "tabindex" && live.get_attribute(&name).as_deref() == Some("-1") {
            continue;
        }
        if !fresh.has_attribute(&name) {
            live.remove_attribute(&name).ok();
        }
    }
    for name in attribute_names(fresh) {
        if details && name == "open" {
            continue;
        }
        let value = fresh.get_attribute(&name);
        if live.get_attribute(&name) != value {
            live.set_attribute(&name, value.as_deref().unwrap_or_default())
                .ok();
        }
    }
}

/// A field's shown value is a property, not its attribute: carry it over.
fn update_field(live: &Element, fresh: &Element) {
    if let (Some(o), Some(n)) = (
        live.dyn_ref::<HtmlInputElement>(),
        fresh.dyn_ref::<HtmlInputElement>(),
    ) {
        if o.value() != n.value() {
            o.set_value(&n.value());
        }
        if o.checked() != n.checked() {
            o.set_checked(n.checked());
        }
    } else if let (Some(o), Some(n)) = (
        live.dyn_ref::<HtmlTextAreaElement>(),
        fresh.dyn_ref::<HtmlTextAreaElement>(),
    ) {
        if o.value() != n.value() {
            o.set_value(&n.value());
        }
    } else if let (Some(o), Some(n)) = (
        live.dyn_ref::<HtmlSelectElement>(),
        fresh.dyn_ref::<HtmlSelectElement>(),
    ) && o.value() != n.value()
    {
        o.set_value(&n.value());
    }
}

/// Make `parent`'s content `child`, changing only what differs from what
/// it shows now (see [`morph`]).
pub fn show(parent: &Element, child: crate::dom::El) {
    let fresh = crate::dom::el(&parent.tag_name().to_ascii_lowercase()).child(child);
    morph_children(parent, &fresh.0);
}
