#!/usr/bin/env bash
# The mapping of `tabula catanatron-bot` checked against Catanatron itself
# (BENCHMARKS.md and docs/catan/catanatron.md): random Catanatron games
# (four RandomPlayer), and at every decision Tabula's legal actions in the
# rebuilt position, written as Catanatron's, compared with Catanatron's
# playable actions as sets, and every playable action mapped to Tabula and
# back. Differences the rules explain are counted apart; any other fails.
#
#   scripts/catanatron-check.sh CHECKOUT [GAMES] [SEED]   (default 20 games from seed 100)
#
# CHECKOUT is a working tree of bcollazo/catanatron, installed into
# target/catanatron-venv as scripts/catanatron-strength.sh installs it.
# Differences are also written, with the messages that show them, to
# target/catanatron-check-differences.jsonl.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/catanatron-venv
checkout=$(cd "${1:?usage: scripts/catanatron-check.sh CHECKOUT [GAMES] [SEED]}" && pwd)
stamp=$( (git -C "$checkout" rev-parse HEAD 2>/dev/null || echo unknown) )
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.checkout" 2>/dev/null)" != "$checkout $stamp" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "$checkout"
  echo "$checkout $stamp" > "$venv/.checkout"
fi
cargo build -q --release -p tabula-cli
rm -f target/catanatron-check-differences.jsonl
PYTHONHASHSEED=0 "$venv/bin/python" scripts/catanatron_check.py \
  --tabula "target/release/tabula catanatron-bot" --games "${2:-20}" --seed "${3:-100}" \
  --dump target/catanatron-check-differences.jsonl
