//! Plain words for what the JSON reader reports: people read these
//! messages, so they name the field and say what was expected in words
//! ("a whole number from 0 to 255"), never the decoder's type names.

use serde::de::DeserializeOwned;

// Natively, a failure names the field's path (`seats[1].name`), found by
// decoding through `serde_path_to_error`. In WebAssembly the pages decode
// without it: its wrapper doubles every type's decoding code (measured: a
// fifth of the Catan page's download), and a page names where by line and
// column, or by the record's step, instead.

/// A number written as JSON writes it (`2`, `0.5`, `-1.25e3`), read by
/// the JSON reader every page holds anyway: the standard library's `f64`
/// parser brings 10 KB of tables into a page's WebAssembly (see
/// `BENCHMARKS.md`). Spaces around it are allowed; `None` for anything
/// else (`.5`, `1.`, `+1`, `inf`, a number too large for `f64`).
pub fn number(text: &str) -> Option<f64> {
    serde_json::from_str::<f64>(text)
        .ok()
        .filter(|x| x.is_finite())
}

/// Decode `value` as `T`; on failure, the field's path (`rows`,
/// `seats[1].name`; empty in WebAssembly) and what is wrong with it in
/// plain words.
pub fn from_value<T: DeserializeOwned>(value: &serde_json::Value) -> Result<T, (String, String)> {
    #[cfg(target_arch = "wasm32")]
    return T::deserialize(value).map_err(|e| (String::new(), reword(&e.to_string())));
    #[cfg(not(target_arch = "wasm32"))]
    serde_path_to_error::deserialize(value).map_err(|e| {
        let mut path = e.path().to_string();
        let what = reword(&e.into_inner().to_string());
        // An unknown field's path ends with the field, which the message names.
        if what.starts_with("unknown field") {
            path = match path.rfind('.') {
                Some(i) => path[..i].to_string(),
                None => String::new(),
            };
        }
        let path = if path == "." { String::new() } else { path };
        (path, what)
    })
}

/// Decode JSON text as `T` through a JSON value and [`from_value`], so
/// that a type read both from text and from values is decoded by one
/// piece of code (a page's WebAssembly holds one copy). `None` when the
/// text is not JSON or not a `T`.
pub fn read<T: DeserializeOwned>(text: &str) -> Option<T> {
    read_or_why(text).ok()
}

/// Why [`read_or_why`] read nothing: where (a syntax error's line and
/// column, or the path of the field that is wrong) and what, in plain
/// words. Its text says both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unread {
    /// The 1-based line and column of a syntax error.
    pub at: Option<(usize, usize)>,
    /// The path of the wrong field (`seats[1].name`), empty for the whole
    /// or when unknown.
    pub path: String,
    /// What is wrong.
    pub what: String,
}

impl std::fmt::Display for Unread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.at, self.path.is_empty()) {
            (Some((l, c)), _) => write!(f, "line {l}, column {c}: {}", self.what),
            (None, false) => write!(f, "{}: {}", self.path, self.what),
            (None, true) => write!(f, "{}", self.what),
        }
    }
}

/// [`read`], or why not ([`Unread`]).
pub fn read_or_why<T: DeserializeOwned>(text: &str) -> Result<T, Unread> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| Unread {
        at: Some((e.line(), e.column())),
        path: String::new(),
        what: json_message(&e),
    })?;
    from_value(&value).map_err(|(path, what)| Unread {
        at: None,
        path,
        what,
    })
}

/// Decode JSON text as `T`; on failure, the 1-based line and column and
/// what is wrong, in plain words (naming the field's path natively).
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, (usize, usize, String)> {
    let mut de = serde_json::Deserializer::from_str(text);
    #[cfg(target_arch = "wasm32")]
    let value = T::deserialize(&mut de).map_err(|e| (e.line(), e.column(), json_message(&e)))?;
    #[cfg(not(target_arch = "wasm32"))]
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let what = json_message(&inner);
        let what = if path.is_empty() || path == "." || inner.is_syntax() || inner.is_eof() {
            what
        } else {
            format!("{path}: {what}")
        };
        (inner.line(), inner.column(), what)
    })?;
    de.end()
        .map_err(|e| (e.line(), e.column(), json_message(&e)))?;
    Ok(value)
}

/// A JSON reader's error in plain words, without its position (which
/// callers give as line and column themselves).
pub fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let text = match text.rfind(" at line ") {
        Some(i) if e.line() > 0 => &text[..i],
        _ => &text[..],
    };
    reword(text)
}

/// Reword one message of serde or serde_json in plain words.
pub fn reword(message: &str) -> String {
    let m = message.trim();
    let syntax = [
        (
            "expected value",
            "something else was found where a value was expected: this is not JSON text, or it is damaged here",
        ),
        (
            "EOF while parsing a value",
            "the text ends where a value was expected: it is cut short",
        ),
        (
            "EOF while parsing a string",
            "the text ends inside a string: it is cut short",
        ),
        (
            "EOF while parsing a list",
            "the text ends inside a list: it is cut short",
        ),
        (
            "EOF while parsing an object",
            "the text ends inside an object: it is cut short",
        ),
        (
            "trailing characters",
            "more text follows the end of the data",
        ),
        ("trailing comma", "a comma is followed by nothing"),
        (
            "key must be a string",
            "a field name must be in double quotes",
        ),
        ("recursion limit exceeded", "the data is nested too deeply"),
        ("number out of range", "a number is too large"),
        ("invalid number", "a number is written wrongly"),
        (
            "invalid escape",
            "a backslash in a string starts no known escape",
        ),
        (
            "invalid unicode code point",
            "a \\u escape names no character",
        ),
        (
            "lone leading surrogate in hex escape",
            "a \\u escape names half a character",
        ),
        ("expected `:`", "a colon (:) should follow the field name"),
        ("expected `,` or `]`", "a comma or ] was expected"),
        ("expected `,` or `}`", "a comma or } was expected"),
        ("expected ident", "a word (true, false or null) is misspelt"),
    ];
    for (from, to) in syntax {
        if m == from {
            return to.into();
        }
    }
    if m.starts_with("control character") {
        return "a string holds a control character (such as a line break); write it as an escape"
            .into();
    }
    if let Some(rest) = m.strip_prefix("unknown field ") {
        let (field, known) = split_expected(rest);
        return match known {
            Some(k) if !k.starts_with("there are no") => {
                format!(
                    "unknown field {} (known fields: {})",
                    quote(field),
                    words(k)
                )
            }
            _ => format!("unknown field {}", quote(field)),
        };
    }
    if let Some(rest) = m.strip_prefix("unknown variant ") {
        let (name, known) = split_expected(rest);
        return match known {
            Some(k) => format!("unknown value {} (expected {})", quote(name), words(k)),
            None => format!("unknown value {}", quote(name)),
        };
    }
    if let Some(rest) = m.strip_prefix("missing field ") {
        return format!("the field {} is missing", quote(rest));
    }
    if let Some(rest) = m.strip_prefix("duplicate field ") {
        return format!("the field {} is given twice", quote(rest));
    }
    if let Some(rest) = m.strip_prefix("invalid type: ") {
        let (found, expected) = split_expected(rest);
        return format!(
            "found {} where {} was expected",
            found_words(found),
            words(expected.unwrap_or("something else"))
        );
    }
    if let Some(rest) = m.strip_prefix("invalid value: ") {
        let (found, expected) = split_expected(rest);
        return format!(
            "{} is not {}",
            found_words(found),
            words(expected.unwrap_or("allowed here"))
        );
    }
    if let Some(rest) = m.strip_prefix("invalid length ") {
        let (n, expected) = split_expected(rest);
        return format!(
            "{n} items where {} were expected",
            words(expected.unwrap_or("another number"))
        );
    }
    words(m)
}

/// `X, expected Y` → (X, Some(Y)).
fn split_expected(s: &str) -> (&str, Option<&str>) {
    match s.split_once(", expected ") {
        Some((a, b)) => (a, Some(b)),
        None => match s.split_once(", there are no") {
            Some((a, _)) => (a, Some("there are no fields")),
            None => (s, None),
        },
    }
}

/// `` `x` `` → `"x"`.
fn quote(s: &str) -> String {
    format!("\"{}\"", s.trim().trim_matches('`'))
}

/// What was found, in words: `integer `300`` → `300`, `string "x"` → `the
/// text "x"`.
fn found_words(s: &str) -> String {
    let s = s.trim();
    for prefix in ["integer ", "floating point "] {
        if let Some(n) = s.strip_prefix(prefix) {
            return format!("the number {}", n.trim_matches('`'));
        }
    }
    if let Some(t) = s.strip_prefix("string ") {
        return format!("the text {t}");
    }
    if let Some(b) = s.strip_prefix("boolean ") {
        return format!("the value {}", b.trim_matches('`'));
    }
    match s {
        "map" => "an object ({…})".into(),
        "sequence" => "a list ([…])".into(),
        "null" | "unit value" => "null".into(),
        other => words(other),
    }
}

/// Replace the decoder's type names and back-quotes with words.
fn words(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for (i, token) in s.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let (core, tail) = match token.find([',', ')']) {
            Some(k) => token.split_at(k),
            None => (token, ""),
        };
        let phrase = match core {
            "u8" => "a whole number from 0 to 255".to_string(),
            "u16" => "a whole number from 0 to 65535".into(),
            "u32" => "a whole number from 0 to 4294967295".into(),
            "u64" | "usize" => "a whole number from 0 up".into(),
            "i8" => "a whole number from -128 to 127".into(),
            "i16" => "a whole number from -32768 to 32767".into(),
            "i32" => "a whole number from -2147483648 to 2147483647".into(),
            "i64" | "isize" => "a whole number".into(),
            "f32" | "f64" => "a number".into(),
            "bool" => "true or false".into(),
            "char" => "one character".into(),
            other => other.replace('`', "\""),
        };
        out.push_str(&phrase);
        out.push_str(tail);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_number_is_read_as_json_writes_it() {
        use super::number;
        assert_eq!(number("2"), Some(2.0));
        assert_eq!(number(" 0.5 "), Some(0.5));
        assert_eq!(number("-1.25e3"), Some(-1250.0));
        assert_eq!(number("1.4142135623730951"), Some(std::f64::consts::SQRT_2));
        for bad in ["", ".5", "1.", "+1", "inf", "NaN", "1e999", "2 3", "0x10"] {
            assert_eq!(number(bad), None, "{bad:?}");
        }
    }

    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Opts {
        rows: u8,
        name: String,
    }

    #[test]
    fn option_errors_name_the_option_in_plain_words() {
        let e = from_value::<Opts>(&serde_json::json!({"rows": 300, "name": "x"})).unwrap_err();
        assert_eq!(e.0, "rows");
        assert_eq!(
            e.1, "the number 300 is not a whole number from 0 to 255",
            "{e:?}"
        );
        let e = from_value::<Opts>(&serde_json::json!({"rows": 3, "name": "x", "colour": 1}))
            .unwrap_err();
        assert!(e.1.starts_with("unknown field \"colour\""), "{e:?}");
        let e = from_value::<Opts>(&serde_json::json!({"rows": "3", "name": "x"})).unwrap_err();
        assert_eq!(
            e.1,
            "found the text \"3\" where a whole number from 0 to 255 was expected"
        );
        let e = from_value::<Opts>(&serde_json::json!({"rows": 3})).unwrap_err();
        assert_eq!(e.1, "the field \"name\" is missing");
    }

    #[test]
    fn syntax_errors_have_no_decoder_words() {
        for (text, words) in [
            ("#game=abc", "not JSON"),
            ("{\"rows\": 3", "cut short"),
            ("{\"rows\": 3, \"name\": \"x\"}}", "more text follows"),
        ] {
            let (line, col, m) = from_str::<Opts>(text).unwrap_err();
            assert!(m.contains(words), "{text}: {m}");
            assert!(!m.contains(" at line "), "{m}");
            assert_eq!(line, 1, "{text}");
            assert!(col >= 1);
        }
        let (_, _, m) = from_str::<Opts>("{\"rows\": 3, \"name\": 7}").unwrap_err();
        assert_eq!(m, "name: found the number 7 where a string was expected");
    }
}
