#!/usr/bin/env bash
# The Catan course server over TCP on localhost (BENCHMARKS.md, "The Catan
# course server"): `tabula serve --ruleset catan` and GAMES games at once,
# each of three `tabula client --bot random` processes (prompt-driven
# random play to the game's end). Prints the wall time, games per minute,
# the server's CPU time and share of the wall time, its peak resident
# memory, and the time from a client's answer to the server's next message
# to it (median, 99th percentile), over every answer of every client — and
# the server's own count, from a command's arrival to its answer.
#
#   scripts/bench-catan-server.sh [GAMES] [SEED]      (default 50 games)
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-50}"
seed="${2:-1}"
cargo build -q --release --bin tabula
bin=target/release/tabula
work=$(mktemp -d)
/usr/bin/time -f "%e %U %S %M" -o "$work/server.time" \
  "$bin" serve --ruleset catan --port 0 --seed "$seed" --record "$work/records" > "$work/server.out" 2>&1 &
server=$!
for _ in $(seq 50); do
  grep -q "^listening on" "$work/server.out" 2>/dev/null && break
  sleep 0.1
done
port=$(head -1 "$work/server.out" | sed 's/.*://')
# The server itself (a child of /usr/bin/time) runs until stopped.
serve_pid=$(pgrep -P "$server" -x tabula)
trap 'kill "$serve_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
start=$(date +%s.%N)
pids=()
for g in $(seq "$games"); do
  "$bin" client --ruleset catan --port "$port" --login "a$g" --password pw --create "g$g" \
    --players 3 --seed $((seed * 1000 + 3 * g)) --latencies "$work/lat" > "$work/c$g-0.out" 2>&1 &
  pids+=($!)
  for k in 1 2; do
    "$bin" client --ruleset catan --port "$port" --login "p$g-$k" --password pw --join "g$g" \
      --seed $((seed * 1000 + 3 * g + k)) --latencies "$work/lat" > "$work/c$g-$k.out" 2>&1 &
    pids+=($!)
  done
done
failed=0
for p in "${pids[@]}"; do wait "$p" || failed=$((failed + 1)); done
end=$(date +%s.%N)
# SIGTERM ends the server (a background job ignores SIGINT); /usr/bin/time then writes its times.
kill -TERM "$serve_pid" 2>/dev/null || true
wait "$server" 2>/dev/null || true
verified=0
for r in "$work"/records/*.json; do
  "$bin" record verify "$r" > /dev/null && verified=$((verified + 1))
done
python3 - "$work" "$start" "$end" "$games" "$failed" "$verified" <<'PY'
import sys, pathlib, statistics
work, start, end = pathlib.Path(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
games, failed, verified = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
wall = end - start
t = (work / "server.time").read_text().split()
e, u, s, rss = float(t[-4]), float(t[-3]), float(t[-2]), int(t[-1])
lat = sorted(int(x) for x in (work / "lat").read_text().split())
q = lambda p: lat[min(len(lat) - 1, round((len(lat) - 1) * p))]
print(f"{games} games at once over TCP: wall {wall:.2f} s, {60 * games / wall:.0f} games/min, {failed} clients failed, {verified} records verified")
print(f"  server CPU {u + s:.2f} s ({100 * (u + s) / wall:.0f}% of one core over the wall time), peak RSS {rss / 1024:.1f} MB")
print(f"  answers {len(lat)}: answer to next message median {q(0.5) / 1000:.2f} ms, p99 {q(0.99) / 1000:.2f} ms")
PY
# The server's own measure, printed when it stops: from a game command's
# arrival to its answer queued for the client (no client scheduling, no
# waiting on another seat).
grep "from a command's arrival" "$work/server.out" | sed 's/^/  server: /'
