//! Writing a lesson in the page: a free "position" mode that puts any
//! piece on any cell (no rules: the setup format's tokens), a header of
//! setup lines (players, hands, scores), then recording the steps as they
//! are played, each with its narration, highlights, and whether it is the
//! learner's to play. The setup text goes through the one setup parser;
//! the lesson is checked by playing it before it is exported.

use serde::{Deserialize, Serialize};
use tabula_engine::{Game, ToMove};
use tabula_star_tigris::lesson::{
    Expectations, LearnerAction, Lesson, LessonAction, LessonStep, play_lesson,
};
use tabula_star_tigris::map::Terrain;
use tabula_star_tigris::{Action, Pos, StarTigris, parse_setup};

use crate::editor::Draft;
use crate::session::Selection;

/// The pieces the position mode puts down: setup-format tokens.
pub const TOKENS: [(&str, &str); 12] = [
    (".", "Open (erase)"),
    ("M", "Uninhabitable"),
    ("X", "Destroyed"),
    ("A", "Artifact"),
    ("p", "Settler colony"),
    ("t", "Scientist colony"),
    ("m", "Merchant colony"),
    ("r", "Mining colony"),
    ("P", "Settler leader"),
    ("T", "Scientist leader"),
    ("M#", "Merchant leader"),
    ("R", "Mining leader"),
];

/// The header a new position starts with.
pub const DEFAULT_HEADER: &str = "players 2\nactive 1\nhand 1 settler 2 scientist 2 merchant 1 mining 1\nhand 2 settler 2 scientist 2 merchant 1 mining 1\n";

/// A lesson being written.
#[derive(Clone, Debug)]
pub struct Author {
    /// The lesson's title.
    pub title: String,
    /// One sentence on what it teaches.
    pub summary: String,
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
    /// The player a leader token belongs to (1–4).
    pub player: u8,
    /// The recording, once started.
    pub recording: Option<Recording>,
    /// What to tell the author.
    pub message: Option<String>,
    /// The piece picked up while recording.
    pub selection: Option<Selection>,
}

/// Steps recorded from a position.
#[derive(Clone, Debug)]
pub struct Recording {
    /// The setup text recorded from.
    pub setup: String,
    /// The position after each step (the first is the start).
    pub states: Vec<StarTigris>,
    /// The steps so far.
    pub steps: Vec<LessonStep>,
    /// Whether clicks on the board mark cells for the last step.
    pub marking: bool,
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
            title: "My lesson".into(),
            summary: String::new(),
            header: DEFAULT_HEADER.into(),
            width: map.width,
            height: map.height,
            cells,
            token: "t".into(),
            player: 1,
            recording: None,
            message: None,
            selection: None,
        }
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

    /// The position's problems, from the setup parser (line:column first).
    pub fn check(&self) -> Result<StarTigris, String> {
        parse_setup(&self.setup_text()).map_err(|p| p.to_string())
    }

    /// Start recording steps from the position.
    pub fn start(&mut self) -> Result<(), String> {
        let g = self.check()?;
        self.recording = Some(Recording {
            setup: self.setup_text(),
            states: vec![g],
            steps: Vec::new(),
            marking: false,
        });
        self.message = None;
        Ok(())
    }

    /// Back to the position (the steps are dropped).
    pub fn stop(&mut self) {
        self.recording = None;
    }

    /// The position now (after the steps recorded).
    pub fn game(&self) -> Option<&StarTigris> {
        self.recording.as_ref().and_then(|r| r.states.last())
    }

    /// The seat that must act now.
    pub fn seat(&self) -> Option<u8> {
        match self.game()?.to_move() {
            ToMove::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// Record an action of the seat to act (through the checked path).
    pub fn play(&mut self, action: Action) -> Result<(), String> {
        let seat = self.seat().ok_or("nobody is to act: the game is over")?;
        let rec = self.recording.as_mut().ok_or("not recording")?;
        let mut g = rec.states.last().cloned().ok_or("no position")?;
        g.apply(seat, &action).map_err(|e| e.to_string())?;
        tabula_engine::settle_chance(&mut g).map_err(|e| e.to_string())?;
        rec.states.push(g);
        rec.steps.push(LessonStep {
            say: String::new(),
            highlight: Vec::new(),
            play: Some(LessonAction {
                player: seat + 1,
                action: action.to_string(),
            }),
            learner: None,
            expect: Expectations::default(),
        });
        Ok(())
    }

    /// Add a step that only talks (no action).
    pub fn add_talk(&mut self) {
        if let Some(rec) = self.recording.as_mut()
            && let Some(g) = rec.states.last().cloned()
        {
            rec.states.push(g);
            rec.steps.push(LessonStep {
                say: String::new(),
                highlight: Vec::new(),
                play: None,
                learner: None,
                expect: Expectations::default(),
            });
        }
    }

    /// Take back the last step.
    pub fn undo(&mut self) {
        if let Some(rec) = self.recording.as_mut()
            && rec.steps.pop().is_some()
        {
            rec.states.pop();
        }
    }

    /// The last step, to write its narration and options.
    pub fn last_step(&mut self) -> Option<&mut LessonStep> {
        self.recording.as_mut()?.steps.last_mut()
    }

    /// Make the last step the learner's (or the app's again).
    pub fn set_learner(&mut self, on: bool) {
        let Some(step) = self.last_step() else {
            return;
        };
        match (on, step.play.take(), step.learner.take()) {
            (true, Some(a), _) => {
                step.learner = Some(LearnerAction {
                    player: a.player,
                    action: a.action,
                    hint: "Look at the highlighted cells.".into(),
                    wrong: "Not this one: try again, or ask for a hint.".into(),
                })
            }
            (false, _, Some(l)) => {
                step.play = Some(LessonAction {
                    player: l.player,
                    action: l.action,
                })
            }
            (_, play, learner) => {
                step.play = play;
                step.learner = learner;
            }
        }
    }

    /// Mark or unmark a cell for the last step.
    pub fn toggle_mark(&mut self, p: Pos) {
        if let Some(step) = self.last_step() {
            match step.highlight.iter().position(|&q| q == p) {
                Some(i) => {
                    step.highlight.remove(i);
                }
                None => step.highlight.push(p),
            }
        }
    }

    /// The lesson written so far, checked by playing it.
    pub fn lesson(&self) -> Result<Lesson, String> {
        let rec = self
            .recording
            .as_ref()
            .ok_or("start recording first: a lesson needs its steps")?;
        if rec.steps.is_empty() {
            return Err("record at least one step".into());
        }
        let lesson = Lesson {
            format: tabula_star_tigris::lesson::LESSON_FORMAT.into(),
            version: tabula_star_tigris::lesson::LESSON_VERSION,
            title: self.title.trim().to_string(),
            summary: self.summary.trim().to_string(),
            source: None,
            setup: rec.setup.clone(),
            steps: rec.steps.clone(),
            translations: Default::default(),
        };
        play_lesson(&lesson).map_err(|e| e.to_string())?;
        Ok(lesson)
    }
}

/// A lesson being written, as kept in the browser between visits: the
/// position and the recorded steps (the positions are rebuilt by playing
/// the steps again when it is read back).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptLesson {
    title: String,
    summary: String,
    header: String,
    width: usize,
    height: usize,
    cells: Vec<String>,
    /// The setup recorded from and the steps, once recording started.
    recording: Option<(String, Vec<LessonStep>)>,
}

impl Author {
    /// The lesson as kept in the browser.
    pub fn to_draft(&self) -> KeptLesson {
        KeptLesson {
            title: self.title.clone(),
            summary: self.summary.clone(),
            header: self.header.clone(),
            width: self.width,
            height: self.height,
            cells: self.cells.clone(),
            recording: self
                .recording
                .as_ref()
                .map(|r| (r.setup.clone(), r.steps.clone())),
        }
    }

    /// Read a kept lesson back, replaying its steps; a draft that no longer
    /// plays keeps its position and says which step failed.
    pub fn from_draft(d: KeptLesson) -> Result<Author, String> {
        if d.width * d.height != d.cells.len() || d.width == 0 {
            return Err("the kept lesson's board does not add up".into());
        }
        let mut a = Author {
            title: d.title,
            summary: d.summary,
            header: d.header,
            width: d.width,
            height: d.height,
            cells: d.cells,
            token: "t".into(),
            player: 1,
            recording: None,
            message: None,
            selection: None,
        };
        if let Some((setup, steps)) = d.recording {
            let g = parse_setup(&setup).map_err(|p| p.to_string())?;
            a.recording = Some(Recording {
                setup,
                states: vec![g],
                steps: Vec::new(),
                marking: false,
            });
            for (i, step) in steps.into_iter().enumerate() {
                let text = step
                    .play
                    .as_ref()
                    .map(|p| p.action.clone())
                    .or_else(|| step.learner.as_ref().map(|l| l.action.clone()));
                match text {
                    Some(t) => {
                        let action: Action =
                            t.parse().map_err(|e| format!("kept step {}: {e}", i + 1))?;
                        a.play(action)
                            .map_err(|e| format!("kept step {}: {e}", i + 1))?;
                    }
                    None => a.add_talk(),
                }
                if let Some(last) = a.last_step() {
                    *last = step;
                }
            }
        }
        Ok(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson_player::LessonPlayer;

    fn author() -> Author {
        Author::new(&Draft::parse("A..M\n....\n..A.\nM..A\n").unwrap())
    }

    #[test]
    fn a_free_position_becomes_setup_text_for_the_parser() {
        let mut a = author();
        a.token = "t".into();
        a.put(Pos::new(1, 1));
        a.token = "P".into();
        a.player = 2;
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
        // A leader with no scientist beside it is refused by the parser.
        a.token = "M#".into();
        a.put(Pos::new(1, 3));
        let e = a.check().err().unwrap_or_default();
        assert!(e.contains("2:4") || e.contains(':'), "{e}");
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
        a.add_talk();
        a.last_step().unwrap().say = "That is all.".into();
        let lesson = a.lesson().unwrap();
        assert_eq!(lesson.steps.len(), 2);
        assert!(lesson.steps[0].learner.is_some());
        let text = serde_json::to_string_pretty(&lesson).unwrap();
        let mut p = LessonPlayer::open(&text).unwrap();
        assert!(p.task().is_some());
        assert!(p.attempt(action));
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
}
