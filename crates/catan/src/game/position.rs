//! Positions written as text, for scenario tests and `tabula apply`
//! (docs/catan/positions.md). A position starts from a new game on a
//! board, clears its set-up, and places what the lines say, taking every
//! card from the bank or its deck and every piece from its owner's supply,
//! so that every card and piece stays accounted for:
//!
//! ```text
//! # Zenobios offers grain
//! players 3
//! turn 9 player 1 main
//! hand 1 GRAIN 2
//! progress 1 COMMERCIAL_HARBOR
//! settlement 2 12:NE
//! city 1 5:W wall
//! road 1 5:N
//! knight 1 8:E strong active
//! levels 1 TRADE 3 POLITICS 1 SCIENCE 0
//! robber 20
//! barbarians 5 awake
//! dice 3 4
//! event ship
//! ```
//!
//! Players are numbered from 1. Corners and sides are `FIELD:DIR`.

use tabula_engine::{Problem, Problems, Ruleset, Seat};

use super::cards::{Card, Progress, Track};
use super::options::Options;
use super::state::{Building, Catan, Knight, Phase, Step};
use super::topology::CornerId;

/// Largest position text accepted, in bytes.
pub const MAX_POSITION_BYTES: usize = 64 * 1024;

/// Read a position on `map` (the standard board when `None`): the game,
/// or every problem found, each with its line.
pub fn read_position(text: &str, map: Option<&str>) -> Result<Catan, Problems> {
    read_position_with(text, map, Options::default())
}

/// Read a position starting from `options` (its own `options` and `base`
/// lines still win); a position never starts from another position.
pub fn read_position_with(
    text: &str,
    map: Option<&str>,
    options: Options,
) -> Result<Catan, Problems> {
    if text.len() > MAX_POSITION_BYTES {
        return Err(Problem::error(
            "too-large",
            format!(
                "the position is {} bytes; at most {MAX_POSITION_BYTES} are accepted",
                text.len()
            ),
        )
        .into());
    }
    let lines: Vec<(usize, Vec<&str>)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            (
                i + 1,
                l.split('#')
                    .next()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect(),
            )
        })
        .filter(|(_, w): &(usize, Vec<&str>)| !w.is_empty())
        .collect();
    let mut problems = Vec::new();
    let mut options = options;
    let mut players = 3;
    for (n, w) in &lines {
        match w[0] {
            "options" => match tabula_engine::plain::read_or_why::<Options>(&w[1..].join(" ")) {
                Ok(o) => options = o,
                Err(e) => problems.push(Problem::at(
                    "bad-options",
                    *n,
                    1,
                    format!("these are not Catan options: {e}"),
                )),
            },
            "base" => options.cities_and_knights = false,
            "players" => match w.get(1).and_then(|p| p.parse::<usize>().ok()) {
                Some(p @ 2..=4) => players = p,
                _ => problems.push(Problem::at(
                    "bad-players",
                    *n,
                    1,
                    "write `players N` with N from 2 to 4",
                )),
            },
            _ => {}
        }
    }
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    options.position = None;
    let mut g = Catan::new_game(&options, map, players, 1)?;
    g.steps.clear();
    g.phase = Phase::Main;
    g.turn = 1;
    g.setup_done = 2 * players as u8;
    for (n, w) in &lines {
        if let Err(message) = place(&mut g, w) {
            problems.push(Problem::at("bad-line", *n, 1, message));
        }
    }
    let setup_line = lines.iter().find(|(_, w)| w[0] == "setup").map(|(n, _)| *n);
    if let Some(n) = setup_line
        && problems.is_empty()
        && let Err(message) = continue_setup(&mut g)
    {
        problems.push(Problem::at("bad-setup", n, 1, message));
    }
    g.update_longest_road();
    if let Err(e) = g.check_conservation() {
        problems.push(Problem::error("conservation", e));
    }
    if problems.is_empty() {
        Ok(g)
    } else {
        Err(Problems(problems))
    }
}

/// The set-up is still being played (a `setup` line): the buildings and
/// roads on the board are the placements made so far, in the set-up's
/// snake order (every player a settlement and a road, then in reverse a
/// city — a settlement in the base game — and a road); the game goes on
/// at the next placement.
fn continue_setup(g: &mut Catan) -> Result<(), String> {
    let n = g.seat_count();
    let ck = g.ck();
    let order: Vec<(Seat, bool)> = (0..n as Seat)
        .map(|s| (s, false))
        .chain((0..n as Seat).rev().map(|s| (s, ck)))
        .collect();
    let owned = |s: Seat| g.buildings.iter().filter(|b| b.owner() == Some(s)).count();
    let cities = |s: Seat| {
        g.buildings
            .iter()
            .filter(|b| matches!(b, Building::City { owner, .. } if *owner == s))
            .count()
    };
    let roads = |s: Seat| g.roads.iter().filter(|r| **r == Some(s)).count();
    let placed: usize = (0..n as Seat).map(owned).sum();
    if placed >= order.len() && (0..n as Seat).map(roads).sum::<usize>() >= order.len() {
        return Err("every set-up placement is made: leave out `setup`".into());
    }
    for s in 0..n as Seat {
        let want = order[..placed].iter().filter(|(x, _)| *x == s).count();
        let want_cities = order[..placed]
            .iter()
            .filter(|(x, c)| *x == s && *c)
            .count();
        if owned(s) != want || cities(s) != want_cities {
            return Err(format!(
                "after {placed} set-up buildings player {} has {want} ({want_cities} of them a city), not {} ({})",
                s + 1,
                owned(s),
                cities(s)
            ));
        }
        if g.knights.iter().flatten().any(|k| k.owner == s) {
            return Err("no knight stands on the board during the set-up".into());
        }
    }
    let mut steps: Vec<Step> = order[placed..]
        .iter()
        .rev()
        .map(|&(seat, city)| Step::SetupBuilding { seat, city })
        .collect();
    let mut next = order.get(placed).map(|o| o.0);
    for s in 0..n as Seat {
        let r = roads(s);
        if r == owned(s) {
            continue;
        }
        let last = placed.checked_sub(1).map(|i| order[i].0);
        if r + 1 != owned(s) || last != Some(s) {
            return Err(format!(
                "player {} has {} roads beside {} set-up buildings; only the last building placed may still wait for its road",
                s + 1,
                r,
                owned(s)
            ));
        }
        let topo = g.topo.clone();
        let from = (0..g.buildings.len()).find(|&c| {
            g.buildings[c].owner() == Some(s)
                && !topo.corners[c]
                    .sides
                    .iter()
                    .any(|&x| g.roads[x as usize] == Some(s))
        });
        let Some(from) = from else {
            return Err(format!(
                "no building of player {} waits for its road",
                s + 1
            ));
        };
        steps.push(Step::SetupRoad {
            seat: s,
            from: from as CornerId,
        });
        next = Some(s);
    }
    let Some(next) = next else {
        return Err("every set-up placement is made: leave out `setup`".into());
    };
    g.steps = steps;
    g.phase = Phase::Setup;
    g.turn = 0;
    g.current = next;
    g.setup_done = placed as u8;
    Ok(())
}

fn seat_of(g: &Catan, w: Option<&&str>) -> Result<Seat, String> {
    match w.and_then(|s| s.parse::<usize>().ok()) {
        Some(p) if (1..=g.seat_count()).contains(&p) => Ok((p - 1) as Seat),
        _ => Err(format!("a player is a number from 1 to {}", g.seat_count())),
    }
}

fn number(w: Option<&&str>, what: &str) -> Result<u32, String> {
    w.and_then(|s| s.parse::<u32>().ok())
        .ok_or_else(|| format!("{what} must be a whole number"))
}

fn place(g: &mut Catan, w: &[&str]) -> Result<(), String> {
    let topo = g.topo.clone();
    let corner = |s: Option<&&str>| {
        s.and_then(|s| topo.parse_corner(s))
            .ok_or_else(|| "a corner is written FIELD:DIR (e.g. 12:NE) on this board".to_string())
    };
    match w[0] {
        "options" | "base" | "players" => {}
        "turn" => {
            // turn N player P [main|before-roll]
            g.turn = number(w.get(1), "the turn")?;
            if w.get(2) != Some(&"player") {
                return Err("write `turn N player P [main|before-roll]`".into());
            }
            g.current = seat_of(g, w.get(3))?;
            g.phase = match w.get(4).copied() {
                None | Some("main") => Phase::Main,
                Some("before-roll") => Phase::BeforeRoll,
                Some(x) => return Err(format!("{x:?} is not a phase (main, before-roll)")),
            };
        }
        "hand" => {
            let s = seat_of(g, w.get(1))?;
            for pair in w[2..].chunks(2) {
                let card = Card::from_name(pair[0])
                    .ok_or_else(|| format!("{:?} is not a card", pair[0]))?;
                let k = number(pair.get(1), "a count")? as u8;
                if g.bank.get(card) < k {
                    return Err(format!("the bank has only {} {card}", g.bank.get(card)));
                }
                g.bank.take(card, k);
                g.players[s as usize].hand.add(card, k);
            }
        }
        "progress" | "shown" => {
            let s = seat_of(g, w.get(1))?;
            for name in &w[2..] {
                let card = Progress::from_name(name)
                    .ok_or_else(|| format!("{name:?} is not a progress card"))?;
                let deck = &mut g.decks[card.track().index()];
                let i = deck
                    .iter()
                    .position(|c| *c == card)
                    .ok_or_else(|| format!("no {card} is left in its deck"))?;
                deck.remove(i);
                let p = &mut g.players[s as usize];
                if w[0] == "shown" {
                    if !card.is_point() {
                        return Err(format!("{card} is not a victory point card"));
                    }
                    p.shown.push(card);
                } else {
                    p.progress.push(card);
                }
            }
        }
        "dev" => {
            // dev P CARD … : base-game development cards in hand, bought before this turn.
            let s = seat_of(g, w.get(1))?;
            for name in &w[2..] {
                let card = super::cards::Dev::from_name(name)
                    .ok_or_else(|| format!("{name:?} is not a development card"))?;
                let i = g
                    .dev_deck
                    .iter()
                    .position(|c| *c == card)
                    .ok_or_else(|| format!("no {name} is left in the deck"))?;
                g.dev_deck.remove(i);
                g.players[s as usize].dev.push((card, 0));
            }
        }
        "knights-played" => {
            let s = seat_of(g, w.get(1))?;
            let k = number(w.get(2), "the knights played")? as u8;
            for _ in 0..k {
                let i = g
                    .dev_deck
                    .iter()
                    .position(|c| *c == super::cards::Dev::Knight)
                    .ok_or("no knight card is left in the deck")?;
                g.dev_deck.remove(i);
            }
            g.players[s as usize].knights_played = k;
        }
        "largest-army" => g.largest_army = Some(seat_of(g, w.get(1))?),
        "levels" => {
            let s = seat_of(g, w.get(1))?;
            for pair in w[2..].chunks(2) {
                let t = Track::from_name(pair[0])
                    .ok_or_else(|| format!("{:?} is not a track", pair[0]))?;
                let l = number(pair.get(1), "a level")?;
                if l > 5 {
                    return Err("a level is 0 to 5".into());
                }
                g.players[s as usize].levels[t.index()] = l as u8;
            }
        }
        "defender" => {
            let s = seat_of(g, w.get(1))?;
            let k = number(w.get(2), "the cards")? as u8;
            g.players[s as usize].defender = k;
            g.defender_left = g.defender_left.saturating_sub(k);
        }
        "settlement" | "city" => {
            let s = seat_of(g, w.get(1))?;
            let c = corner(w.get(2))? as usize;
            if g.buildings[c] != Building::None || g.knights[c].is_some() {
                return Err("that corner is taken".into());
            }
            let p = &mut g.players[s as usize];
            if w[0] == "settlement" {
                if p.settlements_left == 0 {
                    return Err("the player has no settlement left".into());
                }
                p.settlements_left -= 1;
                g.buildings[c] = Building::Settlement { owner: s };
            } else {
                if p.cities_left == 0 {
                    return Err("the player has no city left".into());
                }
                p.cities_left -= 1;
                let wall = w.contains(&"wall");
                if wall {
                    if p.walls_left == 0 {
                        return Err("the player has no wall left".into());
                    }
                    p.walls_left -= 1;
                }
                let metropolis = match w.iter().position(|x| *x == "metropolis") {
                    Some(i) => {
                        let t = w
                            .get(i + 1)
                            .and_then(|t| Track::from_name(t))
                            .ok_or("write `metropolis TRADE|POLITICS|SCIENCE`")?;
                        if g.metropolis[t.index()].is_some() {
                            return Err(format!("the {} metropolis is placed twice", t.name()));
                        }
                        g.metropolis[t.index()] = Some((s, c as u16));
                        Some(t)
                    }
                    None => None,
                };
                g.buildings[c] = Building::City {
                    owner: s,
                    wall,
                    metropolis,
                };
            }
        }
        "road" => {
            let s = seat_of(g, w.get(1))?;
            let side = w
                .get(2)
                .and_then(|x| topo.parse_side(x))
                .ok_or("a side is written FIELD:DIR (e.g. 12:N) on this board")?
                as usize;
            if g.roads[side].is_some() {
                return Err("that side has a road".into());
            }
            let p = &mut g.players[s as usize];
            if p.roads_left == 0 {
                return Err("the player has no road left".into());
            }
            p.roads_left -= 1;
            g.roads[side] = Some(s);
        }
        "knight" => {
            // knight P CORNER [basic|strong|mighty] [active]
            let s = seat_of(g, w.get(1))?;
            let c = corner(w.get(2))? as usize;
            let level = match w.get(3).copied() {
                None | Some("basic") | Some("active") => 1,
                Some("strong") => 2,
                Some("mighty") => 3,
                Some(x) => {
                    return Err(format!(
                        "{x:?} is not a knight's level (basic, strong, mighty)"
                    ));
                }
            };
            if g.buildings[c] != Building::None || g.knights[c].is_some() {
                return Err("that corner is taken".into());
            }
            let p = &mut g.players[s as usize];
            if p.knights_left[level as usize - 1] == 0 {
                return Err("the player has no knight of that level left".into());
            }
            p.knights_left[level as usize - 1] -= 1;
            g.knights[c] = Some(Knight {
                owner: s,
                level,
                active: w.contains(&"active"),
                activated_on: 0,
                promoted_on: 0,
            });
        }
        "robber" => {
            g.robber = w
                .get(1)
                .and_then(|h| topo.parse_hex(h))
                .ok_or("write `robber FIELD` with a land field")?;
        }
        "merchant" => {
            let h = w
                .get(1)
                .and_then(|h| topo.parse_hex(h))
                .ok_or("write `merchant FIELD PLAYER`")?;
            g.merchant = Some((h, seat_of(g, w.get(2))?));
        }
        "barbarians" => {
            let k = number(w.get(1), "the barbarians' place")?;
            if k >= u32::from(super::state::BARBARIAN_TRACK) {
                return Err("the barbarians' place is 0 to 6".into());
            }
            g.barbarians = k as u8;
            g.robber_awake = w.contains(&"awake") || !g.ck();
        }
        "dice" => {
            let r = number(w.get(1), "the red die")?;
            let wh = number(w.get(2), "the white die")?;
            if !(1..=6).contains(&r) || !(1..=6).contains(&wh) {
                return Err("dice show 1 to 6".into());
            }
            g.chosen_dice = Some((r as u8, wh as u8));
        }
        "event" => {
            g.fixed_event = Some(match w.get(1).copied() {
                Some("ship") => None,
                Some(t) => Some(
                    Track::from_name(t).ok_or("the event is ship, TRADE, POLITICS or SCIENCE")?,
                ),
                None => return Err("the event is ship, TRADE, POLITICS or SCIENCE".into()),
            });
        }
        "roads" => {
            // roads P SIDE SIDE … (several at once)
            let s = seat_of(g, w.get(1))?;
            for x in &w[2..] {
                place(g, &["road", &(s + 1).to_string(), x])?;
            }
        }
        // Read after every other line (`continue_setup`).
        "setup" if w.len() == 1 => {}
        "setup" => return Err("`setup` stands alone on its line".into()),
        other => return Err(format!("{other:?} is not a position line")),
    }
    Ok(())
}
