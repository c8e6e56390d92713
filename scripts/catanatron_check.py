"""The mapping between Catanatron and Tabula checked on random positions.

Run by scripts/catanatron-check.sh in a venv with a Catanatron checkout.
Plays random Catanatron games (2 to 4 RandomPlayer, seats and boards from the
seeds); at every decision it sends the protocol's decide message to
``tabula catanatron-bot --check``, which rebuilds the position in Tabula's
terms and answers with Tabula's legal actions written as Catanatron's, and
compares them with Catanatron's playable actions as sets. It also reports
every playable action that does not map to Tabula and back to itself.

Differences the rules explain (docs/catan/catanatron.md) are counted
apart; any other difference fails the check.
"""

import argparse
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from catanatron.game import Game  # noqa: E402
from catanatron.models.player import Color, RandomPlayer  # noqa: E402

from catanatron_stdio import action_to_json, client_view  # noqa: E402

COLORS = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
DEV_BEFORE_ROLL = {"PLAY_YEAR_OF_PLENTY", "PLAY_MONOPOLY", "PLAY_ROAD_BUILDING"}


def normalized(a):
    a = list(a)
    if a[1] == "BUILD_ROAD":
        a[2] = sorted(a[2])
    if a[1] == "PLAY_YEAR_OF_PLENTY":
        order = ["WOOD", "BRICK", "SHEEP", "WHEAT", "ORE"]
        a[2] = sorted(a[2], key=order.index)
    return json.dumps(a)


def explained(game, a, side):
    """Why a difference is expected, or None."""
    s = game.state
    kind = a[1]
    rolled = s.player_state[f"P{s.current_player_index}_HAS_ROLLED"]
    if side == "catanatron" and kind in DEV_BEFORE_ROLL and not rolled:
        return "a development card other than a knight before the roll (Catanatron only)"
    if side == "catanatron" and kind == "PLAY_YEAR_OF_PLENTY" and len(a[2]) == 1:
        return "Year of Plenty of one card while the bank has another kind (Catanatron only)"
    if side == "catanatron" and kind == "BUILD_ROAD":
        color = s.current_color()
        for node in a[2]:
            building = s.board.buildings.get(node)
            own_road = any(c == color and node in e for e, c in s.board.roads.items())
            if building and building[0] != color and own_road:
                return "a road on from a corner where another player's building stands (Catanatron only)"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabula", required=True)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seats", type=int, default=0, help="seats a game (0: 2 to 4, drawn per game)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dump", help="append the before and decide messages of each difference to this file")
    args = ap.parse_args()
    proc = subprocess.Popen(
        args.tabula.split() + ["--check"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )

    def send(m, reply=True):
        proc.stdin.write(json.dumps(m) + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline()) if reply else None

    send({"type": "hello", "protocol_version": 1})
    positions = 0
    actions = 0
    known = {}
    failures = []
    for g in range(args.games):
        seed = args.seed + g
        random.seed(seed)
        seats = args.seats if args.seats else random.choice([2, 3, 4])
        game = Game([RandomPlayer(c) for c in COLORS[:seats]], seed=seed)
        first = game.state.colors[0]
        before = {"type": "before", "color": first.value, "state": client_view(game, first, True)}
        send(before, False)
        while game.winning_color() is None and game.state.num_turns < 1000:
            color = game.state.current_color()
            playable = game.playable_actions
            m = {
                "type": "decide",
                "color": color.value,
                "state": client_view(game, color, False),
                "playable_actions": [action_to_json(a) for a in playable],
            }
            r = send(m)
            positions += 1
            actions += len(playable)
            theirs = {normalized(action_to_json(a)) for a in playable}
            ours = {normalized(a) for a in r.get("tabula", [])}
            for e in r.get("errors", []):
                failures.append(f"game {g} ({seats} seats, seed {seed}) step {len(game.state.action_records)}: {e}")
            for side, diff in (("catanatron", theirs - ours), ("tabula", ours - theirs)):
                for d in sorted(diff):
                    why = explained(game, json.loads(d), side)
                    if why:
                        known[why] = known.get(why, 0) + 1
                    else:
                        if args.dump:
                            with open(args.dump, "a") as f:
                                f.write(json.dumps({"before": before, "decide": m, "only": side, "action": json.loads(d)}) + "\n")
                        failures.append(
                            f"game {g} ({seats} seats, seed {seed}) step {len(game.state.action_records)}, "
                            f"prompt {game.state.current_prompt.value}: only {side} has {d}"
                        )
            for s in r.get("skipped", []):
                known["Tabula's END_PLAY during Road Building (Tabula only)"] = (
                    known.get("Tabula's END_PLAY during Road Building (Tabula only)", 0) + 1
                )
            game.play_tick()
        send({"type": "after", "winning_color": None}, False)
    proc.stdin.close()
    proc.wait()
    print(f"{positions} positions of {args.games} random games, {actions} playable actions compared")
    for why, n in sorted(known.items()):
        print(f"  expected difference, {n} times: {why}")
    for f in failures[:40]:
        print("  DIFFERENCE: " + f)
    if failures:
        print(f"{len(failures)} unexplained differences")
        sys.exit(1)
    print("every other action the same in both programs")


if __name__ == "__main__":
    main()
