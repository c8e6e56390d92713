//! A replay being watched, for any ruleset: the kit's model
//! ([`replay_model::Replay`](crate::replay_model::Replay)) with the
//! transport's playing ([`Playback`]) and the seat whose hidden cards
//! show. It answers the moves every viewer shares — the keys, the buttons
//! to the start, a step, a turn, the end, play and pause, a position
//! chosen on the timeline or the chart, one step of the playing timer —
//! so that each page only draws it and names its commands. Pure Rust,
//! tested natively; the page starts the timer (`transport::run`) with
//! what [`Viewer::take`] answers, and steps it with [`Viewer::tick`].
//!
//! The moves themselves ([`take`], [`tick`]) work on any [`Timeline`]:
//! Domains' film of rounds (which grows while a game is played) and
//! Vector's slideshow of a tournament (round by round, game by game)
//! step and play the same way as a replayed game.

use tabula_engine::{Ruleset, Seat};

use crate::dom::{El, button, el, toggles};
use crate::i18n::t;
use crate::replay_model::Replay;
use crate::transport::{Move, Playback};

/// Positions a viewer steps along, `0..=last()`: a replayed game's
/// positions, the rounds of a film, the rounds of a tournament's games.
/// The kit's [`take`] and [`tick`] move along any of them the same way.
pub trait Timeline {
    /// The position shown.
    fn at(&self) -> usize;
    /// The last position.
    fn last(&self) -> usize;
    /// Show position `pos` (never past the last).
    fn go(&mut self, pos: usize);
    /// Where the bigger step goes from the position shown (a turn, ten
    /// rounds, a game), forward or back.
    fn more(&self, forward: bool) -> usize;
    /// Where the moves to the start and the end go: the whole timeline's
    /// by default (a tournament's are the game shown's).
    fn ends(&self) -> (usize, usize) {
        (0, self.last())
    }
    /// Whether positions are still being added (a game being played):
    /// playing then waits at the end instead of stopping there, and play
    /// at the end does not start again from the start.
    fn growing(&self) -> bool {
        false
    }
}

impl<G: Ruleset, S, C> Timeline for Replay<G, S, C> {
    fn at(&self) -> usize {
        self.pos
    }
    fn last(&self) -> usize {
        self.len()
    }
    fn go(&mut self, pos: usize) {
        self.seek(pos);
    }
    fn more(&self, forward: bool) -> usize {
        if forward {
            self.next_turn()
        } else {
            self.previous_turn()
        }
    }
}

/// A timer to start: its token and the milliseconds to its first step
/// (see `transport::run`).
pub type Timer = (u32, f64);

/// Where move `m` goes on `line` from the position shown (`None` for
/// play and pause).
pub fn target(line: &impl Timeline, m: Move) -> Option<usize> {
    let (first, last) = line.ends();
    match m {
        Move::First => Some(first),
        Move::Last => Some(last),
        _ => m.target(line.at(), line.last(), |_, forward| line.more(forward)),
    }
}

/// Take a move along `line` (a bigger step is its [`Timeline::more`]). A
/// move to a position stops playing; play starts again from the start
/// when the end is shown. Answers the timer to start when playing starts.
pub fn take(line: &mut impl Timeline, playback: &mut Playback, m: Move) -> Option<Timer> {
    match target(line, m) {
        Some(to) => {
            playback.stop();
            line.go(to);
            None
        }
        None => {
            if !playback.playing && line.at() >= line.last() && !line.growing() {
                line.go(0);
            }
            let token = playback.toggle()?;
            Some((token, playback.delay_ms()))
        }
    }
}

/// One step of the timer started with `token`: the next position, and
/// the milliseconds to the step after it; `None` when the timer stops
/// (paused, another timer took over, the end reached on a timeline that
/// does not grow).
pub fn tick(line: &mut impl Timeline, playback: &mut Playback, token: u32) -> Option<f64> {
    if !playback.goes_on(token) {
        return None;
    }
    if line.at() < line.last() {
        line.go(line.at() + 1);
    }
    if line.at() >= line.last() && !line.growing() {
        playback.stop();
        return None;
    }
    Some(playback.delay_ms())
}

/// What a viewer calls its moves: each button's name and its name with
/// its key (keys of the catalogue), from the start to the end.
pub struct MoveWords {
    /// To the start.
    pub first: [&'static str; 2],
    /// The bigger step back.
    pub back_more: [&'static str; 2],
    /// A step back.
    pub back: [&'static str; 2],
    /// Play, pause, and the key of both.
    pub play: [&'static str; 3],
    /// A step on.
    pub forward: [&'static str; 2],
    /// The bigger step on.
    pub forward_more: [&'static str; 2],
    /// To the end.
    pub last: [&'static str; 2],
}

/// A replayed game's moves: an action, a turn (the kit's words).
pub const ACTIONS_AND_TURNS: MoveWords = MoveWords {
    first: ["transport-first", "transport-first-key"],
    back_more: ["transport-back-turn", "transport-back-turn-key"],
    back: ["transport-back", "transport-back-key"],
    play: ["transport-play", "transport-pause", "transport-play-key"],
    forward: ["transport-forward", "transport-forward-key"],
    forward_more: ["transport-forward-turn", "transport-forward-turn-key"],
    last: ["transport-last", "transport-last-key"],
};

/// The transport's buttons for `line`: to the start, the bigger step back,
/// a step back, play or pause (`#replay-play`), a step on, the bigger step
/// on, to the end, named in `words`, each with its key; a button that
/// would go nowhere from the position shown is disabled. `cmd` is the
/// page's command for each move.
pub fn buttons(
    line: &impl Timeline,
    playing: bool,
    words: &MoveWords,
    cmd: impl Fn(Move) -> String,
) -> El {
    let step = |symbol: &str, m: Move, [name, with_key]: [&str; 2]| {
        button(symbol, &cmd(m))
            .attr("aria-label", &t(name))
            .attr("title", &t(with_key))
            .disabled(target(line, m) == Some(line.at()))
    };
    let [play, pause, play_key] = words.play;
    let name = t(if playing { pause } else { play });
    let shown = format!("{} {name}", if playing { "❚❚" } else { "▶" });
    el("div")
        .class("transport")
        .child(step("|◀", Move::First, words.first))
        .child(step("◀◀", Move::BackMore, words.back_more))
        .child(step("◀", Move::Back, words.back))
        .child(
            button(&shown, &cmd(Move::PlayPause))
                .attr("id", "replay-play")
                .attr("aria-label", &name)
                .attr("title", &t(play_key)),
        )
        .child(step("▶", Move::Forward, words.forward))
        .child(step("▶▶", Move::ForwardMore, words.forward_more))
        .child(step("▶|", Move::Last, words.last))
}

/// The speed picker, the same for every timeline (`#replay-speeds`): a
/// toggle for each of `speeds` (positions a second, said by `label`),
/// the one at `now` pressed; commands `replay-speed:<i>`, `i` the index
/// in `speeds` ([`speed_of`]).
pub fn speeds(speeds: &[f64], label: &dyn Fn(f64) -> String, now: f64) -> El {
    let mut choices = Vec::new();
    for (i, s) in speeds.iter().enumerate() {
        choices
            .push(button(&label(*s), &format!("replay-speed:{i}")).pressed((s - now).abs() < 1e-9));
    }
    let label = t("transport-speed");
    let shown = el("span").text(&format!("{label} "));
    toggles("replay-speeds", shown, &label, choices)
}

/// The speed a `replay-speed` command's `arg` chooses among `speeds`.
pub fn speed_of(arg: &str, speeds: &[f64]) -> Option<f64> {
    arg.parse::<usize>()
        .ok()
        .and_then(|i| speeds.get(i))
        .copied()
}

/// What a page says in its seat picker ([`seats`]).
pub struct SeatWords<'a> {
    /// The picker's label ("Show", "Cards shown").
    pub label: String,
    /// The picker's name for screen readers ("Show the game as").
    pub name: String,
    /// The choice of no seat: the page's default ("Everything",
    /// "nobody's").
    pub no_seat: String,
    /// A seat's toggle: its mark and its words.
    pub seat: &'a dyn Fn(Seat) -> El,
}

/// The seat picker of a replay, the same on every page
/// (`#replay-seats`): the page's default and each of `count` seats, the
/// one shown pressed; commands `replay-seat:all` and
/// `replay-seat:<seat>` ([`Viewer::pick`]).
pub fn seats(count: usize, shown: Option<Seat>, words: &SeatWords) -> El {
    let mut choices = vec![button(&words.no_seat, "replay-seat:all").pressed(shown.is_none())];
    for i in 0..count {
        choices.push(
            button("", &format!("replay-seat:{i}"))
                .child((words.seat)(i as Seat))
                .pressed(shown == Some(i as Seat)),
        );
    }
    let shown = el("span").text(&format!("{} ", words.label));
    toggles("replay-seats", shown, &words.name, choices)
}

/// A replay on the screen.
pub struct Viewer<G: Ruleset, S, C> {
    /// The game being replayed.
    pub replay: Replay<G, S, C>,
    /// Playing it, at a speed in positions per second.
    pub playback: Playback,
    /// The seat whose hidden cards show (`None`: the page's default —
    /// everything, or nobody's).
    pub seat: Option<Seat>,
}

impl<G: Ruleset, S, C> Viewer<G, S, C> {
    /// A replay at its start, not playing, at `speed` positions a second.
    pub fn new(replay: Replay<G, S, C>, speed: f64) -> Self {
        Viewer {
            replay,
            playback: Playback::new(speed),
            seat: None,
        }
    }

    /// Take a move along the timeline ([`take`]).
    pub fn take(&mut self, m: Move) -> Option<Timer> {
        take(&mut self.replay, &mut self.playback, m)
    }

    /// Answer a key of the transport: `None` when it is not one, else the
    /// timer to start (if playing started).
    pub fn key(&mut self, key: &str, shift: bool) -> Option<Option<Timer>> {
        Move::of_key(key, shift).map(|m| self.take(m))
    }

    /// Show position `pos`, chosen by a person (playing stops).
    pub fn seek(&mut self, pos: usize) {
        self.playback.stop();
        self.replay.seek(pos);
    }

    /// One step of the timer started with `token` ([`tick`]).
    pub fn tick(&mut self, token: u32) -> Option<f64> {
        tick(&mut self.replay, &mut self.playback, token)
    }

    /// Show the hidden cards of the seat `arg` names (a seat's number);
    /// anything else shows the page's default.
    pub fn show_seat(&mut self, arg: &str) {
        self.seat = arg
            .parse::<Seat>()
            .ok()
            .filter(|s| usize::from(*s) < self.replay.names.len());
    }

    /// Run a command of the pickers ([`speeds`]: `replay-speed`, an
    /// index in `speeds`; [`seats`]: `replay-seat`); whether `cmd` was one.
    pub fn pick(&mut self, cmd: &str, arg: &str, speeds: &[f64]) -> bool {
        match cmd {
            "replay-speed" => {
                if let Some(s) = speed_of(arg, speeds) {
                    self.playback.speed = s;
                }
                true
            }
            "replay-seat" => {
                self.show_seat(arg);
                true
            }
            _ => false,
        }
    }

    /// Run a teacher's note command (`note-write`, `note-save`,
    /// `note-cancel`) at the position shown; whether `cmd` was one.
    /// Playing stops: a note is written at one position.
    pub fn note(&mut self, cmd: &str) -> bool {
        let at = self.replay.actions_played();
        let was = crate::teacher_notes::command(cmd, &mut self.replay.record, at);
        if was {
            self.playback.stop();
        }
        was
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay_model::tests::{finished, whole};
    use tabula_catan::Catan;

    fn viewer(seed: u64) -> Viewer<Catan, (), Vec<u32>> {
        Viewer::new(whole(finished(seed)), 4.0)
    }

    /// The keys and buttons move along the timeline; a move stops playing.
    #[test]
    fn moves_go_along_the_timeline_and_stop_playing() {
        let mut v = viewer(3);
        let len = v.replay.len();
        assert_eq!(v.key("x", false), None, "not a key of the transport");
        assert_eq!(v.key("End", false), Some(None));
        assert_eq!(v.replay.pos, len);
        v.take(Move::Back);
        assert_eq!(v.replay.pos, len - 1);
        v.take(Move::First);
        assert_eq!(v.replay.pos, 0);
        v.take(Move::ForwardMore);
        assert_eq!(
            v.replay.pos,
            v.replay
                .steps
                .iter()
                .position(|s| s.turn != v.replay.steps[0].turn)
                .unwrap()
        );
        let (token, ms) = v.take(Move::PlayPause).expect("playing starts");
        assert_eq!(ms, 250.0);
        assert!(v.playback.playing);
        v.take(Move::Forward);
        assert!(!v.playback.playing, "a move stops playing");
        assert_eq!(v.tick(token), None, "and its timer");
    }

    /// The pickers' commands: a speed by its index among the page's
    /// speeds, a seat by its number, anything else the page's default.
    #[test]
    fn the_pickers_choose_a_speed_and_a_seat() {
        let mut v = viewer(5);
        let speeds = [1.0, 4.0, 12.0];
        assert_eq!(speed_of("2", &speeds), Some(12.0));
        assert_eq!(speed_of("3", &speeds), None, "no fourth speed");
        assert_eq!(speed_of("x", &speeds), None);
        assert!(v.pick("replay-speed", "2", &speeds));
        assert_eq!(v.playback.speed, 12.0);
        assert!(v.pick("replay-speed", "9", &speeds));
        assert_eq!(
            v.playback.speed, 12.0,
            "a speed not offered changes nothing"
        );
        assert!(v.pick("replay-seat", "1", &speeds));
        assert_eq!(v.seat, Some(1));
        assert!(v.pick("replay-seat", "all", &speeds));
        assert_eq!(v.seat, None);
        assert!(v.pick("replay-seat", "1", &speeds));
        assert!(v.pick("replay-seat", "7", &speeds));
        assert_eq!(v.seat, None, "no eighth seat: the default");
        assert!(!v.pick("replay-forward", "", &speeds), "not a picker's");
    }

    /// The timer steps one position at a time and stops at the end; play
    /// at the end starts again from the start.
    #[test]
    fn playing_steps_to_the_end_and_starts_again_from_the_start() {
        let mut v = viewer(4);
        let len = v.replay.len();
        v.seek(len - 2);
        let (token, _) = v.take(Move::PlayPause).unwrap();
        assert_eq!(v.tick(token), Some(250.0));
        assert_eq!(v.replay.pos, len - 1);
        assert_eq!(v.tick(token), None, "the end");
        assert_eq!(v.replay.pos, len);
        assert!(!v.playback.playing);
        let (again, _) = v.take(Move::PlayPause).unwrap();
        assert_eq!(v.replay.pos, 0, "from the start again");
        assert_eq!(v.take(Move::PlayPause), None, "pause");
        assert_eq!(v.tick(again), None, "a paused timer stops");
    }

    /// Rounds of a film: ten at a time, growing while a game runs.
    struct Film {
        at: usize,
        last: usize,
        growing: bool,
    }

    impl Timeline for Film {
        fn at(&self) -> usize {
            self.at
        }
        fn last(&self) -> usize {
            self.last
        }
        fn go(&mut self, pos: usize) {
            self.at = pos.min(self.last);
        }
        fn more(&self, forward: bool) -> usize {
            if forward {
                self.at + 10
            } else {
                self.at.saturating_sub(10)
            }
        }
        fn ends(&self) -> (usize, usize) {
            (self.last / 2, self.last)
        }
        fn growing(&self) -> bool {
            self.growing
        }
    }

    /// Any timeline: its bigger step, its own ends, and a growing one
    /// that waits at its end while playing.
    #[test]
    fn any_timeline_steps_and_plays_the_same_way() {
        let mut p = Playback::new(5.0);
        let mut f = Film {
            at: 3,
            last: 30,
            growing: true,
        };
        take(&mut f, &mut p, Move::ForwardMore);
        assert_eq!(f.at, 13);
        take(&mut f, &mut p, Move::BackMore);
        take(&mut f, &mut p, Move::BackMore);
        assert_eq!(f.at, 0);
        assert_eq!(target(&f, Move::First), Some(15));
        assert_eq!(target(&f, Move::Back), Some(0), "not before the start");
        assert_eq!(target(&f, Move::PlayPause), None);
        take(&mut f, &mut p, Move::First);
        assert_eq!(f.at, 15, "the timeline's own start");
        // The bar disables a button whose move goes nowhere from here.
        assert_eq!(target(&f, Move::First), Some(f.at));
        take(&mut f, &mut p, Move::Last);
        let (token, ms) = take(&mut f, &mut p, Move::PlayPause).expect("plays");
        assert_eq!(
            (f.at, ms),
            (30, 200.0),
            "a growing film plays on from its end"
        );
        assert_eq!(tick(&mut f, &mut p, token), Some(200.0), "and waits there");
        f.last = 31;
        assert_eq!(tick(&mut f, &mut p, token), Some(200.0));
        assert_eq!(f.at, 31, "a new round is shown");
        f.growing = false;
        assert_eq!(tick(&mut f, &mut p, token), None, "once over, it stops");
        assert!(!p.playing);
    }

    #[test]
    fn a_seat_is_shown_only_when_there_is_one() {
        let mut v = viewer(5);
        v.show_seat("2");
        assert_eq!(v.seat, Some(2));
        v.show_seat("3");
        assert_eq!(v.seat, None, "three seats");
        v.show_seat("1");
        v.show_seat("all");
        assert_eq!(v.seat, None);
    }
}
