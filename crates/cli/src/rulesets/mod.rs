//! The rulesets this build knows: one line each in [`ALL`]. Every command
//! (`play`, `arena`, `record verify`, `bench`, `map check`) finds its
//! ruleset here by name and calls it through [`CliRuleset`]; what a
//! ruleset does differently lives in its own file beside this one.
//! [`MAPS_ONLY`] holds rulesets whose maps can be checked before their
//! rules exist (none now): `lookup` finds them, and their game commands refuse.

mod catan;
mod domains;
mod star_tigris;
mod vector;

use std::path::Path;

use tabula_engine::record::{GameRecord, RecordError};
use tabula_engine::{Outcome, StateHash};

use crate::arena::ArenaArgs;
use crate::bench::BenchArgs;
use crate::failure::CmdResult;
use crate::play::PlayArgs;
use crate::safe_text::quoted;

/// What the command line does with one ruleset.
pub trait CliRuleset: Sync {
    /// Its name, as on the command line and in records.
    fn name(&self) -> &'static str;
    /// `tabula play`: bot games, one JSON line each.
    fn play(&self, args: &PlayArgs) -> CmdResult;
    /// `tabula arena`: every pair of bots, both ways round.
    fn arena(&self, args: &ArenaArgs) -> CmdResult;
    /// `tabula record verify`: replay a record to its final state hash
    /// and outcome.
    fn replay(&self, record: &GameRecord) -> Result<(StateHash, Option<Outcome>), RecordError>;
    /// `tabula map check`: check one map or setup file, printing its
    /// problems on standard error; on success, a summary of it.
    fn check_map(&self, path: &Path) -> Result<String, ()>;
    /// `tabula bench`.
    fn bench(&self, args: &BenchArgs) -> CmdResult;
    /// `tabula tournament`.
    fn tournament(&self, args: &crate::tournament_cmd::TournamentArgs) -> CmdResult;
    /// `tabula record verify` of a tournament record: a summary, or why not.
    fn verify_tournament(&self, t: &tabula_tournament::TournamentRecord) -> Result<String, String>;
    /// The ruleset as online rooms play it (`tabula serve --site`).
    fn online(&self) -> std::sync::Arc<dyn tabula_server::online::RoomRuleset>;
    /// Whether `tabula import` and `export` read and write game files of
    /// another program for it.
    fn has_original_files(&self) -> bool {
        false
    }
}

/// Every ruleset this build knows.
pub static ALL: &[&dyn CliRuleset] = &[
    &star_tigris::StarTigrisCli,
    &domains::DomainsCli,
    &catan::CatanCli,
    &vector::VectorCli,
];

/// Rulesets with maps but no rules yet: only `tabula map check` serves
/// them; every other command refuses them with that reason (none now).
pub static MAPS_ONLY: &[&dyn CliRuleset] = &[];

/// Refuse `--options` for a ruleset that takes none on the command line.
pub fn no_options(name: &str, options: Option<&str>) -> CmdResult {
    match options {
        Some(_) => Err(crate::failure::Failure::Usage(format!(
            "--options: {name} takes no options on the command line"
        ))),
        None => Ok(()),
    }
}

/// The names of every known ruleset.
pub fn names() -> Vec<&'static str> {
    ALL.iter().map(|r| r.name()).collect()
}

/// The ruleset called `name`, or a message listing the known ones.
pub fn lookup(name: &str) -> Result<&'static dyn CliRuleset, String> {
    ALL.iter()
        .chain(MAPS_ONLY)
        .copied()
        .find(|r| r.name() == name)
        .ok_or_else(|| {
            let maps: Vec<&str> = MAPS_ONLY.iter().map(|r| r.name()).collect();
            let maps = if maps.is_empty() {
                String::new()
            } else {
                format!("; maps only: {}", maps.join(", "))
            };
            format!(
                "unknown ruleset {} (known rulesets: {}){maps}",
                quoted(name),
                names().join(", ")
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ruleset_is_found_by_its_name_and_names_are_unique() {
        for r in ALL {
            assert_eq!(lookup(r.name()).map(|f| f.name()), Ok(r.name()));
        }
        let mut n = names();
        n.sort();
        n.dedup();
        assert_eq!(n.len(), ALL.len());
        for r in MAPS_ONLY {
            assert_eq!(lookup(r.name()).map(|f| f.name()), Ok(r.name()));
            assert!(!names().contains(&r.name()));
        }
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let e = lookup("chess").err().unwrap_or_default();
        assert!(e.contains("unknown ruleset"), "{e}");
        for r in ALL {
            assert!(e.contains(r.name()), "{e}");
        }
    }
}
