#!/usr/bin/env bash
# Catan strength in chunks (BENCHMARKS.md, "Catan strength"): a long run,
# on demand only, that can stop and go on across days. Chunk K plays,
# with seed S = 1000 + 5K:
#   - Hard (search:iterations=5000) against random, 2 seats, 10 games
#     (seats rotated: games 2j and 2j+1 deal seed S+j), `tabula arena`;
#   - Hard against greedy the same way;
#   - four 4-seat games of one Hard against three greedy, Hard in seat
#     0, 1, 2, 3 in turn, seeds S..S+3, `tabula play`.
# Results append to benchmarks/catan-strength/*.jsonl, one line a chunk
# part, tagged with the chunk; chunks already there are skipped.
#
#   scripts/catan-strength.sh FIRST LAST [CPU]   (chunks FIRST..LAST; pinned to CPU if given)
#   scripts/catan-strength.sh summary            (the totals only)
# PARTS=pairs plays the 2-seat parts only (the 4-seat games another time).
set -euo pipefail
cd "$(dirname "$0")/.."
out=benchmarks/catan-strength
mkdir -p "$out"
if [ "${1:-}" != summary ]; then
first="$1" last="$2" cpu="${3:-}"
cargo build -q --release --bin tabula
bin=$(mktemp -d)/tabula
cp target/release/tabula "$bin"
pin=()
[ -n "$cpu" ] && pin=(taskset -c "$cpu")
hard=search:iterations=5000
for k in $(seq "$first" "$last"); do
  s=$((1000 + k * 5))
  for opp in random greedy; do
    f="$out/hard-$opp.jsonl"
    grep -q "\"chunk\":$k," "$f" 2>/dev/null && continue
    line=$("${pin[@]}" "$bin" arena --ruleset catan --bots "$hard,$opp" --games 10 --seed "$s" --json 2>/dev/null)
    echo "{\"chunk\":$k,\"seed\":$s,\"result\":$line}" >> "$f"
  done
  [ "${PARTS:-all}" = pairs ] && continue
  for pos in 0 1 2 3; do
    f="$out/hard-3-greedy.jsonl"
    grep -q "\"chunk\":$k,\"hard_seat\":$pos," "$f" 2>/dev/null && continue
    seats=(greedy greedy greedy greedy)
    seats[pos]=$hard
    spec=$(IFS=,; echo "${seats[*]}")
    line=$("${pin[@]}" "$bin" play --ruleset catan --seats "$spec" --games 1 --seed $((s + pos)) 2>/dev/null | tail -1)
    echo "{\"chunk\":$k,\"hard_seat\":$pos,\"seed\":$((s + pos)),\"result\":$line}" >> "$f"
  done
done
fi
# Totals so far, with Wilson 95% intervals (a draw counts half).
python3 - "$out" <<'PY'
import json, math, sys, pathlib
out = pathlib.Path(sys.argv[1])
def wilson(p, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)
def show(name, w, l, d):
    n = w + l + d
    p = (w + d / 2) / n if n else 0.0
    lo, hi = wilson(p, n)
    print(f"{name}: {n} games, {w}-{l}-{d} (won-lost-drawn), {100*p:.1f}% [{100*lo:.1f}%, {100*hi:.1f}%]")
for opp in ("random", "greedy"):
    f = out / f"hard-{opp}.jsonl"
    w = l = d = 0
    if f.exists():
        for line in f.read_text().splitlines():
            r = json.loads(line)["result"]
            w += r["a_wins"]; l += r["b_wins"]; d += r["draws"]
    show(f"Hard vs {opp}, 2 seats", w, l, d)
f = out / "hard-3-greedy.jsonl"
w = l = d = 0
if f.exists():
    for line in f.read_text().splitlines():
        r = json.loads(line)
        share = r["result"]["wins"][r["hard_seat"]]
        if share == 1.0: w += 1
        elif share == 0.0: l += 1
        else: d += 1
show("one Hard vs three greedy, 4 seats", w, l, d)
PY
