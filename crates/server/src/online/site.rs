//! The built static site: files with their types, compressed when the
//! browser takes it, hashed names cached for a year, the rest checked
//! on every visit.

use std::path::Path;

use axum::Router;
use axum::extract::Request;
use axum::http::HeaderValue;
use axum::http::header::CACHE_CONTROL;
use axum::middleware::Next;
use axum::response::Response;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;

/// How long a file whose name carries its content's hash is cached.
pub const HASHED_CACHE: &str = "public, max-age=31536000, immutable";
/// Every other file: kept, but checked with the server on every use.
pub const OTHER_CACHE: &str = "no-cache";

/// Whether a path's file name carries a content hash, as the site build
/// writes them (`catan-page-1f2e3d4c5b6a7980.js`, `…_bg.wasm`): a run of
/// at least 12 hexadecimal digits after a `-`.
pub fn is_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or("");
    let stem = name.split('.').next().unwrap_or("");
    stem.split(['-', '_'])
        .skip(1)
        .any(|part| part.len() >= 12 && part.chars().all(|c| c.is_ascii_hexdigit()))
}

/// Set `Cache-Control` by the requested path.
pub async fn cache_headers(req: Request, next: Next) -> Response {
    let hashed = is_hashed(req.uri().path());
    let mut res = next.run(req).await;
    if res.status().is_success() && !res.headers().contains_key(CACHE_CONTROL) {
        let value = if hashed { HASHED_CACHE } else { OTHER_CACHE };
        res.headers_mut()
            .insert(CACHE_CONTROL, HeaderValue::from_static(value));
    }
    res
}

/// A router serving the files of `dir` (`/` gives `index.html`),
/// compressed, with their cache headers.
pub fn router<S: Clone + Send + Sync + 'static>(dir: &Path) -> Router<S> {
    Router::new()
        .fallback_service(ServeDir::new(dir).append_index_html_on_directories(true))
        .layer(CompressionLayer::new())
        .layer(axum::middleware::from_fn(cache_headers))
}

#[cfg(test)]
mod tests {
    use super::is_hashed;

    #[test]
    fn hashed_names_are_told_from_plain_ones() {
        assert!(is_hashed("/catan-page-1f2e3d4c5b6a7980.js"));
        assert!(is_hashed("/star-tigris-page-1f2e3d4c5b6a7980_bg.wasm"));
        assert!(!is_hashed("/index.html"));
        assert!(!is_hashed("/ai-worker_loader.js"));
        assert!(!is_hashed("/catan.html"));
        assert!(is_hashed("/domains-5aacccd51a42728.css"));
    }
}
