//! Draws the page from the app state: the side panel, the overlays
//! (new game, hand-off, end of game) and the board canvas.

use tabula_engine::Game;
use tabula_star_tigris::regions::Regions;
use tabula_star_tigris::view::View;
use tabula_star_tigris::{Action, Kind, Phase, Pos};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use tabula_page_kit::dialogs::{OpenGame, open_game};
use tabula_page_kit::handoff::Handoff;

use crate::app::{AI_LEVELS, App, Screen, hand_slots};
use crate::board::{self, Geometry, Picture, RegionOverlay};
use tabula_page_kit::i18n::{t, tf, tn};

use crate::dom::{El, button, by_id, document, el, sized_context, swatch};
use crate::maps::{MAPS, map_name};
use crate::palette::{kind_symbol, kind_title};
use crate::session::Selection;
use crate::{author_view, editor_view, replay_view};
// The editors and the lesson writer are in the page's whole module only
// (page kit, `on_demand`).
use tabula_page_kit::on_demand::HERE as ON_DEMAND;

#[cfg(target_arch = "wasm32")]
thread_local! {
    static BEFORE_RENDER: std::cell::Cell<Option<fn(&mut App)>> = const { std::cell::Cell::new(None) };
}

/// What every render does first, given as the page starts: ask the AI
/// worker for a move if an AI seat must act, and keep the game (the view
/// names none of the handlers).
#[cfg(target_arch = "wasm32")]
pub fn before_render(first: fn(&mut App)) {
    BEFORE_RENDER.with(|b| b.set(Some(first)));
}

/// Redraw everything (after [`before_render`]'s work: every change of
/// state ends in a render).
pub fn render(app: &mut App) {
    if tabula_page_kit::online::active() {
        return;
    }
    #[cfg(target_arch = "wasm32")]
    if let Some(first) = BEFORE_RENDER.with(std::cell::Cell::get) {
        first(app);
    }
    let body = document().body().expect("body");
    let screen = match (app.screen, app.handing_off()) {
        (Screen::NewGame, _) => "new",
        (Screen::Over, _) => "over",
        (Screen::Editor, _) => "editor",
        (Screen::OpenGame, _) => "open",
        (Screen::Replay, _) => "replay",
        (Screen::Author, _) => "author",
        (_, true) => "handoff",
        _ => "play",
    };
    body.set_attribute("data-screen", screen).ok();
    // A toggle says whether it is on, in words and to assistive technology.
    if let Ok(Some(b)) = document().query_selector("header [data-cmd=\"regions\"]") {
        let on = app.regions_view;
        b.set_attribute("aria-pressed", if on { "true" } else { "false" })
            .ok();
        let label = tabula_page_kit::i18n::t(if on {
            "regions-view-on"
        } else {
            "regions-view"
        });
        if b.text_content().as_deref() != Some(label.as_str()) {
            b.set_text_content(Some(&label));
        }
    }
    // Every panel is changed in place (the kit's `morph`): the keyboard
    // user's focus, a half-typed field and a scrolled log stay put.
    if let Some(panel) = by_id("panel") {
        match (app.screen, app.editor.as_ref(), app.replay.as_ref()) {
            (Screen::Editor, Some(editor), _) if ON_DEMAND => {
                tabula_page_kit::morph::show(&panel, editor_view::panel(editor))
            }
            (Screen::Replay, _, Some(v)) => {
                // The log of a long game is built once; a step changes the
                // rest in place.
                let same = by_id("replay")
                    .and_then(|r| r.get_attribute("data-key"))
                    .is_some_and(|k| k == replay_view::key(v));
                match by_id("replay-head") {
                    Some(head) if same => {
                        tabula_page_kit::morph::morph(&head, &replay_view::head(v).0)
                    }
                    _ => tabula_page_kit::morph::show(&panel, replay_view::panel(v)),
                }
                replay_view::draw_chart(v);
                replay_view::mark_current(v);
            }
            (Screen::Author, _, _) if ON_DEMAND && app.author.is_some() => {
                if let Some(a) = app.author.as_ref() {
                    tabula_page_kit::morph::show(&panel, author_view::panel(a));
                }
            }
            _ => {
                // Only what changed is touched: a pointer move changes the
                // preview lines, not the log or the legend.
                if let Some(d) = by_id("legend") {
                    app.legend_open = d.has_attribute("open");
                }
                let before = why_open();
                tabula_page_kit::morph::show(&panel, panel_content(app));
                let now = why_open();
                if now.is_some() && now != before {
                    scroll_to_why();
                }
            }
        }
    }
    render_overlay(app);
    if app.resolution_at.is_some() && app.screen == Screen::Playing {
        // The orders being played out are in sight, "Next order" under
        // the keyboard.
        if let Some(b) =
            by_id("resolution-next").and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
        {
            b.focus().ok();
        }
        show_below_board("resolution");
    }
    draw_board(app);
    if app.screen == Screen::Playing {
        speak(app);
    }
}

/// What the keyboard's cursor is on, as `viewer` sees the board, and
/// what Enter would play there (`play`: the seat and its action).
fn cursor_words(
    names: &[String],
    g: &tabula_star_tigris::StarTigris,
    viewer: u8,
    at: Pos,
    play: Option<(u8, Action)>,
) -> String {
    let view = g.player_view(viewer);
    let cell = match g.index(at).and_then(|i| view.cells.get(i)) {
        Some(c) => crate::describe::cell(names, at, c),
        None => at.to_string(),
    };
    match play {
        Some((seat, a)) => {
            let act = crate::describe::action(names, seat, &a);
            format!("{cell} {}", tf("say-enter", &[("action", &act)]))
        }
        None => cell,
    }
}

/// The "Why?" open in the log, if any (its entry's text).
fn why_open() -> Option<String> {
    by_id("why-open")
        .and_then(|w| w.parent_element())
        .map(|li| li.text_content().unwrap_or_default())
}

/// Bring the element `id` into sight, below the board when the board
/// stays at the top of a phone's screen (it would cover the element).
fn show_below_board(id: &str) {
    let (Some(el), Some(window)) = (by_id(id), web_sys::window()) else {
        return;
    };
    let top = by_id("board-area")
        .filter(|b| {
            window
                .get_computed_style(b)
                .ok()
                .flatten()
                .and_then(|st| st.get_property_value("position").ok())
                .is_some_and(|p| p == "sticky")
        })
        .map_or(0.0, |b| b.get_bounding_client_rect().bottom().max(0.0));
    let r = el.get_bounding_client_rect();
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    if r.top() < top || r.bottom() > height {
        window.scroll_by_with_x_and_y(0.0, r.top() - top - 8.0);
    }
}

/// A "Why?" just opened is brought into sight. (The newest entry needs no
/// help: the log's box scrolls from its end, see `.log-scroll`.)
fn scroll_to_why() {
    if let Some(li) = by_id("why-open").and_then(|w| w.parent_element()) {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        li.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

fn panel_content(app: &App) -> El {
    let Some(s) = app.session.as_ref() else {
        return el("div").child(el("p").text(&t("panel-start")));
    };
    let g = s.game();
    let names = s.names();
    let viewer = app.shown_seat();
    let acting = app.acting_viewer();
    let view = g.player_view(viewer.unwrap_or(0));
    let mut root = el("div");
    // Whose turn, and orders left: always visible.
    let turn = g.turn().to_string();
    let playing_out = app
        .resolution_at
        .and_then(|_| s.resolution.1.first())
        .map(|first| first.game.turn().to_string());
    let status = match g.phase() {
        Phase::Over(_) => t("status-over"),
        _ if playing_out.is_some() => tf(
            "status-sim-execute",
            &[("turn", playing_out.as_deref().unwrap_or_default())],
        ),
        Phase::Submit => tf("status-sim-submit", &[("turn", &turn)]),
        Phase::Combat(_) => tf("status-sim-combat", &[("turn", &turn)]),
        _ if s.simultaneous() => tf("status-sim-end", &[("turn", &turn)]),
        _ => tf(
            "status-turn",
            &[
                ("turn", &g.turn().to_string()),
                ("who", &names[g.active() as usize]),
                ("left", &g.orders_left().to_string()),
            ],
        ),
    };
    root = root.child(
        el("p")
            .class("status")
            .attr("id", "status")
            .attr("aria-live", "polite")
            .child(swatch(g.active()))
            .text(&status),
    );
    root = root.maybe(app.notice.as_ref().map(|n| {
        el("p")
            .class("note")
            .attr("id", "notice")
            .attr("role", "status")
            .text(n)
    }));
    root = root.maybe(ai_status(app));
    // While the orders are played out, the next turn's state waits.
    root = match resolution_panel(app) {
        Some(r) => root.child(r),
        None => root.maybe(sim_panel(app, &view, viewer)),
    };
    root = root.child(players_table(app, &view, viewer));
    if let Some(seat) = acting {
        root = root.child(decision_panel(app, seat, &view));
    } else if let Some(seat) = viewer {
        root = root.child(hand_only(&view, seat));
    }
    if let Some(msg) = &app.message {
        root = root.child(el("p").class("message").attr("role", "alert").text(msg));
    }
    // Preview of the hovered target.
    let preview = hovered_action(app).map(|(pos, a)| {
        let lines = acting.map(|v| s.preview(v, &a)).unwrap_or_default();
        let mut p = el("div")
            .class("preview")
            .attr("id", "preview")
            .child(el("strong").text(&format!(
                "{pos}: {}",
                crate::describe::action(names, acting.unwrap_or(0), &a)
            )));
        if lines.is_empty() {
            p = p.child(el("p").text(&t("preview-nothing")));
        }
        for l in lines {
            p = p.child(el("p").text(&l));
        }
        p
    });
    root = root.maybe(preview);
    // What the cell under the pointer (or the keyboard cursor) holds.
    let at = app
        .hover
        .or((app.acting_viewer().is_some()).then_some(app.cursor));
    if let Some((at, i)) = at.and_then(|p| g.index(p).map(|i| (p, i))) {
        let view = g.player_view(app.shown_seat().unwrap_or(0));
        if let Some(c) = view.cells.get(i) {
            let mut said = crate::describe::cell(names, at, c);
            // What was lost there since the person's last order.
            let lost = app.vanished.iter().find(|v| {
                v.at == at
                    && app.shown_seat().is_none_or(|s| v.for_seat(s))
                    && c.colony.is_none()
                    && c.leader.is_none()
                    && !c.destroyed
            });
            if let Some(v) = lost {
                said = format!("{said} {}", crate::describe::lost(names, &v.was));
            }
            root = root.child(
                el("p")
                    .class("cell-info")
                    .attr("id", "cell-info")
                    .text(&said),
            );
        }
    }
    root = root.child(log_list(app));
    root = root.child(legend(app.legend_open));
    root.child(
        el("div")
            .class("orders save")
            .child(button(&t("save-game"), "save-game").attr("id", "save-game"))
            .child(el("p").class("hint").text(&t("save-game-note"))),
    )
}

/// The orders of a simultaneous turn played out one by one: each carried
/// out (✓) or skipped (✗, with why), the current one marked, the rest to
/// come; "Next order" steps on, and the board shows the game at that step.
fn resolution_panel(app: &App) -> Option<El> {
    let k = app.resolution_at?;
    let s = app.session.as_ref()?;
    let steps = &s.resolution.1;
    let first = steps.first()?;
    let names = s.names();
    let mut list = el("ol").class("log").attr("id", "resolution-steps");
    for (i, step) in steps.iter().enumerate().skip(1) {
        let (mark, class) = match (i.cmp(&k), step.skipped) {
            (std::cmp::Ordering::Greater, _) => ("…", "to-come"),
            (_, true) => ("✗", "skipped"),
            (_, false) => ("✓", "carried-out"),
        };
        let mut li = el("li").class(class).attr("data-step", &i.to_string());
        if i == k {
            li = li.attr("aria-current", "step").class("current");
        }
        let text = if i > k {
            step.order
                .map(|(seat, o)| crate::describe::action(names, seat, &o))
                .unwrap_or_default()
        } else {
            step.lines.join(" ")
        };
        if let Some((seat, _)) = step.order {
            li = li.child(swatch(seat));
        }
        list = list.child(li.text(&format!("{mark} {text}")));
    }
    let last = k + 1 >= steps.len();
    let buttons = el("div")
        .class("orders")
        .child(
            button(
                &t(if last {
                    "resolution-done"
                } else {
                    "resolution-next"
                }),
                "resolution:next",
            )
            .attr("id", "resolution-next"),
        )
        .maybe((!last).then(|| button(&t("resolution-end"), "resolution:end")));
    Some(
        el("section")
            .class("resolution")
            .attr("id", "resolution")
            .attr("aria-live", "polite")
            .child(el("h2").text(&tf(
                "resolution-title",
                &[("turn", &first.game.turn().to_string())],
            )))
            .child(el("p").text(&first.lines.join(" ")))
            .child(list)
            .child(buttons),
    )
}

/// The simultaneous variant's turn: the order of execution, who still has
/// to seal, the viewer's own secret orders, the conflicts waiting.
fn sim_panel(app: &App, view: &View, viewer: Option<u8>) -> Option<El> {
    let s = app.session.as_ref()?;
    let sim = view.sim.as_ref()?;
    let names = s.names();
    let order: Vec<&str> = sim
        .order
        .iter()
        .map(|&p| names[p as usize].as_str())
        .collect();
    let mut root =
        el("div")
            .class("sim")
            .attr("id", "sim")
            .child(el("p").attr("id", "sim-order").text(&tf(
                "sim-order-of-execution",
                &[("order", &order.join(", "))],
            )));
    let g = s.game();
    if g.phase() == Phase::Submit {
        let waiting: Vec<&str> = (0..names.len())
            .filter(|&p| !sim.sealed[p])
            .map(|p| names[p].as_str())
            .collect();
        root = root.child(
            el("p")
                .attr("id", "sim-waiting")
                .text(&tf("sim-waiting", &[("who", &waiting.join(", "))])),
        );
        if let Some(mine) = viewer.and_then(|v| sim.orders.get(v as usize).cloned().flatten()) {
            let seat = viewer.unwrap_or(0);
            if mine.is_empty() {
                root = root.child(el("p").text(&t("sim-none-given")));
            } else {
                let mut list = el("ol").attr("id", "sim-mine");
                for o in &mine {
                    list = list.child(el("li").text(&crate::describe::action(names, seat, o)));
                }
                root = root
                    .child(el("p").text(&tf("sim-given", &[("n", &mine.len().to_string())])))
                    .child(list);
            }
        }
        root = root.child(el("p").class("hint").text(&t("sim-note")));
    }
    if let Phase::Combat(c) = g.phase() {
        root = root.child(el("p").text(&t("sim-combat")));
        for (i, side) in [c.attacker, c.defender].into_iter().enumerate() {
            if sim.committed[i] {
                root = root.child(
                    el("p")
                        .child(swatch(side))
                        .text(&tf("sim-committed", &[("who", &names[side as usize])])),
                );
            }
        }
    }
    if !sim.queue.is_empty() {
        root = root.child(
            el("p")
                .attr("id", "sim-queue")
                .text(&tf("sim-queue", &[("n", &sim.queue.len().to_string())])),
        );
    }
    Some(root)
}

/// What the marks on the board mean, beside the board (the same symbols
/// as on the canvas and in the panel).
fn legend(open: bool) -> El {
    let items = [
        ("⌂", "legend-settler"),
        ("◎", "legend-scientist"),
        ("◆", "legend-merchant"),
        ("▲", "legend-mining"),
        ("●1", "legend-leader"),
        ("★", "legend-artifact"),
        ("⁙", "legend-uninhabitable"),
        ("✕", "legend-destroyed"),
        ("▢", "legend-targets"),
        ("⌜⌟", "legend-last-orders"),
        ("⊠", "legend-lost"),
        ("▲┅", "legend-attacker"),
        ("●━", "legend-defender"),
        ("◷", "legend-held"),
        ("①", "legend-planned"),
    ];
    let mut list = el("ul").class("legend-list");
    for (symbol, meaning) in items {
        list = list.child(
            el("li")
                .child(
                    el("span")
                        .class("symbol")
                        .attr("aria-hidden", "true")
                        .text(symbol),
                )
                .text(&t(meaning)),
        );
    }
    let details = el("details").class("legend").attr("id", "legend");
    let details = if open {
        details.attr("open", "")
    } else {
        details
    };
    details
        .child(el("summary").text(&t("legend-title")))
        .child(list)
}

fn players_table(app: &App, view: &View, viewer: Option<u8>) -> El {
    let s = app.session.as_ref().expect("session");
    let names = s.names();
    let mut list = el("ul").class("players");
    for (i, p) in view.players.iter().enumerate() {
        let seat = i as u8;
        let mut li = el("li").child(swatch(seat)).child(el("b").text(&names[i]));
        if viewer == Some(seat) {
            li = li.text(&format!(" {}", t("player-you")));
        }
        li = li.child(el("span").class("facts").text(&tf(
            "player-facts",
            &[
                ("hand", &p.hand_size.to_string()),
                ("bombers", &p.bombers.to_string()),
                ("artifacts", &p.artifacts.to_string()),
            ],
        )));
        // Scores only where the view shows them (own seat, open scores, game over).
        let score = if viewer.is_some() || view.open_scores {
            p.score
        } else {
            None
        };
        if let Some(sc) = score.filter(|_| viewer == Some(seat) || view.open_scores) {
            li = li.child(el("span").class("score").text(&format!(
                "{} {} · {} {} · {} {} · {} {}",
                kind_symbol(Kind::Settler),
                sc[0],
                kind_symbol(Kind::Scientist),
                sc[1],
                kind_symbol(Kind::Merchant),
                sc[2],
                kind_symbol(Kind::Mining),
                sc[3]
            )));
        }
        list = list.child(li);
    }
    list
}

/// While an AI thinks: who, for how long it may take, and (when only AIs
/// play) the watch controls.
fn ai_status(app: &App) -> Option<El> {
    let s = app.session.as_ref()?;
    let watching = s.human_seats().is_empty() && app.screen == Screen::Playing;
    let mut out = el("div").class("ai-status");
    let mut any = false;
    if let Some((seat, spec)) = s.ai_to_act()
        && app.screen == Screen::Playing
    {
        {
            let level = AI_LEVELS
                .iter()
                .find(|(v, _)| *v == spec)
                .map(|(_, l)| t(l))
                .unwrap_or_else(|| t("ai"));
            let args = [
                ("who", s.names()[seat as usize].as_str()),
                ("level", &level),
            ];
            let text = if app.paused {
                tf("ai-waits", &args)
            } else {
                tf("ai-thinking", &args)
            };
            out = out.child(
                el("p")
                    .attr("id", "thinking")
                    .attr("role", "status")
                    .child(
                        el("span")
                            .class(if app.paused {
                                "spinner still"
                            } else {
                                "spinner"
                            })
                            .attr("aria-hidden", "true"),
                    )
                    .text(&text),
            );
            any = true;
        }
    }
    if watching {
        let mut row = el("div").class("slots").attr("id", "watch");
        row = row.child(if app.paused {
            button(&t("resume"), "resume")
        } else {
            button(&t("pause"), "pause")
        });
        row = row.child(tabula_page_kit::ai_pace::picker(
            app.watch_delay_ms,
            "ai-pace",
        ));
        out = out.child(row);
        any = true;
    } else if app.screen == Screen::Playing && s.human_seats().len() < s.players().len() {
        // Against AIs: their orders come one at a time at this pace.
        out = out.child(tabula_page_kit::ai_pace::picker(
            app.watch_delay_ms,
            "ai-pace",
        ));
        any = true;
    }
    any.then_some(out)
}

/// The shown seat's colonists when it is not that seat's move (a person
/// playing against AIs keeps seeing their own hand).
fn hand_only(view: &View, seat: u8) -> El {
    let hand = view.players[seat as usize].hand.unwrap_or([0; 4]);
    let mut row = el("div")
        .class("slots")
        .attr("aria-label", &t("your-colonists"));
    for k in hand_slots(hand) {
        row = row.child(
            el("span")
                .class("slot chip")
                .style("border-color", crate::palette::kind_colour(k))
                .text(&format!("{} {}", kind_symbol(k), kind_title(k))),
        );
    }
    el("section")
        .class("decision waiting")
        .child(el("h2").text(&t("your-colonists")))
        .child(row)
}

fn decision_panel(app: &App, seat: u8, view: &View) -> El {
    let s = app.session.as_ref().expect("session");
    let g = s.game();
    let names = s.names();
    let me = &view.players[seat as usize];
    let hand = me.hand.unwrap_or([0; 4]);
    match g.phase() {
        Phase::Order | Phase::Submit => {
            let sealing = g.phase() == Phase::Submit;
            let slots = hand_slots(hand);
            // Colonists this seat's sealed orders already use (simultaneous
            // variant): shown, but marked and not to be picked again.
            let mut ordered = [0u8; 4];
            if let Some(mine) = view
                .sim
                .as_ref()
                .and_then(|sim| sim.orders.get(seat as usize).cloned().flatten())
            {
                for o in mine {
                    match o {
                        Action::Colonize { kind, .. } => ordered[kind.index()] += 1,
                        Action::Swap(set) => {
                            for (u, c) in ordered.iter_mut().zip(set.counts()) {
                                *u += c;
                            }
                        }
                        _ => {}
                    }
                }
            }
            let mut seen = [0u8; 4];
            let mut hand_row = el("div")
                .class("slots")
                .attr("role", "group")
                .attr("aria-label", &t("your-colonists"));
            for (i, k) in slots.iter().enumerate() {
                let picked = match app.swap {
                    Some(p) => p[i],
                    None => app.selection == Some(Selection::Colonist(*k)),
                };
                let used = seen[k.index()] < ordered[k.index()];
                seen[k.index()] += 1;
                let b = button("", &format!("slot:{}", i + 1))
                    .class("slot")
                    .disabled(used)
                    .pressed(picked)
                    .style("border-color", crate::palette::kind_colour(*k))
                    .child(
                        el("span")
                            .class("glyph")
                            .style("color", crate::palette::kind_colour(*k))
                            .text(kind_symbol(*k)),
                    )
                    .text(&format!(" {} ", kind_title(*k)))
                    .maybe(used.then(|| el("span").text(&format!("{} ", t("slot-ordered")))))
                    .child(el("kbd").text(&(i + 1).to_string()));
                hand_row = hand_row.child(b);
            }
            let mut leaders = el("div")
                .class("slots")
                .attr("role", "group")
                .attr("aria-label", &t("your-leaders"));
            for (i, k) in Kind::ALL.into_iter().enumerate() {
                let key = ["7", "8", "9", "0"][i];
                let place = me.leaders[k.index()]
                    .map(|p| tf("leader-on", &[("at", &p.to_string())]))
                    .unwrap_or_else(|| t("leader-in-supply"));
                let picked = app.selection == Some(Selection::Leader(k));
                leaders = leaders.child(
                    button("", &format!("leader:{}", k.name()))
                        .class("slot")
                        .pressed(picked)
                        .child(el("span").class("glyph").text(kind_symbol(k)))
                        .text(&format!(
                            " {} ({place}) ",
                            crate::describe::word("leader", k)
                        ))
                        .child(el("kbd").text(key)),
                );
            }
            let selected_on_board = matches!(app.selection, Some(Selection::Leader(k)) if me.leaders[k.index()].is_some());
            let mut orders = el("div").class("orders");
            if app.swap.is_some() {
                let n = app
                    .swap
                    .map(|p| p.iter().filter(|&&b| b).count())
                    .unwrap_or(0);
                orders = orders
                    .child(el("p").text(&t("swap-pick")))
                    .child(
                        button(&tf("swap-n", &[("n", &n.to_string())]), "swap-confirm")
                            .disabled(n == 0),
                    )
                    .child(button(&t("cancel"), "cancel"));
            } else {
                orders = orders
                    .child(
                        button(
                            &tf("bomber-left", &[("n", &me.bombers.to_string())]),
                            "bomber",
                        )
                        .disabled(me.bombers == 0)
                        .pressed(app.selection == Some(Selection::Bomber)),
                    )
                    .maybe(selected_on_board.then(|| button(&t("withdraw-leader"), "withdraw")))
                    .child(button(&t("swap-colonists"), "swap"))
                    .child(button(
                        &t(if sealing { "sim-seal" } else { "pass" }),
                        "pass",
                    ))
                    .child(button(&t("undo"), "undo").disabled(!s.can_undo()));
            }
            let hint = hint(app);
            el("section")
                .class("decision")
                .attr("id", "decision")
                .child(el("h2").text(&t("your-colonists")))
                .child(hand_row)
                .child(el("h2").text(&t("your-leaders")))
                .child(leaders)
                .child(orders)
                .child(el("p").class("hint").text(&hint))
        }
        Phase::Conflict(c) | Phase::Combat(c) => {
            let kind = c.commit_kind();
            let have = hand[kind.index()];
            let what = if c.external {
                tf(
                    "conflict-base-external",
                    &[("colonies", &crate::describe::word("colonies", c.kind))],
                )
            } else {
                t("conflict-base-internal")
            };
            let attacker_total = if c.defender_to_commit {
                format!(
                    " {}",
                    tf(
                        "conflict-committed",
                        &[
                            ("n", &c.attacker_commit.to_string()),
                            (
                                "total",
                                &(c.attacker_base + c.attacker_commit as u16).to_string(),
                            ),
                        ],
                    )
                )
            } else {
                String::new()
            };
            let leaders = crate::describe::word("leaders", c.kind);
            let mut commit = el("div").class("slots");
            for n in 0..=have {
                commit = commit.child(button(&n.to_string(), &format!("commit:{n}")));
            }
            el("section")
                .class("decision conflict")
                .attr("id", "decision")
                .child(el("h2").text(&tf(
                    if c.external {
                        "conflict-external"
                    } else {
                        "conflict-internal"
                    },
                    &[("leaders", &leaders)],
                )))
                .child(
                    el("p")
                        .class("side attack")
                        .child(swatch(c.attacker))
                        .text(&tf(
                            "conflict-attacker",
                            &[
                                ("who", &names[c.attacker as usize]),
                                ("base", &c.attacker_base.to_string()),
                                ("committed", &attacker_total),
                                ("what", &what),
                            ],
                        )),
                )
                .child(
                    el("p")
                        .class("side defend")
                        .child(swatch(c.defender))
                        .text(&tf(
                            "conflict-defender",
                            &[
                                ("who", &names[c.defender as usize]),
                                ("base", &c.defender_base.to_string()),
                                ("what", &what),
                            ],
                        )),
                )
                .child(el("p").text(&tf(
                    if c.attacker == seat {
                        "conflict-you-attack"
                    } else {
                        "conflict-you-defend"
                    },
                    &[
                        ("kinds", &crate::describe::word("kinds", kind)),
                        ("have", &have.to_string()),
                    ],
                )))
                .child(commit)
        }
        Phase::ChooseConflict { pending, .. } => {
            let mut row = el("div").class("slots");
            for k in Kind::ALL {
                if pending & (1 << k.index()) != 0 {
                    row = row.child(button(
                        &tf(
                            "conflict-first",
                            &[("leaders", &crate::describe::word("leaders", k))],
                        ),
                        &format!("resolve:{}", k.name()),
                    ));
                }
            }
            el("section")
                .class("decision")
                .attr("id", "decision")
                .child(el("h2").text(&t("conflicts-several")))
                .child(el("p").text(&t("conflicts-several-note")))
                .child(row)
        }
        Phase::ChooseArtifact { .. } => {
            let mut row = el("div").class("slots");
            for (p, _) in s.decision_targets(seat) {
                row = row.child(button(
                    &tf("take-at", &[("at", &p.to_string())]),
                    &format!("take:{p}"),
                ));
            }
            el("section")
                .class("decision")
                .attr("id", "decision")
                .child(el("h2").text(&t("artifacts-title")))
                .child(el("p").text(&t("artifacts-note")))
                .child(row)
        }
        _ => el("section"),
    }
}

fn log_list(app: &App) -> El {
    let s = app.session.as_ref().expect("session");
    let mut list = el("ol")
        .class("log")
        .attr("id", "log")
        .attr("aria-label", &t("game-log"));
    let entries = s.log();
    let start = entries.len().saturating_sub(300);
    for (i, e) in entries.iter().enumerate().skip(start) {
        let mut li = el("li").class(if e.is_action { "act" } else { "why" });
        if let Some(seat) = e.seat {
            li = li.child(swatch(seat));
        }
        li = li.text(&e.text);
        if let Some(why) = &e.why {
            let open = app.why_open == Some(i);
            li = li.text(" ").child(
                button(&t("why"), &format!("why:{i}"))
                    .class("why-button")
                    .attr("aria-expanded", if open { "true" } else { "false" }),
            );
            if open {
                li = li.child(el("span").class("rule").attr("id", "why-open").text(why));
            }
        }
        list = list.child(li);
    }
    // The box scrolls from its end (see `.log-scroll`), so the newest entry
    // is in sight without the page being measured after every order.
    el("section")
        .child(el("h2").text(&t("game-log")))
        .child(el("div").class("log-scroll").child(list))
}

/// The line above a phone's board (`touch::hint`): after a first tap on a
/// lit cell, what a second tap there does; else what to do next.
fn tap_hint(app: &App) {
    let (Some(s), Some(seat)) = (app.session.as_ref(), app.acting_viewer()) else {
        tabula_page_kit::touch::hint("board-box", "");
        return;
    };
    let pending = app
        .tap
        .pending()
        .and_then(|at| app.targets().into_iter().find(|(q, _)| *q == at));
    let text = match pending {
        Some((_, a)) => {
            let act = crate::describe::action(s.names(), seat, &a);
            tf("tap-again", &[("what", act.trim_end_matches('.'))])
        }
        None => hint(app),
    };
    tabula_page_kit::touch::hint("board-box", &text);
}

/// What to do next with what is picked, in one line.
fn hint(app: &App) -> String {
    // Two sealed orders given: only the seal (or an undo) is left.
    if let (Some(s), Some(seat)) = (app.session.as_ref(), app.acting_viewer())
        && s.game().phase() == Phase::Submit
        && s.game()
            .simultaneous()
            .is_some_and(|sim| sim.orders_of(seat).count() == 2)
    {
        return t("sim-hint-seal");
    }
    match app.selection {
        Some(_) if app.swap.is_none() => {
            let n = app.targets().len();
            if n == 0 {
                t("hint-nowhere")
            } else {
                tf(
                    &tabula_page_kit::touch::key("hint-targets"),
                    &[("n", &n.to_string())],
                )
            }
        }
        _ => t(&tabula_page_kit::touch::key("hint-pick")),
    }
}

/// Tell a screen reader what a key just changed: the cell the cursor moved
/// to (and what Enter would do there), or what a pick made possible.
fn speak(app: &mut App) {
    use tabula_page_kit::announce::say;
    let picked = app.selection != app.said_selection;
    app.said_selection = app.selection;
    if picked {
        app.tap.clear();
    }
    if app.say_cursor {
        app.say_cursor = false;
        let Some(s) = app.session.as_ref() else {
            return;
        };
        let at = app.cursor;
        let play = app.acting_viewer().and_then(|seat| {
            app.targets()
                .into_iter()
                .find(|(q, _)| *q == at)
                .map(|(_, a)| (seat, a))
        });
        let viewer = app.shown_seat().unwrap_or(0);
        say(
            "board-say",
            &cursor_words(s.names(), s.game(), viewer, at, play),
        );
    } else if picked && app.selection.is_some() && app.acting_viewer().is_some() {
        say("board-say", &hint(app));
    }
}

fn hovered_action(app: &App) -> Option<(Pos, Action)> {
    let p = app.hover?;
    app.targets().into_iter().find(|(q, _)| *q == p)
}

fn render_overlay(app: &App) {
    let Some(overlay) = by_id("overlay") else {
        return;
    };
    let content = if app.screen == Screen::NewGame {
        Some(new_game_dialog(app))
    } else if app.screen == Screen::OpenGame {
        Some(open_game_dialog(app))
    } else if app.screen == Screen::Over && !app.over_hidden {
        Some(end_screen(app))
    } else if app.handing_off() {
        let s = app.session.as_ref().expect("session");
        let seat = s.seat_to_act().unwrap_or(0);
        let name = &s.names()[seat as usize];
        let key = match s.game().phase() {
            Phase::Conflict(_) => "handoff-conflict",
            Phase::Combat(_) => "handoff-combat",
            Phase::Submit => "handoff-orders",
            Phase::ChooseArtifact { .. } => "handoff-artifact",
            _ => "handoff",
        };
        Some(
            el("div")
                .class("dialog")
                .attr("role", "dialog")
                .attr("aria-label", &t("handoff-label"))
                .child(tabula_page_kit::handoff::screen(Handoff {
                    marker: swatch(seat),
                    name,
                    title: key,
                    note: "handoff-note",
                    ready: "handoff-ready",
                    args: &[("who", name)],
                    cmd: "ready",
                    note_id: None,
                })),
        )
    } else {
        None
    };
    // The lessons (the page kit's screen, over the page) leave no dialog
    // of the page open beneath them.
    let content = content.filter(|_| !tabula_page_kit::lesson_screen::showing());
    match content {
        Some(c) => {
            // Changed in place: focus and a half-typed field stay put.
            tabula_page_kit::morph::show(&overlay, c);
            overlay.remove_attribute("hidden").ok();
            tabula_page_kit::modal::sync(overlay.first_element_child().as_ref());
        }
        None => {
            overlay.set_text_content(None);
            overlay.set_attribute("hidden", "").ok();
            tabula_page_kit::modal::sync(None);
        }
    }
}

fn new_game_dialog(app: &App) -> El {
    let mut seats = el("div").class("seats");
    for i in 0..app.dialog_seats.min(4) {
        let mut choices = vec![("human".to_string(), t("person"))];
        choices.extend(AI_LEVELS.iter().map(|(v, l)| (v.to_string(), t(l))));
        seats = seats.child(tabula_page_kit::seat_rows::seat_row(
            tabula_page_kit::seat_rows::SeatRow {
                tag: "label",
                class: "seat-row",
                mark: swatch(i as u8),
                words: Some(tf("player-n", &[("n", &(i + 1).to_string())])),
                who: tabula_page_kit::seat_rows::Who {
                    id: format!("kind{i}"),
                    label: Some(tf("player-n-is", &[("n", &(i + 1).to_string())])),
                    choices,
                    chosen: "human",
                },
                name: Some(tabula_page_kit::seat_rows::Name {
                    id: format!("name{i}"),
                    value: tabula_page_kit::players::colour_name(i),
                    max: 40,
                    label: None,
                }),
                name_first: true,
            },
        ));
    }
    let mut maps = el("select").attr("id", "map");
    if let Some((name, _)) = &app.custom_map {
        maps = maps.child(
            el("option")
                .attr("value", "editor")
                .attr("selected", "")
                .text(&tf("map-from-editor", &[("name", name)])),
        );
    }
    for (name, _) in MAPS {
        maps = maps.child(el("option").attr("value", name).text(&map_name(name)));
    }
    let seed = (js_sys::Math::random() * 1e9).floor() as u64;
    let mut count = el("div").class("slots");
    for n in 2..=4 {
        count = count.child(
            button(&tn("n-players", n as i64, &[]), &format!("seats:{n}"))
                .pressed(n == app.dialog_seats),
        );
    }
    el("div")
        .class("dialog")
        .attr("role", "dialog")
        .attr("aria-label", &t("new-game"))
        .child(el("h2").text(&t("new-game-title")))
        .child(count)
        .child(seats)
        .child(
            el("label")
                .text(&format!("{} ", t("map-label")))
                .child(maps),
        )
        .child(
            el("label").text(&format!("{} ", t("seed-label"))).child(
                el("input")
                    .attr("type", "number")
                    .attr("id", "seed")
                    .attr("min", "0")
                    .attr("value", &seed.to_string()),
            ),
        )
        .child(
            el("label")
                .child(
                    el("input")
                        .attr("type", "checkbox")
                        .attr("id", "open-scores"),
                )
                .text(&format!(" {}", t("open-scores"))),
        )
        .child(
            el("label").text(&format!("{} ", t("turns-label"))).child(
                el("select")
                    .attr("id", "turns")
                    .child(
                        el("option")
                            .attr("value", "sequential")
                            .text(&t("turns-sequential")),
                    )
                    .child(
                        el("option")
                            .attr("value", "simultaneous")
                            .text(&t("turns-simultaneous")),
                    ),
            ),
        )
        .child(
            el("label").text(&format!("{} ", t("order-label"))).child(
                el("select")
                    .attr("id", "order")
                    .child(
                        el("option")
                            .attr("value", "rotating")
                            .text(&t("order-rotating")),
                    )
                    .child(
                        el("option")
                            .attr("value", "shuffled")
                            .text(&t("order-shuffled")),
                    ),
            ),
        )
        .maybe(
            app.message
                .as_ref()
                .map(|m| el("p").class("message").attr("role", "alert").text(m)),
        )
        .maybe(app.notice.as_ref().map(|n| {
            el("p")
                .class("message")
                .attr("id", "notice")
                .attr("role", "alert")
                .text(n)
                .maybe(
                    crate::app::AUTOSAVE
                        .set_aside_button("broken-save")
                        .map(|b| el("span").text(" ").child(b)),
                )
        }))
        .child(
            el("div")
                .class("orders")
                .child(button(&t("start"), "start").attr("id", "start"))
                .child(button(&t("open-saved-or-shared"), "open-game").attr("id", "open-game"))
                .child(button(&t("learn-rules"), "lessons").attr("id", "open-lessons"))
                .child(
                    button(&t("online-play"), "online")
                        .attr("id", "online-open")
                        .attr("title", &t("online-play-title")),
                )
                .child(button(&t("draw-map-instead"), "editor").attr("id", "open-editor"))
                .maybe(
                    app.session
                        .is_some()
                        .then(|| button(&t("cancel"), "close-dialog")),
                ),
        )
}

fn open_game_dialog(app: &App) -> El {
    el("div")
        .class("dialog")
        .attr("role", "dialog")
        .attr("aria-labelledby", "open-h")
        .child(open_game(OpenGame {
            title: &t("open-game"),
            note: &t("open-game-note"),
            file: (
                &t("open-file-label"),
                "game-file",
                ".json,.txt,application/json,text/plain",
            ),
            paste: (&t("open-paste-label"), "game-paste", &app.game_paste),
            message: (app.open_error.as_deref(), "open-error"),
            open: (&t("open-pasted"), "paste-game"),
            cancel: "close-open",
        }))
}

fn end_screen(app: &App) -> El {
    let s = app.session.as_ref().expect("session");
    let g = s.game();
    let outcome = g.outcome();
    let mut table = el("table")
        .class("scores")
        .attr("id", "final-scores")
        .child(
            el("tr").children(
                // Each resource's glyph and its word; on a narrow screen
                // only the glyph shows (the word stays for screen readers).
                [
                    ("", t("end-player")),
                    ("⌂", t("resource-settler")),
                    ("◎", t("resource-scientist")),
                    ("◆", t("resource-merchant")),
                    ("▲", t("resource-mining")),
                    ("★", t("end-artifacts")),
                    ("", t("end-score")),
                ]
                .map(|(glyph, word)| {
                    if glyph.is_empty() {
                        el("th").text(&word)
                    } else {
                        el("th")
                            .attr("title", &word)
                            .child(el("span").attr("aria-hidden", "true").text(glyph))
                            .child(el("span").class("word").text(&format!(" {word}")))
                    }
                }),
            ),
        );
    for p in 0..g.players() as u8 {
        let sc = g.score(p);
        let add = g.artifact_assignment(p);
        let cell = |k: usize| {
            let t = if add[k] > 0 {
                format!("{} + {}★", sc[k], add[k])
            } else {
                sc[k].to_string()
            };
            el("td").text(&t)
        };
        let final_score = g.final_scores(p)[0];
        table = table.child(
            el("tr")
                .attr("data-seat", &p.to_string())
                .child(el("td").child(swatch(p)).text(&s.names()[p as usize]))
                .children((0..4).map(cell))
                .child(el("td").text(&g.artifacts_held(p).to_string()))
                .child(el("td").class("final").text(&final_score.to_string())),
        );
    }
    use tabula_page_kit::end_screen::{EndCommands, frame, headline};
    let winners = outcome.map(|o| o.winners()).unwrap_or_default();
    let commands = EndCommands {
        look: Some("hide-end"),
        replay: Some("replay-game"),
        save: Some("download"),
        link: Some("copy-game-link"),
        new: Some("new"),
    };
    let result = el("div").child(el("p").text(&t("end-note"))).child(table);
    frame(&headline(s.names(), &winners), Some(result), &commands)
        .class("dialog")
        .attr("role", "dialog")
        .attr("aria-label", &t("end-label"))
        .maybe(
            app.notice
                .as_ref()
                .map(|n| el("p").class("note").attr("id", "notice").text(n)),
        )
}

/// The regions view: labels and rulers from the engine, each region's
/// tag where it covers no piece ([`crate::region_tags`]).
fn region_overlay(app: &App) -> Option<RegionOverlay> {
    let s = app.session.as_ref()?;
    let g = s.game();
    let regions: &Regions = g.regions();
    let labels: Vec<Option<u16>> = (0..g.cell_count()).map(|i| regions.of(i)).collect();
    let rulers: Vec<(Pos, Vec<(u8, Kind)>)> = crate::region_tags::region_tags(g)
        .into_iter()
        .map(|t| (t.at, t.rulers))
        .collect();
    Some(RegionOverlay { labels, rulers })
}

/// Size the canvas for a board of `cols` × `rows` to fit the window, and
/// return its drawing context and geometry. A board a finger plays on
/// (`tapped`) is drawn larger on a touch screen, until every cell is
/// 24 px (`touch::board_width`), and pans in its box.
fn prepare_canvas(
    canvas: &HtmlCanvasElement,
    cols: usize,
    rows: usize,
    tapped: bool,
) -> Option<(CanvasRenderingContext2d, Geometry)> {
    let window = web_sys::window()?;
    let area = by_id("board-area").map(|a| a.get_bounding_client_rect());
    let avail_w = area.as_ref().map(|r| r.width()).unwrap_or(800.0).max(200.0);
    let inner_h = window
        .inner_height()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(800.0);
    let inner_w = window
        .inner_width()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(1280.0);
    // On a narrow screen the panel sits under the board: leave it room.
    let below = if inner_w <= 900.0 {
        inner_h * 0.4
    } else {
        16.0
    };
    // From the canvas's own top: a line above it (the last orders) counts.
    let top = canvas.get_bounding_client_rect().top();
    let top = if top > 0.0 {
        top
    } else {
        area.as_ref().map(|r| r.top()).unwrap_or(0.0)
    };
    let avail_h = (inner_h - top - below).max(240.0);
    let mut geo = Geometry::fit(cols, rows, avail_w, avail_h);
    let wide = if tapped {
        tabula_page_kit::touch::board_width(avail_w, geo.cell)
    } else {
        avail_w
    };
    if wide > avail_w {
        geo = Geometry::fit(cols, rows, wide, f64::INFINITY);
    }
    tabula_page_kit::touch::pan("board-box", wide > avail_w);
    for (k, v) in [
        ("cols", geo.cols as f64),
        ("rows", geo.rows as f64),
        ("cell", geo.cell),
        ("ox", geo.ox),
        ("oy", geo.oy),
    ] {
        canvas
            .set_attribute(&format!("data-{k}"), &v.to_string())
            .ok();
    }
    let ctx = sized_context(canvas, geo.width, geo.height)?;
    Some((ctx, geo))
}

/// Redraw the canvas (also on hover and resize).
pub fn draw_board(app: &mut App) {
    let Some(canvas) = by_id("board").and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok()) else {
        return;
    };
    if ON_DEMAND
        && app.screen == Screen::Editor
        && let Some(editor) = app.editor.as_ref()
    {
        tabula_page_kit::touch::hint("board-box", "");
        if let Some((ctx, geo)) = prepare_canvas(
            &canvas,
            editor.sketch.grid.width,
            editor.sketch.grid.height,
            false,
        ) {
            editor_view::draw(&ctx, &geo, editor);
            app.geometry = Some(geo);
        }
        if let Some(t) = by_id("targets") {
            t.set_text_content(None);
        }
        return;
    }
    if ON_DEMAND
        && app.screen == Screen::Author
        && let Some(a) = app.author.as_ref()
    {
        tabula_page_kit::touch::hint("board-box", "");
        if let Some((ctx, geo)) = prepare_canvas(&canvas, a.width, a.height, false) {
            author_view::draw_board(&ctx, &geo, a);
            app.geometry = Some(geo);
        }
        show_targets(&author_view::targets_now(a));
        return;
    }
    if app.screen == Screen::Replay
        && let Some(v) = app.replay.as_ref()
    {
        let g = v.replay.game();
        tabula_page_kit::touch::hint("board-box", "");
        if let Some((ctx, geo)) = prepare_canvas(&canvas, g.width(), g.height(), false) {
            replay_view::draw_board(&ctx, &geo, v);
            app.geometry = Some(geo);
        }
        return;
    }
    let Some(s) = app.session.as_ref() else {
        tabula_page_kit::touch::hint("board-box", "");
        tabula_page_kit::touch::pan("board-box", false);
        canvas.set_width(0);
        canvas.set_height(0);
        return;
    };
    let g = s.game();
    let window = web_sys::window().expect("window");
    let started = window.performance().map(|p| p.now());
    // The line above the board first: the board takes the room left below it.
    let recent = show_last_turn(app);
    let Some((ctx, geo)) = prepare_canvas(&canvas, g.width(), g.height(), true) else {
        return;
    };
    // The board is public: draw it from any seat's view, never a hand.
    // While a resolution is played out, the board is the game at its step.
    let step = app
        .resolution_at
        .and_then(|k| app.session.as_ref()?.resolution.1.get(k));
    let view = match step {
        Some(st) => st.game.player_view(app.shown_seat().unwrap_or(0)),
        None => g.player_view(app.shown_seat().unwrap_or(0)),
    };
    let step_cell: Vec<Pos> = step
        .and_then(|st| st.order)
        .and_then(|(_, o)| match o {
            Action::Colonize { at, .. }
            | Action::PlaceLeader { at, .. }
            | Action::MoveLeader { to: at, .. }
            | Action::Destroy { at } => Some(at),
            _ => None,
        })
        .into_iter()
        .collect();
    let targets: Vec<Pos> = app.targets().into_iter().map(|(p, _)| p).collect();
    tap_hint(app);
    let sides = g.conflict_sides();
    let (attack, defend) = match &sides {
        Some(sd) => (sd.attacker_support.clone(), sd.defender_support.clone()),
        None => (Vec::new(), Vec::new()),
    };
    // The cells behind each side, named on the canvas too (for tests and
    // tools; the panel says the strengths in words).
    let names = |cells: &[Pos]| {
        cells
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Hover text: what the cell under the pointer holds.
    let title = app
        .hover
        .and_then(|p| g.index(p).map(|i| (p, i)))
        .and_then(|(p, i)| {
            let names = app.session.as_ref()?.names();
            Some(crate::describe::cell(names, p, view.cells.get(i)?))
        })
        .unwrap_or_else(|| t("the-board"));
    canvas.set_attribute("title", &title).ok();
    canvas.set_attribute("data-attack", &names(&attack)).ok();
    canvas.set_attribute("data-defend", &names(&defend)).ok();
    let overlay = if app.regions_view {
        region_overlay(app)
    } else {
        None
    };
    let cursor = (app.acting_viewer().is_some()).then_some(app.cursor);
    // The acting person's own sealed orders, marked where they will act.
    let planned: Vec<Pos> = match (app.acting_viewer(), view.sim.as_ref()) {
        (Some(seat), Some(sim)) if g.phase() == Phase::Submit && view.seat == seat => sim
            .orders
            .get(seat as usize)
            .cloned()
            .flatten()
            .unwrap_or_default()
            .iter()
            .filter_map(|a| match *a {
                Action::Colonize { at, .. }
                | Action::PlaceLeader { at, .. }
                | Action::MoveLeader { to: at, .. }
                | Action::Destroy { at } => Some(at),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    // What left the board since the person's last order, where nothing
    // has taken its place since (not while a resolution is played out).
    let lost: Vec<(Pos, tabula_star_tigris::view::CellView)> = if step.is_some() {
        Vec::new()
    } else {
        app.vanished
            .iter()
            .filter(|v| app.shown_seat().is_none_or(|seat| v.for_seat(seat)))
            .filter(|v| {
                g.index(v.at)
                    .and_then(|i| view.cells.get(i))
                    .is_some_and(|now| {
                        now.colony.is_none() && now.leader.is_none() && !now.destroyed
                    })
            })
            .map(|v| (v.at, v.was))
            .collect()
    };
    canvas
        .set_attribute(
            "data-lost",
            &lost
                .iter()
                .map(|(p, _)| p.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        )
        .ok();
    canvas
        .set_attribute(
            "data-planned",
            &planned
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        )
        .ok();
    board::draw(
        &ctx,
        &geo,
        &Picture {
            regions: overlay.as_ref(),
            targets: &targets,
            cursor,
            hover: app.hover,
            attack: &attack,
            defend: &defend,
            recent: if step.is_some() { &step_cell } else { &recent },
            planned: &planned,
            lost: &lost,
            ..Picture::cells(&view.cells)
        },
    );
    app.geometry = Some(geo);
    // How long the redraw took, for the page benchmark.
    if let (Some(t0), Some(p)) = (started, window.performance()) {
        canvas
            .set_attribute("data-draw-ms", &format!("{:.3}", p.now() - t0))
            .ok();
    }
    // The targets, as text for screen readers (and tests).
    show_targets(&targets);
}

/// The last orders of another seat: their cells (to mark on the board),
/// and their words under the board (said once, in the news region).
fn show_last_turn(app: &App) -> Vec<Pos> {
    let other = app.last_turn.as_ref().filter(|t| {
        app.screen == Screen::Playing
            && !app.handing_off()
            && app.resolution_at.is_none()
            && app.shown_seat() != Some(t.seat)
    });
    let (cells, text) = match (other, app.session.as_ref()) {
        (Some(t), Some(s)) => {
            let name = s.names().get(t.seat as usize).cloned().unwrap_or_default();
            let said = said_once(&t.lines, &name).join(" ");
            let cells = t.cells.iter().map(|p| p.to_string()).collect::<Vec<_>>();
            let marked = if cells.is_empty() {
                String::new()
            } else {
                format!(
                    " {}",
                    tf("last-orders-marked", &[("cells", &cells.join(", "))])
                )
            };
            // All of it, however long: a turn's later orders matter as
            // much as its first. Said once, an order a line (never cut).
            let text = tf(
                "last-orders",
                &[("who", &name), ("said", &said), ("marked", &marked)],
            );
            if tabula_page_kit::announce::changed("last-turn", &text) {
                let lines = said_once(&t.lines, &name);
                let mut told: Vec<String> = Vec::new();
                for (i, l) in lines.iter().enumerate() {
                    told.push(if i == 0 {
                        tf(
                            "last-orders",
                            &[("who", &name), ("said", l), ("marked", "")],
                        )
                    } else {
                        l.clone()
                    });
                }
                told.push(marked.trim().to_string());
                tabula_page_kit::announce::tell(&told);
            }
            (t.cells.clone(), text)
        }
        // Against AIs the line keeps its place, so the board never jumps.
        _ if app.screen == Screen::Playing
            && app
                .session
                .as_ref()
                .is_some_and(|s| s.human_seats().len() < s.players().len()) =>
        {
            (Vec::new(), t("last-orders-waiting"))
        }
        _ => (Vec::new(), String::new()),
    };
    if let Some(p) = by_id("last-turn") {
        if p.text_content().unwrap_or_default() != text {
            p.set_text_content(Some(&text));
        }
        if let Some(h) = p.dyn_ref::<web_sys::HtmlElement>() {
            h.set_hidden(text.is_empty());
        }
    }
    cells
}

/// A turn's log lines with a secret order given again and again said once
/// with its count (simultaneous variant: "Robo gives 2 orders (secret…)"
/// rather than the same sentence twice).
fn said_once(lines: &[String], who: &str) -> Vec<String> {
    let secret = tf("log-sim-order", &[("who", who)]);
    let n = lines.iter().filter(|l| **l == secret).count();
    if n < 2 {
        return lines.to_vec();
    }
    let mut out = Vec::new();
    let mut counted = false;
    for l in lines {
        if *l != secret {
            out.push(l.clone());
        } else if !counted {
            // The first of them stands for all.
            out.push(tn("log-sim-orders", n as i64, &[("who", who)]));
            counted = true;
        }
    }
    out
}

/// The cells lit on the board, as text for screen readers (and tests).
fn show_targets(targets: &[Pos]) {
    if let Some(t) = by_id("targets") {
        let text = if targets.is_empty() {
            String::new()
        } else {
            tf(
                "targets",
                &[(
                    "cells",
                    &targets
                        .iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                )],
            )
        };
        if t.text_content().unwrap_or_default() != text {
            t.set_text_content(Some(&text));
        }
    }
}
