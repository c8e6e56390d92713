//! The corners and sides of a set of hexes.

use std::collections::BTreeSet;

use crate::corner::Corner;
use crate::hex::Hex;
use crate::side::Side;

/// Every corner of the given hexes, each once.
pub fn corners_of(hexes: impl IntoIterator<Item = Hex>) -> BTreeSet<Corner> {
    // Inserted one by one rather than collected: collecting sorts first,
    // with a sort compiled anew for each type (kilobytes in a page).
    let mut out = BTreeSet::new();
    out.extend(hexes.into_iter().flat_map(Corner::all_of));
    out
}

/// Every side of the given hexes, each once.
pub fn sides_of(hexes: impl IntoIterator<Item = Hex>) -> BTreeSet<Side> {
    let mut out = BTreeSet::new();
    out.extend(hexes.into_iter().flat_map(Side::all_of));
    out
}
