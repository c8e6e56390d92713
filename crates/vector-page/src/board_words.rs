//! The Vector board in words, for the keyboard's cursor and a screen
//! reader (the page kit's [`explore`](tabula_page_kit::explore)): each
//! square says where it is, what it does and whether the Vector stands
//! or stopped there; `S` says the board (the last round, where the Vector
//! stands, the scores); and the last round's summary is shown above the
//! cards played. Plain data, tested natively.

use tabula_engine::Seat;
use tabula_page_kit::explore::{Explore, grid_step};
use tabula_page_kit::i18n::{t, tf, tn};
use tabula_vector::geometry::SIDE;
use tabula_vector::state::Cause;
use tabula_vector::{Pos, Vector};

use crate::signs::{seat_label, square_words, team_word};

/// A game's board as the cursor explores it.
pub struct Explored<'a> {
    /// The game.
    pub game: &'a Vector,
    /// The seats' names.
    pub names: &'a [String],
    /// Each seat's points in the last round, when known.
    pub last_points: Option<[i32; 4]>,
}

/// The square numbered `at` (row by row).
fn pos_of(at: usize) -> Pos {
    Pos::of_index(at)
}

fn name(names: &[String], seat: Seat) -> String {
    seat_label(names.get(seat as usize).map_or("", String::as_str), seat)
}

impl Explore for Explored<'_> {
    fn places(&self) -> usize {
        self.game.board.squares.len()
    }

    fn step(&self, from: usize, key: &str) -> Option<usize> {
        grid_step(SIDE as usize, SIDE as usize, from, key)
    }

    fn start(&self) -> usize {
        if self.game.pos.on_board() {
            self.game.pos.index()
        } else {
            0
        }
    }

    fn describe(&self, at: usize) -> String {
        let p = pos_of(at);
        let mut text = tf(
            "v-explore-square",
            &[
                ("row", &p.row.to_string()),
                ("col", &p.col.to_string()),
                ("what", &square_words(self.game.board.at(p))),
            ],
        );
        if p == self.game.pos {
            text.push(' ');
            text.push_str(&t("v-explore-here"));
        } else if self.game.segments.iter().any(|s| s.to == p) {
            text.push(' ');
            text.push_str(&t("v-explore-stopped"));
        }
        text
    }

    fn summary(&self) -> String {
        let g = self.game;
        let mut parts = Vec::new();
        if let Some(last) = round_summary(g, self.names, self.last_points) {
            parts.push(last);
        }
        parts.push(tf(
            "v-explore-stands",
            &[
                ("row", &g.pos.row.to_string()),
                ("col", &g.pos.col.to_string()),
            ],
        ));
        let scores: Vec<String> = (0..4u8)
            .map(|s| format!("{} {}", name(self.names, s), g.scores[s as usize]))
            .collect();
        parts.push(tf("v-explore-scores", &[("list", &scores.join(", "))]));
        parts.push(tf(
            "v-explore-teams",
            &[
                ("a", &team_word(0)),
                ("an", &g.team_score(0).to_string()),
                ("b", &team_word(1)),
                ("bn", &g.team_score(1).to_string()),
            ],
        ));
        parts.join(" ")
    }
}

/// The last round in a few words: where the Vector went (pushed, off the
/// board) and who scored, or `None` before the first round is played.
pub fn round_summary(g: &Vector, names: &[String], points: Option<[i32; 4]>) -> Option<String> {
    let first = g.segments.first()?;
    let mut parts = vec![tf(
        "v-explore-moved",
        &[
            ("r1", &first.from.row.to_string()),
            ("c1", &first.from.col.to_string()),
            ("r2", &g.pos.row.to_string()),
            ("c2", &g.pos.col.to_string()),
        ],
    )];
    let pushes = g.segments.iter().filter(|s| s.cause == Cause::Push).count();
    if pushes > 0 {
        parts.push(tn("v-explore-pushed", pushes as i64, &[]));
    }
    if g.segments.iter().any(|s| s.cause == Cause::Relocation) {
        parts.push(t("v-explore-relocated"));
    }
    if let Some(points) = points {
        let mut any = false;
        for (seat, &n) in points.iter().enumerate() {
            let who = name(names, seat as Seat);
            if n > 0 {
                parts.push(tn("v-explore-scored", i64::from(n), &[("who", &who)]));
                any = true;
            } else if n < 0 {
                parts.push(tn("v-explore-lost", i64::from(-n), &[("who", &who)]));
                any = true;
            }
        }
        if !any {
            parts.push(t("v-explore-nobody-scored"));
        }
    }
    Some(parts.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_engine::{Game, Ruleset, settle_chance};
    use tabula_vector::Square;

    fn names() -> Vec<String> {
        ["North", "East", "South", "West"]
            .map(String::from)
            .to_vec()
    }

    #[test]
    fn squares_say_where_they_are_what_they_do_and_where_the_vector_stands() {
        crate::add_words();
        let mut game = Vector::new_game(&Default::default(), None, 4, 1).unwrap();
        settle_chance(&mut game).unwrap();
        let names = names();
        let e = Explored {
            game: &game,
            names: &names,
            last_points: None,
        };
        assert_eq!(e.places(), 441);
        let centre = e.start();
        assert_eq!(pos_of(centre), game.pos);
        let said = e.describe(centre);
        assert!(said.starts_with("Row 10, column 10: "), "{said}");
        assert!(said.ends_with("The Vector stands here."), "{said}");
        // Every square says what it does, as the legend does.
        for at in 0..e.places() {
            let p = pos_of(at);
            let words = square_words(game.board.at(p));
            assert!(e.describe(at).contains(&words), "{at}");
            if game.board.at(p) != Square::Blank {
                assert_ne!(words, t("v-sq-blank"));
            }
        }
        // Before any round: the board's summary is where it stands and the scores.
        assert_eq!(round_summary(&game, &names, None), None);
        assert_eq!(
            e.summary(),
            "The Vector stands on row 10, column 10. Scores: North 0, East 0, South 0, West 0. \
             Teams: North and South 0, East and West 0."
        );
    }

    #[test]
    fn a_round_is_summed_up_from_where_it_went_and_who_scored() {
        crate::add_words();
        let mut game = Vector::new_game(&Default::default(), None, 4, 3).unwrap();
        settle_chance(&mut game).unwrap();
        let mut rng = tabula_engine::GameRng::seeded(5);
        let start_round = game.round;
        let before = game.scores;
        while game.round == start_round {
            let seat = match game.to_move() {
                tabula_engine::ToMove::Seat(s) => s,
                tabula_engine::ToMove::Simultaneous(set) => set.iter().next().unwrap(),
                other => panic!("{other:?}"),
            };
            let a = game.random_action(seat, &mut rng).unwrap();
            game.apply(seat, &a).unwrap();
            settle_chance(&mut game).unwrap();
        }
        let points: [i32; 4] = std::array::from_fn(|s| game.scores[s] - before[s]);
        let names = names();
        let said = round_summary(&game, &names, Some(points)).unwrap();
        let from = game.segments[0].from;
        assert!(
            said.starts_with(&format!(
                "Last round the Vector went from row {}, column {} to row {}, column {}.",
                from.row, from.col, game.pos.row, game.pos.col
            )),
            "{said}"
        );
        for (s, n) in points.iter().enumerate() {
            if *n > 0 {
                assert!(said.contains(&format!("{} scored {n}", names[s])), "{said}");
            }
        }
        if points.iter().all(|n| *n == 0) {
            assert!(said.ends_with("Nobody scored."), "{said}");
        }
        // German has its own words.
        tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::De));
        let de = round_summary(&game, &names, Some(points)).unwrap();
        tabula_page_kit::i18n::use_lang(None);
        assert!(de.starts_with("In der letzten Runde"), "{de}");
    }
}
