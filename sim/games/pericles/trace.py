"""Age of Pericles traces: the engine's integer event rows as JSON records and readable text.

``records_from`` turns the event rows of a game played with ``game.play_traced`` (see
``events.py``) into a dict: ``round``, ``phase``, ``player`` (a seat number, ``None`` when no
seat acts, ``"demagogue"`` for the Demagogue's seat), ``event``, the event's arguments made
readable (names instead of ids, Agora spaces as ``[row, column]``) and ``glory`` (every
player's Glory after the event). The last record is ``game_end`` with the reason, final
Glory, ranks, winners and each player's final-scoring breakdown. docs/trace.md describes
the format.
"""

from __future__ import annotations

import numpy as np

from sim.games.pericles import events as E
from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles.content import Content
from sim.games.pericles.rules.scoring import rank_players
from sim.games.trace_text import to_jsonl, value_text  # noqa: F401  (to_jsonl: trace interface)

PHASE_NAMES = ("setup", "assembly", "governance", "over")
ROW_NAMES = O.ICON_NAMES[:3]  # Progress rows / Parthenon types: military, economy, culture
SIZE_NAMES = {1: "small", 2: "large"}
BUILD_COST_NAMES = ("same_icon", "different_icons", "amphoras", "trophies")
PIECE_NAMES = (*O.UNIT_NAMES, "diplomat")  # a Unit type, or 3 for a Diplomat
HOUSE_TRACK_NAMES = ("unit_track", "household")
ROLE_SIDE_NAMES = ("day", "night")
MISSION_SIDE_NAMES = O.RIVAL_NAMES  # side 0 is the Sparta half, 1 the Persia half
END_LINES = tuple((k, name) for k, name in enumerate(L.GLORY_SOURCES) if name.startswith("end_"))


class TraceError(RuntimeError):
    """The engine's event buffer overflowed, so the trace would be incomplete."""


def _space(space: int) -> list[int]:
    return [int(space) // 3, int(space) % 3]


def _name(names: tuple[str, ...], index: int) -> str | None:
    return names[index] if 0 <= index < len(names) else None


class _Translator:
    """Turns one event row into a record; knows the content's names and the seating."""

    def __init__(self, content: Content, players: int, demagogue: int):
        self.names = content.names
        self.athena_icons = content.tables.athena[:, 0]
        self.players = players
        self.demagogue = demagogue

    def who(self, seat: int) -> int | str | None:
        if seat < 0:
            return None
        if seat == self.demagogue:
            return "demagogue"
        return int(seat)

    def seats(self, mask: int) -> list[int | str | None]:
        return [self.who(seat) for seat in range(L.MAX_SEATS) if (mask >> seat) & 1]

    def args(self, code: int, a: int, b: int, c: int) -> dict:
        n = self.names
        if code == E.EV_DRAFT:
            return {"role": _name(n["roles"], a), "skill": _name(n["skills"], b)}
        if code in (E.EV_KEEP_MISSION, E.EV_SELL_MISSION):
            return {"mission": _name(n["missions"], a)}
        if code == E.EV_PLACE_CITIZEN:
            return {"space": _space(a), "size": SIZE_NAMES.get(b, b)}
        if code == E.EV_REVEAL_MISSION:
            return {"mission": _name(n["missions"], a), "side": MISSION_SIDE_NAMES[b]}
        if code == E.EV_CITY_STATE_ACTION:
            return {"city_state": _name(n["city_states"], a)}
        if code == E.EV_MAIN_ACTION:
            return {"action": O.ACTION_NAMES[a]}
        if code == E.EV_SEND_UNIT:
            unit = O.UNIT_NAMES[a]
            if a == O.SHIP:
                return {"unit": unit, "waypost": b}
            if a == O.HOPLITE:
                return {"unit": unit, "rival": O.RIVAL_NAMES[b]}
            return {"unit": unit, "target": "city_state"}
        if code in (E.EV_RECALL, E.EV_OSTRACIZE, E.EV_HOME):
            return {"piece": PIECE_NAMES[a]}
        if code == E.EV_FILL_MARKET:
            return {"column": a, "filled": b}
        if code == E.EV_SEND_ATHENA:
            return {"card": _name(n["athena_cards"], a), "space": b}
        if code == E.EV_BUILD:
            return {"row": ROW_NAMES[a], "cost": BUILD_COST_NAMES[b], "piece": L.PIECE_NAMES[c]}
        if code == E.EV_ATHENS_BUILD:
            return {"row": ROW_NAMES[a], "piece": L.PIECE_NAMES[b] if b >= 0 else None}
        if code == E.EV_SCORE_ROW:
            return {"row": ROW_NAMES[a], "diplomats": b}
        if code == E.EV_KNOCK_OUT:
            return {"row": ROW_NAMES[a], "owner": self.who(b), "by": self.who(c)}
        if code == E.EV_ROLE:
            return {"side": ROLE_SIDE_NAMES[a]}
        if code == E.EV_INTEGRATE:
            return {"city_state": _name(n["city_states"], a), "space": _space(b)}
        if code == E.EV_CITY_STATE_MOVE:
            return {"city_state": _name(n["city_states"], a), "position": b}
        if code == E.EV_RIVALS:
            return {"sparta": a, "persia": b}
        if code == E.EV_BATTLE:
            return {"rival": O.RIVAL_NAMES[a], "rows": [ROW_NAMES[r] for r in range(3) if (b >> r) & 1]}
        if code == E.EV_OFFICE:
            return {"office": O.OFFICE_NAMES[a], "holders": self.seats(b), "tie": bool(c)}
        if code in (E.EV_SKILL_GAIN, E.EV_SKILL_TUCK):
            return {"skill": _name(n["skills"], a)}
        if code == E.EV_COMPLETION:
            return {"row": ROW_NAMES[a]}
        if code == E.EV_ACTIVATE_HOUSE:
            return {"track": HOUSE_TRACK_NAMES[a]}
        if code == E.EV_DEMAGOGUE_CARD:
            return {"card": a, "space": _space(b)}
        if code == E.EV_UNLOCK:
            return {"citizen": SIZE_NAMES.get(a, a)}
        if code == E.EV_ATHENA_REVEAL:
            return {"card": _name(n["athena_cards"], a),
                    "icon": O.ICON_NAMES[self.athena_icons[a]]}
        if code == E.EV_GAME_END:
            return {"reason": L.END_REASON_NAMES[a]}
        # events without arguments, or a code added later: keep its raw arguments by name
        return {name: value for name, value in zip(E.EVENT_ARGS[E.EVENT_NAMES[code]], (a, b, c),
                                                   strict=False)}

    def record(self, row: np.ndarray) -> dict:
        rnd, phase, seat, code, a, b, c = (int(v) for v in row[:E.EV_COLS])
        out: dict = {"round": rnd, "phase": PHASE_NAMES[phase], "player": self.who(seat),
                     "event": E.EVENT_NAMES[code]}
        out.update(self.args(code, a, b, c))
        out["glory"] = [int(v) for v in row[E.EV_COLS:E.EV_COLS + self.players]]
        return out


def records_from(content: Content, state: np.ndarray, events: np.ndarray) -> list[dict]:
    """Records of a finished traced game; the last one (game_end) carries the results."""
    players = int(state[L.N_PLAYERS])
    if len(events) == 0 or int(events[-1, 3]) != E.EV_GAME_END:
        raise TraceError(f"the trace holds {len(events)} events and does not reach the game's "
                         "end ; raise max_events of game.play_traced")
    tr = _Translator(content, players, int(state[L.DEMAGOGUE]))
    records = [tr.record(row) for row in events]
    ranks = np.zeros(L.MAX_SEATS, dtype=np.int32)
    won = np.zeros(L.MAX_SEATS, dtype=np.int32)
    rank_players(state, ranks, won)
    end = records[-1]
    end["rounds"] = int(state[L.ROUND])
    end["final_glory"] = [int(state[L.GLORY + p]) for p in range(players)]
    end["final_silver"] = [int(state[L.SILVER + p]) for p in range(players)]
    end["ranks"] = [int(ranks[p]) for p in range(players)]
    end["winners"] = [p for p in range(players) if won[p]]
    end["breakdown"] = [
        {name: int(state[L.GLORY_SRC + p * L.N_SOURCES + k]) for k, name in END_LINES}
        for p in range(players)
    ]
    end["glory"] = end.pop("glory")  # keep the Glory column last, as on every line
    return records


def _who_text(player) -> str:
    if player is None:
        return "-"
    return "demagogue" if player == "demagogue" else f"P{player}"


_FIXED = {"round", "phase", "player", "event", "glory"}
_END_ONLY = {"rounds", "final_glory", "final_silver", "ranks", "winners", "breakdown"}


def to_text(records: list[dict]) -> str:
    """A readable log: one line per event, then a final-scoring table."""
    lines = []
    for r in records:
        args = " ".join(f"{k}={value_text(v)}" for k, v in r.items()
                        if k not in _FIXED and k not in _END_ONLY)
        glory = " ".join(str(g) for g in r["glory"])
        lines.append(f"R{r['round']:<2} {r['phase']:<10} {_who_text(r['player']):<9} "
                     f"{r['event']:<17} {args:<46} | glory {glory}")
    end = records[-1]
    if end["event"] == "game_end":
        labels = [name.removeprefix("end_") for _, name in END_LINES]
        lines.append("")
        lines.append(f"game over after {end['rounds']} rounds: {end['reason']}; winners: "
                     + ", ".join(f"P{w}" for w in end["winners"]))
        lines.append("player " + " ".join(f"{x:>9}" for x in labels)
                     + f" {'glory':>7} {'silver':>7} {'rank':>5}")
        for p, lines_p in enumerate(end["breakdown"]):
            lines.append(f"P{p:<5} " + " ".join(f"{v:>9}" for v in lines_p.values())
                         + f" {end['final_glory'][p]:>7} {end['final_silver'][p]:>7}"
                         f" {end['ranks'][p]:>5}")
    return "\n".join(lines) + "\n"
