//! The page's words: its own catalogue pair (`www/i18n/domains/en.txt`,
//! `de.txt`) over the site's, through the page kit's `i18n`. In the window
//! the language is the page's; the game worker is told the page's
//! language with each game ([`use_code`]); the native tests speak English
//! unless they choose otherwise.

use std::cell::Cell;

use tabula_page_kit::i18n;

/// The page's English words.
pub const EN: &str = include_str!("../../../www/i18n/domains/en.txt");
/// The page's German words.
pub const DE: &str = include_str!("../../../www/i18n/domains/de.txt");

thread_local! {
    static ADDED: Cell<bool> = const { Cell::new(false) };
}

/// Add the page's catalogues to the site's (once), with the words of bots
/// written in the page, which it seats.
pub fn add() {
    if !ADDED.with(Cell::get) {
        tabula_page_kit::bots::add_words();
        i18n::add(EN, DE);
        ADDED.with(|a| a.set(true));
    }
}

/// Speak the language of `code` (`en`, `de`, …): what the game worker
/// does with the code the page sends.
pub fn use_code(code: &str) {
    i18n::use_lang(Some(i18n::Lang::of_code(code)));
}

/// The code of the language spoken.
pub fn code() -> &'static str {
    i18n::lang().code()
}

/// The words of `key`.
pub fn t(key: &str) -> String {
    add();
    i18n::t(key)
}

/// The words of `key` with each `{name}` filled in from `args`, in one
/// pass (the kit's [`i18n::tf`]).
pub fn tf(key: &str, args: &[(&str, &str)]) -> String {
    add();
    i18n::tf(key, args)
}

/// [`tf`] with `{n}` set to `n`, choosing the key for one (`one`) or any
/// other number (`many`).
pub fn tn(n: u64, one: &str, many: &str, args: &[(&str, &str)]) -> String {
    let count = n.to_string();
    let mut all: Vec<(&str, &str)> = vec![("n", count.as_str())];
    all.extend_from_slice(args);
    tf(if n == 1 { one } else { many }, &all)
}

/// Items joined as a person would list them: `a`, `a and b`, `a, b and c`.
pub fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => tf(
            "domains-list-and",
            &[("first", &init.join(", ")), ("last", last)],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_once_and_plurals_chosen() {
        assert_eq!(
            tf("domains-seat-named", &[("seat", "2"), ("name", "{seat}")]),
            "Seat 2 ({seat})"
        );
        assert_eq!(
            tn(1, "domains-rounds-one", "domains-rounds-many", &[]),
            "1 round"
        );
        assert_eq!(
            tn(3, "domains-rounds-one", "domains-rounds-many", &[]),
            "3 rounds"
        );
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(list(&names(&["a", "b", "c"])), "a, b and c");
        assert_eq!(list(&names(&["a"])), "a");
    }

    #[test]
    fn german_is_spoken_when_chosen() {
        use_code("de");
        let german = tn(3, "domains-rounds-one", "domains-rounds-many", &[]);
        let both = list(&["a".to_string(), "b".to_string()]);
        i18n::use_lang(None);
        assert_eq!(german, "3 Runden");
        assert_eq!(both, "a und b");
    }
}
