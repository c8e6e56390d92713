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

/// Check a seat name: 1 to [`MAX_NAME_CHARS`] characters, no control
/// characters, not only spaces. Returns why a name is refused.
pub fn check_name(name: &str) -> Result<(), String> {
    let chars = name.chars().count();
    if name.trim().is_empty() {
        return Err("the name is empty".into());
    }
    if chars > MAX_NAME_CHARS {
        return Err(format!(
            "the name has {chars} characters; at most {MAX_NAME_CHARS} are allowed"
        ));
    }
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(format!("the name holds the control character {:?}", c));
    }
    if let Some(c) = name
        .chars()
        .find(|c| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
    {
        return Err(format!(
            "the name holds the character {}, which turns the text around it",
            c.escape_unicode()
        ));
    }
    Ok(())
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
    }
}
