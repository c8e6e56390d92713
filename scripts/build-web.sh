#!/usr/bin/env bash
# Build the static site into dist/ (after scripts/setup-web.sh): the home
# page (plain HTML, no game code), then each game's page (www/<game>.html,
# its own trunk build with its own WebAssembly) merged in, and last the
# service worker with the list of every file of the site.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tests/browser/node_modules/.bin:$HOME/.cargo/bin:$PATH"
rm -rf dist
mkdir -p dist
cp index.html www/site.css www/home.css www/site.js www/manifest.webmanifest dist/
cp -r www/i18n dist/
cp -r www/img dist/
for game in star-tigris domains; do
  stage="target/site/$game"
  trunk build --release --offline --dist "$stage" "www/$game.html"
  cp "$stage/index.html" "dist/$game.html"
  find "$stage" -mindepth 1 -maxdepth 1 ! -name index.html -exec cp -r {} dist/ \;
done
python3 scripts/service_worker.py dist www/sw.js
