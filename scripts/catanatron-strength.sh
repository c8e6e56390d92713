#!/usr/bin/env bash
# Tabula Hard against Catanatron's strongest bots, in Catanatron's own
# base game (BENCHMARKS.md, "Catan strength against Catanatron"). Run on
# demand only: long, one game process at a time.
#
#   scripts/catanatron-strength.sh CHECKOUT [GAMES] [PAIRS]
#
# CHECKOUT is a working tree of bcollazo/catanatron (the folder with its
# pyproject.toml); it is installed into target/catanatron-venv (again
# when CHECKOUT's commit changes). GAMES (default 200) games of each of
# PAIRS (default: all four, one after another), seats rotated (with S
# seats, games S·j … S·j+S−1 deal the board of seed 1000+j with Tabula in
# seat 0, 1, …): alphabeta:2 and value:2 (1 vs 1), alphabeta:4 and
# value:4 (one Tabula against three of Catanatron's bots).
# AlphaBeta is `catanatron.players.minimax.AlphaBetaPlayer` with its
# defaults (depth 2), ValueFunction `catanatron.players.value
# .ValueFunctionPlayer`. Tabula plays as an outside bot through
# `tabula catanatron-bot --bot search:iterations=5000` (Hard's iteration
# cap, no time limit): over the checkout's `catanatron.players.stdio` when
# it has one, else over scripts/catanatron_stdio.py, which stands in for
# it on older checkouts. Games append to
# benchmarks/catanatron/strength.jsonl (OUT=FILE to change); games
# already there are skipped. The totals, with Wilson 95% intervals, are
# printed at the end (`scripts/catanatron-strength.sh summary` prints
# them alone). PART=K/N plays only the games whose number is K modulo N:
# N such chunks of one pair run side by side (one per core, or as jobs of
# any batch runner on other machines, their lines appended to one file).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/catanatron-venv
out=${OUT:-benchmarks/catanatron/strength.jsonl}
mkdir -p "$(dirname "$out")"
if [ "${1:-}" = summary ]; then
  exec "$venv/bin/python" scripts/catanatron_strength.py --tabula none --out "$out" --summary
fi
checkout=$(cd "${1:?usage: scripts/catanatron-strength.sh CHECKOUT [GAMES] [PAIRS]}" && pwd)
games=${2:-200}
pairs=${3:-alphabeta:2 value:2 alphabeta:4 value:4}
stamp=$( (git -C "$checkout" rev-parse HEAD 2>/dev/null || echo unknown) )
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.checkout" 2>/dev/null)" != "$checkout $stamp" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "$checkout"
  echo "$checkout $stamp" > "$venv/.checkout"
fi
[ -x target/release/tabula ] || cargo build -q --release -p tabula-cli
# A copy of the binary, so that a rebuild during the run changes nothing;
# copied and renamed into place, so that chunks run side by side (one per
# core) never write over a binary another chunk is running.
bin=target/catanatron-tabula
cp target/release/tabula "$bin.$$"
mv -f "$bin.$$" "$bin"
for pair in $pairs; do
  "$venv/bin/python" scripts/catanatron_strength.py \
    --tabula "$bin catanatron-bot --bot search:iterations=5000" \
    --opponent "${pair%%:*}" --seats "${pair##*:}" --games "$games" --out "$out" \
    --part "${PART:-0/1}"
done
"$venv/bin/python" scripts/catanatron_strength.py --tabula none --out "$out" --summary
