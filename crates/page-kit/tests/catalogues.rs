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
    let unused: Vec<String> = catalogues()
        .into_iter()
        .flat_map(|(_, en, _)| parse(&en).expect("parses"))
        .map(|(k, _)| k)
        .filter(|k| {
            // A touch screen's form of a sentence (`…-touch`) is used where
            // its base key goes through `touch::key`.
            let k = match k.strip_suffix("-touch") {
                Some(base) if sources.contains("touch::key(") => base,
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
