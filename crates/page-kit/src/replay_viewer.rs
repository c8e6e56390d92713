//! A replay being watched, for any ruleset: the kit's model
//! ([`replay_model::Replay`](crate::replay_model::Replay)) with the
//! transport's playing ([`Playback`]) and the seat whose hidden cards
//! show. It answers the moves every viewer shares — the keys, the buttons
//! to the start, a step, a turn, the end, play and pause, a position
//! chosen on the timeline or the chart, one step of the playing timer —
//! so that each page only draws it and names its commands. Pure Rust,
//! tested natively; the page starts the timer (`transport::run`) with
//! what [`Viewer::take`] answers, and steps it with [`Viewer::tick`].

use tabula_engine::{Ruleset, Seat};

use crate::replay_model::Replay;
use crate::transport::{Move, Playback};

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

/// A timer to start: its token and the milliseconds to its first step
/// (see `transport::run`).
pub type Timer = (u32, f64);

impl<G: Ruleset, S, C> Viewer<G, S, C> {
    /// A replay at its start, not playing, at `speed` positions a second.
    pub fn new(replay: Replay<G, S, C>, speed: f64) -> Self {
        Viewer {
            replay,
            playback: Playback::new(speed),
            seat: None,
        }
    }

    /// Take a move along the timeline (a bigger step is a turn). A move to
    /// a position stops playing; play starts again from the start when
    /// the end is shown. Answers the timer to start when playing starts.
    pub fn take(&mut self, m: Move) -> Option<Timer> {
        let r = &mut self.replay;
        let more = |_, forward| {
            if forward {
                r.next_turn()
            } else {
                r.previous_turn()
            }
        };
        match m.target(r.pos, r.len(), more) {
            Some(to) => {
                self.playback.stop();
                r.seek(to);
                None
            }
            None => {
                if !self.playback.playing && r.pos >= r.len() {
                    r.seek(0);
                }
                let token = self.playback.toggle()?;
                Some((token, self.playback.delay_ms()))
            }
        }
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

    /// One step of the timer started with `token`: the next position, and
    /// the milliseconds to the step after it; `None` when the timer stops
    /// (paused, another timer took over, the end reached).
    pub fn tick(&mut self, token: u32) -> Option<f64> {
        if !self.playback.goes_on(token) {
            return None;
        }
        self.replay.seek(self.replay.pos + 1);
        if self.replay.pos >= self.replay.len() {
            self.playback.stop();
            return None;
        }
        Some(self.playback.delay_ms())
    }

    /// Show the hidden cards of the seat `arg` names (a seat's number);
    /// anything else shows the page's default.
    pub fn show_seat(&mut self, arg: &str) {
        self.seat = arg
            .parse::<Seat>()
            .ok()
            .filter(|s| usize::from(*s) < self.replay.names.len());
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
