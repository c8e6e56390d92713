//! A tournament run in the page: four entrants (built-in bots or bots
//! written in the page), N games of R rounds, the seatings drawn from the
//! seed and announced, every decision of a bot made in a worker from its
//! seat's view and timed there against the clock (built-in bots in the AI
//! worker, each written bot in a worker of its own, stopped when it runs
//! past its time); a late, thrown, malformed or illegal answer
//! disqualifies the seat's team for that game and the tournament goes on. Shown live
//! (a progress bar, the board of the game being played, the points so
//! far), then opened in the slideshow, and saved as the same tournament
//! record `tabula tournament` writes (`tabula record verify` reads it).

use std::cell::RefCell;

use tabula_engine::record::{Match, SeatInfo};
use tabula_engine::{Game, Seat, ToMove};
use tabula_page_kit::ai_worker;
use tabula_page_kit::ai_worker::protocol::{Reply, Request};
use tabula_page_kit::bots::sandbox::{Bad, Heard, Sandbox, retire};
use tabula_page_kit::dom::{El, button, by_id, el};
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::morph;
use tabula_tournament::{
    Disqualification, Entrant, Fault, GameEntry, TOURNAMENT_FORMAT, TOURNAMENT_VERSION,
    TournamentRecord, game_points, seatings, standings,
};
use tabula_vector::{Action, Options, Vector};
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use crate::draw;
use crate::js_bots::{self, KIND};
use crate::parts::value_of;

/// The bots an entrant may be.
const ENTRANT_BOTS: [(&str, &str); 5] = [
    ("search:easy", "v-ai-easy"),
    ("search:normal", "v-ai-normal"),
    ("search:hard", "v-ai-hard"),
    ("greedy", "v-ai-greedy"),
    ("random", "v-ai-random"),
];

/// The game being played.
struct Current {
    index: usize,
    game: Match<Vector>,
    /// The seats asked this step (one for a direction, the playing seats
    /// for the magnitudes: all asked before any answer is played).
    asked: Vec<Seat>,
    chosen: Vec<(Seat, Action)>,
    disqualified: Vec<Disqualification>,
    pending: Option<u64>,
    /// When the pending question was asked (the page's clock, ms).
    asked_at: f64,
}

/// A tournament in the page.
pub struct Tourney {
    entrants: Vec<Entrant>,
    specs: Vec<String>,
    /// Each entrant's code, when it is a bot written in the page.
    codes: Vec<Option<String>>,
    /// The workers of the entrants written in the page (started when
    /// first asked, stopped when they fail).
    sandboxes: Vec<Option<Sandbox>>,
    seatings: Vec<Vec<usize>>,
    options: Options,
    map: String,
    seed: u64,
    limit_ms: f64,
    games: Vec<GameEntry>,
    current: Option<Current>,
    next_id: u64,
    stopped: bool,
}

/// The set-up form or a tournament under way.
enum Screen {
    Setup(Option<String>),
    Running(Box<Tourney>),
}

thread_local! {
    static TOURNEY: RefCell<Option<Screen>> = const { RefCell::new(None) };
}

/// Whether the tournament screen (set-up or live) is on.
pub fn active() -> bool {
    TOURNEY.with(|t| t.borrow().is_some())
}

/// Whether a tournament is being played (not its set-up).
pub fn running() -> bool {
    TOURNEY.with(|t| matches!(t.borrow().as_ref(), Some(Screen::Running(_))))
}

/// Open the set-up form.
pub fn open() {
    TOURNEY.with(|t| *t.borrow_mut() = Some(Screen::Setup(None)));
}

/// Leave the tournament screen (a running one stops, its workers too).
pub fn close() {
    ai_worker::stop();
    let old = TOURNEY.with(|t| t.borrow_mut().take());
    tabula_page_kit::dom::after(0.0, move || drop(old));
}

/// The page's clock, in milliseconds.
fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// What a written bot said, with the question it answers (if any).
fn id_of(heard: Heard) -> (Option<u64>, Heard) {
    let id = match &heard {
        Heard::Answer { id, .. } => Some(u64::from(*id)),
        _ => None,
    };
    (id, heard)
}

/// A written bot's worker spoke.
fn on_heard(entrant: usize, (id, heard): (Option<u64>, Heard)) {
    let ours = TOURNEY.with(|t| {
        let mut t = t.borrow_mut();
        let Some(Screen::Running(tr)) = t.as_mut() else {
            return false;
        };
        tr.heard(entrant, id, heard);
        true
    });
    if ours {
        go_on();
    }
}

/// Question `id`'s time is long over: if it is still unanswered, the
/// bot is stopped and the tournament goes on.
fn watchdog(id: u64) {
    let overdue = TOURNEY.with(|t| match t.borrow_mut().as_mut() {
        Some(Screen::Running(tr)) => tr.overdue(id),
        _ => false,
    });
    if overdue {
        go_on();
    }
}

fn setup_view(problem: Option<&str>) -> El {
    let defaults = ["search:normal", "random", "greedy", "random"];
    let mut rows = el("div").class("setup-seats");
    for (i, default) in defaults.iter().enumerate() {
        let mut select = el("select").attr("id", &format!("entrant-{i}")).attr(
            "aria-label",
            &tf("v-entrant-who", &[("n", &(i + 1).to_string())]),
        );
        for (spec, key) in ENTRANT_BOTS {
            let mut o = el("option").attr("value", spec).text(&t(key));
            if spec == *default {
                o = o.attr("selected", "");
            }
            select = select.child(o);
        }
        for (k, bot) in tabula_page_kit::bots::editor::saved().iter().enumerate() {
            select = select.child(
                el("option")
                    .attr("value", &format!("saved:{k}"))
                    .text(&tf("v-written-bot", &[("name", &bot.name)])),
            );
        }
        rows = rows.child(
            el("div")
                .class("setup-seat")
                .child(el("span").class("seat-word").text(&(i + 1).to_string()))
                .child(select)
                .child(
                    el("input")
                        .attr("id", &format!("entrant-name-{i}"))
                        .attr("type", "text")
                        .attr("maxlength", "24")
                        .attr(
                            "aria-label",
                            &tf("v-entrant-name", &[("n", &(i + 1).to_string())]),
                        )
                        .attr("value", &format!("{} {}", t("v-entrant"), i + 1)),
                ),
        );
    }
    let field = |label: &str, id: &str, min: &str, max: &str, step: &str, value: &str| {
        el("label").text(label).child(
            el("input")
                .attr("id", id)
                .attr("type", "number")
                .attr("min", min)
                .attr("max", max)
                .attr("step", step)
                .attr("value", value),
        )
    };
    el("div")
        .class("panel-inner setup")
        .attr("id", "tourney-setup")
        .child(el("h2").text(&t("v-tournament")))
        .child(el("p").class("hint").text(&t("v-tournament-hint")))
        .child(rows)
        .child(crate::board_editor::board_select("t-board"))
        .child(field(&t("v-games"), "t-games", "1", "100", "1", "13"))
        .child(field(&t("v-rounds"), "t-rounds", "1", "12", "1", "12"))
        .child(field(
            &t("v-time-limit"),
            "t-limit",
            "0.001",
            "10",
            "0.001",
            "0.5",
        ))
        .child(field(&t("v-seed"), "t-seed", "0", "", "1", "1"))
        .maybe(problem.map(|p| el("p").class("problem").attr("role", "alert").text(p)))
        .child(
            el("div")
                .class("buttons")
                .child(
                    button(&t("v-run-tournament"), "tourney:start")
                        .class("primary")
                        .attr("id", "t-start"),
                )
                .child(button(&t("your-bots"), "bots").attr("id", "t-bots"))
                .child(button(&t("v-show-close"), "tourney:close")),
        )
}

fn from_form() -> Result<Tourney, String> {
    let mut entrants = Vec::new();
    let mut specs = Vec::new();
    let mut codes = Vec::new();
    let saved = tabula_page_kit::bots::editor::saved();
    for i in 0..4 {
        let spec = value_of(&format!("entrant-{i}"));
        let default_name = format!("{} {}", t("v-entrant"), i + 1);
        let written = js_bots::chosen(&spec, &saved);
        if written.is_none() && !ENTRANT_BOTS.iter().any(|(s, _)| *s == spec) {
            return Err(t("v-bad-entrant"));
        }
        let name: String = value_of(&format!("entrant-name-{i}"))
            .chars()
            .filter(|c| !c.is_control())
            .take(24)
            .collect();
        let name = match (name.trim(), written) {
            ("", None) => default_name,
            (n, Some(bot)) if n.is_empty() || n == default_name => bot.name.clone(),
            (n, _) => n.to_string(),
        };
        entrants.push(Entrant {
            name,
            player: match written {
                Some(_) => "bot:script".into(),
                None => format!("bot:{spec}"),
            },
        });
        codes.push(written.map(|b| b.code.clone()));
        specs.push(spec);
    }
    let games: usize = value_of("t-games")
        .trim()
        .parse()
        .ok()
        .filter(|g| (1..=100).contains(g))
        .ok_or_else(|| t("v-bad-games"))?;
    let rounds: u8 = value_of("t-rounds")
        .trim()
        .parse()
        .ok()
        .filter(|r| (1..=12).contains(r))
        .ok_or_else(|| t("v-bad-rounds"))?;
    let limit: f64 = value_of("t-limit")
        .trim()
        .parse()
        .ok()
        .filter(|l: &f64| (0.001..=10.0).contains(l))
        .ok_or_else(|| t("v-bad-limit"))?;
    let seed: u64 = value_of("t-seed")
        .trim()
        .parse()
        .ok()
        .filter(|s| *s <= tabula_engine::limits::MAX_SEED)
        .ok_or_else(|| t("v-bad-seed"))?;
    let map = crate::board_editor::chosen_board("t-board")?;
    Ok(Tourney {
        seatings: seatings(4, games, seed, false),
        map,
        entrants,
        specs,
        sandboxes: (0..4).map(|_| None).collect(),
        codes,
        options: Options {
            rounds,
            ..Options::default()
        },
        seed,
        limit_ms: limit * 1000.0,
        games: Vec::new(),
        current: None,
        next_id: 1,
        stopped: false,
    })
}

impl Tourney {
    fn total(&self) -> usize {
        self.seatings.len()
    }

    fn start_game(&mut self) -> Result<(), String> {
        let index = self.games.len();
        let seating = &self.seatings[index];
        let seats = seating
            .iter()
            .map(|&e| SeatInfo {
                name: self.entrants[e].name.clone(),
                player: self.entrants[e].player.clone(),
            })
            .collect();
        let seed = self.seed.wrapping_add(index as u64) & tabula_engine::limits::MAX_SEED;
        let game = Match::<Vector>::new(&self.options, Some(&self.map), seats, seed)
            .map_err(|e| e.to_string())?;
        self.current = Some(Current {
            index,
            game,
            asked: Vec::new(),
            chosen: Vec::new(),
            disqualified: Vec::new(),
            pending: None,
            asked_at: 0.0,
        });
        Ok(())
    }

    fn end_game(&mut self) {
        let Some(c) = self.current.take() else { return };
        let (points, margins) = game_points(c.game.game(), &c.disqualified);
        self.games.push(GameEntry {
            seating: self.seatings[c.index].clone(),
            record: c.game.record().clone(),
            disqualified: c.disqualified,
            points,
            margins,
        });
    }

    /// Go on until a bot is asked (or the tournament is over): whether it
    /// is over.
    fn advance(&mut self) -> Result<bool, String> {
        loop {
            if self.stopped {
                return Ok(true);
            }
            if self.current.is_none() {
                if self.games.len() == self.total() {
                    return Ok(true);
                }
                self.start_game()?;
            }
            let Some(c) = self.current.as_mut() else {
                continue;
            };
            if c.pending.is_some() {
                return Ok(false);
            }
            if c.asked.is_empty() {
                c.asked = match c.game.game().to_move() {
                    ToMove::Over | ToMove::Chance => {
                        self.end_game();
                        continue;
                    }
                    ToMove::Seat(s) => vec![s],
                    ToMove::Simultaneous(set) => set.iter().collect(),
                };
                c.chosen.clear();
            }
            let done = c.chosen.len() + c.disqualified.len();
            if done < c.asked.len() {
                let seat = c.asked[done];
                let entrant = self.seatings[c.index][seat as usize];
                let id = self.next_id;
                self.next_id += 1;
                c.pending = Some(id);
                c.asked_at = now();
                if let Some(code) = self.codes[entrant].clone() {
                    let legal = c.game.game().legal_actions(seat);
                    let view = js_bots::bot_view(&c.game.game().player_view(seat), &legal);
                    let fresh = self.sandboxes[entrant].is_none();
                    if fresh {
                        match Sandbox::start(&code, KIND.functions, move |h| {
                            on_heard(entrant, id_of(h))
                        }) {
                            Ok(sb) => self.sandboxes[entrant] = Some(sb),
                            Err(why) => {
                                c.pending = None;
                                c.disqualified.push(Disqualification {
                                    seat,
                                    entrant,
                                    fault: Fault::Crashed { why },
                                });
                                continue;
                            }
                        }
                    }
                    if let Some(sb) = &self.sandboxes[entrant] {
                        sb.ask(id as u32, js_bots::call_of(&legal), &view.to_string());
                    }
                    let wait = js_bots::deadline_ms(self.limit_ms, fresh);
                    tabula_page_kit::dom::after(wait, move || watchdog(id));
                    return Ok(false);
                }
                let request = Request {
                    id,
                    spec: self.specs[entrant].clone(),
                    seed: (self.seed ^ id.wrapping_mul(0x9e37_79b9_7f4a_7c15))
                        & tabula_engine::limits::MAX_SEED,
                    seat,
                    view: c.game.game().player_view(seat),
                };
                let text = serde_json::to_string(&request).map_err(|e| e.to_string())?;
                ai_worker::send(text);
                return Ok(false);
            }
            if !c.disqualified.is_empty() {
                self.end_game();
                continue;
            }
            let chosen = std::mem::take(&mut c.chosen);
            for (seat, a) in chosen {
                c.game.play(seat, &a).map_err(|e| e.to_string())?;
            }
            c.asked.clear();
        }
    }

    /// The built-in bot's answer from the AI worker: timed by the
    /// worker's own clock against the limit, checked against the rules.
    fn answer(&mut self, reply: Reply<Action>) {
        let outcome = match reply.action {
            _ if reply.ms > self.limit_ms => Err(Fault::Late {
                ms: reply.ms,
                limit_ms: self.limit_ms,
            }),
            None => Err(Fault::Crashed {
                why: reply.error.unwrap_or_else(|| t("v-no-answer")),
            }),
            Some(a) => Ok(a),
        };
        self.settle(reply.id, outcome);
    }

    /// The entrant asked now, if question `id` is pending.
    fn asked_entrant(&self, id: u64) -> Option<usize> {
        let c = self.current.as_ref().filter(|c| c.pending == Some(id))?;
        let seat = c.asked[c.chosen.len() + c.disqualified.len()];
        Some(self.seatings[c.index][seat as usize])
    }

    /// What a bot written in the page said (about question `id`).
    fn heard(&mut self, entrant: usize, id: Option<u64>, heard: Heard) {
        let Some(pending) = self.current.as_ref().and_then(|c| c.pending) else {
            return;
        };
        if self.asked_entrant(pending) != Some(entrant) || id.is_some_and(|i| i != pending) {
            return;
        }
        let outcome = match heard {
            Heard::Loaded(_) => return,
            Heard::Threw(msg) => {
                retire(self.sandboxes[entrant].take());
                Err(Fault::Crashed {
                    why: tf("v-bot-threw", &[("error", &msg)]),
                })
            }
            Heard::Answer { ms, .. } if ms > self.limit_ms => Err(Fault::Late {
                ms,
                limit_ms: self.limit_ms,
            }),
            Heard::Answer {
                answer: Err(bad), ..
            } => Err(Fault::Crashed {
                why: Bad::in_words(&bad),
            }),
            Heard::Answer {
                answer: Ok(text), ..
            } => {
                let legal = self
                    .current
                    .as_ref()
                    .map(|c| {
                        let seat = c.asked[c.chosen.len() + c.disqualified.len()];
                        c.game.game().legal_actions(seat)
                    })
                    .unwrap_or_default();
                js_bots::read_answer(&text, &legal).map_err(|_| Fault::Malformed {
                    text: text.chars().take(40).collect(),
                })
            }
        };
        self.settle(pending, outcome);
    }

    /// Question `id` is still unanswered long past its time: the bot's
    /// worker is stopped and its team disqualified.
    fn overdue(&mut self, id: u64) -> bool {
        let Some(entrant) = self.asked_entrant(id) else {
            return false;
        };
        let ms = self.current.as_ref().map_or(0.0, |c| now() - c.asked_at);
        retire(self.sandboxes[entrant].take());
        self.settle(
            id,
            Err(Fault::Late {
                ms,
                limit_ms: self.limit_ms,
            }),
        );
        true
    }

    /// The answer to question `id`: an action (checked against the
    /// rules) or a fault that disqualifies the seat's team.
    fn settle(&mut self, id: u64, outcome: Result<Action, Fault>) {
        let Some(c) = self.current.as_mut() else {
            return;
        };
        if c.pending != Some(id) {
            return;
        }
        c.pending = None;
        let seat = c.asked[c.chosen.len() + c.disqualified.len()];
        let entrant = self.seatings[c.index][seat as usize];
        let fault = match outcome {
            Err(f) => Some(f),
            Ok(a) if !c.game.game().legal_actions(seat).contains(&a) => Some(Fault::Illegal {
                action: a.to_string(),
                reason: t("v-not-legal-now"),
            }),
            Ok(a) => {
                c.chosen.push((seat, a));
                None
            }
        };
        if let Some(fault) = fault {
            c.disqualified.push(Disqualification {
                seat,
                entrant,
                fault,
            });
        }
    }

    /// The whole record, once every game is played.
    fn record(&self) -> TournamentRecord {
        let (standings, winners) = standings(self.entrants.len(), &self.games);
        TournamentRecord {
            format: TOURNAMENT_FORMAT.into(),
            version: TOURNAMENT_VERSION,
            ruleset: "vector".into(),
            seed: self.seed,
            time_limit_ms: self.limit_ms,
            entrants: self.entrants.clone(),
            seatings: self.seatings.clone(),
            games: self.games.clone(),
            standings,
            winners,
        }
    }
}

fn live_view(tr: &Tourney) -> El {
    let done = tr.games.len();
    let total = tr.total();
    let (game, round) = tr
        .current
        .as_ref()
        .map(|c| (c.index + 1, c.game.game().round + 1))
        .unwrap_or((done, 0));
    let (table, _) = standings(tr.entrants.len(), &tr.games);
    let mut body = el("tbody");
    for s in table {
        body = body.child(
            el("tr")
                .child(el("td").text(&tr.entrants[s.entrant].name))
                .child(el("td").class("score").text(&s.points.to_string())),
        );
    }
    let faults: usize = tr.games.iter().map(|g| g.disqualified.len()).sum();
    let mut seats = el("ul").class("show-seats").attr("id", "t-seats");
    if let Some(c) = &tr.current {
        for seat in 0..4u8 {
            let e = tr.seatings[c.index][seat as usize];
            seats = seats.child(
                el("li")
                    .child(crate::parts::seat_badge(seat))
                    .text(&format!(
                        "{}: {}",
                        crate::signs::seat_label(&tr.entrants[e].name, seat),
                        c.game.game().scores[seat as usize]
                    )),
            );
        }
    }
    el("div")
        .class("panel-inner")
        .attr("id", "tourney-live")
        .attr("data-done", &done.to_string())
        .child(el("h2").text(&t("v-tournament")))
        .child(
            el("progress")
                .attr("id", "t-progress")
                .attr("max", &total.to_string())
                .attr("value", &done.to_string())
                .attr("aria-label", &t("v-tournament-progress")),
        )
        .child(el("p").attr("id", "t-where").text(&tf(
            "v-tournament-where",
            &[
                ("done", &done.to_string()),
                ("total", &total.to_string()),
                ("game", &game.to_string()),
                ("round", &round.to_string()),
            ],
        )))
        .child(seats)
        .maybe(
            (faults > 0)
                .then(|| el("p").text(&tf("v-tournament-faults", &[("n", &faults.to_string())]))),
        )
        .child(
            el("table")
                .class("scores")
                .child(
                    el("thead").child(
                        el("tr")
                            .child(el("th").text(&t("v-player")))
                            .child(el("th").text(&t("v-show-tournament-points"))),
                    ),
                )
                .child(body),
        )
        .child(
            el("div")
                .class("buttons")
                .child(button(&t("v-stop"), "tourney:close").attr("id", "t-stop")),
        )
}

/// Draw the tournament screen.
pub fn render() {
    TOURNEY.with(|t| {
        let t = t.borrow();
        let Some(screen) = t.as_ref() else { return };
        let (panel, state) = match screen {
            Screen::Setup(p) => (setup_view(p.as_deref()), None),
            Screen::Running(tr) => (
                live_view(tr),
                tr.current.as_ref().map(|c| c.game.game().clone()),
            ),
        };
        if let Some(p) = by_id("panel") {
            morph::morph_children(&p, &el("section").child(panel).0);
        }
        let area = by_id("board-area");
        match (
            state,
            by_id("board").and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok()),
        ) {
            (Some(state), Some(canvas)) => {
                if let Some(a) = &area {
                    a.remove_attribute("hidden").ok();
                }
                draw::draw(&canvas, &state, crate::parts::board_width());
            }
            _ => {
                if let (Some(a), Screen::Setup(_)) = (&area, screen) {
                    a.set_attribute("hidden", "").ok();
                }
            }
        }
    });
    if let Some(body) = tabula_page_kit::dom::document().body() {
        body.set_attribute("data-screen", "tournament").ok();
    }
}

/// Go on with the tournament; at its end open the slideshow.
fn go_on() {
    let finished = TOURNEY.with(|t| {
        let mut t = t.borrow_mut();
        let Some(Screen::Running(tr)) = t.as_mut() else {
            return None;
        };
        match tr.advance() {
            Ok(false) => None,
            Ok(true) => Some(Ok(tr.record())),
            Err(e) => Some(Err(e)),
        }
    });
    match finished {
        None => render(),
        Some(Ok(record)) => {
            let text = serde_json::to_string_pretty(&record).unwrap_or_default();
            // Its workers go once the event being handled (maybe one of
            // theirs) is over.
            let old = TOURNEY.with(|t| t.borrow_mut().take());
            tabula_page_kit::dom::after(0.0, move || drop(old));
            match crate::slides::read(&text) {
                Ok(slides) => {
                    crate::show::open_with_file(slides, text);
                    crate::show::render();
                }
                Err(e) => {
                    TOURNEY.with(|t| *t.borrow_mut() = Some(Screen::Setup(Some(e))));
                    render();
                }
            }
        }
        Some(Err(e)) => {
            let old = TOURNEY.with(|t| t.borrow_mut().replace(Screen::Setup(Some(e))));
            tabula_page_kit::dom::after(0.0, move || drop(old));
            render();
        }
    }
}

/// The worker's answer for the tournament (`false` when no tournament
/// is running: the reply is someone else's).
pub fn on_reply(reply: &Reply<Action>) -> bool {
    let ours = TOURNEY.with(|t| {
        let mut t = t.borrow_mut();
        let Some(Screen::Running(tr)) = t.as_mut() else {
            return false;
        };
        tr.answer(reply.clone());
        true
    });
    if ours {
        go_on();
    }
    ours
}

/// A command of the tournament screen (`tourney:start`, `tourney:close`).
pub fn run(what: &str) {
    match what {
        "open" => {
            open();
            render();
        }
        "start" => match from_form() {
            Ok(tr) => {
                ai_worker::stop();
                TOURNEY.with(|t| *t.borrow_mut() = Some(Screen::Running(Box::new(tr))));
                go_on();
            }
            Err(e) => {
                TOURNEY.with(|t| *t.borrow_mut() = Some(Screen::Setup(Some(e))));
                render();
            }
        },
        "close" => close(),
        _ => {}
    }
}

/// The worker failed: the bot being asked failed (its team is
/// disqualified for the game) and a fresh worker goes on.
pub fn on_worker_error() -> bool {
    let pending = TOURNEY.with(|t| match t.borrow().as_ref() {
        Some(Screen::Running(tr)) => tr.current.as_ref().and_then(|c| c.pending),
        _ => None,
    });
    let Some(id) = pending else { return false };
    ai_worker::stop();
    on_reply(&Reply {
        id,
        action: None,
        error: Some("the AI worker stopped".into()),
        ms: 0.0,
    })
}
