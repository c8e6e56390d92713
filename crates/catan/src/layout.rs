//! Laying a file's field graph out on hexes: the first field at (0, 0),
//! then every link both fields agree on, one step in its direction. A
//! field that would need two places, two fields in one place, a link to a
//! missing field, a link not returned, and neighbours with no link are
//! reported with the line and column of the link or field line.

use std::collections::{HashMap, VecDeque};

use tabula_hex::Hex;

use crate::problem::{Problem, Rule};
use crate::read::{FieldLine, Link};
use crate::text::quote;

/// Each field's hex (`None` for a field that has no place), and the problems.
pub(crate) fn lay_out(fields: &[FieldLine]) -> (Vec<Option<Hex>>, Vec<Problem>) {
    let mut problems = Vec::new();
    let by_id: HashMap<&str, usize> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| (f.id.as_str(), i))
        .collect();
    // Which links both ends agree on: (from, link) with the target's index.
    let mut agreed: Vec<Vec<(usize, &Link)>> = vec![Vec::new(); fields.len()];
    for (a, field) in fields.iter().enumerate() {
        for link in &field.links {
            let Some(&b) = by_id.get(link.target.as_str()) else {
                problems.push(
                    Problem::at(
                        Rule::LinkToMissing,
                        link.at.line,
                        link.at.col,
                        format!(
                            "field {} links to field {}, which no line defines",
                            quote(&field.id),
                            quote(&link.target)
                        ),
                    )
                    .field(&field.id),
                );
                continue;
            };
            let other = &fields[b];
            let back: Vec<&Link> = other
                .links
                .iter()
                .filter(|l| l.target == field.id)
                .collect();
            if back.iter().any(|l| l.dir == link.dir.opposite()) {
                agreed[a].push((b, link));
            } else if let Some(wrong) = back.first() {
                // Reported once, at the earlier of the two lines.
                if field.at.line <= other.at.line {
                    problems.push(
                        Problem::at(
                            Rule::MismatchedLink,
                            link.at.line,
                            link.at.col,
                            format!(
                                "field {} has {} to its {}, but {} (line {}) has {} to its {}, not its {}",
                                quote(&field.id),
                                quote(&other.id),
                                link.dir,
                                quote(&other.id),
                                other.at.line,
                                quote(&field.id),
                                wrong.dir,
                                link.dir.opposite()
                            ),
                        )
                        .field(&field.id),
                    );
                }
            } else {
                problems.push(
                    Problem::at(
                        Rule::UnreturnedLink,
                        link.at.line,
                        link.at.col,
                        format!(
                            "field {} links to {} to its {}, but {} (line {}) does not link back: it needs `{},{};`",
                            quote(&field.id),
                            quote(&other.id),
                            link.dir,
                            quote(&other.id),
                            other.at.line,
                            link.dir.opposite(),
                            field.id
                        ),
                    )
                    .field(&field.id),
                );
            }
        }
    }

    let mut hexes: Vec<Option<Hex>> = vec![None; fields.len()];
    // Who placed each field: (placing field, link) for messages.
    let mut placed_by: Vec<Option<(usize, &Link)>> = vec![None; fields.len()];
    let mut occupant: HashMap<Hex, usize> = HashMap::new();
    let mut twice = vec![false; fields.len()];
    if fields.is_empty() {
        return (hexes, problems);
    }
    hexes[0] = Some(Hex::ORIGIN);
    occupant.insert(Hex::ORIGIN, 0);
    let mut queue = VecDeque::from([0usize]);
    while let Some(a) = queue.pop_front() {
        let Some(here) = hexes[a] else { continue };
        for &(b, link) in &agreed[a] {
            let there = here.neighbour(link.dir);
            match hexes[b] {
                Some(h) if h == there => {}
                Some(_) => {
                    if !twice[b] {
                        twice[b] = true;
                        let before = match placed_by[b] {
                            Some((p, l)) => format!(
                                "the link on line {} puts it {} of {}",
                                l.at.line,
                                l.dir,
                                quote(&fields[p].id)
                            ),
                            None => "it is the first field, placed before any link".into(),
                        };
                        problems.push(
                            Problem::at(
                                Rule::PlacedTwice,
                                link.at.line,
                                link.at.col,
                                format!(
                                    "field {} would need two places: this link puts it {} of {}, but {before}, which is elsewhere",
                                    quote(&fields[b].id),
                                    link.dir,
                                    quote(&fields[a].id),
                                ),
                            )
                            .field(&fields[b].id),
                        );
                    }
                }
                None => {
                    hexes[b] = Some(there);
                    placed_by[b] = Some((a, link));
                    if let Some(&c) = occupant.get(&there) {
                        problems.push(
                            Problem::at(
                                Rule::SamePlace,
                                link.at.line,
                                link.at.col,
                                format!(
                                    "this link puts field {} {} of {}, where field {} (line {}) is already",
                                    quote(&fields[b].id),
                                    link.dir,
                                    quote(&fields[a].id),
                                    quote(&fields[c].id),
                                    fields[c].at.line
                                ),
                            )
                            .field(&fields[b].id),
                        );
                    } else {
                        occupant.insert(there, b);
                        queue.push_back(b);
                    }
                }
            }
        }
    }
    for (i, f) in fields.iter().enumerate() {
        if hexes[i].is_none() {
            problems.push(
                Problem::at(
                    Rule::NotLinked,
                    f.at.line,
                    f.at.col,
                    format!(
                        "field {} is not joined to the first field ({} on line {}) by links given both ways, so it has no place on the board",
                        quote(&f.id),
                        quote(&fields[0].id),
                        fields[0].at.line
                    ),
                )
                .field(&f.id),
            );
        }
    }
    // Neighbours on the hexes must be linked (a field on a shared hex does
    // not count: it is reported already).
    for (a, field) in fields.iter().enumerate() {
        let Some(here) = hexes[a] else { continue };
        if occupant.get(&here) != Some(&a) {
            continue;
        }
        for dir in tabula_hex::Dir::ALL {
            let Some(&b) = occupant.get(&here.neighbour(dir)) else {
                continue;
            };
            let linked = field.links.iter().any(|l| l.target == fields[b].id)
                || fields[b].links.iter().any(|l| l.target == field.id);
            if !linked && a < b {
                problems.push(
                    Problem::at(
                        Rule::UnlinkedNeighbours,
                        field.at.line,
                        field.at.col,
                        format!(
                            "fields {} and {} (line {}) are next to each other ({} is {} of {}), but neither links to the other",
                            quote(&field.id),
                            quote(&fields[b].id),
                            fields[b].at.line,
                            quote(&fields[b].id),
                            dir,
                            quote(&field.id)
                        ),
                    )
                    .field(&field.id),
                );
            }
        }
    }
    (hexes, problems)
}
