//! A page's link to its AI web worker: started on the first request,
//! requests queued until its WebAssembly has loaded (it says
//! `{"ready":true}`), replies and failures handed to the page. One worker
//! a page; the page says what a request holds (one seat's view, never
//! the state) and what to do with the reply.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

type OnReply = Rc<dyn Fn(String)>;
type OnError = Rc<dyn Fn()>;

/// Where a page's AI worker comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A worker script of its own, with its own WebAssembly (relative
    /// to the page, so the page works under any path).
    Script(&'static str),
    /// The page's own WebAssembly module, run again in the worker and
    /// started there by the exported function of this name: page and AI
    /// are one download, and the module is handed over compiled.
    ThisModule(&'static str),
}

#[wasm_bindgen]
extern "C" {
    type ImportMeta;

    #[wasm_bindgen(method, getter)]
    fn url(this: &ImportMeta) -> String;

    /// `import.meta` of the page's JavaScript glue (wasm-bindgen writes
    /// every import into it), so its address.
    #[wasm_bindgen(thread_local_v2, js_namespace = import, js_name = meta)]
    static IMPORT_META: ImportMeta;
}

/// The worker's script for [`Source::ThisModule`]: import the page's
/// glue, wait for the compiled module, start the named function.
fn this_module_script(glue: &str, entry: &str) -> String {
    let glue = serde_json::to_string(glue).unwrap_or_default();
    let entry = serde_json::to_string(entry).unwrap_or_default();
    format!(
        "import init, * as page from {glue};\n\
         self.onmessage = async (e) => {{ self.onmessage = null; \
         await init({{ module_or_path: e.data }}); page[{entry}](); }};\n"
    )
}

struct Link {
    source: Source,
    on_reply: Option<OnReply>,
    on_error: Option<OnError>,
    worker: Option<Worker>,
    ready: bool,
    queued: Option<String>,
}

thread_local! {
    static LINK: RefCell<Link> = const {
        RefCell::new(Link {
            source: Source::Script(""),
            on_reply: None,
            on_error: None,
            worker: None,
            ready: false,
            queued: None,
        })
    };
}

/// Name the worker's [`Source`] and what to do with each reply (its JSON
/// text) and with a worker that fails. Call once, before the first
/// [`send`]; the handlers run outside any borrow of the link, so they may
/// [`send`] or [`stop`].
pub fn connect(source: Source, on_reply: impl Fn(String) + 'static, on_error: impl Fn() + 'static) {
    LINK.with(|l| {
        let mut l = l.borrow_mut();
        l.source = source;
        l.on_reply = Some(Rc::new(on_reply));
        l.on_error = Some(Rc::new(on_error));
    });
}

fn spawn(source: Source) -> Option<Worker> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = match source {
        Source::Script(url) => Worker::new_with_options(url, &options).ok()?,
        Source::ThisModule(entry) => {
            let glue = IMPORT_META.with(ImportMeta::url);
            let url = crate::dom::blob_url(&this_module_script(&glue, entry), "text/javascript")?;
            // The address stays valid while the page lives (a restarted
            // worker is a new one, a few hundred bytes each).
            let worker = Worker::new_with_options(&url, &options).ok()?;
            worker.post_message(&wasm_bindgen::module()).ok()?;
            worker
        }
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        if text.contains("\"ready\":true") {
            LINK.with(|l| {
                let mut l = l.borrow_mut();
                l.ready = true;
                if let (Some(w), Some(q)) = (l.worker.clone(), l.queued.take()) {
                    w.post_message(&JsValue::from_str(&q)).ok();
                }
            });
            return;
        }
        let handler = LINK.with(|l| l.borrow().on_reply.clone());
        if let Some(h) = handler {
            h(text);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|_e: web_sys::Event| {
        let handler = LINK.with(|l| l.borrow().on_error.clone());
        if let Some(h) = handler {
            h();
        }
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Some(worker)
}

/// Post a request, starting the worker if none runs (queued until it
/// has loaded; a newer request replaces a queued one).
pub fn send(text: String) {
    LINK.with(|l| {
        let mut l = l.borrow_mut();
        if l.worker.is_none() {
            l.worker = spawn(l.source);
            l.ready = false;
        }
        if l.ready {
            if let Some(w) = &l.worker {
                w.post_message(&JsValue::from_str(&text)).ok();
            }
        } else {
            l.queued = Some(text);
        }
    });
}

/// Stop the worker and whatever it is thinking about; the next [`send`]
/// starts a fresh one.
pub fn stop() {
    LINK.with(|l| {
        let mut l = l.borrow_mut();
        if let Some(w) = l.worker.take() {
            w.terminate();
        }
        l.ready = false;
        l.queued = None;
    });
}

/// The time since the page loaded, in milliseconds.
pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}
