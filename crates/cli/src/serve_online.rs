//! `tabula serve --site DIR`: the built site and online play for every
//! ruleset this build knows, on one port (docs/online.md).

use std::sync::Arc;

use tabula_server::online::{OnlineServe, RoomRuleset};

use crate::failure::{CmdResult, Failure};
use crate::rulesets;
use crate::serve::ServeArgs;

/// Run the site and online play.
pub fn run(args: &ServeArgs) -> CmdResult {
    let site = args.site.clone().unwrap_or_default();
    let rulesets: Vec<Arc<dyn RoomRuleset>> = rulesets::ALL.iter().map(|r| r.online()).collect();
    let serve = OnlineServe {
        host: args.host.clone(),
        port: args.port.unwrap_or(8080),
        site,
        rooms: args.rooms.clone(),
        rulesets,
        silent_after: std::time::Duration::from_secs(args.silent_after),
        close_idle: std::time::Duration::from_secs(args.close_idle),
        max_connections: args.max_connections as usize,
        catan: args
            .catan_port
            .map(|port| crate::serve::catan_serve(args, port))
            .transpose()?,
        vector: args
            .vector_port
            .map(|port| crate::serve::vector_serve(args, port))
            .transpose()?,
    };
    if serve.catan.is_some() {
        tabula_server::core::keep_large_blocks_apart();
    }
    let mut out = std::io::stdout();
    crate::serve::runtime()?
        .block_on(tabula_server::online::serve(serve, &mut out))
        .map_err(Failure::Input)
}
