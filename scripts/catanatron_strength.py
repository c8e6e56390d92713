"""Tabula's bot against Catanatron's bots in Catanatron's own games.

Run by scripts/catanatron-strength.sh, in a venv with a Catanatron checkout
installed. Each game is one JSON line appended to OUT (games already there
are skipped, so a run stops and goes on); ``--summary`` prints the totals
with Wilson 95% intervals.

Seats are rotated: with S seats, games S*j .. S*j+S-1 deal the same board
(seed BASE+j) and put Tabula in seat 0, 1, …, S-1 in turn (Catanatron's own
seating draw is replaced by that order).
"""

import argparse
import json
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from catanatron.game import Game  # noqa: E402
from catanatron.models.actions import generate_playable_actions  # noqa: E402
from catanatron.models.player import Color  # noqa: E402
from catanatron.players.minimax import AlphaBetaPlayer  # noqa: E402
from catanatron.players.value import ValueFunctionPlayer  # noqa: E402

from catanatron_stdio import stdio_player_class  # noqa: E402

OPPONENTS = {"alphabeta": AlphaBetaPlayer, "value": ValueFunctionPlayer}
COLORS = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]


def seat_in_order(game, players):
    """Seat ``players`` in this order (the game is new: every seat's state
    is the initial one, so only the order changes)."""
    s = game.state
    s.players = list(players)
    s.colors = tuple(p.color for p in players)
    s.color_to_index = {c: i for i, c in enumerate(s.colors)}
    game.playable_actions = generate_playable_actions(s)


def play_one(args, tabula_cls, k):
    seats = args.seats
    seed = args.seed + k // seats
    tabula_seat = k % seats
    colors = COLORS[:seats]
    tabula = tabula_cls(colors[tabula_seat])
    others = [OPPONENTS[args.opponent](c) for i, c in enumerate(colors) if i != tabula_seat]
    players = others[:tabula_seat] + [tabula] + others[tabula_seat:]
    game = Game(players, seed=seed)
    seat_in_order(game, players)
    start = time.perf_counter()
    if hasattr(tabula, "before"):
        tabula.before(game)
    winner = game.play()
    if hasattr(tabula, "after"):
        tabula.after(game)
    if hasattr(tabula, "close"):
        tabula.close()
    return {
        "game": k,
        "seed": seed,
        "opponent": args.opponent,
        "seats": seats,
        "tabula_seat": tabula_seat,
        "winner": winner.value if winner else None,
        "tabula_won": winner == tabula.color if winner else None,
        "turns": game.state.num_turns,
        "points": {
            c.value: game.state.player_state[f"P{i}_ACTUAL_VICTORY_POINTS"]
            for i, c in enumerate(game.state.colors)
        },
        "tabula_color": tabula.color.value,
        "forfeits": getattr(tabula, "failures", None),
        "seconds": round(time.perf_counter() - start, 1),
    }


def wilson(p, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def summary(out):
    rows = {}
    if os.path.exists(out):
        for line in open(out):
            if line.strip():
                r = json.loads(line)
                rows[(r["opponent"], r["seats"], r["game"])] = r
    groups = {}
    for (opp, seats, _), r in sorted(rows.items()):
        groups.setdefault((opp, seats), []).append(r)
    for (opp, seats), rs in groups.items():
        w = sum(1 for r in rs if r["tabula_won"] is True)
        d = sum(1 for r in rs if r["tabula_won"] is None)
        n = len(rs)
        p = (w + d / 2) / n
        lo, hi = wilson(p, n)
        label = "1 vs 1" if seats == 2 else f"1 vs {seats - 1}"
        forfeits = sum(r["forfeits"] or 0 for r in rs)
        mins = sum(r["seconds"] for r in rs) / 60
        print(
            f"Tabula vs {opp}, {label}: {n} games, {w} won, {n - w - d} lost, {d} unfinished; "
            f"{100 * p:.1f}% [{100 * lo:.1f}%, {100 * hi:.1f}%]; forfeited decisions {forfeits}; "
            f"{mins:.0f} min"
        )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True, help="the tabula command line to run")
    ap.add_argument("--opponent", choices=sorted(OPPONENTS), default="alphabeta")
    ap.add_argument("--seats", type=int, choices=[2, 3, 4], default=2)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--out", required=True)
    ap.add_argument(
        "--part",
        default="0/1",
        help="K/N: play only the games whose number is K modulo N, so that N chunks of one pair "
        "run side by side (one per core, or as jobs on other machines, their lines merged)",
    )
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    if args.summary:
        summary(args.out)
        return
    cls, real = stdio_player_class("TabulaPlayer", args.tabula)
    print(
        "outside bot through "
        + ("catanatron.players.stdio" if real else "scripts/catanatron_stdio.py (older checkout)"),
        file=sys.stderr,
    )
    done = set()
    if os.path.exists(args.out):
        for line in open(args.out):
            if line.strip():
                r = json.loads(line)
                if r["opponent"] == args.opponent and r["seats"] == args.seats:
                    done.add(r["game"])
    try:
        part, parts = (int(x) for x in args.part.split("/"))
        assert 0 <= part < parts
    except (ValueError, AssertionError):
        sys.exit(f"--part wants K/N with 0 <= K < N, not {args.part!r}")
    for k in range(args.games):
        if k in done or k % parts != part:
            continue
        row = play_one(args, cls, k)
        with open(args.out, "a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), file=sys.stderr)


if __name__ == "__main__":
    main()
