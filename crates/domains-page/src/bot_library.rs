//! Domains bots written in the page: the one function they define, the
//! template a new bot starts from, and where they are kept (the list,
//! its files and the dialog are the page kit's, `tabula_page_kit::bots`).

use tabula_page_kit::bots::library::{BotKind, comment};

use crate::words::{t, tf};

/// Domains bots: `orders(view)`, kept under `tabula.domains.bots`.
pub const KIND: BotKind = BotKind {
    storage_key: "tabula.domains.bots",
    header: "// Tabula Domains bot: ",
    functions: &["orders"],
    template,
};

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
