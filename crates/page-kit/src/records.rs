//! Game records on a page, wired once for every game: the link a game
//! travels in (`#game=…`: opened when the page starts with one, made and
//! copied to share a game), a record saved as a file, and files opened —
//! chosen in a picker or dropped on the page — with a size limit. Every
//! refusal is said in plain words through [`error_words`](crate::error_words),
//! in the page's language; what a page does with an opened record (a
//! replay, a game to play on) stays with the page.

use tabula_engine::link::{record_fragment, record_text_from_fragment};
use tabula_engine::record::parse_record;
use tabula_engine::{Game, GameRecord, RecordError, Ruleset, ToMove};
use wasm_bindgen::JsCast;

use crate::error_words::RulesetWords;

/// A page's game at its table, which a record resumes (Catan's table,
/// Star Tigris's session: each built on the kit's `table`).
pub trait Resumable: Sized {
    /// The game played there.
    type Game: Ruleset;
    /// Resume the game of a record, checked in full (every action, the
    /// final hash).
    fn from_record(record: &GameRecord) -> Result<Self, RecordError>;
    /// The game as it stands.
    fn game(&self) -> &Self::Game;
}

/// The kit's table resumes a record by itself (a page with no log of its
/// own).
impl<G: Ruleset> Resumable for crate::table::Table<G> {
    type Game = G;

    fn from_record(record: &GameRecord) -> Result<Self, RecordError> {
        crate::table::Table::from_record(record)
    }

    fn game(&self) -> &G {
        crate::table::Table::game(self)
    }
}

/// What a saved game's text opens as.
pub enum Opened<T> {
    /// A game in progress, to play on at the page's table.
    InProgress(T),
    /// A finished game, to replay.
    Finished(GameRecord),
}

/// Read a record's text for game `G`: its envelope and its ruleset (the
/// game itself is checked where it is replayed or resumed).
pub fn read_record<G: Ruleset>(text: &str) -> Result<GameRecord, RecordError> {
    let record = parse_record(text)?;
    if record.ruleset != G::NAME {
        return Err(RecordError::Ruleset {
            found: record.ruleset,
            expected: G::NAME.into(),
        });
    }
    Ok(record)
}

/// Read a saved game's text (a file, a paste, a drop, a link's record) for
/// the page's game: its envelope, its ruleset, then the game itself,
/// checked in full. A finished game is to be replayed, one in progress
/// resumed. Nothing changes on a refusal, which names what and where
/// (`error_words::record_text` says it).
pub fn open_text<T: Resumable>(text: &str) -> Result<Opened<T>, RecordError> {
    let record = read_record::<T::Game>(text)?;
    let table = T::from_record(&record)?;
    Ok(if table.game().to_move() == ToMove::Over {
        Opened::Finished(record)
    } else {
        Opened::InProgress(table)
    })
}

/// The address that opens `record` on this page: the page's address and
/// the game's moves packed into a `#game=…` fragment.
pub fn link<G: Ruleset>(record: &GameRecord) -> String {
    format!(
        "{}#{}",
        crate::dom::page_url(),
        record_fragment::<G>(record)
    )
}

/// Share `record`: its [`link`], copied to the clipboard and returned
/// (for the page to show).
pub fn share<G: Ruleset>(record: &GameRecord) -> String {
    let link = link::<G>(record);
    crate::dom::copy_text(&link);
    link
}

/// Save a record's JSON as the download `file_name`.
pub fn save(json: &str, file_name: &str) {
    crate::dom::download(json, "application/json", file_name);
}

/// The game of the `#game=…` link the page was opened with: `None` when
/// its address holds no game link; else (the fragment taken out of the
/// address, so a reload does not open it again) the record's JSON, or why
/// it cannot be read in the page's words (a damaged link, a move that
/// does not unpack, a refused move with its step).
pub fn from_address<W: RulesetWords>() -> Option<Result<String, String>> {
    let opened = from_fragment::<W>(&crate::dom::fragment())?;
    crate::dom::consume_fragment();
    Some(opened)
}

/// The game of a `#game=…` (or `game=…`) fragment, pasted or in the
/// address: `None` when it is not a game link; else the record's JSON, or
/// why it cannot be read in the page's words.
pub fn from_fragment<W: RulesetWords>(fragment: &str) -> Option<Result<String, String>> {
    record_text_from_fragment::<W::Game>(fragment)
        .map(|r| r.map_err(|e| crate::error_words::fragment::<W>(&e)))
}

/// Hand every file dropped anywhere on the page to `open` (the browser's
/// own handling, leaving the page for the file, is stopped).
pub fn on_drop(open: impl Fn(web_sys::File) + 'static) {
    let doc = crate::dom::document();
    crate::dom::listen::<web_sys::Event>(&doc, "dragover", |e| e.prevent_default());
    crate::dom::listen::<web_sys::DragEvent>(&doc, "drop", move |e| {
        e.prevent_default();
        if let Some(f) = e
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            open(f);
        }
    });
}

/// The file chosen in the file picker of an `input` or `change` event,
/// taken out of the picker (so the same file can be chosen again).
pub fn chosen(e: &web_sys::Event) -> Option<web_sys::File> {
    let input = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())?;
    let file = input.files().and_then(|f| f.get(0));
    input.set_value("");
    file
}

/// Hand every file chosen in the file picker `input_id` to `open`.
pub fn on_chosen(input_id: &str, open: impl Fn(web_sys::File) + 'static) {
    if let Some(input) = crate::dom::by_id(input_id) {
        crate::dom::listen::<web_sys::Event>(&input, "change", move |e| {
            if let Some(f) = chosen(&e) {
                open(f);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::Player;
    use crate::table::Table;
    use tabula_catan::{Catan, Options};

    /// A finished game opens to be replayed, one in progress to be played
    /// on; another game's record and a damaged one are refused.
    #[test]
    fn a_saved_game_opens_finished_or_in_progress() {
        let options = Options {
            points: Some(5),
            ..Options::default()
        };
        let record =
            tabula_engine::record::random_record::<Catan>(&options, None, 3, 8, 50_000).unwrap();
        let text = serde_json::to_string(&record).unwrap();
        assert!(matches!(
            open_text::<Table<Catan>>(&text),
            Ok(Opened::Finished(r)) if r == record
        ));
        let names: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
        let mut t: Table<Catan> =
            Table::new(&options, None, names, vec![Player::Human; 3], 8).unwrap();
        let mut rng = tabula_engine::GameRng::seeded(1);
        for i in 0..30 {
            let seat = t.deciding()[0];
            let action = t.game().random_action(seat, &mut rng).unwrap();
            t.play(seat, &action, i, |_| false).unwrap();
        }
        let half = serde_json::to_string(&*t.record()).unwrap();
        let Ok(Opened::InProgress(again)) = open_text::<Table<Catan>>(&half) else {
            panic!("a game in progress")
        };
        assert_eq!(again.game().state_hash(), t.game().state_hash());
        let other = text.replacen("\"ruleset\":\"catan\"", "\"ruleset\":\"star-tigris\"", 1);
        assert_ne!(other, text);
        assert!(matches!(
            open_text::<Table<Catan>>(&other),
            Err(RecordError::Ruleset { .. })
        ));
        assert!(open_text::<Table<Catan>>("{").is_err());
    }
}
