//! A kind of Star Tigris in words, from the catalogue (`leader-merchant`:
//! merchant leader, Handels-Anführer), and a word made a button's label.
//! The other word modules build on these.

use tabula_page_kit::i18n::t;
use tabula_star_tigris::Kind;

/// A kind's word from the game's vocabulary: `word("leader", k)` is the
/// catalogue's `leader-merchant` (merchant leader, Handels-Anführer).
pub fn word(prefix: &str, k: Kind) -> String {
    t(&format!("{prefix}-{}", k.name()))
}

pub use tabula_page_kit::letters::capitalised;
