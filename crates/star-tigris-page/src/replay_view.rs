//! Draws the replay viewer: its panel (controls, scrubber, seat selector,
//! standings, the log with the current action marked), the board at the
//! position shown, and the chart of every seat's points over time.

use tabula_engine::Game;
use tabula_star_tigris::{Action, Kind, Pos};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

use tabula_page_kit::i18n::{t, tf, tn};

use crate::board::{self, Geometry, Picture};
use crate::dom::{El, button, by_id, el, sized_context, swatch};
use crate::palette::{SEAT_COLOURS, kind_colour, kind_symbol, kind_title};
use crate::replay::{REPLAY_SPEEDS, ReplayView};
use tabula_page_kit::chart::{Area, DASHES, Line, draw_line, draw_mark};

/// Height of one seat's strip in the chart, in CSS pixels.
const STRIP: f64 = 64.0;

/// Whether the chart and standings show `seat`'s points.
pub fn shows_scores(v: &ReplayView, seat: u8) -> bool {
    v.seat.is_none_or(|s| s == seat) || v.replay.game().open_scores()
}

/// The cell an action is about, to mark on the board.
pub fn action_cell(a: &Action) -> Option<Pos> {
    match *a {
        Action::Colonize { at, .. } | Action::PlaceLeader { at, .. } => Some(at),
        Action::MoveLeader { to, .. } => Some(to),
        Action::Destroy { at } | Action::TakeArtifact { at } => Some(at),
        _ => None,
    }
}

/// The replay panel: its [`head`] and the log.
pub fn panel(v: &ReplayView) -> El {
    el("div")
        .class("replay")
        .attr("id", "replay")
        .attr("data-key", &key(v))
        .child(head(v))
        .child(log(v))
}

/// What identifies the replayed game: its log is built once per game (a
/// long game's log is not built again at every step of the playing).
pub fn key(v: &ReplayView) -> String {
    format!(
        "{}:{}:{}",
        v.replay.record.final_hash,
        v.replay.len(),
        v.replay.names.join("\u{1f}")
    )
}

/// Everything of the panel above the log, which changes with the
/// position: the heading and the transport, the timeline, the teacher's
/// note, the speed, whose view, the standings and the chart.
pub fn head(v: &ReplayView) -> El {
    el("div")
        .attr("id", "replay-head")
        .child(top(v))
        .child(scrubber(v))
        .child(tabula_page_kit::teacher_notes::panel(
            &v.replay.record.notes,
            v.replay.actions_played(),
        ))
        .child(rest(v))
}

/// The heading, where the replay stands, and the transport.
fn top(v: &ReplayView) -> El {
    let r = &v.replay;
    let n = r.len();
    let mut root = el("div").attr("id", "replay-top");
    let title = r.names.join(&format!(" {} ", t("versus")));
    root = root.child(el("h2").text(&tf("replay-title", &[("names", &title)])));
    let status = if r.pos == 0 {
        tn("replay-start", n as i64, &[])
    } else {
        tf(
            "replay-at",
            &[
                ("pos", &r.pos.to_string()),
                ("n", &n.to_string()),
                ("turn", &r.steps[r.pos - 1].turn.to_string()),
                ("who", &r.names[r.steps[r.pos - 1].seat as usize]),
            ],
        )
    };
    root = root.child(
        el("p")
            .class("status")
            .attr("id", "replay-pos")
            .attr("data-pos", &r.pos.to_string())
            .attr("data-len", &n.to_string())
            .attr("aria-live", "polite")
            .text(&status),
    );
    use tabula_page_kit::replay_viewer::{ACTIONS_AND_TURNS, buttons};
    let controls = buttons(r, v.playback.playing, &ACTIONS_AND_TURNS, |m| {
        format!("replay:{}", m.name())
    });
    root = root.child(controls);
    root
}

/// The timeline scrubber (kept in place by the redraw, so a drag is never
/// cut short; its value follows the position, see [`mark_current`]).
fn scrubber(v: &ReplayView) -> El {
    let r = &v.replay;
    tabula_page_kit::transport::timeline(
        "scrub",
        r.len(),
        r.pos,
        &t("replay-timeline"),
        &t("replay-jump"),
    )
}

/// Below the timeline: the speed, whose view, the standings, the chart.
fn rest(v: &ReplayView) -> El {
    let r = &v.replay;
    use tabula_page_kit::replay_viewer::{SeatWords, seats, speeds};
    let mut root = el("div").attr("id", "replay-rest");
    let speed = |s: f64| {
        if s < 1.0 {
            "½×".to_string()
        } else {
            format!("{s}×")
        }
    };
    root = root.child(speeds(&REPLAY_SPEEDS, &speed, v.playback.speed));
    root = root.child(el("p").class("hint").text(&t("replay-keys")));
    // Whose view.
    let seat = |i: u8| {
        el("span")
            .child(swatch(i))
            .text(&tf("replay-as-seen", &[("who", &r.names[usize::from(i)])]))
    };
    let words = SeatWords {
        label: t("replay-show"),
        name: t("replay-show-as"),
        no_seat: t("replay-everything"),
        seat: &seat,
    };
    root = root.child(seats(r.names.len(), v.seat, &words));
    // Standings at this position.
    let g = r.game();
    let mut list = el("ul").class("players").attr("id", "replay-players");
    for (i, name) in r.names.iter().enumerate() {
        let seat = i as u8;
        let mut li = el("li")
            .attr("data-seat", &i.to_string())
            .child(swatch(seat))
            .child(el("b").text(name))
            .child(el("span").class("facts").text(&tf(
                "replay-facts",
                &[
                    ("artifacts", &g.artifacts_held(seat).to_string()),
                    (
                        "bombers",
                        &g.player_view(seat).players[i].bombers.to_string(),
                    ),
                ],
            )));
        if v.seat.is_none_or(|s| s == seat) {
            let hand = g.hand(seat);
            let text: Vec<String> = Kind::ALL
                .into_iter()
                .filter(|k| hand[k.index()] > 0)
                .map(|k| format!("{}×{}", hand[k.index()], kind_symbol(k)))
                .collect();
            li = li.child(
                el("span")
                    .class("facts hand")
                    .text(&tf("replay-hand", &[("hand", &text.join(" "))])),
            );
        }
        if shows_scores(v, seat) {
            let st = r.scores[r.pos][i];
            li = li.child(el("span").class("score").text(&format!(
                "⌂ {} · ◎ {} · ◆ {} · ▲ {} · {}",
                st.kinds[0],
                st.kinds[1],
                st.kinds[2],
                st.kinds[3],
                tf("replay-score", &[("n", &st.score.to_string())])
            )));
        }
        list = list.child(li);
    }
    root = root.child(list);
    root = root.child(
        el("section")
            .child(el("h2").text(&t("replay-chart")))
            .child(
                el("canvas")
                    .attr("id", "chart")
                    .attr("role", "img")
                    .attr("aria-label", &t("replay-chart-label")),
            )
            .child(chart_legend()),
    );
    root
}

/// The log, by action (the current one is marked by [`mark_current`]).
fn log(v: &ReplayView) -> El {
    let r = &v.replay;
    let mut log = el("ol").class("log replay-log").attr("id", "replay-log");
    for (i, step) in r.steps.iter().enumerate() {
        let mut li = el("li").attr("data-step", &(i + 1).to_string());
        let mut b = el("button")
            .attr("type", "button")
            .class("entry")
            .cmd(&format!("replay:seek:{}", i + 1))
            .child(swatch(step.seat))
            .text(&format!("{}. {}", i + 1, step.info.lines[0]));
        for line in &step.info.lines[1..] {
            b = b.child(el("span").class("why").text(line));
        }
        li = li.child(b);
        log = log.child(li);
    }
    el("div")
        .child(
            el("section")
                .child(el("h2").text(&t("game-log")))
                .child(log),
        )
        .child(
            el("div")
                .class("orders")
                .child(button(&t("replay-download"), "replay:download"))
                .child(button(&t("end-copy-link"), "replay:link"))
                .child(button(&t("new-game"), "new")),
        )
}

/// Mark the log entry of the action just played, and keep it in sight;
/// move the scrubber to the position.
pub fn mark_current(v: &ReplayView) {
    if let Some(i) = by_id("scrub").and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        && i.value() != v.replay.pos.to_string()
    {
        i.set_value(&v.replay.pos.to_string());
    }
    let Some(log) = by_id("replay-log") else {
        return;
    };
    if let Ok(Some(old)) = log.query_selector("li.current") {
        old.class_list().remove_1("current").ok();
    }
    if v.replay.pos == 0 {
        log.set_scroll_top(0);
        return;
    }
    let sel = format!("li[data-step=\"{}\"]", v.replay.pos);
    if let Ok(Some(cur)) = log.query_selector(&sel) {
        cur.class_list().add_1("current").ok();
        // The list is positioned, so offsets are within it.
        if let Some(c) = cur.dyn_ref::<web_sys::HtmlElement>() {
            log.set_scroll_top((c.offset_top() - log.client_height() / 2).max(0));
        }
    }
}

/// Draw the board at the position shown.
pub fn draw_board(ctx: &Ctx, geo: &Geometry, v: &ReplayView) {
    let r = &v.replay;
    let view = r.game().player_view(v.seat.unwrap_or(0));
    let last = r.shown().and_then(|s| action_cell(&s.info.shown));
    board::draw(
        ctx,
        geo,
        &Picture {
            cursor: last,
            ..Picture::cells(&view.cells)
        },
    );
}

/// The chart's drawing area of a canvas `width` wide (every strip has
/// the same left and right edges).
fn chart_area(width: f64, seat: usize) -> Area {
    let top = seat as f64 * STRIP + 2.0;
    Area {
        left: 8.0,
        top: top + 14.0,
        right: width - 8.0,
        bottom: top + STRIP - 6.0,
    }
}

/// The position a click at `x` on the chart means.
pub fn chart_position(v: &ReplayView, x: f64, width: f64) -> usize {
    chart_area(width, 0).position_at(x, v.replay.len())
}

/// The chart's legend: each kind's line and the score's.
fn chart_legend() -> El {
    let kinds: Vec<(String, &str)> = Kind::ALL
        .iter()
        .map(|&k| {
            (
                format!("{} {}", kind_symbol(k), kind_title(k)),
                kind_colour(k),
            )
        })
        .collect();
    el("p").class("chart-legend").child(
        tabula_page_kit::chart::legend(kinds.iter().map(|(n, c)| (n.as_str(), *c)))
            .child(el("span").class("chart-key").text(&t("replay-chart-score"))),
    )
}

/// Draw the chart into `#chart`: a strip a seat, each kind's points in
/// its colour and dash pattern, the score as a thick line, and a mark at
/// the position shown.
pub fn draw_chart(v: &ReplayView) {
    let Some(canvas) = by_id("chart").and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok()) else {
        return;
    };
    let r = &v.replay;
    let width = canvas
        .parent_element()
        .map(|p| p.client_width() as f64)
        .unwrap_or(340.0)
        .max(200.0);
    let seats = r.names.len();
    let height = STRIP * seats as f64 + 4.0;
    let Some(ctx) = sized_context(&canvas, width, height) else {
        return;
    };
    ctx.set_fill_style_str("#ffffff");
    ctx.fill_rect(0.0, 0.0, width, height);
    let last = r.len();
    for seat in 0..seats {
        let area = chart_area(width, seat);
        let top = area.top - 14.0;
        ctx.set_fill_style_str(SEAT_COLOURS[seat % 4]);
        ctx.fill_rect(area.left, top + 2.0, 10.0, 10.0);
        ctx.set_fill_style_str("#1b1b1b");
        ctx.set_font("12px system-ui, sans-serif");
        ctx.set_text_align("left");
        ctx.set_text_baseline("top");
        ctx.fill_text(&r.names[seat], area.left + 14.0, top + 1.0)
            .ok();
        ctx.set_stroke_style_str("#c9d1db");
        ctx.set_line_width(1.0);
        ctx.stroke_rect(
            area.left,
            area.top,
            area.right - area.left,
            area.bottom - area.top,
        );
        if !shows_scores(v, seat as u8) {
            ctx.set_fill_style_str("#5b6470");
            ctx.fill_text(&t("replay-hidden"), area.left + 6.0, area.top + 6.0)
                .ok();
            continue;
        }
        let max = r
            .scores
            .iter()
            .map(|s| s[seat].kinds.iter().copied().max().unwrap_or(0))
            .max()
            .unwrap_or(0)
            .max(1) as f64;
        for k in Kind::ALL {
            let values: Vec<f64> = r
                .scores
                .iter()
                .map(|s| s[seat].kinds[k.index()] as f64)
                .collect();
            let line = Line {
                colour: kind_colour(k),
                width: 1.2,
                dash: DASHES[k.index() % 4].0,
                values: &values,
            };
            draw_line(&ctx, &area, last, max, &line);
        }
        let score: Vec<f64> = r.scores.iter().map(|s| s[seat].score as f64).collect();
        let line = Line {
            colour: "#000000",
            width: 2.5,
            dash: &[],
            values: &score,
        };
        draw_line(&ctx, &area, last, max, &line);
        ctx.set_fill_style_str("#1b1b1b");
        ctx.set_text_align("right");
        ctx.fill_text(
            &tf(
                "replay-score",
                &[("n", &r.scores[r.pos][seat].score.to_string())],
            ),
            area.right,
            top + 1.0,
        )
        .ok();
    }
    draw_mark(
        &ctx,
        chart_area(width, 0).x_of(r.pos, last),
        0.0,
        height,
        "#0050c8",
    );
}
