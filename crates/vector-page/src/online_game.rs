//! Vector online: the page kit's online play ([`tabula_page_kit::online`])
//! with this page's board, compass and magnitudes. The server's view of
//! the seat is drawn as at one device; the compass and magnitude buttons
//! are the server's legal actions (marked `data-online-act`), and the
//! number keys pick among them as in a game at this device.

use serde_json::{Value, json};
use tabula_engine::Seat;
use tabula_page_kit::dom::{El, by_id, el};
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::online::{self, Fields, OnlineGame, Shown};
use tabula_vector::{Action, Dir, View};
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use crate::signs::{arrow, dir_word, letter, seat_label, team_word};

/// Vector for online play.
pub struct VectorOnline {
    /// Draws the game's page again (once a replay opens or online play
    /// closes, the page at this device shows).
    pub render: fn(),
    /// Says on the game's panel why a record from online play does not
    /// open in the replay.
    pub refuse_record: fn(&str),
}

/// The rounds a new room's game has unless a person chooses.
const DEFAULT_ROUNDS: &str = "12";

fn view_of(shown: &Shown) -> Option<View> {
    online::read(shown.view)
}

fn legal_of(shown: &Shown) -> Vec<Option<Action>> {
    online::read_all(shown.legal)
}

/// The place in `legal` of `action`.
fn place(legal: &[Option<Action>], action: Action) -> Option<usize> {
    legal.iter().position(|a| *a == Some(action))
}

fn compass(legal: &[Option<Action>]) -> El {
    let cells = [
        Some(Dir::NW),
        Some(Dir::N),
        Some(Dir::NE),
        Some(Dir::W),
        None,
        Some(Dir::E),
        Some(Dir::SW),
        Some(Dir::S),
        Some(Dir::SE),
    ];
    let mut grid = el("div")
        .class("compass")
        .attr("role", "group")
        .attr("aria-label", &t("v-choose-direction"));
    for cell in cells {
        grid = grid.child(match cell {
            Some(d) => {
                let at = place(legal, Action::Direction(d));
                el("button")
                    .attr("type", "button")
                    .attr("aria-label", &dir_word(d))
                    .attr("title", &dir_word(d))
                    .attr("data-dir", d.short())
                    .attr(
                        "data-online-act",
                        &at.map(|i| i.to_string()).unwrap_or_default(),
                    )
                    .disabled(at.is_none())
                    .text(arrow(d))
            }
            None => el("span")
                .class("compass-centre")
                .attr("aria-hidden", "true")
                .text("●"),
        });
    }
    grid
}

fn magnitudes(legal: &[Option<Action>]) -> El {
    let mut row = el("div")
        .class("magnitudes")
        .attr("role", "group")
        .attr("aria-label", &t("v-choose-magnitude"));
    for m in 0..=3u8 {
        let at = place(legal, Action::Magnitude(m));
        row = row.child(
            el("button")
                .attr("type", "button")
                .attr("data-mag", &m.to_string())
                .attr(
                    "data-online-act",
                    &at.map(|i| i.to_string()).unwrap_or_default(),
                )
                .disabled(at.is_none())
                .text(&m.to_string()),
        );
    }
    row
}

fn name(shown: &Shown, s: Seat) -> String {
    shown.names.get(s as usize).cloned().unwrap_or_default()
}

/// This round: the order, each seat's direction, and of the magnitudes
/// only who has chosen (the view holds no other seat's).
fn round(shown: &Shown, v: &View) -> El {
    let game = &v.state;
    let deciding_mags = game.phase == tabula_vector::Phase::Magnitudes;
    let names: Vec<String> = (0..4).map(|s| name(shown, s)).collect();
    crate::parts::round_parts(
        game,
        &names,
        |s| deciding_mags.then(|| v.chosen[s as usize]),
        None,
    )
}

fn scores(shown: &Shown, v: &View) -> El {
    let game = &v.state;
    let mut body = el("tbody");
    for s in 0..4u8 {
        body = body.child(
            el("tr")
                .attr("data-seat", letter(s))
                .child(
                    el("td")
                        .child(crate::parts::seat_badge(s))
                        .text(&seat_label(&name(shown, s), s)),
                )
                .child(
                    el("td")
                        .class("score")
                        .attr("data-score", &game.scores[s as usize].to_string())
                        .text(&game.scores[s as usize].to_string()),
                ),
        );
    }
    for s in 0..2u8 {
        body = body.child(
            el("tr")
                .class("team")
                .child(el("td").text(&team_word(s)))
                .child(
                    el("td")
                        .class("score")
                        .text(&game.team_score(s).to_string()),
                ),
        );
    }
    el("table")
        .class("scores")
        .attr("id", "scores")
        .child(
            el("thead").child(
                el("tr")
                    .child(el("th").text(&t("v-player")))
                    .child(el("th").text(&t("v-points"))),
            ),
        )
        .child(body)
}

impl OnlineGame for VectorOnline {
    fn ruleset(&self) -> &'static str {
        "vector"
    }

    fn seat_counts(&self) -> Vec<usize> {
        vec![4]
    }

    fn options_fields(&self, fields: &Fields) -> Option<El> {
        Some(
            el("label").text(&t("v-rounds")).child(
                el("input")
                    .attr("id", "online-opt-rounds")
                    .attr("type", "number")
                    .attr("min", "1")
                    .attr("max", "12")
                    .attr("value", &fields.get("online-opt-rounds", DEFAULT_ROUNDS)),
            ),
        )
    }

    fn options(&self, fields: &Fields) -> Value {
        let rounds: u8 = fields
            .get("online-opt-rounds", DEFAULT_ROUNDS)
            .parse()
            .unwrap_or(12)
            .clamp(1, 12);
        json!({ "rounds": rounds })
    }

    fn seat_badge(&self, seat: u8) -> El {
        crate::parts::seat_badge(seat)
    }

    fn show(&mut self, shown: &Shown) -> El {
        let Some(v) = view_of(shown) else {
            return el("p").class("problem").text(&t("v-online-unreadable"));
        };
        let legal = legal_of(shown);
        let mut decision = el("div").class("decision").attr("id", "decision");
        if let Some(o) = tabula_engine::Game::outcome(&v.state) {
            let winners = o.winners();
            let text = if winners.len() == 4 {
                t("v-tie")
            } else {
                tf("v-team-won", &[("team", &team_word(winners[0]))])
            };
            // The kit's end, without the buttons of a game at one device
            // (online play offers its own).
            let end = tabula_page_kit::end_screen::frame(&text, None, &Default::default());
            decision = decision.attr("data-over", "true").child(end);
        } else if let Some(me) = shown.you.filter(|_| !shown.legal.is_empty()) {
            decision = match v.state.phase {
                tabula_vector::Phase::Magnitudes => {
                    let d = v.state.dirs[me as usize]
                        .map(|d| format!("{} {}", arrow(d), dir_word(d)))
                        .unwrap_or_default();
                    decision
                        .child(el("p").text(&tf("v-your-chosen-direction", &[("dir", &d)])))
                        .child(magnitudes(&legal))
                        .child(el("p").class("hint").text(&t("v-magnitude-keys")))
                }
                _ => decision
                    .child(compass(&legal))
                    .child(el("p").class("hint").text(&t("v-direction-keys"))),
            };
        }
        el("div")
            .class("online-vector")
            .child(
                el("div").attr("id", "online-board-box").child(
                    el("canvas")
                        .attr("id", "online-board")
                        .attr("role", "img")
                        .attr("aria-label", &t("v-board-area")),
                ),
            )
            .child(
                el("div")
                    .class("online-vector-side")
                    .child(decision)
                    .child(round(shown, &v))
                    .child(scores(shown, &v)),
            )
    }

    fn drawn(&mut self, shown: &Shown) {
        let Some(v) = view_of(shown) else { return };
        let Some(canvas) =
            by_id("online-board").and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
        else {
            return;
        };
        let width = by_id("online-board-box")
            .map(|b| f64::from(b.client_width()))
            .unwrap_or(500.0)
            .clamp(260.0, 600.0);
        crate::draw::draw(&canvas, &v.state, width);
        let p = v.state.pos;
        canvas
            .set_attribute(
                "aria-label",
                &tf(
                    "v-board-label",
                    &[("row", &p.row.to_string()), ("col", &p.col.to_string())],
                ),
            )
            .ok();
        canvas
            .set_attribute("data-pos", &format!("{} {}", p.row, p.col))
            .ok();
    }

    fn key(&mut self, key: &str, shown: &Shown) -> Option<usize> {
        let legal = legal_of(shown);
        let action = match key {
            "0" => Action::Magnitude(0),
            k => {
                let dir = match k {
                    "8" => Dir::N,
                    "9" => Dir::NE,
                    "6" => Dir::E,
                    "3" => Dir::SE,
                    "2" => Dir::S,
                    "1" => Dir::SW,
                    "4" => Dir::W,
                    "7" => Dir::NW,
                    _ => return None,
                };
                // 1–3 are magnitudes while magnitudes are chosen.
                let mag = k
                    .parse::<u8>()
                    .ok()
                    .filter(|m| *m <= 3)
                    .map(Action::Magnitude);
                match mag.and_then(|m| place(&legal, m)) {
                    Some(i) => return Some(i),
                    None => Action::Direction(dir),
                }
            }
        };
        place(&legal, action)
    }

    fn replay(&mut self, record: &str) {
        match crate::slides::read(record) {
            Ok(slides) => crate::show::open(slides),
            Err(why) => (self.refuse_record)(&why),
        }
        (self.render)();
    }

    fn closed(&mut self) {
        (self.render)();
    }
}
