//! Actions, in the course server's words (`BUILD Road 12:N`,
//! `UPGRADE_PROGRESS POLITICS`, `PLAY COMMERCIAL_HARBOR`, `CHOOSE PAPER`)
//! and as JSON in records (`{"build":{"piece":"road","at":17}}`).
//!
//! In text, corners and sides are `FIELD:DIR` (see [`super::topology`]),
//! hexes are field ids, seats are numbered from 1.

use serde::{Deserialize, Serialize};
use tabula_engine::Seat;

use super::cards::{Card, Dev, Progress, Track};
use super::state::Offer;
use super::topology::{CornerId, HexId, SideId, Topology};

/// A piece to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// On a corner.
    Settlement,
    /// On a settlement.
    City,
    /// On a side.
    Road,
    /// A basic knight on a corner.
    Knight,
    /// Under a city.
    CityWall,
}

impl Piece {
    /// The course server's word.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Settlement => "Settlement",
            Piece::City => "City",
            Piece::Road => "Road",
            Piece::Knight => "Knight",
            Piece::CityWall => "CityWall",
        }
    }
    const ALL: [Piece; 5] = [
        Piece::Settlement,
        Piece::City,
        Piece::Road,
        Piece::Knight,
        Piece::CityWall,
    ];
}

/// What a knight is used on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// Move to this corner, displacing a weaker knight of another player there.
    Corner(CornerId),
    /// Chase the robber from a hex beside the knight.
    Robber,
}

/// An answer to a question the rules ask (`CHOOSE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// A land hex.
    Hex(HexId),
    /// A corner.
    Corner(CornerId),
    /// A side.
    Side(SideId),
    /// A seat.
    Seat(Seat),
    /// A resource or commodity.
    Card(Card),
    /// A progress card.
    Progress(Progress),
    /// A track (a progress deck).
    Track(Track),
    /// Alchemist: the red and the white die.
    Dice(u8, u8),
}

/// An action of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// `ROLL_DIES`: roll the red, white and event dice.
    RollDice,
    /// `BUILD`: a road on a side, anything else on a corner.
    Build {
        /// What.
        piece: Piece,
        /// Where (a side for a road, else a corner).
        at: u16,
    },
    /// `UPGRADE_PROGRESS`: the next city improvement in a track.
    UpgradeProgress {
        /// Which track.
        track: Track,
    },
    /// `ACTIVATE_KNIGHT`: pay a grain to activate the knight on a corner.
    ActivateKnight {
        /// The knight's corner.
        at: CornerId,
    },
    /// `UPGRADE_KNIGHT`: promote the knight on a corner.
    UpgradeKnight {
        /// The knight's corner.
        at: CornerId,
    },
    /// `USE_KNIGHT`: move, displace, or chase the robber.
    UseKnight {
        /// The knight's corner.
        at: CornerId,
        /// What it does.
        target: Target,
    },
    /// `PLAY`: play a progress card.
    Play {
        /// Which.
        card: Progress,
    },
    /// `OFFER` (Commercial Harbor): offer a resource to a seat.
    Offer {
        /// To whom.
        to: Seat,
        /// Which resource.
        card: Card,
    },
    /// `CHOOSE`: answer the question asked.
    Choose {
        /// The answer.
        choice: Choice,
    },
    /// `END_PLAY`: stop a card's effect where that is allowed.
    EndPlay,
    /// `TRADE`: trade with the bank at the best rate the seat has.
    Trade {
        /// What it gives (as many as the rate).
        give: Card,
        /// What it takes (one).
        take: Card,
    },
    /// `PROPOSE`: offer a trade to the other players.
    Propose {
        /// The terms.
        offer: Offer,
    },
    /// `ACCEPT` an offer as made.
    Accept,
    /// `DECLINE` an offer.
    Decline,
    /// `COUNTER`: accept on other terms (written as the offerer's terms).
    Counter {
        /// The terms.
        offer: Offer,
    },
    /// `TRADE_WITH`: close the offer with a seat that accepted or countered.
    TradeWith {
        /// Which seat.
        seat: Seat,
    },
    /// `CANCEL_TRADE`: close the offer without a trade.
    CancelTrade,
    /// `DISCARD`: give up one card (after a 7, a Saboteur, or to a Wedding).
    Discard {
        /// Which.
        card: Card,
    },
    /// `RETURN`: put a progress card back under its deck (over the limit).
    Return {
        /// Which.
        card: Progress,
    },
    /// `BUY_DEVELOPMENT` (base game): buy a development card.
    BuyDevelopment,
    /// `PLAY_DEVELOPMENT` (base game): play a development card.
    PlayDevelopment {
        /// Which.
        card: Dev,
    },
    /// `END_TURN`.
    EndTurn,
}

fn offer_text(o: &Offer) -> String {
    format!("{} {} FOR {} {}", o.give.1, o.give.0, o.take.1, o.take.0)
}

impl Action {
    /// The action in the course server's words.
    pub fn text(&self, topo: &Topology) -> String {
        let corner = |c: CornerId| {
            topo.corners
                .get(c as usize)
                .map_or_else(|| format!("#{c}"), |i| i.name.clone())
        };
        let side = |s: SideId| {
            topo.sides
                .get(s as usize)
                .map_or_else(|| format!("#{s}"), |i| i.name.clone())
        };
        let hex = |h: HexId| {
            topo.hexes
                .get(h as usize)
                .map_or_else(|| format!("#{h}"), |i| i.id.clone())
        };
        match *self {
            Action::RollDice => "ROLL_DIES".into(),
            Action::Build { piece, at } => {
                let place = if piece == Piece::Road {
                    side(at)
                } else {
                    corner(at)
                };
                format!("BUILD {} {place}", piece.name())
            }
            Action::UpgradeProgress { track } => format!("UPGRADE_PROGRESS {}", track.name()),
            Action::ActivateKnight { at } => format!("ACTIVATE_KNIGHT {}", corner(at)),
            Action::UpgradeKnight { at } => format!("UPGRADE_KNIGHT {}", corner(at)),
            Action::UseKnight { at, target } => match target {
                Target::Corner(c) => format!("USE_KNIGHT {} {}", corner(at), corner(c)),
                Target::Robber => format!("USE_KNIGHT {} ROBBER", corner(at)),
            },
            Action::Play { card } => format!("PLAY {card}"),
            Action::Offer { to, card } => format!("OFFER {} {card}", to + 1),
            Action::Choose { choice } => match choice {
                Choice::Hex(h) => format!("CHOOSE field {}", hex(h)),
                Choice::Corner(c) => format!("CHOOSE corner {}", corner(c)),
                Choice::Side(s) => format!("CHOOSE side {}", side(s)),
                Choice::Seat(s) => format!("CHOOSE player {}", s + 1),
                Choice::Card(c) => format!("CHOOSE {c}"),
                Choice::Progress(p) => format!("CHOOSE {p}"),
                Choice::Track(t) => format!("CHOOSE {}", t.name()),
                Choice::Dice(r, w) => format!("CHOOSE dice {r} {w}"),
            },
            Action::EndPlay => "END_PLAY".into(),
            Action::Trade { give, take } => format!("TRADE {give} {take}"),
            Action::Propose { offer } => format!("PROPOSE {}", offer_text(&offer)),
            Action::Accept => "ACCEPT".into(),
            Action::Decline => "DECLINE".into(),
            Action::Counter { offer } => format!("COUNTER {}", offer_text(&offer)),
            Action::TradeWith { seat } => format!("TRADE_WITH {}", seat + 1),
            Action::CancelTrade => "CANCEL_TRADE".into(),
            Action::Discard { card } => format!("DISCARD {card}"),
            Action::Return { card } => format!("RETURN {card}"),
            Action::BuyDevelopment => "BUY_DEVELOPMENT".into(),
            Action::PlayDevelopment { card } => format!("PLAY_DEVELOPMENT {}", card.name()),
            Action::EndTurn => "END_TURN".into(),
        }
    }

    /// Read an action in the course server's words; the message says
    /// what is wrong and where.
    pub fn parse(text: &str, topo: &Topology) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some((&verb, rest)) = words.split_first() else {
            return Err("the action is empty".into());
        };
        let want = |n: usize, form: &str| -> Result<(), String> {
            if rest.len() == n {
                Ok(())
            } else {
                Err(format!("{verb} is written `{form}`"))
            }
        };
        let corner = |w: &str| {
            topo.parse_corner(w).ok_or_else(|| {
                format!("{w:?} is not a corner of this board (write FIELD:DIR, e.g. 12:NE)")
            })
        };
        let side = |w: &str| {
            topo.parse_side(w).ok_or_else(|| {
                format!("{w:?} is not a side of this board (write FIELD:DIR, e.g. 12:N)")
            })
        };
        let card = |w: &str| {
            Card::from_name(w).ok_or_else(|| {
                format!("{w:?} is not a card (LUMBER, WOOL, GRAIN, BRICK, ORE, PAPER, CLOTH, COIN)")
            })
        };
        let seat = |w: &str| -> Result<Seat, String> {
            match w.parse::<u8>() {
                Ok(n @ 1..=4) => Ok(n - 1),
                _ => Err(format!("{w:?} is not a player number (1 to 4)")),
            }
        };
        let progress =
            |w: &str| Progress::from_name(w).ok_or_else(|| format!("{w:?} is not a progress card"));
        let offer = |r: &[&str]| -> Result<Offer, String> {
            match r {
                [a, x, f, b, y] if f.eq_ignore_ascii_case("FOR") => {
                    let n = |w: &str| {
                        w.parse::<u8>()
                            .ok()
                            .filter(|n| (1..=9).contains(n))
                            .ok_or_else(|| format!("{w:?} is not a number of cards (1 to 9)"))
                    };
                    Ok(Offer {
                        give: (card(x)?, n(a)?),
                        take: (card(y)?, n(b)?),
                    })
                }
                _ => Err(format!("{verb} is written `{verb} 1 BRICK FOR 2 GRAIN`")),
            }
        };
        let upper = verb.to_ascii_uppercase();
        Ok(match upper.as_str() {
            "ROLL_DIES" | "ROLL_DICE" => {
                want(0, "ROLL_DIES")?;
                Action::RollDice
            }
            "BUILD" => {
                want(2, "BUILD Settlement|City|Road|Knight|CityWall PLACE")?;
                let piece = Piece::ALL
                    .into_iter()
                    .find(|p| p.name().eq_ignore_ascii_case(rest[0]))
                    .ok_or_else(|| {
                        format!(
                            "{:?} cannot be built (Settlement, City, Road, Knight, CityWall)",
                            rest[0]
                        )
                    })?;
                let at = if piece == Piece::Road {
                    side(rest[1])?
                } else {
                    corner(rest[1])?
                };
                Action::Build { piece, at }
            }
            "UPGRADE_PROGRESS" => {
                want(1, "UPGRADE_PROGRESS POLITICS|SCIENCE|TRADE")?;
                let track = Track::from_name(rest[0]).ok_or_else(|| {
                    format!("{:?} is not a track (POLITICS, SCIENCE, TRADE)", rest[0])
                })?;
                Action::UpgradeProgress { track }
            }
            "ACTIVATE_KNIGHT" => {
                want(1, "ACTIVATE_KNIGHT CORNER")?;
                Action::ActivateKnight {
                    at: corner(rest[0])?,
                }
            }
            "UPGRADE_KNIGHT" => {
                want(1, "UPGRADE_KNIGHT CORNER")?;
                Action::UpgradeKnight {
                    at: corner(rest[0])?,
                }
            }
            "USE_KNIGHT" => {
                want(2, "USE_KNIGHT CORNER CORNER|ROBBER")?;
                let target = if rest[1].eq_ignore_ascii_case("ROBBER") {
                    Target::Robber
                } else {
                    Target::Corner(corner(rest[1])?)
                };
                Action::UseKnight {
                    at: corner(rest[0])?,
                    target,
                }
            }
            "PLAY" => {
                want(1, "PLAY CARD")?;
                Action::Play {
                    card: progress(rest[0])?,
                }
            }
            "OFFER" => {
                want(2, "OFFER PLAYER RESOURCE")?;
                Action::Offer {
                    to: seat(rest[0])?,
                    card: card(rest[1])?,
                }
            }
            "CHOOSE" => {
                let choice = match rest {
                    [k, w] if k.eq_ignore_ascii_case("field") => Choice::Hex(
                        topo.parse_hex(w)
                            .ok_or_else(|| format!("{w:?} is not a land field of this board"))?,
                    ),
                    [k, w] if k.eq_ignore_ascii_case("corner") => Choice::Corner(corner(w)?),
                    [k, w] if k.eq_ignore_ascii_case("side") => Choice::Side(side(w)?),
                    [k, w] if k.eq_ignore_ascii_case("player") => Choice::Seat(seat(w)?),
                    [k, r, w] if k.eq_ignore_ascii_case("dice") => {
                        let die = |w: &str| {
                            w.parse::<u8>()
                                .ok()
                                .filter(|n| (1..=6).contains(n))
                                .ok_or_else(|| format!("{w:?} is not a die face (1 to 6)"))
                        };
                        Choice::Dice(die(r)?, die(w)?)
                    }
                    [w] => {
                        if let Some(c) = Card::from_name(w) {
                            Choice::Card(c)
                        } else if let Some(t) = Track::from_name(w) {
                            Choice::Track(t)
                        } else {
                            Choice::Progress(progress(w).map_err(|_| {
                                format!("{w:?} is not a card, a track or a progress card")
                            })?)
                        }
                    }
                    _ => {
                        return Err(
                            "CHOOSE is written `CHOOSE field F`, `CHOOSE corner F:D`, `CHOOSE side F:D`, `CHOOSE player N`, `CHOOSE dice R W`, or `CHOOSE NAME`"
                                .into(),
                        );
                    }
                };
                Action::Choose { choice }
            }
            "END_PLAY" => {
                want(0, "END_PLAY")?;
                Action::EndPlay
            }
            "TRADE" => {
                want(2, "TRADE GIVE TAKE")?;
                Action::Trade {
                    give: card(rest[0])?,
                    take: card(rest[1])?,
                }
            }
            "PROPOSE" => Action::Propose {
                offer: offer(rest)?,
            },
            "ACCEPT" => {
                want(0, "ACCEPT")?;
                Action::Accept
            }
            "DECLINE" => {
                want(0, "DECLINE")?;
                Action::Decline
            }
            "COUNTER" => Action::Counter {
                offer: offer(rest)?,
            },
            "TRADE_WITH" => {
                want(1, "TRADE_WITH PLAYER")?;
                Action::TradeWith {
                    seat: seat(rest[0])?,
                }
            }
            "CANCEL_TRADE" => {
                want(0, "CANCEL_TRADE")?;
                Action::CancelTrade
            }
            "DISCARD" => {
                want(1, "DISCARD CARD")?;
                Action::Discard {
                    card: card(rest[0])?,
                }
            }
            "RETURN" => {
                want(1, "RETURN CARD")?;
                Action::Return {
                    card: progress(rest[0])?,
                }
            }
            "BUY_DEVELOPMENT" => {
                want(0, "BUY_DEVELOPMENT")?;
                Action::BuyDevelopment
            }
            "PLAY_DEVELOPMENT" => {
                want(
                    1,
                    "PLAY_DEVELOPMENT KNIGHT_CARD|ROAD_BUILDING_CARD|YEAR_OF_PLENTY|MONOPOLY",
                )?;
                Action::PlayDevelopment {
                    card: Dev::from_name(rest[0])
                        .ok_or_else(|| format!("{:?} is not a development card", rest[0]))?,
                }
            }
            "END_TURN" => {
                want(0, "END_TURN")?;
                Action::EndTurn
            }
            _ => {
                return Err(format!(
                    "{verb:?} is not an action (ROLL_DIES, BUILD, UPGRADE_PROGRESS, ACTIVATE_KNIGHT, UPGRADE_KNIGHT, USE_KNIGHT, PLAY, OFFER, CHOOSE, END_PLAY, TRADE, PROPOSE, ACCEPT, DECLINE, COUNTER, TRADE_WITH, CANCEL_TRADE, DISCARD, RETURN, BUY_DEVELOPMENT, PLAY_DEVELOPMENT, END_TURN)"
                ));
            }
        })
    }
}
