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

/// Let the box `box_id` that holds a board pan it (`on`: the board is
/// drawn larger than the box, see [`board_width`]): the box gets the class
/// `pans` (site.css: it scrolls, a finger pans it, the board keeps its
/// drawn size) and, when it first pans, shows the board's middle. Off, the
/// box is an ordinary box again.
pub fn pan(box_id: &str, on: bool) {
    pan_to(box_id, on, None);
}

/// The box `box_id` that holds a board (`board`, its canvas): when it
/// `pans` (the board drawn larger than it, [`pan`]) a keyboard scrolls it
/// too, so it takes the focus and is named `label` as the board.
pub fn pan_box(box_id: &str, pans: bool, label: &str, board: crate::dom::El) -> crate::dom::El {
    let b = crate::dom::el("div").attr("id", box_id).child(board);
    if pans {
        b.class("pans")
            .attr("tabindex", "0")
            .attr("role", "region")
            .attr("aria-label", label)
    } else {
        b
    }
}

/// A box that pans takes the focus as soon as it pans (as [`pan_box`]
/// draws it), so a keyboard scrolls it: call after [`pan`].
pub fn keyboard_scrolls(box_id: &str, label: &str) {
    if let Some(b) = crate::dom::by_id(box_id)
        && b.class_list().contains("pans")
    {
        b.set_attribute("tabindex", "0").ok();
        b.set_attribute("role", "region").ok();
        b.set_attribute("aria-label", label).ok();
    }
}

/// [`pan`], showing the point `at` of the board (CSS pixels from the
/// board's top left corner: the person's own pieces, say) in the middle
/// of the box when it first pans, as near as the box's edges allow;
/// `None`: the board's middle. Whether the box pans from now on (it did
/// not before): a page that redraws the box's element keeps its class.
pub fn pan_to(box_id: &str, on: bool, at: Option<(f64, f64)>) -> bool {
    let Some(b) = crate::dom::by_id(box_id) else {
        return false;
    };
    let was = b.class_list().contains("pans");
    if on == was {
        return false;
    }
    b.class_list().toggle_with_force("pans", on).ok();
    if on {
        let id = box_id.to_string();
        crate::dom::after(0.0, move || {
            if let Some(b) = crate::dom::by_id(&id) {
                let (w, h) = (f64::from(b.client_width()), f64::from(b.client_height()));
                let (sw, sh) = (f64::from(b.scroll_width()), f64::from(b.scroll_height()));
                let (left, top) = match at {
                    Some((x, y)) => (scroll_to_show(x, w, sw), scroll_to_show(y, h, sh)),
                    None => ((sw - w) / 2.0, 0.0),
                };
                b.set_scroll_left(left.round() as i32);
                b.set_scroll_top(top.round() as i32);
            }
        });
    }
    on
}

/// Bring the point `at` of a panned board (CSS pixels from the board's
/// top left corner) into sight in the box `box_id`, in its middle, when it
/// is out of sight (else the box stays where the person panned it); and
/// the box itself into the window when its top is off the screen or in
/// its lower half (the line above it, [`hint_id`], first). For the start
/// of a person's orders: their own pieces are in sight.
pub fn bring_into_view(box_id: &str, at: Option<(f64, f64)>) {
    let id = box_id.to_string();
    crate::dom::after(0.0, move || {
        let Some(b) = crate::dom::by_id(&id) else {
            return;
        };
        if let Some((x, y)) = at {
            let (w, h) = (f64::from(b.client_width()), f64::from(b.client_height()));
            let (left, top) = (f64::from(b.scroll_left()), f64::from(b.scroll_top()));
            if !(left..=left + w).contains(&x) {
                b.set_scroll_left(scroll_to_show(x, w, f64::from(b.scroll_width())).round() as i32);
            }
            if !(top..=top + h).contains(&y) {
                b.set_scroll_top(scroll_to_show(y, h, f64::from(b.scroll_height())).round() as i32);
            }
        }
        let screen = web_sys::window()
            .and_then(|w| w.inner_height().ok())
            .and_then(|h| h.as_f64())
            .unwrap_or(0.0);
        let top = b.get_bounding_client_rect().top();
        if top < 0.0 || top > screen / 2.0 {
            let first = crate::dom::by_id(&hint_id(&id))
                .filter(|h| !h.has_attribute("hidden"))
                .unwrap_or(b);
            first.scroll_into_view_with_bool(true);
        }
    });
}

/// How far to scroll a box `seen` pixels across over `whole` pixels so
/// that the point `at` is in its middle, as near as its edges allow.
pub fn scroll_to_show(at: f64, seen: f64, whole: f64) -> f64 {
    (at - seen / 2.0).clamp(0.0, (whole - seen).max(0.0))
}

/// The id of the line above the box `box_id` ([`hint`]): the box's id
/// with its `-box` ending made `-hint` (`board-box`: `board-hint`).
pub fn hint_id(box_id: &str) -> String {
    format!("{}-hint", box_id.strip_suffix("-box").unwrap_or(box_id))
}

/// The line just above the box `box_id` that holds a board, on a touch
/// screen ([`coarse`]): `text`, what a second tap would do ("Tap again:
/// …") or how taps work. The line ([`hint_id`], class `board-hint`, made
/// when the page has none) keeps room for four lines (site.css), so the
/// board does not move between a first and a second tap; it is hidden
/// where the pointer is not a finger, and while `text` is empty. A page
/// that draws its board's surroundings as an element tree puts
/// [`hint_line`] before the box instead.
pub fn hint(box_id: &str, text: &str) {
    let id = hint_id(box_id);
    let line = match crate::dom::by_id(&id) {
        Some(e) => e,
        None => {
            let Some(board_box) = crate::dom::by_id(box_id) else {
                return;
            };
            let Ok(e) = crate::dom::document().create_element("p") else {
                return;
            };
            e.set_id(&id);
            e.set_class_name("board-hint");
            if board_box.before_with_node_1(&e).is_err() {
                return;
            }
            e
        }
    };
    if coarse() && !text.is_empty() {
        line.remove_attribute("hidden").ok();
        if line.text_content().as_deref() != Some(text) {
            line.set_text_content(Some(text));
        }
    } else {
        line.set_attribute("hidden", "").ok();
    }
}

/// [`hint`]'s line as an element, for the box `box_id`.
pub fn hint_line(box_id: &str, text: &str) -> crate::dom::El {
    let line = crate::dom::el("p")
        .attr("id", &hint_id(box_id))
        .class("board-hint")
        .text(text);
    if coarse() && !text.is_empty() {
        line
    } else {
        line.attr("hidden", "")
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Confirm<P> {
    pending: Option<P>,
}

impl<P> Default for Confirm<P> {
    fn default() -> Self {
        Confirm { pending: None }
    }
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
    fn a_panned_box_shows_a_point_in_its_middle_as_near_as_its_edges_allow() {
        assert_eq!(scroll_to_show(500.0, 200.0, 1000.0), 400.0);
        assert_eq!(scroll_to_show(50.0, 200.0, 1000.0), 0.0, "near the start");
        assert_eq!(scroll_to_show(990.0, 200.0, 1000.0), 800.0, "near the end");
        assert_eq!(scroll_to_show(90.0, 200.0, 150.0), 0.0, "nothing to scroll");
    }

    #[test]
    fn the_line_above_a_board_is_named_after_its_box() {
        assert_eq!(hint_id("board-box"), "board-hint");
        assert_eq!(hint_id("online-cg-box"), "online-cg-hint");
        assert_eq!(hint_id("stage"), "stage-hint");
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
