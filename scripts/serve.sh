#!/usr/bin/env bash
# Build the page (installing what it needs first) and the tabula command,
# then serve the site with online play (WebSocket /play, docs/online.md)
# at http://127.0.0.1:8080/ — set PORT or HOST to change where, ROOMS for
# the folder online rooms are kept in (target/online-rooms).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-web.sh
./scripts/build-web.sh
cargo build --release -p tabula-cli
echo "Serving Tabula at http://${HOST:-127.0.0.1}:${PORT:-8080}/ with online play (Ctrl+C stops)"
exec target/release/tabula serve --site dist --host "${HOST:-127.0.0.1}" --port "${PORT:-8080}" \
  --rooms "${ROOMS:-target/online-rooms}"
