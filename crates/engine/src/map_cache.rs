//! The last map a thread read, kept so that reading the same text again
//! (every game of `tabula play` or an arena reads its map anew) costs a
//! comparison rather than a parse.

use std::cell::RefCell;

/// A one-entry cache of a map text and what it was read into. Rulesets
/// keep one per thread (`thread_local!`) and read through it in
/// [`crate::Ruleset::new_game`]; only maps read without error are kept.
pub struct LastMap<T> {
    entry: RefCell<Option<(String, T)>>,
}

impl<T: Clone> LastMap<T> {
    /// Nothing read yet.
    pub const fn new() -> Self {
        LastMap {
            entry: RefCell::new(None),
        }
    }

    /// What `text` reads into: kept from the last call when the text is
    /// the same, else `read(text)` (kept when it succeeds).
    pub fn read<E>(&self, text: &str, read: impl FnOnce(&str) -> Result<T, E>) -> Result<T, E> {
        if let Some((kept, value)) = &*self.entry.borrow()
            && kept == text
        {
            return Ok(value.clone());
        }
        let value = read(text)?;
        *self.entry.borrow_mut() = Some((text.to_string(), value.clone()));
        Ok(value)
    }
}

impl<T: Clone> Default for LastMap<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_text_is_read_once_and_errors_are_not_kept() {
        let cache = LastMap::<usize>::new();
        let mut reads = 0;
        let mut read = |t: &str| -> Result<usize, String> {
            reads += 1;
            if t.is_empty() {
                Err("empty".into())
            } else {
                Ok(t.len())
            }
        };
        assert_eq!(cache.read("abc", &mut read), Ok(3));
        assert_eq!(cache.read("abc", &mut read), Ok(3));
        assert_eq!(cache.read("", &mut read), Err("empty".into()));
        assert_eq!(cache.read("abc", &mut read), Ok(3), "an error kept nothing");
        assert_eq!(cache.read("abcd", &mut read), Ok(4));
        assert_eq!(reads, 3);
    }
}
