//! Fingers on a touch screen: whether the words should say "tap", which
//! kind of pointer acted last, and the two-tap confirm that keeps a finger
//! from playing the wrong small square (the first tap shows what would
//! happen, a second tap on the same square does it).

use std::cell::Cell;

thread_local! {
    static LAST_WAS_TOUCH: Cell<bool> = const { Cell::new(false) };
}

/// Whether the screen's main pointer is a finger (a coarse pointer): the
/// page's words say "tap" rather than "click".
pub fn coarse() -> bool {
    if !cfg!(target_arch = "wasm32") {
        return false;
    }
    web_sys::window()
        .and_then(|w| w.match_media("(pointer: coarse)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The catalogue key for a sentence that speaks of clicking: `key` with
/// `-touch` on a touch screen (each such key has both forms); with
/// `-keys` where a key was pressed last and the catalogue has that form
/// (a keyboard user is told the keys, never to click; see [`watch`]).
pub fn key(key: &str) -> String {
    if coarse() {
        return format!("{key}-touch");
    }
    let keys = format!("{key}-keys");
    if LAST_WAS_KEY.with(Cell::get) && crate::i18n::has(&keys) {
        keys
    } else {
        key.to_string()
    }
}

thread_local! {
    static LAST_WAS_KEY: Cell<bool> = const { Cell::new(false) };
}

/// Watch which acted last on the page, a key or a pointer, for [`key`].
pub fn watch() {
    let doc = crate::dom::document();
    crate::dom::listen::<web_sys::KeyboardEvent>(&doc, "keydown", |_| {
        LAST_WAS_KEY.with(|k| k.set(true));
    });
    crate::dom::listen::<web_sys::Event>(&doc, "pointerdown", |_| {
        LAST_WAS_KEY.with(|k| k.set(false));
    });
}

/// Whether the person's system asks for reduced motion
/// (`prefers-reduced-motion: reduce`): nothing moves by itself at speed.
pub fn reduced_motion() -> bool {
    if !cfg!(target_arch = "wasm32") {
        return false;
    }
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// The smallest target a finger is given on a board, in CSS pixels
/// (WCAG 2.2's 24 × 24).
pub const MIN_TARGET: f64 = 24.0;

/// How wide to draw a board that would fit in `fit` CSS pixels, when its
/// smallest target is `target` pixels across at that width: on a touch
/// screen ([`coarse`]) wide enough that every target is at least
/// [`MIN_TARGET`] (the board is then larger than the screen and pans in
/// its scrolling box); elsewhere `fit`.
pub fn board_width(fit: f64, target: f64) -> f64 {
    enlarged(fit, target, coarse())
}

/// [`board_width`] with the kind of pointer given.
pub fn enlarged(fit: f64, target: f64, finger: bool) -> f64 {
    if finger && target > 0.0 && target < MIN_TARGET {
        (fit * MIN_TARGET / target).ceil()
    } else {
        fit
    }
}

/// Remember which kind of pointer pressed last (call on `pointerdown`).
pub fn note(pointer_type: &str) {
    LAST_WAS_TOUCH.with(|t| t.set(pointer_type == "touch" || pointer_type == "pen"));
}

/// Whether the last press was a finger (or a pen).
pub fn last_was_touch() -> bool {
    LAST_WAS_TOUCH.with(Cell::get)
}

/// The two-tap confirm on a board: a square tapped once is pending (the
/// page shows what would happen there); tapped again, it is confirmed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Confirm<P> {
    pending: Option<P>,
}

impl<P: Copy + PartialEq> Confirm<P> {
    /// No square pending.
    pub const fn new() -> Confirm<P> {
        Confirm { pending: None }
    }

    /// A tap on `at`: `true` when it confirms the pending square (which is
    /// then cleared), `false` when it only makes `at` pending.
    pub fn tap(&mut self, at: P) -> bool {
        if self.pending == Some(at) {
            self.pending = None;
            true
        } else {
            self.pending = Some(at);
            false
        }
    }

    /// The square waiting for its second tap.
    pub fn pending(&self) -> Option<P> {
        self.pending
    }

    /// Forget the pending square (the position changed, another piece was
    /// picked).
    pub fn clear(&mut self) {
        self.pending = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_is_enlarged_for_a_finger_until_its_targets_are_24_pixels() {
        assert_eq!(enlarged(370.0, 12.0, true), 740.0);
        assert_eq!(enlarged(370.0, 12.0, false), 370.0, "a mouse keeps the fit");
        assert_eq!(enlarged(370.0, 30.0, true), 370.0, "large enough already");
        assert!(enlarged(300.0, 17.0, true) * 17.0 / 300.0 >= MIN_TARGET);
    }

    #[test]
    fn the_second_tap_on_the_same_square_confirms() {
        let mut c = Confirm::new();
        assert!(!c.tap((1, 2)));
        assert_eq!(c.pending(), Some((1, 2)));
        assert!(!c.tap((2, 2)), "another square only moves the preview");
        assert!(c.tap((2, 2)));
        assert_eq!(c.pending(), None);
        assert!(!c.tap((2, 2)), "after a confirm the next tap starts again");
        c.clear();
        assert_eq!(c.pending(), None);
    }
}
