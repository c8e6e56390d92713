#!/usr/bin/env bash
# Run every test of Tabula: formatting, lints, the Rust test suites, and the
# command-line acceptance checks, and the browser tests in headless Chromium
# (installing what they need first). Used by `.ci/run`.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "formatting"
cargo fmt --all -- --check

step "lints"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "Rust tests (engine, rulesets, command line)"
cargo test --workspace --locked

step "command-line acceptance"
cargo build --release --locked --bin tabula
tabula=./target/release/tabula
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Each ruleset's records are removed once verified (1,000 Catan records
# take about 1.4 GB), so the run never holds more than one set.
"$tabula" map check maps/star-tigris/*.txt
"$tabula" map check --ruleset domains maps/domains/*.txt
"$tabula" map check --ruleset catan maps/catan/*.txt
"$tabula" map check --ruleset vector maps/vector/*.txt
"$tabula" lesson check lessons/*/
"$tabula" play --ruleset star-tigris --seats random,random,random --games 1000 --seed 7 \
  --records "$tmp/records" > "$tmp/play.jsonl"
tail -n 1 "$tmp/play.jsonl"
"$tabula" record verify "$tmp"/records/*.json > "$tmp/verify.txt"
rm -rf "${tmp:?}/records"
echo "$(wc -l < "$tmp/verify.txt") records replay to their final hash"
"$tabula" play --ruleset catan --seats random,random,random,random --games 1000 --seed 7 \
  --records "$tmp/catan" > "$tmp/catan.jsonl"
tail -n 1 "$tmp/catan.jsonl"
"$tabula" record verify "$tmp"/catan/*.json > "$tmp/catan-verify.txt"
rm -rf "${tmp:?}/catan"
echo "$(wc -l < "$tmp/catan-verify.txt") Catan records replay to their final hash"
"$tabula" play --ruleset vector --seats random,random,random,random --games 1000 --seed 7 \
  --records "$tmp/vector" > "$tmp/vector.jsonl"
tail -n 1 "$tmp/vector.jsonl"
"$tabula" record verify "$tmp"/vector/*.json > "$tmp/vector-verify.txt"
rm -rf "${tmp:?}/vector"
echo "$(wc -l < "$tmp/vector-verify.txt") Vector records replay to their final hash"
echo "acceptance: 11 passed, 0 failed"

step "browser tests (headless Chromium)"
./scripts/setup-web.sh
cargo clippy -p tabula-star-tigris-page -p tabula-domains-page -p tabula-catan-page -p tabula-vector-page -p tabula-page-kit --target wasm32-unknown-unknown --locked -- -D warnings
# The pages' play modules (page kit, on_demand) as trunk builds them.
cargo clippy -p tabula-star-tigris-page -p tabula-domains-page -p tabula-catan-page -p tabula-vector-page --features tabula-star-tigris-page/play-only,tabula-domains-page/play-only,tabula-catan-page/play-only,tabula-vector-page/play-only --target wasm32-unknown-unknown --locked -- -D warnings
./scripts/build-web.sh
(cd tests/browser && node --test --test-concurrency=1)
