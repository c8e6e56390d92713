//! Tournaments for any ruleset on the game contract: entrants (bots, or
//! players at the end of a connection), the seating of every game drawn
//! up front, a clock on every decision, faults — late, malformed,
//! illegal, crashed, gone — that disqualify the faulty seat's team for
//! that game (the game ends at once; the other teams win; every team at
//! fault: a tie), points per game (win 1, tie ½, loss 0), standings with
//! a tie-break, and a tournament record that holds every game's record
//! and replays to the same results.

pub mod seating;

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tabula_ai::Bot;
use tabula_engine::record::{GameRecord, Match, replay};
use tabula_engine::{Game, Ruleset, Seat, SeatInfo, ToMove};

pub use seating::seatings;

/// The format name of a tournament record.
pub const TOURNAMENT_FORMAT: &str = "tabula-tournament";
/// The version of the tournament record format.
pub const TOURNAMENT_VERSION: u32 = 1;

/// An entrant: a name and what plays for it (a bot spec, or `remote`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// The name it goes by.
    pub name: String,
    /// What plays: a bot spec (`search:normal`) or `remote`.
    pub player: String,
}

/// Why a seat was disqualified.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "fault")]
pub enum Fault {
    /// It answered after its time.
    Late {
        /// How long it took, in milliseconds.
        ms: f64,
        /// Its time, in milliseconds.
        limit_ms: f64,
    },
    /// Its answer did not read as an action.
    Malformed {
        /// What it sent (shortened).
        text: String,
    },
    /// Its action is not legal now.
    Illegal {
        /// The action, as it wrote it.
        action: String,
        /// Why the rules refuse it.
        reason: String,
    },
    /// It failed (a bot's panic, no action at all).
    Crashed {
        /// What went wrong.
        why: String,
    },
    /// It went away (a closed connection).
    Gone,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Late { ms, limit_ms } => {
                write!(f, "answered in {ms:.0} ms, over its {limit_ms:.0} ms")
            }
            Fault::Malformed { text } => {
                write!(f, "sent something that is not an action: {text:?}")
            }
            Fault::Illegal { action, reason } => {
                write!(f, "played {action}, which is not legal: {reason}")
            }
            Fault::Crashed { why } => write!(f, "failed: {why}"),
            Fault::Gone => write!(f, "went away"),
        }
    }
}

/// A seat disqualified in a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Disqualification {
    /// The seat.
    pub seat: Seat,
    /// The entrant in it.
    pub entrant: usize,
    /// Why.
    pub fault: Fault,
}

/// One game of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEntry {
    /// The entrant in each seat.
    pub seating: Vec<usize>,
    /// The game's record (up to the fault, in a game ended by one).
    pub record: GameRecord,
    /// Seats disqualified (the game ended at once).
    pub disqualified: Vec<Disqualification>,
    /// Points each seat earned: win 1, tie ½, loss 0.
    pub points: Vec<f64>,
    /// Each seat's team margin: its team's score less the best other
    /// team's (0 in a game ended by a fault).
    pub margins: Vec<i64>,
}

/// An entrant's place in the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The entrant.
    pub entrant: usize,
    /// Points over the games.
    pub points: f64,
    /// Team margins added up (the tie-break).
    pub margin: i64,
}

/// A whole tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentRecord {
    /// Always [`TOURNAMENT_FORMAT`].
    pub format: String,
    /// [`TOURNAMENT_VERSION`].
    pub version: u32,
    /// The ruleset.
    pub ruleset: String,
    /// The seed the seatings were drawn with.
    pub seed: u64,
    /// Milliseconds each decision may take.
    pub time_limit_ms: f64,
    /// The entrants.
    pub entrants: Vec<Entrant>,
    /// Every game's seating, announced before the first game.
    pub seatings: Vec<Vec<usize>>,
    /// The games played.
    pub games: Vec<GameEntry>,
    /// The standings: most points first, then the larger margin.
    pub standings: Vec<Standing>,
    /// The winners: the first in the standings (several when they tie
    /// on points and margin).
    pub winners: Vec<usize>,
}

/// Something that decides for a seat: a bot here, or a program at the
/// other end of a connection.
pub trait Player<G: Game> {
    /// Decide `seat`'s action from its view within `limit`.
    fn decide(&mut self, view: &G::View, seat: Seat, limit: Duration) -> Result<G::Action, Fault>;
}

/// A bot of this program as a player: its time is measured, a panic is a
/// crash.
pub struct BotPlayer<G: Game>(pub Box<dyn Bot<G>>);

impl<G: Game> Player<G> for BotPlayer<G> {
    fn decide(&mut self, view: &G::View, seat: Seat, limit: Duration) -> Result<G::Action, Fault> {
        let start = Instant::now();
        let chosen =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.0.choose(view, seat)));
        let took = start.elapsed();
        match chosen {
            Err(_) => Err(Fault::Crashed {
                why: "the bot panicked".into(),
            }),
            Ok(None) => Err(Fault::Crashed {
                why: "the bot chose nothing".into(),
            }),
            Ok(Some(_)) if took > limit => Err(Fault::Late {
                ms: took.as_secs_f64() * 1000.0,
                limit_ms: limit.as_secs_f64() * 1000.0,
            }),
            Ok(Some(a)) => Ok(a),
        }
    }
}

/// How a tournament is played.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Games to play.
    pub games: usize,
    /// Seed of the seatings; game G's own seed is `seed + G`.
    pub seed: u64,
    /// Balanced seatings (see [`seatings`]) instead of random ones.
    pub balanced: bool,
    /// Time for each decision.
    pub time_limit: Duration,
    /// The ruleset's options as JSON (`null`: the defaults).
    pub options: serde_json::Value,
    /// The map (`None`: the ruleset's default).
    pub map: Option<String>,
}

/// Points and margins of a finished or faulted game, by seat.
pub fn game_points<G: Game>(game: &G, disqualified: &[Disqualification]) -> (Vec<f64>, Vec<i64>) {
    let n = game.seats();
    let team = |s: usize| game.team(s as Seat);
    if !disqualified.is_empty() {
        let faulty: Vec<usize> = disqualified.iter().map(|d| team(d.seat as usize)).collect();
        let all = (0..n).all(|s| faulty.contains(&team(s)));
        let points = (0..n)
            .map(|s| {
                if all {
                    0.5
                } else if faulty.contains(&team(s)) {
                    0.0
                } else {
                    1.0
                }
            })
            .collect();
        return (points, vec![0; n]);
    }
    let Some(o) = game.outcome() else {
        return (vec![0.5; n], vec![0; n]);
    };
    let everyone = o.ranks.iter().all(|&r| r == 0);
    let points = o
        .ranks
        .iter()
        .map(|&r| {
            if everyone {
                0.5
            } else if r == 0 {
                1.0
            } else {
                0.0
            }
        })
        .collect();
    let team_score = |t: usize| -> i64 {
        (0..n)
            .filter(|&s| team(s) == t)
            .map(|s| o.scores.get(s).copied().unwrap_or(0))
            .sum()
    };
    let margins = (0..n)
        .map(|s| {
            let mine = team_score(team(s));
            let best_other = (0..n)
                .map(team)
                .filter(|&t| t != team(s))
                .map(team_score)
                .max()
                .unwrap_or(mine);
            mine - best_other
        })
        .collect();
    (points, margins)
}

/// The standings from the games: points, then margin; and the winners.
pub fn standings(entrants: usize, games: &[GameEntry]) -> (Vec<Standing>, Vec<usize>) {
    let mut table: Vec<Standing> = (0..entrants)
        .map(|entrant| Standing {
            entrant,
            points: 0.0,
            margin: 0,
        })
        .collect();
    for g in games {
        for (seat, &e) in g.seating.iter().enumerate() {
            if let Some(row) = table.get_mut(e) {
                row.points += g.points.get(seat).copied().unwrap_or(0.0);
                row.margin += g.margins.get(seat).copied().unwrap_or(0);
            }
        }
    }
    table.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.margin.cmp(&a.margin))
            .then(a.entrant.cmp(&b.entrant))
    });
    let winners = match table.first() {
        Some(top) => table
            .iter()
            .filter(|r| r.points == top.points && r.margin == top.margin)
            .map(|r| r.entrant)
            .collect(),
        None => Vec::new(),
    };
    (table, winners)
}

/// Play one game: ask each seat's player in turn (every seat of a
/// simultaneous decision before the game goes on, so that several can be
/// disqualified at once); the first faults end it.
pub fn play_game<G: Ruleset>(
    settings: &Settings,
    index: usize,
    entrants: &[Entrant],
    seating: &[usize],
    players: &mut [Box<dyn Player<G>>],
) -> Result<GameEntry, String> {
    let options: G::Options = if settings.options.is_null() {
        G::Options::default()
    } else {
        serde_json::from_value(settings.options.clone())
            .map_err(|e| format!("these are not {} options: {e}", G::NAME))?
    };
    let seats: Vec<SeatInfo> = seating
        .iter()
        .map(|&e| SeatInfo {
            name: entrants[e].name.clone(),
            player: entrants[e].player.clone(),
        })
        .collect();
    let seed = settings.seed.wrapping_add(index as u64) & tabula_engine::limits::MAX_SEED;
    let mut m = Match::<G>::new(&options, settings.map.as_deref(), seats, seed)
        .map_err(|e| e.to_string())?;
    let mut disqualified = Vec::new();
    loop {
        let asked: Vec<Seat> = match m.game().to_move() {
            ToMove::Over | ToMove::Chance => break,
            ToMove::Seat(s) => vec![s],
            ToMove::Simultaneous(set) => set.iter().collect(),
        };
        let mut chosen = Vec::new();
        for &seat in &asked {
            let entrant = seating[seat as usize];
            let view = m.game().player_view(seat);
            let player = &mut players[entrant];
            let decided = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                player.decide(&view, seat, settings.time_limit)
            }))
            .unwrap_or_else(|_| {
                Err(Fault::Crashed {
                    why: "the player panicked".into(),
                })
            });
            match decided {
                Ok(a) => {
                    if m.game().legal_actions(seat).contains(&a) {
                        chosen.push((seat, a));
                    } else {
                        let reason = m
                            .why_not(seat, &a)
                            .map_or_else(|| "not listed".to_string(), |p| p.to_string());
                        disqualified.push(Disqualification {
                            seat,
                            entrant,
                            fault: Fault::Illegal {
                                action: serde_json::to_string(&a).unwrap_or_default(),
                                reason,
                            },
                        });
                    }
                }
                Err(fault) => disqualified.push(Disqualification {
                    seat,
                    entrant,
                    fault,
                }),
            }
        }
        if !disqualified.is_empty() {
            break;
        }
        for (seat, a) in chosen {
            m.play(seat, &a).map_err(|e| e.to_string())?;
        }
    }
    let (points, margins) = game_points(m.game(), &disqualified);
    let record = m.record().clone();
    Ok(GameEntry {
        seating: seating.to_vec(),
        record,
        disqualified,
        points,
        margins,
    })
}

/// Whether `n` entrants can play every game of ruleset `G` together.
pub fn check_entrants<G: Ruleset>(n: usize) -> Result<(), String> {
    let range = G::seat_range();
    if range.contains(&n) {
        return Ok(());
    }
    let players = if range.start() == range.end() {
        format!("{}", range.start())
    } else {
        format!("{} to {}", range.start(), range.end())
    };
    Err(format!(
        "every entrant plays every game, and {} is for {players} players: {n} were given",
        G::NAME
    ))
}

/// Play a whole tournament; `players[e]` decides for entrant `e`, and
/// `announce` hears each game as it ends.
pub fn run<G: Ruleset>(
    settings: &Settings,
    entrants: &[Entrant],
    players: &mut [Box<dyn Player<G>>],
    mut announce: impl FnMut(usize, &GameEntry),
) -> Result<TournamentRecord, String> {
    check_entrants::<G>(entrants.len())?;
    if players.len() != entrants.len() {
        return Err(format!(
            "{} entrants but {} players",
            entrants.len(),
            players.len()
        ));
    }
    let seatings = seatings(
        entrants.len(),
        settings.games,
        settings.seed,
        settings.balanced,
    );
    let mut games = Vec::with_capacity(settings.games);
    for (g, seating) in seatings.iter().enumerate() {
        let entry = play_game::<G>(settings, g, entrants, seating, players)?;
        announce(g, &entry);
        games.push(entry);
    }
    let (standings, winners) = standings(entrants.len(), &games);
    Ok(TournamentRecord {
        format: TOURNAMENT_FORMAT.into(),
        version: TOURNAMENT_VERSION,
        ruleset: G::NAME.into(),
        seed: settings.seed,
        time_limit_ms: settings.time_limit.as_secs_f64() * 1000.0,
        entrants: entrants.to_vec(),
        seatings,
        games,
        standings,
        winners,
    })
}

/// Check a tournament record: every game's record replays to its hash,
/// a game without faults is over, every game's points and margins follow
/// from its end and its faults, and the standings and winners from the
/// games.
pub fn verify<G: Ruleset>(t: &TournamentRecord) -> Result<(), String> {
    if t.format != TOURNAMENT_FORMAT || t.version != TOURNAMENT_VERSION {
        return Err(format!(
            "not a tournament record of version {TOURNAMENT_VERSION} (format {:?}, version {})",
            t.format, t.version
        ));
    }
    if t.ruleset != G::NAME {
        return Err(format!("a tournament of {}, not {}", t.ruleset, G::NAME));
    }
    for (i, g) in t.games.iter().enumerate() {
        let game = replay::<G>(&g.record).map_err(|e| format!("game {i}: {e}"))?;
        if g.disqualified.is_empty() && !game.is_over() {
            return Err(format!(
                "game {i} stops before its end with nobody disqualified"
            ));
        }
        if g.seating.len() != game.seats() || t.seatings.get(i) != Some(&g.seating) {
            return Err(format!("game {i}: its seating is not the one announced"));
        }
        let (points, margins) = game_points(&game, &g.disqualified);
        if points != g.points || margins != g.margins {
            return Err(format!("game {i}: its points do not follow from its end"));
        }
    }
    let (standings, winners) = standings(t.entrants.len(), &t.games);
    if standings != t.standings || winners != t.winners {
        return Err("the standings do not follow from the games".into());
    }
    Ok(())
}
