//! A game of Catan at the table: the match and its record, who sits in
//! each seat, what happened (each action and the events it set off), who
//! decides next, and undo. Pure Rust with no browser calls, so it is
//! tested natively; the page draws it and says it in words.
//!
//! Undo takes back a seat's own last action while that seat is still the
//! one to act and nothing was revealed since: never across dice, a theft,
//! a card drawn, or a decision handed to another seat.

use tabula_catan::{Action, Catan, Event, Options, Refusal};
use tabula_engine::{Game, GameRecord, RecordError, Seat, ToMove};
use tabula_page_kit::players::Player;
use tabula_page_kit::table::Table as KitTable;

use crate::game_words::Facts;

/// One line of what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happening {
    /// A seat's action.
    Action {
        /// The turn it was taken in.
        turn: u32,
        /// Who took it.
        seat: Seat,
        /// What it was.
        action: Action,
        /// What its words take from the game as it was then (the level
        /// an improvement reached).
        facts: Facts,
    },
    /// A seat's decision in a step every deciding seat takes at once (a
    /// discard, an answer to an offer), while others may still decide:
    /// what it was stays sealed from the others until all have decided.
    Sealed {
        /// The turn.
        turn: u32,
        /// Who decided.
        seat: Seat,
    },
    /// Something an action or the dice set off.
    Event {
        /// The turn.
        turn: u32,
        /// What happened, with every card in it (see [`Table::log_for`]).
        event: Event,
    },
}

/// Why a game cannot start or an action cannot be played.
#[derive(Clone, Debug)]
pub enum TableError {
    /// The seats' names and players do not match in number.
    Seats,
    /// The rules refuse the action (their reason).
    Rules(Refusal),
    /// The record or the start refused (options, map, names).
    Record(RecordError),
}

impl TableError {
    /// Why, in the page's language.
    pub fn in_words(&self) -> String {
        match self {
            TableError::Seats => tabula_page_kit::i18n::t("cr-seats"),
            TableError::Rules(r) => crate::game_words::refusal(r),
            TableError::Record(r) => {
                tabula_page_kit::error_words::record_of::<crate::game_words::Words>(r, None)
            }
        }
    }
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::Seats => f.write_str("every seat needs a name and a player"),
            TableError::Rules(r) => write!(f, "{r}"),
            TableError::Record(e) => write!(f, "{e}"),
        }
    }
}

/// A game being played on the page: the kit's table (the match, seats,
/// undo) and what happened, in the game's own terms.
pub struct Table {
    t: KitTable<Catan>,
    log: Vec<Happening>,
    /// Whether AIs may put offers to people (see [`crate::offers`]).
    pub(crate) offers_to_people: bool,
    /// The (turn, person) pairs in which a person answered an AI's offer.
    pub(crate) asked: Vec<(u32, Seat)>,
}

impl tabula_page_kit::records::Resumable for Table {
    type Game = Catan;

    fn from_record(record: &GameRecord) -> Result<Table, RecordError> {
        Table::from_record(record)
    }

    fn game(&self) -> &Catan {
        Table::game(self)
    }
}

impl Table {
    /// Start a game on `map` (the course format; the standard board when
    /// `None`). Names are checked by the record (no control characters,
    /// not too long).
    pub fn new(
        options: &Options,
        map: Option<&str>,
        names: Vec<String>,
        players: Vec<Player>,
        seed: u64,
    ) -> Result<Table, TableError> {
        KitTable::new(options, map, names, players, seed)
            .map(Table::on)
            .map_err(|e| match e {
                tabula_page_kit::table::TableError::Seats => TableError::Seats,
                tabula_page_kit::table::TableError::Record(e) => TableError::Record(e),
            })
    }

    /// A game at the kit's table `t`, nothing told yet.
    fn on(t: KitTable<Catan>) -> Table {
        Table {
            t,
            log: Vec::new(),
            offers_to_people: true,
            asked: Vec::new(),
        }
    }

    /// Resume the game of a record (checked in full first: every action
    /// and the final hash), with what happened told again. Undo starts
    /// empty.
    pub fn from_record(record: &GameRecord) -> Result<Table, RecordError> {
        let mut t = KitTable::<Catan>::resume(
            record,
            |s| {
                KitTable::new(
                    &s.options,
                    record.map.as_deref(),
                    s.names,
                    s.players,
                    record.seed,
                )
                .map(Table::on)
                .map_err(tabula_page_kit::table::TableError::into_record)
            },
            |t, seat, action| t.play(seat, action).map_err(|e| e.to_string()),
        )?;
        t.t.forget_undo();
        Ok(t)
    }

    /// The game.
    pub fn game(&self) -> &Catan {
        self.t.game()
    }

    /// The record so far.
    pub fn record(&self) -> std::cell::Ref<'_, GameRecord> {
        self.t.record()
    }

    /// The seats' names.
    pub fn names(&self) -> &[String] {
        self.t.names()
    }

    /// Who sits in each seat.
    pub fn players(&self) -> &[Player] {
        self.t.players()
    }

    /// The seats that must decide now (one, or several at once: a 7's
    /// discards, answers to an offer).
    pub fn deciding(&self) -> Vec<Seat> {
        self.t.deciding()
    }

    /// An AI seat that must decide, with its bot: asked before any person,
    /// so people hand the device round only for their own decisions.
    pub fn ai_to_act(&self) -> Option<(Seat, String)> {
        self.t.ai_to_act()
    }

    /// The person who decides next, once no AI seat has to.
    pub fn person_to_act(&self) -> Option<Seat> {
        if self.ai_to_act().is_some() {
            return None;
        }
        self.t.person_to_act()
    }

    /// Play `seat`'s action through the engine's checked path, then the
    /// dice if they are due; what it set off is added to the log. Undo
    /// may take it back while the seat is still the one to act and
    /// nothing was revealed.
    pub fn play(&mut self, seat: Seat, action: Action) -> Result<(), TableError> {
        let mut events = Vec::new();
        let mut probe = self.game().clone();
        probe
            .apply_logged(seat, &action, &mut events)
            .map_err(TableError::Rules)?;
        while probe.to_move() == ToMove::Chance {
            probe
                .apply_chance_logged(&mut events)
                .map_err(TableError::Rules)?;
        }
        let mark = self.log.len();
        let turn = self.game().turn;
        let facts = Facts::before(self.game(), &action, seat);
        let revealed = events.iter().any(|e| {
            matches!(
                e,
                Event::Rolled { .. } | Event::Stole { .. } | Event::Drew { .. }
            )
        });
        self.t
            .play(seat, &action, mark, |t| {
                !revealed && t.game().to_move() == ToMove::Seat(seat)
            })
            .map_err(TableError::Record)?;
        self.log.push(Happening::Action {
            turn,
            seat,
            action,
            facts,
        });
        self.log.extend(
            events
                .into_iter()
                .map(|event| Happening::Event { turn, event }),
        );
        Ok(())
    }

    /// The one seat deciding now, who alone may take back their action.
    fn alone(&self) -> Option<Seat> {
        match self.game().to_move() {
            ToMove::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// Whether the last action can be taken back (by the seat that took it).
    pub fn can_undo(&self) -> bool {
        self.t.can_undo(self.alone())
    }

    /// Take back the last action; whether there was one to take back.
    pub fn undo(&mut self) -> bool {
        match self.t.undo(self.alone()) {
            Some(mark) => {
                self.log.truncate(mark);
                true
            }
            None => false,
        }
    }

    /// What happened, as `viewer` may know it (`None`: someone watching
    /// AIs, who is no seat): others' stolen and drawn cards unknown.
    /// While seats decide at once (discards, answers to an offer), the
    /// decisions already taken in that step are sealed for every other
    /// seat.
    pub fn log_for(&self, viewer: Option<Seat>) -> Vec<Happening> {
        let open = matches!(self.game().to_move(), ToMove::Simultaneous(_));
        // The trailing run of decisions of the step still open.
        let mut open_from = self.log.len();
        if open {
            while open_from > 0
                && matches!(
                    self.log[open_from - 1],
                    Happening::Action {
                        action: Action::Discard { .. }
                            | Action::Accept
                            | Action::Decline
                            | Action::Counter { .. },
                        ..
                    }
                )
            {
                open_from -= 1;
            }
        }
        self.log
            .iter()
            .enumerate()
            .map(|(i, h)| match h {
                Happening::Event { turn, event } => Happening::Event {
                    turn: *turn,
                    event: event.seen_by(viewer),
                },
                Happening::Action { turn, seat, .. } if i >= open_from && viewer != Some(*seat) => {
                    Happening::Sealed {
                        turn: *turn,
                        seat: *seat,
                    }
                }
                other => other.clone(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_catan::Piece;
    use tabula_engine::GameRng;

    fn people(n: usize) -> (Vec<String>, Vec<Player>) {
        (
            (1..=n).map(|i| format!("Player {i}")).collect(),
            vec![Player::Human; n],
        )
    }

    fn table(seed: u64) -> Table {
        let (names, players) = people(3);
        Table::new(&Options::default(), None, names, players, seed).unwrap()
    }

    /// Play random actions until `stop` holds (or the game ends).
    fn play_until(t: &mut Table, rng: &mut GameRng, stop: impl Fn(&Table) -> bool) {
        for _ in 0..20_000 {
            if stop(t) {
                return;
            }
            let Some(&seat) = t.deciding().first() else {
                return;
            };
            let a = t.game().random_action(seat, rng).unwrap();
            t.play(seat, a).unwrap();
        }
    }

    /// While seats discard at once, the discards already made show to
    /// their own seat only; once all have discarded, to everyone.
    #[test]
    fn discards_are_sealed_from_the_others_until_all_have_discarded() {
        let mut rng = GameRng::seeded(5);
        for seed in 0..40 {
            let mut t = table(seed);
            play_until(&mut t, &mut rng, |t| {
                let d = t.deciding();
                d.len() >= 2
                    && matches!(t.game().to_move(), ToMove::Simultaneous(_))
                    && d.iter().all(|&s| {
                        t.game()
                            .legal_actions(s)
                            .iter()
                            .any(|a| matches!(a, Action::Discard { .. }))
                    })
            });
            if t.deciding().len() < 2 {
                continue;
            }
            let first = t.deciding()[0];
            let other = t.deciding()[1];
            let a = t
                .game()
                .legal_actions(first)
                .into_iter()
                .find(|a| matches!(a, Action::Discard { .. }));
            let Some(a) = a else { continue };
            t.play(first, a).unwrap();
            if !matches!(t.game().to_move(), ToMove::Simultaneous(_)) {
                continue;
            }
            let mine = t.log_for(Some(first));
            let theirs = t.log_for(Some(other));
            assert!(matches!(
                mine.last(),
                Some(Happening::Action {
                    action: Action::Discard { .. },
                    ..
                })
            ));
            assert!(
                matches!(theirs.last(), Some(Happening::Sealed { seat, .. }) if *seat == first)
            );
            assert!(matches!(
                t.log_for(None).last(),
                Some(Happening::Sealed { .. })
            ));
            return;
        }
        panic!("no game reached a 7 with two seats discarding");
    }

    /// Each improvement in the log keeps the level it reached when it was
    /// made (1, 2, 3 … on each track, the last one the level the seat has
    /// now), though the game has moved on since.
    #[test]
    fn the_log_keeps_the_level_each_improvement_reached() {
        let upgrades = |t: &Table| -> Vec<(Seat, usize, Option<u8>)> {
            t.log_for(None)
                .iter()
                .filter_map(|h| match h {
                    Happening::Action {
                        seat,
                        action: Action::UpgradeProgress { track },
                        facts,
                        ..
                    } => Some((*seat, track.index(), facts.level)),
                    _ => None,
                })
                .collect()
        };
        for seed in 0..40 {
            let mut t = table(seed);
            let mut rng = GameRng::seeded(seed);
            play_until(&mut t, &mut rng, |t| {
                let u = upgrades(t);
                u.iter()
                    .any(|&(s, k, _)| u.iter().filter(|x| (x.0, x.1) == (s, k)).count() >= 2)
            });
            let u = upgrades(&t);
            if u.len() < 2 {
                continue;
            }
            crate::add_play_words();
            tabula_page_kit::i18n::use_lang(Some(tabula_page_kit::i18n::Lang::En));
            let names: Vec<String> = (1..=3).map(|i| format!("Player {i}")).collect();
            let n = crate::game_words::Names::new(&names, t.game());
            let mut reached = std::collections::HashMap::new();
            for &(seat, k, level) in &u {
                let now = reached.entry((seat, k)).or_insert(0u8);
                *now += 1;
                assert_eq!(level, Some(*now), "seat {seat}, track {k}");
                let action = Action::UpgradeProgress {
                    track: tabula_catan::Track::ALL[k],
                };
                let facts = Facts { level, rate: None };
                let said = crate::game_words::said(&action, facts, &n);
                assert!(said.ends_with(&format!("to level {now}")), "{said}");
            }
            tabula_page_kit::i18n::use_lang(None);
            for ((seat, k), n) in reached {
                assert_eq!(t.game().players[seat as usize].levels[k], n);
            }
            return;
        }
        panic!("no random game improved a track twice");
    }

    #[test]
    fn a_building_in_set_up_can_be_taken_back_and_the_log_with_it() {
        let mut t = table(1);
        let seat = t.deciding()[0];
        let a = t.game().legal_actions(seat)[3];
        t.play(seat, a).unwrap();
        // Set-up goes on with the same seat's road: the settlement may be
        // taken back.
        assert_eq!(t.deciding(), vec![seat]);
        assert!(t.can_undo());
        assert_eq!(t.log_for(Some(seat)).len(), 1);
        assert!(t.undo());
        assert_eq!(t.record().actions.len(), 0);
        assert!(t.log_for(None).is_empty());
        assert!(!t.can_undo());
    }

    #[test]
    fn dice_end_undo_and_production_is_logged() {
        let mut t = table(2);
        let mut rng = GameRng::seeded(2);
        play_until(&mut t, &mut rng, |t| {
            t.game()
                .legal_actions(t.game().current)
                .contains(&Action::RollDice)
        });
        let seat = t.game().current;
        t.play(seat, Action::RollDice).unwrap();
        assert!(!t.can_undo(), "a roll cannot be taken back");
        assert!(t.log_for(None).iter().any(|h| matches!(
            h,
            Happening::Event {
                event: Event::Rolled { .. },
                ..
            }
        )));
    }

    #[test]
    fn a_refused_action_changes_nothing_and_says_why() {
        let mut t = table(3);
        let seat = t.deciding()[0];
        let before = t.record().clone();
        let e = t
            .play(
                seat,
                Action::Build {
                    piece: Piece::City,
                    at: 9999,
                },
            )
            .unwrap_err();
        assert!(matches!(e, TableError::Rules(_)));
        assert!(!e.to_string().is_empty());
        assert_eq!(*t.record(), before);
        assert!(t.log_for(None).is_empty());
    }

    #[test]
    fn ais_are_asked_before_people_and_a_record_resumes_the_same() {
        let names = vec!["Ada".into(), "Robo".into(), "Cy".into()];
        let players = vec![
            Player::Human,
            Player::Ai("search:easy".into()),
            Player::Ai("random".into()),
        ];
        let mut t = Table::new(&Options::default(), None, names, players, 5).unwrap();
        let mut rng = GameRng::seeded(5);
        for _ in 0..600 {
            let Some(&seat) = t.deciding().first() else {
                break;
            };
            if let Some((ai, _)) = t.ai_to_act() {
                assert_ne!(t.players()[ai as usize], Player::Human);
                assert_eq!(t.person_to_act(), None);
            } else if let Some(p) = t.person_to_act() {
                assert_eq!(t.players()[p as usize], Player::Human);
            }
            let a = t.game().random_action(seat, &mut rng).unwrap();
            t.play(seat, a).unwrap();
        }
        let again = Table::from_record(&t.record()).unwrap();
        assert_eq!(again.game().state_hash(), t.game().state_hash());
        assert_eq!(again.log_for(None), t.log_for(None));
        assert_eq!(again.players(), t.players());
        assert!(!again.can_undo());
    }

    #[test]
    fn a_theft_shows_its_card_to_thief_and_victim_only() {
        let (names, players) = people(4);
        let mut seen = false;
        for seed in 0..20 {
            let mut t =
                Table::new(&Options::base(), None, names.clone(), players.clone(), seed).unwrap();
            let mut rng = GameRng::seeded(seed);
            play_until(&mut t, &mut rng, |t| {
                t.log_for(None).iter().any(|h| {
                    matches!(
                        h,
                        Happening::Event {
                            event: Event::Stole { .. },
                            ..
                        }
                    )
                })
            });
            for h in t.log_for(Some(0)) {
                if let Happening::Event {
                    event:
                        Event::Stole {
                            thief,
                            victim,
                            card,
                        },
                    ..
                } = h
                {
                    assert_eq!(card.is_some(), thief == 0 || victim == 0);
                    seen = true;
                }
            }
            if seen {
                break;
            }
        }
        assert!(seen, "no theft in 20 games");
    }

    #[test]
    fn seats_need_as_many_players_as_names() {
        let e = Table::new(
            &Options::default(),
            None,
            vec!["A".into(), "B".into(), "C".into()],
            vec![Player::Human; 2],
            1,
        );
        assert!(matches!(e, Err(TableError::Seats)));
    }
}
