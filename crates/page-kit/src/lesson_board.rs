//! What a page gives the kit's lesson screens (the lessons, the rules
//! page and the lesson writer) so that its game's lessons can be taught:
//! its board and its places. A trait of its own, so that each screen
//! names it and none names another for it.

use tabula_engine::lesson::Teach;
use web_sys::HtmlCanvasElement;

use crate::dom::El;
use crate::i18n::tf;

/// What a page provides so that its game's lessons can be taught: its
/// board drawn for a state, and its places. Places are named as the
/// ruleset's lessons name them (`"10 12"`, `"5:SE"`, `"4,5"`).
pub trait LessonBoard<G: Teach>: 'static {
    /// Draw `game` on `canvas`, `width` CSS pixels wide (the height is
    /// the page's; size the canvas with [`crate::dom::sized_context`]).
    fn draw(&self, canvas: &HtmlCanvasElement, game: &G, width: f64);
    /// Every place a learner can pick, in reading order (the keyboard
    /// steps through them).
    fn places(&self, game: &G) -> Vec<String>;
    /// The centre of `place` on the board drawn `width` wide, and how far
    /// round it a pointer still picks it (CSS pixels); `None` for a name
    /// the board does not know.
    fn place_centre(&self, game: &G, width: f64, place: &str) -> Option<(f64, f64, f64)>;
    /// The place `action` is made at, as [`LessonBoard::places`] names it;
    /// `None` for an action made at no place (offered as a button).
    fn place_of(&self, game: &G, action: &G::Action) -> Option<String>;
    /// `action` of `seat` in the page's words and language (a button's
    /// label).
    fn action_words(&self, game: &G, seat: tabula_engine::Seat, action: &G::Action) -> String;
    /// `place` in the page's words and language.
    fn place_words(&self, _game: &G, place: &str) -> String {
        place.to_string()
    }
    /// `place` named inside a lesson's text (`{{place}}`), in the page's
    /// words and language, without an article (the text writes it).
    fn place_in_text(&self, game: &G, place: &str) -> String {
        self.place_words(game, place)
    }
    /// `action` of `seat` as a phrase after "The move was:" ("Show me");
    /// the button's label unless the page says it otherwise.
    fn move_words(&self, game: &G, seat: tabula_engine::Seat, action: &G::Action) -> String {
        self.action_words(game, seat, action)
    }
    /// The pieces `seat` can pick up before choosing where it goes (a
    /// hand's colonists, a leader), as a key and a label; a place picked
    /// then offers only the picked piece's moves, and the places it can
    /// go are marked. None (the default): places are picked directly.
    fn pieces(&self, _game: &G, _seat: tabula_engine::Seat) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The piece (a key of [`LessonBoard::pieces`]) `action` moves.
    fn piece_of(&self, _game: &G, _action: &G::Action) -> Option<String> {
        None
    }
    /// Whether `action`, made at no place, is offered as a button while
    /// the step's move is `expected` (a ruleset whose action has too
    /// many forms to list, as Star Tigris's swaps, offers only the
    /// step's).
    fn offered(&self, _game: &G, _action: &G::Action, _expected: &G::Action) -> bool {
        true
    }
    /// The seat's name, for "You play …" at the learner's move.
    fn seat_name(&self, _game: &G, _seat: tabula_engine::Seat) -> Option<String> {
        None
    }
    /// What the position holds beside the board (players, hands,
    /// scores), shown under the narration.
    fn facts(&self, _game: &G) -> Option<El> {
        None
    }
    /// What the keyboard's place on the board is, and what Enter plays
    /// there when it plays one move (`play`), said under the board.
    fn cursor_words(
        &self,
        game: &G,
        place: &str,
        play: Option<(tabula_engine::Seat, &G::Action)>,
    ) -> String {
        let at = tf(
            "lesson-cursor",
            &[("place", &self.place_words(game, place))],
        );
        match play {
            Some((seat, a)) => format!(
                "{at} {}",
                tf(
                    "lesson-cursor-enter",
                    &[("move", &self.move_words(game, seat, a))]
                )
            ),
            None => at,
        }
    }
    /// A sentence under the list's heading about the game's lessons.
    fn intro(&self) -> Option<String> {
        None
    }
    /// The page's own buttons under the list of lessons (its rules page,
    /// its lesson writer), handled by the page.
    fn list_extras(&self) -> Vec<El> {
        Vec::new()
    }
    /// Take the learner back to the page's game from the lessons
    /// ([`leave`]); whether the page did (else the page is loaded again
    /// without the lessons).
    fn close(&self) -> bool {
        false
    }
    /// Whether the page's own screens are started beneath the lessons
    /// (an address that asks for no lesson then shows them); else the
    /// page is loaded again for such an address.
    fn page_beneath(&self) -> bool {
        false
    }
    /// Whether the lessons screen offers the page kit's lesson writer
    /// (`#lessons/write`, [`crate::lesson_writer`]); a page that writes
    /// lessons gives [`LessonBoard::seat_word`] and
    /// [`LessonBoard::action_text`].
    fn writes(&self) -> bool {
        false
    }
    /// Whether the lessons screen offers the rules page in pictures drawn
    /// from the lessons (`#lessons/rules`, [`crate::lesson_rules`]).
    fn rules_page(&self) -> bool {
        false
    }
    /// `seat` as the ruleset's lessons write it (`"1"`, `"N"`).
    fn seat_word(&self, _game: &G, _seat: tabula_engine::Seat) -> Option<String> {
        None
    }
    /// `action` in the ruleset's words, as [`Teach::read_action`] reads
    /// them back.
    fn action_text(&self, _game: &G, _action: &G::Action) -> Option<String> {
        None
    }
    /// A place of [`LessonBoard::places`] as a lesson's highlight names
    /// it (the same name unless the board names places its own way).
    fn lesson_place(&self, _game: &G, place: &str) -> String {
        place.to_string()
    }
    /// The page's game now as a position in the ruleset's written form,
    /// when there is one and the ruleset can write it (the writer starts
    /// from it).
    fn current_position(&self) -> Option<String> {
        None
    }
}
