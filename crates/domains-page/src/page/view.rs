//! Showing the page's state: the board, the round, the scores and chart,
//! the progress of a running game, a person's orders and the notes.

use tabula_page_kit::dialogs::{OpenGame, open_game};
use tabula_page_kit::dom::{button, by_id, el, replace_children};
use tabula_page_kit::end_screen::{self, EndCommands};
use tabula_page_kit::handoff::Handoff;
use tabula_page_kit::morph;
use tabula_page_kit::replay_viewer::{self, MoveWords};
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlInputElement};

use super::draw::{Marks, cell_size, draw_board, draw_chart};
use super::person::describe;
use super::{Page, Source, peek, with_page};
use crate::look::{COLOURS, describe_square};
use crate::words::{t, tf, tn};

/// The film's moves: a round, ten rounds (the page's words).
const ROUNDS: MoveWords = MoveWords {
    first: ["domains-first", "domains-first-title"],
    back_more: ["domains-back-ten", "domains-back-ten-title"],
    back: ["domains-back", "domains-back-title"],
    play: ["domains-play", "domains-pause", "domains-play-title"],
    forward: ["domains-forward", "domains-forward-title"],
    forward_more: ["domains-forward-ten", "domains-forward-ten-title"],
    last: ["domains-last", "domains-last-title"],
};

/// The speeds the film plays at, in rounds a second.
pub const SPEEDS: [f64; 5] = [2.0, 5.0, 10.0, 30.0, 60.0];

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
/// Whether a finished game is shown at a round before its last (the
/// replay is going on).
fn before_the_end(p: &Page) -> bool {
    p.running.is_none() && p.pos + 1 < p.frames()
}

fn film_rounds(p: &Page) -> u32 {
    p.film.as_ref().map_or(0, |f| f.rounds)
}

/// Build the open dialog (the kit's) in the page's words.
pub fn fill_words() {
    if let Some(open) = by_id("open") {
        replace_children(
            &open,
            open_game(OpenGame {
                title: &t("open-game"),
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
        let s = cell_size(film.cols, film.rows, p.tapped());
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
                // It names its row and column itself (said once).
                describe_square(&frame, i, film.cols, &film.names, you(p))
            }
            _ => String::new(),
        };
        super::person::cursor_words(turn, &square)
    } else {
        turn.message.clone()
    };
    tabula_page_kit::announce::say("board-say", &text);
}

thread_local! {
    /// The person's orders (seat, round) whose units were last brought
    /// into sight.
    static SHOWN_TURN: std::cell::Cell<Option<(u8, u32)>> = const { std::cell::Cell::new(None) };
}

/// The board's box pans when its squares are drawn larger than the fit;
/// on a touch screen the line above it says what a second tap would do.
fn board_box(p: &Page, film: &crate::frames::Film) {
    let (cols, rows) = (film.cols, film.rows);
    let tapped = p.tapped();
    let s = cell_size(cols, rows, tapped);
    // Panned, it first shows the person's own units (so it waits for the
    // game's first frame).
    let on = s > cell_size(cols, rows, false);
    match film.frame(p.pos) {
        Some(frame) => {
            let seat = p.person.as_ref().map(|t| t.seat).or_else(|| you(p));
            let mine = seat.and_then(|seat| super::draw::units_middle(&frame, cols, rows, seat, s));
            tabula_page_kit::touch::pan_to("board-box", on, mine);
            // At the start of each person's orders their units are in
            // sight (the box panned to them, the box in the window).
            if let Some(t) = p.person.as_ref().filter(|t| on && !t.handing_over) {
                let turn = Some((t.seat, t.round));
                if SHOWN_TURN.with(|s| s.replace(turn)) != turn {
                    let theirs = super::draw::units_middle(&frame, cols, rows, t.seat, s);
                    tabula_page_kit::touch::bring_into_view("board-box", theirs);
                }
            }
        }
        None if !on => tabula_page_kit::touch::pan("board-box", false),
        None => {}
    }
    let text = match p.person.as_ref() {
        Some(t) if tapped && t.confirm.pending().is_some() => t.message.clone(),
        Some(_) if tapped => t("domains-tap-hint"),
        _ => String::new(),
    };
    tabula_page_kit::touch::hint("board-box", &text);
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
    if tabula_page_kit::online::active() {
        return;
    }
    let frames = p.frames();
    let film = p.film.as_ref();
    if let (Some(film), Some(frame)) = (film, film.and_then(|f| f.frame(p.pos))) {
        let frame = &frame;
        let marks = p.person.as_ref().map(|t| t.marks()).unwrap_or_default();
        if let Some(c) = canvas("board") {
            draw_board(&c, film, frame, &marks, p.tapped());
            board_box(p, film);
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
        board_box(p, film);
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
            p.tapped(),
        );
        set_text("round-label", &t("domains-starting"));
    }
    if let Some(s) = input("scrub") {
        s.set_max(&frames.saturating_sub(1).to_string());
        s.set_value(&p.pos.to_string());
    }
    if let Some(bar) = by_id("transport-bar") {
        let buttons = replay_viewer::buttons(p, p.playback.playing, &ROUNDS, |m| {
            format!("film:{}", m.name())
        });
        morph::morph_children(&bar, &el("div").child(buttons).0);
    }
    if let Some(bar) = by_id("speed-bar") {
        let label = |n: f64| {
            tabula_page_kit::i18n::tn("domains-speed-option", n as i64, &[("n", &n.to_string())])
        };
        let speeds = replay_viewer::speeds(&SPEEDS, &label, p.playback.speed);
        morph::morph_children(&bar, &el("div").child(speeds).0);
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
            (Source::Played, false) if before_the_end(p) => t("domains-title-replay"),
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
    render_end(p);
    render_notes(p);
    render_teacher_note(p);
}

/// The end of a game played here, in the kit's frame, once the film
/// shows its last round: who won, after how many rounds with how many
/// points, and what to do next (watch it again, save it, copy a link, a
/// new game). A game stopped before its last round has no winner.
fn render_end(p: &Page) {
    let Some(slot) = by_id("end-slot") else {
        return;
    };
    let over = matches!(p.source, Source::Played)
        && p.running.is_none()
        && p.record.is_some()
        && !before_the_end(p);
    let end = p
        .film
        .as_ref()
        .filter(|f| over && f.is_complete())
        .and_then(|film| {
            let (winners, _) = film.leaders()?;
            let headline = end_screen::headline(&film.names, &winners);
            let result = super::game::game_over_words(film).map(|w| el("p").text(&w));
            let commands = EndCommands {
                replay: Some("film:play"),
                save: Some("save"),
                link: Some("link"),
                new: Some("new"),
                ..EndCommands::default()
            };
            Some(end_screen::frame(&headline, result, &commands))
        });
    // The end's own Save and Copy a link stand for the panel's meanwhile.
    for cmd in ["save", "link"] {
        let sel = format!("#game-actions [data-cmd=\"{cmd}\"]");
        if let Ok(Some(b)) = tabula_page_kit::dom::document().query_selector(&sel) {
            b.toggle_attribute_with_force("hidden", end.is_some()).ok();
        }
    }
    slot.toggle_attribute_with_force("hidden", end.is_none())
        .ok();
    morph::morph_children(&slot, &el("div").maybe(end).0);
}

/// The teacher's note of the round shown, once the game has its record
/// (over, or opened): shown when the replay reaches it, written there.
fn render_teacher_note(p: &Page) {
    let Some(box_) = by_id("teacher-note-box") else {
        return;
    };
    let panel = p
        .record
        .as_ref()
        .zip(super::note_at(p))
        .map(|(record, at)| tabula_page_kit::teacher_notes::panel(&record.notes, at));
    match panel {
        Some(panel) => tabula_page_kit::morph::morph_children(&box_, &el("div").child(panel).0),
        None => box_.set_text_content(None),
    }
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
            name: &turn.name,
            title: "domains-hand-over-title",
            note: "domains-hand-over",
            ready: "domains-hand-over-ready",
            args: &[("round", &round)],
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

/// The notes, newest first. The note of a game's end names its winner
/// only once the rounds shown reach the end: before, it says that the
/// game is over and where to see how it ended.
fn render_notes(p: &Page) {
    let Some(box_) = by_id("notes") else { return };
    box_.set_text_content(None);
    let ahead = before_the_end(p).then(|| {
        tf(
            "domains-game-over-ahead",
            &[("rounds", &p.frames().saturating_sub(1).to_string())],
        )
    });
    for note in p.notes.iter().rev().take(30) {
        let text = match &ahead {
            Some(a) if note.about.as_deref() == Some(super::game::GAME_OVER) => a,
            _ => &note.text,
        };
        let li = el("li").text(text);
        let li = if note.bad { li.class("bad") } else { li };
        box_.append_child(&li.0).ok();
    }
    // The list is no live region: only its new notes are said, once.
    tabula_page_kit::announce::news_of("domains-notes", "#notes li", true);
}
