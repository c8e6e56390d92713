//! The game's board in words, for the keyboard's cursor and a screen
//! reader (the page kit's [`explore`](tabula_page_kit::explore)): every
//! hex, corner and side is a place the arrow keys reach (the nearest
//! place that way, [`nearest_step`]); each is said by the names the
//! lessons use (`Hills 9`, `the side between Hills 9 and Hills 8`), with
//! what stands there (the robber, the merchant, whose building, road or
//! knight with its seat's number) and what the person could do there now
//! (from the engine's legal actions, in the words of the move's button);
//! `S` says the board; and [`board_text`] is the board as a list for the
//! accessibility tree. Plain data, tested natively.

use tabula_catan::game::state::{Building, Knight};
use tabula_catan::{Catan, FieldKind};
use tabula_engine::Seat;
use tabula_hex::{corner_point, hex_centre};
#[cfg(target_arch = "wasm32")]
use tabula_page_kit::dom::{El, el};
use tabula_page_kit::explore::{Explore, nearest_step};
use tabula_page_kit::i18n::{t, tf, tn};
use tabula_page_kit::letters::capitalised;

use crate::game_words::{self as gw, Names};
use crate::spots::{self, Choosing, Spot};

/// Every place of `game`'s board, in the explorer's order: the land
/// hexes, then the corners, then the sides.
pub fn places(game: &Catan) -> Vec<Spot> {
    let topo = &game.topo;
    (0..topo.hexes.len() as u16)
        .map(Spot::Hex)
        .chain((0..topo.corners.len() as u16).map(Spot::Corner))
        .chain((0..topo.sides.len() as u16).map(Spot::Side))
        .collect()
}

/// Where each of [`places`] lies on the board (hexes of size 1, y down):
/// a hex's centre, a corner, a side's middle.
fn points(game: &Catan) -> Vec<(f64, f64)> {
    let topo = &game.topo;
    let corner = |c: u16| {
        let p = corner_point(topo.corners[c as usize].corner, 1.0);
        (p.x, p.y)
    };
    places(game)
        .into_iter()
        .map(|s| match s {
            Spot::Hex(h) => {
                let p = hex_centre(topo.hexes[h as usize].hex, 1.0);
                (p.x, p.y)
            }
            Spot::Corner(c) => corner(c),
            Spot::Side(e) => {
                let [a, b] = topo.sides[e as usize].ends.map(corner);
                ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
            }
        })
        .collect()
}

/// The game's board as the cursor explores it.
pub struct Explored<'a> {
    game: &'a Catan,
    names: &'a Names<'a>,
    choosing: &'a Choosing<'a>,
    places: Vec<Spot>,
    points: Vec<(f64, f64)>,
    lit: Vec<Spot>,
    by_touch: bool,
}

impl<'a> Explored<'a> {
    /// The board of `game`, explored by the person `choosing` there.
    pub fn new(game: &'a Catan, names: &'a Names<'a>, choosing: &'a Choosing<'a>) -> Self {
        Explored {
            game,
            names,
            choosing,
            places: places(game),
            points: points(game),
            lit: choosing.lit(game),
            by_touch: false,
        }
    }

    /// Say what a second tap would do, rather than Enter (a finger's
    /// first tap shows a place).
    pub fn by_touch(mut self, yes: bool) -> Self {
        self.by_touch = yes;
        self
    }

    /// The place numbered `at`.
    pub fn spot(&self, at: usize) -> Option<Spot> {
        self.places.get(at).copied()
    }

    /// The number of `spot`.
    pub fn index(&self, spot: Spot) -> Option<usize> {
        self.places.iter().position(|s| *s == spot)
    }

    /// What Enter (or a second tap) would do at `spot`, in words (empty
    /// when nothing).
    pub fn enter(&self, spot: Spot) -> String {
        let Some(seat) = self.choosing.acting else {
            return String::new();
        };
        let game = self.game;
        let here = spots::actions_at(self.choosing.legal, game.robber, self.choosing.knight, spot);
        let words: Vec<String> = here
            .iter()
            .map(|a| gw::action(a, game, seat, self.names))
            .collect();
        // What a key does, or on a touch screen what a second tap does.
        let key = |keys: &'static str, touch: &'static str| {
            if self.by_touch { touch } else { keys }
        };
        let knight_here = self
            .choosing
            .knight
            .is_some_and(|k| spot == Spot::Corner(k));
        match words.as_slice() {
            [] if knight_here => t(key("cg-x-enter-put-down", "cg-x-tap-put-down")),
            [] if spots::picks_up_knight(self.choosing.legal, game.robber, spot) => tf(
                key("cg-x-enter", "tap-again"),
                &[("what", &t("cg-pick-up-knight"))],
            ),
            [] => String::new(),
            [one] => tf(key("cg-x-enter", "tap-again"), &[("what", one)]),
            several => tf(
                key("cg-x-enter-which", "cg-x-tap-which"),
                &[("list", &several.join("; "))],
            ),
        }
    }
}

fn seat_args(names: &Names, seat: Seat) -> [(&'static str, String); 2] {
    [("seat", names.seat(seat)), ("n", (seat + 1).to_string())]
}

fn with_seat(key: &str, names: &Names, seat: Seat, more: &[(&str, &str)]) -> String {
    let [(a, av), (b, bv)] = seat_args(names, seat);
    let mut args: Vec<(&str, &str)> = vec![(a, &av), (b, &bv)];
    args.extend_from_slice(more);
    tf(key, &args)
}

fn knight_words(k: &Knight, names: &Names) -> String {
    let key = match k.level {
        1 => "cg-x-knight-1",
        2 => "cg-x-knight-2",
        _ => "cg-x-knight-3",
    };
    let state = t(if k.active {
        "cg-x-active"
    } else {
        "cg-x-inactive"
    });
    with_seat(key, names, k.owner, &[("state", &state)])
}

/// What stands on `spot`, in words (empty when nothing does).
pub fn standing(game: &Catan, names: &Names, spot: Spot) -> Vec<String> {
    let mut out = Vec::new();
    match spot {
        Spot::Hex(h) => {
            if game.robber == h {
                out.push(t(
                    if game.options.cities_and_knights && !game.robber_awake {
                        "cg-x-robber-asleep"
                    } else {
                        "cg-x-robber"
                    },
                ));
            }
            if let Some((mh, owner)) = game.merchant
                && mh == h
            {
                out.push(with_seat("cg-x-merchant", names, owner, &[]));
            }
        }
        Spot::Corner(c) => {
            match game.buildings.get(c as usize).copied().unwrap_or_default() {
                Building::None => {}
                Building::Settlement { owner } => {
                    out.push(with_seat("cg-x-settlement", names, owner, &[]));
                }
                Building::City {
                    owner,
                    wall,
                    metropolis,
                } => {
                    let key = if wall { "cg-x-city-wall" } else { "cg-x-city" };
                    out.push(with_seat(key, names, owner, &[]));
                    if let Some(k) = metropolis {
                        out.push(tf("cg-x-metropolis", &[("track", &gw::track(k))]));
                    }
                }
            }
            if let Some(Some(k)) = game.knights.get(c as usize) {
                out.push(knight_words(k, names));
            }
        }
        Spot::Side(s) => {
            if let Some(Some(owner)) = game.roads.get(s as usize) {
                out.push(with_seat("cg-x-road", names, *owner, &[]));
            }
        }
    }
    out
}

/// A place's name as a sentence starts it (`The corner between …`,
/// `Hills 9`).
fn place_name(names: &Names, spot: Spot) -> String {
    capitalised(&match spot {
        Spot::Hex(h) => names.hex(h),
        Spot::Corner(c) => names.places.corner_named(c),
        Spot::Side(s) => names.places.side_named(s),
    })
}

/// What is at `spot` (its name and what stands there), as one sentence.
pub fn place_words(game: &Catan, names: &Names, spot: Spot) -> String {
    let name = place_name(names, spot);
    let mut there = standing(game, names, spot);
    if there.is_empty() {
        there.push(t(match spot {
            Spot::Hex(h) => return hex_plain(game, names, h),
            Spot::Corner(_) => "cg-x-no-building",
            Spot::Side(_) => "cg-x-no-road",
        }));
    }
    tf(
        "cg-x-place",
        &[("place", &name), ("what", &there.join("; "))],
    )
}

/// A hex with nothing on it: its name (the desert says it gives nothing).
fn hex_plain(game: &Catan, names: &Names, h: u16) -> String {
    let desert = game
        .topo
        .hexes
        .get(h as usize)
        .and_then(|x| game.board.fields.get(x.field))
        .is_some_and(|f| f.kind == FieldKind::Desert);
    if desert {
        tf("cg-x-desert", &[("place", &names.hex(h))])
    } else {
        tf("cg-x-hex", &[("place", &names.hex(h))])
    }
}

impl Explore for Explored<'_> {
    fn places(&self) -> usize {
        self.places.len()
    }

    fn step(&self, from: usize, key: &str) -> Option<usize> {
        nearest_step(&self.points, from, key)
    }

    /// The first place where the person can act, else the hex nearest
    /// the middle of the island.
    fn start(&self) -> usize {
        if let Some(at) = self.lit.first().and_then(|s| self.index(*s)) {
            return at;
        }
        let hexes = self.game.topo.hexes.len().max(1);
        let (cx, cy) = self.points[..hexes.min(self.points.len())]
            .iter()
            .fold((0.0, 0.0), |(x, y), p| {
                (x + p.0 / hexes as f64, y + p.1 / hexes as f64)
            });
        (0..hexes.min(self.points.len()))
            .min_by(|a, b| {
                let d = |i: &usize| (self.points[*i].0 - cx).hypot(self.points[*i].1 - cy);
                d(a).total_cmp(&d(b))
            })
            .unwrap_or(0)
    }

    fn describe(&self, at: usize) -> String {
        let Some(spot) = self.spot(at) else {
            return String::new();
        };
        let mut text = place_words(self.game, self.names, spot);
        let enter = self.enter(spot);
        if !enter.is_empty() {
            text.push(' ');
            text.push_str(&enter);
        }
        text
    }

    fn summary(&self) -> String {
        let game = self.game;
        let names = self.names;
        let mut parts = vec![tn("cg-x-summary-hexes", game.topo.hexes.len() as i64, &[])];
        for seat in 0..game.seat_count() as Seat {
            let corners = game.buildings.iter();
            let settlements = corners
                .clone()
                .filter(|b| matches!(b, Building::Settlement { owner } if *owner == seat))
                .count();
            let cities = corners
                .filter(|b| matches!(b, Building::City { owner, .. } if *owner == seat))
                .count();
            let roads = game.roads.iter().filter(|r| **r == Some(seat)).count();
            let knights = game
                .knights
                .iter()
                .filter(|k| k.is_some_and(|k| k.owner == seat))
                .count();
            let mut pieces = vec![
                tn("cg-x-n-settlements", settlements as i64, &[]),
                tn("cg-x-n-cities", cities as i64, &[]),
                tn("cg-x-n-roads", roads as i64, &[]),
            ];
            if game.options.cities_and_knights {
                pieces.push(tn("cg-x-n-knights", knights as i64, &[]));
            }
            parts.push(with_seat(
                "cg-x-summary-seat",
                names,
                seat,
                &[("pieces", &pieces.join(", "))],
            ));
        }
        parts.push(tf(
            "cg-x-summary-robber",
            &[("place", &names.hex(game.robber))],
        ));
        if let Some((h, owner)) = game.merchant {
            parts.push(with_seat(
                "cg-x-summary-merchant",
                names,
                owner,
                &[("place", &names.hex(h))],
            ));
        }
        if self.choosing.acting.is_some() {
            parts.push(if self.lit.is_empty() {
                self.nothing_to_do()
            } else {
                tn("cg-x-summary-lit", self.lit.len() as i64, &[])
            });
        }
        parts.join(" ")
    }

    fn acts(&self, at: usize) -> bool {
        self.spot(at).is_some_and(|s| self.lit.contains(&s))
    }

    fn nothing_to_do(&self) -> String {
        t("explore-nothing-to-do")
    }
}

/// The board's places that a screen reader's list names: every hex (its
/// land and number and what stands on it), every piece (buildings,
/// knights, roads) and every harbour, each a sentence.
pub struct BoardLines {
    /// Every land hex.
    pub hexes: Vec<String>,
    /// Every corner and side where something stands.
    pub pieces: Vec<String>,
    /// Every harbour's corner.
    pub harbours: Vec<String>,
}

/// `game`'s board as [`BoardLines`].
pub fn board_lines(game: &Catan, names: &Names) -> BoardLines {
    let topo = &game.topo;
    let hexes = (0..topo.hexes.len() as u16)
        .map(|h| place_words(game, names, Spot::Hex(h)))
        .collect();
    let pieces = (0..topo.corners.len() as u16)
        .map(Spot::Corner)
        .chain((0..topo.sides.len() as u16).map(Spot::Side))
        .filter(|s| !standing(game, names, *s).is_empty())
        .map(|s| place_words(game, names, s))
        .collect();
    let harbours = topo
        .harbour_corners
        .iter()
        .map(|(c, _)| capitalised(&names.places.corner_named(*c)))
        .collect();
    BoardLines {
        hexes,
        pieces,
        harbours,
    }
}

#[cfg(target_arch = "wasm32")]
/// The board as lists for the accessibility tree (a section shown to a
/// screen reader only, its id `id`: `board-text` at one device,
/// `online-board-text` online), from [`board_lines`].
pub fn board_text(game: &Catan, names: &Names, id: &str) -> El {
    let lines = board_lines(game, names);
    let list = |items: Vec<String>, none: &str| {
        let mut ul = el("ul");
        if items.is_empty() {
            ul = ul.child(el("li").text(&t(none)));
        }
        for i in items {
            ul = ul.child(el("li").text(&i));
        }
        ul
    };
    let group = |part: &str, key: &str, list: El| {
        let part = format!("{id}-{part}");
        el("section")
            .attr("aria-labelledby", &part)
            .child(el("h3").attr("id", &part).text(&t(key)))
            .child(list)
    };
    let heading = format!("{id}-h");
    el("section")
        .attr("id", id)
        .class("sr-only")
        .attr("aria-labelledby", &heading)
        .child(el("h2").attr("id", &heading).text(&t("cg-x-board-text")))
        .child(group(
            "hexes",
            "cg-x-hexes",
            list(lines.hexes, "cg-x-no-pieces"),
        ))
        .child(group(
            "pieces",
            "cg-x-pieces",
            list(lines.pieces, "cg-x-no-pieces"),
        ))
        .child(group(
            "harbours",
            "cg-x-harbours",
            list(lines.harbours, "cg-x-no-harbours"),
        ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_catan::{Action, Options, Piece};
    use tabula_engine::{Game, Ruleset};

    fn game() -> Catan {
        Catan::new_game(&Options::default(), None, 3, 2).unwrap()
    }

    fn seats() -> Vec<String> {
        ["Ann", "Bo", "Cy"].map(String::from).to_vec()
    }

    #[test]
    fn every_place_is_reached_by_the_arrows_and_says_its_board_name() {
        crate::add_play_words();
        let g = game();
        let seats = seats();
        let names = Names::new(&seats, &g);
        let legal = g.legal_actions(0);
        let choosing = Choosing {
            acting: Some(0),
            legal: &legal,
            knight: None,
        };
        let e = Explored::new(&g, &names, &choosing);
        assert_eq!(
            e.places(),
            g.topo.hexes.len() + g.topo.corners.len() + g.topo.sides.len()
        );
        // Every place is reached from where the cursor starts.
        let mut seen = vec![false; e.places()];
        let mut todo = vec![e.start()];
        while let Some(at) = todo.pop() {
            if std::mem::replace(&mut seen[at], true) {
                continue;
            }
            for k in ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"] {
                todo.extend(e.step(at, k));
            }
        }
        assert!(seen.iter().all(|s| *s), "places no arrow reaches");
        for at in 0..e.places() {
            let said = e.describe(at);
            assert!(!said.contains('{') && !said.contains("cg-"), "{said}");
            assert!(
                !said
                    .split_whitespace()
                    .any(|w| w.split_once(':').is_some_and(|(n, d)| {
                        !n.is_empty()
                            && n.chars().all(|c| c.is_ascii_digit())
                            && d.starts_with(['N', 'E', 'S', 'W'])
                    })),
                "an index in {said}"
            );
            assert!(!said.contains("paint"), "{said}");
        }
        // The set-up's first question: each free corner offers its settlement.
        let at = e.start();
        let said = e.describe(at);
        assert!(
            said.starts_with("The corner between ") || said.contains(" corner of "),
            "{said}"
        );
        assert!(said.contains("nothing built."), "{said}");
        assert!(said.contains("Enter: Build a settlement at the "), "{said}");
        assert!(e.acts(at));
        let e = Explored::new(&g, &names, &choosing).by_touch(true);
        let tapped = e.describe(at);
        assert!(
            tapped.contains("Tap again: Build a settlement at the "),
            "{tapped}"
        );
        // A hex says its land and number, and the robber where it stands.
        let robber = e.index(Spot::Hex(g.robber)).unwrap();
        assert!(
            e.describe(robber).contains("the robber"),
            "{}",
            e.describe(robber)
        );
        assert!(!e.acts(robber));
    }

    #[test]
    fn pieces_are_said_with_their_seat_and_its_number() {
        crate::add_play_words();
        let mut g = game();
        let seats = seats();
        // Ann's first settlement and road.
        let first = g
            .legal_actions(0)
            .into_iter()
            .find(|a| {
                matches!(
                    a,
                    Action::Build {
                        piece: Piece::Settlement,
                        ..
                    }
                )
            })
            .unwrap();
        g.apply(0, &first).unwrap();
        let road = g.legal_actions(0)[0];
        g.apply(0, &road).unwrap();
        let (Action::Build { at: corner, .. }, Action::Build { at: side, .. }) = (first, road)
        else {
            panic!()
        };
        let names = Names::new(&seats, &g);
        let said = place_words(&g, &names, Spot::Corner(corner));
        assert!(said.ends_with(": Ann's settlement, marked 1."), "{said}");
        let said = place_words(&g, &names, Spot::Side(side));
        assert!(said.starts_with("The side between ") || said.contains("coast of"));
        assert!(said.ends_with(": Ann's road, marked 1."), "{said}");
        // The board as a list names every hex and every piece.
        let lines = board_lines(&g, &names);
        assert_eq!(lines.hexes.len(), g.topo.hexes.len());
        for (h, line) in lines.hexes.iter().enumerate() {
            assert!(line.starts_with(&names.hex(h as u16)), "{line}");
        }
        assert_eq!(lines.pieces.len(), 2, "{:?}", lines.pieces);
        assert!(lines.pieces.iter().all(|l| l.contains("Ann's")));
        assert_eq!(lines.harbours.len(), g.topo.harbour_corners.len());
        // S: the board in a few sentences.
        let legal = g.legal_actions(1);
        let choosing = Choosing {
            acting: Some(1),
            legal: &legal,
            knight: None,
        };
        let e = Explored::new(&g, &names, &choosing);
        let s = e.summary();
        assert!(
            s.contains("Ann (1): 1 settlement, 0 cities, 1 road, 0 knights."),
            "{s}"
        );
        assert!(s.contains("The robber is on "), "{s}");
        // German has its own words.
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::De));
        let names = Names::new(&seats, &g);
        let de = place_words(&g, &names, Spot::Corner(corner));
        tabula_page_kit::i18n::use_lang(None);
        assert!(de.contains("Siedlung von Ann"), "{de}");
    }
}
