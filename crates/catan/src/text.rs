//! Small helpers for reading lines: columns in characters, quoting what a
//! file says in messages.

/// Split `s` at every `sep`, with each part's 1-based column in characters,
/// `start` being the column of `s`'s first character.
pub(crate) fn parts(s: &str, sep: char, start: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut col = start;
    for part in s.split(sep) {
        out.push((col, part));
        col += part.chars().count() + 1;
    }
    out
}

/// What the file says, quoted for a message: at most 40 characters, with
/// control characters and characters that turn text around escaped.
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for (i, c) in s.chars().enumerate() {
        if i == 40 {
            out.push('…');
            break;
        }
        if c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}') {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out.push('"');
    out
}

/// Whether `id` is a valid field id: 1 to [`crate::MAX_ID_CHARS`] ASCII
/// letters and digits.
pub(crate) fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= crate::MAX_ID_CHARS
        && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// "1 part", "2 parts".
pub(crate) fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
