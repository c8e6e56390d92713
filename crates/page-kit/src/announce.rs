//! What a screen reader is told: short sentences put in a polite live
//! region (an element with `aria-live="polite"`, usually visually hidden),
//! said once each. The board's cursor, a pick and each turn's changes go
//! through here; long lists never do: of a list (a game's log, the notes)
//! only its new lines are said, each once, in the news region ([`tell`],
//! [`fresh`]), and a line redrawn again and again is said when it changes
//! ([`changed`]).

use std::cell::RefCell;
use std::collections::HashMap;

use crate::dom::by_id;

/// The most a single announcement says, in characters; longer text is cut
/// at a word and ends in "…" (the full text stays on the page to read).
pub const MOST: usize = 240;

/// Say `text` in the live region `region` (an id). The same text again is
/// said again (a person pressing the same key twice hears it twice); an
/// empty text says nothing.
pub fn say(region: &str, text: &str) {
    say_whole(region, &short(text));
}

/// Say `text` in the live region `region` as [`say`] does, but whole,
/// however long: words a person asked for (a board's summary, the place
/// a cursor reached) are never cut.
pub fn say_whole(region: &str, text: &str) {
    let Some(r) = by_id(region) else { return };
    let text = text.trim().to_string();
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

/// The most lines [`tell`] says at once: when more is new (several AIs
/// played in a row), the last of them, after a line that says how many
/// more are in the log.
pub const MOST_LINES: usize = 5;

/// The id of the page's news region: a visually hidden `role="log"`
/// element whose lines are added, never rewritten, so a screen reader
/// says each new line once and nothing that was said before.
pub const NEWS: &str = "news";

thread_local! {
    /// What was seen of each list ([`fresh`]), and each text ([`changed`]).
    static SEEN: RefCell<HashMap<String, Vec<String>>> = RefCell::new(HashMap::new());
}

/// Say each of `lines` once in the news region ([`NEWS`], made when the
/// page has none): each is added as its own paragraph (and cut to
/// [`MOST`] characters, so none is a wall of text); at most
/// [`MOST_LINES`] at once; lines said long ago are dropped from the
/// region (dropping is not said).
pub fn tell(lines: &[String]) {
    let said = to_tell(lines);
    if said.is_empty() {
        return;
    }
    let Some(region) = news_region() else { return };
    for line in said {
        let p = crate::dom::el("p").text(&line);
        region.append_child(&p.0).ok();
    }
    while region.child_element_count() > 2 * MOST_LINES as u32 {
        match region.first_element_child() {
            Some(old) => old.remove(),
            None => break,
        }
    }
}

/// What [`tell`] says of `lines`: the lines that are not blank, each cut
/// to [`MOST`] characters; when more than [`MOST_LINES`], a line saying
/// how many earlier ones are in the log, then the last
/// `MOST_LINES - 1`.
pub fn to_tell(lines: &[String]) -> Vec<String> {
    let lines: Vec<&String> = lines.iter().filter(|l| !l.trim().is_empty()).collect();
    let skipped = lines.len().saturating_sub(MOST_LINES);
    if skipped == 0 {
        return lines.iter().map(|l| short(l)).collect();
    }
    let mut said = vec![crate::i18n::tn("news-more", (skipped + 1) as i64, &[])];
    said.extend(lines[skipped + 1..].iter().map(|l| short(l)));
    said
}

/// Say what is new in a list shown on the page: the texts of the
/// elements matching `selector` (a game's log lines, newest first when
/// `newest_first`) that were not there at the last call with this `key`
/// ([`fresh`], [`tell`]). The list itself is no live region: it is
/// never read again whole.
pub fn news_of(key: &str, selector: &str, newest_first: bool) {
    let Ok(list) = crate::dom::document().query_selector_all(selector) else {
        return;
    };
    let mut lines: Vec<String> = (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| spoken(&n))
        .collect();
    // Not shown now (a hand-off): the next list is compared with the last
    // (but a list empty from its start, a new game's log, is seen empty).
    if lines.is_empty() && SEEN.with(|s| s.borrow().contains_key(key)) {
        return;
    }
    if newest_first {
        lines.reverse();
    }
    tell(&fresh(key, &lines));
}

/// Say the texts of the elements matching `selector`, each a line, when
/// together they differ from the last call with this `key` ([`changed`]):
/// a question, a "thinking" line or a round's summary that the page
/// redraws again and again is said once, when it is new.
pub fn news_when_changed(key: &str, selector: &str) {
    let Ok(list) = crate::dom::document().query_selector_all(selector) else {
        return;
    };
    let lines: Vec<String> = (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| spoken(&n))
        .filter(|t| !t.is_empty())
        .collect();
    if changed(key, &lines.join("\n")) {
        tell(&lines);
    }
}

/// The text of `node` as a screen reader says it: without what is
/// `aria-hidden` (a seat's letter badge beside its name).
pub fn spoken(node: &web_sys::Node) -> String {
    fn walk(n: &web_sys::Node, out: &mut String) {
        use wasm_bindgen::JsCast;
        if let Some(e) = n.dyn_ref::<web_sys::Element>() {
            if e.get_attribute("aria-hidden").as_deref() == Some("true") {
                return;
            }
        } else if n.node_type() == web_sys::Node::TEXT_NODE {
            out.push_str(&n.node_value().unwrap_or_default());
            return;
        }
        let kids = n.child_nodes();
        for i in 0..kids.length() {
            if let Some(k) = kids.item(i) {
                walk(&k, out);
            }
        }
    }
    let mut out = String::new();
    walk(node, &mut out);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The page's news region, made (visually hidden, at the end of the
/// page's `<body>`) if it has none yet.
pub fn news_region() -> Option<web_sys::Element> {
    if let Some(r) = by_id(NEWS) {
        return Some(r);
    }
    let doc = crate::dom::document();
    let r = doc.create_element("div").ok()?;
    r.set_id(NEWS);
    r.set_class_name("sr-only");
    for (k, v) in [
        ("role", "log"),
        ("aria-live", "polite"),
        ("aria-relevant", "additions"),
    ] {
        r.set_attribute(k, v).ok();
    }
    // It stays live whatever dialog is open (a dialog's own news).
    r.set_attribute("data-stays-live", "").ok();
    doc.body()?.append_child(&r).ok();
    Some(r)
}

/// The lines of `list` that are new since the last call with the same
/// `key`: each line not among those seen then (counted, so a line that
/// comes again is new again). The first call only remembers (a page
/// opened on a long game says nothing of its past).
pub fn fresh(key: &str, list: &[String]) -> Vec<String> {
    // The region is on the page before its first line (a region made
    // with its text in it is not read).
    if cfg!(target_arch = "wasm32") {
        news_region();
    }
    SEEN.with(|seen| {
        let mut seen = seen.borrow_mut();
        let Some(before) = seen.get(key) else {
            seen.insert(key.to_string(), list.to_vec());
            return Vec::new();
        };
        let new = new_lines(before, list);
        seen.insert(key.to_string(), list.to_vec());
        new
    })
}

/// Whether `text` differs from the text last given under `key` (the first
/// time: whether it is not empty); remembers it. A line shown on every
/// redraw ("East is thinking…") is said once this way, not each time.
pub fn changed(key: &str, text: &str) -> bool {
    if cfg!(target_arch = "wasm32") {
        news_region();
    }
    SEEN.with(|seen| {
        let mut seen = seen.borrow_mut();
        let now = vec![text.to_string()];
        let differs = seen.get(key).map_or(!text.is_empty(), |b| *b != now);
        seen.insert(key.to_string(), now);
        differs && !text.is_empty()
    })
}

/// The lines of `now` beyond those of `before`, in `now`'s order.
fn new_lines(before: &[String], now: &[String]) -> Vec<String> {
    let mut left: HashMap<&str, usize> = HashMap::new();
    for l in before {
        *left.entry(l.as_str()).or_default() += 1;
    }
    let mut out = Vec::new();
    for l in now {
        match left.get_mut(l.as_str()) {
            Some(n) if *n > 0 => *n -= 1,
            _ => out.push(l.clone()),
        }
    }
    out
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
    fn only_new_lines_are_fresh_and_the_first_look_says_nothing() {
        let l = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(fresh("t", &l(&["a", "b"])).is_empty());
        assert_eq!(fresh("t", &l(&["a", "b", "c"])), l(&["c"]));
        // A note replaced (the same list with one line changed).
        assert_eq!(fresh("t", &l(&["a", "c", "d"])), l(&["d"]));
        // The same line again is new again.
        assert_eq!(fresh("t", &l(&["a", "c", "d", "d"])), l(&["d"]));
        assert!(fresh("t", &l(&["a", "c", "d", "d"])).is_empty());
    }

    #[test]
    fn a_text_is_changed_once() {
        assert!(changed("k", "East is thinking"));
        assert!(!changed("k", "East is thinking"));
        assert!(changed("k", "North is thinking"));
        assert!(!changed("k", ""));
        assert!(changed("k", "North is thinking"));
    }

    #[test]
    fn at_most_five_lines_are_told_at_once_the_earlier_ones_counted() {
        let lines = |n: usize| (1..=n).map(|i| format!("Line {i}.")).collect::<Vec<_>>();
        // Five or fewer: each, once; blank lines are not said.
        let mut five = lines(5);
        five.insert(2, "  ".into());
        assert_eq!(to_tell(&five), lines(5));
        // Sixteen: "12 earlier lines are in the log." and the last four.
        let told = to_tell(&lines(16));
        assert_eq!(told.len(), MOST_LINES);
        assert_eq!(told[0], "12 earlier lines are in the log.");
        assert_eq!(&told[1..], &lines(16)[12..]);
        // Six: two are counted (the count takes the place of one).
        assert_eq!(to_tell(&lines(6))[0], "2 earlier lines are in the log.");
        // Every line is short.
        let long = vec!["word ".repeat(100); 3];
        assert!(to_tell(&long).iter().all(|l| l.chars().count() <= MOST));
    }

    #[test]
    fn long_text_is_cut_at_a_word() {
        let long = "word ".repeat(100);
        let s = short(&long);
        assert!(s.chars().count() <= MOST, "{}", s.chars().count());
        assert!(s.ends_with("word…"), "{s}");
    }
}
