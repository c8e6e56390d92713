//! The rulesets this build knows, by the name used on the command line and
//! in records.

use tabula_domains::Domains;
use tabula_engine::Ruleset;
use tabula_star_tigris::StarTigris;

use crate::safe_text::quoted;

/// A ruleset this build can play, check and replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Star Tigris.
    StarTigris,
    /// Domains.
    Domains,
}

/// The names of every known ruleset.
pub const NAMES: &[&str] = &[StarTigris::NAME, Domains::NAME];

/// The ruleset called `name`, or a message listing the known ones.
pub fn lookup(name: &str) -> Result<Known, String> {
    match name {
        StarTigris::NAME => Ok(Known::StarTigris),
        Domains::NAME => Ok(Known::Domains),
        other => Err(format!(
            "unknown ruleset {} (known rulesets: {})",
            quoted(other),
            NAMES.join(", ")
        )),
    }
}
