//! Reading input files: size limits checked before a file is read whole,
//! UTF-8 checked with the line and column of the first bad byte.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::safe_text::printable;

/// The file name as shown in messages.
pub fn shown(path: &Path) -> String {
    printable(&path.display().to_string())
}

/// 1-based line and column just after `bytes`, columns counted in characters.
pub fn line_col(bytes: &[u8]) -> (usize, usize) {
    let line_start = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = String::from_utf8_lossy(&bytes[line_start..])
        .chars()
        .count()
        + 1;
    (line, col)
}

/// Read a text file of at most `limit` bytes. `what` names the contents in
/// messages ("record", "map"). Every error message starts with the file name.
pub fn read_text(path: &Path, limit: usize, what: &str) -> Result<String, String> {
    let name = shown(path);
    let too_large = |bytes: String| {
        format!("{name}: the {what} is {bytes} bytes; at most {limit} are accepted")
    };
    // Look before opening: opening a named pipe with no writer blocks
    // forever, and a device may never end. Only regular files are read.
    let meta =
        std::fs::metadata(path).map_err(|e| format!("{name}: cannot open: {}", io_words(&e)))?;
    if meta.is_dir() {
        return Err(format!("{name}: is a folder, not a file"));
    }
    if !meta.is_file() {
        return Err(format!(
            "{name}: is not an ordinary file (it is a pipe, a socket or a device); save the {what} to a file and give that"
        ));
    }
    let file = File::open(path).map_err(|e| format!("{name}: cannot open: {}", io_words(&e)))?;
    if meta.len() > limit as u64 {
        return Err(too_large(meta.len().to_string()));
    }
    // The size may change, or the file may be a pipe: read one byte past the
    // limit at most.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: cannot read: {}", io_words(&e)))?;
    if bytes.len() > limit {
        return Err(too_large(format!("more than {limit}")));
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let (line, col) = line_col(&e.as_bytes()[..valid]);
        format!("{name}:{line}:{col}: the {what} is not UTF-8 text")
    })
}

/// An input/output error in plain words (without the system's error number).
pub fn io_words(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => "there is no such file".into(),
        K::PermissionDenied => "permission denied".into(),
        K::IsADirectory => "it is a folder, not a file".into(),
        K::InvalidData => "the file is not text".into(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(i) => text[..i].to_string(),
                None => text,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters() {
        assert_eq!(line_col(b""), (1, 1));
        assert_eq!(line_col(b"ab"), (1, 3));
        assert_eq!(line_col(b"ab\n"), (2, 1));
        assert_eq!(line_col("x\n\u{e9}t".as_bytes()), (2, 3));
    }
}
