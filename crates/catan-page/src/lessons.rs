//! Catan's lessons in the page (the page kit's lesson list and player):
//! the board drawn as in a game, the learner's move made where it acts —
//! a corner, a side or a field, by touch, pointer or the keyboard (which
//! steps through the places where the learner can act first) — and the
//! moves made in no place (the dice, cards, trades, the end of the turn)
//! offered as buttons, in the game screen's words. Places are named as
//! lessons name them (`8`, `5:SE`); the board's own names are `h3`, `c12`
//! and `s7` (a hex, a corner, a side by number), as the game's panel
//! writes them.

use tabula_catan::{Action, Catan};
use tabula_page_kit::lesson_screen::LessonBoard;
use web_sys::HtmlCanvasElement;

use crate::game_draw::{Marks, draw, layout};
use crate::game_words::Names;
use crate::places::Places;
use crate::spots::{Spot, aim, lesson_spot as spot};

/// The board of Catan's lessons.
pub struct Board;

fn code(s: Spot) -> String {
    match s {
        Spot::Hex(h) => format!("h{h}"),
        Spot::Corner(c) => format!("c{c}"),
        Spot::Side(e) => format!("s{e}"),
    }
}

impl LessonBoard<Catan> for Board {
    fn draw(&self, canvas: &HtmlCanvasElement, game: &Catan, width: f64) {
        draw(canvas, game, &Marks::NONE, width);
    }

    fn places(&self, game: &Catan) -> Vec<String> {
        let t = &game.topo;
        (0..t.hexes.len())
            .map(|h| code(Spot::Hex(h as u16)))
            .chain((0..t.corners.len()).map(|c| code(Spot::Corner(c as u16))))
            .chain((0..t.sides.len()).map(|s| code(Spot::Side(s as u16))))
            .collect()
    }

    fn place_centre(&self, game: &Catan, width: f64, place: &str) -> Option<(f64, f64, f64)> {
        let l = layout(game, width);
        let t = &game.topo;
        Some(match spot(game, place)? {
            Spot::Hex(h) => {
                let (x, y) = l.hex(t, h);
                (x, y, l.size * 0.8)
            }
            Spot::Corner(c) => {
                let (x, y) = l.corner(t, c);
                (x, y, l.size * 0.25)
            }
            Spot::Side(s) => {
                let [a, b] = l.side(t, s);
                ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0, l.size * 0.25)
            }
        })
    }

    fn place_of(&self, game: &Catan, action: &Action) -> Option<String> {
        aim(action, game.robber).map(|a| code(a.at))
    }

    fn action_words(&self, game: &Catan, seat: tabula_engine::Seat, action: &Action) -> String {
        let seats: Vec<String> = (1..=game.seat_count())
            .map(|n| tabula_page_kit::i18n::tf("default-player", &[("n", &n.to_string())]))
            .collect();
        crate::game_words::action(action, game, seat, &Names::new(&seats, game))
    }

    fn place_in_text(&self, game: &Catan, place: &str) -> String {
        match spot(game, place) {
            Some(s) => Places::of(game).bare(s),
            None => place.to_string(),
        }
    }

    fn writes(&self) -> bool {
        true
    }

    fn rules_page(&self) -> bool {
        true
    }

    fn seat_word(&self, _game: &Catan, seat: tabula_engine::Seat) -> Option<String> {
        Some((seat + 1).to_string())
    }

    fn action_text(&self, game: &Catan, action: &Action) -> Option<String> {
        Some(action.text(&game.topo))
    }

    fn lesson_place(&self, game: &Catan, place: &str) -> String {
        // A field by its id, a corner as `5:SE`, a side named as a side
        // (`side 9:SW`: alone, such a name is the corner).
        let t = &game.topo;
        match spot(game, place) {
            Some(Spot::Hex(h)) => t.hexes.get(h as usize).map(|x| x.id.clone()),
            Some(Spot::Corner(c)) => t.corners.get(c as usize).map(|x| x.name.clone()),
            Some(Spot::Side(e)) => t.sides.get(e as usize).map(|x| format!("side {}", x.name)),
            None => None,
        }
        .unwrap_or_else(|| place.to_string())
    }

    fn place_words(&self, game: &Catan, place: &str) -> String {
        let p = Places::of(game);
        match spot(game, place) {
            Some(Spot::Hex(h)) => p.hex(h),
            Some(Spot::Corner(c)) => p.corner(c),
            Some(Spot::Side(s)) => p.side(s),
            None => place.to_string(),
        }
    }
}
