//! Every reader of Tabula fed thousands of hostile inputs made from the
//! shipped samples: none may panic, hang (a watchdog ends the run after a
//! minute on one input) or hold more memory than its stated bound, a
//! multiple of the input's size plus a constant. The bounds are the ones
//! written in the formats' documents (`docs/*/…-format.md`, `docs/limits.md`).

use std::time::Duration;

use tabula_domains::original::parse_original;
use tabula_domains::{Domains, Options as DomainsOptions};
use tabula_domains_page::frames::Film;
use tabula_engine::limits::{MAX_MAP_BYTES, MAX_RECORD_BYTES};
use tabula_engine::link::{pack, record_fragment, record_text_from_fragment};
use tabula_engine::record::{Match, parse_record, replay};
use tabula_engine::{GameRng, Ruleset, SeatInfo, ToMove};
use tabula_hostile::generate::{Case, extremes, mutations};
use tabula_hostile::measure::{Counting, run_case, start_watchdog};
use tabula_star_tigris::lesson::{parse_lesson, play_lesson};
use tabula_star_tigris::{Options as TigrisOptions, StarTigris, check_map, parse_setup};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Memory is counted for the whole process: one test measures at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Mutated inputs per sample.
const PER_SAMPLE: usize = 1000;
/// One input read for longer than this is a hang.
const HANG: Duration = Duration::from_secs(60);
const MB: usize = 1 << 20;

/// A reader: what it reads, its samples and its memory bound.
struct Reader {
    name: &'static str,
    samples: Vec<String>,
    /// The size limit of its input (extremes go past it).
    limit: usize,
    /// Memory bound: bytes per input byte …
    per_byte: usize,
    /// … plus this many bytes.
    constant: usize,
    read: fn(&str),
}

/// A game of random legal actions, as a record's JSON.
fn random_record<G: Ruleset>(
    options: &G::Options,
    map: Option<&str>,
    seats: usize,
    seed: u64,
    most: usize,
) -> String {
    let infos = (0..seats)
        .map(|i| SeatInfo {
            name: format!("Seat {i}"),
            player: "human".into(),
        })
        .collect();
    let mut m = Match::<G>::new(options, map, infos, seed).expect("the sample game starts");
    let mut rng = GameRng::seeded(seed);
    for _ in 0..most {
        let seat = match m.game().to_move() {
            ToMove::Seat(s) => s,
            ToMove::Simultaneous(set) => set.iter().next().expect("a seat decides"),
            _ => break,
        };
        let legal = m.game().legal_actions(seat);
        let a = legal[rng.below(legal.len() as u64) as usize].clone();
        m.play(seat, &a).expect("a legal action applies");
    }
    serde_json::to_string_pretty(&*m.record()).expect("a record writes")
}

fn tigris_record() -> String {
    random_record::<StarTigris>(&TigrisOptions::default(), None, 2, 3, 400)
}

fn domains_record() -> String {
    random_record::<Domains>(&DomainsOptions::small(12, 20), None, 3, 4, 2000)
}

/// A file of the original program with many quiet rounds on the largest
/// board: the input that once took gigabytes.
fn quiet_original(rounds: usize) -> String {
    let mut t = format!("{rounds} 200 200\n2 A B\n");
    t.push_str("0 0 0 0:;\n");
    for r in 0..rounds {
        t.push_str(&format!("{r} 0 0 \n"));
    }
    for i in 0..22 {
        t.push_str(&format!("SETTING_{} {i}\n", "X".repeat(i % 3 + 1)));
    }
    t.push_str("A 0 B 0 \n");
    t
}

fn readers() -> Vec<Reader> {
    let tigris_maps: Vec<String> = [
        include_str!("../../../maps/star-tigris/default.txt"),
        include_str!("../../../maps/star-tigris/four.txt"),
        include_str!("../../../maps/star-tigris/small.txt"),
        include_str!("../../../tests/fixtures/star-tigris/maps/ragged.txt"),
    ]
    .map(String::from)
    .to_vec();
    let lessons: Vec<String> = [
        include_str!("../../../lessons/star-tigris/01-basic-round.json"),
        include_str!("../../../lessons/star-tigris/03-external-conflict.json"),
        include_str!("../../../lessons/star-tigris/06-artifacts.json"),
    ]
    .map(String::from)
    .to_vec();
    let tigris_record = tigris_record();
    let domains_record = domains_record();
    let tigris_link = record_fragment::<StarTigris>(&parse_record(&tigris_record).expect("reads"));
    let domains_link = format!("game={}", pack(&domains_record));
    vec![
        Reader {
            name: "Catan map",
            samples: [
                include_str!("../../../maps/catan/standard.txt"),
                include_str!("../../../maps/catan/three.txt"),
                include_str!("../../../maps/catan/small.txt"),
                include_str!("../../../maps/catan/lagoon.txt"),
            ]
            .map(String::from)
            .to_vec(),
            limit: tabula_catan::MAX_BOARD_BYTES,
            per_byte: 64,
            constant: 4 * MB,
            read: |t| {
                let checked = tabula_catan::check_text(t);
                if let Some(b) = checked.board {
                    let _ = tabula_catan::write_board(&b);
                }
            },
        },
        Reader {
            name: "Catan server lobby line",
            samples: vec![
                "LOGIN zenobios secret\r\nHELP create testplayer\r\nLIST MAPS\r\nJOIN GAME g1 -visitor true".into(),
                "CREATE GAME g1 -maxPlayers 3 -map standard -testgame -timeout 5000 -rounds 40 -bot greedy -position p".into(),
                "MSG TEAM SE hello everyone\r\nDOWNLOAD MAP standard\r\nCREATE TESTPLAYER".into(),
            ],
            limit: tabula_server::catan::MAX_LINE,
            per_byte: 64,
            constant: MB,
            read: |t| {
                for line in t.lines() {
                    let (cmd, rest) = tabula_server::catan::lobby::split(line);
                    if cmd == "CREATE GAME" {
                        let _ = tabula_server::catan::lobby::read_create_game(&rest);
                    }
                }
            },
        },
        Reader {
            name: "Catan server game command",
            samples: [
                r#"{"@action":"PLAY","properties":{"entry":{"key":"id","value":"ProgressCard@473d86b3"}}}"#,
                r#"{"@action":"OFFER","properties":{"entry":[{"key":"user","value":"UserAssets@551a1599"},{"key":"id","value":"Card@4051eda3"}]}}"#,
                r#"{"@action":"BUILD","properties":{"entry":[{"key":"type","value":"Settlement"},{"key":"destination","value":"Intersection@a4d93e3"}]}}"#,
                r#"{"@action":"MESSAGE","@id":"0","properties":{"entry":[{"key":"message","value":"Hallo"},{"key":"audience","value":"USER"},{"key":"recipient","value":"zenobios"}]}}"#,
                r#"{"@action":"USE_KNIGHT","properties":{"entry":[{"key":"id","value":"Knight@c5db3a2"},{"key":"target","value":"Intersection@a4d93e3"}]}}"#,
                r#"{"@action":"TRADE","properties":{"entry":[{"key":"give","value":"BRICK"},{"key":"take","value":"GRAIN"}]}}"#,
            ]
            .map(String::from)
            .to_vec(),
            limit: tabula_server::catan::MAX_LINE,
            per_byte: 64,
            constant: 4 * MB,
            read: |t| {
                thread_local! {
                    static TABLE: (tabula_catan::Catan, tabula_server::catan::ids::Ids) = {
                        let g = <tabula_catan::Catan as Ruleset>::new_game(
                            &tabula_catan::Options::default(), None, 3, 1,
                        ).expect("a game");
                        let ids = tabula_server::catan::ids::Ids::new(&g.topo, g.board.fields.len(), 3);
                        (g, ids)
                    };
                }
                if let Ok(c) = tabula_server::catan::prompt::read_command(t) {
                    TABLE.with(|(g, ids)| {
                        let _ = tabula_server::catan::prompt::action_of(g, 0, &c, ids);
                    });
                }
            },
        },
        Reader {
            name: "Star Tigris map",
            samples: tigris_maps,
            limit: MAX_MAP_BYTES,
            per_byte: 64,
            constant: 4 * MB,
            read: |t| {
                let _ = check_map(t);
                let _ = StarTigris::new_game(&TigrisOptions::default(), Some(t), 2, 1);
            },
        },
        Reader {
            name: "Star Tigris setup",
            samples: vec![
                include_str!("../../../tests/fixtures/star-tigris/setups/two-colonies.txt").into(),
                "players 3\nactive 2\norder 2\nseed 9\nopen-scores yes\nhand 1 scientist 3 merchant 2 settler 1\nscore 2 mining 4 technology 1\nartifacts 3 2\nbombers 1 1\nboard\n. t P1 .\nM r A .\n. p t3 X\n".into(),
            ],
            limit: MAX_MAP_BYTES,
            per_byte: 64,
            constant: 4 * MB,
            read: |t| {
                let _ = parse_setup(t);
            },
        },
        Reader {
            name: "Star Tigris lesson",
            samples: lessons,
            limit: 256 * 1024,
            per_byte: 64,
            constant: 8 * MB,
            read: |t| {
                if let Ok(l) = parse_lesson(t) {
                    let _ = play_lesson(&l);
                }
            },
        },
        Reader {
            name: "Star Tigris record",
            samples: vec![tigris_record],
            limit: MAX_RECORD_BYTES,
            per_byte: 64,
            constant: 16 * MB,
            read: |t| {
                if let Ok(r) = parse_record(t) {
                    let _ = replay::<StarTigris>(&r);
                }
            },
        },
        Reader {
            name: "Star Tigris link",
            samples: vec![tigris_link],
            limit: tabula_engine::link::MAX_LINK_CHARS,
            per_byte: 64,
            constant: 16 * MB,
            read: |t| {
                if let Some(Ok(text)) = record_text_from_fragment::<StarTigris>(t)
                    && let Ok(r) = parse_record(&text)
                {
                    let _ = replay::<StarTigris>(&r);
                }
            },
        },
        Reader {
            name: "Domains setup",
            samples: vec![
                include_str!("../../../maps/domains/example.txt").into(),
                "players 2\nunit a 0\nunit b 1 energy=9\nboard\n... 0a. ...\n... ... 1.b\n... ... ...\n".into(),
            ],
            limit: MAX_MAP_BYTES,
            per_byte: 64,
            constant: 4 * MB,
            read: |t| {
                let _ = tabula_domains::game_from_text(&DomainsOptions::default(), t, 2, 1);
                let _ = tabula_domains::game_from_text(&DomainsOptions::default(), t, 4, 1);
            },
        },
        Reader {
            name: "Domains record",
            samples: vec![domains_record],
            limit: MAX_RECORD_BYTES,
            per_byte: 64,
            constant: 16 * MB,
            read: |t| {
                if let Ok(r) = parse_record(t) {
                    let _ = Film::of_record(&r);
                    let _ = tabula_domains::original::record_to_new_format(&r);
                }
            },
        },
        Reader {
            name: "Domains link",
            samples: vec![domains_link],
            limit: tabula_engine::link::MAX_LINK_CHARS,
            per_byte: 64,
            constant: 16 * MB,
            read: |t| {
                if let Some(Ok(text)) = record_text_from_fragment::<Domains>(t)
                    && let Ok(r) = parse_record(&text)
                {
                    let _ = Film::of_record(&r);
                }
            },
        },
        Reader {
            name: "Domains file of the original program",
            samples: vec![
                include_str!("../../domains/tests/fixtures/playerdemo4-seed3.new.txt").into(),
                quiet_original(3000),
            ],
            limit: 1 << 20,
            per_byte: 64,
            constant: 4 * MB,
            read: |t| {
                if let Ok(g) = parse_original(t) {
                    let film = Film::of_original(&g);
                    let _ = film.frame(film.frames.len() / 2);
                }
            },
        },
        Reader {
            name: "Domains bot's orders",
            samples: vec![
                r#"[{"unit":0,"move":"up"},{"unit":3,"attack":"left"},{"unit":2,"ability":true}]"#.into(),
            ],
            limit: 1 << 20,
            per_byte: 64,
            constant: MB,
            read: |t| {
                if let Ok(v) = serde_json::from_str::<serde_json::Value>(t) {
                    let _ = tabula_domains_page::orders::read_orders(&v);
                }
            },
        },
    ]
}

fn check(reader: &Reader, case: &Case, failures: &mut Vec<String>, worst: &mut f64) {
    let what = format!("{} ({})", reader.name, case.how);
    match run_case(&what, || (reader.read)(&case.text)) {
        Ok(cost) => {
            let bound = reader.per_byte * case.text.len() + reader.constant;
            if cost.peak_bytes > bound {
                failures.push(format!(
                    "{what}: {} bytes held for {} bytes of input (bound {bound})",
                    cost.peak_bytes,
                    case.text.len()
                ));
            }
            let ratio = cost.peak_bytes as f64 / bound as f64;
            if ratio > *worst {
                *worst = ratio;
            }
        }
        Err(panic) => failures.push(format!(
            "{what}: panicked: {panic}\ninput: {:?}",
            &case.text.chars().take(300).collect::<String>()
        )),
    }
}

#[test]
fn no_reader_panics_hangs_or_exceeds_its_memory_bound() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    start_watchdog(HANG);
    let mut failures = Vec::new();
    let mut total = 0;
    for (k, reader) in readers().iter().enumerate() {
        let mut worst = 0.0f64;
        let mut cases = Vec::new();
        for (i, sample) in reader.samples.iter().enumerate() {
            cases.push(Case {
                how: "the sample itself".into(),
                text: sample.clone(),
            });
            cases.extend(mutations(sample, PER_SAMPLE, (k * 100 + i) as u64));
            cases.extend(extremes(sample, reader.limit));
        }
        for case in &cases {
            check(reader, case, &mut failures, &mut worst);
        }
        total += cases.len();
        eprintln!(
            "{}: {} inputs, worst memory {:.0}% of the bound",
            reader.name,
            cases.len(),
            worst * 100.0
        );
    }
    assert!(total >= 2000, "{total} inputs");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The largest file of the original program the reader allows, all quiet
/// rounds on a 200×200 board: once 7.8 GB, now a few megabytes.
#[test]
fn a_quiet_original_file_of_100000_rounds_stays_small() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let text = quiet_original(100_000);
    assert!(text.len() < 2 << 20, "{} bytes", text.len());
    let cost = run_case("quiet original", || {
        let g = parse_original(&text).expect("a valid file");
        let film = Film::of_original(&g);
        assert_eq!(film.frames.len(), 100_001);
        assert_eq!(film.frame(99_999).expect("a frame").cells.len(), 80_000);
    })
    .expect("no panic");
    eprintln!(
        "{} bytes of file: {} bytes held at the peak",
        text.len(),
        cost.peak_bytes
    );
    assert!(
        cost.peak_bytes < 64 * text.len() + 4 * MB,
        "{} bytes",
        cost.peak_bytes
    );
}
