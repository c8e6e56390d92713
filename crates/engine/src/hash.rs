//! Stable state hashes.
//!
//! A state hash is XXH3-64 over a canonical little-endian encoding that each
//! ruleset writes field by field, so it does not depend on the platform's
//! pointer width, endianness or on `std`'s unstable `Hash` output.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use xxhash_rust::xxh3::Xxh3;

/// A 64-bit state hash, written as 16 lowercase hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StateHash(pub u64);

impl fmt::Display for StateHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl std::str::FromStr for StateHash {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() != 16 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!("a state hash is 16 hex digits, not {s:?}"));
        }
        u64::from_str_radix(s, 16)
            .map(StateHash)
            .map_err(|e| e.to_string())
    }
}

impl Serialize for StateHash {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // The 16 digits written in place: no string of their own (a JSON
        // line per game writes one).
        let mut digits = [0u8; 16];
        for (i, d) in digits.iter_mut().enumerate() {
            *d = b"0123456789abcdef"[((self.0 >> (60 - 4 * i)) & 0xf) as usize];
        }
        s.serialize_str(std::str::from_utf8(&digits).map_err(serde::ser::Error::custom)?)
    }
}

impl<'de> Deserialize<'de> for StateHash {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Builds a [`StateHash`] from a canonical encoding.
pub struct StateHasher(Xxh3);

impl Default for StateHasher {
    fn default() -> Self {
        Self::new()
    }
}

impl StateHasher {
    /// A fresh hasher.
    pub fn new() -> Self {
        StateHasher(Xxh3::new())
    }
    /// Add raw bytes.
    pub fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.0.update(b);
        self
    }
    /// Add one byte.
    pub fn u8(&mut self, v: u8) -> &mut Self {
        self.bytes(&[v])
    }
    /// Add a 16-bit value, little-endian.
    pub fn u16(&mut self, v: u16) -> &mut Self {
        self.bytes(&v.to_le_bytes())
    }
    /// Add a 32-bit value, little-endian.
    pub fn u32(&mut self, v: u32) -> &mut Self {
        self.bytes(&v.to_le_bytes())
    }
    /// Add a 64-bit value, little-endian.
    pub fn u64(&mut self, v: u64) -> &mut Self {
        self.bytes(&v.to_le_bytes())
    }
    /// The hash of everything added.
    pub fn finish(&self) -> StateHash {
        StateHash(self.0.digest())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_round_trips_as_hex() {
        let h = StateHasher::new().u8(1).u16(2).u32(3).u64(4).finish();
        let text = serde_json::to_string(&h).unwrap();
        assert_eq!(text.len(), 18);
        let back: StateHash = serde_json::from_str(&text).unwrap();
        assert_eq!(back, h);
        assert!("xyz".parse::<StateHash>().is_err());
    }

    #[test]
    fn a_hash_is_written_as_its_sixteen_digits() {
        for v in [0, 1, 0xabc, 0x0123_4567_89ab_cdef, u64::MAX, 1 << 63] {
            let h = StateHash(v);
            assert_eq!(serde_json::to_string(&h).unwrap(), format!("\"{v:016x}\""));
            assert_eq!(serde_json::to_string(&h).unwrap(), format!("\"{h}\""));
        }
    }

    #[test]
    fn hash_is_stable() {
        // Golden value: XXH3-64 of the bytes 01 02 00.
        let h = StateHasher::new().u8(1).u16(2).finish();
        assert_eq!(h, StateHash(GOLDEN));
    }
    const GOLDEN: u64 = 15531750018304909308;
}
