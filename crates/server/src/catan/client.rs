//! A client of the course server's protocol that plays from the prompts
//! alone (`tabula client --ruleset catan`): it logs in, creates or joins a
//! game, and answers every prompt with one of the values the prompt lists
//! (for `rollDies`, `yourTurn` and `offer(card,user)`: one of the commands
//! of the `OPTIONS` event before it), drawn at random from its seed —
//! or, with a bot other than `random`, the bot's own command where its
//! view can be rebuilt from the events ([`super::bot_seat`]). It works
//! against any server that speaks the protocol as `docs/catan/server.md`
//! writes it.
//!
//! It checks what it hears: every game line is a JSON event with `@ts`,
//! `@src` and `@prop`; every `USER_MESSAGE` is an OK or an ERROR; a
//! `choose` lists values; and a server that refuses a value it listed
//! itself ends the client with a message naming the server's line.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::bot_seat::{BotSeat, Seen};
use super::prompt::command_json;

/// Longest line the client reads from a server.
const MAX_LINE: usize = 1 << 20;

/// What the client does in the lobby.
#[derive(Clone, Debug)]
pub enum Table {
    /// Create a game, then join it.
    Create {
        /// Its name.
        name: String,
        /// Its players.
        players: u8,
        /// Its map (the server's default when `None`).
        map: Option<String>,
        /// `-testgame`.
        testgame: bool,
        /// `-rounds`: a round limit (none when `None`).
        rounds: Option<u16>,
    },
    /// Join a game (waiting up to `wait` for it to be created).
    Join {
        /// Its name.
        name: String,
        /// How long to wait for it.
        wait: Duration,
    },
}

/// How the client plays.
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// The server's host.
    pub host: String,
    /// Its port.
    pub port: u16,
    /// The login.
    pub login: String,
    /// The password.
    pub password: String,
    /// The game.
    pub table: Table,
    /// The seed of the random answers.
    pub seed: u64,
    /// Print every line heard and sent.
    pub verbose: bool,
    /// The bot: `random` answers every prompt with a listed value;
    /// `greedy` and `search:easy|normal|hard` decide from the view the
    /// events give ([`super::bot_seat`]).
    pub bot: String,
}

/// What a client's game came to.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// The server's last word (`gameOver - …`).
    pub over: String,
    /// Prompts answered.
    pub answers: usize,
    /// For each answer, the time from sending it to the server's next
    /// message to this seat, in microseconds.
    pub latencies_us: Vec<u64>,
    /// Refusals heard (a client that only answers prompts expects none).
    pub refusals: Vec<String>,
    /// Prompts the bot decided (not `random`).
    pub decided: usize,
    /// Prompts the bot's view cannot hold (set-up, `choose`): a listed
    /// value was sent.
    pub unseen: usize,
    /// Actions the bot chose that the prompt did not list, or prompts
    /// whose view the events could not give: a listed value was sent.
    pub fallbacks: usize,
}

struct Conn {
    w: TcpStream,
    r: BufReader<TcpStream>,
    number: usize,
    verbose: bool,
}

impl Conn {
    fn send(&mut self, line: &str, out: &mut dyn Write) -> Result<(), String> {
        if self.verbose {
            writeln!(out, "> {line}").ok();
        }
        self.w
            .write_all(format!("{line}\r\n").as_bytes())
            .map_err(|e| format!("writing to the server: {e}"))
    }

    fn line(&mut self, out: &mut dyn Write) -> Result<String, String> {
        let mut buf = Vec::new();
        let n = Read::by_ref(&mut self.r)
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut buf)
            .map_err(|e| format!("reading from the server: {e}"))?;
        if n == 0 {
            return Err(format!(
                "the server closed the connection after line {}",
                self.number
            ));
        }
        self.number += 1;
        let text = String::from_utf8_lossy(&buf)
            .trim_end_matches(['\r', '\n'])
            .to_string();
        if self.verbose {
            writeln!(out, "< {text}").ok();
        }
        Ok(text)
    }

    /// A lobby command's answer up to `OK` or an `ERROR` line.
    fn ask(&mut self, cmd: &str, out: &mut dyn Write) -> Result<Vec<String>, String> {
        self.send(cmd, out)?;
        let mut lines = Vec::new();
        loop {
            let l = self.line(out)?;
            let end = l == "OK" || l.starts_with("ERROR");
            lines.push(l);
            if end {
                return Ok(lines);
            }
        }
    }

    fn at(&self, text: &str, what: &str) -> String {
        let shown: String = text.chars().take(120).collect();
        format!("server line {} ({shown:?}): {what}", self.number)
    }
}

fn lcg(state: &mut u64, n: usize) -> usize {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    ((*state >> 33) as usize) % n.max(1)
}

/// Play one game; the outcome, or what went wrong (naming the server's
/// line where the server broke the protocol).
pub fn play(cfg: &ClientConfig, out: &mut dyn Write) -> Result<Outcome, String> {
    let stream = TcpStream::connect((cfg.host.as_str(), cfg.port))
        .map_err(|e| format!("cannot connect to {}:{}: {e}", cfg.host, cfg.port))?;
    stream.set_nodelay(true).ok();
    let w = stream
        .try_clone()
        .map_err(|e| format!("the connection: {e}"))?;
    let mut c = Conn {
        w,
        r: BufReader::new(stream),
        number: 0,
        verbose: cfg.verbose,
    };
    let greeting = c.line(out)?;
    if !greeting.starts_with("SE1 SettlersOfCatan-Server") {
        return Err(c.at(&greeting, "this is not the course server's greeting"));
    }
    let login = c.ask(&format!("LOGIN {} {}", cfg.login, cfg.password), out)?;
    if login.last().is_some_and(|l| l.starts_with("ERROR")) {
        return Err(format!(
            "LOGIN: {}",
            login.last().cloned().unwrap_or_default()
        ));
    }
    let name = match &cfg.table {
        Table::Create {
            name,
            players,
            map,
            testgame,
            rounds,
        } => {
            let mut cmd = format!("CREATE GAME {name} -maxPlayers {players}");
            if let Some(m) = map {
                cmd.push_str(&format!(" -map {m}"));
            }
            if *testgame {
                cmd.push_str(" -testgame");
            }
            if let Some(r) = rounds {
                cmd.push_str(&format!(" -rounds {r}"));
            }
            let a = c.ask(&cmd, out)?;
            if a.last().is_some_and(|l| l.starts_with("ERROR")) {
                return Err(format!(
                    "CREATE GAME: {}",
                    a.last().cloned().unwrap_or_default()
                ));
            }
            name.clone()
        }
        Table::Join { name, .. } => name.clone(),
    };
    let started = Instant::now();
    loop {
        let a = c.ask(&format!("JOIN GAME {name}"), out)?;
        match a.last().map(String::as_str) {
            Some("OK") => break,
            Some(l) if l.contains("there is no game") => {
                let wait = match &cfg.table {
                    Table::Join { wait, .. } => *wait,
                    Table::Create { .. } => Duration::ZERO,
                };
                if started.elapsed() >= wait {
                    return Err(format!("JOIN GAME: {l}"));
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            other => return Err(format!("JOIN GAME: {}", other.unwrap_or(""))),
        }
    }
    c.send(&command_json("START_GAME", &[]), out)?;
    let mut rng = cfg.seed.wrapping_add(0x5eed);
    let mut options: Vec<Value> = Vec::new();
    let mut result = Outcome::default();
    let mut sent_at: Option<Instant> = None;
    let mut answered_value: Option<String> = None;
    let mut bot = match cfg.bot.as_str() {
        "random" => None,
        spec => Some(BotSeat::new(spec, cfg.seed, &cfg.login)?),
    };
    let mut seen = Seen::default();
    loop {
        let text = c.line(out)?;
        let e: Value =
            serde_json::from_str(&text).map_err(|_| c.at(&text, "a game line is a JSON event"))?;
        let field = |k: &str| e.get(k).and_then(Value::as_str);
        let (Some(_), Some(src), Some(prop)) = (field("@ts"), field("@src"), field("@prop")) else {
            return Err(c.at(&text, "an event has \"@ts\", \"@src\" and \"@prop\""));
        };
        if src != "SERVER" {
            seen.apply(src, prop, field("@nv"));
            continue;
        }
        let nv = field("@nv").unwrap_or("").to_string();
        if prop == "OPTIONS" {
            options = serde_json::from_str::<Vec<Value>>(&nv)
                .map_err(|_| c.at(&text, "OPTIONS holds a JSON list of commands"))?;
            continue;
        }
        if prop != "USER_MESSAGE" {
            continue;
        }
        if let Some(at) = sent_at.take() {
            result.latencies_us.push(at.elapsed().as_micros() as u64);
        }
        if !nv.starts_with("ERROR") {
            answered_value = None;
        }
        if nv.starts_with("ERROR") {
            if let Some(v) = answered_value.take() {
                return Err(c.at(
                    &text,
                    &format!("the server refused {v}, which it had listed itself"),
                ));
            }
            result.refusals.push(nv);
            continue;
        }
        let Some(p) = nv.strip_prefix("OK - ") else {
            return Err(c.at(&text, "a USER_MESSAGE starts with OK or ERROR"));
        };
        if p.starts_with("gameOver") {
            result.over = p.to_string();
            if let Some(b) = &bot {
                result.decided = b.decided;
                result.unseen = b.unseen;
                result.fallbacks = b.fallbacks;
            }
            c.send(&command_json("LEAVE_GAME", &[]), out).ok();
            return Ok(result);
        }
        let answer = if matches!(p, "rollDies" | "yourTurn" | "offer(card,user)") {
            if options.is_empty() {
                return Err(c.at(&text, "the prompt came without the OPTIONS event before it"));
            }
            let ends: Vec<&Value> = options
                .iter()
                .filter(|o| o["@action"] == "END_TURN")
                .collect();
            let decided = bot.as_mut().and_then(|b| b.decide(&seen, &options));
            let pick = if let Some(d) = decided {
                d
            } else if !ends.is_empty() && lcg(&mut rng, 3) == 0 {
                ends[0].clone()
            } else {
                options[lcg(&mut rng, options.len())].clone()
            };
            options.clear();
            pick.to_string()
        } else if let Some(inner) = p.strip_prefix("choose(") {
            let Some((_, values)) = inner.strip_suffix(')').and_then(|i| i.split_once(':')) else {
                return Err(c.at(
                    &text,
                    "a choose prompt lists its values: choose(Type:v1,v2)",
                ));
            };
            let values: Vec<&str> = values.split(',').filter(|v| !v.is_empty()).collect();
            if values.is_empty() {
                return Err(c.at(&text, "a choose prompt lists at least one value"));
            }
            let decided = bot.as_mut().and_then(|b| b.decide_choice(&seen, &values));
            let v = decided.unwrap_or_else(|| values[lcg(&mut rng, values.len())].to_string());
            command_json("CHOOSE", &[("id", &v)])
        } else {
            // Information (a confirmation, a bot taking a seat, …).
            continue;
        };
        result.answers += 1;
        answered_value = Some(answer.clone());
        c.send(&answer, out)?;
        sent_at = Some(Instant::now());
    }
}
