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

/// Say that `game` has a game in progress, described by `summary` (plain
/// words, e.g. "Turn 7 · Ada, Bo"); `None` says it has none.
pub fn set(game: &str, summary: Option<&str>) {
    let Some(store) = local_storage() else {
        return;
    };
    let key = key(game);
    match summary {
        Some(s) => {
            if store.get_item(&key).ok().flatten().as_deref() != Some(s) {
                store.set_item(&key, s).ok();
            }
        }
        None => {
            store.remove_item(&key).ok();
        }
    }
}
