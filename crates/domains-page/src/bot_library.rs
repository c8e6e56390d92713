//! Bots written in the page: the template a new bot starts from, and the
//! list kept in the browser's storage, exported and imported as `.js`
//! files (the code with a first line naming the bot).

use serde::{Deserialize, Serialize};
use tabula_engine::limits::check_name;

/// The storage key of the saved bots.
pub const STORAGE_KEY: &str = "tabula.domains.bots";
/// Largest bot accepted, in bytes.
pub const MAX_CODE_BYTES: usize = 64 * 1024;
/// Most bots kept.
pub const MAX_BOTS: usize = 50;
/// The first line of an exported bot: this, then the name.
pub const HEADER: &str = "// Tabula Domains bot: ";

/// The code a new bot starts from: it explains the API and plays a
/// simple, legal game.
pub const TEMPLATE: &str = r#"// A Domains bot. Tabula calls orders(view) once a round and plays the
// orders it returns; it has 50 ms (an option of the game).
//
// view.round, view.rounds        rounds played, rounds in the game
// view.rows, view.cols           the board's size
// view.me                        your player number (0-3)
// view.players[p]                {score, squares, upgraded}
// view.paint[row][col]           who painted the square, -1 nobody
// view.zone[row][col]            whose ability zone it is, -1 none
// view.drawing[row][col]         whose unit is drawing over it, -1 none
// view.units                     [{id, player, row, col, energy, upgraded, drawing}]
// view.bubbles, view.bonuses     [{player, row, col, timer}], [{row, col}]
// view.legal                     your units' legal orders:
//                                [{unit, moves: [...], attacks: [...], ability}]
// Directions: none, up, down, left, right, up_left, up_right, down_left, down_right
// (diagonal ones only from a square of your own colour).
//
// Return a list of orders, at most one per unit:
//   {unit: ID, move: "up"}   {unit: ID, attack: "left"}   {unit: ID, ability: true}
// A bot that throws or returns something malformed is skipped for the
// rest of the game; one that takes too long loses that round's orders.

function orders(view) {
  const out = [];
  for (const u of view.legal) {
    if (u.ability) { out.push({unit: u.unit, ability: true}); continue; }
    const straight = u.moves.filter(d => ["up", "down", "left", "right"].includes(d));
    const pick = straight[(view.round + u.unit) % straight.length];
    if (pick) out.push({unit: u.unit, move: pick});
  }
  return out;
}
"#;

/// A saved bot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedBot {
    /// Its name (a seat's name when it plays).
    pub name: String,
    /// Its JavaScript.
    pub code: String,
}

/// Check a bot before it is saved or played.
pub fn check_bot(name: &str, code: &str) -> Result<(), String> {
    check_name(name).map_err(|e| format!("the bot's name: {e}"))?;
    if code.len() > MAX_CODE_BYTES {
        return Err(format!(
            "the bot is {} bytes; at most {MAX_CODE_BYTES} are accepted",
            code.len()
        ));
    }
    if !code.contains("orders") {
        return Err("the bot defines no function orders(view)".into());
    }
    Ok(())
}

/// Read the saved list; anything unreadable is dropped, and said.
pub fn read_library(text: Option<&str>) -> (Vec<SavedBot>, Option<String>) {
    let Some(text) = text else {
        return (Vec::new(), None);
    };
    match serde_json::from_str::<Vec<SavedBot>>(text) {
        Ok(list) => {
            let total = list.len();
            let kept: Vec<SavedBot> = list
                .into_iter()
                .filter(|b| check_bot(&b.name, &b.code).is_ok())
                .take(MAX_BOTS)
                .collect();
            let note = (kept.len() != total)
                .then(|| format!("{} saved bot(s) could not be read", total - kept.len()));
            (kept, note)
        }
        Err(e) => (
            Vec::new(),
            Some(format!("the saved bots could not be read ({e})")),
        ),
    }
}

/// Save a bot into the list (replacing one of the same name).
pub fn save_bot(list: &mut Vec<SavedBot>, bot: SavedBot) -> Result<(), String> {
    check_bot(&bot.name, &bot.code)?;
    if let Some(old) = list.iter_mut().find(|b| b.name == bot.name) {
        *old = bot;
        return Ok(());
    }
    if list.len() >= MAX_BOTS {
        return Err(format!(
            "{MAX_BOTS} bots are saved already; delete one first"
        ));
    }
    list.push(bot);
    Ok(())
}

/// A bot as an exported file.
pub fn export_bot(bot: &SavedBot) -> String {
    format!("{HEADER}{}\n{}", bot.name, bot.code)
}

/// A bot from an imported file: its name from the first line, else from
/// the file's name (without `.js`).
pub fn import_bot(file_name: &str, text: &str) -> Result<SavedBot, String> {
    if text.len() > MAX_CODE_BYTES + 200 {
        return Err(format!(
            "“{file_name}” is {} bytes; a bot may have at most {MAX_CODE_BYTES}",
            text.len()
        ));
    }
    let (name, code) = match text.split_once('\n') {
        Some((first, rest)) if first.starts_with(HEADER) => {
            (first[HEADER.len()..].trim().to_string(), rest.to_string())
        }
        _ => (
            file_name
                .trim_end_matches(".js")
                .chars()
                .filter(|c| !c.is_control())
                .take(40)
                .collect(),
            text.to_string(),
        ),
    };
    check_bot(&name, &code).map_err(|e| format!("“{file_name}”: {e}"))?;
    Ok(SavedBot { name, code })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_and_import_round_trip() {
        let bot = SavedBot {
            name: "Corner <b>".into(),
            code: TEMPLATE.into(),
        };
        let file = export_bot(&bot);
        assert_eq!(import_bot("x.js", &file).unwrap(), bot);
        let plain = import_bot("walker.js", "function orders(v) { return []; }").unwrap();
        assert_eq!(plain.name, "walker");
    }

    #[test]
    fn bad_bots_are_refused_with_reasons() {
        assert!(
            check_bot("", "function orders(){}")
                .unwrap_err()
                .contains("name")
        );
        assert!(
            check_bot("a", "let x = 1;")
                .unwrap_err()
                .contains("orders(view)")
        );
        let big = "x".repeat(MAX_CODE_BYTES + 1) + "orders";
        assert!(check_bot("a", &big).unwrap_err().contains("bytes"));
        assert!(import_bot("huge.js", &big).is_err());
    }

    #[test]
    fn the_library_keeps_what_reads_and_says_what_it_dropped() {
        let mut list = Vec::new();
        save_bot(
            &mut list,
            SavedBot {
                name: "a".into(),
                code: TEMPLATE.into(),
            },
        )
        .unwrap();
        save_bot(
            &mut list,
            SavedBot {
                name: "a".into(),
                code: "orders()".into(),
            },
        )
        .unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].code, "orders()");
        let text = r#"[{"name":"ok","code":"function orders(){}"},{"name":"","code":"orders"}]"#;
        let (kept, note) = read_library(Some(text));
        assert_eq!(kept.len(), 1);
        assert!(note.unwrap().contains("1 saved bot"));
        let (none, note) = read_library(Some("{broken"));
        assert!(none.is_empty() && note.is_some());
    }
}
