//! The hooks the shared conformance suite needs: invariants and arbitrary
//! (possibly illegal) actions.

use tabula_engine::GameRng;
use tabula_engine::conformance::Conformance;

use crate::board::{Dir, NO_PLAYER, NONE, Thing};
use crate::rules::{Action, Domains};

impl Domains {
    /// Check the invariants that hold in every reachable state.
    pub fn invariants(&self) -> Result<(), String> {
        let b = &self.board;
        let o = &b.options;
        let players = b.player_count();
        for (id, u) in b.units.iter().enumerate() {
            if !u.alive() {
                continue;
            }
            if u.player as usize >= players {
                return Err(format!("unit {id} has player {}", u.player));
            }
            if b.square(u.at).thing != Thing::Unit(id as u16) {
                return Err(format!("unit {id} is not on its square"));
            }
            if !(o.energy_min..=o.energy_max).contains(&u.energy) {
                return Err(format!("unit {id} has energy {}", u.energy));
            }
        }
        let mut bubbles = 0;
        let mut bonuses = 0;
        for (at, s) in b.squares.iter().enumerate() {
            match s.thing {
                Thing::Empty => {}
                Thing::Unit(u) => {
                    let unit = &b.units[u as usize];
                    if !unit.alive() || unit.at as usize != at {
                        return Err(format!("square {at} holds a stray unit {u}"));
                    }
                }
                Thing::Bubble(x) => {
                    bubbles += 1;
                    match b.bubbles.get(x as usize).copied().flatten() {
                        Some(bb) if bb.at as usize == at => {}
                        _ => return Err(format!("square {at} holds a stray bubble {x}")),
                    }
                }
                Thing::Bonus(x) => {
                    bonuses += 1;
                    if b.bonuses.get(x as usize).map(|s| s.at as usize) != Some(at) {
                        return Err(format!("square {at} holds a stray bonus {x}"));
                    }
                }
            }
            if s.paint != NO_PLAYER && s.paint as usize >= players {
                return Err(format!("square {at} painted by {}", s.paint));
            }
            if s.zone > 0 && s.paint == NO_PLAYER {
                return Err(format!("square {at} is an unpainted zone"));
            }
            if s.drawer != NONE {
                let d = &b.units[s.drawer as usize];
                if !d.alive() {
                    return Err(format!("square {at} is drawn by dead unit {}", s.drawer));
                }
                if d.player == s.paint {
                    return Err(format!("square {at} is drawn on its drawer's own paint"));
                }
                if !d.trail.contains(&(at as u16)) {
                    return Err(format!("square {at} is missing from its drawer's trail"));
                }
            }
        }
        if bubbles != b.bubbles.iter().flatten().count() {
            return Err("a bubble is off the board".into());
        }
        if bonuses != b.bonuses.iter().filter(|s| s.at != NONE).count() {
            return Err("a bonus is off the board".into());
        }
        for p in 0..players as u8 {
            let n = b.unit_count(p);
            if n > o.max_units as usize {
                return Err(format!("player {p} has {n} units"));
            }
            let up = b
                .units
                .iter()
                .filter(|u| u.player == p && u.upgraded)
                .count();
            if up != b.board_upgraded(p) {
                return Err(format!("player {p}'s upgrade count is wrong"));
            }
            if up > o.bonuses_per_player as usize {
                return Err(format!("player {p} has {up} upgraded units"));
            }
            if b.players[p as usize].score < 0 {
                return Err(format!("player {p} has a negative score"));
            }
        }
        Ok(())
    }
}

impl crate::board::Board {
    fn board_upgraded(&self, p: u8) -> usize {
        self.players[p as usize].upgraded as usize
    }
}

impl Conformance for Domains {
    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn arbitrary_action(&self, rng: &mut GameRng) -> Action {
        let unit = rng.below(self.board.units.len() as u64 + 2) as u16;
        let dir = Dir::ALL[rng.index(9)];
        match rng.below(4) {
            0 => Action::Move { unit, dir },
            1 => Action::Attack { unit, dir },
            2 => Action::Ability { unit },
            _ => Action::End,
        }
    }
}
