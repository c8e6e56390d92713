#!/usr/bin/env bash
# Catanatron beside Tabula: random base-game Catan games per second, four
# random players, no trades between players, one core. Run on demand only
# (BENCHMARKS.md, "Catan random games"); it installs the Python package
# `catanatron` into target/bench-venv the first time.
#
#   scripts/bench-catanatron.sh [GAMES]      (default 200)
#
# Catanatron 3.2.1 on PyPI ships no `catanatron-play` command; this plays
# the same games its `catanatron-play --players=R,R,R,R` plays: Game with
# four RandomPlayer, the standard base map, 10 points to win, played to
# the end (or Catanatron's own turn limit), timed without the install.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-200}"
venv=target/bench-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import catanatron' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q 'catanatron==3.2.1'
fi
taskset -c 0 "$venv/bin/python" - "$games" <<'PY'
import sys, time
from importlib.metadata import version
from catanatron import Color, Game, RandomPlayer

games = int(sys.argv[1])
colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
ticks = 0
turns = 0
start = time.perf_counter()
for seed in range(games):
    game = Game([RandomPlayer(c) for c in colors], seed=seed)
    game.play()
    ticks += len(game.state.actions)
    turns += game.state.num_turns
seconds = time.perf_counter() - start
print(f"catanatron {version('catanatron')}: {games} games in {seconds:.2f} s = "
      f"{games / seconds:.1f} games/s; {ticks / games:.0f} actions and "
      f"{turns / games:.0f} turns a game")
PY
# Tabula on the same core, right after: the same kind of games, ten times as many.
cargo build -q --release --bin tabula
taskset -c 0 target/release/tabula bench --ruleset catan --seats 4 --games $((games * 10)) \
  --options '{"cities_and_knights":false,"trades_between_players":false}'
