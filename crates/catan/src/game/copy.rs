//! Copying one game over another while keeping the target's storage: what
//! keeps a seat's view and a bot's determinization from allocating anew
//! for every decision ([`tabula_engine::Game::write_view`],
//! [`tabula_engine::Determinize::determinize_into`]).

use super::state::{Catan, Player};

impl Player {
    /// Make `self` equal to `src`, reusing `self`'s lists.
    pub fn copy_from(&mut self, src: &Player) {
        // Every field named, so a new field cannot be forgotten here.
        let Player {
            hand,
            progress,
            shown,
            defender,
            levels,
            settlements_left,
            cities_left,
            roads_left,
            walls_left,
            knights_left,
            dev,
            knights_played,
        } = src;
        self.hand = *hand;
        self.progress.clone_from(progress);
        self.shown.clone_from(shown);
        self.defender = *defender;
        self.levels = *levels;
        self.settlements_left = *settlements_left;
        self.cities_left = *cities_left;
        self.roads_left = *roads_left;
        self.walls_left = *walls_left;
        self.knights_left = *knights_left;
        self.dev.clone_from(dev);
        self.knights_played = *knights_played;
    }
}

impl Catan {
    /// Make `self` equal to `src` (as [`Clone::clone`] would), reusing
    /// `self`'s lists instead of allocating new ones.
    pub fn copy_from(&mut self, src: &Catan) {
        // Every field named, so a new field cannot be forgotten here.
        let Catan {
            options,
            board,
            topo,
            numbers,
            buildings,
            knights,
            roads,
            robber,
            merchant,
            players,
            bank,
            decks,
            progress_total,
            defender_left,
            barbarians,
            robber_awake,
            metropolis,
            longest_road,
            road_lengths,
            largest_army,
            dev_deck,
            dev_played,
            current,
            turn,
            phase,
            steps,
            roll,
            chosen_dice,
            fixed_event,
            crane,
            fleet,
            harbor_offered,
            offers_made,
            setup_done,
            winner,
            rng,
            log,
            hidden,
        } = src;
        self.options.clone_from(options);
        self.board.clone_from(board);
        self.topo.clone_from(topo);
        self.numbers.clone_from(numbers);
        self.buildings.clone_from(buildings);
        self.knights.clone_from(knights);
        self.roads.clone_from(roads);
        self.robber = *robber;
        self.merchant = *merchant;
        self.players.truncate(players.len());
        for (dst, p) in self.players.iter_mut().zip(players) {
            dst.copy_from(p);
        }
        let kept = self.players.len();
        self.players.extend(players[kept..].iter().cloned());
        self.bank = *bank;
        for (dst, d) in self.decks.iter_mut().zip(decks) {
            dst.clone_from(d);
        }
        self.progress_total = *progress_total;
        self.defender_left = *defender_left;
        self.barbarians = *barbarians;
        self.robber_awake = *robber_awake;
        self.metropolis = *metropolis;
        self.longest_road = *longest_road;
        self.road_lengths = *road_lengths;
        self.largest_army = *largest_army;
        self.dev_deck.clone_from(dev_deck);
        self.dev_played = *dev_played;
        self.current = *current;
        self.turn = *turn;
        self.phase = *phase;
        self.steps.clone_from(steps);
        self.roll = *roll;
        self.chosen_dice = *chosen_dice;
        self.fixed_event = *fixed_event;
        self.crane = *crane;
        self.fleet = *fleet;
        self.harbor_offered = *harbor_offered;
        self.offers_made = *offers_made;
        self.setup_done = *setup_done;
        self.winner = *winner;
        self.rng = rng.clone();
        self.log.clone_from(log);
        self.hidden = *hidden;
    }
}

#[cfg(test)]
mod tests {
    use tabula_engine::{Game, GameRng, Ruleset, ToMove, settle_chance};

    use crate::game::options::Options;
    use crate::game::state::Catan;

    /// Copying over a game of another size and stage gives the same game.
    #[test]
    fn a_copy_over_another_game_equals_a_clone() {
        let ck = Options::default();
        let base = Options {
            cities_and_knights: false,
            ..Options::default()
        };
        let mut rng = GameRng::seeded(3);
        let mut games = Vec::new();
        for (o, seats, seed, steps) in [(&ck, 4, 1, 300), (&base, 3, 2, 150), (&base, 4, 5, 0)] {
            let mut g = Catan::new_game(o, None, seats, seed).unwrap();
            settle_chance(&mut g).unwrap();
            for _ in 0..steps {
                let seat = match g.to_move() {
                    ToMove::Seat(s) => s,
                    ToMove::Simultaneous(set) => set.iter().next().unwrap(),
                    _ => break,
                };
                let a = g.random_action(seat, &mut rng).unwrap();
                g.apply(seat, &a).unwrap();
                settle_chance(&mut g).unwrap();
            }
            games.push(g);
        }
        for src in &games {
            for dst in &games {
                let mut copy = dst.clone();
                copy.copy_from(src);
                assert_eq!(copy.state_hash(), src.state_hash());
                assert_eq!(
                    serde_json::to_string(&copy).unwrap(),
                    serde_json::to_string(src).unwrap()
                );
            }
        }
    }

    /// Determinizing into a kept state draws the same state as determinizing anew.
    #[test]
    fn determinize_into_a_kept_state_equals_determinize() {
        use tabula_engine::Determinize;
        let base = Options {
            cities_and_knights: false,
            ..Options::default()
        };
        let mut rng = GameRng::seeded(9);
        let mut kept: Option<Catan> = None;
        for o in [&base, &Options::default()] {
            let mut g = Catan::new_game(o, None, 4, 11).unwrap();
            settle_chance(&mut g).unwrap();
            for step in 0..400 {
                let seat = match g.to_move() {
                    ToMove::Seat(s) => s,
                    ToMove::Simultaneous(set) => set.iter().next().unwrap(),
                    _ => break,
                };
                if step % 7 == 0 {
                    let view = g.player_view(seat);
                    let fresh = Catan::determinize(&view, &mut GameRng::seeded(step)).unwrap();
                    let out = kept.get_or_insert_with(|| fresh.clone());
                    Catan::determinize_into(&view, &mut GameRng::seeded(step), out).unwrap();
                    assert_eq!(out.state_hash(), fresh.state_hash(), "step {step}");
                    assert_eq!(
                        serde_json::to_string(&*out).unwrap(),
                        serde_json::to_string(&fresh).unwrap()
                    );
                }
                let a = g.random_action(seat, &mut rng).unwrap();
                g.apply(seat, &a).unwrap();
                settle_chance(&mut g).unwrap();
            }
        }
    }
}
