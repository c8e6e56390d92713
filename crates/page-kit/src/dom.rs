//! Small helpers for building a page with the DOM API. Text always goes
//! in through `set_text_content`, so a name like `<img onerror=…>` stays text.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

pub use crate::browser::{by_id, document, local_storage};

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
    /// A toggle's state, shown (the `picked` look) and told to assistive
    /// technology (`aria-pressed`), never by colour alone: a pressed
    /// button is also bold with a thicker border (site.css).
    pub fn pressed(self, on: bool) -> El {
        let b = self.attr("aria-pressed", if on { "true" } else { "false" });
        if on { b.class("picked") } else { b }
    }
}

/// A labelled file picker: `label` (may be empty), then a button in the
/// page's language ("Choose a file…": the browser's own file button
/// would speak the browser's language) over the field `id` offering the
/// file types `accept`.
pub fn file_field(label: &str, id: &str, accept: &str) -> El {
    el("label")
        .class("file-pick")
        .text(label)
        .child(
            el("span")
                .class("file-button")
                .text(&crate::i18n::t("choose-file")),
        )
        .child(
            el("input")
                .attr("type", "file")
                .attr("id", id)
                .attr("accept", accept),
        )
}

/// A labelled box to paste text into: `label`, then the text area `id`,
/// `rows` high, holding `text`.
pub fn paste_field(label: &str, id: &str, rows: u32, text: &str) -> El {
    el("label").text(label).child(
        el("textarea")
            .attr("id", id)
            .attr("rows", &rows.to_string())
            .attr("spellcheck", "false")
            .text(text),
    )
}

/// A button that runs a command.
pub fn button(label: &str, cmd: &str) -> El {
    el("button").attr("type", "button").cmd(cmd).text(label)
}

/// A group of toggles (`.slots`, `#id`): `label` before them, the group
/// named `name` for screen readers; each toggle says whether it is
/// pressed ([`El::pressed`]). The replay's pickers and the AIs' pace.
pub fn toggles(id: &str, label: El, name: &str, choices: Vec<El>) -> El {
    el("div")
        .class("slots")
        .attr("id", id)
        .attr("role", "group")
        .attr("aria-label", name)
        .child(label)
        .children(choices)
}

/// Replace an element's children.
pub fn replace_children(parent: &Element, child: El) {
    parent.set_text_content(None);
    parent.append_child(&child.0).ok();
}

/// A colour dot (a seat's, beside its name).
pub fn colour_dot(colour: &str) -> El {
    el("span")
        .class("swatch")
        .style("background", colour)
        .attr("aria-hidden", "true")
}

/// Size a canvas to `width` × `height` CSS pixels at the screen's pixel
/// ratio and return its 2D context, scaled so drawing is in CSS pixels.
pub fn sized_context(
    canvas: &web_sys::HtmlCanvasElement,
    width: f64,
    height: f64,
) -> Option<web_sys::CanvasRenderingContext2d> {
    let dpr = web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .unwrap_or(1.0)
        .max(1.0);
    canvas.set_width((width * dpr).round() as u32);
    canvas.set_height((height * dpr).round() as u32);
    let style = canvas.style();
    style.set_property("width", &format!("{width}px")).ok();
    style.set_property("height", &format!("{height}px")).ok();
    let ctx = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())?;
    ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0).ok();
    Some(ctx)
}

/// The page's address without its fragment (links are this plus `#…`).
pub fn page_url() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or("").to_string())
        .unwrap_or_default()
}

/// The fragment of the page's address (`#map=…`), if any.
pub fn fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Drop the fragment from the address once a link has been opened, so a
/// reload reopens what was saved rather than the link again.
pub fn consume_fragment() {
    show_fragment("");
}

/// Show `fragment` (such as `#editor`, or "" for none) in the address
/// without a new history entry and without a `hashchange`: the screen a
/// reload comes back to.
pub fn show_fragment(fragment: &str) {
    if let Some(w) = web_sys::window()
        && let Ok(h) = w.history()
    {
        let path = w.location().pathname().unwrap_or_default();
        let search = w.location().search().unwrap_or_default();
        h.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{search}{fragment}")),
        )
        .ok();
    }
}

/// Put text on the clipboard (where the browser allows it).
pub fn copy_text(text: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// A file's name as the page shows it: no control characters, at most 60.
pub fn file_name(file: &web_sys::File) -> String {
    file.name()
        .chars()
        .filter(|c| !c.is_control())
        .take(60)
        .collect()
}

/// Read a chosen or dropped file as text, then call `done` with the text,
/// or with why it was not read: a file over `limit` bytes is refused
/// before it is read.
pub fn read_file(
    file: web_sys::File,
    limit: usize,
    done: impl FnOnce(Result<String, String>) + 'static,
) {
    if file.size() > limit as f64 {
        done(Err(crate::i18n::tf(
            "file-too-large",
            &[
                ("name", &file_name(&file)),
                ("bytes", &file.size().to_string()),
                ("limit", &limit.to_string()),
            ],
        )));
        return;
    }
    let cb = wasm_bindgen::closure::Closure::once(move |text: wasm_bindgen::JsValue| {
        done(Ok(text.as_string().unwrap_or_default()));
    });
    let _ = file.text().then(&cb);
    cb.forget();
}

/// Listen for `kind` events on `target` for the page's whole life; `f`
/// gets each event as `E` (events of another type are skipped).
///
/// An event set off while `f` runs (a button's click that clicks a hidden
/// file field, which bubbles to the same listener) does not run `f`
/// inside itself: it is handled as soon as `f` returns. (A closure called
/// from within itself would throw "closure invoked recursively", and the
/// page's state is borrowed while its handler runs.)
pub fn listen<E: JsCast + 'static>(
    target: &web_sys::EventTarget,
    kind: &str,
    mut f: impl FnMut(E) + 'static,
) {
    listen_any(
        target,
        kind,
        Box::new(move |e: web_sys::Event| {
            if let Ok(e) = e.dyn_into::<E>() {
                f(e);
            }
        }),
    );
}

/// [`listen`] for any handler through one type: the queue of events that
/// come while the handler runs, and the browser's callback glue, are
/// built once, not once for each handler (smaller pages).
fn listen_any(target: &web_sys::EventTarget, kind: &str, f: Box<dyn FnMut(web_sys::Event)>) {
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::rc::Rc;
    let f = Rc::new(RefCell::new(f));
    let waiting: Rc<RefCell<VecDeque<web_sys::Event>>> = Rc::default();
    let cb =
        wasm_bindgen::closure::Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
            let Ok(mut handle) = f.try_borrow_mut() else {
                waiting.borrow_mut().push_back(e);
                return;
            };
            handle(e);
            loop {
                let next = waiting.borrow_mut().pop_front();
                match next {
                    Some(e) => handle(e),
                    None => break,
                }
            }
        });
    target
        .add_event_listener_with_callback(kind, cb.as_ref().unchecked_ref())
        .ok();
    cb.forget();
}

/// A download's file name made from a name a person gave (a map's):
/// letters and digits in lower case, anything else a dash, no dash at
/// either end; `fallback` when nothing is left.
pub fn file_stem(name: &str, fallback: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let stem = stem.trim_matches('-');
    if stem.is_empty() { fallback } else { stem }.to_string()
}

/// Call `f` once after `ms` milliseconds.
pub fn after(ms: f64, f: impl FnOnce() + 'static) {
    after_boxed(ms, Box::new(f));
}

/// [`after`] for any `f` through one type: the browser's callback glue
/// is built once, not once for each closure (smaller pages).
fn after_boxed(ms: f64, f: Box<dyn FnOnce()>) {
    let cb = wasm_bindgen::closure::Closure::once_into_js(f);
    if let Some(w) = web_sys::window() {
        w.set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), ms as i32)
            .ok();
    }
}

/// A `blob:` address of `text` as a file of type `mime` (for a download
/// or a worker's script); `None` when the browser refuses.
pub fn blob_url(text: &str, mime: &str) -> Option<String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}

/// Offer `text` as a file download.
pub fn download(text: &str, mime: &str, file_name: &str) {
    if let Some(url) = blob_url(text, mime)
        && let Ok(a) = document().create_element("a")
    {
        a.set_attribute("href", &url).ok();
        a.set_attribute("download", file_name).ok();
        if let Some(h) = a.dyn_ref::<web_sys::HtmlElement>() {
            h.click();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::file_stem;

    #[test]
    fn a_file_stem_keeps_letters_and_digits() {
        assert_eq!(
            file_stem("Standard (3–4 players)", "map"),
            "standard--3-4-players"
        );
        assert_eq!(file_stem("Rift 2", "map"), "rift-2");
        assert_eq!(file_stem("  ", "catan-map"), "catan-map");
        assert_eq!(file_stem("", ""), "");
    }
}
