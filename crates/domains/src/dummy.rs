//! `dummy`: the original program's `Dummy` player (`src/bots/AIDummy.cc`
//! of DarkJaslo/Domains), ported step by step.
//!
//! What it does, round by round:
//!
//! - Rounds 0–26, the opening: units 0–7 walk scripted paths, written as
//!   seen from the bottom-left corner and turned for the player's corner.
//!   Unit *k* (1–5) starts in round 3*k* with two steps towards a fixed
//!   square of the corner, then its script; unit 6 steps towards the
//!   corner, attacks a bubble next to it, then walks its script; unit 7
//!   walks its script only if it was born in the corner. No other orders.
//! - Round 27: unit 8 or 9, if on the corner's square (47, 2), steps down;
//!   units 2, 0, 4 and 1 step home, closing the opening's drawings.
//! - From round 28: the first upgraded unit uses its ability; then every
//!   other unit searches outwards at once, one distance a time for all
//!   units (so a nearer unit claims a target first), for a bubble, a bonus
//!   or an enemy unit (on our paint, or within 2 steps), up to 19 steps,
//!   and heads for it; a square is claimed by one unit only. The units left
//!   draw: a unit on its own drawing heads straight home (the nearest
//!   square of its paint), a unit on its paint steps out of it towards the
//!   nearest square that is not, a unit elsewhere heads home. Orders go
//!   out by priority: the ability, the targets, the units that stay, the
//!   drawing units. It never gives an attack after the opening.
//!
//! Where the original draws random numbers (the order in which a search
//! looks at neighbours, a choice between two steps, a target's priority)
//! the bot draws from its own seeded [`GameRng`]. Decisions where the
//! original is undefined or leaves a choice are D14–D19 in
//! `docs/domains/rules.md`, §11.

use std::collections::VecDeque;

use tabula_ai::Bot;
use tabula_engine::{GameRng, Seat};

use crate::board::{Board, Dir, NONE, Square, Thing};
use crate::bots::{Plan, sanitise};
use crate::game::View;
use crate::rules::{Action, Domains};

/// A square as (row, column), possibly off the board.
type Pos = (i32, i32);

/// Rounds of the opening (the original's `OPENING_ROUNDS`).
const OPENING_ROUNDS: u32 = 27;
/// Priority of a drawing unit's order (`PRIO_MAX`).
const PRIO_DRAWING: i32 = 110;
/// Priority of a unit that stays (the original's default order).
const PRIO_STAY: i32 = 100;
/// Lowest priority of an order towards a target (`PRIO_FETCH`); the
/// original adds a random 0–5.
const PRIO_FETCH: i32 = 50;
/// Priority of the ability (`PRIO_ABILITY`): first of all.
const PRIO_ABILITY: i32 = -10;
/// Search depth (`MAX_BFS`): the target search looks at distances 1 to
/// `MAX_BFS - 1`, the search for home or a way out up to `MAX_BFS`.
const MAX_BFS: i32 = 20;
/// Units one square may be claimed by (`MAX_TARGETS`).
const MAX_TARGETS: u8 = 1;
/// An enemy off our paint is a target this close (`DIST_COMBAT`).
const DIST_COMBAT: i32 = 2;

/// The original's straight directions, in its order.
const STRAIGHT: [Dir; 4] = [Dir::Left, Dir::Right, Dir::Up, Dir::Down];
/// The original's diagonal directions, in its order.
const DIAGONAL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];
/// Every direction, in the order the original looks for a bubble to
/// attack (`DIRS_ALL`).
const ALL: [Dir; 8] = [
    Dir::Left,
    Dir::Right,
    Dir::Up,
    Dir::Down,
    Dir::UpLeft,
    Dir::UpRight,
    Dir::DownLeft,
    Dir::DownRight,
];

/// Unit 0's opening, rounds 0–26, as seen from the bottom-left corner.
const UNIT0_OPENING: [Dir; 27] = {
    use Dir::*;
    [
        UpRight, Right, Right, Right, Right, Right, Right, Right, Right, Right, Up, Up, Up, Up, Up,
        Up, Up, Up, Up, Left, Left, Left, Left, Left, Left, Left, Left,
    ]
};
/// Unit 1's script, after its two steps towards the corner.
const UNIT1_OPENING: [Dir; 22] = {
    use Dir::*;
    [
        Right, Right, Right, Right, Right, Right, Right, Right, Right, Right, Right, Up, Up, Up,
        Up, Up, Up, Up, Up, Up, Up, Left,
    ]
};
/// Unit 2's script.
const UNIT2_OPENING: [Dir; 19] = {
    use Dir::*;
    [
        Up, Up, Up, Up, Up, Up, Up, Up, Up, Right, Down, Down, Down, Down, Down, Down, Down, Down,
        None,
    ]
};
/// Unit 3's script.
const UNIT3_OPENING: [Dir; 16] = {
    use Dir::*;
    [
        UpRight, Right, Right, Right, Right, Right, Right, Right, Up, Up, Up, Up, Up, Up, Up, None,
    ]
};
/// Unit 4's script.
const UNIT4_OPENING: [Dir; 13] = {
    use Dir::*;
    [Up, Up, Up, Up, Up, Up, Up, Up, Up, Up, Right, Right, Right]
};
/// Unit 5's script.
const UNIT5_OPENING: [Dir; 10] = [Dir::Right; 10];
/// Unit 6's script, from round 20.
const UNIT6_OPENING: [Dir; 7] = {
    use Dir::*;
    [UpRight, UpRight, Up, Up, Up, Up, Up]
};
/// Unit 7's script, from round 22.
const UNIT7_OPENING: [Dir; 5] = {
    use Dir::*;
    [UpRight, UpRight, Right, Up, Right]
};

/// A unit of the opening that first steps twice towards a square of the
/// corner, then walks a script.
struct Scripted {
    /// Its index among the player's units.
    index: usize,
    /// The square it steps towards, as seen from the bottom-left corner.
    towards: Pos,
    /// Its script.
    script: &'static [Dir],
}

impl Scripted {
    /// The round of its first step (3 × its index: the round after it is
    /// born).
    fn first_round(&self) -> u32 {
        3 * self.index as u32
    }
}

/// Units 1–5 of the opening.
const SCRIPTED: [Scripted; 5] = [
    Scripted {
        index: 1,
        towards: (49, 2),
        script: &UNIT1_OPENING,
    },
    Scripted {
        index: 2,
        towards: (47, 1),
        script: &UNIT2_OPENING,
    },
    Scripted {
        index: 3,
        towards: (47, 2),
        script: &UNIT3_OPENING,
    },
    Scripted {
        index: 4,
        towards: (47, 0),
        script: &UNIT4_OPENING,
    },
    Scripted {
        index: 5,
        towards: (48, 2),
        script: &UNIT5_OPENING,
    },
];

/// Where units 6 and 7 step first, as seen from the bottom-left corner.
const CORNER: Pos = (48, 1);

/// The built-in `dummy` bot: the original program's `Dummy` (see the
/// module's documentation).
#[derive(Clone, Debug)]
pub struct DummyBot {
    rng: GameRng,
    plan: Plan,
    /// The two steps towards the corner of units 1–5, chosen in their
    /// first round of the opening and used in it and the next.
    special: [Option<[Dir; 2]>; 6],
}

impl DummyBot {
    /// A dummy bot with its own seed.
    pub fn new(seed: u64) -> Self {
        DummyBot {
            rng: GameRng::seeded(seed),
            plan: Plan::default(),
            special: [None; 6],
        }
    }
}

impl Bot<Domains> for DummyBot {
    fn spec(&self) -> String {
        "dummy".into()
    }

    fn choose(&mut self, view: &View, seat: Seat) -> Option<Action> {
        if view.seat != seat || view.ended {
            return None;
        }
        let (rng, special) = (&mut self.rng, &mut self.special);
        Some(self.plan.next(view, |v| {
            let orders = Turn::new(v, rng).orders(special);
            sanitise(v, orders)
        }))
    }
}

/// A breadth-first search in progress: the queue of (distance, square)
/// and the squares queued so far (the start is never marked, as in the
/// original).
struct Search {
    queue: VecDeque<(i32, Pos)>,
    queued: Vec<bool>,
}

impl Search {
    fn new(b: &Board) -> Self {
        Search {
            queue: VecDeque::new(),
            queued: vec![false; b.squares.len()],
        }
    }
}

/// What [`Turn::find_nearest`] looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    /// A square of our paint (`isMineSquare`).
    Home,
    /// A square not of our paint (`isNotMineSquare`).
    Away,
}

/// One round's planning for one player.
struct Turn<'a> {
    b: &'a Board,
    me: u8,
    rng: &'a mut GameRng,
    /// The player's units, by id (`myUnits`).
    units: Vec<u16>,
    /// Per unit index: the order and its priority.
    orders: Vec<(Action, i32)>,
    /// Per unit index: still without an order of its own.
    available: Vec<bool>,
    /// Per square: units heading for it this round.
    targets: Vec<u8>,
    /// Per square: painted by us.
    mine: Vec<bool>,
    /// Per square: drawn by one of our units.
    our_drawing: Vec<bool>,
}

impl<'a> Turn<'a> {
    fn new(view: &'a View, rng: &'a mut GameRng) -> Self {
        let b = &view.board;
        let me = view.seat;
        let units: Vec<u16> = b.units_of(me).collect();
        let orders = units
            .iter()
            .map(|&unit| {
                (
                    Action::Move {
                        unit,
                        dir: Dir::None,
                    },
                    PRIO_STAY,
                )
            })
            .collect();
        let mine = b.squares.iter().map(|s| s.paint == me).collect();
        let our_drawing = b
            .squares
            .iter()
            .map(|s| {
                s.drawer != NONE
                    && b.units
                        .get(s.drawer as usize)
                        .is_some_and(|u| u.player == me)
            })
            .collect();
        Turn {
            b,
            me,
            rng,
            mine,
            our_drawing,
            available: vec![true; units.len()],
            targets: vec![0; b.squares.len()],
            units,
            orders,
        }
    }

    /// The round's orders, in the order they are given.
    fn orders(mut self, special: &mut [Option<[Dir; 2]>; 6]) -> Vec<Action> {
        let round = self.b.round;
        if round < OPENING_ROUNDS {
            return self.opening(special);
        }
        if round == OPENING_ROUNDS {
            return self.end_of_opening();
        }
        self.use_ability();
        self.search_targets_all_at_once();
        self.draw_with_the_rest();
        self.orders_by_priority()
    }

    // ---------------------------------------------------------------
    // The board, as the original's Dummy reads it.

    fn square(&self, p: Pos) -> Option<&Square> {
        self.b.at(p.0, p.1).map(|at| self.b.square(at))
    }

    fn on_board(&self, p: Pos) -> bool {
        self.b.at(p.0, p.1).is_some()
    }

    fn index(&self, p: Pos) -> usize {
        self.b.index(p.0 as usize, p.1 as usize) as usize
    }

    /// Painted by us (`isMineSquare`).
    fn is_mine(&self, p: Pos) -> bool {
        self.b.at(p.0, p.1).is_some_and(|at| self.mine[at as usize])
    }

    /// Drawn by one of our units (`drawer() == me`).
    fn drawn_by_me(&self, p: Pos) -> bool {
        self.b
            .at(p.0, p.1)
            .is_some_and(|at| self.our_drawing[at as usize])
    }

    /// Where the unit with this index stands.
    fn position(&self, index: usize) -> Pos {
        self.b.coords(self.b.units[self.units[index] as usize].at)
    }

    /// A square as seen from the bottom-left corner (`virtualPos`).
    fn virtual_pos(&self, p: Pos) -> Pos {
        let (rows, cols) = (self.b.rows as i32, self.b.cols as i32);
        match self.me {
            1 => (rows - 1 - p.0, cols - 1 - p.1),
            2 => (p.1, cols - 1 - p.0),
            3 => (rows - 1 - p.1, p.0),
            _ => p,
        }
    }

    /// A direction seen from the bottom-left corner, turned for our corner
    /// (`DIRS_MAP`).
    fn real_dir(&self, d: Dir) -> Dir {
        turn_for_corner(self.me, d)
    }

    /// The four directions of `dirs` in a random order
    /// (`randomPermutation`).
    fn shuffled(&mut self, mut dirs: [Dir; 4]) -> [Dir; 4] {
        for i in (1..4).rev() {
            let j = self.rng.index(i + 1);
            dirs.swap(i, j);
        }
        dirs
    }

    // ---------------------------------------------------------------
    // The opening.

    /// A move of the unit with this index in a direction seen from the
    /// bottom-left corner (nothing if there is no such unit: D17).
    fn go(&self, index: usize, virtual_dir: Dir, out: &mut Vec<Action>) {
        if let Some(&unit) = self.units.get(index) {
            out.push(Action::Move {
                unit,
                dir: self.real_dir(virtual_dir),
            });
        }
    }

    /// Rounds 0–26: units 1–7, then unit 0 (the original's order).
    fn opening(&mut self, special: &mut [Option<[Dir; 2]>; 6]) -> Vec<Action> {
        let round = self.b.round;
        let mut out = Vec::new();
        for s in &SCRIPTED {
            if round >= s.first_round() && s.index < self.units.len() {
                let d = self.scripted_step(s, round - s.first_round(), special);
                self.go(s.index, d, &mut out);
            }
        }
        if round >= 18 && self.units.len() > 6 {
            self.unit6_opening(round, &mut out);
        }
        if round >= 21 && self.units.len() > 7 {
            self.unit7_opening(round, &mut out);
        }
        self.go(0, UNIT0_OPENING[round as usize], &mut out);
        out
    }

    /// Step `k` of a scripted unit: two steps towards its square (chosen
    /// in its first round, from where it stands), then its script.
    fn scripted_step(&self, s: &Scripted, k: u32, special: &mut [Option<[Dir; 2]>; 6]) -> Dir {
        let here = self.virtual_pos(self.position(s.index));
        match k {
            0 => {
                let first = toward(s.towards, here);
                let second = toward(s.towards, step(here, first));
                special[s.index] = Some([first, second]);
                first
            }
            // D15: a bot that missed the first round steps from where the
            // unit stands.
            1 => special[s.index].map_or_else(|| toward(s.towards, here), |two| two[1]),
            k => s.script[k as usize - 2],
        }
    }

    /// Unit 6: a step towards the corner, an attack on a bubble next to
    /// it, then its script.
    fn unit6_opening(&self, round: u32, out: &mut Vec<Action>) {
        let here = self.position(6);
        match round {
            18 => self.go(6, toward(CORNER, self.virtual_pos(here)), out),
            19 => {
                let bubble = ALL.into_iter().find(|&d| {
                    self.square(step(here, d))
                        .is_some_and(|s| matches!(s.thing, Thing::Bubble(_)))
                });
                if let Some(dir) = bubble {
                    out.push(Action::Attack {
                        unit: self.units[6],
                        dir,
                    });
                }
            }
            _ => self.go(6, UNIT6_OPENING[round as usize - 20], out),
        }
    }

    /// Unit 7: stays unless born in the corner; then a step towards the
    /// corner and its script.
    fn unit7_opening(&self, round: u32, out: &mut Vec<Action>) {
        let here = self.virtual_pos(self.position(7));
        if here.0 < 47 || here.1 > 2 {
            self.go(7, Dir::None, out);
        } else if round == 21 {
            self.go(7, toward(CORNER, here), out);
        } else {
            self.go(7, UNIT7_OPENING[round as usize - 22], out);
        }
    }

    /// Round 27: units 8 and 9 make room in the corner, units 2, 0, 4 and
    /// 1 close their drawings.
    fn end_of_opening(&self) -> Vec<Action> {
        let mut out = Vec::new();
        let at = |i: usize| (i < self.units.len()).then(|| self.virtual_pos(self.position(i)));
        if at(8) == Some((47, 2)) {
            self.go(8, Dir::Down, &mut out);
        } else if at(9) == Some((47, 2)) {
            if at(8) == Some((48, 2)) {
                self.go(8, Dir::Down, &mut out);
            }
            self.go(9, Dir::Down, &mut out);
        }
        self.go(2, Dir::Down, &mut out);
        self.go(0, Dir::Left, &mut out);
        self.go(4, Dir::Down, &mut out);
        self.go(1, Dir::Left, &mut out);
        out
    }

    // ---------------------------------------------------------------
    // After the opening.

    /// The first upgraded unit uses its ability (`useAbility`).
    fn use_ability(&mut self) {
        let upgraded =
            (0..self.units.len()).find(|&i| self.b.units[self.units[i] as usize].upgraded);
        if let Some(i) = upgraded {
            self.orders[i] = (
                Action::Ability {
                    unit: self.units[i],
                },
                PRIO_ABILITY,
            );
            self.available[i] = false;
        }
    }

    /// Queue the squares next to `p` at distance `dist + 1`, in a random
    /// order, diagonal ones first (only onto our paint) when `diagonal`;
    /// never a square drawn by us (`queueAdjacentPositions`).
    fn queue_adjacent(&mut self, search: &mut Search, dist: i32, p: Pos, diagonal: bool) {
        let diagonals = if diagonal {
            Some(self.shuffled(DIAGONAL))
        } else {
            None
        };
        let straights = self.shuffled(STRAIGHT);
        for d in diagonals.into_iter().flatten().chain(straights) {
            let next = step(p, d);
            let Some(at) = self.b.at(next.0, next.1) else {
                continue;
            };
            let at = at as usize;
            if self.our_drawing[at] || search.queued[at] {
                continue;
            }
            if d.is_diagonal() && !self.mine[at] {
                continue;
            }
            search.queue.push_back((dist + 1, next));
            search.queued[at] = true;
        }
    }

    /// All units without an order search at once, one distance at a time
    /// (`layeredBFS(1, MAX_BFS)`).
    fn search_targets_all_at_once(&mut self) {
        let n = self.units.len();
        let mut done: Vec<bool> = self.available.iter().map(|a| !a).collect();
        let mut remaining = self.available.iter().filter(|&&a| a).count();
        let mut searches = Vec::with_capacity(n);
        for i in 0..n {
            let mut search = Search::new(self.b);
            let here = self.position(i);
            let diagonal = self.is_mine(here);
            self.queue_adjacent(&mut search, 0, here, diagonal);
            searches.push(search);
        }
        let mut radius = 1;
        while radius < MAX_BFS && remaining > 0 {
            for i in 0..n {
                if !done[i] && self.search_one_distance(i, radius, &mut searches[i]) {
                    done[i] = true;
                    remaining -= 1;
                }
            }
            radius += 1;
        }
    }

    /// Whether a square holds something the unit goes for: a bubble, a
    /// bonus, or an enemy unit on our paint or within `DIST_COMBAT`.
    fn is_target(&self, p: Pos, dist: i32) -> bool {
        let Some(s) = self.square(p) else {
            return false;
        };
        match s.thing {
            Thing::Bubble(_) | Thing::Bonus(_) => true,
            Thing::Unit(v) => {
                self.b.units[v as usize].player != self.me
                    && (s.paint == self.me || dist <= DIST_COMBAT)
            }
            Thing::Empty => false,
        }
    }

    /// Unit `i`'s search at distance `radius` (`layerOfBFS`): true when it
    /// found an unclaimed target and was ordered towards it.
    fn search_one_distance(&mut self, i: usize, radius: i32, search: &mut Search) -> bool {
        let here = self.position(i);
        let diagonal = self.is_mine(here);
        while let Some(&(dist, p)) = search.queue.front() {
            if dist > radius {
                return false;
            }
            search.queue.pop_front();
            self.queue_adjacent(search, dist, p, false);
            if self.targets[self.index(p)] >= MAX_TARGETS || !self.is_target(p, dist) {
                continue;
            }
            let dir = self.safe_direction(p, here, diagonal);
            let priority = PRIO_FETCH + self.rng.below(6) as i32;
            self.orders[i] = (
                Action::Move {
                    unit: self.units[i],
                    dir,
                },
                priority,
            );
            let at = self.index(p);
            self.targets[at] += 1;
            self.available[i] = false;
            return true;
        }
        false
    }

    /// One of the straight steps towards `desired` (`decide`): at random
    /// when there are two.
    fn decide(&mut self, desired: Pos, here: Pos) -> Dir {
        let options = straight_towards(desired, here);
        match options.len() {
            0 => Dir::None,
            1 => options[0],
            _ => options[self.rng.index(2)],
        }
    }

    /// A step towards `desired` that does not leave our paint diagonally
    /// nor step on our drawings (`bestDirectionSafe`).
    fn safe_direction(&mut self, desired: Pos, here: Pos, diagonal: bool) -> Dir {
        let mut diagonal = diagonal;
        let mut result = if diagonal {
            toward(desired, here)
        } else {
            self.decide(desired, here)
        };
        if result.is_diagonal() {
            let next = step(here, result);
            if self.square(next).is_some_and(|s| s.paint != self.me) {
                diagonal = false;
            }
        }
        if !diagonal {
            let mut clear: Vec<Dir> = straight_towards(desired, here)
                .into_iter()
                .filter(|&d| self.on_board(step(here, d)) && !self.drawn_by_me(step(here, d)))
                .collect();
            if clear.is_empty() {
                clear.push(Dir::None);
            }
            result = clear[self.rng.index(clear.len())];
        }
        result
    }

    /// The nearest square (at most `MAX_BFS` away) that is home or away,
    /// going round our drawings (`findNearest`).
    fn find_nearest(&mut self, from: Pos, goal: Goal) -> Option<Pos> {
        let mut search = Search::new(self.b);
        self.queue_adjacent(&mut search, 0, from, false);
        while let Some((dist, p)) = search.queue.pop_front() {
            if dist > MAX_BFS {
                break;
            }
            if self.drawn_by_me(p) {
                continue;
            }
            if self.is_mine(p) == (goal == Goal::Home) {
                return Some(p);
            }
            self.queue_adjacent(&mut search, dist, p, false);
        }
        None
    }

    /// A straight step towards `desired` that does not step on our
    /// drawings, at random when there are two; none when there is none.
    fn clear_straight_step(&mut self, desired: Pos, here: Pos) -> Dir {
        let clear: Vec<Dir> = straight_towards(desired, here)
            .into_iter()
            .filter(|&d| self.on_board(step(here, d)) && !self.drawn_by_me(step(here, d)))
            .collect();
        match clear.len() {
            0 => Dir::None,
            1 => clear[0],
            _ => clear[self.rng.index(2)],
        }
    }

    /// The units still without an order draw (`doDrawingStuff`): a unit
    /// on its own drawing heads home, the others start a drawing.
    fn draw_with_the_rest(&mut self) {
        for i in 0..self.units.len() {
            if !self.available[i] {
                continue;
            }
            let unit = self.units[i];
            let at = self.b.units[unit as usize].at;
            if self.b.square(at).drawer == unit {
                self.head_home(i);
            } else {
                self.start_drawing(i);
            }
        }
    }

    /// A drawing unit heads for the nearest square of our paint
    /// (`continueDrawing`).
    fn head_home(&mut self, i: usize) {
        let here = self.position(i);
        if let Some(home) = self.find_nearest(here, Goal::Home) {
            let dir = self.clear_straight_step(home, here);
            self.order_drawing(i, dir);
        }
    }

    /// A unit on our paint steps towards the nearest square that is not,
    /// leaving the paint with a straight step; a unit elsewhere heads home
    /// (`startDrawing`).
    fn start_drawing(&mut self, i: usize) {
        let here = self.position(i);
        let on_mine = self.is_mine(here);
        let goal = if on_mine { Goal::Away } else { Goal::Home };
        let Some(target) = self.find_nearest(here, goal) else {
            return;
        };
        let dir = if on_mine {
            let dir = toward(target, here);
            let next = step(here, dir);
            if self.on_board(next) && !self.is_mine(next) {
                self.decide(target, here)
            } else {
                dir
            }
        } else {
            self.clear_straight_step(target, here)
        };
        self.order_drawing(i, dir);
    }

    fn order_drawing(&mut self, i: usize, dir: Dir) {
        self.orders[i] = (
            Action::Move {
                unit: self.units[i],
                dir,
            },
            PRIO_DRAWING,
        );
    }

    /// Every unit's order, lowest priority value first, ties by unit
    /// (D16).
    fn orders_by_priority(mut self) -> Vec<Action> {
        self.orders.sort_by_key(|&(_, priority)| priority);
        self.orders.into_iter().map(|(a, _)| a).collect()
    }
}

/// One step from `p` in `d` (maybe off the board).
fn step(p: Pos, d: Dir) -> Pos {
    let (dr, dc) = d.delta();
    (p.0 + dr, p.1 + dc)
}

/// The direction from `here` towards `desired`, diagonal when both row and
/// column differ (`bestDirection`, `Position::to`).
fn toward(desired: Pos, here: Pos) -> Dir {
    let dr = (desired.0 - here.0).signum();
    let dc = (desired.1 - here.1).signum();
    Dir::between((0, 0), (dr, dc))
}

/// The straight directions that bring `here` nearer to `desired`: one or
/// two, in the original's order (`possibleDirections`).
fn straight_towards(desired: Pos, here: Pos) -> Vec<Dir> {
    let (x, y) = (desired.0 - here.0, desired.1 - here.1);
    if x < 0 && y < 0 {
        vec![Dir::Up, Dir::Left]
    } else if x > 0 && y > 0 {
        vec![Dir::Down, Dir::Right]
    } else if x == 0 {
        vec![if y < 0 { Dir::Left } else { Dir::Right }]
    } else if y == 0 {
        vec![if x < 0 { Dir::Up } else { Dir::Down }]
    } else if x < 0 {
        vec![Dir::Up, Dir::Right]
    } else {
        vec![Dir::Down, Dir::Left]
    }
}

/// A direction seen by player 0 (bottom-left corner), turned for
/// `player`'s corner.
pub fn turn_for_corner(player: u8, d: Dir) -> Dir {
    use Dir::*;
    let map = |u, dn, l, r, ul, ur, dl, dr| match d {
        Up => u,
        Down => dn,
        Left => l,
        Right => r,
        UpLeft => ul,
        UpRight => ur,
        DownLeft => dl,
        DownRight => dr,
        None => None,
    };
    match player {
        1 => map(Down, Up, Right, Left, DownRight, DownLeft, UpRight, UpLeft),
        2 => map(Left, Right, Down, Up, DownLeft, UpLeft, DownRight, UpRight),
        3 => map(Right, Left, Up, Down, UpRight, DownRight, UpLeft, DownLeft),
        _ => d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toward_is_the_sign_of_the_difference() {
        assert_eq!(toward((5, 5), (5, 5)), Dir::None);
        assert_eq!(toward((9, 9), (5, 5)), Dir::DownRight);
        assert_eq!(toward((1, 9), (5, 5)), Dir::UpRight);
        assert_eq!(toward((5, 1), (5, 5)), Dir::Left);
        assert_eq!(toward((1, 5), (5, 5)), Dir::Up);
    }

    #[test]
    fn straight_steps_bring_the_unit_nearer() {
        assert_eq!(straight_towards((1, 1), (5, 5)), [Dir::Up, Dir::Left]);
        assert_eq!(straight_towards((9, 1), (5, 5)), [Dir::Down, Dir::Left]);
        assert_eq!(straight_towards((1, 9), (5, 5)), [Dir::Up, Dir::Right]);
        assert_eq!(straight_towards((5, 9), (5, 5)), [Dir::Right]);
    }

    #[test]
    fn the_corners_see_the_board_turned() {
        let game = Domains::start(&crate::Options::default(), 4, 1).unwrap();
        let mut rng = GameRng::seeded(1);
        for seat in 0..4u8 {
            let view = tabula_engine::Game::player_view(&game, seat);
            let turn = Turn::new(&view, &mut rng);
            let here = turn.position(0);
            // Every corner's first unit stands at (48, 1) seen from its corner.
            assert_eq!(turn.virtual_pos(here), CORNER, "seat {seat}");
            // A virtual step up is a real step that lowers the virtual row.
            let up = step(here, turn.real_dir(Dir::Up));
            assert_eq!(turn.virtual_pos(up), (47, 1), "seat {seat}");
            let right = step(here, turn.real_dir(Dir::Right));
            assert_eq!(turn.virtual_pos(right), (48, 2), "seat {seat}");
        }
    }

    #[test]
    fn the_opening_scripts_last_to_round_26() {
        for s in &SCRIPTED {
            assert_eq!(s.first_round() + 2 + s.script.len() as u32, OPENING_ROUNDS);
        }
        assert_eq!(20 + UNIT6_OPENING.len() as u32, OPENING_ROUNDS);
        assert_eq!(22 + UNIT7_OPENING.len() as u32, OPENING_ROUNDS);
    }
}
