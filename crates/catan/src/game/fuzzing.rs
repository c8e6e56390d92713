//! Entry points for fuzzing (see `fuzz/` at the top of the repository):
//! boards, game records, actions written as text, and games driven by
//! arbitrary bytes. None may panic on any input; they also run on random
//! and mutated inputs in the ordinary test suite.

use tabula_engine::conformance::Conformance;
use tabula_engine::record::{parse_record, replay};
use tabula_engine::{Game, GameRng, Ruleset, ToMove};

use super::action::Action;
use super::options::Options;
use super::state::Catan;

/// Read and check arbitrary bytes as a board; every located problem
/// points inside the text, and a board without errors starts a game.
pub fn fuzz_board(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let checked = crate::check_text(&text);
    let lines = text.lines().count().max(1);
    for p in &checked.problems {
        if let Some(line) = p.line {
            assert!(line >= 1 && line <= lines, "{p:?}");
        }
    }
    if checked.board.is_some() && !checked.has_errors() {
        for seats in 2..=4 {
            let g = Catan::new_game(&Options::default(), Some(&text), seats, 1)
                .expect("a board without errors starts a game");
            g.check_conservation()
                .expect("a new game has every card and piece");
        }
    }
}

/// Read arbitrary bytes as a position (docs/catan/positions.md): every
/// position read keeps every card and piece accounted for.
pub fn fuzz_position(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(g) = super::position::read_position(&text, None) {
        g.check_conservation()
            .expect("a position read keeps every card and piece");
    }
}

/// Load arbitrary bytes as a game record and replay it.
pub fn fuzz_record(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(record) = parse_record(&text) {
        let _ = replay::<Catan>(&record);
    }
}

/// Read arbitrary text as action lines and apply each to a game for the
/// seat to move: a line that does not read or is refused changes nothing.
pub fn fuzz_action_text(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(mut g) = Catan::new_game(&Options::default(), None, 3, 5) else {
        return;
    };
    for line in text.lines().take(2_000) {
        let Ok(action) = Action::parse(line, &g.topo) else {
            continue;
        };
        let seat = match g.to_move() {
            ToMove::Seat(s) => s,
            ToMove::Simultaneous(set) => set.iter().next().unwrap_or(0),
            ToMove::Chance => {
                g.apply_chance().expect("the dice roll");
                continue;
            }
            ToMove::Over => break,
        };
        let before = g.state_hash();
        if g.apply(seat, &action).is_err() {
            assert_eq!(g.state_hash(), before, "a refused action changed the state");
        }
        // The text form reads back as the same action.
        assert_eq!(Action::parse(&action.text(&g.topo), &g.topo), Ok(action));
    }
}

/// Play a game driven by arbitrary bytes: each byte either picks a legal
/// action or makes an arbitrary (often illegal) one, which must be refused
/// with the state unchanged.
pub fn fuzz_actions(data: &[u8]) {
    let Some((&seed, rest)) = data.split_first() else {
        return;
    };
    let players = 2 + (seed as usize % 3);
    let options = if seed & 8 == 0 {
        Options::default()
    } else {
        Options::base()
    };
    let Ok(mut g) = Catan::new_game(&options, None, players, u64::from(seed)) else {
        return;
    };
    let mut rng = GameRng::seeded(u64::from(seed));
    for &b in rest.iter().take(5_000) {
        let seat = match g.to_move() {
            ToMove::Seat(s) => s,
            ToMove::Simultaneous(set) => set.iter().next().unwrap_or(0),
            ToMove::Chance => {
                g.apply_chance().expect("the dice roll");
                continue;
            }
            ToMove::Over => break,
        };
        if b & 1 == 0 {
            let legal = g.legal_actions(seat);
            let a = legal[(b as usize >> 1) % legal.len()];
            g.apply(seat, &a).expect("a listed action applies");
        } else {
            let a = g.arbitrary_action(&mut rng);
            let before = g.state_hash();
            if g.apply(seat, &a).is_err() {
                assert_eq!(g.state_hash(), before, "a refused action changed the state");
            }
        }
        g.check_conservation()
            .expect("every card and piece is accounted for");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few thousand random and mutated inputs for each entry point.
    #[test]
    fn fuzz_entry_points_survive_random_inputs() {
        let mut rng = GameRng::seeded(77);
        let seeds: [&[u8]; 3] = [
            crate::STANDARD_BOARD.as_bytes(),
            b"players 3\nhand 1 GRAIN 2\ncity 2 5:SE wall\nknight 1 9:SW strong active\nroads 1 9:SW 9:S\ndice 3 4\nevent ship\nBUILD Settlement 5:NE\nBUILD Road 5:N\nROLL_DIES\nPLAY SPY\nCHOOSE player 2\nTRADE GRAIN ORE\nPROPOSE 1 BRICK FOR 2 GRAIN\nEND_TURN\n",
            br#"{"format":"tabula-record","version":1,"ruleset":"catan","options":{},"map":null,"seed":1,"seats":[{"name":"A","player":"human"},{"name":"B","player":"human"}],"actions":[{"seat":0,"action":{"build":{"piece":"settlement","at":3}}}],"final_hash":"0000000000000000"}"#,
        ];
        for round in 0..600 {
            let base = seeds[round % 3];
            let mut data = base.to_vec();
            for _ in 0..1 + rng.below(8) {
                if data.is_empty() {
                    break;
                }
                let i = rng.index(data.len());
                match rng.below(3) {
                    0 => data[i] = rng.below(256) as u8,
                    1 => {
                        data.remove(i);
                    }
                    _ => {
                        let alphabet = b";,:\n{}\"NESW 12";
                        data.insert(i, alphabet[rng.index(alphabet.len())])
                    }
                }
            }
            fuzz_board(&data);
            fuzz_position(&data);
            fuzz_record(&data);
            fuzz_action_text(&data);
            let random: Vec<u8> = (0..rng.below(400)).map(|_| rng.below(256) as u8).collect();
            fuzz_actions(&random);
        }
    }
}
