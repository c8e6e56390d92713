//! Entry points for fuzzing (see `fuzz/` at the top of the repository):
//! map parsing, record loading and action sequences. Each must never panic
//! on any input; they are also run on random and mutated inputs in the
//! ordinary test suite.

use tabula_engine::conformance::Conformance;
use tabula_engine::record::{parse_record, replay};
use tabula_engine::{Game, GameRng, ToMove, settle_chance};

use crate::map::check_map;
use crate::{DEFAULT_MAP, Options, StarTigris, parse_setup};

/// Parse and validate arbitrary bytes as a map and as a setup.
pub fn fuzz_map(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let problems = check_map(&text);
    for p in &problems.0 {
        // Every located problem points inside the text.
        if let Some(line) = p.line {
            assert!(line >= 1 && line <= text.lines().count().max(1), "{p}");
        }
    }
    if let Ok(g) = parse_setup(&text) {
        g.invariants()
            .expect("a parsed setup satisfies the invariants");
    }
}

/// Load arbitrary bytes as a game record.
pub fn fuzz_record(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(record) = parse_record(&text) {
        let _ = replay::<StarTigris>(&record);
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
    let Ok(mut g) = StarTigris::new(&Options::default(), DEFAULT_MAP, players, seed as u64) else {
        return;
    };
    let mut rng = GameRng::seeded(seed as u64);
    for &b in rest.iter().take(5_000) {
        let ToMove::Seat(s) = g.to_move() else { break };
        if b & 1 == 0 {
            let legal = g.legal_actions(s);
            let a = legal[(b as usize >> 1) % legal.len()];
            g.apply(s, &a).expect("a listed action applies");
        } else {
            let a = g.arbitrary_action(&mut rng);
            let before = g.clone();
            if g.apply(s, &a).is_err() {
                assert_eq!(g, before, "a refused action changed the state");
            }
        }
        settle_chance(&mut g).expect("draws succeed");
        g.invariants().expect("invariants hold");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few thousand random and mutated inputs for each entry point.
    #[test]
    fn fuzz_entry_points_survive_random_inputs() {
        let mut rng = GameRng::seeded(99);
        let seeds: [&[u8]; 3] = [
            DEFAULT_MAP.as_bytes(),
            b"players 2\nhand 1 scientist 3\nboard\nt P1 . A\nM r A .\n. . A .\n",
            br#"{"format":"tabula-record","version":1,"ruleset":"star-tigris","options":{},"map":null,"seed":1,"seats":[{"name":"A","player":"human"},{"name":"B","player":"human"}],"actions":[{"seat":0,"action":"pass"}],"final_hash":"0000000000000000"}"#,
        ];
        for round in 0..1500 {
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
                        let alphabet = b".MA\n{}\":, tp1";
                        data.insert(i, alphabet[rng.index(alphabet.len())])
                    }
                }
            }
            fuzz_map(&data);
            fuzz_record(&data);
            let random: Vec<u8> = (0..rng.below(300)).map(|_| rng.below(256) as u8).collect();
            fuzz_actions(&random);
        }
    }
}
