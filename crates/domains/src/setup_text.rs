//! Reading setup text (`docs/domains/setup-format.md`) into a [`Setup`],
//! remembering where each item stands in the text ([`TextPlaces`]) so that
//! the checks of [`Domains::from_setup_at`] name the line and column.

use std::collections::BTreeMap;

use tabula_engine::limits::MAX_MAP_BYTES;
use tabula_engine::{Problem, Problems, push_capped};

use crate::options::Options;
use crate::rules::Domains;
use crate::setup::{BubbleSetup, PlayerSetup, Setup, SquareSetup, UnitSetup};

/// Where the items of a setup stand in its text.
#[derive(Clone, Debug, Default)]
pub struct TextPlaces {
    /// Unit id → its letter and the line and column of its `unit` line.
    units: BTreeMap<u16, (char, usize, usize)>,
    /// Square (row, column) → line and column in the grid.
    squares: BTreeMap<(u8, u8), (usize, usize)>,
    /// Header keyword → line and column.
    headers: BTreeMap<String, (usize, usize)>,
}

impl crate::setup::Places for TextPlaces {
    fn unit(&self, id: u16) -> Option<(usize, usize)> {
        self.units.get(&id).map(|&(_, l, c)| (l, c))
    }
    fn unit_name(&self, id: u16) -> String {
        match self.units.get(&id) {
            Some((letter, _, _)) => format!("unit {letter}"),
            None => format!("unit {id}"),
        }
    }
    fn square(&self, row: u8, col: u8) -> Option<(usize, usize)> {
        self.squares.get(&(row, col)).copied()
    }
    fn header(&self, key: &str) -> Option<(usize, usize)> {
        self.headers.get(key).copied()
    }
}

/// A game from setup text, or every problem in the text and the options,
/// each with its line and column where it has one. `seats` is the number
/// of seats the game has (the setup's `players` must match it).
pub fn game_from_text(
    options: &Options,
    text: &str,
    seats: usize,
    seed: u64,
) -> Result<Domains, Problems> {
    let (setup, places) = parse_setup_at(text)?;
    if setup.players != seats {
        let (line, col) = places.headers.get("players").copied().unwrap_or((1, 1));
        return Err(Problem::at(
            "players",
            line,
            col,
            format!(
                "the setup has {} players but the game has {seats} seats",
                setup.players
            ),
        )
        .into());
    }
    Domains::from_setup_at(options, &setup, seed, &places)
}

struct PendingUnit {
    player: u8,
    id: Option<u16>,
    energy: Option<u8>,
    upgraded: bool,
    start: Option<(u8, u8)>,
    line: usize,
    col: usize,
}

fn parse_pos(s: &str) -> Option<(u8, u8)> {
    let (r, c) = s.split_once(',')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// Read setup text into a [`Setup`], or every problem found, each with its
/// line and column. The size of the board is the size of the grid; unit
/// energies default to 5 (the standard start) and zones to 10 rounds left.
pub fn parse_setup(text: &str) -> Result<Setup, Problems> {
    parse_setup_at(text).map(|(s, _)| s)
}

/// [`parse_setup`], with where each item stands in the text.
pub fn parse_setup_at(text: &str) -> Result<(Setup, TextPlaces), Problems> {
    if text.len() > MAX_MAP_BYTES {
        return Err(Problem::error(
            "too-large",
            format!("the setup is {} bytes; at most {MAX_MAP_BYTES}", text.len()),
        )
        .into());
    }
    let mut places = TextPlaces::default();
    let mut out: Vec<Problem> = Vec::new();
    let mut players: Option<usize> = None;
    let mut round = 0u32;
    let mut scores: Vec<i64> = Vec::new();
    let mut respawn: Vec<u32> = Vec::new();
    let mut bubble_counters: Vec<u32> = Vec::new();
    let mut bonus_counters: Vec<i32> = Vec::new();
    let mut units: BTreeMap<char, PendingUnit> = BTreeMap::new();
    let mut bubble_attrs: BTreeMap<(u8, u8), (u8, u32, usize)> = BTreeMap::new();
    let mut zone_attrs: BTreeMap<(u8, u8), (u8, usize)> = BTreeMap::new();
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
        let col = body[..body.find(words[0]).unwrap_or(0)].chars().count() + 1;
        let bad = |out: &mut Vec<Problem>, m: String| {
            push_capped(out, Problem::at("bad-line", line, col, m));
        };
        fn numbers<T: std::str::FromStr>(words: &[&str]) -> Option<Vec<T>> {
            words.iter().map(|w| w.parse().ok()).collect()
        }
        let key = words[0];
        if matches!(
            key,
            "players" | "round" | "scores" | "respawn" | "bubble-counters" | "bonus-counters"
        ) {
            if let Some(&(first, _)) = places.headers.get(key) {
                bad(
                    &mut out,
                    format!("`{key}` is given twice (first on line {first})"),
                );
                continue;
            }
            places.headers.insert(key.to_string(), (line, col));
        }
        match key {
            "board" => in_board = true,
            "players" => match words.get(1).and_then(|w| w.parse::<usize>().ok()) {
                Some(n) if words.len() == 2 && (2..=4).contains(&n) => players = Some(n),
                Some(n) if words.len() == 2 => bad(
                    &mut out,
                    format!("`players {n}`: Domains is for 2 to 4 players"),
                ),
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
                    col,
                };
                for w in &words[3..] {
                    let (name, repeated) = match w.split_once('=') {
                        Some(("id", v)) if v.parse::<u16>().is_ok() => {
                            ("id", u.id.replace(v.parse().unwrap_or(0)).is_some())
                        }
                        Some(("energy", v)) if v.parse::<u8>().is_ok() => {
                            ("energy", u.energy.replace(v.parse().unwrap_or(0)).is_some())
                        }
                        Some(("start", v)) if parse_pos(v).is_some() => (
                            "start",
                            u.start.replace(parse_pos(v).unwrap_or((0, 0))).is_some(),
                        ),
                        None if *w == "upgraded" => {
                            ("upgraded", std::mem::replace(&mut u.upgraded, true))
                        }
                        _ => {
                            bad(&mut out, format!("unknown unit attribute {w:?}"));
                            continue;
                        }
                    };
                    if repeated {
                        bad(&mut out, format!("unit {label}: `{name}` is given twice"));
                    }
                }
                if let Some(first) = units.get(&label) {
                    bad(
                        &mut out,
                        format!(
                            "unit {label} is described twice (first on line {})",
                            first.line
                        ),
                    );
                    continue;
                }
                units.insert(label, u);
            }
            "bubble" => {
                let Some(at) = words.get(1).and_then(|w| parse_pos(w)) else {
                    bad(&mut out, "expected `bubble R,C [timer=T] [moved=M]`".into());
                    continue;
                };
                let (mut timer, mut moved) = (None, None);
                for w in &words[2..] {
                    let repeated = match w.split_once('=') {
                        Some(("timer", v)) if v.parse::<u8>().is_ok() => {
                            timer.replace(v.parse().unwrap_or(0)).is_some()
                        }
                        Some(("moved", v)) if v.parse::<u32>().is_ok() => {
                            moved.replace(v.parse().unwrap_or(0)).is_some()
                        }
                        _ => {
                            bad(&mut out, format!("unknown bubble attribute {w:?}"));
                            continue;
                        }
                    };
                    if repeated {
                        bad(&mut out, format!("{w:?} is given twice for this bubble"));
                    }
                }
                if let Some(&(_, _, first)) = bubble_attrs.get(&at) {
                    bad(
                        &mut out,
                        format!(
                            "the bubble at {},{} is described twice (first on line {first})",
                            at.0, at.1
                        ),
                    );
                    continue;
                }
                bubble_attrs.insert(at, (timer.unwrap_or(0), moved.unwrap_or(0), line));
            }
            "zone" => {
                let at = words.get(1).and_then(|w| parse_pos(w));
                let left = words
                    .get(2)
                    .and_then(|w| w.strip_prefix("left="))
                    .and_then(|v| v.parse::<u8>().ok());
                match (at, left) {
                    (Some(at), Some(left)) if words.len() == 3 && left > 0 => {
                        if let Some(&(_, first)) = zone_attrs.get(&at) {
                            bad(
                                &mut out,
                                format!(
                                    "the zone square {},{} is described twice (first on line {first})",
                                    at.0, at.1
                                ),
                            );
                        } else {
                            zone_attrs.insert(at, (left, line));
                        }
                    }
                    _ => bad(&mut out, "expected `zone R,C left=N` (N ≥ 1)".into()),
                }
            }
            other => bad(&mut out, format!("unknown line {other:?}")),
        }
    }
    if grid.is_empty() {
        push_capped(
            &mut out,
            Problem::error("no-board", "the setup has no `board` section"),
        );
        return Err(Problems(out));
    }
    let rows = grid.len();
    let cols = grid[0].1.split_whitespace().count();
    if rows > 100 || cols > 100 {
        push_capped(
            &mut out,
            Problem::at(
                "board-size",
                grid[0].0,
                1,
                format!("the board is {rows}×{cols}; at most 100×100"),
            ),
        );
        return Err(Problems(out));
    }
    let mut squares = Vec::with_capacity(rows * cols);
    let mut unit_at: BTreeMap<char, (u8, u8)> = BTreeMap::new();
    let mut drawings: Vec<(usize, char, usize, usize)> = Vec::new();
    let mut bubbles = Vec::new();
    let mut bonuses = Vec::new();
    let mut zones_used: Vec<(u8, u8)> = Vec::new();
    for (r, &(line, body)) in grid.iter().enumerate() {
        let mut count = 0;
        let mut offset = 0;
        for token in body.split_whitespace() {
            let at_byte = body[offset..].find(token).map(|x| x + offset).unwrap_or(0);
            offset = at_byte + token.len();
            let col = body[..at_byte].chars().count();
            let c = count;
            count += 1;
            if c >= cols {
                // A ragged row: reported below; squares past the first
                // row's width are not read.
                continue;
            }
            places.squares.insert((r as u8, c as u8), (line, col + 1));
            let chars: Vec<char> = token.chars().collect();
            if chars.len() != 3 {
                push_capped(
                    &mut out,
                    Problem::at(
                        "bad-square",
                        line,
                        col + 1,
                        format!("square {token:?} is not 3 characters (ground, drawing, thing)"),
                    ),
                );
                squares.push(SquareSetup::default());
                continue;
            }
            let mut sq = SquareSetup::default();
            match chars[0] {
                '.' => {}
                d @ '0'..='3' => sq.paint = Some(d as u8 - b'0'),
                z @ 'A'..='D' => {
                    sq.paint = Some(z as u8 - b'A');
                    sq.zone = match zone_attrs.get(&(r as u8, c as u8)) {
                        Some(&(left, _)) => {
                            zones_used.push((r as u8, c as u8));
                            left
                        }
                        None => 10,
                    };
                }
                x => push_capped(
                    &mut out,
                    Problem::at(
                        "bad-square",
                        line,
                        col + 1,
                        format!("unknown ground {x:?} (., 0-3, A-D)"),
                    ),
                ),
            }
            match chars[1] {
                '.' => {}
                l if l.is_ascii_lowercase() => drawings.push((squares.len(), l, line, col + 2)),
                x => push_capped(
                    &mut out,
                    Problem::at(
                        "bad-square",
                        line,
                        col + 2,
                        format!("unknown drawing {x:?} (. or a unit's letter)"),
                    ),
                ),
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
                        push_capped(
                            &mut out,
                            Problem::at(
                                "bad-square",
                                line,
                                col + 3,
                                format!("unit {l} stands on two squares"),
                            ),
                        );
                    }
                }
                x => push_capped(
                    &mut out,
                    Problem::at(
                        "bad-square",
                        line,
                        col + 3,
                        format!("unknown thing {x:?} (., *, 0-3 or a unit's letter)"),
                    ),
                ),
            }
            squares.push(sq);
        }
        if count != cols {
            push_capped(
                &mut out,
                Problem::at(
                    "ragged-board",
                    line,
                    1,
                    format!(
                        "row {r} has {count} squares; the first row (line {}) has {cols}",
                        grid[0].0
                    ),
                ),
            );
            squares.resize((r + 1) * cols, SquareSetup::default());
        }
    }
    for (at, (_, _, line)) in &bubble_attrs {
        push_capped(
            &mut out,
            Problem::at(
                "bubble-missing",
                *line,
                1,
                format!("no bubble stands at {},{}", at.0, at.1),
            ),
        );
    }
    for (at, (_, line)) in &zone_attrs {
        if !zones_used.contains(at) {
            push_capped(
                &mut out,
                Problem::at(
                    "zone-missing",
                    *line,
                    1,
                    format!(
                        "no ability zone (ground A–D) is at {},{} on the board",
                        at.0, at.1
                    ),
                ),
            );
        }
    }
    let players = match players {
        Some(p) => p,
        None => {
            push_capped(
                &mut out,
                Problem::error("players", "missing `players N` line"),
            );
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
        places.units.entry(id).or_insert((label, u.line, u.col));
        let Some(&(row, col)) = unit_at.get(&label) else {
            push_capped(
                &mut out,
                Problem::at(
                    "unit-missing",
                    u.line,
                    u.col,
                    format!("unit {label} is not on the board"),
                ),
            );
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
    for (l, &(r, c)) in &unit_at {
        if !units.contains_key(l) {
            let (line, col) = places.squares.get(&(r, c)).copied().unwrap_or((1, 1));
            push_capped(
                &mut out,
                Problem::at(
                    "unit-undescribed",
                    line,
                    col + 2,
                    format!("unit {l} stands on the board but has no `unit {l} PLAYER` line"),
                ),
            );
        }
    }
    for &(i, l, line, col) in &drawings {
        match ids.get(&l) {
            Some(&id) if unit_at.contains_key(&l) => {
                if let Some(sq) = squares.get_mut(i) {
                    sq.drawer = Some(id);
                }
            }
            _ => push_capped(
                &mut out,
                Problem::at(
                    "drawer-missing",
                    line,
                    col,
                    format!("drawing {l} belongs to no unit on the board"),
                ),
            ),
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
                let (line, col) = places.headers.get(name).copied().unwrap_or((1, 1));
                push_capped(
                    &mut out,
                    Problem::at(
                        "players",
                        line,
                        col,
                        format!("`{name}` has {len} numbers for {players} players"),
                    ),
                );
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
    let setup = Setup {
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
    };
    Ok((setup, places))
}
