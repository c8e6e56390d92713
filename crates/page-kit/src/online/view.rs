//! Online play on the screen: a section of its own in the page's `main`
//! (the page's other sections are hidden while it shows, by
//! `body[data-online]` in site.css), drawn from the state after every
//! message and event.

use wasm_bindgen::JsCast;
use web_sys::Element;

use super::messages::{RoomInfo, RoomState, Seat};
use super::{Link, Online, Place, Shown, command, field_changed, game, with};
use crate::dom::{El, by_id, document, el};
use crate::i18n::{t, tf};

/// The id of online play's section.
pub const SECTION_ID: &str = "online";

/// What a seat of a new room is by default: the first a person, the
/// others the easy bot.
pub(super) fn default_kind(seat: usize) -> &'static str {
    if seat < 2 { "person" } else { "search:easy" }
}

/// The bots offered for a seat, with their words' keys.
const BOTS: [(&str, &str); 5] = [
    ("search:easy", "online-bot-easy"),
    ("search:normal", "online-bot-normal"),
    ("search:hard", "online-bot-hard"),
    ("greedy", "online-bot-greedy"),
    ("random", "online-bot-random"),
];

/// The link that opens room `room` on this page.
pub(super) fn room_link(room: &str) -> String {
    format!("{}#online={room}", crate::dom::page_url())
}

fn section() -> Option<Element> {
    if let Some(s) = by_id(SECTION_ID) {
        return Some(s);
    }
    let doc = document();
    let main = doc
        .query_selector("main")
        .ok()
        .flatten()
        .or_else(|| doc.body().map(Into::into))?;
    let s = el("section")
        .attr("id", SECTION_ID)
        .attr("aria-labelledby", "online-h")
        .0;
    main.append_child(&s).ok();
    Some(s)
}

/// Take online play off the screen.
pub(super) fn hide() {
    if let Some(s) = by_id(SECTION_ID) {
        s.set_text_content(None);
        s.set_attribute("hidden", "").ok();
    }
    if let Some(b) = document().body() {
        b.remove_attribute("data-online").ok();
    }
}

/// Listen for clicks, fields and keys in online play.
pub(super) fn listen() {
    let doc = document();
    crate::dom::listen::<web_sys::MouseEvent>(&doc, "click", |e| {
        if !super::active() {
            return;
        }
        let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        if !in_section(&target) {
            return;
        }
        if let Some(b) = target.closest("[data-online-act]").ok().flatten() {
            if b.has_attribute("disabled") {
                return;
            }
            if let Some(i) = b
                .get_attribute("data-online-act")
                .and_then(|v| v.parse().ok())
            {
                super::act(i);
            }
            return;
        }
        if let Some(b) = target.closest("[data-online]").ok().flatten() {
            if b.has_attribute("disabled") {
                return;
            }
            command(&b.get_attribute("data-online").unwrap_or_default());
        }
    });
    for kind in ["input", "change"] {
        crate::dom::listen::<web_sys::Event>(&doc, kind, |e| {
            let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
                return;
            };
            if !super::active() || !in_section(&target) || target.id().is_empty() {
                return;
            }
            let value = if let Some(i) = target.dyn_ref::<web_sys::HtmlInputElement>() {
                i.value()
            } else if let Some(s) = target.dyn_ref::<web_sys::HtmlSelectElement>() {
                s.value()
            } else {
                return;
            };
            field_changed(&target.id(), value);
        });
    }
    crate::dom::listen::<web_sys::KeyboardEvent>(&doc, "keydown", |e| {
        if !super::active() || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
        if let Some(t) = &target
            && t.id() == "online-chat-text"
            && e.key() == "Enter"
        {
            e.prevent_default();
            command("say");
            return;
        }
        if target.is_some_and(|t| {
            matches!(
                t.tag_name().as_str(),
                "INPUT" | "SELECT" | "TEXTAREA" | "BUTTON"
            ) && !t.has_attribute("data-online-act")
        }) {
            return;
        }
        let picked = with(|o| {
            let s = o.state.as_ref()?;
            if o.sent_in.is_some() {
                return None;
            }
            let g = game()?;
            let names = s.names();
            let to_act = s.to_act();
            let shown = shown(o, s, &names, &to_act);
            g.borrow_mut().key(&e.key(), &shown)
        });
        if let Some(i) = picked {
            e.prevent_default();
            super::act(i);
        }
    });
}

fn in_section(e: &Element) -> bool {
    e.closest(&format!("#{SECTION_ID}"))
        .ok()
        .flatten()
        .is_some()
}

fn shown<'a>(o: &'a Online, s: &'a RoomState, names: &'a [String], to_act: &'a [u8]) -> Shown<'a> {
    Shown {
        view: &s.view,
        you: o.seat.filter(|_| matches!(o.place, Place::Room(_))),
        // Nothing to choose while an action is on its way or the
        // connection is down (it would go nowhere).
        legal: if o.sent_in.is_some() || o.link != Link::Open {
            &[]
        } else {
            &s.legal
        },
        names,
        to_act,
        over: s.phase == "over",
    }
}

/// Draw online play.
pub(super) fn render() {
    // A dialog the page had open leaves the page inert behind it: online
    // play takes the whole screen instead (the page hides its own).
    if crate::modal::is_open() {
        crate::modal::sync(None);
    }
    let Some(section) = section() else { return };
    section.remove_attribute("hidden").ok();
    if let Some(b) = document().body() {
        b.set_attribute("data-online", "").ok();
    }
    let fresh = with(|o| body(o));
    crate::morph::morph_children(&section, &el("section").child(fresh).0);
    with(|o| {
        if let (Some(s), Some(g)) = (&o.state, game()) {
            let names = s.names();
            let to_act = s.to_act();
            g.borrow_mut().drawn(&shown(o, s, &names, &to_act));
        }
    });
}

fn link_words(link: &Link) -> (&'static str, String) {
    match link {
        Link::Idle | Link::Asking | Link::Connecting => ("connecting", t("online-connecting")),
        Link::Open => ("open", t("online-connected")),
        Link::Lost(_) => ("lost", t("online-lost")),
        Link::NoServer => ("none", t("online-no-server-short")),
        Link::NoGame => ("none", t("online-no-game-short")),
    }
}

fn body(o: &Online) -> El {
    let (state, words) = link_words(&o.link);
    let head = el("div")
        .class("online-head")
        .child(el("h2").attr("id", "online-h").text(&t("online-title")))
        .child(
            el("span")
                .class("online-link")
                .attr("id", "online-link-state")
                .attr("data-link", state)
                .attr("role", "status")
                .text(&words),
        )
        .child(
            crate::dom::el("button")
                .attr("type", "button")
                .attr("data-online", "close")
                .attr("id", "online-close")
                .text(&t("online-close")),
        );
    let mut out = el("div")
        .class("online")
        .child(head)
        .maybe(o.problem.as_ref().map(|p| {
            el("p")
                .class("problem")
                .attr("id", "online-problem")
                .attr("role", "alert")
                .text(p)
        }));
    out = match &o.link {
        Link::NoServer => out.child(no_server()),
        Link::NoGame => out.child(
            el("p")
                .attr("id", "online-no-game")
                .text(&t("online-no-game")),
        ),
        Link::Idle | Link::Asking | Link::Connecting if !matches!(o.place, Place::Room(_)) => {
            out.child(el("p").class("hint").text(&t("online-connecting")))
        }
        _ => match &o.place {
            Place::Lobby => out.child(lobby(o)),
            Place::Joining(room) => out.child(joining(o, room)),
            Place::Room(room) => out.child(room_view(o, room)),
        },
    };
    out
}

fn no_server() -> El {
    el("div")
        .attr("id", "online-no-server")
        .child(el("p").text(&t("online-no-server")))
        .child(el("p").class("hint").text(&t("online-how-to-serve")))
        .child(el("pre").child(el("code").text("tabula serve --site dist")))
        .child(
            el("div").class("buttons").child(
                crate::dom::el("button")
                    .attr("type", "button")
                    .attr("data-online", "retry")
                    .text(&t("online-retry")),
            ),
        )
}

fn ob(label: &str, cmd: &str) -> El {
    el("button")
        .attr("type", "button")
        .attr("data-online", cmd)
        .text(label)
}

fn name_field(o: &Online) -> El {
    let default = super::tokens::name().unwrap_or_default();
    el("label")
        .class("online-name")
        .text(&t("online-your-name"))
        .child(
            el("input")
                .attr("id", "online-name")
                .attr("type", "text")
                .attr("maxlength", &super::messages::MAX_NAME_CHARS.to_string())
                .attr("autocomplete", "nickname")
                .attr("value", &o.fields.get("online-name", &default)),
        )
}

fn seat_kind_words(kind: &str) -> String {
    if kind == "person" || kind == "open" {
        return t("online-person");
    }
    if kind == "client" {
        // A program on the server's own port (the Catan course protocol).
        return t("online-client");
    }
    let spec = kind.strip_prefix("bot:").unwrap_or(kind);
    match BOTS.iter().find(|(s, _)| *s == spec) {
        Some((_, key)) => t(key),
        None => tf("online-bot-other", &[("bot", spec)]),
    }
}

fn status_words(seat: &Seat) -> String {
    match seat.status.as_str() {
        "open" => t("online-status-open"),
        "connected" => t("online-status-connected"),
        "reconnecting" => t("online-status-reconnecting"),
        _ => t("online-status-bot"),
    }
}

fn lobby(o: &Online) -> El {
    let Some(g) = game() else { return el("div") };
    let g = g.borrow();
    let counts = g.seat_counts();
    let first = counts.first().copied().unwrap_or(2).to_string();
    let n: usize = o
        .fields
        .get("online-seat-count", &first)
        .parse()
        .unwrap_or(2);
    let mut form = el("div").class("online-create").attr("id", "online-create");
    form = form.child(el("h3").text(&t("online-new-room")));
    if counts.len() > 1 {
        let mut select = el("select").attr("id", "online-seat-count");
        for c in &counts {
            let mut op = el("option")
                .attr("value", &c.to_string())
                .text(&c.to_string());
            if *c == n {
                op = op.attr("selected", "");
            }
            select = select.child(op);
        }
        form = form.child(el("label").text(&t("online-seat-count")).child(select));
    }
    let mut rows = el("div").class("online-seats-form");
    for i in 0..n {
        let chosen = o.fields.get(&format!("online-seat-{i}"), default_kind(i));
        let mut select = el("select").attr("id", &format!("online-seat-{i}")).attr(
            "aria-label",
            &tf("online-seat-who", &[("n", &(i + 1).to_string())]),
        );
        let mut choices = vec![("person", t("online-person"))];
        choices.extend(BOTS.iter().map(|(s, k)| (*s, t(k))));
        if o.clients {
            choices.push(("client", t("online-client")));
        }
        for (value, words) in choices {
            let mut op = el("option").attr("value", value).text(&words);
            if value == chosen {
                op = op.attr("selected", "");
            }
            select = select.child(op);
        }
        rows = rows.child(
            el("div")
                .class("online-seat-row")
                .child(g.seat_badge(i as u8))
                .child(select),
        );
    }
    form = form
        .child(el("p").class("hint").text(&t("online-new-room-hint")))
        .child(rows)
        .maybe(g.options_fields(&o.fields))
        .child(clock_fields(o))
        .child(
            el("div").class("buttons").child(
                ob(&t("online-create"), "create")
                    .class("primary")
                    .attr("id", "online-create-room"),
            ),
        );
    let mut list = el("div").class("online-rooms").attr("id", "online-rooms");
    list = list.child(
        el("h3")
            .text(&t("online-rooms"))
            .child(ob(&t("online-refresh"), "list").attr("id", "online-refresh")),
    );
    if !o.listed {
        list = list.child(el("p").class("hint").text(&t("online-connecting")));
    } else if o.rooms.is_empty() {
        list = list.child(
            el("p")
                .class("hint")
                .attr("id", "online-no-rooms")
                .text(&t("online-no-rooms")),
        );
    } else {
        let mut ul = el("ul");
        for r in &o.rooms {
            ul = ul.child(room_line(r));
        }
        list = list.child(ul);
    }
    el("div")
        .class("online-lobby")
        .child(name_field(o))
        .child(form)
        .child(list)
}

/// The new room's clocks: a person's time for one decision (none by
/// default) and how long a lost person's seat waits for them.
fn clock_fields(o: &Online) -> El {
    let chosen = o.fields.get("online-clock", "off");
    let mut select = el("select")
        .attr("id", "online-clock")
        .attr("aria-describedby", "online-clock-hint");
    let mut choices = vec![("off".to_string(), t("online-clock-off"))];
    choices.extend(
        super::messages::CLOCKS_S
            .iter()
            .map(|s| (s.to_string(), duration_words(*s))),
    );
    for (value, words) in choices {
        let mut op = el("option").attr("value", &value).text(&words);
        if value == chosen {
            op = op.attr("selected", "");
        }
        select = select.child(op);
    }
    el("div")
        .class("online-clocks")
        .child(el("label").text(&t("online-clock")).child(select))
        .child(
            el("p")
                .class("hint")
                .attr("id", "online-clock-hint")
                .text(&t("online-clock-hint")),
        )
        .child(
            el("label").text(&t("online-takeover")).child(
                el("input")
                    .attr("id", "online-takeover")
                    .attr("type", "number")
                    .attr("min", "0")
                    .attr("max", &super::messages::MAX_TAKEOVER_S.to_string())
                    .attr("inputmode", "numeric")
                    .attr("placeholder", "60")
                    .attr("value", &o.fields.get("online-takeover", "")),
            ),
        )
}

/// A duration in words: "30 seconds", "2 minutes", "1 hour", "1 day".
fn duration_words(s: u64) -> String {
    use crate::i18n::tn;
    let n = |unit: u64| (s / unit) as i64;
    match s {
        s if s >= 86_400 && s % 86_400 == 0 => tn("online-days", n(86_400), &[]),
        s if s >= 3600 && s % 3600 == 0 => tn("online-hours", n(3600), &[]),
        s if s >= 60 && s % 60 == 0 => tn("online-minutes", n(60), &[]),
        _ => tn("online-seconds", n(1), &[]),
    }
}

/// The clock's words: the time left for this browser's decision.
fn clock_words(left_ms: u64) -> String {
    let time = super::messages::clock_text(left_ms);
    if left_ms == 0 {
        t("online-clock-up")
    } else if left_ms <= 10_000 {
        tf("online-clock-short", &[("time", &time)])
    } else {
        tf("online-clock-left", &[("time", &time)])
    }
}

/// The time left on this browser's clock now, while one runs.
fn clock_left(o: &Online) -> Option<u64> {
    o.clock_until
        .map(|until| (until - js_sys::Date::now()).max(0.0) as u64)
}

/// The clock of the seat deciding now, for a browser that waits on it:
/// the time left and its words (who decides, how long they have).
fn turn_clock(o: &Online) -> Option<(u64, String)> {
    let until = o.turn_until?;
    let s = o.state.as_ref().filter(|s| s.phase == "playing")?;
    let left = (until - js_sys::Date::now()).max(0.0) as u64;
    let names: Vec<String> = s
        .to_act()
        .into_iter()
        .filter(|&i| Some(i) != o.seat)
        .filter_map(|i| s.seats.get(i as usize).map(|x| x.name.clone()))
        .collect();
    let time = super::messages::clock_text(left);
    Some((
        left,
        tf(
            "online-clock-theirs",
            &[("names", &names.join(", ")), ("time", &time)],
        ),
    ))
}

/// Count the clock's words down (once a second, without drawing the rest).
pub(super) fn show_clock() {
    if let (Some((left, words)), Some(e)) = (with(|o| turn_clock(o)), by_id("online-turn-clock")) {
        e.set_text_content(Some(&words));
        e.set_attribute("data-left-ms", &left.to_string()).ok();
    }
    let (left, running) = with(|o| {
        (
            clock_left(o),
            o.state.as_ref().is_some_and(|s| s.phase == "playing"),
        )
    });
    if let (Some(left), true, Some(e)) = (left, running, by_id("online-clock")) {
        e.set_text_content(Some(&clock_words(left)));
        e.set_attribute("data-left-ms", &left.to_string()).ok();
        if left <= 10_000 {
            e.set_attribute("data-short", "").ok();
        }
    }
}

fn phase_words(phase: &str) -> String {
    match phase {
        "waiting" => t("online-phase-waiting"),
        "over" => t("online-phase-over"),
        _ => t("online-phase-playing"),
    }
}

fn room_line(r: &RoomInfo) -> El {
    let names: Vec<String> = r
        .seats
        .iter()
        .map(|s| {
            if s.status == "open" {
                t("online-status-open")
            } else {
                s.name.clone()
            }
        })
        .collect();
    let open = !r.open_seats().is_empty();
    el("li")
        .attr("data-room", &r.room)
        .child(el("b").text(&tf("online-room", &[("room", &r.room)])))
        .text(&format!(
            " · {} · {}",
            phase_words(&r.phase),
            names.join(", ")
        ))
        .child(
            el("span")
                .class("buttons")
                .maybe(open.then(|| ob(&t("online-join"), &format!("join:{}", r.room))))
                .child(ob(&t("online-watch"), &format!("watch:{}", r.room))),
        )
}

fn joining(o: &Online, room: &str) -> El {
    let mut out = el("div")
        .class("online-joining")
        .attr("id", "online-joining")
        .child(el("h3").text(&tf("online-room", &[("room", room)])));
    let info = o.rooms.iter().find(|r| r.room == room);
    match info {
        None if !o.listed => out = out.child(el("p").class("hint").text(&t("online-connecting"))),
        None => {
            out = out.child(
                el("p")
                    .attr("id", "online-no-room")
                    .text(&tf("online-no-room", &[("room", room)])),
            )
        }
        Some(r) => {
            let g = game();
            let mut seats = el("ul").class("online-seats");
            for (i, s) in r.seats.iter().enumerate() {
                let badge = g.as_ref().map(|g| g.borrow().seat_badge(i as u8));
                let who = if s.status == "open" {
                    el("span").child(ob(
                        &tf("online-sit-here", &[("n", &(i + 1).to_string())]),
                        &format!("sit:{i}"),
                    ))
                } else {
                    el("span").text(&format!("{} · {}", s.name, seat_kind_words(&s.kind)))
                };
                seats = seats.child(el("li").maybe(badge).child(who));
            }
            out = out
                .child(el("p").text(&phase_words(&r.phase)))
                .child(name_field(o))
                .child(seats);
            if r.open_seats().is_empty() {
                out = out.child(el("p").class("hint").text(&t("online-room-full")));
            }
            out = out.child(
                el("div")
                    .class("buttons")
                    .child(ob(&t("online-watch"), "watch")),
            );
        }
    }
    out.child(
        el("div")
            .class("buttons")
            .child(ob(&t("online-to-lobby"), "lobby")),
    )
}

fn room_view(o: &Online, room: &str) -> El {
    let link = room_link(room);
    let share = el("div")
        .class("online-share")
        .child(
            el("label").text(&t("online-share")).child(
                el("input")
                    .attr("id", "online-room-link")
                    .attr("readonly", "")
                    .attr("value", &link),
            ),
        )
        .child(ob(&t("online-copy"), "copy").attr("id", "online-copy"))
        .maybe(
            o.copied
                .then(|| el("span").attr("role", "status").text(&t("online-copied"))),
        )
        // For a phone's camera at the same table or on a projector.
        .maybe(crate::qr::image(&link, &t("online-qr")));
    let mut out = el("div")
        .class("online-room")
        .attr("id", "online-room")
        .attr("data-room", room)
        .child(el("h3").text(&tf("online-room", &[("room", room)])))
        .child(share);
    let Some(s) = &o.state else {
        return out.child(el("p").class("hint").text(&t("online-connecting")));
    };
    let to_act = s.to_act();
    let names = s.names();
    let g = game();
    let mut seats = el("ul").class("online-seats").attr("id", "online-seats");
    for (i, seat) in s.seats.iter().enumerate() {
        let i = i as u8;
        let mut words = format!(
            "{} · {} · {}",
            if seat.status == "open" {
                t("online-status-open")
            } else {
                seat.name.clone()
            },
            seat_kind_words(&seat.kind),
            status_words(seat)
        );
        if o.seat == Some(i) {
            words.push_str(&format!(" · {}", t("online-you")));
        }
        if s.phase == "playing" && to_act.contains(&i) {
            words.push_str(&format!(" · {}", t("online-to-act")));
        }
        seats = seats.child(
            el("li")
                .attr("data-seat", &i.to_string())
                .attr("data-status", &seat.status)
                .maybe(g.as_ref().map(|g| g.borrow().seat_badge(i)))
                .text(&words),
        );
    }
    let open = s.seats.iter().filter(|x| x.status == "open").count();
    let line = match s.phase.as_str() {
        "waiting" => tf("online-waiting-for", &[("n", &open.to_string())]),
        "over" => t("online-over"),
        _ => match o.seat {
            Some(me) if to_act.contains(&me) && o.sent_in.is_none() => t("online-your-turn"),
            Some(_) if o.sent_in.is_some() => t("online-sent"),
            _ => {
                let who: Vec<String> = to_act
                    .iter()
                    .filter_map(|&i| names.get(i as usize).cloned())
                    .collect();
                tf("online-waiting-on", &[("names", &who.join(", "))])
            }
        },
    };
    let gone = s.seats.iter().any(|x| x.status == "reconnecting");
    out = out
        .child(seats)
        .child(
            el("p")
                .class("online-turn")
                .attr("id", "online-turn")
                .attr("aria-live", "polite")
                .text(&line),
        )
        .maybe(
            clock_left(o)
                .filter(|_| s.phase == "playing" && o.sent_in.is_none())
                .map(|left| {
                    // A timer: read when asked, not announced every second.
                    let mut p = el("p")
                        .class("online-clock")
                        .attr("id", "online-clock")
                        .attr("role", "timer")
                        .attr("data-left-ms", &left.to_string())
                        .text(&clock_words(left));
                    if left <= 10_000 {
                        p = p.attr("data-short", "");
                    }
                    p
                }),
        )
        .maybe(turn_clock(o).map(|(left, words)| {
            // The clock of whoever decides now, for everyone else.
            el("p")
                .class("online-clock")
                .attr("id", "online-turn-clock")
                .attr("role", "timer")
                .attr("data-left-ms", &left.to_string())
                .text(&words)
        }))
        .maybe(gone.then(|| {
            el("p").class("hint").attr("id", "online-gone").text(&tf(
                "online-gone-wait",
                &[("s", &o.takeover_s.unwrap_or(60).to_string())],
            ))
        }))
        .maybe(
            o.seat
                .is_none()
                .then(|| el("p").class("hint").text(&t("online-watching"))),
        );
    if s.phase != "waiting"
        && let Some(g) = &g
    {
        let shown = shown(o, s, &names, &to_act);
        out = out.child(
            el("div")
                .attr("id", "online-game")
                .child(g.borrow_mut().show(&shown)),
        );
    }
    if o.record.is_some() {
        out = out.child(
            el("div")
                .class("buttons online-record")
                .attr("id", "online-record")
                .child(el("span").text(&t("online-record-offered")))
                .child(ob(&t("online-save"), "save").attr("id", "online-save"))
                .child(
                    ob(&t("online-replay"), "replay")
                        .attr("id", "online-replay")
                        .class("primary"),
                ),
        );
    }
    out.child(chat(o)).child(
        el("div")
            .class("buttons")
            .child(ob(&t("online-to-lobby"), "lobby").attr("id", "online-leave")),
    )
}

fn chat(o: &Online) -> El {
    let mut lines = el("ol")
        .class("online-chat-lines")
        .attr("id", "online-chat-lines")
        .attr("aria-live", "polite");
    for l in &o.chat {
        lines = lines.child(
            el("li")
                .child(el("b").text(&format!(
                    "{}: ",
                    if l.seat.is_some() {
                        l.from.clone()
                    } else {
                        tf("online-watcher-says", &[("name", &l.from)])
                    }
                )))
                .text(&l.text),
        );
    }
    el("section")
        .class("online-chat")
        .attr("id", "online-chat")
        .attr("aria-labelledby", "online-chat-h")
        .child(el("h3").attr("id", "online-chat-h").text(&t("online-chat")))
        .child(lines)
        .child(
            el("div")
                .class("online-say")
                .child(
                    el("input")
                        .attr("id", "online-chat-text")
                        .attr("type", "text")
                        .attr("maxlength", &super::messages::MAX_CHAT_CHARS.to_string())
                        .attr("aria-label", &t("online-chat-say"))
                        .attr("value", &o.fields.get("online-chat-text", "")),
                )
                .child(ob(&t("online-send"), "say").attr("id", "online-send")),
        )
}
