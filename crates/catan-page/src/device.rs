//! Who sees the device in pass-and-play: the seat whose cards show and
//! the person the device must go to first. Kept apart from the screen so
//! that the rule (a hand-off only ever to a person who decides now) is
//! checked natively over whole games.

use crate::table::Table;
use tabula_engine::Seat;
use tabula_page_kit::players::Player;

/// Bring `shown` and `handoff` up to date with `table`: the one person of
/// a game with one always sees their cards; with several, the device goes
/// to the person who decides next (nothing shows until they say who they
/// are), and a hand-off to a person who no longer decides (an AI's offer
/// they were not asked about, declined for them) is taken back.
pub fn settle(table: &Table, shown: &mut Option<Seat>, handoff: &mut Option<Seat>) {
    let humans: Vec<Seat> = (0..table.players().len() as Seat)
        .filter(|s| table.players()[*s as usize] == Player::Human)
        .collect();
    if humans.len() == 1 {
        *shown = Some(humans[0]);
        *handoff = None;
        return;
    }
    match table.person_to_act() {
        Some(p) if *shown != Some(p) => {
            *shown = None;
            *handoff = Some(p);
        }
        Some(_) => {}
        None => {
            if handoff.is_some_and(|h| !table.deciding().contains(&h)) {
                *handoff = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_catan::Options;
    use tabula_engine::{Game, GameRng, ToMove};

    /// Two people and two random AIs, the AIs offering trades: after
    /// every step (the page's own: unasked offers declined, then who sees
    /// the device settled) a hand-off is only ever to a person who
    /// decides, and a person's cards show only while nobody else must be
    /// handed the device.
    #[test]
    fn a_hand_off_is_only_ever_to_a_person_who_decides() {
        let mut handoffs = 0;
        for seed in 0..16 {
            let names = vec!["Ann".into(), "Bo".into(), "Cy".into(), "Di".into()];
            let players = vec![
                Player::Human,
                Player::Human,
                Player::Ai("random".into()),
                Player::Ai("random".into()),
            ];
            let mut t = Table::new(&Options::base(), None, names, players, seed).unwrap();
            let mut rng = GameRng::seeded(seed);
            let (mut shown, mut handoff) = (None, None);
            for _ in 0..4000 {
                // As the page: settled after the last action, then the
                // offers nobody is asked about declined, settled again.
                settle(&t, &mut shown, &mut handoff);
                t.answer_unasked();
                settle(&t, &mut shown, &mut handoff);
                if let Some(h) = handoff {
                    assert!(
                        t.deciding().contains(&h),
                        "seed {seed}: a hand-off to seat {h}, who does not decide"
                    );
                    handoffs += 1;
                    // The person takes the device.
                    shown = handoff.take();
                }
                if t.game().to_move() == ToMove::Over {
                    break;
                }
                // AIs first, as the page asks them before any person.
                let seat = t
                    .ai_to_act()
                    .map(|(s, _)| s)
                    .or(t.person_to_act())
                    .expect("someone decides");
                let legal = t.game().legal_actions(seat);
                let a = legal[rng.below(legal.len() as u64) as usize];
                let a = if t.players()[seat as usize] == Player::Human {
                    a
                } else {
                    t.ai_choice(seat, a)
                };
                let played = if t.players()[seat as usize] == Player::Human {
                    t.play_person(seat, a)
                } else {
                    t.play(seat, a)
                };
                played.unwrap();
            }
        }
        assert!(handoffs > 100, "hand-offs seen: {handoffs}");
    }
}
