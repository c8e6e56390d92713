use std::collections::BTreeMap;
use tabula_engine::{Game, GameRng, ToMove};
use tabula_star_tigris::{Event, StarTigris, DEFAULT_MAP, Options};
fn main() {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut actions = 0;
    let mut ends: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 0..200 {
        let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, 2, seed).unwrap();
        let mut rng = GameRng::seeded(seed);
        loop {
            let mut ev: Vec<Event> = Vec::new();
            match g.to_move() {
                ToMove::Seat(s) => { let a = g.random_action(s, &mut rng).unwrap(); g.apply_logged(s, &a, &mut ev).unwrap(); actions += 1;
                    let name = format!("{a}"); *counts.entry(format!("A:{}", name.split(' ').next().unwrap())).or_default() += 1; }
                ToMove::Chance => g.chance_logged(&mut ev).unwrap(),
                ToMove::Over => break,
                _ => unreachable!(),
            }
            for e in ev { let s = serde_json::to_value(&e).unwrap(); let k = s["event"].as_str().unwrap().to_string();
                if k == "game_over" { *ends.entry(s["reason"].to_string()).or_default() += 1; }
                if k == "conflict_resolved" { *counts.entry(format!("E:conflict ext={}", s["external"])).or_default() += 1; }
                *counts.entry(format!("E:{k}")).or_default() += 1; }
        }
    }
    println!("actions/game {}", actions as f64 / 200.0);
    for (k, v) in counts { println!("{k}: {v}"); }
    println!("{ends:?}");
}
