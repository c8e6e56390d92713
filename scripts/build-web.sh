#!/usr/bin/env bash
# Build the static site into dist/ with trunk (after scripts/setup-web.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tests/browser/node_modules/.bin:$HOME/.cargo/bin:$PATH"
trunk build --release --offline
