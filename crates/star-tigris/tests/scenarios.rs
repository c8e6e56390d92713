//! One scenario per rule of `docs/star-tigris/rules.md`, from boards
//! written as text. Test names start with the rule's section number.
//! Kinds in score arrays: [settler/people, scientist/technology,
//! merchant/money, mining/raw materials].

mod common;

use common::{act, refuse, score, seat, setup};
use tabula_engine::{Game, ToMove};
use tabula_star_tigris::events::{Event, ReturnReason, ScoreReason};
use tabula_star_tigris::kind::total;
use tabula_star_tigris::regions::Regions;
use tabula_star_tigris::state::EndReason;
use tabula_star_tigris::{DEFAULT_MAP, Kind, Options, Phase, RuleError, StarTigris};

#[test]
fn r1_2_artifact_cells_start_as_unowned_scientist_colonies() {
    let g = StarTigris::new(&Options::default(), DEFAULT_MAP, 3, 1).unwrap();
    assert_eq!((g.width(), g.height()), (16, 11));
    assert_eq!(g.artifacts_on_board(), 10);
    for i in 0..g.cell_count() {
        let c = g.cell(i);
        if c.has_artifact() {
            assert_eq!(c.colony(), Some(Kind::Scientist));
        }
    }
    // 1.4: hands of 6, 2 bombers, leaders in the supply; the pool is dealt from.
    for p in 0..3 {
        assert_eq!(total(&g.hand(p)), 6);
        assert_eq!(g.bombers(p), 2);
        assert!(Kind::ALL.iter().all(|&k| g.leader(p, k).is_none()));
    }
    assert_eq!(g.pool_size(), 153 - 18);
    assert_eq!(g.colonists_accounted(), [30, 57 + 10, 30, 36]);
}

#[test]
fn r1_6_regions_are_orthogonal_groups_split_by_destroyed_cells() {
    let g = setup(
        "players 2
board
t t . p
. X . p
t . . .
",
    );
    let r = Regions::compute(&g, None);
    // {A1,B1}, {D1,D2}, {A3}: diagonal contact does not join; X separates.
    assert_eq!(r.count(g.cell_count()), 3);
    assert_eq!(
        g.regions(),
        &r,
        "the cached regions match a fresh labelling"
    );
    assert_eq!(r.of(0), r.of(1));
    assert_ne!(r.of(1), r.of(3));
    assert_eq!(r.of(3), r.of(7));
    assert!(r.of(5).is_none(), "a destroyed cell is in no region");
}

#[test]
fn r2_1_a_turn_is_two_orders_then_the_next_player() {
    let mut g = setup(
        "players 3
hand 1 settler 6
board
t . . .
. . . .
A . A A
",
    );
    assert_eq!((g.active(), g.orders_left()), (0, 2));
    act(&mut g, "colonize settler B1");
    assert_eq!((g.active(), g.orders_left()), (0, 1));
    act(&mut g, "colonize settler C1");
    // 8.3/8.5: the hand is refilled and seat 2 plays.
    assert_eq!((g.active(), g.orders_left(), g.turn()), (1, 2, 2));
    assert_eq!(total(&g.hand(0)), 6);
    assert!(
        g.hand(0)[0] >= 4,
        "the settlers not played stay in the hand"
    );
}

#[test]
fn r2_2_pass_uses_one_order() {
    let mut g = setup("players 2\nboard\n. . . .\n. . . .\nA . A A\n");
    let ev = act(&mut g, "pass");
    assert!(ev.contains(&Event::Passed { seat: 0 }));
    assert_eq!(g.orders_left(), 1);
    act(&mut g, "pass");
    assert_eq!(g.active(), 1);
}

#[test]
fn r2_3_only_the_deciding_seat_may_act() {
    let g = setup("players 2\nboard\n. . . .\n");
    let mut copy = g.clone();
    let err = copy.apply(1, &"pass".parse().unwrap()).unwrap_err();
    assert_eq!(
        err,
        RuleError::NotYourMove {
            seat: 1,
            to_move: 0
        }
    );
    assert_eq!(copy, g);
    assert!(g.legal_actions(1).is_empty());
}

#[test]
fn r3_1_colonize_only_empty_undestroyed_cells() {
    let g = setup(
        "players 2
hand 1 settler 3 merchant 3
board
t P1 X .
. .  . .
",
    );
    assert_eq!(
        refuse(&g, "colonize settler A1"),
        RuleError::Occupied("A1".parse().unwrap())
    );
    assert_eq!(
        refuse(&g, "colonize settler B1"),
        RuleError::Occupied("B1".parse().unwrap())
    );
    assert_eq!(
        refuse(&g, "colonize settler C1"),
        RuleError::Destroyed("C1".parse().unwrap())
    );
    assert_eq!(
        refuse(&g, "colonize settler Z9"),
        RuleError::OffBoard("Z9".parse().unwrap())
    );
    assert_eq!(
        refuse(&g, "colonize scientist D1"),
        RuleError::NotInHand(Kind::Scientist)
    );
}

#[test]
fn r3_2_mining_robots_only_on_uninhabitable_cells() {
    let mut g = setup(
        "players 2
hand 1 settler 3 mining 3
board
M . . .
. . . .
",
    );
    assert!(matches!(
        refuse(&g, "colonize settler A1"),
        RuleError::Uninhabitable(_)
    ));
    assert!(matches!(
        refuse(&g, "colonize mining B1"),
        RuleError::MiningNeedsUninhabitable(_)
    ));
    act(&mut g, "colonize mining A1");
    assert_eq!(g.cell(0).colony(), Some(Kind::Mining));
}

#[test]
fn r3_3_a_colony_joins_at_most_two_regions_with_leaders() {
    // C2 touches three regions with leaders (B2, C1, D2 groups); C4 touches
    // three regions without leaders.
    let mut g = setup(
        "players 3
hand 1 settler 6
board
.  .  t  .  .
.  .  P1 .  .
t  M2 .  T3 t
.  .  .  .  .
.  p  .  p  .
.  .  p  .  .
",
    );
    // C3 is next to C2 (P1's region), B3 (P2's) and D3 (P3's).
    assert_eq!(
        refuse(&g, "colonize settler C3"),
        RuleError::JoinsTooMany("C3".parse().unwrap(), 3)
    );
    // C5 joins three regions without leaders: allowed.
    act(&mut g, "colonize settler C5");
}

#[test]
fn r3_4_colony_scores_for_its_leader_else_settler_leader_else_nobody() {
    let mut g = setup(
        "players 2
hand 1 merchant 3 scientist 3
board
t  P1 .  .  .  t
t  M2 .  .  .  .
",
    );
    // B2 is P2's merchant leader, in the region of A1/B1.
    // A merchant colony next to the region scores money for P2's merchant leader.
    let ev = act(&mut g, "colonize merchant C1");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Scored {
            seat: 1,
            kind: Kind::Merchant,
            reason: ScoreReason::Leader,
            ..
        }
    )));
    assert_eq!(score(&g, 1), [0, 0, 1, 0]);
    // A scientist colony: no scientist leader, so P1's settler leader collects it.
    let ev = act(&mut g, "colonize scientist C2");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Scored {
            seat: 0,
            kind: Kind::Scientist,
            reason: ScoreReason::SettlerFallback,
            ..
        }
    )));
    assert_eq!(score(&g, 0), [0, 1, 0, 0]);
    // Next turn (P2): a colony in a region with no leaders scores for nobody.
    let mut g = setup(
        "players 2
hand 1 merchant 3 scientist 3
board
t  P1 .  .  .  t
t  M2 .  .  .  .
",
    );
    let ev = act(&mut g, "colonize merchant E1");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::NobodyScored {
            kind: Kind::Merchant,
            ..
        }
    )));
    assert_eq!(score(&g, 0), [0; 4]);
    assert_eq!(score(&g, 1), [0; 4]);
}

#[test]
fn r3_5_joining_regions_without_a_shared_leader_kind_scores_at_once() {
    let mut g = setup(
        "players 2
hand 1 merchant 3 scientist 3
board
t  P1 .  M2 t
",
    );
    // C1 joins P1's settler region and P2's merchant region: no conflict.
    let ev = act(&mut g, "colonize merchant C1");
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ConflictStarted { .. }))
    );
    assert_eq!(
        score(&g, 1),
        [0, 0, 1, 0],
        "the merged region's merchant leader scores"
    );
    assert_eq!(g.phase(), Phase::Order);
}

#[test]
fn r4_1_leaders_stand_next_to_scientist_colonies_on_open_empty_cells() {
    let mut g = setup(
        "players 2
board
t  .  .  .
M  .  .  p
",
    );
    assert!(matches!(
        refuse(&g, "place merchant C1"),
        RuleError::NoScientist(_)
    ));
    assert!(matches!(
        refuse(&g, "place merchant A2"),
        RuleError::Uninhabitable(_)
    ));
    assert!(matches!(
        refuse(&g, "place merchant A1"),
        RuleError::Occupied(_)
    ));
    act(&mut g, "place merchant B1");
    assert_eq!(g.leader(0, Kind::Merchant), Some(1));
    assert!(matches!(
        refuse(&g, "place merchant B2"),
        RuleError::LeaderOnBoard(Kind::Merchant)
    ));
}

#[test]
fn r4_2_a_leader_may_not_join_two_regions() {
    let g = setup(
        "players 2
board
t  .  p
.  .  .
",
    );
    // B1 touches A1's region and C1's region.
    assert_eq!(
        refuse(&g, "place settler B1"),
        RuleError::LeaderJoins("B1".parse().unwrap(), 2)
    );
}

#[test]
fn r4_3_move_lifts_the_leader_first_and_may_start_a_conflict() {
    let mut g = setup(
        "players 2
hand 1 scientist 6
hand 2 scientist 6
board
t  P1 t  .  .
.  .  .  .  .
.  t  P2 t  .
",
    );
    // Lifted from B1, P1's settler may go to A2 (next to A1) — B1's cell is empty once lifted.
    assert!(matches!(
        refuse(&g, "move settler B1"),
        RuleError::SameCell(Kind::Settler, _)
    ));
    assert!(matches!(
        refuse(&g, "move merchant A2"),
        RuleError::LeaderOffBoard(Kind::Merchant)
    ));
    let ev = act(&mut g, "move settler A2");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::LeaderMoved {
            seat: 0,
            kind: Kind::Settler,
            ..
        }
    )));
    assert_eq!(g.leader(0, Kind::Settler), Some(5));
    // Moving next to P2's settler region starts an internal conflict.
    act(&mut g, "move settler A3");
    assert!(
        matches!(g.phase(), Phase::Conflict(c) if !c.external && c.attacker == 0 && c.defender == 1)
    );
}

#[test]
fn r4_4_withdraw_returns_a_leader_to_the_supply() {
    let mut g = setup("players 2\nboard\nt P1 .\n");
    assert!(matches!(
        refuse(&g, "withdraw merchant"),
        RuleError::LeaderOffBoard(_)
    ));
    let ev = act(&mut g, "withdraw settler");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::LeaderWithdrawn { .. }))
    );
    assert_eq!(g.leader(0, Kind::Settler), None);
    assert!(g.cell(1).is_empty());
}

#[test]
fn r4_5_a_leader_without_a_scientist_neighbour_returns() {
    let mut g = setup(
        "players 2
board
t  M2 p
.  .  .
",
    );
    let ev = act(&mut g, "destroy A1");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::LeaderReturned {
            seat: 1,
            kind: Kind::Merchant,
            reason: ReturnReason::NoScientist,
            ..
        }
    )));
    assert_eq!(g.leader(1, Kind::Merchant), None);
}

#[test]
fn r5_1_internal_conflict_strength_reinforcement_and_reward() {
    // P1 places a merchant leader at C2 (2 scientists beside it) into the
    // region of P2's merchant leader at E2 (1 scientist beside it).
    let mut g = setup(
        "players 2
hand 1 scientist 3 merchant 3
hand 2 scientist 2 merchant 4
board
.  .  .  .  .  .
.  t  .  t  M2 .
.  t  p  p  p  .
",
    );
    act(&mut g, "place merchant C2");
    let Phase::Conflict(c) = g.phase() else {
        panic!("no conflict")
    };
    assert_eq!((c.attacker_base, c.defender_base), (2, 1));
    assert_eq!(seat(&g), 0, "the attacker commits first");
    act(&mut g, "commit 1");
    assert_eq!(seat(&g), 1, "then the defender");
    assert!(matches!(
        refuse(&g, "commit 3"),
        RuleError::CommitTooMany { .. }
    ));
    assert!(matches!(refuse(&g, "pass"), RuleError::WrongPhase { .. }));
    let ev = act(&mut g, "commit 2");
    // 3 against 3: the defender wins the tie.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ConflictResolved {
            winner: 1,
            loser: 0,
            attacker_strength: 3,
            defender_strength: 3,
            ..
        }
    )));
    assert_eq!(
        g.leader(0, Kind::Merchant),
        None,
        "the attacker's leader returns"
    );
    assert_eq!(g.leader(1, Kind::Merchant), Some(10));
    assert_eq!(score(&g, 1), [0, 1, 0, 0], "the winner scores 1 technology");
    assert_eq!(
        g.removed()[Kind::Scientist.index()],
        3,
        "committed colonists leave the game"
    );
    assert_eq!(g.orders_left(), 1);
}

#[test]
fn r5_2_external_conflict_removes_the_losers_colonies_and_scores_them() {
    // P2 (active) joins P1's merchant region (left) and its own (right) with a settler at D2.
    let mut g = setup(
        "players 2
active 2
hand 1 scientist 3 settler 2 mining 1
hand 2 merchant 3 settler 3
board
m  m  m  .  .  m  m  .
m  M1 t  .  A  M2 m  .
m  .  .  .  .  .  A  P2
.  .  .  .  .  .  .  .
A  .  .  .  A  .  .  A
",
    );
    let ev = act(&mut g, "colonize settler D2");
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Scored { .. })),
        "the joining colony waits"
    );
    let Phase::Conflict(c) = g.phase() else {
        panic!("no conflict")
    };
    assert!(c.external);
    assert_eq!(c.kind, Kind::Merchant);
    assert_eq!(
        (c.attacker, c.defender),
        (1, 0),
        "the active player attacks"
    );
    assert_eq!((c.attacker_base, c.defender_base), (3, 5));
    act(&mut g, "commit 3");
    let ev = act(&mut g, "commit 0");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ConflictResolved {
            winner: 1,
            attacker_strength: 6,
            defender_strength: 5,
            colonies_removed: 5,
            ..
        }
    )));
    for cell in ["A1", "B1", "C1", "A2", "A3"] {
        assert!(g.at(cell.parse().unwrap()).is_empty(), "{cell} removed");
    }
    assert_eq!(g.leader(0, Kind::Merchant), None);
    // 5 colonies + 1 for the leader; then the joining settler scores for P2's settler leader.
    assert_eq!(score(&g, 1), [1, 0, 6, 0]);
    assert_eq!(g.removed()[Kind::Merchant.index()], 5 + 3);
}

#[test]
fn r5_2_2_the_attacker_is_the_next_involved_player_after_the_active_one() {
    // Seat 2 (active) joins the merchant regions of seats 1 and 3: seat 3
    // comes first after seat 2 in turn order, so seat 3 attacks.
    let text = "players 3
active ACTIVE
hand 1 merchant 3 settler 3
hand 2 merchant 3 settler 3
hand 3 merchant 3 settler 3
board
t  M1 .  M3 t
";
    let mut g = setup(&text.replace("ACTIVE", "2"));
    act(&mut g, "colonize settler C1");
    let Phase::Conflict(c) = g.phase() else {
        panic!()
    };
    assert_eq!((c.attacker, c.defender), (2, 0));
    // With seat 3 active and not involved... seat 3 is involved; use seat 1 active instead:
    let mut g = setup(&text.replace("ACTIVE", "1"));
    act(&mut g, "colonize settler C1");
    let Phase::Conflict(c) = g.phase() else {
        panic!()
    };
    assert_eq!(
        (c.attacker, c.defender),
        (0, 2),
        "the active player's own leader attacks"
    );
}

#[test]
fn r5_2_4_artifact_colonies_and_scientists_beside_another_leader_survive() {
    let mut g = setup(
        "players 2
active 2
hand 2 scientist 3 settler 3
board
t  T1 t  .  t
t  P1 .  .  T2
A  .  .  .  t
",
    );
    act(&mut g, "colonize settler D1");
    let Phase::Conflict(c) = g.phase() else {
        panic!()
    };
    assert_eq!(
        (c.kind, c.attacker_base, c.defender_base),
        (Kind::Scientist, 2, 4)
    );
    act(&mut g, "commit 3");
    let ev = act(&mut g, "commit 0");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ConflictResolved {
            winner: 1,
            colonies_removed: 2,
            ..
        }
    )));
    assert!(g.at("A1".parse().unwrap()).is_empty(), "A1 removed");
    assert!(g.at("C1".parse().unwrap()).is_empty(), "C1 removed");
    assert!(
        g.at("A2".parse().unwrap()).is_scientist(),
        "A2 stays: P1's settler leader is beside it"
    );
    assert!(
        g.at("A3".parse().unwrap()).has_artifact(),
        "the artifact colony stays"
    );
    assert_eq!(
        g.leader(0, Kind::Settler),
        Some(6),
        "P1's settler leader keeps its scientist"
    );
    assert_eq!(
        score(&g, 1)[Kind::Scientist.index()],
        3,
        "2 removed + 1 for the leader"
    );
    // The joining settler: its region (D1, E1-E3) has no settler leader: nobody.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::NobodyScored {
            kind: Kind::Settler,
            ..
        }
    )));
}

#[test]
fn r5_2_7_the_active_player_orders_conflicts_and_vanished_ones_are_dropped() {
    let text = "players 2
active 2
hand 1 merchant 3 settler 3
hand 2 scientist 3 settler 3
board
t  M1 p  .  t  P2
t  P1 .  .  M2 .
";
    // Settler first: P2 wins it, P1's settler colony C1 goes, and with it
    // the link between the merchant leaders: the merchant conflict vanishes.
    let mut g = setup(text);
    act(&mut g, "colonize scientist D1");
    assert_eq!(
        g.phase(),
        Phase::ChooseConflict {
            cell: 3,
            pending: 0b0101
        }
    );
    assert!(matches!(
        refuse(&g, "resolve mining"),
        RuleError::NoSuchConflict(Kind::Mining)
    ));
    act(&mut g, "resolve settler");
    let Phase::Conflict(c) = g.phase() else {
        panic!()
    };
    assert_eq!(
        (c.kind, c.attacker_base, c.defender_base),
        (Kind::Settler, 0, 1)
    );
    act(&mut g, "commit 2");
    let ev = act(&mut g, "commit 0");
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::ConflictResolved { .. }))
            .count(),
        1
    );
    assert_eq!(
        score(&g, 1),
        [2, 1, 0, 0],
        "2 people for the conflict, 1 technology for D1 via the settler leader"
    );
    assert_eq!(
        g.leader(0, Kind::Merchant),
        Some(1),
        "no merchant conflict was fought"
    );
    assert_eq!(g.orders_left(), 1);

    // Merchant first: 0 against 0, the defender (P1) wins; then the settler conflict is still there.
    let mut g = setup(text);
    act(&mut g, "colonize scientist D1");
    act(&mut g, "resolve merchant");
    act(&mut g, "commit 0");
    act(&mut g, "commit 0");
    assert_eq!(g.leader(1, Kind::Merchant), None);
    assert_eq!(score(&g, 0), [0, 0, 1, 0]);
    let Phase::Conflict(c) = g.phase() else {
        panic!("the settler conflict remains")
    };
    assert_eq!(c.kind, Kind::Settler);
}

#[test]
fn r5_3_a_seat_without_reinforcements_is_still_asked() {
    let mut g = setup(
        "players 2
hand 1 merchant 6
hand 2 merchant 6
board
.  .  .  .  .  .
.  t  .  t  M2 .
.  t  p  p  p  .
",
    );
    act(&mut g, "place merchant C2");
    assert_eq!(g.legal_actions(0), vec!["commit 0".parse().unwrap()]);
    act(&mut g, "commit 0");
    assert_eq!(g.legal_actions(1), vec!["commit 0".parse().unwrap()]);
}

#[test]
fn r6_destroy_removes_everything_on_a_cell_for_good() {
    let mut g = setup(
        "players 2
board
A  t  P1 .
.  M  .  .
A  .  A  A
",
    );
    let ev = act(&mut g, "destroy A1");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Destroyed {
            artifact: true,
            colony: Some(Kind::Scientist),
            ..
        }
    )));
    assert_eq!(g.artifacts_lost(), 1);
    assert_eq!(g.bombers(0), 1);
    act(&mut g, "destroy C1");
    assert_eq!(
        g.leader(0, Kind::Settler),
        None,
        "a destroyed leader returns to its owner"
    );
    assert!(g.at("C1".parse().unwrap()).is_destroyed());
    // Seat 2 passes twice; seat 1 has no bombers left.
    act(&mut g, "pass");
    act(&mut g, "pass");
    assert_eq!(refuse(&g, "destroy B2"), RuleError::NoBombers);
    let mut h = setup("players 2\nhand 1 mining 6\nboard\nX M . .\n. . . .\nA A . A\n");
    assert!(matches!(refuse(&h, "destroy A1"), RuleError::Destroyed(_)));
    assert!(matches!(
        refuse(&h, "colonize mining A1"),
        RuleError::Destroyed(_)
    ));
    act(&mut h, "destroy B1");
    assert!(matches!(
        refuse(&h, "colonize mining B1"),
        RuleError::Destroyed(_)
    ));
}

#[test]
fn r7_swap_discards_face_down_and_draws_again() {
    let mut g = setup(
        "players 2
hand 1 scientist 4 merchant 2
board
. . . .
",
    );
    let pool = g.pool_size();
    assert!(matches!(
        refuse(&g, "swap merchant merchant merchant"),
        RuleError::SwapTooMany { .. }
    ));
    act(&mut g, "swap scientist scientist merchant");
    assert_eq!(total(&g.hand(0)), 6);
    assert_eq!(g.swapped(0), [0, 2, 1, 0]);
    assert_eq!(g.pool_size(), pool - 3);
    assert_eq!(g.orders_left(), 1);
    let small = setup(
        "players 2\nhand 1 scientist 6\nhand 2 scientist 6\npool settler 2\nboard\n. . . .\n",
    );
    assert_eq!(
        refuse(&small, "swap scientist scientist scientist"),
        RuleError::PoolTooSmall { pool: 2, asked: 3 }
    );
}

#[test]
fn r8_1_merchants_harvest_artifacts_until_one_remains() {
    let mut g = setup(
        "players 2
board
A  M1 A  t  A  .  .  A
.  .  .  .  .  .  .  .
A  .  .  .  .  .  .  .
",
    );
    act(&mut g, "pass");
    act(&mut g, "pass");
    // P1's merchant region holds A1, C1, E1: take two, one at a time.
    assert!(matches!(g.phase(), Phase::ChooseArtifact { seat: 0, .. }));
    let choices = g.legal_actions(0);
    assert_eq!(
        choices.len(),
        3,
        "only the artifacts of the merchant's region: {choices:?}"
    );
    assert!(matches!(refuse(&g, "take H1"), RuleError::NotTakeable(_)));
    act(&mut g, "take E1");
    act(&mut g, "take A1");
    assert_eq!(g.artifacts_held(0), 2);
    assert!(
        g.at("A1".parse().unwrap()).is_scientist(),
        "the colony stays"
    );
    assert!(g.at("C1".parse().unwrap()).has_artifact());
    assert_eq!(g.active(), 1, "then the turn ended");
}

#[test]
fn r8_1_another_players_merchant_harvests_at_the_end_of_the_active_turn() {
    let mut g = setup(
        "players 2
board
A  M2 A  .  A
.  .  .  .  .
A  .  .  .  A
",
    );
    act(&mut g, "pass");
    act(&mut g, "pass");
    assert_eq!(seat(&g), 1);
    act(&mut g, "take C1");
    assert_eq!(g.artifacts_held(1), 1);
    assert_eq!(g.active(), 1);
}

#[test]
fn r8_2_the_game_ends_when_two_or_fewer_artifacts_remain() {
    let mut g = setup(
        "players 2
board
A  .  A  .  A
.  .  .  .  .
",
    );
    act(&mut g, "destroy A1");
    assert_eq!(
        g.to_move(),
        ToMove::Seat(0),
        "not before the end of the turn"
    );
    let ev = act(&mut g, "pass");
    assert!(ev.contains(&Event::GameOver {
        reason: EndReason::ArtifactsGone
    }));
    assert!(g.is_over());
    assert!(g.outcome().is_some());
}

#[test]
fn r8_3_every_short_hand_is_refilled_at_the_end_of_the_turn() {
    let mut g = setup(
        "players 2
hand 1 merchant 6
hand 2 scientist 6
board
.  .  .  .  .  .
.  t  .  t  M2 .
.  t  p  p  p  .
.  .  .  .  .  .
A  .  A  .  A  .
",
    );
    act(&mut g, "place merchant C2");
    act(&mut g, "commit 0");
    act(&mut g, "commit 4");
    assert_eq!(total(&g.hand(1)), 2, "the defender spent 4 scientists");
    act(&mut g, "pass");
    assert_eq!(total(&g.hand(1)), 6, "the defender refills too");
    assert_eq!(g.active(), 1);
}

#[test]
fn r8_4_the_game_ends_when_the_pool_cannot_refill_a_hand() {
    let mut g = setup(
        "players 2
hand 1 settler 6
hand 2 settler 6
pool scientist 1
board
t  .  .  .
.  .  .  .
A  A  .  A
",
    );
    act(&mut g, "colonize settler B1");
    let ev = act(&mut g, "colonize settler C1");
    assert!(ev.contains(&Event::GameOver {
        reason: EndReason::PoolExhausted
    }));
    assert!(g.is_over());
    assert_eq!(g.pool_size(), 0);
}

#[test]
fn r9_2_artifacts_raise_the_weakest_kind_and_ties_look_at_the_next() {
    let mut g = setup(
        "players 2
score 1 settler 3 scientist 1 merchant 2 mining 5
artifacts 1 2
score 2 settler 2 scientist 2 merchant 4 mining 4
board
A  .  A  .  A
",
    );
    act(&mut g, "destroy A1");
    act(&mut g, "pass");
    assert_eq!(g.final_scores(0), [2, 3, 3, 5]);
    assert_eq!(g.artifact_assignment(0), [0, 2, 0, 0]);
    assert_eq!(g.final_scores(1), [2, 2, 4, 4]);
    let o = g.outcome().unwrap();
    assert_eq!(o.scores, vec![2, 2]);
    assert_eq!(
        o.ranks,
        vec![0, 1],
        "equal weakest kinds; the next weakest decides"
    );
}

#[test]
fn r9_3_equal_players_share_the_win() {
    let mut g = setup(
        "players 3
score 1 settler 1 scientist 1 merchant 1 mining 1
score 2 settler 1 scientist 1 merchant 1 mining 1
board
A  .  A  .  A
",
    );
    act(&mut g, "destroy A1");
    act(&mut g, "pass");
    let o = g.outcome().unwrap();
    assert_eq!(o.ranks, vec![0, 0, 2]);
    assert_eq!(o.winners(), vec![0, 1]);
}

#[test]
fn r9_1_scores_and_hands_are_hidden_from_other_seats() {
    let base = "players 2
hand 1 scientist 6
hand 2 HAND
score 2 merchant 4
OPEN
board
t  .  .  .
";
    let g = setup(&base.replace("HAND", "merchant 6").replace("OPEN", ""));
    let h = setup(
        &base
            .replace("HAND", "settler 3 mining 3")
            .replace("OPEN", ""),
    );
    let (v, w) = (g.player_view(0), h.player_view(0));
    assert_eq!(v, w, "seat 1's view does not depend on seat 2's hand");
    assert_eq!(v.players[1].hand, None);
    assert_eq!(v.players[1].score, None);
    assert_eq!(v.players[1].hand_size, 6);
    assert_eq!(v.players[0].hand, Some([0, 6, 0, 0]));
    let json = serde_json::to_string(&v).unwrap();
    assert!(
        !json.contains("rng") && !json.contains("\"pool\""),
        "{json}"
    );
    let open = setup(
        &base
            .replace("HAND", "merchant 6")
            .replace("OPEN", "open-scores yes"),
    );
    assert_eq!(open.player_view(0).players[1].score, Some([0, 0, 4, 0]));
}

/// Seed 001, "2 Players, Basic Round".
#[test]
fn seed001_example1_basic_round() {
    let mut g = setup(
        "players 2
hand 1 settler 1 mining 1 scientist 4
hand 2 mining 2 scientist 4
board
.  .  .  .  .
.  t  .  M  .
.  .  .  M  .
.  .  .  .  .
A  .  A  .  A
",
    );
    // Player 1 places a government (settler) leader.
    act(&mut g, "place settler C2");
    // Player 1 places a mining robot: no mining leader, so the settler leader collects.
    let ev = act(&mut g, "colonize mining D2");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Scored {
            seat: 0,
            kind: Kind::Mining,
            reason: ScoreReason::SettlerFallback,
            ..
        }
    )));
    assert_eq!(score(&g, 0), [0, 0, 0, 1], "one raw material for Player 1");
    // Player 1's turn ends and he refills his fleet to 6.
    assert_eq!(total(&g.hand(0)), 6);
    assert_eq!(g.active(), 1);
    // Player 2 places a mining leader, then a mining robot, and scores it.
    act(&mut g, "place mining B1");
    let ev = act(&mut g, "colonize mining D3");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Scored {
            seat: 1,
            kind: Kind::Mining,
            reason: ScoreReason::Leader,
            ..
        }
    )));
    assert_eq!(score(&g, 1), [0, 0, 0, 1]);
    assert_eq!(score(&g, 0), [0, 0, 0, 1]);
    assert_eq!(total(&g.hand(1)), 6);
    assert_eq!(g.active(), 0);
}

/// Seed 001, "2 Players, Internal Conflict".
#[test]
fn seed001_example2_internal_conflict() {
    let mut g = setup(
        "players 2
hand 1 merchant 2 settler 1 scientist 3
hand 2 scientist 1 mining 3 settler 1 merchant 1
board
.  .  .  .  .  .  .
.  t  .  t  .  .  .
.  t  p  p  p  p  t
.  .  .  .  .  .  M2
.  .  .  .  .  .  .
A  .  A  .  A  .  .
",
    );
    // Player 1 places a merchant leader: internal conflict with Player 2's.
    act(&mut g, "place merchant C2");
    let Phase::Conflict(c) = g.phase() else {
        panic!("no conflict")
    };
    assert!(!c.external);
    assert_eq!(
        (c.attacker_base, c.defender_base),
        (2, 1),
        "initial strengths 2 and 1"
    );
    act(&mut g, "commit 3"); // Player 1 sends his 3 scientists: 5.
    let ev = act(&mut g, "commit 0"); // Player 2 opts not to send his one scientist: 1.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ConflictResolved {
            winner: 0,
            attacker_strength: 5,
            defender_strength: 1,
            ..
        }
    )));
    assert_eq!(
        g.leader(1, Kind::Merchant),
        None,
        "Player 2's leader is removed"
    );
    assert_eq!(score(&g, 0), [0, 1, 0, 0], "Player 1 receives 1 technology");
    // Player 1's turn continues: a merchant settlement gives 1 money.
    act(&mut g, "colonize merchant C1");
    assert_eq!(score(&g, 0), [0, 1, 1, 0]);
    // Both refill to 6.
    assert_eq!(total(&g.hand(0)), 6);
    assert_eq!(total(&g.hand(1)), 6);
    // Player 2 destroys a system, splitting the region in two.
    let before = Regions::compute(&g, None);
    assert_eq!(
        before.of(g.index("B2".parse().unwrap()).unwrap()),
        before.of(g.index("G3".parse().unwrap()).unwrap())
    );
    act(&mut g, "destroy E3");
    let after = Regions::compute(&g, None);
    assert_ne!(
        after.of(g.index("B2".parse().unwrap()).unwrap()),
        after.of(g.index("G3".parse().unwrap()).unwrap())
    );
    // Player 2 places his merchant leader: the region was split, so no conflict.
    let ev = act(&mut g, "place merchant G4");
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ConflictStarted { .. }))
    );
    assert_eq!(
        g.leader(1, Kind::Merchant),
        Some(g.index("G4".parse().unwrap()).unwrap())
    );
    assert_eq!(
        g.leader(0, Kind::Merchant),
        Some(g.index("C2".parse().unwrap()).unwrap())
    );
}

/// Seed 001, "2 Players, External Conflict", rebuilt so that the stated
/// outcome follows from the rules (see rules.md §10.1).
#[test]
fn seed001_example3_external_conflict() {
    let mut g = setup(
        "players 2
active 2
hand 1 scientist 3 settler 2 mining 1
hand 2 merchant 3 settler 3
board
m  m  m  .  .  m  m  .
m  M1 t  .  A  M2 m  .
m  .  .  .  .  .  A  P2
.  .  .  .  .  .  .  .
A  .  .  .  A  .  .  A
",
    );
    // Player 2 places a settler joining two regions with merchant leaders.
    act(&mut g, "colonize settler D2");
    let Phase::Conflict(c) = g.phase() else {
        panic!("no conflict")
    };
    assert_eq!(
        (c.attacker, c.defender),
        (1, 0),
        "Player 2 placed the joining colony, so Player 2 attacks"
    );
    assert_eq!((c.attacker_base, c.defender_base), (3, 5));
    act(&mut g, "commit 3"); // Player 2: 3 + 3 = 6.
    act(&mut g, "commit 0"); // Player 1 has no merchants: 5.
    assert_eq!(
        g.leader(0, Kind::Merchant),
        None,
        "Player 1's merchant leader is removed"
    );
    assert_eq!(
        score(&g, 1)[Kind::Merchant.index()],
        6,
        "5 vacated colonies + 1 for the leader"
    );
    assert_eq!(
        g.removed()[Kind::Merchant.index()],
        8,
        "5 colonies and 3 reinforcements"
    );
    // The joining settler is scored once the conflict is over.
    assert_eq!(score(&g, 1)[Kind::Settler.index()], 1);
    // Player 2's turn continues: a settler, 1 people.
    act(&mut g, "colonize settler D3");
    assert_eq!(score(&g, 1), [2, 0, 6, 0]);
    // End of turn: Player 2's merchant rules a region with 2 artifacts.
    assert!(matches!(g.phase(), Phase::ChooseArtifact { seat: 1, .. }));
    assert_eq!(g.legal_actions(1).len(), 2);
    act(&mut g, "take G3");
    assert_eq!(g.artifacts_held(1), 1);
    assert_eq!(g.artifacts_on_board(), 4);
    assert_eq!(total(&g.hand(1)), 6, "both fleets refilled");
    assert_eq!(total(&g.hand(0)), 6);
    assert_eq!(g.active(), 0);
}

#[test]
fn conflict_sides_name_the_cells_behind_each_strength() {
    let mut g = setup(
        "players 2
hand 1 scientist 3 merchant 3
hand 2 scientist 2 merchant 4
board
.  .  .  .  .  .
.  t  .  t  M2 .
.  t  p  p  p  .
",
    );
    act(&mut g, "place merchant C2");
    let sides = g.conflict_sides().unwrap();
    let cells = |v: &[tabula_star_tigris::Pos]| v.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    assert_eq!(cells(&sides.attacker_support), ["B2", "D2"]);
    assert_eq!(cells(&sides.defender_support), ["D2"]);
    assert_eq!(sides.defender_leader.to_string(), "E2");
}
