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
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` quoted and escaped like a Rust string, cut to
/// [`MAX_QUOTED_CHARS`] characters (`"chess"`, `"ab…"`).
pub fn quoted(text: &str) -> String {
    let count = text.chars().count();
    if count <= MAX_QUOTED_CHARS {
        format!("{text:?}")
    } else {
        let cut: String = text.chars().take(MAX_QUOTED_CHARS).collect();
        format!("{cut:?}… ({count} characters)")
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
    }
}
