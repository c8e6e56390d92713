//! No block of six or more lines stands in two page crates (issue 40):
//! what two pages need is written once, in the page kit. Lines are
//! compared as code: white space folded, and blank lines, comments, lone
//! punctuation (`}`, `});`) and `use`/`mod` lines passed over, so that a
//! block copied and re-indented is still found.

mod common;
use common::sources;
use std::collections::BTreeMap;
use std::path::Path;

/// The page crates; the kit is where a shared block goes, so it is not
/// compared.
const PAGES: &[&str] = &[
    "catan-page",
    "domains-page",
    "star-tigris-page",
    "vector-page",
];

/// How many lines in a row make a repeated block.
const BLOCK: usize = 6;

/// A line as compared (`None`: passed over), white space folded.
fn code_line(line: &str) -> Option<String> {
    let line = line.trim();
    let folded = line.split_whitespace().collect::<Vec<_>>().join(" ");
    let passed_over = folded.is_empty()
        || folded.starts_with("//")
        || folded.starts_with("#[")
        || ["use ", "pub use ", "mod ", "pub mod ", "pub(crate) mod "]
            .iter()
            .any(|p| folded.starts_with(p))
        || folded.chars().all(|c| "{}()[];,".contains(c));
    (!passed_over).then_some(folded)
}

/// Where a block stands: the crate, the file and the block's first line.
type Place = (String, String, usize);

/// A source file: its crate, its name, its text.
type Source = (String, String, String);

/// The source files of `crates`.
fn read(crates: &[&str]) -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    for krate in crates {
        let mut files = Vec::new();
        sources(&root.join(krate).join("src"), &mut files);
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable");
            let name = file.strip_prefix(&root).unwrap().display().to_string();
            out.push((krate.to_string(), name, text));
        }
    }
    out
}

/// The blocks of [`BLOCK`] compared lines standing in more than one crate
/// of `sources`, as one line each: two of the places and the first line.
fn repeated(sources: &[Source]) -> Vec<String> {
    let mut blocks: BTreeMap<Vec<&str>, Vec<Place>> = BTreeMap::new();
    let lines: Vec<Vec<(usize, String)>> = sources
        .iter()
        .map(|(_, _, text)| {
            text.lines()
                .enumerate()
                .filter_map(|(i, l)| code_line(l).map(|c| (i + 1, c)))
                .collect()
        })
        .collect();
    for ((krate, name, _), lines) in sources.iter().zip(&lines) {
        for w in lines.windows(BLOCK) {
            let block = w.iter().map(|(_, l)| l.as_str()).collect();
            blocks
                .entry(block)
                .or_default()
                .push((krate.clone(), name.clone(), w[0].0));
        }
    }
    blocks
        .into_iter()
        .filter_map(|(block, places)| {
            let first = &places[0];
            let other = places.iter().find(|p| p.0 != first.0)?;
            Some(format!(
                "{}:{} ~ {}:{} ({})",
                first.1, first.2, other.1, other.2, block[0]
            ))
        })
        .collect()
}

#[test]
fn no_block_of_six_lines_stands_in_two_page_crates() {
    let found = repeated(&read(PAGES));
    assert!(
        found.is_empty(),
        "blocks written in two page crates (write them once in the page kit):\n{}",
        found.join("\n")
    );
}

/// The check finds a block copied into another crate and re-indented,
/// with a comment and a lone brace between its lines; not a block that
/// stands twice in one crate, nor five lines alike.
#[test]
fn a_copied_block_is_found_and_one_crate_alone_is_not() {
    let block = "let a = 1;\nlet b = 2;\nf(a, b);\ng(b);\nh(a);\nk();\n";
    let copied =
        "fn x() {\n        let a = 1;\n  let   b = 2;\n// why\nf(a, b);\n}\ng(b);\nh(a);\nk();\n";
    let five = "let a = 1;\nlet b = 2;\nf(a, b);\ng(b);\nh(a);\nother();\n";
    let src = |k: &str, f: &str, t: &str| (k.to_string(), f.to_string(), t.to_string());
    let found = repeated(&[
        src("one", "one/a.rs", block),
        src("two", "two/b.rs", copied),
    ]);
    assert_eq!(found, ["one/a.rs:1 ~ two/b.rs:2 (let a = 1;)"]);
    assert!(repeated(&[src("one", "one/a.rs", block), src("one", "one/b.rs", block)]).is_empty());
    assert!(repeated(&[src("one", "one/a.rs", block), src("two", "two/b.rs", five)]).is_empty());
}
