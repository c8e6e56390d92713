//! The bots kept in the browser for one game: what kind of bot the game
//! seats (the functions it calls, its template, where the list is kept,
//! the first line of an exported file), the checks a bot passes before it
//! is saved or played, and the list read from storage, exported and
//! imported as `.js` files (the code with a first line naming the bot).

use serde::{Deserialize, Serialize};
use tabula_engine::limits::name_problem;

use crate::i18n::{t, tf};

/// Largest bot accepted, in bytes.
pub const MAX_CODE_BYTES: usize = 64 * 1024;
/// Most bots kept.
pub const MAX_BOTS: usize = 50;
/// The width of a comment line in a template.
const COMMENT_WIDTH: usize = 72;

/// The bots a game seats.
#[derive(Debug)]
pub struct BotKind {
    /// The storage key of the saved list.
    pub storage_key: &'static str,
    /// The first line of an exported bot: this, then the name.
    pub header: &'static str,
    /// The functions the game calls, each with one argument (the seat's
    /// view); a bot defines every one.
    pub functions: &'static [&'static str],
    /// The code a new bot starts from, in the page's words.
    pub template: fn() -> String,
}

impl BotKind {
    /// The functions as a person reads them: `orders(view)`,
    /// `direction(view) and magnitude(view)`.
    pub fn functions_in_words(&self) -> String {
        let calls: Vec<String> = self
            .functions
            .iter()
            .map(|f| format!("{f}(view)"))
            .collect();
        match calls.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                format!("{} {} {last}", rest.join(", "), t("bot-and"))
            }
            _ => calls.join(""),
        }
    }
}

/// `text` as `//` comment lines of at most 72 characters (for a
/// template's explanations).
pub fn comment(text: &str) -> String {
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

/// A saved bot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedBot {
    /// Its name (a seat's name when it plays).
    pub name: String,
    /// Its JavaScript.
    pub code: String,
}

/// Check a bot before it is saved or played.
pub fn check_bot(kind: &BotKind, name: &str, code: &str) -> Result<(), String> {
    if let Some(e) = name_problem(name) {
        let why = crate::error_words::name(&e);
        return Err(tf("bot-name-bad", &[("error", &why)]));
    }
    if code.len() > MAX_CODE_BYTES {
        return Err(tf(
            "bot-too-large",
            &[
                ("bytes", &code.len().to_string()),
                ("max", &MAX_CODE_BYTES.to_string()),
            ],
        ));
    }
    if kind.functions.iter().any(|f| !code.contains(f)) {
        return Err(tf(
            "bot-no-function",
            &[("functions", &kind.functions_in_words())],
        ));
    }
    Ok(())
}

/// Read the saved list; anything unreadable is dropped, and said.
pub fn read_library(kind: &BotKind, text: Option<&str>) -> (Vec<SavedBot>, Option<String>) {
    let Some(text) = text else {
        return (Vec::new(), None);
    };
    match tabula_engine::plain::read_or_why::<Vec<SavedBot>>(text) {
        Ok(list) => {
            let total = list.len();
            let kept: Vec<SavedBot> = list
                .into_iter()
                .filter(|b| check_bot(kind, &b.name, &b.code).is_ok())
                .take(MAX_BOTS)
                .collect();
            let note = (kept.len() != total).then(|| {
                let n = total - kept.len();
                let key = if n == 1 {
                    "bots-dropped-one"
                } else {
                    "bots-dropped-many"
                };
                tf(key, &[("n", &n.to_string())])
            });
            (kept, note)
        }
        Err(e) => (
            Vec::new(),
            Some(tf(
                "bots-unreadable",
                &[("error", &crate::error_words::json_at_or_path(&e))],
            )),
        ),
    }
}

/// Save a bot into the list: over the bot at `at` (the one being edited,
/// which a new name renames), else as a new bot. A name another saved
/// bot has is refused, so saving never replaces a bot's code without the
/// person choosing that bot first. Returns where the bot is now.
pub fn save_bot(
    kind: &BotKind,
    list: &mut Vec<SavedBot>,
    at: Option<usize>,
    bot: SavedBot,
) -> Result<usize, String> {
    check_bot(kind, &bot.name, &bot.code)?;
    let at = at.filter(|&i| i < list.len());
    if list
        .iter()
        .enumerate()
        .any(|(i, b)| b.name == bot.name && Some(i) != at)
    {
        return Err(tf("bot-name-taken", &[("name", &bot.name)]));
    }
    if let Some(i) = at {
        list[i] = bot;
        return Ok(i);
    }
    if list.len() >= MAX_BOTS {
        return Err(tf("bots-too-many", &[("max", &MAX_BOTS.to_string())]));
    }
    list.push(bot);
    Ok(list.len() - 1)
}

/// The name a new bot starts with: the default name, or that name with
/// the first number no saved bot has (`My bot 2`).
pub fn fresh_name(list: &[SavedBot]) -> String {
    let taken = |n: &str| list.iter().any(|b| b.name == n);
    let plain = t("bot-default-name");
    if !taken(&plain) {
        return plain;
    }
    (2..)
        .map(|n| tf("bot-default-name-n", &[("n", &n.to_string())]))
        .find(|n| !taken(n))
        .expect("some number is free")
}

/// A bot as an exported file.
pub fn export_bot(kind: &BotKind, bot: &SavedBot) -> String {
    format!("{}{}\n{}", kind.header, bot.name, bot.code)
}

/// The name of a bot's exported file (made from its name).
pub fn file_name(bot: &SavedBot) -> String {
    format!("{}.js", crate::dom::file_stem(&bot.name, "bot"))
}

/// A bot from an imported file: its name from the first line, else from
/// the file's name (without `.js`).
pub fn import_bot(kind: &BotKind, file_name: &str, text: &str) -> Result<SavedBot, String> {
    if text.len() > MAX_CODE_BYTES + 200 {
        return Err(tf(
            "bot-file-too-large",
            &[
                ("name", file_name),
                ("bytes", &text.len().to_string()),
                ("max", &MAX_CODE_BYTES.to_string()),
            ],
        ));
    }
    let (name, code) = match text.split_once('\n') {
        Some((first, rest)) if first.starts_with(kind.header) => (
            first[kind.header.len()..].trim().to_string(),
            rest.to_string(),
        ),
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
    check_bot(kind, &name, &code)
        .map_err(|e| tf("bot-file-bad", &[("name", file_name), ("why", &e)]))?;
    Ok(SavedBot { name, code })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn template() -> String {
        "function direction(view) { return 0; }\nfunction magnitude(view) { return 1; }\n".into()
    }

    const KIND: BotKind = BotKind {
        storage_key: "test.bots",
        header: "// Test bot: ",
        functions: &["direction", "magnitude"],
        template,
    };

    #[test]
    fn export_and_import_round_trip() {
        crate::bots::add_words();
        let bot = SavedBot {
            name: "Corner <b>".into(),
            code: template(),
        };
        let file = export_bot(&KIND, &bot);
        assert!(file.starts_with("// Test bot: Corner <b>\n"));
        assert_eq!(import_bot(&KIND, "x.js", &file).unwrap(), bot);
        let plain = import_bot(&KIND, "walker.js", &template()).unwrap();
        assert_eq!(plain.name, "walker");
        assert_eq!(file_name(&bot), "corner--b.js");
    }

    #[test]
    fn bad_bots_are_refused_with_reasons() {
        crate::bots::add_words();
        assert!(
            check_bot(&KIND, "", &template())
                .unwrap_err()
                .contains("name")
        );
        assert_eq!(
            check_bot(&KIND, "a", "function direction(v) {}").unwrap_err(),
            "the bot does not define direction(view) and magnitude(view)"
        );
        let big = "x".repeat(MAX_CODE_BYTES + 1) + &template();
        assert!(check_bot(&KIND, "a", &big).unwrap_err().contains("bytes"));
        assert!(import_bot(&KIND, "huge.js", &big).is_err());
        crate::i18n::use_lang(Some(crate::i18n::Lang::De));
        let name = check_bot(&KIND, "a\u{7}", &template()).unwrap_err();
        let list = read_library(&KIND, Some("[{\"name\": 1")).1.unwrap();
        let missing = check_bot(&KIND, "a", "").unwrap_err();
        crate::i18n::use_lang(None);
        assert_eq!(
            name,
            "der Name des Bots: der Name enthält ein Steuerzeichen (U+0007)"
        );
        assert_eq!(
            missing,
            "der Bot definiert direction(view) und magnitude(view) nicht"
        );
        assert!(list.contains("Zeile 1, Spalte"), "{list}");
        assert!(
            !list.contains("expected") && !list.contains("line"),
            "{list}"
        );
    }

    #[test]
    fn the_library_keeps_what_reads_and_says_what_it_dropped() {
        crate::bots::add_words();
        let mut list = Vec::new();
        let bot = |code: &str| SavedBot {
            name: "a".into(),
            code: code.into(),
        };
        assert_eq!(save_bot(&KIND, &mut list, None, bot(&template())), Ok(0));
        assert_eq!(
            save_bot(&KIND, &mut list, Some(0), bot("direction magnitude")),
            Ok(0)
        );
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].code, "direction magnitude");
        assert!(save_bot(&KIND, &mut list, Some(0), bot("orders")).is_err());
        let text = r#"[{"name":"ok","code":"direction magnitude"},{"name":"","code":"x"}]"#;
        let (kept, note) = read_library(&KIND, Some(text));
        assert_eq!(kept.len(), 1);
        assert!(note.unwrap().contains("1 saved bot"));
        let (none, note) = read_library(&KIND, Some("{broken"));
        assert!(none.is_empty() && note.is_some());
        assert_eq!(
            KIND.functions_in_words(),
            "direction(view) and magnitude(view)"
        );
    }

    /// Saving never replaces another bot's code: a new bot under a name
    /// already saved is refused (the first keeps its code); the bot being
    /// edited is saved over itself, and a new name renames it (no copy).
    #[test]
    fn save_keeps_every_bot_s_code_and_a_new_name_renames() {
        crate::bots::add_words();
        let named = |name: &str, code: &str| SavedBot {
            name: name.into(),
            code: format!("direction magnitude // {code}"),
        };
        let mut list = Vec::new();
        assert_eq!(fresh_name(&list), "My bot");
        save_bot(&KIND, &mut list, None, named("My bot", "first")).unwrap();
        assert_eq!(fresh_name(&list), "My bot 2");
        let again = save_bot(&KIND, &mut list, None, named("My bot", "second"));
        assert_eq!(
            again,
            Err("another saved bot is called “My bot”: give this one another name, or pick that bot to change it".into())
        );
        assert_eq!(list, vec![named("My bot", "first")]);
        save_bot(&KIND, &mut list, None, named("My bot 2", "second")).unwrap();
        assert_eq!(fresh_name(&list), "My bot 3");
        // Renaming the first while editing it: the same bot, a new name.
        assert_eq!(
            save_bot(&KIND, &mut list, Some(0), named("Corner", "first, better")),
            Ok(0)
        );
        assert_eq!(
            list,
            vec![
                named("Corner", "first, better"),
                named("My bot 2", "second")
            ]
        );
        // Renaming it to the other's name is refused; both stay.
        assert!(save_bot(&KIND, &mut list, Some(0), named("My bot 2", "x")).is_err());
        assert_eq!(list.len(), 2);
        assert_eq!(list[1], named("My bot 2", "second"));
        // A place that is gone (the bot was deleted meanwhile): a new bot.
        assert_eq!(
            save_bot(&KIND, &mut list, Some(7), named("Late", "x")),
            Ok(2)
        );
    }
}
