//! The parts of a game screen drawn alike at this device and online:
//! the seats (points, cards counted, knights, levels, who decides), the
//! barbarians and the dice; what is asked, the open offer and its
//! answers, the hand of the seat whose cards show, every legal action as
//! a button in its group, the trade forms, the costs, and the end's
//! table. Each reads a [`Seen`]: the game as its viewer may see it (the
//! whole game at this device, the seat's player view online) and the
//! person's choices, so nothing here is written twice.

use tabula_catan::game::state::{Answer, Offer, Step};
use tabula_catan::game::topology::CornerId;
use tabula_catan::game::view::Backs;
use tabula_catan::{Action, Card, Catan, Piece, Track};
use tabula_engine::Seat;
use tabula_page_kit::dom::{El, button, el};
use tabula_page_kit::end_screen::{self, EndCommands};
use tabula_page_kit::i18n::{t, tf, tn};

use crate::game_draw::SEAT_COLOURS;
use crate::game_words::{self as gw, Names};
use crate::spots;

/// A trade being written: the offer (give card and count, take card and
/// count) and the counter-offer to the open offer, in the offerer's terms
/// (`None`: the open offer's own terms).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Trade {
    /// The offer: give (card, n), take (card, n).
    pub offer: (Card, u8, Card, u8),
    /// The counter-offer being written.
    pub counter: Option<(Card, u8, Card, u8)>,
}

impl Default for Trade {
    fn default() -> Trade {
        Trade {
            offer: (Card::Lumber, 1, Card::Brick, 1),
            counter: None,
        }
    }
}

impl Trade {
    /// The counter-offer's terms as written so far.
    pub fn counter_terms(&self, game: &Catan) -> Option<(Card, u8, Card, u8)> {
        self.counter
            .or_else(|| open_offer(game).map(|(o, _)| (o.give.0, o.give.1, o.take.0, o.take.1)))
    }

    /// Set a part of the offer or counter-offer from its field (`offer-give`,
    /// `counter-take-n`, …).
    pub fn set(&mut self, field: &str, value: &str, game: &Catan) {
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
                let Some(mut c) = self.counter_terms(game) else {
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

/// The offer the seats answer now, if one is open, with the answers.
pub fn open_offer(game: &Catan) -> Option<(Offer, [Answer; 4])> {
    game.steps.iter().rev().find_map(|s| match s {
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

/// What a game screen shows and offers: the game as its viewer may see
/// it, who decides, and the choices of the person at the screen.
pub struct Seen<'a> {
    /// The game: the whole game at this device; online, the seat's
    /// player view of it (other hands empty).
    pub game: &'a Catan,
    /// Whose cards show (`None`: nobody's).
    pub viewer: Option<Seat>,
    /// Per seat, its hidden cards counted as the viewer sees them
    /// (`None`: count the hands of `game`).
    pub backs: Option<Vec<Backs>>,
    /// The names of seats and places.
    pub names: Names<'a>,
    /// Per seat, who plays it in words (empty: not said).
    pub who: Vec<String>,
    /// The seats deciding now.
    pub deciding: Vec<Seat>,
    /// The seat whose person decides at this screen now.
    pub acting: Option<Seat>,
    /// Its legal actions.
    pub legal: Vec<Action>,
    /// The knight picked up to move.
    pub knight: Option<CornerId>,
    /// The actions a touched spot may mean, when it may mean several.
    pub menu: &'a [Action],
    /// The trade being written.
    pub trade: Trade,
    /// How an action's button is made (a command at this device; the
    /// server's place of it in `legal` online).
    pub act: &'a dyn Fn(&str, &Action) -> El,
}

impl Seen<'_> {
    /// The button that plays `a`, marked with the board's spots it acts on.
    fn act_button(&self, label: &str, a: &Action) -> El {
        let b = (self.act)(label, a).class("act");
        match spots::spot_text(a, self.game.robber) {
            Some(spot) => b.attr("data-spot", &spot),
            None => b,
        }
    }

    /// A seat's cards and progress cards in hand, as the viewer may count them.
    fn counts(&self, s: Seat) -> (u32, u32) {
        let p = &self.game.players[s as usize];
        let own = (p.hand.total(), p.progress.len() as u32);
        if self.viewer == Some(s) {
            return own;
        }
        match self.backs.as_ref().and_then(|b| b.get(s as usize)) {
            Some(b) => (
                b.resources + b.commodities,
                b.progress.iter().map(|n| u32::from(*n)).sum(),
            ),
            None => own,
        }
    }

    /// A seat's points as the viewer may know them (another seat's
    /// hidden victory points left out).
    fn points(&self, s: Seat) -> u32 {
        if self.viewer == Some(s) {
            self.game.points(s)
        } else {
            self.game.public_points(s)
        }
    }
}

/// A button that plays `a` at this device (the page's `game-act`).
pub fn device_act(label: &str, a: &Action) -> El {
    button(
        label,
        &format!("game-act:{}", serde_json::to_string(a).unwrap_or_default()),
    )
}

/// A seat's mark: its colour and number.
pub fn seat_marker(seat: Seat) -> El {
    let (fill, ink) = SEAT_COLOURS[seat as usize % SEAT_COLOURS.len()];
    el("span")
        .class("seat-mark")
        .style("background", fill)
        .style("color", ink)
        .text(&(seat + 1).to_string())
}

/// The seats (name, who plays, points, cards, and with Cities & Knights
/// progress cards, knights and levels; whose turn, who decides), the
/// barbarians and the dice, added to `out`.
pub fn status_parts(seen: &Seen, out: El) -> El {
    let game = seen.game;
    let names = &seen.names;
    let mut seats = el("ul").class("seats").attr("id", "seats");
    for s in 0..game.seat_count() as Seat {
        let p = &game.players[s as usize];
        let points = seen.points(s);
        let (cards, progress) = seen.counts(s);
        let who = seen.who.get(s as usize).cloned().unwrap_or_default();
        let mut li = el("li")
            .class("seat")
            .attr("data-seat", &s.to_string())
            .child(seat_marker(s))
            .child(el("b").text(&names.seat(s)))
            .maybe((!who.is_empty()).then(|| el("span").class("who").text(&who)))
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
        if seen.deciding.contains(&s) {
            li = li.child(el("span").class("deciding").text(&t("cg-deciding")));
        }
        seats = seats.child(li);
    }
    let mut out = out.child(seats);
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
                        .text(&outlook_words(&game.barbarian_outlook(), names)),
                ),
        );
    }
    if let Some(r) = game.roll {
        let event = if game.ck() {
            match r.event {
                None => format!(" · {}", t("cg-die-ship")),
                Some(k) => format!(" · {}", tf("cg-e-gate", &[("track", &gw::track(k))])),
            }
        } else {
            String::new()
        };
        out = out.child(el("p").class("dice").attr("id", "dice").text(&format!(
            "{}{event}",
            tf(
                "cg-e-rolled",
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
        "counter-give-n" => "cg-offer-take-n",
        "counter-take" => "cg-counter-take",
        _ => "cg-offer-give-n",
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

/// What is asked now, and of whom.
pub fn asked_view(seen: &Seen) -> El {
    let who: Vec<String> = seen.deciding.iter().map(|s| seen.names.seat(*s)).collect();
    el("h2")
        .attr("id", "asked")
        .text(&format!("{} — {}", who.join(", "), gw::asked(seen.game)))
}

/// The open offer and its answers, the hand of the seat whose cards
/// show, and for the seat deciding here: the touched spot's choices, the
/// knight picked up, every legal action as a button in its group (those
/// on the board listed too), the trade forms and the costs; added to
/// `panel`.
pub fn choices_parts(seen: &Seen, panel: El) -> El {
    let game = seen.game;
    let names = &seen.names;
    let mut panel = panel;
    if let Some((offer, answers)) = open_offer(seen.game) {
        panel = panel.child(open_offer_view(seen, &offer, &answers));
    }
    if let Some(s) = seen.viewer {
        panel = panel.child(hand_view(seen, s));
    }
    let legal = &seen.legal;
    if let Some(seat) = seen.acting {
        if !seen.menu.is_empty() {
            let mut menu = el("div")
                .class("menu")
                .attr("id", "spot-menu")
                .child(el("h3").text(&t("cg-which")));
            for a in seen.menu {
                menu = menu.child(seen.act_button(&gw::action(a, game, seat, names), a));
            }
            panel = panel.child(menu);
        }
        if let Some(k) = seen.knight {
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
        for a in legal {
            let label = gw::action(a, game, seat, names);
            if spots::aim(a, robber).is_some() {
                on_board += 1;
                board_list = board_list.child(el("li").child(seen.act_button(&label, a)));
                continue;
            }
            let key = group(a);
            if key.is_empty() {
                continue;
            }
            let mut b = seen.act_button(&label, a);
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
            panel = panel.child(offer_view(seen));
        }
        if legal.iter().any(|a| matches!(a, Action::Counter { .. })) {
            panel = panel.child(counter_view(seen));
        }
        if game.phase == tabula_catan::game::state::Phase::Main && game.ck() && game.current == seat
        {
            panel = panel.child(costs_view(game, seat));
        }
    }
    panel
}

fn hand_view(seen: &Seen, s: Seat) -> El {
    let game = seen.game;
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
        .child(el("h3").text(&tf("cg-hand-of", &[("name", &seen.names.seat(s))])))
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

fn open_offer_view(seen: &Seen, offer: &Offer, answers: &[Answer; 4]) -> El {
    let game = seen.game;
    let names = &seen.names;
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

fn counter_view(seen: &Seen) -> El {
    let Some((give, n, take, m)) = seen.trade.counter_terms(seen.game) else {
        return el("div");
    };
    let action = Action::Counter {
        offer: Offer {
            give: (give, n),
            take: (take, m),
        },
    };
    trade_form(
        seen,
        (give, n, take, m),
        &action,
        TradeForm {
            group: "counter",
            heading: "cg-group-counter",
            lead: "cg-offer-take",
            send: "cg-counter-send",
            not_now: "cg-counter-not-now",
        },
    )
}

/// What tells one trade form from the other: its name (the group and
/// its fields' ids) and its words' keys.
struct TradeForm {
    group: &'static str,
    heading: &'static str,
    lead: &'static str,
    send: &'static str,
    not_now: &'static str,
}

/// A trade form (the offer to the others, a counter-offer): the terms
/// chosen in its fields and the button that sends `action`, with why not
/// now when the rules do not list it.
fn trade_form(seen: &Seen, terms: (Card, u8, Card, u8), action: &Action, form: TradeForm) -> El {
    let (give, n, take, m) = terms;
    let ck = seen.game.ck();
    let g = form.group;
    let ok = seen.legal.contains(action);
    el("div")
        .class("game-group offer")
        .attr("data-group", g)
        .child(el("h3").text(&t(form.heading)))
        .child(
            el("div")
                .class("offer-row")
                .child(el("span").text(&t(form.lead)))
                .child(count_select(&format!("{g}-give-n"), n))
                .child(card_select(&format!("{g}-give"), give, ck))
                .child(el("span").text(&t("cg-offer-for")))
                .child(count_select(&format!("{g}-take-n"), m))
                .child(card_select(&format!("{g}-take"), take, ck)),
        )
        .child(
            (seen.act)(&t(form.send), action)
                .attr("id", &format!("{g}-send"))
                .disabled(!ok),
        )
        .maybe((!ok).then(|| el("p").class("hint").text(&t(form.not_now))))
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

fn offer_view(seen: &Seen) -> El {
    let (give, n, take, m) = seen.trade.offer;
    let action = Action::Propose {
        offer: Offer {
            give: (give, n),
            take: (take, m),
        },
    };
    trade_form(
        seen,
        (give, n, take, m),
        &action,
        TradeForm {
            group: "offer",
            heading: "cg-group-offer",
            lead: "cg-offer-give",
            send: "cg-offer-send",
            not_now: "cg-offer-not-now",
        },
    )
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

/// The end of the game in the kit's frame (`#end`): who won, the points
/// of every seat with where they came from, most first (as the viewer
/// may know them), and what the page offers next (`commands`).
pub fn end_view(seen: &Seen, commands: &EndCommands) -> El {
    let game = seen.game;
    let names = &seen.names;
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
    let table = el("table")
        .child(
            el("thead").child(
                el("tr")
                    .child(el("th").text(&t("cg-player")))
                    .child(el("th").text(&t("cg-points-head")))
                    .child(el("th").text(&t("cg-sources-head"))),
            ),
        )
        .child(rows);
    let seats: Vec<String> = (0..game.seat_count() as Seat)
        .map(|s| names.seat(s))
        .collect();
    let winners: Vec<Seat> = game.winner.into_iter().collect();
    end_screen::frame(
        &end_screen::headline(&seats, &winners),
        Some(table),
        commands,
    )
}
