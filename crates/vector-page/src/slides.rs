//! The slideshow of the 2009 viewer: a tournament (or one game) as the
//! board after each round, game by game. Made from a tournament record
//! (`tabula tournament`, `tabula serve`) or a game record, each replayed
//! by the rules first, so a tampered file is refused in words before
//! anything is shown. Plain data, tested natively.

use tabula_engine::record::{GameRecord, RecordError, apply_recorded, initial_state};
use tabula_engine::{Game, Seat, ToMove};
use tabula_page_kit::error_words::record_of;
use tabula_page_kit::i18n::{t, tf};
use tabula_page_kit::records;
use tabula_page_kit::replay_viewer::Timeline;
use tabula_tournament::{Fault, TOURNAMENT_FORMAT, TOURNAMENT_VERSION, TournamentRecord, verify};
use tabula_vector::Vector;

use crate::signs::Words;

/// Largest file the page reads (a 1,000-game tournament is about 10 MB).
pub const MAX_FILE: usize = 16 * 1024 * 1024;

/// One game: the board at its start and after every round.
#[derive(Clone, Debug)]
pub struct GameSlides {
    /// Who sat in each seat (N, E, S, W).
    pub names: Vec<String>,
    /// The state at the start, then after each round played.
    pub rounds: Vec<Vector>,
    /// Seats disqualified, with the fault in words (the game ended there).
    pub disqualified: Vec<(Seat, String)>,
    /// Tournament points each seat earned in the game (empty for a game
    /// alone).
    pub points: Vec<f64>,
    /// The entrant in each seat (empty for a game alone).
    pub seating: Vec<usize>,
    /// The game's record (its teacher's notes are written into it).
    pub record: GameRecord,
    /// The actions played at each slide (`rounds`' states), the key of
    /// the teacher's note shown there.
    pub ends: Vec<usize>,
}

/// A tournament or a game to step through.
#[derive(Clone, Debug)]
pub struct Slides {
    /// The entrants' names (the seats' names for a game alone).
    pub entrants: Vec<String>,
    /// The games.
    pub games: Vec<GameSlides>,
    /// The tournament these games come from (`None` for a game alone).
    pub tournament: Option<TournamentRecord>,
}

impl Slides {
    /// The tournament points of each entrant over games `0..=upto`.
    pub fn points_after(&self, upto: usize) -> Vec<f64> {
        let mut total = vec![0.0; self.entrants.len()];
        for g in self.games.iter().take(upto + 1) {
            for (seat, &e) in g.seating.iter().enumerate() {
                if let (Some(t), Some(p)) = (total.get_mut(e), g.points.get(seat)) {
                    *t += p;
                }
            }
        }
        total
    }

    /// The file these slides stand for, with every teacher's note written
    /// since: the tournament record, or the game's record alone.
    pub fn file_text(&self) -> String {
        match &self.tournament {
            Some(t) => {
                let mut t = t.clone();
                for (entry, game) in t.games.iter_mut().zip(&self.games) {
                    entry.record = game.record.clone();
                }
                serde_json::to_string_pretty(&t).unwrap_or_default()
            }
            None => self
                .games
                .first()
                .map(|g| g.record.to_text())
                .unwrap_or_default(),
        }
    }
}

/// A fault in words, for the table of disqualifications.
pub fn fault_words(f: &Fault) -> String {
    match f {
        Fault::Late { ms, limit_ms } => tf(
            "v-fault-late",
            &[
                ("ms", &format!("{ms:.0}")),
                ("limit", &format!("{limit_ms:.0}")),
            ],
        ),
        Fault::Malformed { text } => tf("v-fault-malformed", &[("text", text)]),
        Fault::Illegal { action, reason } => {
            tf("v-fault-illegal", &[("action", action), ("reason", reason)])
        }
        Fault::Crashed { why } => tf("v-fault-crashed", &[("why", why)]),
        Fault::Gone => t("v-fault-gone"),
    }
}

/// The board after each round of a game record, and the actions played
/// at each of those boards; the record is replayed by the rules and must
/// end where it says it does.
fn rounds_of(record: &GameRecord) -> Result<(Vec<Vector>, Vec<usize>), RecordError> {
    let mut game: Vector = initial_state(record)?;
    let mut rounds = vec![game.clone()];
    let mut ends = vec![0];
    for (i, step) in record.actions.iter().enumerate() {
        let round = game.round;
        apply_recorded(&mut game, i, step)?;
        if game.round != round || game.to_move() == ToMove::Over {
            rounds.push(game.clone());
            ends.push(i + 1);
        }
    }
    if game.state_hash() != record.final_hash {
        return Err(RecordError::Hash {
            expected: record.final_hash,
            found: game.state_hash(),
        });
    }
    if rounds.len() == 1 || rounds.last().map(|g| g.round) != Some(game.round) {
        // A game stopped mid-round (a disqualification): its last state.
        if !record.actions.is_empty() {
            rounds.push(game);
            ends.push(record.actions.len());
        }
    }
    Ok((rounds, ends))
}

/// Read a file: a tournament record or a game record of Vector. A
/// refusal says what is wrong in the page's words (the kit's words of a
/// refused record, with this game's words of a refused move).
pub fn read(text: &str) -> Result<Slides, String> {
    if text.len() > MAX_FILE {
        return Err(tf(
            "v-file-too-big",
            &[
                ("mb", &(text.len() / (1024 * 1024)).to_string()),
                ("max", &(MAX_FILE / (1024 * 1024)).to_string()),
            ],
        ));
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        tf(
            "record-not-json",
            &[
                ("line", &e.line().to_string()),
                ("column", &e.column().to_string()),
            ],
        )
    })?;
    if value.get("format").and_then(|f| f.as_str()) == Some(TOURNAMENT_FORMAT) {
        return tournament_slides(&value);
    }
    let record = records::read_record::<Vector>(text).map_err(|e| record_of::<Words>(&e, None))?;
    let (rounds, ends) = rounds_of(&record).map_err(|e| record_of::<Words>(&e, Some(&record)))?;
    let names: Vec<String> = record.seats.iter().map(|s| s.name.clone()).collect();
    Ok(Slides {
        entrants: names.clone(),
        games: vec![GameSlides {
            names,
            rounds,
            ends,
            disqualified: Vec::new(),
            points: Vec::new(),
            seating: Vec::new(),
            record,
        }],
        tournament: None,
    })
}

/// The slides of a tournament record: every game replayed by the rules,
/// then its points and standings checked against its games.
fn tournament_slides(value: &serde_json::Value) -> Result<Slides, String> {
    // The version first: another version's shape may differ.
    let version = value.get("version").and_then(serde_json::Value::as_u64);
    if let Some(found) = version.filter(|v| *v != u64::from(TOURNAMENT_VERSION)) {
        return Err(tf(
            "v-tournament-version",
            &[
                ("found", &found.to_string()),
                ("supported", &TOURNAMENT_VERSION.to_string()),
            ],
        ));
    }
    let tour: TournamentRecord =
        tabula_engine::plain::from_value(value).map_err(|_| t("v-tournament-damaged"))?;
    if tour.ruleset != "vector" {
        let game = tabula_page_kit::error_words::game_name(&tour.ruleset);
        return Err(tf("v-tournament-other-game", &[("game", &game)]));
    }
    if tour.games.is_empty() {
        return Err(t("v-tournament-empty"));
    }
    let entrants: Vec<String> = tour.entrants.iter().map(|e| e.name.clone()).collect();
    let mut games = Vec::new();
    for (i, g) in tour.games.iter().enumerate() {
        let (rounds, ends) = rounds_of(&g.record).map_err(|e| {
            tf(
                "v-tournament-game-bad",
                &[
                    ("n", &(i + 1).to_string()),
                    ("why", &record_of::<Words>(&e, Some(&g.record))),
                ],
            )
        })?;
        games.push(GameSlides {
            names: g
                .seating
                .iter()
                .map(|&e| entrants.get(e).cloned().unwrap_or_default())
                .collect(),
            rounds,
            ends,
            record: g.record.clone(),
            disqualified: g
                .disqualified
                .iter()
                .map(|d| (d.seat, fault_words(&d.fault)))
                .collect(),
            points: g.points.clone(),
            seating: g.seating.clone(),
        });
    }
    // Every game replays; what is left to check is that the points, the
    // seatings and the standings follow from them.
    verify::<Vector>(&tour).map_err(|_| t("v-tournament-does-not-add-up"))?;
    Ok(Slides {
        entrants,
        games,
        tournament: Some(tour),
    })
}

/// Slides on the screen: the game and the round shown.
pub struct Shown {
    /// The slides.
    pub slides: Slides,
    /// The game shown.
    pub game: usize,
    /// The round shown (0: the game's start).
    pub round: usize,
}

impl Shown {
    /// `slides` at its first game's start.
    pub fn new(slides: Slides) -> Shown {
        Shown {
            slides,
            game: 0,
            round: 0,
        }
    }

    fn rounds(&self) -> usize {
        self.slides.games[self.game].rounds.len()
    }

    /// The position of the game shown's first round on the timeline of
    /// every game's rounds, one game after another.
    fn game_start(&self, game: usize) -> usize {
        self.slides.games[..game]
            .iter()
            .map(|g| g.rounds.len())
            .sum()
    }
}

/// The tournament's rounds, game after game, as the 2009 viewer stepped
/// through them: a step is a round (on into the next game), the bigger
/// step is a game (showing that game's end), and the start and the end
/// are the game shown's.
impl Timeline for Shown {
    fn at(&self) -> usize {
        self.game_start(self.game) + self.round
    }
    fn last(&self) -> usize {
        self.game_start(self.slides.games.len()).saturating_sub(1)
    }
    fn go(&mut self, pos: usize) {
        let mut left = pos.min(self.last());
        self.game = 0;
        while left >= self.rounds() && self.game + 1 < self.slides.games.len() {
            left -= self.rounds();
            self.game += 1;
        }
        self.round = left.min(self.rounds() - 1);
    }
    fn more(&self, forward: bool) -> usize {
        let game = match forward {
            true if self.game + 1 < self.slides.games.len() => self.game + 1,
            false if self.game > 0 => self.game - 1,
            _ => return self.at(),
        };
        self.game_start(game + 1) - 1
    }
    fn ends(&self) -> (usize, usize) {
        let start = self.game_start(self.game);
        (start, start + self.rounds() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_page_kit::replay_viewer;
    use tabula_page_kit::transport::{Move, Playback};

    const TOURNAMENT: &str = include_str!("../../../tests/fixtures/vector/tournament-3.json");

    #[test]
    fn a_tournament_becomes_rounds_game_by_game_with_its_points() {
        let s = read(TOURNAMENT).unwrap();
        assert_eq!(s.entrants.len(), 4);
        assert_eq!(s.games.len(), 3);
        for g in &s.games {
            assert_eq!(g.rounds[0].round, 0);
            assert_eq!(g.rounds[0].pos, tabula_vector::Pos { row: 10, col: 10 });
            assert!(g.rounds.len() >= 2);
            assert!(g.rounds.last().unwrap().to_move() == ToMove::Over);
        }
        // The standings of the file: greedy 2, random#2 2, random#4 2, search:easy 0.
        let total = s.points_after(2);
        let by_name = |n: &str| total[s.entrants.iter().position(|e| e == n).unwrap()];
        assert_eq!(by_name("greedy"), 2.0);
        assert_eq!(by_name("search:easy"), 0.0);
        assert_eq!(total.iter().sum::<f64>(), 6.0);
    }

    #[test]
    fn each_slide_knows_its_move_and_notes_go_back_into_the_file() {
        let mut s = read(TOURNAMENT).unwrap();
        for g in &s.games {
            assert_eq!(g.ends.len(), g.rounds.len());
            assert_eq!(g.ends[0], 0);
            assert!(g.ends.windows(2).all(|w| w[0] < w[1]), "{:?}", g.ends);
            assert_eq!(*g.ends.last().unwrap(), g.record.actions.len());
        }
        let at = s.games[1].ends[2];
        s.games[1].record.notes.insert(at, "a note".into());
        let back = read(&s.file_text()).unwrap();
        assert!(back.tournament.is_some());
        assert_eq!(
            back.games[1].record.notes.get(&at).map(String::as_str),
            Some("a note")
        );
        assert!(back.games[0].record.notes.is_empty());
        // A game alone saves as its record.
        let alone = Slides {
            tournament: None,
            games: vec![back.games[1].clone()],
            entrants: back.games[1].names.clone(),
        };
        let game = read(&alone.file_text()).unwrap();
        assert!(game.tournament.is_none());
        assert_eq!(
            game.games[0].record.notes.get(&at).map(String::as_str),
            Some("a note")
        );
    }

    #[test]
    fn faults_are_said_in_the_page_s_language() {
        crate::add_words();
        let late = Fault::Late {
            ms: 3512.4,
            limit_ms: 500.0,
        };
        assert_eq!(fault_words(&late), "took 3512 ms, over its 500 ms");
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::De));
        let german = [
            fault_words(&late),
            fault_words(&Fault::Crashed { why: "x".into() }),
            fault_words(&Fault::Gone),
        ];
        tabula_page_kit::i18n::use_lang(None);
        assert_eq!(german[0], "brauchte 3512 ms, mehr als seine 500 ms");
        assert_eq!(german[1], "ist ausgefallen: x");
        assert_eq!(german[2], "hat die Verbindung verlassen");
    }

    #[test]
    fn damaged_files_are_refused_in_words() {
        crate::add_words();
        let said = read("{\n  \"format\": 1,").unwrap_err();
        assert_eq!(
            said,
            "it is not a saved game: it stops making sense at line 2, column 14"
        );
        let tampered = TOURNAMENT.replacen("\"magnitude\": 3", "\"magnitude\": 7", 1);
        assert!(tampered != TOURNAMENT, "the fixture has a magnitude 3");
        let e = read(&tampered).unwrap_err();
        assert!(
            e.starts_with("the tournament does not replay: game 1: action "),
            "{e}"
        );
        assert!(
            !e.contains("Step") && !e.contains("Err"),
            "no internals: {e}"
        );
        // Its points changed: every game replays, the sum does not add up.
        let mut t: serde_json::Value = serde_json::from_str(TOURNAMENT).unwrap();
        t["games"][0]["points"][0] = serde_json::json!(7.0);
        let e = read(&t.to_string()).unwrap_err();
        assert!(e.starts_with("the tournament does not add up"), "{e}");
        t["games"] = serde_json::json!("none");
        assert_eq!(
            read(&t.to_string()).unwrap_err(),
            "the tournament record is damaged: it is not in the shape of a tournament record"
        );
        t["games"] = serde_json::json!([]);
        assert_eq!(
            read(&t.to_string()).unwrap_err(),
            "the tournament record holds no game"
        );
        t["version"] = serde_json::json!(2);
        t["games"] = serde_json::json!({ "shape": "of version 2" });
        assert_eq!(
            read(&t.to_string()).unwrap_err(),
            "it is a tournament record of version 2; this version of Tabula reads version 1"
        );
        // A game record: another game's, and one changed after its end.
        let game = s_game_record();
        let mut other: serde_json::Value = serde_json::from_str(&game).unwrap();
        other["ruleset"] = serde_json::json!("catan");
        assert_eq!(
            read(&other.to_string()).unwrap_err(),
            "it is a saved game of Catan, not of Vector"
        );
        let mut changed: serde_json::Value = serde_json::from_str(&game).unwrap();
        changed["final_hash"] = serde_json::json!("0000000000000001");
        let e = read(&changed.to_string()).unwrap_err();
        assert!(e.starts_with("replayed, it does not end where"), "{e}");
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::De));
        let german = read(&tampered).unwrap_err();
        tabula_page_kit::i18n::use_lang(None);
        assert!(
            german.starts_with("das Turnier lässt sich nicht nachspielen: Spiel 1: "),
            "{german}"
        );
        let big = " ".repeat(MAX_FILE + 1);
        assert!(read(&big).unwrap_err().contains("MB"));
    }

    /// The first game of the tournament fixture, as a game record's text.
    fn s_game_record() -> String {
        read(TOURNAMENT).unwrap().games[0].record.to_text()
    }

    /// → and ← go round by round on into the next game, ↓ and ↑ show a
    /// game's end, Home and End stay in the game shown, and playing runs
    /// through every game to the tournament's end.
    #[test]
    fn the_slideshow_steps_round_by_round_and_game_by_game() {
        let mut s = Shown::new(read(TOURNAMENT).unwrap());
        let mut p = Playback::new(1.25);
        let lens: Vec<usize> = s.slides.games.iter().map(|g| g.rounds.len()).collect();
        replay_viewer::take(&mut s, &mut p, Move::ForwardMore);
        assert_eq!((s.game, s.round), (1, lens[1] - 1), "the next game's end");
        replay_viewer::take(&mut s, &mut p, Move::Forward);
        assert_eq!((s.game, s.round), (2, 0), "on into the next game");
        replay_viewer::take(&mut s, &mut p, Move::Back);
        assert_eq!((s.game, s.round), (1, lens[1] - 1));
        replay_viewer::take(&mut s, &mut p, Move::First);
        assert_eq!((s.game, s.round), (1, 0), "the game shown's start");
        replay_viewer::take(&mut s, &mut p, Move::Last);
        assert_eq!((s.game, s.round), (1, lens[1] - 1), "and its end");
        replay_viewer::take(&mut s, &mut p, Move::BackMore);
        assert_eq!((s.game, s.round), (0, lens[0] - 1));
        replay_viewer::take(&mut s, &mut p, Move::BackMore);
        assert_eq!(
            (s.game, s.round),
            (0, lens[0] - 1),
            "no game before the first"
        );
        s.go(usize::MAX);
        assert_eq!((s.game, s.round), (2, lens[2] - 1));
        replay_viewer::take(&mut s, &mut p, Move::Back);
        let (token, ms) = replay_viewer::take(&mut s, &mut p, Move::PlayPause).unwrap();
        assert_eq!(ms, 800.0);
        assert_eq!(replay_viewer::tick(&mut s, &mut p, token), None, "the end");
        assert_eq!((s.game, s.round), (2, lens[2] - 1));
        replay_viewer::take(&mut s, &mut p, Move::PlayPause).unwrap();
        assert_eq!((s.game, s.round), (0, 0), "play at the end starts again");
    }
}
