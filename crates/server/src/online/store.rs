//! A room on disk: `ROOMS/<room>.json`, written whole after every action
//! and every change of who sits where, read back when the server starts.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tabula_engine::GameRecord;

/// The `format` field of a room file.
pub const ROOM_FORMAT: &str = "tabula-room";
/// The room file version this build writes and reads.
pub const ROOM_VERSION: u32 = 1;
/// Largest room file read back (a record's limit and room for seats).
pub const MAX_ROOM_BYTES: u64 = 64 << 20;

/// One seat in a room file.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SeatFile {
    /// `person` or `bot:SPEC`.
    pub kind: String,
    /// The name shown.
    pub name: String,
    /// The seat's token (a random opaque string), once a person took it.
    pub token: Option<String>,
    /// Whether a bot has taken the seat over from its person.
    pub taken_over: bool,
}

/// A room file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomFile {
    /// [`ROOM_FORMAT`].
    pub format: String,
    /// [`ROOM_VERSION`].
    pub version: u32,
    /// The room's id.
    pub room: String,
    /// The seats.
    pub seats: Vec<SeatFile>,
    /// Milliseconds a person has for a decision, if a clock runs.
    pub clock_ms: Option<u64>,
    /// Seconds before a bot takes a disconnected person's seat.
    pub takeover_s: u64,
    /// The bot that plays for a person.
    pub stand_in: String,
    /// Whether the game has started (every person seat was taken).
    pub started: bool,
    /// The game's record up to its last action.
    pub record: GameRecord,
}

/// The file of room `room` in `dir`.
pub fn room_path(dir: &Path, room: &str) -> PathBuf {
    dir.join(format!("{room}.json"))
}

/// Write a room whole (a file beside it, then renamed).
pub fn save(dir: &Path, file: &RoomFile) -> std::io::Result<()> {
    let text = serde_json::to_string(file).map_err(std::io::Error::other)?;
    crate::core::write_whole(&room_path(dir, &file.room), &text)
}

/// Every room file in `dir`: the rooms read, and for each file that
/// could not be read its name and why.
pub fn load_all(dir: &Path) -> (Vec<RoomFile>, Vec<String>) {
    let mut rooms = Vec::new();
    let mut problems = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (rooms, problems);
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    paths.sort();
    for path in paths {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match read_one(&path) {
            Ok(file) if file.room == name.trim_end_matches(".json") => rooms.push(file),
            Ok(file) => problems.push(format!(
                "{name}: the file holds room {:?}, not the room its name says",
                file.room
            )),
            Err(why) => problems.push(format!("{name}: {why}")),
        }
    }
    (rooms, problems)
}

fn read_one(path: &Path) -> Result<RoomFile, String> {
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > MAX_ROOM_BYTES {
        return Err(format!("{size} bytes; at most {MAX_ROOM_BYTES} are read"));
    }
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let file: RoomFile = tabula_engine::plain::from_str(&text)
        .map_err(|(l, c, what)| format!("line {l}, column {c}: {what}"))?;
    if file.format != ROOM_FORMAT || file.version != ROOM_VERSION {
        return Err(format!(
            "not a Tabula room file of version {ROOM_VERSION} (format {:?}, version {})",
            file.format, file.version
        ));
    }
    Ok(file)
}
