//! No page crate (nor the kit) has files that import each other in a
//! circle (issue 40). A file imports another when its code names it
//! (`crate::name`, `crate::{name, …}`, `super::name`), comments left
//! out; a module's own children do not count. None is left; should one
//! ever have to stay for a while, it is listed in `KNOWN`: a new circle,
//! or one grown, fails; so does a listed circle that is gone.

mod common;
use common::sources;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The circles left, by crate: each the sorted list of its files (none).
const KNOWN: &[(&str, &[&str])] = &[];

const CRATES: &[&str] = &[
    "page-kit",
    "catan-page",
    "domains-page",
    "star-tigris-page",
    "vector-page",
];

/// The module path of a file (`page::game` for `src/page/game.rs`,
/// `page` for `src/page/mod.rs`, "" for `lib.rs`).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts.join("::")
}

/// The code of a file without its comments.
fn code(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The longest module of `modules` that `path` (a `::` path) starts with.
fn longest<'a>(modules: &'a BTreeSet<String>, path: &[&str]) -> Option<&'a String> {
    (1..=path.len())
        .rev()
        .find_map(|k| modules.get(&path[..k].join("::")))
}

/// Which modules each module names.
fn imports(krate: &str) -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(krate)
        .join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let texts: BTreeMap<String, String> = files
        .iter()
        .map(|f| {
            (
                module_of(&src, f),
                code(&std::fs::read_to_string(f).unwrap()),
            )
        })
        .collect();
    let modules: BTreeSet<String> = texts.keys().filter(|m| !m.is_empty()).cloned().collect();
    let mut edges = BTreeMap::new();
    for (module, text) in &texts {
        let mut named = BTreeSet::new();
        let parent: Vec<&str> = module.split("::").filter(|s| !s.is_empty()).collect();
        let parent = &parent[..parent.len().saturating_sub(1)];
        for (prefix, base) in [("crate::", Vec::new()), ("super::", parent.to_vec())] {
            for (at, _) in text.match_indices(prefix) {
                let rest = &text[at + prefix.len()..];
                let mut paths: Vec<String> = Vec::new();
                if let Some(group) = rest.strip_prefix('{') {
                    let inner = group.split('}').next().unwrap_or("");
                    paths.extend(inner.split(',').map(|p| p.trim().to_string()));
                } else {
                    let end = rest
                        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                        .unwrap_or(rest.len());
                    paths.push(rest[..end].to_string());
                }
                for p in paths {
                    let mut full: Vec<&str> = base.clone();
                    full.extend(p.split("::").filter(|s| !s.is_empty()));
                    if let Some(m) = longest(&modules, &full)
                        && m != module
                        && !(module.is_empty() || m.starts_with(&format!("{module}::")))
                    {
                        named.insert(m.clone());
                    }
                }
            }
        }
        edges.insert(module.clone(), named);
    }
    edges
}

/// The circles of a graph: its strongly connected parts of two or more.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<Vec<String>> {
    // Reachability by repeated search: the graphs are small.
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            for n in edges.get(&m).into_iter().flatten() {
                if seen.insert(n.clone()) {
                    todo.push(n.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        edges.keys().map(|m| (m, reach(m))).collect();
    let mut out = BTreeSet::new();
    for m in edges.keys() {
        let part: Vec<String> = edges
            .keys()
            .filter(|n| n == &m || (reached[m].contains(*n) && reached[n].contains(m)))
            .cloned()
            .collect();
        if part.len() > 1 {
            out.insert(part);
        }
    }
    out
}

#[test]
fn no_page_crate_has_files_that_import_each_other_in_a_circle() {
    let mut problems = Vec::new();
    for krate in CRATES {
        let found = circles(&imports(krate));
        let known: BTreeSet<Vec<String>> = KNOWN
            .iter()
            .filter(|(k, _)| k == krate)
            .map(|(_, c)| c.iter().map(|s| s.to_string()).collect())
            .collect();
        for c in found.difference(&known) {
            problems.push(format!(
                "{krate}: these files import each other in a circle: {c:?}"
            ));
        }
        for c in known.difference(&found) {
            problems.push(format!(
                "{krate}: the circle {c:?} is gone or changed: take it off KNOWN"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_circle_is_found() {
    let mut edges = BTreeMap::new();
    let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    edges.insert("a".to_string(), set(&["b"]));
    edges.insert("b".to_string(), set(&["c"]));
    edges.insert("c".to_string(), set(&["a"]));
    edges.insert("d".to_string(), set(&["a"]));
    let found = circles(&edges);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found.into_iter().next().unwrap(),
        vec!["a".to_string(), "b".into(), "c".into()]
    );
}
