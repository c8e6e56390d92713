//! Small helpers for building the page with the DOM API. Text always goes
//! in through `set_text_content`, so a name like `<img onerror=…>` stays text.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

/// The page's document.
pub fn document() -> Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a document")
}

/// The element with this id.
pub fn by_id(id: &str) -> Option<Element> {
    document().get_element_by_id(id)
}

/// An element being built.
pub struct El(pub Element);

/// Start building an element.
pub fn el(tag: &str) -> El {
    El(document().create_element(tag).expect("create element"))
}

impl El {
    /// Add classes (space separated).
    pub fn class(self, c: &str) -> El {
        for part in c.split_whitespace() {
            self.0.class_list().add_1(part).ok();
        }
        self
    }
    /// Set an attribute.
    pub fn attr(self, k: &str, v: &str) -> El {
        self.0.set_attribute(k, v).ok();
        self
    }
    /// Set the command a click on it runs.
    pub fn cmd(self, c: &str) -> El {
        self.attr("data-cmd", c)
    }
    /// Append text (never markup).
    pub fn text(self, t: &str) -> El {
        let node = document().create_text_node(t);
        self.0.append_child(&node).ok();
        self
    }
    /// Append a child.
    pub fn child(self, c: El) -> El {
        self.0.append_child(&c.0).ok();
        self
    }
    /// Append children.
    pub fn children(self, cs: impl IntoIterator<Item = El>) -> El {
        for c in cs {
            self.0.append_child(&c.0).ok();
        }
        self
    }
    /// Append a child when `c` is `Some`.
    pub fn maybe(self, c: Option<El>) -> El {
        match c {
            Some(c) => self.child(c),
            None => self,
        }
    }
    /// Set an inline style property.
    pub fn style(self, k: &str, v: &str) -> El {
        if let Some(h) = self.0.dyn_ref::<HtmlElement>() {
            h.style().set_property(k, v).ok();
        }
        self
    }
    /// Mark disabled when `yes`.
    pub fn disabled(self, yes: bool) -> El {
        if yes { self.attr("disabled", "") } else { self }
    }
}

/// A button that runs a command.
pub fn button(label: &str, cmd: &str) -> El {
    el("button").attr("type", "button").cmd(cmd).text(label)
}

/// Replace an element's children.
pub fn replace_children(parent: &Element, child: El) {
    parent.set_text_content(None);
    parent.append_child(&child.0).ok();
}
