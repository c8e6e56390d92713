#!/usr/bin/env bash
# Build the page (installing what it needs first) and serve it at
# http://127.0.0.1:8080/ — set PORT or HOST to change where.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-web.sh
./scripts/build-web.sh
echo "Serving Tabula at http://${HOST:-127.0.0.1}:${PORT:-8080}/ (Ctrl+C stops)"
cd dist && exec python3 -m http.server "${PORT:-8080}" --bind "${HOST:-127.0.0.1}"
