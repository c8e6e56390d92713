//! A game of Catan in words, English or German (the page kit's
//! catalogue): cards, pieces, tracks, every action, every event of the
//! log and what the rules ask of a seat now. One vocabulary everywhere:
//! the panel's buttons, the log and the board's hover text all say it
//! from here.

use crate::places::Places;
use tabula_catan::game::state::Step;
use tabula_catan::{
    Action, Card, Catan, Choice, Dev, Event, Hand, Piece, Progress, Refusal, Target, Track,
    Unplayable, Waiting,
};
use tabula_engine::Seat;
use tabula_page_kit::i18n::{t, tf};

/// A resource's or commodity's name (`lumber`, `Holz`).
pub fn card(c: Card) -> String {
    t(match c {
        Card::Lumber => "cg-card-lumber",
        Card::Wool => "cg-card-wool",
        Card::Grain => "cg-card-grain",
        Card::Brick => "cg-card-brick",
        Card::Ore => "cg-card-ore",
        Card::Paper => "cg-card-paper",
        Card::Cloth => "cg-card-cloth",
        Card::Coin => "cg-card-coin",
    })
}

/// A track's name (`Trade`, `Handel`).
pub fn track(k: Track) -> String {
    t(match k {
        Track::Trade => "cg-track-trade",
        Track::Politics => "cg-track-politics",
        Track::Science => "cg-track-science",
    })
}

/// A progress card's catalogue keys: its name and what it does.
fn progress_keys(p: Progress) -> (&'static str, &'static str) {
    match p {
        Progress::Alchemist => ("cg-pc-alchemist", "cg-pc-alchemist-text"),
        Progress::Crane => ("cg-pc-crane", "cg-pc-crane-text"),
        Progress::Engineer => ("cg-pc-engineer", "cg-pc-engineer-text"),
        Progress::Inventor => ("cg-pc-inventor", "cg-pc-inventor-text"),
        Progress::Irrigation => ("cg-pc-irrigation", "cg-pc-irrigation-text"),
        Progress::Medicine => ("cg-pc-medicine", "cg-pc-medicine-text"),
        Progress::Mining => ("cg-pc-mining", "cg-pc-mining-text"),
        Progress::Printer => ("cg-pc-printer", "cg-pc-printer-text"),
        Progress::RoadBuilding => ("cg-dev-roads", "cg-pc-road-building-text"),
        Progress::Smith => ("cg-pc-smith", "cg-pc-smith-text"),
        Progress::CommercialHarbor => ("cg-pc-commercial-harbor", "cg-pc-commercial-harbor-text"),
        Progress::MasterMerchant => ("cg-pc-master-merchant", "cg-pc-master-merchant-text"),
        Progress::Merchant => ("cg-pc-merchant", "cg-pc-merchant-text"),
        Progress::MerchantFleet => ("cg-pc-merchant-fleet", "cg-pc-merchant-fleet-text"),
        Progress::ResourceMonopoly => ("cg-pc-resource-monopoly", "cg-pc-resource-monopoly-text"),
        Progress::TradeMonopoly => ("cg-pc-trade-monopoly", "cg-pc-trade-monopoly-text"),
        Progress::Bishop => ("cg-pc-bishop", "cg-pc-bishop-text"),
        Progress::Constitution => ("cg-pc-constitution", "cg-pc-printer-text"),
        Progress::Deserter => ("cg-pc-deserter", "cg-pc-deserter-text"),
        Progress::Diplomat => ("cg-pc-diplomat", "cg-pc-diplomat-text"),
        Progress::Intrigue => ("cg-pc-intrigue", "cg-pc-intrigue-text"),
        Progress::Saboteur => ("cg-pc-saboteur", "cg-pc-saboteur-text"),
        Progress::Spy => ("cg-pc-spy", "cg-pc-spy-text"),
        Progress::Warlord => ("cg-pc-warlord", "cg-pc-warlord-text"),
        Progress::Wedding => ("cg-pc-wedding", "cg-pc-wedding-text"),
    }
}

/// A progress card's name (`Commercial Harbor`, `Handelshafen`).
pub fn progress(p: Progress) -> String {
    t(progress_keys(p).0)
}

/// What a progress card does, in a sentence.
pub fn progress_text(p: Progress) -> String {
    t(progress_keys(p).1)
}

/// A development card's name (base game).
pub fn dev(d: Dev) -> String {
    t(match d {
        Dev::Knight => "cg-dev-knight",
        Dev::VictoryPoint => "cg-dev-point",
        Dev::RoadBuilding => "cg-dev-roads",
        Dev::YearOfPlenty => "cg-dev-plenty",
        Dev::Monopoly => "cg-dev-monopoly",
    })
}

/// A piece's name (`settlement`).
pub fn piece(p: Piece) -> String {
    t(match p {
        Piece::Settlement => "cg-piece-settlement",
        Piece::City => "cg-piece-city",
        Piece::Road => "cg-piece-road",
        Piece::Knight => "cg-piece-knight",
        Piece::CityWall => "cg-piece-wall",
    })
}

/// Cards as a list (`2 lumber, 1 ore`); `nothing` for none.
pub fn hand(h: &Hand) -> String {
    let parts: Vec<String> = Card::ALL
        .into_iter()
        .filter(|c| h.get(*c) > 0)
        .map(|c| format!("{} {}", h.get(c), card(c)))
        .collect();
    if parts.is_empty() {
        t("cg-nothing")
    } else {
        parts.join(", ")
    }
}

/// Where points come from (a [`tabula_catan::PointSources`] part's name).
pub fn source(part: &str) -> String {
    t(match part {
        "settlements" => "cg-from-settlements",
        "cities" => "cg-from-cities",
        "metropolises" => "cg-from-metropolises",
        "point_cards" => "cg-from-point_cards",
        "defender" => "cg-from-defender",
        "development" => "cg-from-development",
        "largest_army" => "cg-from-largest_army",
        "longest_road" => "cg-from-longest_road",
        _ => "cg-from-merchant",
    })
}

/// The names of a game's seats and places, for the words below.
pub struct Names<'a> {
    /// Each seat's name.
    pub seats: &'a [String],
    /// The board's corners, sides and hexes, named as a player sees them.
    pub places: Places,
}

impl<'a> Names<'a> {
    /// The names of `game`'s seats (`seats`) and places.
    pub fn new(seats: &'a [String], game: &Catan) -> Names<'a> {
        Names {
            seats,
            places: Places::of(game),
        }
    }

    /// A seat's name (`seat 3` when unnamed).
    pub fn seat(&self, s: Seat) -> String {
        self.seats.get(s as usize).map_or_else(
            || tf("cg-seat-n", &[("n", &(s + 1).to_string())]),
            |name| tabula_page_kit::players::shown_name(name, s as usize),
        )
    }

    /// Seats' names as a list (`Ann, Bo and Cy`).
    pub fn seats_list(&self, seats: &[Seat]) -> String {
        let names: Vec<String> = seats.iter().map(|s| self.seat(*s)).collect();
        match names.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => tf("cg-and", &[("a", &rest.join(", ")), ("b", last)]),
        }
    }

    /// A corner, said after a preposition (`the corner between …`).
    pub fn corner(&self, c: u16) -> String {
        self.places.corner(c)
    }

    /// A side, said after a preposition (`the side between …`).
    pub fn side(&self, s: u16) -> String {
        self.places.side(s)
    }

    /// A hex (`Mountains 6`).
    pub fn hex(&self, h: u16) -> String {
        self.places.hex(h)
    }
}

/// What the words of an action take from the game as it stands when the
/// action is taken: the level a city improvement reaches, the cards a
/// bank trade gives. A log or a replay says an action taken long ago with
/// the facts of its time (kept as it was taken), not with the game as it
/// is now (where the improvement has already been made).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The level an improvement reaches.
    pub level: Option<u8>,
    /// How many cards a bank trade gives.
    pub rate: Option<u8>,
}

impl Facts {
    /// The facts of `a` as `seat` is about to take it in `game`.
    pub fn before(game: &Catan, a: &Action, seat: Seat) -> Facts {
        match *a {
            Action::UpgradeProgress { track: k } => Facts {
                level: Some(
                    game.players
                        .get(seat as usize)
                        .map_or(0, |p| p.levels[k.index()])
                        + 1,
                ),
                rate: None,
            },
            Action::Trade { give, .. } => Facts {
                level: None,
                rate: Some(game.rate(seat, give)),
            },
            _ => Facts::default(),
        }
    }
}

/// An action in words, as `seat` is about to take it in `game` (a button,
/// a hint).
pub fn action(a: &Action, game: &Catan, seat: Seat, n: &Names) -> String {
    said(a, Facts::before(game, a, seat), n)
}

/// An action in words with the facts of when it was taken (see
/// [`Facts`]): how the log and the replay say what was done.
pub fn said(a: &Action, facts: Facts, n: &Names) -> String {
    match *a {
        Action::RollDice => t("cg-a-roll"),
        Action::Build { piece: p, at } => {
            let place = if p == Piece::Road {
                n.side(at)
            } else {
                n.corner(at)
            };
            let key = match p {
                Piece::Settlement => "cg-a-settlement",
                Piece::City => "cg-a-city",
                Piece::Road => "cg-a-road",
                Piece::Knight => "cg-a-knight",
                Piece::CityWall => "cg-a-wall",
            };
            tf(key, &[("at", &place)])
        }
        Action::UpgradeProgress { track: k } => tf(
            "cg-a-improve",
            &[
                ("track", &track(k)),
                ("level", &facts.level.unwrap_or(1).to_string()),
            ],
        ),
        Action::ActivateKnight { at } => tf("cg-a-activate", &[("at", &n.corner(at))]),
        Action::UpgradeKnight { at } => tf("cg-a-promote", &[("at", &n.corner(at))]),
        Action::UseKnight { at, target } => match target {
            Target::Corner(c) => tf(
                "cg-a-move-knight",
                &[("from", &n.corner(at)), ("to", &n.corner(c))],
            ),
            Target::Robber => tf("cg-a-chase", &[("from", &n.corner(at))]),
        },
        Action::Play { card: p } => tf("cg-a-play", &[("card", &progress(p))]),
        Action::Offer { to, card: c } => tf(
            "cg-a-harbor-offer",
            &[("card", &card(c)), ("seat", &n.seat(to))],
        ),
        Action::Choose { choice } => choice_words(choice, n),
        Action::EndPlay => t("cg-a-end-play"),
        Action::Trade { give, take } => tf(
            "cg-a-bank",
            &[
                ("n", &facts.rate.unwrap_or(4).to_string()),
                ("give", &card(give)),
                ("take", &card(take)),
            ],
        ),
        Action::Propose { offer } => tf(
            "cg-a-propose",
            &[
                ("n", &offer.give.1.to_string()),
                ("give", &card(offer.give.0)),
                ("m", &offer.take.1.to_string()),
                ("take", &card(offer.take.0)),
            ],
        ),
        Action::Accept => t("cg-a-accept"),
        Action::Decline => t("cg-a-decline"),
        Action::Counter { offer } => tf(
            "cg-a-counter",
            &[
                ("n", &offer.give.1.to_string()),
                ("give", &card(offer.give.0)),
                ("m", &offer.take.1.to_string()),
                ("take", &card(offer.take.0)),
            ],
        ),
        Action::TradeWith { seat: s } => tf("cg-a-trade-with", &[("seat", &n.seat(s))]),
        Action::CancelTrade => t("cg-a-cancel-trade"),
        Action::Discard { card: c } => tf("cg-a-discard", &[("card", &card(c))]),
        Action::Return { card: p } => tf("cg-a-return", &[("card", &progress(p))]),
        Action::BuyDevelopment => t("cg-a-buy-dev"),
        Action::PlayDevelopment { card: d } => tf("cg-a-play", &[("card", &dev(d))]),
        Action::EndTurn => t("cg-a-end-turn"),
    }
}

fn choice_words(c: Choice, n: &Names) -> String {
    match c {
        Choice::Hex(h) => tf("cg-c-hex", &[("at", &n.hex(h))]),
        Choice::Corner(x) => n.places.corner_named(x),
        Choice::Side(s) => n.places.side_named(s),
        Choice::Seat(s) => n.seat(s),
        Choice::Card(k) => card(k),
        Choice::Progress(p) => progress(p),
        Choice::Track(k) => track(k),
        Choice::Dice(r, w) => tf(
            "cg-c-dice",
            &[("red", &r.to_string()), ("white", &w.to_string())],
        ),
    }
}

/// An event of the log in words.
pub fn event(e: &Event, n: &Names) -> String {
    match e {
        Event::Rolled { red, white, event } => {
            let sum = (red + white).to_string();
            let dice = tf(
                "cg-e-rolled",
                &[
                    ("red", &red.to_string()),
                    ("white", &white.to_string()),
                    ("sum", &sum),
                ],
            );
            match event {
                None => dice,
                Some(None) => format!("{dice} · {}", t("cg-e-ship")),
                Some(Some(k)) => format!("{dice} · {}", tf("cg-e-gate", &[("track", &track(*k))])),
            }
        }
        Event::Produced { seat, cards } => tf(
            "cg-e-produced",
            &[("seat", &n.seat(*seat)), ("cards", &hand(cards))],
        ),
        Event::Shortage { card: c } => tf("cg-e-shortage", &[("card", &card(*c))]),
        Event::Stole {
            thief,
            victim,
            card: c,
        } => match c {
            Some(c) => tf(
                "cg-e-stole",
                &[
                    ("thief", &n.seat(*thief)),
                    ("victim", &n.seat(*victim)),
                    ("card", &card(*c)),
                ],
            ),
            None => tf(
                "cg-e-stole-hidden",
                &[("thief", &n.seat(*thief)), ("victim", &n.seat(*victim))],
            ),
        },
        Event::Drew {
            seat,
            track: k,
            card: c,
        } => match c {
            Some(p) => tf(
                "cg-e-drew",
                &[
                    ("seat", &n.seat(*seat)),
                    ("card", &progress(*p)),
                    ("track", &track(*k)),
                ],
            ),
            None => tf(
                "cg-e-drew-hidden",
                &[("seat", &n.seat(*seat)), ("track", &track(*k))],
            ),
        },
        Event::Attack {
            barbarians,
            knights,
            repelled,
            losers,
            defender,
            drawers,
        } => {
            let landing = tf(
                if *repelled {
                    "cg-e-repelled"
                } else {
                    "cg-e-attack"
                },
                &[
                    ("barbarians", &barbarians.to_string()),
                    ("knights", &knights.iter().sum::<u32>().to_string()),
                ],
            );
            let outcome = match (repelled, defender, drawers.as_slice(), losers.as_slice()) {
                (true, Some(d), _, _) => tf("cg-e-defender", &[("seat", &n.seat(*d))]),
                (true, None, [], _) => t("cg-e-no-defender"),
                (true, None, tied, _) => tf("cg-e-drawers", &[("seats", &n.seats_list(tied))]),
                (false, _, _, []) => t("cg-e-no-losers"),
                (false, _, _, [one]) => tf("cg-e-loser", &[("seat", &n.seat(*one))]),
                (false, _, _, many) => tf("cg-e-losers", &[("seats", &n.seats_list(many))]),
            };
            format!("{landing}: {outcome}")
        }
        Event::Traded {
            seat,
            with,
            gave,
            got,
        } => tf(
            "cg-e-traded",
            &[
                ("seat", &n.seat(*seat)),
                ("with", &n.seat(*with)),
                ("n", &gave.1.to_string()),
                ("give", &card(gave.0)),
                ("m", &got.1.to_string()),
                ("take", &card(got.0)),
            ],
        ),
        Event::LongestRoad { holder } => match holder {
            Some(s) => tf("cg-e-longest", &[("seat", &n.seat(*s))]),
            None => t("cg-e-longest-none"),
        },
        Event::LargestArmy { holder } => match holder {
            Some(s) => tf("cg-e-army", &[("seat", &n.seat(*s))]),
            None => t("cg-e-army-none"),
        },
        Event::Won { seat } => tf("cg-e-won", &[("seat", &n.seat(*seat))]),
    }
}

/// The catalogue key of what a step asks (`cg-ask-setup-building`).
fn step_key(step: &Step) -> &'static str {
    match step {
        Step::SetupBuilding { .. } => "cg-ask-setup-building",
        Step::SetupRoad { .. } => "cg-ask-setup-road",
        Step::Give { .. } => "cg-ask-give",
        Step::MoveRobber { .. } => "cg-ask-robber",
        Step::Steal { .. } => "cg-ask-steal",
        Step::Pillage { .. } => "cg-ask-pillage",
        Step::DefenderDraw { .. } => "cg-ask-defender",
        Step::ReturnProgress { .. } => "cg-ask-return",
        Step::Metropolis { .. } => "cg-ask-metropolis",
        Step::Aqueduct { .. } => "cg-ask-aqueduct",
        Step::Displaced { .. } => "cg-ask-displaced",
        Step::Card { .. } => "cg-ask-card",
        Step::HarborAnswer { .. } => "cg-ask-harbor",
        Step::DesertKnight { .. } => "cg-ask-deserter",
        Step::FreeRoads { .. } => "cg-ask-free-road",
        Step::Plenty { .. } => "cg-ask-plenty",
        Step::Monopoly { .. } => "cg-ask-monopoly",
        Step::Answers { .. } => "cg-ask-answer",
        Step::CloseTrade { .. } => "cg-ask-close",
        _ => "cg-ask-wait",
    }
}

/// What the rules ask of the deciding seat now (`Place a starting
/// building`), or what the turn's phase allows.
pub fn asked(game: &Catan) -> String {
    use tabula_catan::game::state::Phase;
    let key = match game.steps.last() {
        Some(step) => step_key(step),
        None => match game.phase {
            Phase::Setup => "cg-ask-setup-building",
            Phase::BeforeRoll => "cg-ask-roll",
            Phase::Rolling => "cg-ask-wait",
            Phase::Main => "cg-ask-main",
            Phase::Over => "cg-ask-over",
        },
    };
    t(key)
}

/// Why the rules refuse an action, in the page's language.
pub fn refusal(e: &Refusal) -> String {
    let n = |s: u8| (u32::from(s) + 1).to_string();
    match e {
        Refusal::GameOver => t("cr-game-over"),
        Refusal::NoSuchPlayer(s) => tf("cr-no-player", &[("n", &n(*s))]),
        Refusal::NotYourMove(Waiting::Player(s)) => tf("cr-waiting-player", &[("n", &n(*s))]),
        Refusal::NotYourMove(Waiting::Others) => t("cr-waiting-others"),
        Refusal::NotYourMove(Waiting::Dice) => t("cr-waiting-dice"),
        // The move itself is not named: its text is the rules' notation
        // (“BUILD Road 17:SE”), not what a player sees.
        Refusal::NotTheAnswer { step, .. } => {
            tf("cr-not-the-answer", &[("asked", &t(step_key(step)))])
        }
        Refusal::Rolled => t("cr-rolled"),
        Refusal::NoSuchPlace => t("cr-no-such-place"),
        Refusal::RollFirst => t("cr-roll-first"),
        Refusal::NoKnightsInBase => t("cr-no-knights-base"),
        Refusal::NoneLeft(p) => tf("cr-none-left", &[("piece", &piece(*p))]),
        Refusal::Costs {
            piece: p,
            price,
            hand: h,
        } => tf(
            "cr-costs",
            &[
                ("piece", &piece(*p)),
                ("price", &hand(price)),
                ("hand", &hand(h)),
            ],
        ),
        Refusal::NoPlace(p) => t(match p {
            Piece::Road => "cr-place-road",
            Piece::Settlement => "cr-place-settlement",
            Piece::City => "cr-place-city",
            Piece::CityWall => "cr-place-wall",
            Piece::Knight => "cr-place-knight",
        }),
        Refusal::Card(why) => unplayable(why),
        Refusal::SameKind => t("cr-same-kind"),
        Refusal::Rate { give, rate, have } => tf(
            "cr-rate",
            &[
                ("card", &card(*give)),
                ("rate", &rate.to_string()),
                ("have", &have.to_string()),
            ],
        ),
        Refusal::BankOut(c) => tf("cr-bank-out", &[("card", &card(*c))]),
        Refusal::TradeAfterRoll => t("cr-trade-after-roll"),
        Refusal::NoImprovementsInBase => t("cr-no-improvements-base"),
        Refusal::Improvement { track: k, cost } => tf(
            "cr-improvement",
            &[
                ("track", &track(*k)),
                ("cost", &cost.to_string()),
                ("commodity", &card(k.commodity())),
            ],
        ),
        Refusal::TooManyProgress => t("cr-too-many-progress"),
        Refusal::NotNow(action) => tf("cr-not-now", &[("action", action)]),
        Refusal::NoDiceDue => t("cr-no-dice-due"),
    }
}

/// Why a progress card cannot be played now, in the page's language.
fn unplayable(why: &Unplayable) -> String {
    let key = match why {
        Unplayable::NotHeld(p) => return tf("cr-card-not-held", &[("card", &progress(*p))]),
        Unplayable::NeverPlayed(p) => return tf("cr-card-never", &[("card", &progress(*p))]),
        Unplayable::AlchemistBeforeRoll => "cr-card-alchemist",
        Unplayable::AfterRoll => "cr-card-after-roll",
        Unplayable::CraneAtWork => "cr-card-crane",
        Unplayable::NoWallPlace => "cr-card-engineer",
        Unplayable::NoSwap => "cr-card-inventor",
        Unplayable::MedicineNeeds => "cr-card-medicine",
        Unplayable::NoRoadPlace => "cr-card-road",
        Unplayable::NoPromotion => "cr-card-smith",
        Unplayable::NoResourceToOffer => "cr-card-no-resource",
        Unplayable::NoCommodityHolder => "cr-card-no-commodity",
        Unplayable::NoRicherWithCards => "cr-card-master-merchant",
        Unplayable::NoMerchantField => "cr-card-merchant",
        Unplayable::FleetSails => "cr-card-fleet",
        Unplayable::RobberSleeps => "cr-card-bishop",
        Unplayable::NoOtherKnight => "cr-card-deserter",
        Unplayable::NoOpenRoad => "cr-card-diplomat",
        Unplayable::NoIntrigueTarget => "cr-card-intrigue",
        Unplayable::NoSaboteurTarget => "cr-card-saboteur",
        Unplayable::NoSpyTarget => "cr-card-spy",
        Unplayable::NoInactiveKnight => "cr-card-warlord",
        Unplayable::NoWeddingGuest => "cr-card-wedding",
    };
    t(key)
}

/// The words the page kit asks of Catan, for refused records and links.
pub struct Words;

impl tabula_page_kit::error_words::RulesetWords for Words {
    type Game = Catan;

    fn rule(e: &tabula_catan::Refusal) -> String {
        refusal(e)
    }

    fn problems(p: &tabula_engine::Problems) -> String {
        p.0.iter()
            .map(|q| match (q.line, q.col) {
                (Some(l), Some(c)) => format!("{l}:{c}: {}", q.message),
                (Some(l), None) => format!("{l}: {}", q.message),
                _ => q.message.clone(),
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_catan::Options;
    use tabula_engine::{Game, GameRng, Ruleset, ToMove};

    /// Whether words name a place by an internal index: a field id and a
    /// compass letter (`16:S`, `20:SE`), `field 8`/`Feld 8`, `#12`.
    fn shows_an_index(s: &str) -> bool {
        let b = s.as_bytes();
        let after_digits_colon_compass = (0..b.len()).any(|i| {
            b[i].is_ascii_digit()
                && b.get(i + 1) == Some(&b':')
                && b.get(i + 2).is_some_and(|c| b"NSEW".contains(c))
        });
        let lower = s.to_lowercase();
        let named = ["field ", "feld ", "place ", "ort ", "#"].iter().any(|w| {
            lower.match_indices(w).any(|(i, _)| {
                lower[i + w.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_digit())
            })
        });
        after_digits_colon_compass || named
    }

    #[test]
    fn the_index_check_finds_indices() {
        for s in [
            "Build a road at 16:S",
            "chose: The place 20:SE",
            "The field 8",
            "#3",
        ] {
            assert!(shows_an_index(s), "{s}");
        }
        assert!(!shows_an_index(
            "Trade 3 ore at the 3:1 harbour for Mountains 6"
        ));
    }

    /// The words of every action played and every event over many random
    /// games (both languages, the base game and Cities & Knights) name
    /// each place as the board shows it, never by an internal index.
    #[test]
    fn the_words_of_many_random_games_name_no_internal_index() {
        crate::add_play_words();
        let names: Vec<String> = vec!["Ann".into(), "Bo".into(), "Cy".into(), "Di".into()];
        let mut said = 0usize;
        for seed in 0..GAMES {
            let lang = if seed % 2 == 0 {
                tabula_page_kit::i18n::Lang::En
            } else {
                tabula_page_kit::i18n::Lang::De
            };
            tabula_page_kit::i18n::use_lang(Some(lang));
            let opts = if seed % 3 == 2 {
                Options::base()
            } else {
                Options::default()
            };
            let mut g = Catan::new_game(&opts, None, 3 + (seed % 2) as usize, seed).unwrap();
            let n = Names::new(&names, &g);
            let mut rng = GameRng::seeded(seed);
            let mut log = Vec::new();
            for _ in 0..1500 {
                let s = match g.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        g.apply_chance_logged(&mut log).unwrap();
                        continue;
                    }
                    ToMove::Seat(s) => s,
                    ToMove::Simultaneous(set) => set.iter().next().unwrap(),
                };
                let a = g.random_action(s, &mut rng).unwrap();
                let w = action(&a, &g, s, &n);
                assert!(!shows_an_index(&w), "seed {seed}: {w}");
                said += 1;
                g.apply_logged(s, &a, &mut log).unwrap();
            }
            for e in &log {
                let w = event(e, &n);
                assert!(!shows_an_index(&w), "seed {seed}: {w}");
            }
        }
        tabula_page_kit::i18n::use_lang(None);
        assert!(said > GAMES as usize * 100);
    }

    /// How many random games the index check plays.
    const GAMES: u64 = 1000;

    /// Every reason the rules give for a refusal reads in both languages,
    /// differently: no key or placeholder showing, no English in German.
    #[test]
    fn every_refusal_reads_in_english_and_in_german() {
        use tabula_catan::game::cards::cost;
        crate::add_play_words();
        let mut all = vec![
            Refusal::GameOver,
            Refusal::NoSuchPlayer(4),
            Refusal::NotYourMove(Waiting::Player(1)),
            Refusal::NotYourMove(Waiting::Others),
            Refusal::NotYourMove(Waiting::Dice),
            Refusal::NotTheAnswer {
                action: "END_TURN".into(),
                step: Step::Steal { seat: 0 },
            },
            Refusal::Rolled,
            Refusal::NoSuchPlace,
            Refusal::RollFirst,
            Refusal::NoKnightsInBase,
            Refusal::NoneLeft(Piece::City),
            Refusal::Costs {
                piece: Piece::City,
                price: cost::CITY,
                hand: cost::ROAD,
            },
            Refusal::SameKind,
            Refusal::Rate {
                give: Card::Ore,
                rate: 4,
                have: 2,
            },
            Refusal::BankOut(Card::Grain),
            Refusal::TradeAfterRoll,
            Refusal::NoImprovementsInBase,
            Refusal::Improvement {
                track: Track::Science,
                cost: 3,
            },
            Refusal::TooManyProgress,
            Refusal::NotNow("END_TURN".into()),
            Refusal::NoDiceDue,
        ];
        all.extend(
            [
                Piece::Road,
                Piece::Settlement,
                Piece::City,
                Piece::CityWall,
                Piece::Knight,
            ]
            .map(Refusal::NoPlace),
        );
        all.extend(
            [
                Unplayable::NotHeld(Progress::Crane),
                Unplayable::NeverPlayed(Progress::Printer),
                Unplayable::AlchemistBeforeRoll,
                Unplayable::AfterRoll,
                Unplayable::CraneAtWork,
                Unplayable::NoWallPlace,
                Unplayable::NoSwap,
                Unplayable::MedicineNeeds,
                Unplayable::NoRoadPlace,
                Unplayable::NoPromotion,
                Unplayable::NoResourceToOffer,
                Unplayable::NoCommodityHolder,
                Unplayable::NoRicherWithCards,
                Unplayable::NoMerchantField,
                Unplayable::FleetSails,
                Unplayable::RobberSleeps,
                Unplayable::NoOtherKnight,
                Unplayable::NoOpenRoad,
                Unplayable::NoIntrigueTarget,
                Unplayable::NoSaboteurTarget,
                Unplayable::NoSpyTarget,
                Unplayable::NoInactiveKnight,
                Unplayable::NoWeddingGuest,
            ]
            .map(Refusal::Card),
        );
        let mut english = Vec::new();
        for lang in [
            tabula_page_kit::i18n::Lang::En,
            tabula_page_kit::i18n::Lang::De,
        ] {
            tabula_page_kit::i18n::use_lang(Some(lang));
            for (i, e) in all.iter().enumerate() {
                let s = refusal(e);
                assert!(!s.contains("cr-") && !s.contains("cg-"), "a key shows: {s}");
                assert!(!s.contains('{'), "a placeholder shows: {s}");
                if lang == tabula_page_kit::i18n::Lang::En {
                    english.push(s);
                } else {
                    assert_ne!(s, english[i], "not said in German: {e:?}");
                    for w in [" the ", " you ", " is ", " no "] {
                        assert!(!s.contains(w), "English {w:?} in German: {s}");
                    }
                }
            }
        }
        tabula_page_kit::i18n::use_lang(None);
    }
    /// Every action and event of random games, in both languages, is a
    /// sentence: no catalogue key left showing, no `{placeholder}` unfilled.
    #[test]
    fn every_action_and_event_of_random_games_reads_in_both_languages() {
        crate::add_play_words();
        for lang in [
            tabula_page_kit::i18n::Lang::En,
            tabula_page_kit::i18n::Lang::De,
        ] {
            tabula_page_kit::i18n::use_lang(Some(lang));
            for seed in 0..6u64 {
                let opts = if seed % 3 == 2 {
                    Options::base()
                } else {
                    Options {
                        testgame: seed % 2 == 1,
                        ..Options::default()
                    }
                };
                let mut g = Catan::new_game(&opts, None, 3 + (seed % 2) as usize, seed).unwrap();
                let names: Vec<String> = vec!["Ann".into(), "Bo".into(), "Cy".into(), "Di".into()];
                let n = Names::new(&names, &g);
                let mut rng = GameRng::seeded(seed);
                let mut log = Vec::new();
                let check = |s: &str| {
                    assert!(!shows_an_index(s), "an index shows: {s}");
                    assert!(!s.contains("cg-"), "a key shows: {s}");
                    assert!(!s.contains('{'), "a placeholder shows: {s}");
                    assert!(!s.trim().is_empty());
                };
                for _ in 0..3000 {
                    check(&asked(&g));
                    match g.to_move() {
                        ToMove::Over => break,
                        ToMove::Chance => g.apply_chance_logged(&mut log).unwrap(),
                        ToMove::Seat(s) => {
                            for a in g.legal_actions(s) {
                                check(&action(&a, &g, s, &n));
                            }
                            let a = g.random_action(s, &mut rng).unwrap();
                            g.apply_logged(s, &a, &mut log).unwrap();
                        }
                        ToMove::Simultaneous(set) => {
                            let s = set.iter().next().unwrap();
                            let a = g.random_action(s, &mut rng).unwrap();
                            check(&action(&a, &g, s, &n));
                            g.apply_logged(s, &a, &mut log).unwrap();
                        }
                    }
                }
                assert!(!log.is_empty());
                for e in &log {
                    check(&event(e, &n));
                    check(&event(&e.seen_by(None), &n));
                }
            }
            for (k, _) in tabula_catan::PointSources::default().parts() {
                let w = source(k);
                assert!(!w.contains("cg-"), "no words for {k}");
            }
            for p in Progress::all() {
                assert!(!progress(p).contains("cg-") && !progress_text(p).contains("cg-"));
            }
        }
    }
}
