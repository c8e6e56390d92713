#!/usr/bin/env bash
# Install what building and testing the page needs, skipping whatever is
# already there at the right version: the wasm32 target, wasm-bindgen-cli
# (the version in Cargo.lock), trunk 0.21.14, wasm-opt, terser and
# playwright-core (npm, in tests/browser), and Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '== %s\n' "$*" >&2; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi

bindgen=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q " $bindgen\$"; then
  say "installing wasm-bindgen-cli $bindgen (a few minutes)"
  # Its lock file may name a dependency version the registry no longer
  # serves; then resolve afresh.
  cargo install wasm-bindgen-cli --version "$bindgen" --locked \
    || cargo install wasm-bindgen-cli --version "$bindgen"
fi

if ! trunk --version 2>/dev/null | grep -q " 0.21.14\$"; then
  say "installing trunk 0.21.14 (several minutes)"
  cargo install trunk --version 0.21.14 --locked \
    || cargo install trunk --version 0.21.14
fi

if [ ! -x tests/browser/node_modules/.bin/wasm-opt ] || [ ! -x tests/browser/node_modules/.bin/terser ] || [ ! -d tests/browser/node_modules/playwright-core ] || [ ! -d tests/browser/node_modules/axe-core ]; then
  say "installing wasm-opt, terser, playwright-core and axe-core from npm"
  (cd tests/browser && npm ci --no-audit --no-fund)
fi

if ! command -v chromium >/dev/null 2>&1; then
  say "installing Chromium"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq chromium
fi

# Make sure the pinned Trunk.toml tools match.
grep -q "wasm_bindgen = \"$bindgen\"" Trunk.toml || {
  echo "Trunk.toml pins another wasm-bindgen than Cargo.lock ($bindgen)" >&2
  exit 1
}
