#!/usr/bin/env bash
# fastcatan beside Tabula: base-game Catan, four uniform-random players, no
# trades between players, one core, games per CPU-second and their ratio.
# Run on demand only (BENCHMARKS.md, "Catan beside fastcatan").
#
#   scripts/bench-fastcatan.sh [GAMES] [ROUNDS]   (defaults 4000 and 2)
#
# fastcatan 2.0.0 (PyPI) is a C++ simulator with Python bindings; its wheel
# needs Python 3.12 or newer. The script fetches its source distribution
# with pip into a venv under target/ (whatever the Python here), and builds
# the simulator's core (src/catan/rules.cpp) with the flags its wheel is
# built with (-O3 -march=x86-64-v2 -fno-exceptions -fno-rtti, link-time
# optimisation) together with scripts/fastcatan-random.cpp, a loop that
# picks uniformly among the legal actions below fastcatan's player-trade
# actions. Driving the core from C++ leaves out the Python binding's cost,
# which would otherwise dominate.
#
# Tabula: `tabula bench --ruleset catan --json` with the same game; it
# reports games per CPU-second of its process for the games as listed
# (actions applied from the legal list) and checked (every action through
# `Game::apply`). The two run in turn, ROUNDS times, pinned to core 0.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-4000}"
rounds="${2:-2}"
dir=target/fastcatan
venv=target/fastcatan-venv
version=2.0.0
src="$dir/fastcatan-$version"
if [ ! -f "$src/src/catan/rules.cpp" ]; then
  mkdir -p "$dir"
  [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
  "$venv/bin/pip" download -q --no-deps --ignore-requires-python \
    "fastcatan==$version" -d "$dir"
  tar -xzf "$dir/fastcatan-$version.tar.gz" -C "$dir"
fi
bin="$dir/fastcatan-random"
if [ ! -x "$bin" ] || [ scripts/fastcatan-random.cpp -nt "$bin" ]; then
  g++ -std=c++23 -O3 -march=x86-64-v2 -fno-exceptions -fno-rtti -fno-builtin-catan -flto \
    -I"$src/include" "$src/src/catan/rules.cpp" scripts/fastcatan-random.cpp -o "$bin"
fi
cargo build -q --release --bin tabula
options='{"cities_and_knights":false,"trades_between_players":false}'
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$rounds"); do
  fc=$(taskset -c 0 "$bin" "$games")
  fc_rate=$(sed -E 's/.*games_per_cpu_second=([0-9.]+).*/\1/' <<<"$fc")
  echo "fastcatan $version, round $round: $fc"
  line=$(taskset -c 0 target/release/tabula bench --ruleset catan --seats 4 \
    --games "$games" --options "$options" --json)
  read -r listed checked actions ratio_listed ratio_checked < <(python3 - "$line" "$fc_rate" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
fc = float(sys.argv[2])
listed = r["games_per_cpu_second"]
checked = r["checked_games_per_cpu_second"]
print(f"{listed:.1f} {checked:.1f} {r['actions_per_game']:.1f} "
      f"{listed / fc:.2f} {checked / fc:.2f}")
PY
)
  echo "tabula, round $round: games_per_cpu_second as listed=$listed checked=$checked" \
    "actions_per_game=$actions"
  echo "ratio tabula/fastcatan, round $round: as listed ${ratio_listed}x, checked ${ratio_checked}x"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
