//! Writing a lesson in Star Tigris's page: the page kit's lesson writer
//! (`tabula_page_kit::lesson_write`, the one writer of every game: the
//! texts in English and German, the steps recorded by playing them, the
//! check, the file and the link) with Star Tigris's own way to set up
//! the position — a free mode that puts any piece on any cell (no rules:
//! the setup format's tokens) and a header of setup lines (players,
//! hands, scores) — and its piece picker on its own board. The setup
//! text goes through the one setup parser, its problems told in the
//! page's language.

use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Serialize};

use tabula_page_kit::i18n::t;
use tabula_page_kit::lesson_write::{Kept, Writing};
use tabula_star_tigris::map::Terrain;
use tabula_star_tigris::{Action, Pos, StarTigris, parse_setup};

use crate::editor::Draft;
use crate::kind_words::capitalised;
use crate::lesson_words::setup_problems_words;
use crate::session::Selection;

pub use tabula_page_kit::lesson_write::{DEFAULT_HINT, DEFAULT_WRONG, TEXT_LANGS, TextField};

/// The pieces the position mode puts down: setup-format tokens, each with
/// the catalogue key of its label.
pub const TOKENS: [(&str, &str); 12] = [
    (".", "lesson-token-open"),
    ("M", "lesson-token-uninhabitable"),
    ("X", "lesson-token-destroyed"),
    ("A", "lesson-token-artifact"),
    ("p", "colony-settler"),
    ("t", "colony-scientist"),
    ("m", "colony-merchant"),
    ("r", "colony-mining"),
    ("P", "leader-settler"),
    ("T", "leader-scientist"),
    ("M#", "leader-merchant"),
    ("R", "leader-mining"),
];

/// A token's label on its button, in the page's language.
pub fn token_label(key: &str) -> String {
    capitalised(&t(key))
}

/// The header a new position starts with.
pub const DEFAULT_HEADER: &str = "players 2\nactive 1\nhand 1 settler 2 scientist 2 merchant 1 mining 1\nhand 2 settler 2 scientist 2 merchant 1 mining 1\n";

/// A lesson being written: the kit's [`Writing`] (reached through
/// `Deref`) and Star Tigris's free position mode.
#[derive(Clone, Debug)]
pub struct Author {
    /// The lesson: texts, translations, the recording.
    pub writing: Writing<StarTigris>,
    /// Setup lines before the board (players, active, hands, scores…).
    pub header: String,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Each cell's setup token.
    pub cells: Vec<String>,
    /// The token the pointer puts down (`"P"` and the others take the player).
    pub token: String,
    /// The player a leader token belongs to, and whose orders are
    /// recorded when several give them at once (1–4).
    pub player: u8,
    /// The piece picked up while recording.
    pub selection: Option<Selection>,
}

impl Deref for Author {
    type Target = Writing<StarTigris>;
    fn deref(&self) -> &Writing<StarTigris> {
        &self.writing
    }
}

impl DerefMut for Author {
    fn deref_mut(&mut self) -> &mut Writing<StarTigris> {
        &mut self.writing
    }
}

impl Author {
    /// A new lesson on the cells of a map (its artifacts and uninhabitable
    /// space kept).
    pub fn new(map: &Draft) -> Author {
        let cells = map
            .cells
            .iter()
            .map(|t| match t {
                Terrain::Open => ".",
                Terrain::Uninhabitable => "M",
                Terrain::Artifact => "A",
            })
            .map(String::from)
            .collect();
        Author {
            writing: Writing::new(""),
            header: DEFAULT_HEADER.into(),
            width: map.width,
            height: map.height,
            cells,
            token: "t".into(),
            player: 1,
            selection: None,
        }
    }

    /// Choose the player (a leader's owner; whose orders are recorded
    /// when several give them at once).
    pub fn choose_player(&mut self, p: u8) {
        self.player = p.clamp(1, 4);
        self.writing.chosen = self.player - 1;
    }

    /// The token a click puts down: leaders take the chosen player.
    pub fn placed_token(&self) -> String {
        match self.token.as_str() {
            "P" | "T" | "R" => format!("{}{}", self.token, self.player),
            "M#" => format!("M{}", self.player),
            t => t.to_string(),
        }
    }

    /// Put the chosen token on a cell (the same token again clears it).
    pub fn put(&mut self, p: Pos) {
        let (r, c) = (p.row as usize, p.col as usize);
        if r >= self.height || c >= self.width || self.recording.is_some() {
            return;
        }
        let t = self.placed_token();
        let cell = &mut self.cells[r * self.width + c];
        *cell = if *cell == t { ".".into() } else { t };
    }

    /// The position as setup text.
    pub fn setup_text(&self) -> String {
        let mut s = self.header.trim_end().to_string();
        s.push_str("\nboard\n");
        for row in self.cells.chunks(self.width) {
            s.push_str(&row.join(" "));
            s.push('\n');
        }
        s
    }

    /// The position's problems, from the setup parser (line:column first),
    /// in the page's language.
    pub fn check(&self) -> Result<StarTigris, String> {
        parse_setup(&self.setup_text()).map_err(|p| setup_problems_words(&p))
    }

    /// Start recording steps from the position.
    pub fn start(&mut self) -> Result<(), String> {
        let g = self.check()?;
        let text = self.setup_text();
        self.writing.start_at(text, g);
        Ok(())
    }

    /// The seat that must act now (the chosen player's when several give
    /// orders at once).
    pub fn seat(&self) -> Option<u8> {
        self.writing.seat()
    }

    /// Record an action of the seat to act (through the checked path).
    pub fn play(&mut self, action: Action) -> Result<(), String> {
        tabula_page_kit::lesson_writer::record(&crate::lessons::Board, &mut self.writing, &action)
    }

    /// Mark or unmark a cell for the last step.
    pub fn toggle_mark(&mut self, p: Pos) {
        self.writing.toggle_mark(&p.to_string());
    }

    /// The cells marked for the last step.
    pub fn marked(&self) -> Vec<Pos> {
        self.recording
            .as_ref()
            .and_then(|r| r.steps.last())
            .map(|s| s.highlight.iter().filter_map(|p| p.parse().ok()).collect())
            .unwrap_or_default()
    }

    /// The lesson as kept in the browser.
    pub fn to_draft(&self) -> KeptLesson {
        KeptLesson {
            header: self.header.clone(),
            width: self.width,
            height: self.height,
            cells: self.cells.clone(),
            lesson: self.writing.to_kept(),
        }
    }

    /// Read a kept lesson back, replaying its steps; a draft that no longer
    /// plays says which step failed.
    pub fn from_draft(d: KeptLesson) -> Result<Author, String> {
        if d.width * d.height != d.cells.len() || d.width == 0 {
            return Err(t("lesson-author-kept-board"));
        }
        let writing = Writing::from_kept(d.lesson, |setup| {
            parse_setup(setup).map_err(|p| setup_problems_words(&p))
        })?;
        let player = writing.chosen.saturating_add(1).clamp(1, 4);
        Ok(Author {
            writing,
            header: d.header,
            width: d.width,
            height: d.height,
            cells: d.cells,
            token: "t".into(),
            player,
            selection: None,
        })
    }
}

/// A lesson being written, as kept in the browser between visits: the
/// free position and the kit's kept lesson (its steps are played again
/// when it is read back).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptLesson {
    header: String,
    width: usize,
    height: usize,
    cells: Vec<String>,
    /// The lesson: texts, translations, the position recorded from and
    /// the steps.
    lesson: Kept,
}

impl KeptLesson {
    /// A lesson kept by Star Tigris's earlier writer (its own lesson
    /// types: each step's `player` a number), read into this shape, so a
    /// lesson being written then goes on now; `None` when `json` is not
    /// one.
    pub fn from_earlier(json: &str) -> Option<KeptLesson> {
        use serde_json::{Value, json};
        let mut v: Value = serde_json::from_str(json).ok()?;
        let o = v.as_object_mut()?;
        let mut take = |k: &str| o.remove(k);
        let (title, summary) = (take("title")?, take("summary")?);
        let (header, width, height, cells) = (
            take("header")?,
            take("width")?,
            take("height")?,
            take("cells")?,
        );
        let translations = take("translations").unwrap_or_else(|| json!({}));
        let mut recording = take("recording").unwrap_or(Value::Null);
        let mut position = Value::from("");
        if let Some([setup, steps]) = recording.as_array_mut().map(Vec::as_mut_slice) {
            position = setup.clone();
            for step in steps.as_array_mut()? {
                for key in ["play", "learner"] {
                    if let Some(a) = step.get_mut(key).and_then(Value::as_object_mut)
                        && let Some(p) = a.remove("player")
                    {
                        a.insert("seat".into(), p.to_string().into());
                    }
                }
            }
        }
        serde_json::from_value(json!({
            "header": header, "width": width, "height": height, "cells": cells,
            "lesson": { "title": title, "summary": summary, "position": position,
                        "recording": recording, "translations": translations },
        }))
        .ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::MapDraft;
    use tabula_engine::Game;
    use tabula_page_kit::lesson_run::LessonRun;
    use tabula_page_kit::lesson_write::lesson_json;

    /// The lesson in the page kit's player, as the page tries it.
    fn taught(lesson: &tabula_engine::lesson::Lesson) -> LessonRun<StarTigris> {
        LessonRun::open(&lesson_json(lesson)).unwrap()
    }

    fn author() -> Author {
        crate::add_words();
        Author::new(&Draft::parse("A..M\n....\n..A.\nM..A\n").unwrap())
    }

    #[test]
    fn a_free_position_becomes_setup_text_for_the_parser() {
        let mut a = author();
        a.token = "t".into();
        a.put(Pos::new(1, 1));
        a.token = "P".into();
        a.choose_player(2);
        a.put(Pos::new(1, 2));
        assert_eq!(a.cells[5], "t");
        assert_eq!(a.cells[6], "P2");
        assert!(
            a.setup_text()
                .ends_with("board\nA . . M\n. t P2 .\n. . A .\nM . . A\n")
        );
        let g = a.check().unwrap();
        assert_eq!(g.players(), 2);
        a.put(Pos::new(1, 2));
        assert_eq!(a.cells[6], ".", "the same token again clears");
        a.token = "M#".into();
        a.put(Pos::new(1, 3));
        let e = a.check().err().unwrap_or_default();
        assert!(!e.is_empty());
    }

    #[test]
    fn recorded_steps_make_a_lesson_the_player_can_teach() {
        let mut a = author();
        assert!(a.lesson().is_err());
        a.summary = "A first colony.".into();
        a.start().unwrap();
        let seat = a.seat().unwrap();
        let action = a
            .game()
            .unwrap()
            .legal_actions(seat)
            .into_iter()
            .find(|x| matches!(x, Action::Colonize { .. }))
            .unwrap();
        a.play(action).unwrap();
        a.last_step().unwrap().say = "A colony.".into();
        a.set_learner(true);
        a.toggle_mark(Pos::new(0, 0));
        assert_eq!(a.marked(), [Pos::new(0, 0)]);
        a.add_talk();
        a.last_step().unwrap().say = "That is all.".into();
        let lesson = a.lesson().unwrap();
        assert_eq!(lesson.ruleset, "star-tigris");
        assert_eq!(lesson.steps.len(), 2);
        let l = lesson.steps[0].learner.as_ref().unwrap();
        assert_eq!(
            (l.seat.as_str(), l.action.clone()),
            ("1", action.to_string())
        );
        assert_eq!(lesson.steps[0].highlight, ["A1"]);
        let mut p = taught(&lesson);
        assert!(p.task().is_some());
        assert!(p.attempt(&action));
        // Kept in the browser and read back: the same lesson.
        let json = serde_json::to_string(&a.to_draft()).unwrap();
        let back = Author::from_draft(serde_json::from_str(&json).unwrap()).unwrap();
        assert_eq!(back.lesson().unwrap(), lesson);
        assert_eq!(
            back.game().unwrap().state_hash(),
            a.game().unwrap().state_hash()
        );
        a.undo();
        a.undo();
        assert!(a.lesson().is_err());
        assert!(a.play(Action::Commit { count: 9 }).is_err());
    }

    /// A position in the simultaneous variant (`turns simultaneous` in the
    /// header): the writer records each player's secret orders in turn,
    /// choosing whose, and the lesson player teaches the recorded steps.
    #[test]
    fn orders_given_at_once_are_recorded_for_the_player_chosen() {
        let mut a = author();
        a.header = "players 2\nturns simultaneous\nseed 9\nhand 1 settler 2 scientist 2 merchant 2\nhand 2 settler 2 scientist 2 merchant 2\n".into();
        a.summary = "Two players order at once.".into();
        a.start().unwrap();
        assert_eq!(a.deciding(), [0, 1]);
        assert_eq!(a.seat(), Some(0));
        a.choose_player(2);
        assert_eq!(a.seat(), Some(1));
        let colonize = |a: &Author| {
            a.game()
                .unwrap()
                .legal_actions(a.seat().unwrap())
                .into_iter()
                .find(|x| matches!(x, Action::Colonize { .. }))
                .unwrap()
        };
        let first = colonize(&a);
        a.play(first).unwrap();
        a.last_step().unwrap().say = "Player 2 orders a colony.".into();
        a.play(Action::Pass).unwrap();
        a.last_step().unwrap().say = "Player 2 seals.".into();
        assert_eq!(a.deciding(), Vec::<u8>::new());
        assert_eq!(a.seat(), Some(0));
        a.play(Action::Pass).unwrap();
        a.last_step().unwrap().say = "Both have sealed; the orders are carried out.".into();
        let lesson = a.lesson().unwrap();
        let seats: Vec<&str> = lesson
            .steps
            .iter()
            .filter_map(|s| s.play.as_ref().map(|p| p.seat.as_str()))
            .collect();
        assert_eq!(seats, ["2", "2", "1"]);
        assert!(lesson.position.contains("turns simultaneous"));
        taught(&lesson);
        let at = match first {
            Action::Colonize { at, .. } => at,
            _ => unreachable!(),
        };
        let g = a.game().unwrap();
        assert!(g.cell(g.index(at).unwrap()).is_occupied());
    }

    /// The author writes the German beside the English: it goes into the
    /// lesson's translation, is kept in the browser, follows the steps
    /// taken back, and the lesson player shows it on a German page.
    #[test]
    fn the_german_is_written_kept_and_taught() {
        use tabula_page_kit::i18n::{Lang, use_lang};
        let mut a = author();
        a.summary = "A first colony.".into();
        a.start().unwrap();
        let seat = a.seat().unwrap();
        let action = a
            .game()
            .unwrap()
            .legal_actions(seat)
            .into_iter()
            .find(|x| matches!(x, Action::Colonize { .. }))
            .unwrap();
        a.play(action).unwrap();
        a.set_text(TextField::Say, "A colony.".into());
        a.set_learner(true);
        a.text_lang = "de".into();
        assert_eq!(a.text(TextField::Say), "", "no German yet");
        a.set_text(TextField::Title, "Meine Lektion".into());
        a.set_text(TextField::Say, "Eine Kolonie.".into());
        a.set_text(TextField::Hint, "Sieh dir die markierten Felder an.".into());
        a.set_text(TextField::Wrong, "  ".into());
        assert_eq!(a.text_in(TextField::Say, "en"), "A colony.", "English kept");
        a.add_talk();
        a.set_text(TextField::Say, "Das ist alles.".into());
        a.text_lang = "en".into();
        use_lang(Some(Lang::De));
        assert_eq!(
            a.lesson().unwrap_err(),
            "Schritt 2 hat noch keinen englischen Text (die eigenen Texte einer Lektion sind englisch; die deutschen sind ihre Übersetzung)"
        );
        use_lang(None);
        a.set_text(TextField::Say, "That is all.".into());
        let lesson = a.lesson().unwrap();
        let de = &lesson.translations["de"];
        assert_eq!(de.title.as_deref(), Some("Meine Lektion"));
        assert_eq!(de.steps.len(), 2);
        assert_eq!(de.steps[0].wrong, None, "blank: the English shows");
        let mut p = taught(&lesson);
        assert_eq!(p.title(Lang::De), "Meine Lektion");
        assert_eq!(p.say(Lang::De), "Eine Kolonie.");
        assert!(!p.attempt(&Action::Pass));
        assert_eq!(
            p.wrong_text(Lang::De),
            Some(DEFAULT_WRONG),
            "not translated"
        );
        let kept = serde_json::to_string(&a.to_draft()).unwrap();
        let back = Author::from_draft(serde_json::from_str(&kept).unwrap()).unwrap();
        assert_eq!(back.lesson().unwrap(), lesson);
        // The position's problems, in German and in English.
        a.stop();
        a.header = "players 2\nhand 1 settler 7\n".into();
        use_lang(Some(Lang::De));
        let e = a.check().unwrap_err();
        assert!(
            e.starts_with("Die Stellung hat Probleme (Zeile:Spalte im Setup-Text): 2:1: eine Hand hält höchstens 6 Kolonisten"),
            "{e}"
        );
        use_lang(None);
        let e = a.check().unwrap_err();
        assert!(
            e.starts_with("The position has problems (line:column in the setup text): 2:1: a hand holds at most 6 colonists"),
            "{e}"
        );
    }

    /// A lesson kept by the earlier writer (its own step types) reads on.
    #[test]
    fn a_lesson_kept_by_the_earlier_writer_reads_on() {
        crate::add_words();
        let old = r#"{"title":"Old","summary":"Kept before.","header":"players 2\n","width":4,"height":4,
            "cells":[".",".",".",".",".","t",".",".",".",".",".",".",".",".",".","."],
            "recording":["players 2\nhand 1 settler 2\nhand 2 settler 2\nboard\n. . . .\n. t . .\n. . . .\n. . . .\n",
              [{"say":"A pass.","highlight":["C2"],"learner":{"player":1,"action":"pass",
                "hint":"h","wrong":"w"}},{"say":"Talk."}]],
            "translations":{"de":{"title":"Alt","steps":[{"say":"Passen."}]}}}"#;
        assert!(serde_json::from_str::<KeptLesson>(old).is_err());
        let kept = KeptLesson::from_earlier(old).unwrap();
        let a = Author::from_draft(kept).unwrap();
        let l = a.lesson().unwrap();
        assert_eq!(l.steps.len(), 2);
        assert_eq!(l.steps[0].learner.as_ref().unwrap().seat, "1");
        assert_eq!(l.steps[0].highlight, ["C2"]);
        assert_eq!(l.translations["de"].title.as_deref(), Some("Alt"));
        assert!(KeptLesson::from_earlier("{}").is_none());
    }

    /// Setup problems read in German, from their rule and values.
    #[test]
    fn setup_problems_read_in_german() {
        use tabula_page_kit::i18n::{Lang, use_lang};
        crate::add_words();
        use_lang(Some(Lang::De));
        let cases = [
            (
                "players 2\nplayers 2\nboard\nt .\n",
                "`players` steht zweimal da (zuerst in Zeile 1)",
            ),
            (
                "players 2\nhand 1 settler 1 settler 2\nboard\nt .\n",
                "settler steht zweimal in dieser Zeile",
            ),
            ("players 2\nboard\nt q\n", "\"q\" ist kein Feld"),
            (
                "players 2\nboard\nt P3\n",
                "\"P3\": Spieler 3 ist keiner der 2 Spieler",
            ),
            (
                "players 2\nboard\nt . .\nt .\n",
                "diese Zeile hat 2 Felder, die erste aber 3",
            ),
            (
                "players 2\nboard\nt M1 . M1\n",
                "Spieler 1 hat den Handels-Anführer zweimal",
            ),
            (
                "players 2\nboard\n. M1\n",
                "ein Anführer muss neben einer Wissenschaftlerkolonie stehen",
            ),
            (
                "players 2\nboard\nM1 t M2\n",
                "zwei Anführer derselben Sorte stehen in einem Gebiet (Handels-Anführer)",
            ),
            ("players 2\nboard\nt\n", "das Spielbrett ist 1 × 1 groß"),
            (
                "players 2\nhand 1 merchant 6\nhand 2 merchant 6\nboard\nm m m m m m m m m m m m m m m m m m m m\n",
                "Spielbrett und Hände brauchen 32 Händler, mehr als die 30 im Standardvorrat",
            ),
        ];
        for (setup, want) in cases {
            let problems = parse_setup(setup).unwrap_err();
            let said = setup_problems_words(&problems);
            assert!(said.contains(want), "{setup}: {said}");
            assert!(!said.contains("auf Englisch"), "{said}");
        }
        // The setup's syntax: what was expected, its keywords as written.
        for (setup, want) in [
            (
                "players 9\nboard\nt .\n",
                "„9“ passt hier nicht: Erwartet wird eine Spielerzahl von 2 bis 4",
            ),
            (
                "players\nboard\nt .\n",
                "Hier fehlt eine Spielerzahl von 2 bis 4",
            ),
            (
                "players 2\nhand 1 alien 2\nboard\nt .\n",
                "„alien“ passt hier nicht: Erwartet wird eine Sorte",
            ),
            (
                "players 2\nbombers 1 7\nboard\nt .\n",
                "Erwartet wird 0, 1 oder 2",
            ),
            (
                "players 2\nwho 1\nboard\nt .\n",
                "„who“ ist keine Zeile des Setups",
            ),
            (
                "board\nt .\n",
                "Das Setup sagt nicht, wie viele Spieler es gibt",
            ),
            ("players 2\n", "Das Setup hat keinen Abschnitt `board`"),
            (
                "players 2\nactive 3\nboard\nt .\n",
                "Der aktive Spieler 3 ist keiner der 2 Spieler",
            ),
        ] {
            let Err(problems) = parse_setup(setup) else {
                panic!("accepted: {setup}");
            };
            let said = setup_problems_words(&problems);
            assert!(said.contains(want), "{setup}: {said}");
            assert!(!said.contains("auf Englisch"), "{said}");
        }
        use_lang(None);
    }
}
