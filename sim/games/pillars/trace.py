"""Pillars of Heracles traces: the engine's integer event rows as JSON records and text.

``records_from`` turns the event rows of a game played with ``game.play_traced`` (see
``events.py``) into dicts: ``round``, ``player`` (the seat, or null for the table),
``event`` and the event's arguments by the names ``events.EVENT_FIELDS`` gives them, with
tracks, Regions, Lands and cards named. The last record is ``game_end`` with the
``reason``, every seat's ``final_glory`` (and by source) and the ``winners``.
"""

from __future__ import annotations

import numpy as np

from sim.games.pillars import events as E
from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    BUILDINGS,
    ODYSSEUS_CHALLENGES,
    P_NUMBER,
    RESOURCES,
    RONDEL,
    STRATEGY,
    TRACKS,
    TRIGGERS,
    UNITS,
    Content,
)
from sim.games.pillars.ops import OP_NAMES
from sim.games.pillars.rules.destiny import EXILE_FROM, FROM_PROPHECY, TIME_CAUSES
from sim.games.pillars.rules.heroes import TOKEN_KINDS
from sim.games.pillars.rules.relocate import RELOCATED
from sim.games.pillars.rules.removal import REMOVABLE
from sim.games.pillars.rules.setup import PICK_DRAFT, PICK_RANDOM
from sim.games.trace_text import to_jsonl, value_text  # noqa: F401  (to_jsonl: trace interface)

PAY_SOURCES = ("credit", "pillar", "card", "wild", "trade")  # rules.spend.SRC_*
MYTHOLOGY_EVENTS = ("mythology_gain", "energise", "invoke", "invoke_end", "mythology_removed")
SETUP_PICKS = {PICK_DRAFT: "draft", PICK_RANDOM: "random"}  # else a tile fixed for the seat


class TraceError(RuntimeError):
    """The engine's event buffer overflowed, so the trace would be incomplete."""


def _name(names, index: int):
    return names[index] if 0 <= index < len(names) else None


class _Translator:
    def __init__(self, content: Content, side: str):
        self.n = content.names
        self.tables = content.tables
        self.side = side

    def value(self, event: str, key: str, v: int):
        n = self.n
        if key == "track":
            return _name(TRACKS, v)
        if key == "city_state":
            return _name(n[f"city_states.{self.side}"], v)
        if key == "resource_tile":
            return _name(RESOURCES, int(self.tables.resource_tiles[v, 0]))
        if key == "pick":
            return SETUP_PICKS.get(v, "fixed")
        if key == "region":
            return _name(n[f"regions.{self.side}"], v)
        if key == "hero":
            return _name(n["heroes"], v)
        if event == "odysseus_token" and key == "token":
            return _name(ODYSSEUS_CHALLENGES, int(self.tables.odysseus[v]))
        if event == "odysseus_token" and key == "kind":
            return _name(TOKEN_KINDS, v)
        if event == "time_exile" and key == "from":
            return _name(EXILE_FROM, v)
        if event == "time_marker" and key == "cause":
            return _name(TIME_CAUSES, v)
        if key == "land":
            return _name(n[f"lands.{self.side}"], v)
        if event == "relocate":
            return RELOCATED[v] if key == "piece" else v  # its spaces: see record
        if key == "card" and event in ("prophecy_fulfilled", "prophecy_claimed"):
            return self.prophecy(v)
        if key == "card":
            return _name(n["mythology" if event in MYTHOLOGY_EVENTS else "cards"], v)
        if key == "op":
            return _name(OP_NAMES, v)
        if key == "section":
            return _name(RONDEL, v)
        if key == "trigger":
            return _name(TRIGGERS, v)
        if key == "winner":
            return v if v >= 0 else None
        if key == "reason":
            return _name(L.END_REASON_NAMES, v)
        if key == "source":
            return _name(L.GLORY_SOURCES if event == "glory" else PAY_SOURCES, v)
        if key in ("resource", "given", "gained"):
            return _name(RESOURCES, v)
        if key == "effect":
            return _name(STRATEGY, v)
        if key == "unit":
            return _name(UNITS, v)
        if key == "piece" and event == "piece_removed":
            return _name(REMOVABLE, v)
        if key == "rival":
            return v if v >= 0 else None
        if event == "barbarian_move" and key in ("from", "to"):
            return self.barbarian_space(v)
        if key == "building":
            return _name(BUILDINGS, v) or ("city" if v >= 0 else None)
        return v

    def barbarian_space(self, v: int) -> str:
        """A Barbarian tile's space (layout.BARB_AT codes): a Land, "sea N" or "port of X"."""
        lands = self.n[f"lands.{self.side}"]
        if v >= L.BARB_PORT:
            return f"port of {lands[v - L.BARB_PORT]}"
        if v >= L.BARB_SEA:
            return f"sea {v - L.BARB_SEA + 1}"
        return lands[v]

    def ship_space(self, v: int) -> str:
        """A Ship's space (layout.SHIP_SPACE codes): "sea N" or "port of X"."""
        if v >= L.PORT:
            return f"port of {self.n[f'lands.{self.side}'][v - L.PORT]}"
        return f"sea {v + 1}"

    def prophecy(self, card: int) -> str:
        return f"prophecy_{int(self.tables.prophecies[card, P_NUMBER])}"

    def record(self, row: np.ndarray) -> dict:
        rnd, seat, code = int(row[0]), int(row[1]), int(row[2])
        name = E.EVENT_NAMES[code]
        out: dict = {"round": rnd, "player": seat if seat >= 0 else None, "event": name}
        for key, v in zip(E.EVENT_ARGS[name], row[3:6], strict=True):
            if key:
                out[key] = self.value(name, key, int(v))
        if name == "relocate":  # a Land Unit's Lands, a Ship's Seas and Ports (Solo Mode)
            lands = self.n[f"lands.{self.side}"]
            space = self.ship_space if out["piece"] == "ship" else lands.__getitem__
            out["from"], out["to"] = space(int(row[4])), space(int(row[5]))
        if name == "time_exile" and int(row[3]) == FROM_PROPHECY:
            out["card"] = self.prophecy(int(row[4]))  # a Prophecy card, not an Action card
        return out


def records_from(content: Content, state: np.ndarray, events: np.ndarray) -> list[dict]:
    """Records of a finished traced game; the last one (game_end) carries the results."""
    if len(events) == 0 or int(events[-1, 2]) != E.EV_GAME_END:
        raise TraceError(f"the trace holds {len(events)} events and does not reach the game's "
                         "end ; raise max_events of game.play_traced")
    side = ("mediterranean", "aegean")[int(state[L.SIDE])]
    tr = _Translator(content, side)
    records = [tr.record(row) for row in events]
    n = int(state[L.N_PLAYERS])
    end = records[-1]
    end["rounds"] = int(state[L.ROUND])
    end["final_glory"] = [int(state[L.GLORY + p]) for p in range(n)]
    solo = int(state[L.ADDONS]) & L.ADDON_SOLO != 0
    end["glory_by_source"] = [{src: int(state[L.GLORY_SRC + p * L.N_SOURCES + k])
                               for k, src in enumerate(L.GLORY_SOURCES)
                               if solo or src not in L.SOLO_SOURCES} for p in range(n)]
    end["winners"] = [p for p in range(n) if state[L.WON + p] == 1]
    end["city_states"] = [content.names[f"city_states.{side}"][int(state[L.CITY_STATE + p])]
                          for p in range(n)]
    return records


_FIXED = {"round", "player", "event"}


def to_text(records: list[dict]) -> str:
    """A readable log: one line per event, then the result."""
    lines = []
    for r in records:
        who = "-" if r["player"] is None else f"P{r['player']}"
        args = " ".join(f"{k}={value_text(v)}" for k, v in r.items() if k not in _FIXED
                        and k not in ("final_glory", "glory_by_source", "winners", "city_states",
                                      "rounds"))
        lines.append(f"R{r['round']:<3} {who:<3} {r['event']:<18} {args}")
    end = records[-1]
    if end["event"] == "game_end":
        lines.append("")
        lines.append(f"game over after {end['rounds']} rounds ({end['reason']}); Glory "
                     + ", ".join(f"P{p} {g}" for p, g in enumerate(end["final_glory"]))
                     + "; winner" + ("s " if len(end["winners"]) > 1 else " ")
                     + ", ".join(f"P{p}" for p in end["winners"]))
        for p, src in enumerate(end["glory_by_source"]):
            lines.append(f"P{p} {end['city_states'][p]}: " + value_text(src))
    return "\n".join(lines) + "\n"
