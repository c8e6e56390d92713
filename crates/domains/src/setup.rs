//! Setups: a Domains position as plain data ([`Setup`]) or as text
//! (`docs/domains/setup-format.md`), made into a checked game only through
//! [`Domains::from_setup`], which lists every problem found.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use tabula_engine::limits::MAX_MAP_BYTES;
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

impl Domains {
    /// A game from a setup, or every problem found in the options and setup.
    pub fn from_setup(options: &Options, setup: &Setup, seed: u64) -> Result<Domains, Problems> {
        let mut options = options.clone();
        options.rows = setup.rows;
        options.cols = setup.cols;
        // The size comes from the setup: say so rather than blame the options.
        let mut out: Vec<Problem> = options
            .check()
            .0
            .into_iter()
            .filter(|p| {
                !p.message.starts_with("option rows ") && !p.message.starts_with("option cols ")
            })
            .collect();
        if !(2..=100).contains(&setup.rows) || !(2..=100).contains(&setup.cols) {
            out.push(Problem::error(
                "board-size",
                format!(
                    "the board is {}×{}; each side must be from 2 to 100",
                    setup.rows, setup.cols
                ),
            ));
        }
        let err = |out: &mut Vec<Problem>, rule: &str, m: String| out.push(Problem::error(rule, m));
        let players = setup.players;
        if !(2..=4).contains(&players) {
            err(
                &mut out,
                "players",
                format!("{players} players; Domains needs 2 to 4"),
            );
        }
        if !out.is_empty() {
            return Err(Problems(out));
        }
        let n = setup.rows as usize * setup.cols as usize;
        if setup.squares.len() != n {
            err(
                &mut out,
                "board-size",
                format!(
                    "{} squares for a {}×{} board",
                    setup.squares.len(),
                    setup.rows,
                    setup.cols
                ),
            );
            return Err(Problems(out));
        }
        if setup.round > options.rounds {
            err(
                &mut out,
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
        // Units.
        let mut per_player = vec![0usize; players];
        let mut upgraded = vec![0u8; players];
        for u in &setup.units {
            let what = format!("unit {}", u.id);
            let mut ok = true;
            if u.id as usize >= slots {
                err(
                    &mut out,
                    "unit-id",
                    format!("{what}: ids go up to {}", slots.saturating_sub(1)),
                );
                ok = false;
            } else if game.board.units[u.id as usize].alive() {
                err(&mut out, "unit-id", format!("{what} appears twice"));
                ok = false;
            }
            if u.player as usize >= players {
                err(
                    &mut out,
                    "unit-player",
                    format!("{what} belongs to player {}, who is not playing", u.player),
                );
                ok = false;
            }
            if !on_board(u.row, u.col) {
                err(
                    &mut out,
                    "off-board",
                    format!("{what} at {},{} is off the board", u.row, u.col),
                );
                ok = false;
            }
            if !(options.energy_min..=options.energy_max).contains(&u.energy) {
                err(
                    &mut out,
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
                err(
                    &mut out,
                    "crowded",
                    format!("{what} shares square {},{}", u.row, u.col),
                );
                continue;
            }
            per_player[u.player as usize] += 1;
            if u.upgraded {
                upgraded[u.player as usize] += 1;
            }
            let start = match u.start {
                None => NONE,
                Some((r, c)) if on_board(r, c) => game.board.index(r as usize, c as usize),
                Some((r, c)) => {
                    err(
                        &mut out,
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
        for p in 0..players {
            if per_player[p] > options.max_units as usize {
                err(
                    &mut out,
                    "too-many-units",
                    format!(
                        "player {p} has {} units; at most {}",
                        per_player[p], options.max_units
                    ),
                );
            }
            if upgraded[p] > options.bonuses_per_player {
                err(
                    &mut out,
                    "too-many-upgrades",
                    format!(
                        "player {p} has {} upgraded units; at most {}",
                        upgraded[p], options.bonuses_per_player
                    ),
                );
            }
            game.board.players[p].upgraded = upgraded[p];
        }
        // Squares.
        for (i, s) in setup.squares.iter().enumerate() {
            let (r, c) = (i / setup.cols as usize, i % setup.cols as usize);
            let mut sq = Square::BLANK;
            if let Some(p) = s.paint {
                if p as usize >= players {
                    err(
                        &mut out,
                        "paint-player",
                        format!("square {r},{c} is painted by player {p}, who is not playing"),
                    );
                } else {
                    sq.paint = p;
                }
            }
            if s.zone > 0 {
                if s.paint.is_none() {
                    err(
                        &mut out,
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
                            err(
                                &mut out,
                                "drawing-on-own-paint",
                                format!("square {r},{c}: unit {d} draws on its own paint"),
                            );
                        } else {
                            sq.drawer = d;
                            game.board.units[d as usize].trail.push(i as u16);
                        }
                    }
                    _ => err(
                        &mut out,
                        "drawer-missing",
                        format!("square {r},{c} is drawn by unit {d}, which is not on the board"),
                    ),
                }
            }
            sq.thing = game.board.squares[i].thing;
            game.board.squares[i] = sq;
        }
        for (id, u) in game.board.units.iter().enumerate() {
            if u.alive() && u.start != NONE && game.board.square(u.start).paint != u.player {
                let (r, c) = game.board.coords(u.start);
                err(
                    &mut out,
                    "drawing-start",
                    format!("unit {id}'s drawing starts at {r},{c}, which is not its paint"),
                );
            }
        }
        // Bubbles.
        for b in &setup.bubbles {
            let what = format!("the bubble at {},{}", b.row, b.col);
            if b.player as usize >= players {
                err(
                    &mut out,
                    "bubble-player",
                    format!(
                        "{what} has the colour of player {}, who is not playing",
                        b.player
                    ),
                );
                continue;
            }
            if !on_board(b.row, b.col) {
                err(&mut out, "off-board", format!("{what} is off the board"));
                continue;
            }
            if b.timer > options.rounds_to_pop {
                err(
                    &mut out,
                    "bubble-timer",
                    format!(
                        "{what} pops in {} rounds; at most {}",
                        b.timer, options.rounds_to_pop
                    ),
                );
            }
            let at = game.board.index(b.row as usize, b.col as usize);
            if !game.board.square(at).is_empty() {
                err(&mut out, "crowded", format!("{what} shares its square"));
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
        if setup.bonuses.len() > options.max_bonuses as usize {
            err(
                &mut out,
                "too-many-bonuses",
                format!(
                    "{} bonuses; at most {}",
                    setup.bonuses.len(),
                    options.max_bonuses
                ),
            );
        } else {
            for (slot, &(r, c)) in setup.bonuses.iter().enumerate() {
                if !on_board(r, c) {
                    err(
                        &mut out,
                        "off-board",
                        format!("the bonus at {r},{c} is off the board"),
                    );
                    continue;
                }
                let at = game.board.index(r as usize, c as usize);
                if !game.board.square(at).is_empty() {
                    err(
                        &mut out,
                        "crowded",
                        format!("the bonus at {r},{c} shares its square"),
                    );
                    continue;
                }
                game.board.bonuses[slot].at = at;
                game.board.squares[at as usize].thing = Thing::Bonus(slot as u8);
            }
        }
        if setup.bonus_counters.is_empty() {
            game.init_bonus_counters();
        } else if setup.bonus_counters.len() != options.max_bonuses as usize {
            err(
                &mut out,
                "bonus-counters",
                format!(
                    "{} bonus counters for {} bonus slots",
                    setup.bonus_counters.len(),
                    options.max_bonuses
                ),
            );
        } else {
            for (slot, &c) in setup.bonus_counters.iter().enumerate() {
                game.board.bonuses[slot].counter = c;
            }
        }
        // Players.
        if !setup.player_states.is_empty() && setup.player_states.len() != players {
            err(
                &mut out,
                "players",
                format!(
                    "{} player states for {players} players",
                    setup.player_states.len()
                ),
            );
        } else {
            for (p, s) in setup.player_states.iter().enumerate() {
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
        if out.is_empty() {
            Ok(game)
        } else {
            Err(Problems(out))
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

struct PendingUnit {
    player: u8,
    id: Option<u16>,
    energy: Option<u8>,
    upgraded: bool,
    start: Option<(u8, u8)>,
    line: usize,
}

fn parse_pos(s: &str) -> Option<(u8, u8)> {
    let (r, c) = s.split_once(',')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// Read setup text into a [`Setup`], or every problem found, each with its
/// line and column. The size of the board is the size of the grid; unit
/// energies default to 5 (the standard start) and zones to 10 rounds left.
pub fn parse_setup(text: &str) -> Result<Setup, Problems> {
    if text.len() > MAX_MAP_BYTES {
        return Err(Problem::error(
            "too-large",
            format!("the setup is {} bytes; at most {MAX_MAP_BYTES}", text.len()),
        )
        .into());
    }
    let mut out: Vec<Problem> = Vec::new();
    let mut players: Option<usize> = None;
    let mut round = 0u32;
    let mut scores: Vec<i64> = Vec::new();
    let mut respawn: Vec<u32> = Vec::new();
    let mut bubble_counters: Vec<u32> = Vec::new();
    let mut bonus_counters: Vec<i32> = Vec::new();
    let mut units: BTreeMap<char, PendingUnit> = BTreeMap::new();
    let mut bubble_attrs: BTreeMap<(u8, u8), (u8, u32, usize)> = BTreeMap::new();
    let mut zone_attrs: BTreeMap<(u8, u8), u8> = BTreeMap::new();
    let mut grid: Vec<(usize, &str)> = Vec::new();
    let mut in_board = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let body = raw.split('#').next().unwrap_or("").trim_end();
        if body.trim().is_empty() {
            continue;
        }
        if in_board {
            grid.push((line, body));
            continue;
        }
        let words: Vec<&str> = body.split_whitespace().collect();
        let col = raw.find(words[0]).unwrap_or(0) + 1;
        let bad = |out: &mut Vec<Problem>, m: String| {
            out.push(Problem::at("bad-line", line, col, m));
        };
        fn numbers<T: std::str::FromStr>(words: &[&str]) -> Option<Vec<T>> {
            words.iter().map(|w| w.parse().ok()).collect()
        }
        match words[0] {
            "board" => in_board = true,
            "players" => match words.get(1).and_then(|w| w.parse().ok()) {
                Some(n) if words.len() == 2 => players = Some(n),
                _ => bad(&mut out, "expected `players N`".into()),
            },
            "round" => match words.get(1).and_then(|w| w.parse().ok()) {
                Some(n) if words.len() == 2 => round = n,
                _ => bad(&mut out, "expected `round N`".into()),
            },
            "scores" => match numbers(&words[1..]) {
                Some(v) => scores = v,
                None => bad(&mut out, "expected `scores S0 S1 …`".into()),
            },
            "respawn" => match numbers(&words[1..]) {
                Some(v) => respawn = v,
                None => bad(&mut out, "expected `respawn C0 C1 …`".into()),
            },
            "bubble-counters" => match numbers(&words[1..]) {
                Some(v) => bubble_counters = v,
                None => bad(&mut out, "expected `bubble-counters C0 C1 …`".into()),
            },
            "bonus-counters" => match numbers(&words[1..]) {
                Some(v) => bonus_counters = v,
                None => bad(&mut out, "expected `bonus-counters C0 C1 …`".into()),
            },
            "unit" => {
                let label = words.get(1).and_then(|w| {
                    let mut cs = w.chars();
                    match (cs.next(), cs.next()) {
                        (Some(c), None) if c.is_ascii_lowercase() => Some(c),
                        _ => None,
                    }
                });
                let player = words.get(2).and_then(|w| w.parse::<u8>().ok());
                let (Some(label), Some(player)) = (label, player) else {
                    bad(
                        &mut out,
                        "expected `unit LETTER PLAYER [id=N] [energy=E] [upgraded] [start=R,C]`"
                            .into(),
                    );
                    continue;
                };
                let mut u = PendingUnit {
                    player,
                    id: None,
                    energy: None,
                    upgraded: false,
                    start: None,
                    line,
                };
                for w in &words[3..] {
                    match w.split_once('=') {
                        Some(("id", v)) if v.parse::<u16>().is_ok() => u.id = v.parse().ok(),
                        Some(("energy", v)) if v.parse::<u8>().is_ok() => u.energy = v.parse().ok(),
                        Some(("start", v)) if parse_pos(v).is_some() => u.start = parse_pos(v),
                        None if *w == "upgraded" => u.upgraded = true,
                        _ => bad(&mut out, format!("unknown unit attribute {w:?}")),
                    }
                }
                if units.insert(label, u).is_some() {
                    bad(&mut out, format!("unit {label} is described twice"));
                }
            }
            "bubble" => {
                let Some(at) = words.get(1).and_then(|w| parse_pos(w)) else {
                    bad(&mut out, "expected `bubble R,C [timer=T] [moved=M]`".into());
                    continue;
                };
                let (mut timer, mut moved) = (0, 0);
                for w in &words[2..] {
                    match w.split_once('=') {
                        Some(("timer", v)) if v.parse::<u8>().is_ok() => {
                            timer = v.parse().unwrap_or(0)
                        }
                        Some(("moved", v)) if v.parse::<u32>().is_ok() => {
                            moved = v.parse().unwrap_or(0)
                        }
                        _ => bad(&mut out, format!("unknown bubble attribute {w:?}")),
                    }
                }
                bubble_attrs.insert(at, (timer, moved, line));
            }
            "zone" => {
                let at = words.get(1).and_then(|w| parse_pos(w));
                let left = words
                    .get(2)
                    .and_then(|w| w.strip_prefix("left="))
                    .and_then(|v| v.parse::<u8>().ok());
                match (at, left) {
                    (Some(at), Some(left)) if words.len() == 3 && left > 0 => {
                        zone_attrs.insert(at, left);
                    }
                    _ => bad(&mut out, "expected `zone R,C left=N` (N ≥ 1)".into()),
                }
            }
            other => bad(&mut out, format!("unknown line {other:?}")),
        }
    }
    if grid.is_empty() {
        out.push(Problem::error(
            "no-board",
            "the setup has no `board` section",
        ));
        return Err(Problems(out));
    }
    let rows = grid.len();
    let cols = grid[0].1.split_whitespace().count();
    if rows > 100 || cols > 100 {
        out.push(Problem::error(
            "board-size",
            format!("the board is {rows}×{cols}; at most 100×100"),
        ));
        return Err(Problems(out));
    }
    let mut squares = Vec::with_capacity(rows * cols);
    let mut unit_at: BTreeMap<char, (u8, u8)> = BTreeMap::new();
    let mut drawings: Vec<(usize, char, usize, usize)> = Vec::new();
    let mut bubbles = Vec::new();
    let mut bonuses = Vec::new();
    for (r, &(line, body)) in grid.iter().enumerate() {
        let mut count = 0;
        let mut offset = 0;
        for token in body.split_whitespace() {
            let col = body[offset..].find(token).map(|x| x + offset).unwrap_or(0);
            offset = col + token.len();
            let c = count;
            count += 1;
            let chars: Vec<char> = token.chars().collect();
            if chars.len() != 3 {
                out.push(Problem::at(
                    "bad-square",
                    line,
                    col + 1,
                    format!("square {token:?} is not 3 characters (ground, drawing, thing)"),
                ));
                squares.push(SquareSetup::default());
                continue;
            }
            let mut sq = SquareSetup::default();
            match chars[0] {
                '.' => {}
                d @ '0'..='3' => sq.paint = Some(d as u8 - b'0'),
                z @ 'A'..='D' => {
                    sq.paint = Some(z as u8 - b'A');
                    sq.zone = *zone_attrs.get(&(r as u8, c as u8)).unwrap_or(&10);
                }
                x => out.push(Problem::at(
                    "bad-square",
                    line,
                    col + 1,
                    format!("unknown ground {x:?} (., 0-3, A-D)"),
                )),
            }
            match chars[1] {
                '.' => {}
                l if l.is_ascii_lowercase() => drawings.push((squares.len(), l, line, col + 2)),
                x => out.push(Problem::at(
                    "bad-square",
                    line,
                    col + 2,
                    format!("unknown drawing {x:?} (. or a unit's letter)"),
                )),
            }
            match chars[2] {
                '.' => {}
                '*' => bonuses.push((r as u8, c as u8)),
                d @ '0'..='3' => {
                    let (timer, moved, _) = bubble_attrs
                        .remove(&(r as u8, c as u8))
                        .unwrap_or((0, 0, 0));
                    bubbles.push(BubbleSetup {
                        player: d as u8 - b'0',
                        row: r as u8,
                        col: c as u8,
                        timer,
                        moved,
                    });
                }
                l if l.is_ascii_lowercase() => {
                    if unit_at.insert(l, (r as u8, c as u8)).is_some() {
                        out.push(Problem::at(
                            "bad-square",
                            line,
                            col + 3,
                            format!("unit {l} stands on two squares"),
                        ));
                    }
                }
                x => out.push(Problem::at(
                    "bad-square",
                    line,
                    col + 3,
                    format!("unknown thing {x:?} (., *, 0-3 or a unit's letter)"),
                )),
            }
            squares.push(sq);
        }
        if count != cols {
            out.push(Problem::at(
                "ragged-board",
                line,
                1,
                format!("row {r} has {count} squares; the first row has {cols}"),
            ));
            squares.resize((r + 1) * cols, SquareSetup::default());
        }
    }
    for (at, (_, _, line)) in &bubble_attrs {
        out.push(Problem::at(
            "bubble-missing",
            *line,
            1,
            format!("no bubble stands at {},{}", at.0, at.1),
        ));
    }
    let players = match players {
        Some(p) => p,
        None => {
            out.push(Problem::error("players", "missing `players N` line"));
            2
        }
    };
    // Unit ids: as given, else the lowest free, in letter order.
    let mut taken: Vec<u16> = units.values().filter_map(|u| u.id).collect();
    let mut ids: BTreeMap<char, u16> = BTreeMap::new();
    let mut unit_list = Vec::new();
    for (&label, u) in &units {
        let id = match u.id {
            Some(id) => id,
            None => {
                let id = (0..).find(|i| !taken.contains(i)).unwrap_or(0);
                taken.push(id);
                id
            }
        };
        ids.insert(label, id);
        let Some(&(row, col)) = unit_at.get(&label) else {
            out.push(Problem::at(
                "unit-missing",
                u.line,
                1,
                format!("unit {label} is not on the board"),
            ));
            continue;
        };
        unit_list.push(UnitSetup {
            id,
            player: u.player,
            row,
            col,
            energy: u.energy.unwrap_or(5),
            upgraded: u.upgraded,
            start: u.start,
        });
    }
    for l in unit_at.keys() {
        if !units.contains_key(l) {
            out.push(Problem::error(
                "unit-undescribed",
                format!("unit {l} stands on the board but has no `unit {l} PLAYER` line"),
            ));
        }
    }
    for &(i, l, line, col) in &drawings {
        match ids.get(&l) {
            Some(&id) if unit_at.contains_key(&l) => squares[i].drawer = Some(id),
            _ => out.push(Problem::at(
                "drawer-missing",
                line,
                col,
                format!("drawing {l} belongs to no unit on the board"),
            )),
        }
    }
    let states = if scores.is_empty() && respawn.is_empty() && bubble_counters.is_empty() {
        Vec::new()
    } else {
        for (name, len) in [
            ("scores", scores.len()),
            ("respawn", respawn.len()),
            ("bubble-counters", bubble_counters.len()),
        ] {
            if len != 0 && len != players {
                out.push(Problem::error(
                    "players",
                    format!("`{name}` has {len} numbers for {players} players"),
                ));
            }
        }
        (0..players)
            .map(|p| PlayerSetup {
                score: scores.get(p).copied().unwrap_or(0),
                respawn: respawn.get(p).copied().unwrap_or(0),
                bubble: bubble_counters.get(p).copied().unwrap_or(0),
            })
            .collect()
    };
    if !out.is_empty() {
        return Err(Problems(out));
    }
    Ok(Setup {
        rows: rows as u8,
        cols: cols as u8,
        players,
        round,
        squares,
        units: unit_list,
        bubbles,
        bonuses,
        bonus_counters,
        player_states: states,
    })
}
