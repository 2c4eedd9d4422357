"""Dice Race traces: the engine's event rows as JSON records and readable text.

``records_from`` turns the rows of a game played with ``game.play_traced`` into one dict
per event: ``round``, ``player`` (the seat), ``event`` and its arguments by name
(``events.EVENT_ARGS``). The last record is ``game_end`` with the reason, the rounds,
each seat's final points (``final_glory``), ranks and winners. docs/trace.md describes
the format shared by every game.
"""

from __future__ import annotations

import numpy as np

from sim.games.example import events as E
from sim.games.example import layout as L
from sim.games.example.content import Content
from sim.games.example.rules import rank_of
from sim.games.trace_text import to_jsonl as to_jsonl
from sim.games.trace_text import value_text


class TraceError(RuntimeError):
    """The engine's event buffer overflowed, so the trace would be incomplete."""


def _record(row: np.ndarray) -> dict:
    rnd, seat, code, a, b = (int(v) for v in row[:E.EV_COLS])
    name = E.EVENT_NAMES[code]
    out: dict = {"round": rnd, "player": seat, "event": name}
    out.update(zip(E.EVENT_ARGS[name], (a, b), strict=False))
    if code == E.EV_GAME_END:
        out["reason"] = L.END_REASON_NAMES[a]
    return out


def records_from(content: Content, state: np.ndarray, events: np.ndarray) -> list[dict]:
    """Records of a finished traced game; the last one (game_end) carries the results."""
    if len(events) == 0 or int(events[-1, 2]) != E.EV_GAME_END:
        raise TraceError(f"the trace holds {len(events)} events and does not reach the game's "
                         "end ; raise max_events of game.play_traced")
    records = [_record(row) for row in events]
    players = int(state[L.N_PLAYERS])
    glory = [int(state[L.SCORE + p]) for p in range(players)]
    end = records[-1]
    end["player"] = None
    end["rounds"] = int(state[L.ROUND])
    end["final_glory"] = glory
    end["ranks"] = [int(rank_of(state, p)) for p in range(players)]
    end["winners"] = [p for p in range(players) if glory[p] == max(glory)]
    return records


_FIXED = ("round", "player", "event")


def to_text(records: list[dict]) -> str:
    """A readable log: one line per event, then each seat's points and rank."""
    lines = []
    for r in records:
        args = " ".join(f"{k}={value_text(v)}" for k, v in r.items() if k not in _FIXED)
        who = "-" if r["player"] is None else f"P{r['player']}"
        lines.append(f"R{r['round']:<3} {who:<3} {r['event']:<8} {args}")
    end = records[-1]
    lines.append("")
    lines.append(f"game over after {end['rounds']} rounds: {end['reason']}; winners: "
                 + ", ".join(f"P{w}" for w in end["winners"]))
    lines.append("player  points  rank")
    for p, (points, rank) in enumerate(zip(end["final_glory"], end["ranks"], strict=True)):
        lines.append(f"P{p:<6} {points:>6} {rank:>5}")
    return "\n".join(lines) + "\n"
