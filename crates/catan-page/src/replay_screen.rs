//! The replay viewer: a finished (or saved) game stepped through on the
//! board, with the keys every Tabula viewer answers (← → one action,
//! Shift a turn, Home and End, Space to play), a speed, whose cards to
//! show, what each action set off, a chart of victory points over the
//! game, and a link to share it.

use tabula_catan::{Card, Catan};
use tabula_engine::Seat;
use tabula_page_kit::chart::{self, Area, DASHES, Line};
use tabula_page_kit::dom::{El, button, by_id, el};
use tabula_page_kit::i18n::{t, tf, tn};
use tabula_page_kit::replay_viewer::{self, SeatWords, Viewer};
use tabula_page_kit::transport::{self, Move};
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use crate::game_draw::{self, Marks, SEAT_COLOURS};
use crate::game_words::{self as gw, Names};
use crate::replay::{Replay, Told};
use crate::spots::{self, Layout, Spot};

/// The speeds a replay plays at, in actions a second.
const SPEEDS: [f64; 4] = [1.0, 4.0, 12.0, 40.0];

/// A replay on the screen.
pub struct ReplayScreen {
    /// The game being replayed, watched with the kit's viewer (its `seat`:
    /// whose cards show, `None` nobody's).
    pub viewer: Viewer<Catan, Told, Vec<u32>>,
    /// The link last made, shown to copy.
    pub link: Option<String>,
    layout: Option<Layout>,
}

/// The page's way to run a function on this screen's replay (see [`reach_through`]).
pub type Reach = fn(&mut dyn FnMut(&mut ReplayScreen));

thread_local! {
    /// How the screen reaches the replay the page holds from its timer:
    /// the page gives it as it starts ([`reach_through`]), so that this
    /// screen names no page.
    static REACH: std::cell::Cell<Option<Reach>> =
        const { std::cell::Cell::new(None) };
}

/// Give the screen the page's way to its replay: run the function on the
/// replay on the screen (if any) and draw the page.
pub fn reach_through(with_replay: Reach) {
    REACH.with(|r| r.set(Some(with_replay)));
}

/// Run `f` on the replay through the page (from the timer).
fn through_page(f: impl FnOnce(&mut ReplayScreen)) {
    let mut f = Some(f);
    if let Some(reach) = REACH.with(std::cell::Cell::get) {
        reach(&mut |x| {
            if let Some(f) = f.take() {
                f(x);
            }
        });
    }
}

impl ReplayScreen {
    /// A replay at its start.
    pub fn new(replay: Replay) -> ReplayScreen {
        ReplayScreen {
            viewer: Viewer::new(replay, 4.0),
            link: None,
            layout: None,
        }
    }

    fn names(&self) -> Names<'_> {
        Names::new(&self.viewer.replay.names, self.viewer.replay.game())
    }

    /// Draw the board at the position shown, the last action marked.
    pub fn draw(&mut self, canvas: &HtmlCanvasElement, width: f64) {
        let game = self.viewer.replay.game();
        let last: Vec<Spot> = self
            .viewer
            .replay
            .pos
            .checked_sub(1)
            .and_then(|i| self.viewer.replay.steps.get(i))
            .and_then(|s| spots::aim(&s.info.action, game.robber))
            .map(|a| {
                let mut v = vec![a.at];
                v.extend(a.from.map(Spot::Corner));
                v
            })
            .unwrap_or_default();
        let marks = Marks {
            lit: &[],
            knight: None,
            last: &last,
            cursor: None,
            highlight: &[],
            rolled: None,
            preview: None,
        };
        self.layout = game_draw::draw(canvas, game, &marks, width);
        self.draw_chart();
    }

    fn draw_chart(&self) {
        let Some(canvas) =
            by_id("replay-chart").and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
        else {
            return;
        };
        let (w, h) = (
            f64::from(canvas.parent_element().map_or(300, |p| p.client_width()))
                .clamp(200.0, 600.0),
            140.0,
        );
        let Some(ctx) = tabula_page_kit::dom::sized_context(&canvas, w, h) else {
            return;
        };
        ctx.set_fill_style_str("#ffffff");
        ctx.fill_rect(0.0, 0.0, w, h);
        let area = Area {
            left: 8.0,
            top: 8.0,
            right: w - 8.0,
            bottom: h - 8.0,
        };
        let last = self.viewer.replay.len();
        let max = self
            .viewer
            .replay
            .scores
            .iter()
            .flatten()
            .copied()
            .max()
            .unwrap_or(1)
            .max(self.viewer.replay.game().goal()) as f64;
        for s in 0..self.viewer.replay.names.len() {
            let values: Vec<f64> = self
                .viewer
                .replay
                .scores
                .iter()
                .map(|p| f64::from(p[s]))
                .collect();
            let colour = SEAT_COLOURS[s % SEAT_COLOURS.len()].0;
            chart::draw_line(
                &ctx,
                &area,
                last,
                max,
                &Line {
                    colour: if colour == "#f4f4f4" {
                        "#7a7a7a"
                    } else {
                        colour
                    },
                    width: 2.5,
                    dash: DASHES[s % 4].0,
                    values: &values,
                },
            );
        }
        chart::draw_mark(
            &ctx,
            area.x_of(self.viewer.replay.pos, last),
            area.top,
            area.bottom,
            "#111111",
        );
    }

    /// Answer a key of the transport; whether it was one.
    pub fn key(&mut self, key: &str, shift: bool) -> bool {
        let Some(timer) = self.viewer.key(key, shift) else {
            return false;
        };
        if let Some((token, ms)) = timer {
            play(token, ms);
        }
        true
    }

    /// Run a `replay-…` command.
    pub fn run(&mut self, cmd: &str, arg: &str) {
        if self.viewer.note(cmd) {
            // A note changed the record: a link made before is out of date.
            self.link = None;
            return;
        }
        let step = match cmd {
            "replay-speed" | "replay-seat" => {
                self.viewer.pick(cmd, arg, &SPEEDS);
                return;
            }
            "replay-pos" => {
                if let Ok(p) = arg.parse::<usize>() {
                    self.viewer.seek(p);
                }
                return;
            }
            "replay-link" => {
                self.link = Some(tabula_page_kit::records::share::<Catan>(
                    &self.viewer.replay.record,
                ));
                return;
            }
            _ => match cmd.strip_prefix("replay-").and_then(Move::of_name) {
                Some(m) => m,
                None => return,
            },
        };
        if let Some((token, ms)) = self.viewer.take(step) {
            play(token, ms);
        }
    }
}

/// Step the replay while it plays, through the page (the timer stops at
/// the end, on a pause or a move).
fn play(token: u32, ms: f64) {
    transport::run(token, ms, |token| {
        let mut next = None;
        through_page(|r| next = r.viewer.tick(token));
        next
    });
}
fn seat_mark(s: Seat) -> El {
    let (fill, ink) = SEAT_COLOURS[s as usize % SEAT_COLOURS.len()];
    el("span")
        .class("seat-mark")
        .style("background", fill)
        .style("color", ink)
        .text(&(s + 1).to_string())
}

/// The replay's status: the seats with their points at the position.
pub fn status_view(r: &ReplayScreen) -> El {
    let game = r.viewer.replay.game();
    let names = r.names();
    let mut seats = el("ul").class("seats").attr("id", "seats");
    for s in 0..game.seat_count() as Seat {
        let mut li = el("li")
            .class("seat")
            .attr("data-seat", &s.to_string())
            .child(seat_mark(s))
            .child(el("b").text(&names.seat(s)))
            .child(el("span").text(&tn("cg-points", i64::from(game.points(s)), &[])))
            .child(el("span").text(&tn(
                "cg-cards",
                game.players[s as usize].hand.total() as i64,
                &[],
            )));
        if game.current == s {
            li = li.class("current");
        }
        seats = seats.child(li);
    }
    el("div")
        .attr("id", "tools")
        .class("game-status")
        .child(
            el("div")
                .class("game-bar")
                .child(button(&t("map-editor"), "game-editor"))
                .child(button(&t("new-game"), "game-new")),
        )
        .child(seats)
}

/// The replay's panel: transport, timeline, what happened, the chart.
pub fn panel_view(r: &ReplayScreen) -> El {
    let game = r.viewer.replay.game();
    let names = r.names();
    let pos = r.viewer.replay.pos;
    let len = r.viewer.replay.len();
    let speed = |v: f64| tn("cg-replay-per-second", v as i64, &[]);
    let seat = |s: Seat| el("span").child(seat_mark(s)).text(&names.seat(s));
    let seat_words = SeatWords {
        label: t("cg-replay-cards"),
        name: t("cg-replay-cards"),
        no_seat: t("cg-replay-nobody"),
        seat: &seat,
    };
    let mut lines = el("ul")
        .class("log")
        .attr("id", "replay-lines")
        .attr("aria-live", "polite");
    if let Some(step) = pos
        .checked_sub(1)
        .and_then(|i| r.viewer.replay.steps.get(i))
    {
        lines = lines.child(el("li").child(el("b").text(&format!(
            "{}: {}",
            names.seat(step.seat),
            gw::said(&step.info.action, step.info.facts, &names)
        ))));
        for e in &step.info.events {
            lines = lines.child(el("li").text(&gw::event(e, &names)));
        }
    } else {
        lines = lines.child(el("li").text(&t("cg-replay-start")));
    }
    let mut panel = el("section")
        .attr("id", "panel")
        .class("game-panel replay")
        .child(el("h2").attr("id", "replay-h").text(&tf(
            "cg-replay-title",
            &[("pos", &pos.to_string()), ("len", &len.to_string())],
        )))
        .child(replay_viewer::buttons(
            &r.viewer.replay,
            r.viewer.playback.playing,
            &replay_viewer::ACTIONS_AND_TURNS,
            |m| format!("replay-{}", m.name()),
        ))
        .child(transport::timeline(
            "replay-pos",
            len,
            pos,
            &t("cg-replay-timeline"),
            &t("cg-replay-timeline"),
        ))
        .child(tabula_page_kit::teacher_notes::panel(
            &r.viewer.replay.record.notes,
            pos,
        ))
        .child(replay_viewer::speeds(
            &SPEEDS,
            &speed,
            r.viewer.playback.speed,
        ))
        .child(replay_viewer::seats(
            game.seat_count(),
            r.viewer.seat,
            &seat_words,
        ))
        .child(lines);
    if let Some(s) = r.viewer.seat {
        let p = &game.players[s as usize];
        let cards: Vec<String> = Card::ALL
            .into_iter()
            .filter(|c| p.hand.get(*c) > 0)
            .map(|c| format!("{} {}", p.hand.get(c), gw::card(c)))
            .collect();
        let progress: Vec<String> = p.progress.iter().map(|c| gw::progress(*c)).collect();
        panel = panel.child(
            el("div")
                .class("my-hand")
                .attr("id", "replay-hand")
                .child(el("h3").text(&tf("cg-hand-of", &[("name", &names.seat(s))])))
                .child(el("p").text(&if cards.is_empty() {
                    t("cg-nothing")
                } else {
                    cards.join(", ")
                }))
                .maybe((!progress.is_empty()).then(|| el("p").text(&progress.join(", ")))),
        );
    }
    let legend = chart::legend((0..game.seat_count()).map(|s| {
        (
            r.viewer.replay.names[s].as_str(),
            SEAT_COLOURS[s % SEAT_COLOURS.len()].0,
        )
    }));
    panel = panel
        .child(el("h3").text(&t("cg-replay-chart")))
        .child(
            el("div").class("chart-box").child(
                el("canvas")
                    .attr("id", "replay-chart")
                    .attr("role", "img")
                    .attr("aria-label", &t("cg-replay-chart")),
            ),
        )
        .child(el("p").class("hint").child(legend))
        .child(
            el("div")
                .class("buttons")
                .child(button(&t("cg-replay-link"), "replay-link").attr("id", "replay-link")),
        );
    if let Some(link) = &r.link {
        panel = panel.child(
            el("input")
                .attr("id", "replay-link-out")
                .attr("readonly", "")
                .attr("aria-label", &t("cg-replay-link"))
                .attr("value", link),
        );
    }
    panel
}
