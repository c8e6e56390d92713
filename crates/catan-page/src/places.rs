//! Every hex, corner and side of a game named by what a player sees on
//! the board, never by an index: a hex by its land and its number token
//! (`Mountains 6`), a corner by the hexes that meet there (`the corner
//! between Forest 3, Hills 11 and Pasture 5`, `… and the sea`, by the
//! harbour that trades there), a side by the two hexes it parts (`the side
//! between Forest 3 and Hills 11`) or, on the coast, by its hex and
//! compass (`the north coast of Forest 3`).
//!
//! Decisions where the board alone is not enough: two hexes with the same
//! land and number are told apart by where they lie on the island (`Forest
//! 3 in the north`); a corner whose hexes do not single it out (two hexes
//! and the sea at both ends of their side, or one hex alone) is named by
//! its hex and compass (`the north-east corner of Forest 3`). A number
//! token moved by the Inventor renames its hex from then on: words are
//! made from the game as it stands.

use tabula_catan::game::topology::{CornerId, Harbour, HexId, SideId};
use tabula_catan::{Catan, FieldKind, Resource};
use tabula_hex::{CornerDir, Dir, Hex};
use tabula_page_kit::i18n::{t, tf};

/// The names of a game's places, in the page's language.
#[derive(Clone, Debug, Default)]
pub struct Places {
    hexes: Vec<String>,
    corners: Vec<String>,
    sides: Vec<String>,
}

fn land_key(kind: FieldKind) -> &'static str {
    match kind {
        FieldKind::Pasture => "cg-land-pasture",
        FieldKind::Hill => "cg-land-hill",
        FieldKind::Mountain => "cg-land-mountain",
        FieldKind::Field => "cg-land-field",
        FieldKind::Forest => "cg-land-forest",
        _ => "cg-land-desert",
    }
}

fn harbour_name(h: Harbour) -> String {
    t(match h {
        Harbour::Generic => "catan-kind-port-3to1",
        Harbour::Special(Resource::Lumber) => "catan-kind-port-lumber",
        Harbour::Special(Resource::Ore) => "catan-kind-port-ore",
        Harbour::Special(Resource::Brick) => "catan-kind-port-brick",
        Harbour::Special(Resource::Wool) => "catan-kind-port-wool",
        Harbour::Special(Resource::Grain) => "catan-kind-port-grain",
    })
}

/// A compass word as the first part of a compound (`north-east`,
/// `Nordost`).
fn compass(key: &str) -> String {
    t(match key {
        "n" => "cg-compass-n",
        "ne" => "cg-compass-ne",
        "e" => "cg-compass-e",
        "se" => "cg-compass-se",
        "s" => "cg-compass-s",
        "sw" => "cg-compass-sw",
        "w" => "cg-compass-w",
        _ => "cg-compass-nw",
    })
}

fn corner_dir_key(d: CornerDir) -> &'static str {
    match d {
        CornerDir::NE => "ne",
        CornerDir::E => "e",
        CornerDir::SE => "se",
        CornerDir::SW => "sw",
        CornerDir::W => "w",
        CornerDir::NW => "nw",
    }
}

fn side_dir_key(d: Dir) -> &'static str {
    match d {
        Dir::N => "n",
        Dir::NE => "ne",
        Dir::SE => "se",
        Dir::S => "s",
        Dir::SW => "sw",
        Dir::NW => "nw",
    }
}

/// Where a hex lies on the island, as one of six compass sectors around
/// the land's centre (`None`: at the centre): the side direction whose
/// neighbour lies most nearly that way.
fn sector(hex: Hex, centre: (f64, f64)) -> Option<&'static str> {
    let p = tabula_hex::hex_centre(hex, 1.0);
    let (dx, dy) = (p.x - centre.0, p.y - centre.1);
    if dx * dx + dy * dy < 0.6 {
        return None;
    }
    let origin = Hex { q: 0, r: 0 };
    Dir::ALL
        .into_iter()
        .map(|d| {
            let n = tabula_hex::hex_centre(origin.neighbour(d), 1.0);
            (n.x * dx + n.y * dy, d)
        })
        .fold(None, |best: Option<(f64, Dir)>, (v, d)| match best {
            Some((b, _)) if b >= v => best,
            _ => Some((v, d)),
        })
        .map(|(_, d)| side_dir_key(d))
}

impl Places {
    /// The names of `game`'s places as it stands now.
    pub fn of(game: &Catan) -> Places {
        let topo = &game.topo;
        let board = &game.board;
        let kinds: Vec<FieldKind> = topo
            .hexes
            .iter()
            .map(|h| {
                board
                    .fields
                    .get(h.field)
                    .map_or(FieldKind::Desert, |f| f.kind)
            })
            .collect();
        let plain: Vec<String> = topo
            .hexes
            .iter()
            .enumerate()
            .map(|(i, _)| {
                let land = t(land_key(kinds[i]));
                match game.numbers.get(i).copied().filter(|n| *n > 0) {
                    Some(n) => tf("cg-hex", &[("land", &land), ("n", &n.to_string())]),
                    None => land,
                }
            })
            .collect();
        let count = topo.hexes.len().max(1) as f64;
        let centre = topo.hexes.iter().fold((0.0, 0.0), |(x, y), h| {
            let p = tabula_hex::hex_centre(h.hex, 1.0);
            (x + p.x / count, y + p.y / count)
        });
        let hexes: Vec<String> = plain
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let twins = plain.iter().filter(|n| *n == name).count();
                match sector(topo.hexes[i].hex, centre) {
                    Some(dir) if twins > 1 => tf(
                        "cg-hex-where",
                        &[("hex", name), ("dir", &t(&format!("catan-dir-{dir}")))],
                    ),
                    None if twins > 1 => tf("cg-hex-middle", &[("hex", name)]),
                    _ => name.clone(),
                }
            })
            .collect();
        let hex_name = |h: HexId| hexes.get(h as usize).cloned().unwrap_or_default();
        // A corner by one of its hexes and the compass.
        let by_compass = |c: CornerId| -> String {
            let info = &topo.corners[c as usize];
            let first = info.hexes.first().copied().unwrap_or(0);
            let hex = topo.hexes.get(first as usize).map(|h| h.hex);
            let dir = info
                .corner
                .touching()
                .into_iter()
                .find(|(h, _)| Some(*h) == hex)
                .map_or("ne", |(_, d)| corner_dir_key(d));
            tf(
                "cg-corner-1",
                &[("dir", &compass(dir)), ("a", &hex_name(first))],
            )
        };
        let mut corners: Vec<String> = topo
            .corners
            .iter()
            .enumerate()
            .map(|(i, info)| {
                let names: Vec<String> = info.hexes.iter().map(|h| hex_name(*h)).collect();
                match names.as_slice() {
                    [a, b, c] => tf("cg-corner-3", &[("a", a), ("b", b), ("c", c)]),
                    [a, b] => tf("cg-corner-2", &[("a", a), ("b", b)]),
                    _ => by_compass(i as CornerId),
                }
            })
            .collect();
        // A name two corners share says neither: name them by the compass.
        let shared: Vec<bool> = corners
            .iter()
            .map(|n| corners.iter().filter(|m| *m == n).count() > 1)
            .collect();
        for (i, twin) in shared.into_iter().enumerate() {
            if twin {
                corners[i] = by_compass(i as CornerId);
            }
        }
        for (i, info) in topo.corners.iter().enumerate() {
            if let Some(h) = info.harbour {
                corners[i] = tf(
                    "cg-corner-harbour",
                    &[("place", &corners[i]), ("harbour", &harbour_name(h))],
                );
            }
        }
        let sides = topo
            .sides
            .iter()
            .map(|s| {
                let touching = s.side.touching();
                let land: Vec<(HexId, Dir)> = touching
                    .iter()
                    .filter_map(|(h, d)| topo.hex_id(*h).map(|id| (id, *d)))
                    .collect();
                match land.as_slice() {
                    [(a, _), (b, _)] => {
                        tf("cg-side-2", &[("a", &hex_name(*a)), ("b", &hex_name(*b))])
                    }
                    [(a, d)] | [(a, d), ..] => tf(
                        "cg-side-1",
                        &[("dir", &compass(side_dir_key(*d))), ("a", &hex_name(*a))],
                    ),
                    [] => String::new(),
                }
            })
            .collect();
        Places {
            hexes,
            corners,
            sides,
        }
    }

    /// A hex's name (`Mountains 6`).
    pub fn hex(&self, h: HexId) -> String {
        self.hexes.get(h as usize).cloned().unwrap_or_default()
    }

    /// A corner as said after a preposition (`the corner between …`; in
    /// German in the dative, `der Ecke zwischen …`).
    pub fn corner(&self, c: CornerId) -> String {
        tf(
            "cg-the-at",
            &[("place", self.corners.get(c as usize).map_or("", |s| s))],
        )
    }

    /// A corner as the subject or object of a sentence (`the corner
    /// between …`; German `die Ecke zwischen …`).
    pub fn corner_named(&self, c: CornerId) -> String {
        tf(
            "cg-the",
            &[("place", self.corners.get(c as usize).map_or("", |s| s))],
        )
    }

    /// A side as said after a preposition.
    pub fn side(&self, s: SideId) -> String {
        tf(
            "cg-the-at",
            &[("place", self.sides.get(s as usize).map_or("", |s| s))],
        )
    }

    /// A place's bare name, as a lesson's text names it (`corner between
    /// Forest 3, Hills 11 and Pasture 5`, `side between …`, `Mountains
    /// 6`): the text writes the article, in its language's case.
    pub fn bare(&self, spot: crate::spots::Spot) -> String {
        use crate::spots::Spot;
        match spot {
            Spot::Hex(h) => self.hex(h),
            Spot::Corner(c) => self.corners.get(c as usize).cloned().unwrap_or_default(),
            Spot::Side(s) => self.sides.get(s as usize).cloned().unwrap_or_default(),
        }
    }

    /// A side as the subject or object of a sentence.
    pub fn side_named(&self, s: SideId) -> String {
        tf(
            "cg-the",
            &[("place", self.sides.get(s as usize).map_or("", |s| s))],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_engine::Ruleset;

    fn game(seed: u64) -> Catan {
        Catan::new_game(&tabula_catan::Options::default(), None, 3, seed).unwrap()
    }

    /// On the standard board every corner and every side has a name of its
    /// own, in both languages, and none shows an index or a key: with only
    /// the words the play module fetches (twin hexes are told apart by the
    /// compass).
    #[test]
    fn every_place_has_a_name_of_its_own() {
        crate::add_play_words();
        for lang in [
            tabula_page_kit::i18n::Lang::En,
            tabula_page_kit::i18n::Lang::De,
        ] {
            tabula_page_kit::i18n::use_lang(Some(lang));
            for seed in 0..20 {
                let g = game(seed);
                let p = Places::of(&g);
                for list in [&p.corners, &p.sides] {
                    let mut seen = std::collections::HashSet::new();
                    for n in list.iter() {
                        assert!(seen.insert(n.clone()), "two places named {n}");
                        assert!(!n.contains('{') && !n.contains("cg-"), "{n}");
                        assert!(!n.contains("catan-"), "a key left: {n}");
                        assert!(!n.contains(':') || n.contains("3:1"), "{n}");
                    }
                }
            }
        }
        tabula_page_kit::i18n::use_lang(None);
    }

    /// Twin hexes (the same land and number) are told apart by the compass
    /// in the words the play module fetches, never by a key.
    #[test]
    fn twin_hexes_are_told_apart_by_the_compass() {
        crate::add_play_words();
        let options = tabula_catan::Options {
            numbers: tabula_catan::Numbers::Shuffled,
            ..tabula_catan::Options::default()
        };
        let mut twins = 0;
        for lang in [
            tabula_page_kit::i18n::Lang::En,
            tabula_page_kit::i18n::Lang::De,
        ] {
            tabula_page_kit::i18n::use_lang(Some(lang));
            for seed in 0..40 {
                let g = Catan::new_game(&options, None, 3, seed).unwrap();
                for n in &Places::of(&g).hexes {
                    assert!(
                        !n.contains("catan-") && !n.contains("cg-"),
                        "a key left: {n}"
                    );
                    twins += usize::from(
                        ["north", "south", "Nord", "Süd"]
                            .iter()
                            .any(|w| n.contains(w)),
                    );
                }
            }
        }
        tabula_page_kit::i18n::use_lang(None);
        assert!(twins > 0, "some boards have twin hexes");
    }

    #[test]
    fn a_corner_is_named_by_its_three_hexes_and_a_hex_by_its_land_and_number() {
        crate::add_play_words();
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::En));
        let g = game(1);
        let p = Places::of(&g);
        let inner = g
            .topo
            .corners
            .iter()
            .position(|c| c.hexes.len() == 3)
            .unwrap();
        let name = p.corner(inner as CornerId);
        assert!(name.starts_with("the corner between "), "{name}");
        assert_eq!(
            name.matches(", ").count() + name.matches(" and ").count(),
            2
        );
        let h = g.topo.corners[inner].hexes[0];
        assert!(name.contains(&p.hex(h)), "{name}");
        let numbered = (0..g.topo.hexes.len()).find(|i| g.numbers[*i] > 0).unwrap();
        assert!(
            p.hex(numbered as HexId)
                .contains(&g.numbers[numbered].to_string())
        );
        tabula_page_kit::i18n::use_lang(None);
    }
}

/// Every Catan lesson's texts, as the page shows them: every `{{place}}`
/// named by the board in both languages, and no board notation left.
#[cfg(test)]
mod lesson_texts {
    use super::*;
    use tabula_engine::lesson::text_places::{Piece, pieces};
    use tabula_engine::lesson::{read_lesson, state_before_step};
    use tabula_page_kit::i18n::{Lang, use_lang};

    /// Board notation a learner must never read: `9:SE`, `hex 13`.
    fn notation(text: &str) -> Option<String> {
        let words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || ",.;()—".contains(c))
            .collect();
        for w in &words {
            if let Some((n, d)) = w.split_once(':')
                && !n.is_empty()
                && n.chars().all(|c| c.is_ascii_digit())
                && ["N", "NE", "E", "SE", "S", "SW", "W", "NW"].contains(&d)
            {
                return Some(w.to_string());
            }
        }
        None
    }

    #[test]
    fn every_catan_lesson_names_its_places_as_the_board_does() {
        crate::add_play_words();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../lessons/catan");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        let mut named = 0;
        for file in files {
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            let lesson = read_lesson(&std::fs::read_to_string(&file).unwrap()).unwrap();
            for (k, step) in lesson.steps.iter().enumerate() {
                let game: Catan = state_before_step(&lesson, k).unwrap();
                let de = lesson.translations.get("de").and_then(|t| t.steps.get(k));
                let mut texts: Vec<(Lang, &str)> = vec![(Lang::En, &step.say)];
                if let Some(l) = &step.learner {
                    texts.push((Lang::En, &l.hint));
                    texts.push((Lang::En, &l.wrong));
                }
                if let Some(d) = de {
                    for t in [&d.say, &d.hint, &d.wrong].into_iter().flatten() {
                        texts.push((Lang::De, t));
                    }
                }
                for (lang, text) in texts {
                    use_lang(Some(lang));
                    let places = Places::of(&game);
                    let mut shown = String::new();
                    for p in pieces(text).unwrap() {
                        match p {
                            Piece::Words(w) => shown.push_str(w),
                            Piece::Place(p) => {
                                let s = crate::spots::lesson_spot(&game, p).unwrap_or_else(|| {
                                    panic!("{name} step {}: {{{{{p}}}}} is no place", k + 1)
                                });
                                let words = places.bare(s);
                                assert!(!words.is_empty(), "{name} step {}: {p}", k + 1);
                                shown.push_str(&words);
                                named += 1;
                            }
                        }
                    }
                    assert_eq!(
                        notation(&shown),
                        None,
                        "{name} step {} ({lang:?}) shows board notation: {shown}",
                        k + 1
                    );
                }
            }
        }
        use_lang(None);
        assert!(named > 50, "places named in the lessons' texts: {named}");
    }
}
