//! What the home page says about a game kept in this browser: each game
//! page leaves a short line under `tabula.<game>.continue` while a game is
//! in progress (and removes it when the game ends or is set aside), and the
//! home page, which loads no game code, offers "Continue" beside that game.

use crate::dom::local_storage;

/// The storage key of `game`'s line (`game` as in the page's file name,
/// e.g. `star-tigris`).
pub fn key(game: &str) -> String {
    format!("tabula.{game}.continue")
}

/// The line stored for a game in progress: the catalogue key of its
/// summary and the values of its `{names}`, as JSON, so the home page says
/// it in the language it is shown in (not the one it was saved in).
pub fn note(key: &str, args: &[(&str, &str)]) -> String {
    let mut map = serde_json::Map::new();
    for (n, v) in args {
        map.insert(n.to_string(), serde_json::Value::String(v.to_string()));
    }
    let args = map;
    serde_json::json!({ "key": key, "args": args }).to_string()
}

/// Say that `game` has a game in progress, summed up by the site
/// catalogue's `key` with its `{names}` from `args` (e.g.
/// `continue-star-tigris`: "Turn 7 · Ada, Bo"); `None` says it has none.
pub fn set(game: &str, summary: Option<(&str, &[(&str, &str)])>) {
    let Some(store) = local_storage() else {
        return;
    };
    let key = key(game);
    match summary {
        Some((words, args)) => {
            let line = note(words, args);
            if store.get_item(&key).ok().flatten().as_deref() != Some(line.as_str()) {
                store.set_item(&key, &line).ok();
            }
        }
        None => {
            store.remove_item(&key).ok();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_is_a_key_with_its_values() {
        let n = note(
            "continue-star-tigris",
            &[("turn", "7"), ("names", "Ada, \"Bo\"")],
        );
        let v: serde_json::Value = serde_json::from_str(&n).unwrap();
        assert_eq!(v["key"], "continue-star-tigris");
        assert_eq!(v["args"]["turn"], "7");
        assert_eq!(v["args"]["names"], "Ada, \"Bo\"");
    }
}
