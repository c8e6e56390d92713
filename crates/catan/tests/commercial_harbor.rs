//! The seed's two Commercial Harbor scenarios, played command by command
//! as the course server's blog gives them: Zenobios, Bob and Charly.
//!
//! 1. Zenobios plays the card and offers a grain to Charly, who chooses
//!    paper, then to Bob, who chooses coin.
//! 2. Nobody else has a commodity: the server answers "Sorry, but there
//!    is no player who has a commodity card." and nothing changes. The
//!    card stays in Zenobios's hand: a refused command changes nothing
//!    (docs/catan/rules.md).

use tabula_catan::game::state::Phase;
use tabula_catan::{Action, Card, Catan, Hand, Options, Progress, Track};
use tabula_engine::{Game, Ruleset, Seat, ToMove};

const ZENOBIOS: Seat = 0;
const BOB: Seat = 1;
const CHARLY: Seat = 2;

/// A three-player game in Zenobios's turn after the roll, with these
/// hands (taken from the bank) and the Commercial Harbor card (taken from
/// its deck) in Zenobios's hand.
fn table(hands: [&[(Card, u8)]; 3]) -> Catan {
    let mut g = Catan::new_game(&Options::default(), None, 3, 1).unwrap();
    g.steps.clear();
    g.phase = Phase::Main;
    g.current = ZENOBIOS;
    g.turn = 9;
    for (seat, cards) in hands.iter().enumerate() {
        let hand = Hand::of(cards);
        g.bank.take_all(&hand);
        g.players[seat].hand = hand;
    }
    let deck = &mut g.decks[Track::Trade.index()];
    let i = deck
        .iter()
        .position(|c| *c == Progress::CommercialHarbor)
        .unwrap();
    deck.remove(i);
    g.players[ZENOBIOS as usize]
        .progress
        .push(Progress::CommercialHarbor);
    g.check_conservation().unwrap();
    g
}

fn play(g: &mut Catan, seat: Seat, text: &str) {
    assert_eq!(g.to_move(), ToMove::Seat(seat), "before {text}");
    let a = Action::parse(text, &g.topo).unwrap();
    g.apply(seat, &a).unwrap_or_else(|e| panic!("{text}: {e}"));
}

#[test]
fn zenobios_trades_two_grain_for_paper_and_coin() {
    let mut g = table([
        &[(Card::Grain, 2)],
        &[(Card::Coin, 1), (Card::Cloth, 1)],
        &[(Card::Lumber, 2), (Card::Paper, 1)],
    ]);
    play(&mut g, ZENOBIOS, "PLAY COMMERCIAL_HARBOR");
    // Zenobios offers one of his grain to Charly ("OFFER card user").
    play(&mut g, ZENOBIOS, "OFFER 3 GRAIN");
    // Charly is asked to choose one of his commodity cards: only paper.
    assert_eq!(
        g.legal_actions(CHARLY),
        vec![Action::parse("CHOOSE PAPER", &g.topo).unwrap()]
    );
    play(&mut g, CHARLY, "CHOOSE PAPER");
    // The same with Bob, who gives a coin of his two commodities.
    play(&mut g, ZENOBIOS, "OFFER 2 GRAIN");
    assert_eq!(g.legal_actions(BOB).len(), 2, "Bob chooses cloth or coin");
    play(&mut g, BOB, "CHOOSE COIN");
    // "OK - yourTurn": Zenobios goes on with his turn.
    assert_eq!(g.to_move(), ToMove::Seat(ZENOBIOS));
    assert!(g.steps.is_empty());
    assert_eq!(
        g.players[0].hand,
        Hand::of(&[(Card::Coin, 1), (Card::Paper, 1)])
    );
    assert_eq!(
        g.players[1].hand,
        Hand::of(&[(Card::Grain, 1), (Card::Cloth, 1)])
    );
    assert_eq!(
        g.players[2].hand,
        Hand::of(&[(Card::Lumber, 2), (Card::Grain, 1)])
    );
    assert!(g.players[0].progress.is_empty(), "the card was played");
    assert_eq!(
        g.decks[Track::Trade.index()][0],
        Progress::CommercialHarbor,
        "under its deck"
    );
    g.check_conservation().unwrap();
}

#[test]
fn nobody_has_a_commodity_so_the_play_is_refused_and_nothing_changes() {
    let mut g = table([&[(Card::Grain, 3)], &[(Card::Grain, 3)], &[]]);
    let before = g.state_hash();
    let a = Action::parse("PLAY COMMERCIAL_HARBOR", &g.topo).unwrap();
    assert!(!g.legal_actions(ZENOBIOS).contains(&a));
    let e = g.apply(ZENOBIOS, &a).unwrap_err();
    assert_eq!(e.to_string(), "there is no player who has a commodity card");
    assert_eq!(g.state_hash(), before, "nothing changed");
    assert_eq!(g.players[0].hand, Hand::of(&[(Card::Grain, 3)]));
    assert_eq!(g.players[1].hand, Hand::of(&[(Card::Grain, 3)]));
    assert_eq!(g.players[2].hand, Hand::EMPTY);
    assert_eq!(
        g.players[0].progress,
        vec![Progress::CommercialHarbor],
        "the card is kept"
    );
    // Zenobios goes on with his turn ("OK - yourTurn").
    assert_eq!(g.to_move(), ToMove::Seat(ZENOBIOS));
    assert!(g.legal_actions(ZENOBIOS).contains(&Action::EndTurn));
}

#[test]
fn each_opponent_is_offered_at_most_once_a_turn_even_with_two_cards() {
    let mut g = table([&[(Card::Grain, 3)], &[(Card::Coin, 2)], &[(Card::Paper, 2)]]);
    g.decks[Track::Trade.index()].retain(|c| *c != Progress::CommercialHarbor);
    g.players[0].progress.push(Progress::CommercialHarbor);
    play(&mut g, ZENOBIOS, "PLAY COMMERCIAL_HARBOR");
    play(&mut g, ZENOBIOS, "OFFER 2 GRAIN");
    play(&mut g, BOB, "CHOOSE COIN");
    // Charly may still be offered a card; Bob may not.
    let offers: Vec<Action> = g
        .legal_actions(ZENOBIOS)
        .into_iter()
        .filter(|a| matches!(a, Action::Offer { .. }))
        .collect();
    assert!(
        offers
            .iter()
            .all(|a| matches!(a, Action::Offer { to: CHARLY, .. }))
    );
    play(&mut g, ZENOBIOS, "END_PLAY");
    // The second card finds only Charly.
    play(&mut g, ZENOBIOS, "PLAY COMMERCIAL_HARBOR");
    let e = g
        .apply(ZENOBIOS, &Action::parse("OFFER 2 GRAIN", &g.topo).unwrap())
        .unwrap_err();
    assert!(e.to_string().contains("not an answer"), "{e}");
    play(&mut g, ZENOBIOS, "OFFER 3 GRAIN");
    play(&mut g, CHARLY, "CHOOSE PAPER");
    assert_eq!(
        g.players[0].hand,
        Hand::of(&[(Card::Grain, 1), (Card::Coin, 1), (Card::Paper, 1)])
    );
    // Nobody is left to offer to: the turn goes on.
    assert!(g.steps.is_empty());
    g.check_conservation().unwrap();
}

/// The first scenario again, from the position as a game option (what the
/// page's "start from a position" does): the record replays it, no player
/// view carries the position's text, and a position naming another seat
/// count is refused in words.
#[test]
fn the_first_scenario_from_a_position_option_replays_and_stays_hidden() {
    use tabula_engine::SeatInfo;
    use tabula_engine::record::{Match, replay};
    let text = include_str!("../../../tests/fixtures/catan/commercial-harbor.txt");
    let options = Options {
        position: Some(text.into()),
        ..Options::default()
    };
    let seats: Vec<SeatInfo> = ["Zenobios", "Bob", "Charly"]
        .iter()
        .map(|n| SeatInfo {
            name: (*n).into(),
            player: "human".into(),
        })
        .collect();
    let mut m = Match::<Catan>::new(&options, None, seats.clone(), 77).unwrap();
    for (seat, words) in [
        (ZENOBIOS, "PLAY COMMERCIAL_HARBOR"),
        (ZENOBIOS, "OFFER 3 GRAIN"),
        (CHARLY, "CHOOSE PAPER"),
        (ZENOBIOS, "OFFER 2 GRAIN"),
        (BOB, "CHOOSE COIN"),
    ] {
        let a = Action::parse(words, &m.game().topo).unwrap();
        m.play(seat, &a).unwrap();
    }
    let g = m.game();
    assert_eq!(
        g.players[0].hand,
        Hand::of(&[(Card::Coin, 1), (Card::Paper, 1)])
    );
    assert_eq!(
        g.players[1].hand,
        Hand::of(&[(Card::Grain, 1), (Card::Cloth, 1)])
    );
    assert_eq!(
        g.players[2].hand,
        Hand::of(&[(Card::Lumber, 2), (Card::Grain, 1)])
    );
    let replayed: Catan = replay(&m.record()).unwrap();
    assert_eq!(replayed.state_hash(), g.state_hash());
    for seat in 0..3 {
        let view = serde_json::to_string(&g.player_view(seat)).unwrap();
        assert!(!view.contains("COMMERCIAL_HARBOR") && !view.contains("position"));
    }
    let wrong = Match::<Catan>::new(&options, None, seats[..2].to_vec(), 1).unwrap_err();
    assert!(
        wrong.to_string().contains("the position is for 3 players"),
        "{wrong}"
    );
    // A position inside a position's options is not read again.
    let plain: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let inner = Options {
        position: Some(plain.clone()),
        ..Options::default()
    };
    let nested = Options {
        position: Some(format!(
            "options {}\n{plain}",
            serde_json::to_string(&inner).unwrap()
        )),
        ..Options::default()
    };
    assert!(Catan::new_game(&nested, None, 3, 1).is_ok());
}
