//! Every check of a laid-out board: the course server's validations and
//! Tabula's designer checks. Problems name their field by id; the reader
//! adds the line and column.

use std::collections::{HashMap, HashSet, VecDeque};

use tabula_hex::{Corner, CornerHalf, Dir, Hex};

use crate::board::{Board, DEFAULT_PLAYERS};
use crate::kind::FieldKind;
use crate::problem::{Problem, Rule};
use crate::text::{quote, valid_id};

/// Fewest land fields a board may have (the course server's first rule).
pub const MIN_LAND_FIELDS: usize = 18;

/// Settlements each player has; the board should hold every player's at
/// once under the distance rule (`too-few-corners`).
pub const SETTLEMENTS_PER_PLAYER: usize = 5;

/// Every problem of a board in memory (no lines: the fields are named by id).
pub fn check_board(board: &Board) -> Vec<Problem> {
    let mut out = Vec::new();
    let structure = structure(board, &mut out);
    if !structure {
        // Rules about neighbours would mislead on a board whose fields
        // overlap or cannot be named.
        return out;
    }
    let at: HashMap<Hex, usize> = board.index();
    let at_ref = &at;
    let neighbours = |i: usize| {
        let h = board.fields[i].hex;
        Dir::ALL
            .into_iter()
            .filter_map(move |d| at_ref.get(&h.neighbour(d)).map(|&j| (d, j)))
    };
    let kind = |i: usize| board.fields[i].kind;
    let id = |i: usize| quote(&board.fields[i].id);
    let n = board.fields.len();

    let land = (0..n).filter(|&i| kind(i).is_land()).count();
    if land < MIN_LAND_FIELDS {
        out.push(Problem::new(
            Rule::MinLandFields,
            format!("the board has {land} land fields; it needs at least {MIN_LAND_FIELDS}"),
        ));
    }

    barbarians(board, &at, &mut out);

    let deserts: Vec<usize> = (0..n).filter(|&i| kind(i) == FieldKind::Desert).collect();
    if deserts.is_empty() {
        out.push(Problem::new(
            Rule::DesertRequired,
            "the board has no desert; it needs at least one",
        ));
    }
    for &d in &deserts {
        if let Some((dir, j)) = neighbours(d).find(|&(_, j)| kind(j).is_sea()) {
            out.push(
                Problem::new(
                    Rule::DesertBySea,
                    format!(
                        "desert {} has {} {} to its {dir}; a desert may not touch water, a harbour or a barbarian field",
                        id(d),
                        kind(j).words(),
                        id(j)
                    ),
                )
                .field(&board.fields[d].id),
            );
        }
    }

    let counts = board.resource_counts();
    let (most, least) = (
        counts.values().copied().max().unwrap_or(0),
        counts.values().copied().min().unwrap_or(0),
    );
    if most - least > 1 {
        let list: Vec<String> = FieldKind::ALL
            .iter()
            .filter_map(|k| Some((k, counts.get(&k.resource()?)?)))
            .map(|(k, c)| format!("{c} {}", k.words()))
            .collect();
        out.push(Problem::new(
            Rule::ResourceBalance,
            format!(
                "the resource fields are unbalanced ({}): the most and least common may differ by 1 at most",
                list.join(", ")
            ),
        ));
    }

    for i in 0..n {
        let f = &board.fields[i];
        if f.kind.is_harbour() {
            for (dir, j) in neighbours(i) {
                if kind(j).is_harbour() && i < j {
                    out.push(
                        Problem::new(
                            Rule::AdjacentHarbours,
                            format!(
                                "harbours {} and {} are next to each other ({} is {dir} of {}); harbours may not touch",
                                id(i),
                                id(j),
                                id(j),
                                id(i)
                            ),
                        )
                        .field(&f.id),
                    );
                }
            }
        }
        if (f.kind == FieldKind::Water || f.kind.is_harbour())
            && !neighbours(i).any(|(_, j)| kind(j).is_land())
        {
            out.push(
                Problem::new(
                    Rule::SeaTouchesLand,
                    format!(
                        "{} {} touches no land field; every water field and harbour must",
                        f.kind.words(),
                        id(i)
                    ),
                )
                .field(&f.id),
            );
        }
        if f.kind.is_land() {
            let open: Vec<String> = Dir::ALL
                .into_iter()
                .filter(|d| !at.contains_key(&f.hex.neighbour(*d)))
                .map(|d| d.to_string())
                .collect();
            if !open.is_empty() {
                out.push(
                    Problem::new(
                        Rule::LandOnEdge,
                        format!(
                            "land field {} is on the edge of the board: nothing lies to its {}; the land must be surrounded by water",
                            id(i),
                            open.join(", ")
                        ),
                    )
                    .field(&f.id),
                );
            }
        }
        if let Some(dir) = f.harbour_dir() {
            let faced = at.get(&f.hex.neighbour(dir));
            if !faced.is_some_and(|&j| kind(j).is_land()) {
                let what = match faced {
                    Some(&j) => format!("{} {}", kind(j).words(), id(j)),
                    None => "the edge of the board".into(),
                };
                out.push(
                    Problem::new(
                        Rule::HarbourFacesNoLand,
                        format!(
                            "harbour {} faces {dir} (rotation {}), towards {what}: no settlement can use it; turn it towards land",
                            id(i),
                            f.rotation
                        ),
                    )
                    .field(&f.id),
                );
            }
        }
    }

    joined(board, &at, &mut out);
    islands(board, &at, &mut out);
    numbers(board, &at, &mut out);
    corners(board, &mut out);
    out
}

/// Ids, places, rotations and numbers of a board made in memory (the
/// reader reports these itself). Returns whether the board is sound
/// enough for the other checks.
fn structure(board: &Board, out: &mut Vec<Problem>) -> bool {
    let before = out.len();
    let mut ids: HashSet<&str> = HashSet::new();
    let mut places: HashMap<Hex, &str> = HashMap::new();
    for f in &board.fields {
        if !valid_id(&f.id) {
            out.push(Problem::new(
                Rule::BadId,
                format!(
                    "the id {} is not 1 to {} letters and digits",
                    quote(&f.id),
                    crate::MAX_ID_CHARS
                ),
            ));
        } else if !ids.insert(&f.id) {
            out.push(
                Problem::new(
                    Rule::DuplicateId,
                    format!("two fields have the id {}", quote(&f.id)),
                )
                .field(&f.id),
            );
        }
        if let Some(other) = places.insert(f.hex, &f.id) {
            out.push(
                Problem::new(
                    Rule::SamePlace,
                    format!(
                        "fields {} and {} are in the same place",
                        quote(other),
                        quote(&f.id)
                    ),
                )
                .field(&f.id),
            );
        }
        if f.rotation > 5 {
            out.push(
                Problem::new(
                    Rule::BadRotation,
                    format!(
                        "the rotation {} of field {} is not a whole number from 0 to 5",
                        f.rotation,
                        quote(&f.id)
                    ),
                )
                .field(&f.id),
            );
        }
        if let Some(n) = f.number
            && (!(2..=12).contains(&n) || n == 7 || f.kind.resource().is_none())
        {
            out.push(
                    Problem::new(
                        Rule::BadNumber,
                        format!(
                            "field {} ({}) cannot hold the number {n}: numbers 2 to 6 and 8 to 12 go on pasture, hill, mountain, field and forest",
                            quote(&f.id),
                            f.kind.words()
                        ),
                    )
                    .field(&f.id),
                );
        }
    }
    if board.fields.is_empty() {
        out.push(Problem::new(Rule::NoFields, "the board has no fields"));
    }
    if board.fields.len() > crate::MAX_FIELDS {
        out.push(Problem::new(
            Rule::TooManyFields,
            format!("a board has at most {} fields", crate::MAX_FIELDS),
        ));
    }
    !out[before..].iter().any(Problem::is_error)
}

/// One BARBARIAN_START, one BARBARIAN_END, the end directly south of the start.
fn barbarians(board: &Board, at: &HashMap<Hex, usize>, out: &mut Vec<Problem>) {
    let find = |k: FieldKind| -> Vec<usize> {
        (0..board.fields.len())
            .filter(|&i| board.fields[i].kind == k)
            .collect()
    };
    let (starts, ends) = (
        find(FieldKind::BarbarianStart),
        find(FieldKind::BarbarianEnd),
    );
    for (list, kind) in [
        (&starts, FieldKind::BarbarianStart),
        (&ends, FieldKind::BarbarianEnd),
    ] {
        match list.as_slice() {
            [] => out.push(Problem::new(
                Rule::BarbarianFields,
                format!("the board has no {} field; it needs one", kind.name()),
            )),
            [_] => {}
            [_, rest @ ..] => {
                for &i in rest {
                    out.push(
                        Problem::new(
                            Rule::BarbarianFields,
                            format!(
                                "{} is a second {} field; the board needs exactly one",
                                quote(&board.fields[i].id),
                                kind.name()
                            ),
                        )
                        .field(&board.fields[i].id),
                    );
                }
            }
        }
    }
    if let (Some(&s), Some(&e)) = (starts.first(), ends.first()) {
        let south = at.get(&board.fields[s].hex.neighbour(Dir::S));
        if south != Some(&e) {
            out.push(
                Problem::new(
                    Rule::BarbarianLink,
                    format!(
                        "BARBARIAN_END {} is not directly south of BARBARIAN_START {}: the start links to the end by S, the end to the start by N",
                        quote(&board.fields[e].id),
                        quote(&board.fields[s].id)
                    ),
                )
                .field(&board.fields[s].id),
            );
        }
    }
}

/// Every field joined to the first through neighbouring fields: a board
/// drawn in memory (the editor) can hold fields apart from the rest, which
/// its file could not link, so it would not read back (`not-linked`, as
/// the reader says of such a file).
fn joined(board: &Board, at: &HashMap<Hex, usize>, out: &mut Vec<Problem>) {
    let Some(first) = board.fields.first() else {
        return;
    };
    let mut seen = vec![false; board.fields.len()];
    seen[0] = true;
    let mut queue = VecDeque::from([0usize]);
    while let Some(i) = queue.pop_front() {
        for h in board.fields[i].hex.neighbours() {
            if let Some(&j) = at.get(&h)
                && !seen[j]
            {
                seen[j] = true;
                queue.push_back(j);
            }
        }
    }
    for (i, f) in board.fields.iter().enumerate() {
        if !seen[i] && at.get(&f.hex) == Some(&i) {
            out.push(
                Problem::new(
                    Rule::NotLinked,
                    format!(
                        "field {} touches no field joined to the first field ({}), so its file could not link it to the board",
                        quote(&f.id),
                        quote(&first.id)
                    ),
                )
                .field(&f.id),
            );
        }
    }
}

/// All land connected through land: every smaller piece is an island.
fn islands(board: &Board, at: &HashMap<Hex, usize>, out: &mut Vec<Problem>) {
    let mut piece = vec![usize::MAX; board.fields.len()];
    let mut pieces: Vec<Vec<usize>> = Vec::new();
    for start in 0..board.fields.len() {
        if !board.fields[start].kind.is_land() || piece[start] != usize::MAX {
            continue;
        }
        let k = pieces.len();
        let mut members = vec![start];
        piece[start] = k;
        let mut queue = VecDeque::from([start]);
        while let Some(i) = queue.pop_front() {
            for h in board.fields[i].hex.neighbours() {
                if let Some(&j) = at.get(&h)
                    && board.fields[j].kind.is_land()
                    && piece[j] == usize::MAX
                {
                    piece[j] = k;
                    members.push(j);
                    queue.push_back(j);
                }
            }
        }
        pieces.push(members);
    }
    let Some(largest) = (0..pieces.len()).max_by_key(|&k| (pieces[k].len(), usize::MAX - k)) else {
        return;
    };
    for (k, members) in pieces.iter().enumerate() {
        if k == largest {
            continue;
        }
        let mut ids: Vec<String> = members
            .iter()
            .map(|&i| quote(&board.fields[i].id))
            .collect();
        let count = ids.len();
        ids.truncate(6);
        if count > 6 {
            ids.push("…".into());
        }
        let first = &board.fields[members[0]].id;
        out.push(
            Problem::new(
                Rule::Islands,
                format!(
                    "land {} ({}) is an island apart from the main land of {} fields; all land must be connected",
                    ids.join(", "),
                    crate::text::plural(count, "field"),
                    pieces[largest].len()
                ),
            )
            .field(first),
        );
    }
}

/// Fixed numbers: red numbers (6, 8) apart; all or none of the producing fields.
fn numbers(board: &Board, at: &HashMap<Hex, usize>, out: &mut Vec<Problem>) {
    let red = |n: Option<u8>| matches!(n, Some(6 | 8));
    for (i, f) in board.fields.iter().enumerate() {
        if !red(f.number) {
            continue;
        }
        for d in Dir::ALL {
            if let Some(&j) = at.get(&f.hex.neighbour(d)) {
                let g = &board.fields[j];
                if red(g.number) && i < j {
                    out.push(
                        Problem::new(
                            Rule::RedNumbersAdjacent,
                            format!(
                                "the red numbers {} on {} and {} on {} are on neighbouring fields; spreading 6 and 8 apart makes a fairer board",
                                f.number.unwrap_or(0),
                                quote(&f.id),
                                g.number.unwrap_or(0),
                                quote(&g.id)
                            ),
                        )
                        .field(&f.id),
                    );
                }
            }
        }
    }
    let producing: Vec<&crate::board::Field> = board
        .fields
        .iter()
        .filter(|f| f.kind.resource().is_some())
        .collect();
    let with = producing.iter().filter(|f| f.number.is_some()).count();
    if with > 0 && with < producing.len() {
        let without: Vec<String> = producing
            .iter()
            .filter(|f| f.number.is_none())
            .take(6)
            .map(|f| quote(&f.id))
            .collect();
        out.push(
            Problem::new(
                Rule::NumbersIncomplete,
                format!(
                    "{} of {} producing fields have a fixed number; the others ({}{}) get theirs dealt at the start",
                    with,
                    producing.len(),
                    without.join(", "),
                    if producing.len() - with > 6 { ", …" } else { "" }
                ),
            )
            .field(&producing.iter().find(|f| f.number.is_none()).map_or(String::new(), |f| f.id.clone())),
        );
    }
}

/// Room for every player's settlements at once under the distance rule.
fn corners(board: &Board, out: &mut Vec<Problem>) {
    let players = board.players.unwrap_or(DEFAULT_PLAYERS).max as usize;
    let needed = players * SETTLEMENTS_PER_PLAYER;
    let room = distance_rule_room(&board.land_corners());
    if room < needed {
        out.push(Problem::new(
            Rule::TooFewCorners,
            format!(
                "at most {room} buildings fit on the land under the distance rule; {players} players with {SETTLEMENTS_PER_PLAYER} settlements each need {needed}"
            ),
        ));
    }
}

/// The most corners that can be taken with no two next to each other.
///
/// Corners form a bipartite graph (an east corner's neighbours are all west
/// corners), so this is the number of corners less a maximum matching
/// (König's theorem), found with augmenting paths.
pub fn distance_rule_room(corners: &[Corner]) -> usize {
    let set: HashMap<Corner, usize> = corners.iter().enumerate().map(|(i, c)| (*c, i)).collect();
    let east: Vec<usize> = (0..corners.len())
        .filter(|&i| corners[i].half == CornerHalf::E)
        .collect();
    let adj: Vec<Vec<usize>> = corners
        .iter()
        .map(|c| {
            c.neighbours()
                .iter()
                .filter_map(|n| set.get(n).copied())
                .collect()
        })
        .collect();
    let mut mate: Vec<Option<usize>> = vec![None; corners.len()];
    let mut matched = 0;
    for &e in &east {
        let mut seen = vec![false; corners.len()];
        if augment(e, &adj, &mut mate, &mut seen) {
            matched += 1;
        }
    }
    corners.len() - matched
}

/// One augmenting path from east corner `e` (iterative, so a large board
/// cannot overflow the stack).
fn augment(e: usize, adj: &[Vec<usize>], mate: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    // Stack of (east corner, next neighbour to try); `via[w]` is the east
    // corner that reached west corner `w`.
    let mut stack: Vec<(usize, usize)> = vec![(e, 0)];
    let mut path: Vec<usize> = Vec::new();
    while let Some(&mut (u, ref mut k)) = stack.last_mut() {
        if *k >= adj[u].len() {
            stack.pop();
            path.pop();
            continue;
        }
        let w = adj[u][*k];
        *k += 1;
        if seen[w] {
            continue;
        }
        seen[w] = true;
        match mate[w] {
            None => {
                // Flip the path: each east corner on the stack takes the west
                // corner it went to.
                path.push(w);
                for (level, &(east, _)) in stack.iter().enumerate() {
                    let west = path[level];
                    mate[west] = Some(east);
                }
                return true;
            }
            Some(next) => {
                path.push(w);
                stack.push((next, 0));
            }
        }
    }
    false
}
