"""Write the fixtures of Tabula's Catanatron mapping tests.

Run once in a venv with a Catanatron checkout (scripts/catanatron-check.sh
sets one up), with PYTHONHASHSEED=0:

    target/catanatron-venv/bin/python scripts/catanatron_fixtures.py \
        crates/catan/tests/fixtures/catanatron

It writes ``map.json`` (a board as Catanatron's GameEncoder writes it: every
node with a tile and direction, every edge, and the nodes of each port) and
``positions.jsonl`` (one line per kind of decision of random games: the
protocol's before and decide messages, the playable actions of the seat
being those of Catanatron). The Rust tests read only these files.
"""

import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from catanatron.game import Game  # noqa: E402
from catanatron.json import GameEncoder  # noqa: E402
from catanatron.models.player import Color, RandomPlayer  # noqa: E402

from catanatron_stdio import action_to_json, client_view  # noqa: E402

COLORS = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]


def kind_of(game):
    s = game.state
    kinds = {a.action_type.value for a in game.playable_actions}
    rolled = s.player_state[f"P{s.current_player_index}_HAS_ROLLED"]
    if s.is_road_building:
        return "road building"
    if s.current_prompt.value != "PLAY_TURN":
        return s.current_prompt.value
    if not rolled:
        return "before the roll" + (" with cards" if len(kinds) > 1 else "")
    for k in ["PLAY_YEAR_OF_PLENTY", "PLAY_MONOPOLY", "MARITIME_TRADE", "BUILD_CITY", "BUILD_SETTLEMENT"]:
        if k in kinds:
            return "after the roll with " + k
    return "after the roll"


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    game = Game([RandomPlayer(c) for c in COLORS], seed=7)
    doc = json.loads(json.dumps(game, cls=GameEncoder))
    port_nodes = {str(k): sorted(v) for k, v in game.state.board.map.port_nodes.items()}
    with open(os.path.join(out, "map.json"), "w") as f:
        json.dump(
            {
                "map": client_view(game, game.state.colors[0], True)["map"],
                "nodes": list(doc["nodes"].values()),
                "edges": doc["edges"],
                "port_nodes": port_nodes,
            },
            f,
        )
    seen = set()
    lines = []
    for seed, seats in [(11, 4), (12, 3), (13, 2), (14, 4), (15, 4)]:
        random.seed(seed)
        game = Game([RandomPlayer(c) for c in COLORS[:seats]], seed=seed)
        first = game.state.colors[0]
        before = {"type": "before", "color": first.value, "state": client_view(game, first, True)}
        while game.winning_color() is None and game.state.num_turns < 1000:
            k = (seats, kind_of(game))
            if k not in seen and len(game.playable_actions) > 0:
                seen.add(k)
                color = game.state.current_color()
                lines.append(
                    {
                        "kind": f"{seats} seats, {k[1]}",
                        "before": before,
                        "decide": {
                            "type": "decide",
                            "color": color.value,
                            "state": client_view(game, color, False),
                            "playable_actions": [action_to_json(a) for a in game.playable_actions],
                        },
                    }
                )
            game.play_tick()
    with open(os.path.join(out, "positions.jsonl"), "w") as f:
        for line in lines:
            f.write(json.dumps(line) + "\n")
    print(f"{len(lines)} positions: " + "; ".join(l["kind"] for l in lines))


if __name__ == "__main__":
    main()
