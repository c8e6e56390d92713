//! What the page says, in the page's language: each kind of field (its
//! name and its letters on the board), each problem `tabula-catan`
//! finds (a sentence per rule, with its field, line and column), the
//! counts, and what the cursor is on. No English of the crate's messages
//! reaches the page: a problem is a value (its rule, its field, its
//! place), and each rule has its sentence in both catalogues.

use tabula_catan::{Board, FieldKind, Problem, Rule};
use tabula_hex::Hex;
use tabula_page_kit::i18n::{numbers, t, tf};

use crate::model::{Brush, Tool, hex_name};

/// The catalogue key of a kind's name.
fn kind_key(k: FieldKind) -> &'static str {
    match k {
        FieldKind::Pasture => "catan-kind-pasture",
        FieldKind::Hill => "catan-kind-hill",
        FieldKind::Mountain => "catan-kind-mountain",
        FieldKind::Field => "catan-kind-field",
        FieldKind::Forest => "catan-kind-forest",
        FieldKind::Desert => "catan-kind-desert",
        FieldKind::Water => "catan-kind-water",
        FieldKind::Port3To1 => "catan-kind-port-3to1",
        FieldKind::PortLumber => "catan-kind-port-lumber",
        FieldKind::PortOre => "catan-kind-port-ore",
        FieldKind::PortBrick => "catan-kind-port-brick",
        FieldKind::PortWool => "catan-kind-port-wool",
        FieldKind::PortGrain => "catan-kind-port-grain",
        FieldKind::BarbarianStart => "catan-kind-barbarian-start",
        FieldKind::BarbarianEnd => "catan-kind-barbarian-end",
    }
}

/// The catalogue key of a kind's letters.
fn glyph_key(k: FieldKind) -> &'static str {
    match k {
        FieldKind::Pasture => "catan-glyph-pasture",
        FieldKind::Hill => "catan-glyph-hill",
        FieldKind::Mountain => "catan-glyph-mountain",
        FieldKind::Field => "catan-glyph-field",
        FieldKind::Forest => "catan-glyph-forest",
        FieldKind::Desert => "catan-glyph-desert",
        FieldKind::Water => "catan-glyph-water",
        FieldKind::Port3To1 => "catan-glyph-port-3to1",
        FieldKind::PortLumber => "catan-glyph-port-lumber",
        FieldKind::PortOre => "catan-glyph-port-ore",
        FieldKind::PortBrick => "catan-glyph-port-brick",
        FieldKind::PortWool => "catan-glyph-port-wool",
        FieldKind::PortGrain => "catan-glyph-port-grain",
        FieldKind::BarbarianStart => "catan-glyph-barbarian-start",
        FieldKind::BarbarianEnd => "catan-glyph-barbarian-end",
    }
}

/// The catalogue key of a rule's sentence (every rule has one: a new
/// rule does not build until it has its words).
fn rule_key(r: Rule) -> &'static str {
    match r {
        Rule::TooLarge => "catan-rule-too-large",
        Rule::TooManyFields => "catan-rule-too-many-fields",
        Rule::TooManyProblems => "catan-rule-too-many-problems",
        Rule::NoFields => "catan-rule-no-fields",
        Rule::BadHeader => "catan-rule-bad-header",
        Rule::MissingHeader => "catan-rule-missing-header",
        Rule::FieldCount => "catan-rule-field-count",
        Rule::MissingSemicolon => "catan-rule-missing-semicolon",
        Rule::BadId => "catan-rule-bad-id",
        Rule::DuplicateId => "catan-rule-duplicate-id",
        Rule::UnknownType => "catan-rule-unknown-type",
        Rule::BadRotation => "catan-rule-bad-rotation",
        Rule::RotationIgnored => "catan-rule-rotation-ignored",
        Rule::BadLink => "catan-rule-bad-link",
        Rule::UnknownDirection => "catan-rule-unknown-direction",
        Rule::NrDirection => "catan-rule-nr-direction",
        Rule::DuplicateDirection => "catan-rule-duplicate-direction",
        Rule::SelfLink => "catan-rule-self-link",
        Rule::LinkToMissing => "catan-rule-link-to-missing",
        Rule::UnreturnedLink => "catan-rule-unreturned-link",
        Rule::MismatchedLink => "catan-rule-mismatched-link",
        Rule::PlacedTwice => "catan-rule-placed-twice",
        Rule::SamePlace => "catan-rule-same-place",
        Rule::NotLinked => "catan-rule-not-linked",
        Rule::UnlinkedNeighbours => "catan-rule-unlinked-neighbours",
        Rule::BadTabulaLine => "catan-rule-bad-tabula-line",
        Rule::UnknownTabulaLine => "catan-rule-unknown-tabula-line",
        Rule::BadNumber => "catan-rule-bad-number",
        Rule::MinLandFields => "catan-rule-min-land-fields",
        Rule::BarbarianFields => "catan-rule-barbarian-fields",
        Rule::BarbarianLink => "catan-rule-barbarian-link",
        Rule::DesertRequired => "catan-rule-desert-required",
        Rule::DesertBySea => "catan-rule-desert-by-sea",
        Rule::ResourceBalance => "catan-rule-resource-balance",
        Rule::AdjacentHarbours => "catan-rule-adjacent-harbours",
        Rule::SeaTouchesLand => "catan-rule-sea-touches-land",
        Rule::LandOnEdge => "catan-rule-land-on-edge",
        Rule::Islands => "catan-rule-islands",
        Rule::HarbourFacesNoLand => "catan-rule-harbour-faces-no-land",
        Rule::RedNumbersAdjacent => "catan-rule-red-numbers-adjacent",
        Rule::NumbersIncomplete => "catan-rule-numbers-incomplete",
        Rule::TooFewCorners => "catan-rule-too-few-corners",
    }
}

/// A kind's name (`forest`, `ore harbour`).
pub fn kind(k: FieldKind) -> String {
    t(kind_key(k))
}

/// A kind's letters on the board (`Fo`, `2:1 Or`): never colour alone.
pub fn glyph(k: FieldKind) -> String {
    t(glyph_key(k))
}

/// A brush's name on its button.
pub fn brush(b: Brush) -> String {
    match b {
        Brush::Kind(k) => kind(k),
        Brush::Barbarians => t("catan-brush-barbarians"),
        Brush::Erase => t("catan-brush-erase"),
    }
}

/// A tool's name on its button.
pub fn tool(tool: Tool) -> String {
    t(match tool {
        Tool::Brush => "catan-tool-brush",
        Tool::Fill => "catan-tool-fill",
        Tool::Turn => "catan-tool-turn",
        Tool::Number => "catan-tool-number",
    })
}

/// What a tool does, for its button's title.
pub fn tool_title(tool: Tool) -> String {
    t(match tool {
        Tool::Brush => "catan-tool-brush-title",
        Tool::Fill => "catan-tool-fill-title",
        Tool::Turn => "catan-tool-turn-title",
        Tool::Number => "catan-tool-number-title",
    })
}

/// A direction's name (`north-east`).
pub fn dir(d: tabula_hex::Dir) -> String {
    use tabula_hex::Dir;
    t(match d {
        Dir::N => "catan-dir-n",
        Dir::NE => "catan-dir-ne",
        Dir::SE => "catan-dir-se",
        Dir::S => "catan-dir-s",
        Dir::SW => "catan-dir-sw",
        Dir::NW => "catan-dir-nw",
    })
}

/// A field as named in a sentence: `field 14 (C3)`.
pub fn field_label(board: &Board, id: &str, shown: &[Hex]) -> String {
    match board.field(id) {
        Some(f) => tf(
            "catan-field-at",
            &[("id", id), ("hex", &hex_name(f.hex, shown))],
        ),
        None => tf("catan-field", &[("id", id)]),
    }
}

/// The sentence of a problem: its rule's words with its field, after
/// its line and column when it has them (a file being opened). `board`
/// is the board the problem is about, when there is one.
pub fn problem(p: &Problem, board: Option<&Board>, shown: &[Hex]) -> String {
    let field = match (p.field.as_deref(), board) {
        (Some(id), Some(b)) => field_label(b, id, shown),
        (Some(id), None) => tf("catan-field", &[("id", id)]),
        (None, _) => String::new(),
    };
    let nums = numbers(&p.message);
    let num = |i: usize| nums.get(i).copied().unwrap_or("?").to_string();
    let mut args: Vec<(&str, String)> = vec![("field", field)];
    match p.rule {
        Rule::MinLandFields => args.push(("n", num(0))),
        Rule::TooFewCorners => {
            args.push(("room", num(0)));
            args.push(("players", num(1)));
            args.push(("needed", num(3)));
        }
        Rule::TooManyProblems => args.push(("n", num(0))),
        Rule::TooLarge => args.push(("bytes", num(0))),
        Rule::ResourceBalance => {
            let list = board.map_or(String::new(), |b| {
                let counts = b.resource_counts();
                FieldKind::ALL
                    .iter()
                    .filter_map(|k| Some((*k, *counts.get(&k.resource()?)?)))
                    .map(|(k, n)| format!("{n} {}", kind(k)))
                    .collect::<Vec<_>>()
                    .join(", ")
            });
            args.push(("list", list));
        }
        _ => {}
    }
    let pairs: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut body = tf(rule_key(p.rule), &pairs);
    if !args[0].1.is_empty() {
        body = tf(
            "catan-with-field",
            &[("what", &body), ("field", &args[0].1)],
        );
    }
    match (p.line, p.col) {
        (Some(line), Some(col)) => tf(
            "catan-at-line-col",
            &[
                ("line", &line.to_string()),
                ("col", &col.to_string()),
                ("what", &body),
            ],
        ),
        (Some(line), None) => tf(
            "catan-at-line",
            &[("line", &line.to_string()), ("what", &body)],
        ),
        _ => body,
    }
}

/// Why a file, paste or link was refused: its first problems (errors
/// first), each with its line and column, and how many more there are.
pub fn refused(problems: &[Problem]) -> String {
    let mut list: Vec<&Problem> = problems.iter().filter(|p| p.is_error()).collect();
    if list.is_empty() {
        list = problems.iter().collect();
    }
    let shown: Vec<String> = list.iter().take(5).map(|p| problem(p, None, &[])).collect();
    let mut out = t("catan-refused");
    for line in shown {
        out.push('\n');
        out.push_str(&line);
    }
    if list.len() > 5 {
        out.push('\n');
        out.push_str(&tf(
            "catan-refused-more",
            &[("n", &(list.len() - 5).to_string())],
        ));
    }
    out
}

/// What the cursor is on, for a screen reader: `C3: forest, number 6`
/// (`C3: empty`), and what Enter would do there.
pub fn cursor(board: &Board, hex: Hex, shown: &[Hex], action: &str) -> String {
    let name = hex_name(hex, shown);
    let what = match board.field_at(hex) {
        None => t("catan-empty"),
        Some(f) => {
            let mut s = tf("catan-say-field", &[("kind", &kind(f.kind)), ("id", &f.id)]);
            if let Some(d) = f.harbour_dir() {
                s = tf("catan-say-harbour", &[("what", &s), ("dir", &dir(d))]);
            }
            if let Some(n) = f.number {
                s = tf("catan-say-number", &[("what", &s), ("n", &n.to_string())]);
            }
            s
        }
    };
    tf(
        "catan-say-cursor",
        &[("hex", &name), ("what", &what), ("action", action)],
    )
}

/// What Enter or Space would do with the tool on the cursor's hex.
pub fn action(tool: Tool, brush: Brush, number: Option<u8>) -> String {
    match tool {
        Tool::Brush => tf("catan-enter-brush", &[("brush", &self::brush(brush))]),
        Tool::Fill => tf("catan-enter-fill", &[("brush", &self::brush(brush))]),
        Tool::Turn => t("catan-enter-turn"),
        Tool::Number => match number {
            Some(n) => tf("catan-enter-number", &[("n", &n.to_string())]),
            None => t("catan-enter-no-number"),
        },
    }
}

/// The board's counts in a line: land by kind, harbours, water,
/// barbarians, fixed numbers, corners and sides.
pub fn counts(board: &Board) -> Vec<String> {
    let c = board.counts();
    let land: Vec<String> = c
        .by_kind
        .iter()
        .filter(|(k, _)| k.is_land())
        .map(|(k, n)| format!("{n} {}", kind(*k)))
        .collect();
    let n = |v: usize| v.to_string();
    vec![
        if land.is_empty() {
            tf("catan-count-no-land", &[("n", &n(c.land))])
        } else {
            tf(
                "catan-count-land",
                &[("n", &n(c.land)), ("list", &land.join(", "))],
            )
        },
        tf("catan-count-harbours", &[("n", &n(c.harbours))]),
        tf("catan-count-water", &[("n", &n(c.water))]),
        tf("catan-count-barbarian", &[("n", &n(c.barbarian))]),
        tf("catan-count-numbers", &[("n", &n(c.numbers))]),
        tf(
            "catan-count-corners",
            &[("corners", &n(c.land_corners)), ("sides", &n(c.land_sides))],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_page_kit::i18n::{Lang, use_lang};

    fn both(f: impl Fn() -> String) -> (String, String) {
        crate::add_words();
        use_lang(Some(Lang::En));
        let en = f();
        use_lang(Some(Lang::De));
        let de = f();
        use_lang(None);
        (en, de)
    }

    #[test]
    fn every_rule_and_kind_has_words_in_both_languages() {
        for rule in Rule::ALL {
            let p = Problem::new(*rule, "x 3 y 4 z 5 w 6").field("7");
            let (en, de) = both(|| problem(&p, None, &[]));
            assert!(!en.starts_with("catan-"), "{rule}: {en}");
            assert!(!de.starts_with("catan-"), "{rule}: {de}");
            assert_ne!(en, de, "{rule} is not translated");
            assert!(!en.contains('{') && !de.contains('{'), "{en} / {de}");
        }
        for k in FieldKind::ALL {
            let (en, de) = both(|| format!("{} {}", kind(k), glyph(k)));
            assert!(
                !en.contains("catan-") && !de.contains("catan-"),
                "{en} {de}"
            );
        }
        for d in tabula_hex::Dir::ALL {
            let (en, de) = both(|| dir(d));
            assert!(!en.contains("catan-") && !de.contains("catan-"));
        }
    }

    #[test]
    fn a_problem_names_its_field_and_place() {
        let board = tabula_catan::read_board(tabula_catan::STANDARD_BOARD)
            .unwrap()
            .board;
        let shown = crate::model::view_hexes(&board);
        let p = tabula_catan::check_board(&{
            let mut b = board.clone();
            b.fields.retain(|f| f.kind != FieldKind::Desert);
            b
        });
        assert!(!p.is_empty());
        let p = Problem::at(Rule::UnknownType, 12, 4, "the type LAVA").field("9");
        let (en, de) = both(|| problem(&p, Some(&board), &shown));
        assert!(
            en.contains("12") && en.contains("4") && en.contains("9"),
            "{en}"
        );
        assert!(de.starts_with("Zeile 12, Spalte 4"), "{de}");
        let (en, de) = both(|| cursor(&board, board.fields[0].hex, &shown, "x"));
        assert!(en.contains("harbour"), "{en}");
        assert!(de.contains("Hafen"), "{de}");
    }

    #[test]
    fn a_refused_file_lists_its_errors_with_lines() {
        let problems = tabula_catan::read_board("1;LAVA;0;S,2;\n2;WATER;0;N,1;\n").unwrap_err();
        let (en, de) = both(|| refused(&problems));
        assert!(en.contains("line 1, column"), "{en}");
        assert!(de.contains("Zeile 1, Spalte"), "{de}");
    }
}
