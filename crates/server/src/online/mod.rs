//! Tabula's own protocol: online play over WebSocket, beside the built
//! static site, on one port (docs/online.md).
//!
//! - [`agent`]: a seat played by a client of another face (a TCP port).
//! - [`dyn_game`]: the game contract as a room sees it (JSON, object-safe),
//!   one generic entry per ruleset: no ruleset is a special case here.
//! - [`hosted`]: a room whose games another face holds (the Vector
//!   tournament), with seats for people beside its TCP clients.
//! - [`protocol`]: the messages.
//! - [`room`]: one room on a thread of its own: seats, members, bots,
//!   clocks, written to disk after every change.
//! - [`rooms`]: every room of the server; made, listed, resumed.
//! - [`store`]: a room's file.
//! - [`conn`]: one WebSocket connection.
//! - [`site`]: the static files.

pub mod agent;
pub mod conn;
pub mod dyn_game;
pub mod hosted;
pub mod protocol;
pub mod room;
pub mod rooms;
pub mod site;
pub mod store;

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

pub use dyn_game::{RoomRuleset, entry};
pub use rooms::Hub;

/// What `tabula serve --site` serves.
pub struct OnlineServe {
    /// The address to listen on.
    pub host: String,
    /// The port (0: any free one).
    pub port: u16,
    /// The built site's folder.
    pub site: PathBuf,
    /// Where rooms are written (none: rooms live in memory only).
    pub rooms: Option<PathBuf>,
    /// The rulesets offered.
    pub rulesets: Vec<Arc<dyn RoomRuleset>>,
    /// How long a connection may be silent (no frame, not even the answer
    /// to a ping) before it counts as gone.
    pub silent_after: std::time::Duration,
    /// How long a finished or never-started room stays with nobody in it
    /// before it closes.
    pub close_idle: std::time::Duration,
    /// The most WebSocket connections held at once.
    pub max_connections: usize,
    /// The Catan course port opened beside the site (`--catan-port`): its
    /// lobby lists the Catan rooms with `client` seats and seats its
    /// clients there (docs/online.md, "Mixed tables").
    pub catan: Option<crate::catan::CatanServe>,
    /// The Vector tournament port opened beside the site
    /// (`--vector-port`): one tournament whose people's seats are a room
    /// of the WebSocket lobby ("Mixed tables").
    pub vector: Option<crate::vector::VectorServe>,
}

async fn upgrade(ws: WebSocketUpgrade, State(hub): State<Arc<Hub>>) -> Response {
    use axum::response::IntoResponse;
    let Some(pass) = hub.gate().enter() else {
        return (
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            hub.gate().full_words(),
        )
            .into_response();
    };
    // Small buffers: an idle connection then costs tens of kilobytes,
    // not the 128 KiB read buffer the WebSocket layer starts with.
    ws.max_message_size(conn::MAX_FRAME_BYTES)
        .max_frame_size(conn::MAX_FRAME_BYTES)
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .on_upgrade(move |socket| async move {
            conn::run(socket, hub).await;
            drop(pass);
        })
}

/// The path a page asks whether it was served by a game server. The
/// built site holds a file of that name saying there is none (so a
/// static host answers it too, with no error); this server answers it
/// itself.
pub const ABOUT_PATH: &str = "/online.json";

/// The answer at [`ABOUT_PATH`]: this is a Tabula server, its protocol,
/// where to play (relative to the site) and the rulesets it holds.
async fn about(State(hub): State<Arc<Hub>>) -> Response {
    let body = serde_json::json!({
        "server": "tabula",
        "protocol": protocol::PROTOCOL,
        "play": "play",
        "rulesets": hub.ruleset_names(),
        "clients": hub.client_rulesets(),
    });
    (
        [
            (axum::http::header::CONTENT_TYPE, "application/json"),
            (axum::http::header::CACHE_CONTROL, "no-store"),
        ],
        body.to_string(),
    )
        .into_response()
}

/// The whole service: `/play` (WebSocket), [`ABOUT_PATH`] and the
/// site's files.
pub fn app(hub: Arc<Hub>, site: &std::path::Path) -> Router {
    Router::new()
        .route("/play", get(upgrade))
        .route(ABOUT_PATH, get(about))
        .with_state(hub)
        .merge(site::router(site))
}

/// Serve the site and online play until the process ends. The first line
/// written to `out` is `listening on HOST:PORT`.
pub async fn serve(cfg: OnlineServe, out: &mut impl Write) -> Result<(), String> {
    let mut faces: Vec<&'static str> = Vec::new();
    if cfg.catan.is_some() {
        faces.push("catan");
    }
    if !cfg.site.join("index.html").is_file() {
        return Err(format!(
            "--site {}: no index.html there (build the site first: ./scripts/build-web.sh)",
            cfg.site.display()
        ));
    }
    if let Some(dir) = &cfg.rooms {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("--rooms {}: cannot make the folder: {e}", dir.display()))?;
    }
    let listener = tokio::net::TcpListener::bind((cfg.host.as_str(), cfg.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", cfg.host, cfg.port))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let hub = Arc::new(
        Hub::new(
            cfg.rulesets,
            cfg.rooms.clone(),
            cfg.silent_after,
            cfg.close_idle,
            crate::core::Gate::new(cfg.max_connections),
        )
        .with_clients(&faces),
    );
    let (resumed, problems) = hub.resume_all().await;
    writeln!(out, "listening on {addr}").map_err(|e| e.to_string())?;
    writeln!(
        out,
        "site {} at http://{addr}/, online play at ws://{addr}/play",
        cfg.site.display()
    )
    .map_err(|e| e.to_string())?;
    if cfg.rooms.is_some() {
        writeln!(out, "resumed {resumed} room(s)").map_err(|e| e.to_string())?;
    }
    out.flush().ok();
    for p in problems {
        eprintln!("--rooms: {p}");
    }
    let site = axum::serve(listener, app(hub.clone(), &cfg.site));
    // The course port's own stop (Ctrl-C, SIGTERM: its games in progress
    // recorded) ends the whole server; the rooms are on disk after every
    // action anyway. The tournament port closes when its tournament is
    // over (or cannot go on); the site stays.
    let catan = async {
        match cfg.catan {
            Some(c) => {
                let mut o = std::io::stdout();
                crate::catan::serve_with(c, Some(hub.clone()), "catan course port on", &mut o).await
            }
            None => std::future::pending().await,
        }
    };
    let vector = async {
        if let Some(v) = cfg.vector {
            let mut o = std::io::stdout();
            let said = "vector tournament port on";
            if let Err(e) = crate::vector::serve_with(&v, Some(hub.clone()), said, &mut o).await {
                eprintln!("the vector tournament stopped: {e}");
            }
            writeln!(o, "vector tournament port closed").ok();
            o.flush().ok();
        }
        std::future::pending::<()>().await
    };
    tokio::select! {
        r = site => r.map_err(|e| format!("the server stopped: {e}")),
        r = catan => r,
        () = vector => Ok(()),
    }
}
