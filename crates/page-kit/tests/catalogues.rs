//! The English and German catalogues (`www/i18n/<lang>.txt` for the site,
//! `www/i18n/<game>/<lang>.txt` for each game page) hold the same keys, with
//! the same `{name}`s to fill in, no empty text, no key in two catalogues,
//! and every key is used by a page (in its HTML as `data-i18n…="key"`, in
//! its code as `"key"`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use tabula_page_kit::i18n::{Lang, parse, placeholders};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The text of every file a page is made of: its HTML and scripts, and
/// the Rust of the page kit and each page crate.
fn page_sources() -> String {
    let mut files: Vec<PathBuf> = vec![root().join("index.html")];
    let mut dirs = vec![root().join("www")];
    for entry in std::fs::read_dir(root().join("crates")).expect("crates/") {
        let path = entry.expect("entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name == "page-kit" || name.ends_with("-page") {
            dirs.push(path.join("src"));
        }
    }
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e == "rs" || e == "html" || e == "js")
            {
                files.push(path);
            }
        }
    }
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("readable"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every catalogue pair: (where, English text, German text).
fn catalogues() -> Vec<(String, String, String)> {
    let base = root().join("www/i18n");
    let mut dirs = vec![base.clone()];
    for entry in std::fs::read_dir(&base).expect("www/i18n") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            dirs.push(path);
        }
    }
    dirs.iter()
        .map(|d| {
            let read = |l: &str| std::fs::read_to_string(d.join(format!("{l}.txt"))).expect(l);
            (d.display().to_string(), read("en"), read("de"))
        })
        .collect()
}

#[test]
fn no_key_is_in_two_catalogues() {
    let mut seen = BTreeSet::new();
    for (place, en, _) in catalogues() {
        for (key, _) in parse(&en).expect("parses") {
            assert!(seen.insert(key.clone()), "{key} again in {place}");
        }
    }
}

#[test]
fn both_catalogues_have_the_same_keys_and_placeholders() {
    for (place, en, de) in catalogues() {
        same_keys(&place, &en, &de);
    }
}

fn same_keys(place: &str, en: &str, de: &str) {
    let en = parse(en).unwrap_or_else(|e| panic!("{place}/en.txt: {e}"));
    let de = parse(de).unwrap_or_else(|e| panic!("{place}/de.txt: {e}"));
    let keys = |c: &[(String, String)]| c.iter().map(|(k, _)| k.clone()).collect::<BTreeSet<_>>();
    let (ek, dk) = (keys(&en), keys(&de));
    assert_eq!(ek.len(), en.len(), "a key repeated in en.txt");
    assert_eq!(dk.len(), de.len(), "a key repeated in de.txt");
    let missing_de: Vec<_> = ek.difference(&dk).collect();
    let missing_en: Vec<_> = dk.difference(&ek).collect();
    assert!(
        missing_de.is_empty(),
        "{place}: missing in German: {missing_de:?}"
    );
    assert!(
        missing_en.is_empty(),
        "{place}: missing in English: {missing_en:?}"
    );
    for (key, text) in &en {
        let german = &de.iter().find(|(k, _)| k == key).expect("checked").1;
        assert!(!text.is_empty() && !german.is_empty(), "{key}: empty text");
        assert_eq!(
            placeholders(text),
            placeholders(german),
            "{place}: {key}: the {{names}} differ"
        );
    }
}

#[test]
fn every_key_is_used_by_a_page() {
    let sources = page_sources();
    let counted_keys: Vec<String> = calls(&sources, "tn").into_iter().map(|(k, _)| k).collect();
    let unused: Vec<String> = catalogues()
        .into_iter()
        .flat_map(|(_, en, _)| parse(&en).expect("parses"))
        .map(|(k, _)| k)
        .filter(|k| {
            // A touch screen's form of a sentence (`…-touch`) is used where
            // its base key goes through `touch::key`.
            // A count's form for 1 (`…-one`) is used where its base key
            // goes through `tn`.
            // So is a keyboard's form (`…-keys`) of such a sentence.
            let used = |k: &str| {
                sources.contains(&format!("\"{k}\"")) || sources.contains(&format!("'{k}'"))
            };
            if let Some(base) = k.strip_suffix("-keys")
                && sources.contains("touch::key(")
                && used(base)
            {
                return false;
            }
            let k = match (k.strip_suffix("-touch"), k.strip_suffix("-one")) {
                (Some(base), _) if sources.contains("touch::key(") => base,
                (_, Some(base)) if counted_keys.iter().any(|k| k == base) => base,
                _ => k.as_str(),
            };
            !sources.contains(&format!("\"{k}\"")) && !sources.contains(&format!("'{k}'"))
        })
        .collect();
    assert!(unused.is_empty(), "keys no page uses: {unused:?}");
}

#[test]
fn a_line_that_is_not_key_and_text_is_refused_with_its_number() {
    assert_eq!(
        parse("# c\n\na = b\nnonsense\n"),
        Err("line 4: not “key = text”".into())
    );
    assert_eq!(
        parse("a = b {x}").map(|v| placeholders(&v[0].1)),
        Ok(vec!["x".to_string()])
    );
}

#[test]
fn the_browser_s_language_picks_the_catalogue() {
    assert_eq!(Lang::of_code("de-AT"), Lang::De);
    assert_eq!(Lang::of_code("DE"), Lang::De);
    assert_eq!(Lang::of_code("en-GB"), Lang::En);
    assert_eq!(Lang::of_code("fr"), Lang::En);
    assert_eq!(Lang::of_code(""), Lang::En);
}

/// A value holding `{…}` (a hostile player name) is put in as it is:
/// names are filled in one pass, so it never pulls another value in.
#[test]
fn values_are_filled_in_one_pass() {
    use tabula_page_kit::i18n::fill;
    let text = "{who} plays {what}; {unknown} stays";
    assert_eq!(
        fill(text, &[("who", "{what}"), ("what", "chess")]),
        "{what} plays chess; {unknown} stays"
    );
    assert_eq!(fill("{a}{b}", &[("a", "{"), ("b", "b}")]), "{b}");
    assert_eq!(fill("no names { here", &[("x", "y")]), "no names { here");
    assert_eq!(fill("ends with {", &[]), "ends with {");
}

/// Every catalogue's texts by key (English; the German ones have the same
/// `{names}`, checked above).
fn all_texts() -> std::collections::BTreeMap<String, String> {
    catalogues()
        .into_iter()
        .flat_map(|(_, en, _)| parse(&en).expect("parses"))
        .collect()
}

/// The calls `name("key"…)` in `sources` (not `other_name(`), each with
/// its key and the text of its arguments up to the call's closing
/// bracket.
fn calls<'a>(sources: &'a str, name: &str) -> Vec<(String, &'a str)> {
    let open = format!("{name}(");
    let mut out = Vec::new();
    let bytes = sources.as_bytes();
    for (at, _) in sources.match_indices(&open) {
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
            continue;
        }
        let rest = &sources[at + open.len()..];
        let Some(quoted) = rest.trim_start().strip_prefix('"') else {
            continue;
        };
        let Some(end) = quoted.find('"') else {
            continue;
        };
        let key = &quoted[..end];
        // The arguments: up to the bracket that closes the call.
        let mut depth = 1usize;
        let mut in_string = false;
        let mut escaped = false;
        let mut close = rest.len();
        for (i, c) in rest.char_indices() {
            if in_string {
                match (escaped, c) {
                    (true, _) => escaped = false,
                    (false, '\\') => escaped = true,
                    (false, '"') => in_string = false,
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => in_string = true,
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = i;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.push((key.to_string(), &rest[..close]));
    }
    out
}

/// The names a call's argument list gives (`&[("name", …), …]`); `None`
/// when the list is not written out in the call (a variable, or an entry
/// that is not a `("name", value)` pair).
fn given_names(args: &str) -> Option<Vec<String>> {
    let list = &args[args.find("&[")? + 2..];
    // The list's entries: split at its own commas, up to its `]`.
    let mut entries = vec![String::new()];
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for c in list.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
        } else {
            match c {
                '"' => in_string = true,
                '(' | '[' | '{' => depth += 1,
                ']' if depth == 0 => break,
                ')' | ']' | '}' => depth -= 1,
                ',' if depth == 0 => {
                    entries.push(String::new());
                    continue;
                }
                _ => {}
            }
        }
        entries.last_mut().expect("one").push(c);
    }
    entries
        .iter()
        .map(|e| e.trim())
        .filter(|e| !e.is_empty())
        .map(|e| {
            let q = e.strip_prefix('(')?.trim_start().strip_prefix('"')?;
            Some(q[..q.find('"')?].to_string())
        })
        .collect()
}

/// No text a page shows keeps a `{name}` nobody filled in: a key the
/// pages say with `t` (or in their HTML, `data-i18n…="key"`) has no
/// `{…}`, and a `tf` call whose names are written out gives every
/// `{…}` of its key's text. (A hand-off's texts are filled by the kit
/// with the person's name: see `handoff::texts`.)
#[test]
fn no_text_keeps_a_placeholder_nobody_fills() {
    let sources = page_sources();
    let texts = all_texts();
    let mut left = Vec::new();
    for (key, _) in calls(&sources, "t") {
        if let Some(text) = texts.get(&key)
            && !placeholders(text).is_empty()
        {
            left.push(format!("t(\"{key}\") shows “{text}”"));
        }
    }
    for attr in [
        "data-i18n",
        "data-i18n-title",
        "data-i18n-aria-label",
        "data-i18n-alt",
        "data-i18n-placeholder",
    ] {
        let pattern = format!("{attr}=\"");
        for (at, _) in sources.match_indices(&pattern) {
            let rest = &sources[at + pattern.len()..];
            let key = &rest[..rest.find('"').unwrap_or(0)];
            if let Some(text) = texts.get(key)
                && !placeholders(text).is_empty()
            {
                left.push(format!("{attr}=\"{key}\" shows “{text}”"));
            }
        }
    }
    for (key, args) in calls(&sources, "tf") {
        let (Some(text), Some(given)) = (texts.get(&key), given_names(args)) else {
            continue;
        };
        let missing: Vec<String> = placeholders(text)
            .into_iter()
            .filter(|p| !given.contains(p))
            .collect();
        if !missing.is_empty() {
            left.push(format!("tf(\"{key}\") leaves {missing:?} in “{text}”"));
        }
    }
    left.sort();
    left.dedup();
    assert!(
        left.is_empty(),
        "texts shown with a {{name}} left in:\n{}",
        left.join("\n")
    );
}

/// The hand-off screen fills its person's name into all three texts of
/// every page's hand-off, in both languages.
#[test]
fn a_hand_off_says_the_person_s_name_in_every_text() {
    use tabula_page_kit::handoff::texts;
    use tabula_page_kit::i18n::{add, use_lang};
    for (place, en, de) in catalogues() {
        let (en, de): (&'static str, &'static str) = (en.leak(), de.leak());
        if !place.ends_with("i18n") {
            add(en, de);
        }
    }
    /// A page's three hand-off keys and its further `{…}`s.
    type Keys<'a> = ([&'a str; 3], &'a [(&'a str, &'a str)]);
    let pages: [Keys; 4] = [
        (["v-pass-to", "v-pass-note", "v-i-am"], &[]),
        (["cg-handoff", "cg-handoff-note", "cg-handoff-ready"], &[]),
        (
            [
                "domains-hand-over-title",
                "domains-hand-over",
                "domains-hand-over-ready",
            ],
            &[("round", "3")],
        ),
        (
            ["handoff-orders", "handoff-note", "handoff-ready"],
            &[("who", "Zoë")],
        ),
    ];
    for lang in [Lang::En, Lang::De] {
        use_lang(Some(lang));
        for (keys, args) in pages {
            let shown = texts("Zoë", keys, args);
            for (key, text) in keys.iter().zip(&shown) {
                assert!(!text.contains('{'), "{lang:?} {key}: “{text}”");
                assert_ne!(text, key, "{key} is in a catalogue");
            }
            assert!(shown[0].contains("Zoë"), "{lang:?}: {}", shown[0]);
        }
    }
    use_lang(None);
}

/// Words that count (plural nouns, English and German): a text with
/// `{n}` before one of them says a number of things, and has a `-one`
/// form for 1. (German nouns whose plural is their singular after a
/// number, `1 Spieler`, `1 Zeichen`, `1 Kolonisten`, are not listed.)
const COUNTED: &[&str] = &[
    "points",
    "squares",
    "cards",
    "rounds",
    "turns",
    "players",
    "bots",
    "games",
    "orders",
    "colonists",
    "characters",
    "actions",
    "problems",
    "regions",
    "cells",
    "warnings",
    "knights",
    "seconds",
    "leaders",
    "artifacts",
    "conflicts",
    "units",
    "steps",
    "moves",
    "Punkte",
    "Felder",
    "Karten",
    "Runden",
    "Züge",
    "Spiele",
    "Befehle",
    "Aktionen",
    "Probleme",
    "Regionen",
    "Zellen",
    "Warnungen",
    "Artefakte",
    "Einheiten",
    "Konflikte",
    "Schritte",
];

/// The counted word after `{n}` in `text`, if any.
fn counted(text: &str) -> Option<&'static str> {
    let rest = text.split("{n} ").skip(1);
    for r in rest {
        let word: String = r.chars().take_while(|c| c.is_alphabetic()).collect();
        if let Some(w) = COUNTED.iter().find(|w| **w == word) {
            return Some(w);
        }
    }
    None
}

/// A text that counts things says them right for 0, 1 and 2, in both
/// languages: it has a `-one` form, which `tn` picks for 1 (never
/// `1 points`, `1 Punkte`), and the pages say it with `tn`, never `tf`.
#[test]
fn counts_read_right_for_0_1_and_2_in_both_languages() {
    let sources = page_sources();
    let mut wrong = Vec::new();
    for (place, en, de) in catalogues() {
        let en = parse(&en).expect("parses");
        let de = parse(&de).expect("parses");
        let has = |c: &[(String, String)], k: &str| c.iter().any(|(key, _)| key == k);
        let text = |c: &[(String, String)], k: &str| {
            c.iter()
                .find(|(key, _)| key == k)
                .map(|(_, t)| t.clone())
                .unwrap_or_default()
        };
        for (key, en_text) in &en {
            // A pair of `-one`/`-many` keys (a page picks one itself).
            if key.ends_with("-one")
                || key
                    .strip_suffix("-many")
                    .is_some_and(|base| has(&en, &format!("{base}-one")))
            {
                continue;
            }
            let de_text = text(&de, key);
            if counted(en_text).is_none() && counted(&de_text).is_none() {
                continue;
            }
            let one = format!("{key}-one");
            if !has(&en, &one) || !has(&de, &one) {
                wrong.push(format!(
                    "{place}: {key} counts (“{en_text}”) but has no {one}"
                ));
                continue;
            }
            for (lang, many, single) in [
                ("en", en_text.clone(), text(&en, &one)),
                ("de", de_text, text(&de, &one)),
            ] {
                for n in [0u64, 1, 2] {
                    let t = if n == 1 { &single } else { &many };
                    let said = tabula_page_kit::i18n::fill(t, &[("n", &n.to_string())]);
                    let bad = said.split("1 ").skip(1).any(|r| {
                        COUNTED.iter().any(|w| {
                            r.starts_with(w)
                                && !r[w.len()..].starts_with(|c: char| c.is_alphabetic())
                        })
                    }) && n == 1;
                    if bad || said.contains('{') && placeholders(&said).contains(&"n".to_string()) {
                        wrong.push(format!("{place}: {key} ({lang}) with {n}: “{said}”"));
                    }
                }
            }
            if calls(&sources, "tf").iter().any(|(k, _)| k == key) {
                wrong.push(format!(
                    "{place}: {key} is said with tf: a count goes through tn"
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "counts that read wrong:\n{}",
        wrong.join("\n")
    );
}
