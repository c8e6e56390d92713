//! The table every game page plays at: the match and its record, who
//! sits in each seat (a person at this device or a bot of the page's AI
//! worker), who decides next, and undo within the rules' limits. Pure
//! Rust with no browser calls, generic over the game contract, so it is
//! tested natively: a whole game of each ruleset is played through it by
//! bots (the tests below).
//!
//! A page keeps what is its game's own beside it (its log in its words,
//! what an action set off): [`Table::play`] takes the length of that log
//! as a mark, and [`Table::undo`] gives the mark back to cut the log to.
//! Whether an action may be taken back is the page's rule, said after
//! the action (the rules' limits: never across dice, a card drawn, or a
//! decision handed to another seat).

use tabula_engine::record::{Match, read_action, replay};
use tabula_engine::{GameRecord, RecordError, Ruleset, Seat, SeatInfo, ToMove};

use crate::players::Player;

/// Why a game cannot start at the table.
#[derive(Clone, Debug)]
pub enum TableError {
    /// The seats' names and players do not match in number.
    Seats,
    /// The record or the start refused (options, map, names).
    Record(RecordError),
}

impl TableError {
    /// As a record's error (a record always has as many names as players).
    pub fn into_record(self) -> RecordError {
        match self {
            TableError::Record(e) => e,
            TableError::Seats => RecordError::Step {
                index: 0,
                seat: 0,
                reason: TableError::Seats.to_string(),
            },
        }
    }
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::Seats => f.write_str("every seat needs a name and a player"),
            TableError::Record(e) => write!(f, "{e}"),
        }
    }
}

/// What a record says of its game's start: options, names, players.
pub struct Seating<G: Ruleset> {
    /// The rules' options.
    pub options: G::Options,
    /// The seats' names.
    pub names: Vec<String>,
    /// Who sits in each seat (a bot this page does not have: a person).
    pub players: Vec<Player>,
}

/// The table as it was before an action that may be taken back.
struct Kept<G: Ruleset> {
    m: Match<G>,
    mark: usize,
    seat: Seat,
}

/// A game being played on a page.
pub struct Table<G: Ruleset> {
    m: Match<G>,
    names: Vec<String>,
    players: Vec<Player>,
    undo: Vec<Kept<G>>,
}

impl<G: Ruleset> Table<G> {
    /// Start a game on `map` (the ruleset's default when `None`). Names
    /// are checked by the record (no control characters, not too long).
    pub fn new(
        options: &G::Options,
        map: Option<&str>,
        names: Vec<String>,
        players: Vec<Player>,
        seed: u64,
    ) -> Result<Table<G>, TableError> {
        if names.len() != players.len() {
            return Err(TableError::Seats);
        }
        let seats = names
            .iter()
            .zip(&players)
            .map(|(n, p)| SeatInfo {
                name: n.clone(),
                player: p.record_name(),
            })
            .collect();
        let m = Match::new(options, map, seats, seed).map_err(TableError::Record)?;
        Ok(Table {
            m,
            names,
            players,
            undo: Vec::new(),
        })
    }

    /// The options, names and players of a record, checked in full first
    /// (every action and the final hash), for a page to start its table
    /// again and then play the record's actions ([`Table::recorded`]).
    pub fn seats_of(record: &GameRecord) -> Result<Seating<G>, RecordError> {
        replay::<G>(record)?;
        let options: G::Options = tabula_engine::plain::from_value(&record.options)
            .map_err(|(path, what)| RecordError::Options { path, what })?;
        let names = record.seats.iter().map(|s| s.name.clone()).collect();
        let players = record
            .seats
            .iter()
            .map(|s| Player::from_record(&s.player))
            .collect();
        Ok(Seating {
            options,
            names,
            players,
        })
    }

    /// A record's actions in order, read as the ruleset's, each with the
    /// error that names it should playing it fail.
    pub fn recorded(
        record: &GameRecord,
    ) -> impl Iterator<Item = Result<(Seat, G::Action, impl Fn(String) -> RecordError), RecordError>> + '_
    {
        record.actions.iter().enumerate().map(|(index, step)| {
            let action = read_action::<G>(index, step)?;
            let seat = step.seat;
            Ok((seat, action, move |reason| RecordError::Step {
                index,
                seat,
                reason,
            }))
        })
    }

    /// Resume a record's game on a page's own table `P` (one built on
    /// this one, with its log): checked in full first (every action and
    /// the final hash); `start` makes the table from the record's seating,
    /// `play` plays each recorded action on it again (why not, in words:
    /// the refusal names the action).
    pub fn resume<P>(
        record: &GameRecord,
        start: impl FnOnce(Seating<G>) -> Result<P, RecordError>,
        mut play: impl FnMut(&mut P, Seat, G::Action) -> Result<(), String>,
    ) -> Result<P, RecordError> {
        let mut p = start(Self::seats_of(record)?)?;
        for step in Self::recorded(record) {
            let (seat, action, fail) = step?;
            play(&mut p, seat, action).map_err(fail)?;
        }
        Ok(p)
    }

    /// Resume the game of a record by the table alone (a page with no log
    /// of its own): checked in full, every action played again. Undo
    /// starts empty.
    pub fn from_record(record: &GameRecord) -> Result<Table<G>, RecordError> {
        Self::resume(
            record,
            |s| {
                Table::new(
                    &s.options,
                    record.map.as_deref(),
                    s.names,
                    s.players,
                    record.seed,
                )
                .map_err(TableError::into_record)
            },
            |t, seat, action| {
                t.play(seat, &action, 0, |_| false)
                    .map_err(|e| e.to_string())
            },
        )
    }

    /// The game.
    pub fn game(&self) -> &G {
        self.m.game()
    }

    /// The record so far.
    pub fn record(&self) -> std::cell::Ref<'_, GameRecord> {
        self.m.record()
    }

    /// How many actions have been played.
    pub fn actions_played(&self) -> usize {
        self.m.actions_played()
    }

    /// The seats' names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Who sits in each seat.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Let `player` play `seat` from now on (a written bot that fell out
    /// of the game, say); the record keeps who began the game there.
    pub fn set_player(&mut self, seat: Seat, player: Player) {
        if let Some(p) = self.players.get_mut(seat as usize) {
            *p = player;
        }
    }

    /// The seats that must decide now (one, or several at once).
    pub fn deciding(&self) -> Vec<Seat> {
        match self.game().to_move() {
            ToMove::Seat(s) => vec![s],
            ToMove::Simultaneous(set) => set.iter().collect(),
            ToMove::Chance | ToMove::Over => Vec::new(),
        }
    }

    /// An AI seat that must decide now, with its bot.
    pub fn ai_to_act(&self) -> Option<(Seat, String)> {
        self.deciding()
            .into_iter()
            .find_map(|s| match self.players.get(s as usize)? {
                Player::Ai(spec) => Some((s, spec.clone())),
                Player::Human => None,
            })
    }

    /// A person who must decide now.
    pub fn person_to_act(&self) -> Option<Seat> {
        self.deciding()
            .into_iter()
            .find(|s| self.players.get(*s as usize) == Some(&Player::Human))
    }

    /// Play `seat`'s action through the engine's checked path (chance
    /// after it resolved). `mark` is the length of the page's own log
    /// before it; `may_undo` says, of the table after the action, whether
    /// the seat may take it back. Refused, nothing changes.
    pub fn play(
        &mut self,
        seat: Seat,
        action: &G::Action,
        mark: usize,
        may_undo: impl FnOnce(&Table<G>) -> bool,
    ) -> Result<(), RecordError> {
        let before = self.m.clone();
        self.m.play(seat, action)?;
        if may_undo(self) {
            self.undo.push(Kept {
                m: before,
                mark,
                seat,
            });
        } else {
            self.undo.clear();
        }
        Ok(())
    }

    /// Whether the last action can be taken back by `asking`, the seat
    /// the page asks now (at one device, only the one deciding takes back
    /// their own action): it took it, it is deciding again, and the page
    /// allowed it.
    pub fn can_undo(&self, asking: Option<Seat>) -> bool {
        self.undo
            .last()
            .is_some_and(|k| asking == Some(k.seat) && self.deciding().contains(&k.seat))
    }

    /// Take back the last action for `asking`: the mark given with it (the
    /// length to cut the page's log to), or `None` when there is none it
    /// may take back.
    pub fn undo(&mut self, asking: Option<Seat>) -> Option<usize> {
        if !self.can_undo(asking) {
            return None;
        }
        let k = self.undo.pop()?;
        self.m = k.m;
        Some(k.mark)
    }

    /// Forget what could be taken back (a game resumed from a record).
    pub fn forget_undo(&mut self) {
        self.undo.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_engine::Game;

    /// Play a whole game at the table with a bot in every seat, each
    /// asked from its seat's view as the page's worker asks it; then the
    /// record resumes to the same table.
    fn whole_game<
        G: Ruleset + tabula_engine::ai::Determinize + tabula_engine::ai::Evaluate + 'static,
    >(
        options: &G::Options,
        map: Option<&str>,
        seats: usize,
        seed: u64,
    ) -> Table<G> {
        let names: Vec<String> = (1..=seats).map(|i| format!("Bot {i}")).collect();
        let players = vec![Player::Ai("random".into()); seats];
        let mut t: Table<G> = Table::new(options, map, names, players, seed).unwrap();
        let mut steps = 0;
        while let Some((seat, spec)) = t.ai_to_act() {
            assert_eq!(t.person_to_act(), None);
            let mut bot = tabula_ai::bot_from_spec::<G>(&spec, seed + steps as u64).unwrap();
            let view = t.game().player_view(seat);
            let action = bot.choose(&view, seat).expect("a legal action");
            t.play(seat, &action, steps, |_| false).unwrap();
            steps += 1;
            assert!(steps < 200_000, "{} did not end", G::NAME);
        }
        assert_eq!(t.game().to_move(), ToMove::Over, "{}", G::NAME);
        assert!((0..seats as Seat).all(|s| !t.can_undo(Some(s))));
        let record = t.record().clone();
        let again: Table<G> = Table::from_record(&record).unwrap();
        assert_eq!(again.game().state_hash(), t.game().state_hash());
        assert_eq!(again.names(), t.names());
        assert_eq!(again.players(), t.players());
        t
    }

    #[test]
    fn a_whole_game_of_each_ruleset_is_played_at_the_table_by_bots() {
        whole_game::<tabula_star_tigris::StarTigris>(&Default::default(), None, 3, 1);
        whole_game::<tabula_catan::Catan>(
            &tabula_catan::Options {
                points: Some(6),
                ..Default::default()
            },
            None,
            3,
            2,
        );
        whole_game::<tabula_vector::Vector>(&Default::default(), None, 4, 3);
        whole_game::<tabula_domains::Domains>(&Default::default(), None, 2, 4);
    }

    #[test]
    fn undo_takes_back_what_the_page_allows_and_gives_its_mark() {
        use tabula_catan::Catan;
        let names = vec!["Ada".to_string(), "Bea".to_string(), "Cy".to_string()];
        let mut t: Table<Catan> =
            Table::new(&Default::default(), None, names, vec![Player::Human; 3], 5).unwrap();
        let seat = t.person_to_act().unwrap();
        let hash = t.game().state_hash();
        let action = t.game().legal_actions(seat)[0];
        // Refused: nothing changes.
        assert!(t.play(1 - seat.min(1), &action, 7, |_| true).is_err());
        assert_eq!(t.game().state_hash(), hash);
        assert!(!t.can_undo(Some(seat)));
        // Allowed by the page while the seat decides again; only that
        // seat takes it back.
        t.play(seat, &action, 7, |_| true).unwrap();
        assert_ne!(t.game().state_hash(), hash);
        assert_eq!(t.can_undo(Some(seat)), t.deciding().contains(&seat));
        assert!(!t.can_undo(Some(seat + 1)));
        assert!(!t.can_undo(None));
        assert_eq!(t.undo(Some(seat + 1)), None);
        if t.can_undo(Some(seat)) {
            assert_eq!(t.undo(Some(seat)), Some(7));
            assert_eq!(t.game().state_hash(), hash);
        }
        // Not allowed: nothing to take back.
        let seat = t.person_to_act().unwrap();
        let action = t.game().legal_actions(seat)[0];
        t.play(seat, &action, 9, |_| false).unwrap();
        assert!(!t.can_undo(Some(seat)));
        assert_eq!(t.undo(Some(seat)), None);
        // Names and players must match in number.
        assert!(matches!(
            Table::<Catan>::new(&Default::default(), None, vec!["A".into()], vec![], 1),
            Err(TableError::Seats)
        ));
    }
}
