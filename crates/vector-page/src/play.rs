//! A game of Vector at this device: the set-up form (four seats, each a
//! person or an AI, names, rounds, seed), the turn as people play it
//! (a direction from a compass of buttons or the number keys, then a
//! magnitude in secret behind a hand-off when several people play), the
//! AIs in the worker from their seat's view, the scores, and the end.
//! The game is the kit's `Table` whose record is kept in the browser after every
//! action, so a reload resumes it.

use std::cell::RefCell;

use tabula_engine::record::{RecordedAction, read_action};
use tabula_engine::{Game, Seat, ToMove};
use tabula_page_kit::ai_worker;
use tabula_page_kit::ai_worker::asking::Asked;
use tabula_page_kit::ai_worker::protocol::Reply;
use tabula_page_kit::autosave::Autosave;
use tabula_page_kit::dom::{El, button, by_id, document, el, listen};
use tabula_page_kit::end_screen::{self, EndCommands};
use tabula_page_kit::handoff::{self, Handoff};
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::morph;
// The lessons, online play, the board editor and the tournament set-up
// are in the page's whole module only (page kit, `on_demand`).
use tabula_page_kit::on_demand::HERE as ON_DEMAND;
use tabula_page_kit::players::Player;
use tabula_page_kit::table::Table;
use tabula_vector::{Action, Dir, Options, Square, Vector};
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, KeyboardEvent};

use crate::board_editor::{board_select, chosen_board};
use crate::draw::{self, Layout};
use crate::parts::{board_width, round_parts, seat_badge, value_of};
use crate::seat_bots::{self, SeatBots};
use crate::signs::{self, arrow, dir_word, letter, seat_word, team_word};

/// The game in progress kept in this browser (the kit's; one that cannot
/// be resumed is set aside and said).
const AUTOSAVE: Autosave = Autosave {
    key: "tabula-vector-game",
};
/// The page's export that starts its AI worker ([`crate::ai_worker_start`]).
const WORKER: &str = "ai_worker_start";
/// A seat played by a bot written in the page: its spec in the page.
const SCRIPT: &str = "script";
/// How a game record names such a seat.
const SCRIPT_PLAYER: &str = "bot:script";
/// The choices of a seat in the set-up form: a person or a bot spec.
const SEAT_CHOICES: [(&str, &str); 6] = [
    ("human", "v-person"),
    ("search:easy", "v-ai-easy"),
    ("search:normal", "v-ai-normal"),
    ("search:hard", "v-ai-hard"),
    ("greedy", "v-ai-greedy"),
    ("random", "v-ai-random"),
];

/// A game being played.
struct Play {
    game: Table<Vector>,
    names: Vec<String>,
    /// The person the device is to be handed to (for a secret magnitude).
    handoff: Option<Seat>,
    /// The person whose secret choice is on screen.
    shown: Option<Seat>,
    /// The question to an AI in flight (the kit's: asked of the worker
    /// or of a bot written in the page).
    pending: Option<Asked>,
    next_id: u64,
    message: Option<String>,
    /// The seats played by bots written in the page.
    bots: SeatBots,
    /// Why written bots are out of this game (said until it ends).
    outs: Vec<String>,
    /// The scores as the round being played began.
    round_start: [i32; 4],
    /// Each seat's points in the last round (known for rounds played on
    /// this page since it opened).
    last_points: Option<[i32; 4]>,
}

/// The page: a game, or the set-up form.
#[derive(Default)]
struct Page {
    play: Option<Play>,
    setup: bool,
    layout: Option<Layout>,
    /// The square under the pointer, said in words.
    hovered: Option<String>,
    /// Why a file or link was not opened.
    problem: Option<String>,
    /// The link to the finished game, once copied.
    link: Option<String>,
    /// The keyboard's cursor on the board (a square's index), once the
    /// board was explored by keyboard.
    cursor: Option<usize>,
    /// The AIs' pace chosen with the kit's picker, kept from game to game
    /// (`None`: the kit's normal pace).
    pace: Option<u32>,
}

impl Page {
    /// How long an AI's move stays on screen before the next, in
    /// milliseconds.
    fn pace_ms(&self) -> u32 {
        self.pace.unwrap_or(tabula_page_kit::ai_pace::NORMAL)
    }
}

thread_local! {
    static PAGE: RefCell<Page> = RefCell::new(Page::default());
}

fn with_page<R>(f: impl FnOnce(&mut Page) -> R) -> R {
    PAGE.with(|p| f(&mut p.borrow_mut()))
}

impl Play {
    fn new(
        players: Vec<Player>,
        names: Vec<String>,
        rounds: u8,
        seed: u64,
        map: Option<&str>,
        codes: Vec<Option<String>>,
    ) -> Result<Play, String> {
        let options = Options {
            rounds,
            ..Options::default()
        };
        let game =
            Table::<Vector>::new(&options, map, names.clone(), players, seed).map_err(|e| {
                tabula_page_kit::error_words::record_of::<signs::Words>(&e.into_record(), None)
            })?;
        Ok(Play {
            game,
            names,
            handoff: None,
            shown: None,
            pending: None,
            next_id: 1,
            message: None,
            bots: SeatBots::new(codes, Vec::new()),
            outs: Vec::new(),
            round_start: [0; 4],
            last_points: None,
        })
    }

    /// The game kept in the browser, played again from its record; why
    /// not, in the page's words.
    fn from_kept(text: &str) -> Result<Play, String> {
        let why = |e| tabula_page_kit::error_words::record_text::<signs::Words>(&e, text);
        let record = tabula_page_kit::records::read_record::<Vector>(text).map_err(why)?;
        let options: Options = serde_json::from_value(record.options.clone()).map_err(|e| {
            why(tabula_engine::RecordError::Options {
                path: String::new(),
                what: e.to_string(),
            })
        })?;
        let kept = SeatBots::kept();
        let (mut codes, mut out) = (kept.codes, kept.out);
        codes.resize(record.seats.len(), None);
        out.resize(record.seats.len(), None);
        let players: Vec<Player> = record
            .seats
            .iter()
            .zip(codes.iter_mut().zip(out.iter_mut()))
            .map(|(s, (code, out))| {
                if s.player != SCRIPT_PLAYER {
                    *code = None;
                    *out = None;
                }
                seat_player(&s.player, code.is_some())
            })
            .collect();
        let names: Vec<String> = record.seats.iter().map(|s| s.name.clone()).collect();
        let mut play = Play::new(
            players,
            names,
            options.rounds,
            record.seed,
            record.map.as_deref(),
            codes.clone(),
        )?;
        // Said with a default name (a seat's word) in the page's language;
        // the record keeps the names it was given.
        play.names = (0..)
            .zip(&record.seats)
            .map(|(seat, s)| signs::seat_name(&s.name, seat))
            .collect();
        play.outs = out
            .iter()
            .enumerate()
            .filter_map(|(seat, why)| {
                let why = why.as_ref()?;
                Some(tf(
                    "v-bot-out",
                    &[("name", &play.names[seat]), ("why", why)],
                ))
            })
            .collect();
        play.bots = SeatBots::new(codes, out);
        for (i, step) in record.actions.iter().enumerate() {
            let RecordedAction { seat, .. } = step;
            let action = read_action::<Vector>(i, step).map_err(why)?;
            play.game.play(*seat, &action, 0, |_| false).map_err(why)?;
        }
        play.round_start = play.state().scores;
        Ok(play)
    }

    fn save(&mut self) {
        // The home page offers "Continue" while the game is not over.
        let round = (self.state().round + 1).to_string();
        let names = self.names.join(", ");
        let args: &[(&str, &str)] = &[("round", &round), ("names", &names)];
        let over = self.state().to_move() == ToMove::Over;
        tabula_page_kit::resume_note::set("vector", (!over).then_some(("continue-vector", args)));
        if let Ok(text) = serde_json::to_string(&*self.game.record())
            && let Err(refused) = AUTOSAVE.keep(&text)
        {
            self.message = Some(refused);
        }
        self.bots.keep();
    }

    fn state(&self) -> &Vector {
        self.game.game()
    }

    fn people(&self) -> usize {
        self.game
            .players()
            .iter()
            .filter(|p| **p == Player::Human)
            .count()
    }

    fn is_person(&self, seat: Seat) -> bool {
        self.game.players().get(seat as usize) == Some(&Player::Human)
    }

    /// Decide what happens next: ask an AI, hand the device over, or wait
    /// for the person whose decision it is.
    fn drive(&mut self) {
        if self.pending.is_some() {
            return;
        }
        match self.state().to_move() {
            ToMove::Over | ToMove::Chance => {
                self.shown = None;
                self.handoff = None;
            }
            ToMove::Seat(s) => {
                self.shown = None;
                self.handoff = None;
                if !self.is_person(s) {
                    self.ask(s);
                }
            }
            ToMove::Simultaneous(set) => {
                let waiting: Vec<Seat> = set.iter().collect();
                if let Some(ai) = waiting.iter().copied().find(|s| !self.is_person(*s)) {
                    self.shown = None;
                    self.handoff = None;
                    self.ask(ai);
                    return;
                }
                let Some(&next) = waiting.first() else { return };
                if self.shown == Some(next) {
                    return;
                }
                if self.people() > 1 {
                    self.shown = None;
                    self.handoff = Some(next);
                } else {
                    self.shown = Some(next);
                }
            }
        }
    }

    fn ask(&mut self, seat: Seat) {
        let Some(Player::Ai(spec)) = self.game.players().get(seat as usize).cloned() else {
            return;
        };
        let id = self.next_id;
        self.next_id += 1;
        let now = ai_worker::now();
        if spec == SCRIPT {
            let legal = self.state().legal_actions(seat);
            let view = self.state().player_view(seat);
            let asked = self.bots.ask(
                seat as usize,
                id,
                &view,
                &legal,
                move |heard| on_script(seat, heard),
                move || on_overdue(id, seat),
            );
            match asked {
                Ok(()) => self.pending = Some(Asked::waiting(self.state(), seat, id, now)),
                Err(why) => self.bot_out(seat, &why),
            }
            return;
        }
        if let Some((text, asked)) = Asked::new(self.state(), seat, spec.clone(), id, now) {
            self.pending = Some(asked);
            // Not answered within twice the budget (and time to start):
            // the worker is replaced and asked again.
            ai_worker::ask(text, &asked, &spec, |asked| {
                restart_ai(Some(asked), "ai-timeout");
            });
        }
    }

    /// Play `action` for `seat`; a refusal is said, the game unchanged.
    fn act(&mut self, seat: Seat, action: Action) {
        let round = self.state().round;
        match self.game.play(seat, &action, 0, |_| false) {
            Ok(()) => {
                self.message = None;
                let (now_round, over, scores) = {
                    let now = self.state();
                    (now.round, now.to_move() == ToMove::Over, now.scores)
                };
                if now_round != round || over {
                    self.last_points =
                        Some(std::array::from_fn(|s| scores[s] - self.round_start[s]));
                    self.round_start = scores;
                }
                if matches!(action, Action::Magnitude(_)) {
                    self.shown = None;
                }
                self.save();
            }
            Err(e) => self.message = Some(tf("v-refused", &[("why", &e.to_string())])),
        }
        self.drive();
    }

    /// `seat`'s written bot is out: the random AI plays the seat from now
    /// on, and the page says why.
    fn bot_out(&mut self, seat: Seat, why: &str) {
        self.bots.drop_seat(seat as usize, why);
        self.game.set_player(seat, Player::Ai("random".into()));
        self.outs.push(tf(
            "v-bot-out",
            &[("name", &self.names[seat as usize]), ("why", why)],
        ));
        self.drive();
    }

    /// The seat whose decision the screen offers now, if a person's.
    fn deciding(&self) -> Option<Seat> {
        if self.handoff.is_some() || self.pending.is_some() {
            return None;
        }
        match self.state().to_move() {
            ToMove::Seat(s) if self.is_person(s) => Some(s),
            ToMove::Simultaneous(set) => self.shown.filter(|s| set.contains(*s)),
            _ => None,
        }
    }
}

/// Who plays a seat of a kept game, by its record's `player` and whether
/// its written bot's code is kept: a written bot whose code is gone (it
/// was out, the random AI took its seat) is the random AI, never a person.
fn seat_player(record_player: &str, has_code: bool) -> Player {
    match (record_player, has_code) {
        (SCRIPT_PLAYER, true) => Player::Ai(SCRIPT.into()),
        (SCRIPT_PLAYER, false) => Player::Ai("random".into()),
        (other, _) => Player::from_record(other),
    }
}

fn player_words(p: &Player) -> String {
    let spec = match p {
        Player::Human => "human",
        Player::Ai(s) => s.as_str(),
    };
    SEAT_CHOICES
        .iter()
        .find(|(s, _)| *s == spec)
        .map(|(_, k)| t(k))
        .unwrap_or_else(|| t("v-script"))
}

fn setup_view(problem: Option<&str>) -> El {
    let mut rows = el("div").class("setup-seats");
    for seat in 0..4u8 {
        let mut choices: Vec<(String, String)> = SEAT_CHOICES
            .iter()
            .map(|(spec, key)| (spec.to_string(), t(key)))
            .collect();
        for (k, bot) in tabula_page_kit::bots::editor::saved().iter().enumerate() {
            choices.push((
                format!("saved:{k}"),
                tf("v-written-bot", &[("name", &bot.name)]),
            ));
        }
        rows = rows.child(tabula_page_kit::seat_rows::seat_row(
            tabula_page_kit::seat_rows::SeatRow {
                tag: "div",
                class: "setup-seat",
                mark: seat_badge(seat),
                words: Some(seat_word(seat)),
                who: tabula_page_kit::seat_rows::Who {
                    id: format!("seat-{seat}"),
                    label: Some(tf("v-seat-who", &[("seat", &seat_word(seat))])),
                    choices,
                    chosen: if seat == 0 { "human" } else { "search:easy" },
                },
                name: Some(tabula_page_kit::seat_rows::Name {
                    id: format!("name-{seat}"),
                    value: seat_word(seat),
                    max: 24,
                    label: Some(tf("v-seat-name", &[("seat", &seat_word(seat))])),
                }),
                name_first: false,
            },
        ));
    }
    el("div")
        .class("setup")
        .attr("id", "setup")
        .child(el("h2").text(&t("v-new-game")))
        .child(el("p").class("hint").text(&t("v-setup-hint")))
        .child(rows)
        .child(board_select("board-choice"))
        .child(
            el("label").text(&t("v-rounds")).child(
                el("input")
                    .attr("id", "rounds")
                    .attr("type", "number")
                    .attr("min", "1")
                    .attr("max", "12")
                    .attr("value", "12"),
            ),
        )
        .child(
            el("label").text(&t("v-seed")).child(
                el("input")
                    .attr("id", "seed")
                    .attr("type", "number")
                    .attr("min", "0")
                    .attr(
                        "value",
                        &((js_sys::Math::random() * 100_000.0) as u64).to_string(),
                    ),
            ),
        )
        .maybe(problem.map(|p| el("p").class("problem").attr("role", "alert").text(p)))
        .child(
            el("div")
                .class("buttons")
                .child(
                    button(&t("v-start"), "start")
                        .class("primary")
                        .attr("id", "start"),
                )
                .child(button(&t("your-bots"), "bots").attr("id", "setup-bots"))
                .child(
                    button(&t("online-play"), "online")
                        .attr("id", "online-open")
                        .attr("title", &t("online-play-title")),
                ),
        )
}

/// Read the set-up form into a new game, or say what is wrong.
fn start_from_form() -> Result<Play, String> {
    let mut players = Vec::new();
    let mut names = Vec::new();
    let mut codes = Vec::new();
    let saved = tabula_page_kit::bots::editor::saved();
    for seat in 0..4u8 {
        let spec = value_of(&format!("seat-{seat}"));
        let written = crate::js_bots::chosen(&spec, &saved);
        players.push(match written {
            Some(_) => Player::Ai(SCRIPT.into()),
            None if spec == "human" => Player::Human,
            None => Player::from_record(&format!("bot:{spec}")),
        });
        codes.push(written.map(|b| b.code.clone()));
        let name: String = value_of(&format!("name-{seat}"))
            .chars()
            .filter(|c| !c.is_control())
            .take(24)
            .collect();
        let name = name.trim().to_string();
        names.push(match written {
            Some(bot) if name.is_empty() || name == seat_word(seat) => bot.name.clone(),
            _ if name.is_empty() => seat_word(seat),
            _ => name,
        });
    }
    let rounds: u8 = value_of("rounds")
        .trim()
        .parse()
        .ok()
        .filter(|r| (1..=12).contains(r))
        .ok_or_else(|| t("v-bad-rounds"))?;
    let seed: u64 = value_of("seed")
        .trim()
        .parse()
        .ok()
        .filter(|s| *s <= tabula_engine::limits::MAX_SEED)
        .ok_or_else(|| t("v-bad-seed"))?;
    let map = chosen_board("board-choice")?;
    crate::board_editor::forget_preferred();
    Play::new(players, names, rounds, seed, Some(&map), codes)
}

fn compass(play: &Play, seat: Seat) -> El {
    let legal = play.state().legal_actions(seat);
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
            Some(d) => button(arrow(d), &format!("dir:{}", d.short()))
                .attr("aria-label", &dir_word(d))
                .attr("title", &dir_word(d))
                .attr("data-dir", d.short())
                .disabled(!legal.contains(&Action::Direction(d))),
            None => el("span")
                .class("compass-centre")
                .attr("aria-hidden", "true")
                .text("●"),
        });
    }
    grid
}

fn magnitudes(play: &Play, seat: Seat) -> El {
    let legal = play.state().legal_actions(seat);
    let mut row = el("div")
        .class("magnitudes")
        .attr("role", "group")
        .attr("aria-label", &t("v-choose-magnitude"));
    for m in 0..=3u8 {
        row = row.child(
            button(&m.to_string(), &format!("mag:{m}"))
                .attr("data-mag", &m.to_string())
                .disabled(!legal.contains(&Action::Magnitude(m))),
        );
    }
    row
}

fn decision_view(play: &Play) -> El {
    let game = play.state();
    let mut area = el("div").class("decision").attr("id", "decision");
    if let Some(s) = play.handoff {
        let name = &play.names[s as usize];
        return area.child(handoff::screen(Handoff {
            marker: seat_badge(s),
            name,
            title: "v-pass-to",
            note: "v-pass-note",
            ready: "v-i-am",
            args: &[],
            cmd: "ready",
            note_id: None,
        }));
    }
    if let Some(o) = game.outcome() {
        let winners = o.winners();
        let text = if winners.len() == 4 {
            t("v-tie")
        } else {
            tf("v-team-won", &[("team", &team_word(winners[0]))])
        };
        let commands = EndCommands {
            look: None,
            replay: Some("watch"),
            save: Some("save"),
            link: Some("link"),
            new: Some("new"),
        };
        return area
            .attr("data-over", "true")
            .child(end_screen::frame(&text, None, &commands));
    }
    if let Some(p) = play.pending {
        // A heading like a person's question, so that the panel's
        // headings stay in order while an AI thinks.
        return area.child(
            el("h2")
                .class("thinking")
                .text(&tf("v-thinking", &[("name", &play.names[p.seat as usize])])),
        );
    }
    match (game.to_move(), play.deciding()) {
        (ToMove::Seat(_), Some(s)) => {
            area = area
                .child(el("h2").child(seat_badge(s)).text(&tf(
                    "v-your-direction",
                    &[("name", &play.names[s as usize])],
                )))
                .child(compass(play, s))
                .child(el("p").class("hint").text(&t("v-direction-keys")));
        }
        (ToMove::Simultaneous(_), Some(s)) => {
            let d = game.dirs[s as usize].map(|d| format!("{} {}", arrow(d), dir_word(d)));
            area = area
                .child(el("h2").child(seat_badge(s)).text(&tf(
                    "v-your-magnitude",
                    &[("name", &play.names[s as usize])],
                )))
                .child(el("p").text(&tf(
                    "v-your-chosen-direction",
                    &[("dir", &d.unwrap_or_default())],
                )))
                .child(magnitudes(play, s))
                .child(el("p").class("hint").text(&t("v-magnitude-keys")));
        }
        _ => {}
    }
    area
}

/// This round: the order, each seat's direction once chosen, and of the
/// magnitudes only who has chosen (never what) until all are revealed.
fn round_view(play: &Play) -> El {
    let game = play.state();
    let deciding = matches!(game.to_move(), ToMove::Simultaneous(_));
    round_parts(
        game,
        &play.names,
        |s| deciding.then(|| game.mags[s as usize].is_some()),
        play.last_points,
    )
}

fn scores_view(play: &Play) -> El {
    let game = play.state();
    let mut body = el("tbody");
    for s in 0..4u8 {
        let lost = game.lost[s as usize] + game.lost_new[s as usize];
        body = body.child(
            el("tr")
                .attr("data-seat", letter(s))
                .child(
                    el("td")
                        .child(seat_badge(s))
                        .text(&signs::seat_label(&play.names[s as usize], s)),
                )
                .child(el("td").text(&player_words(&play.game.players()[s as usize])))
                .child(
                    el("td")
                        .class("score")
                        .attr("data-score", &game.scores[s as usize].to_string())
                        .text(&game.scores[s as usize].to_string()),
                )
                .child(el("td").text(&if lost > 0 {
                    tf("v-lost-turns", &[("n", &lost.to_string())])
                } else {
                    String::new()
                })),
        );
    }
    for s in 0..2u8 {
        body = body.child(
            el("tr")
                .class("team")
                .attr("data-team", if s == 0 { "NS" } else { "EW" })
                .child(el("td").text(&team_word(s)))
                .child(el("td"))
                .child(
                    el("td")
                        .class("score")
                        .text(&game.team_score(s).to_string()),
                )
                .child(el("td")),
        );
    }
    el("table")
        .class("scores")
        .attr("id", "scores")
        .child(
            el("thead").child(
                el("tr")
                    .child(el("th").text(&t("v-player")))
                    .child(el("th").text(&t("v-who")))
                    .child(el("th").text(&t("v-points")))
                    .child(el("th").text(&t("v-turns"))),
            ),
        )
        .child(body)
}

fn panel_view(page: &Page) -> El {
    let mut panel = el("div")
        .class("panel-inner")
        .maybe(page.problem.as_ref().map(|p| {
            el("p")
                .class("problem")
                .attr("id", "open-problem")
                .attr("role", "alert")
                .text(p)
                // A kept game that could not be resumed, to download.
                .maybe(
                    AUTOSAVE
                        .set_aside_button("broken-save")
                        .map(|b| el("span").text(" ").child(b)),
                )
        }));
    match (&page.play, page.setup) {
        (Some(play), false) => {
            panel = panel
                .maybe(
                    play.message
                        .as_ref()
                        .map(|m| el("p").class("problem").attr("role", "alert").text(m)),
                )
                .children(
                    play.outs
                        .iter()
                        .map(|m| el("p").class("problem bot-out").text(m)),
                )
                .child(decision_view(play))
                .child(round_view(play))
                .child(scores_view(play))
                // With an AI at the table: how fast its moves come.
                .maybe(
                    play.game
                        .players()
                        .iter()
                        .any(|p| *p != Player::Human)
                        .then(|| tabula_page_kit::ai_pace::picker(page.pace_ms(), "ai-pace")),
                )
                .maybe(page.link.as_ref().map(|l| {
                    el("label")
                        .class("link-out")
                        .text(&t("v-link-copied"))
                        .child(
                            el("input")
                                .attr("id", "link-out")
                                .attr("readonly", "")
                                .attr("value", l),
                        )
                }))
                .child(
                    el("p")
                        .class("hover")
                        .attr("id", "hover")
                        .text(page.hovered.as_deref().unwrap_or("")),
                );
        }
        _ => panel = panel.child(setup_view(None)),
    }
    panel
}

/// The legend: every kind of square as the board draws it, and the arrows.
fn legend_view() -> El {
    let samples = [
        Square::Points {
            value: 5,
            to: tabula_vector::Payee::All,
            yellow: false,
        },
        Square::Points {
            value: -3,
            to: tabula_vector::Payee::Seat(0),
            yellow: false,
        },
        Square::Points {
            value: 2,
            to: tabula_vector::Payee::Pair(0, 1),
            yellow: false,
        },
        Square::Points {
            value: 10,
            to: tabula_vector::Payee::All,
            yellow: true,
        },
        Square::Move {
            dir: Dir::E,
            steps: 3,
        },
        Square::NoTurn(3),
    ];
    let mut list = el("ul").class("legend");
    for s in samples {
        let (sign, note) = signs::square_sign(s);
        let kind = match s {
            Square::Points { value, .. } if value >= 0 => "plus",
            Square::Points { .. } => "minus",
            Square::Move { .. } => "move",
            _ => "noturn",
        };
        let yellow = matches!(s, Square::Points { yellow: true, .. });
        list = list.child(
            el("li")
                .child(
                    el("span")
                        .class(&format!(
                            "sq sq-{kind}{}",
                            if yellow { " sq-yellow" } else { "" }
                        ))
                        .attr("aria-hidden", "true")
                        .child(el("b").text(&sign))
                        .child(el("small").text(&note)),
                )
                .text(&signs::square_words(s)),
        );
    }
    for (class, key) in [
        ("line-move", "v-legend-move"),
        ("line-push", "v-legend-push"),
        ("line-jump", "v-legend-jump"),
        ("goal", "v-legend-goal"),
    ] {
        list = list.child(
            el("li")
                .child(
                    el("span")
                        .class(&format!("sample {class}"))
                        .attr("aria-hidden", "true"),
                )
                .text(&t(key)),
        );
    }
    list
}

/// Draw the board and the panel.
pub(crate) fn render() {
    if tabula_page_kit::online::active() {
        return;
    }
    if ON_DEMAND && crate::board_editor::active() {
        crate::board_editor::render();
        return;
    }
    // Only the editor's board is drawn larger and panned on a phone (the
    // game's board takes no taps: its moves are buttons).
    tabula_page_kit::touch::pan("board-box", false);
    tabula_page_kit::touch::hint("board-box", "");
    if ON_DEMAND && crate::tourney::active() {
        crate::tourney::render();
        return;
    }
    if crate::show::active() {
        crate::show::render();
        return;
    }
    with_page(|page| {
        if let Some(panel) = by_id("panel") {
            morph::morph_children(&panel, &el("section").child(panel_view(page)).0);
        }
        // Said once each, when new: the question, who thinks, the last
        // round, the winner (the panel is no live region).
        use tabula_page_kit::announce::news_when_changed;
        news_when_changed("v-round", ".round-box > h3:first-child, #last-round li");
        // The round's summary is the board's news: said once where the
        // board's cursor speaks, apart from the round's lines.
        if let Some(summary) = by_id("round-summary").and_then(|e| e.text_content())
            && tabula_page_kit::announce::changed("v-summary", &summary)
        {
            tabula_page_kit::explore::say(&summary);
        }
        news_when_changed("v-ask", "#decision h2, #decision .thinking");
        let canvas = by_id("board").and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok());
        let area = by_id("board-area");
        match (&page.play, page.setup, canvas) {
            (Some(play), false, Some(canvas)) => {
                if let Some(a) = &area {
                    a.remove_attribute("hidden").ok();
                }
                let t0 = ai_worker::now();
                page.layout = draw::draw(&canvas, play.state(), board_width());
                canvas
                    .set_attribute("data-draw-ms", &format!("{:.2}", ai_worker::now() - t0))
                    .ok();
                let p = play.state().pos;
                canvas
                    .set_attribute("data-pos", &format!("{} {}", p.row, p.col))
                    .ok();
                canvas
                    .set_attribute("data-board", &play.state().board.name)
                    .ok();
                canvas
                    .set_attribute(
                        "aria-label",
                        &tf(
                            "v-explore-board",
                            &[("row", &p.row.to_string()), ("col", &p.col.to_string())],
                        ),
                    )
                    .ok();
                canvas.set_attribute("tabindex", "0").ok();
                canvas.set_attribute("role", "application").ok();
                if let (Some(layout), Some(at)) = (&page.layout, page.cursor) {
                    draw::draw_cursor(&canvas, layout, tabula_vector::Pos::of_index(at));
                    canvas.set_attribute("data-cursor", &at.to_string()).ok();
                }
            }
            _ => {
                if let Some(a) = &area {
                    a.set_attribute("hidden", "").ok();
                }
            }
        }
        let screen = match (&page.play, page.setup) {
            (Some(p), false) if p.state().to_move() == ToMove::Over => "over",
            (Some(_), false) => "game",
            _ => "setup",
        };
        if let Some(body) = document().body() {
            body.set_attribute("data-screen", screen).ok();
        }
    });
}

/// What a seat's written bot said (about the question pending, if it
/// is that seat's).
fn on_script(seat: Seat, heard: tabula_page_kit::bots::sandbox::Heard) {
    let outcome = with_page(|page| {
        let play = page.play.as_mut()?;
        let id = play.pending.filter(|p| p.seat == seat)?.id;
        let legal = play.state().legal_actions(seat);
        let outcome = seat_bots::outcome(id, heard, &legal)?;
        if let Err(why) = &outcome {
            play.pending = None;
            play.bot_out(seat, why);
        }
        Some((id, outcome))
    });
    match outcome {
        Some((id, Ok(action))) => {
            let reply = Reply {
                id,
                action: Some(action),
                error: None,
                ms: 0.0,
            };
            after_pace(reply);
        }
        Some((_, Err(_))) => render(),
        None => {}
    }
}

/// Question `id` to a written bot is long past its time.
fn on_overdue(id: u64, seat: Seat) {
    let out = with_page(|page| {
        let play = page.play.as_mut()?;
        play.pending.filter(|p| p.id == id)?;
        play.pending = None;
        let why = tf(
            "v-bot-no-answer",
            &[("limit", &format!("{:.0}", crate::js_bots::DEFAULT_LIMIT_MS))],
        );
        play.bot_out(seat, &why);
        Some(())
    });
    if out.is_some() {
        render();
    }
}

fn on_reply(reply: Reply<Action>) {
    with_page(|page| {
        let Some(play) = page.play.as_mut() else {
            return;
        };
        let Some(asked) = play.pending.filter(|p| p.id == reply.id) else {
            return;
        };
        play.pending = None;
        let (sent, error) = (reply.action, reply.error.is_some());
        let moved = !asked.is_for(play.state());
        // The kit's answer: the move for this question and position, a
        // legal one in place of a move that is not.
        match asked.answer(play.state(), reply) {
            Some(a) => {
                play.act(asked.seat, a);
                // An AI that found no move, failed or sent one that is not
                // legal is said; the game goes on.
                if error || sent != Some(a) {
                    play.message = Some(tf(
                        "v-ai-failed",
                        &[("name", &play.names[asked.seat as usize])],
                    ));
                }
            }
            // An answer for another position: ask again.
            None if moved => play.drive(),
            // The seat has no move: said, and nobody is asked again.
            None => {
                play.message = Some(tf(
                    "v-ai-failed",
                    &[("name", &play.names[asked.seat as usize])],
                ));
            }
        }
    });
    render();
}

/// The AI worker failed, or did not answer the question `late` in time
/// (`None`: whatever was asked): it is stopped, the page says so (`why`,
/// a key of the catalogue), and the seat is asked again. Not while a
/// tournament has the worker (the game waits for it to end).
fn restart_ai(late: Option<Asked>, why: &str) {
    if ON_DEMAND && crate::tourney::running() {
        return;
    }
    let asked_again = with_page(|page| {
        let play = page.play.as_mut()?;
        let open = play.pending?;
        let by_worker = !matches!(
            play.game.players().get(usize::from(open.seat)),
            Some(Player::Ai(spec)) if spec == SCRIPT
        );
        if !by_worker || late.is_some_and(|late| late != open) {
            return None;
        }
        ai_worker::stop();
        play.pending = None;
        play.message = Some(t(why));
        play.drive();
        Some(())
    });
    if asked_again.is_some() {
        render();
    }
}

/// Play `reply` at the page's pace, counted from when it was asked (the
/// kit's [`Asked::wait_ms`]): a move is seen before the next.
fn after_pace(reply: Reply<Action>) {
    let wait = with_page(|page| {
        let pace = f64::from(page.pace_ms());
        let play = page.play.as_ref()?;
        Some(
            play.pending
                .filter(|a| a.id == reply.id)
                .map_or(pace, |a| a.wait_ms(pace, ai_worker::now())),
        )
    })
    .unwrap_or(0.0);
    tabula_page_kit::dom::after(wait, move || on_reply(reply));
}

/// Whether the "Your bots" dialog is open.
fn bots_open() -> bool {
    by_id("bots").is_some_and(|b| !b.has_attribute("hidden"))
}

/// Whether the "Open a record" dialog is open.
fn opening() -> bool {
    by_id("open").is_some_and(|b| !b.has_attribute("hidden"))
}

/// Show or close the "Open a record" dialog (the kit's, built as the page
/// starts: a file, chosen or dropped, or a record or a link pasted).
fn open_dialog(show: bool) {
    let (Some(overlay), Some(dialog)) = (by_id("overlay"), by_id("open")) else {
        return;
    };
    for e in [&overlay, &dialog] {
        if show {
            e.remove_attribute("hidden").ok();
        } else {
            e.set_attribute("hidden", "").ok();
        }
    }
    if show {
        if let Some(m) = by_id("open-msg") {
            m.set_text_content(None);
        }
        tabula_page_kit::modal::sync(Some(&dialog));
    } else {
        tabula_page_kit::modal::sync(None);
    }
}

/// A file or a paste that was not opened: said in the open dialog
/// (opened for it when a dropped file was refused); what the page shows
/// stays as it is.
fn open_refused(why: &str) {
    if !opening() {
        open_dialog(true);
    }
    if let Some(m) = by_id("open-msg") {
        m.set_text_content(Some(why));
    }
}

/// Show `slides` (with the tournament's `file` to save, when it came
/// from a link or a file), in place of what the page showed; a tournament
/// being played stops only once the person agrees.
fn show_slides(slides: crate::slides::Slides, file: Option<String>) {
    if opening() {
        open_dialog(false);
    }
    if ON_DEMAND && crate::tourney::running() {
        tabula_page_kit::modal::confirm(
            tabula_page_kit::modal::Confirm {
                title: &t("v-stop-tournament-title"),
                text: &t("v-stop-tournament-text"),
                go: &t("v-stop-tournament-go"),
                stay: &t("v-stop-tournament-stay"),
            },
            move || {
                // A tournament that ended meanwhile shows its own
                // slideshow, which is not to be lost unsaved.
                if crate::tourney::running() || !crate::show::active() {
                    replace_with_slides(slides, file);
                }
            },
        );
    } else {
        replace_with_slides(slides, file);
    }
}

fn replace_with_slides(slides: crate::slides::Slides, file: Option<String>) {
    if ON_DEMAND {
        crate::board_editor::close();
        crate::tourney::close();
    }
    with_page(|p| p.problem = None);
    match file {
        Some(text) => crate::show::open_with_file(slides, text),
        None => crate::show::open(slides),
    }
    render();
}

/// Read what was given as text: a record or a tournament record (JSON),
/// or a link of this page to a tournament or a game (`#tournament=…`,
/// `#game=…`, alone or in a whole address). The slides, with the
/// tournament's text to save when it came from a link; else why not, in
/// the page's words.
fn read_given(text: &str) -> Result<(crate::slides::Slides, Option<String>), String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(t("v-open-nothing"));
    }
    // A record is read as one, even when a note in it holds a link.
    if text.starts_with('{') {
        return crate::slides::read(text).map(|s| (s, None));
    }
    if let Some(i) = text.find("#tournament=") {
        let data = &text[i + "#tournament=".len()..];
        let file = tabula_engine::link::unpack(data)
            .map_err(|e| tabula_page_kit::error_words::link(&e))?;
        return crate::slides::read(&file).map(|s| (s, Some(file)));
    }
    if let Some(i) = text.find("#game=") {
        return match tabula_page_kit::records::from_fragment::<crate::signs::Words>(&text[i..]) {
            Some(record) => crate::slides::read(&record?).map(|s| (s, None)),
            None => Err(t("v-open-nothing")),
        };
    }
    crate::slides::read(text).map(|s| (s, None))
}

fn run(cmd: &str, arg: &str) {
    if tabula_page_kit::bots::editor::command(cmd, arg) {
        return;
    }
    if cmd.starts_with("note-") && crate::show::note(cmd) {
        return;
    }
    if ON_DEMAND && matches!(cmd, "new" | "tourney") {
        crate::board_editor::close();
    }
    match cmd {
        "online" if ON_DEMAND => {
            tabula_page_kit::online::open();
            return;
        }
        "online" => {
            tabula_page_kit::on_demand::switch("#online");
            return;
        }
        "edit" if !ON_DEMAND => {
            tabula_page_kit::on_demand::switch("#editor");
            return;
        }
        "tourney" if !ON_DEMAND => {
            tabula_page_kit::on_demand::switch("#tournament");
            return;
        }
        "edit" => {
            if arg == "open" {
                crate::tourney::close();
                crate::show::close();
            }
            crate::board_editor::run(arg);
            if arg == "play" {
                with_page(|page| page.setup = true);
            }
            if !crate::board_editor::active() {
                render();
            }
            return;
        }
        "bots" => {
            if let Some(b) = by_id("bots") {
                b.remove_attribute("hidden").ok();
            }
            tabula_page_kit::bots::editor::render();
            // Modal: the page behind is inert; focus goes back on closing.
            tabula_page_kit::modal::sync(by_id("bots").as_ref());
            if let Some(c) =
                by_id("bot-code").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                c.focus().ok();
            }
            return;
        }
        "bots-close" => {
            if let Some(b) = by_id("bots") {
                b.set_attribute("hidden", "").ok();
            }
            tabula_page_kit::modal::sync(None);
            render();
            return;
        }
        "tourney" => {
            crate::tourney::run(arg);
            if !crate::tourney::active() && !crate::show::active() {
                resume_game();
            }
            return;
        }
        "show" => {
            crate::show::run(arg);
            if !crate::show::active() {
                resume_game();
            }
            return;
        }
        "open" => {
            open_dialog(true);
            return;
        }
        "open-cancel" => {
            open_dialog(false);
            return;
        }
        "open-pasted" => {
            let text = by_id("open-text")
                .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
                .map(|t| t.value())
                .unwrap_or_default();
            match read_given(&text) {
                Ok((slides, file)) => show_slides(slides, file),
                Err(why) => open_refused(&tf("v-open-pasted-refused", &[("why", &why)])),
            }
            return;
        }
        "watch" => {
            let text = with_page(|page| {
                page.play
                    .as_ref()
                    .and_then(|p| serde_json::to_string(&*p.game.record()).ok())
            });
            if let Some(slides) = text.and_then(|t| crate::slides::read(&t).ok()) {
                crate::show::open(slides);
                crate::show::render();
            }
            return;
        }
        "link" => {
            let link = with_page(|page| {
                page.play
                    .as_ref()
                    .filter(|p| p.state().to_move() == ToMove::Over)
                    .map(|p| tabula_page_kit::records::share::<Vector>(&p.game.record()))
            });
            if let Some(link) = link {
                with_page(|page| page.link = Some(link));
                render();
            }
            return;
        }
        "broken-save" => AUTOSAVE.download_set_aside("vector-unreadable-save.json"),
        "save" => {
            let text = with_page(|page| {
                page.play
                    .as_ref()
                    .and_then(|p| serde_json::to_string_pretty(&*p.game.record()).ok())
            });
            if let Some(text) = text {
                tabula_page_kit::records::save(&text, "vector-game.json");
            }
            return;
        }
        _ => {}
    }
    with_page(|page| match cmd {
        "new" => {
            ai_worker::stop();
            if let Some(p) = page.play.as_mut() {
                p.pending = None;
            }
            page.setup = true;
        }
        "start" => match start_from_form() {
            Ok(mut play) => {
                ai_worker::stop();
                page.link = None;
                play.save();
                play.drive();
                page.play = Some(play);
                page.setup = false;
            }
            Err(e) => {
                if let Some(panel) = by_id("panel") {
                    morph::morph_children(
                        &panel,
                        &el("section")
                            .child(el("div").class("panel-inner").child(setup_view(Some(&e))))
                            .0,
                    );
                }
            }
        },
        "ai-pace" => {
            if let Some(ms) = tabula_page_kit::ai_pace::of(arg) {
                page.pace = Some(ms);
            }
        }
        "ready" => {
            if let Some(play) = page.play.as_mut() {
                play.shown = play.handoff.take();
            }
        }
        "dir" | "mag" => {
            let Some(play) = page.play.as_mut() else {
                return;
            };
            let Some(seat) = play.deciding() else { return };
            let action = if cmd == "dir" {
                Dir::from_short(arg).map(Action::Direction)
            } else {
                arg.parse().ok().map(Action::Magnitude)
            };
            if let Some(a) = action {
                play.act(seat, a);
            }
        }
        _ => {}
    });
    if cmd != "start" || with_page(|p| !p.setup) {
        render();
    }
}

/// The number keys: 1–9 as a compass (8 north, 9 north-east, 6 east, …)
/// for a direction, 0–3 for a magnitude.
fn key(e: KeyboardEvent) {
    if tabula_page_kit::online::active() {
        return;
    }
    if ON_DEMAND && !bots_open() && crate::board_editor::key(&e) {
        return;
    }
    if e.ctrl_key() || e.meta_key() || e.alt_key() {
        return;
    }
    if bots_open() {
        if e.key() == "Escape" {
            run("bots-close", "");
        }
        return;
    }
    if opening() {
        if e.key() == "Escape" {
            open_dialog(false);
        }
        return;
    }
    if e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
    {
        return;
    }
    if crate::show::key(&e) {
        if !crate::show::active() {
            render();
        }
        return;
    }
    if explore_key(&e) {
        return;
    }
    let k = e.key();
    let phase = with_page(|page| {
        page.play
            .as_ref()
            .filter(|p| p.deciding().is_some())
            .map(|p| p.state().to_move())
    });
    let (cmd, arg) = match (phase, k.as_str()) {
        (Some(ToMove::Seat(_)), d) => {
            let dir = match d {
                "8" => "N",
                "9" => "NE",
                "6" => "E",
                "3" => "SE",
                "2" => "S",
                "1" => "SW",
                "4" => "W",
                "7" => "NW",
                _ => return,
            };
            ("dir", dir.to_string())
        }
        (Some(ToMove::Simultaneous(_)), m @ ("0" | "1" | "2" | "3")) => ("mag", m.to_string()),
        _ => return,
    };
    e.prevent_default();
    run(cmd, &arg);
    after_change();
}

/// A key on the game's board (it has the focus): the arrows move the
/// cursor from square to square and say each, `S` says the board (page
/// kit's explore); whether the key was one of those.
fn explore_key(e: &KeyboardEvent) -> bool {
    let on_board = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|t| t.id() == "board");
    if !on_board || e.ctrl_key() || e.alt_key() || e.meta_key() {
        return false;
    }
    let said = with_page(|page| {
        let play = page.play.as_ref().filter(|_| !page.setup)?;
        let board = crate::board_words::Explored {
            game: play.state(),
            names: &play.names,
            last_points: play.last_points,
        };
        let (cursor, text) = tabula_page_kit::explore::key(&board, page.cursor, &e.key())?;
        page.cursor = cursor;
        Some(text)
    });
    let Some(text) = said else { return false };
    e.prevent_default();
    tabula_page_kit::explore::say(&text);
    render();
    true
}

/// Back to the game from another screen: an AI that was asked before is
/// asked again (the worker may have been stopped), then draw.
fn resume_game() {
    with_page(|page| {
        if let Some(play) = page.play.as_mut() {
            play.pending = None;
            play.drive();
        }
    });
    render();
}

/// After every change: let the AIs go on, after a pause to see the move.
fn after_change() {
    let _ = with_page(|page| page.play.as_ref().map(|p| p.pending.is_some()));
}

/// Open what a link in the address holds: a tournament (`#tournament=`)
/// or a finished game (`#game=`) as the slideshow, a board (`#board=`) in
/// the editor, the tournament set-up (`#tournament`) or the board editor
/// (`#editor`), as the home page links to them; once (the link is then taken off the
/// address). Run as the page starts and whenever the address's fragment
/// changes (a link pasted into the open tab).
fn open_link() {
    if ON_DEMAND && tabula_page_kit::dom::fragment().starts_with("#board=") {
        // A board's link opens the editor over a tournament or a replay.
        crate::tourney::close();
        crate::show::close();
        crate::board_editor::open_link();
        return;
    }
    let hash = tabula_page_kit::dom::fragment();
    // The home page's ways in: the tournament set-up and the board editor.
    let way_in = match hash.as_str() {
        "#tournament" => Some(("tourney", "open")),
        "#editor" => Some(("edit", "open")),
        _ => None,
    };
    if let Some((cmd, arg)) = way_in {
        tabula_page_kit::dom::consume_fragment();
        run(cmd, arg);
        return;
    }
    // (The slideshow, once read, takes the place of the board editor or
    // the tournament screen; a tournament being played is asked about.)
    if hash.starts_with("#tournament=") || hash.starts_with("#game=") {
        tabula_page_kit::dom::consume_fragment();
        match read_given(&hash) {
            Ok((slides, file)) => show_slides(slides, file),
            Err(why) => refuse_link(&why),
        }
    }
}

/// Open a record or a tournament from a file, chosen or dropped: its
/// slideshow, or why not on the game's panel.
fn open_file(file: web_sys::File) {
    let name = tabula_page_kit::dom::file_name(&file);
    tabula_page_kit::dom::read_file(file, crate::slides::MAX_FILE, move |text| {
        match text.and_then(|t| crate::slides::read(&t)) {
            Ok(slides) => show_slides(slides, None),
            Err(why) => open_refused(&tf("v-open-refused", &[("name", &name), ("why", &why)])),
        }
    });
}

/// A record from online play that does not open in the replay: said on
/// the game's panel.
pub(crate) fn refuse_record(why: &str) {
    crate::show::close();
    with_page(|p| p.problem = Some(tf("v-online-record-refused", &[("why", why)])));
}

/// A link that does not open: said on the game's panel (a slideshow on
/// the screen is left, so that the words show).
fn refuse_link(why: &str) {
    let why = tf("v-link-refused", &[("why", why)]);
    if ON_DEMAND && (crate::tourney::active() || crate::board_editor::active()) {
        // Over the tournament or the board editor: said in the open
        // dialog, the screen left as it is.
        open_refused(&why);
        return;
    }
    crate::show::close();
    with_page(|p| p.problem = Some(why));
}

/// The addresses of the screens in the page's whole module only (page
/// kit, `on_demand`): the lessons, online play, the board editor (and a
/// board's link) and the tournaments.
pub const ROUTES: &[&str] = &[
    "#lessons",
    "#lesson=",
    "#online",
    "#editor",
    "#board=",
    "#tournament",
];

/// Set the page up: the worker, the kept game, the listeners.
pub fn install() {
    // Where the focus goes when what had it is gone (docs/accessibility.md).
    tabula_page_kit::focus::keep(&[
        "#decision #ready",
        "#decision h2",
        "#panel h2",
        "#panel h3",
        "#board",
    ]);
    if ON_DEMAND {
        crate::board_editor::install();
    }
    tabula_page_kit::on_demand::install(ROUTES);
    let problem = tabula_page_kit::bots::editor::install(&crate::js_bots::KIND, render);
    with_page(|p| p.problem = problem);
    if let Some(b) = by_id("bots") {
        tabula_page_kit::dom::replace_children(
            &b,
            tabula_page_kit::bots::editor::dialog_body("bots-close"),
        );
    }
    ai_worker::connect(
        WORKER,
        |text| {
            if let Ok(reply) = serde_json::from_str::<Reply<Action>>(&text)
                && !(ON_DEMAND && crate::tourney::on_reply(&reply))
            {
                after_pace(reply);
            }
        },
        || {
            if ON_DEMAND && crate::tourney::on_worker_error() {
                return;
            }
            restart_ai(None, "ai-restarted");
        },
    );
    open_link();
    if ON_DEMAND {
        tabula_page_kit::online::install(crate::online_game::VectorOnline {
            render,
            refuse_record,
        });
        if tabula_page_kit::on_demand::arrived("#online") {
            tabula_page_kit::online::open();
        }
    }
    let resumed = AUTOSAVE.resume(Play::from_kept);
    with_page(|page| {
        let resumed = resumed.unwrap_or_else(|said| {
            // Said after what the page said as it opened (a link refused).
            page.problem = Some(match page.problem.take() {
                Some(before) => format!("{before} {said}"),
                None => said,
            });
            None
        });
        page.setup = resumed.is_none();
        page.play = resumed.map(|mut p| {
            p.drive();
            p
        });
    });
    if let Some(l) = by_id("legend") {
        morph::morph_children(&l, &el("div").child(legend_view()).0);
    }
    let doc = document();
    tabula_page_kit::clicks::listen(None, |click| {
        if let tabula_page_kit::clicks::Click::Command(c) = click {
            run(c.name(), &c.arg());
        }
    });
    listen::<KeyboardEvent>(&doc, "keydown", key);
    if let Some(dialog) = by_id("open") {
        use tabula_page_kit::dialogs::{OpenGame, open_game};
        tabula_page_kit::dom::replace_children(
            &dialog,
            open_game(OpenGame {
                title: &t("v-open"),
                note: &t("v-open-note"),
                file: (
                    &t("v-open-file-label"),
                    "open-file",
                    ".json,application/json",
                ),
                paste: (&t("v-open-paste-label"), "open-text", ""),
                message: (None, "open-msg"),
                open: (&t("v-open-pasted"), "open-pasted"),
                cancel: "open-cancel",
            }),
        );
    }
    tabula_page_kit::records::on_chosen("open-file", open_file);
    // A file dropped on the page: a board while the board editor is open,
    // else a record or a tournament.
    tabula_page_kit::records::on_drop(|file| {
        // Not over the bots' dialog, online play or a question asked.
        if bots_open() || tabula_page_kit::online::active() || tabula_page_kit::modal::confirming()
        {
            return;
        }
        if ON_DEMAND && crate::board_editor::active() {
            crate::board_editor::import_file(file);
        } else {
            open_file(file);
        }
    });
    if let Some(canvas) = by_id("board") {
        listen::<web_sys::MouseEvent>(&canvas, "mousemove", |e| {
            let words = with_page(|page| {
                let layout = page.layout?;
                let play = page.play.as_ref()?;
                let pos = layout.square_at(f64::from(e.offset_x()), f64::from(e.offset_y()))?;
                let sq = play.state().board.at(pos);
                Some(format!(
                    "{} {}: {}",
                    t("v-square"),
                    tf(
                        "v-at",
                        &[("row", &pos.row.to_string()), ("col", &pos.col.to_string())]
                    ),
                    signs::square_words(sq)
                ))
            });
            let changed = with_page(|page| {
                let changed = page.hovered != words;
                page.hovered = words;
                changed
            });
            if changed && let Some(h) = by_id("hover") {
                h.set_text_content(with_page(|p| p.hovered.clone()).as_deref());
            }
        });
    }
    if let Some(w) = web_sys::window() {
        listen::<web_sys::Event>(&w, "resize", |_| render());
        listen::<web_sys::Event>(&w, "hashchange", |_| {
            open_link();
            render();
        });
    }
    if let Some(body) = document().body() {
        body.set_attribute("data-state", "ready").ok();
    }
    render();
}
