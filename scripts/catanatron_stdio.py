"""An outside bot in Catanatron's games over its line protocol (version 1).

STANDS IN FOR ``catanatron.players.stdio`` ON OLDER CHECKOUTS. Catanatron's
current source has ``catanatron/players/stdio.py`` and
``catanatron/protocol.py``: a player that is a separate program, spoken to
in JSON lines (hello, before, decide, step, after). Checkouts from before
those files (such as the one this repository's scripts were first run
against: it has ``catanatron/json.py`` but neither file) lack it; this module
is the smallest adapter that speaks the same messages from such a
checkout, so ``tabula catanatron-bot`` can be played there too. With a
checkout that has ``catanatron.players.stdio``, ``stdio_player_class`` below
returns the real one and this module's own class is not used.

The messages are shaped as ``catanatron.protocol`` shapes them: ``state`` is
the document ``catanatron.serialization.state_to_json`` writes, redacted as
``client_view(doc, perspective=color)`` redacts it (no seed, no deck order,
the other seats' hands and development cards as counts); it is built here
from the checkout's own state, with tiles and actions encoded by its
``catanatron.json.GameEncoder``. ``decide`` leaves out ``map``.
"""

import json
import shlex
import subprocess
import sys
from collections import Counter

from catanatron.models.player import Player

PROTOCOL_VERSION = 1
RESOURCES = ["WOOD", "BRICK", "SHEEP", "WHEAT", "ORE"]
DEVELOPMENT_CARDS = ["KNIGHT", "YEAR_OF_PLENTY", "MONOPOLY", "ROAD_BUILDING", "VICTORY_POINT"]
HAND_FLAGS = [f"{c}_OWNED_AT_START" for c in ["KNIGHT", "MONOPOLY", "YEAR_OF_PLENTY", "ROAD_BUILDING"]]


def _encoder():
    from catanatron.json import GameEncoder

    return GameEncoder()


def _plain(value):
    """A value through the checkout's own encoder, as plain JSON."""
    return json.loads(json.dumps(value, cls=type(_encoder())))


def action_to_json(action):
    """``[color, action_type, value]``, as ``serialization.action_to_json``."""
    return _plain(action)


def map_to_json(catan_map):
    from catanatron.models.map import LandTile, Port

    enc = _encoder()
    tiles = []
    for coord, tile in catan_map.tiles.items():
        t = enc.default(tile)
        entry = {"coordinate": list(coord)}
        if isinstance(tile, LandTile):
            entry.update(type="LAND", id=tile.id, resource=tile.resource, number=tile.number)
        elif isinstance(tile, Port):
            entry.update(type="PORT", id=t["id"], resource=t["resource"])
        else:
            entry.update(type="WATER")
        tiles.append(entry)
    return {"template": "BASE", "tiles": tiles}


def client_view(game, color, with_map):
    """The protocol's ``state`` for the seat of ``color``."""
    s = game.state
    board = s.board
    doc = {
        "schema_version": 2,
        "game": {
            "id": getattr(game, "id", None),
            "vps_to_win": game.vps_to_win,
            "discard_limit": s.discard_limit,
            "friendly_robber": s.friendly_robber,
        },
        "board": {
            "buildings": [[nid, c.value, bt] for nid, (c, bt) in board.buildings.items()],
            "roads": [[list(e), c.value] for e, c in {tuple(sorted(e)): c for e, c in board.roads.items()}.items()],
            "robber_coordinate": list(board.robber_coordinate),
            "road_color": board.road_color.value if board.road_color else None,
            "road_length": board.road_length,
        },
        "colors": [c.value for c in s.colors],
        "player_state": dict(s.player_state),
        "resource_freqdeck": list(s.resource_freqdeck),
        "development_listdeck": dict(sorted(Counter(s.development_listdeck).items())),
        "num_turns": s.num_turns,
        "current_player_index": s.current_player_index,
        "current_turn_index": s.current_turn_index,
        "current_prompt": s.current_prompt.value,
        "is_initial_build_phase": s.is_initial_build_phase,
        "is_discarding": s.is_discarding,
        "discard_counts": list(s.discard_counts),
        "is_moving_knight": s.is_moving_knight,
        "is_road_building": s.is_road_building,
        "free_roads_available": s.free_roads_available,
        "is_resolving_trade": s.is_resolving_trade,
        "current_trade": list(s.current_trade),
        "acceptees": list(s.acceptees),
    }
    if with_map:
        doc["map"] = map_to_json(board.map)
    seat = doc["colors"].index(color.value)
    ps = doc["player_state"]
    for index in range(len(doc["colors"])):
        if index == seat:
            continue
        p = f"P{index}_"
        ps[p + "NUM_RESOURCES_IN_HAND"] = sum(ps.pop(f"{p}{r}_IN_HAND") for r in RESOURCES)
        ps[p + "NUM_DEVELOPMENT_CARDS_IN_HAND"] = sum(
            ps.pop(f"{p}{c}_IN_HAND") for c in DEVELOPMENT_CARDS
        )
        for f in HAND_FLAGS:
            ps.pop(p + f, None)
        ps.pop(p + "ACTUAL_VICTORY_POINTS", None)
    return _plain(doc)


class StdioPlayer(Player):
    """A player that is a separate program (``COMMAND``), kept for the whole
    run. A reply that is not playable costs that decision (the first
    playable action is played instead, counted in ``failures``), as in the
    real module; unlike it, there is no time limit on a reply."""

    COMMAND = None

    def __init__(self, color, is_bot=True):
        super().__init__(color, is_bot)
        self._process = None
        self.failures = 0
        self.decisions = 0

    def _start(self):
        if self._process is not None:
            return
        self._process = subprocess.Popen(
            self.COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self._send({"type": "hello", "protocol_version": PROTOCOL_VERSION})
        reply = json.loads(self._process.stdout.readline())
        if reply.get("protocol_version") != PROTOCOL_VERSION:
            raise RuntimeError(f"the bot speaks protocol version {reply.get('protocol_version')!r}")

    def _send(self, message):
        self._process.stdin.write(json.dumps(message) + "\n")
        self._process.stdin.flush()

    def before(self, game):
        self._start()
        self._send(
            {
                "type": "before",
                "protocol_version": PROTOCOL_VERSION,
                "game_id": getattr(game, "id", None),
                "color": self.color.value,
                "state": client_view(game, self.color, True),
            }
        )

    def after(self, game):
        winner = game.winning_color()
        self._send(
            {
                "type": "after",
                "game_id": getattr(game, "id", None),
                "winning_color": winner.value if winner else None,
            }
        )

    def decide(self, game, playable_actions):
        playable_actions = list(playable_actions)
        if len(playable_actions) == 1:
            return playable_actions[0]
        self._start()
        self.decisions += 1
        self._send(
            {
                "type": "decide",
                "game_id": getattr(game, "id", None),
                "color": self.color.value,
                "state": client_view(game, self.color, False),
                "playable_actions": [action_to_json(a) for a in playable_actions],
            }
        )
        line = self._process.stdout.readline()
        try:
            wanted = json.loads(line)["action"]
            for a in playable_actions:
                if action_to_json(a) == wanted:
                    return a
            raise ValueError(f"{wanted!r} is not one of the playable actions")
        except (ValueError, KeyError, TypeError) as error:
            self.failures += 1
            print(f"catanatron_stdio: {error}; playing the first playable action", file=sys.stderr)
            return playable_actions[0]

    def close(self):
        if self._process is not None:
            self._process.stdin.close()
            self._process.wait(timeout=10)
            self._process = None


def stdio_player_class(name, command):
    """A player class running ``command``: the checkout's own
    ``catanatron.players.stdio`` when it has one, else this module's."""
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    try:
        from catanatron.players.stdio import build_stdio_player_class

        return build_stdio_player_class(name, argv), True
    except ImportError:
        return type(name, (StdioPlayer,), {"COMMAND": argv}), False
