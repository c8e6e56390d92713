//! How offers between an AI and a person go at this device: a person is
//! asked about an AI's offer only when they could accept it, at most once
//! in that AI's turn, and not at all when the new-game dialog turned AI
//! offers to people off; the page answers "decline" for them otherwise and
//! says why. An AI does not counter (its counter-offers were made at
//! random among hundreds); an offer a person accepted is carried out
//! unless the AI trades with someone else who accepted (the log then says
//! with whom, and on what terms).
//!
//! Decision: a person who cannot accept is declined for at once, so an
//! AI could in principle learn from the speed of a decline that the person
//! lacks the cards. The bots do not read answers (they sample hidden hands
//! from the cards' count alone); a person playing at the table would show
//! as much by answering at once.

use tabula_catan::game::state::{Answer, Offer, Step};
use tabula_catan::{Action, Card};
use tabula_engine::{Game, Seat};
use tabula_page_kit::players::Player;

use crate::table::{Table, TableError};

/// Why a person was not asked about an AI's offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAsked {
    /// AI offers to people are turned off for this game.
    Off,
    /// The person has too few of the cards asked for.
    CannotAccept {
        /// The card asked for.
        card: Card,
        /// How many.
        n: u8,
    },
    /// The person already answered one of this AI's offers this turn.
    AskedThisTurn,
}

/// The offer open for answers, if the seat whose turn it is (who made
/// it) is an AI.
fn ai_offer(t: &Table) -> Option<(Offer, [Answer; 4])> {
    let game = t.game();
    let Some(Step::Answers { offer, answers }) = game.steps.last() else {
        return None;
    };
    matches!(t.players().get(game.current as usize), Some(Player::Ai(_))).then(|| {
        let mut a = [Answer::Waiting; 4];
        for (i, x) in answers.iter().take(4).enumerate() {
            a[i] = *x;
        }
        (*offer, a)
    })
}

impl Table {
    /// Whether AIs may put offers to people in this game.
    pub fn ai_offers(&self) -> bool {
        self.offers_to_people
    }

    /// Turn AI offers to people on or off.
    pub fn set_ai_offers(&mut self, on: bool) {
        self.offers_to_people = on;
    }

    /// The person who is to answer an AI's offer but is not to be asked,
    /// and why.
    pub fn not_asked(&self) -> Option<(Seat, NotAsked)> {
        let (offer, answers) = ai_offer(self)?;
        let game = self.game();
        let person = (0..game.seat_count() as Seat).find(|s| {
            self.players()[*s as usize] == Player::Human
                && answers[*s as usize] == Answer::Waiting
                && *s != game.current
        })?;
        let why = if !self.offers_to_people {
            NotAsked::Off
        } else if game.players[person as usize].hand.get(offer.take.0) < offer.take.1 {
            NotAsked::CannotAccept {
                card: offer.take.0,
                n: offer.take.1,
            }
        } else if self.asked.contains(&(game.turn, person)) {
            NotAsked::AskedThisTurn
        } else {
            return None;
        };
        Some((person, why))
    }

    /// Decline, for each person not to be asked, the AI's offer; the
    /// seats declined for and why.
    pub fn answer_unasked(&mut self) -> Vec<(Seat, NotAsked)> {
        let mut done = Vec::new();
        while let Some((seat, why)) = self.not_asked() {
            if self.play(seat, Action::Decline).is_err() {
                break;
            }
            done.push((seat, why));
        }
        done
    }

    /// Play a person's own action, noting when it answers an AI's offer
    /// (they are asked once in that AI's turn).
    pub fn play_person(&mut self, seat: Seat, action: Action) -> Result<(), TableError> {
        let answering = ai_offer(self).is_some()
            && matches!(
                action,
                Action::Accept | Action::Decline | Action::Counter { .. }
            );
        let turn = self.game().turn;
        self.play(seat, action)?;
        if answering && !self.asked.contains(&(turn, seat)) {
            self.asked.push((turn, seat));
        }
        Ok(())
    }

    /// An AI's choice as the page plays it: no counter-offer (a decline
    /// instead), and an offer a person accepted carried out rather than
    /// withdrawn.
    pub fn ai_choice(&self, seat: Seat, chosen: Action) -> Action {
        let game = self.game();
        match (game.steps.last(), chosen) {
            (Some(Step::Answers { .. }), Action::Counter { .. }) => Action::Decline,
            (Some(Step::CloseTrade { answers, .. }), Action::CancelTrade)
                if seat == game.current =>
            {
                let person = (0..game.seat_count() as Seat).find(|s| {
                    self.players()[*s as usize] == Player::Human
                        && answers.get(*s as usize) == Some(&Answer::Accept)
                });
                match person {
                    Some(p)
                        if game
                            .legal_actions(seat)
                            .contains(&Action::TradeWith { seat: p }) =>
                    {
                        Action::TradeWith { seat: p }
                    }
                    _ => chosen,
                }
            }
            _ => chosen,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_catan::Options;
    use tabula_engine::{GameRng, ToMove};

    fn table(seed: u64) -> Table {
        let names = vec!["Ann".into(), "Bo".into(), "Cy".into(), "Di".into()];
        let players = vec![
            Player::Human,
            Player::Ai("random".into()),
            Player::Ai("random".into()),
            Player::Ai("random".into()),
        ];
        Table::new(&Options::base(), None, names, players, seed).unwrap()
    }

    /// Random AIs against a person who accepts whatever they are asked:
    /// the person is asked only about offers they can accept, at most once
    /// an AI turn; every offer they accept is carried out; no AI counters.
    #[test]
    fn a_person_is_asked_once_an_ai_turn_and_only_what_they_can_accept() {
        let mut asked_total = 0;
        for seed in 0..12 {
            let mut t = table(seed);
            let mut rng = GameRng::seeded(seed);
            let mut asked_in: Vec<u32> = Vec::new();
            for _ in 0..6000 {
                t.answer_unasked();
                let seat = match t.game().to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => unreachable!("the table rolls"),
                    ToMove::Seat(s) => s,
                    ToMove::Simultaneous(set) => match t.ai_to_act() {
                        Some((s, _)) => s,
                        None => set.iter().next().unwrap(),
                    },
                };
                if seat == 0 {
                    if let Some(Step::Answers { offer, .. }) = t.game().steps.last().cloned()
                        && t.game().current != 0
                    {
                        assert!(
                            t.game().players[0].hand.get(offer.take.0) >= offer.take.1,
                            "seed {seed}: asked what Ann cannot give"
                        );
                        let turn = t.game().turn;
                        assert!(
                            !asked_in.contains(&turn),
                            "seed {seed}: asked twice in turn {turn}"
                        );
                        asked_in.push(turn);
                        asked_total += 1;
                        t.play_person(0, Action::Accept).unwrap();
                        continue;
                    }
                    let a = t.game().random_action(0, &mut rng).unwrap();
                    t.play_person(0, a).unwrap();
                    continue;
                }
                let a = t.game().random_action(seat, &mut rng).unwrap();
                let a = t.ai_choice(seat, a);
                assert!(!matches!(a, Action::Counter { .. }), "an AI countered");
                if let Some(Step::CloseTrade { answers, .. }) = t.game().steps.last()
                    && answers[0] == Answer::Accept
                {
                    assert_ne!(
                        a,
                        Action::CancelTrade,
                        "seed {seed}: Ann's acceptance withdrawn"
                    );
                }
                t.play(seat, a).unwrap();
            }
        }
        assert!(asked_total > 0, "no offer reached the person");
    }

    #[test]
    fn with_ai_offers_off_a_person_is_never_asked() {
        let mut t = table(3);
        t.set_ai_offers(false);
        let mut rng = GameRng::seeded(3);
        let mut declined = 0;
        for _ in 0..4000 {
            declined += t.answer_unasked().len();
            let seat = match t.game().to_move() {
                ToMove::Over => break,
                ToMove::Chance => unreachable!(),
                ToMove::Seat(s) => s,
                ToMove::Simultaneous(set) => set.iter().next().unwrap(),
            };
            if seat == 0 && t.game().current != 0 {
                assert!(!matches!(t.game().steps.last(), Some(Step::Answers { .. })));
            }
            let a = t.game().random_action(seat, &mut rng).unwrap();
            t.play(seat, a).unwrap();
        }
        assert!(declined > 0);
    }
}
