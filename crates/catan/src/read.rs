//! Reading the course format, line by line: the header, Tabula's `#
//! tabula:` lines and the field lines, each problem with its line and
//! column. Laying the fields out on hexes is [`crate::layout`]'s job.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use tabula_hex::Dir;

use crate::board::Players;
use crate::kind::FieldKind;
use crate::problem::{Problem, Rule};
use crate::text::{parts, plural, quote, valid_id};

/// Where something is in the file: 1-based line and column (characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// Line.
    pub line: usize,
    /// Column.
    pub col: usize,
}

/// One link of a field line: `DIR,ID`.
#[derive(Clone, Debug)]
pub(crate) struct Link {
    pub dir: Dir,
    pub target: String,
    pub at: Place,
}

/// One field line, as far as it could be read.
#[derive(Clone, Debug)]
pub(crate) struct FieldLine {
    pub id: String,
    /// `None` when the type is unknown (already reported).
    pub kind: Option<FieldKind>,
    pub rotation: u8,
    pub links: Vec<Link>,
    pub at: Place,
}

/// A fixed number from a `# tabula: number ID N` line.
#[derive(Clone, Debug)]
pub(crate) struct NumberLine {
    pub id: String,
    pub number: u8,
    pub at: Place,
}

/// Everything read from the file, before the layout.
#[derive(Debug, Default)]
pub(crate) struct Lines {
    pub name: Option<String>,
    pub version: bool,
    pub owner: Option<String>,
    pub names: BTreeMap<String, String>,
    pub players: Option<Players>,
    pub comments: Vec<String>,
    pub fields: Vec<FieldLine>,
    pub numbers: Vec<NumberLine>,
    pub problems: Vec<Problem>,
}

/// Comment lines the writer puts in every file, not kept as comments.
pub(crate) const STANDARD_COMMENTS: [&str; 3] = [
    "# VERSION",
    "# OWNER",
    "# {id};{type};{rotation};({direction},{id};)+",
];

/// The prefix of Tabula's own lines, which the course server reads as comments.
pub(crate) const TABULA_PREFIX: &str = "# tabula:";

/// Read every line of `text` (already checked for size).
pub(crate) fn read_lines(text: &str) -> Lines {
    let mut out = Lines::default();
    let mut ids: HashMap<String, usize> = HashMap::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw).trim_end();
        if line.trim().is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("###") {
            let name = rest.trim();
            if name.is_empty() || name.chars().all(|c| c == '#') {
                continue;
            }
            match &out.name {
                Some(first) if first != name => out.problems.push(Problem::at(
                    Rule::BadHeader,
                    line_no,
                    1,
                    format!(
                        "the board is named twice: {} and {}",
                        quote(first),
                        quote(name)
                    ),
                )),
                _ => out.name = Some(name.to_string()),
            }
        } else if let Some(rest) = line.strip_prefix(TABULA_PREFIX) {
            let col = TABULA_PREFIX.chars().count() + 1;
            read_tabula_line(rest, line_no, col, &mut out);
        } else if line.starts_with('#') {
            if !STANDARD_COMMENTS.contains(&line) {
                out.comments.push(line.to_string());
            }
        } else if let Some(rest) = line.strip_prefix("VERSION:") {
            if out.version {
                out.problems.push(Problem::at(
                    Rule::BadHeader,
                    line_no,
                    1,
                    "VERSION is given twice",
                ));
            } else if rest.trim() != "1" {
                out.problems.push(Problem::at(
                    Rule::BadHeader,
                    line_no,
                    10,
                    format!(
                        "version {} is not one this reader knows: the course format is VERSION: 1",
                        quote(rest.trim())
                    ),
                ));
            }
            out.version = true;
        } else if let Some(rest) = line.strip_prefix("OWNER:") {
            if out.owner.is_some() {
                out.problems.push(Problem::at(
                    Rule::BadHeader,
                    line_no,
                    1,
                    "OWNER is given twice",
                ));
            } else {
                out.owner = Some(rest.trim().to_string());
            }
        } else if out.fields.len() >= crate::MAX_FIELDS {
            out.problems.push(Problem::at(
                Rule::TooManyFields,
                line_no,
                1,
                format!(
                    "a board has at most {} fields; this line and the rest are not read",
                    crate::MAX_FIELDS
                ),
            ));
            break;
        } else if let Some(field) = read_field_line(line, line_no, &mut out.problems) {
            if let Some(first) = ids.get(&field.id) {
                out.problems.push(
                    Problem::at(
                        Rule::DuplicateId,
                        line_no,
                        1,
                        format!(
                            "field {} is defined twice (first on line {first}); every field needs its own id",
                            quote(&field.id)
                        ),
                    )
                    .field(&field.id),
                );
            } else {
                ids.insert(field.id.clone(), line_no);
                out.fields.push(field);
            }
        }
    }
    if out.name.is_none() {
        out.problems.push(Problem::new(
            Rule::MissingHeader,
            "the board has no name (a line `### NAME`)",
        ));
    }
    if !out.version {
        out.problems.push(Problem::new(
            Rule::MissingHeader,
            "the board has no `VERSION: 1` line",
        ));
    }
    if out.owner.is_none() {
        out.problems.push(Problem::new(
            Rule::MissingHeader,
            "the board has no `OWNER: …` line",
        ));
    }
    check_numbers(&mut out);
    out
}

/// One field line: `{id};{type};{rotation};({direction},{id};)+`.
fn read_field_line(line: &str, line_no: usize, problems: &mut Vec<Problem>) -> Option<FieldLine> {
    let body = match line.strip_suffix(';') {
        Some(body) => body,
        None => {
            problems.push(Problem::at(
                Rule::MissingSemicolon,
                line_no,
                line.chars().count() + 1,
                "a field line ends with ';' after its last link",
            ));
            line
        }
    };
    let items = parts(body, ';', 1);
    if items.len() < 4 {
        problems.push(Problem::at(
            Rule::FieldCount,
            line_no,
            1,
            format!(
                "a field line is `id;TYPE;rotation;` followed by at least one link `DIRECTION,id;`: this line has {}",
                plural(items.len(), "part")
            ),
        ));
        return None;
    }
    let (_, id) = items[0];
    if !valid_id(id) {
        problems.push(Problem::at(
            Rule::BadId,
            line_no,
            1,
            format!(
                "the id {} is not 1 to {} letters and digits",
                quote(id),
                crate::MAX_ID_CHARS
            ),
        ));
        return None;
    }
    let at_field = |p: Problem| p.field(id);
    let (type_col, type_name) = items[1];
    let kind = FieldKind::from_name(type_name);
    if kind.is_none() {
        let known: Vec<&str> = FieldKind::ALL.iter().map(|k| k.name()).collect();
        problems.push(at_field(Problem::at(
            Rule::UnknownType,
            line_no,
            type_col,
            format!(
                "{} is not a field type (the types are {})",
                quote(type_name),
                known.join(", ")
            ),
        )));
    }
    let (rot_col, rot_text) = items[2];
    let rotation = match rot_text.parse::<u8>() {
        Ok(r) if r <= 5 && rot_text.bytes().all(|b| b.is_ascii_digit()) => r,
        _ => {
            problems.push(at_field(Problem::at(
                Rule::BadRotation,
                line_no,
                rot_col,
                format!(
                    "the rotation {} is not a whole number from 0 to 5 (turns of 60° clockwise from north)",
                    quote(rot_text)
                ),
            )));
            0
        }
    };
    if rotation != 0 && kind.is_some_and(|k| !k.uses_rotation()) {
        problems.push(at_field(Problem::at(
            Rule::RotationIgnored,
            line_no,
            rot_col,
            format!(
                "the rotation {rotation} means nothing on a {} field; the course format wants 0 here",
                kind.map_or("", FieldKind::words)
            ),
        )));
    }
    let mut links: Vec<Link> = Vec::new();
    for &(col, text) in &items[3..] {
        let Some((dir_text, target)) = text.split_once(',') else {
            problems.push(at_field(Problem::at(
                Rule::BadLink,
                line_no,
                col,
                format!(
                    "{} is not a link `DIRECTION,id` (a link such as `S,5`)",
                    quote(text)
                ),
            )));
            continue;
        };
        let dir = match (Dir::from_name(dir_text), dir_text) {
            (Some(d), _) => d,
            (None, "NR") => {
                problems.push(at_field(Problem::at(
                    Rule::NrDirection,
                    line_no,
                    col,
                    "NR is read as NE (north-east), as the course's list of directions meant; write NE",
                )));
                Dir::NE
            }
            (None, _) => {
                problems.push(at_field(Problem::at(
                    Rule::UnknownDirection,
                    line_no,
                    col,
                    format!(
                        "{} is not a direction (the directions are N, NE, SE, S, SW, NW)",
                        quote(dir_text)
                    ),
                )));
                continue;
            }
        };
        let target_col = col + dir_text.chars().count() + 1;
        if !valid_id(target) {
            problems.push(at_field(Problem::at(
                Rule::BadLink,
                line_no,
                target_col,
                format!(
                    "the link names {}, which is not an id of 1 to {} letters and digits",
                    quote(target),
                    crate::MAX_ID_CHARS
                ),
            )));
            continue;
        }
        if target == id {
            problems.push(at_field(Problem::at(
                Rule::SelfLink,
                line_no,
                col,
                format!("field {} links to itself", quote(id)),
            )));
            continue;
        }
        if links.iter().any(|l| l.dir == dir) {
            problems.push(at_field(Problem::at(
                Rule::DuplicateDirection,
                line_no,
                col,
                format!("field {} lists a neighbour to its {dir} twice", quote(id)),
            )));
            continue;
        }
        links.push(Link {
            dir,
            target: target.to_string(),
            at: Place { line: line_no, col },
        });
    }
    Some(FieldLine {
        id: id.to_string(),
        kind,
        rotation,
        links,
        at: Place {
            line: line_no,
            col: 1,
        },
    })
}

/// A `# tabula: KEY …` line (`rest` follows the prefix, at column `col`).
fn read_tabula_line(rest: &str, line_no: usize, col: usize, out: &mut Lines) {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let bad = |message: String| Problem::at(Rule::BadTabulaLine, line_no, col, message);
    match words.first().copied() {
        Some("number") => {
            let parsed = match words[1..] {
                [id, n] => n.parse::<u8>().ok().map(|n| (id, n)),
                _ => None,
            };
            match parsed {
                Some((id, n)) => out.numbers.push(NumberLine {
                    id: id.to_string(),
                    number: n,
                    at: Place { line: line_no, col },
                }),
                None => out.problems.push(bad(
                    "a number line is `# tabula: number FIELD N`, N a whole number from 2 to 12"
                        .into(),
                )),
            }
        }
        Some("name") => {
            let lang = words.get(1).copied().unwrap_or("");
            let text = rest
                .trim_start()
                .strip_prefix("name")
                .unwrap_or("")
                .trim_start()
                .strip_prefix(lang)
                .unwrap_or("")
                .trim();
            let lang_ok = (2..=8).contains(&lang.len())
                && lang.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-');
            if !lang_ok || text.is_empty() {
                out.problems.push(bad(
                    "a name line is `# tabula: name LANGUAGE NAME`, such as `# tabula: name de Ausgewogen`"
                        .into(),
                ));
            } else if out.names.contains_key(lang) {
                out.problems
                    .push(bad(format!("the name in {} is given twice", quote(lang))));
            } else {
                out.names.insert(lang.to_string(), text.to_string());
            }
        }
        Some("players") => {
            let range = words.get(1).and_then(|w| {
                let (a, b) = w.split_once('-').unwrap_or((w, w));
                Some(Players {
                    min: a.parse().ok()?,
                    max: b.parse().ok()?,
                })
            });
            match range {
                _ if out.players.is_some() => out
                    .problems
                    .push(bad("the number of players is given twice".into())),
                Some(p) if words.len() == 2 && 2 <= p.min && p.min <= p.max && p.max <= 8 => {
                    out.players = Some(p)
                }
                _ => out.problems.push(bad(
                    "a players line is `# tabula: players N` or `# tabula: players MIN-MAX`, from 2 to 8"
                        .into(),
                )),
            }
        }
        _ => out.problems.push(
            Problem::at(
                Rule::UnknownTabulaLine,
                line_no,
                col,
                format!(
                    "{} is not a Tabula line this reader knows (number, name, players); it is kept as a comment",
                    quote(rest.trim())
                ),
            ),
        ),
    }
    if words
        .first()
        .is_some_and(|w| !["number", "name", "players"].contains(w))
    {
        out.comments.push(format!("{TABULA_PREFIX}{rest}"));
    }
}

/// The fixed numbers: on a field that exists and produces, once each, 2–6 or 8–12.
fn check_numbers(out: &mut Lines) {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for n in &out.numbers {
        let bad = |message: String| {
            Problem::at(Rule::BadNumber, n.at.line, n.at.col, message).field(&n.id)
        };
        let field = out.fields.iter().find(|f| f.id == n.id);
        if !(2..=12).contains(&n.number) || n.number == 7 {
            out.problems.push(bad(format!(
                "{} is not a number token: they are 2 to 6 and 8 to 12",
                n.number
            )));
        } else if let Some(first) = seen.get(n.id.as_str()) {
            out.problems.push(bad(format!(
                "field {} has a number already (line {first})",
                quote(&n.id)
            )));
        } else if let Some(f) = field {
            if let Some(kind) = f.kind.filter(|k| k.resource().is_none()) {
                out.problems.push(bad(format!(
                    "field {} is {}, which produces nothing: only pasture, hill, mountain, field and forest take a number",
                    quote(&n.id),
                    kind.words()
                )));
            }
        } else {
            out.problems.push(bad(format!(
                "there is no field {} to put the number on",
                quote(&n.id)
            )));
        }
        seen.entry(n.id.as_str()).or_insert(n.at.line);
    }
}
