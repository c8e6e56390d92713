//! A Domains game as the page's game worker runs it: built-in bots order
//! their units here; a bot written in the page or a person is asked for
//! its orders (with its seat's view only) and the game waits for the
//! answer. Every order goes through the engine's checked path and is
//! recorded, so the finished game is an ordinary Tabula record.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_ai::{Bot, bot_from_spec_with, bot_seed};
use tabula_domains::{Action, Domains, Options, domains_bot};
use tabula_engine::link::pack;
use tabula_engine::record::{GameRecord, read_action};
use tabula_engine::{Game, RecordError, Ruleset, ToMove};
use tabula_page_kit::players::Player;
use tabula_page_kit::table::{Table, TableError};

use crate::frames::Frame;
use crate::orders::{bot_view, read_orders};
use crate::refusals::{record_error, record_error_in};
use crate::words::{tf, tn};

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A built-in bot, by spec (`demo`, `dummy`, `painter`, `random`, …).
    Bot(String),
    /// A bot written in the page, run in its own worker by the page.
    Script,
    /// A person ordering units by clicking.
    Person,
}

/// A seat of a new game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSpec {
    /// The name shown.
    pub name: String,
    /// Who plays it.
    pub kind: SeatKind,
}

/// What the worker tells the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Report {
    /// The board after setup or after a round.
    Frame(Frame),
    /// A seat's orders are wanted for this round: its view (the API's
    /// form, legal orders included).
    Need {
        /// The seat.
        seat: u8,
        /// The round the orders are for.
        round: u32,
        /// The seat's view.
        view: Value,
    },
    /// Something the page should show about a seat (refused orders, a
    /// skipped bot), in the page's words.
    Note {
        /// The seat.
        seat: u8,
        /// What happened.
        text: String,
        /// Whether it is a problem (the seat was skipped).
        bad: bool,
    },
    /// The game is over: its record.
    Done {
        /// The record's JSON.
        record: String,
    },
    /// The game cannot go on (never for a well-formed start).
    Failed {
        /// Why.
        error: String,
    },
    /// The game was stopped: its record so far.
    Stopped {
        /// The record's JSON.
        record: String,
    },
    /// The game so far, to keep in the browser while an answer is
    /// awaited: a `game=DATA` fragment ([`Runner::saved`]).
    Saved {
        /// The fragment.
        game: String,
        /// The seats skipped so far ([`Runner::skips`]).
        skips: Vec<(u8, usize)>,
    },
}

impl SeatKind {
    /// The `player` of a record's seat for this kind (`bot:SPEC`,
    /// `bot:script` or `human`).
    pub fn player(&self) -> String {
        self.at_table().record_name()
    }

    /// Who sits in the seat at the page kit's table: a person, or a bot
    /// (`script` for a bot written in the page, as on Vector's page).
    pub fn at_table(&self) -> Player {
        match self {
            SeatKind::Bot(spec) => Player::Ai(spec.clone()),
            SeatKind::Script => Player::Ai("script".into()),
            SeatKind::Person => Player::Human,
        }
    }

    /// The kind a record's `player` names.
    pub fn of_player(player: &str) -> Option<SeatKind> {
        match player {
            "human" => Some(SeatKind::Person),
            "bot:script" => Some(SeatKind::Script),
            _ => player
                .strip_prefix("bot:")
                .filter(|s| !s.is_empty())
                .map(|s| SeatKind::Bot(s.to_string())),
        }
    }
}

/// The seats of a record (names and who plays them), or the first seat
/// whose player this page cannot seat.
pub fn seats_of(record: &GameRecord) -> Result<Vec<SeatSpec>, String> {
    record
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            SeatKind::of_player(&s.player)
                .map(|kind| SeatSpec {
                    name: s.name.clone(),
                    kind,
                })
                .ok_or_else(|| {
                    tf(
                        "domains-seat-kind",
                        &[
                            ("seat", &(i + 1).to_string()),
                            ("player", &format!("{:?}", s.player)),
                        ],
                    )
                })
        })
        .collect()
}

/// A game in the worker, played at the page kit's table.
pub struct Runner {
    game: Table<Domains>,
    kinds: Vec<SeatKind>,
    bots: Vec<Option<Box<dyn Bot<Domains>>>>,
    asked: Vec<Option<u32>>,
    answers: Vec<Option<Vec<Action>>>,
    skipped: Vec<bool>,
    /// Each skip: the seat, and how many actions the record held then.
    skips: Vec<(u8, usize)>,
}

/// Seats that would share a name (two `demo` bots) are told apart by a
/// number: `demo 1`, `demo 2`; names already apart stay as they are.
pub fn number_same_names(seats: &mut [SeatSpec]) {
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let mut seen = std::collections::HashMap::<String, usize>::new();
    for s in seats.iter_mut() {
        if names.iter().filter(|n| **n == s.name).count() > 1 {
            let k = seen.entry(s.name.clone()).or_insert(0);
            *k += 1;
            s.name = format!("{} {k}", s.name);
        }
    }
}

impl Runner {
    /// Start a game; refuses bad options or seats with every reason.
    pub fn new(options: &Options, seats: &[SeatSpec], seed: u64) -> Result<Runner, String> {
        let names = seats.iter().map(|s| s.name.clone()).collect();
        let players = seats.iter().map(|s| s.kind.at_table()).collect();
        let game = Table::<Domains>::new(options, None, names, players, seed)
            .map_err(|e| record_error(&TableError::into_record(e)))?;
        let bots = seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.kind {
                SeatKind::Bot(spec) => {
                    bot_from_spec_with::<Domains>(spec, bot_seed(seed, i), domains_bot)
                        .map(Some)
                        .map_err(|_| {
                            let none = tf("domains-no-such-bot", &[("spec", spec)]);
                            tf(
                                "domains-seat-bot",
                                &[("seat", &(i + 1).to_string()), ("error", &none)],
                            )
                        })
                }
                _ => Ok(None),
            })
            .collect::<Result<Vec<_>, String>>()?;
        let n = seats.len();
        Ok(Runner {
            game,
            kinds: seats.iter().map(|s| s.kind.clone()).collect(),
            bots,
            asked: vec![None; n],
            answers: vec![None; n],
            skipped: vec![false; n],
            skips: Vec::new(),
        })
    }

    /// Resume a game saved part-way ([`Report::Saved`]): the same seats,
    /// options and seed, and every recorded order played again in the
    /// recorded order. The built-in bots are asked again as they were
    /// (so they stand where they stood, their random draws included) and
    /// must choose what they chose; the game then waits for the answers
    /// not given yet. `skips` are the seats skipped before
    /// ([`Runner::skips`]): they stay skipped, and a built-in bot is asked
    /// as often as it was (once more when its order was refused, then no
    /// more). `out` gets the first frame and those of the rounds played
    /// again. Refused, with the reason, when the record does not read or a
    /// bot chooses otherwise (another version's bots).
    pub fn resume(
        record: &GameRecord,
        skips: &[(u8, usize)],
        out: &mut Vec<Report>,
    ) -> Result<Runner, String> {
        if record.ruleset != Domains::NAME {
            return Err(tf(
                "domains-resume-other-game",
                &[("found", &format!("{:?}", record.ruleset))],
            ));
        }
        let options: Options =
            tabula_engine::plain::from_value(&record.options).map_err(|(path, what)| {
                let why = tabula_page_kit::error_words::options(&path, &what);
                tf("domains-resume-options", &[("error", &why)])
            })?;
        let seats = seats_of(record)?;
        let mut runner = Runner::new(&options, &seats, record.seed)?;
        out.push(Report::Frame(runner.frame()));
        // Orders each seat has given in the round being played.
        let mut given = vec![0usize; seats.len()];
        let mut round = runner.game.game().board.round;
        for (index, step) in record.actions.iter().enumerate() {
            let action: Action =
                read_action::<Domains>(index, step).map_err(|e| record_error_in(&e, record))?;
            let s = step.seat as usize;
            // A skipped bot was asked for the order that was refused (the
            // `End` at its skip), then never again.
            let skipped_at = skips
                .iter()
                .find(|(seat, _)| *seat == step.seat)
                .map(|(_, at)| *at);
            if let Some(bot) = runner.bots.get_mut(s).and_then(Option::as_mut)
                && skipped_at.is_none_or(|at| index <= at)
            {
                // `bot_orders` asks at most `limit` times, then ends.
                let limit = runner.game.game().board.units.len() + 2;
                if given[s] < limit {
                    let view = runner.game.game().player_view(step.seat);
                    let chose = bot.choose(&view, step.seat);
                    if skipped_at != Some(index)
                        && chose.as_ref().unwrap_or(&Action::End) != &action
                    {
                        return Err(tf(
                            "domains-resume-differs",
                            &[
                                ("index", &index.to_string()),
                                ("seat", &(s + 1).to_string()),
                            ],
                        ));
                    }
                }
            }
            runner
                .game
                .play_for_good(step.seat, &action)
                .map_err(|e| record_error_in(&e, record))?;
            given[s] += 1;
            let now = runner.game.game().board.round;
            if now != round || runner.game.game().finished() {
                out.push(Report::Frame(runner.frame()));
                given.iter_mut().for_each(|g| *g = 0);
                round = now;
            }
        }
        for &(seat, at) in skips {
            let s = seat as usize;
            if s >= runner.skipped.len() || at > record.actions.len() {
                return Err(tf(
                    "domains-resume-skip",
                    &[("seat", &(s + 1).to_string()), ("at", &at.to_string())],
                ));
            }
            runner.skipped[s] = true;
            runner.skips.push((seat, at));
        }
        if runner.game.record().final_hash != record.final_hash {
            return Err(tf(
                "domains-resume-hash",
                &[
                    ("found", &runner.game.record().final_hash.to_string()),
                    ("expected", &record.final_hash.to_string()),
                ],
            ));
        }
        Ok(runner)
    }

    /// The game so far as a `game=DATA` fragment (the record, deflated;
    /// `tabula_engine::link::record_text_from_fragment` reads it back).
    pub fn saved(&self) -> String {
        let text = serde_json::to_string(&*self.game.record()).unwrap_or_default();
        format!("game={}", pack(&text))
    }

    /// The seats skipped so far, each with the number of actions the
    /// record held when it was skipped (what [`Runner::resume`] needs).
    pub fn skips(&self) -> &[(u8, usize)] {
        &self.skips
    }

    /// The seats whose answer the game waits for.
    pub fn awaited(&self) -> Vec<u8> {
        let round = self.game.game().board.round;
        (0..self.kinds.len())
            .filter(|&s| {
                self.asked[s] == Some(round) && self.answers[s].is_none() && self.pending(s as u8)
            })
            .map(|s| s as u8)
            .collect()
    }

    /// Who plays `seat`.
    pub fn kind(&self, seat: u8) -> Option<&SeatKind> {
        self.kinds.get(seat as usize)
    }

    /// The game so far.
    pub fn game(&self) -> &Domains {
        self.game.game()
    }

    /// The record so far.
    pub fn record(&self) -> std::cell::Ref<'_, GameRecord> {
        self.game.record()
    }

    /// The frame of the board now.
    pub fn frame(&self) -> Frame {
        Frame::of_board(&self.game.game().board)
    }

    /// Take a seat's answer for `round`: its orders as JSON, or `None`
    /// when it gave none in time. A malformed answer skips the seat for
    /// the rest of the game; an order the rules refuse is dropped.
    pub fn answer(&mut self, seat: u8, round: u32, answer: Option<&Value>, out: &mut Vec<Report>) {
        let s = seat as usize;
        if s >= self.kinds.len() || self.asked[s] != Some(round) {
            return;
        }
        let orders = match answer.map(read_orders) {
            None => Vec::new(),
            Some(Ok(orders)) => orders,
            Some(Err(e)) => {
                self.skip(seat, tf("domains-why-malformed", &[("error", &e)]), out);
                Vec::new()
            }
        };
        self.answers[s] = Some(orders);
    }

    /// Skip a seat for the rest of the game (a bot that threw, or returned
    /// malformed orders): its units take no more orders. `why` is in the
    /// page's words.
    pub fn skip(&mut self, seat: u8, why: String, out: &mut Vec<Report>) {
        let s = seat as usize;
        if s < self.skipped.len() && !self.skipped[s] {
            self.skipped[s] = true;
            self.skips.push((seat, self.game.actions_played()));
            let round = self.game.game().board.round + 1;
            out.push(Report::Note {
                seat,
                text: tf(
                    "domains-skipped",
                    &[("round", &round.to_string()), ("why", &why)],
                ),
                bad: true,
            });
        }
    }

    /// Play on until the game is over or an answer is awaited; reports
    /// a frame after every round, a need for every answer wanted, and the
    /// record at the end.
    pub fn advance(&mut self, out: &mut Vec<Report>) {
        while self.advance_for(out, usize::MAX) {}
    }

    /// Like [`Runner::advance`], but stop after `rounds` rounds; `true`
    /// when it stopped there with more to play (the worker posts what it
    /// has and goes on, so the page sees the game live).
    pub fn advance_for(&mut self, out: &mut Vec<Report>, rounds: usize) -> bool {
        let mut played = 0;
        loop {
            if played >= rounds {
                return true;
            }
            let set = match self.game.game().to_move() {
                ToMove::Over => {
                    match serde_json::to_string(&*self.game.record()) {
                        Ok(record) => out.push(Report::Done { record }),
                        Err(e) => out.push(Report::Failed {
                            error: e.to_string(),
                        }),
                    }
                    return false;
                }
                ToMove::Simultaneous(set) => set,
                other => {
                    out.push(Report::Failed {
                        error: tf(
                            "domains-unexpected-turn",
                            &[("what", &format!("{other:?}"))],
                        ),
                    });
                    return false;
                }
            };
            let round = self.game.game().board.round;
            let mut waiting = false;
            for seat in set.iter() {
                if !self.order_seat(seat, round, out) {
                    waiting = true;
                }
            }
            if waiting {
                return false;
            }
            if self.game.game().board.round != round || self.game.game().finished() {
                out.push(Report::Frame(self.frame()));
                played += 1;
            }
        }
    }

    /// Give a seat's orders for the round if it can be done now; `false`
    /// when an answer is awaited.
    fn order_seat(&mut self, seat: u8, round: u32, out: &mut Vec<Report>) -> bool {
        let s = seat as usize;
        let orders = match (&self.kinds[s], self.skipped[s]) {
            (_, true) => Vec::new(),
            (SeatKind::Bot(_), false) => return self.bot_orders(seat, out),
            (_, false) => {
                if self.asked[s] != Some(round) {
                    self.asked[s] = Some(round);
                    self.answers[s] = None;
                    let g = self.game.game();
                    let view = bot_view(&g.player_view(seat), &g.legal_actions(seat));
                    out.push(Report::Need { seat, round, view });
                    return false;
                }
                match self.answers[s].take() {
                    Some(orders) => orders,
                    None => return false,
                }
            }
        };
        let mut refused = Vec::new();
        for (i, order) in orders.iter().enumerate() {
            if let Err(e) = self.game.play_for_good(seat, order) {
                let why = refusal(&self.game, seat, order, &e);
                refused.push(tf(
                    "domains-refused-order",
                    &[("n", &(i + 1).to_string()), ("reason", &why)],
                ));
            }
        }
        if !refused.is_empty() {
            out.push(Report::Note {
                seat,
                text: tn(
                    refused.len() as u64,
                    "domains-refused-one",
                    "domains-refused-many",
                    &[
                        ("round", &(round + 1).to_string()),
                        ("orders", &refused.join("; ")),
                    ],
                ),
                bad: false,
            });
        }
        self.end_seat(seat, out);
        true
    }

    fn bot_orders(&mut self, seat: u8, out: &mut Vec<Report>) -> bool {
        let s = seat as usize;
        let limit = self.game.game().board.units.len() + 2;
        for _ in 0..limit {
            if !self.pending(seat) {
                return true;
            }
            let view = self.game.game().player_view(seat);
            let Some(bot) = self.bots[s].as_mut() else {
                break;
            };
            let Some(action) = bot.choose(&view, seat) else {
                break;
            };
            if let Err(e) = self.game.play_for_good(seat, &action) {
                let why = refusal(&self.game, seat, &action, &e);
                self.skip(seat, tf("domains-why-refused", &[("error", &why)]), out);
                break;
            }
        }
        self.end_seat(seat, out);
        true
    }

    fn pending(&self, seat: u8) -> bool {
        matches!(self.game.game().to_move(), ToMove::Simultaneous(set) if set.contains(seat))
    }

    fn end_seat(&mut self, seat: u8, out: &mut Vec<Report>) {
        if !self.pending(seat) {
            return;
        }
        if let Err(e) = self.game.play_for_good(seat, &Action::End) {
            let why = refusal(&self.game, seat, &Action::End, &e);
            out.push(Report::Failed {
                error: tf(
                    "domains-cannot-end",
                    &[("seat", &(seat + 1).to_string()), ("error", &why)],
                ),
            });
        }
    }
}

/// Why the game refused `action` of `seat` (with `e`; the game is as it
/// was), in the page's words: the rules' reason, without the action and
/// seat a record error names.
fn refusal(game: &Table<Domains>, seat: u8, action: &Action, e: &RecordError) -> String {
    match game.why_not(seat, action) {
        Some(p) => tabula_page_kit::error_words::step::<crate::refusals::Words>(&p),
        None => record_error(e),
    }
}
