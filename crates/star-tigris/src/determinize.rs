//! Rebuilding a full state from one seat's view, for bots that must not cheat.
//!
//! A [`View`] shows the board, the public counts and the viewing seat's own
//! hand and swaps. What the seat cannot see is which of the colonists it
//! cannot account for lie in each other hand, in each other seat's face-down
//! swaps and in the pool. Those *unseen* colonists are, by kind,
//!
//! ```text
//! colonists in the game − on the board − removed − committed to the conflict
//!                       − in the seat's hand − swapped by the seat
//! ```
//!
//! and [`StarTigris::determinize`] deals them out uniformly at random into
//! the other hands (whose sizes are public), the other seats' swaps (counts
//! public) and the pool (size public). Other seats' hidden scores are
//! estimated as equal to the viewing seat's own (the seat saw every point
//! being scored, but the view does not keep that history; a mirror is the
//! neutral guess). The RNG is seeded afresh, so future draws are unknown.

use tabula_engine::{Determinize, GameRng};

use crate::kind::Kind;
use crate::map::MAX_SIDE;
use crate::regions::Regions;
use crate::simultaneous::{MAX_QUEUE, Queued, Sim};
use crate::state::{
    BOMBERS, Cell, Content, HAND_SIZE, MAX_CELLS, MAX_PLAYERS, NOWHERE, Phase, StarTigris,
};
use crate::view::{SimView, View};

impl Determinize for StarTigris {
    fn determinize(view: &View, rng: &mut GameRng) -> Result<StarTigris, String> {
        StarTigris::from_view(view, rng)
    }
}

impl StarTigris {
    /// A full state consistent with `view`, hidden parts drawn with `rng`
    /// (see the module documentation); an error when the view could not
    /// come from [`View::of`].
    pub fn from_view(view: &View, rng: &mut GameRng) -> Result<StarTigris, String> {
        let (w, h) = (view.width as usize, view.height as usize);
        let n = w * h;
        if w == 0
            || h == 0
            || w > MAX_SIDE
            || h > MAX_SIDE
            || n > MAX_CELLS
            || view.cells.len() != n
        {
            return Err(format!("a {w}×{h} board with {} cells", view.cells.len()));
        }
        let players = view.players.len();
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(format!("{players} players"));
        }
        let seat = view.seat as usize;
        if seat >= players || view.active as usize >= players {
            return Err("the viewing or active seat is not at the table".into());
        }
        let me = &view.players[seat];
        let (Some(hand), Some(swapped)) = (me.hand, me.swapped_kinds) else {
            return Err("the view does not show the seat's own hand and swaps".into());
        };
        let mut g = StarTigris {
            width: view.width,
            height: view.height,
            players: players as u8,
            cells: [Cell::default(); MAX_CELLS],
            leaders: [[NOWHERE; 4]; MAX_PLAYERS],
            hands: [[0; 4]; MAX_PLAYERS],
            scores: [[0; 4]; MAX_PLAYERS],
            artifacts_held: [0; MAX_PLAYERS],
            bombers: [0; MAX_PLAYERS],
            swapped: [[0; 4]; MAX_PLAYERS],
            removed: view.removed,
            pool: [0; 4],
            artifacts_lost: view.artifacts_lost,
            active: view.active,
            orders_left: view.orders_left,
            turn: view.turn,
            phase: view.phase,
            open_scores: view.open_scores,
            rng: GameRng::seeded(rng.next_u64()),
            regions: Regions::default(),
            sets: Default::default(),
            sim: None,
        };
        // The board.
        for (i, c) in view.cells.iter().enumerate() {
            let mut cell = Cell::terrain(c.uninhabitable);
            if c.destroyed {
                if c.colony.is_some() || c.leader.is_some() || c.artifact {
                    return Err(format!("destroyed cell {} is occupied", g.pos(i)));
                }
                cell = cell.destroyed();
            } else {
                cell = match (c.colony, c.leader) {
                    (Some(_), Some(_)) => {
                        return Err(format!("cell {} holds a colony and a leader", g.pos(i)));
                    }
                    (Some(k), None) => cell.with(Content::Colony(k)),
                    (None, Some((p, k))) => {
                        if p as usize >= players {
                            return Err(format!("a leader of seat {p} at {}", g.pos(i)));
                        }
                        cell.with(Content::Leader(p, k))
                    }
                    (None, None) => cell,
                };
                if c.artifact {
                    if c.colony.is_none() {
                        return Err(format!("an artifact without a colony at {}", g.pos(i)));
                    }
                    cell = cell.with_artifact(true);
                }
                if c.held {
                    if c.colony.is_none() || view.sim.is_none() {
                        return Err(format!("a held cell without a colony at {}", g.pos(i)));
                    }
                    cell = cell.with_held(true);
                }
            }
            g.cells[i] = cell;
        }
        // Players: public pieces, the seat's own hand and swaps.
        for (p, pv) in view.players.iter().enumerate() {
            for k in Kind::ALL {
                if let Some(pos) = pv.leaders[k.index()] {
                    let i = g
                        .index(pos)
                        .ok_or_else(|| format!("a leader off the board at {pos}"))?;
                    if g.cells[i].content() != Content::Leader(p as u8, k) {
                        return Err(format!("seat {p}'s {k} leader is not on {pos}"));
                    }
                    g.leaders[p][k.index()] = i as u16;
                }
            }
            if pv.bombers > BOMBERS || pv.hand_size > HAND_SIZE {
                return Err(format!("seat {p}'s bombers or hand size are out of range"));
            }
            g.bombers[p] = pv.bombers;
            g.artifacts_held[p] = pv.artifacts;
        }
        for i in 0..n {
            if let Content::Leader(p, k) = g.cells[i].content()
                && g.leaders[p as usize][k.index()] as usize != i
            {
                return Err(format!("a stray leader at {}", g.pos(i)));
            }
        }
        if crate::kind::total(&hand) != me.hand_size as u32
            || swapped.iter().map(|&x| x as u32).sum::<u32>() != me.swapped as u32
        {
            return Err("the seat's hand or swaps disagree with their sizes".into());
        }
        g.hands[seat] = hand;
        g.swapped[seat] = swapped;
        check_phase(&view.phase, players, n)?;
        // Scores: known ones as shown, hidden ones mirror the seat's own.
        let own = me
            .score
            .ok_or("the view does not show the seat's own score")?;
        for (p, pv) in view.players.iter().enumerate() {
            g.scores[p] = pv.score.unwrap_or(own);
        }
        if let Some(sv) = &view.sim {
            g.sim = Some(Sim::from_view(sv, view, n)?);
        }
        g.relabel_all();
        // The unseen colonists, dealt out at random.
        let board = g.colonies_on_board();
        let committed = g.committed();
        let mut unseen = [0u32; 4];
        for k in 0..4 {
            let seen = board[k]
                + view.removed[k] as u32
                + committed[k]
                + hand[k] as u32
                + swapped[k] as u32;
            unseen[k] = view.colonists[k].checked_sub(seen).ok_or_else(|| {
                format!(
                    "the seat sees {seen} {} colonists but the game has {}",
                    Kind::from_index(k),
                    view.colonists[k]
                )
            })?;
        }
        let hidden_slots: u32 = view.pool_size
            + view
                .players
                .iter()
                .enumerate()
                .filter(|&(p, _)| p != seat)
                .map(|(_, pv)| pv.hand_size as u32 + pv.swapped as u32)
                .sum::<u32>();
        if unseen.iter().sum::<u32>() != hidden_slots {
            return Err(format!(
                "{} unseen colonists for {hidden_slots} hidden places",
                unseen.iter().sum::<u32>()
            ));
        }
        for (p, pv) in view.players.iter().enumerate() {
            if p == seat {
                continue;
            }
            for _ in 0..pv.hand_size {
                g.hands[p][draw(&mut unseen, rng)] += 1;
            }
            for _ in 0..pv.swapped {
                g.swapped[p][draw(&mut unseen, rng)] += 1;
            }
        }
        for (pool, &left) in g.pool.iter_mut().zip(&unseen) {
            *pool = u16::try_from(left).map_err(|_| "the pool is too large")?;
        }
        Ok(g)
    }
}

/// Take one colonist from the multiset `left`, uniformly; returns its kind index.
fn draw(left: &mut [u32; 4], rng: &mut GameRng) -> usize {
    let total: u32 = left.iter().sum();
    let mut x = rng.below(total as u64) as u32;
    for (k, n) in left.iter_mut().enumerate() {
        if x < *n {
            *n -= 1;
            return k;
        }
        x -= *n;
    }
    // Unreachable: callers check that enough colonists are left.
    0
}

/// Check that the phase names seats at the table and cells on the board.
fn check_phase(phase: &Phase, players: usize, cells: usize) -> Result<(), String> {
    let ok = match *phase {
        Phase::Conflict(c) => {
            (c.attacker as usize) < players
                && (c.defender as usize) < players
                && (c.cell as usize) < cells
        }
        Phase::ChooseConflict { cell, .. } => (cell as usize) < cells,
        Phase::Combat(c) => {
            (c.attacker as usize) < players
                && (c.defender as usize) < players
                && c.attacker != c.defender
                && (c.cell as usize) < cells
        }
        Phase::Execute { step } => (step as usize) < 2 * players,
        Phase::ChooseArtifact { seat, merchant } => {
            (seat as usize) < players && (merchant as usize) < cells
        }
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err("the phase names a seat or a cell that does not exist".into())
    }
}

impl Sim {
    /// The variant's turn as far as the viewing seat knows it: other seats'
    /// orders and commitments are unknown until revealed, so they are left
    /// ungiven (a search plays them as it plays any other seat's choice).
    fn from_view(sv: &SimView, view: &View, cells: usize) -> Result<Sim, String> {
        let players = view.players.len();
        let seat = view.seat;
        let mut order = [0u8, 1, 2, 3];
        if sv.order.len() != players
            || (0..players as u8).any(|p| !sv.order.contains(&p))
            || sv.sealed.len() != players
            || sv.orders.len() != players
            || sv.queue.len() > MAX_QUEUE
        {
            return Err("the simultaneous turn does not fit the table".into());
        }
        order[..players].copy_from_slice(&sv.order);
        let fits = |q: &Queued| {
            (q.cell as usize) < cells
                && (q.by as usize) < players
                && (q.defender as usize) < players
        };
        if !sv.queue.iter().all(fits) || !fits(&sv.fighting) {
            return Err("a queued conflict names a seat or a cell that does not exist".into());
        }
        let mut sim = Sim::empty(sv.mode);
        sim.normal_turns = sv.normal_turns;
        sim.order = order;
        sim.skipped = sv.skipped;
        sim.fighting = sv.fighting;
        for q in &sv.queue {
            sim.queue[sim.queued as usize] = *q;
            sim.queued += 1;
        }
        let revealed = sv.revealed();
        for p in 0..players {
            if !(revealed || p == seat as usize) {
                continue;
            }
            let orders = sv.orders[p]
                .as_ref()
                .ok_or("the view hides orders it should show")?;
            if orders.len() > 2 {
                return Err(format!("seat {p} gave {} orders", orders.len()));
            }
            for (j, o) in orders.iter().enumerate() {
                sim.orders[p][j] = Some(*o);
            }
            if sv.sealed[p] {
                sim.sealed = sim.sealed.with(p as u8);
            }
        }
        if let Phase::Combat(c) = view.phase {
            let side = if c.attacker == seat {
                0
            } else if c.defender == seat {
                1
            } else {
                2
            };
            if side < 2 {
                sim.commits[side] = sv.own_commit;
            }
        }
        Ok(sim)
    }
}
