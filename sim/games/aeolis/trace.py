"""Aeolis traces: the engine's integer event rows as JSON records and readable text.

``records_from`` turns the event rows of a game played with ``game.play_traced`` (see
``events.py``) into a dict: ``round``, ``phase``, ``event``, the event's arguments made
readable (card ids and titles, technology, Structure, unit and resource names, hexes as
``[row, column]``) and ``morale`` after the event. The last record is ``game_end`` with
the verdict, the loss cause and the final state of the city. docs/trace.md describes the
format.
"""

from __future__ import annotations

import numpy as np

from sim.games.aeolis import events as E
from sim.games.aeolis import layout as L
from sim.games.aeolis.content import Content
from sim.games.aeolis.rules.board import standing
from sim.games.trace_text import to_jsonl, value_text  # noqa: F401  (to_jsonl: trace interface)

PHASE_NAMES = ("setup", "upkeep", "player", "enemy", "end")
TRADE_KINDS = ("sell", "buy", "alms")


class TraceError(RuntimeError):
    """The engine's event buffer overflowed, so the trace would be incomplete."""


def _hex(h: int) -> list[int] | None:
    return [int(h) // L.N_COLS, int(h) % L.N_COLS] if 0 <= h < L.N_HEX else None


def _name(names: tuple[str, ...], index: int) -> str | None:
    return names[index] if 0 <= index < len(names) else None


class _Translator:
    """Turns one event row into a record; knows the content's names."""

    def __init__(self, content: Content):
        self.n = content.names

    def card(self, c: int) -> str | None:
        if not 0 <= c < len(self.n["cards"]):
            return None
        return f"{self.n['cards'][c]} {self.n['card_titles'][c]}"

    def args(self, code: int, a: int, b: int, c: int) -> dict:
        n = self.n
        if code == E.EV_ROUND_START:
            return {}
        if code in (E.EV_DRAW, E.EV_EVENT_DONE):
            return {"card": self.card(a)}
        if code == E.EV_TRAIN:
            return {"unit": _name(L.UNIT_KINDS, a)}
        if code == E.EV_PRODUCE:
            return {"hex": _hex(a), "amount": b}
        if code in (E.EV_DISCOVER, E.EV_TECH_USED):
            return {"tech": _name(n["techs"], a)}
        if code == E.EV_BUILD:
            return {"structure": _name(n["structures"], a), "hex": _hex(b)}
        if code == E.EV_UPGRADE:
            return {"building": _name(L.BUILDINGS, a), "level": b}
        if code == E.EV_TRADE:
            return {"kind": TRADE_KINDS[a], "resource": _name(L.RESOURCES, b), "price": c}
        if code == E.EV_MOVE:
            return {"group": _name(L.GROUPS, a), "hex": _hex(b)}
        if code == E.EV_DIPLOMACY:
            return {"card": self.card(a), "roll": b, "power": c, "success": b >= c}
        if code == E.EV_SPELL:
            return {"spell": _name(n["spells"], a), "target": b, "backlash": bool(c)}
        if code == E.EV_COMBAT:
            return {"card": self.card(a), "power": b, "enemy_power": c, "won": b >= c}
        if code == E.EV_ENEMY_MOVE:
            return {"card": self.card(a), "hex": _hex(b)}
        if code == E.EV_DESTROY:
            return {"hex": _hex(a), "structure": _name(n["structures"], b)}
        if code == E.EV_PILLAGE:
            return {"card": self.card(a), "power": b}
        if code == E.EV_PLAGUE:
            return {"hex": _hex(a)}
        if code == E.EV_MORALE:
            return {"delta": b}
        if code == E.EV_GAME_END:
            return {"won": bool(a), "cause": _name(L.LOSS_CAUSES, b)}
        # a code added later: keep its raw arguments by name
        return dict(zip(E.EVENT_ARGS[E.EVENT_NAMES[code]], (a, b, c), strict=False))

    def record(self, row: np.ndarray) -> dict:
        rnd, phase, code, a, b, c, morale = (int(v) for v in row[:E.EV_COLS])
        out: dict = {"round": rnd, "phase": PHASE_NAMES[phase], "event": E.EVENT_NAMES[code]}
        out.update(self.args(code, a, b, c))
        out["morale"] = morale
        return out


def records_from(content: Content, state: np.ndarray, events: np.ndarray) -> list[dict]:
    """Records of a finished traced game; the last one (game_end) carries the results."""
    if len(events) == 0 or int(events[-1, 2]) != E.EV_GAME_END:
        raise TraceError(f"the trace holds {len(events)} events and does not reach the game's "
                         "end ; raise max_events of game.play_traced")
    tr = _Translator(content)
    records = [tr.record(row) for row in events]
    end = records[-1]
    end["rounds"] = int(state[L.ROUND])
    end["structures"] = sum(1 for h in range(L.N_HEX) if standing(state, h))
    end["units"] = {k: int(state[L.UNITS + i]) for i, k in enumerate(L.UNIT_KINDS)
                    if state[L.UNITS + i] > 0}
    end["gold"] = int(state[L.RES + L.R_GOLD])
    end["techs"] = [t for i, t in enumerate(content.names["techs"]) if state[L.TECH + i] == 1]
    end["morale"] = end.pop("morale")  # keep the Morale column last, as on every line
    return records


_FIXED = {"round", "phase", "event", "morale"}
_END_ONLY = {"rounds", "structures", "units", "gold", "techs"}


def to_text(records: list[dict]) -> str:
    """A readable log: one line per event, then the verdict and the city at the end."""
    lines = []
    for r in records:
        args = " ".join(f"{k}={value_text(v)}" for k, v in r.items()
                        if k not in _FIXED and k not in _END_ONLY)
        lines.append(f"R{r['round']:<2} {r['phase']:<7} {r['event']:<12} {args:<60} "
                     f"| morale {r['morale']}")
    end = records[-1]
    if end["event"] == "game_end":
        verdict = "survived" if end["won"] else f"lost ({end['cause']})"
        lines.append("")
        lines.append(f"game over after {end['rounds']} rounds: {verdict}; Morale {end['morale']}, "
                     f"{end['structures']} Structures standing, {end['gold']} Gold")
        lines.append("units: " + (value_text(end["units"]) or "-"))
        lines.append("techs: " + (", ".join(end["techs"]) or "-"))
    return "\n".join(lines) + "\n"
