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

#[cfg(test)]
mod tests {
    use super::*;

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
