//! What a screen reader is told: short sentences put in a polite live
//! region (an element with `aria-live="polite"`, usually visually hidden),
//! said once each. The board's cursor, a pick and each turn's changes go
//! through here; long lists never do.

use crate::dom::by_id;

/// The most a single announcement says, in characters; longer text is cut
/// at a word and ends in "…" (the full text stays on the page to read).
pub const MOST: usize = 240;

/// Say `text` in the live region `region` (an id). The same text again is
/// said again (a person pressing the same key twice hears it twice); an
/// empty text says nothing.
pub fn say(region: &str, text: &str) {
    let Some(r) = by_id(region) else { return };
    let text = short(text);
    if text.is_empty() {
        return;
    }
    // A region whose text does not change is not read again: alternate a
    // trailing no-break space so a repeat is a change.
    let now = r.text_content().unwrap_or_default();
    let next = if now == text {
        format!("{text}\u{a0}")
    } else {
        text
    };
    r.set_text_content(Some(&next));
}

/// `text` cut to at most [`MOST`] characters at a word boundary.
pub fn short(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() <= MOST {
        return text.to_string();
    }
    let cut: String = text.chars().take(MOST - 1).collect();
    let at = cut.rfind(' ').unwrap_or(cut.len());
    format!("{}…", cut[..at].trim_end_matches([',', ';', ':', ' ']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept() {
        assert_eq!(
            short("  Anna placed a settler at C5. "),
            "Anna placed a settler at C5."
        );
    }

    #[test]
    fn long_text_is_cut_at_a_word() {
        let long = "word ".repeat(100);
        let s = short(&long);
        assert!(s.chars().count() <= MOST, "{}", s.chars().count());
        assert!(s.ends_with("word…"), "{s}");
    }
}
