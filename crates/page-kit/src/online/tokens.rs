//! The seats a browser holds in online rooms: for each room its seat and
//! token, kept in local storage so that a reload (or a server started
//! again) takes the same seat back. The list is small: the newest
//! [`KEEP`] rooms are kept.

use serde::{Deserialize, Serialize};

/// Where the seats are kept.
pub const STORAGE_KEY: &str = "tabula.online.seats";
/// Where the name a person plays under is kept.
pub const NAME_KEY: &str = "tabula.online.name";
/// How many rooms' seats are kept (the oldest go first).
pub const KEEP: usize = 50;

/// A seat held in a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// The room.
    pub room: String,
    /// The ruleset (a page takes back only its own game's seats).
    pub ruleset: String,
    /// The seat.
    pub seat: u8,
    /// Its token.
    pub token: String,
}

/// The seats held, read from their stored text (nothing when it does not
/// read: a damaged list costs the seats, never the page).
pub fn parse(text: &str) -> Vec<Held> {
    serde_json::from_str(text).unwrap_or_default()
}

/// `held` with `seat` put first (replacing that room's earlier one), at
/// most [`KEEP`] long.
pub fn with(mut held: Vec<Held>, seat: Held) -> Vec<Held> {
    held.retain(|h| h.room != seat.room);
    held.insert(0, seat);
    held.truncate(KEEP);
    held
}

/// The seat held in `room`, if any.
pub fn find<'a>(held: &'a [Held], room: &str) -> Option<&'a Held> {
    held.iter().find(|h| h.room == room)
}

/// The seats kept in this browser.
pub fn load() -> Vec<Held> {
    crate::dom::local_storage()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .map(|t| parse(&t))
        .unwrap_or_default()
}

/// Keep `seat` (replacing the room's earlier one).
pub fn keep(seat: Held) {
    let all = with(load(), seat);
    if let (Some(s), Ok(text)) = (crate::dom::local_storage(), serde_json::to_string(&all)) {
        s.set_item(STORAGE_KEY, &text).ok();
    }
}

/// Forget the seat held in `room` (its token was refused).
pub fn forget(room: &str) {
    let mut all = load();
    all.retain(|h| h.room != room);
    if let (Some(s), Ok(text)) = (crate::dom::local_storage(), serde_json::to_string(&all)) {
        s.set_item(STORAGE_KEY, &text).ok();
    }
}

/// The name this browser last played under.
pub fn name() -> Option<String> {
    crate::dom::local_storage()
        .and_then(|s| s.get_item(NAME_KEY).ok().flatten())
        .and_then(|n| super::messages::clean_name(&n))
}

/// Keep the name played under.
pub fn keep_name(name: &str) {
    if let Some(s) = crate::dom::local_storage() {
        s.set_item(NAME_KEY, name).ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(room: &str, seat: u8) -> Held {
        Held {
            room: room.into(),
            ruleset: "vector".into(),
            seat,
            token: format!("tok-{room}"),
        }
    }

    #[test]
    fn a_room_keeps_one_seat_and_the_newest_rooms_are_kept() {
        let mut all = Vec::new();
        for i in 0..(KEEP + 5) {
            all = with(all, held(&format!("r{i}"), 0));
        }
        assert_eq!(all.len(), KEEP);
        assert_eq!(all[0].room, format!("r{}", KEEP + 4));
        assert!(find(&all, "r0").is_none());
        let all = with(all, held("r10", 3));
        assert_eq!(find(&all, "r10").unwrap().seat, 3);
        assert_eq!(all.iter().filter(|h| h.room == "r10").count(), 1);
        let text = serde_json::to_string(&all).unwrap();
        assert_eq!(parse(&text), all);
        assert!(parse("{broken").is_empty());
    }
}
