//! Built-in bots: `demo` (the original program's `PlayerDemo`), `dummy`
//! (its `Dummy`, in [`crate::dummy`]) and `painter` (Tabula's own).
//!
//! A bot is asked for one action at a time ([`Bot::choose`]): it plans the
//! whole round's orders from its view the first time it is asked in a
//! round, then hands them out one by one and ends with [`Action::End`].

use std::collections::VecDeque;

use tabula_ai::Bot;
use tabula_engine::{GameRng, Seat};

use crate::board::{Board, Dir, Thing};
pub use crate::dummy::DummyBot;
use crate::game::View;
use crate::rules::{Action, Domains};

/// The names of the built-in Domains bots.
pub const BOT_NAMES: &[&str] = &["demo", "dummy", "painter"];

/// Make a built-in Domains bot from its spec (`demo`, `dummy`, `painter`), or `None`
/// when the name is not one of them.
pub fn domains_bot(spec: &str, seed: u64) -> Option<Result<Box<dyn Bot<Domains>>, String>> {
    let mut parts = spec.split(':');
    let name = parts.next().unwrap_or("");
    let params: Vec<&str> = parts.collect();
    if !BOT_NAMES.contains(&name) {
        return None;
    }
    if let Some(p) = params.first() {
        return Some(Err(format!(
            "{name}: unknown parameter {p:?} (it takes none)"
        )));
    }
    Some(Ok(match name {
        "demo" => Box::new(DemoBot::new(seed)),
        "painter" => Box::new(PainterBot::new(seed)),
        _ => Box::new(DummyBot::new(seed)),
    }))
}

/// The orders a bot planned for one round, handed out one at a time.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    round: Option<u32>,
    orders: Vec<Action>,
}

impl Plan {
    /// The next action: the planned order after those already given, then
    /// `End`. Replans when the round changes.
    pub(crate) fn next(&mut self, view: &View, plan: impl FnOnce(&View) -> Vec<Action>) -> Action {
        if self.round != Some(view.board.round) || view.orders.is_empty() {
            self.round = Some(view.board.round);
            self.orders = plan(view);
        }
        self.orders
            .get(view.orders.len())
            .copied()
            .unwrap_or(Action::End)
    }
}

/// Keep only orders the game would accept now (one per unit, legal from
/// the round's start), so a plan can never be refused.
pub(crate) fn sanitise(view: &View, orders: Vec<Action>) -> Vec<Action> {
    let mut game = Domains {
        board: view.board.clone(),
        rng: GameRng::seeded(0),
        orders: vec![Vec::new(); view.board.players.len()],
        ended: tabula_engine::SeatSet::EMPTY,
    };
    orders
        .into_iter()
        .filter(|a| *a != Action::End)
        .filter(|a| {
            let ok = game.check_order(view.seat, a).is_ok();
            if ok {
                game.orders[view.seat as usize].push(*a);
            }
            ok
        })
        .collect()
}

/// `demo`: on even rounds every unit moves in a random orthogonal
/// direction (a move off the board is not given); on odd rounds nothing.
#[derive(Clone, Debug)]
pub struct DemoBot {
    rng: GameRng,
    plan: Plan,
}

impl DemoBot {
    /// A demo bot with its own seed.
    pub fn new(seed: u64) -> Self {
        DemoBot {
            rng: GameRng::seeded(seed),
            plan: Plan::default(),
        }
    }

    fn orders(rng: &mut GameRng, view: &View) -> Vec<Action> {
        if !view.board.round.is_multiple_of(2) {
            return Vec::new();
        }
        let b = &view.board;
        let mut out = Vec::new();
        for unit in b.units_of(view.seat) {
            let dir = Dir::ORTHOGONAL[rng.index(4)];
            if b.step(b.units[unit as usize].at, dir).is_some() {
                out.push(Action::Move { unit, dir });
            }
        }
        out
    }
}

impl Bot<Domains> for DemoBot {
    fn spec(&self) -> String {
        "demo".into()
    }

    fn choose(&mut self, view: &View, seat: Seat) -> Option<Action> {
        if view.seat != seat || view.ended {
            return None;
        }
        let rng = &mut self.rng;
        Some(
            self.plan
                .next(view, |v| sanitise(v, DemoBot::orders(rng, v))),
        )
    }
}

fn distance(b: &Board, x: u16, y: u16) -> i32 {
    let (a, c) = (b.coords(x), b.coords(y));
    (a.0 - c.0).abs().max((a.1 - c.1).abs())
}

/// [`search_with`] that keeps off every drawing of the player's units
/// (stepping on an ally's drawing erases it).
fn search_clear(
    b: &Board,
    me: u8,
    u: u16,
    goal: impl Fn(u16) -> bool,
    limit: u32,
) -> Option<(Dir, u16)> {
    let ally = |x: u16| {
        let d = b.square(x).drawer;
        d != crate::board::NONE && b.units[d as usize].player == me
    };
    search_with(b, me, u, |x| goal(x) && !ally(x), limit, ally)
}

/// The first step of [`search_clear`].
fn step_clear(b: &Board, me: u8, u: u16, goal: impl Fn(u16) -> bool, limit: u32) -> Option<Dir> {
    search_clear(b, me, u, goal, limit).map(|(d, _)| d)
}

/// Breadth-first search from unit `u`: the first step towards the nearest
/// square where `goal` holds, and that square. Diagonal first steps only
/// from own paint; the path avoids own units, own drawing squares, other
/// players' ability zones and the squares where `avoid` holds, and may end
/// on any goal square.
fn search_with(
    b: &Board,
    me: u8,
    u: u16,
    goal: impl Fn(u16) -> bool,
    limit: u32,
    avoid: impl Fn(u16) -> bool,
) -> Option<(Dir, u16)> {
    let start = b.units[u as usize].at;
    let n = b.squares.len();
    let mut first = vec![Dir::None; n];
    let mut dist = vec![u32::MAX; n];
    dist[start as usize] = 0;
    let mut queue = VecDeque::new();
    let dirs: &[Dir] = if b.square(start).paint == me {
        &Dir::ALL[1..]
    } else {
        &Dir::ALL[1..5]
    };
    for &d in dirs {
        if let Some(x) = b.step(start, d)
            && !avoid(x)
        {
            dist[x as usize] = 1;
            first[x as usize] = d;
            queue.push_back(x);
        }
    }
    while let Some(at) = queue.pop_front() {
        let s = b.square(at);
        if goal(at) {
            return Some((first[at as usize], at));
        }
        let blocked = matches!(s.thing, Thing::Unit(_) | Thing::Bubble(_))
            || s.drawer == u
            || (s.zone > 0 && s.paint != me);
        if blocked || dist[at as usize] >= limit {
            continue;
        }
        for d in Dir::ORTHOGONAL {
            if let Some(x) = b.step(at, d)
                && dist[x as usize] == u32::MAX
                && !avoid(x)
            {
                dist[x as usize] = dist[at as usize] + 1;
                first[x as usize] = first[at as usize];
                queue.push_back(x);
            }
        }
    }
    None
}

/// `painter`: Tabula's own bot. Units strike enemies they can beat (always
/// unfair strikes, fair ones with a clear energy lead), step on enemy
/// drawings within reach, recolour enemy bubbles, take a bonus and use the
/// ability at once, and otherwise draw rectangles out of their paint —
/// out, across, and home by the shortest way — turning home early when an
/// enemy comes near.
#[derive(Clone, Debug)]
pub struct PainterBot {
    rng: GameRng,
    plan: Plan,
    /// Per unit id: the square it should stand on next round and the rest
    /// of its rectangle.
    legs: Vec<(u16, Vec<Dir>)>,
}

impl PainterBot {
    /// A painter bot with its own seed.
    pub fn new(seed: u64) -> Self {
        PainterBot {
            rng: GameRng::seeded(seed),
            plan: Plan::default(),
            legs: Vec::new(),
        }
    }

    fn orders(rng: &mut GameRng, legs: &mut Vec<(u16, Vec<Dir>)>, view: &View) -> Vec<Action> {
        let b = &view.board;
        let me = view.seat;
        if legs.len() != b.units.len() {
            *legs = vec![(NO_SQUARE, Vec::new()); b.units.len()];
        }
        let enemies: Vec<u16> = b
            .units
            .iter()
            .filter(|u| u.alive() && u.player != me)
            .map(|u| u.at)
            .collect();
        let near_enemy = |at: u16, r: i32| enemies.iter().any(|&e| distance(b, at, e) <= r);
        let units: Vec<u16> = b.units_of(me).collect();
        let mut out = Vec::new();
        let mut claimed: Vec<u16> = Vec::new();
        let mut want_bonus = b.players[me as usize].upgraded == 0;
        for &u in &units {
            let unit = &b.units[u as usize];
            let at = unit.at;
            let own = b.square(at).paint == me;
            if legs[u as usize].0 != at {
                legs[u as usize].1.clear();
            }
            let go = |out: &mut Vec<Action>, legs: &mut Vec<(u16, Vec<Dir>)>, d: Dir| {
                out.push(Action::Move { unit: u, dir: d });
                legs[u as usize].0 = b.step(at, d).unwrap_or(at);
            };
            // Use an upgrade at once.
            if unit.upgraded {
                out.push(Action::Ability { unit: u });
                legs[u as usize].1.clear();
                continue;
            }
            // Strike what can be beaten.
            let mut struck = false;
            for &d in b.reach(u) {
                let Some(t) = b.step(at, d) else { continue };
                if let Thing::Unit(v) = b.square(t).thing {
                    let foe = &b.units[v as usize];
                    if foe.player == me {
                        continue;
                    }
                    let unfair = d.is_diagonal() && b.square(t).paint != foe.player;
                    if unfair || unit.energy >= foe.energy + 2 {
                        out.push(Action::Attack { unit: u, dir: d });
                        struck = true;
                        break;
                    }
                }
            }
            if struck {
                legs[u as usize].1.clear();
                continue;
            }
            // Erase enemy drawings close by.
            let enemy_drawing = |x: u16| {
                let d = b.square(x).drawer;
                d != crate::board::NONE && b.units[d as usize].player != me
            };
            if let Some((d, _)) = search_clear(b, me, u, enemy_drawing, HUNT) {
                go(&mut out, legs, d);
                legs[u as usize].1.clear();
                continue;
            }
            // Stalk enemies off their colour from a square of ours
            // diagonal to them: the next round's strike is unfair.
            let ambush = |x: u16| {
                b.square(x).paint == me
                    && b.square(x).is_empty()
                    && Dir::DIAGONAL.iter().any(|&d| {
                        b.step(x, d).is_some_and(|y| match b.square(y).thing {
                            Thing::Unit(v) => {
                                let foe = b.units[v as usize].player;
                                foe != me && b.square(y).paint != foe
                            }
                            _ => false,
                        })
                    })
            };
            if !b.is_drawing(u)
                && let Some((d, target)) = search_clear(b, me, u, ambush, STALK)
                && !claimed.contains(&target)
            {
                claimed.push(target);
                go(&mut out, legs, d);
                legs[u as usize].1.clear();
                continue;
            }
            // Bubbles: recolour the enemies', pop our own close by; a bonus.
            let bubble_or_bonus = |x: u16| match b.square(x).thing {
                Thing::Bubble(id) => {
                    !claimed.contains(&x)
                        && b.bubbles[id as usize].is_some_and(|bb| bb.player != me || bb.timer == 0)
                }
                Thing::Bonus(_) => want_bonus && !claimed.contains(&x),
                _ => false,
            };
            if !b.is_drawing(u)
                && let Some((d, target)) = search_clear(b, me, u, bubble_or_bonus, FETCH)
            {
                if matches!(b.square(target).thing, Thing::Bonus(_)) {
                    want_bonus = false;
                }
                claimed.push(target);
                go(&mut out, legs, d);
                legs[u as usize].1.clear();
                continue;
            }
            let home = |x: u16| b.square(x).paint == me;
            if b.is_drawing(u) {
                let next = legs[u as usize].1.first().copied();
                let safe = !near_enemy(at, 2);
                let ok = next.is_some_and(|d| {
                    b.step(at, d).is_some_and(|x| {
                        let s = b.square(x);
                        s.drawer == crate::board::NONE && s.is_empty() && s.zone == 0
                    })
                });
                if safe && ok {
                    let d = legs[u as usize].1.remove(0);
                    go(&mut out, legs, d);
                } else if let Some(d) = step_clear(b, me, u, home, 30) {
                    legs[u as usize].1.clear();
                    go(&mut out, legs, d);
                }
                continue;
            }
            if own {
                let outs: Vec<Dir> = Dir::ORTHOGONAL
                    .into_iter()
                    .filter(|&d| {
                        b.step(at, d).is_some_and(|x| {
                            let s = b.square(x);
                            s.paint != me && s.is_empty() && s.zone == 0
                        })
                    })
                    .collect();
                if !outs.is_empty() && !near_enemy(at, 2) {
                    // The best of a few random rectangles: most squares
                    // not yet ours inside, all on the board.
                    let mut best: Option<(usize, Vec<Dir>)> = None;
                    for _ in 0..TRIES {
                        let d = outs[rng.index(outs.len())];
                        let sides = match d {
                            Dir::Up | Dir::Down => [Dir::Left, Dir::Right],
                            _ => [Dir::Up, Dir::Down],
                        };
                        let side = sides[rng.index(2)];
                        let long = LONG.0 + rng.below(LONG.1) as usize;
                        let wide = WIDE.0 + rng.below(WIDE.1) as usize;
                        let gain = rectangle_gain(b, me, at, d, side, long, wide) * 100
                            / (2 * long + wide);
                        if gain > best.as_ref().map_or(0, |x| x.0) {
                            let mut plan = vec![d; long];
                            plan.extend(std::iter::repeat_n(side, wide));
                            best = Some((gain, plan));
                        }
                    }
                    let Some((_, plan)) = best else {
                        if let Some(d) = step_clear(b, me, u, |x| b.square(x).paint != me, 40) {
                            go(&mut out, legs, d);
                        }
                        continue;
                    };
                    let d = plan[0];
                    legs[u as usize].1 = plan[1..].to_vec();
                    go(&mut out, legs, d);
                } else if let Some(d) = step_clear(b, me, u, |x| b.square(x).paint != me, 40) {
                    go(&mut out, legs, d);
                }
                continue;
            }
            if let Some(d) = step_clear(b, me, u, home, 40) {
                go(&mut out, legs, d);
            }
        }
        out
    }
}

/// A rectangle's length out of the paint: from .0, .1 values.
const LONG: (usize, u64) = (3, 4);
/// A rectangle's width: from .0, .1 values.
const WIDE: (usize, u64) = (5, 6);

/// How far a unit goes to lie in wait for an enemy off its colour.
const STALK: u32 = 5;

/// How far a unit goes for a bubble or a bonus.
const FETCH: u32 = 20;

/// How far a unit goes to step on an enemy drawing.
const HUNT: u32 = 8;

/// Rectangles tried per unit.
const TRIES: usize = 6;

/// Squares not painted by `me` in the rectangle a unit at `at` would
/// draw going `long` squares in `d` then `wide` in `side` (0 when it
/// leaves the board).
fn rectangle_gain(
    b: &Board,
    me: u8,
    at: u16,
    d: Dir,
    side: Dir,
    long: usize,
    wide: usize,
) -> usize {
    let (r0, c0) = b.coords(at);
    let (dr, dc) = d.delta();
    let (sr, sc) = side.delta();
    let mut gain = 0;
    for i in 1..=long as i32 {
        for j in 0..=wide as i32 {
            let Some(x) = b.at(r0 + dr * i + sr * j, c0 + dc * i + sc * j) else {
                return 0;
            };
            let s = b.square(x);
            if s.drawer != crate::board::NONE && b.units[s.drawer as usize].player == me {
                return 0;
            }
            if s.paint != me && s.zone == 0 {
                gain += 1;
            }
        }
    }
    gain
}

/// No square (a unit's expected square before any plan).
const NO_SQUARE: u16 = u16::MAX;

impl Bot<Domains> for PainterBot {
    fn spec(&self) -> String {
        "painter".into()
    }

    fn choose(&mut self, view: &View, seat: Seat) -> Option<Action> {
        if view.seat != seat || view.ended {
            return None;
        }
        let (rng, legs) = (&mut self.rng, &mut self.legs);
        Some(
            self.plan
                .next(view, |v| sanitise(v, PainterBot::orders(rng, legs, v))),
        )
    }
}
