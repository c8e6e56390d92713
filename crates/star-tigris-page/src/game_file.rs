//! Opening a game from a file, a paste, a link or the autosave: the text
//! is checked in full (envelope, ruleset, options, map, every action, the
//! final hash) and becomes a replay (a finished game) or a game to resume.
//! Every refusal names what is wrong and where; nothing is changed by one.

use tabula_engine::link::{FragmentError, record_fragment, record_text_from_fragment};
use tabula_engine::{GameRecord, RecordError};
use tabula_page_kit::records;
use tabula_star_tigris::StarTigris;

use crate::replay::Replay;
use crate::session::Session;

/// What a game file opens as.
pub enum Opened {
    /// A finished game, to replay.
    Finished(Box<Replay>),
    /// A game in progress, to resume.
    InProgress(Box<Session>),
}

/// Read and check a record.
pub fn read_record(text: &str) -> Result<GameRecord, RecordError> {
    records::read_record::<StarTigris>(text)
}

/// Open a record's text: a finished game as a replay, else a game to resume.
pub fn open_game(text: &str) -> Result<Opened, RecordError> {
    Ok(match records::open_text::<Session>(text)? {
        records::Opened::Finished(record) => {
            Opened::Finished(Box::new(crate::replay::open(record)?))
        }
        records::Opened::InProgress(session) => Opened::InProgress(Box::new(session)),
    })
}

/// What a text given to "Open a game" (a file, a paste, a drop) is: the
/// app's own outputs are all accepted and sent where they belong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// A link of the site (`…#game=…`, `#map=…`, `#lesson=…`): its fragment,
    /// to open as the page opens links.
    Link(String),
    /// A map file's text, for the map editor.
    Map,
    /// A saved game or record (JSON), to open here.
    Record,
    /// None of these (the page says what it opens, in its words).
    Unknown,
}

/// Tell what a text given to "Open a game" is.
pub fn classify(text: &str) -> Given {
    let t = text.trim();
    for key in ["game=", "map=", "lesson="] {
        let found = t
            .find(&format!("#{key}"))
            .map(|i| &t[i + 1..])
            .or_else(|| t.strip_prefix(key).map(|_| t));
        if let Some(f) = found {
            // A link is one word: anything after white space is not part of it.
            let f = f.split_whitespace().next().unwrap_or("");
            return Given::Link(format!("#{f}"));
        }
    }
    if t.starts_with('{') {
        return Given::Record;
    }
    let map_like = !t.is_empty()
        && t.lines().all(|l| {
            let body = l.split('#').next().unwrap_or("");
            body.chars()
                .all(|c| matches!(c, '.' | 'M' | 'A' | ' ' | '\t'))
        });
    if map_like {
        return Given::Map;
    }
    Given::Unknown
}

/// The fragment of a link to a game: `game=DATA` (the engine's
/// [`record_fragment`], shared by every ruleset's page).
pub fn game_fragment(record: &GameRecord) -> String {
    record_fragment::<StarTigris>(record)
}

/// The record's text from a `#game=DATA` fragment: `None` when the
/// fragment is not a game link, else the record's JSON or why it cannot
/// be read (a damaged move names its step).
pub fn text_from_fragment(fragment: &str) -> Option<Result<String, FragmentError>> {
    record_text_from_fragment::<StarTigris>(fragment)
}

/// Why a game's text was refused, in the page's language (a refused
/// action with its reason, found again from the text).
pub fn refusal_words(e: &RecordError, text: &str) -> String {
    tabula_page_kit::error_words::record_text::<crate::rule_words::Words>(e, text)
}

/// Why the game of a `#game=…` link cannot be read, in the page's language.
pub fn link_refusal_words(e: &FragmentError) -> String {
    tabula_page_kit::error_words::fragment::<crate::rule_words::Words>(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_apps_own_outputs_are_recognised() {
        assert_eq!(
            classify("http://127.0.0.1:8080/#game=abc_-D"),
            Given::Link("#game=abc_-D".into())
        );
        assert_eq!(classify("  game=xyz\n"), Given::Link("#game=xyz".into()));
        assert_eq!(
            classify("https://x.example/tabula/#map=A..M/..../..A./M..A&name=Two"),
            Given::Link("#map=A..M/..../..A./M..A&name=Two".into())
        );
        assert_eq!(
            classify("see #lesson=QQ please"),
            Given::Link("#lesson=QQ".into())
        );
        assert_eq!(classify(tabula_star_tigris::DEFAULT_MAP), Given::Map);
        assert_eq!(classify("# a map\n. . M\nA . .\n"), Given::Map);
        assert_eq!(classify("  {\"format\":1}"), Given::Record);
        assert_eq!(classify("hello there"), Given::Unknown);
    }
    use tabula_engine::Game;
    use tabula_engine::limits::{MAX_RECORD_BYTES, MAX_SEED};
    use tabula_engine::link::pack;
    use tabula_engine::moves::to_moves;
    use tabula_engine::record::Match;
    use tabula_engine::{GameRng, SeatInfo, ToMove};
    use tabula_star_tigris::{DEFAULT_MAP, Options};

    /// A random game's record, played to the end or cut after `max` actions.
    fn record(seed: u64, max: usize) -> GameRecord {
        let seats = ["Ann", "Bo"]
            .iter()
            .map(|n| SeatInfo {
                name: (*n).into(),
                player: "human".into(),
            })
            .collect();
        let mut m =
            Match::<StarTigris>::new(&Options::default(), Some(DEFAULT_MAP), seats, seed).unwrap();
        let mut rng = GameRng::seeded(seed);
        for _ in 0..max {
            let ToMove::Seat(s) = m.game().to_move() else {
                break;
            };
            let legal = m.game().legal_actions(s);
            m.play(s, &legal[rng.below(legal.len() as u64) as usize])
                .unwrap();
        }
        m.record().clone()
    }

    fn json(r: &GameRecord) -> String {
        serde_json::to_string_pretty(r).unwrap()
    }

    fn refused(text: &str) -> String {
        match open_game(text) {
            Ok(_) => panic!("accepted: {}", &text[..text.len().min(200)]),
            Err(e) => e.to_string(),
        }
    }

    fn edited(f: impl FnOnce(&mut serde_json::Value)) -> String {
        let mut v = serde_json::to_value(record(1, 30)).unwrap();
        f(&mut v);
        serde_json::to_string_pretty(&v).unwrap()
    }

    #[test]
    fn finished_games_replay_and_games_in_progress_resume() {
        let done = record(2, 100_000);
        let Ok(Opened::Finished(r)) = open_game(&json(&done)) else {
            panic!("a finished game opens as a replay");
        };
        assert_eq!(r.len(), done.actions.len());
        let on = record(2, 40);
        let Ok(Opened::InProgress(s)) = open_game(&json(&on)) else {
            panic!("a game in progress resumes");
        };
        assert_eq!(s.actions_played(), 40);
        assert_eq!(s.game().state_hash(), on.final_hash);
    }

    #[test]
    fn links_carry_a_finished_game_as_moves() {
        let rec = record(3, 100_000);
        let f = game_fragment(&rec);
        let full = tabula_engine::link::pack(&serde_json::to_string(&rec).unwrap());
        assert!(
            f.len() * 2 < full.len(),
            "moves {} vs record {}",
            f.len(),
            full.len()
        );
        let text = text_from_fragment(&format!("#{f}")).unwrap().unwrap();
        assert_eq!(read_record(&text).unwrap(), rec);
        // A link that carries the whole record opens too.
        let old = text_from_fragment(&format!("game={full}"))
            .unwrap()
            .unwrap();
        assert_eq!(read_record(&old).unwrap(), rec);
        assert!(text_from_fragment("#map=....").is_none());
        // A move that does not exist is named by its step.
        let mut list = to_moves::<StarTigris>(&rec).unwrap();
        list.moves[9] = 99_999;
        let bad = format!("game={}", pack(&serde_json::to_string(&list).unwrap()));
        let e = text_from_fragment(&bad).unwrap().unwrap_err().to_string();
        assert!(
            e.starts_with("action 9 ") && e.contains("does not exist"),
            "{e}"
        );
        let mut list = to_moves::<StarTigris>(&rec).unwrap();
        list.moves.push(0);
        let bad = format!("game={}", pack(&serde_json::to_string(&list).unwrap()));
        let e = text_from_fragment(&bad).unwrap().unwrap_err().to_string();
        assert!(e.contains("after the end"), "{e}");
        let cut = &f[..f.len() / 2];
        assert!(
            text_from_fragment(cut)
                .unwrap()
                .unwrap_err()
                .to_string()
                .contains("damaged")
        );
        assert!(
            text_from_fragment("game=%%%")
                .unwrap()
                .unwrap_err()
                .to_string()
                .contains("damaged")
        );
    }

    // Every malformed input is refused with what and where.
    #[test]
    fn empty_input() {
        assert!(refused("").contains("line 1"), "{}", refused(""));
    }

    #[test]
    fn not_json() {
        assert!(refused("hello").contains("line 1, column 1"));
    }

    #[test]
    fn truncated_json_names_the_line() {
        let text = json(&record(1, 30));
        let cut = &text[..text.len() / 2];
        let e = refused(cut);
        assert!(e.starts_with("line "), "{e}");
    }

    #[test]
    fn not_an_object() {
        assert!(refused("[1, 2, 3]").contains("not a Tabula game record"));
    }

    #[test]
    fn another_format() {
        let e = refused(&edited(|v| v["format"] = "chess-pgn".into()));
        assert!(e.contains("not a Tabula game record"), "{e}");
    }

    #[test]
    fn unknown_version() {
        let e = refused(&edited(|v| v["version"] = 9.into()));
        assert!(e.contains("version 9"), "{e}");
    }

    #[test]
    fn unknown_ruleset() {
        let e = refused(&edited(|v| v["ruleset"] = "chess".into()));
        assert!(e.contains("\"chess\""), "{e}");
    }

    #[test]
    fn unknown_option() {
        let e = refused(&edited(|v| v["options"]["turbo"] = true.into()));
        assert!(e.contains("options") && e.contains("turbo"), "{e}");
    }

    #[test]
    fn unknown_field() {
        let e = refused(&edited(|v| v["cheats"] = true.into()));
        assert!(e.contains("cheats"), "{e}");
    }

    #[test]
    fn a_map_that_fails_validation() {
        let e = refused(&edited(|v| v["map"] = "A...\n....\n....\n...M\n".into()));
        assert!(e.starts_with("map:") && e.contains("artifacts"), "{e}");
    }

    #[test]
    fn an_illegal_action_names_its_step() {
        let e = refused(&edited(|v| {
            let s = v["actions"][7]["seat"].as_u64().unwrap();
            v["actions"][7]["seat"] = (1 - s).into();
        }));
        assert!(e.starts_with("action 7 "), "{e}");
    }

    #[test]
    fn an_unreadable_action_names_its_step() {
        let e = refused(&edited(|v| {
            v["actions"][3]["action"] = serde_json::json!({"teleport": {}})
        }));
        assert!(e.starts_with("action 3 ") && e.contains("teleport"), "{e}");
    }

    #[test]
    fn a_final_hash_that_does_not_match() {
        let e = refused(&edited(|v| v["final_hash"] = "0123456789abcdef".into()));
        assert!(e.contains("0123456789abcdef"), "{e}");
    }

    #[test]
    fn an_oversized_input() {
        let e = refused(&" ".repeat(MAX_RECORD_BYTES + 1));
        assert!(e.contains("bytes"), "{e}");
    }

    #[test]
    fn a_seed_out_of_range() {
        let e = refused(&edited(|v| v["seed"] = (MAX_SEED + 1).into()));
        assert!(e.contains("seed"), "{e}");
    }

    #[test]
    fn a_hostile_name() {
        let e = refused(&edited(|v| v["seats"][1]["name"] = "Bo\u{1b}[2J".into()));
        assert!(e.contains("seats[1]"), "{e}");
    }

    #[test]
    fn too_many_seats() {
        let e = refused(&edited(|v| {
            let seat = v["seats"][0].clone();
            let seats = v["seats"].as_array_mut().unwrap();
            for _ in 0..3 {
                seats.push(seat.clone());
            }
        }));
        assert!(e.contains("seats"), "{e}");
    }

    #[test]
    fn an_action_after_the_end() {
        let mut done = record(4, 100_000);
        let last = done.actions.last().unwrap().clone();
        done.actions.push(last);
        let e = refused(&json(&done));
        let n = done.actions.len() - 1;
        assert!(e.starts_with(&format!("action {n} ")), "{e}");
    }

    /// A refusal in German, checked for English words left in it.
    fn refused_in_german(text: &str) -> String {
        crate::add_words();

        let e = match open_game(text) {
            Ok(_) => panic!("accepted"),
            Err(e) => e,
        };
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::De));
        let words = refusal_words(&e, text);
        tabula_page_kit::i18n::use_lang(None);
        no_english(&words);
        words
    }

    fn no_english(words: &str) {
        for w in [
            " the ", " is ", " not ", " cannot ", "action", "seat", " has ", " move", " of ",
            " option", " map", "line", "column", "artifact", "unknown", "field",
        ] {
            assert!(!words.contains(w), "English {w:?} in {words:?}");
        }
    }

    #[test]
    fn a_tampered_record_is_refused_in_german_naming_the_step_and_seat() {
        let text = edited(|v| {
            let s = v["actions"][7]["seat"].as_u64().unwrap();
            v["actions"][7]["seat"] = (1 - s).into();
        });
        let de = refused_in_german(&text);
        assert!(de.starts_with("Aktion 7 (Platz "), "{de}");
        assert!(de.contains("ist am Zug"), "{de}");
        // An action the rules refuse: a colonist on a cell taken by another.
        let record = record(1, 30);
        let mut v = serde_json::to_value(&record).unwrap();
        let first = record.actions[0].action.clone();
        v["actions"][1]["action"] = first;
        let de = refused_in_german(&serde_json::to_string(&v).unwrap());
        assert!(
            de.starts_with("Aktion 1 (Platz 0) lässt sich nicht spielen: "),
            "{de}"
        );
        // An action that is no action of the game.
        let de = refused_in_german(&edited(|v| {
            v["actions"][3]["action"] = serde_json::json!({"teleport": {}})
        }));
        assert!(de.starts_with("Aktion 3 (Platz "), "{de}");
        assert!(
            de.contains("teleport") && de.contains("keine Aktion dieses Spiels"),
            "{de}"
        );
        // In English, the engine's own reason.
        let e = open_game(&text).err().unwrap();
        let en = refusal_words(&e, &text);
        assert!(
            en.starts_with("action 7 (seat ") && en.contains("move, not this seat's"),
            "{en}"
        );
    }

    #[test]
    fn bad_options_fields_and_maps_are_refused_in_german() {
        let de = refused_in_german(&edited(|v| v["options"]["turbo"] = true.into()));
        assert!(de.contains("„turbo“"), "{de}");
        let de = refused_in_german(&edited(|v| v["options"]["open_scores"] = 3.into()));
        assert!(de.contains("„open_scores“"), "{de}");
        let de = refused_in_german(&edited(|v| v["map"] = "A...\n....\n....\n...M\n".into()));
        assert!(de.starts_with("Ihre Karte hat Probleme: "), "{de}");
        let de = refused_in_german(&edited(|v| v["map"] = "....\n.x..\n".into()));
        assert!(de.contains("Zeile 2, Spalte 2"), "{de}");
        let de = refused_in_german(&edited(|v| v["seats"][1]["name"] = "Bo\u{1b}[2J".into()));
        assert!(de.contains("Platz 1") && de.contains("U+001B"), "{de}");
        let de = refused_in_german(&edited(|v| v["seed"] = (MAX_SEED + 1).into()));
        assert!(de.contains("Startwert"), "{de}");
        let de = refused_in_german("{\"format\": 1,");
        assert!(de.contains("Zeile 1, Spalte"), "{de}");
    }

    #[test]
    fn a_damaged_link_is_refused_in_german_naming_the_step() {
        crate::add_words();
        let rec = record(3, 100_000);
        let mut list = to_moves::<StarTigris>(&rec).unwrap();
        list.moves[9] = 99_999;
        let bad = format!("game={}", pack(&serde_json::to_string(&list).unwrap()));
        let e = text_from_fragment(&bad).unwrap().unwrap_err();
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::De));
        let de = link_refusal_words(&e);
        let cut = link_refusal_words(
            &text_from_fragment(&game_fragment(&rec)[..40])
                .unwrap()
                .unwrap_err(),
        );
        let odd = link_refusal_words(&text_from_fragment("game=%%%").unwrap().unwrap_err());
        tabula_page_kit::i18n::use_lang(None);
        for words in [&de, &cut, &odd] {
            no_english(words);
        }
        assert!(
            de.starts_with("Aktion 9 (Platz ") && de.contains("Zug 99999 gibt es nicht"),
            "{de}"
        );
        assert!(cut.starts_with("Dieser Link ist beschädigt"), "{cut}");
        assert!(odd.contains("Zeichen 1 (U+0025)"), "{odd}");
        let en = link_refusal_words(&e);
        assert!(
            en.starts_with("action 9 (seat 0) cannot be played: move 99999 does not exist:"),
            "{en}"
        );
    }
}
