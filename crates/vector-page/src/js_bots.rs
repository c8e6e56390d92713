//! Vector bots written in the page, in JavaScript: the two functions
//! they define (`direction(view)` and `magnitude(view)`), the view each
//! call gets (what the seat may see, in the board file's words), how an
//! answer becomes an action (or why it is none), and the template a new
//! bot starts from. The list, its files, the dialog and the workers are
//! the page kit's (`tabula_page_kit::bots`), shared with Domains.

use serde_json::{Value, json};
use tabula_page_kit::bots::library::{BotKind, comment};
use tabula_page_kit::i18n::{t, tf};
use tabula_vector::{Action, Dir, Phase, Pos, View};

/// Vector bots: kept under `tabula.vector.bots`.
pub const KIND: BotKind = BotKind {
    storage_key: "tabula.vector.bots",
    header: "// Tabula Vector bot: ",
    functions: &["direction", "magnitude"],
    template,
};

/// A bot's time for one decision when the game does not say (ms).
pub const DEFAULT_LIMIT_MS: f64 = 500.0;

/// How long a bot's answer is awaited past its limit before its worker
/// is stopped (the answer's own time decides lateness), and that with
/// the time its worker takes to start, for its first answer (ms).
pub fn deadline_ms(limit_ms: f64, first: bool) -> f64 {
    limit_ms + 1000.0 + if first { 2000.0 } else { 0.0 }
}

/// The saved bot a seat or entrant choice names (`saved:K`), if any.
pub fn chosen<'a>(
    choice: &str,
    saved: &'a [tabula_page_kit::bots::library::SavedBot],
) -> Option<&'a tabula_page_kit::bots::library::SavedBot> {
    choice
        .strip_prefix("saved:")
        .and_then(|k| k.parse::<usize>().ok())
        .and_then(|k| saved.get(k))
}

/// The code of a new bot, under the comment [`template`] writes: head
/// for one's own goal, at full speed when one's own direction does.
pub const TEMPLATE_CODE: &str = r#"const HOME = ["N", "E", "S", "W"]; // each seat's own goal

function direction(view) {
  const want = HOME[view.me];
  return view.legal.includes(want) ? want : view.legal[0];
}

function magnitude(view) {
  const mine = view.directions[view.me];
  return mine === HOME[view.me] ? Math.max(...view.legal) : Math.min(...view.legal);
}
"#;

/// The code a new bot starts from, in the page's words: a comment that
/// explains the API (its names stay as they are: they are code), then
/// [`TEMPLATE_CODE`].
pub fn template() -> String {
    let api = |code: &str, words: &str| format!("// {code:<24} {words}\n");
    let mut out = comment(&tf(
        "v-bot-intro",
        &[("ms", &format!("{DEFAULT_LIMIT_MS:.0}"))],
    ));
    out.push_str("//\n");
    out.push_str(&api("view.call", "\"direction\" | \"magnitude\""));
    out.push_str(&api("view.legal", &t("v-bot-api-legal")));
    out.push_str(&api("view.me, view.partner", &t("v-bot-api-me")));
    out.push_str(&api("view.round, view.rounds", &t("v-bot-api-round")));
    out.push_str(&api("view.piece", &t("v-bot-api-piece")));
    out.push_str(&api("view.board[row][col]", &t("v-bot-api-board")));
    out.push_str(&api("view.order", &t("v-bot-api-order")));
    out.push_str(&api("view.directions[seat]", &t("v-bot-api-directions")));
    out.push_str(&api("view.chosen[seat]", &t("v-bot-api-chosen")));
    out.push_str(&api("view.scores, view.teams", &t("v-bot-api-scores")));
    out.push_str(&api("view.lost[seat]", &t("v-bot-api-lost")));
    out.push_str(&api("view.last", &t("v-bot-api-last")));
    out.push_str("//\n");
    out.push_str(&comment(&t("v-bot-rules")));
    out.push('\n');
    out.push_str(TEMPLATE_CODE);
    out
}

/// Which function a decision calls.
pub fn call_of(legal: &[Action]) -> &'static str {
    match legal.first() {
        Some(Action::Magnitude(_)) => "magnitude",
        _ => "direction",
    }
}

fn legal_json(legal: &[Action]) -> Vec<Value> {
    legal
        .iter()
        .map(|a| match a {
            Action::Direction(d) => json!(d.short()),
            Action::Magnitude(m) => json!(m),
        })
        .collect()
}

/// What a bot is given for a decision: its seat's view (others'
/// magnitudes of this round are not in it) and the legal answers.
pub fn bot_view(view: &View, legal: &[Action]) -> Value {
    let s = &view.state;
    let board: Vec<Vec<String>> = (0..21)
        .map(|row| {
            (0..21)
                .map(|col| s.board.at(Pos { row, col }).words())
                .collect()
        })
        .collect();
    let dirs: Vec<Value> = s
        .dirs
        .iter()
        .map(|d| d.map_or(Value::Null, |d| json!(d.short())))
        .collect();
    let last: Vec<Value> = s
        .played
        .iter()
        .map(|(seat, d, m)| json!({"seat": seat, "direction": d.short(), "magnitude": m}))
        .collect();
    json!({
        "call": call_of(legal),
        "legal": legal_json(legal),
        "me": view.seat,
        "partner": (view.seat + 2) % 4,
        "round": s.round,
        "rounds": s.options.rounds,
        "piece": {"row": s.pos.row, "col": s.pos.col},
        "board": board,
        "order": s.order,
        "first": s.first,
        "magnitudes": s.phase == Phase::Magnitudes,
        "directions": dirs,
        "chosen": view.chosen,
        "scores": s.scores,
        "teams": [s.team_score(0), s.team_score(1)],
        "lost": s.lost,
        "last": last,
    })
}

/// The action a bot's answer (JSON text) names, or why it names none
/// (in words, with what it returned).
pub fn read_answer(text: &str, legal: &[Action]) -> Result<Action, String> {
    let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let shown: String = text.chars().take(40).collect();
    let action = match (call_of(legal), &value) {
        ("direction", Value::String(w)) => Dir::from_short(w.trim()).map(Action::Direction),
        ("magnitude", Value::Number(n)) => n
            .as_u64()
            .and_then(|m| u8::try_from(m).ok())
            .map(Action::Magnitude),
        _ => None,
    };
    match action {
        Some(a) if legal.contains(&a) => Ok(a),
        _ => Err(tf(
            "v-bot-bad-answer",
            &[
                ("answer", &shown),
                ("call", call_of(legal)),
                (
                    "legal",
                    &legal_json(legal)
                        .iter()
                        .map(Value::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            ],
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_engine::Game;
    use tabula_engine::record::Match;
    use tabula_vector::{Options, Vector};

    fn game() -> Match<Vector> {
        let seats = (0..4)
            .map(|i| tabula_engine::record::SeatInfo {
                name: format!("s{i}"),
                player: "bot:script".into(),
            })
            .collect();
        Match::<Vector>::new(&Options::default(), None, seats, 7).unwrap()
    }

    #[test]
    fn the_view_holds_the_seat_s_knowledge_and_the_legal_answers() {
        let mut m = game();
        let tabula_engine::ToMove::Seat(first) = m.game().to_move() else {
            panic!("a direction first")
        };
        let legal = m.game().legal_actions(first);
        let v = bot_view(&m.game().player_view(first), &legal);
        assert_eq!(v["call"], "direction");
        assert_eq!(v["me"], first);
        assert_eq!(v["piece"], json!({"row": 10, "col": 10}));
        assert_eq!(v["board"].as_array().unwrap().len(), 21);
        assert_eq!(v["board"][0].as_array().unwrap().len(), 21);
        assert!(v["legal"].as_array().unwrap().contains(&json!("N")));
        // Directions for all, then magnitudes: another seat's magnitude
        // is not in a seat's view, only that it chose.
        while let tabula_engine::ToMove::Seat(s) = m.game().to_move() {
            m.play(s, &Action::Direction(Dir::E)).unwrap();
        }
        let tabula_engine::ToMove::Simultaneous(set) = m.game().to_move() else {
            panic!("magnitudes")
        };
        let seats: Vec<_> = set.iter().collect();
        m.play(seats[0], &Action::Magnitude(3)).unwrap();
        let legal = m.game().legal_actions(seats[1]);
        let v = bot_view(&m.game().player_view(seats[1]), &legal);
        assert_eq!(v["call"], "magnitude");
        assert_eq!(v["directions"][seats[0] as usize], "E");
        assert_eq!(v["chosen"][seats[0] as usize], true);
        assert!(!v.to_string().contains("\"mags\""));
        assert_eq!(v["legal"], json!([0, 1, 2, 3]));
    }

    #[test]
    fn answers_become_actions_or_say_what_was_wrong() {
        crate::add_words();
        let dirs: Vec<Action> = Dir::ALL.iter().map(|d| Action::Direction(*d)).collect();
        let mags: Vec<Action> = (0..4).map(Action::Magnitude).collect();
        assert_eq!(read_answer("\"NE\"", &dirs), Ok(Action::Direction(Dir::NE)));
        assert_eq!(read_answer("2", &mags), Ok(Action::Magnitude(2)));
        let e = read_answer("\"up\"", &dirs).unwrap_err();
        assert!(
            e.contains("\"up\"") && e.contains("direction") && e.contains("\"N\""),
            "{e}"
        );
        assert!(read_answer("7", &mags).unwrap_err().contains("0, 1, 2, 3"));
        assert!(read_answer("null", &mags).is_err());
        assert!(read_answer("1.5", &mags).is_err());
        assert!(read_answer("\"2\"", &mags).is_err());
    }

    #[test]
    fn the_template_explains_the_api_in_both_languages_around_the_same_code() {
        crate::add_words();
        let english = template();
        assert!(english.starts_with("// A Vector bot."), "{english}");
        assert!(english.contains("// view.legal "));
        assert!(english.ends_with(TEMPLATE_CODE));
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::De));
        let german = template();
        tabula_page_kit::i18n::use_lang(None);
        assert!(german.starts_with("// Ein Vector-Bot."), "{german}");
        assert!(german.ends_with(TEMPLATE_CODE));
        for text in [&english, &german] {
            assert!(text.lines().all(|l| l.chars().count() <= 96), "{text}");
        }
    }
}
