//! Positions in the middle of the set-up (a `setup` line,
//! docs/catan/positions.md): the pieces on the board are the placements
//! made so far, and the game goes on at the next one, in snake order.

use tabula_catan::game::position::read_position;
use tabula_catan::game::state::{Building, Phase};
use tabula_catan::{Action, Card, Catan};
use tabula_engine::{Game, ToMove};

fn pos(text: &str) -> Catan {
    read_position(text, None).unwrap_or_else(|e| panic!("{e}"))
}

fn act(g: &mut Catan, seat: u8, text: &str) {
    let a = Action::parse(text, &g.topo).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.apply(seat, &a).unwrap_or_else(|e| panic!("{text}: {e}"));
    while g.to_move() == ToMove::Chance {
        g.apply_chance().unwrap();
    }
    g.check_conservation().unwrap();
}

#[test]
fn an_empty_board_in_set_up_starts_with_the_first_players_settlement() {
    let g = pos("players 3\nsetup\n");
    assert_eq!(g.phase, Phase::Setup);
    assert_eq!(g.to_move(), ToMove::Seat(0));
    let legal = g.legal_actions(0);
    assert!(!legal.is_empty());
    assert!(
        legal.iter().all(|a| matches!(a, Action::Build { .. })),
        "{legal:?}"
    );
}

#[test]
fn the_second_round_places_a_city_that_pays_its_starting_cards() {
    let mut g = pos("players 3\nsetup\n\
         settlement 1 9:SE\nroad 1 9:S\n\
         settlement 2 5:SE\nroad 2 5:S\n\
         settlement 3 28:SE\nroad 3 28:S\n");
    assert_eq!(
        g.to_move(),
        ToMove::Seat(2),
        "player 3 places twice in a row"
    );
    act(&mut g, 2, "BUILD City 16:SW");
    assert!(matches!(
        g.buildings[g.topo.parse_corner("16:SW").unwrap() as usize],
        Building::City { owner: 2, .. }
    ));
    let cards: u32 = Card::ALL
        .iter()
        .map(|c| u32::from(g.players[2].hand.get(*c)))
        .sum();
    assert!(
        cards >= 2,
        "a city placed in the set-up pays its fields: {cards}"
    );
    act(&mut g, 2, "BUILD Road 19:SE");
    assert_eq!(g.to_move(), ToMove::Seat(1));
    act(&mut g, 1, "BUILD City 21:SW");
    act(&mut g, 1, "BUILD Road 21:S");
    act(&mut g, 0, "BUILD City 24:SE");
    act(&mut g, 0, "BUILD Road 24:S");
    assert_eq!(g.phase, Phase::BeforeRoll);
    assert_eq!(g.to_move(), ToMove::Seat(0));
    assert_eq!(g.turn, 1);
}

#[test]
fn a_building_without_its_road_waits_for_it() {
    let mut g = pos("players 2\nsetup\nsettlement 1 9:SE\n");
    assert_eq!(g.to_move(), ToMove::Seat(0));
    let legal = g.legal_actions(0);
    assert!(!legal.is_empty());
    act(&mut g, 0, "BUILD Road 9:S");
    assert_eq!(g.to_move(), ToMove::Seat(1));
}

#[test]
fn placements_out_of_the_set_up_order_are_refused_with_the_line() {
    let e = read_position("players 3\nsettlement 2 5:SE\nroad 2 5:S\nsetup\n", None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("4:1:"), "{e}");
    assert!(
        e.contains("player 1 has 1 (0 of them a city), not 0"),
        "{e}"
    );
    let e = read_position(
        "players 2\nsetup\nsettlement 1 9:SE\nroad 1 9:S\nroad 1 9:SW\n",
        None,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("player 1 has 2 roads beside 1 set-up buildings"),
        "{e}"
    );
    let e = read_position("players 2\nsetup now\n", None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("`setup` stands alone on its line"), "{e}");
}
