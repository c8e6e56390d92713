//! Capital letters for the pages' words and names, without the standard
//! library's Unicode case tables (`char::to_uppercase` brings about 12 KB
//! of tables into a page's WebAssembly; see `BENCHMARKS.md`).
//!
//! The pages speak English and German, and players name their seats: the
//! letters of the Latin alphabet and of Latin-1 (ä, ö, ü, é, ø, …) get
//! their capitals; a letter of another script keeps its case.

/// The capital of `c` among the Latin and Latin-1 letters; any other
/// character as it is (`ß`, which has no one-letter capital, too).
pub fn upper(c: char) -> char {
    match c {
        'a'..='z' => c.to_ascii_uppercase(),
        // Latin-1's small letters à … þ sit 0x20 above their capitals;
        // ÷ (U+00F7) between them is no letter.
        '\u{e0}'..='\u{fe}' if c != '\u{f7}' => char::from_u32(c as u32 - 0x20).unwrap_or(c),
        '\u{ff}' => '\u{178}',
        _ => c,
    }
}

/// `s` with its first letter a capital (for a sentence, a button, a title).
pub fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => std::iter::once(upper(first)).chain(chars).collect(),
        None => String::new(),
    }
}

/// The first letter of `s` as a capital, if `s` has one.
pub fn initial(s: &str) -> Option<char> {
    s.chars().next().map(upper)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character up to U+00FF but µ (whose capital is Greek) and ß
    /// gets the standard library's capital.
    #[test]
    fn the_latin_capitals_are_the_standard_ones() {
        for c in ('\0'..='\u{ff}').filter(|c| !['ß', 'µ'].contains(c)) {
            let std_upper: String = c.to_uppercase().collect();
            assert_eq!(upper(c).to_string(), std_upper, "{c:?}");
        }
        assert_eq!(upper('ß'), 'ß');
        assert_eq!(upper('ж'), 'ж', "another script keeps its case");
    }

    #[test]
    fn words_and_names_get_a_capital_first_letter() {
        assert_eq!(capitalised("über den Fluss"), "Über den Fluss");
        assert_eq!(capitalised("élodie"), "Élodie");
        assert_eq!(capitalised("road"), "Road");
        assert_eq!(capitalised(""), "");
        assert_eq!(initial("handel"), Some('H'));
        assert_eq!(initial(""), None);
    }
}
