//! The bots on Star Tigris: specs, legal choices, no cheating, strength hints.

use tabula_ai::{Bot, BotSpec, Level, SearchBot, SearchConfig, bot_from_spec};
use tabula_engine::{Determinize, Game, GameRng, Seat, ToMove, settle_chance};
use tabula_star_tigris::{Action, DEFAULT_MAP, Options, StarTigris, parse_setup};

/// Specs whose bots are deterministic for a seed (no time limit).
const DETERMINISTIC: &[&str] = &[
    "random",
    "greedy",
    "greedy:samples=3",
    "search:iterations=60",
    "search:iterations=40:depth=0:samples=1",
    "search:iterations=40:sweep=0:widen=3:c=1.2",
];

fn to_move(g: &StarTigris) -> Seat {
    match g.to_move() {
        ToMove::Seat(s) => s,
        other => panic!("no seat to move: {other:?}"),
    }
}

/// Positions from random games: every `every`-th state where a seat is to move.
fn positions(players: usize, seed: u64, every: usize) -> Vec<StarTigris> {
    let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, players, seed).unwrap();
    let mut rng = GameRng::seeded(seed);
    let mut out = Vec::new();
    let mut step = 0;
    while let ToMove::Seat(s) = g.to_move() {
        if step % every == 0 {
            out.push(g.clone());
        }
        let a = g.random_action(s, &mut rng).unwrap();
        g.apply(s, &a).unwrap();
        settle_chance(&mut g).unwrap();
        step += 1;
    }
    out
}

#[test]
fn specs_parse_and_print_canonically() {
    for (text, shown) in [
        ("random", "random"),
        ("greedy", "greedy"),
        ("greedy:samples=4", "greedy:samples=4"),
        ("search", "search:normal"),
        ("search:easy", "search:easy"),
        ("search:normal", "search:normal"),
        ("search:hard", "search:hard"),
        ("search:iterations=500", "search:iterations=500"),
        ("search:ms=200", "search:ms=200"),
        (
            "search:iterations=500:ms=200",
            "search:iterations=500:ms=200",
        ),
        (
            "search:hard:depth=3",
            "search:iterations=5000:ms=3000:depth=3",
        ),
        ("search:iterations=9:hard", "search:hard"),
    ] {
        let spec: BotSpec = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(spec.to_string(), shown, "{text}");
        let again: BotSpec = shown.parse().unwrap();
        assert_eq!(again, spec, "{shown} reads back differently");
        let bot = bot_from_spec::<StarTigris>(text, 1).unwrap();
        assert_eq!(bot.spec(), shown);
    }
    let BotSpec::Search(cfg) = "search:iterations=500".parse().unwrap() else {
        panic!()
    };
    assert_eq!((cfg.iterations, cfg.ms), (500, None));
    let BotSpec::Search(cfg) = "search:ms=200".parse().unwrap() else {
        panic!()
    };
    assert_eq!(cfg.ms, Some(200));
    assert!(cfg.iterations >= 1_000_000);
    for level in Level::ALL {
        assert_eq!(
            level.spec().parse::<BotSpec>().unwrap(),
            BotSpec::Search(level.config())
        );
    }
}

#[test]
fn unknown_specs_are_refused_clearly() {
    for (text, says) in [
        ("genius", "unknown bot \"genius\""),
        ("", "empty bot spec"),
        ("random:fast", "random: unknown parameter \"fast\""),
        ("greedy:depth=3", "greedy: unknown parameter"),
        ("search:insane", "search: unknown parameter \"insane\""),
        ("search:speed=3", "search: unknown parameter \"speed\""),
        (
            "search:iterations=0",
            "iterations=0: expected a whole number from 1",
        ),
        ("search:iterations=lots", "expected a whole number"),
        ("search:ms=-5", "ms=-5"),
        ("search:c=nan", "c=nan: expected a number"),
        ("search:widen=0", "widen=0"),
    ] {
        let err = text.parse::<BotSpec>().unwrap_err();
        assert!(err.contains(says), "{text}: {err}");
        assert!(bot_from_spec::<StarTigris>(text, 0).is_err());
    }
    assert!(
        "genius"
            .parse::<BotSpec>()
            .unwrap_err()
            .contains("random, greedy, search")
    );
}

#[test]
fn every_bot_chooses_a_legal_action_from_the_view() {
    for players in [2, 3, 4] {
        for g in positions(players, players as u64, 23) {
            let seat = to_move(&g);
            let legal = g.legal_actions(seat);
            let view = g.player_view(seat);
            for (i, spec) in DETERMINISTIC.iter().enumerate() {
                let mut bot = bot_from_spec::<StarTigris>(spec, i as u64).unwrap();
                let a = bot
                    .choose(&view, seat)
                    .unwrap_or_else(|| panic!("{spec}: no action"));
                assert!(legal.contains(&a), "{spec} chose the illegal {a}");
            }
        }
    }
}

fn setup(other_hand: &str, other_score: &str) -> StarTigris {
    parse_setup(&format!(
        "players 2\nactive 1\nseed 11\n\
         hand 1 settler 2 scientist 2 merchant 1 mining 1\n\
         hand 2 {other_hand}\n\
         score 1 people 2 technology 1 money 1\n\
         score 2 {other_score}\n\
         board\n\
         .  .  .  M  r  .  .  .\n\
         .  t  P1 t  .  .  A  .\n\
         .  m  .  .  .  T2 t  .\n\
         .  .  .  A  .  .  m  .\n\
         M  .  .  .  .  .  .  .\n\
         .  .  A  .  .  .  .  M\n"
    ))
    .unwrap_or_else(|e| panic!("{e}"))
}

/// The test: the same view and seed give the same choice whatever
/// the other hand, the pool and the hidden scores really hold.
#[test]
fn bots_choose_the_same_whatever_is_hidden() {
    let a = setup("scientist 4 merchant 2", "money 5");
    let b = setup("settler 3 mining 3", "technology 4 people 2");
    assert_ne!(a.hand(1), b.hand(1));
    assert_ne!(a.pool(), b.pool());
    assert_ne!(a.score(1), b.score(1));
    assert_eq!(a.player_view(0), b.player_view(0));
    for (i, spec) in DETERMINISTIC.iter().enumerate() {
        for seed in [1, 2] {
            let seed = seed * 100 + i as u64;
            let mut bot_a = bot_from_spec::<StarTigris>(spec, seed).unwrap();
            let mut bot_b = bot_from_spec::<StarTigris>(spec, seed).unwrap();
            let ca = bot_a.choose(&a.player_view(0), 0);
            let cb = bot_b.choose(&b.player_view(0), 0);
            assert!(ca.is_some(), "{spec}");
            assert_eq!(ca, cb, "{spec} (seed {seed}) chose differently");
        }
    }
}

/// The same, on states from real games: the real state against another
/// state with the same view for the seat to move (hidden parts redrawn).
#[test]
fn bots_choose_the_same_in_redrawn_states() {
    let mut rng = GameRng::seeded(77);
    for players in [2, 3] {
        for g in positions(players, 40 + players as u64, 31) {
            let seat = to_move(&g);
            let other = StarTigris::determinize(&g.player_view(seat), &mut rng).unwrap();
            assert_eq!(other.player_view(seat), g.player_view(seat));
            for spec in DETERMINISTIC {
                let mut x = bot_from_spec::<StarTigris>(spec, 5).unwrap();
                let mut y = bot_from_spec::<StarTigris>(spec, 5).unwrap();
                assert_eq!(
                    x.choose(&g.player_view(seat), seat),
                    y.choose(&other.player_view(seat), seat),
                    "{spec}"
                );
            }
        }
    }
}

/// Seat 1 rules a region with its settler leader and settlers are its
/// weakest kind: colonizing a settler there is worth a point of it.
fn scoring_position() -> StarTigris {
    parse_setup(
        "players 2\nactive 1\nseed 3\n\
         hand 1 settler 2 scientist 2 merchant 2\n\
         score 1 technology 3 money 3 mining 3\n\
         score 2 people 3 technology 3 money 3 mining 3\n\
         board\n\
         .  .  .  .  .  .\n\
         .  t  P1 .  .  .\n\
         .  .  .  .  A  .\n\
         .  A  .  .  .  M\n\
         .  .  .  A  .  .\n",
    )
    .unwrap()
}

fn scores_a_settler(g: &StarTigris, a: &Action) -> bool {
    let mut next = g.clone();
    next.apply(0, a).unwrap();
    next.score(0)[0] > g.score(0)[0]
}

#[test]
fn greedy_takes_the_point_in_its_weakest_kind() {
    let g = scoring_position();
    for seed in 0..5 {
        let mut bot = bot_from_spec::<StarTigris>("greedy", seed).unwrap();
        let a = bot.choose(&g.player_view(0), 0).unwrap();
        assert!(scores_a_settler(&g, &a), "greedy chose {a}");
    }
}

#[test]
fn search_takes_the_point_in_its_weakest_kind() {
    let g = scoring_position();
    for seed in 0..3 {
        let mut bot = bot_from_spec::<StarTigris>("search:iterations=300", seed).unwrap();
        let a = bot.choose(&g.player_view(0), 0).unwrap();
        assert!(scores_a_settler(&g, &a), "search chose {a}");
    }
}

#[test]
fn search_runs_its_budget_and_reports_it() {
    let g = &positions(2, 9, 40)[1];
    let seat = to_move(g);
    let mut bot = SearchBot::new(
        SearchConfig {
            iterations: 150,
            ..SearchConfig::default()
        },
        "search:iterations=150".into(),
        3,
    );
    let a = Bot::<StarTigris>::choose(&mut bot, &g.player_view(seat), seat).unwrap();
    assert!(g.legal_actions(seat).contains(&a));
    let stats = bot.stats();
    assert_eq!(stats.iterations, 150);
    assert!(stats.nodes > 150 / 2, "{stats:?}");
    assert!(stats.root_children >= 2, "{stats:?}");
    assert!((0.0..=1.0).contains(&stats.chosen_value), "{stats:?}");

    // A time limit stops the search early.
    let mut bot = SearchBot::new(
        SearchConfig {
            iterations: 10_000_000,
            ms: Some(60),
            ..SearchConfig::default()
        },
        "search:ms=60".into(),
        3,
    );
    let t0 = std::time::Instant::now();
    Bot::<StarTigris>::choose(&mut bot, &g.player_view(seat), seat).unwrap();
    assert!(t0.elapsed().as_millis() < 2000, "{:?}", t0.elapsed());
    assert!(bot.stats().iterations < 10_000_000);
    assert!(bot.stats().millis >= 60.0);
}

/// Full games between the bots, 2 to 4 seats: every choice is legal and
/// the games end.
#[test]
fn bots_play_whole_games_at_every_table_size() {
    for players in [2usize, 3, 4] {
        let specs = ["search:iterations=12:depth=4", "greedy", "random", "greedy"];
        let mut g = StarTigris::new(&Options::default(), DEFAULT_MAP, players, 5).unwrap();
        let mut bots: Vec<Box<dyn Bot<StarTigris>>> = (0..players)
            .map(|i| bot_from_spec(specs[i], i as u64).unwrap())
            .collect();
        let mut steps = 0;
        while let ToMove::Seat(s) = g.to_move() {
            let a = bots[s as usize].choose(&g.player_view(s), s).unwrap();
            g.apply(s, &a).unwrap();
            settle_chance(&mut g).unwrap();
            steps += 1;
            assert!(steps < 5000);
        }
        assert_eq!(g.outcome().unwrap().ranks.len(), players);
    }
}

#[test]
fn a_seat_with_nothing_to_do_gets_no_action() {
    let g = StarTigris::new(&Options::default(), DEFAULT_MAP, 2, 1).unwrap();
    for spec in DETERMINISTIC {
        let mut bot = bot_from_spec::<StarTigris>(spec, 1).unwrap();
        assert_eq!(bot.choose(&g.player_view(1), 1), None, "{spec}");
    }
}
