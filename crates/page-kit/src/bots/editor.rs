//! The "Your bots" dialog of a game that seats bots written in the page:
//! the saved bots, the one being edited (a new one starts from the
//! game's template), save (after the code has run once in a worker of
//! its own), export, import, delete. The page gives its [`BotKind`] once
//! ([`install`]), puts [`dialog_body`] in a dialog of its own, sends the
//! dialog's commands to [`command`] and reads the list with [`saved`].

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};

use super::library::{
    BotKind, MAX_CODE_BYTES, SavedBot, export_bot, file_name, fresh_name, import_bot, read_library,
    save_bot,
};
use super::sandbox::{Heard, Sandbox, retire};
use crate::dom::{El, button, by_id, download, el, listen, local_storage, read_file};
use crate::i18n::{t, tf};

/// How long a bot's code may take to load when it is checked.
const CHECK_MS: f64 = 3000.0;

struct Editor {
    kind: &'static BotKind,
    bots: Vec<SavedBot>,
    editing: Option<usize>,
    /// The name and code the editor held when they were last shown or
    /// saved: anything else in it is a change not saved yet.
    shown: (String, String),
    on_change: Rc<dyn Fn()>,
}

thread_local! {
    static EDITOR: RefCell<Option<Editor>> = const { RefCell::new(None) };
    /// The bot being checked before it is saved: its check's number and
    /// its worker.
    static CHECKING: RefCell<Option<(u32, Sandbox)>> = const { RefCell::new(None) };
}

static CHECK_ID: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

fn with<R>(f: impl FnOnce(&mut Editor) -> R) -> Option<R> {
    EDITOR.with(|e| e.borrow_mut().as_mut().map(f))
}

/// Read the bots of `kind` kept in this browser; `on_change` runs after
/// the list changes (the page offers the bots for its seats). Returns
/// what could not be read, if anything.
pub fn install(kind: &'static BotKind, on_change: impl Fn() + 'static) -> Option<String> {
    let text = local_storage().and_then(|s| s.get_item(kind.storage_key).ok().flatten());
    let (bots, note) = read_library(kind, text.as_deref());
    EDITOR.with(|e| {
        *e.borrow_mut() = Some(Editor {
            kind,
            bots,
            editing: None,
            shown: (String::new(), String::new()),
            on_change: Rc::new(on_change),
        })
    });
    note
}

/// The saved bots.
pub fn saved() -> Vec<SavedBot> {
    with(|e| e.bots.clone()).unwrap_or_default()
}

/// The functions the game calls (none before [`install`]).
pub fn functions() -> &'static [&'static str] {
    with(|e| e.kind.functions).unwrap_or(&[])
}

/// The dialog's content: a heading `bots-h`, the list, the editor and
/// its buttons (`close_cmd` closes the dialog).
pub fn dialog_body(close_cmd: &str) -> El {
    let import = el("label")
        .class("file-pick")
        .child(el("span").class("file-button").text(&t("bot-import")))
        .child(
            el("input")
                .attr("id", "bot-import")
                .attr("type", "file")
                .attr("accept", ".js,text/javascript,text/plain"),
        );
    let body = el("div")
        .child(el("h2").attr("id", "bots-h").text(&t("your-bots")))
        .child(
            el("div")
                .class("bots-grid")
                .child(
                    el("div")
                        .child(el("ul").attr("id", "bot-list"))
                        .child(button(&t("bot-new"), "bot-new"))
                        .child(import),
                )
                .child(
                    el("div")
                        .child(
                            el("label")
                                .child(el("span").text(&t("bot-name")))
                                .text(" ")
                                .child(el("input").attr("id", "bot-name").attr("maxlength", "40")),
                        )
                        .child(
                            el("textarea")
                                .attr("id", "bot-code")
                                .attr("rows", "22")
                                .attr("spellcheck", "false")
                                .attr("wrap", "off")
                                .attr("aria-label", &t("bot-code")),
                        )
                        .child(
                            el("p")
                                .attr("id", "bot-msg")
                                .class("msg")
                                .attr("role", "alert"),
                        )
                        .child(
                            el("div")
                                .class("buttons")
                                .child(button(&t("bot-save"), "bot-save").class("primary"))
                                .child(button(&t("bot-export"), "bot-export"))
                                .child(button(&t("bot-delete"), "bot-delete"))
                                .child(button(&t("bot-close"), close_cmd)),
                        )
                        .child(el("p").class("hint").text(&t("bot-hint"))),
                ),
        );
    if let Some(input) = body.0.query_selector("#bot-import").ok().flatten() {
        listen::<web_sys::Event>(&input, "change", |_| import_file());
    }
    body
}

fn input(id: &str) -> Option<HtmlInputElement> {
    by_id(id).and_then(|e| e.dyn_into().ok())
}

fn code_box() -> Option<HtmlTextAreaElement> {
    by_id("bot-code").and_then(|e| e.dyn_into().ok())
}

fn message(text: &str, ok: bool) {
    if let Some(m) = by_id("bot-msg") {
        m.set_text_content(Some(text));
        m.set_class_name(if ok { "msg ok" } else { "msg" });
    }
}

/// What the editor holds now: its name and code.
fn in_editor() -> (String, String) {
    (
        input("bot-name").map(|i| i.value()).unwrap_or_default(),
        code_box().map(|c| c.value()).unwrap_or_default(),
    )
}

/// Run `then`, which puts another bot in the editor: at once, or once the
/// person agrees to lose the changes not saved.
fn unless_unsaved(then: impl FnOnce() + 'static) {
    let now = in_editor();
    if with(|e| e.shown != now).unwrap_or(false) {
        let name = now.0.trim().to_string();
        crate::modal::confirm(
            crate::modal::Confirm {
                title: &t("bot-leave-title"),
                text: &tf("bot-leave-text", &[("name", &name)]),
                go: &t("bot-leave-go"),
                stay: &t("bot-leave-stay"),
            },
            then,
        );
    } else {
        then();
    }
}

fn show_bot(name: &str, code: &str) {
    with(|e| e.shown = (name.to_string(), code.to_string()));
    if let Some(c) = code_box() {
        c.set_value(code);
    }
    if let Some(n) = input("bot-name") {
        n.set_value(name);
    }
}

/// Fill the dialog: the saved bots, and the one being edited (a new bot
/// from the template when none).
pub fn render() {
    let Some((bots, editing, template)) = with(|e| (e.bots.clone(), e.editing, e.kind.template))
    else {
        return;
    };
    if let Some(list) = by_id("bot-list") {
        list.set_text_content(None);
        for (i, b) in bots.iter().enumerate() {
            let mut btn = button(&b.name, "bot-pick").attr("data-arg", &i.to_string());
            if Some(i) == editing {
                btn = btn.class("picked").attr("aria-current", "true");
            }
            list.append_child(&el("li").child(btn).0).ok();
        }
    }
    let current = editing.and_then(|i| bots.get(i));
    if let Some(c) = code_box()
        && c.value().is_empty()
    {
        c.set_value(&current.map_or_else(template, |b| b.code.clone()));
    }
    if let Some(n) = input("bot-name")
        && n.value().is_empty()
    {
        n.set_value(&current.map_or_else(|| fresh_name(&bots), |b| b.name.clone()));
    }
    if with(|e| e.shown.1.is_empty()).unwrap_or(false) {
        let now = in_editor();
        with(|e| e.shown = now);
    }
}

fn store(key: &str, bots: &[SavedBot]) -> Result<(), String> {
    let text = serde_json::to_string(bots).map_err(|e| e.to_string())?;
    local_storage()
        .ok_or_else(|| t("bot-no-storage"))?
        .set_item(key, &text)
        .map_err(|_| t("bot-storage-full"))
}

fn changed() {
    if let Some(f) = with(|e| e.on_change.clone()) {
        f();
    }
}

/// Run a command of the dialog (`bot-new`, `bot-pick` with the bot's
/// index, `bot-save`, `bot-export`, `bot-delete`): whether it was one.
pub fn command(cmd: &str, arg: &str) -> bool {
    let Some(kind) = with(|e| e.kind) else {
        return false;
    };
    let name = input("bot-name").map(|i| i.value()).unwrap_or_default();
    let code = code_box().map(|c| c.value()).unwrap_or_default();
    match cmd {
        "bot-new" => unless_unsaved(move || {
            let bots = with(|e| {
                e.editing = None;
                e.bots.clone()
            })
            .unwrap_or_default();
            show_bot(&fresh_name(&bots), &(kind.template)());
            message(&t("bot-from-template"), true);
            render();
        }),
        "bot-pick" => {
            let i: usize = arg.parse().unwrap_or(usize::MAX);
            unless_unsaved(move || {
                let bot = with(|e| {
                    let b = e.bots.get(i).cloned();
                    if b.is_some() {
                        e.editing = Some(i);
                    }
                    b
                })
                .flatten();
                if let Some(b) = bot {
                    show_bot(&b.name, &b.code);
                    message("", true);
                }
                render();
            });
        }
        "bot-save" => {
            // Saved over the bot being edited (a new name renames it), else
            // as a new bot; a name another bot has is refused at once.
            let name = name.trim().to_string();
            let (mut bots, at) = with(|e| (e.bots.clone(), e.editing)).unwrap_or_default();
            let bot = SavedBot {
                name: name.clone(),
                code: code.clone(),
            };
            match save_bot(kind, &mut bots, at, bot) {
                Ok(_) => check_code_then_save(kind, name, code, at),
                Err(e) => message(&tf("bot-not-saved", &[("why", &e)]), false),
            }
        }
        "bot-export" => {
            if code.len() > MAX_CODE_BYTES {
                message(&t("bot-too-large-export"), false);
            } else {
                let bot = SavedBot {
                    name: name.trim().to_string(),
                    code,
                };
                download(&export_bot(kind, &bot), "text/javascript", &file_name(&bot));
            }
        }
        "bot-delete" => {
            let result = with(|e| {
                let Some(i) = e.editing else {
                    return Err(t("bot-choose-first"));
                };
                let mut list = e.bots.clone();
                let gone = list.remove(i);
                store(e.kind.storage_key, &list)?;
                e.bots = list;
                e.editing = None;
                Ok(gone.name)
            })
            .unwrap_or_else(|| Err(t("bot-choose-first")));
            match result {
                Ok(n) => {
                    message(&tf("bot-deleted", &[("name", &n)]), true);
                    changed();
                }
                Err(e) => message(&tf("bot-not-deleted", &[("why", &e)]), false),
            }
        }
        _ => return false,
    }
    render();
    true
}

/// Import the bot file chosen in the dialog into the editor (saved once
/// the person presses Save).
fn import_file() {
    let Some(i) = input("bot-import") else { return };
    let Some(kind) = with(|e| e.kind) else { return };
    let Some(file) = i.files().and_then(|f| f.get(0)) else {
        return;
    };
    let name = crate::dom::file_name(&file);
    let limit = MAX_CODE_BYTES + 200;
    if file.size() > limit as f64 {
        let why = tf(
            "bot-file-too-large",
            &[
                ("name", &name),
                ("bytes", &file.size().to_string()),
                ("max", &MAX_CODE_BYTES.to_string()),
            ],
        );
        message(&tf("bot-not-imported", &[("why", &why)]), false);
        i.set_value("");
        return;
    }
    read_file(file, limit, move |res| {
        match res.and_then(|text| import_bot(kind, &name, &text)) {
            Ok(bot) => unless_unsaved(move || {
                with(|e| e.editing = None);
                show_bot(&bot.name, &bot.code);
                // Imported, not saved yet: a change of what is saved.
                with(|e| e.shown = (String::new(), "(imported)".into()));
                message(&tf("bot-imported", &[("name", &bot.name)]), true);
                render();
            }),
            Err(e) => message(&tf("bot-not-imported", &[("why", &e)]), false),
        }
    });
    i.set_value("");
}

/// Run the bot's code in a worker of its own first: a bot whose code does
/// not parse, throws as it loads or lacks a function is not saved, and
/// the message gives the line and column.
fn check_code_then_save(kind: &'static BotKind, name: String, code: String, at: Option<usize>) {
    let id = CHECK_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    message(&t("bot-checking"), true);
    let (n, c) = (name.clone(), code.clone());
    match Sandbox::start(&code, kind.functions, move |heard| {
        checked(id, &n, &c, at, heard)
    }) {
        Ok(sb) => {
            let old = CHECKING.with(|k| k.borrow_mut().replace((id, sb)));
            retire(old.map(|(_, sb)| sb));
            crate::dom::after(CHECK_MS, move || {
                if let Some(sb) = take_check(id) {
                    retire(Some(sb));
                    message(
                        &tf(
                            "bot-slow-load",
                            &[("functions", &kind.functions_in_words())],
                        ),
                        false,
                    );
                }
            });
        }
        Err(e) => message(&tf("bot-not-saved", &[("why", &e)]), false),
    }
}

/// The worker of check `id`, if it is still the one running.
fn take_check(id: u32) -> Option<Sandbox> {
    CHECKING.with(|k| {
        let mut k = k.borrow_mut();
        if k.as_ref().is_some_and(|(i, _)| *i == id) {
            k.take().map(|(_, sb)| sb)
        } else {
            None
        }
    })
}

fn checked(id: u32, name: &str, code: &str, at: Option<usize>, heard: Heard) {
    let Some(sb) = take_check(id) else { return };
    retire(Some(sb));
    let Some(kind) = with(|e| e.kind) else { return };
    match heard {
        Heard::Loaded(defined) => {
            let missing: Vec<&str> = kind
                .functions
                .iter()
                .copied()
                .filter(|f| !defined.iter().any(|d| d == f))
                .collect();
            if missing.is_empty() {
                save_now(name, code, at);
            } else {
                let list: Vec<String> = missing.iter().map(|f| format!("{f}(view)")).collect();
                message(
                    &tf("bot-missing", &[("functions", &list.join(", "))]),
                    false,
                );
            }
        }
        Heard::Threw(msg) => message(&tf("bot-throws", &[("error", &msg)]), false),
        Heard::Answer { .. } => {}
    }
}

/// Save a checked bot: over the bot at `at` (the one that was being
/// edited when Save was pressed), else as a new one.
fn save_now(name: &str, code: &str, at: Option<usize>) {
    let result = with(|e| {
        let mut list = e.bots.clone();
        let i = save_bot(
            e.kind,
            &mut list,
            at,
            SavedBot {
                name: name.to_string(),
                code: code.to_string(),
            },
        )?;
        store(e.kind.storage_key, &list)?;
        e.editing = Some(i);
        e.bots = list;
        e.shown = (name.to_string(), code.to_string());
        Ok::<(), String>(())
    })
    .unwrap_or(Ok(()));
    match result {
        Ok(()) => {
            message(&tf("bot-saved", &[("name", name)]), true);
            changed();
        }
        Err(e) => message(&tf("bot-not-saved", &[("why", &e)]), false),
    }
    render();
}
