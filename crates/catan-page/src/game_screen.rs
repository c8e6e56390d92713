//! The game screen: a game of Catan at this device. The board (drawn by
//! [`crate::game_draw`] with the legal spots lit), the panel (seats,
//! barbarians, dice, the hand of the person at the device, every legal
//! action as a button, trades, the log), hand-offs between people, AI
//! seats asked in the web worker from their seat's view, undo, and the
//! game kept in the browser after every action.
//!
//! What the screen shows of hidden cards comes from the shown seat's
//! player view: another seat's cards never reach the DOM.

use tabula_catan::game::state::{Answer, Offer, Step};
use tabula_catan::game::topology::{CornerId, HexId};
use tabula_catan::{Action, Card, Catan, Options, Piece, Track};
use tabula_engine::record::parse_record;
use tabula_engine::{Game, Seat, ToMove};
use tabula_page_kit::ai_worker;
use tabula_page_kit::ai_worker::protocol::{Reply, Request};
use tabula_page_kit::dom::{El, button, by_id, el, local_storage};
use tabula_page_kit::i18n::{t, tf, tn};
use tabula_page_kit::players::Player;
use web_sys::HtmlCanvasElement;

use crate::game_draw::{self, Marks, Preview, SEAT_COLOURS};
use crate::game_words::{self as gw, Names};
use crate::spots::{self, Layout, Spot};
use crate::table::{Happening, Table};

/// Where the game in progress is kept in the browser.
pub const GAME_KEY: &str = "tabula-catan-game";
/// The AI runs in a worker on the page's own module (one download for
/// both; [`crate::ai_worker_start`] starts it there).
const WORKER: &str = "ai_worker_start";
/// How long a bot may think before its worker is replaced.
const AI_TIMEOUT_MS: f64 = 20_000.0;

/// An AI's move asked of the worker.
#[derive(Clone, Copy)]
pub struct Pending {
    id: u64,
    seat: Seat,
    state: u64,
    asked_at: f64,
}

/// A game on the screen.
pub struct GameScreen {
    /// The game and its record.
    pub table: Table,
    /// The seat whose cards the screen shows (`None`: nobody's).
    pub shown: Option<Seat>,
    /// A person the device must go to before their cards show.
    pub handoff: Option<Seat>,
    /// The knight picked up to move.
    pub knight: Option<CornerId>,
    /// The actions a touched spot may mean, when it may mean several.
    pub menu: Vec<Action>,
    /// Where the board was last drawn.
    pub layout: Option<Layout>,
    /// The AI move being thought about.
    pub pending: Option<Pending>,
    next_request: u64,
    /// A note or a refusal for the person at the device.
    pub message: Option<String>,
    /// The lit spot under the pointer or the keyboard's cursor.
    pub cursor: Option<Spot>,
    /// Milliseconds shown between AI moves.
    pub delay_ms: u32,
    /// The trade offer being written: give (card, n), take (card, n).
    pub offer: (Card, u8, Card, u8),
    /// The counter-offer being written, in the offerer's terms (`None`:
    /// the offer's own terms).
    pub counter: Option<(Card, u8, Card, u8)>,
    /// The spots of the move whose entry (a move button, a log line) is
    /// under the pointer or focused: highlighted on the board.
    pub highlight: Vec<Spot>,
}

impl GameScreen {
    /// A screen for `table`, the device with nobody yet when several
    /// people play.
    pub fn new(mut table: Table) -> GameScreen {
        table.set_ai_offers(ai_offers_wanted());
        let mut g = GameScreen {
            table,
            shown: None,
            handoff: None,
            knight: None,
            menu: Vec::new(),
            layout: None,
            pending: None,
            next_request: 1,
            message: None,
            cursor: None,
            delay_ms: 600,
            offer: (Card::Lumber, 1, Card::Brick, 1),
            counter: None,
            highlight: Vec::new(),
        };
        g.settle();
        g
    }

    /// Who sees the screen now: the one person of a game with one; with
    /// several, the person who decides, after their hand-off.
    fn settle(&mut self) {
        crate::device::settle(&self.table, &mut self.shown, &mut self.handoff);
    }

    /// The seat deciding at this device now, if the screen shows it.
    pub fn acting(&self) -> Option<Seat> {
        let s = self.shown?;
        (self.handoff.is_none()
            && self.table.players()[s as usize] == Player::Human
            && self.table.deciding().contains(&s))
        .then_some(s)
    }

    /// The legal actions of the seat acting at this device.
    pub fn legal(&self) -> Vec<Action> {
        self.acting()
            .map(|s| self.table.game().legal_actions(s))
            .unwrap_or_default()
    }

    /// Play an action of the acting seat (refused with the rules' reason).
    pub fn play(&mut self, action: Action) {
        let Some(seat) = self.acting() else { return };
        self.play_as(seat, action);
    }

    fn play_as(&mut self, seat: Seat, action: Action) {
        let played = if self.table.players()[seat as usize] == Player::Human {
            self.table.play_person(seat, action)
        } else {
            self.table.play(seat, action)
        };
        match played {
            Ok(()) => {
                self.message = None;
                self.counter = None;
                self.highlight.clear();
                self.knight = None;
                self.menu.clear();
                self.settle();
                self.save();
            }
            Err(e) => {
                self.message = Some(tf(
                    "cg-refused",
                    &[("why", &crate::game_words::table_error(&e))],
                ))
            }
        }
    }

    /// Keep the game in the browser (the record: every action from the
    /// seed; this device's own save, never shared).
    pub fn save(&self) {
        // The home page offers "Continue" while the game is not over.
        let turn = self.table.game().turn.to_string();
        let names = self.table.names().join(", ");
        let args: &[(&str, &str)] = &[("turn", &turn), ("names", &names)];
        let over = self.table.game().to_move() == ToMove::Over;
        tabula_page_kit::resume_note::set("catan", (!over).then_some(("continue-catan", args)));
        if let Some(s) = local_storage() {
            s.set_item(
                GAME_KEY,
                &serde_json::to_string(&*self.table.record()).unwrap_or_default(),
            )
            .ok();
        }
    }

    /// The game kept in the browser, if one is there and still reads.
    pub fn resume() -> Option<GameScreen> {
        let text = local_storage()?.get_item(GAME_KEY).ok().flatten()?;
        let record = parse_record(&text).ok()?;
        let table = Table::from_record(&record).ok()?;
        Some(GameScreen::new(table))
    }

    fn names(&self) -> Names<'_> {
        Names::new(self.table.names(), self.table.game())
    }

    /// The number rolled in the current turn, while its production is
    /// news (until the turn ends).
    fn rolled(&self) -> Option<u8> {
        let game = self.table.game();
        if game.phase != tabula_catan::game::state::Phase::Main {
            return None;
        }
        game.roll.map(|r| r.red + r.white).filter(|n| *n != 7)
    }

    /// The places the last action acted on.
    fn last_spots(&self) -> Vec<Spot> {
        let log = self.table.log_for(self.shown);
        let robber = self.table.game().robber;
        log.iter()
            .rev()
            .find_map(|h| match h {
                Happening::Action { action, .. } => spots::aim(action, robber).map(|a| {
                    let mut v = vec![a.at];
                    if let Some(f) = a.from {
                        v.push(Spot::Corner(f));
                    }
                    v
                }),
                _ => None,
            })
            .unwrap_or_default()
    }

    /// The piece the one legal build at `spot` would put down, to draw as
    /// a ghost (nothing when the spot holds another move or several).
    fn preview(&self, legal: &[Action], spot: Spot) -> Option<Preview> {
        let seat = self.acting()?;
        let here = spots::actions_at(legal, self.table.game().robber, self.knight, spot);
        match here.as_slice() {
            [Action::Build { piece, at }] => Some(Preview {
                piece: *piece,
                at: *at,
                seat,
            }),
            _ => None,
        }
    }

    /// Draw the board.
    pub fn draw(&mut self, canvas: &HtmlCanvasElement, width: f64) {
        let legal = self.legal();
        let robber = self.table.game().robber;
        let lit = spots::lit(&legal, robber, self.knight);
        let last = self.last_spots();
        if self.cursor.is_some_and(|c| !lit.contains(&c)) {
            self.cursor = None;
        }
        let preview = self.cursor.and_then(|c| self.preview(&legal, c));
        let marks = Marks {
            lit: &lit,
            knight: self.knight,
            last: &last,
            cursor: self.cursor,
            highlight: &self.highlight,
            rolled: self.rolled(),
            preview,
        };
        let title = self.cursor.map(|c| self.describe(c)).unwrap_or_default();
        canvas.set_attribute("title", &title).ok();
        // The highlighted move's spots, for tests and tools: "c12 h3".
        if self.highlight.is_empty() {
            canvas.remove_attribute("data-highlight").ok();
        } else {
            let text: Vec<String> = self
                .highlight
                .iter()
                .map(|s| match s {
                    Spot::Hex(h) => format!("h{h}"),
                    Spot::Corner(c) => format!("c{c}"),
                    Spot::Side(e) => format!("s{e}"),
                })
                .collect();
            canvas.set_attribute("data-highlight", &text.join(" ")).ok();
        }
        // What the ghost shows, for tests and tools: "road 41".
        match preview {
            Some(p) => canvas.set_attribute(
                "data-preview",
                &format!("{} {}", p.piece.name().to_ascii_lowercase(), p.at),
            ),
            None => canvas.remove_attribute("data-preview"),
        }
        .ok();
        canvas
            .set_attribute("aria-label", &t("cg-board-label"))
            .ok();
        let t0 = ai_worker::now();
        self.layout = game_draw::draw(canvas, self.table.game(), &marks, width);
        canvas
            .set_attribute("data-draw-ms", &format!("{:.2}", ai_worker::now() - t0))
            .ok();
        // Where the lit spots are, for tests and tools that drive the page.
        if let Some(layout) = self.layout {
            let topo = &self.table.game().topo;
            let points: Vec<String> = lit
                .iter()
                .map(|s| {
                    let (x, y) = match *s {
                        Spot::Corner(c) => layout.corner(topo, c),
                        Spot::Side(e) => {
                            let [a, b] = layout.side(topo, e);
                            ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
                        }
                        Spot::Hex(h) => layout.hex(topo, h),
                    };
                    format!("[{x:.1},{y:.1}]")
                })
                .collect();
            canvas
                .set_attribute("data-spots", &format!("[{}]", points.join(",")))
                .ok();
            // Where each hex's centre (its number token) is drawn.
            let hexes: Vec<String> = (0..topo.hexes.len() as u16)
                .map(|h| {
                    let (x, y) = layout.hex(topo, h);
                    format!("[{x:.1},{y:.1}]")
                })
                .collect();
            canvas
                .set_attribute("data-hexes", &format!("[{}]", hexes.join(",")))
                .ok();
        }
    }

    /// A touch or click on the board at (x, y).
    pub fn touch(&mut self, x: f64, y: f64) {
        let Some(layout) = self.layout else { return };
        let Some(spot) = layout.spot_at(&self.table.game().topo, x, y) else {
            return;
        };
        self.touch_spot(spot);
    }

    /// The spots lit now.
    fn lit(&self) -> Vec<Spot> {
        spots::lit(&self.legal(), self.table.game().robber, self.knight)
    }

    /// The pointer over (x, y): the lit spot under it becomes the cursor
    /// (drawn ringed, its moves said in the board's hover text); whether
    /// the cursor changed.
    pub fn hover(&mut self, x: f64, y: f64) -> bool {
        let Some(layout) = self.layout else {
            return false;
        };
        let spot = layout
            .spot_at(&self.table.game().topo, x, y)
            .filter(|s| self.lit().contains(s));
        let changed = spot != self.cursor;
        self.cursor = spot;
        changed
    }

    /// Move the keyboard's cursor to the next (or the previous) lit spot;
    /// what it would do there, to say.
    pub fn step_cursor(&mut self, forward: bool) -> String {
        let lit = self.lit();
        if lit.is_empty() {
            self.cursor = None;
            return t("cg-nothing-lit");
        }
        let at = self.cursor.and_then(|c| lit.iter().position(|s| *s == c));
        let next = match (at, forward) {
            (None, true) => 0,
            (None, false) => lit.len() - 1,
            (Some(i), true) => (i + 1) % lit.len(),
            (Some(i), false) => (i + lit.len() - 1) % lit.len(),
        };
        self.cursor = Some(lit[next]);
        self.describe(lit[next])
    }

    /// Act at the keyboard's cursor.
    pub fn press(&mut self) {
        if let Some(c) = self.cursor {
            self.touch_spot(c);
        }
    }

    /// What touching `spot` would do, in words.
    pub fn describe(&self, spot: Spot) -> String {
        let game = self.table.game();
        let legal = self.legal();
        let Some(seat) = self.acting() else {
            return String::new();
        };
        let names = self.names();
        let here = spots::actions_at(&legal, game.robber, self.knight, spot);
        if here.is_empty() && spots::picks_up_knight(&legal, game.robber, spot) {
            return t("cg-pick-up-knight");
        }
        here.iter()
            .map(|a| gw::action(a, game, seat, &names))
            .collect::<Vec<_>>()
            .join(" / ")
    }

    /// Touch a spot: play its one move, ask which of several, or pick up
    /// (or put down) a knight.
    pub fn touch_spot(&mut self, spot: Spot) {
        let game = self.table.game();
        let legal = self.legal();
        let robber = game.robber;
        let here = spots::actions_at(&legal, robber, self.knight, spot);
        if self.knight.is_none() && spots::picks_up_knight(&legal, robber, spot) && here.is_empty()
        {
            if let Spot::Corner(c) = spot {
                self.knight = Some(c);
                self.menu.clear();
            }
            return;
        }
        match here.len() {
            0 => {
                self.knight = None;
                self.menu.clear();
            }
            1 => self.play(here[0]),
            _ => self.menu = here,
        }
    }

    /// Ask the worker for an AI seat's move when one must act.
    pub fn drive(&mut self) {
        if self.pending.is_some() || self.table.game().to_move() == ToMove::Over {
            return;
        }
        let unasked = self.table.answer_unasked();
        if let Some((seat, why)) = unasked.last() {
            self.message = Some(not_asked_words(*seat, *why, &self.names()));
            self.settle();
            self.save();
        }
        let Some((seat, spec)) = self.table.ai_to_act() else {
            return;
        };
        let state = self.table.game().state_hash().0;
        let id = self.next_request;
        self.next_request += 1;
        let request = Request {
            id,
            spec,
            seed: (state ^ id.wrapping_mul(0x9e37_79b9_7f4a_7c15))
                & tabula_engine::limits::MAX_SEED,
            seat,
            view: self.table.game().player_view(seat),
        };
        let Ok(text) = serde_json::to_string(&request) else {
            return;
        };
        self.pending = Some(Pending {
            id,
            seat,
            state,
            asked_at: ai_worker::now(),
        });
        ai_worker::send(text);
        tabula_page_kit::dom::after(AI_TIMEOUT_MS, move || {
            crate::page::with_game(|g| {
                if g.pending.is_some_and(|p| p.id == id) {
                    g.restart_ai(&t("cg-ai-restarted"));
                }
            });
        });
    }

    fn restart_ai(&mut self, why: &str) {
        ai_worker::stop();
        self.pending = None;
        self.message = Some(why.into());
        self.drive();
    }

    /// The worker's answer: play it (or, if it is not legal, the first
    /// legal action: a wrong answer never blocks the game), at the pace
    /// chosen.
    pub fn on_reply(&mut self, reply: Reply<Action>) {
        let Some(p) = self.pending else { return };
        if p.id != reply.id || self.table.game().state_hash().0 != p.state {
            return;
        }
        let legal = self.table.game().legal_actions(p.seat);
        let action = match reply.action {
            Some(a) if legal.contains(&a) => a,
            _ => match legal.first() {
                Some(a) => *a,
                None => return,
            },
        };
        let action = self.table.ai_choice(p.seat, action);
        let wait = (f64::from(self.delay_ms) - (ai_worker::now() - p.asked_at)).max(0.0);
        let finish = move |g: &mut GameScreen| {
            if g.pending.is_some_and(|q| q.id == p.id) {
                g.pending = None;
                g.play_as(p.seat, action);
                g.drive();
            }
        };
        if wait <= 0.0 {
            finish(self);
        } else {
            tabula_page_kit::dom::after(wait, move || {
                crate::page::with_game(finish);
            });
        }
    }

    /// Run a `game-…` command of the panel.
    pub fn run(&mut self, cmd: &str, arg: &str) {
        match cmd {
            "game-ready" => {
                if let Some(p) = self.handoff.take() {
                    self.shown = Some(p);
                }
            }
            "game-act" => {
                if let Some(a) = tabula_engine::plain::read::<Action>(arg) {
                    self.play(a);
                }
            }
            "game-undo" if self.acting().is_some() && self.table.undo() => {
                self.knight = None;
                self.menu.clear();
                self.message = Some(t("cg-undone"));
                self.save();
            }
            "game-drop-knight" => {
                self.knight = None;
                self.menu.clear();
            }
            "game-offer" => {
                let (g, n, k, m) = self.offer;
                let a = Action::Propose {
                    offer: Offer {
                        give: (g, n),
                        take: (k, m),
                    },
                };
                self.play(a);
            }
            "game-counter" => {
                if let Some((g, n, k, m)) = self.counter_terms() {
                    self.play(Action::Counter {
                        offer: Offer {
                            give: (g, n),
                            take: (k, m),
                        },
                    });
                }
            }
            "game-save" => {
                let text = serde_json::to_string_pretty(&*self.table.record()).unwrap_or_default();
                tabula_page_kit::records::save(&text, "catan-game.json");
            }
            "game-pace" => {
                if let Ok(ms) = arg.parse::<u32>() {
                    self.delay_ms = ms.min(3000);
                }
            }
            _ => {}
        }
        self.drive();
    }

    /// The offer the seats answer now, if one is open.
    pub fn open_offer(&self) -> Option<(Offer, [Answer; 4])> {
        self.table.game().steps.iter().rev().find_map(|s| match s {
            Step::Answers { offer, answers } | Step::CloseTrade { offer, answers } => {
                let mut a = [Answer::Waiting; 4];
                for (i, x) in answers.iter().take(4).enumerate() {
                    a[i] = *x;
                }
                Some((*offer, a))
            }
            _ => None,
        })
    }

    /// The counter-offer's terms as written so far.
    fn counter_terms(&self) -> Option<(Card, u8, Card, u8)> {
        self.counter.or_else(|| {
            self.open_offer()
                .map(|(o, _)| (o.give.0, o.give.1, o.take.0, o.take.1))
        })
    }

    /// Set a part of the offer being written from its field.
    pub fn set_offer(&mut self, field: &str, value: &str) {
        let card = |v: &str| {
            Card::ALL
                .into_iter()
                .find(|c| c.name().eq_ignore_ascii_case(v))
        };
        match field {
            "offer-give" => {
                if let Some(c) = card(value) {
                    self.offer.0 = c;
                }
            }
            "offer-take" => {
                if let Some(c) = card(value) {
                    self.offer.2 = c;
                }
            }
            "counter-give" | "counter-take" | "counter-give-n" | "counter-take-n" => {
                let Some(mut c) = self.counter_terms() else {
                    return;
                };
                match field {
                    "counter-give" => c.0 = card(value).unwrap_or(c.0),
                    "counter-take" => c.2 = card(value).unwrap_or(c.2),
                    "counter-give-n" => c.1 = value.parse().unwrap_or(1).clamp(1, 3),
                    _ => c.3 = value.parse().unwrap_or(1).clamp(1, 3),
                }
                self.counter = Some(c);
            }
            "offer-give-n" => self.offer.1 = value.parse().unwrap_or(1).clamp(1, 3),
            "offer-take-n" => self.offer.3 = value.parse().unwrap_or(1).clamp(1, 3),
            _ => {}
        }
    }
}

/// Why a person was not asked about an AI's offer, in words.
fn not_asked_words(seat: Seat, why: crate::offers::NotAsked, names: &Names) -> String {
    use crate::offers::NotAsked;
    let who = names.seat(seat);
    match why {
        NotAsked::Off => tf("cg-not-asked-off", &[("seat", &who)]),
        NotAsked::CannotAccept { card, n } => tf(
            "cg-not-asked-cannot",
            &[
                ("seat", &who),
                ("n", &n.to_string()),
                ("card", &gw::card(card)),
            ],
        ),
        NotAsked::AskedThisTurn => tf("cg-not-asked-again", &[("seat", &who)]),
    }
}

/// The browser's key for the new-game choice "AIs may offer trades to
/// people".
const AI_OFFERS_KEY: &str = "tabula-catan-ai-offers";

/// Whether AIs may offer trades to people (the last new-game choice; on
/// unless turned off).
pub fn ai_offers_wanted() -> bool {
    local_storage()
        .and_then(|s| s.get_item(AI_OFFERS_KEY).ok().flatten())
        .is_none_or(|v| v != "off")
}

/// Keep the new-game choice "AIs may offer trades to people".
pub fn keep_ai_offers(on: bool) {
    if let Some(s) = local_storage() {
        s.set_item(AI_OFFERS_KEY, if on { "on" } else { "off" })
            .ok();
    }
}

fn act_button(label: &str, a: &Action, robber: HexId) -> El {
    let b = button(
        label,
        &format!("game-act:{}", serde_json::to_string(a).unwrap_or_default()),
    )
    .class("act");
    match spots::spot_text(a, robber) {
        Some(spot) => b.attr("data-spot", &spot),
        None => b,
    }
}

fn seat_marker(seat: Seat) -> El {
    let (fill, ink) = SEAT_COLOURS[seat as usize % SEAT_COLOURS.len()];
    el("span")
        .class("seat-mark")
        .style("background", fill)
        .style("color", ink)
        .text(&(seat + 1).to_string())
}

/// The game's part of the toolbar: the seats, barbarians and dice.
pub fn status_view(g: &GameScreen) -> El {
    let game = g.table.game();
    let viewer = g.shown;
    let names = g.names();
    let mut seats = el("ul").class("seats").attr("id", "seats");
    let view = viewer.map(|s| game.player_view(s));
    for s in 0..game.seat_count() as Seat {
        let p = &game.players[s as usize];
        let mine = viewer == Some(s);
        let points = if mine {
            game.points(s)
        } else {
            game.public_points(s)
        };
        let cards = match (&view, mine) {
            (_, true) => p.hand.total(),
            (Some(v), false) => v.backs[s as usize].resources + v.backs[s as usize].commodities,
            (None, false) => p.hand.total(),
        };
        let progress = match (&view, mine) {
            (_, true) => p.progress.len() as u32,
            (Some(v), false) => v.backs[s as usize]
                .progress
                .iter()
                .map(|n| u32::from(*n))
                .sum(),
            (None, false) => p.progress.len() as u32,
        };
        let who = match &g.table.players()[s as usize] {
            Player::Human => t("cg-person"),
            Player::Ai(spec) => tf("cg-ai", &[("level", &ai_level(spec))]),
        };
        let mut li = el("li")
            .class("seat")
            .attr("data-seat", &s.to_string())
            .child(seat_marker(s))
            .child(el("b").text(&names.seat(s)))
            .child(el("span").class("who").text(&who))
            .child(el("span").text(&tn("cg-points", i64::from(points), &[])))
            .child(el("span").text(&tn("cg-cards", cards as i64, &[])));
        if game.ck() {
            li = li
                .child(el("span").text(&tf("cg-progress-n", &[("n", &progress.to_string())])))
                .child(el("span").text(&tf(
                    "cg-knights-n",
                    &[("n", &game.knight_strength(s).to_string())],
                )))
                .child(el("span").text(&tf(
                    "cg-levels",
                    &[
                        ("trade", &p.levels[0].to_string()),
                        ("politics", &p.levels[1].to_string()),
                        ("science", &p.levels[2].to_string()),
                    ],
                )));
        }
        if game.current == s && game.phase != tabula_catan::game::state::Phase::Over {
            li = li.class("current").attr("aria-current", "true");
        }
        if g.table.deciding().contains(&s) {
            li = li.child(el("span").class("deciding").text(&t("cg-deciding")));
        }
        seats = seats.child(li);
    }
    let mut pace = el("select")
        .attr("id", "pace")
        .attr("aria-label", &t("cg-pace"));
    for (ms, key) in [
        (1500, "cg-pace-slow"),
        (600, "cg-pace-normal"),
        (200, "cg-pace-fast"),
        (0, "cg-pace-instant"),
    ] {
        let mut o = el("option").attr("value", &ms.to_string()).text(&t(key));
        if g.delay_ms == ms {
            o = o.attr("selected", "");
        }
        pace = pace.child(o);
    }
    let bar = el("div")
        .class("game-bar")
        .child(button(&t("cg-to-editor"), "game-editor").attr("id", "to-editor"))
        .child(
            button(&t("cg-save"), "game-save")
                .attr("id", "game-save")
                .attr("title", &t("cg-save-title"))
                .attr("aria-describedby", "save-warning"),
        )
        .child(el("label").text(&t("cg-pace")).child(pace))
        // Said in words too, not only as the button's tooltip.
        .child(
            el("p")
                .class("save-warning")
                .attr("id", "save-warning")
                .text(&t("cg-save-warning")),
        );
    let mut out = el("div")
        .attr("id", "tools")
        .class("game-status")
        .child(bar)
        .child(seats);
    if game.ck() {
        let cities: u32 = (0..game.seat_count() as Seat)
            .map(|s| {
                game.buildings_of(s)
                    .filter(|c| {
                        matches!(
                            game.buildings[*c as usize],
                            tabula_catan::game::state::Building::City { .. }
                        )
                    })
                    .count() as u32
            })
            .sum();
        let knights: u32 = (0..game.seat_count() as Seat)
            .map(|s| game.knight_strength(s))
            .sum();
        let track = tabula_catan::game::state::BARBARIAN_TRACK;
        // The track as steps; the ship's step filled and marked "B".
        let mut steps = el("ol")
            .class("barbarian-track")
            .attr("aria-hidden", "true");
        for i in 0..=track {
            let here = i == game.barbarians;
            steps = steps.child(
                el("li")
                    .class(if here { "ship" } else { "sea" })
                    .text(if here {
                        "B"
                    } else if i == track {
                        "!"
                    } else {
                        ""
                    }),
            );
        }
        out = out.child(
            el("div")
                .class("barbarians")
                .attr("id", "barbarians")
                .child(el("b").text(&t("cg-barbarians")))
                .child(steps)
                .child(el("span").text(&tf(
                    "cg-barbarians-state",
                    &[
                        ("at", &game.barbarians.to_string()),
                        ("of", &track.to_string()),
                        ("barbarians", &cities.to_string()),
                        ("knights", &knights.to_string()),
                    ],
                )))
                .child(
                    el("p")
                        .class("outlook")
                        .attr("id", "barbarian-outlook")
                        .text(&outlook_words(&game.barbarian_outlook(), &names)),
                ),
        );
    }
    if let Some(r) = game.roll {
        let event = if game.ck() {
            match r.event {
                None => format!(" · {}", t("cg-die-ship")),
                Some(k) => format!(" · {}", tf("cg-die-gate", &[("track", &gw::track(k))])),
            }
        } else {
            String::new()
        };
        out = out.child(el("p").class("dice").attr("id", "dice").text(&format!(
            "{}{event}",
            tf(
                "cg-dice",
                &[
                    ("red", &r.red.to_string()),
                    ("white", &r.white.to_string()),
                    ("sum", &(r.red + r.white).to_string()),
                ]
            )
        )));
    }
    out
}

/// Who would lose a city, or win the defence, if the barbarians landed
/// now.
fn outlook_words(o: &tabula_catan::game::events::Outlook, names: &Names) -> String {
    match (
        o.repelled,
        o.defender,
        o.drawers.as_slice(),
        o.losers.as_slice(),
    ) {
        (true, Some(d), _, _) => tf("cg-outlook-defender", &[("seat", &names.seat(d))]),
        (true, None, [], _) => t("cg-outlook-nobody"),
        (true, None, tied, _) => tf("cg-outlook-drawers", &[("seats", &names.seats_list(tied))]),
        (false, _, _, []) => t("cg-outlook-none-lose"),
        (false, _, _, [one]) => tf("cg-outlook-loser", &[("seat", &names.seat(*one))]),
        (false, _, _, many) => tf("cg-outlook-losers", &[("seats", &names.seats_list(many))]),
    }
}

fn ai_level(spec: &str) -> String {
    t(match spec {
        "search:easy" => "cg-level-easy",
        "search:normal" => "cg-level-normal",
        "search:hard" => "cg-level-hard",
        "greedy" => "cg-level-greedy",
        _ => "cg-level-random",
    })
}

/// A group's heading key.
fn group_title(key: &str) -> &'static str {
    match key {
        "turn" => "cg-group-turn",
        "improve" => "cg-group-improve",
        "bank" => "cg-group-bank",
        "cards" => "cg-group-cards",
        _ => "cg-group-answer",
    }
}

/// A trade form field's spoken name.
fn field_label(id: &str) -> &'static str {
    match id {
        "offer-give" => "cg-offer-give",
        "offer-give-n" => "cg-offer-give-n",
        "offer-take" => "cg-offer-take",
        "offer-take-n" => "cg-offer-take-n",
        "counter-give" => "cg-counter-give",
        "counter-give-n" => "cg-counter-give-n",
        "counter-take" => "cg-counter-take",
        _ => "cg-counter-take-n",
    }
}

/// Which group of the panel an action's button goes in.
fn group(a: &Action) -> &'static str {
    match a {
        Action::RollDice | Action::EndTurn | Action::EndPlay => "turn",
        Action::UpgradeProgress { .. } => "improve",
        Action::Trade { .. } => "bank",
        Action::Propose { .. } => "",
        Action::Counter { .. } => "",
        Action::Play { .. } | Action::PlayDevelopment { .. } | Action::BuyDevelopment => "cards",
        _ => "answer",
    }
}

/// The panel: what is asked, the hand, the actions, the log.
pub fn panel_view(g: &GameScreen) -> El {
    let game = g.table.game();
    let names = g.names();
    let mut panel = el("section").attr("id", "panel").class("game-panel");
    if let Some(m) = &g.message {
        panel = panel.child(el("p").class("message").attr("role", "status").text(m));
    }
    if game.to_move() == ToMove::Over {
        return panel.child(end_view(g)).child(log_view(g));
    }
    if let Some(p) = g.handoff {
        return panel.child(tabula_page_kit::handoff::screen(
            tabula_page_kit::handoff::Handoff {
                marker: seat_marker(p),
                name: &names.seat(p),
                title: "cg-handoff",
                note: "cg-handoff-note",
                ready: "cg-handoff-ready",
                args: &[],
                cmd: "game-ready",
                note_id: None,
            },
        ));
    }
    // Who decides and what is asked.
    let deciding = g.table.deciding();
    let who: Vec<String> = deciding.iter().map(|s| names.seat(*s)).collect();
    panel = panel.child(el("h2").attr("id", "asked").text(&format!(
        "{} — {}",
        who.join(", "),
        gw::asked(game)
    )));
    if let Some(p) = g.pending {
        panel = panel.child(
            el("p")
                .class("thinking")
                .text(&tf("cg-thinking", &[("name", &names.seat(p.seat))])),
        );
    }
    if let Some((offer, answers)) = g.open_offer() {
        panel = panel.child(open_offer_view(g, &offer, &answers));
    }
    if let Some(s) = g.shown {
        panel = panel.child(hand_view(g, s));
    }
    let legal = g.legal();
    if let Some(seat) = g.acting() {
        if !g.menu.is_empty() {
            let mut menu = el("div")
                .class("menu")
                .attr("id", "spot-menu")
                .child(el("h3").text(&t("cg-which")));
            for a in &g.menu {
                menu = menu.child(act_button(
                    &gw::action(a, game, seat, &names),
                    a,
                    game.robber,
                ));
            }
            panel = panel.child(menu);
        }
        if let Some(k) = g.knight {
            panel = panel.child(
                el("p")
                    .class("hint")
                    .text(&tf("cg-knight-picked", &[("at", &names.corner(k))]))
                    .child(button(&t("cg-drop-knight"), "game-drop-knight")),
            );
        }
        let robber = game.robber;
        let mut groups: Vec<(&str, El)> = Vec::new();
        let mut board_list = el("ul").class("on-board");
        let mut on_board = 0;
        for a in &legal {
            let label = gw::action(a, game, seat, &names);
            if spots::aim(a, robber).is_some() {
                on_board += 1;
                board_list = board_list.child(el("li").child(act_button(&label, a, robber)));
                continue;
            }
            let key = group(a);
            if key.is_empty() {
                continue;
            }
            let mut b = act_button(&label, a, robber);
            if let Action::UpgradeProgress { track } = a {
                b = b.attr(
                    "title",
                    &tf(
                        "cg-improve-cost",
                        &[
                            ("n", &game.improvement_cost(seat, *track).to_string()),
                            ("card", &gw::card(track.commodity())),
                        ],
                    ),
                );
            }
            if let Action::Play { card } = a {
                b = b.attr("title", &gw::progress_text(*card));
            }
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, e)) => {
                    let taken = std::mem::replace(e, el("div"));
                    *e = taken.child(b);
                }
                None => groups.push((key, el("div").class("buttons").child(b))),
            }
        }
        for (key, buttons) in groups {
            panel = panel.child(
                el("div")
                    .class("game-group")
                    .attr("data-group", key)
                    .child(el("h3").text(&t(group_title(key))))
                    .child(buttons),
            );
        }
        if on_board > 0 {
            panel = panel.child(
                el("details")
                    .class("game-group")
                    .attr("id", "board-moves")
                    .child(el("summary").text(&tf("cg-on-board", &[("n", &on_board.to_string())])))
                    .child(board_list),
            );
        }
        if legal.iter().any(|a| matches!(a, Action::Propose { .. })) {
            panel = panel.child(offer_view(g, &legal));
        }
        if legal.iter().any(|a| matches!(a, Action::Counter { .. })) {
            panel = panel.child(counter_view(g, &legal));
        }
        if game.phase == tabula_catan::game::state::Phase::Main && game.ck() && game.current == seat
        {
            panel = panel.child(costs_view(game, seat));
        }
        panel = panel.child(
            el("div").class("buttons").child(
                button(&t("cg-undo"), "game-undo")
                    .attr("id", "undo")
                    .disabled(!g.table.can_undo()),
            ),
        );
    }
    panel.child(log_view(g))
}

fn hand_view(g: &GameScreen, s: Seat) -> El {
    let game = g.table.game();
    let p = &game.players[s as usize];
    let mut cards = el("ul").class("hand").attr("id", "hand");
    for c in Card::ALL {
        if !game.ck() && c.is_commodity() {
            continue;
        }
        cards = cards.child(
            el("li")
                .attr("data-card", c.name())
                .class(if p.hand.get(c) == 0 { "none" } else { "some" })
                .text(&format!("{} {}", p.hand.get(c), gw::card(c))),
        );
    }
    let mut out = el("div")
        .class("my-hand")
        .child(el("h3").text(&tf("cg-hand-of", &[("name", &g.names().seat(s))])))
        .child(cards);
    if game.ck() && !p.progress.is_empty() {
        let mut list = el("ul")
            .class("progress-cards")
            .attr("id", "progress-cards");
        for c in &p.progress {
            list = list.child(
                el("li")
                    .attr("title", &gw::progress_text(*c))
                    .child(el("b").text(&gw::progress(*c)))
                    .child(el("span").text(&format!(" — {}", gw::progress_text(*c)))),
            );
        }
        out = out
            .child(el("h3").text(&t("cg-progress-cards")))
            .child(list);
    }
    if !game.ck() && !p.dev.is_empty() {
        let names: Vec<String> = p.dev.iter().map(|(d, _)| gw::dev(*d)).collect();
        out = out.child(el("p").text(&tf("cg-dev-hand", &[("cards", &names.join(", "))])));
    }
    out
}

fn open_offer_view(g: &GameScreen, offer: &Offer, answers: &[Answer; 4]) -> El {
    let game = g.table.game();
    let names = g.names();
    let mut list = el("ul").class("answers");
    for s in 0..game.seat_count() as Seat {
        if s == game.current {
            continue;
        }
        let said = match answers[s as usize] {
            Answer::Waiting => t("cg-answer-waiting"),
            Answer::Accept => t("cg-answer-accept"),
            Answer::Decline => t("cg-answer-decline"),
            Answer::Sealed => t("cg-answer-sealed"),
            Answer::Counter(o) => tf(
                "cg-answer-counter",
                &[
                    ("n", &o.take.1.to_string()),
                    ("give", &gw::card(o.take.0)),
                    ("m", &o.give.1.to_string()),
                    ("take", &gw::card(o.give.0)),
                ],
            ),
        };
        list = list.child(
            el("li")
                .child(seat_marker(s))
                .text(&format!("{}: {said}", names.seat(s))),
        );
    }
    el("div")
        .class("game-group open-offer")
        .attr("id", "open-offer")
        .child(el("h3").text(&tf(
            "cg-open-offer",
            &[
                ("seat", &names.seat(game.current)),
                ("n", &offer.give.1.to_string()),
                ("give", &gw::card(offer.give.0)),
                ("m", &offer.take.1.to_string()),
                ("take", &gw::card(offer.take.0)),
            ],
        )))
        .child(list)
}

fn counter_view(g: &GameScreen, legal: &[Action]) -> El {
    let Some((give, n, take, m)) = g.counter_terms() else {
        return el("div");
    };
    let ck = g.table.game().ck();
    let action = Action::Counter {
        offer: Offer {
            give: (give, n),
            take: (take, m),
        },
    };
    let ok = legal.contains(&action);
    el("div")
        .class("game-group offer")
        .attr("data-group", "counter")
        .child(el("h3").text(&t("cg-group-counter")))
        .child(
            el("div")
                .class("offer-row")
                .child(el("span").text(&t("cg-counter-get")))
                .child(count_select("counter-give-n", n))
                .child(card_select("counter-give", give, ck))
                .child(el("span").text(&t("cg-offer-for")))
                .child(count_select("counter-take-n", m))
                .child(card_select("counter-take", take, ck)),
        )
        .child(
            button(&t("cg-counter-send"), "game-counter")
                .attr("id", "counter-send")
                .disabled(!ok),
        )
        .maybe((!ok).then(|| el("p").class("hint").text(&t("cg-counter-not-now"))))
}

fn card_select(id: &str, chosen: Card, ck: bool) -> El {
    let mut s = el("select")
        .attr("id", id)
        .attr("aria-label", &t(field_label(id)));
    for c in Card::ALL {
        if !ck && c.is_commodity() {
            continue;
        }
        let mut o = el("option").attr("value", c.name()).text(&gw::card(c));
        if c == chosen {
            o = o.attr("selected", "");
        }
        s = s.child(o);
    }
    s
}

fn count_select(id: &str, chosen: u8) -> El {
    let mut s = el("select")
        .attr("id", id)
        .attr("aria-label", &t(field_label(id)));
    for k in 1..=3u8 {
        let mut o = el("option")
            .attr("value", &k.to_string())
            .text(&k.to_string());
        if k == chosen {
            o = o.attr("selected", "");
        }
        s = s.child(o);
    }
    s
}

fn offer_view(g: &GameScreen, legal: &[Action]) -> El {
    let ck = g.table.game().ck();
    let (give, n, take, m) = g.offer;
    let action = Action::Propose {
        offer: Offer {
            give: (give, n),
            take: (take, m),
        },
    };
    let ok = legal.contains(&action);
    el("div")
        .class("game-group offer")
        .attr("data-group", "offer")
        .child(el("h3").text(&t("cg-group-offer")))
        .child(
            el("div")
                .class("offer-row")
                .child(el("span").text(&t("cg-offer-give")))
                .child(count_select("offer-give-n", n))
                .child(card_select("offer-give", give, ck))
                .child(el("span").text(&t("cg-offer-for")))
                .child(count_select("offer-take-n", m))
                .child(card_select("offer-take", take, ck)),
        )
        .child(
            button(&t("cg-offer-send"), "game-offer")
                .attr("id", "offer-send")
                .disabled(!ok),
        )
        .maybe((!ok).then(|| el("p").class("hint").text(&t("cg-offer-not-now"))))
}

fn costs_view(game: &Catan, seat: Seat) -> El {
    let mut list = el("ul").class("costs");
    for (p, cost) in [
        (Piece::Road, tabula_catan::game::cards::cost::ROAD),
        (
            Piece::Settlement,
            tabula_catan::game::cards::cost::SETTLEMENT,
        ),
        (Piece::City, tabula_catan::game::cards::cost::CITY),
        (Piece::CityWall, tabula_catan::game::cards::cost::WALL),
        (Piece::Knight, tabula_catan::game::cards::cost::KNIGHT),
    ] {
        let can = game.players[seat as usize].hand.covers(&cost);
        list = list.child(
            el("li")
                .class(if can { "can" } else { "cannot" })
                .text(&format!(
                    "{}: {}{}",
                    gw::piece(p),
                    gw::hand(&cost),
                    if can {
                        String::new()
                    } else {
                        format!(" — {}", t("cg-cannot-pay"))
                    }
                )),
        );
    }
    for k in Track::ALL {
        let level = game.players[seat as usize].levels[k.index()];
        let ability = match k {
            Track::Trade => "cg-ability-trade",
            Track::Politics => "cg-ability-politics",
            Track::Science => "cg-ability-science",
        };
        list = list.child(
            el("li")
                .text(&tf(
                    "cg-track-line",
                    &[
                        ("track", &gw::track(k)),
                        ("level", &level.to_string()),
                        ("n", &game.improvement_cost(seat, k).to_string()),
                        ("card", &gw::card(k.commodity())),
                    ],
                ))
                .child(el("span").class("hint").text(&format!(" — {}", t(ability)))),
        );
    }
    el("details")
        .class("game-group")
        .attr("id", "costs")
        .child(el("summary").text(&t("cg-costs")))
        .child(list)
}

fn end_view(g: &GameScreen) -> El {
    let game = g.table.game();
    let names = g.names();
    let winner = game.winner;
    let mut rows = el("tbody");
    let mut order: Vec<Seat> = (0..game.seat_count() as Seat).collect();
    tabula_engine::small_sort::sort_by_key(&mut order, |s| std::cmp::Reverse(game.points(*s)));
    for s in order {
        let sources = game.point_sources(s);
        let parts: Vec<String> = sources
            .parts()
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(k, n)| format!("{n} {}", gw::source(k)))
            .collect();
        rows = rows.child(
            el("tr")
                .attr("data-seat", &s.to_string())
                .child(el("td").child(seat_marker(s)).text(&names.seat(s)))
                .child(
                    el("td")
                        .attr("data-points", &game.points(s).to_string())
                        .text(&game.points(s).to_string()),
                )
                .child(el("td").class("sources").text(&parts.join(", "))),
        );
    }
    el("div")
        .class("end")
        .attr("id", "end")
        .child(el("h2").text(&match winner {
            Some(w) => tf("cg-e-won", &[("seat", &names.seat(w))]),
            None => t("cg-ask-over"),
        }))
        .child(
            el("table")
                .child(
                    el("thead").child(
                        el("tr")
                            .child(el("th").text(&t("cg-player")))
                            .child(el("th").text(&t("cg-points-head")))
                            .child(el("th").text(&t("cg-sources-head"))),
                    ),
                )
                .child(rows),
        )
        .child(
            el("div")
                .class("buttons")
                .child(button(&t("cg-watch-replay"), "game-replay").attr("id", "watch-replay"))
                .child(button(&t("cg-new-game"), "game-new")),
        )
}

fn log_view(g: &GameScreen) -> El {
    let names = g.names();
    let robber = g.table.game().robber;
    let log = g.table.log_for(g.shown);
    // It scrolls: a keyboard reaches it to scroll it (axe's
    // scrollable-region-focusable).
    let mut list = el("ol")
        .class("log")
        .attr("id", "log")
        .attr("tabindex", "0")
        .attr("aria-label", &t("cg-log"));
    for h in log.iter().rev() {
        let line = match h {
            Happening::Action {
                seat,
                action: action @ Action::Choose { .. },
                facts,
                ..
            } => tf(
                "cg-log-chose",
                &[
                    ("seat", &names.seat(*seat)),
                    ("what", &gw::said(action, *facts, &names)),
                ],
            ),
            Happening::Action {
                seat,
                action,
                facts,
                ..
            } => format!(
                "{}: {}",
                names.seat(*seat),
                gw::said(action, *facts, &names)
            ),
            Happening::Event { event, .. } => gw::event(event, &names),
            Happening::Sealed { seat, .. } => tf("cg-log-sealed", &[("seat", &names.seat(*seat))]),
        };
        let mut li = el("li").text(&line);
        if let Happening::Action { action, .. } = h
            && let Some(spot) = spots::spot_text(action, robber)
        {
            // Focusable, so the keyboard too can show it on the board.
            li = li.attr("data-spot", &spot).attr("tabindex", "0");
        }
        list = list.child(li);
    }
    el("details")
        .class("game-group")
        .attr("open", "")
        .child(el("summary").text(&t("cg-log")))
        .child(list)
}

/// The new-game dialog.
pub fn new_game_view(problem: Option<&str>, drawn_chosen: bool, has_game: bool) -> El {
    let mut seats = el("fieldset").child(el("legend").text(&t("cg-seats")));
    for i in 0..4u8 {
        let mut who = el("select").attr("id", &format!("ng-who-{i}")).attr(
            "aria-label",
            &tf("cg-seat-who", &[("n", &(i + 1).to_string())]),
        );
        let default = match i {
            0 => "human",
            1 | 2 => "search:normal",
            _ => "none",
        };
        for (value, key) in [
            ("human", "cg-person"),
            ("search:easy", "cg-level-easy"),
            ("search:normal", "cg-level-normal"),
            ("search:hard", "cg-level-hard"),
            ("none", "cg-nobody"),
        ] {
            if value == "none" && i < 2 {
                continue;
            }
            let label = if value.starts_with("search") {
                tf("cg-ai", &[("level", &t(key))])
            } else {
                t(key)
            };
            let mut o = el("option").attr("value", value).text(&label);
            if value == default {
                o = o.attr("selected", "");
            }
            who = who.child(o);
        }
        seats = seats.child(
            el("div")
                .class("ng-seat")
                .child(seat_marker(i))
                .child(who)
                .child(
                    el("input")
                        .attr("id", &format!("ng-name-{i}"))
                        .attr("maxlength", "24")
                        .attr(
                            "aria-label",
                            &tf("cg-seat-name", &[("n", &(i + 1).to_string())]),
                        )
                        .attr(
                            "value",
                            &tabula_page_kit::players::default_name(usize::from(i)),
                        ),
                ),
        );
    }
    let mut map = el("select")
        .attr("id", "ng-map")
        .attr("aria-label", &t("cg-map"));
    for (value, key) in [
        ("standard", "catan-shipped-standard"),
        ("three", "catan-shipped-three"),
        ("small", "catan-shipped-small"),
        ("lagoon", "catan-shipped-lagoon"),
    ] {
        map = map.child(el("option").attr("value", value).text(&t(key)));
    }
    let mut drawn = el("option").attr("value", "drawn").text(&t("cg-map-drawn"));
    if drawn_chosen {
        drawn = drawn.attr("selected", "");
    }
    map = map.child(drawn);
    el("section")
        .attr("id", "newgame")
        .class("dialog")
        .attr("role", "dialog")
        .attr("aria-modal", "true")
        .attr("aria-labelledby", "newgame-h")
        .child(el("h2").attr("id", "newgame-h").text(&t("cg-new-game")))
        .child(seats)
        .child(
            el("fieldset")
                .child(el("legend").text(&t("cg-rules")))
                .child(
                    el("label")
                        .child(
                            el("input")
                                .attr("type", "checkbox")
                                .attr("id", "ng-ck")
                                .attr("checked", ""),
                        )
                        .text(&t("cg-ck")),
                )
                .child({
                    let mut boxed = el("input")
                        .attr("type", "checkbox")
                        .attr("id", "ng-ai-offers");
                    if ai_offers_wanted() {
                        boxed = boxed.attr("checked", "");
                    }
                    el("label").child(boxed).text(&t("cg-ai-offers"))
                })
                .child(
                    el("label").text(&t("cg-goal")).child(
                        el("input")
                            .attr("type", "number")
                            .attr("id", "ng-points")
                            .attr("min", "3")
                            .attr("max", "20")
                            .attr("placeholder", &t("cg-goal-default")),
                    ),
                )
                .child(el("label").text(&t("cg-map")).child(map))
                .child(
                    el("label").text(&t("cg-seed")).child(
                        el("input")
                            .attr("type", "number")
                            .attr("id", "ng-seed")
                            .attr("min", "0")
                            .attr("placeholder", &t("cg-seed-random")),
                    ),
                ),
        )
        .child(
            el("fieldset")
                .child(el("legend").text(&t("cg-open-saved")))
                .child(tabula_page_kit::dom::file_field(
                    &t("cg-open-saved-file"),
                    "ng-open",
                    ".json,application/json",
                )),
        )
        .child(
            el("details")
                .attr("id", "ng-position-box")
                .child(el("summary").text(&t("cg-position")))
                .child(el("p").class("hint").text(&t("cg-position-hint")))
                .child(
                    el("textarea")
                        .attr("id", "ng-position")
                        .attr("rows", "6")
                        .attr("maxlength", "65536")
                        .attr("spellcheck", "false")
                        .attr("aria-label", &t("cg-position")),
                ),
        )
        .child(
            el("p")
                .class("problem")
                .attr("id", "ng-problem")
                .attr("role", "alert")
                .text(problem.unwrap_or("")),
        )
        .child(
            el("div")
                .class("buttons")
                .child(
                    button(&t("cg-start"), "game-start")
                        .class("primary")
                        .attr("id", "ng-start"),
                )
                .maybe(
                    has_game
                        .then(|| button(&t("cg-resume"), "game-resume").attr("id", "ng-resume")),
                )
                .child(button(&t("cg-cancel"), "game-cancel")),
        )
}

/// What the new-game dialog's fields say, read from the page.
pub struct NewGame {
    /// Names and players of the seats taken.
    pub seats: Vec<(String, Player)>,
    /// The rules.
    pub options: Options,
    /// The map chosen (`drawn`: the board in the editor).
    pub map: String,
    /// The seed, if one was given.
    pub seed: Option<u64>,
    /// Whether AIs may offer trades to people.
    pub ai_offers: bool,
}

fn field_value(id: &str) -> String {
    use wasm_bindgen::JsCast;
    let Some(e) = by_id(id) else {
        return String::new();
    };
    if let Some(i) = e.dyn_ref::<web_sys::HtmlInputElement>() {
        if i.type_() == "checkbox" {
            return if i.checked() {
                "on".into()
            } else {
                String::new()
            };
        }
        return i.value();
    }
    if let Some(s) = e.dyn_ref::<web_sys::HtmlSelectElement>() {
        return s.value();
    }
    if let Some(a) = e.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        return a.value();
    }
    String::new()
}

/// Read the new-game dialog.
pub fn read_new_game() -> NewGame {
    let mut seats = Vec::new();
    for i in 0..4 {
        let who = field_value(&format!("ng-who-{i}"));
        let player = match who.as_str() {
            "human" => Player::Human,
            "none" | "" => continue,
            spec => Player::Ai(spec.into()),
        };
        let name = field_value(&format!("ng-name-{i}"));
        let name =
            crate::library::clean_name(&name, &tabula_page_kit::players::default_name(i as usize));
        seats.push((name, player));
    }
    let ck = !field_value("ng-ck").is_empty();
    let mut options = if ck {
        Options::default()
    } else {
        Options::base()
    };
    options.points = field_value("ng-points")
        .trim()
        .parse::<u8>()
        .ok()
        .filter(|p| (3..=20).contains(p));
    let position = field_value("ng-position");
    if !position.trim().is_empty() {
        options.position = Some(position);
    }
    NewGame {
        seats,
        options,
        map: field_value("ng-map"),
        seed: field_value("ng-seed").trim().parse().ok(),
        ai_offers: !field_value("ng-ai-offers").is_empty(),
    }
}

/// Start listening to the worker's replies.
pub fn connect_worker() {
    ai_worker::connect(
        WORKER,
        |text| {
            if let Some(reply) = tabula_engine::plain::read::<Reply<Action>>(&text) {
                crate::page::with_game(|g| g.on_reply(reply));
            }
        },
        || {
            crate::page::with_game(|g| g.restart_ai(&t("cg-ai-restarted")));
        },
    );
}

/// The legend of the game's board: every mark in words.
pub fn legend_view() -> El {
    let mut list = el("ul").class("legend-list");
    for k in [
        tabula_catan::FieldKind::Forest,
        tabula_catan::FieldKind::Pasture,
        tabula_catan::FieldKind::Field,
        tabula_catan::FieldKind::Hill,
        tabula_catan::FieldKind::Mountain,
        tabula_catan::FieldKind::Desert,
    ] {
        list = list.child(
            el("li")
                .child(crate::page::swatch(k))
                .text(&crate::words::kind(k)),
        );
    }
    for key in [
        "cg-legend-settlement",
        "cg-legend-city",
        "cg-legend-wall",
        "cg-legend-metropolis",
        "cg-legend-road",
        "cg-legend-knight",
        "cg-legend-robber",
        "cg-legend-merchant",
        "cg-legend-numbers",
        "cg-legend-lit",
        "cg-legend-last",
        "cg-legend-rolled",
    ] {
        list = list.child(el("li").text(&t(key)));
    }
    el("div").attr("id", "legend").child(list)
}
