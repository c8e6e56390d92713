//! Two built-in bots play 2-player games on the standard board; per seat,
//! the final score split into square points and event points (fights,
//! bubbles), the final squares and units.
//!
//! `cargo run --example duel -p tabula-domains -- painter dummy 20`

#![allow(clippy::needless_range_loop)]

use tabula_ai::Bot;
use tabula_domains::{Domains, Options, domains_bot};
use tabula_engine::{Game, ToMove};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a = args.get(1).map(String::as_str).unwrap_or("painter");
    let b = args.get(2).map(String::as_str).unwrap_or("dummy");
    let games: u64 = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(10);
    let mut wins = [0, 0];
    let mut totals = [[0i64; 4]; 2];
    for g in 0..games {
        let swap = g % 2 == 1;
        let names = if swap { [b, a] } else { [a, b] };
        let mut game = Domains::start(&Options::default(), 2, g / 2 + 1).unwrap();
        let mut bots: Vec<Box<dyn Bot<Domains>>> = names
            .iter()
            .enumerate()
            .map(|(i, n)| domains_bot(n, g * 7 + i as u64).unwrap().unwrap())
            .collect();
        let mut square_points = [0i64; 2];
        loop {
            match game.to_move() {
                ToMove::Simultaneous(set) => {
                    let s = set.iter().next().unwrap();
                    let act = bots[s as usize].choose(&game.player_view(s), s).unwrap();
                    game.apply(s, &act).unwrap();
                }
                ToMove::Chance => {
                    game.apply_chance().unwrap();
                    for p in 0..2 {
                        square_points[p] += game.board.players[p].squares as i64;
                    }
                    if std::env::var("DUEL_VERBOSE").is_ok()
                        && [30, 60, 100, 200, 300, 400].contains(&game.board.round)
                    {
                        print!(
                            "r{}:{}/{} ",
                            game.board.round,
                            game.board.players[0].squares,
                            game.board.players[1].squares
                        );
                    }
                }
                _ => break,
            }
        }
        let o = game.outcome().unwrap();
        if std::env::var("DUEL_VERBOSE").is_ok() {
            println!(
                "game {g}: {:?} scores {:?} squares {:?}/{:?} units {} {}",
                names,
                o.scores,
                square_points,
                game.board
                    .players
                    .iter()
                    .map(|p| p.squares)
                    .collect::<Vec<_>>(),
                game.board.unit_count(0),
                game.board.unit_count(1)
            );
        }
        for seat in 0..2 {
            let who = if swap { 1 - seat } else { seat };
            let p = &game.board.players[seat];
            totals[who][0] += p.score;
            totals[who][1] += square_points[seat];
            totals[who][2] += p.squares as i64;
            totals[who][3] += game.board.unit_count(seat as u8) as i64;
            if o.sole_winner(seat as u8) {
                wins[who] += 1;
            }
        }
    }
    for (i, name) in [a, b].iter().enumerate() {
        let t = totals[i].map(|x| x / games as i64);
        println!(
            "{name}: won {} of {games}; mean score {} = squares {} + events {}; final squares {}, units {}",
            wins[i],
            t[0],
            t[1],
            t[0] - t[1],
            t[2],
            t[3]
        );
    }
}
