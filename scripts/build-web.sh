#!/usr/bin/env bash
# Build the static site into dist/ (after scripts/setup-web.sh): the home
# page (plain HTML, no game code), then each game's page (www/<game>.html,
# its own trunk build with its own WebAssembly: a play module and the whole
# page's module loaded on demand, page kit on_demand; its css, html and js
# minified, the wasm-bindgen glue by terser) merged in, and last the
# service worker with the list of every file of the site.
# TABULA_DIST names another output folder (default dist), so that two
# builds of different work trees do not overwrite each other.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tests/browser/node_modules/.bin:$HOME/.cargo/bin:$PATH"
out="${TABULA_DIST:-dist}"
rm -rf "$out"
mkdir -p "$out"
cp index.html www/site.css www/home.css www/site.js www/page-worker.js www/manifest.webmanifest www/online.json "$out/"
cp -r www/i18n "$out/"
# The catalogues as served: without their comment and blank lines (the
# pages and site.js skip them anyway; the Catan page fetches them).
find "$out/i18n" -name '*.txt' -exec sed -i -e '/^#/d' -e '/^[[:space:]]*$/d' {} +
cp -r www/img "$out/"
# The shipped lessons, fetched by each page's lessons screen (page kit,
# lesson_screen): lessons/<ruleset>/<name>.json and index.txt, their names.
for dir in lessons/*/; do
  ruleset="$(basename "$dir")"
  mkdir -p "$out/lessons/$ruleset"
  cp "$dir"*.json "$out/lessons/$ruleset/"
  (cd "$out/lessons/$ruleset" && ls *.json | sed 's/\.json$//' > index.txt)
done
for game in star-tigris domains catan vector; do
  stage="target/site-$(basename "$out")/$game"
  trunk build --release --offline --minify --dist "$stage" "www/$game.html"
  cp "$stage/index.html" "$out/$game.html"
  find "$stage" -mindepth 1 -maxdepth 1 ! -name index.html -exec cp -r {} "$out/" \;
done
# trunk cannot minify the wasm-bindgen glue (it stops at its `export
# default`, "Failed to minify JS"); terser does, keeping what it exports.
for js in "$out"/tabula-*.js; do
  terser "$js" --module --compress --mangle --output "$js.min"
  mv "$js.min" "$js"
done
python3 scripts/service_worker.py "$out" www/sw.js
