//! The replay transport every game's viewer shares: the keys (← and →
//! one step, Shift with them a bigger step — a turn, ten rounds —, Home
//! and End, Space to play and pause), playing at a speed, and the
//! timeline slider. Where the viewer stands and what a bigger step is
//! stay with the page; this holds the behaviour, so every game's viewer
//! answers the same keys the same way.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};

use crate::dom::{El, after, el};

/// A move along the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// To the start (Home).
    First,
    /// To the end (End).
    Last,
    /// One step back (←).
    Back,
    /// One step forward (→).
    Forward,
    /// A bigger step back (Shift+←).
    BackMore,
    /// A bigger step forward (Shift+→).
    ForwardMore,
    /// Play or pause (Space).
    PlayPause,
}

impl Move {
    /// The move a key stands for.
    pub fn of_key(key: &str, shift: bool) -> Option<Move> {
        Some(match (key, shift) {
            ("ArrowLeft", false) => Move::Back,
            ("ArrowRight", false) => Move::Forward,
            ("ArrowLeft", true) => Move::BackMore,
            ("ArrowRight", true) => Move::ForwardMore,
            ("Home", _) => Move::First,
            ("End", _) => Move::Last,
            (" ", _) => Move::PlayPause,
            _ => return None,
        })
    }

    /// The move's name in a page's commands (`first`, `back-turn`, `back`,
    /// `play`, `forward`, `forward-turn`, `last`).
    pub fn name(self) -> &'static str {
        match self {
            Move::First => "first",
            Move::BackMore => "back-turn",
            Move::Back => "back",
            Move::PlayPause => "play",
            Move::Forward => "forward",
            Move::ForwardMore => "forward-turn",
            Move::Last => "last",
        }
    }

    /// The move a command names ([`Move::name`]).
    pub fn of_name(name: &str) -> Option<Move> {
        [
            Move::First,
            Move::BackMore,
            Move::Back,
            Move::PlayPause,
            Move::Forward,
            Move::ForwardMore,
            Move::Last,
        ]
        .into_iter()
        .find(|m| m.name() == name)
    }

    /// Where the move goes from `pos` on a timeline of `len` steps
    /// (positions `0..=len`); `more(pos, forward)` is the page's bigger
    /// step. `None` for play and pause.
    pub fn target(
        self,
        pos: usize,
        len: usize,
        more: impl Fn(usize, bool) -> usize,
    ) -> Option<usize> {
        let to = match self {
            Move::First => 0,
            Move::Last => len,
            Move::Back => pos.saturating_sub(1),
            Move::Forward => pos + 1,
            Move::BackMore => more(pos, false),
            Move::ForwardMore => more(pos, true),
            Move::PlayPause => return None,
        };
        Some(to.min(len))
    }
}

/// Whether a key press belongs to what has the focus (a text field, a
/// list, a slider being typed into) or to a shortcut of the browser
/// (Ctrl, ⌘), not to the page's keys.
pub fn key_is_for_a_field(e: &KeyboardEvent) -> bool {
    let tag = e
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .map(|t| t.tag_name().to_ascii_lowercase())
        .unwrap_or_default();
    matches!(tag.as_str(), "input" | "textarea" | "select") || e.ctrl_key() || e.meta_key()
}

/// Whether a key press is a person pressing the focused control (Space or
/// Enter on a button, a link or a summary): the browser clicks it, and the
/// page's own keys must leave it alone.
pub fn key_presses_a_control(e: &KeyboardEvent) -> bool {
    let key = e.key();
    if key != " " && key != "Enter" {
        return false;
    }
    e.target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .is_some_and(|t| {
            let tag = t.tag_name().to_ascii_lowercase();
            matches!(tag.as_str(), "button" | "a" | "summary")
                || t.get_attribute("role").as_deref() == Some("button")
        })
}

/// Playing a timeline at a speed: whether it plays, how fast, and a token
/// that tells a running timer whether it is still the current one (a
/// pause, a seek or a new game makes every older timer stop).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playback {
    /// Whether it is playing.
    pub playing: bool,
    /// Steps a second.
    pub speed: f64,
    token: u32,
}

impl Playback {
    /// Paused, at `speed` steps a second.
    pub const fn new(speed: f64) -> Playback {
        Playback {
            playing: false,
            speed,
            token: 0,
        }
    }

    /// Start playing; the token to hand to [`run`].
    pub fn start(&mut self) -> u32 {
        self.playing = true;
        self.token = self.token.wrapping_add(1);
        self.token
    }

    /// Stop playing (any running timer stops at its next step).
    pub fn stop(&mut self) {
        self.playing = false;
        self.token = self.token.wrapping_add(1);
    }

    /// Play when paused, pause when playing; the token when it starts.
    pub fn toggle(&mut self) -> Option<u32> {
        if self.playing {
            self.stop();
            None
        } else {
            Some(self.start())
        }
    }

    /// Whether a timer started with `token` should go on.
    pub fn goes_on(&self, token: u32) -> bool {
        self.playing && self.token == token
    }

    /// Milliseconds between two steps.
    pub fn delay_ms(&self) -> f64 {
        1000.0 / self.speed.max(0.1)
    }
}

/// Step a timeline while it plays: after `first_ms`, `step(token)` takes
/// one step and answers the milliseconds to the next one, or `None` to
/// stop (paused, another timer took over, the end).
pub fn run(token: u32, first_ms: f64, step: impl Fn(u32) -> Option<f64> + 'static) {
    fn again(token: u32, ms: f64, step: Rc<dyn Fn(u32) -> Option<f64>>) {
        after(ms, move || {
            if let Some(next) = step(token) {
                again(token, next, step);
            }
        });
    }
    again(token, first_ms, Rc::new(step));
}

/// The timeline slider: `0..=len`, at `pos`.
pub fn timeline(id: &str, len: usize, pos: usize, label: &str, aria_label: &str) -> El {
    el("label").class("scrub").text(&format!("{label} ")).child(
        el("input")
            .attr("type", "range")
            .attr("id", id)
            .attr("min", "0")
            .attr("max", &len.to_string())
            .attr("value", &pos.to_string())
            .attr("aria-label", aria_label),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_targets() {
        let more = |pos: usize, forward: bool| {
            if forward {
                pos + 10
            } else {
                pos.saturating_sub(10)
            }
        };
        let go = |key: &str, shift: bool, pos: usize| {
            Move::of_key(key, shift).and_then(|m| m.target(pos, 25, more))
        };
        assert_eq!(go("ArrowLeft", false, 5), Some(4));
        assert_eq!(go("ArrowLeft", false, 0), Some(0), "not before the start");
        assert_eq!(go("ArrowRight", false, 25), Some(25), "not past the end");
        assert_eq!(
            go("ArrowRight", true, 20),
            Some(25),
            "a bigger step stops at the end"
        );
        assert_eq!(go("ArrowLeft", true, 14), Some(4));
        assert_eq!(go("Home", false, 14), Some(0));
        assert_eq!(go("End", true, 3), Some(25));
        assert_eq!(Move::of_key(" ", false), Some(Move::PlayPause));
        assert_eq!(go(" ", false, 3), None, "play is not a move");
        assert_eq!(Move::of_key("x", false), None);
        for m in [Move::First, Move::BackMore, Move::PlayPause, Move::Last] {
            assert_eq!(Move::of_name(m.name()), Some(m));
        }
        assert_eq!(Move::of_name("sideways"), None);
    }

    #[test]
    fn a_pause_stops_older_timers() {
        let mut p = Playback::new(4.0);
        assert_eq!(p.delay_ms(), 250.0);
        let first = p.toggle().expect("starts");
        assert!(p.goes_on(first));
        assert_eq!(p.toggle(), None, "pauses");
        assert!(!p.goes_on(first));
        let second = p.start();
        assert!(
            p.goes_on(second) && !p.goes_on(first),
            "only the newest timer"
        );
        p.stop();
        assert!(!p.goes_on(second));
    }
}
