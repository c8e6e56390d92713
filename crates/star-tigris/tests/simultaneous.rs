//! The simultaneous variant (`docs/star-tigris/rules.md` §11), one scenario
//! per rule, from boards written as text. Kinds in score arrays: [settler,
//! scientist, merchant, mining].

mod common;

use common::setup;
use tabula_engine::{Game, SeatSet, ToMove};
use tabula_star_tigris::events::Event;
use tabula_star_tigris::kind::total;
use tabula_star_tigris::{
    Action, Kind, Options, Phase, Pos, RuleError, StarTigris, TurnOrder, Turns,
};

/// Give an order (or `pass` to seal) for `seat`: it must be listed as
/// legal and accepted; draws and execution steps that follow are made.
fn give(g: &mut StarTigris, seat: u8, text: &str) -> Vec<Event> {
    let a: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(
        g.legal_actions(seat).contains(&a),
        "{text} is not listed as legal for seat {seat}: {:?}",
        g.legal_actions(seat)
    );
    let mut ev = Vec::new();
    g.apply_logged(seat, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    while g.to_move() == ToMove::Chance {
        g.chance_logged(&mut ev).unwrap();
    }
    ev
}

/// An order `seat` may not give: refused, unlisted, the state unchanged.
fn refused(g: &StarTigris, seat: u8, text: &str) -> RuleError {
    let a: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(!g.legal_actions(seat).contains(&a), "{text} is listed");
    let mut copy = g.clone();
    let err = copy.apply(seat, &a).expect_err(text);
    assert_eq!(&copy, g, "a refused action changed the state");
    err
}

fn skipped(ev: &[Event]) -> Vec<(u8, String, RuleError)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::OrderSkipped {
                seat,
                order,
                reason,
            } => Some((*seat, order.to_string(), reason.clone())),
            _ => None,
        })
        .collect()
}

fn carried_out(ev: &[Event]) -> Vec<(u8, String)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::OrderCarriedOut { seat, order } => Some((*seat, order.to_string())),
            _ => None,
        })
        .collect()
}

fn pos(s: &str) -> Pos {
    s.parse().unwrap()
}

fn order(g: &StarTigris) -> Vec<u8> {
    g.simultaneous().unwrap().order(g.players()).to_vec()
}

#[test]
fn r11_1_every_seat_gives_orders_at_once_then_they_are_carried_out() {
    let mut g = StarTigris::new(
        &Options {
            turns: Turns::Simultaneous,
            ..Options::default()
        },
        tabula_star_tigris::DEFAULT_MAP,
        3,
        7,
    )
    .unwrap();
    assert_eq!(g.phase(), Phase::Submit);
    assert_eq!(g.to_move(), ToMove::Simultaneous(SeatSet::first(3)));
    assert_eq!(order(&g), vec![0, 1, 2]);
    // Seats give orders in any order; a sealed seat leaves the set.
    give(&mut g, 2, "pass");
    assert_eq!(g.to_move(), ToMove::Simultaneous(SeatSet::first(2)));
    assert_eq!(refused(&g, 2, "pass"), RuleError::NotDeciding(2));
    give(&mut g, 1, "pass");
    let ev = give(&mut g, 0, "pass");
    // Nobody gave an order: the turn ends, hands stay full, the rotation moves.
    assert!(ev.iter().any(|e| matches!(e, Event::ResolutionEnded)));
    assert_eq!(order(&g), vec![1, 2, 0]);
    assert_eq!(g.turn(), 2);
}

#[test]
fn r11_2_an_order_on_a_system_already_ordered_is_refused_at_submission() {
    let mut g = setup(
        "players 2
turns simultaneous
hand 1 settler 2 scientist 1
hand 2 settler 1
board
t . . .
. . . .
A . A A
",
    );
    let mut h = g.clone();
    give(&mut g, 0, "colonize settler B1");
    assert_eq!(
        refused(&g, 0, "destroy B1"),
        RuleError::SystemOrdered(pos("B1"))
    );
    assert_eq!(
        refused(&g, 0, "colonize settler B1"),
        RuleError::SystemOrdered(pos("B1"))
    );
    // One order per piece: the last scientist may not be both swapped and
    // settled; a leader takes one order a turn.
    give(&mut h, 0, "swap scientist");
    assert_eq!(
        refused(&h, 0, "colonize scientist C2"),
        RuleError::NotInHand(Kind::Scientist)
    );
    let mut l = setup(
        "players 2
turns simultaneous
board
t . . .
. . . .
A . A A
",
    );
    give(&mut l, 1, "place merchant B1");
    assert_eq!(
        refused(&l, 1, "withdraw merchant"),
        RuleError::LeaderOrdered(Kind::Merchant)
    );
    // Checked against the board at the start of the turn: B1 is still empty.
    assert_eq!(
        refused(&l, 1, "colonize scientist B1"),
        RuleError::SystemOrdered(pos("B1"))
    );
    // At most two orders, then only the seal.
    give(&mut g, 0, "colonize settler C1");
    assert_eq!(
        refused(&g, 0, "colonize scientist C2"),
        RuleError::TwoOrdersGiven
    );
    assert_eq!(g.legal_actions(0), vec![Action::Pass]);
}

#[test]
fn r11_5_two_players_colonize_the_same_system_the_second_is_skipped() {
    let mut g = setup(
        "players 2
turns simultaneous
hand 1 settler 3 scientist 3
hand 2 settler 3 scientist 3
board
t . . .
. . . .
A . A A
",
    );
    give(&mut g, 0, "colonize settler B1");
    give(&mut g, 0, "pass");
    // Seat 1 cannot see seat 0's order: its view shows only that seat 0 sealed.
    let view = serde_json::to_string(&g.player_view(1)).unwrap();
    assert!(!view.contains("colonize"), "{view}");
    give(&mut g, 1, "colonize settler B1");
    give(&mut g, 1, "colonize scientist D2");
    let ev = give(&mut g, 1, "pass");
    assert_eq!(
        carried_out(&ev),
        vec![
            (0, "colonize settler B1".into()),
            (1, "colonize scientist D2".into())
        ]
    );
    assert_eq!(
        skipped(&ev),
        vec![(
            1,
            "colonize settler B1".into(),
            RuleError::Occupied(pos("B1"))
        )]
    );
    assert_eq!(g.at(pos("B1")).colony(), Some(Kind::Settler));
    // The skipped colonist stays in the hand and is not carried over.
    assert!(g.hand(1)[Kind::Settler.index()] >= 3);
    assert_eq!(total(&g.hand(1)), 6);
    assert!(g.simultaneous().unwrap().orders_of(1).next().is_none());
    assert_eq!(g.phase(), Phase::Submit);
}

#[test]
fn r11_5_a_leader_target_that_became_a_link_between_two_regions_is_skipped() {
    let mut g = setup(
        "players 2
turns simultaneous
hand 1 settler 3
board
t . . p
. . . .
A . A A
",
    );
    // At the start of the turn B1 touches only the region of A1.
    give(&mut g, 1, "place merchant B1");
    give(&mut g, 1, "pass");
    give(&mut g, 0, "colonize settler C1");
    let ev = give(&mut g, 0, "pass");
    assert_eq!(
        skipped(&ev),
        vec![(
            1,
            "place merchant B1".into(),
            RuleError::LeaderJoins(pos("B1"), 2)
        )]
    );
    assert_eq!(g.leader(1, Kind::Merchant), None);
}

/// Two regions that share settler and merchant leaders, joined at D1.
const TWO_KINGDOMS: &str = "players 2
turns simultaneous
hand 1 settler 3 merchant 3
hand 2 settler 3 merchant 3
board
t  M1 p  .  p  M2 t
t  P1 .  .  .  P2 t
.  .  .  .  .  .  .
A  .  A  .  A  .  .
";

#[test]
fn r11_7_a_joining_colony_queues_one_conflict_per_kind_and_waits() {
    let mut g = setup(TWO_KINGDOMS);
    give(&mut g, 1, "pass");
    give(&mut g, 0, "colonize settler D1");
    let ev = give(&mut g, 0, "pass");
    let queued: Vec<Kind> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ConflictQueued { queued, .. } => Some(queued.kind),
            _ => None,
        })
        .collect();
    assert_eq!(queued, vec![Kind::Settler, Kind::Merchant], "fixed order");
    // The colony stands but belongs to no region until its conflicts end.
    let d1 = g.index(pos("D1")).unwrap();
    assert!(g.cell(d1).is_held());
    assert_eq!(g.regions().of(d1), None);
    assert_ne!(g.regions().of(d1 - 1), g.regions().of(d1 + 1));
    assert_eq!(g.score(0), [0; 4], "the joining colony scores nothing yet");
    // The next turn is a combat turn for the settler conflict: the joining
    // player's leader attacks.
    let Phase::Combat(c) = g.phase() else {
        panic!("{:?}", g.phase())
    };
    assert!(c.external && c.kind == Kind::Settler);
    assert_eq!((c.attacker, c.defender), (0, 1));
    assert_eq!((c.attacker_base, c.defender_base), (1, 1));
    assert_eq!(g.to_move(), ToMove::Simultaneous(SeatSet::first(2)));
    // Only the two sides decide; an order is refused.
    assert!(matches!(
        refused(&g, 0, "colonize settler C2"),
        RuleError::WrongPhase { .. }
    ));
}

#[test]
fn r11_9_two_conflicts_from_one_colony_the_second_dropped_after_the_first() {
    let mut g = setup(TWO_KINGDOMS);
    give(&mut g, 1, "pass");
    give(&mut g, 0, "colonize settler D1");
    give(&mut g, 0, "pass");
    // The settler conflict: seat 0 commits nothing, seat 1 one settler.
    give(&mut g, 1, "commit 1");
    // A commitment is secret until both are in.
    let view = g.player_view(0);
    let sim = view.sim.as_ref().unwrap();
    assert_eq!((sim.committed, sim.own_commit), ([false, true], None));
    assert_eq!(total(&g.hand(1)), 6, "not taken from the hand yet");
    let ev = give(&mut g, 0, "commit 0");
    // Seat 1 wins 2–1: seat 0's settler leader returns and C1 is removed,
    // which cuts seat 0's merchant leader off D1: the merchant conflict is
    // dropped, and D1 joins seat 1's region, scoring for its settler leader.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ConflictResolved {
            winner: 1,
            loser: 0,
            ..
        }
    )));
    assert!(ev.iter().any(
        |e| matches!(e, Event::ConflictDropped { queued, .. } if queued.kind == Kind::Merchant)
    ));
    assert!(ev.iter().any(|e| matches!(e, Event::ColonyJoined { .. })));
    assert_eq!(g.leader(0, Kind::Settler), None);
    assert_eq!(g.at(pos("C1")).colony(), None);
    let d1 = g.index(pos("D1")).unwrap();
    assert!(!g.cell(d1).is_held());
    assert_eq!(g.regions().of(d1), g.regions().of(d1 + 1));
    // 1 removed colony + 1 for the leader, + 1 for D1.
    assert_eq!(g.score(1), [3, 0, 0, 0]);
    assert_eq!(g.phase(), Phase::Submit, "normal turns resume");
    assert_eq!(
        total(&g.hand(1)),
        6,
        "hands are refilled after a combat turn"
    );
}

#[test]
fn r11_9_a_tie_goes_to_the_defender() {
    let mut g = setup(
        "players 2
turns simultaneous
hand 1 scientist 2
hand 2 scientist 2
board
T1 t  .  .
.  .  .  .
A  .  A  A
",
    );
    give(&mut g, 0, "pass");
    // Seat 1's scientist leader arrives in seat 0's region: internal conflict.
    give(&mut g, 1, "place scientist C1");
    give(&mut g, 1, "pass");
    let Phase::Combat(c) = g.phase() else {
        panic!("{:?}", g.phase())
    };
    assert_eq!((c.external, c.attacker, c.defender), (false, 1, 0));
    assert_eq!((c.attacker_base, c.defender_base), (1, 1));
    give(&mut g, 0, "commit 2");
    give(&mut g, 1, "commit 2");
    // 3–3: the defender keeps its place and scores a technology.
    assert_eq!(g.leader(1, Kind::Scientist), None);
    assert_eq!(g.leader(0, Kind::Scientist), Some(0));
    assert_eq!(g.score(0), [0, 1, 0, 0]);
    assert_eq!(g.removed()[Kind::Scientist.index()], 4);
}

#[test]
fn r11_3_the_rotation_stands_still_through_combat_turns() {
    let mut g = setup(
        "players 3
turns simultaneous
hand 2 scientist 2
board
T1 t  .  .
.  .  .  .
A  .  A  A
",
    );
    assert_eq!(order(&g), vec![0, 1, 2]);
    give(&mut g, 0, "pass");
    give(&mut g, 2, "pass");
    give(&mut g, 1, "place scientist C1");
    give(&mut g, 1, "pass");
    assert!(matches!(g.phase(), Phase::Combat(_)));
    // Seat 2 takes no part in the combat turn.
    assert_eq!(g.to_move(), ToMove::Simultaneous(SeatSet::first(2)));
    assert!(g.legal_actions(2).is_empty());
    give(&mut g, 1, "commit 0");
    give(&mut g, 0, "commit 0");
    // Normal turn 2 starts with seat 1: one step on, however many combat
    // turns came between.
    assert_eq!(g.phase(), Phase::Submit);
    assert_eq!(order(&g), vec![1, 2, 0]);
    assert_eq!(g.turn(), 3, "two normal turns and a combat turn");
}

#[test]
fn r11_3_a_shuffled_order_is_drawn_from_the_seed() {
    let opts = Options {
        turns: Turns::Simultaneous,
        order: TurnOrder::Shuffled,
        ..Options::default()
    };
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let a = StarTigris::new(&opts, tabula_star_tigris::DEFAULT_MAP, 4, seed).unwrap();
        let b = StarTigris::new(&opts, tabula_star_tigris::DEFAULT_MAP, 4, seed).unwrap();
        assert_eq!(order(&a), order(&b));
        let mut sorted = order(&a);
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2, 3]);
        seen.insert(order(&a));
    }
    assert!(seen.len() > 5, "{seen:?}");
}

#[test]
fn r11_6_effects_are_immediate_and_later_orders_see_them() {
    let mut g = setup(
        "players 2
turns simultaneous
hand 1 scientist 3
hand 2 settler 3
board
.  .  .  .
.  .  .  .
A  .  A  A
",
    );
    // B1 has no scientist beside it at the start, so seat 1 cannot order a
    // leader there; seat 0's scientist colony at A1 lands first and scores
    // nothing (no leader).
    give(&mut g, 0, "colonize scientist A1");
    give(&mut g, 0, "pass");
    assert_eq!(
        refused(&g, 1, "place settler B1"),
        RuleError::NoScientist(pos("B1"))
    );
    give(&mut g, 1, "colonize settler B2");
    let ev = give(&mut g, 1, "pass");
    assert_eq!(carried_out(&ev).len(), 2);
    assert!(ev.iter().any(|e| matches!(e, Event::NobodyScored { .. })));
}
