//! Making untrusted text safe to print: records, maps and setups may hold
//! control characters (terminal escapes) or very long strings, and messages
//! quote parts of them.

/// Longest quoted piece of untrusted text, in characters.
pub const MAX_QUOTED_CHARS: usize = 60;
/// Longest message line built from untrusted text, in characters.
pub const MAX_LINE_CHARS: usize = 1000;

/// `text` with every control character written as an escape (`\u{1b}`)
/// and cut to [`MAX_LINE_CHARS`] characters.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(MAX_LINE_CHARS));
    for (n, c) in text.chars().enumerate() {
        if n == MAX_LINE_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() || is_invisible(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Characters that change how the text around them is shown without
/// showing themselves: bidirectional embeddings, overrides and isolates,
/// direction marks, zero-width characters and the byte-order mark.
pub fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{061C}' | '\u{FEFF}')
}

/// `text` quoted and escaped like a Rust string, cut to
/// [`MAX_QUOTED_CHARS`] characters (`"chess"`, `"ab…"`).
pub fn quoted(text: &str) -> String {
    let count = text.chars().count();
    let visible = |t: &str| -> String {
        let q = format!("{t:?}");
        q.chars()
            .flat_map(|c| {
                if is_invisible(c) {
                    c.escape_default().collect::<Vec<_>>()
                } else {
                    vec![c]
                }
            })
            .collect()
    };
    if count <= MAX_QUOTED_CHARS {
        visible(text)
    } else {
        let cut: String = text.chars().take(MAX_QUOTED_CHARS).collect();
        format!("{}… ({count} characters)", visible(&cut))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("a\u{1b}[31mb\n"), "a\\u{1b}[31mb\\n");
        assert_eq!(quoted("x\u{7}"), "\"x\\u{7}\"");
        assert!(printable(&"x".repeat(5000)).chars().count() <= MAX_LINE_CHARS + 1);
        assert!(quoted(&"y".repeat(500)).ends_with("(500 characters)"));
        assert_eq!(printable("evil\u{202e}txt.json"), "evil\\u{202e}txt.json");
        assert_eq!(quoted("a\u{2066}b"), "\"a\\u{2066}b\"");
    }
}
