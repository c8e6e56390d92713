//! `tabula play`: bot games, one JSON line per game and a summary line,
//! optionally with every game's record written to a folder.

use std::fs;
use std::io::{BufWriter, IsTerminal, StdoutLock, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;
use tabula_ai::{
    Bot, BotSpec, OwnBots, bot_from_spec, bot_from_spec_with, no_own_bots, with_own_names,
};
use tabula_engine::limits::{MAX_MAP_BYTES, MAX_SEED};
use tabula_engine::record::Match;
use tabula_engine::{
    Determinize, Evaluate, Game, Ruleset, Seat, SeatInfo, SeatViews, StateHash, ToMove,
};
use tabula_star_tigris::state::{EndReason, Phase};
use tabula_star_tigris::{DEFAULT_MAP, Options, StarTigris, check_map};

use crate::failure::{CmdResult, Failure};
use crate::input::{read_text, shown};
use crate::problem_text::problem_line;
use crate::rulesets;
use crate::safe_text::quoted;

/// A game that has not ended after this many actions is reported as an error.
pub const MAX_GAME_ACTIONS: usize = 100_000;

/// Options of `tabula play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The ruleset to play.
    #[arg(long, default_value = "star-tigris")]
    pub ruleset: String,
    /// A map file (the ruleset's default map when not given).
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// One bot spec per seat, in turn order, separated by commas (2 to 4
    /// seats): random, greedy, search, search:easy, search:normal,
    /// search:hard, search:iterations=N, search:ms=N (parameters joined by
    /// colons); for domains also demo, dummy and painter.
    #[arg(long, value_delimiter = ',', default_value = "random,random")]
    pub seats: Vec<String>,
    /// How many games to play.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// The seed of the first game; game G (from 0) uses seed SEED+G.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write each game's record to DIR/game-NNNN.json, numbered from 1 (game 0's
    /// record is DIR/game-0001.json); the folder is created if needed.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Show every seat's score to everyone (recorded in the game options).
    #[arg(long)]
    pub open_scores: bool,
    /// The ruleset's options as JSON (catan: e.g.
    /// '{"cities_and_knights":false}'; star-tigris: e.g.
    /// '{"turns":"simultaneous","order":"shuffled"}'; domains: e.g.
    /// '{"rows":12,"cols":12,"rounds":30}'); the ruleset's defaults when
    /// not given.
    #[arg(long, value_name = "JSON")]
    pub options: Option<String>,
}

/// The JSON line printed for each game.
#[derive(Serialize)]
struct GameLine {
    game: u64,
    seed: u64,
    actions: usize,
    turns: u32,
    /// The weakest kind's score of each seat (what ranks the seats).
    scores: Vec<i64>,
    /// Each seat's four kind scores, artifacts assigned, sorted ascending.
    #[serde(rename = "final")]
    final_scores: Vec<[u16; 4]>,
    winners: Vec<Seat>,
    end: EndReason,
    hash: StateHash,
    #[serde(skip_serializing_if = "Option::is_none")]
    record: Option<String>,
}

/// The JSON line printed after the last game.
#[derive(Serialize)]
struct SummaryLine {
    summary: bool,
    games: u64,
    /// Wins of each seat; a win shared by k seats counts 1/k for each.
    wins: Vec<f64>,
    /// Games won by more than one seat.
    draws: u64,
    mean_actions: f64,
    seconds: f64,
}

/// The JSON line printed for each game of a ruleset without a line of its own.
#[derive(Serialize)]
struct AnyGameLine {
    game: u64,
    seed: u64,
    actions: usize,
    scores: Vec<i64>,
    winners: Vec<Seat>,
    hash: StateHash,
    #[serde(skip_serializing_if = "Option::is_none")]
    record: Option<String>,
}

/// `tabula play` for any ruleset: the map file (if any) is handed to the
/// ruleset as it is, the ruleset's own bots come first.
pub(crate) fn play_any<G: Ruleset + Determinize + Evaluate + 'static>(
    args: &PlayArgs,
    options: &G::Options,
    (own, own_names): (OwnBots<G>, &[&str]),
) -> CmdResult {
    if args.open_scores {
        return Err(Failure::Usage(format!(
            "--open-scores is not an option of {}",
            G::NAME
        )));
    }
    let range = G::seat_range();
    if !range.contains(&args.seats.len()) {
        return Err(Failure::Usage(format!(
            "--seats lists {} seat(s); {} is for {} to {}",
            args.seats.len(),
            G::NAME,
            range.start(),
            range.end()
        )));
    }
    for (i, spec) in args.seats.iter().enumerate() {
        bot_from_spec_with::<G>(spec, 0, own).map_err(|e| {
            Failure::Usage(format!(
                "--seats: seat {}: {}",
                i + 1,
                with_own_names(e, own_names)
            ))
        })?;
    }
    let last_seed = args.seed.checked_add(args.games - 1);
    if last_seed.is_none_or(|s| s > MAX_SEED) {
        return Err(Failure::Usage(format!(
            "--seed {} with --games {}: seeds must stay at most {MAX_SEED}",
            args.seed, args.games
        )));
    }
    let map = match &args.map {
        Some(path) => {
            let text = read_text(path, MAX_MAP_BYTES, "map").map_err(Failure::Input)?;
            // Check the map once, naming the file in every problem.
            if let Err(problems) = G::new_game(options, Some(&text), args.seats.len(), args.seed) {
                let name = shown(path);
                let lines: Vec<String> =
                    problems.0.iter().map(|p| problem_line(&name, p)).collect();
                return Err(Failure::Input(lines.join("\n")));
            }
            Some(text)
        }
        None => G::default_map().map(str::to_owned),
    };
    if let Some(dir) = &args.records {
        fs::create_dir_all(dir).map_err(|e| {
            Failure::Input(format!("{}: cannot create the folder: {e}", shown(dir)))
        })?;
    }
    let start = Instant::now();
    let seats = args.seats.len();
    let mut wins = vec![0.0; seats];
    let mut draws = 0;
    let mut total_actions = 0;
    let mut out = Lines::new();
    let mut games = Games::<G>::new(options, map.as_deref(), &args.seats, own);
    for g in 0..args.games {
        let seed = args.seed + g;
        let m = games
            .play(seed, |a| format!("{a:?}"))
            .map_err(|e| Failure::Input(format!("game {g} (seed {seed}): {e}")))?;
        let outcome = m.game().outcome().ok_or_else(|| {
            Failure::Input(format!("game {g} (seed {seed}): over without an outcome"))
        })?;
        let winners = outcome.winners();
        add_wins(&mut wins, &winners);
        if winners.len() > 1 {
            draws += 1;
        }
        total_actions += m.actions_played();
        let record = match &args.records {
            Some(dir) => Some(write_record(dir, g, m)?),
            None => None,
        };
        let line = AnyGameLine {
            game: g,
            seed,
            actions: m.actions_played(),
            scores: outcome.scores,
            winners,
            hash: m.game().state_hash(),
            record,
        };
        out.write(&line)?;
    }
    let summary = SummaryLine {
        summary: true,
        games: args.games,
        wins,
        draws,
        mean_actions: total_actions as f64 / args.games as f64,
        seconds: start.elapsed().as_secs_f64(),
    };
    out.write(&summary)?;
    out.finish()
}

/// Add a game's wins to each seat's: 1 for a sole winner, `1/k` for each
/// of `k` winners (what [`tabula_engine::Outcome::reward`] gives each seat).
fn add_wins(wins: &mut [f64], winners: &[Seat]) {
    let share = 1.0 / winners.len() as f64;
    for &seat in winners {
        if let Some(w) = wins.get_mut(seat as usize) {
            *w += share;
        }
    }
}

/// The games of one run: one [`Match`], restarted for each game (the
/// options, map and seats are the run's), each seat's bot spec read once
/// (the bots are made anew for each game, with the game's seeds), and each
/// seat's view kept between decisions and games.
struct Games<'a, G: Ruleset> {
    options: &'a G::Options,
    map: Option<&'a str>,
    specs: &'a [String],
    own: OwnBots<G>,
    /// Each seat's spec as read, `None` for one of the ruleset's own bots
    /// (made from the text by `own`).
    read: Vec<Option<BotSpec>>,
    current: Option<Match<G>>,
    views: SeatViews<G>,
}

impl<'a, G: Ruleset + Determinize + Evaluate + 'static> Games<'a, G> {
    fn new(
        options: &'a G::Options,
        map: Option<&'a str>,
        specs: &'a [String],
        own: OwnBots<G>,
    ) -> Self {
        let read = specs
            .iter()
            .map(|spec| match own(spec, 0) {
                Some(_) => None,
                None => spec.parse::<BotSpec>().ok(),
            })
            .collect();
        Games {
            options,
            map,
            specs,
            own,
            read,
            current: None,
            views: SeatViews::new(specs.len()),
        }
    }

    /// Play the game of `seed` to its end between the bots named in
    /// `specs`; with simultaneous moves, the seats decide one after the
    /// other (each sees only its own view, so none learns another's
    /// orders). `show` writes an action for an error message.
    fn play(
        &mut self,
        seed: u64,
        show: impl Fn(&G::Action) -> String,
    ) -> Result<&Match<G>, String> {
        let m = match &mut self.current {
            Some(m) => {
                m.restart(seed).map_err(|e| format!("cannot start: {e}"))?;
                m
            }
            none => {
                let infos = self
                    .specs
                    .iter()
                    .enumerate()
                    .map(|(i, spec)| SeatInfo {
                        name: format!("Seat {}", i + 1),
                        player: format!("bot:{spec}"),
                    })
                    .collect();
                let m = Match::<G>::new(self.options, self.map, infos, seed)
                    .map_err(|e| format!("cannot start: {e}"))?;
                none.insert(m)
            }
        };
        let specs = self.specs;
        let mut bots = specs
            .iter()
            .zip(&self.read)
            .enumerate()
            .map(|(i, (spec, read))| match read {
                Some(read) => Ok(read.build::<G>(bot_seed(seed, i))),
                None => bot_from_spec_with::<G>(spec, bot_seed(seed, i), self.own),
            })
            .collect::<Result<Vec<Box<dyn Bot<G>>>, String>>()?;
        // A new or restarted match has played no action.
        let mut step = 0;
        loop {
            let seat = match m.game().to_move() {
                ToMove::Over => return Ok(m),
                ToMove::Seat(s) => s,
                ToMove::Simultaneous(set) if !set.is_empty() => set.iter().next().unwrap_or(0),
                other => return Err(format!("step {step}: unexpected {other:?} to move")),
            };
            if step >= MAX_GAME_ACTIONS {
                return Err(format!(
                    "the game did not end within {MAX_GAME_ACTIONS} actions"
                ));
            }
            let bot = bots
                .get_mut(seat as usize)
                .ok_or_else(|| format!("step {step}: seat {seat} has no bot"))?;
            let view = self.views.of(m.game(), seat);
            let action = bot.choose_trusted(view, seat).ok_or_else(|| {
                format!(
                    "step {step}: bot {} found no action for seat {seat}",
                    quoted(&specs[seat as usize])
                )
            })?;
            m.play(seat, &action).map_err(|e| {
                format!(
                    "step {step}: the bot's action {} was refused: {e}",
                    show(&action)
                )
            })?;
            step += 1;
        }
    }
}

/// Run `tabula play`.
pub fn run(args: &PlayArgs) -> CmdResult {
    rulesets::lookup(&args.ruleset)
        .map_err(Failure::Usage)?
        .play(args)
}

pub use tabula_ai::bot_seed;

/// Check the seats: a count the ruleset allows and bot specs it knows.
pub fn check_seats<G: Ruleset + Determinize + Evaluate + 'static>(specs: &[String]) -> CmdResult {
    let range = G::seat_range();
    if !range.contains(&specs.len()) {
        return Err(Failure::Usage(format!(
            "--seats lists {} seat(s); {} is for {} to {}",
            specs.len(),
            G::NAME,
            range.start(),
            range.end()
        )));
    }
    for (i, spec) in specs.iter().enumerate() {
        bot_from_spec::<G>(spec, 0)
            .map_err(|e| Failure::Usage(format!("--seats: seat {}: {e}", i + 1)))?;
    }
    Ok(())
}

/// The map text: the file's, checked (its warnings printed on standard
/// error), or the default map.
fn load_map(path: Option<&Path>) -> Result<String, Failure> {
    let Some(path) = path else {
        return Ok(DEFAULT_MAP.to_string());
    };
    let text = read_text(path, MAX_MAP_BYTES, "map").map_err(Failure::Input)?;
    let problems = check_map(&text);
    let name = shown(path);
    let lines: Vec<String> = problems.0.iter().map(|p| problem_line(&name, p)).collect();
    if problems.has_errors() {
        return Err(Failure::Input(lines.join("\n")));
    }
    for line in lines {
        eprintln!("{line}");
    }
    Ok(text)
}

/// `tabula play` for Star Tigris: a map file and open scores too.
pub(crate) fn play_star_tigris(args: &PlayArgs, options: Options) -> CmdResult {
    check_seats::<StarTigris>(&args.seats)?;
    let last_seed = args.seed.checked_add(args.games - 1);
    if last_seed.is_none_or(|s| s > MAX_SEED) {
        return Err(Failure::Usage(format!(
            "--seed {} with --games {}: seeds must stay at most {MAX_SEED}",
            args.seed, args.games
        )));
    }
    let map = load_map(args.map.as_deref())?;
    let options = Options {
        open_scores: args.open_scores || options.open_scores,
        ..options
    };
    if let Some(dir) = &args.records {
        fs::create_dir_all(dir).map_err(|e| {
            Failure::Input(format!("{}: cannot create the folder: {e}", shown(dir)))
        })?;
    }

    let start = Instant::now();
    let seats = args.seats.len();
    let mut wins = vec![0.0; seats];
    let mut draws = 0;
    let mut total_actions = 0;
    let mut out = Lines::new();
    let mut games = Games::<StarTigris>::new(&options, Some(&map), &args.seats, no_own_bots);
    for g in 0..args.games {
        let seed = args.seed + g;
        let m = games
            .play(seed, |a| a.to_string())
            .map_err(|e| Failure::Input(format!("game {g} (seed {seed}): {e}")))?;
        let game = m.game();
        let outcome = game.outcome().ok_or_else(|| {
            Failure::Input(format!("game {g} (seed {seed}): over without an outcome"))
        })?;
        let Phase::Over(end) = game.phase() else {
            return Err(Failure::Input(format!(
                "game {g} (seed {seed}): the game is not over"
            )));
        };
        let winners = outcome.winners();
        add_wins(&mut wins, &winners);
        if winners.len() > 1 {
            draws += 1;
        }
        total_actions += m.actions_played();
        let record = match &args.records {
            Some(dir) => Some(write_record(dir, g, m)?),
            None => None,
        };
        let line = GameLine {
            game: g,
            seed,
            actions: m.actions_played(),
            turns: game.turn(),
            scores: outcome.scores,
            final_scores: (0..seats as Seat).map(|p| game.final_scores(p)).collect(),
            winners,
            end,
            hash: game.state_hash(),
            record,
        };
        out.write(&line)?;
    }
    let summary = SummaryLine {
        summary: true,
        games: args.games,
        wins,
        draws,
        mean_actions: total_actions as f64 / args.games as f64,
        seconds: start.elapsed().as_secs_f64(),
    };
    out.write(&summary)?;
    out.finish()
}

/// The longest a line waits before it is written out.
const LINE_WAIT: Duration = Duration::from_millis(100);

/// Standard output, one JSON line per game. A line is written out at once
/// to a terminal, and otherwise (a file, a pipe) together with the lines
/// after it once [`LINE_WAIT`] has passed since the last write: a run of
/// short games then makes one system call for many lines, not one a game
/// (which took more than a short game). So a line reaches a file at the
/// latest when the first game ending [`LINE_WAIT`] after the last write
/// ends, and a game longer than that has its line written as it ends.
/// The lines not yet written are written by [`Lines::finish`], or when
/// dropped (after an error).
struct Lines {
    out: BufWriter<StdoutLock<'static>>,
    /// Every line is written out as it ends (standard output is a terminal).
    at_once: bool,
    /// When lines were last written out.
    written: Instant,
}

impl Lines {
    fn new() -> Self {
        let stdout = std::io::stdout();
        Lines {
            at_once: stdout.is_terminal(),
            out: BufWriter::new(stdout.lock()),
            written: Instant::now(),
        }
    }

    /// Add `value` as a JSON line.
    fn write(&mut self, value: &impl Serialize) -> CmdResult {
        serde_json::to_writer(&mut self.out, value).map_err(|e| match e.io_error_kind() {
            Some(kind) => Failure::output(kind.into()),
            None => Failure::Input(format!("cannot write JSON: {e}")),
        })?;
        self.out.write_all(b"\n").map_err(Failure::output)?;
        if self.at_once || self.written.elapsed() >= LINE_WAIT {
            self.out.flush().map_err(Failure::output)?;
            self.written = Instant::now();
        }
        Ok(())
    }

    /// Write out every line.
    fn finish(mut self) -> CmdResult {
        self.out.flush().map_err(Failure::output)
    }
}

/// Write game `g`'s record as DIR/game-NNNN.json (numbered from 1); returns the path.
fn write_record<G: Ruleset>(dir: &Path, g: u64, m: &Match<G>) -> Result<String, Failure> {
    let path = dir.join(format!("game-{:04}.json", g + 1));
    // Compact JSON: a third of pretty-printing's bytes.
    let text = m.record().to_text();
    if text.len() >= tabula_engine::limits::MAX_RECORD_BYTES {
        return Err(Failure::Input(format!(
            "game {}: its record would be {} bytes, more than the {} a reader accepts",
            g + 1,
            text.len(),
            tabula_engine::limits::MAX_RECORD_BYTES
        )));
    }
    fs::write(&path, text)
        .map_err(|e| Failure::Input(format!("{}: cannot write: {e}", shown(&path))))?;
    Ok(shown(&path))
}
