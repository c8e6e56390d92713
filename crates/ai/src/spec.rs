//! Bot specs: the text that names a bot and its settings.
//!
//! ```text
//! SPEC  = NAME { ":" PARAM }
//! NAME  = "random" | "greedy" | "search"
//! PARAM = LEVEL | KEY "=" VALUE
//! LEVEL = "easy" | "normal" | "hard"          (search only)
//! ```
//!
//! Parameters are separated by colons, never commas, so that lists of specs
//! can be separated by commas (`--bots search:hard,greedy,random`). They
//! apply from left to right: a level sets every search setting, and later
//! `KEY=VALUE` parameters change single ones (`search:hard:depth=4`).
//!
//! The budget: `iterations=N` without `ms` means no time limit; `ms=N`
//! without `iterations` means no iteration limit; with both, whichever
//! ends first. So `search:iterations=500` always runs 500 iterations (the
//! same moves on any machine) and `search:ms=200` thinks for 200 ms.
//!
//! | bot | key | meaning | range |
//! |---|---|---|---|
//! | greedy | `samples` | determinizations averaged | 1–64 |
//! | search | `iterations` | most iterations per move | 1–10,000,000 |
//! | search | `ms` | most milliseconds per move | 1–600,000 |
//! | search | `depth` | rollout actions before evaluating (0: to the end) | 0–10,000 |
//! | search | `samples` | rollout policy: best of this many random actions | 1–64 |
//! | search | `c` | UCB1 exploration constant | 0–10 |
//! | search | `widen` | progressive widening coefficient | 0.1–100 |
//! | search | `sweep` | tree depth to which all actions are ranked | 0–10 |
//!
//! `search` alone is `search:normal`.

use std::fmt;
use std::str::FromStr;

use tabula_engine::{Determinize, Evaluate};

use crate::{Bot, GreedyBot, RandomBot, SearchBot, SearchConfig};

/// The AI levels offered to people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A beginner's opponent: 150 iterations (at most 0.5 s).
    Easy,
    /// A fair opponent: 1,500 iterations (at most 1 s).
    Normal,
    /// The strongest: 5,000 iterations (at most 3 s).
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The level's name in specs (`hard`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The level's bot spec (`search:hard`).
    pub fn spec(self) -> String {
        format!("search:{}", self.name())
    }

    /// The search settings of the level.
    pub fn config(self) -> SearchConfig {
        let base = SearchConfig::default();
        match self {
            Level::Easy => SearchConfig {
                iterations: 150,
                ms: Some(500),
                ..base
            },
            Level::Normal => SearchConfig {
                iterations: 1500,
                ms: Some(1000),
                ..base
            },
            Level::Hard => SearchConfig {
                iterations: 5000,
                ms: Some(3000),
                ..base
            },
        }
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("unknown level {s:?} (easy, normal, hard)"))
    }
}

/// A parsed bot spec.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// Uniform over the legal actions.
    Random,
    /// One-step lookahead, averaged over this many determinizations.
    Greedy {
        /// Determinizations averaged.
        samples: u32,
    },
    /// Information-set MCTS with these settings.
    Search(SearchConfig),
}

impl BotSpec {
    /// Build the bot, seeded.
    pub fn build<G: Determinize + Evaluate + 'static>(&self, seed: u64) -> Box<dyn Bot<G>> {
        match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy { samples } => Box::new(GreedyBot::new(seed, *samples)),
            BotSpec::Search(cfg) => Box::new(SearchBot::new(cfg.clone(), self.to_string(), seed)),
        }
    }
}

impl fmt::Display for BotSpec {
    /// The canonical spec: the name and every setting that differs from the
    /// default (`search:iterations=500:ms=200`), or the level's name when
    /// the settings are exactly a level's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy { samples: 1 } => f.write_str("greedy"),
            BotSpec::Greedy { samples } => write!(f, "greedy:samples={samples}"),
            BotSpec::Search(cfg) => {
                f.write_str("search")?;
                if let Some(level) = Level::ALL.into_iter().find(|l| l.config() == *cfg) {
                    return write!(f, ":{}", level.name());
                }
                let d = Level::Normal.config();
                if cfg.iterations != MAX_ITERATIONS || cfg.ms.is_none() {
                    write!(f, ":iterations={}", cfg.iterations)?;
                }
                if let Some(ms) = cfg.ms {
                    write!(f, ":ms={ms}")?;
                }
                if cfg.depth != d.depth {
                    write!(f, ":depth={}", cfg.depth)?;
                }
                if cfg.samples != d.samples {
                    write!(f, ":samples={}", cfg.samples)?;
                }
                if cfg.c != d.c {
                    write!(f, ":c={}", cfg.c)?;
                }
                if cfg.widen != d.widen {
                    write!(f, ":widen={}", cfg.widen)?;
                }
                if cfg.sweep != d.sweep {
                    write!(f, ":sweep={}", cfg.sweep)?;
                }
                Ok(())
            }
        }
    }
}

/// The most iterations a spec may ask for (also "no iteration limit").
pub const MAX_ITERATIONS: u32 = 10_000_000;

const KNOWN: &str = "known bots: random, greedy, search, search:easy, search:normal, search:hard";

fn whole(name: &str, key: &str, value: &str, max: u64, min: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "{name}: {key}={value}: expected a whole number from {min} to {max}"
        )),
    }
}

fn real(name: &str, key: &str, value: &str, min: f64, max: f64) -> Result<f64, String> {
    match tabula_engine::plain::number(value) {
        Some(x) if (min..=max).contains(&x) => Ok(x),
        _ => Err(format!(
            "{name}: {key}={value}: expected a number from {min} to {max}"
        )),
    }
}

impl FromStr for BotSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let mut parts = text.split(':');
        let name = parts.next().unwrap_or("");
        let params: Vec<&str> = parts.collect();
        match name {
            "random" => {
                if let Some(p) = params.first() {
                    return Err(format!("random: unknown parameter {p:?} (it takes none)"));
                }
                Ok(BotSpec::Random)
            }
            "greedy" => {
                let mut samples = 1;
                for p in params {
                    match p.split_once('=') {
                        Some(("samples", v)) => samples = whole(name, "samples", v, 64, 1)? as u32,
                        _ => {
                            return Err(format!("greedy: unknown parameter {p:?} (samples=N)"));
                        }
                    }
                }
                Ok(BotSpec::Greedy { samples })
            }
            "search" => {
                let mut cfg = Level::Normal.config();
                let (mut iterations, mut ms) = (None, None);
                for p in params {
                    if let Ok(level) = p.parse::<Level>() {
                        cfg = level.config();
                        (iterations, ms) = (None, None);
                        continue;
                    }
                    let Some((key, v)) = p.split_once('=') else {
                        return Err(format!(
                            "search: unknown parameter {p:?} (easy, normal, hard, iterations=N, ms=N, depth=N, samples=N, c=X, widen=X, sweep=N)"
                        ));
                    };
                    match key {
                        "iterations" => {
                            iterations = Some(whole(name, key, v, MAX_ITERATIONS as u64, 1)? as u32)
                        }
                        "ms" => ms = Some(whole(name, key, v, 600_000, 1)? as u32),
                        "depth" => cfg.depth = whole(name, key, v, 10_000, 0)? as u32,
                        "samples" => cfg.samples = whole(name, key, v, 64, 1)? as u32,
                        "sweep" => cfg.sweep = whole(name, key, v, 10, 0)? as u32,
                        "c" => cfg.c = real(name, key, v, 0.0, 10.0)?,
                        "widen" => cfg.widen = real(name, key, v, 0.1, 100.0)?,
                        _ => {
                            return Err(format!(
                                "search: unknown parameter {key:?} (iterations, ms, depth, samples, c, widen, sweep)"
                            ));
                        }
                    }
                }
                match (iterations, ms) {
                    (None, None) => {}
                    (Some(n), None) => (cfg.iterations, cfg.ms) = (n, None),
                    (None, Some(t)) => (cfg.iterations, cfg.ms) = (MAX_ITERATIONS, Some(t)),
                    (Some(n), Some(t)) => (cfg.iterations, cfg.ms) = (n, Some(t)),
                }
                Ok(BotSpec::Search(cfg))
            }
            "" => Err(format!("an empty bot spec ({KNOWN})")),
            other => Err(format!("unknown bot {other:?} ({KNOWN})")),
        }
    }
}
