//! Domains' lessons in the page (the page kit's lesson list and player):
//! the board drawn as in a game, squares named `ROW,COL` as lessons name
//! them. A learner's order is given at its unit's square: a tap (or Enter
//! on it) offers the unit's orders; ending the round is a button. The
//! keyboard steps from unit to unit.

use tabula_domains::{Action, Domains};
use tabula_page_kit::i18n::tf;
use tabula_page_kit::lesson_screen::LessonBoard;
use web_sys::HtmlCanvasElement;

use super::draw::{Marks, cell_size, draw_board};
use super::person::describe;
use crate::frames::{Film, Frame};

/// The board of Domains' lessons.
pub struct Board;

fn name(game: &Domains, at: u16) -> String {
    let (r, c) = game.board.coords(at);
    format!("{r},{c}")
}

fn side(game: &Domains) -> f64 {
    cell_size(game.board.cols as usize, game.board.rows as usize)
}

impl LessonBoard<Domains> for Board {
    fn writes(&self) -> bool {
        true
    }

    fn rules_page(&self) -> bool {
        true
    }

    fn seat_word(&self, _game: &Domains, seat: tabula_engine::Seat) -> Option<String> {
        Some(seat.to_string())
    }

    fn action_text(&self, _game: &Domains, action: &Action) -> Option<String> {
        Some(action.to_string())
    }

    fn draw(&self, canvas: &HtmlCanvasElement, game: &Domains, _width: f64) {
        let b = &game.board;
        let film = Film::new(
            b.rows as usize,
            b.cols as usize,
            1,
            vec![String::new(); b.players.len()],
        );
        draw_board(canvas, &film, &Frame::of_board(b), &Marks::default());
    }

    fn places(&self, game: &Domains) -> Vec<String> {
        let mut at: Vec<u16> = game
            .board
            .units
            .iter()
            .filter(|u| u.alive())
            .map(|u| u.at)
            .collect();
        at.sort_unstable();
        at.dedup();
        at.into_iter().map(|a| name(game, a)).collect()
    }

    fn place_centre(&self, game: &Domains, _width: f64, place: &str) -> Option<(f64, f64, f64)> {
        let (r, c) = place.split_once(',')?;
        let at = game
            .board
            .at(r.trim().parse().ok()?, c.trim().parse().ok()?)?;
        let (r, c) = game.board.coords(at);
        let s = side(game);
        Some(((f64::from(c) + 0.5) * s, (f64::from(r) + 0.5) * s, s / 2.0))
    }

    fn place_of(&self, game: &Domains, action: &Action) -> Option<String> {
        let unit = match *action {
            Action::Move { unit, .. } | Action::Attack { unit, .. } | Action::Ability { unit } => {
                unit
            }
            Action::End => return None,
        };
        let u = game.board.units.get(unit as usize)?;
        Some(name(game, u.at))
    }

    fn action_words(&self, _game: &Domains, _seat: tabula_engine::Seat, action: &Action) -> String {
        match *action {
            Action::Move { unit, .. } | Action::Attack { unit, .. } | Action::Ability { unit } => {
                tf(
                    "domains-unit-order",
                    &[("unit", &unit.to_string()), ("order", &describe(action))],
                )
            }
            Action::End => tabula_page_kit::i18n::t("domains-lesson-end"),
        }
    }

    fn place_words(&self, _game: &Domains, place: &str) -> String {
        match place.split_once(',') {
            Some((r, c)) => tf("domains-lesson-square", &[("row", r), ("col", c)]),
            None => place.to_string(),
        }
    }
}

/// Open the lessons when the address asks for them (and whenever it comes
/// to); whether they opened now.
pub fn install() -> bool {
    tabula_page_kit::lesson_screen::install(Board)
}
