//! Bots written in the page by its players, for every game that seats
//! them: the saved list and its files ([`library`]), the worker each bot
//! runs in ([`sandbox`]) and the "Your bots" dialog ([`editor`]).

pub mod editor;
pub mod library;
pub mod sandbox;

/// Add the bots' words (`www/i18n/bots/`) to the page's: a page that
/// seats bots written in the page calls it as it starts (Vector,
/// Domains); a page without them carries none of their words.
pub fn add_words() {
    crate::i18n::add(
        include_str!("../../../../www/i18n/bots/en.txt"),
        include_str!("../../../../www/i18n/bots/de.txt"),
    );
}
