//! Domains under the engine's game contract.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};
use tabula_engine::{
    Game, GameRng, Outcome, Problems, Ruleset, Seat, SeatSet, StateHash, StateHasher, ToMove,
};

use crate::board::{Board, BonusSlot, NONE, PlayerState, Square, Thing, Unit};
use crate::options::Options;
use crate::rules::{Action, Domains, RuleError};
use crate::shared::Shared;

/// What one seat sees: the whole board (Domains is open information) and
/// its own orders so far this round; the other seats' orders and the RNG
/// are hidden.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The seat looking.
    pub seat: Seat,
    /// The board (shared with the game it was seen in: [`Shared`]).
    pub board: Shared<Board>,
    /// This seat's orders so far this round.
    pub orders: Vec<Action>,
    /// Whether this seat has ended its orders this round.
    pub ended: bool,
}

impl Domains {
    /// The standard start (rule 1): a 3×3 block of paint around each
    /// player's corner centre and one unit on the centre.
    pub fn start(options: &Options, players: usize, seed: u64) -> Result<Domains, Problems> {
        let mut problems = options.check();
        if !(2..=4).contains(&players) {
            problems.0.push(tabula_engine::Problem::error(
                "players",
                format!("{players} players; Domains needs 2 to 4"),
            ));
        }
        if options.rows < 6 || options.cols < 6 {
            problems.0.push(tabula_engine::Problem::error(
                "board-too-small",
                format!(
                    "the standard start needs a board of at least 6×6, not {}×{}",
                    options.rows, options.cols
                ),
            ));
        }
        problems.clone().into_result()?;
        let mut game = Domains::empty(options, players, seed);
        let (rows, cols) = (options.rows as i32, options.cols as i32);
        let centres = [(rows - 2, 1), (1, cols - 2), (rows - 2, cols - 2), (1, 1)];
        for (p, &(r, c)) in centres.iter().enumerate().take(players) {
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let at = game.board.at(r + dr, c + dc).expect("on the board");
                    game.board.squares[at as usize].paint = p as u8;
                }
            }
            let at = game.board.at(r, c).expect("on the board");
            game.board.units[p] = Unit {
                player: p as u8,
                at,
                energy: options.energy_start,
                upgraded: false,
                start: NONE,
                trail: Vec::new(),
            };
            game.board.squares[at as usize].thing = Thing::Unit(p as u16);
        }
        game.init_bonus_counters();
        Ok(game)
    }

    /// A blank board with no units (options already checked).
    pub(crate) fn empty(options: &Options, players: usize, seed: u64) -> Domains {
        let n = options.rows as usize * options.cols as usize;
        Domains {
            board: Shared::new(Board {
                options: options.clone(),
                round: 0,
                rows: options.rows,
                cols: options.cols,
                squares: vec![Square::BLANK; n],
                units: vec![Unit::free(); options.max_units as usize * players],
                bubbles: Vec::new(),
                bonuses: vec![
                    BonusSlot {
                        at: NONE,
                        counter: 0
                    };
                    options.max_bonuses as usize
                ],
                players: vec![
                    PlayerState {
                        score: 0,
                        respawn: 0,
                        bubble: 0,
                        upgraded: 0,
                        squares: 0,
                    };
                    players
                ],
            }),
            rng: GameRng::seeded(seed),
            orders: vec![Vec::new(); players],
            ended: SeatSet::EMPTY,
        }
    }

    /// Each bonus slot starts waiting a random time (rule 8.6).
    pub(crate) fn init_bonus_counters(&mut self) {
        let wait = self.board.options.max_rounds_per_bonus as u64 + 1;
        for slot in &mut self.board.bonuses {
            slot.counter = self.rng.below(wait) as i32 - 1;
        }
    }

    /// Rebuild a game from a seat's view: the hidden orders of the other
    /// seats are empty and the RNG is drawn from `rng`.
    pub fn from_view(view: &View, rng: &mut GameRng) -> Result<Domains, String> {
        let b = &view.board;
        let players = b.players.len();
        if !(2..=4).contains(&players) || view.seat as usize >= players {
            return Err("the view's seat or player count is out of range".into());
        }
        let problems = b.options.check();
        if problems.has_errors() {
            return Err(problems.to_string());
        }
        check_indices(b)?;
        let mut game = Domains {
            board: b.clone(),
            rng: GameRng::seeded(rng.next_u64()),
            orders: vec![Vec::new(); players],
            ended: SeatSet::EMPTY,
        };
        game.invariants()?;
        if game.finished() {
            if !view.orders.is_empty() || view.ended {
                return Err("orders in a finished game".into());
            }
            return Ok(game);
        }
        for a in &view.orders {
            if *a == Action::End {
                return Err("`end` among the orders".into());
            }
            game.check_order(view.seat, a).map_err(|e| e.to_string())?;
            game.orders[view.seat as usize].push(*a);
        }
        if view.ended {
            game.ended = SeatSet::one(view.seat);
        }
        Ok(game)
    }
}

/// Every index in a board (from an untrusted view) is in range, so that
/// reading it cannot panic.
fn check_indices(b: &Board) -> Result<(), String> {
    let n = b.rows as usize * b.cols as usize;
    let players = b.players.len();
    if b.rows != b.options.rows || b.cols != b.options.cols || b.squares.len() != n {
        return Err("the board's size does not match its squares".into());
    }
    if b.units.len() != b.options.max_units as usize * players {
        return Err("wrong number of unit slots".into());
    }
    if b.bonuses.len() != b.options.max_bonuses as usize || b.bubbles.len() > 65_000 {
        return Err("wrong number of bonus or bubble slots".into());
    }
    let square = |at: u16| (at as usize) < n;
    for s in &b.squares {
        let ok = (s.paint == crate::board::NO_PLAYER || (s.paint as usize) < players)
            && (s.drawer == NONE || (s.drawer as usize) < b.units.len())
            && match s.thing {
                Thing::Empty => true,
                Thing::Unit(u) => (u as usize) < b.units.len(),
                Thing::Bubble(x) => (x as usize) < b.bubbles.len(),
                Thing::Bonus(x) => (x as usize) < b.bonuses.len(),
            };
        if !ok {
            return Err("a square refers to something that does not exist".into());
        }
    }
    for u in b.units.iter().filter(|u| u.alive()) {
        if (u.player as usize) >= players
            || !square(u.at)
            || !(u.start == NONE || square(u.start))
            || !u.trail.iter().all(|&t| square(t))
        {
            return Err("a unit is out of range".into());
        }
    }
    for x in b.bubbles.iter().flatten() {
        if !square(x.at) || (x.player as usize) >= players {
            return Err("a bubble is out of range".into());
        }
    }
    if b.bonuses.iter().any(|s| s.at != NONE && !square(s.at)) {
        return Err("a bonus is out of range".into());
    }
    let ups: usize = b.players.iter().map(|p| p.upgraded as usize).sum();
    if ups > b.units.len() {
        return Err("upgrade counts out of range".into());
    }
    Ok(())
}

impl Game for Domains {
    type Action = Action;
    type Error = RuleError;
    type View = View;

    fn seats(&self) -> usize {
        self.board.player_count()
    }

    fn to_move(&self) -> ToMove {
        if self.finished() {
            return ToMove::Over;
        }
        let set = self.pending_seats();
        if set.is_empty() {
            ToMove::Chance
        } else {
            ToMove::Simultaneous(set)
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.legal(seat)
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        self.order(seat, action)
    }

    fn apply_chance(&mut self) -> Result<(), RuleError> {
        if self.to_move() != ToMove::Chance {
            return Err(RuleError::NoChance);
        }
        self.run_round();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.finished() {
            return None;
        }
        let scores: Vec<i64> = self.board.players.iter().map(|p| p.score).collect();
        Some(Outcome {
            ranks: Outcome::ranks_from_keys(&scores),
            scores,
        })
    }

    /// What a watcher sees: the view from no seat (every hand, secret
    /// choice and hidden score of every seat removed).
    fn public_view(&self) -> Option<View> {
        Some(self.player_view(tabula_engine::seat::NO_SEAT))
    }

    fn player_view(&self, seat: Seat) -> View {
        View {
            seat,
            board: self.board.clone(),
            orders: self.orders.get(seat as usize).cloned().unwrap_or_default(),
            ended: self.ended.contains(seat),
        }
    }

    fn write_view(&self, seat: Seat, view: &mut View) {
        view.seat = seat;
        view.board.clone_from(&self.board);
        match self.orders.get(seat as usize) {
            Some(orders) => view.orders.clone_from(orders),
            None => view.orders.clear(),
        }
        view.ended = self.ended.contains(seat);
    }

    fn state_hash(&self) -> StateHash {
        let mut h = StateHasher::new();
        let b = &self.board;
        h.bytes(b"domains").u32(b.round).u8(b.rows).u8(b.cols);
        for s in &b.squares {
            h.u8(s.paint).u8(s.zone).u16(s.drawer);
            match s.thing {
                Thing::Empty => h.u8(0),
                Thing::Unit(u) => h.u8(1).u16(u),
                Thing::Bubble(x) => h.u8(2).u16(x),
                Thing::Bonus(x) => h.u8(3).u8(x),
            };
        }
        h.u32(b.units.len() as u32);
        for u in &b.units {
            h.u8(u.player)
                .u16(u.at)
                .u8(u.energy)
                .u8(u.upgraded as u8)
                .u16(u.start)
                .u32(u.trail.len() as u32);
            for &t in &u.trail {
                h.u16(t);
            }
        }
        h.u32(b.bubbles.len() as u32);
        for x in &b.bubbles {
            match x {
                None => h.u8(0),
                Some(x) => h.u8(1).u8(x.player).u16(x.at).u8(x.timer).u32(x.moved),
            };
        }
        for s in &b.bonuses {
            h.u16(s.at).u32(s.counter as u32);
        }
        for p in &b.players {
            h.u64(p.score as u64)
                .u32(p.respawn)
                .u32(p.bubble)
                .u8(p.upgraded)
                .u32(p.squares);
        }
        for o in &self.orders {
            h.u32(o.len() as u32);
            for a in o {
                match *a {
                    Action::Move { unit, dir } => h.u8(1).u16(unit).u8(dir.index()),
                    Action::Attack { unit, dir } => h.u8(2).u16(unit).u8(dir.index()),
                    Action::Ability { unit } => h.u8(3).u16(unit),
                    Action::End => h.u8(4),
                };
            }
        }
        h.u8(self.ended.0);
        let [a, b2] = self.rng.fingerprint();
        h.u64(a).u64(b2);
        h.finish()
    }

    fn random_action(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        let legal = self.legal(seat);
        if legal.is_empty() {
            None
        } else {
            Some(legal[rng.index(legal.len())])
        }
    }
}

impl Ruleset for Domains {
    const NAME: &'static str = "domains";
    type Options = Options;

    fn seat_range() -> RangeInclusive<usize> {
        2..=4
    }

    fn default_map() -> Option<&'static str> {
        None
    }

    fn new_game(
        options: &Options,
        map: Option<&str>,
        seats: usize,
        seed: u64,
    ) -> Result<Self, Problems> {
        match map {
            None => Domains::start(options, seats, seed),
            Some(text) => crate::setup_text::game_from_text(options, text, seats, seed),
        }
    }
}
