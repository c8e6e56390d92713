//! The game screen: a game of Catan at this device. The board (drawn by
//! [`crate::game_draw`] with the legal spots lit), the panel (seats,
//! barbarians, dice, the hand of the person at the device, every legal
//! action as a button, trades, the log), hand-offs between people, AI
//! seats asked in the web worker from their seat's view, undo, and the
//! game kept in the browser after every action.
//!
//! What the screen shows of hidden cards comes from the shown seat's
//! player view: another seat's cards never reach the DOM.

use tabula_catan::game::topology::CornerId;
use tabula_catan::{Action, Options};
use tabula_engine::record::parse_record;
use tabula_engine::{Game, Seat, ToMove};
use tabula_page_kit::ai_worker;
use tabula_page_kit::ai_worker::asking::Asked;
use tabula_page_kit::ai_worker::protocol::Reply;
use tabula_page_kit::autosave::Autosave;
use tabula_page_kit::dom::{El, button, by_id, el, local_storage};
use tabula_page_kit::end_screen::EndCommands;
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::players::Player;
use tabula_page_kit::seat_rows::{Name, SeatRow, Who, seat_row};
use web_sys::HtmlCanvasElement;

use crate::board_explore::Explored;
use crate::game_board::{self, Choosing};
use crate::game_panel::{self, Seen, Trade, seat_marker};
use crate::game_words::{self as gw, Names};
use crate::spots::{self, Layout, Spot};
use crate::table::{Happening, Table};
use tabula_page_kit::explore::Explore;

/// The game in progress kept in this browser (the kit's; one that cannot
/// be resumed is set aside and said).
pub const AUTOSAVE: Autosave = Autosave {
    key: "tabula-catan-game",
};
/// The AI runs in a worker on the page's own module (one download for
/// both; [`crate::ai_worker_start`] starts it there).
const WORKER: &str = "ai_worker_start";

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
    pub pending: Option<Asked>,
    next_request: u64,
    /// A note or a refusal for the person at the device.
    pub message: Option<String>,
    /// The lit spot under the pointer or the keyboard's cursor.
    pub cursor: Option<Spot>,
    /// Milliseconds shown between AI moves.
    pub delay_ms: u32,
    /// The trade offer and counter-offer being written.
    pub trade: Trade,
    /// The spots of the move whose entry (a move button, a log line) is
    /// under the pointer or focused: highlighted on the board.
    pub highlight: Vec<Spot>,
    /// The explorer's cursor: the place the arrow keys reached, or a
    /// finger's first tap (any place, lit or not).
    pub explore: Option<Spot>,
    /// A finger's first tap, waiting for the second on the same place.
    pub confirm: tabula_page_kit::touch::Confirm<Spot>,
    /// The link to the finished game, once made at its end.
    pub link: Option<String>,
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
            delay_ms: tabula_page_kit::ai_pace::NORMAL,
            trade: Trade::default(),
            highlight: Vec::new(),
            explore: None,
            confirm: tabula_page_kit::touch::Confirm::new(),
            link: None,
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
                self.trade.counter = None;
                self.highlight.clear();
                self.knight = None;
                self.menu.clear();
                self.confirm.clear();
                self.settle();
                self.save();
            }
            Err(e) => self.message = Some(tf("cg-refused", &[("why", &e.in_words())])),
        }
    }

    /// Keep the game in the browser (the record: every action from the
    /// seed; this device's own save, never shared).
    pub fn save(&mut self) {
        // The home page offers "Continue" while the game is not over.
        let turn = self.table.game().turn.to_string();
        let names = self.table.names().join(", ");
        let args: &[(&str, &str)] = &[("turn", &turn), ("names", &names)];
        let over = self.table.game().to_move() == ToMove::Over;
        tabula_page_kit::resume_note::set("catan", (!over).then_some(("continue-catan", args)));
        let json = serde_json::to_string(&*self.table.record()).unwrap_or_default();
        if let Err(refused) = AUTOSAVE.keep(&json) {
            self.message = Some(refused);
        }
    }

    /// The game kept in the browser, if one is there; one that no longer
    /// reads is set aside, and why is the error (the kit's autosave).
    pub fn resume() -> Result<Option<GameScreen>, String> {
        AUTOSAVE.resume(|text| {
            let why = |e| tabula_page_kit::error_words::record_text::<gw::Words>(&e, text);
            let record = parse_record(text).map_err(why)?;
            let table = Table::from_record(&record).map_err(why)?;
            Ok(GameScreen::new(table))
        })
    }

    fn names(&self) -> Names<'_> {
        Names::new(self.table.names(), self.table.game())
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

    /// What the person at the device may touch on the board now.
    fn choosing<'a>(&self, legal: &'a [Action]) -> Choosing<'a> {
        Choosing {
            acting: self.acting(),
            legal,
            knight: self.knight,
        }
    }

    /// Draw the board.
    pub fn draw(&mut self, canvas: &HtmlCanvasElement, width: f64) {
        let legal = self.legal();
        let choosing = self.choosing(&legal);
        let game = self.table.game();
        if self
            .cursor
            .is_some_and(|c| !choosing.lit(game).contains(&c))
        {
            self.cursor = None;
        }
        let last = self.last_spots();
        let shown = game_board::Shown {
            cursor: self.cursor,
            highlight: &self.highlight,
            last: &last,
            explore: self.explore,
        };
        canvas
            .set_attribute("aria-label", &t("cg-board-label"))
            .ok();
        self.layout = game_board::draw(canvas, game, &self.names(), &choosing, &shown, width);
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
        self.choosing(&self.legal()).lit(self.table.game())
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

    /// The board as the explorer says it (`by_touch`: what a second tap
    /// would do, rather than Enter), given to `f`.
    fn explored<R>(&self, by_touch: bool, f: impl FnOnce(&Explored) -> R) -> R {
        let legal = self.legal();
        let choosing = self.choosing(&legal);
        let names = self.names();
        let e = Explored::new(self.table.game(), &names, &choosing).by_touch(by_touch);
        f(&e)
    }

    /// A key on the board (page kit's explore): the arrows move the
    /// cursor from place to place, N and P to the places where the person
    /// can act, S says the board; the words to say, or `None` when the key
    /// is not the explorer's.
    pub fn explore_key(&mut self, key: &str) -> Option<String> {
        let cursor = self.explore;
        let (spot, text) = self.explored(false, |e| {
            let at = cursor.and_then(|s| e.index(s));
            let (at, text) = tabula_page_kit::explore::key(e, at, key)?;
            Some((at.and_then(|a| e.spot(a)), text))
        })?;
        self.explore = spot;
        self.cursor = spot;
        self.confirm.clear();
        Some(text)
    }

    /// Act at the explorer's cursor (Enter), as a click there does.
    pub fn press(&mut self) {
        if let Some(c) = self.explore.or(self.cursor) {
            self.touch_spot(c);
        }
    }

    /// A finger's tap at (x, y): the first tap on a place shows what it
    /// would do (the ghost, the words; nothing is played), a second tap on
    /// the same place does it. The words of a first tap, to say.
    pub fn tap(&mut self, x: f64, y: f64) -> Option<String> {
        let layout = self.layout?;
        let spot = layout.spot_at(&self.table.game().topo, x, y)?;
        if self.confirm.tap(spot) {
            self.touch_spot(spot);
            return None;
        }
        self.explore = Some(spot);
        self.cursor = Some(spot);
        self.tap_words()
    }

    /// What the place tapped once is and what a second tap would do.
    pub fn tap_words(&self) -> Option<String> {
        let spot = self.confirm.pending()?;
        Some(self.explored(true, |e| {
            e.index(spot).map(|at| e.describe(at)).unwrap_or_default()
        }))
    }

    /// The line above the board after a first tap: what a second tap
    /// would do (short, so the board below does not move), else what the
    /// place is.
    pub fn tap_hint(&self) -> Option<String> {
        let spot = self.confirm.pending()?;
        let enter = self.explored(true, |e| e.enter(spot));
        if enter.is_empty() {
            self.tap_words()
        } else {
            Some(enter)
        }
    }

    /// Touch a spot: play its one move, ask which of several, or pick up
    /// (or put down) a knight.
    pub fn touch_spot(&mut self, spot: Spot) {
        let legal = self.legal();
        let one = game_board::touched(
            &legal,
            self.table.game(),
            &mut self.knight,
            &mut self.menu,
            spot,
        );
        if let Some(a) = one {
            self.play(a);
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
        let id = self.next_request;
        self.next_request += 1;
        let Some((text, asked)) =
            Asked::new(self.table.game(), seat, spec.clone(), id, ai_worker::now())
        else {
            return;
        };
        self.pending = Some(asked);
        ai_worker::ask(text, &asked, &spec, |asked| {
            through_page(|g| {
                if g.pending == Some(asked) {
                    g.restart_ai(&t("ai-timeout"));
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
        let Some(action) = p.answer(self.table.game(), reply) else {
            return;
        };
        let action = self.table.ai_choice(p.seat, action);
        let wait = p.wait_ms(f64::from(self.delay_ms), ai_worker::now());
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
                through_page(finish);
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
            "game-link" => {
                self.link = Some(tabula_page_kit::records::share::<tabula_catan::Catan>(
                    &self.table.record(),
                ));
            }
            "game-save" => {
                let text = serde_json::to_string_pretty(&*self.table.record()).unwrap_or_default();
                tabula_page_kit::records::save(&text, "catan-game.json");
            }
            "game-pace" => {
                if let Some(ms) = tabula_page_kit::ai_pace::of(arg) {
                    self.delay_ms = ms;
                }
            }
            _ => {}
        }
        self.drive();
    }

    /// Set a part of the offer being written from its field.
    pub fn set_offer(&mut self, field: &str, value: &str) {
        self.trade.set(field, value, self.table.game());
    }

    /// What the screen shows and offers now, the actions' buttons made by
    /// `act`.
    pub fn seen<'a>(&'a self, act: &'a dyn Fn(&str, &Action) -> El) -> Seen<'a> {
        let game = self.table.game();
        let who = self
            .table
            .players()
            .iter()
            .map(|p| match p {
                Player::Human => t("cg-person"),
                Player::Ai(spec) => tf("cg-ai", &[("level", &ai_level(spec))]),
            })
            .collect();
        Seen {
            game,
            viewer: self.shown,
            backs: self.shown.map(|s| game.player_view(s).backs),
            names: self.names(),
            who,
            deciding: self.table.deciding(),
            acting: self.acting(),
            legal: self.legal(),
            knight: self.knight,
            menu: &self.menu,
            trade: self.trade,
            act,
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

/// The game's part of the toolbar: the bar (the editor, save, the AIs'
/// pace), the seats, barbarians and dice.
pub fn status_view(g: &GameScreen) -> El {
    let bar = el("div")
        .class("game-bar")
        .child(button(&t("map-editor"), "game-editor").attr("id", "to-editor"))
        .child(
            button(&t("game-end-save"), "game-save")
                .attr("id", "game-save")
                .attr("title", &t("cg-save-title"))
                .attr("aria-describedby", "save-warning"),
        )
        .child(tabula_page_kit::ai_pace::picker(g.delay_ms, "game-pace"))
        // Said in words too, not only as the button's tooltip.
        .child(
            el("p")
                .class("save-warning")
                .attr("id", "save-warning")
                .text(&t("cg-save-warning")),
        );
    let act = game_panel::device_act;
    game_panel::status_parts(
        &g.seen(&act),
        el("div")
            .attr("id", "tools")
            .class("game-status")
            .child(bar),
    )
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
    let act = game_panel::device_act;
    let seen = g.seen(&act);
    panel = panel.child(game_panel::asked_view(&seen));
    if let Some(p) = g.pending {
        panel = panel.child(
            el("p")
                .class("thinking")
                .text(&tf("cg-thinking", &[("name", &names.seat(p.seat))])),
        );
    }
    panel = game_panel::choices_parts(&seen, panel);
    if g.acting().is_some() {
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

fn end_view(g: &GameScreen) -> El {
    let act = game_panel::device_act;
    let commands = EndCommands {
        look: None,
        replay: Some("game-replay"),
        save: Some("game-save"),
        link: Some("game-link"),
        new: Some("game-new"),
    };
    game_panel::end_view(&g.seen(&act), &commands).maybe(g.link.as_ref().map(|link| {
        el("input")
            .attr("id", "end-link-out")
            .attr("readonly", "")
            .attr("aria-label", &t("game-end-link-shown"))
            .attr("value", link)
    }))
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

/// The new-game dialog. `drawn`: whether the editor's board is offered
/// (and chosen), where the editor has been opened.
pub fn new_game_view(problem: Option<&str>, drawn: Option<bool>, has_game: bool) -> El {
    let mut seats = el("fieldset").child(el("legend").text(&t("cg-seats")));
    for i in 0..4u8 {
        let n = (i + 1).to_string();
        let chosen = match i {
            0 => "human",
            1 | 2 => "search:normal",
            _ => "none",
        };
        let mut choices = Vec::new();
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
            choices.push((value.to_string(), label));
        }
        seats = seats.child(seat_row(SeatRow {
            tag: "div",
            class: "ng-seat",
            mark: seat_marker(i),
            words: None,
            who: Who {
                id: format!("ng-who-{i}"),
                label: Some(tf("cg-seat-who", &[("n", &n)])),
                choices,
                chosen,
            },
            name: Some(Name {
                id: format!("ng-name-{i}"),
                value: tabula_page_kit::players::default_name(usize::from(i)),
                max: 24,
                label: Some(tf("cg-seat-name", &[("n", &n)])),
            }),
            name_first: false,
        }));
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
    // The editor's board, where the editor has been opened (page kit,
    // on_demand: the play module has none).
    if let Some(chosen) = drawn {
        let mut option = el("option").attr("value", "drawn").text(&t("cg-map-drawn"));
        if chosen {
            option = option.attr("selected", "");
        }
        map = map.child(option);
    }
    el("section")
        .attr("id", "newgame")
        .class("dialog")
        .attr("role", "dialog")
        .attr("aria-modal", "true")
        .attr("aria-labelledby", "newgame-h")
        .child(el("h2").attr("id", "newgame-h").text(&t("new-game")))
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
                .child(button(&t("cancel"), "game-cancel")),
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

/// The page's way to run a function on this screen's game (see [`reach_through`]).
pub type Reach = fn(&mut dyn FnMut(&mut GameScreen));

thread_local! {
    /// How the screen reaches the game the page holds from a timer or
    /// the AI worker's reply: the page gives it as it starts
    /// ([`reach_through`]), so that this screen names no page.
    static REACH: std::cell::Cell<Option<Reach>> =
        const { std::cell::Cell::new(None) };
}

/// Give the screen the page's way to its game: run the function on the
/// game at this device (if any), let the AIs go on and draw the page.
pub fn reach_through(with_game: Reach) {
    REACH.with(|r| r.set(Some(with_game)));
}

/// Run `f` on the game at this device through the page (from a
/// timer or a reply).
fn through_page(f: impl FnOnce(&mut GameScreen)) {
    let mut f = Some(f);
    if let Some(reach) = REACH.with(std::cell::Cell::get) {
        reach(&mut |x| {
            if let Some(f) = f.take() {
                f(x);
            }
        });
    }
}

/// Start listening to the worker's replies.
pub fn connect_worker() {
    ai_worker::connect(
        WORKER,
        |text| {
            if let Some(reply) = tabula_engine::plain::read::<Reply<Action>>(&text) {
                through_page(|g| g.on_reply(reply));
            }
        },
        || {
            through_page(|g| g.restart_ai(&t("ai-restarted")));
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
                .child(crate::draw::swatch(k))
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
