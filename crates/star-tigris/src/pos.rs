//! Board coordinates, written like spreadsheet cells: column letters, then
//! the row number counted from 1 at the top (`F7`; columns after `Z` are
//! `AA`, `AB`, …).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A cell's row and column, both from 0 at the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Row, 0 at the top.
    pub row: u8,
    /// Column, 0 at the left.
    pub col: u8,
}

impl Pos {
    /// The position at `row`, `col`.
    pub fn new(row: u8, col: u8) -> Self {
        Pos { row, col }
    }
}

/// The letters of a 0-based column (`0` → `A`, `26` → `AA`).
pub fn column_name(col: u8) -> String {
    let mut n = col as u32 + 1;
    let mut out = Vec::new();
    while n > 0 {
        let r = (n - 1) % 26;
        out.push(b'A' + r as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_name(self.col), self.row as u32 + 1)
    }
}

impl FromStr for Pos {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("{s:?} is not a cell (write a column and a row, like F7)");
        let letters: String = s.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
        let digits = &s[letters.len()..];
        if letters.is_empty() || letters.len() > 2 || digits.is_empty() || digits.len() > 3 {
            return Err(bad());
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let mut col: u32 = 0;
        for c in letters.chars() {
            col = col * 26 + (c.to_ascii_uppercase() as u32 - 'A' as u32 + 1);
        }
        let row: u32 = digits.parse().map_err(|_| bad())?;
        if row == 0 || row > 255 || col > 256 {
            return Err(bad());
        }
        Ok(Pos::new((row - 1) as u8, (col - 1) as u8))
    }
}

impl Serialize for Pos {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for (text, row, col) in [
            ("A1", 0, 0),
            ("F7", 6, 5),
            ("Z32", 31, 25),
            ("AA1", 0, 26),
            ("AF2", 1, 31),
        ] {
            let p: Pos = text.parse().unwrap();
            assert_eq!(p, Pos::new(row, col), "{text}");
            assert_eq!(p.to_string(), text);
        }
        assert_eq!("f7".parse::<Pos>().unwrap(), Pos::new(6, 5));
        for bad in ["", "7", "F", "F0", "7F", "F7x", "ABC1", "F-1", "F1000"] {
            assert!(bad.parse::<Pos>().is_err(), "{bad}");
        }
    }
}
