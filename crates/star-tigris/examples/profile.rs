use tabula_engine::{Game, GameRng, ToMove, settle_chance};
use tabula_star_tigris::{DEFAULT_MAP, Options, StarTigris};
fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let t = std::time::Instant::now();
    let mut actions = 0;
    for seed in 0..n {
        let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, 2, seed).unwrap();
        let mut rng = GameRng::seeded(seed);
        while let ToMove::Seat(s) = g.to_move() {
            let a = g.random_action(s, &mut rng).unwrap();
            g.apply(s, &a).unwrap();
            settle_chance(&mut g).unwrap();
            actions += 1;
        }
    }
    let e = t.elapsed().as_secs_f64();
    println!("{:.0} games/s, {:.1} actions/game, {:.3} us/action", n as f64 / e, actions as f64 / n as f64, e * 1e6 / actions as f64);
}
