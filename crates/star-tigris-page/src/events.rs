//! Browser events: one click handler for every `data-cmd` button, the
//! keyboard, the pointer over the canvas, and window resizes.

use tabula_star_tigris::{Action, Kind, Phase, Pos};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement, KeyboardEvent, MouseEvent};

use crate::app::{AI_LEVELS, App, Screen, hand_slots};
use crate::dom::{by_id, document, download};
use crate::maps::MAPS;
use crate::session::{Player, Selection, Session};
use crate::ui::{draw_board, render};
use crate::{editor_events, game_events, lesson_events};
use tabula_page_kit::clicks::Click;
use tabula_page_kit::on_demand::HERE as ON_DEMAND;

use crate::state::{listen, with_app};

/// Wire every event and draw the first screen.
pub fn install() {
    // Every render first asks the AI worker for a move if an AI seat must
    // act, and keeps the game.
    crate::ui::before_render(|app| {
        crate::ai_link::drive(app);
        crate::game_events::autosave(app);
    });
    // Where the focus goes when what had it is gone (docs/accessibility.md).
    tabula_page_kit::focus::keep(&["#decision h2", "#decision h3", "#panel h2", "#board"]);
    let doc = document();
    let board = ON_DEMAND.then_some(crate::online_game::BOARD_ID);
    tabula_page_kit::clicks::listen(board, |click| match click {
        // Only the whole module has an online board (the play module drops it).
        Click::Board { x, y } if ON_DEMAND => crate::online_game::board_click(x, y),
        Click::Board { .. } => {}
        Click::Command(c) => {
            // The header's buttons lead away from the lessons (the page
            // kit's, over the page); the lessons' own lead where they say.
            if tabula_page_kit::lesson_screen::showing()
                && c.cmd != "lessons"
                && c.element.closest("#lessons").ok().flatten().is_none()
            {
                tabula_page_kit::lesson_screen::leave();
            }
            with_app(|app| {
                command(app, &c.cmd);
                render(app);
            });
        }
    });
    listen(&doc, "keydown", |e| {
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        // Online play has its own keys, and so have the lessons (the
        // page kit's, over the page).
        if tabula_page_kit::online::active()
            || tabula_page_kit::lesson_screen::showing()
            || e.default_prevented()
        {
            return;
        }
        // Space or Enter on a focused button presses that button, nothing else.
        if tabula_page_kit::transport::key_presses_a_control(k) {
            return;
        }
        // Typing in a form field is not a game command.
        if let Some(t) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) {
            let tag = t.tag_name().to_ascii_lowercase();
            if tag == "input" || tag == "select" || tag == "textarea" {
                if k.key() == "Enter" && tag == "input" {
                    let id = t.id();
                    with_app(|app| {
                        if app.screen == Screen::NewGame {
                            command(app, "start");
                            render(app);
                        } else if app.screen == Screen::Editor {
                            match id.as_str() {
                                "map-name" => command(app, "rename"),
                                "map-width" | "map-height" => command(app, "resize"),
                                _ => return,
                            }
                            render(app);
                        }
                    });
                }
                // Escape still closes the dialog the field is in.
                if k.key() != "Escape" {
                    return;
                }
            }
        }
        let mut handled = false;
        with_app(|app| {
            handled = key(app, &k.key(), k.ctrl_key() || k.meta_key(), k.shift_key());
            if handled {
                render(app);
            }
        });
        if handled {
            e.prevent_default();
        }
    });
    if let Some(canvas) = by_id("board") {
        // Which kind of pointer presses: a finger's tap on a target first
        // shows what it would do (see the click below).
        listen(&canvas, "pointerdown", |e| {
            if let Some(p) = e.dyn_ref::<web_sys::PointerEvent>() {
                tabula_page_kit::touch::note(&p.pointer_type());
            }
        });
        listen(&canvas, "pointermove", |e| {
            let Some(m) = e.dyn_ref::<MouseEvent>() else {
                return;
            };
            with_app(|app| {
                let cell = app
                    .geometry
                    .and_then(|g| g.cell_at(m.offset_x() as f64, m.offset_y() as f64));
                if ON_DEMAND && app.screen == Screen::Editor {
                    let e = editor_events::editor(app);
                    if cell != e.hover {
                        e.hover = cell;
                        if let Some(c) = cell {
                            e.sketch.cursor = crate::editor::place(c);
                            if e.sketch.stroking() {
                                e.drag(c);
                                render(app);
                                return;
                            }
                        }
                        draw_board(app);
                    }
                    return;
                }
                if cell != app.hover {
                    app.hover = cell;
                    if let Some(c) = cell {
                        app.cursor = c;
                    }
                    render(app);
                }
            });
        });
        listen(&canvas, "pointerleave", |e| {
            // A finger lifting leaves the board too: the preview of what
            // it tapped stays until the next tap.
            if e.dyn_ref::<web_sys::PointerEvent>()
                .is_some_and(|p| p.pointer_type() != "mouse")
            {
                return;
            }
            with_app(|app| {
                if app.screen == Screen::Editor {
                    // Only the board changes: the panel stays, so a button
                    // the pointer is heading for stays where it is.
                    if let Some(e) = app.editor.as_mut() {
                        e.hover = None;
                    }
                    draw_board(app);
                } else if app.hover.is_some() {
                    app.hover = None;
                    render(app);
                }
            });
        });
        listen(&canvas, "click", |e| {
            let Some(m) = e.dyn_ref::<MouseEvent>() else {
                return;
            };
            with_app(|app| {
                if app.screen == Screen::Editor {
                    return;
                }
                if ON_DEMAND && app.screen == Screen::Author {
                    if let Some(cell) = app
                        .geometry
                        .and_then(|g| g.cell_at(m.offset_x() as f64, m.offset_y() as f64))
                    {
                        lesson_events::author_click(app, cell);
                        render(app);
                    }
                    return;
                }
                if let Some(cell) = app
                    .geometry
                    .and_then(|g| g.cell_at(m.offset_x() as f64, m.offset_y() as f64))
                {
                    app.cursor = cell;
                    // A finger's first tap on a target only shows what it
                    // would do; a second tap there does it.
                    let target = app.targets().iter().any(|(p, _)| *p == cell);
                    if target && tabula_page_kit::touch::last_was_touch() && !app.tap.tap(cell) {
                        app.hover = Some(cell);
                        app.say_cursor = true;
                        render(app);
                        return;
                    }
                    app.tap.clear();
                    act_on_cell(app, cell);
                    render(app);
                }
            });
        });
    }
    if let Some(w) = web_sys::window() {
        listen(&w, "resize", |_| with_app(draw_board));
    }
    // Files dropped on the page open in the editor, the open-a-game
    // dialog or the lessons, whichever is showing.
    // A file may be dropped anywhere: the map editor and the lessons take
    // their own files; elsewhere what is dropped is told apart (a game, a
    // map, a link) and sent where it belongs.
    tabula_page_kit::records::on_drop(|file| {
        if tabula_page_kit::lesson_screen::showing() {
            return;
        }
        let mut screen = Screen::NewGame;
        with_app(|app| screen = app.screen);
        match screen {
            Screen::Editor if ON_DEMAND => editor_events::open_file(file),
            _ => game_events::open_file(file),
        }
    });
    game_events::install();
    if ON_DEMAND {
        editor_events::install();
        lesson_events::install();
    }
    tabula_page_kit::on_demand::install(ROUTES);
    open_screen_link();
    if ON_DEMAND {
        tabula_page_kit::online::install(crate::online_game::StarTigrisOnline);
        if tabula_page_kit::on_demand::arrived("#online") {
            tabula_page_kit::online::open();
        }
    }
    if let Some(w) = web_sys::window() {
        listen(&w, "hashchange", |_| {
            open_screen_link();
            with_app(render);
        });
    }
    with_app(render);
}

/// The ways in from the home page: `#new` (the new-game dialog) and
/// `#editor` (the map editor); `#lessons` is the page kit's
/// (`lesson_screen`).
/// The addresses of the screens in the page's whole module only (page
/// kit, `on_demand`): the lessons (with the kit's rules page and lesson
/// writer, `#lessons/rules` and `#lessons/write`), online play and the
/// map editor.
pub const ROUTES: &[&str] = &["#lessons", "#lesson=", "#online", "#editor", "#map="];

fn open_screen_link() {
    let cmd = match crate::dom::fragment().as_str() {
        "#new" => "new",
        "#editor" => "editor",
        _ => return,
    };
    crate::dom::consume_fragment();
    with_app(|app| command(app, cmd));
    // A map dropped or pasted on the play module, carried here.
    if ON_DEMAND
        && cmd == "editor"
        && let Some((name, text)) = tabula_page_kit::on_demand::carried("#editor")
    {
        with_app(|app| game_events::open_carried_map(app, &name, &text));
    }
}

fn act_on_cell(app: &mut App, cell: Pos) {
    if let Some((_, a)) = app.targets().into_iter().find(|(p, _)| *p == cell) {
        app.act(a);
    } else if app.selection.is_some() {
        app.message = Some(tabula_page_kit::i18n::tf(
            "not-a-target",
            &[("at", &cell.to_string())],
        ));
    }
}

fn read_input(id: &str) -> String {
    by_id(id)
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

fn start_game(app: &mut App) {
    let names: Vec<String> = (0..app.dialog_seats)
        .map(|i| {
            let v = read_input(&format!("name{i}"));
            if v.trim().is_empty() {
                tabula_page_kit::players::colour_name(i)
            } else {
                v
            }
        })
        .collect();
    let map_name = by_id("map")
        .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
        .map(|s| s.value())
        .unwrap_or_else(|| "default".into());
    let (map_name, map_text) = match (&app.custom_map, map_name.as_str()) {
        (Some((name, text)), "editor") => (name.clone(), text.clone()),
        _ => MAPS
            .iter()
            .find(|(n, _)| *n == map_name)
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .unwrap_or((MAPS[0].0.to_string(), MAPS[0].1.to_string())),
    };
    let seed_text = read_input("seed");
    let seed = match seed_text.trim().parse::<u64>() {
        Ok(s) if s <= tabula_engine::limits::MAX_SEED => s,
        _ => {
            app.message = Some(tabula_page_kit::i18n::tf(
                "seed-range",
                &[("max", &tabula_engine::limits::MAX_SEED.to_string())],
            ));
            return;
        }
    };
    let open = by_id("open-scores")
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .is_some_and(|i| i.checked());
    let players: Vec<Player> = (0..app.dialog_seats)
        .map(|i| {
            let kind = by_id(&format!("kind{i}"))
                .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
                .map(|s| s.value())
                .unwrap_or_default();
            if AI_LEVELS.iter().any(|(v, _)| *v == kind) {
                Player::Ai(kind)
            } else {
                Player::Human
            }
        })
        .collect();
    let select = |id: &str| {
        by_id(id)
            .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
            .map(|s| s.value())
            .unwrap_or_default()
    };
    let options = tabula_star_tigris::Options {
        open_scores: open,
        turns: if select("turns") == "simultaneous" {
            tabula_star_tigris::Turns::Simultaneous
        } else {
            tabula_star_tigris::Turns::Sequential
        },
        order: if select("order") == "shuffled" {
            tabula_star_tigris::TurnOrder::Shuffled
        } else {
            tabula_star_tigris::TurnOrder::Rotating
        },
        ..Default::default()
    };
    match Session::with_options(names, players, &map_name, &map_text, seed, &options) {
        Ok(s) => {
            // A think in progress belongs to the old game: stop it.
            crate::ai_link::stop();
            *app = App {
                session: Some(s),
                screen: Screen::Playing,
                regions_view: app.regions_view,
                dialog_seats: app.dialog_seats,
                next_request: app.next_request,
                watch_delay_ms: app.watch_delay_ms,
                editor: app.editor.take(),
                custom_map: app.custom_map.take(),
                ..App::default()
            };
        }
        Err(e) => app.message = Some(e),
    }
}

fn download_record(app: &App) {
    if let Some(s) = app.session.as_ref() {
        download(
            &s.record_json(),
            "application/json",
            "star-tigris-game.json",
        );
    }
}

/// Run a command from a button.
fn command(app: &mut App, cmd: &str) {
    let (name, arg) = cmd.split_once(':').unwrap_or((cmd, ""));
    app.notice = None;
    match name {
        "online" if ON_DEMAND => tabula_page_kit::online::open(),
        "online" => {
            if let Some(seat) = app.viewer {
                tabula_page_kit::on_demand::keep("viewer", &seat.to_string());
            }
            tabula_page_kit::on_demand::switch("#online")
        }
        "new" => {
            app.dialog_back = Some(app.screen);
            app.custom_map = None;
            app.screen = Screen::NewGame;
            app.message = None;
        }
        "close-dialog" => {
            if let Some(back @ (Screen::Editor | Screen::Replay)) = app.dialog_back {
                app.screen = back;
            } else if let Some(s) = &app.session {
                app.screen = if s.game().phase().is_over() {
                    Screen::Over
                } else {
                    Screen::Playing
                };
            }
            app.message = None;
        }
        "seats" => app.dialog_seats = arg.parse().unwrap_or(2).clamp(2, 4),
        "resolution" => {
            let steps = app.session.as_ref().map_or(0, |s| s.resolution.1.len());
            app.resolution_at = match (arg, app.resolution_at) {
                ("next", Some(k)) if k + 1 < steps => Some(k + 1),
                _ => None,
            };
        }
        "start" => start_game(app),
        "ready" => {
            if let Some(s) = app.session.as_ref().and_then(|s| s.seat_to_act()) {
                app.viewer = Some(s);
                app.selection = None;
                app.swap = None;
                app.message = None;
            }
        }
        "regions" => app.regions_view = !app.regions_view,
        "why" => {
            let i = arg.parse().ok();
            app.why_open = if app.why_open == i { None } else { i };
        }
        "pause" => app.paused = true,
        "resume" => app.paused = false,
        "ai-pace" => {
            if let Some(ms) = tabula_page_kit::ai_pace::of(arg) {
                app.watch_delay_ms = ms;
            }
        }
        "hide-end" => app.over_hidden = true,
        "download" => download_record(app),
        "slot" => pick_slot(app, arg.parse().unwrap_or(0)),
        "leader" => {
            if let Ok(k) = arg.parse::<Kind>() {
                toggle(app, Selection::Leader(k));
            }
        }
        "bomber" => toggle(app, Selection::Bomber),
        "withdraw" => {
            if let Some(Selection::Leader(kind)) = app.selection {
                app.act(Action::WithdrawLeader { kind });
            }
        }
        "pass" => app.act(Action::Pass),
        "swap" => {
            app.selection = None;
            app.swap = Some([false; 6]);
        }
        "swap-confirm" => {
            if let Some(a) = app.swap_action() {
                app.act(a);
            }
        }
        "cancel" => {
            app.selection = None;
            app.swap = None;
        }
        "undo" => {
            if let Some(s) = app.session.as_mut() {
                s.undo();
                app.selection = None;
                app.message = None;
            }
        }
        "commit" => {
            if let Ok(count) = arg.parse() {
                app.act(Action::Commit { count });
            }
        }
        "resolve" => {
            if let Ok(kind) = arg.parse() {
                app.act(Action::ResolveConflict { kind });
            }
        }
        "take" => {
            if let Ok(at) = arg.parse() {
                app.act(Action::TakeArtifact { at });
            }
        }
        _ => {
            if !game_events::command(app, name, arg) {
                on_demand_command(app, name, arg);
            }
        }
    }
}

/// A command of the lessons, the lesson writer or the editors: run in the
/// page's whole module; the play module loads that (page kit, `on_demand`).
fn on_demand_command(app: &mut App, name: &str, arg: &str) {
    if ON_DEMAND {
        if !lesson_events::command(app, name, arg) {
            editor_events::command(app, name, arg);
        }
        return;
    }
    // The person at the device goes on: the seat whose hand shows comes
    // back beneath the lessons and editors without another hand-off.
    if let Some(seat) = app.viewer {
        tabula_page_kit::on_demand::keep("viewer", &seat.to_string());
    }
    match name {
        "editor" => tabula_page_kit::on_demand::switch("#editor"),
        "lessons" | "lesson" => tabula_page_kit::on_demand::switch("#lessons"),
        _ => {}
    }
}

fn toggle(app: &mut App, sel: Selection) {
    app.swap = None;
    app.selection = if app.selection == Some(sel) {
        None
    } else {
        Some(sel)
    };
}

fn pick_slot(app: &mut App, slot: usize) {
    let Some(seat) = app.acting_viewer() else {
        return;
    };
    let Some(s) = app.session.as_ref() else {
        return;
    };
    let hand = hand_slots(s.game().hand(seat));
    if slot == 0 || slot > hand.len() {
        return;
    }
    if let Some(p) = app.swap.as_mut() {
        p[slot - 1] = !p[slot - 1];
    } else {
        toggle(app, Selection::Colonist(hand[slot - 1]));
    }
}

/// Handle a key; returns whether it was used.
fn key(app: &mut App, key: &str, ctrl: bool, shift: bool) -> bool {
    if ON_DEMAND && app.screen == Screen::Editor {
        return editor_events::key(app, key, ctrl, shift);
    }
    if app.screen == Screen::Replay {
        return !ctrl && game_events::key(app, key, shift);
    }
    if app.handing_off() {
        if key == "Enter" || key == " " {
            command(app, "ready");
            return true;
        }
        return false;
    }
    // Escape closes a dialog, as its Cancel or Close button does.
    if key == "Escape" {
        match app.screen {
            Screen::NewGame if app.session.is_some() => {
                command(app, "close-dialog");
                return true;
            }
            Screen::OpenGame => return game_events::command(app, "close-open", ""),
            _ => {}
        }
    }
    if app.screen != Screen::Playing {
        return false;
    }
    let Some(s) = app.session.as_ref() else {
        return false;
    };
    let (w, h) = (s.game().width() as u8, s.game().height() as u8);
    let phase = s.game().phase();
    let c = app.cursor;
    // Keys that pick or place a piece wait for the person's own turn: while
    // another seat (an AI) decides they do nothing but say so.
    let acting_key = matches!(key, "Enter" | " " | "b" | "B")
        || (key.len() == 1 && key.as_bytes()[0].is_ascii_digit());
    if acting_key && app.acting_viewer().is_none() {
        let who = s
            .seat_to_act()
            .and_then(|seat| s.names().get(seat as usize).cloned());
        app.selection = None;
        app.message = Some(match who {
            Some(name) => tabula_page_kit::i18n::tf("not-your-turn", &[("who", &name)]),
            None => tabula_page_kit::i18n::t("wait-your-turn"),
        });
        return true;
    }
    match key {
        "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" => {
            // One cell, stopping at the edge, as on every board.
            let (w, h) = (usize::from(w), usize::from(h));
            let row = usize::from(c.row).min(h.saturating_sub(1));
            let at = row * w + usize::from(c.col).min(w.saturating_sub(1));
            let to = tabula_page_kit::explore::grid_step(h, w, at, key).unwrap_or(at);
            app.cursor = Pos::new((to / w) as u8, (to % w) as u8);
        }
        "Enter" | " " => {
            let cell = app.cursor;
            act_on_cell(app, cell);
            return true;
        }
        "Escape" => command(app, "cancel"),
        "z" | "Z" if ctrl => command(app, "undo"),
        "u" | "U" => command(app, "undo"),
        "r" | "R" => command(app, "regions"),
        "b" | "B" => command(app, "bomber"),
        d if d.len() == 1 && d.as_bytes()[0].is_ascii_digit() => {
            let n = (d.as_bytes()[0] - b'0') as usize;
            match phase {
                Phase::Conflict(_) | Phase::Combat(_) => command(app, &format!("commit:{n}")),
                _ => match n {
                    1..=6 => pick_slot(app, n),
                    7 => command(app, "leader:settler"),
                    8 => command(app, "leader:scientist"),
                    9 => command(app, "leader:merchant"),
                    _ => command(app, "leader:mining"),
                },
            }
        }
        _ => return false,
    }
    if key.starts_with("Arrow") {
        app.hover = Some(app.cursor);
        app.say_cursor = true;
    }
    true
}
