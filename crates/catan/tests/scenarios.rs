//! Scenario tests: a position written as text (docs/catan/positions.md),
//! actions in the course server's words, and the result checked. The
//! corners used on the standard board: 5:SE touches mountain 5 (10), hill
//! 9 (9) and hill 12 (6); 9:SW touches hill 12, hill 9 and field 17 (5);
//! 12:SE touches field 17, hill 12 and the desert 20. Side 9:SW joins
//! 5:SE and 9:SW; 12:SE joins 9:SW and 12:SE; 9:S joins 9:SW and 9:SE.

use tabula_catan::game::position::read_position;
use tabula_catan::game::state::{Building, Phase, Step};
use tabula_catan::{Action, Card, Catan, Hand, Progress, Track};
use tabula_engine::{Game, Seat, ToMove};

fn pos(text: &str) -> Catan {
    read_position(text, None).unwrap_or_else(|e| panic!("{e}"))
}

/// The seat to move (the first of a set), or the one written `N: ACTION`.
fn who(g: &Catan, line: &str) -> (Seat, String) {
    if let Some((p, rest)) = line.split_once(": ") {
        return (p.parse::<u8>().unwrap() - 1, rest.to_string());
    }
    let seat = match g.to_move() {
        ToMove::Seat(s) => s,
        ToMove::Simultaneous(set) => set.iter().next().unwrap(),
        other => panic!("nobody to move before {line}: {other:?}"),
    };
    (seat, line.to_string())
}

fn act(g: &mut Catan, line: &str) {
    let (seat, text) = who(g, line);
    let a = Action::parse(&text, &g.topo).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.apply(seat, &a).unwrap_or_else(|e| panic!("{line}: {e}"));
    while g.to_move() == ToMove::Chance {
        g.apply_chance().unwrap();
    }
    g.check_conservation()
        .unwrap_or_else(|e| panic!("after {line}: {e}"));
}

fn acts(g: &mut Catan, lines: &[&str]) {
    for l in lines {
        act(g, l);
    }
}

/// The action is refused with a message containing `why`; nothing changes.
fn refused(g: &mut Catan, line: &str, why: &str) {
    let (seat, text) = who(g, line);
    let a = Action::parse(&text, &g.topo).unwrap();
    let before = g.state_hash();
    let e = g.apply(seat, &a).unwrap_err().to_string();
    assert!(e.contains(why), "{line}: {e}");
    assert_eq!(g.state_hash(), before, "{line} changed the state");
}

fn hand(g: &Catan, seat: Seat) -> Hand {
    g.players[seat as usize].hand
}

fn h(cards: &[(Card, u8)]) -> Hand {
    Hand::of(cards)
}

fn corner(g: &Catan, name: &str) -> usize {
    g.topo.parse_corner(name).unwrap() as usize
}

// ---- set-up ----

#[test]
fn set_up_is_snake_order_and_the_second_building_is_a_city_paying_resources_only() {
    let mut g = tabula_engine::Ruleset::new_game(&Default::default(), None, 3, 1).unwrap();
    let g: &mut Catan = &mut g;
    let order: Vec<Seat> = (0..6)
        .map(|_| {
            let ToMove::Seat(s) = g.to_move() else {
                panic!()
            };
            let legal = g.legal_actions(s);
            let a = legal[legal.len() / 2];
            g.apply(s, &a).unwrap();
            let road = g.legal_actions(s)[0];
            g.apply(s, &road).unwrap();
            s
        })
        .collect();
    assert_eq!(order, vec![0, 1, 2, 2, 1, 0]);
    for s in 0..3u8 {
        let cities = g
            .buildings
            .iter()
            .filter(|b| matches!(b, Building::City { owner, .. } if *owner == s))
            .count();
        assert_eq!(cities, 1, "each player's second building is a city");
        let commodities: u32 = Card::COMMODITIES
            .iter()
            .map(|c| u32::from(hand(g, s).get(*c)))
            .sum();
        assert_eq!(commodities, 0, "starting cards are resources only");
        assert_eq!(g.points(s), 3);
    }
    assert_eq!(g.phase, Phase::BeforeRoll);
    assert_eq!(g.to_move(), ToMove::Seat(0));
}

// ---- production ----

#[test]
fn a_city_on_mountains_yields_ore_and_coin_and_the_robber_hex_yields_nothing() {
    let mut g = pos(
        "players 3\nturn 4 player 1 before-roll\ncity 1 5:SE\nsettlement 2 9:SE\ndice 4 6\nevent TRADE\nrobber 20",
    );
    act(&mut g, "ROLL_DIES");
    assert_eq!(hand(&g, 0), h(&[(Card::Ore, 1), (Card::Coin, 1)]));
    let mut g =
        pos("players 3\nturn 4 player 1 before-roll\ncity 1 5:SE\ndice 4 6\nevent TRADE\nrobber 5");
    act(&mut g, "ROLL_DIES");
    assert_eq!(
        hand(&g, 0),
        Hand::EMPTY,
        "the robber's hex produces nothing"
    );
}

#[test]
fn aqueduct_gives_a_resource_of_choice_when_a_roll_gives_nothing() {
    let mut g = pos(
        "players 3\nturn 4 player 1 before-roll\ncity 1 5:SE\nlevels 1 SCIENCE 3\ndice 1 1\nevent TRADE",
    );
    act(&mut g, "ROLL_DIES");
    assert!(matches!(g.steps.last(), Some(Step::Aqueduct { seat: 0 })));
    act(&mut g, "CHOOSE WOOL");
    assert_eq!(hand(&g, 0), h(&[(Card::Wool, 1)]));
}

#[test]
fn a_short_supply_goes_to_a_single_taker_and_to_nobody_when_several_want_it() {
    // Base game: a city yields 2 ore; only 1 is left in the bank.
    let mut g =
        pos("base\nplayers 3\nturn 4 player 1 before-roll\ncity 1 5:SE\nhand 2 ORE 18\ndice 4 6");
    act(&mut g, "ROLL_DIES");
    assert_eq!(
        hand(&g, 0).get(Card::Ore),
        1,
        "the single taker gets what is left"
    );
    let mut g = pos(
        "base\nplayers 3\nturn 4 player 1 before-roll\ncity 1 5:SE\nsettlement 3 5:NW\nhand 2 ORE 17\ndice 4 6",
    );
    act(&mut g, "ROLL_DIES");
    assert_eq!(
        hand(&g, 0).get(Card::Ore),
        0,
        "two takers, 2 ore short: nobody"
    );
    assert_eq!(hand(&g, 2).get(Card::Ore), 0);
}

// ---- the 7 and the robber ----

#[test]
fn a_seven_makes_those_over_the_limit_discard_half_in_secret_and_walls_raise_the_limit() {
    let mut g = pos(
        "players 3\nturn 4 player 1 before-roll\nhand 1 GRAIN 8\nhand 2 ORE 9\ncity 2 9:SE wall\nhand 3 BRICK 5 WOOL 5\ndice 3 4\nevent TRADE",
    );
    act(&mut g, "ROLL_DIES");
    // Player 2 holds 9 with a wall (limit 9): no discard.
    let ToMove::Simultaneous(set) = g.to_move() else {
        panic!()
    };
    assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 2]);
    act(&mut g, "3: DISCARD BRICK");
    // Player 1 does not see which card player 3 chose.
    let v = g.player_view(0);
    match v.state.steps.last() {
        Some(Step::Give { chosen, .. }) => assert_eq!(chosen[2], Hand::EMPTY),
        other => panic!("{other:?}"),
    }
    acts(
        &mut g,
        &[
            "3: DISCARD BRICK",
            "3: DISCARD WOOL",
            "3: DISCARD WOOL",
            "3: DISCARD WOOL",
        ],
    );
    acts(
        &mut g,
        &["1: DISCARD GRAIN", "1: DISCARD GRAIN", "1: DISCARD GRAIN"],
    );
    assert_eq!(
        hand(&g, 2),
        h(&[(Card::Brick, 5), (Card::Wool, 5)]),
        "applied when all are done"
    );
    act(&mut g, "1: DISCARD GRAIN");
    assert_eq!(hand(&g, 0), h(&[(Card::Grain, 4)]));
    assert_eq!(hand(&g, 2), h(&[(Card::Brick, 3), (Card::Wool, 2)]));
    assert_eq!(hand(&g, 1), h(&[(Card::Ore, 9)]));
    // The robber sleeps until the first attack: the turn goes on.
    assert!(g.steps.is_empty());
    assert_eq!(g.to_move(), ToMove::Seat(0));
}

#[test]
fn once_awake_the_robber_moves_and_robs_a_neighbour() {
    let mut g = pos(
        "players 3\nturn 4 player 1 before-roll\nbarbarians 0 awake\nsettlement 2 5:SE\nhand 2 ORE 1\ndice 3 4\nevent TRADE",
    );
    act(&mut g, "ROLL_DIES");
    assert!(matches!(
        g.steps.last(),
        Some(Step::MoveRobber { seat: 0, .. })
    ));
    refused(&mut g, "CHOOSE field 20", "not an answer");
    act(&mut g, "CHOOSE field 9");
    act(&mut g, "CHOOSE player 2");
    assert_eq!(hand(&g, 0), h(&[(Card::Ore, 1)]));
    assert_eq!(g.topo.hexes[g.robber as usize].id, "9");
}

// ---- building ----

#[test]
fn building_costs_and_the_distance_rule() {
    let mut g = pos(
        "players 3\nsettlement 1 5:SE\nroad 1 9:SW\nroad 1 9:S\nhand 1 LUMBER 3 BRICK 4 WOOL 2 GRAIN 4 ORE 3",
    );
    refused(&mut g, "BUILD Settlement 9:SW", "settlement needs");
    act(&mut g, "BUILD Settlement 9:SE");
    assert_eq!(
        hand(&g, 0),
        h(&[
            (Card::Lumber, 2),
            (Card::Brick, 3),
            (Card::Wool, 1),
            (Card::Grain, 3),
            (Card::Ore, 3)
        ])
    );
    act(&mut g, "BUILD City 9:SE");
    assert_eq!(g.points(0), 3);
    act(&mut g, "BUILD CityWall 9:SE");
    assert_eq!(g.hand_limit(0), 9);
    refused(&mut g, "BUILD Road 20:S", "road must join");
    act(&mut g, "BUILD Road 12:SE");
    refused(&mut g, "BUILD Road 17:SW", "costs");
}

#[test]
fn longest_road_needs_five_and_is_cut_by_a_building_or_a_knight() {
    let mut g = pos(
        "players 3\nsettlement 1 5:SE\nroads 1 9:SW 9:S 13:SW 17:SE\nhand 1 LUMBER 1 BRICK 1\nhand 2 WOOL 1 ORE 1",
    );
    assert_eq!(g.longest_road, None);
    act(&mut g, "BUILD Road 21:SW");
    assert_eq!(g.road_length(0), 5);
    assert_eq!(g.longest_road, Some(0));
    assert_eq!(g.points(0), 3);
    // Player 2 places a knight in the middle of it (on the end of a road of theirs).
    let mut g2 = pos(
        "players 3\nsettlement 1 5:SE\nroads 1 9:SW 9:S 13:SW 17:SE 21:SW\nroad 2 13:S\nknight 2 13:SW\nturn 5 player 2 main",
    );
    assert_eq!(g2.road_length(0), 3, "the knight cuts the road");
    assert_eq!(g2.longest_road, None);
    let _ = &mut g2;
}

#[test]
fn a_ring_of_roads_counts_whole_and_a_tail_adds_to_it() {
    // Six roads around hill 9: a ring with no end.
    let ring = "players 3\nroads 1 9:N 9:NE 9:SE 9:S 9:SW 9:NW";
    let g = pos(ring);
    assert_eq!(g.road_length(0), 6);
    // A road leading off the ring (13:N, at 9:E): round the ring from its
    // end, 7.
    let g = pos(&format!("{ring} 13:N"));
    assert_eq!(g.road_length(0), 7);
    // Another player's settlement on the ring: the trail starts and ends
    // there, round the ring, still 6.
    let g = pos(&format!("{ring}\nsettlement 2 9:SW"));
    assert_eq!(g.road_length(0), 6);
    // Two rings sharing a side (9:SE is 13:NW): from one end of the
    // shared side round both rings, all 11 roads.
    let g = pos(&format!("{ring} 13:N 13:NE 13:SE 13:S 13:SW"));
    assert_eq!(g.road_length(0), 11);
}

// ---- knights ----

#[test]
fn knights_are_built_activated_and_act_from_the_next_turn() {
    let mut g = pos("players 3\nsettlement 1 5:SE\nroads 1 9:SW 9:S\nhand 1 WOOL 1 ORE 1 GRAIN 2");
    act(&mut g, "BUILD Knight 9:SE");
    act(&mut g, "ACTIVATE_KNIGHT 9:SE");
    assert_eq!(g.knight_strength(0), 1);
    assert!(
        !g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::UseKnight { .. })),
        "a knight activated this turn may not act"
    );
    g.turn += 3;
    act(&mut g, "USE_KNIGHT 9:SE 9:SW");
    let k = g.knights[corner(&g, "9:SW")].unwrap();
    assert!(!k.active, "acting makes it inactive");
    act(&mut g, "ACTIVATE_KNIGHT 9:SW");
    assert!(
        !g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::UseKnight { .. })),
        "re-activated this turn: it may not act again"
    );
}

#[test]
fn a_knight_displaces_a_weaker_one_whose_owner_retreats_it() {
    let mut g = pos(
        "players 3\nturn 8 player 1 main\nsettlement 1 5:SE\nroads 1 9:SW 9:S\nknight 1 9:SW strong active\nroads 2 13:SW 17:SE\nsettlement 2 17:SE\nknight 2 9:SE",
    );
    act(&mut g, "USE_KNIGHT 9:SW 9:SE");
    assert!(matches!(
        g.steps.last(),
        Some(Step::Displaced { seat: 1, .. })
    ));
    act(&mut g, "CHOOSE corner 13:SW");
    assert_eq!(g.knights[corner(&g, "13:SW")].unwrap().owner, 1);
    assert_eq!(g.knights[corner(&g, "9:SE")].unwrap().owner, 0);
}

#[test]
fn chasing_the_robber_waits_for_the_first_attack_and_mighty_knights_need_a_fortress() {
    let text = "players 3\nturn 8 player 1 main\nsettlement 1 5:SE\nroad 1 9:SW\nknight 1 9:SW strong active\nrobber 12\nhand 1 WOOL 2 ORE 2";
    let mut g = pos(text);
    refused(&mut g, "USE_KNIGHT 9:SW ROBBER", "not possible");
    refused(&mut g, "UPGRADE_KNIGHT 9:SW", "not possible");
    let mut g = pos(&format!("{text}\nbarbarians 0 awake\nlevels 1 POLITICS 3"));
    act(&mut g, "UPGRADE_KNIGHT 9:SW");
    assert_eq!(g.knights[corner(&g, "9:SW")].unwrap().level, 3);
    act(&mut g, "USE_KNIGHT 9:SW ROBBER");
    act(&mut g, "CHOOSE field 13");
    assert_eq!(g.topo.hexes[g.robber as usize].id, "13");
}

// ---- city improvements ----

#[test]
fn improvements_cost_their_level_and_the_fourth_brings_a_metropolis() {
    let mut g = pos(
        "players 3\ncity 1 5:SE\ncity 1 13:SW\nlevels 1 TRADE 3\nhand 1 CLOTH 9\nhand 2 PAPER 1",
    );
    act(&mut g, "UPGRADE_PROGRESS TRADE");
    assert_eq!(hand(&g, 0).get(Card::Cloth), 5);
    act(&mut g, "CHOOSE corner 13:SW");
    assert_eq!(g.metropolis[Track::Trade.index()].map(|m| m.0), Some(0));
    assert_eq!(g.points(0), 6, "a metropolis is worth 2 more");
    refused(&mut g, "UPGRADE_PROGRESS SCIENCE", "costs");
}

#[test]
fn level_five_takes_the_metropolis_and_a_crane_saves_a_commodity() {
    let mut g = pos(
        "players 3\ncity 1 5:SE\ncity 2 13:SW metropolis TRADE\ncity 2 8:SW\nlevels 2 TRADE 4\nlevels 1 TRADE 4\nhand 1 CLOTH 4\nprogress 1 CRANE",
    );
    act(&mut g, "PLAY CRANE");
    act(&mut g, "UPGRADE_PROGRESS TRADE");
    assert_eq!(hand(&g, 0).get(Card::Cloth), 0);
    act(&mut g, "CHOOSE corner 5:SE");
    assert_eq!(g.metropolis[Track::Trade.index()].map(|m| m.0), Some(0));
    assert!(matches!(
        g.buildings[corner(&g, "13:SW")],
        Building::City {
            metropolis: None,
            ..
        }
    ));
}

// ---- progress cards: drawing ----

#[test]
fn a_gate_draws_for_levels_the_red_die_reaches_and_the_fifth_card_goes_back() {
    let mut g = pos(
        "players 3\nturn 4 player 1 before-roll\ncity 1 5:SE\ncity 2 13:SW\nlevels 1 SCIENCE 1\nlevels 2 SCIENCE 2\nprogress 2 SPY WARLORD WEDDING BISHOP\ndice 3 1\nevent SCIENCE",
    );
    act(&mut g, "ROLL_DIES");
    assert_eq!(g.players[0].progress.len(), 0, "red 3 is above level 1 + 1");
    assert!(
        g.players[1].progress.len() + g.players[1].shown.len() == 5
            || matches!(g.steps.last(), Some(Step::ReturnProgress { seat: 1 })),
    );
    if let Some(Step::ReturnProgress { .. }) = g.steps.last() {
        act(&mut g, "2: RETURN SPY");
        assert_eq!(g.players[1].progress.len(), 4);
    }
}

#[test]
fn on_ones_own_turn_a_fifth_card_must_go_back_before_the_turn_ends() {
    let mut g = pos("players 3\nprogress 1 SPY WARLORD WEDDING BISHOP SABOTEUR");
    refused(&mut g, "END_TURN", "RETURN");
    act(&mut g, "RETURN SABOTEUR");
    act(&mut g, "END_TURN");
    assert_eq!(g.current, 1);
}

#[test]
fn in_a_test_game_the_dealt_cards_never_count_toward_the_progress_card_limit() {
    // Each player holds the 23 dealt cards; player 1 drew 4 more: 27, at
    // the test game's limit, and the turn ends without putting any back.
    let test_game = "options {\"testgame\":true}\nplayers 3";
    let mut g = pos(&format!(
        "{test_game}\nprogress 1 SPY WARLORD WEDDING BISHOP"
    ));
    assert_eq!(g.players[0].progress.len(), 27);
    assert_eq!(g.players[1].progress.len(), 23);
    assert_eq!(g.options.progress_limit(), 27);
    assert!(g.legal_actions(0).contains(&Action::EndTurn));
    act(&mut g, "END_TURN");
    assert_eq!(g.current, 1);
    assert_eq!(g.players[0].progress.len(), 27, "no card went back");

    // A fifth card beyond the dealt set goes back before the turn ends,
    // as in any game.
    let mut g = pos(&format!(
        "{test_game}\nprogress 1 SPY WARLORD WEDDING BISHOP SABOTEUR"
    ));
    refused(&mut g, "END_TURN", "RETURN");
    act(&mut g, "RETURN SABOTEUR");
    act(&mut g, "END_TURN");
    assert_eq!(g.current, 1);

    // Outside a test game the limit stays 4.
    let g = pos("players 3\nprogress 1 SPY WARLORD WEDDING BISHOP SABOTEUR");
    assert_eq!(g.options.progress_limit(), 4);
    assert!(!g.legal_actions(0).contains(&Action::EndTurn));
}

#[test]
fn printer_and_constitution_are_shown_at_once_and_count_a_point() {
    let mut g = pos("players 3\nshown 1 PRINTER CONSTITUTION");
    assert_eq!(g.points(0), 2);
    assert!(g.players[0].progress.is_empty());
    let _ = &mut g;
}

// ---- barbarians ----

#[test]
fn barbarians_stronger_than_the_knights_pillage_the_weakest_player_with_a_city() {
    let mut g = pos(
        "players 3\nturn 4 player 1 before-roll\nbarbarians 6\ncity 1 5:SE wall\ncity 2 13:SW\nroad 2 17:SE\nknight 2 17:SE active\nsettlement 3 8:SW\ndice 2 1\nevent ship",
    );
    act(&mut g, "ROLL_DIES");
    // 2 cities against 1 knight: player 1 (no knight) loses its city and wall.
    act(&mut g, "1: CHOOSE corner 5:SE");
    assert_eq!(
        g.buildings[corner(&g, "5:SE")],
        Building::Settlement { owner: 0 }
    );
    assert_eq!(g.players[0].walls_left, 3);
    assert!(g.robber_awake);
    assert_eq!(g.barbarians, 0);
    assert!(
        g.knights.iter().flatten().all(|k| !k.active),
        "every knight is inactive"
    );
}

#[test]
fn catan_wins_ties_and_the_single_top_defender_takes_a_defender_card() {
    let mut g = pos(
        "players 3\nturn 4 player 1 before-roll\nbarbarians 6\ncity 1 5:SE\ncity 2 13:SW\nroad 2 17:SE\nknight 2 17:SE strong active\ndice 2 1\nevent ship",
    );
    act(&mut g, "ROLL_DIES");
    assert_eq!(g.players[1].defender, 1);
    assert_eq!(g.points(1), 3);
    let mut g = pos(
        "players 3\nturn 4 player 1 before-roll\nbarbarians 6\ncity 1 5:SE\ncity 2 13:SW\nroad 2 17:SE\nknight 2 17:SE active\nroad 1 9:SW\nknight 1 9:SW active\ndice 2 1\nevent ship",
    );
    act(&mut g, "ROLL_DIES");
    act(&mut g, "1: CHOOSE SCIENCE");
    act(&mut g, "2: CHOOSE POLITICS");
    assert_eq!(g.players[0].progress.len() + g.players[0].shown.len(), 1);
    assert_eq!(g.players[1].progress.len() + g.players[1].shown.len(), 1);
}

// ---- trade ----

#[test]
fn bank_rates_four_three_two_merchant_guild_merchant_and_fleet() {
    let mut g = pos("players 3\nsettlement 1 5:SE\nhand 1 BRICK 4 CLOTH 2 WOOL 2 ORE 2");
    assert_eq!(g.rate(0, Card::Brick), 4);
    act(&mut g, "TRADE BRICK GRAIN");
    let g = pos("players 3\nsettlement 1 5:NW\n");
    assert_eq!(g.rate(0, Card::Brick), 3, "a generic harbour");
    let g = pos("players 3\nsettlement 1 9:E\n");
    assert_eq!(g.rate(0, Card::Lumber), 2, "the lumber harbour");
    let g = pos("players 3\nsettlement 1 5:SE\nlevels 1 TRADE 3");
    assert_eq!(g.rate(0, Card::Cloth), 2, "Merchant Guild: commodities 2:1");
    assert_eq!(g.rate(0, Card::Wool), 4);
    let g = pos("players 3\nsettlement 1 5:SE\nmerchant 5 1");
    assert_eq!(g.rate(0, Card::Ore), 2, "the merchant on mountains");
    assert_eq!(g.points(0), 2, "the merchant is a point");
    let mut g = pos("players 3\nsettlement 1 5:SE\nprogress 1 MERCHANT_FLEET\nhand 1 WOOL 2");
    acts(
        &mut g,
        &["PLAY MERCHANT_FLEET", "CHOOSE WOOL", "TRADE WOOL ORE"],
    );
    assert_eq!(hand(&g, 0), h(&[(Card::Ore, 1)]));
}

#[test]
fn offers_between_players_are_answered_in_secret_and_closed_with_one() {
    let mut g = pos("players 3\nhand 1 BRICK 2\nhand 2 GRAIN 2\nhand 3 GRAIN 1 ORE 1");
    act(&mut g, "PROPOSE 1 BRICK FOR 1 GRAIN");
    act(&mut g, "2: ACCEPT");
    // Player 3 does not see player 2's answer before answering.
    let v = g.player_view(2);
    match v.state.steps.last() {
        Some(Step::Answers { answers, .. }) => {
            assert_eq!(answers[1], tabula_catan::game::state::Answer::Sealed)
        }
        other => panic!("{other:?}"),
    }
    act(&mut g, "3: COUNTER 2 BRICK FOR 1 ORE");
    act(&mut g, "TRADE_WITH 3");
    assert_eq!(hand(&g, 0), h(&[(Card::Ore, 1)]));
    assert_eq!(hand(&g, 2), h(&[(Card::Grain, 1), (Card::Brick, 2)]));
    assert_eq!(
        hand(&g, 1),
        h(&[(Card::Grain, 2)]),
        "player 2's acceptance lapsed"
    );
}

// ---- victory ----

#[test]
fn a_player_wins_only_on_their_own_turn() {
    let mut g = pos(
        "players 3\nturn 9 player 1 main\ncity 2 5:SE\ncity 2 13:SW\ncity 2 8:SW\ncity 2 21:SE\nsettlement 2 28:SE\nsettlement 2 31:W\ndefender 2 2\nshown 2 PRINTER",
    );
    assert_eq!(g.points(1), 13);
    assert_eq!(g.outcome(), None);
    act(&mut g, "END_TURN");
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(g.outcome().unwrap().winners(), vec![1]);
}

// ---- base game ----

#[test]
fn base_game_development_cards_wait_a_turn_and_largest_army_needs_three() {
    let mut g = pos("base\nplayers 3\nsettlement 1 5:SE\nhand 1 ORE 4 WOOL 4 GRAIN 4");
    act(&mut g, "BUY_DEVELOPMENT");
    assert_eq!(g.players[0].dev.len(), 1);
    assert!(
        !g.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::PlayDevelopment { .. })),
        "a card bought this turn cannot be played"
    );
    // Another seat sees only that a card was bought, and when.
    let v = g.player_view(1);
    assert!(v.state.players[0].dev.is_empty());
    assert_eq!(v.backs[0].dev_bought, vec![g.turn]);
}

#[test]
fn largest_army_goes_to_the_third_knight_and_to_whoever_plays_more() {
    let mut g = pos(
        "base\nplayers 3\nturn 7 player 1 main\nsettlement 2 5:SE\nhand 2 ORE 1\ndev 1 KNIGHT_CARD KNIGHT_CARD\nknights-played 1 2\nknights-played 2 3\nlargest-army 2",
    );
    assert_eq!(g.points(1), 3);
    acts(
        &mut g,
        &[
            "PLAY_DEVELOPMENT KNIGHT_CARD",
            "CHOOSE field 9",
            "CHOOSE player 2",
        ],
    );
    assert_eq!(g.largest_army, Some(1), "3 against 3: the holder keeps it");
    refused(&mut g, "PLAY_DEVELOPMENT KNIGHT_CARD", "not possible");
    act(&mut g, "END_TURN");
    g.current = 0;
    g.phase = Phase::Main;
    act(&mut g, "PLAY_DEVELOPMENT KNIGHT_CARD");
    assert_eq!(g.largest_army, Some(0), "4 against 3");
    assert_eq!(g.points(0), 2);
}

// ---- every progress card ----

#[test]
fn alchemist_chooses_the_dice_before_the_roll() {
    let mut g = pos(
        "players 3\nturn 4 player 1 before-roll\ncity 1 5:SE\nprogress 1 ALCHEMIST\nevent TRADE",
    );
    acts(&mut g, &["PLAY ALCHEMIST", "CHOOSE dice 4 6", "ROLL_DIES"]);
    assert_eq!(hand(&g, 0), h(&[(Card::Ore, 1), (Card::Coin, 1)]));
}

#[test]
fn engineer_builds_a_free_wall() {
    let mut g = pos("players 3\ncity 1 5:SE\nprogress 1 ENGINEER");
    acts(&mut g, &["PLAY ENGINEER", "CHOOSE corner 5:SE"]);
    assert!(matches!(
        g.buildings[corner(&g, "5:SE")],
        Building::City { wall: true, .. }
    ));
}

#[test]
fn inventor_swaps_two_numbers_but_never_6_8_2_or_12() {
    let mut g = pos("players 3\nprogress 1 INVENTOR");
    act(&mut g, "PLAY INVENTOR");
    refused(&mut g, "CHOOSE field 12", "not an answer");
    let five = g.topo.parse_hex("5").unwrap() as usize;
    let nine = g.topo.parse_hex("9").unwrap() as usize;
    acts(&mut g, &["CHOOSE field 5", "CHOOSE field 9"]);
    assert_eq!((g.numbers[five], g.numbers[nine]), (9, 10));
}

#[test]
fn irrigation_and_mining_pay_two_per_field_or_mountain_beside_you() {
    let mut g =
        pos("players 3\nsettlement 1 9:SW\nsettlement 1 5:SW\nprogress 1 IRRIGATION MINING");
    act(&mut g, "PLAY IRRIGATION");
    assert_eq!(hand(&g, 0).get(Card::Grain), 4, "fields 17 and 8");
    act(&mut g, "PLAY MINING");
    assert_eq!(hand(&g, 0).get(Card::Ore), 2, "mountain 5");
}

#[test]
fn medicine_makes_a_city_for_two_ore_and_a_grain() {
    let mut g = pos("players 3\nsettlement 1 5:SE\nhand 1 ORE 2 GRAIN 1\nprogress 1 MEDICINE");
    acts(&mut g, &["PLAY MEDICINE", "CHOOSE corner 5:SE"]);
    assert_eq!(hand(&g, 0), Hand::EMPTY);
    assert_eq!(g.points(0), 2);
}

#[test]
fn road_building_places_two_free_roads_and_smith_promotes_two_knights() {
    let mut g = pos("players 3\nsettlement 1 5:SE\nprogress 1 ROAD_BUILDING");
    acts(
        &mut g,
        &["PLAY ROAD_BUILDING", "CHOOSE side 9:SW", "CHOOSE side 9:S"],
    );
    assert_eq!(g.players[0].roads_left, 13);
    let mut g = pos(
        "players 3\nsettlement 1 5:SE\nroads 1 9:SW 9:S\nknight 1 9:SW\nknight 1 9:SE strong\nprogress 1 SMITH",
    );
    acts(&mut g, &["PLAY SMITH", "CHOOSE corner 9:SW"]);
    // The strong knight needs a fortress: nothing more can be promoted.
    assert!(g.steps.is_empty());
    assert_eq!(g.knights[corner(&g, "9:SW")].unwrap().level, 2);
}

#[test]
fn master_merchant_takes_two_cards_from_a_richer_player_whose_hand_is_shown() {
    let mut g = pos(
        "players 3\nsettlement 2 5:SE\nsettlement 2 13:SW\nhand 2 ORE 1 COIN 2\nprogress 1 MASTER_MERCHANT",
    );
    acts(&mut g, &["PLAY MASTER_MERCHANT", "CHOOSE player 2"]);
    let v = g.player_view(0);
    assert!(v.backs[1].hand_shown);
    assert_eq!(
        v.state.players[1].hand,
        h(&[(Card::Ore, 1), (Card::Coin, 2)])
    );
    acts(&mut g, &["CHOOSE COIN", "CHOOSE ORE"]);
    assert_eq!(hand(&g, 0), h(&[(Card::Ore, 1), (Card::Coin, 1)]));
}

#[test]
fn merchant_takes_the_merchant_and_monopolies_collect() {
    let mut g = pos(
        "players 3\nsettlement 1 5:SE\nprogress 1 MERCHANT RESOURCE_MONOPOLY TRADE_MONOPOLY\nhand 2 WOOL 3 CLOTH 2\nhand 3 WOOL 1",
    );
    acts(&mut g, &["PLAY MERCHANT", "CHOOSE field 9"]);
    assert_eq!(g.merchant.map(|m| m.1), Some(0));
    acts(&mut g, &["PLAY RESOURCE_MONOPOLY", "CHOOSE WOOL"]);
    assert_eq!(
        hand(&g, 0).get(Card::Wool),
        3,
        "2 from player 2, 1 from player 3"
    );
    acts(&mut g, &["PLAY TRADE_MONOPOLY", "CHOOSE CLOTH"]);
    assert_eq!(hand(&g, 0).get(Card::Cloth), 1);
}

#[test]
fn bishop_moves_the_robber_and_takes_from_everyone_beside_it() {
    let text = "players 3\nsettlement 2 5:SE\nsettlement 3 9:SE\nhand 2 ORE 1\nhand 3 GRAIN 1\nprogress 1 BISHOP";
    let mut g = pos(text);
    refused(&mut g, "PLAY BISHOP", "sleeps");
    let mut g = pos(&format!("{text}\nbarbarians 0 awake"));
    acts(&mut g, &["PLAY BISHOP", "CHOOSE field 9"]);
    assert_eq!(hand(&g, 0), h(&[(Card::Ore, 1), (Card::Grain, 1)]));
}

#[test]
fn deserter_removes_a_knight_of_the_victims_choice_and_places_one_of_equal_strength() {
    let mut g = pos(
        "players 3\nsettlement 1 5:SE\nroad 1 9:SW\nroads 2 13:SW\nknight 2 13:SW strong active\nprogress 1 DESERTER",
    );
    acts(
        &mut g,
        &[
            "PLAY DESERTER",
            "CHOOSE player 2",
            "2: CHOOSE corner 13:SW",
            "CHOOSE corner 9:SW",
        ],
    );
    let k = g.knights[corner(&g, "9:SW")].unwrap();
    assert_eq!((k.owner, k.level, k.active), (0, 2, true));
    assert!(g.knights[corner(&g, "13:SW")].is_none());
}

#[test]
fn diplomat_removes_an_open_road_and_intrigue_displaces_a_knight() {
    let mut g = pos("players 3\nsettlement 2 13:SW\nroads 2 17:SE 21:SW\nprogress 1 DIPLOMAT");
    acts(&mut g, &["PLAY DIPLOMAT", "CHOOSE side 21:SW"]);
    assert_eq!(g.players[1].roads_left, 14);
    let mut g = pos(
        "players 3\nsettlement 1 5:SE\nroad 1 9:SW\nroads 2 12:SE 12:S\nknight 2 9:SW\nprogress 1 INTRIGUE",
    );
    acts(
        &mut g,
        &[
            "PLAY INTRIGUE",
            "CHOOSE corner 9:SW",
            "2: CHOOSE corner 12:SW",
        ],
    );
    assert_eq!(g.knights[corner(&g, "12:SW")].unwrap().owner, 1);
}

#[test]
fn saboteur_halves_the_hands_of_players_with_as_many_points_or_more() {
    let mut g = pos(
        "players 3\nsettlement 1 5:SE\nsettlement 2 13:SW\nhand 2 ORE 5\nhand 3 ORE 4\nprogress 1 SABOTEUR",
    );
    act(&mut g, "PLAY SABOTEUR");
    acts(&mut g, &["2: DISCARD ORE", "2: DISCARD ORE"]);
    assert_eq!(hand(&g, 1), h(&[(Card::Ore, 3)]));
    assert_eq!(hand(&g, 2), h(&[(Card::Ore, 4)]), "fewer points: untouched");
}

#[test]
fn spy_takes_a_progress_card_and_warlord_activates_every_knight() {
    let mut g = pos(
        "players 3\nprogress 2 CRANE\nprogress 1 SPY WARLORD\nsettlement 1 5:SE\nroads 1 9:SW 9:S\nknight 1 9:SW\nknight 1 9:SE",
    );
    acts(&mut g, &["PLAY SPY", "CHOOSE player 2", "CHOOSE CRANE"]);
    assert_eq!(
        g.players[0].progress,
        vec![Progress::Warlord, Progress::Crane]
    );
    act(&mut g, "PLAY WARLORD");
    assert_eq!(g.knight_strength(0), 2);
}

#[test]
fn wedding_takes_two_cards_of_their_choice_from_each_richer_player() {
    let mut g = pos(
        "players 3\nsettlement 2 5:SE\nhand 2 ORE 3 WOOL 1\nhand 3 GRAIN 3\nprogress 1 WEDDING",
    );
    act(&mut g, "PLAY WEDDING");
    acts(&mut g, &["2: DISCARD WOOL", "2: DISCARD ORE"]);
    assert_eq!(hand(&g, 0), h(&[(Card::Ore, 1), (Card::Wool, 1)]));
    assert_eq!(
        hand(&g, 2),
        h(&[(Card::Grain, 3)]),
        "not richer: gives nothing"
    );
}

#[test]
fn positions_name_their_problems_by_line() {
    let e = read_position(
        "players 3\nsettlement 9 5:SE\nhand 1 GRAIN 40\ndragon 1",
        None,
    )
    .unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("2:1: a player is a number from 1 to 3"),
        "{text}"
    );
    assert!(text.contains("3:1: the bank has only 19 GRAIN"), "{text}");
    assert!(
        text.contains("4:1: \"dragon\" is not a position line"),
        "{text}"
    );
}
