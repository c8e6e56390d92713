//! Applying actions: orders, conflicts, the end of a turn and draws.
//!
//! Every public entry point checks the whole action before changing
//! anything, so a refused action leaves the state untouched.

use tabula_engine::ToMove;

use crate::Pos;
use crate::action::Action;
use crate::error::{Attempt, Awaited, RuleError};
use crate::events::{Event, EventSink, ReturnReason, ScoreReason};
use crate::kind::{Kind, total};
use crate::regions::NO_REGION;
use crate::rows::Parts;
use crate::state::{Cell, Conflict, Content, EndReason, NOWHERE, Phase, StarTigris};

impl StarTigris {
    /// Who must act next.
    pub fn whose_move(&self) -> ToMove {
        match self.phase {
            Phase::Order | Phase::ChooseConflict { .. } => ToMove::Seat(self.active),
            Phase::Conflict(c) => ToMove::Seat(c.committing_seat()),
            Phase::ChooseArtifact { seat, .. } => ToMove::Seat(seat),
            Phase::SwapDraw { .. } | Phase::Refill | Phase::Execute { .. } => ToMove::Chance,
            Phase::Submit | Phase::Combat(_) => ToMove::Simultaneous(self.deciding()),
            Phase::Over(_) => ToMove::Over,
        }
    }

    pub(crate) fn cell_index(&self, p: Pos) -> Result<usize, RuleError> {
        self.index(p).ok_or(RuleError::OffBoard(p))
    }

    /// Check that cell `i` is neither destroyed nor occupied; returns its position.
    fn check_free(&self, i: usize) -> Result<Pos, RuleError> {
        let cell = self.cells[i];
        let p = self.pos(i);
        if cell.is_destroyed() {
            return Err(RuleError::Destroyed(p));
        }
        if cell.is_occupied() {
            return Err(RuleError::Occupied(p));
        }
        Ok(p)
    }

    /// Check that a colonist of `kind` may settle cell `i` (hand aside).
    pub(crate) fn check_colonize_cell(&self, kind: Kind, i: usize) -> Result<(), RuleError> {
        let cell = self.cells[i];
        let p = self.check_free(i)?;
        match (kind == Kind::Mining, cell.is_uninhabitable()) {
            (true, false) => return Err(RuleError::MiningNeedsUninhabitable(p)),
            (false, true) => return Err(RuleError::Uninhabitable(p)),
            _ => {}
        }
        // Joining three kingdoms takes three neighbours in regions; most
        // cells have fewer, as the row sets show without a label read.
        let w = self.width();
        if self.sets.region.next_to_three(i / w, self.height()) >> (i % w) & 1 == 0 {
            return Ok(());
        }
        let regions = &self.regions;
        let joined = regions.around(self, i).with_leaders(regions);
        if joined > 2 {
            return Err(RuleError::JoinsTooMany(p, joined));
        }
        Ok(())
    }

    /// Check that the leader on `from` may move to cell `i`: the placement
    /// rules with the leader already lifted. Lifting may split the leader's
    /// region; that matters only when `i` touches two or more of its cells.
    pub(crate) fn check_move_cell(&self, from: usize, i: usize) -> Result<(), RuleError> {
        self.check_leader_target(i)?;
        // The leader's own cell, once lifted, only lowers the count.
        if self.next_to_under_two_in_regions(i) {
            return Ok(());
        }
        let old = self.regions.of(from);
        let mut others = [NO_REGION; 4];
        let mut n_others = 0;
        let mut same = [0usize; 4];
        let mut n_same = 0;
        self.for_neighbours(i, |nb| {
            if nb == from {
                return;
            }
            if let Some(l) = self.regions.of(nb) {
                if Some(l) == old {
                    same[n_same] = nb;
                    n_same += 1;
                } else if !others[..n_others].contains(&l) {
                    others[n_others] = l;
                    n_others += 1;
                }
            }
        });
        let parts = match n_same {
            0 | 1 => n_same,
            _ => self.components_without(from, &same[..n_same]),
        };
        let around = n_others + parts;
        if around > 1 {
            return Err(RuleError::LeaderJoins(self.pos(i), around));
        }
        Ok(())
    }

    /// Into how many groups `cells` fall once cell `from` is emptied
    /// (they all lie in `from`'s region): one when the region holds
    /// together, else how many of its parts ([`StarTigris::parts_without`])
    /// hold one of them.
    fn components_without(&self, from: usize, cells: &[usize]) -> usize {
        let Some(parts) = self.parts_without(from) else {
            return 1;
        };
        let w = self.width();
        let held = cells
            .iter()
            .filter_map(|&c| parts.part_of(c, w))
            .fold(0u8, |seen, p| seen | 1 << p);
        held.count_ones() as usize
    }

    /// Whether cell `i` has fewer than two neighbours in regions, so that
    /// a leader there joins nothing (the row sets tell, no label read).
    #[inline]
    fn next_to_under_two_in_regions(&self, i: usize) -> bool {
        let w = self.width();
        self.sets.region.next_to_two(i / w, self.height()) >> (i % w) & 1 == 0
    }

    /// The checks on a leader's target cell that do not involve regions.
    pub(crate) fn check_leader_target(&self, i: usize) -> Result<(), RuleError> {
        let cell = self.cells[i];
        let p = self.check_free(i)?;
        if cell.is_uninhabitable() {
            return Err(RuleError::Uninhabitable(p));
        }
        if !self.next_to_scientist(i) {
            return Err(RuleError::NoScientist(p));
        }
        Ok(())
    }

    /// Check that a leader from the supply may stand on cell `i`.
    pub(crate) fn check_leader_cell(&self, i: usize) -> Result<(), RuleError> {
        self.check_leader_target(i)?;
        if self.next_to_under_two_in_regions(i) {
            return Ok(());
        }
        let p = self.pos(i);
        let around = self.regions.around(self, i).len();
        if around > 1 {
            return Err(RuleError::LeaderJoins(p, around));
        }
        Ok(())
    }

    fn expect_seat(&self, seat: u8) -> Result<(), RuleError> {
        match self.whose_move() {
            ToMove::Seat(s) if s == seat => Ok(()),
            ToMove::Seat(s) => Err(RuleError::NotYourMove { seat, to_move: s }),
            ToMove::Chance => Err(RuleError::ChancePending),
            ToMove::Over => Err(RuleError::GameOver),
            ToMove::Simultaneous(_) => Err(RuleError::NotDeciding(seat)),
        }
    }

    /// Apply an action for `seat`, reporting what happens to `ev`.
    pub fn apply_logged<S: EventSink>(
        &mut self,
        seat: u8,
        action: &Action,
        ev: &mut S,
    ) -> Result<(), RuleError> {
        if self.sim.is_some() && !matches!(self.phase, Phase::ChooseArtifact { .. }) {
            return self.apply_simultaneous(seat, action, ev);
        }
        self.expect_seat(seat)?;
        let is_order = !matches!(
            action,
            Action::Commit { .. } | Action::ResolveConflict { .. } | Action::TakeArtifact { .. }
        );
        if is_order && self.phase != Phase::Order {
            return Err(RuleError::WrongPhase {
                action: Attempt::Order,
                expected: match self.phase {
                    Phase::Conflict(_) => Awaited::Commit,
                    Phase::ChooseConflict { .. } => Awaited::ChooseConflict,
                    _ => Awaited::ChooseArtifact,
                },
            });
        }
        match *action {
            Action::Commit { .. }
            | Action::ResolveConflict { .. }
            | Action::TakeArtifact { .. } => {}
            _ => {
                let p = seat as usize;
                let target = self.check_order(seat, action, self.hands[p], self.bombers[p])?;
                self.do_order(seat, action, target, ev);
                return Ok(());
            }
        }
        let p = seat as usize;
        match *action {
            Action::Commit { count } => {
                let Phase::Conflict(mut c) = self.phase else {
                    return Err(RuleError::WrongPhase {
                        action: Attempt::Commit,
                        expected: Awaited::NoConflict,
                    });
                };
                let k = self.check_commit(seat, &c, count)?;
                self.hands[p][k.index()] -= count;
                ev.event(Event::Committed {
                    seat,
                    kind: k,
                    count,
                });
                if c.defender_to_commit {
                    c.defender_commit = count;
                    self.resolve_conflict(c, ev);
                } else {
                    c.attacker_commit = count;
                    c.defender_to_commit = true;
                    self.phase = Phase::Conflict(c);
                }
            }
            Action::ResolveConflict { kind } => {
                let Phase::ChooseConflict { cell, pending } = self.phase else {
                    return Err(RuleError::WrongPhase {
                        action: Attempt::ChooseConflict,
                        expected: Awaited::NoConflictWaiting,
                    });
                };
                if pending & (1 << kind.index()) == 0 {
                    return Err(RuleError::NoSuchConflict(kind));
                }
                self.begin_external(cell as usize, kind, pending & !(1 << kind.index()), ev);
            }
            Action::TakeArtifact { at } => {
                let Phase::ChooseArtifact {
                    seat: chooser,
                    merchant,
                } = self.phase
                else {
                    return Err(RuleError::WrongPhase {
                        action: Attempt::TakeArtifact,
                        expected: Awaited::NoArtifact,
                    });
                };
                let i = self.cell_index(at)?;
                let regions = &self.regions;
                if !self.cells[i].has_artifact()
                    || regions.of(i).is_none()
                    || regions.of(i) != regions.of(merchant as usize)
                {
                    return Err(RuleError::NotTakeable(at));
                }
                self.put_cell(i, self.cells[i].with_artifact(false));
                self.regions.artifact_taken(i);
                self.artifacts_held[chooser as usize] += 1;
                ev.event(Event::ArtifactTaken { seat: chooser, at });
                self.end_turn(ev);
            }
            _ => {}
        }
        Ok(())
    }

    /// Check an order of `seat` against the board as it stands, with
    /// `hand` and `bombers` as what the seat still has for it; returns the
    /// target cell, if the order has one. Changes nothing.
    pub(crate) fn check_order(
        &self,
        seat: u8,
        action: &Action,
        hand: crate::kind::Counts,
        bombers: u8,
    ) -> Result<Option<usize>, RuleError> {
        let p = seat as usize;
        match *action {
            Action::Colonize { kind, at } => {
                let i = self.cell_index(at)?;
                if hand[kind.index()] == 0 {
                    return Err(RuleError::NotInHand(kind));
                }
                self.check_colonize_cell(kind, i)?;
                Ok(Some(i))
            }
            Action::PlaceLeader { kind, at } => {
                let i = self.cell_index(at)?;
                if self.leaders[p][kind.index()] != NOWHERE {
                    return Err(RuleError::LeaderOnBoard(kind));
                }
                self.check_leader_cell(i)?;
                Ok(Some(i))
            }
            Action::MoveLeader { kind, to } => {
                let i = self.cell_index(to)?;
                let from = self.leaders[p][kind.index()];
                if from == NOWHERE {
                    return Err(RuleError::LeaderOffBoard(kind));
                }
                if from as usize == i {
                    return Err(RuleError::SameCell(kind, to));
                }
                self.check_move_cell(from as usize, i)?;
                Ok(Some(i))
            }
            Action::WithdrawLeader { kind } => {
                if self.leaders[p][kind.index()] == NOWHERE {
                    return Err(RuleError::LeaderOffBoard(kind));
                }
                Ok(None)
            }
            Action::Destroy { at } => {
                let i = self.cell_index(at)?;
                if bombers == 0 {
                    return Err(RuleError::NoBombers);
                }
                if self.cells[i].is_destroyed() {
                    return Err(RuleError::Destroyed(at));
                }
                Ok(Some(i))
            }
            Action::Swap(set) => {
                let counts = set.counts();
                let n = total(&counts);
                if n == 0 {
                    return Err(RuleError::EmptySwap);
                }
                for k in Kind::ALL {
                    let (have, asked) = (hand[k.index()], counts[k.index()]);
                    if asked > have {
                        return Err(RuleError::SwapTooMany {
                            kind: k,
                            have,
                            asked,
                        });
                    }
                }
                if n > self.pool_size() {
                    return Err(RuleError::PoolTooSmall {
                        pool: self.pool_size(),
                        asked: n,
                    });
                }
                Ok(None)
            }
            Action::Pass => Ok(None),
            Action::Commit { .. }
            | Action::ResolveConflict { .. }
            | Action::TakeArtifact { .. } => Err(RuleError::WrongPhase {
                action: Attempt::Order,
                expected: Awaited::Orders,
            }),
        }
    }

    /// Carry out an order that [`StarTigris::check_order`] accepted with
    /// target cell `target`.
    pub(crate) fn do_order<S: EventSink>(
        &mut self,
        seat: u8,
        action: &Action,
        target: Option<usize>,
        ev: &mut S,
    ) {
        let p = seat as usize;
        let i = target.unwrap_or(0);
        match *action {
            Action::Colonize { kind, .. } => self.do_colonize(seat, kind, i, ev),
            Action::PlaceLeader { kind, at } => {
                ev.event(Event::LeaderPlaced { seat, kind, at });
                self.put_leader(seat, kind, i, ev);
            }
            Action::MoveLeader { kind, to } => {
                let from = self.leaders[p][kind.index()] as usize;
                ev.event(Event::LeaderMoved {
                    seat,
                    kind,
                    from: self.pos(from),
                    to,
                });
                self.leaders[p][kind.index()] = NOWHERE;
                self.vacate(from, false);
                self.put_leader(seat, kind, i, ev);
            }
            Action::WithdrawLeader { kind } => {
                let from = self.leaders[p][kind.index()] as usize;
                ev.event(Event::LeaderWithdrawn {
                    seat,
                    kind,
                    from: self.pos(from),
                });
                self.lift_leader(seat, kind);
                self.finish_order(ev);
            }
            Action::Destroy { .. } => self.do_destroy(seat, i, ev),
            Action::Swap(set) => {
                let counts = set.counts();
                for (k, &c) in counts.iter().enumerate() {
                    self.hands[p][k] -= c;
                    self.swapped[p][k] += c as u16;
                }
                let count = total(&counts) as u8;
                ev.event(Event::Swapped { seat, count });
                if self.sim.is_some() {
                    // The simultaneous variant draws at once, inside the
                    // execution step.
                    for _ in 0..count {
                        if let Some(k) = self.draw_one() {
                            self.hands[p][k.index()] += 1;
                        }
                    }
                    ev.event(Event::Drew { seat, count });
                } else {
                    self.phase = Phase::SwapDraw { count };
                }
            }
            Action::Pass => {
                ev.event(Event::Passed { seat });
                self.finish_order(ev);
            }
            Action::Commit { .. }
            | Action::ResolveConflict { .. }
            | Action::TakeArtifact { .. } => {}
        }
    }

    /// Make every pending chance event (draws, the simultaneous variant's
    /// execution steps), reporting what happens to `ev`.
    pub fn settle_logged<S: EventSink>(&mut self, ev: &mut S) -> Result<(), RuleError> {
        while self.whose_move() == ToMove::Chance {
            self.chance_logged(ev)?;
        }
        Ok(())
    }

    /// Check that `seat` may commit `count` reinforcements to conflict
    /// `c`; returns the kind committed.
    pub(crate) fn check_commit(
        &self,
        seat: u8,
        c: &Conflict,
        count: u8,
    ) -> Result<Kind, RuleError> {
        let k = c.commit_kind();
        let have = self.hands[seat as usize][k.index()];
        if count > have {
            return Err(RuleError::CommitTooMany {
                kind: k,
                have,
                asked: count,
            });
        }
        Ok(k)
    }

    /// Resolve the pending chance event (a draw) with the state's RNG.
    pub fn chance_logged<S: EventSink>(&mut self, ev: &mut S) -> Result<(), RuleError> {
        match self.phase {
            Phase::SwapDraw { count } => {
                let a = self.active as usize;
                for _ in 0..count {
                    if let Some(k) = self.draw_one() {
                        self.hands[a][k.index()] += 1;
                    }
                }
                ev.event(Event::Drew {
                    seat: self.active,
                    count,
                });
                self.finish_order(ev);
                Ok(())
            }
            Phase::Refill => {
                let n = self.players;
                for step in 0..n {
                    let seat = (self.active + step) % n;
                    let before = total(&self.hands[seat as usize]);
                    let full = self.refill_hand(seat);
                    let drawn = total(&self.hands[seat as usize]) - before;
                    if drawn > 0 {
                        ev.event(Event::Drew {
                            seat,
                            count: drawn as u8,
                        });
                    }
                    if !full {
                        self.phase = Phase::Over(EndReason::PoolExhausted);
                        ev.event(Event::GameOver {
                            reason: EndReason::PoolExhausted,
                        });
                        return Ok(());
                    }
                }
                self.turn += 1;
                if self.sim.is_some() {
                    self.next_simultaneous_turn(ev);
                    return Ok(());
                }
                self.active = (self.active + 1) % n;
                self.orders_left = 2;
                self.phase = Phase::Order;
                Ok(())
            }
            Phase::Execute { step } => {
                self.execute_step(step, ev);
                Ok(())
            }
            Phase::Over(_) => Err(RuleError::GameOver),
            _ => Err(RuleError::NoChance),
        }
    }

    fn do_colonize<S: EventSink>(&mut self, seat: u8, kind: Kind, i: usize, ev: &mut S) {
        let regions = &self.regions;
        let around = regions.around(self, i);
        let mut mask = 0xF;
        let mut with_leaders = 0;
        for &r in around.as_slice() {
            let kinds = regions.leader_kinds(r);
            if kinds != 0 {
                mask &= kinds;
                with_leaders += 1;
            }
        }
        self.hands[seat as usize][kind.index()] -= 1;
        let conflict = with_leaders == 2 && mask != 0;
        if conflict && self.sim.is_some() {
            // Simultaneous variant: the colony waits, in no region, for
            // the conflicts it starts (rules.md §11.7).
            self.put_cell(i, self.cells[i].with(Content::Colony(kind)).with_held(true));
            ev.event(Event::Colonized {
                seat,
                kind,
                at: self.pos(i),
            });
            self.queue_external(i, mask, seat, ev);
            return;
        }
        self.occupy(i, Content::Colony(kind));
        ev.event(Event::Colonized {
            seat,
            kind,
            at: self.pos(i),
        });
        if conflict {
            self.start_external(i, mask, ev);
        } else {
            self.score_colony(i, ev);
            self.finish_order(ev);
        }
    }

    /// Put a leader of `seat` on cell `i` (already checked), then start an
    /// internal conflict if its region holds another leader of its kind.
    fn put_leader<S: EventSink>(&mut self, seat: u8, kind: Kind, i: usize, ev: &mut S) {
        self.occupy(i, Content::Leader(seat, kind));
        self.leaders[seat as usize][kind.index()] = i as u16;
        let regions = &self.regions;
        let r = regions.of(i);
        for q in 0..self.players {
            let at = self.leaders[q as usize][kind.index()];
            if q != seat && at != NOWHERE && regions.of(at as usize) == r {
                if self.sim.is_some() {
                    self.queue_internal(seat, q, kind, i, ev);
                    return;
                }
                let conflict = Conflict {
                    external: false,
                    kind,
                    attacker: seat,
                    defender: q,
                    attacker_base: self.scientists_next_to(i),
                    defender_base: self.scientists_next_to(at as usize),
                    attacker_commit: 0,
                    defender_commit: 0,
                    defender_to_commit: false,
                    cell: i as u16,
                    pending: 0,
                };
                ev.event(Event::ConflictStarted { conflict });
                self.phase = Phase::Conflict(conflict);
                return;
            }
        }
        self.finish_order(ev);
    }

    pub(crate) fn scientists_next_to(&self, i: usize) -> u16 {
        let w = self.width();
        let (r, c) = (i / w, i % w);
        let around = self.sets.scientist.neighbours_in(r, self.height());
        around.iter().map(|&bits| (bits >> c & 1) as u16).sum()
    }

    /// Take a leader off the board into its owner's supply.
    fn lift_leader(&mut self, seat: u8, kind: Kind) {
        let at = self.leaders[seat as usize][kind.index()];
        if at != NOWHERE {
            self.leaders[seat as usize][kind.index()] = NOWHERE;
            self.vacate(at as usize, false);
        }
    }

    fn return_leader<S: EventSink>(
        &mut self,
        seat: u8,
        kind: Kind,
        reason: ReturnReason,
        ev: &mut S,
    ) {
        let at = self.leaders[seat as usize][kind.index()];
        if at != NOWHERE {
            ev.event(Event::LeaderReturned {
                seat,
                kind,
                from: self.pos(at as usize),
                reason,
            });
            self.lift_leader(seat, kind);
        }
    }

    /// Return every leader left without a scientist colony beside it.
    pub(crate) fn sweep_leaders<S: EventSink>(&mut self, ev: &mut S) {
        for q in 0..self.players {
            for k in Kind::ALL {
                let at = self.leaders[q as usize][k.index()];
                if at != NOWHERE && !self.next_to_scientist(at as usize) {
                    self.return_leader(q, k, ReturnReason::NoScientist, ev);
                }
            }
        }
    }

    fn do_destroy<S: EventSink>(&mut self, seat: u8, i: usize, ev: &mut S) {
        self.bombers[seat as usize] -= 1;
        let cell = self.cells[i];
        let colony = cell.colony();
        if let Some(k) = colony {
            self.removed[k.index()] += 1;
        }
        if cell.has_artifact() {
            self.artifacts_lost += 1;
        }
        ev.event(Event::Destroyed {
            seat,
            at: self.pos(i),
            colony,
            artifact: cell.has_artifact(),
        });
        if let Content::Leader(owner, k) = cell.content() {
            self.return_leader(owner, k, ReturnReason::Destroyed, ev);
        }
        self.vacate(i, true);
        self.sweep_leaders(ev);
        self.finish_order(ev);
    }

    /// Score the colony on cell `i`: its kind's leader in its region, else
    /// the region's settler leader, else nobody.
    pub(crate) fn score_colony<S: EventSink>(&mut self, i: usize, ev: &mut S) {
        let Some(kind) = self.cells[i].colony() else {
            return;
        };
        let regions = &self.regions;
        let r = regions.of(i);
        let at = Some(self.pos(i));
        for (leader_kind, reason) in [
            (kind, ScoreReason::Leader),
            (Kind::Settler, ScoreReason::SettlerFallback),
        ] {
            // While an internal conflict waits (simultaneous variant), the
            // leader that was there first collects (rules.md §11.7).
            let here = |q: &u8| {
                let l = self.leaders[*q as usize][leader_kind.index()];
                l != NOWHERE && regions.of(l as usize) == r
            };
            let chosen = (0..self.players)
                .filter(here)
                .find(|&q| !self.challenging(q, leader_kind))
                .or_else(|| (0..self.players).find(here));
            if let Some(q) = chosen {
                self.scores[q as usize][kind.index()] += 1;
                ev.event(Event::Scored {
                    seat: q,
                    kind,
                    points: 1,
                    reason,
                    at,
                });
                return;
            }
        }
        ev.event(Event::NobodyScored {
            kind,
            at: self.pos(i),
        });
    }

    /// The pieces of the regions around the joining cell `cell` with the
    /// cell left out: the leaders' former regions in an external conflict.
    pub(crate) fn split_at(&self, cell: usize) -> Parts {
        let w = self.width();
        self.sets
            .region
            .parts_around(cell / w, cell % w, self.height())
    }

    /// The two leaders of `kind` whose former regions (`split`, from
    /// [`StarTigris::split_at`]) touch the joining cell, as (seat, cell),
    /// or `None` if that conflict no longer exists.
    pub(crate) fn external_sides(&self, split: &Parts, kind: Kind) -> Option<[(u8, usize); 2]> {
        let w = self.width();
        let mut sides = [(0u8, 0usize); 2];
        let mut first_part = usize::MAX;
        let mut n = 0;
        for q in 0..self.players {
            let l = self.leaders[q as usize][kind.index()];
            if l == NOWHERE {
                continue;
            }
            if let Some(part) = split.part_of(l as usize, w)
                && n < 2
                && part != first_part
            {
                sides[n] = (q, l as usize);
                first_part = part;
                n += 1;
            }
        }
        (n == 2).then_some(sides)
    }

    /// Kinds in `mask` whose external conflict at `cell` still exists.
    fn live_conflicts(&self, cell: usize, mask: u8) -> u8 {
        let split = self.split_at(cell);
        let mut live = 0;
        for k in Kind::ALL {
            if mask & (1 << k.index()) != 0 && self.external_sides(&split, k).is_some() {
                live |= 1 << k.index();
            }
        }
        live
    }

    fn start_external<S: EventSink>(&mut self, cell: usize, mask: u8, ev: &mut S) {
        if mask.count_ones() == 1 {
            let kind = Kind::from_index(mask.trailing_zeros() as usize);
            self.begin_external(cell, kind, 0, ev);
        } else {
            self.phase = Phase::ChooseConflict {
                cell: cell as u16,
                pending: mask,
            };
        }
    }

    fn begin_external<S: EventSink>(&mut self, cell: usize, kind: Kind, pending: u8, ev: &mut S) {
        let split = self.split_at(cell);
        let Some(sides) = self.external_sides(&split, kind) else {
            // Cannot happen: callers only pass live conflicts.
            self.continue_external(cell, pending, ev);
            return;
        };
        // The attacker: the active player's leader, else the first player
        // after the active one in turn order who has a leader in the conflict.
        let order = |s: u8| (s + self.players - self.active) % self.players;
        let (att, def) = if order(sides[0].0) <= order(sides[1].0) {
            (sides[0], sides[1])
        } else {
            (sides[1], sides[0])
        };
        let strength = |side: (u8, usize)| self.region_strength(&split, side.1, kind);
        let conflict = Conflict {
            external: true,
            kind,
            attacker: att.0,
            defender: def.0,
            attacker_base: strength(att),
            defender_base: strength(def),
            attacker_commit: 0,
            defender_commit: 0,
            defender_to_commit: false,
            cell: cell as u16,
            pending,
        };
        ev.event(Event::ConflictStarted { conflict });
        self.phase = Phase::Conflict(conflict);
    }

    /// Colonies of `kind` in the piece of `split` (from
    /// [`StarTigris::split_at`]) holding cell `leader`.
    pub(crate) fn region_strength(&self, split: &Parts, leader: usize, kind: Kind) -> u16 {
        let w = self.width();
        split.part_of(leader, w).map_or(0, |part| {
            split
                .cells(part, w)
                .filter(|&c| self.cells[c].colony() == Some(kind))
                .count() as u16
        })
    }

    fn continue_external<S: EventSink>(&mut self, cell: usize, pending: u8, ev: &mut S) {
        let live = self.live_conflicts(cell, pending);
        if live == 0 {
            self.score_colony(cell, ev);
            self.finish_order(ev);
        } else {
            self.start_external(cell, live, ev);
        }
    }

    fn resolve_conflict<S: EventSink>(&mut self, c: Conflict, ev: &mut S) {
        self.settle_conflict(c, ev);
        if c.external {
            self.continue_external(c.cell as usize, c.pending, ev);
        } else {
            self.finish_order(ev);
        }
    }

    /// Decide a conflict whose reinforcements are all in: the loser's
    /// leader returns, colonies are removed, the winner scores, leaders
    /// left without a scientist return.
    pub(crate) fn settle_conflict<S: EventSink>(&mut self, c: Conflict, ev: &mut S) {
        let att = c.attacker_base + c.attacker_commit as u16;
        let def = c.defender_base + c.defender_commit as u16;
        let (winner, loser) = if att > def {
            (c.attacker, c.defender)
        } else {
            (c.defender, c.attacker)
        };
        self.removed[c.commit_kind().index()] += (c.attacker_commit + c.defender_commit) as u16;
        if !c.external {
            self.return_leader(loser, c.kind, ReturnReason::LostConflict, ev);
            self.scores[winner as usize][Kind::Scientist.index()] += 1;
            ev.event(Event::ConflictResolved {
                external: false,
                kind: c.kind,
                winner,
                loser,
                attacker_strength: att,
                defender_strength: def,
                colonies_removed: 0,
            });
            ev.event(Event::Scored {
                seat: winner,
                kind: Kind::Scientist,
                points: 1,
                reason: ScoreReason::InternalWin,
                at: None,
            });
            self.sweep_leaders(ev);
            return;
        }
        let cell = c.cell as usize;
        let split = self.split_at(cell);
        let loser_at = self.leaders[loser as usize][c.kind.index()];
        let part = split.part_of(loser_at as usize, self.width());
        self.return_leader(loser, c.kind, ReturnReason::LostConflict, ev);
        let doomed: Vec<usize> = part
            .into_iter()
            .flat_map(|part| split.cells(part, self.width()))
            .filter(|&i| {
                let cl = self.cells[i];
                cl.colony() == Some(c.kind)
                    && !cl.has_artifact()
                    && !(c.kind == Kind::Scientist && self.next_to_leader(i))
            })
            .collect();
        for &i in &doomed {
            self.vacate(i, false);
            ev.event(Event::ColonyRemoved {
                kind: c.kind,
                at: self.pos(i),
            });
        }
        let removed = doomed.len() as u16;
        self.removed[c.kind.index()] += removed;
        self.scores[winner as usize][c.kind.index()] += removed + 1;
        ev.event(Event::ConflictResolved {
            external: true,
            kind: c.kind,
            winner,
            loser,
            attacker_strength: att,
            defender_strength: def,
            colonies_removed: removed,
        });
        ev.event(Event::Scored {
            seat: winner,
            kind: c.kind,
            points: removed + 1,
            reason: ScoreReason::ExternalWin,
            at: None,
        });
        self.sweep_leaders(ev);
    }

    fn next_to_leader(&self, i: usize) -> bool {
        let mut yes = false;
        self.for_neighbours(i, |n| {
            yes |= matches!(self.cells[n].content(), Content::Leader(..))
        });
        yes
    }

    fn finish_order<S: EventSink>(&mut self, ev: &mut S) {
        if self.sim.is_some() {
            // The simultaneous variant's execution step moves on by itself.
            return;
        }
        self.orders_left = self.orders_left.saturating_sub(1);
        if self.orders_left > 0 {
            self.phase = Phase::Order;
        } else {
            self.end_turn(ev);
        }
    }

    /// The end of a turn: merchants harvest artifacts (one choice at a
    /// time), then the game may end, else hands are refilled.
    pub(crate) fn end_turn<S: EventSink>(&mut self, ev: &mut S) {
        let regions = &self.regions;
        for step in 0..self.players {
            let q = (self.active + step) % self.players;
            let m = self.leaders[q as usize][Kind::Merchant.index()];
            if m == NOWHERE {
                continue;
            }
            let artifacts = regions.of(m as usize).map_or(0, |r| regions.artifacts(r));
            if artifacts >= 2 {
                self.phase = Phase::ChooseArtifact {
                    seat: q,
                    merchant: m,
                };
                return;
            }
        }
        if self.sim.is_some() {
            ev.event(Event::ResolutionEnded);
        } else {
            ev.event(Event::TurnEnded { seat: self.active });
        }
        if self.artifacts_on_board() <= 2 {
            self.phase = Phase::Over(EndReason::ArtifactsGone);
            ev.event(Event::GameOver {
                reason: EndReason::ArtifactsGone,
            });
        } else {
            if let Some(sim) = &mut self.sim {
                sim.normal_turns += 1;
            }
            self.phase = Phase::Refill;
        }
    }

    /// The cell with all content as given, for setups (no checks).
    pub(crate) fn set_cell(&mut self, i: usize, cell: Cell) {
        self.put_cell(i, cell);
    }
}

#[cfg(test)]
mod tests {
    use tabula_engine::{Game, GameRng, ToMove, settle_chance};

    use crate::regions::Regions;
    use crate::{DEFAULT_MAP, Kind, Options, StarTigris};

    /// The fast move check agrees with relabelling the board with the leader lifted.
    #[test]
    fn move_check_agrees_with_a_full_relabelling() {
        let mut checked = 0;
        for seed in 0..40 {
            let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, 3, seed).unwrap();
            let mut rng = GameRng::seeded(seed);
            while let ToMove::Seat(s) = g.to_move() {
                for p in 0..3u8 {
                    for k in Kind::ALL {
                        let Some(from) = g.leader(p, k) else { continue };
                        let lifted = Regions::compute(&g, Some(from));
                        for i in 0..g.cell_count() {
                            let slow = i != from
                                && g.check_leader_target(i).is_ok()
                                && lifted.around(&g, i).len() <= 1;
                            let fast = i != from && g.check_move_cell(from, i).is_ok();
                            assert_eq!(
                                fast,
                                slow,
                                "seed {seed}, leader at {}, target {}",
                                g.pos(from),
                                g.pos(i)
                            );
                            checked += 1;
                        }
                    }
                }
                let a = g.random_action(s, &mut rng).unwrap();
                g.apply(s, &a).unwrap();
                settle_chance(&mut g).unwrap();
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// The regions with one cell emptied, from the kept labels, are the
    /// regions a full labelling finds, for every occupied cell.
    #[test]
    fn regions_without_a_cell_and_the_split_agree_with_a_full_relabelling() {
        let mut checked = 0;
        for seed in 0..30 {
            let mut g = StarTigris::new(
                &Options::default(),
                DEFAULT_MAP,
                2 + seed as usize % 3,
                seed,
            )
            .unwrap();
            let mut rng = GameRng::seeded(seed);
            while let ToMove::Seat(s) = g.to_move() {
                for i in 0..g.cell_count() {
                    if g.cell(i).is_occupied() {
                        let full = Regions::compute(&g, Some(i));
                        assert_eq!(Regions::without(&g, i), full, "seed {seed}, cell {i}");
                        // The pieces a conflict at `i` works with: the
                        // regions next to `i`, each with its cells.
                        let split = g.split_at(i);
                        let around = full.around(&g, i);
                        assert_eq!(split.len(), around.len(), "seed {seed}, cell {i}");
                        for &l in around.as_slice() {
                            let cells: Vec<usize> = full.cells(&g, l).collect();
                            let part = split.part_of(cells[0], g.width()).unwrap();
                            assert_eq!(
                                split.cells(part, g.width()).collect::<Vec<_>>(),
                                cells,
                                "seed {seed}, cell {i}"
                            );
                        }
                        checked += 1;
                    }
                }
                let a = g.random_action(s, &mut rng).unwrap();
                g.apply(s, &a).unwrap();
                settle_chance(&mut g).unwrap();
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
