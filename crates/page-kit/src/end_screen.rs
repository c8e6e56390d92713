//! The end of a game, one frame on every page: who won, in words; the
//! page's own account of the result (its table of points); and what a
//! player may do next, always named and ordered the same way — look at
//! the board, watch the replay, save the game, copy a link to it, start
//! a new game. The page gives its commands; the kit gives the words and
//! the ids (`#winner`, `#end-look`, `#end-replay`, `#end-save`,
//! `#end-link`, `#end-new`).

use tabula_engine::Seat;

use crate::dom::{El, button, el};
use crate::i18n::{t, tf};

/// The page's commands for what a player may do at the end; `None` where
/// the page does not offer it there.
#[derive(Clone, Copy, Debug, Default)]
pub struct EndCommands<'a> {
    /// Close the end screen to look at the board.
    pub look: Option<&'a str>,
    /// Watch the game again, move by move.
    pub replay: Option<&'a str>,
    /// Save the game's record as a file.
    pub save: Option<&'a str>,
    /// Copy a link to the game.
    pub link: Option<&'a str>,
    /// Set up a new game.
    pub new: Option<&'a str>,
}

/// The end's headline: the one winner, the seats that share the win, or
/// that the game is over (no winner), named by `names`.
pub fn headline(names: &[String], winners: &[Seat]) -> String {
    let mut who = winners.iter().filter_map(|&w| names.get(usize::from(w)));
    let Some(first) = who.next() else {
        return t("game-end-over");
    };
    let Some(last) = who.next_back() else {
        return tf("game-end-wins", &[("who", first)]);
    };
    // The others before the last, by commas.
    let mut before = first.clone();
    for w in who {
        before.push_str(", ");
        before.push_str(w);
    }
    tf("game-end-shared", &[("who", &before), ("last", last)])
}

/// The end's frame (`#end`): the headline (`#winner`), the page's
/// `result` if it shows one there, then the buttons of `commands` in the
/// kit's order and words (a new game the primary one; none where the
/// page offers none).
pub fn frame(headline: &str, result: Option<El>, commands: &EndCommands) -> El {
    let mut end = el("div")
        .class("end")
        .attr("id", "end")
        .child(el("h2").attr("id", "winner").text(headline))
        .maybe(result);
    let mut buttons = el("div").class("buttons end-buttons");
    let mut any = false;
    for (id, word, cmd) in [
        ("end-look", "game-end-look", commands.look),
        ("end-replay", "game-end-replay", commands.replay),
        ("end-save", "game-end-save", commands.save),
        ("end-link", "game-end-link", commands.link),
        ("end-new", "game-end-new", commands.new),
    ] {
        if let Some(cmd) = cmd {
            let primary = if id == "end-new" { "primary" } else { "" };
            buttons = buttons.child(button(&t(word), cmd).attr("id", id).class(primary));
            any = true;
        }
    }
    if any {
        end = end.child(buttons);
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, use_lang};

    fn names() -> Vec<String> {
        ["Ann", "Bo", "Cy"].map(String::from).to_vec()
    }

    /// One winner, a shared win and no winner, said in both languages.
    #[test]
    fn the_headline_names_the_winners() {
        use_lang(Some(Lang::En));
        assert_eq!(headline(&names(), &[1]), "Bo wins!");
        assert_eq!(headline(&names(), &[0, 2]), "A shared win: Ann and Cy");
        assert_eq!(
            headline(&names(), &[0, 1, 2]),
            "A shared win: Ann, Bo and Cy"
        );
        assert_eq!(headline(&names(), &[]), "The game is over.");
        assert_eq!(
            headline(&names(), &[9]),
            "The game is over.",
            "no such seat"
        );
        use_lang(Some(Lang::De));
        assert_eq!(headline(&names(), &[1]), "Bo gewinnt!");
        assert_eq!(headline(&names(), &[0, 2]), "Geteilter Sieg: Ann und Cy");
        use_lang(None);
    }
}
