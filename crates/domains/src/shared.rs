//! A value shared between a game and the views and copies made of it,
//! copied only when one of them changes it (copy on write).
//!
//! Domains' board (2,500 squares on the standard board) changes once a
//! round, while the seats are asked for dozens of orders a round, each
//! from a view holding the board. Sharing it makes a view, a copy of the
//! state (a determinization, a search's) and a refreshed view cost a
//! reference count instead of a copy of the board; the first change after
//! a round's orders copies it once.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A `T` read through [`Deref`] and changed through [`DerefMut`], which
/// first copies it when anyone else holds it. It compares, prints and
/// reads and writes as JSON exactly as a plain `T`.
#[derive(Clone, Default)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    /// Share `value`.
    pub fn new(value: T) -> Self {
        Shared(Arc::new(value))
    }

    /// Whether `self` and `other` hold the very same value (not a copy).
    pub fn same(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Self {
        Shared::new(value)
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        self.same(other) || *self.0 == *other.0
    }
}

impl<T: Eq> Eq for Shared<T> {}

impl<T: std::fmt::Debug> std::fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(Shared::new)
    }
}

#[cfg(test)]
mod tests {
    use super::Shared;

    /// A change to one holder copies the value; the others keep theirs.
    #[test]
    fn a_change_copies_only_when_shared() {
        let mut a = Shared::new(vec![1, 2, 3]);
        let b = a.clone();
        assert!(a.same(&b));
        a.push(4);
        assert!(!a.same(&b));
        assert_eq!(*b, vec![1, 2, 3]);
        assert_eq!(*a, vec![1, 2, 3, 4]);
        let before = a.clone();
        drop(before);
        let unique = &*a as *const Vec<i32>;
        a.push(5);
        assert_eq!(
            &*a as *const Vec<i32>, unique,
            "a value held once is changed in place"
        );
    }

    /// It reads and writes as JSON as the plain value does.
    #[test]
    fn json_as_the_plain_value() {
        let a = Shared::new(vec![7u8, 8]);
        let text = serde_json::to_string(&a).unwrap();
        assert_eq!(text, "[7,8]");
        let back: Shared<Vec<u8>> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, a);
    }
}
