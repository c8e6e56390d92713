//! The heuristic evaluation bots use to judge a Star Tigris position.
//!
//! Documented, with the reasons for each weight, in `docs/star-tigris/ai.md`.
//! In short, for a seat:
//!
//! 1. Start from its points by kind and add *potential* for what it has
//!    built: each leader on the board is worth a fraction of a point of its
//!    kind, more when scientists guard it and when colonies of its kind
//!    back it in its region; a merchant leader in a region with two or more
//!    artifacts counts the artifacts it will take; a conflict being fought
//!    counts its likely gain or loss.
//! 2. Add the artifacts, each to the weakest kind at that moment (the final
//!    scoring rule).
//! 3. Sort the kinds, weakest first, and weigh them 1, 0.3, 0.1 and 0.03:
//!    the weakest kind is the score, the next ones break ties and are what
//!    the weakest may become.
//! 4. Add a little for bombers left and scientists in hand (reserves).
//!
//! Once the game is over the value is the final score with the same
//! weights and nothing else.

use tabula_engine::{Evaluate, Seat};

use crate::kind::Kind;
use crate::state::{Conflict, MAX_PLAYERS, NOWHERE, Phase, StarTigris};

/// Weights of the kinds sorted weakest first.
pub const KIND_WEIGHTS: [f64; 4] = [1.0, 0.3, 0.1, 0.03];
/// A leader on the board, before its guards and backing.
pub const LEADER_ON_BOARD: f64 = 0.4;
/// Each scientist colony beside a leader (up to three count).
pub const PER_GUARD: f64 = 0.12;
/// Each colony of the leader's kind in its region (up to six count).
pub const PER_BACKING: f64 = 0.05;
/// Each bomber left.
pub const BOMBER: f64 = 0.35;
/// Each scientist in hand (reserves for internal conflicts).
pub const HAND_SCIENTIST: f64 = 0.03;
/// Each other colonist in hand of a kind the seat has a leader of.
pub const HAND_BACKING: f64 = 0.015;
/// The lead, in evaluation points, that search treats as a near-certain win.
pub const SCALE: f64 = 1.5;

impl StarTigris {
    /// The heuristic value of the position for `seat` (see the module documentation).
    pub fn evaluation(&self, seat: u8) -> f64 {
        let backing = self.backing(1 << seat);
        self.evaluation_with(seat, &backing[seat as usize])
    }

    /// Every seat's [`StarTigris::evaluation`], in seat order, into `out`.
    pub fn evaluations(&self, out: &mut Vec<f64>) {
        out.clear();
        let backing = self.backing(u8::MAX);
        out.extend((0..self.players).map(|p| self.evaluation_with(p, &backing[p as usize])));
    }

    /// For each seat in the bit mask `seats`: colonies of each leader's
    /// kind in that leader's region, in one pass over the board.
    fn backing(&self, seats: u8) -> [[u32; 4]; MAX_PLAYERS] {
        let mut backing = [[0u32; 4]; MAX_PLAYERS];
        if self.phase.is_over() {
            return backing;
        }
        let regions = &self.regions;
        let mut region_of = [[u16::MAX; 4]; MAX_PLAYERS];
        let mut any = false;
        let players = self.players();
        for (p, (labels, leaders)) in region_of.iter_mut().zip(&self.leaders).enumerate() {
            if p >= players || seats & (1 << p) == 0 {
                continue;
            }
            for (label, &at) in labels.iter_mut().zip(leaders) {
                if at != NOWHERE {
                    *label = regions.of(at as usize).unwrap_or(u16::MAX);
                    any = true;
                }
            }
        }
        if !any {
            return backing;
        }
        for i in 0..self.cell_count() {
            let Some(kind) = self.cells[i].colony() else {
                continue;
            };
            let k = kind.index();
            let Some(r) = regions.of(i) else { continue };
            for (counts, labels) in backing.iter_mut().zip(&region_of).take(players) {
                if labels[k] == r {
                    counts[k] += 1;
                }
            }
        }
        backing
    }

    fn evaluation_with(&self, seat: u8, backing: &[u32; 4]) -> f64 {
        let p = seat as usize;
        let mut s = self.scores[p].map(f64::from);
        let mut artifacts = self.artifacts_held[p] as f64;
        if self.phase.is_over() {
            return weigh(assign(s, artifacts));
        }
        let regions = &self.regions;
        let mut leader_value = [0f64; 4];
        for k in 0..4 {
            let at = self.leaders[p][k];
            if at == NOWHERE {
                continue;
            }
            let mut guards = 0;
            self.for_neighbours(at as usize, |nb| {
                guards += self.cells[nb].is_scientist() as u32
            });
            leader_value[k] = LEADER_ON_BOARD
                + PER_GUARD * guards.min(3) as f64
                + PER_BACKING * backing[k].min(6) as f64;
            s[k] += leader_value[k];
            if k == Kind::Merchant.index() {
                let a = regions.of(at as usize).map_or(0, |r| regions.artifacts(r));
                if a >= 2 {
                    artifacts += (a - 1) as f64;
                }
            }
        }
        if let Phase::Conflict(c) = self.phase
            && (c.attacker == seat || c.defender == seat)
        {
            self.conflict_term(&c, seat, &mut s, &leader_value);
        }
        let hand = self.hands[p];
        let mut extra =
            BOMBER * self.bombers[p] as f64 + HAND_SCIENTIST * hand[Kind::Scientist.index()] as f64;
        for k in [Kind::Settler, Kind::Merchant, Kind::Mining] {
            if self.leaders[p][k.index()] != NOWHERE {
                extra += HAND_BACKING * hand[k.index()] as f64;
            }
        }
        weigh(assign(s, artifacts)) + extra
    }

    /// Expected gain or loss from the conflict being fought, for one of its sides.
    fn conflict_term(&self, c: &Conflict, seat: u8, s: &mut [f64; 4], leader_value: &[f64; 4]) {
        let k = c.commit_kind().index();
        let reserve = |q: u8, committed: u8, to_commit: bool| -> f64 {
            if to_commit {
                self.hands[q as usize][k] as f64
            } else {
                committed as f64
            }
        };
        let att =
            c.attacker_base as f64 + reserve(c.attacker, c.attacker_commit, !c.defender_to_commit);
        let def = c.defender_base as f64 + reserve(c.defender, c.defender_commit, true);
        // Ties go to the defender; the defender answers the attacker's commit.
        let p_att = 1.0 / (1.0 + (-(att - def - 0.5) * 1.5).exp());
        let (p_win, other_base) = if seat == c.attacker {
            (p_att, c.defender_base)
        } else {
            (1.0 - p_att, c.attacker_base)
        };
        let (gain_kind, gain) = if c.external {
            (c.kind.index(), other_base as f64 + 1.0)
        } else {
            (Kind::Scientist.index(), 1.0)
        };
        s[gain_kind] += p_win * gain;
        s[c.kind.index()] -= (1.0 - p_win) * leader_value[c.kind.index()];
    }
}

/// Add `artifacts` (possibly fractional) to the weakest kind, one at a time.
fn assign(mut s: [f64; 4], mut artifacts: f64) -> [f64; 4] {
    while artifacts > 0.0 {
        let step = artifacts.min(1.0);
        let mut min = 0;
        for k in 1..4 {
            if s[k] < s[min] {
                min = k;
            }
        }
        s[min] += step;
        artifacts -= step;
    }
    s
}

/// Sort weakest first and weigh.
fn weigh(mut s: [f64; 4]) -> f64 {
    s.sort_unstable_by(f64::total_cmp);
    s.iter().zip(KIND_WEIGHTS).map(|(v, w)| v * w).sum()
}

impl Evaluate for StarTigris {
    fn evaluate(&self, seat: Seat) -> f64 {
        self.evaluation(seat)
    }

    fn evaluate_all(&self, out: &mut Vec<f64>) {
        self.evaluations(out)
    }

    fn evaluation_scale(&self) -> f64 {
        SCALE
    }
}
