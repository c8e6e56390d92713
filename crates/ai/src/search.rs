//! The search bot: single-observer information-set Monte Carlo tree search
//! (Cowling, Powley and Whitehouse, 2012).
//!
//! The tree belongs to the deciding seat's information set: a node is a
//! sequence of actions from its view, whoever took them. Each iteration
//!
//! 1. samples a determinization of the view ([`Determinize`]), so hidden
//!    hands, the pool and future draws differ from one iteration to the
//!    next and the search never sees the real ones;
//! 2. **selects** down the tree with UCB1 over the children whose action is
//!    legal in this determinization, counting for each child how often it
//!    was available (its *availability*, used in place of the parent's
//!    visits); chance events are resolved with the determinization's RNG;
//! 3. **expands** one new child when the node may have more: *progressive
//!    widening* allows `ceil(widen × sqrt(visits))` children. Near the root
//!    (depth below `sweep`) the candidates come in the order of their
//!    one-step value under the ruleset's [`Evaluate`] (all legal actions
//!    ranked once per node); deeper, the best of `samples` random legal
//!    actions is added;
//! 4. **rolls out** with a fast policy — uniform random actions
//!    ([`tabula_engine::Game::random_action`]), or the best of `samples`
//!    random actions by one-step value — for `depth` actions or to the end;
//! 5. **backpropagates** a reward in `[0, 1]` for every seat: the outcome's
//!    reward if the game ended, else the evaluation's lead squashed by a
//!    logistic ([`crate::value::rewards`]). Each node adds the reward of
//!    the seat that took its action, so every seat plays for itself
//!    (2 to 4 seats).
//!
//! The move played is the root child visited most. The budget is a number
//! of iterations, a time limit, or both (whichever ends first).

use rustc_hash::FxHashSet;
use tabula_engine::{Determinize, Evaluate, GameRng, Seat, ToMove, settle_chance};

use crate::value::{after, one_step, rewards};
use crate::{Bot, Clock, default_clock};

/// The tree stops growing at this many nodes (iterations go on, rolling
/// out from its leaves), so long time budgets cannot exhaust memory.
pub const MAX_NODES: usize = 1_000_000;

/// Settings of the search bot.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Most iterations per move.
    pub iterations: u32,
    /// Most milliseconds per move, if limited (needs a clock; see [`Clock`]).
    pub ms: Option<u32>,
    /// Rollout length in actions before the evaluation is used; 0 plays to the end.
    pub depth: u32,
    /// Rollout policy and deep expansion: the best of this many random
    /// actions by one-step value (1: uniform random).
    pub samples: u32,
    /// The UCB1 exploration constant (rewards lie in `[0, 1]`).
    pub c: f64,
    /// Progressive widening: a node visited `n` times may have
    /// `ceil(widen × sqrt(n))` children.
    pub widen: f64,
    /// Nodes shallower than this rank all their legal actions by one-step value.
    pub sweep: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            iterations: 1000,
            ms: None,
            depth: 8,
            samples: 4,
            c: 0.5,
            widen: 1.0,
            sweep: 2,
        }
    }
}

/// What the last search did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run.
    pub iterations: u32,
    /// Time taken, in milliseconds (0 without a clock).
    pub millis: f64,
    /// Nodes in the tree.
    pub nodes: usize,
    /// Children of the root.
    pub root_children: usize,
    /// Visits of the chosen child.
    pub chosen_visits: u32,
    /// Mean reward of the chosen child for the deciding seat.
    pub chosen_value: f64,
}

/// The search bot (see the module documentation).
pub struct SearchBot {
    config: SearchConfig,
    spec: String,
    rng: GameRng,
    clock: Option<Clock>,
    stats: SearchStats,
}

impl SearchBot {
    /// A search bot with its settings, the spec it was made from, and a seed.
    pub fn new(config: SearchConfig, spec: String, seed: u64) -> Self {
        SearchBot {
            config,
            spec,
            rng: GameRng::seeded(seed),
            clock: default_clock(),
            stats: SearchStats::default(),
        }
    }

    /// The settings.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// What the last call to [`Bot::choose`] did.
    pub fn stats(&self) -> &SearchStats {
        &self.stats
    }
}

struct Node<A> {
    action: Option<A>,
    /// The seat that took `action` (its rewards are summed here).
    mover: Seat,
    depth: u32,
    children: Vec<usize>,
    visits: u32,
    avail: u32,
    reward: f64,
    /// The legal actions of the seat to move here, best first, once ranked.
    ranked: Option<Vec<A>>,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: Seat, depth: u32) -> Self {
        Node {
            action,
            mover,
            depth,
            children: Vec::new(),
            visits: 0,
            avail: 1,
            reward: 0.0,
            ranked: None,
        }
    }
}

impl<G: Determinize + Evaluate> Bot<G> for SearchBot {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn set_clock(&mut self, clock: Clock) {
        self.clock = Some(clock);
    }

    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action> {
        let start = self.clock.map(|c| c());
        let first = G::determinize(view, &mut self.rng).ok()?;
        let legal = first.legal_actions(seat);
        self.stats = SearchStats::default();
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        let mut tree = Tree::<G> {
            nodes: vec![Node::new(None, seat, 0)],
            cfg: &self.config,
            rewards: Vec::new(),
        };
        let mut iterations = 0;
        while iterations < self.config.iterations.max(1) {
            if let (Some(limit), Some(clock), Some(t0)) = (self.config.ms, self.clock, start)
                && iterations > 0
                && iterations % 4 == 0
                && clock() - t0 >= limit as f64
            {
                break;
            }
            let game = if iterations == 0 {
                first.clone()
            } else {
                match G::determinize(view, &mut self.rng) {
                    Ok(g) => g,
                    Err(_) => break,
                }
            };
            tree.iterate(game, &mut self.rng);
            iterations += 1;
        }
        let root = &tree.nodes[0];
        let best = root.children.iter().copied().max_by(|&a, &b| {
            let (na, nb) = (&tree.nodes[a], &tree.nodes[b]);
            na.visits
                .cmp(&nb.visits)
                .then(mean(na).total_cmp(&mean(nb)))
        })?;
        let chosen = &tree.nodes[best];
        self.stats = SearchStats {
            iterations,
            millis: match (self.clock, start) {
                (Some(c), Some(t0)) => c() - t0,
                _ => 0.0,
            },
            nodes: tree.nodes.len(),
            root_children: root.children.len(),
            chosen_visits: chosen.visits,
            chosen_value: mean(chosen),
        };
        chosen.action.clone()
    }
}

fn mean<A>(n: &Node<A>) -> f64 {
    if n.visits == 0 {
        0.0
    } else {
        n.reward / n.visits as f64
    }
}

struct Tree<'a, G: Determinize + Evaluate> {
    nodes: Vec<Node<G::Action>>,
    cfg: &'a SearchConfig,
    rewards: Vec<f64>,
}

impl<G: Determinize + Evaluate> Tree<'_, G> {
    /// One iteration on a fresh determinization.
    fn iterate(&mut self, mut game: G, rng: &mut GameRng) {
        let mut path = vec![0usize];
        let mut node = 0;
        loop {
            if settle_chance(&mut game).is_err() {
                break;
            }
            let seat = match game.to_move() {
                ToMove::Seat(s) => s,
                // Seats deciding at once are taken one after another; the
                // searching seat first, so that the root's children are its
                // own choices (the others' are unknown to it: a
                // determinization leaves them ungiven).
                ToMove::Simultaneous(set) if set.contains(self.nodes[0].mover) => {
                    self.nodes[0].mover
                }
                ToMove::Simultaneous(set) => match set.iter().next() {
                    Some(s) => s,
                    None => break,
                },
                ToMove::Over | ToMove::Chance => break,
            };
            let legal = game.legal_actions(seat);
            if legal.is_empty() {
                break;
            }
            let legal_set = Legal::new(&legal);
            let visits = self.nodes[node].visits;
            let allowed = (self.cfg.widen * (visits as f64 + 1.0).sqrt())
                .ceil()
                .max(1.0) as usize;
            // Children available in this determinization; the best by UCB1.
            let mut best: Option<(usize, f64)> = None;
            let mut any_available = false;
            for ci in 0..self.nodes[node].children.len() {
                let child = self.nodes[node].children[ci];
                let c = &mut self.nodes[child];
                let Some(a) = &c.action else { continue };
                if c.mover != seat || !legal_set.contains(a) {
                    continue;
                }
                any_available = true;
                c.avail += 1;
                let ucb =
                    mean(c) + self.cfg.c * ((c.avail as f64).ln() / c.visits.max(1) as f64).sqrt();
                if best.is_none_or(|(_, u)| ucb > u) {
                    best = Some((child, ucb));
                }
            }
            let n_children = self.nodes[node].children.len();
            if (n_children < allowed || !any_available)
                && self.nodes.len() < MAX_NODES
                && let Some(action) = self.candidate(node, &game, seat, &legal, &legal_set, rng)
            {
                let Some(next) = after(&game, seat, &action) else {
                    break;
                };
                let depth = self.nodes[node].depth + 1;
                self.nodes.push(Node::new(Some(action), seat, depth));
                let child = self.nodes.len() - 1;
                self.nodes[node].children.push(child);
                path.push(child);
                game = next;
                break;
            }
            let Some((child, _)) = best else { break };
            let Some(action) = self.nodes[child].action.clone() else {
                break;
            };
            if game.apply(seat, &action).is_err() {
                break;
            }
            path.push(child);
            node = child;
        }
        self.rollout(&mut game, rng);
        rewards(&game, &mut self.rewards);
        self.nodes[0].visits += 1;
        for &n in &path[1..] {
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.reward += self
                .rewards
                .get(node.mover as usize)
                .copied()
                .unwrap_or(0.0);
        }
    }

    /// A legal action of `seat` not yet a child of `node`, to expand.
    fn candidate(
        &mut self,
        node: usize,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        legal_set: &Legal<'_, G::Action>,
        rng: &mut GameRng,
    ) -> Option<G::Action> {
        let children: Vec<G::Action> = self.nodes[node]
            .children
            .iter()
            .filter(|&&c| self.nodes[c].mover == seat)
            .filter_map(|&c| self.nodes[c].action.clone())
            .collect();
        let children = Legal::new(&children);
        let is_child = |a: &G::Action| children.contains(a);
        if self.nodes[node].depth < self.cfg.sweep {
            if self.nodes[node].ranked.is_none() {
                let mut scored: Vec<(f64, usize)> = legal
                    .iter()
                    .enumerate()
                    .map(|(i, a)| (one_step(game, seat, a), i))
                    .collect();
                // Best first; equal values in a random order.
                for i in (1..scored.len()).rev() {
                    scored.swap(i, rng.index(i + 1));
                }
                tabula_engine::small_sort::sort_by(&mut scored, |a, b| b.0.total_cmp(&a.0));
                self.nodes[node].ranked =
                    Some(scored.iter().map(|&(_, i)| legal[i].clone()).collect());
            }
            let ranked = self.nodes[node].ranked.as_ref()?;
            return ranked
                .iter()
                .find(|a| legal_set.contains(a) && !is_child(a))
                .cloned();
        }
        let mut best: Option<(f64, G::Action)> = None;
        for _ in 0..self.cfg.samples.max(2) {
            let a = &legal[rng.index(legal.len())];
            if is_child(a) {
                continue;
            }
            let v = one_step(game, seat, a);
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, a.clone()));
            }
        }
        best.map(|(_, a)| a)
    }

    /// Play the rollout policy for `depth` actions (or to the end).
    fn rollout(&self, game: &mut G, rng: &mut GameRng) {
        let mut steps = 0;
        loop {
            if self.cfg.depth > 0 && steps >= self.cfg.depth {
                return;
            }
            if settle_chance(game).is_err() {
                return;
            }
            let seat = match game.to_move() {
                ToMove::Seat(s) => s,
                ToMove::Simultaneous(set) => match set.iter().next() {
                    Some(s) => s,
                    None => return,
                },
                ToMove::Over | ToMove::Chance => return,
            };
            let action = if self.cfg.samples <= 1 {
                game.random_action(seat, rng)
            } else {
                let mut best: Option<(f64, G::Action)> = None;
                for _ in 0..self.cfg.samples {
                    let Some(a) = game.random_action(seat, rng) else {
                        break;
                    };
                    let v = one_step(game, seat, &a);
                    if best.as_ref().is_none_or(|(b, _)| v > *b) {
                        best = Some((v, a));
                    }
                }
                best.map(|(_, a)| a)
            };
            let Some(action) = action else { return };
            if game.apply(seat, &action).is_err() {
                return;
            }
            steps += 1;
        }
    }
}

/// A list of actions asked "does it hold this one?" many times: a plain
/// scan while short, a hash set once long (a Catan turn lists hundreds of
/// trade offers).
struct Legal<'a, A> {
    list: Vec<&'a A>,
    set: Option<FxHashSet<&'a A>>,
}

impl<'a, A: Eq + std::hash::Hash> Legal<'a, A> {
    /// Longer lists than this are held in a set.
    const SCAN: usize = 24;

    fn new(actions: &'a [A]) -> Self {
        Self::from_refs(actions.iter().collect())
    }

    fn from_refs(list: Vec<&'a A>) -> Self {
        if list.len() > Self::SCAN {
            Legal {
                set: Some(list.into_iter().collect()),
                list: Vec::new(),
            }
        } else {
            Legal { list, set: None }
        }
    }

    fn contains(&self, a: &A) -> bool {
        match &self.set {
            Some(set) => set.contains(a),
            None => self.list.contains(&a),
        }
    }
}
