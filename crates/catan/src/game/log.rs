//! What happened, for a page's log and its board marks: the results of
//! an action or a roll that the action itself does not say (who produced
//! what, a theft, a draw, the barbarians' attack, Longest Road or Largest
//! Army changing hands, the winner). Written down only while a page
//! plays through [`Catan::apply_logged`] or [`Catan::apply_chance_logged`];
//! searches and benchmarks pay nothing. A stolen or drawn card is seen
//! only by those who may see it ([`Event::seen_by`]).

use serde::{Deserialize, Serialize};
use tabula_engine::{Game, Seat};

use super::action::Action;
use super::cards::{Card, Hand, Progress, Track};
use super::contract::Refusal;
use super::state::Catan;

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// The dice were rolled.
    Rolled {
        /// The red die.
        red: u8,
        /// The white die.
        white: u8,
        /// The event die (Cities & Knights): `Some(None)` a ship,
        /// `Some(Some(track))` a city gate.
        event: Option<Option<Track>>,
    },
    /// A seat's cards from a roll.
    Produced {
        /// Who.
        seat: Seat,
        /// What they got.
        cards: Hand,
    },
    /// The bank had too few of a card for everyone owed it: nobody got any.
    Shortage {
        /// The card.
        card: Card,
    },
    /// A card taken at random from one seat by another.
    Stole {
        /// Who took it.
        thief: Seat,
        /// From whom.
        victim: Seat,
        /// The card; `None` for a seat that may not see it.
        card: Option<Card>,
    },
    /// A progress card drawn.
    Drew {
        /// Who drew.
        seat: Seat,
        /// From which deck.
        track: Track,
        /// The card; `None` for a seat that may not see it (a victory
        /// point card is laid out at once and seen by all).
        card: Option<Progress>,
    },
    /// The barbarians landed.
    Attack {
        /// Their strength: the cities on the board.
        barbarians: u32,
        /// Each seat's active knights' strength.
        knights: Vec<u32>,
        /// Whether the knights held them off.
        repelled: bool,
        /// Who loses a city (each chooses which).
        #[serde(default)]
        losers: Vec<Seat>,
        /// Who became Defender of Catan (a victory point card).
        #[serde(default)]
        defender: Option<Seat>,
        /// The strongest defenders, tied: each draws a progress card.
        #[serde(default)]
        drawers: Vec<Seat>,
    },
    /// Two seats traded cards on an offer.
    Traded {
        /// Who made the offer (the seat whose turn it is).
        seat: Seat,
        /// With whom.
        with: Seat,
        /// What the offerer gave: a card and how many.
        gave: (Card, u8),
        /// What the offerer got.
        got: (Card, u8),
    },
    /// Longest Road changed hands (`None`: nobody holds it now).
    LongestRoad {
        /// The new holder.
        holder: Option<Seat>,
    },
    /// Largest Army changed hands.
    LargestArmy {
        /// The new holder.
        holder: Option<Seat>,
    },
    /// The game is won.
    Won {
        /// By whom.
        seat: Seat,
    },
}

impl Event {
    /// The event as `viewer` may know it (`None`: a watcher who is no
    /// seat): another seat's stolen or drawn card becomes unknown.
    pub fn seen_by(&self, viewer: Option<Seat>) -> Event {
        match *self {
            Event::Stole {
                thief,
                victim,
                card,
            } => Event::Stole {
                thief,
                victim,
                card: card.filter(|_| viewer == Some(thief) || viewer == Some(victim)),
            },
            Event::Drew { seat, track, card } => Event::Drew {
                seat,
                track,
                card: card.filter(|c| c.is_point() || viewer == Some(seat)),
            },
            ref other => other.clone(),
        }
    }
}

impl Catan {
    /// Write `event` down if a page is listening.
    pub(crate) fn note(&mut self, event: Event) {
        if let Some(log) = &mut self.log {
            log.push(event);
        }
    }

    /// [`Game::apply`], writing down what happened into `log` (nothing
    /// when the action is refused, and the state is unchanged then).
    pub fn apply_logged(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        self.log = Some(Vec::new());
        let result = self.apply(seat, action);
        log.extend(self.log.take().unwrap_or_default());
        result
    }

    /// [`Game::apply_chance`] (the dice), writing down what happened.
    pub fn apply_chance_logged(&mut self, log: &mut Vec<Event>) -> Result<(), Refusal> {
        self.log = Some(Vec::new());
        let result = self.apply_chance();
        log.extend(self.log.take().unwrap_or_default());
        result
    }
}

#[cfg(test)]
mod tests {
    use tabula_engine::{GameRng, ToMove};

    use super::*;
    use crate::CheckedBoard;
    use crate::game::options::Options;

    struct Run {
        events: Vec<Event>,
        produced_matches: usize,
    }

    /// A random game played through the logged calls, checking on the
    /// way that the state is the one plain `apply` reaches and that every
    /// roll's production is what the hands gained.
    fn run(options: &Options, seats: usize, seed: u64) -> Run {
        let board = CheckedBoard::from_text(crate::STANDARD_BOARD).unwrap();
        let mut g = Catan::new(options, &board, seats, seed).unwrap();
        let mut plain = g.clone();
        let mut rng = GameRng::seeded(seed);
        let mut events = Vec::new();
        let mut produced_matches = 0;
        for _ in 0..40_000 {
            let mut now = Vec::new();
            match g.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let before: Vec<Hand> = g.players.iter().map(|p| p.hand).collect();
                    let outlook = g.barbarian_outlook();
                    let defenders: Vec<u8> = g.players.iter().map(|p| p.defender).collect();
                    g.apply_chance_logged(&mut now).unwrap();
                    plain.apply_chance().unwrap();
                    for e in &now {
                        if let Event::Attack {
                            losers,
                            defender,
                            drawers,
                            ..
                        } = e
                        {
                            // What the barbarians' panel said before the
                            // roll is what happens.
                            assert_eq!(
                                (losers, defender, drawers),
                                (&outlook.losers, &outlook.defender, &outlook.drawers),
                                "seed {seed}"
                            );
                            if let Some(d) = defender {
                                assert_eq!(
                                    g.players[*d as usize].defender,
                                    defenders[*d as usize] + 1
                                );
                            }
                            for l in losers {
                                assert!(
                                    g.steps
                                        .contains(&crate::game::state::Step::Pillage { seat: *l })
                                );
                            }
                        }
                    }
                    // A roll's production is all the hands gained, unless
                    // a step of the roll moved cards too (none does before
                    // anyone acts, but a 7's robber waits for an action).
                    let mut gained = vec![Hand::EMPTY; seats];
                    for e in &now {
                        if let Event::Produced { seat, cards } = e {
                            gained[*seat as usize].add_all(cards);
                        }
                    }
                    for s in 0..seats {
                        let mut expect = before[s];
                        expect.add_all(&gained[s]);
                        assert_eq!(
                            g.players[s].hand, expect,
                            "seed {seed}: seat {s}'s production"
                        );
                    }
                    produced_matches += 1;
                }
                ToMove::Seat(s) => {
                    let a = g.random_action(s, &mut rng).unwrap();
                    g.apply_logged(s, &a, &mut now).unwrap();
                    plain.apply(s, &a).unwrap();
                }
                ToMove::Simultaneous(set) => {
                    let s = set.iter().next().unwrap();
                    let a = g.random_action(s, &mut rng).unwrap();
                    g.apply_logged(s, &a, &mut now).unwrap();
                    plain.apply(s, &a).unwrap();
                }
            }
            assert!(g.log.is_none());
            assert_eq!(g.state_hash(), plain.state_hash(), "seed {seed}");
            events.extend(now);
        }
        Run {
            events,
            produced_matches,
        }
    }

    #[test]
    fn logged_play_reaches_the_same_states_and_tells_production_exactly() {
        let options = Options {
            trades_between_players: false,
            ..Options::default()
        };
        let mut attacks = 0;
        for seed in 0..6 {
            let r = run(&options, 3 + (seed % 2) as usize, seed);
            assert!(r.produced_matches > 20);
            let won = r
                .events
                .iter()
                .filter(|e| matches!(e, Event::Won { .. }))
                .count();
            assert!(won <= 1, "seed {seed}: won {won} times");
            attacks += r
                .events
                .iter()
                .filter(|e| matches!(e, Event::Attack { .. }))
                .count();
            assert!(r.events.iter().any(|e| matches!(e, Event::Rolled { .. })));
            assert!(r.events.iter().any(|e| matches!(e, Event::Produced { .. })));
        }
        assert!(attacks > 0, "no barbarian attack in six games");
    }

    #[test]
    fn the_base_game_tells_thefts_and_the_winner() {
        let mut thefts = 0;
        let mut wins = 0;
        for seed in 0..6 {
            let r = run(&Options::base(), 4, seed);
            thefts += r
                .events
                .iter()
                .filter(|e| matches!(e, Event::Stole { card: Some(_), .. }))
                .count();
            wins += r
                .events
                .iter()
                .filter(|e| matches!(e, Event::Won { .. }))
                .count();
        }
        assert!(thefts > 0);
        assert!(wins > 0);
    }

    #[test]
    fn a_stolen_or_drawn_card_is_seen_only_by_those_who_may() {
        let stole = Event::Stole {
            thief: 0,
            victim: 2,
            card: Some(Card::Ore),
        };
        assert_eq!(stole.seen_by(Some(0)), stole);
        assert_eq!(stole.seen_by(Some(2)), stole);
        for viewer in [Some(1), Some(3), None] {
            assert!(matches!(
                stole.seen_by(viewer),
                Event::Stole { card: None, .. }
            ));
        }
        let drew = Event::Drew {
            seat: 1,
            track: Track::Science,
            card: Some(Progress::Alchemist),
        };
        assert_eq!(drew.seen_by(Some(1)), drew);
        assert!(matches!(
            drew.seen_by(Some(0)),
            Event::Drew { card: None, .. }
        ));
        let point = Event::Drew {
            seat: 1,
            track: Track::Science,
            card: Some(Progress::Printer),
        };
        assert_eq!(point.seen_by(None), point);
    }
}
