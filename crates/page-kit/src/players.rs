//! Who sits in a seat of a game on a page: a person at this device or one
//! of the bots the page's AI worker plays, and how a game record names
//! them (`human`, `bot:SPEC`).

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at this device.
    Human,
    /// A bot, by its spec (e.g. `search:normal`).
    Ai(String),
}

/// The bots a page's worker plays; a record naming another bot is
/// resumed with a person in that seat.
pub const PAGE_BOTS: [&str; 5] = [
    "search:easy",
    "search:normal",
    "search:hard",
    "greedy",
    "random",
];

impl Player {
    /// The player a record's `player` field names.
    pub fn from_record(player: &str) -> Player {
        match player.strip_prefix("bot:") {
            Some(spec) if PAGE_BOTS.contains(&spec) => Player::Ai(spec.into()),
            _ => Player::Human,
        }
    }

    /// The record's `player` field: `human` or `bot:SPEC`.
    pub fn record_name(&self) -> String {
        match self {
            Player::Human => "human".into(),
            Player::Ai(spec) => format!("bot:{spec}"),
        }
    }
}

/// The name seat `seat` (from 0) has until a person gives one, in the
/// page's language (`Player 1`, `Spieler 1`).
pub fn default_name(seat: usize) -> String {
    crate::i18n::tf("default-player", &[("n", &(seat + 1).to_string())])
}

/// The name seat `seat` (from 0) has by its colour until a person gives
/// one, in the page's language (`Violet`, `Violett`; a page with more
/// than four seats numbers the rest as [`default_name`] does).
pub fn colour_name(seat: usize) -> String {
    match COLOUR_NAMES.get(seat) {
        Some(key) => crate::i18n::t(key),
        None => default_name(seat),
    }
}

/// The catalogue's keys of the colour names, seat by seat.
const COLOUR_NAMES: [&str; 4] = [
    "default-colour-1",
    "default-colour-2",
    "default-colour-3",
    "default-colour-4",
];

/// A seat's name as the page says it: a default name given in either
/// language (`Player 1`, `You`, `Violet` on a German page) in the page's
/// language (`Spieler 1`, `Du`, `Violett`); any other name as it is.
pub fn shown_name(name: &str, seat: usize) -> String {
    use crate::i18n::{Lang, fill, t, t_in};
    let n = (seat + 1).to_string();
    let given_as = |key: &str, args: &[(&str, &str)]| {
        [Lang::En, Lang::De]
            .into_iter()
            .any(|l| t_in(l, key).is_some_and(|text| fill(&text, args) == name))
    };
    if given_as("default-player", &[("n", &n)]) {
        default_name(seat)
    } else if given_as("default-you", &[]) {
        t("default-you")
    } else if COLOUR_NAMES.get(seat).is_some_and(|key| given_as(key, &[])) {
        colour_name(seat)
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A default name is said in the page's language, whichever it was
    /// given in; any other name stays as it is.
    #[test]
    fn a_default_name_follows_the_page_s_language() {
        use crate::i18n::{Lang, use_lang};
        use_lang(Some(Lang::De));
        assert_eq!(default_name(0), "Spieler 1");
        assert_eq!(shown_name("Player 2", 1), "Spieler 2");
        assert_eq!(shown_name("Player 2", 0), "Player 2");
        assert_eq!(shown_name("Ann", 0), "Ann");
        use_lang(Some(Lang::En));
        assert_eq!(shown_name("Spieler 3", 2), "Player 3");
        use_lang(Some(Lang::De));
        assert_eq!(shown_name("You", 0), "Du");
        assert_eq!(shown_name("Violet", 1), "Violett");
        assert_eq!(colour_name(2), "Türkis");
        // A colour is a default name only in its own seat.
        assert_eq!(shown_name("Violet", 0), "Violet");
        use_lang(Some(Lang::En));
        assert_eq!(shown_name("Du", 3), "You");
        assert_eq!(shown_name("Türkis", 2), "Teal");
        assert_eq!(colour_name(4), "Player 5");
        use_lang(None);
    }

    #[test]
    fn a_record_names_people_and_the_page_bots_and_nothing_else_runs() {
        assert_eq!(Player::from_record("human"), Player::Human);
        assert_eq!(
            Player::from_record("bot:search:hard"),
            Player::Ai("search:hard".into())
        );
        // A bot the page does not play (or a made-up one) is a person.
        assert_eq!(Player::from_record("bot:dummy"), Player::Human);
        assert_eq!(Player::from_record("bot:<script>"), Player::Human);
        for spec in PAGE_BOTS {
            let p = Player::Ai(spec.into());
            assert_eq!(Player::from_record(&p.record_name()), p);
        }
    }
}
