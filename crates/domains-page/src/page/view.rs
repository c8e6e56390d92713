//! Showing the page's state: the board, the round, the scores and chart,
//! the progress of a running game, a person's orders, the notes, and the
//! bot editor.

use tabula_page_kit::dialogs::{OpenGame, open_game};
use tabula_page_kit::dom::{
    El, button, by_id, download, el, local_storage, read_file, replace_children,
};
use tabula_page_kit::handoff::Handoff;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlInputElement, HtmlTextAreaElement};

use super::draw::{Marks, cell_size, draw_board, draw_chart};
use super::person::describe;
use super::sandbox::{Heard, Sandbox};
use super::{Page, Source, peek, with_page};
use crate::bot_library::{
    MAX_CODE_BYTES, STORAGE_KEY, SavedBot, check_bot, export_bot, import_bot, save_bot, template,
};
use crate::look::{COLOURS, describe_square};
use crate::words::{t, tf, tn};

fn canvas(id: &str) -> Option<HtmlCanvasElement> {
    by_id(id).and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok())
}

fn input(id: &str) -> Option<HtmlInputElement> {
    by_id(id).and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
}

fn set_text(id: &str, text: &str) {
    if let Some(e) = by_id(id) {
        e.set_text_content(Some(text));
    }
}

fn hide(id: &str, hidden: bool) {
    if let Some(e) = by_id(id) {
        if hidden {
            e.set_attribute("hidden", "").ok();
        } else {
            e.remove_attribute("hidden").ok();
        }
    }
}

fn enable(cmd: &str, yes: bool) {
    if let Ok(list) =
        tabula_page_kit::dom::document().query_selector_all(&format!("[data-cmd='{cmd}']"))
    {
        for i in 0..list.length() {
            if let Some(e) = list
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            {
                if yes {
                    e.remove_attribute("disabled").ok();
                } else {
                    e.set_attribute("disabled", "").ok();
                }
            }
        }
    }
}

/// The rounds of the film's game.
fn film_rounds(p: &Page) -> u32 {
    p.film.as_ref().map_or(0, |f| f.rounds)
}

/// Put the page's words where `data-i18n` cannot: the speeds (a number in
/// a sentence), and build the open dialog (the kit's).
pub fn fill_words() {
    if let Ok(options) = tabula_page_kit::dom::document().query_selector_all("#speed option") {
        for i in 0..options.length() {
            if let Some(o) = options
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            {
                let n = o.get_attribute("value").unwrap_or_default();
                o.set_text_content(Some(&tf("domains-speed-option", &[("n", &n)])));
            }
        }
    }
    if let Some(open) = by_id("open") {
        replace_children(
            &open,
            open_game(OpenGame {
                note: &t("domains-open-what"),
                file: ("", "open-file", ".json,.txt,application/json,text/plain"),
                paste: (&t("domains-open-paste"), "open-text", ""),
                message: (None, "open-msg"),
                open: (&t("domains-open"), "open-pasted"),
                cancel: "close",
            }),
        );
    }
}

/// The pointer is over (x, y) CSS pixels of the board, or has left it.
pub fn hover(at: Option<(f64, f64)>) {
    let square = peek(|p| {
        let film = p.film.as_ref()?;
        let (x, y) = at?;
        let s = cell_size(film.cols, film.rows);
        let (row, col) = ((y / s).floor(), (x / s).floor());
        (row >= 0.0 && col >= 0.0 && (row as usize) < film.rows && (col as usize) < film.cols)
            .then(|| row as usize * film.cols + col as usize)
    });
    if square != peek(|p| p.hover) {
        with_page(|p| p.hover = square);
    }
}

/// The seat of the one person playing the game shown, if one person
/// plays it (the page then says "your …" of that seat's things).
/// Tell a screen reader what a key of the person's orders did: where the
/// keyboard's square now is and what Space would do there (`moved`), or
/// what the turn's message now says.
pub fn say_person(p: &Page, moved: bool) {
    let Some(turn) = p.person.as_ref() else {
        return;
    };
    let text = if moved {
        let square = match (
            p.film.as_ref(),
            p.film.as_ref().and_then(|f| f.frame(p.pos)),
        ) {
            (Some(film), Some(frame)) => {
                let (r, c) = turn.cursor;
                let i = (r as usize) * film.cols + c as usize;
                let what = describe_square(&frame, i, film.cols, &film.names, you(p));
                tf(
                    "domains-say-square",
                    &[
                        ("row", &(r + 1).to_string()),
                        ("col", &(c + 1).to_string()),
                        ("what", &what),
                    ],
                )
            }
            _ => String::new(),
        };
        super::person::cursor_words(turn, &square)
    } else {
        turn.message.clone()
    };
    tabula_page_kit::announce::say("board-say", &text);
}

fn you(p: &Page) -> Option<u8> {
    let people: Vec<usize> = match (&p.running, &p.record) {
        (Some(r), _) => r
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == crate::runner::SeatKind::Person)
            .map(|(i, _)| i)
            .collect(),
        (None, Some(record)) => record
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.player == "human")
            .map(|(i, _)| i)
            .collect(),
        (None, None) => Vec::new(),
    };
    match people.as_slice() {
        [one] => Some(*one as u8),
        _ => None,
    }
}

/// Redraw everything from the state.
pub fn render(p: &Page) {
    let frames = p.frames();
    let film = p.film.as_ref();
    if let (Some(film), Some(frame)) = (film, film.and_then(|f| f.frame(p.pos))) {
        let frame = &frame;
        let marks = p.person.as_ref().map(|t| t.marks()).unwrap_or_default();
        if let Some(c) = canvas("board") {
            draw_board(&c, film, frame, &marks);
        }
        if let Some(c) = canvas("chart") {
            draw_chart(&c, film, p.pos);
        }
        render_chart_legend(film);
        set_text(
            "round-label",
            &tf(
                "domains-round-of",
                &[
                    ("round", &frame.round.to_string()),
                    ("rounds", &film.rounds.to_string()),
                ],
            ),
        );
        set_text(
            "square-info",
            &p.hover
                .filter(|&i| i < film.rows * film.cols)
                .map(|i| describe_square(frame, i, film.cols, &film.names, you(p)))
                .unwrap_or_default(),
        );
        render_scores(p, film, frame);
    } else if let (Some(film), Some(c)) = (film, canvas("board")) {
        draw_board(
            &c,
            film,
            &crate::frames::Frame {
                round: 0,
                points: Vec::new(),
                cells: String::new(),
                energies: Vec::new(),
                squares: Vec::new(),
            },
            &Marks::default(),
        );
        set_text("round-label", &t("domains-starting"));
    }
    if let Some(s) = input("scrub") {
        s.set_max(&frames.saturating_sub(1).to_string());
        s.set_value(&p.pos.to_string());
    }
    set_text(
        "play",
        &t(if p.playback.playing {
            "domains-pause"
        } else {
            "domains-play"
        }),
    );
    if let Some(b) = by_id("play") {
        b.set_attribute(
            "aria-pressed",
            if p.playback.playing { "true" } else { "false" },
        )
        .ok();
    }
    match (&p.running, film) {
        (Some(r), Some(film)) => {
            hide("progress-row", false);
            let done = film.frames.len().saturating_sub(1);
            if let Some(bar) = by_id("progress") {
                bar.set_attribute("max", &r.rounds.max(1).to_string()).ok();
                bar.set_attribute("value", &done.to_string()).ok();
            }
            let (done, rounds) = (done.to_string(), r.rounds.to_string());
            let args = [("done", done.as_str()), ("rounds", rounds.as_str())];
            set_text(
                "progress-text",
                &match p.person.as_ref() {
                    Some(turn) if turn.solo => tf("domains-progress-you", &args),
                    Some(turn) => tf(
                        "domains-progress-person",
                        &[args[0], args[1], ("name", &turn.name)],
                    ),
                    None => tf("domains-progress", &args),
                },
            );
        }
        _ => hide("progress-row", true),
    }
    set_text(
        "title",
        &match (&p.source, p.running.is_some()) {
            (_, true) => t("domains-title-playing"),
            (Source::Played, false)
                if p.film
                    .as_ref()
                    .and_then(|f| f.frames.last())
                    .is_some_and(|f| f.round < film_rounds(p)) =>
            {
                t("domains-title-stopped")
            }
            (Source::Played, false) => t("domains-title-over"),
            (Source::Record, _) => t("domains-title-record"),
            (Source::Original, _) => t("domains-title-original"),
            (Source::None, _) => "Domains".to_string(),
        },
    );
    let has_record = p.record.is_some();
    enable("save", has_record);
    enable("link", has_record);
    enable("export", has_record);
    render_person(p);
    render_notes(p);
}

fn render_scores(p: &Page, film: &crate::frames::Film, frame: &crate::frames::Frame) {
    let Some(box_) = by_id("scores") else { return };
    let best = frame.points.iter().copied().max().unwrap_or(0);
    let list = el("div");
    for (i, name) in film.names.iter().enumerate() {
        let pts = frame.points.get(i).copied().unwrap_or(0);
        let shown = match frame.squares.get(i) {
            Some(&s) => tn(
                s as u64,
                "domains-score-one",
                "domains-score-many",
                &[("points", &pts.to_string())],
            ),
            None => pts.to_string(),
        };
        let row = el("div")
            .class(if pts == best && best > 0 {
                "score-row lead"
            } else {
                "score-row"
            })
            .attr("data-seat", &i.to_string())
            .child(
                el("span")
                    .class("who")
                    .child(crate::look::seat_mark(i))
                    .text(name),
            )
            .child(el("span").class("pts").text(&shown));
        list.0.append_child(&row.0).ok();
    }
    let _ = p;
    replace_children(&box_, list);
}

/// Tell a screen reader the round shown and each player's points (after a
/// step by key: a round played at speed is not read out, see
/// `#round-label`, which is not a live region for that reason).
pub fn say_round(p: &Page) {
    let (Some(film), Some(frame)) = (
        p.film.as_ref(),
        p.film.as_ref().and_then(|f| f.frame(p.pos)),
    ) else {
        return;
    };
    let scores: Vec<String> = film
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let pts = frame.points.get(i).copied().unwrap_or(0);
            format!("{name} {pts}")
        })
        .collect();
    let text = format!(
        "{}: {}.",
        tf(
            "domains-round-of",
            &[
                ("round", &frame.round.to_string()),
                ("rounds", &film.rounds.to_string()),
            ],
        ),
        scores.join(", ")
    );
    tabula_page_kit::announce::say("board-say", &text);
}

/// Which line of the points chart is whose, in words (each line has its
/// own dashes as well as its colour).
fn render_chart_legend(film: &crate::frames::Film) {
    let Some(box_) = by_id("chart-legend") else {
        return;
    };
    let lines = film
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| (name.as_str(), COLOURS[i % 4]));
    tabula_page_kit::morph::show(&box_, tabula_page_kit::chart::legend(lines));
}

fn render_person(p: &Page) {
    let Some(box_) = by_id("person") else { return };
    let Some(turn) = p.person.as_ref() else {
        box_.set_attribute("hidden", "").ok();
        return;
    };
    box_.remove_attribute("hidden").ok();
    let round = (turn.round + 1).to_string();
    if turn.handing_over {
        let content = tabula_page_kit::handoff::screen(Handoff {
            marker: crate::look::seat_mark(turn.seat as usize),
            title: &tf(
                "domains-hand-over-title",
                &[("round", &round), ("name", &turn.name)],
            ),
            note: &tf("domains-hand-over", &[("name", &turn.name)]),
            ready: &tf("domains-hand-over-ready", &[("name", &turn.name)]),
            cmd: "person-ready",
            note_id: Some("person-msg"),
        });
        replace_children(&box_, content);
        return;
    }
    let orders = el("ul").children(turn.orders.iter().map(|o| {
        el("li").text(&tf(
            "domains-unit-order",
            &[
                ("unit", &o.unit().unwrap_or(0).to_string()),
                ("order", &describe(o)),
            ],
        ))
    }));
    let attack = button(
        &t(if turn.attack {
            "domains-attack-on"
        } else {
            "domains-attack-off"
        }),
        "person-attack",
    )
    .pressed(turn.attack);
    let content = el("div")
        .child(el("strong").text(&if turn.solo {
            tf("domains-your-orders", &[("round", &round)])
        } else {
            tf(
                "domains-person-orders",
                &[("name", &turn.name), ("round", &round)],
            )
        }))
        .child(el("p").attr("id", "person-msg").text(&turn.message))
        .child(orders)
        .child(
            el("div")
                .class("buttons")
                .child(attack)
                .child(
                    button(&t("domains-ability"), "person-ability").disabled(!turn.can_ability()),
                )
                .child(button(&t("domains-clear"), "person-clear"))
                .child(button(&t("domains-end-orders"), "person-end").class("primary")),
        );
    replace_children(&box_, content);
}

fn render_notes(p: &Page) {
    let Some(box_) = by_id("notes") else { return };
    box_.set_text_content(None);
    for note in p.notes.iter().rev().take(30) {
        let li = el("li").text(&note.text);
        let li = if note.bad { li.class("bad") } else { li };
        box_.append_child(&li.0).ok();
    }
}

fn code_box() -> Option<HtmlTextAreaElement> {
    by_id("bot-code").and_then(|e| e.dyn_into::<HtmlTextAreaElement>().ok())
}

fn bot_message(text: &str, ok: bool) {
    if let Some(m) = by_id("bot-msg") {
        m.set_text_content(Some(text));
        m.set_class_name(if ok { "msg ok" } else { "msg" });
    }
}

/// Fill the bot dialog: the saved bots, and the one being edited (a new
/// bot from the template when none).
pub fn render_bots() {
    let (bots, editing) = peek(|p| (p.bots.clone(), p.editing));
    if let Some(list) = by_id("bot-list") {
        let items: Vec<El> = bots
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let mut btn = button(&b.name, "bot-pick").attr("data-arg", &i.to_string());
                if Some(i) == editing {
                    btn = btn.class("picked").attr("aria-current", "true");
                }
                el("li").child(btn)
            })
            .collect();
        list.set_text_content(None);
        for i in items {
            list.append_child(&i.0).ok();
        }
    }
    let code = code_box();
    if let Some(c) = code.as_ref()
        && c.value().is_empty()
    {
        match editing.and_then(|i| bots.get(i)) {
            Some(b) => c.set_value(&b.code),
            None => c.set_value(&template()),
        }
    }
    if let Some(n) = input("bot-name")
        && n.value().is_empty()
    {
        n.set_value(
            &editing
                .and_then(|i| bots.get(i))
                .map_or_else(|| t("domains-bot-default-name"), |b| b.name.clone()),
        );
    }
}

fn store(bots: &[SavedBot]) -> Result<(), String> {
    let text = serde_json::to_string(bots).map_err(|e| e.to_string())?;
    local_storage()
        .ok_or_else(|| t("domains-bot-no-storage"))?
        .set_item(STORAGE_KEY, &text)
        .map_err(|_| t("domains-bot-storage-full"))
}

/// A command of the bot dialog.
pub fn bot_command(cmd: &str, arg: &str) {
    let name = input("bot-name").map(|i| i.value()).unwrap_or_default();
    let code = code_box().map(|c| c.value()).unwrap_or_default();
    match cmd {
        "bot-new" => {
            peek(|p| p.editing = None);
            if let Some(c) = code_box() {
                c.set_value(&template());
            }
            if let Some(n) = input("bot-name") {
                n.set_value(&t("domains-bot-default-name"));
            }
            bot_message(&t("domains-bot-from-template"), true);
        }
        "bot-pick" => {
            let i: usize = arg.parse().unwrap_or(usize::MAX);
            let bot = peek(|p| {
                let b = p.bots.get(i).cloned();
                if b.is_some() {
                    p.editing = Some(i);
                }
                b
            });
            if let Some(b) = bot {
                if let Some(c) = code_box() {
                    c.set_value(&b.code);
                }
                if let Some(n) = input("bot-name") {
                    n.set_value(&b.name);
                }
                bot_message("", true);
            }
        }
        "bot-save" => {
            let name = name.trim().to_string();
            match check_bot(&name, &code) {
                Ok(()) => check_code_then_save(name, code),
                Err(e) => bot_message(&tf("domains-bot-not-saved", &[("why", &e)]), false),
            }
        }
        "bot-export" => {
            if code.len() > MAX_CODE_BYTES {
                bot_message(&t("domains-bot-too-large-export"), false);
            } else {
                let bot = SavedBot {
                    name: name.trim().to_string(),
                    code,
                };
                let file: String = bot
                    .name
                    .chars()
                    .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
                    .collect();
                download(&export_bot(&bot), "text/javascript", &format!("{file}.js"));
            }
        }
        "bot-delete" => {
            let result = peek(|p| {
                let Some(i) = p.editing else {
                    return Err(t("domains-bot-choose-first"));
                };
                let mut list = p.bots.clone();
                let gone = list.remove(i);
                store(&list)?;
                p.bots = list;
                p.editing = None;
                Ok(gone.name)
            });
            match result {
                Ok(n) => bot_message(&tf("domains-bot-deleted", &[("name", &n)]), true),
                Err(e) => bot_message(&tf("domains-bot-not-deleted", &[("why", &e)]), false),
            }
        }
        _ => {}
    }
    render_bots();
    with_page(|_| {});
}

/// Import the bot file chosen in the bot dialog into the editor (saved
/// once the person presses Save).
pub fn import_bot_file() {
    let Some(i) = input("bot-import") else { return };
    let Some(file) = i.files().and_then(|f| f.get(0)) else {
        return;
    };
    let name = tabula_page_kit::dom::file_name(&file);
    let limit = MAX_CODE_BYTES + 200;
    if file.size() > limit as f64 {
        let why = tf(
            "domains-bot-file-too-large",
            &[
                ("name", &name),
                ("bytes", &file.size().to_string()),
                ("max", &MAX_CODE_BYTES.to_string()),
            ],
        );
        bot_message(&tf("domains-bot-not-imported", &[("why", &why)]), false);
        i.set_value("");
        return;
    }
    read_file(file, limit, move |res| {
        match res.and_then(|text| import_bot(&name, &text)) {
            Ok(bot) => {
                peek(|p| p.editing = None);
                if let Some(c) = code_box() {
                    c.set_value(&bot.code);
                }
                if let Some(n) = input("bot-name") {
                    n.set_value(&bot.name);
                }
                bot_message(&tf("domains-bot-imported", &[("name", &bot.name)]), true);
            }
            Err(e) => bot_message(&tf("domains-bot-not-imported", &[("why", &e)]), false),
        }
    });
    i.set_value("");
}

/// How long a bot's code may take to load when it is checked.
const CHECK_MS: f64 = 3000.0;

thread_local! {
    /// The bot being checked before it is saved: its check's number and
    /// its worker.
    static CHECKING: std::cell::RefCell<Option<(u32, Sandbox)>> =
        const { std::cell::RefCell::new(None) };
}

static CHECK_ID: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

/// Run the bot's code in a worker of its own first: a bot whose code does
/// not parse, throws as it loads or defines no `orders` is not saved, and
/// the message gives the line and column.
fn check_code_then_save(name: String, code: String) {
    let id = CHECK_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    bot_message(&t("domains-bot-checking"), true);
    let (n, c) = (name.clone(), code.clone());
    match Sandbox::start(&code, move |heard| checked(id, &n, &c, heard)) {
        Ok(sb) => {
            let old = CHECKING.with(|k| k.borrow_mut().replace((id, sb)));
            drop_later(old.map(|(_, sb)| sb));
            tabula_page_kit::dom::after(CHECK_MS, move || {
                if let Some(sb) = take_check(id) {
                    drop_later(Some(sb));
                    bot_message(&t("domains-bot-slow-load"), false);
                }
            });
        }
        Err(e) => bot_message(&tf("domains-bot-not-saved", &[("why", &e)]), false),
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

/// Stop a worker now and let go of it once the event being handled (maybe
/// one of its own) is over.
fn drop_later(sb: Option<Sandbox>) {
    if let Some(sb) = sb {
        sb.worker.terminate();
        tabula_page_kit::dom::after(0.0, move || drop(sb));
    }
}

fn checked(id: u32, name: &str, code: &str, heard: Heard) {
    let Some(sb) = take_check(id) else { return };
    drop_later(Some(sb));
    match heard {
        Heard::Loaded(true) => save_now(name, code),
        Heard::Loaded(false) => bot_message(&t("domains-bot-no-orders"), false),
        Heard::Threw(msg) => bot_message(&tf("domains-bot-throws", &[("error", &msg)]), false),
        Heard::Answer { .. } => {}
    }
}

/// Save a checked bot.
fn save_now(name: &str, code: &str) {
    let result = peek(|p| {
        let mut list = p.bots.clone();
        save_bot(
            &mut list,
            SavedBot {
                name: name.to_string(),
                code: code.to_string(),
            },
        )?;
        store(&list)?;
        p.editing = list.iter().position(|b| b.name == name);
        p.bots = list;
        Ok::<(), String>(())
    });
    match result {
        Ok(()) => bot_message(&tf("domains-bot-saved", &[("name", name)]), true),
        Err(e) => bot_message(&tf("domains-bot-not-saved", &[("why", &e)]), false),
    }
    render_bots();
    with_page(|_| {});
}
