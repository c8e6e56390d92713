//! The rules: orders, their execution in random interleaving, and the end
//! of a round. Section numbers refer to `docs/domains/rules.md`.

use serde::{Deserialize, Serialize};
use tabula_engine::{GameRng, SeatSet};

use crate::board::{Board, Bubble, Dir, NO_PLAYER, NONE, Thing, Unit};
use crate::shared::Shared;

/// One action of a seat: an order for one of its units, or the end of its
/// orders for this round (rule 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Move the unit one square (or stay, with `none`).
    Move {
        /// The unit's id.
        unit: u16,
        /// Where to.
        dir: Dir,
    },
    /// Attack the square in `dir` without moving.
    Attack {
        /// The unit's id.
        unit: u16,
        /// Which square.
        dir: Dir,
    },
    /// Use the unit's upgrade: an ability zone around it.
    Ability {
        /// The unit's id.
        unit: u16,
    },
    /// No more orders this round.
    End,
}

impl Action {
    /// The unit the order is for (`None` for [`Action::End`]).
    pub fn unit(&self) -> Option<u16> {
        match *self {
            Action::Move { unit, .. } | Action::Attack { unit, .. } | Action::Ability { unit } => {
                Some(unit)
            }
            Action::End => None,
        }
    }
}

/// How a fight is decided (rule 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FightMode {
    /// Both roll; the higher roll wins.
    Fair,
    /// The attacker wins.
    Unfair,
}

/// A Domains game: the open board, the seeded RNG, and the orders given so
/// far this round (hidden from the other seats until the round runs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domains {
    /// The board, shared with the views and copies made of the game until
    /// one of them changes it ([`Shared`]).
    pub board: Shared<Board>,
    /// The game's random number generator.
    pub rng: GameRng,
    /// Orders given this round, by seat, in the order given.
    pub orders: Vec<Vec<Action>>,
    /// Seats that have ended their orders this round.
    pub ended: SeatSet,
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// The seat has nothing to order now.
    #[error("seat {0} has nothing to order now")]
    NotToMove(u8),
    /// No round is waiting to run.
    #[error("no round is waiting to run")]
    NoChance,
    /// The order is not allowed.
    #[error("{0}")]
    Illegal(OrderError),
}

/// Why an order is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    /// No unit has this number.
    #[error("there is no unit {0}")]
    NoUnit(u16),
    /// The unit is another seat's.
    #[error("unit {unit} is not seat {seat}'s")]
    NotYours {
        /// The unit.
        unit: u16,
        /// The seat that ordered it.
        seat: u8,
    },
    /// The unit already has an order this round.
    #[error("unit {0} already has an order this round")]
    Twice(u16),
    /// An attack without a direction.
    #[error("an attack needs a direction")]
    AttackNeedsDirection,
    /// A diagonal order from a square of another colour.
    #[error("unit {0} is not on its own colour and cannot act diagonally")]
    Diagonal(u16),
    /// An order off the board.
    #[error("unit {0} cannot act off the board")]
    OffBoard(u16),
    /// An ability of a unit that is not upgraded.
    #[error("unit {0} is not upgraded")]
    NotUpgraded(u16),
}

/// A delayed attack, checked once all orders have run (rule 6.4).
#[derive(Clone, Copy, Debug)]
struct Delayed {
    unit: u16,
    from: u16,
    target: u16,
}

impl Domains {
    /// The seats that must still give orders: those with a living unit
    /// that have not ended.
    pub fn pending_seats(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for u in &self.board.units {
            if u.alive() && !self.ended.contains(u.player) {
                set = set.with(u.player);
            }
        }
        set
    }

    /// Whether the game is finished.
    pub fn finished(&self) -> bool {
        self.board.round >= self.board.options.rounds
    }

    /// Why `action` is not allowed for `seat` now, if it is not (rule 2).
    pub fn check_order(&self, seat: u8, action: &Action) -> Result<(), OrderError> {
        let b = &self.board;
        let Some(unit) = action.unit() else {
            return Ok(());
        };
        let Some(u) = b.units.get(unit as usize) else {
            return Err(OrderError::NoUnit(unit));
        };
        if u.player != seat {
            return Err(OrderError::NotYours { unit, seat });
        }
        if self.orders[seat as usize]
            .iter()
            .any(|a| a.unit() == Some(unit))
        {
            return Err(OrderError::Twice(unit));
        }
        let own = b.square(u.at).paint == seat;
        match *action {
            Action::Move { dir, .. } | Action::Attack { dir, .. } => {
                if matches!(action, Action::Attack { .. }) && dir == Dir::None {
                    return Err(OrderError::AttackNeedsDirection);
                }
                if dir.is_diagonal() && !own {
                    return Err(OrderError::Diagonal(unit));
                }
                if b.step(u.at, dir).is_none() {
                    return Err(OrderError::OffBoard(unit));
                }
            }
            Action::Ability { .. } => {
                if !u.upgraded {
                    return Err(OrderError::NotUpgraded(unit));
                }
            }
            Action::End => {}
        }
        Ok(())
    }

    /// Every legal action of `seat` now (empty when it is not to order).
    pub fn legal(&self, seat: u8) -> Vec<Action> {
        match self.orders.get(seat as usize) {
            Some(orders) => legal_in(&self.board, orders, self.ended.contains(seat), seat),
            None => Vec::new(),
        }
    }

    /// Give an order or end the seat's orders.
    pub fn order(&mut self, seat: u8, action: &Action) -> Result<(), RuleError> {
        if self.finished() {
            return Err(RuleError::Over);
        }
        if !self.pending_seats().contains(seat) {
            return Err(RuleError::NotToMove(seat));
        }
        self.check_order(seat, action).map_err(RuleError::Illegal)?;
        match action {
            Action::End => self.ended = self.ended.with(seat),
            a => self.orders[seat as usize].push(*a),
        }
        Ok(())
    }

    /// Run the round: every order, then the end of the round (rules 3–9).
    pub fn run_round(&mut self) {
        let players = self.board.player_count();
        let orders = std::mem::replace(&mut self.orders, vec![Vec::new(); players]);
        self.ended = SeatSet::EMPTY;
        // Where each unit stood when the round began (rule 6.3).
        let mut start = vec![NONE; self.board.squares.len()];
        for (i, u) in self.board.units.iter().enumerate() {
            if u.alive() {
                start[u.at as usize] = i as u16;
            }
        }
        let mut next = vec![0usize; players];
        let mut delayed = Vec::new();
        let mut abilities = Vec::new();
        loop {
            let left: Vec<usize> = (0..players)
                .filter(|&p| next[p] < orders[p].len())
                .collect();
            if left.is_empty() {
                break;
            }
            let p = left[self.rng.index(left.len())];
            let action = orders[p][next[p]];
            next[p] += 1;
            self.execute(p as u8, &action, &start, &mut delayed, &mut abilities);
        }
        self.end_round(&delayed, &abilities);
    }

    fn execute(
        &mut self,
        p: u8,
        action: &Action,
        start: &[u16],
        delayed: &mut Vec<Delayed>,
        abilities: &mut Vec<u16>,
    ) -> bool {
        match *action {
            Action::Move { unit, dir } => self.do_move(p, unit, dir),
            Action::Attack { unit, dir } => self.do_attack(p, unit, dir, start, delayed),
            Action::Ability { unit } => {
                let u = &mut self.board.units[unit as usize];
                if u.player != p || !u.upgraded {
                    return false;
                }
                u.upgraded = false;
                self.board.players[p as usize].upgraded -= 1;
                abilities.push(unit);
                true
            }
            Action::End => false,
        }
    }

    /// Rule 4: a move.
    pub fn do_move(&mut self, p: u8, unit: u16, dir: Dir) -> bool {
        let b = &self.board;
        let u = &b.units[unit as usize];
        if u.player != p {
            return false;
        }
        let from = u.at;
        if dir.is_diagonal() && b.square(from).paint != p {
            return false;
        }
        if dir == Dir::None {
            return true;
        }
        let Some(to) = b.step(from, dir) else {
            return false;
        };
        let (act, sq) = (*b.square(from), *b.square(to));
        // Rule 7.3: enemy units cannot leave or enter an ability zone.
        if act.zone > 0 && sq.zone == 0 && act.paint != p {
            return false;
        }
        if (act.zone == 0 || act.paint == p) && sq.zone > 0 && sq.paint != p {
            return false;
        }
        match sq.thing {
            Thing::Unit(v) => {
                let owner = b.units[v as usize].player;
                if owner == p {
                    return false;
                }
                let mode = if dir.is_diagonal() && sq.paint != owner {
                    FightMode::Unfair
                } else {
                    FightMode::Fair
                };
                if self.fight(unit, v, mode) != unit {
                    return true;
                }
            }
            Thing::Bonus(slot) => self.take_bonus(p, unit, slot),
            Thing::Bubble(id) => {
                let bubble = self.board.bubbles[id as usize].expect("bubble on the board");
                if bubble.player == p {
                    self.pop(id, false);
                } else {
                    self.recolour(id, p);
                    return false;
                }
            }
            Thing::Empty => {}
        }
        self.board.squares[from as usize].thing = Thing::Empty;
        self.board.squares[to as usize].thing = Thing::Unit(unit);
        self.board.units[unit as usize].at = to;
        self.draw(p, unit, to, from, dir);
        true
    }

    fn take_bonus(&mut self, p: u8, unit: u16, slot: u8) {
        let board = &mut *self.board;
        let max = board.options.bonuses_per_player;
        let pl = &mut board.players[p as usize];
        let u = &mut board.units[unit as usize];
        if pl.upgraded < max && !u.upgraded {
            pl.upgraded += 1;
            u.upgraded = true;
        }
        let s = &mut board.bonuses[slot as usize];
        board.squares[s.at as usize].thing = Thing::Empty;
        s.at = NONE;
        let wait = board.options.max_rounds_per_bonus as u64 + 1;
        s.counter = self.rng.below(wait) as i32 - 1;
    }

    fn recolour(&mut self, id: u16, p: u8) {
        let timer = self.board.options.rounds_to_pop;
        if let Some(b) = self.board.bubbles[id as usize].as_mut() {
            b.player = p;
            b.timer = timer;
        }
    }

    /// Rule 6: an attack.
    fn do_attack(
        &mut self,
        p: u8,
        unit: u16,
        dir: Dir,
        start: &[u16],
        delayed: &mut Vec<Delayed>,
    ) -> bool {
        let b = &self.board;
        let u = &b.units[unit as usize];
        if u.player != p || dir == Dir::None {
            return false;
        }
        let from = u.at;
        if dir.is_diagonal() && b.square(from).paint != p {
            return false;
        }
        let Some(target) = b.step(from, dir) else {
            return false;
        };
        let sq = *b.square(target);
        match sq.thing {
            Thing::Unit(v) => {
                let owner = b.units[v as usize].player;
                if owner == p {
                    return false;
                }
                let mode = if dir.is_diagonal() && sq.paint != owner {
                    FightMode::Unfair
                } else {
                    FightMode::Fair
                };
                self.fight(unit, v, mode);
                true
            }
            Thing::Bubble(id) => {
                let bubble = self.board.bubbles[id as usize].expect("bubble on the board");
                if bubble.player == p {
                    self.pop(id, false);
                } else {
                    self.recolour(id, p);
                }
                true
            }
            _ => {
                let was = start[target as usize];
                if was != NONE {
                    let w = &b.units[was as usize];
                    if w.alive() && w.player != p {
                        // Still in reach? Look around the attacker.
                        let own = b.square(from).paint == p;
                        let dirs: &[Dir] = if own { &Dir::ALL[1..] } else { &Dir::ALL[1..5] };
                        for &d in dirs {
                            if let Some(at) = b.step(from, d)
                                && b.square(at).thing == Thing::Unit(was)
                            {
                                let mode = if dir.is_diagonal()
                                    && d.is_diagonal()
                                    && b.square(at).paint != w.player
                                {
                                    FightMode::Unfair
                                } else {
                                    FightMode::Fair
                                };
                                self.fight(unit, was, mode);
                                return true;
                            }
                        }
                    }
                }
                delayed.push(Delayed { unit, from, target });
                true
            }
        }
    }

    /// Rule 5: a fight; returns the winner.
    pub fn fight(&mut self, a: u16, d: u16, mode: FightMode) -> u16 {
        let (ea, ed) = (
            self.board.units[a as usize].energy as u64,
            self.board.units[d as usize].energy as u64,
        );
        let (winner, loser, loser_roll) = match mode {
            FightMode::Unfair => (a, d, None),
            FightMode::Fair => {
                let ra = self.rng.below(ea + 1);
                let rd = self.rng.below(ed + 1);
                if ra > rd || (ra == rd && self.rng.below(2) == 1) {
                    (a, d, Some(rd))
                } else {
                    (d, a, Some(ra))
                }
            }
        };
        self.kill(loser);
        let wp = self.board.units[winner as usize].player;
        let board = &mut *self.board;
        let score = &mut board.players[wp as usize].score;
        *score = score.saturating_add(board.options.points_per_unit as i64);
        if let Some(roll) = loser_roll {
            let loss = self.rng.below(roll / 2 + 1) as i64;
            let min = self.board.options.energy_min as i64;
            let w = &mut self.board.units[winner as usize];
            w.energy = (w.energy as i64 - loss).max(min) as u8;
        }
        winner
    }

    /// A unit dies: its drawing and upgrade go with it.
    pub fn kill(&mut self, unit: u16) {
        self.erase(unit);
        let board = &mut *self.board;
        let u = &mut board.units[unit as usize];
        if u.upgraded {
            board.players[u.player as usize].upgraded -= 1;
        }
        board.squares[u.at as usize].thing = Thing::Empty;
        *u = Unit::free();
    }

    /// Erase a unit's whole drawing (rule 4.6).
    pub fn erase(&mut self, unit: u16) {
        let board = &mut *self.board;
        let u = &mut board.units[unit as usize];
        for &at in &u.trail {
            let s = &mut board.squares[at as usize];
            if s.drawer == unit {
                s.drawer = NONE;
            }
        }
        u.trail.clear();
        u.start = NONE;
    }

    fn mark(&mut self, unit: u16, at: u16) {
        self.board.squares[at as usize].drawer = unit;
        self.board.units[unit as usize].trail.push(at);
    }

    /// Rule 4.5: drawing after a move from `from` to `to`.
    fn draw(&mut self, p: u8, unit: u16, to: u16, from: u16, dir: Dir) {
        let snew = *self.board.square(to);
        if snew.drawer != NONE {
            self.erase(snew.drawer);
        }
        let sant = *self.board.square(from);
        if sant.drawer == unit {
            if snew.paint == p {
                self.close(p, unit);
                return;
            }
            self.mark(unit, to);
        } else if sant.paint == p && snew.paint != p && !dir.is_diagonal() {
            self.erase(unit);
            self.mark(unit, to);
            self.board.units[unit as usize].start = from;
        }
    }

    /// Rule 4.7: close `unit`'s drawing for player `p`: the drawing and every
    /// area it encloses with `p`'s paint become `p`'s.
    pub fn close(&mut self, p: u8, unit: u16) {
        let b = &self.board;
        let n = b.squares.len();
        let barrier = |s: &crate::board::Square| s.paint == p || s.drawer == unit;
        // 0 unknown, 1 outside (reaches the board's edge), 2 enclosed,
        // 3 being explored. Each area next to the drawing is explored until
        // it reaches the edge or an area already known to be outside.
        let mut mark = vec![0u8; n];
        let (rows, cols) = (b.rows as i32, b.cols as i32);
        let on_edge = |at: u16| {
            let (r, c) = b.coords(at);
            r == 0 || c == 0 || r == rows - 1 || c == cols - 1
        };
        let trail: Vec<u16> = b.units[unit as usize]
            .trail
            .iter()
            .copied()
            .filter(|&at| b.square(at).drawer == unit)
            .collect();
        let mut region = Vec::new();
        let mut stack: Vec<u16> = Vec::new();
        let mut seen: Vec<u16> = Vec::new();
        for &t in &trail {
            for d in Dir::ORTHOGONAL {
                let Some(first) = b.step(t, d) else {
                    continue;
                };
                if mark[first as usize] != 0 || barrier(b.square(first)) {
                    continue;
                }
                seen.clear();
                stack.clear();
                mark[first as usize] = 3;
                stack.push(first);
                let mut outside = false;
                while let Some(at) = stack.pop() {
                    seen.push(at);
                    if on_edge(at) {
                        outside = true;
                        break;
                    }
                    for d in Dir::ORTHOGONAL {
                        if let Some(x) = b.step(at, d) {
                            match mark[x as usize] {
                                0 if !barrier(b.square(x)) => {
                                    mark[x as usize] = 3;
                                    stack.push(x);
                                }
                                1 => outside = true,
                                _ => {}
                            }
                        }
                    }
                    if outside {
                        break;
                    }
                }
                let value = if outside { 1 } else { 2 };
                for &x in seen.iter().chain(stack.iter()) {
                    mark[x as usize] = value;
                }
                if !outside {
                    region.extend_from_slice(&seen);
                }
            }
        }
        // The drawing becomes paint.
        for &t in &trail {
            let s = &mut self.board.squares[t as usize];
            s.paint = p;
            s.drawer = NONE;
        }
        let u = &mut self.board.units[unit as usize];
        u.trail.clear();
        u.start = NONE;
        // The enclosed area becomes paint; drawings in it, or starting in
        // it, are erased. Another player's ability zone keeps its paint.
        let mut painted = vec![false; n];
        for &at in &region {
            let s = self.board.squares[at as usize];
            if s.zone > 0 && s.paint != p {
                continue;
            }
            painted[at as usize] = true;
            self.board.squares[at as usize].paint = p;
            if s.drawer != NONE {
                self.erase(s.drawer);
            }
        }
        for v in 0..self.board.units.len() {
            let st = self.board.units[v].start;
            if st != NONE && painted[st as usize] {
                self.erase(v as u16);
            }
        }
    }

    /// Rule 8.2: pop a bubble: a + of its colour's paint.
    pub fn pop(&mut self, id: u16, forced: bool) {
        let Some(bubble) = self.board.bubbles[id as usize] else {
            return;
        };
        let colour = bubble.player;
        let mut plus = vec![bubble.at];
        for d in Dir::ORTHOGONAL {
            if let Some(at) = self.board.step(bubble.at, d) {
                plus.push(at);
            }
        }
        for &at in &plus {
            let s = &mut self.board.squares[at as usize];
            if s.zone == 0 {
                s.paint = colour;
            }
        }
        for &at in &plus {
            let drawer = self.board.square(at).drawer;
            if drawer == NONE {
                continue;
            }
            if self.board.units[drawer as usize].player == colour {
                let linked = Dir::ORTHOGONAL.iter().any(|&d| {
                    self.board
                        .step(at, d)
                        .is_some_and(|x| self.board.square(x).drawer == drawer)
                });
                if linked {
                    self.close(colour, drawer);
                } else {
                    self.erase(drawer);
                }
            } else {
                self.erase(drawer);
            }
        }
        let o = &self.board.options;
        let points = if forced {
            o.points_per_pop
        } else {
            o.points_per_bubble
        };
        let score = &mut self.board.players[colour as usize].score;
        *score = score.saturating_add(points as i64);
        self.board.squares[bubble.at as usize].thing = Thing::Empty;
        self.board.bubbles[id as usize] = None;
    }

    /// Rule 7: the ability zone of player `p` centred on `centre`.
    pub fn use_ability(&mut self, p: u8, centre: u16) {
        let half = (self.board.options.ability_size as i32 - 1) / 2;
        let duration = self.board.options.ability_duration.saturating_add(1);
        let (r0, c0) = self.board.coords(centre);
        let (rmin, rmax, cmin, cmax) = (r0 - half, r0 + half, c0 - half, c0 + half);
        let edge = |r: i32, c: i32| r == rmin || r == rmax || c == cmin || c == cmax;
        for r in rmin..=rmax {
            for c in cmin..=cmax {
                let Some(at) = self.board.at(r, c) else {
                    continue;
                };
                let s = *self.board.square(at);
                if s.zone > 0 && s.paint != p {
                    self.end_zone(s.paint, at);
                }
                if s.drawer != NONE {
                    if self.board.units[s.drawer as usize].player != p {
                        self.erase(s.drawer);
                    } else if !edge(r, c) {
                        self.board.squares[at as usize].drawer = NONE;
                        self.board.units[s.drawer as usize].start = NONE;
                    }
                }
                let s = &mut self.board.squares[at as usize];
                s.paint = p;
                s.zone = duration;
            }
        }
        for r in rmin..=rmax {
            for c in cmin..=cmax {
                let Some(at) = self.board.at(r, c) else {
                    continue;
                };
                let drawer = self.board.square(at).drawer;
                if drawer == NONE || !edge(r, c) {
                    continue;
                }
                let linked = Dir::ORTHOGONAL.iter().any(|&d| {
                    self.board
                        .step(at, d)
                        .is_some_and(|x| self.board.square(x).drawer == drawer)
                });
                if linked {
                    self.close(p, drawer);
                } else {
                    self.board.squares[at as usize].drawer = NONE;
                }
            }
        }
    }

    /// End the ability zone of `player` that holds `at` (its squares
    /// connected orthogonally), keeping the paint.
    fn end_zone(&mut self, player: u8, at: u16) {
        let mut stack = vec![at];
        while let Some(x) = stack.pop() {
            let s = &mut self.board.squares[x as usize];
            if s.zone == 0 || s.paint != player {
                continue;
            }
            s.zone = 0;
            for d in Dir::ORTHOGONAL {
                if let Some(nb) = self.board.step(x, d) {
                    stack.push(nb);
                }
            }
        }
    }

    /// Rule 9: the end of a round, in order.
    fn end_round(&mut self, delayed: &[Delayed], abilities: &[u16]) {
        // 9.1 Delayed attacks.
        for a in delayed {
            let u = &self.board.units[a.unit as usize];
            if !u.alive() || u.at != a.from {
                continue;
            }
            let Thing::Unit(w) = self.board.square(a.target).thing else {
                continue;
            };
            let owner = self.board.units[w as usize].player;
            if owner == u.player {
                continue;
            }
            let dir = Dir::between(self.board.coords(a.from), self.board.coords(a.target));
            let mode = if dir.is_diagonal() && self.board.square(a.target).paint != owner {
                FightMode::Unfair
            } else {
                FightMode::Fair
            };
            self.fight(a.unit, w, mode);
        }
        // 9.2 Bubble timers.
        for id in 0..self.board.bubbles.len() {
            if let Some(b) = self.board.bubbles[id].as_mut()
                && b.timer > 0
            {
                b.timer -= 1;
                if b.timer == 0 {
                    self.pop(id as u16, true);
                }
            }
        }
        // 9.3 Abilities.
        self.resolve_abilities(abilities);
        // 9.4 Bubble moves.
        self.move_bubbles();
        // 9.5 Square counts and zone timers.
        let players = self.board.player_count();
        let mut counts = vec![0u32; players];
        for s in &mut self.board.squares {
            if let Some(p) = s.painter() {
                counts[p as usize] += 1;
                if s.zone > 0 {
                    s.zone -= 1;
                }
            }
        }
        for (p, c) in counts.iter().enumerate() {
            self.board.players[p].squares = *c;
        }
        // 9.6 Respawns.
        self.respawn();
        // 9.7 Energy.
        let o = self.board.options.clone();
        let board = &mut *self.board;
        for u in &mut board.units {
            if !u.alive() {
                continue;
            }
            let paint = board.squares[u.at as usize].paint;
            if paint == NO_PLAYER {
                continue;
            }
            if paint == u.player {
                if u.energy < o.energy_max {
                    u.energy += 1;
                }
            } else if !u.upgraded && u.energy > o.energy_min {
                u.energy -= 1;
            }
        }
        // 9.8 Points per square.
        for (player, count) in self.board.players.iter_mut().zip(&counts) {
            player.score = player
                .score
                .saturating_add(o.points_per_square as i64 * *count as i64);
        }
        self.board.round += 1;
    }

    fn resolve_abilities(&mut self, abilities: &[u16]) {
        let players = self.board.player_count();
        // The last ability of each player whose unit is still alive.
        let mut used: Vec<Option<u16>> = vec![None; players];
        for &unit in abilities {
            let u = &self.board.units[unit as usize];
            if u.alive() {
                used[u.player as usize] = Some(u.at);
            }
        }
        let size = self.board.options.ability_size as i32;
        let mut ok: Vec<bool> = used.iter().map(Option::is_some).collect();
        for i in 0..players {
            for j in i + 1..players {
                if let (Some(a), Some(b)) = (used[i], used[j]) {
                    let (ra, ca) = self.board.coords(a);
                    let (rb, cb) = self.board.coords(b);
                    if (ra - rb).abs() < size && (ca - cb).abs() < size {
                        ok[i] = false;
                        ok[j] = false;
                    }
                }
            }
        }
        for p in 0..players {
            if ok[p]
                && let Some(at) = used[p]
            {
                self.use_ability(p as u8, at);
            }
        }
    }

    fn move_bubbles(&mut self) {
        let every = self.board.options.rounds_per_bubble_move;
        for id in 0..self.board.bubbles.len() {
            let Some(mut b) = self.board.bubbles[id] else {
                continue;
            };
            b.moved += 1;
            if b.moved < every {
                self.board.bubbles[id] = Some(b);
                continue;
            }
            b.moved = 0;
            let in_zone = self.board.square(b.at).zone > 0;
            let mut options = Vec::with_capacity(4);
            for d in [Dir::Left, Dir::Right, Dir::Up, Dir::Down] {
                if let Some(at) = self.board.step(b.at, d) {
                    let s = self.board.square(at);
                    if s.is_empty() && (s.zone > 0) == in_zone {
                        options.push(at);
                    }
                }
            }
            if !options.is_empty() {
                let to = options[self.rng.index(options.len())];
                self.board.squares[b.at as usize].thing = Thing::Empty;
                self.board.squares[to as usize].thing = Thing::Bubble(id as u16);
                b.at = to;
            }
            self.board.bubbles[id] = Some(b);
        }
    }

    /// A random empty square painted by `p`, drawn from the RNG.
    fn free_square(&mut self, p: u8) -> Option<u16> {
        let free: Vec<u16> = (0..self.board.squares.len() as u16)
            .filter(|&at| {
                let s = self.board.square(at);
                s.paint == p && s.is_empty()
            })
            .collect();
        if free.is_empty() {
            None
        } else {
            Some(free[self.rng.index(free.len())])
        }
    }

    fn respawn(&mut self) {
        let o = self.board.options.clone();
        let players = self.board.player_count();
        for p in 0..players {
            if self.board.unit_count(p as u8) >= o.max_units as usize {
                continue;
            }
            self.board.players[p].respawn += 1;
            if self.board.players[p].respawn < o.rounds_per_respawn {
                continue;
            }
            match self.free_square(p as u8) {
                Some(at) => {
                    self.board.players[p].respawn = 0;
                    self.spawn_unit(p as u8, at);
                }
                None => self.board.players[p].respawn -= 1,
            }
        }
        for p in 0..players {
            self.board.players[p].bubble += 1;
            if self.board.players[p].bubble < o.rounds_per_bubble {
                continue;
            }
            match self.free_square(p as u8) {
                Some(at) => {
                    self.board.players[p].bubble = 0;
                    self.spawn_bubble(p as u8, at);
                }
                None => self.board.players[p].bubble -= 1,
            }
        }
        for slot in 0..self.board.bonuses.len() {
            self.board.bonuses[slot].counter += 1;
            if self.board.bonuses[slot].counter < o.max_rounds_per_bonus as i32 {
                continue;
            }
            let on_board = self.board.bonuses.iter().filter(|s| s.at != NONE).count();
            if on_board >= self.board.bonuses.len() {
                continue;
            }
            let empty: Vec<u16> = (0..self.board.squares.len() as u16)
                .filter(|&at| self.board.square(at).is_empty())
                .collect();
            if empty.is_empty() {
                continue;
            }
            let at = empty[self.rng.index(empty.len())];
            let free = self
                .board
                .bonuses
                .iter()
                .position(|s| s.at == NONE)
                .expect("a free bonus slot");
            self.board.bonuses[free] = crate::board::BonusSlot { at, counter: 0 };
            self.board.squares[at as usize].thing = Thing::Bonus(free as u8);
        }
    }

    /// Put a new unit of `p` on `at` (the lowest free id).
    pub fn spawn_unit(&mut self, p: u8, at: u16) {
        let id = self
            .board
            .units
            .iter()
            .position(|u| !u.alive())
            .expect("a free unit slot");
        self.board.units[id] = Unit {
            player: p,
            at,
            energy: self.board.options.energy_start,
            upgraded: false,
            start: NONE,
            trail: Vec::new(),
        };
        self.board.squares[at as usize].thing = Thing::Unit(id as u16);
    }

    /// Put a new bubble of `p` on `at` (the lowest free slot).
    pub fn spawn_bubble(&mut self, p: u8, at: u16) {
        let bubble = Bubble {
            player: p,
            at,
            timer: 0,
            moved: 0,
        };
        let id = match self.board.bubbles.iter().position(Option::is_none) {
            Some(i) => {
                self.board.bubbles[i] = Some(bubble);
                i
            }
            None => {
                self.board.bubbles.push(Some(bubble));
                self.board.bubbles.len() - 1
            }
        };
        self.board.squares[at as usize].thing = Thing::Bubble(id as u16);
    }
}

/// `seat`'s legal orders on `board`, given the orders it has given this
/// round and whether it has ended them: all a seat's legal actions depend
/// on (so its view suffices to list them).
pub(crate) fn legal_in(board: &Board, orders: &[Action], ended: bool, seat: u8) -> Vec<Action> {
    let finished = board.round >= board.options.rounds;
    let pending = !ended && board.units.iter().any(|u| u.alive() && u.player == seat);
    if finished || !pending {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(1 + 18 * board.unit_count(seat));
    let (rows, cols) = (i32::from(board.rows), i32::from(board.cols));
    for unit in board.units_of(seat) {
        if orders.iter().any(|a| a.unit() == Some(unit)) {
            continue;
        }
        // The unit's square once, then each direction's neighbour on the
        // board (what `Board::step` checks).
        let (r, c) = board.coords(board.units[unit as usize].at);
        for &dir in board.reach(unit) {
            let (dr, dc) = dir.delta();
            if !(0..rows).contains(&(r + dr)) || !(0..cols).contains(&(c + dc)) {
                continue;
            }
            out.push(Action::Move { unit, dir });
            if dir != Dir::None {
                out.push(Action::Attack { unit, dir });
            }
        }
        if board.units[unit as usize].upgraded {
            out.push(Action::Ability { unit });
        }
    }
    out.push(Action::End);
    out
}
