#!/usr/bin/env bash
# Catan strength in chunks (BENCHMARKS.md, "Catan strength"): a long run,
# on demand only, that can stop and go on across days and spread over
# cores and machines. Chunk K plays, with seed S = 1000 + 5K:
#   - Hard (search:iterations=5000) against random, 2 seats, 10 games
#     (seats rotated: games 2j and 2j+1 deal seed S+j), `tabula arena`;
#   - Hard against greedy the same way;
#   - four 4-seat games of one Hard against three greedy, Hard in seat
#     0, 1, 2, 3 in turn, seeds S..S+3, `tabula play`.
# Results append to $OUT/*.jsonl (OUT=benchmarks/catan-strength unless
# set), one line a chunk part, tagged with the chunk; parts already there
# are skipped. A chunk is a job of its own: chunks share nothing but the
# binary, so any number run at once (one per core here), and on other
# machines the same chunks run as jobs of any batch runner, each machine
# writing its own OUT; `summary` then reads every *.jsonl under
# benchmarks/catan-strength (a machine's folder copied in as a
# subfolder), counting a chunk part found twice once.
#
#   scripts/catan-strength.sh FIRST LAST [CPU]   chunks FIRST..LAST one after another (pinned to CPU if given)
#   scripts/catan-strength.sh parallel FIRST LAST [JOBS]
#                                                the chunks as JOBS jobs at once (default: one per core)
#   scripts/catan-strength.sh jobs FIRST LAST    one command a line, a chunk each, for a batch runner
#   scripts/catan-strength.sh summary            the totals only
# PARTS=pairs plays the 2-seat parts only (the 4-seat games another time).
set -euo pipefail
cd "$(dirname "$0")/.."
here=$(pwd)
out=${OUT:-benchmarks/catan-strength}
mkdir -p "$out"
case "${1:-}" in
  jobs)
    for k in $(seq "$2" "$3"); do
      echo "cd $here && PARTS=${PARTS:-all} OUT=$out scripts/catan-strength.sh $k $k"
    done
    exit 0 ;;
  parallel)
    jobs=${4:-$(nproc)}
    cargo build -q --release --bin tabula
    "$0" jobs "$2" "$3" | xargs -P "$jobs" -I{} sh -c {}
    exec "$0" summary ;;
esac
if [ "${1:-}" != summary ]; then
first="$1" last="$2" cpu="${3:-}"
[ -x target/release/tabula ] || cargo build -q --release --bin tabula
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
    # One short line in one write: lines from jobs running at once do
    # not mix (appends of a few hundred bytes are whole on Linux).
    printf '%s\n' "{\"chunk\":$k,\"seed\":$s,\"result\":$line}" >> "$f"
  done
  [ "${PARTS:-all}" = pairs ] && continue
  for pos in 0 1 2 3; do
    f="$out/hard-3-greedy.jsonl"
    grep -q "\"chunk\":$k,\"hard_seat\":$pos," "$f" 2>/dev/null && continue
    seats=(greedy greedy greedy greedy)
    seats[pos]=$hard
    spec=$(IFS=,; echo "${seats[*]}")
    line=$("${pin[@]}" "$bin" play --ruleset catan --seats "$spec" --games 1 --seed $((s + pos)) 2>/dev/null | tail -1)
    printf '%s\n' "{\"chunk\":$k,\"hard_seat\":$pos,\"seed\":$((s + pos)),\"result\":$line}" >> "$f"
  done
done
rm -rf "$(dirname "$bin")"
[ "$first" = "$last" ] && exit 0
fi
# Totals so far, with Wilson 95% intervals (a draw counts half).
python3 - benchmarks/catan-strength <<'PY'
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
def lines(name):
    """Every chunk part of the files called `name` under `out` (this
    machine's and any copied in), each (chunk, hard seat) once."""
    seen = {}
    for f in sorted(out.rglob(name)):
        for line in f.read_text().splitlines():
            if not line.strip():
                continue
            r = json.loads(line)
            seen.setdefault((r["chunk"], r.get("hard_seat")), r)
    return seen.values()
for opp in ("random", "greedy"):
    w = l = d = 0
    for r in lines(f"hard-{opp}.jsonl"):
        r = r["result"]
        w += r["a_wins"]; l += r["b_wins"]; d += r["draws"]
    show(f"Hard vs {opp}, 2 seats", w, l, d)
w = l = d = 0
if True:
    for r in lines("hard-3-greedy.jsonl"):
        share = r["result"]["wins"][r["hard_seat"]]
        if share == 1.0: w += 1
        elif share == 0.0: l += 1
        else: d += 1
show("one Hard vs three greedy, 4 seats", w, l, d)
PY
