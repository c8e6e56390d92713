#!/usr/bin/env bash
# The Vector tournament server over TCP on localhost (BENCHMARKS.md,
# "Vector"): `tabula serve` and four `tabula client` processes play a
# 13-game tournament; prints the wall time of the whole and the CPU time
# of the server and of each client, then the same tournament of the same
# bots without TCP (`tabula tournament`) for comparison.
#
#   scripts/bench-vector-server.sh [BOTS] [SEED]
#   (BOTS: four bot specs, comma-separated; default search:normal,random,greedy,random)
set -euo pipefail
cd "$(dirname "$0")/.."
bots="${1:-search:normal,random,greedy,random}"
seed="${2:-4}"
cargo build -q --release --bin tabula
bin=target/release/tabula
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s.%N)
/usr/bin/time -f "%e %U %S" -o "$work/server.time" \
  "$bin" serve --port 0 --seed "$seed" --record "$work/t.json" > "$work/server.out" 2>&1 &
server=$!
for _ in $(seq 50); do
  grep -q "^listening on" "$work/server.out" 2>/dev/null && break
  sleep 0.1
done
port=$(head -1 "$work/server.out" | sed 's/.*://')
IFS=, read -r -a specs <<< "$bots"
pids=()
for i in 0 1 2 3; do
  /usr/bin/time -f "%e %U %S" -o "$work/client$i.time" \
    "$bin" client --port "$port" --bot "${specs[$i]}" --name "${specs[$i]}" --seed $((seed + i)) \
    > "$work/client$i.out" 2>&1 &
  pids+=($!)
  sleep 0.05
done
wait "$server" "${pids[@]}"
end=$(date +%s.%N)
"$bin" record verify "$work/t.json" > /dev/null
python3 - "$work" "$start" "$end" "$bots" <<'PY'
import sys, pathlib
work, start, end, bots = pathlib.Path(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4].split(",")
wall = end - start
def cpu(name):
    e, u, s = (float(x) for x in (work / name).read_text().split()[-3:])
    return u + s
server = cpu("server.time")
print(f"tournament over TCP: 13 games, wall {wall:.2f} s")
print(f"  server CPU {server:.2f} s ({100 * server / wall:.1f}% of the wall time)")
for i, b in enumerate(bots):
    print(f"  client {i} ({b}) CPU {cpu(f'client{i}.time'):.2f} s")
PY
t0=$(date +%s.%N)
"$bin" tournament --ruleset vector --bots "$bots" --games 13 --seed "$seed" --record "$work/local.json" > /dev/null
t1=$(date +%s.%N)
python3 -c "print(f'tabula tournament, same bots, no TCP: wall {$t1 - $t0:.2f} s')"
