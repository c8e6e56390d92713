//! Random-game throughput: complete 2-player games on the default map,
//! each seat choosing uniformly among its legal actions.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tabula_engine::{Game, GameRng, ToMove, settle_chance};
use tabula_star_tigris::{DEFAULT_MAP, Options, StarTigris};

/// Play one complete random game; returns the number of actions.
fn random_game(seed: u64) -> usize {
    let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, 2, seed).expect("default map");
    let mut rng = GameRng::seeded(seed);
    let mut actions = 0;
    while let ToMove::Seat(s) = g.to_move() {
        let a = g.random_action(s, &mut rng).expect("a legal action");
        g.apply(s, &a).expect("legal");
        settle_chance(&mut g).expect("draw");
        actions += 1;
    }
    actions
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("star-tigris");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("random 2-player game", |b| {
        b.iter(|| {
            seed += 1;
            random_game(seed)
        })
    });
    let start = StarTigris::new(&Options::default(), DEFAULT_MAP, 2, 1).expect("default map");
    group.bench_function("state clone", |b| {
        b.iter(|| std::hint::black_box(&start).clone())
    });
    group.bench_function("legal actions (opening)", |b| {
        b.iter(|| start.legal_actions(0).len())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
