//! The simultaneous variant (rules.md §11): every player secretly gives up
//! to two orders at once; the orders are then carried out one player after
//! another, each checked again just before it runs; conflicts found on the
//! way are queued and fought afterwards, one per combat turn, in which the
//! two sides commit reinforcements secretly and at once.
//!
//! The turn is expressed with the engine's contract as it stands: the
//! submission and the combat turn are [`ToMove::Simultaneous`] decisions,
//! and carrying out each sealed order is one chance step
//! ([`Phase::Execute`]), so a replay can stop between any two orders.
//!
//! [`ToMove::Simultaneous`]: tabula_engine::ToMove::Simultaneous

use serde::{Deserialize, Serialize};
use tabula_engine::{SeatSet, StateHasher};

use crate::action::Action;
use crate::error::{Attempt, Awaited, RuleError};
use crate::events::{Event, EventSink};
use crate::game::TurnOrder;
use crate::kind::{Counts, Kind};
use crate::state::{Conflict, Content, MAX_PLAYERS, NOWHERE, Phase, StarTigris};

/// Most conflicts one normal turn can queue: eight orders, each colony
/// starting at most one conflict per leader kind.
pub const MAX_QUEUE: usize = 32;

/// A conflict found while the orders were carried out, waiting for its
/// combat turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Queued {
    /// External (a colony joined two regions) or internal (a leader was
    /// placed beside another of its kind).
    pub external: bool,
    /// The leaders' kind.
    pub kind: Kind,
    /// External: the joining colony's cell. Internal: where the placed
    /// leader stood when the conflict was found.
    pub cell: u16,
    /// External: the seat whose colony joined the regions. Internal: the
    /// seat whose leader arrived (the attacker).
    pub by: u8,
    /// Internal: the seat whose leader was there first (the defender).
    /// External: the same as `by`.
    pub defender: u8,
}

/// What a seat's orders given this turn already use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Used {
    /// The hand less the colonists ordered (settled or swapped).
    pub(crate) hand: Counts,
    /// Bombers not yet ordered.
    pub(crate) bombers: u8,
    /// Leaders ordered (bit per kind).
    pub(crate) leaders: u8,
    /// Cells the orders name.
    pub(crate) targets: [usize; 2],
}

/// The simultaneous variant's part of the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sim {
    pub(crate) mode: TurnOrder,
    /// Normal turns completed: the rotation (combat turns do not count).
    pub(crate) normal_turns: u32,
    /// This turn's order of execution (the first `players` entries).
    pub(crate) order: [u8; MAX_PLAYERS],
    /// Seats that have sealed their orders this turn.
    pub(crate) sealed: SeatSet,
    /// Each seat's orders, in the order the seat gave them.
    pub(crate) orders: [[Option<Action>; 2]; MAX_PLAYERS],
    /// Execution slots (two a seat, seats in execution order) whose order
    /// was skipped.
    pub(crate) skipped: u8,
    pub(crate) queue: [Queued; MAX_QUEUE],
    pub(crate) queued: u8,
    /// The combat turn's secret commitments: attacker, defender.
    pub(crate) commits: [Option<u8>; 2],
    /// The queued conflict the combat turn fights.
    pub(crate) fighting: Queued,
}

const NO_QUEUED: Queued = Queued {
    external: false,
    kind: Kind::Settler,
    cell: 0,
    by: 0,
    defender: 0,
};

impl Sim {
    pub(crate) fn empty(mode: TurnOrder) -> Sim {
        Sim {
            mode,
            normal_turns: 0,
            order: [0, 1, 2, 3],
            sealed: SeatSet::EMPTY,
            orders: [[None; 2]; MAX_PLAYERS],
            skipped: 0,
            queue: [NO_QUEUED; MAX_QUEUE],
            queued: 0,
            commits: [None; 2],
            fighting: NO_QUEUED,
        }
    }

    /// How the order of execution is chosen.
    pub fn mode(&self) -> TurnOrder {
        self.mode
    }
    /// Normal turns completed (the rotation).
    pub fn normal_turns(&self) -> u32 {
        self.normal_turns
    }
    /// This turn's order of execution for a game of `players`.
    pub fn order(&self, players: usize) -> &[u8] {
        &self.order[..players]
    }
    /// Whether `seat` has sealed its orders this turn.
    pub fn has_sealed(&self, seat: u8) -> bool {
        self.sealed.contains(seat)
    }
    /// The orders `seat` gave this turn (secret until every seat sealed).
    pub fn orders_of(&self, seat: u8) -> impl Iterator<Item = Action> + '_ {
        self.orders[seat as usize].iter().flatten().copied()
    }
    /// Whether execution slot `slot` was skipped.
    pub fn was_skipped(&self, slot: usize) -> bool {
        slot < 8 && self.skipped & (1 << slot) != 0
    }
    /// The conflicts waiting for combat turns, first to be fought first.
    pub fn queue(&self) -> &[Queued] {
        &self.queue[..self.queued as usize]
    }
    /// The queued conflict the current combat turn fights.
    pub fn fighting(&self) -> Queued {
        self.fighting
    }
    /// The secret commitment of the combat's attacker (0) or defender (1).
    pub fn commit(&self, side: usize) -> Option<u8> {
        self.commits[side & 1]
    }

    fn push(&mut self, q: Queued) {
        if (self.queued as usize) < MAX_QUEUE {
            self.queue[self.queued as usize] = q;
            self.queued += 1;
        }
    }

    fn pop(&mut self) -> Option<Queued> {
        if self.queued == 0 {
            return None;
        }
        let first = self.queue[0];
        self.queue.copy_within(1..self.queued as usize, 0);
        self.queued -= 1;
        Some(first)
    }

    pub(crate) fn hash_into(&self, h: &mut StateHasher) {
        h.u8(self.mode as u8).u32(self.normal_turns);
        for &s in &self.order {
            h.u8(s);
        }
        h.u8(self.sealed.0).u8(self.skipped).u8(self.queued);
        for seat in &self.orders {
            for o in seat {
                // The text form names every field of an action.
                let text = o.map(|a| a.to_string()).unwrap_or_default();
                h.u8(text.len() as u8);
                for b in text.bytes() {
                    h.u8(b);
                }
            }
        }
        for q in self.queue().iter().chain([&self.fighting]) {
            h.u8(q.external as u8)
                .u8(q.kind as u8)
                .u16(q.cell)
                .u8(q.by)
                .u8(q.defender);
        }
        for c in self.commits {
            h.u8(c.map_or(0, |n| n + 1));
        }
    }
}

impl StarTigris {
    /// Turn a game that has just been dealt into a game of the
    /// simultaneous variant (what the option `turns: simultaneous` does;
    /// scenario tests call it on a set-up position).
    pub fn start_simultaneous(&mut self, mode: TurnOrder) {
        self.start_simultaneous_from(mode, 0);
    }

    /// As [`StarTigris::start_simultaneous`], the rotation set so that
    /// `first` carries out its orders first.
    pub fn start_simultaneous_from(&mut self, mode: TurnOrder, first: u8) {
        let mut sim = Sim::empty(mode);
        sim.normal_turns = first as u32;
        self.sim = Some(sim);
        self.begin_normal_turn(&mut ());
    }

    /// The simultaneous variant's turn, `None` in the sequential game.
    pub fn simultaneous(&self) -> Option<&Sim> {
        self.sim.as_ref()
    }

    fn sim_mut(&mut self) -> &mut Sim {
        self.sim.as_mut().expect("the simultaneous variant")
    }

    /// The seats that still have to decide in a simultaneous phase.
    pub(crate) fn deciding(&self) -> SeatSet {
        let Some(sim) = &self.sim else {
            return SeatSet::EMPTY;
        };
        match self.phase {
            Phase::Submit => SeatSet(SeatSet::first(self.players()).0 & !sim.sealed.0),
            Phase::Combat(c) => {
                let mut set = SeatSet::EMPTY;
                if sim.commits[0].is_none() {
                    set = set.with(c.attacker);
                }
                if sim.commits[1].is_none() {
                    set = set.with(c.defender);
                }
                set
            }
            _ => SeatSet::EMPTY,
        }
    }

    /// Whether `seat`'s leader of `kind` is the attacker of a queued
    /// internal conflict (it arrived second in its region).
    pub(crate) fn challenging(&self, seat: u8, kind: Kind) -> bool {
        self.sim.as_ref().is_some_and(|sim| {
            sim.queue()
                .iter()
                .any(|q| !q.external && q.kind == kind && q.by == seat)
        })
    }

    /// Start a normal turn: the order of execution is fixed and announced,
    /// and every seat may give orders.
    fn begin_normal_turn<S: EventSink>(&mut self, ev: &mut S) {
        let n = self.players();
        let mode = self.sim_mut().mode;
        let mut order = [0u8, 1, 2, 3];
        match mode {
            TurnOrder::Rotating => {
                let first = (self.sim_mut().normal_turns % n as u32) as u8;
                for (i, o) in order.iter_mut().enumerate().take(n) {
                    *o = (first + i as u8) % n as u8;
                }
            }
            TurnOrder::Shuffled => {
                for i in (1..n).rev() {
                    let j = self.rng.index(i + 1);
                    order.swap(i, j);
                }
            }
        }
        let sim = self.sim_mut();
        sim.order = order;
        sim.sealed = SeatSet::EMPTY;
        sim.orders = [[None; 2]; MAX_PLAYERS];
        sim.skipped = 0;
        sim.commits = [None; 2];
        self.active = order[0];
        self.orders_left = 2;
        self.phase = Phase::Submit;
        ev.event(Event::TurnOrder {
            order: order[..n].to_vec(),
        });
    }

    /// What `seat`'s orders given this turn already use: colonists,
    /// bombers, leaders and the systems they name.
    pub(crate) fn used_by(&self, seat: u8) -> Used {
        let p = seat as usize;
        let mut used = Used {
            hand: self.hands[p],
            bombers: self.bombers[p],
            leaders: 0,
            targets: [usize::MAX; 2],
        };
        let Some(sim) = &self.sim else {
            return used;
        };
        for (j, given) in sim.orders[p].iter().flatten().enumerate() {
            match *given {
                Action::Colonize { kind, .. } => {
                    used.hand[kind.index()] = used.hand[kind.index()].saturating_sub(1);
                }
                Action::Swap(set) => {
                    for (h, c) in used.hand.iter_mut().zip(set.counts()) {
                        *h = h.saturating_sub(c);
                    }
                }
                Action::Destroy { .. } => used.bombers = used.bombers.saturating_sub(1),
                Action::PlaceLeader { kind, .. }
                | Action::MoveLeader { kind, .. }
                | Action::WithdrawLeader { kind } => used.leaders |= 1 << kind.index(),
                _ => {}
            }
            used.targets[j] = self.order_target(given).unwrap_or(usize::MAX);
        }
        used
    }

    /// The cell an order names, if any.
    fn order_target(&self, a: &Action) -> Option<usize> {
        match *a {
            Action::Colonize { at, .. }
            | Action::PlaceLeader { at, .. }
            | Action::MoveLeader { to: at, .. }
            | Action::Destroy { at } => self.index(at),
            _ => None,
        }
    }

    /// The variant's own limits on an order, given what the seat's earlier
    /// orders use (§11.2): one order per piece and per system. An order
    /// the sequential rules accept with the seat's whole hand is legal in
    /// the submission exactly when this accepts it too.
    pub(crate) fn within_submission(&self, used: &Used, a: &Action) -> Result<(), RuleError> {
        match *a {
            Action::PlaceLeader { kind, .. }
            | Action::MoveLeader { kind, .. }
            | Action::WithdrawLeader { kind }
                if used.leaders & (1 << kind.index()) != 0 =>
            {
                return Err(RuleError::LeaderOrdered(kind));
            }
            Action::Colonize { kind, .. } if used.hand[kind.index()] == 0 => {
                return Err(RuleError::NotInHand(kind));
            }
            Action::Destroy { .. } if used.bombers == 0 => return Err(RuleError::NoBombers),
            Action::Swap(set) => {
                for k in Kind::ALL {
                    let (have, asked) = (used.hand[k.index()], set.counts()[k.index()]);
                    if asked > have {
                        return Err(RuleError::SwapTooMany {
                            kind: k,
                            have,
                            asked,
                        });
                    }
                }
            }
            _ => {}
        }
        match self.order_target(a) {
            Some(i) if used.targets.contains(&i) => Err(RuleError::SystemOrdered(self.pos(i))),
            _ => Ok(()),
        }
    }

    /// Check an order `seat` wants to add to its sealed orders: against
    /// the board at the start of the turn, what the seat's earlier orders
    /// this turn already use (colonists, bombers, leaders) and the systems
    /// they name. Returns the target cell. Changes nothing.
    pub fn check_submission(&self, seat: u8, action: &Action) -> Result<Option<usize>, RuleError> {
        if self.sim.is_none() {
            return Err(RuleError::NotDeciding(seat));
        }
        let used = self.used_by(seat);
        if let Action::PlaceLeader { kind, .. }
        | Action::MoveLeader { kind, .. }
        | Action::WithdrawLeader { kind } = *action
            && used.leaders & (1 << kind.index()) != 0
        {
            return Err(RuleError::LeaderOrdered(kind));
        }
        let target = self.check_order(seat, action, used.hand, used.bombers)?;
        self.within_submission(&used, action)?;
        Ok(target)
    }

    /// What an order would cause if it were carried out now, on the board
    /// as it stands (for a preview while orders are given): the events, or
    /// why it is refused. Changes nothing.
    pub fn order_preview(&self, seat: u8, action: &Action) -> Result<Vec<Event>, RuleError> {
        let target = self.check_submission(seat, action)?;
        let mut g = self.clone();
        let mut events = Vec::new();
        g.do_order(seat, action, target, &mut events);
        Ok(events)
    }

    /// An action of the simultaneous variant: an order or the seal in a
    /// normal turn, a commitment in a combat turn.
    pub(crate) fn apply_simultaneous<S: EventSink>(
        &mut self,
        seat: u8,
        action: &Action,
        ev: &mut S,
    ) -> Result<(), RuleError> {
        match self.phase {
            Phase::Over(_) => return Err(RuleError::GameOver),
            Phase::Execute { .. } | Phase::Refill | Phase::SwapDraw { .. } => {
                return Err(RuleError::ChancePending);
            }
            _ => {}
        }
        if (seat as usize) >= self.players() || !self.deciding().contains(seat) {
            return Err(RuleError::NotDeciding(seat));
        }
        let p = seat as usize;
        match (self.phase, *action) {
            (Phase::Submit, Action::Pass) => {
                let sim = self.sim_mut();
                sim.sealed = sim.sealed.with(seat);
                ev.event(Event::Sealed { seat });
                if self.deciding().is_empty() {
                    self.reveal(ev);
                }
                Ok(())
            }
            (
                Phase::Submit,
                Action::Commit { .. }
                | Action::ResolveConflict { .. }
                | Action::TakeArtifact { .. },
            ) => Err(RuleError::WrongPhase {
                action: match action {
                    Action::Commit { .. } => Attempt::Commit,
                    Action::ResolveConflict { .. } => Attempt::ChooseConflict,
                    _ => Attempt::TakeArtifact,
                },
                expected: Awaited::Orders,
            }),
            (Phase::Submit, order) => {
                let slot = self.sim_mut().orders[p].iter().position(Option::is_none);
                let Some(slot) = slot else {
                    return Err(RuleError::TwoOrdersGiven);
                };
                self.check_submission(seat, &order)?;
                self.sim_mut().orders[p][slot] = Some(order);
                Ok(())
            }
            (Phase::Combat(c), Action::Commit { count }) => {
                self.check_commit(seat, &c, count)?;
                let side = if seat == c.attacker && self.sim_mut().commits[0].is_none() {
                    0
                } else {
                    1
                };
                self.sim_mut().commits[side] = Some(count);
                ev.event(Event::CommitSealed { seat });
                if self.deciding().is_empty() {
                    self.fight(c, ev);
                }
                Ok(())
            }
            (Phase::Combat(_), _) => Err(RuleError::WrongPhase {
                action: Attempt::Order,
                expected: Awaited::Commit,
            }),
            _ => Err(RuleError::NotDeciding(seat)),
        }
    }

    /// Every seat has sealed: the orders are shown and carried out.
    fn reveal<S: EventSink>(&mut self, ev: &mut S) {
        let sim = *self.sim.as_ref().expect("the simultaneous variant");
        for &seat in sim.order(self.players()) {
            ev.event(Event::OrdersRevealed {
                seat,
                orders: sim.orders_of(seat).collect(),
            });
        }
        self.phase = Phase::Execute { step: 0 };
    }

    /// The seat and order in execution slot `slot`, if any.
    pub fn slot_order(&self, slot: usize) -> Option<(u8, Action)> {
        let sim = self.sim.as_ref()?;
        let seat = *sim.order(self.players()).get(slot / 2)?;
        sim.orders[seat as usize][slot % 2].map(|a| (seat, a))
    }

    fn next_slot(&self, from: usize) -> Option<usize> {
        (from..2 * self.players()).find(|&s| self.slot_order(s).is_some())
    }

    /// Carry out the next sealed order (checked again first), or end the
    /// turn when none is left.
    pub(crate) fn execute_step<S: EventSink>(&mut self, step: u8, ev: &mut S) {
        let Some(slot) = self.next_slot(step as usize) else {
            self.end_turn(ev);
            return;
        };
        let Some((seat, order)) = self.slot_order(slot) else {
            // Not reached: `next_slot` found an order there.
            self.end_turn(ev);
            return;
        };
        let p = seat as usize;
        match self.check_order(seat, &order, self.hands[p], self.bombers[p]) {
            Ok(target) => {
                ev.event(Event::OrderCarriedOut { seat, order });
                self.do_order(seat, &order, target, ev);
            }
            Err(reason) => {
                self.sim_mut().skipped |= 1 << slot;
                ev.event(Event::OrderSkipped {
                    seat,
                    order,
                    reason,
                });
            }
        }
        if self.next_slot(slot + 1).is_some() {
            self.phase = Phase::Execute {
                step: slot as u8 + 1,
            };
        } else {
            self.end_turn(ev);
        }
    }

    /// Queue the internal conflict of a leader of `kind` that `attacker`
    /// placed on cell `at`, in the region of `defender`'s leader.
    pub(crate) fn queue_internal<S: EventSink>(
        &mut self,
        attacker: u8,
        defender: u8,
        kind: Kind,
        at: usize,
        ev: &mut S,
    ) {
        let q = Queued {
            external: false,
            kind,
            cell: at as u16,
            by: attacker,
            defender,
        };
        self.sim_mut().push(q);
        ev.event(Event::ConflictQueued {
            queued: q,
            at: self.pos(q.cell as usize),
        });
    }

    /// Queue one external conflict per kind in `mask` (settler, scientist,
    /// merchant, mining) for the held colony on `cell` placed by `by`.
    pub(crate) fn queue_external<S: EventSink>(
        &mut self,
        cell: usize,
        mask: u8,
        by: u8,
        ev: &mut S,
    ) {
        for kind in Kind::ALL {
            if mask & (1 << kind.index()) != 0 {
                let q = Queued {
                    external: true,
                    kind,
                    cell: cell as u16,
                    by,
                    defender: by,
                };
                self.sim_mut().push(q);
                ev.event(Event::ConflictQueued {
                    queued: q,
                    at: self.pos(q.cell as usize),
                });
            }
        }
    }

    /// The conflict `q` as it stands now, or `None` if it no longer exists.
    fn still_standing(&self, q: &Queued) -> Option<Conflict> {
        let sim = self.sim.as_ref()?;
        if q.external {
            let cell = q.cell as usize;
            let c = self.cells[cell];
            if !c.is_held() || c.colony().is_none() {
                return None;
            }
            let split = self.split_at(cell);
            let sides = self.external_sides(&split, q.kind)?;
            // The attacker: the joining player's leader, else the side
            // whose owner comes first after the joining player in this
            // turn's order of execution.
            let order = sim.order(self.players());
            let place = |s: u8| order.iter().position(|&o| o == s).unwrap_or(0);
            let n = self.players();
            let rank = |s: u8| (place(s) + n - place(q.by)) % n;
            let (att, def) = if rank(sides[0].0) <= rank(sides[1].0) {
                (sides[0], sides[1])
            } else {
                (sides[1], sides[0])
            };
            Some(Conflict {
                external: true,
                kind: q.kind,
                attacker: att.0,
                defender: def.0,
                attacker_base: self.region_strength(&split, att.1, q.kind),
                defender_base: self.region_strength(&split, def.1, q.kind),
                attacker_commit: 0,
                defender_commit: 0,
                defender_to_commit: false,
                cell: q.cell,
                pending: 0,
            })
        } else {
            let a = self.leaders[q.by as usize][q.kind.index()];
            let d = self.leaders[q.defender as usize][q.kind.index()];
            if a == NOWHERE || d == NOWHERE {
                return None;
            }
            let ra = self.regions.of(a as usize)?;
            (Some(ra) == self.regions.of(d as usize)).then(|| Conflict {
                external: false,
                kind: q.kind,
                attacker: q.by,
                defender: q.defender,
                attacker_base: self.scientists_next_to(a as usize),
                defender_base: self.scientists_next_to(d as usize),
                attacker_commit: 0,
                defender_commit: 0,
                defender_to_commit: false,
                cell: a,
                pending: 0,
            })
        }
    }

    /// After the hands are refilled: the next queued conflict that still
    /// stands is fought in a combat turn; with none, a normal turn begins
    /// (the rotation where it stopped).
    pub(crate) fn next_simultaneous_turn<S: EventSink>(&mut self, ev: &mut S) {
        while let Some(q) = self.sim_mut().pop() {
            if let Some(conflict) = self.still_standing(&q) {
                let sim = self.sim_mut();
                sim.commits = [None; 2];
                sim.fighting = q;
                ev.event(Event::ConflictStarted { conflict });
                self.phase = Phase::Combat(conflict);
                return;
            }
            ev.event(Event::ConflictDropped {
                queued: q,
                at: self.pos(q.cell as usize),
            });
            if q.external {
                self.release(q.cell as usize, q.by, ev);
            }
        }
        self.begin_normal_turn(ev);
    }

    /// Both sides have committed: the commitments are shown, the conflict
    /// decided, and the hands refilled.
    fn fight<S: EventSink>(&mut self, mut c: Conflict, ev: &mut S) {
        let [a, d] = self.sim_mut().commits;
        let (a, d) = (a.unwrap_or(0), d.unwrap_or(0));
        let k = c.commit_kind().index();
        self.hands[c.attacker as usize][k] -= a;
        self.hands[c.defender as usize][k] -= d;
        c.attacker_commit = a;
        c.defender_commit = d;
        for (seat, count) in [(c.attacker, a), (c.defender, d)] {
            ev.event(Event::Committed {
                seat,
                kind: c.commit_kind(),
                count,
            });
        }
        self.settle_conflict(c, ev);
        self.sim_mut().commits = [None; 2];
        if c.external {
            let by = self.sim_mut().fighting.by;
            self.release(c.cell as usize, by, ev);
        }
        self.phase = Phase::Refill;
    }

    /// A held colony whose queued conflicts are all settled or dropped
    /// joins the board: if it would now join regions holding leaders of
    /// one kind (a leader arrived after it was queued), those conflicts are
    /// queued and it waits on; otherwise it joins its regions and scores.
    fn release<S: EventSink>(&mut self, cell: usize, by: u8, ev: &mut S) {
        let still_queued = self.sim.as_ref().is_some_and(|sim| {
            sim.queue()
                .iter()
                .any(|q| q.external && q.cell as usize == cell)
        });
        let c = self.cells[cell];
        if still_queued || !c.is_held() {
            return;
        }
        let around = self.regions.around(self, cell);
        let mut mask = 0xF;
        let mut with_leaders = 0;
        for &r in around.as_slice() {
            let kinds = self.regions.leader_kinds(r);
            if kinds != 0 {
                mask &= kinds;
                with_leaders += 1;
            }
        }
        if with_leaders >= 2 && mask != 0 {
            self.queue_external(cell, mask, by, ev);
            return;
        }
        let Some(kind) = c.colony() else { return };
        self.put_cell(cell, c.with_held(false).with(Content::Empty));
        self.occupy(cell, Content::Colony(kind));
        ev.event(Event::ColonyJoined {
            kind,
            at: self.pos(cell),
        });
        self.score_colony(cell, ev);
    }
}
