//! Vector's lessons in the page (the page kit's lesson list and player):
//! the board drawn as in a game, squares named `ROW COL` as lessons name
//! them, and the learner's directions and magnitudes offered as buttons
//! (they are made at no square).

use tabula_page_kit::i18n::tf;
use tabula_page_kit::lesson_screen::LessonBoard;
use tabula_vector::{Action, Pos, Vector};
use web_sys::HtmlCanvasElement;

use crate::draw::{Layout, SIDE};
use crate::signs::dir_word;

/// The board of Vector's lessons.
pub struct Board;

fn square(place: &str) -> Option<Pos> {
    let v: Vec<i8> = place
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    match v[..] {
        [row, col] if (0..SIDE).contains(&row) && (0..SIDE).contains(&col) => {
            Some(Pos { row, col })
        }
        _ => None,
    }
}

impl LessonBoard<Vector> for Board {
    fn writes(&self) -> bool {
        true
    }

    fn rules_page(&self) -> bool {
        true
    }

    fn seat_word(&self, _game: &Vector, seat: tabula_engine::Seat) -> Option<String> {
        tabula_vector::geometry::SEAT_LETTERS
            .get(seat as usize)
            .map(|l| l.to_string())
    }

    fn action_text(&self, _game: &Vector, action: &Action) -> Option<String> {
        Some(action.to_string())
    }

    fn draw(&self, canvas: &HtmlCanvasElement, game: &Vector, width: f64) {
        crate::draw::draw(canvas, game, width);
    }

    fn places(&self, _game: &Vector) -> Vec<String> {
        (0..SIDE)
            .flat_map(|r| (0..SIDE).map(move |c| format!("{r} {c}")))
            .collect()
    }

    fn place_centre(&self, _game: &Vector, width: f64, place: &str) -> Option<(f64, f64, f64)> {
        let layout = Layout {
            cell: width / f64::from(SIDE + 2),
        };
        let (x, y) = layout.centre(square(place)?);
        Some((x, y, layout.cell / 2.0))
    }

    fn place_of(&self, _game: &Vector, _action: &Action) -> Option<String> {
        None
    }

    fn action_words(&self, _game: &Vector, _seat: tabula_engine::Seat, action: &Action) -> String {
        match action {
            Action::Direction(d) => tf("v-lesson-direction", &[("dir", &dir_word(*d))]),
            Action::Magnitude(m) => tf("v-lesson-magnitude", &[("n", &m.to_string())]),
        }
    }

    fn place_words(&self, _game: &Vector, place: &str) -> String {
        match square(place) {
            Some(p) => tf(
                "v-lesson-square",
                &[("row", &p.row.to_string()), ("col", &p.col.to_string())],
            ),
            None => place.to_string(),
        }
    }
}
