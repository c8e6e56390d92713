//! What the shared conformance suite checks of Catan: every card and
//! piece accounted for, and arbitrary (mostly illegal) actions to try.

use tabula_engine::GameRng;
use tabula_engine::conformance::Conformance;

use super::action::{Action, Choice, Piece, Target};
use super::cards::{Card, Dev, Progress, Track};
use super::contract::cards_in_play;
use super::state::{Building, COMMODITY_SUPPLY, Catan, Offer, RESOURCE_SUPPLY, pieces};

impl Catan {
    /// Check that every card and piece is somewhere, once.
    pub fn check_conservation(&self) -> Result<(), String> {
        let totals = cards_in_play(self);
        for c in Card::ALL {
            let want = if !c.is_commodity() {
                u32::from(RESOURCE_SUPPLY)
            } else if self.ck() {
                u32::from(COMMODITY_SUPPLY)
            } else {
                0
            };
            if totals[c.index()] != want {
                return Err(format!("{} {c} in play, not {want}", totals[c.index()]));
            }
        }
        for (s, p) in self.players.iter().enumerate() {
            let seat = s as u8;
            let count = |f: &dyn Fn(&Building) -> bool| {
                self.buildings.iter().filter(|b| f(b)).count() as u8
            };
            let settlements = count(&|b| *b == Building::Settlement { owner: seat });
            let cities = count(&|b| matches!(b, Building::City { owner, .. } if *owner == seat));
            let walls =
                count(&|b| matches!(b, Building::City { owner, wall: true, .. } if *owner == seat));
            let roads = self.roads.iter().filter(|r| **r == Some(seat)).count() as u8;
            if settlements + p.settlements_left != pieces::SETTLEMENTS
                || cities + p.cities_left != pieces::CITIES
                || roads + p.roads_left != pieces::ROADS
            {
                return Err(format!("player {} has pieces missing or extra", s + 1));
            }
            if self.ck() {
                if walls + p.walls_left != pieces::WALLS {
                    return Err(format!("player {} has walls missing or extra", s + 1));
                }
                for level in 1..=3u8 {
                    let on = self
                        .knights
                        .iter()
                        .flatten()
                        .filter(|k| k.owner == seat && k.level == level)
                        .count() as u8
                        + self
                            .steps
                            .iter()
                            .filter(|st| {
                                matches!(st, super::state::Step::Displaced { knight, .. }
                                    if knight.owner == seat && knight.level == level)
                            })
                            .count() as u8;
                    if on + p.knights_left[level as usize - 1] != pieces::KNIGHTS_PER_LEVEL {
                        return Err(format!(
                            "player {} has knights of level {level} missing or extra",
                            s + 1
                        ));
                    }
                }
            }
        }
        for s in 0..self.seat_count() {
            let built = pieces::ROADS - self.players[s].roads_left;
            let len = if built < 5 {
                0
            } else {
                self.road_length(s as u8)
            };
            if u32::from(self.road_lengths[s]) != len {
                return Err(format!(
                    "player {}'s road was counted {}, but it is {len}",
                    s + 1,
                    self.road_lengths[s]
                ));
            }
        }
        for (t, slot) in self.metropolis.iter().enumerate() {
            if let Some((s, c)) = slot
                && self.buildings[*c as usize]
                    != (Building::City {
                        owner: *s,
                        wall: matches!(
                            self.buildings[*c as usize],
                            Building::City { wall: true, .. }
                        ),
                        metropolis: Some(Track::ALL[t]),
                    })
            {
                return Err(format!(
                    "the {:?} metropolis is not on its city",
                    Track::ALL[t]
                ));
            }
        }
        let progress: u32 = self.decks.iter().map(|d| d.len() as u32).sum::<u32>()
            + self
                .players
                .iter()
                .map(|p| (p.progress.len() + p.shown.len()) as u32)
                .sum::<u32>();
        if progress != self.progress_total {
            return Err(format!(
                "{progress} progress cards, not {}",
                self.progress_total
            ));
        }
        if !self.ck() {
            let devs = self.dev_deck.len()
                + self
                    .players
                    .iter()
                    .map(|p| p.dev.len() + usize::from(p.knights_played))
                    .sum::<usize>();
            // Played cards other than knights leave the game.
            if devs > 25 {
                return Err(format!("{devs} development cards, more than 25"));
            }
        }
        Ok(())
    }
}

impl Conformance for Catan {
    fn check_invariants(&self) -> Result<(), String> {
        self.check_conservation()
    }

    fn arbitrary_action(&self, rng: &mut GameRng) -> Action {
        let corners = self.buildings.len() as u64 + 2;
        let sides = self.roads.len() as u64 + 2;
        let card = |rng: &mut GameRng| Card::ALL[rng.index(8)];
        let progress = |rng: &mut GameRng| {
            let all: Vec<Progress> = Progress::all().collect();
            all[rng.index(all.len())]
        };
        match rng.below(18) {
            0 => Action::RollDice,
            1 => {
                let piece = [
                    Piece::Settlement,
                    Piece::City,
                    Piece::Road,
                    Piece::Knight,
                    Piece::CityWall,
                ][rng.index(5)];
                let n = if piece == Piece::Road { sides } else { corners };
                Action::Build {
                    piece,
                    at: rng.below(n) as u16,
                }
            }
            2 => Action::UpgradeProgress {
                track: Track::ALL[rng.index(3)],
            },
            3 => Action::ActivateKnight {
                at: rng.below(corners) as u16,
            },
            4 => Action::UseKnight {
                at: rng.below(corners) as u16,
                target: if rng.coin() {
                    Target::Robber
                } else {
                    Target::Corner(rng.below(corners) as u16)
                },
            },
            5 => Action::Play {
                card: progress(rng),
            },
            6 => Action::Offer {
                to: rng.below(5) as u8,
                card: card(rng),
            },
            7 => Action::Choose {
                choice: match rng.below(8) {
                    0 => Choice::Hex(rng.below(25) as u16),
                    1 => Choice::Corner(rng.below(corners) as u16),
                    2 => Choice::Side(rng.below(sides) as u16),
                    3 => Choice::Seat(rng.below(5) as u8),
                    4 => Choice::Card(card(rng)),
                    5 => Choice::Progress(progress(rng)),
                    6 => Choice::Track(Track::ALL[rng.index(3)]),
                    _ => Choice::Dice(rng.below(8) as u8, rng.below(8) as u8),
                },
            },
            8 => Action::EndPlay,
            9 => Action::Trade {
                give: card(rng),
                take: card(rng),
            },
            10 => Action::Propose {
                offer: Offer {
                    give: (card(rng), rng.below(5) as u8),
                    take: (card(rng), rng.below(5) as u8),
                },
            },
            11 => [Action::Accept, Action::Decline, Action::CancelTrade][rng.index(3)],
            12 => Action::TradeWith {
                seat: rng.below(5) as u8,
            },
            13 => Action::Discard { card: card(rng) },
            14 => Action::Return {
                card: progress(rng),
            },
            15 => Action::BuyDevelopment,
            16 => Action::PlayDevelopment {
                card: Dev::DECK[rng.index(5)].0,
            },
            _ => Action::EndTurn,
        }
    }
}
