//! Bundles every map in `maps/star-tigris/` into the page (its lessons
//! are fetched beside it).

use std::{env, fs, path::PathBuf};

/// `(stem, path)` of the files in `dir` ending in `.ext`, sorted by name.
fn files(dir: &PathBuf, ext: &str) -> Vec<(String, PathBuf)> {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut v: Vec<(String, PathBuf)> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn table(name: &str, doc: &str, items: &[(String, PathBuf)]) -> String {
    let mut out = format!("/// {doc}\npub const {name}: &[(&str, &str)] = &[\n");
    for (stem, path) in items {
        println!("cargo:rerun-if-changed={}", path.display());
        out.push_str(&format!(
            "    ({stem:?}, include_str!({:?})),\n",
            path.canonicalize().unwrap()
        ));
    }
    out.push_str("];\n");
    out
}

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../..");
    let mut maps = files(&root.join("maps/star-tigris"), "txt");
    // The default map first, then the others by name.
    maps.sort_by_key(|(name, _)| (name != "default", name.clone()));
    // The lessons are not bundled: the lessons screen and the rules page
    // fetch them from `lessons/star-tigris/` beside the page.
    let out = table(
        "MAPS",
        "Maps shipped in `maps/star-tigris/`: (name, text).",
        &maps,
    );
    fs::write(
        PathBuf::from(env::var("OUT_DIR").unwrap()).join("bundled.rs"),
        out,
    )
    .unwrap();
}
