//! The setup (position) text format: a board with colonies, leaders and
//! artifacts, plus hands, scores, pool, whose turn and which order.
//! Documented in `docs/star-tigris/setup-format.md`.
//!
//! ```text
//! players 2
//! active 1            # whose turn (players count from 1)
//! order 1             # first or second order of the turn
//! seed 42
//! hand 1 scientist 3 merchant 2 settler 1
//! score 2 technology 1
//! board
//! .  .  M  r  .
//! t  P1 t  .  A
//! ```

use tabula_engine::limits::MAX_MAP_BYTES;
use tabula_engine::{Problem, Problems, push_capped};

use crate::game::{Options, TurnOrder};
use crate::kind::Kind;
use crate::map::{MAX_SIDE, Map, Terrain};
use crate::state::{Cell, Content, MAX_PLAYERS, NOWHERE, StarTigris};

struct Token<'a> {
    text: &'a str,
    col: usize,
}

fn tokens(line: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        if ch.is_whitespace() {
            if let Some(s) = start.take() {
                out.push(Token {
                    text: &line[s..i],
                    col: line[..s].chars().count() + 1,
                });
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    out
}

/// Fewest cells of a setup's board (a map needs `map::MIN_SIDE` a side; a
/// setup may show a small corner of play, even a single line, but not a
/// single cell).
pub const MIN_SETUP_CELLS: usize = 2;

/// Parse a setup into a game state, or list every problem with line and column.
pub fn parse_setup(text: &str) -> Result<StarTigris, Problems> {
    let mut problems: Vec<Problem> = Vec::new();
    if text.len() > MAX_MAP_BYTES {
        return Err(Problem::error(
            "too-large",
            format!("the setup is {} bytes; at most {MAX_MAP_BYTES}", text.len()),
        )
        .into());
    }
    let mut players: Option<usize> = None;
    let mut active = 1usize;
    let mut order = 1usize;
    let mut seed = 0u64;
    let mut open_scores = false;
    let mut turns: Option<TurnOrder> = None;
    let mut hands: [Option<[u8; 4]>; MAX_PLAYERS] = [None; MAX_PLAYERS];
    let mut scores = [[0u16; 4]; MAX_PLAYERS];
    let mut artifacts = [0u8; MAX_PLAYERS];
    let mut bombers = [2u8; MAX_PLAYERS];
    let mut pool: Option<[u16; 4]> = None;
    let mut board_rows: Vec<(usize, Vec<Token>)> = Vec::new();
    let mut in_board = false;
    // The line of each header given (`players`, `hand 2`, …): a header
    // given twice is refused, and so is one for a player not in the game.
    let mut seen: Vec<(String, usize)> = Vec::new();
    let mut per_player: Vec<(usize, usize, usize)> = Vec::new();
    let mut active_at = (0, 0);

    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let content = raw.split('#').next().unwrap_or("");
        let toks = tokens(content);
        if toks.is_empty() {
            continue;
        }
        if in_board {
            board_rows.push((line, toks));
            continue;
        }
        let key = toks[0].text.to_ascii_lowercase();
        let per_player_key = matches!(key.as_str(), "hand" | "score" | "artifacts" | "bombers");
        let header = if per_player_key {
            format!("{key} {}", toks.get(1).map_or("", |t| t.text))
        } else {
            key.clone()
        };
        if key != "board" {
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == header) {
                push_capped(
                    &mut problems,
                    Problem::at(
                        "setup-repeated",
                        line,
                        toks[0].col,
                        format!("`{header}` is given twice (first on line {first})"),
                    ),
                );
                continue;
            }
            seen.push((header, line));
        }
        let arg = |i: usize| toks.get(i);
        let bad = |t: Option<&Token>, what: &str| match t {
            Some(t) => Problem::at(
                "setup-syntax",
                line,
                t.col,
                format!("{:?}: expected {what}", t.text),
            ),
            None => Problem::at(
                "setup-syntax",
                line,
                content.trim_end().chars().count() + 1,
                format!("expected {what}"),
            ),
        };
        let number = |i: usize, what: &str| -> Result<u64, Problem> {
            arg(i)
                .and_then(|t| t.text.parse::<u64>().ok())
                .ok_or_else(|| bad(arg(i), what))
        };
        let player = |i: usize| -> Result<usize, Problem> {
            match arg(i).and_then(|t| t.text.parse::<usize>().ok()) {
                Some(p) if (1..=MAX_PLAYERS).contains(&p) => Ok(p - 1),
                _ => Err(bad(arg(i), "a player number from 1 to 4")),
            }
        };
        // Pairs "KIND COUNT ..." after position `from`.
        let pairs = |from: usize| -> Result<[u64; 4], Problem> {
            let mut out = [0u64; 4];
            let mut given = [false; 4];
            let mut i = from;
            while i < toks.len() {
                let k: Kind = toks[i]
                    .text
                    .parse()
                    .map_err(|_| bad(arg(i), "a kind (settler, scientist, merchant, mining)"))?;
                if std::mem::replace(&mut given[k.index()], true) {
                    return Err(Problem::at(
                        "setup-repeated",
                        line,
                        toks[i].col,
                        format!("{k} is given twice on this line"),
                    ));
                }
                let c = number(i + 1, "a count")?;
                if c > 999 {
                    return Err(bad(arg(i + 1), "a count up to 999"));
                }
                out[k.index()] = c;
                i += 2;
            }
            Ok(out)
        };
        if per_player_key && let Ok(p) = player(1) {
            per_player.push((line, toks[1].col, p + 1));
        }
        let result: Result<(), Problem> = (|| {
            match key.as_str() {
                "players" => {
                    let p = number(1, "a number of players (2 to 4)")? as usize;
                    if !(2..=MAX_PLAYERS).contains(&p) {
                        return Err(bad(arg(1), "a number of players from 2 to 4"));
                    }
                    players = Some(p);
                }
                "active" => {
                    active = player(1)? + 1;
                    active_at = (line, toks[1].col);
                }
                "order" => {
                    order = number(1, "1 or 2")? as usize;
                    if !(1..=2).contains(&order) {
                        return Err(bad(arg(1), "1 or 2"));
                    }
                }
                "seed" => seed = number(1, "a seed")?,
                "open-scores" => {
                    open_scores = match arg(1).map(|t| t.text) {
                        Some("yes") => true,
                        Some("no") => false,
                        _ => return Err(bad(arg(1), "yes or no")),
                    }
                }
                "turns" => {
                    turns = match (arg(1).map(|t| t.text), arg(2).map(|t| t.text)) {
                        (Some("sequential"), None) => None,
                        (Some("simultaneous"), None | Some("rotating")) => {
                            Some(TurnOrder::Rotating)
                        }
                        (Some("simultaneous"), Some("shuffled")) => Some(TurnOrder::Shuffled),
                        (Some("simultaneous"), Some(_)) => {
                            return Err(bad(arg(2), "rotating or shuffled"));
                        }
                        _ => return Err(bad(arg(1), "sequential or simultaneous")),
                    }
                }
                "hand" => {
                    let p = player(1)?;
                    let c = pairs(2)?;
                    if c.iter().sum::<u64>() > 6 {
                        return Err(Problem::at(
                            "hand-size",
                            line,
                            toks[0].col,
                            "a hand holds at most 6 colonists",
                        ));
                    }
                    hands[p] = Some(c.map(|x| x as u8));
                }
                "score" => {
                    let p = player(1)?;
                    scores[p] = pairs(2)?.map(|x| x as u16);
                }
                "artifacts" => {
                    let p = player(1)?;
                    let n = number(2, "a number of artifacts")?;
                    if n > 99 {
                        return Err(bad(arg(2), "a number of artifacts up to 99"));
                    }
                    artifacts[p] = n as u8;
                }
                "bombers" => {
                    let p = player(1)?;
                    let b = number(2, "0, 1 or 2")?;
                    if b > 2 {
                        return Err(bad(arg(2), "0, 1 or 2"));
                    }
                    bombers[p] = b as u8;
                }
                "pool" => pool = Some(pairs(1)?.map(|x| x as u16)),
                "board" => in_board = true,
                _ => {
                    return Err(Problem::at(
                        "setup-syntax",
                        line,
                        toks[0].col,
                        format!(
                            "unknown line {:?} (players, active, order, seed, open-scores, turns, hand, score, artifacts, bombers, pool, board)",
                            toks[0].text
                        ),
                    ));
                }
            }
            Ok(())
        })();
        if let Err(p) = result {
            push_capped(&mut problems, p);
        }
    }

    let Some(players) = players else {
        push_capped(
            &mut problems,
            Problem::error(
                "setup-syntax",
                "the setup does not say how many players (e.g. `players 2`)",
            ),
        );
        return Err(Problems(problems));
    };
    if active > players {
        push_capped(
            &mut problems,
            Problem::at(
                "setup-syntax",
                active_at.0,
                active_at.1,
                format!("active player {active} is not one of the {players} players"),
            ),
        );
    }
    for &(line, col, p) in &per_player {
        if p > players {
            push_capped(
                &mut problems,
                Problem::at(
                    "setup-syntax",
                    line,
                    col,
                    format!("player {p} is not one of the {players} players"),
                ),
            );
        }
    }
    if board_rows.is_empty() {
        push_capped(
            &mut problems,
            Problem::error("setup-syntax", "the setup has no `board` section"),
        );
        return Err(Problems(problems));
    }
    let width = board_rows[0].1.len();
    let height = board_rows.len();
    if width > MAX_SIDE || height > MAX_SIDE || width * height < MIN_SETUP_CELLS {
        push_capped(
            &mut problems,
            Problem::at(
                "size",
                board_rows[0].0,
                1,
                format!(
                    "the board is {width}×{height}; a setup needs at least {MIN_SETUP_CELLS} cells and at most {MAX_SIDE} a side"
                ),
            ),
        );
        return Err(Problems(problems));
    }
    for (line, row) in &board_rows {
        for tok in row {
            if let Err(msg) = parse_cell(tok.text, players) {
                push_capped(&mut problems, Problem::at("bad-cell", *line, tok.col, msg));
            }
        }
        if row.len() != width {
            let col = row
                .get(width.min(row.len().saturating_sub(1)))
                .map(|t| t.col)
                .unwrap_or(1);
            push_capped(
                &mut problems,
                Problem::at(
                    "not-rectangular",
                    *line,
                    col,
                    format!("this row has {} cells but the first has {width}", row.len()),
                ),
            );
        }
    }
    if !problems.is_empty() {
        return Err(Problems(problems));
    }

    let map = Map {
        width,
        height,
        cells: vec![Terrain::Open; width * height],
        lines: board_rows.iter().map(|(l, _)| *l).collect(),
    };
    let options = Options {
        open_scores,
        ..Options::default()
    };
    let mut g = StarTigris::blank(&map, players, &options, seed);
    let mut where_: Vec<(usize, usize)> = vec![(0, 0); width * height];
    for (r, (line, row)) in board_rows.iter().enumerate() {
        for (c, tok) in row.iter().enumerate() {
            let i = r * width + c;
            where_[i] = (*line, tok.col);
            if let Ok((cell, leader)) = parse_cell(tok.text, players) {
                {
                    g.set_cell(i, cell);
                    if let Some((p, k)) = leader {
                        if g.leaders[p as usize][k.index()] != NOWHERE {
                            push_capped(
                                &mut problems,
                                Problem::at(
                                    "duplicate-leader",
                                    *line,
                                    tok.col,
                                    format!("player {} has two {k} leaders", p + 1),
                                ),
                            );
                        }
                        g.leaders[p as usize][k.index()] = i as u16;
                    }
                }
            }
            // A bad token was already reported above.
        }
    }
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    // Leaders must stand next to a scientist colony, and no region may hold
    // two leaders of one kind (that would be an unresolved conflict).
    g.relabel_all();
    let regions = g.regions().clone();
    for p in 0..players {
        for k in Kind::ALL {
            let at = g.leaders[p][k.index()];
            if at == NOWHERE {
                continue;
            }
            let (l, c) = where_[at as usize];
            if !g.next_to_scientist(at as usize) {
                push_capped(
                    &mut problems,
                    Problem::at(
                        "leader-without-scientist",
                        l,
                        c,
                        "a leader must stand next to a scientist colony",
                    ),
                );
            }
            for q in p + 1..players {
                let other = g.leaders[q][k.index()];
                if other != NOWHERE && regions.of(other as usize) == regions.of(at as usize) {
                    push_capped(
                        &mut problems,
                        Problem::at(
                            "unresolved-conflict",
                            l,
                            c,
                            format!("two {k} leaders stand in one region"),
                        ),
                    );
                }
            }
        }
    }
    for p in 0..players {
        g.scores[p] = scores[p];
        g.artifacts_held[p] = artifacts[p];
        g.bombers[p] = bombers[p];
        if let Some(h) = hands[p] {
            g.hands[p] = h;
        }
    }
    // The pool: as given, or the standard pool less what the board and the
    // given hands already use (artifact colonies are extra, not from the pool).
    g.pool = match pool {
        Some(p) => p,
        None => {
            let mut p = Options::default().pool.counts();
            let mut used = [0u32; 4];
            for i in 0..g.cell_count() {
                if let Some(k) = g.cell(i).colony()
                    && !g.cell(i).has_artifact()
                {
                    used[k.index()] += 1;
                }
            }
            for h in hands.iter().take(players).flatten() {
                for k in 0..4 {
                    used[k] += h[k] as u32;
                }
            }
            for k in 0..4 {
                if used[k] > p[k] as u32 {
                    push_capped(
                        &mut problems,
                        Problem::error(
                            "pool",
                            format!(
                                "the board and hands use {} {} colonists, more than the standard pool's {}",
                                used[k],
                                Kind::from_index(k),
                                p[k]
                            ),
                        ),
                    );
                } else {
                    p[k] -= used[k] as u16;
                }
            }
            p
        }
    };
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    g.active = (active - 1) as u8;
    g.orders_left = (3 - order) as u8;
    for (p, hand) in hands.iter().enumerate().take(players) {
        if hand.is_none() {
            g.refill_hand(p as u8);
        }
    }
    if let Some(mode) = turns {
        // The active player is the first to carry out orders.
        g.start_simultaneous_from(mode, g.active);
    }
    Ok(g)
}

/// A board token: the cell, and the leader standing on it if any.
fn parse_cell(tok: &str, players: usize) -> Result<(Cell, Option<(u8, Kind)>), String> {
    let open = Cell::terrain(false);
    let bad = || {
        format!(
            "{tok:?} is not a cell (., M, X, XM, A, a colony p t m r with an optional *, or a leader P1 T1 M1 R1)"
        )
    };
    match tok {
        "." => return Ok((open, None)),
        "M" => return Ok((Cell::terrain(true), None)),
        "X" => return Ok((open.destroyed(), None)),
        "XM" => return Ok((Cell::terrain(true).destroyed(), None)),
        "A" => {
            return Ok((
                open.with(Content::Colony(Kind::Scientist))
                    .with_artifact(true),
                None,
            ));
        }
        _ => {}
    }
    let mut chars = tok.chars();
    let first = chars.next().ok_or_else(bad)?;
    let rest: String = chars.collect();
    let kind = Kind::from_letter(first).ok_or_else(bad)?;
    if first.is_ascii_lowercase() {
        let artifact = match rest.as_str() {
            "" => false,
            "*" => true,
            _ => return Err(bad()),
        };
        let cell = Cell::terrain(kind == Kind::Mining)
            .with(Content::Colony(kind))
            .with_artifact(artifact);
        return Ok((cell, None));
    }
    let p: usize = rest.parse().map_err(|_| bad())?;
    if p == 0 || p > players {
        return Err(format!(
            "{tok:?}: player {p} is not one of the {players} players"
        ));
    }
    let owner = (p - 1) as u8;
    Ok((open.with(Content::Leader(owner, kind)), Some((owner, kind))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_small_position() {
        let g = parse_setup(
            "players 2\nactive 2\norder 2\nhand 1 scientist 3 merchant 2 settler 1\nscore 2 mining 4\nboard\n. t P1 .\nM r A .\n",
        )
        .unwrap();
        assert_eq!(g.width(), 4);
        assert_eq!(g.active(), 1);
        assert_eq!(g.orders_left(), 1);
        assert_eq!(g.hand(0), [1, 3, 2, 0]);
        assert_eq!(crate::kind::total(&g.hand(1)), 6);
        assert_eq!(g.score(1), [0, 0, 0, 4]);
        assert_eq!(g.leader(0, Kind::Settler), Some(2));
        assert!(g.cell(6).has_artifact());
        assert!(g.cell(5).is_uninhabitable());
    }

    #[test]
    fn reports_problems_with_line_and_column() {
        let e = parse_setup("players 2\nboard\n. Q .\n. . \n").unwrap_err();
        let text = e.to_string();
        assert!(text.contains("3:3:"), "{text}");
        assert!(text.contains("4:"), "{text}");
        let e = parse_setup("players 2\nboard\n. P1 .\n").unwrap_err();
        assert!(
            e.to_string().contains("3:3:") && e.to_string().contains("scientist"),
            "{e}"
        );
        assert!(parse_setup("board\n.\n").is_err());
        assert!(parse_setup("players 9\nboard\n.\n").is_err());
        assert!(
            parse_setup("players 2\nfly away\nboard\n.\n")
                .unwrap_err()
                .to_string()
                .starts_with("2:1:")
        );
    }
}
