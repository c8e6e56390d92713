//! The board as a player touches it: where the game's hexes, corners and
//! sides are drawn on the canvas, which of them a point is on, and which
//! legal actions belong to each. The legal actions come from the engine
//! (`Catan::actions`); this module only places them, so the renderer
//! holds no rules.

use tabula_catan::game::topology::{CornerId, HexId, SideId, Topology};
use tabula_catan::{Action, Choice, Target};
use tabula_hex::{Point, corner_point, hex_at_point, hex_centre};

/// A place on the board an action may point at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// A land hex (robber, merchant, a progress card's field).
    Hex(HexId),
    /// A corner (settlements, cities, walls, knights).
    Corner(CornerId),
    /// A side (roads).
    Side(SideId),
}

/// Where an action points on the board: the spot it acts on and, for a
/// knight's move, displacement or chase, the knight's own corner it
/// starts from. `None` for actions taken in the panel (dice, cards,
/// trades, the end of the turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aim {
    /// The knight that acts, when the action moves one.
    pub from: Option<CornerId>,
    /// The spot acted on.
    pub at: Spot,
}

/// Where `action` points on the board; `robber` is the robber's hex (a
/// knight chasing it points there).
pub fn aim(action: &Action, robber: HexId) -> Option<Aim> {
    let at = |spot| {
        Some(Aim {
            from: None,
            at: spot,
        })
    };
    match *action {
        Action::Build { piece, at: place } => at(if piece == tabula_catan::Piece::Road {
            Spot::Side(place)
        } else {
            Spot::Corner(place)
        }),
        Action::ActivateKnight { at: c } | Action::UpgradeKnight { at: c } => at(Spot::Corner(c)),
        Action::UseKnight { at: knight, target } => Some(Aim {
            from: Some(knight),
            at: match target {
                Target::Corner(c) => Spot::Corner(c),
                Target::Robber => Spot::Hex(robber),
            },
        }),
        Action::Choose { choice } => match choice {
            Choice::Hex(h) => at(Spot::Hex(h)),
            Choice::Corner(c) => at(Spot::Corner(c)),
            Choice::Side(s) => at(Spot::Side(s)),
            _ => None,
        },
        _ => None,
    }
}

/// The spots an action shows on the board (where it acts, and the
/// knight it moves), as the `data-spot` text of its entry in the panel
/// (`c12 h3`): hovering or focusing the entry highlights them.
pub fn spot_text(action: &Action, robber: HexId) -> Option<String> {
    let a = aim(action, robber)?;
    let mut parts = vec![code(a.at)];
    if let Some(f) = a.from {
        parts.push(code(Spot::Corner(f)));
    }
    Some(parts.join(" "))
}

fn code(s: Spot) -> String {
    match s {
        Spot::Hex(h) => format!("h{h}"),
        Spot::Corner(c) => format!("c{c}"),
        Spot::Side(e) => format!("s{e}"),
    }
}

/// The spot a place names: the board's own name or a lesson's.
pub fn lesson_spot(game: &tabula_catan::Catan, place: &str) -> Option<Spot> {
    if let [s] = read_spots(place)[..] {
        return Some(s);
    }
    let t = &game.topo;
    match place.split_once(' ') {
        Some(("field", p)) => return t.parse_hex(p).map(Spot::Hex),
        Some(("corner", p)) => return t.parse_corner(p).map(Spot::Corner),
        Some(("side", p)) => return t.parse_side(p).map(Spot::Side),
        _ => {}
    }
    // NE, SE, SW and NW name a corner and a side both: alone, a corner.
    t.parse_hex(place)
        .map(Spot::Hex)
        .or_else(|| t.parse_corner(place).map(Spot::Corner))
        .or_else(|| t.parse_side(place).map(Spot::Side))
}

/// The spots of a `data-spot` text (see [`spot_text`]); what does not read
/// is left out.
pub fn read_spots(text: &str) -> Vec<Spot> {
    text.split_whitespace()
        .filter_map(|w| {
            let (k, n) = w.split_at_checked(1)?;
            let n: u16 = n.parse().ok()?;
            match k {
                "h" => Some(Spot::Hex(n)),
                "c" => Some(Spot::Corner(n)),
                "s" => Some(Spot::Side(n)),
                _ => None,
            }
        })
        .collect()
}

/// The spots to light for `legal`, given the knight picked up (if any):
/// with a knight in hand, where it may go; without, every spot some
/// action acts on directly, and the knights that may be picked up to
/// move. Each spot once, in the order first met.
pub fn lit(legal: &[Action], robber: HexId, knight: Option<CornerId>) -> Vec<Spot> {
    let mut out: Vec<Spot> = Vec::new();
    for a in legal {
        let Some(aim) = aim(a, robber) else { continue };
        let spot = match (knight, aim.from) {
            (Some(k), Some(f)) if k == f => aim.at,
            (Some(_), _) => continue,
            (None, Some(f)) => Spot::Corner(f),
            (None, None) => aim.at,
        };
        if !out.contains(&spot) {
            out.push(spot);
        }
    }
    out
}

/// The legal actions a touch on `spot` may mean, given the knight picked
/// up (if any). Several when one spot offers several (a city or its
/// wall, activating or promoting a knight): the page asks which.
pub fn actions_at(
    legal: &[Action],
    robber: HexId,
    knight: Option<CornerId>,
    spot: Spot,
) -> Vec<Action> {
    legal
        .iter()
        .filter(|a| {
            aim(a, robber).is_some_and(|aim| match knight {
                Some(k) => aim.from == Some(k) && aim.at == spot,
                None => aim.from.is_none() && aim.at == spot,
            })
        })
        .copied()
        .collect()
}

/// Whether touching `spot` picks up a knight to move: a knight of the
/// acting seat stands there with somewhere to go.
pub fn picks_up_knight(legal: &[Action], robber: HexId, spot: Spot) -> bool {
    let Spot::Corner(c) = spot else { return false };
    legal
        .iter()
        .any(|a| aim(a, robber).is_some_and(|aim| aim.from == Some(c)))
}

/// What the person at the screen may do on the board and is in the
/// middle of doing.
pub struct Choosing<'a> {
    /// The seat deciding at the screen, if one is.
    pub acting: Option<tabula_engine::Seat>,
    /// Its legal actions (empty when none decides here).
    pub legal: &'a [Action],
    /// The knight picked up to move.
    pub knight: Option<CornerId>,
}

impl Choosing<'_> {
    /// The spots lit now.
    pub fn lit(&self, game: &tabula_catan::Catan) -> Vec<Spot> {
        lit(self.legal, game.robber, self.knight)
    }
}

/// Where the board sits on the canvas: the hexes' size (centre to
/// corner) and where the centre of hex (0, 0) falls, in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Centre to corner.
    pub size: f64,
    /// x of hex (0, 0)'s centre.
    pub ox: f64,
    /// y of hex (0, 0)'s centre.
    pub oy: f64,
}

/// Room kept around the land, in hex sizes (for harbours and the sea).
const MARGIN: f64 = 1.2;

/// Room kept around the fields that must show whole, in hex sizes.
const EDGE: f64 = 0.15;

impl Layout {
    /// The layout that fits the land of `topo`, with a margin for the sea
    /// and its harbours, centred in `width` × `height` CSS pixels.
    pub fn fit(topo: &Topology, width: f64, height: f64) -> Layout {
        Layout::fit_with(topo, &[], width, height)
    }

    /// [`Layout::fit`], with room for `also` too (the harbours and the
    /// barbarians' fields, which may lie further out than the sea's
    /// margin): each whole, with a little room round it.
    pub fn fit_with(topo: &Topology, also: &[tabula_hex::Hex], width: f64, height: f64) -> Layout {
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for c in &topo.corners {
            let p = corner_point(c.corner, 1.0);
            x0 = x0.min(p.x - MARGIN);
            y0 = y0.min(p.y - MARGIN);
            x1 = x1.max(p.x + MARGIN);
            y1 = y1.max(p.y + MARGIN);
        }
        if x0 > x1 {
            return Layout {
                size: 1.0,
                ox: width / 2.0,
                oy: height / 2.0,
            };
        }
        for h in also {
            for c in tabula_hex::Corner::all_of(*h) {
                let p = corner_point(c, 1.0);
                x0 = x0.min(p.x - EDGE);
                y0 = y0.min(p.y - EDGE);
                x1 = x1.max(p.x + EDGE);
                y1 = y1.max(p.y + EDGE);
            }
        }
        let (w, h) = (x1 - x0, y1 - y0);
        let size = (width / w).min(height / h).max(1.0);
        Layout {
            size,
            ox: width / 2.0 - size * (x0 + x1) / 2.0,
            oy: height / 2.0 - size * (y0 + y1) / 2.0,
        }
    }

    fn place(&self, p: Point) -> (f64, f64) {
        (self.ox + p.x, self.oy + p.y)
    }

    /// The centre of land hex `h`.
    pub fn hex(&self, topo: &Topology, h: HexId) -> (f64, f64) {
        self.place(hex_centre(topo.hexes[h as usize].hex, self.size))
    }

    /// Where corner `c` is drawn.
    pub fn corner(&self, topo: &Topology, c: CornerId) -> (f64, f64) {
        self.place(corner_point(topo.corners[c as usize].corner, self.size))
    }

    /// The two ends of side `s`.
    pub fn side(&self, topo: &Topology, s: SideId) -> [(f64, f64); 2] {
        topo.sides[s as usize].ends.map(|c| self.corner(topo, c))
    }

    /// The spot under a point: a corner within a quarter of a hex size, else
    /// a side whose middle is within a quarter, else the land hex holding
    /// the point; `None` off the land.
    pub fn spot_at(&self, topo: &Topology, x: f64, y: f64) -> Option<Spot> {
        let near = self.size * 0.25;
        let d2 = |(px, py): (f64, f64)| (px - x).powi(2) + (py - y).powi(2);
        let corner = (0..topo.corners.len())
            .map(|c| (d2(self.corner(topo, c as CornerId)), c))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((d, c)) = corner
            && d <= near * near
        {
            return Some(Spot::Corner(c as CornerId));
        }
        let side = (0..topo.sides.len())
            .map(|s| {
                let [a, b] = self.side(topo, s as SideId);
                (d2(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)), s)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((d, s)) = side
            && d <= near * near
        {
            return Some(Spot::Side(s as SideId));
        }
        let hex = hex_at_point(
            Point {
                x: x - self.ox,
                y: y - self.oy,
            },
            self.size,
        );
        topo.hexes
            .iter()
            .position(|h| h.hex == hex)
            .map(|h| Spot::Hex(h as HexId))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_catan::{Catan, Options, Piece};
    use tabula_engine::{Game, GameRng, Ruleset, ToMove};

    fn game() -> Catan {
        Catan::new_game(&Options::default(), None, 3, 4).unwrap()
    }

    #[test]
    fn a_spot_text_reads_back_as_its_spots() {
        let a = Action::UseKnight {
            at: 7,
            target: Target::Robber,
        };
        let text = spot_text(&a, 4).unwrap();
        assert_eq!(read_spots(&text), vec![Spot::Hex(4), Spot::Corner(7)]);
        assert!(spot_text(&Action::RollDice, 4).is_none());
        assert!(read_spots("x1 c h9999999 s3").eq(&[Spot::Side(3)]));
    }

    #[test]
    fn every_corner_side_and_hex_is_found_again_at_its_own_place() {
        let g = game();
        let topo = g.topo.clone();
        let l = Layout::fit(&topo, 800.0, 700.0);
        for c in 0..topo.corners.len() as CornerId {
            let (x, y) = l.corner(&topo, c);
            assert_eq!(l.spot_at(&topo, x, y), Some(Spot::Corner(c)));
            assert!((0.0..=800.0).contains(&x) && (0.0..=700.0).contains(&y));
        }
        for s in 0..topo.sides.len() as SideId {
            let [a, b] = l.side(&topo, s);
            let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            assert_eq!(l.spot_at(&topo, mid.0, mid.1), Some(Spot::Side(s)));
        }
        for h in 0..topo.hexes.len() as HexId {
            let (x, y) = l.hex(&topo, h);
            assert_eq!(l.spot_at(&topo, x, y), Some(Spot::Hex(h)));
        }
        // Far off the land: nothing.
        assert_eq!(l.spot_at(&topo, 1.0, 1.0), None);
    }

    #[test]
    fn the_first_settlement_lights_every_free_corner_and_a_touch_there_builds_it() {
        let g = game();
        let seat = match g.to_move() {
            ToMove::Seat(s) => s,
            other => panic!("{other:?}"),
        };
        let legal = g.legal_actions(seat);
        let spots = lit(&legal, g.robber, None);
        assert_eq!(spots.len(), g.topo.corners.len());
        let c = match spots[5] {
            Spot::Corner(c) => c,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            actions_at(&legal, g.robber, None, Spot::Corner(c)),
            vec![Action::Build {
                piece: Piece::Settlement,
                at: c
            }]
        );
        assert!(actions_at(&legal, g.robber, None, Spot::Side(0)).is_empty());
    }

    /// Over random games: every legal board action is reachable by
    /// touching the spots lit (picking a knight up first when it moves
    /// one), and nothing lit leads nowhere.
    #[test]
    fn every_board_action_is_reached_through_the_lit_spots() {
        let mut checked = 0;
        for seed in 0..6u64 {
            let mut g = Catan::new_game(&Options::default(), None, 4, seed).unwrap();
            let mut rng = GameRng::seeded(seed);
            for _ in 0..2_500 {
                let seat = match g.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        g.apply_chance().unwrap();
                        continue;
                    }
                    ToMove::Seat(s) => s,
                    ToMove::Simultaneous(set) => set.iter().next().unwrap(),
                };
                let legal = g.legal_actions(seat);
                let mut reached: Vec<Action> = Vec::new();
                for spot in lit(&legal, g.robber, None) {
                    let here = actions_at(&legal, g.robber, None, spot);
                    if let Spot::Corner(k) = spot
                        && picks_up_knight(&legal, g.robber, spot)
                    {
                        for to in lit(&legal, g.robber, Some(k)) {
                            let moves = actions_at(&legal, g.robber, Some(k), to);
                            assert!(!moves.is_empty(), "{to:?} is lit for {k} but does nothing");
                            reached.extend(moves);
                        }
                    } else {
                        assert!(!here.is_empty(), "{spot:?} is lit but does nothing");
                    }
                    reached.extend(here);
                }
                for a in &legal {
                    if aim(a, g.robber).is_some() {
                        assert!(reached.contains(a), "{a:?} cannot be reached");
                        checked += 1;
                    }
                }
                let a = g.random_action(seat, &mut rng).unwrap();
                g.apply(seat, &a).unwrap();
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
