//! The AIs' pace, one picker on every page: how long an AI's move stays
//! on screen before the next one is played — slow, normal, fast or at
//! once — as toggles that say which is pressed.

use crate::dom::{El, button, el, toggles};
use crate::i18n::t;

/// The paces offered, in milliseconds from asking an AI to playing its
/// move, with their words.
pub const PACES: [(u32, &str); 4] = [
    (1500, "ai-pace-slow"),
    (600, "ai-pace-normal"),
    (100, "ai-pace-fast"),
    (0, "ai-pace-now"),
];

/// The pace a page starts at.
pub const NORMAL: u32 = 600;

/// The picker (`#ai-pace`): its label, then a toggle a pace, the one at
/// `now_ms` pressed; each runs `<cmd>:<ms>` ([`of`]).
pub fn picker(now_ms: u32, cmd: &str) -> El {
    let label = t("ai-pace-name");
    let choices = PACES
        .iter()
        .map(|(ms, word)| button(&t(word), &format!("{cmd}:{ms}")).pressed(*ms == now_ms))
        .collect();
    let shown = el("span").class("hint").text(&format!("{label} "));
    toggles("ai-pace", shown, &label, choices)
}

/// The pace a command's `arg` chooses, if it is one offered.
pub fn of(arg: &str) -> Option<u32> {
    let ms = arg.parse::<u32>().ok()?;
    PACES.iter().any(|(p, _)| *p == ms).then_some(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only the paces offered are taken, and the normal one is offered.
    #[test]
    fn a_pace_is_one_offered() {
        assert_eq!(of("600"), Some(600));
        assert_eq!(of("0"), Some(0));
        assert_eq!(of("601"), None);
        assert_eq!(of("-1"), None);
        assert_eq!(of("fast"), None);
        assert!(PACES.iter().any(|(ms, _)| *ms == NORMAL));
    }
}
