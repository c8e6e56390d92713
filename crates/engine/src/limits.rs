//! Limits on untrusted input, shared by every loader.

/// Largest game record or save file accepted, in bytes.
pub const MAX_RECORD_BYTES: usize = 4 * 1024 * 1024;
/// Most actions a record may hold.
pub const MAX_ACTIONS: usize = 200_000;
/// Largest map or setup text accepted, in bytes.
pub const MAX_MAP_BYTES: usize = 64 * 1024;
/// Longest seat name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// Largest seed: seeds stay below 2^53 so JavaScript reads them exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// Why a name is refused: what [`check_name`] says, as a value a page can
/// put in its own words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameProblem {
    /// Nothing but spaces.
    #[error("the name is empty")]
    Empty,
    /// More than [`MAX_NAME_CHARS`] characters.
    #[error("the name has {0} characters; at most {MAX_NAME_CHARS} are allowed")]
    TooLong(usize),
    /// A control character (a line break, an escape).
    #[error("the name holds the control character {0:?}")]
    Control(char),
    /// A character that turns the text around it (bidirectional override).
    #[error("the name holds the character {}, which turns the text around it", .0.escape_unicode())]
    TurnsText(char),
}

/// Check a seat name: 1 to [`MAX_NAME_CHARS`] characters, no control
/// characters, not only spaces; why a name is refused, as a value.
pub fn name_problem(name: &str) -> Option<NameProblem> {
    let chars = name.chars().count();
    if name.trim().is_empty() {
        return Some(NameProblem::Empty);
    }
    if chars > MAX_NAME_CHARS {
        return Some(NameProblem::TooLong(chars));
    }
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Some(NameProblem::Control(c));
    }
    name.chars()
        .find(|c| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        .map(NameProblem::TurnsText)
}

/// Check a seat name: 1 to [`MAX_NAME_CHARS`] characters, no control
/// characters, not only spaces. Returns why a name is refused, in English
/// ([`name_problem`] gives it as a value).
pub fn check_name(name: &str) -> Result<(), String> {
    match name_problem(name) {
        Some(p) => Err(p.to_string()),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(check_name("Ada").is_ok());
        assert!(
            check_name("<script>alert(1)</script>").is_ok(),
            "markup is text, escaped by the page"
        );
        assert!(check_name("   ").is_err());
        assert!(check_name("a\u{0}b").is_err());
        assert!(check_name("a\nb").is_err());
        assert!(check_name("evil\u{202e}gnp").is_err());
        assert!(check_name("שלום").is_ok());
        assert!(check_name(&"x".repeat(41)).is_err());
        assert!(check_name(&"é".repeat(40)).is_ok());
        assert_eq!(
            check_name("evil\u{202e}gnp").unwrap_err(),
            "the name holds the character \\u{202e}, which turns the text around it"
        );
        assert_eq!(
            check_name("a\nb").unwrap_err(),
            "the name holds the control character '\\n'"
        );
        assert_eq!(
            name_problem(&"x".repeat(41)),
            Some(NameProblem::TooLong(41))
        );
    }
}
