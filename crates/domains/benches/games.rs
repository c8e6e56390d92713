//! Domains throughput: complete 500-round 4-player games on the standard
//! 50×50 board with `demo` and with `dummy` bots (bots and engine), and the
//! engine alone replaying the same games' orders (its share of the time).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tabula_ai::Bot;
use tabula_domains::{Action, Domains, Options, domains_bot};
use tabula_engine::{Game, ToMove};

/// Play a complete game between four bots named `bot`; returns its actions.
fn bot_game(bot: &str, seed: u64) -> Vec<(u8, Action)> {
    let mut g = Domains::start(&Options::default(), 4, seed).expect("standard start");
    let mut bots: Vec<Box<dyn Bot<Domains>>> = (0..4)
        .map(|i| {
            domains_bot(bot, seed + i)
                .expect("built in")
                .expect("no parameters")
        })
        .collect();
    let mut actions = Vec::new();
    loop {
        match g.to_move() {
            ToMove::Simultaneous(set) => {
                let s = set.iter().next().expect("a seat");
                let a = bots[s as usize]
                    .choose(&g.player_view(s), s)
                    .expect("an action");
                g.apply(s, &a).expect("legal");
                actions.push((s, a));
            }
            ToMove::Chance => g.apply_chance().expect("a round"),
            _ => break,
        }
    }
    actions
}

/// Replay a game's actions: order submission and the round steps.
fn replay(actions: &[(u8, Action)], seed: u64) -> i64 {
    let mut g = Domains::start(&Options::default(), 4, seed).expect("standard start");
    for (s, a) in actions {
        g.apply(*s, a).expect("legal");
        if g.to_move() == ToMove::Chance {
            g.apply_chance().expect("a round");
        }
    }
    g.board.players[0].score
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("domains");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    for bot in ["demo", "dummy"] {
        group.bench_function(format!("4 {bot} bots, 500 rounds"), |b| {
            b.iter(|| bot_game(bot, 3))
        });
        let actions = bot_game(bot, 3);
        group.bench_function(format!("engine only, {bot} game"), |b| {
            b.iter(|| replay(&actions, 3))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
