//! A room on disk, read back when the server starts:
//!
//! - `ROOMS/<room>.json`: its settings, seats and record, written whole
//!   (a file beside it, then renamed) when it is made, when someone
//!   takes or leaves a seat, and when the server resumes it;
//! - `ROOMS/<room>.log`: every action since, one JSON line each
//!   (`{"index":N,"seat":S,"action":…}`), appended after every action.
//!
//! Writing the whole record after every action would cost a long game
//! (ten thousand Catan actions) gigabytes of writes; a line costs its
//! own bytes. A line cut short by a crash is the last one, and reading
//! stops there: the room resumes at the last whole action.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tabula_engine::GameRecord;

/// The `format` field of a room file.
pub const ROOM_FORMAT: &str = "tabula-room";
/// The room file version this build writes (it reads version 1 too,
/// whose seats held their tokens: they are read as hashes).
pub const ROOM_VERSION: u32 = 2;

/// A seat token's hash as room files keep it: BLAKE2s-256, in hex. A
/// token is 16 random characters of 32 (80 bits), so a fast hash
/// suffices: nobody can try enough tokens to find one from its hash.
pub fn token_hash(token: &str) -> String {
    use blake2::Digest;
    blake2::Blake2s256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
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
    /// The hash of the seat's token ([`token_hash`]), once a person took
    /// it: a token takes a seat back, so the file never holds one.
    pub token_hash: Option<String>,
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

/// The action log of room `room` in `dir`.
pub fn log_path(dir: &Path, room: &str) -> PathBuf {
    dir.join(format!("{room}.log"))
}

/// One line of a room's action log.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogLine {
    /// The action's index in the record.
    pub index: usize,
    /// The seat that acted.
    pub seat: tabula_engine::Seat,
    /// The action.
    pub action: serde_json::Value,
}

/// Write a room whole (a file beside it, then renamed), then empty its
/// action log (the record holds every action now).
pub fn save(dir: &Path, file: &RoomFile) -> std::io::Result<()> {
    let text = serde_json::to_string(file).map_err(std::io::Error::other)?;
    crate::core::write_whole(&room_path(dir, &file.room), &text)?;
    crate::core::write_whole(&log_path(dir, &file.room), "")
}

/// The folder finished rooms are moved to when they close: their files
/// are kept (each holds the game's whole record) and no longer resumed.
pub const FINISHED: &str = "finished";

/// Put away a closed room's files: a finished game's file (written whole
/// by `save` just before, so its log is empty) goes to
/// [`FINISHED`]`/ROOM.json`; a room that never finished is removed.
pub fn put_away(dir: &Path, room: &str, finished: bool) -> std::io::Result<()> {
    let file = room_path(dir, room);
    if finished {
        let to = dir.join(FINISHED);
        std::fs::create_dir_all(&to)?;
        std::fs::rename(&file, to.join(format!("{room}.json")))?;
    } else {
        std::fs::remove_file(&file)?;
    }
    match std::fs::remove_file(log_path(dir, room)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Append actions to a room's log.
pub fn append(dir: &Path, room: &str, lines: &[LogLine]) -> std::io::Result<()> {
    use std::io::Write;
    let mut text = String::new();
    for l in lines {
        text.push_str(&serde_json::to_string(l).map_err(std::io::Error::other)?);
        text.push('\n');
    }
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log_path(dir, room))?;
    f.write_all(text.as_bytes())
}

/// Add the actions of the room's log that follow its record; stop at the
/// first line that does not read or does not follow (a line cut short).
fn add_log(dir: &Path, file: &mut RoomFile) {
    let Ok(text) = std::fs::read_to_string(log_path(dir, &file.room)) else {
        return;
    };
    for line in text.lines() {
        let Ok(l) = serde_json::from_str::<LogLine>(line) else {
            return;
        };
        let next = file.record.actions.len();
        if l.index < next {
            continue;
        }
        if l.index > next {
            return;
        }
        file.record.actions.push(tabula_engine::RecordedAction {
            seat: l.seat,
            action: l.action,
        });
    }
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
            Ok(mut file) if file.room == name.trim_end_matches(".json") => {
                add_log(dir, &mut file);
                rooms.push(file)
            }
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
    let text = from_version_1(&text).unwrap_or(text);
    let file: RoomFile = tabula_engine::plain::from_str(&text)
        .map_err(|(l, c, what)| format!("line {l}, column {c}: {what}"))?;
    if file.format != ROOM_FORMAT || file.version != ROOM_VERSION {
        return Err(format!(
            "not a Tabula room file of version 1 or {ROOM_VERSION} (format {:?}, version {})",
            file.format, file.version
        ));
    }
    Ok(file)
}

/// A version 1 room file (seats with their tokens) as version 2 (seats
/// with their tokens' hashes); `None` for any other text.
fn from_version_1(text: &str) -> Option<String> {
    let mut v: serde_json::Value = serde_json::from_str(text).ok()?;
    if v["format"] != ROOM_FORMAT || v["version"] != 1 {
        return None;
    }
    v["version"] = ROOM_VERSION.into();
    for seat in v["seats"].as_array_mut()? {
        let seat = seat.as_object_mut()?;
        let token = seat.remove("token")?;
        let hash = token.as_str().map(token_hash);
        seat.insert("token_hash".into(), hash.into());
    }
    Some(v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_engine::RecordedAction;

    fn room_file(actions: usize) -> RoomFile {
        RoomFile {
            format: ROOM_FORMAT.into(),
            version: ROOM_VERSION,
            room: "abcd2345".into(),
            seats: Vec::new(),
            clock_ms: None,
            takeover_s: 60,
            stand_in: "greedy".into(),
            started: true,
            record: GameRecord {
                format: "tabula-record".into(),
                version: 1,
                ruleset: "star-tigris".into(),
                options: serde_json::Value::Null,
                map: None,
                seed: 1,
                seats: Vec::new(),
                actions: (0..actions)
                    .map(|i| RecordedAction {
                        seat: 0,
                        action: serde_json::json!(i),
                    })
                    .collect(),
                final_hash: tabula_engine::StateHash(0),
                notes: Default::default(),
            },
        }
    }

    /// A room file of version 1 (seats holding their tokens) is read with
    /// the tokens' hashes in their place; the same token then matches.
    #[test]
    fn a_version_1_file_is_read_with_its_tokens_hashed() {
        let mut file = serde_json::to_value(room_file(1)).unwrap();
        file["version"] = 1.into();
        file["seats"] = serde_json::json!([
            {"kind": "person", "name": "Ada", "token": "abcdefgh23456789", "taken_over": false},
            {"kind": "person", "name": "Seat 2", "token": null, "taken_over": false},
        ]);
        let dir = std::env::temp_dir().join(format!("tabula-rooms-v1-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(room_path(&dir, "abcd2345"), file.to_string()).unwrap();
        let read = read_one(&room_path(&dir, "abcd2345")).unwrap();
        assert_eq!(read.version, ROOM_VERSION);
        assert_eq!(
            read.seats[0].token_hash.as_deref(),
            Some(token_hash("abcdefgh23456789").as_str())
        );
        assert_eq!(read.seats[1].token_hash, None);
        assert_ne!(
            token_hash("abcdefgh23456789"),
            token_hash("abcdefgh2345678a")
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_log_adds_the_actions_after_the_record_up_to_a_line_cut_short() {
        let dir = std::env::temp_dir().join(format!("tabula-rooms-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        save(&dir, &room_file(2)).unwrap();
        let line = |i: usize| LogLine {
            index: i,
            seat: 1,
            action: serde_json::json!(i),
        };
        // An action the record holds already is skipped.
        append(&dir, "abcd2345", &[line(1), line(2), line(3)]).unwrap();
        let mut log = std::fs::OpenOptions::new()
            .append(true)
            .open(log_path(&dir, "abcd2345"))
            .unwrap();
        std::io::Write::write_all(&mut log, b"{\"index\":4,\"seat\":1,\"act").unwrap();
        std::fs::write(dir.join("zz.json"), "not a room").unwrap();
        let (rooms, problems) = load_all(&dir);
        assert_eq!(rooms.len(), 1);
        let actions: Vec<_> = rooms[0]
            .record
            .actions
            .iter()
            .map(|a| a.action.clone())
            .collect();
        assert_eq!(
            actions,
            (0..4).map(|i| serde_json::json!(i)).collect::<Vec<_>>()
        );
        assert_eq!(problems.len(), 1);
        assert!(problems[0].starts_with("zz.json: line 1"), "{problems:?}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
