//! Bundles every map in `maps/star-tigris/` into the page.

use std::{env, fs, path::PathBuf};

fn main() {
    let dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../../maps/star-tigris");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut maps: Vec<(String, PathBuf)> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
                .collect()
        })
        .unwrap_or_default();
    // The default map first, then the others by name.
    maps.sort_by_key(|(name, _)| (name != "default", name.clone()));
    let mut out = String::from(
        "/// Maps shipped in `maps/star-tigris/`: (name, text).\npub const MAPS: &[(&str, &str)] = &[\n",
    );
    for (name, path) in &maps {
        println!("cargo:rerun-if-changed={}", path.display());
        out.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.canonicalize().unwrap()
        ));
    }
    out.push_str("];\n");
    fs::write(
        PathBuf::from(env::var("OUT_DIR").unwrap()).join("maps.rs"),
        out,
    )
    .unwrap();
}
