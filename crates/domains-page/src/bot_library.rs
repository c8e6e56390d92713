//! Bots written in the page: the template a new bot starts from, and the
//! list kept in the browser's storage, exported and imported as `.js`
//! files (the code with a first line naming the bot).

use serde::{Deserialize, Serialize};
use tabula_engine::limits::name_problem;

use crate::words::{t, tf, tn};

/// The storage key of the saved bots.
pub const STORAGE_KEY: &str = "tabula.domains.bots";
/// Largest bot accepted, in bytes.
pub const MAX_CODE_BYTES: usize = 64 * 1024;
/// Most bots kept.
pub const MAX_BOTS: usize = 50;
/// The first line of an exported bot: this, then the name.
pub const HEADER: &str = "// Tabula Domains bot: ";

/// The code of a new bot, under the comment [`template`] writes: a
/// simple bot that plays a legal game.
pub const TEMPLATE_CODE: &str = r#"function orders(view) {
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

/// The width of a comment line in the template.
const COMMENT_WIDTH: usize = 72;

/// `text` as `//` comment lines of at most [`COMMENT_WIDTH`] characters.
fn comment(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::from("//");
    for word in text.split_whitespace() {
        if line.len() > 2 && line.chars().count() + 1 + word.chars().count() > COMMENT_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = String::from("//");
        }
        line.push(' ');
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The code a new bot starts from, in the page's words: a comment that
/// explains the API (its names stay as they are: they are code), then
/// [`TEMPLATE_CODE`].
pub fn template() -> String {
    let api = |code: &str, words: &str| format!("// {code:<30} {words}\n");
    let mut out = comment(&tf("domains-bot-intro", &[("ms", "50")]));
    out.push_str("//\n");
    out.push_str(&api("view.round, view.rounds", &t("domains-bot-api-round")));
    out.push_str(&api("view.rows, view.cols", &t("domains-bot-api-size")));
    out.push_str(&api("view.me", &t("domains-bot-api-me")));
    out.push_str(&api("view.players[p]", "{score, squares, upgraded}"));
    out.push_str(&api("view.paint[row][col]", &t("domains-bot-api-paint")));
    out.push_str(&api("view.zone[row][col]", &t("domains-bot-api-zone")));
    out.push_str(&api(
        "view.drawing[row][col]",
        &t("domains-bot-api-drawing"),
    ));
    out.push_str(&api(
        "view.units",
        "[{id, player, row, col, energy, upgraded, drawing}]",
    ));
    out.push_str(&api(
        "view.bubbles, view.bonuses",
        "[{player, row, col, timer}], [{row, col}]",
    ));
    out.push_str(&api("view.legal", &t("domains-bot-api-legal")));
    out.push_str(&api("", "[{unit, moves: [...], attacks: [...], ability}]"));
    out.push_str(&format!(
        "// {} none, up, down, left, right, up_left, up_right, down_left, down_right\n",
        t("domains-bot-directions")
    ));
    out.push_str(&comment(&t("domains-bot-diagonal")));
    out.push_str("//\n");
    out.push_str(&comment(&t("domains-bot-return")));
    out.push_str(
        "//   {unit: ID, move: \"up\"}   {unit: ID, attack: \"left\"}   {unit: ID, ability: true}\n",
    );
    out.push_str(&comment(&t("domains-bot-rules")));
    out.push('\n');
    out.push_str(TEMPLATE_CODE);
    out
}

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
    if let Some(e) = name_problem(name) {
        let why = tabula_page_kit::error_words::name(&e);
        return Err(tf("domains-bot-name-bad", &[("error", &why)]));
    }
    if code.len() > MAX_CODE_BYTES {
        return Err(tf(
            "domains-bot-too-large",
            &[
                ("bytes", &code.len().to_string()),
                ("max", &MAX_CODE_BYTES.to_string()),
            ],
        ));
    }
    if !code.contains("orders") {
        return Err(t("domains-bot-no-function"));
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
            let note = (kept.len() != total).then(|| {
                tn(
                    (total - kept.len()) as u64,
                    "domains-bots-dropped-one",
                    "domains-bots-dropped-many",
                    &[],
                )
            });
            (kept, note)
        }
        Err(e) => (
            Vec::new(),
            Some(tf(
                "domains-bots-unreadable",
                &[(
                    "error",
                    &tabula_page_kit::error_words::json_at(e.line(), e.column()),
                )],
            )),
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
        return Err(tf(
            "domains-bots-too-many",
            &[("max", &MAX_BOTS.to_string())],
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
        return Err(tf(
            "domains-bot-file-too-large",
            &[
                ("name", file_name),
                ("bytes", &text.len().to_string()),
                ("max", &MAX_CODE_BYTES.to_string()),
            ],
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
    check_bot(&name, &code)
        .map_err(|e| tf("domains-bot-file-bad", &[("name", file_name), ("why", &e)]))?;
    Ok(SavedBot { name, code })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_and_import_round_trip() {
        let bot = SavedBot {
            name: "Corner <b>".into(),
            code: template(),
        };
        let file = export_bot(&bot);
        assert_eq!(import_bot("x.js", &file).unwrap(), bot);
        let plain = import_bot("walker.js", "function orders(v) { return []; }").unwrap();
        assert_eq!(plain.name, "walker");
    }

    #[test]
    fn the_template_explains_the_api_in_the_page_s_words_around_the_same_code() {
        let english = template();
        assert!(english.starts_with("// A Domains bot. Tabula calls orders(view) once a round"));
        assert!(english.contains("// view.me                        your player number (0-3)\n"));
        assert!(english.ends_with(TEMPLATE_CODE));
        crate::words::use_code("de");
        let german = template();
        tabula_page_kit::i18n::use_lang(None);
        assert!(german.starts_with("// Ein Domains-Bot."), "{german}");
        assert!(german.contains("// view.me                        deine Spielernummer (0-3)\n"));
        assert!(german.ends_with(TEMPLATE_CODE));
        for text in [&english, &german] {
            assert!(text.lines().all(|l| l.chars().count() <= 90), "{text}");
        }
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
        crate::words::use_code("de");
        let name = check_bot("a\u{7}", "function orders(){}").unwrap_err();
        let list = read_library(Some("[{\"name\": 1")).1.unwrap();
        tabula_page_kit::i18n::use_lang(None);
        assert_eq!(
            name,
            "der Name des Bots: der Name enthält ein Steuerzeichen (U+0007)"
        );
        assert!(list.contains("Zeile 1, Spalte"), "{list}");
        assert!(
            !list.contains("expected") && !list.contains("line"),
            "{list}"
        );
    }

    #[test]
    fn the_library_keeps_what_reads_and_says_what_it_dropped() {
        let mut list = Vec::new();
        save_bot(
            &mut list,
            SavedBot {
                name: "a".into(),
                code: template(),
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
