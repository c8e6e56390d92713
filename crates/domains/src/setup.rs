//! Setups: a Domains position as plain data ([`Setup`]) or as text
//! (`docs/domains/setup-format.md`), made into a checked game only through
//! [`Domains::from_setup`], which lists every problem found (text is read
//! by `setup_text`, which also says where each item stands).

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use tabula_engine::{Problem, Problems};

use crate::board::{Board, Bubble, NONE, Square, Thing, Unit};
use crate::options::Options;
use crate::rules::Domains;

/// One square of a setup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SquareSetup {
    /// The painter.
    pub paint: Option<u8>,
    /// Rounds left of an ability zone (0: none).
    pub zone: u8,
    /// The unit (by id) whose drawing passes here.
    pub drawer: Option<u16>,
}

/// A unit of a setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSetup {
    /// Its id (slot), below `max_units × players`.
    pub id: u16,
    /// Its owner.
    pub player: u8,
    /// Row.
    pub row: u8,
    /// Column.
    pub col: u8,
    /// Energy.
    pub energy: u8,
    /// Whether it holds an upgrade.
    #[serde(default)]
    pub upgraded: bool,
    /// The painted square (row, column) its drawing started from.
    #[serde(default)]
    pub start: Option<(u8, u8)>,
}

/// A bubble of a setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BubbleSetup {
    /// Its colour.
    pub player: u8,
    /// Row.
    pub row: u8,
    /// Column.
    pub col: u8,
    /// Rounds until it pops (0: not recoloured).
    #[serde(default)]
    pub timer: u8,
    /// Rounds since it last moved.
    #[serde(default)]
    pub moved: u32,
}

/// A player's score and counters in a setup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PlayerSetup {
    /// Points so far.
    pub score: i64,
    /// Rounds counted towards the next unit.
    pub respawn: u32,
    /// Rounds counted towards the next bubble.
    pub bubble: u32,
}

/// A Domains position as plain data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Rows (replaces the `rows` option).
    pub rows: u8,
    /// Columns (replaces the `cols` option).
    pub cols: u8,
    /// Number of players.
    pub players: usize,
    /// Rounds already played.
    #[serde(default)]
    pub round: u32,
    /// The squares, row by row.
    pub squares: Vec<SquareSetup>,
    /// The units.
    #[serde(default)]
    pub units: Vec<UnitSetup>,
    /// The bubbles.
    #[serde(default)]
    pub bubbles: Vec<BubbleSetup>,
    /// The bonuses on the board, as (row, column).
    #[serde(default)]
    pub bonuses: Vec<(u8, u8)>,
    /// The bonus slots' counters (empty: drawn at random as at the start).
    #[serde(default)]
    pub bonus_counters: Vec<i32>,
    /// Scores and counters (empty: all zero).
    #[serde(default)]
    pub player_states: Vec<PlayerSetup>,
}

impl Setup {
    /// The setup of a board (for rebuilding a game from a view).
    pub fn from_board(b: &Board) -> Setup {
        let pos = |at: u16| {
            let (r, c) = b.coords(at);
            (r as u8, c as u8)
        };
        Setup {
            rows: b.rows,
            cols: b.cols,
            players: b.players.len(),
            round: b.round,
            squares: b
                .squares
                .iter()
                .map(|s| SquareSetup {
                    paint: s.painter(),
                    zone: s.zone,
                    drawer: (s.drawer != NONE).then_some(s.drawer),
                })
                .collect(),
            units: b
                .units
                .iter()
                .enumerate()
                .filter(|(_, u)| u.alive())
                .map(|(i, u)| UnitSetup {
                    id: i as u16,
                    player: u.player,
                    row: pos(u.at).0,
                    col: pos(u.at).1,
                    energy: u.energy,
                    upgraded: u.upgraded,
                    start: (u.start != NONE).then(|| pos(u.start)),
                })
                .collect(),
            bubbles: b
                .bubbles
                .iter()
                .flatten()
                .map(|x| BubbleSetup {
                    player: x.player,
                    row: pos(x.at).0,
                    col: pos(x.at).1,
                    timer: x.timer,
                    moved: x.moved,
                })
                .collect(),
            bonuses: b
                .bonuses
                .iter()
                .filter(|s| s.at != NONE)
                .map(|s| pos(s.at))
                .collect(),
            bonus_counters: b.bonuses.iter().map(|s| s.counter).collect(),
            player_states: b
                .players
                .iter()
                .map(|p| PlayerSetup {
                    score: p.score,
                    respawn: p.respawn,
                    bubble: p.bubble,
                })
                .collect(),
        }
    }
}

/// Largest score (either sign) a setup may give a player: far above what a
/// game can reach, and exact in JavaScript.
pub const MAX_SETUP_SCORE: i64 = 1_000_000_000_000_000;

/// Largest bonus counter (either sign) a setup may give.
pub const MAX_BONUS_COUNTER: i32 = 1_000_000_000;

/// Where the items of a setup stand in the text it was read from, so that
/// the checks of [`Domains::from_setup_at`] name a line and column. Plain
/// data has no text: [`NoPlaces`].
pub trait Places {
    /// The line and column of the unit with this id.
    fn unit(&self, id: u16) -> Option<(usize, usize)>;
    /// How the unit with this id is named to people (`unit b`, `unit 3`).
    fn unit_name(&self, id: u16) -> String {
        format!("unit {id}")
    }
    /// The line and column of the square at (row, column).
    fn square(&self, row: u8, col: u8) -> Option<(usize, usize)>;
    /// The line and column of a header line (`players`, `round`, `scores`,
    /// `respawn`, `bubble-counters`, `bonus-counters`).
    fn header(&self, key: &str) -> Option<(usize, usize)>;
}

/// A setup given as plain data: problems have no line and column.
pub struct NoPlaces;

impl Places for NoPlaces {
    fn unit(&self, _: u16) -> Option<(usize, usize)> {
        None
    }
    fn square(&self, _: u8, _: u8) -> Option<(usize, usize)> {
        None
    }
    fn header(&self, _: &str) -> Option<(usize, usize)> {
        None
    }
}

/// The problems found so far, each placed where the text allows.
struct Found(Vec<Problem>);

impl Found {
    fn at(&mut self, place: Option<(usize, usize)>, rule: &str, message: String) {
        let problem = match place {
            Some((line, col)) => Problem::at(rule, line, col, message),
            None => Problem::error(rule, message),
        };
        tabula_engine::push_capped(&mut self.0, problem);
    }
}

impl Domains {
    /// A game from a setup, or every problem found in the options and setup.
    pub fn from_setup(options: &Options, setup: &Setup, seed: u64) -> Result<Domains, Problems> {
        Domains::from_setup_at(options, setup, seed, &NoPlaces)
    }

    /// [`Domains::from_setup`] for a setup read from text: every problem
    /// names the line and column of what it is about (`places`).
    pub fn from_setup_at(
        options: &Options,
        setup: &Setup,
        seed: u64,
        places: &dyn Places,
    ) -> Result<Domains, Problems> {
        // The board's size comes from the setup, but the options given must
        // still be in range (a record's options are checked whole).
        let mut out = Found(options.check().0);
        let mut options = options.clone();
        options.rows = setup.rows;
        options.cols = setup.cols;
        if !(2..=100).contains(&setup.rows) || !(2..=100).contains(&setup.cols) {
            out.0.push(Problem::error(
                "board-size",
                format!(
                    "the board is {}×{}; each side must be from 2 to 100",
                    setup.rows, setup.cols
                ),
            ));
        }
        let players = setup.players;
        if !(2..=4).contains(&players) {
            out.at(
                places.header("players"),
                "players",
                format!("{players} players; Domains needs 2 to 4"),
            );
        }
        if !out.0.is_empty() {
            return Err(Problems(out.0));
        }
        let n = setup.rows as usize * setup.cols as usize;
        if setup.squares.len() != n {
            out.0.push(Problem::error(
                "board-size",
                format!(
                    "{} squares for a {}×{} board",
                    setup.squares.len(),
                    setup.rows,
                    setup.cols
                ),
            ));
            return Err(Problems(out.0));
        }
        if setup.round > options.rounds {
            out.at(
                places.header("round"),
                "round",
                format!(
                    "round {} is past the game's {} rounds",
                    setup.round, options.rounds
                ),
            );
        }
        let mut game = Domains::empty(&options, players, seed);
        let on_board = |r: u8, c: u8| r < setup.rows && c < setup.cols;
        let slots = options.max_units as usize * players;
        self::units(&mut game, &options, setup, places, &mut out, slots);
        self::squares(&mut game, setup, places, &mut out);
        // Bubbles.
        for b in &setup.bubbles {
            let place = places.square(b.row, b.col);
            let what = format!("the bubble at {},{}", b.row, b.col);
            if b.player as usize >= players {
                out.at(
                    place,
                    "bubble-player",
                    format!(
                        "{what} has the colour of player {}, who is not playing",
                        b.player
                    ),
                );
                continue;
            }
            if !on_board(b.row, b.col) {
                out.at(place, "off-board", format!("{what} is off the board"));
                continue;
            }
            if b.timer > options.rounds_to_pop {
                out.at(
                    place,
                    "bubble-timer",
                    format!(
                        "{what} pops in {} rounds; at most {}",
                        b.timer, options.rounds_to_pop
                    ),
                );
            }
            if b.moved >= options.rounds_per_bubble_move {
                out.at(
                    place,
                    "bubble-moved",
                    format!(
                        "{what} last moved {} rounds ago; it moves every {}",
                        b.moved, options.rounds_per_bubble_move
                    ),
                );
            }
            let at = game.board.index(b.row as usize, b.col as usize);
            if !game.board.square(at).is_empty() {
                out.at(place, "crowded", format!("{what} shares its square"));
                continue;
            }
            let id = game.board.bubbles.len() as u16;
            game.board.bubbles.push(Some(Bubble {
                player: b.player,
                at,
                timer: b.timer,
                moved: b.moved,
            }));
            game.board.squares[at as usize].thing = Thing::Bubble(id);
        }
        // Bonuses.
        for (slot, &(r, c)) in setup.bonuses.iter().enumerate() {
            let place = places.square(r, c);
            if slot >= options.max_bonuses as usize {
                out.at(
                    place,
                    "too-many-bonuses",
                    format!(
                        "the bonus at {r},{c} is one too many: at most {} bonuses",
                        options.max_bonuses
                    ),
                );
                continue;
            }
            if !on_board(r, c) {
                out.at(
                    place,
                    "off-board",
                    format!("the bonus at {r},{c} is off the board"),
                );
                continue;
            }
            let at = game.board.index(r as usize, c as usize);
            if !game.board.square(at).is_empty() {
                out.at(
                    place,
                    "crowded",
                    format!("the bonus at {r},{c} shares its square"),
                );
                continue;
            }
            game.board.bonuses[slot].at = at;
            game.board.squares[at as usize].thing = Thing::Bonus(slot as u8);
        }
        if setup.bonus_counters.is_empty() {
            game.init_bonus_counters();
        } else if setup.bonus_counters.len() != options.max_bonuses as usize {
            out.at(
                places.header("bonus-counters"),
                "bonus-counters",
                format!(
                    "{} bonus counters for {} bonus slots",
                    setup.bonus_counters.len(),
                    options.max_bonuses
                ),
            );
        } else {
            // A counter counts up once a round, however long the game: keep
            // it far from the integer's end (a game has at most 10,000 rounds).
            let most = MAX_BONUS_COUNTER;
            for (slot, &c) in setup.bonus_counters.iter().enumerate() {
                if !(-most..=most).contains(&c) {
                    out.at(
                        places.header("bonus-counters"),
                        "bonus-counters",
                        format!("bonus counter {slot} is {c}; it must be from -{most} to {most}"),
                    );
                }
                game.board.bonuses[slot].counter = c;
            }
        }
        // Players.
        if !setup.player_states.is_empty() && setup.player_states.len() != players {
            out.at(
                places.header("scores"),
                "players",
                format!(
                    "{} player states for {players} players",
                    setup.player_states.len()
                ),
            );
        } else {
            for (p, s) in setup.player_states.iter().enumerate() {
                if !(-MAX_SETUP_SCORE..=MAX_SETUP_SCORE).contains(&s.score) {
                    out.at(
                        places.header("scores"),
                        "score",
                        format!(
                            "player {p}'s score {} is out of range (at most {MAX_SETUP_SCORE} either way)",
                            s.score
                        ),
                    );
                }
                for (name, v, every) in [
                    ("respawn", s.respawn, options.rounds_per_respawn),
                    ("bubble-counters", s.bubble, options.rounds_per_bubble),
                ] {
                    if v >= every {
                        out.at(
                            places.header(name),
                            "counter",
                            format!("player {p}'s {name} counter is {v}; it must be below {every}"),
                        );
                    }
                }
                let st = &mut game.board.players[p];
                st.score = s.score;
                st.respawn = s.respawn;
                st.bubble = s.bubble;
            }
        }
        game.board.round = setup.round;
        for p in 0..players {
            game.board.players[p].squares = game.board.painted_by(p as u8) as u32;
        }
        if out.0.is_empty() {
            Ok(game)
        } else {
            Err(Problems(out.0))
        }
    }

    /// The position as setup text (`docs/domains/setup-format.md`).
    pub fn to_text(&self) -> String {
        let b = &self.board;
        let label = |id: u16| (b'a' + (id % 26) as u8) as char;
        let mut t = String::new();
        let _ = writeln!(t, "players {}", b.players.len());
        let _ = writeln!(t, "round {}", b.round);
        let scores: Vec<String> = b.players.iter().map(|p| p.score.to_string()).collect();
        let _ = writeln!(t, "scores {}", scores.join(" "));
        let r: Vec<String> = b.players.iter().map(|p| p.respawn.to_string()).collect();
        let _ = writeln!(t, "respawn {}", r.join(" "));
        let r: Vec<String> = b.players.iter().map(|p| p.bubble.to_string()).collect();
        let _ = writeln!(t, "bubble-counters {}", r.join(" "));
        let r: Vec<String> = b.bonuses.iter().map(|s| s.counter.to_string()).collect();
        let _ = writeln!(t, "bonus-counters {}", r.join(" "));
        for (id, u) in b.units.iter().enumerate() {
            if !u.alive() {
                continue;
            }
            let _ = write!(
                t,
                "unit {} {} id={} energy={}",
                label(id as u16),
                u.player,
                id,
                u.energy
            );
            if u.upgraded {
                t.push_str(" upgraded");
            }
            if u.start != NONE {
                let (r, c) = b.coords(u.start);
                let _ = write!(t, " start={r},{c}");
            }
            t.push('\n');
        }
        for x in b.bubbles.iter().flatten() {
            if x.timer > 0 || x.moved > 0 {
                let (r, c) = b.coords(x.at);
                let _ = writeln!(t, "bubble {r},{c} timer={} moved={}", x.timer, x.moved);
            }
        }
        for (at, s) in b.squares.iter().enumerate() {
            if s.zone > 0 {
                let (r, c) = b.coords(at as u16);
                let _ = writeln!(t, "zone {r},{c} left={}", s.zone);
            }
        }
        t.push_str("board\n");
        for r in 0..b.rows as usize {
            let mut cells = Vec::new();
            for c in 0..b.cols as usize {
                let s = b.square(b.index(r, c));
                let mut cell = String::new();
                cell.push(match s.painter() {
                    None => '.',
                    Some(p) if s.zone > 0 => (b'A' + p) as char,
                    Some(p) => (b'0' + p) as char,
                });
                cell.push(if s.drawer == NONE {
                    '.'
                } else {
                    label(s.drawer)
                });
                cell.push(match s.thing {
                    Thing::Empty => '.',
                    Thing::Unit(u) => label(u),
                    Thing::Bubble(x) => {
                        (b'0' + b.bubbles[x as usize].map(|x| x.player).unwrap_or(0)) as char
                    }
                    Thing::Bonus(_) => '*',
                });
                cells.push(cell);
            }
            t.push_str(&cells.join(" "));
            t.push('\n');
        }
        t
    }
}

/// Place the setup's units on the game's board, noting every problem.
fn units(
    game: &mut Domains,
    options: &Options,
    setup: &Setup,
    places: &dyn Places,
    out: &mut Found,
    slots: usize,
) {
    let players = setup.players;
    let on_board = |r: u8, c: u8| r < setup.rows && c < setup.cols;
    let mut per_player = vec![0usize; players];
    let mut upgraded = vec![0u8; players];
    for u in &setup.units {
        let what = places.unit_name(u.id);
        let place = places.unit(u.id);
        let mut ok = true;
        if u.id as usize >= slots {
            out.at(
                place,
                "unit-id",
                format!("{what}: ids go up to {}", slots.saturating_sub(1)),
            );
            ok = false;
        } else if game.board.units[u.id as usize].alive() {
            out.at(place, "unit-id", format!("{what} appears twice"));
            ok = false;
        }
        if u.player as usize >= players {
            out.at(
                place,
                "unit-player",
                format!("{what} belongs to player {}, who is not playing", u.player),
            );
            ok = false;
        }
        if !on_board(u.row, u.col) {
            out.at(
                place,
                "off-board",
                format!("{what} at {},{} is off the board", u.row, u.col),
            );
            ok = false;
        }
        if !(options.energy_min..=options.energy_max).contains(&u.energy) {
            out.at(
                place,
                "energy",
                format!(
                    "{what} has energy {}; it must be from {} to {}",
                    u.energy, options.energy_min, options.energy_max
                ),
            );
        }
        if !ok {
            continue;
        }
        let at = game.board.index(u.row as usize, u.col as usize);
        if !game.board.square(at).is_empty() {
            out.at(
                places.square(u.row, u.col),
                "crowded",
                format!("{what} shares square {},{}", u.row, u.col),
            );
            continue;
        }
        let p = u.player as usize;
        per_player[p] += 1;
        if per_player[p] == options.max_units as usize + 1 {
            out.at(
                place,
                "too-many-units",
                format!(
                    "{what} is one too many for player {p}: at most {} units",
                    options.max_units
                ),
            );
        }
        if u.upgraded {
            upgraded[p] += 1;
            if upgraded[p] == options.bonuses_per_player + 1 {
                out.at(
                    place,
                    "too-many-upgrades",
                    format!(
                        "{what} is one upgraded unit too many for player {p}: at most {}",
                        options.bonuses_per_player
                    ),
                );
            }
        }
        let start = match u.start {
            None => NONE,
            Some((r, c)) if on_board(r, c) => game.board.index(r as usize, c as usize),
            Some((r, c)) => {
                out.at(
                    place,
                    "off-board",
                    format!("{what}'s drawing starts off the board at {r},{c}"),
                );
                NONE
            }
        };
        game.board.units[u.id as usize] = Unit {
            player: u.player,
            at,
            energy: u.energy,
            upgraded: u.upgraded,
            start,
            trail: Vec::new(),
        };
        game.board.squares[at as usize].thing = Thing::Unit(u.id);
    }
    for (p, &n) in upgraded.iter().enumerate() {
        game.board.players[p].upgraded = n;
    }
}

/// Paint the setup's squares on the game's board (units already placed),
/// noting every problem.
fn squares(game: &mut Domains, setup: &Setup, places: &dyn Places, out: &mut Found) {
    let players = setup.players;
    for (i, s) in setup.squares.iter().enumerate() {
        let (r, c) = (i / setup.cols as usize, i % setup.cols as usize);
        let place = places.square(r as u8, c as u8);
        let mut sq = Square::BLANK;
        if let Some(p) = s.paint {
            if p as usize >= players {
                out.at(
                    place,
                    "paint-player",
                    format!("square {r},{c} is painted by player {p}, who is not playing"),
                );
            } else {
                sq.paint = p;
            }
        }
        if s.zone > 0 {
            if s.paint.is_none() {
                out.at(
                    place,
                    "zone-unpainted",
                    format!("square {r},{c} is an ability zone but not painted"),
                );
            } else {
                sq.zone = s.zone;
            }
        }
        if let Some(d) = s.drawer {
            let owner = game.board.units.get(d as usize).map(|u| u.player);
            match owner {
                Some(o) if o != crate::board::NO_PLAYER => {
                    if s.paint == Some(o) {
                        out.at(
                            place,
                            "drawing-on-own-paint",
                            format!(
                                "square {r},{c}: {} draws on its own paint",
                                places.unit_name(d)
                            ),
                        );
                    } else {
                        sq.drawer = d;
                        game.board.units[d as usize].trail.push(i as u16);
                    }
                }
                _ => out.at(
                    place,
                    "drawer-missing",
                    format!(
                        "square {r},{c} is drawn by {}, which is not on the board",
                        places.unit_name(d)
                    ),
                ),
            }
        }
        sq.thing = game.board.squares[i].thing;
        game.board.squares[i] = sq;
    }
    for (id, u) in game.board.units.iter().enumerate() {
        if u.alive() && u.start != NONE && game.board.square(u.start).paint != u.player {
            let (r, c) = game.board.coords(u.start);
            out.at(
                places.unit(id as u16),
                "drawing-start",
                format!(
                    "{}'s drawing starts at {r},{c}, which is not its paint",
                    places.unit_name(id as u16)
                ),
            );
        }
    }
}
