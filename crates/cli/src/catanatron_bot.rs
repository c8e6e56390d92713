//! `tabula catanatron-bot`: a Tabula bot as an outside bot of Catanatron
//! (its line protocol, version 1: `catanatron.protocol` and
//! `catanatron.players.stdio`; docs/catan/catanatron.md).
//!
//! One JSON object a line on standard input; a reply line on standard
//! output to `hello` and `decide` only. `before` carries the board, each
//! `decide` the position (without the map) and the playable actions; the
//! position is rebuilt in Tabula's terms (`tabula_catan::catanatron`),
//! the bot chooses from the seat's player view, and the reply is the
//! playable action its choices make. Whatever goes wrong is said on
//! standard error and answered with a playable action, never a crash.
//!
//! With `--check` no bot plays: each `decide` is answered with the first
//! playable action and, beside it, every legal action Tabula finds in the
//! rebuilt position written as Catanatron's (`scripts/catanatron-check.sh`
//! compares the two lists).

use std::io::{BufRead, Write};

use clap::Args;
use serde_json::{Value, json};
use tabula_ai::{Bot, bot_from_spec};
use tabula_catan::Catan;
use tabula_catan::catanatron::Table;
use tabula_engine::Game;

use crate::failure::{CmdResult, Failure};

/// The protocol version spoken.
const PROTOCOL_VERSION: u64 = 1;
/// Longest line read (a `before` line with the whole document is a few
/// tens of kilobytes).
const MAX_LINE_BYTES: usize = 4 << 20;

/// Options of `tabula catanatron-bot`.
#[derive(Args, Debug)]
pub struct CatanatronBotArgs {
    /// The Tabula bot that plays: random, greedy, search:easy,
    /// search:normal, search:hard, search:iterations=N, search:ms=N.
    #[arg(long, default_value = "search:hard")]
    pub bot: String,
    /// The seed of the bot's own random choices (game G of the run uses
    /// a seed drawn from it and G).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Check the mapping instead of playing: answer every `decide` with its
    /// first playable action and Tabula's legal actions in Catanatron's
    /// words (`"tabula"`), what Tabula has that Catanatron does not
    /// (`"skipped"`), and any action that does not map back to itself
    /// (`"errors"`).
    #[arg(long)]
    pub check: bool,
}

/// The session with Catanatron: the game under way and the bot.
struct Session {
    args_bot: String,
    seed: u64,
    games: u64,
    table: Option<Table>,
    bot: Option<Box<dyn Bot<Catan>>>,
}

/// Run the protocol until standard input ends.
pub fn run(args: &CatanatronBotArgs) -> CmdResult {
    bot_from_spec::<Catan>(&args.bot, args.seed)
        .map_err(|e| Failure::Usage(format!("--bot: {e}")))?;
    let mut s = Session {
        args_bot: args.bot.clone(),
        seed: args.seed,
        games: 0,
        table: None,
        bot: None,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut line = String::new();
    let mut n = 0u64;
    loop {
        line.clear();
        let read = std::io::Read::take(&mut input, MAX_LINE_BYTES as u64 + 1)
            .read_line(&mut line)
            .map_err(|e| Failure::Input(format!("cannot read standard input: {e}")))?;
        if read == 0 {
            return Ok(());
        }
        n += 1;
        if line.len() > MAX_LINE_BYTES {
            eprintln!("tabula: line {n} is longer than {MAX_LINE_BYTES} bytes; stopping");
            return Err(Failure::Reported);
        }
        let message: Value = match serde_json::from_str(line.trim()) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("tabula: line {n} is not JSON ({e}); ignored");
                continue;
            }
        };
        if let Some(reply) = s.answer(&message, args.check) {
            writeln!(out, "{reply}").map_err(Failure::output)?;
            out.flush().map_err(Failure::output)?;
        }
    }
}

impl Session {
    /// The reply to one message (`None`: it expects none).
    fn answer(&mut self, m: &Value, check: bool) -> Option<Value> {
        match m.get("type").and_then(Value::as_str) {
            Some("hello") => {
                let v = m.get("protocol_version").and_then(Value::as_u64);
                if v != Some(PROTOCOL_VERSION) {
                    eprintln!(
                        "tabula: Catanatron speaks protocol version {v:?}; this bot speaks {PROTOCOL_VERSION}"
                    );
                }
                Some(json!({
                    "protocol_version": PROTOCOL_VERSION,
                    "name": format!("tabula {}", self.args_bot),
                    "observe": false,
                }))
            }
            Some("before") => {
                self.start(m.get("state").unwrap_or(&Value::Null));
                None
            }
            Some("decide") => Some(self.decide(m, check)),
            Some("step") => None,
            Some("after") => {
                self.table = None;
                self.bot = None;
                None
            }
            other => {
                eprintln!(
                    "tabula: a message of type {other:?} is not in protocol version 1; ignored"
                );
                None
            }
        }
    }

    fn start(&mut self, state: &Value) {
        match Table::from_state(state) {
            Ok(t) => self.table = Some(t),
            Err(e) => {
                eprintln!("tabula: cannot read the game's board: {e}");
                self.table = None;
            }
        }
        let seed = tabula_ai::bot_seed(self.seed, self.games as usize);
        self.games += 1;
        self.bot = bot_from_spec::<Catan>(&self.args_bot, seed).ok();
    }

    fn decide(&mut self, m: &Value, check: bool) -> Value {
        let state = m.get("state").unwrap_or(&Value::Null);
        let playable: Vec<Value> = m
            .get("playable_actions")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let Some(first) = playable.first().cloned() else {
            eprintln!("tabula: a decide message without playable actions");
            return json!({ "action": Value::Null });
        };
        if self.table.is_none() && state.get("map").is_some() {
            self.start(state);
        }
        let Some(table) = &self.table else {
            eprintln!(
                "tabula: no board known (no before message); playing the first playable action"
            );
            return json!({ "action": first });
        };
        let color = m.get("color").and_then(Value::as_str).unwrap_or("");
        let built = table
            .seat(color)
            .and_then(|seat| table.position(state).map(|g| (seat, g)));
        let (seat, g) = match built {
            Ok(x) => x,
            Err(e) => {
                eprintln!(
                    "tabula: cannot rebuild the position: {e}; playing the first playable action"
                );
                return json!({ "action": first, "errors": [e] });
            }
        };
        if check {
            return check_reply(table, &g, seat, &playable);
        }
        if playable.len() == 1 {
            return json!({ "action": first });
        }
        let Some(bot) = self.bot.as_mut() else {
            return json!({ "action": first });
        };
        let (i, why) = table.choose(&g, seat, &playable, |g| {
            bot.choose(&g.player_view(seat), seat)
        });
        if let Some(why) = why {
            eprintln!("tabula: {why}; playing {}", playable[i]);
        }
        json!({ "action": playable[i] })
    }
}

/// `--check`: Tabula's legal actions in Catanatron's words, and every
/// playable action mapped to Tabula and back.
fn check_reply(table: &Table, g: &Catan, seat: u8, playable: &[Value]) -> Value {
    let mut skipped = Vec::new();
    let mut errors = Vec::new();
    let mut mapped = Vec::new();
    for path in Table::legal_paths(g, seat, &mut skipped) {
        match table.to_catanatron(g, seat, &path) {
            Ok(v) if !mapped.contains(&v) => mapped.push(v),
            Ok(_) => {}
            Err(e) => errors.push(format!("Tabula's legal {e}")),
        }
    }
    for p in playable {
        match table.to_tabula(g, p) {
            Ok(paths) => {
                for path in paths {
                    match table.to_catanatron(g, seat, &path) {
                        Ok(back) if back == Table::normalized(p) => {}
                        Ok(back) => errors.push(format!("{p} maps to {path:?} and back to {back}")),
                        Err(e) => errors.push(format!("{p} maps to {path:?}, which {e}")),
                    }
                }
            }
            Err(e) => errors.push(format!("{p}: {e}")),
        }
    }
    let skipped: Vec<String> = skipped
        .iter()
        .map(|p| {
            p.iter()
                .map(|a| a.text(&g.topo))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    json!({
        "action": playable[0],
        "tabula": mapped,
        "skipped": skipped,
        "errors": errors,
    })
}
