"""Dice Race states as JSON: written out, read back unchanged, and scored (`sim score`).

A state is the game's own vector (``layout``): every field has a key, so
``state_from_json(state_to_json(s))`` gives ``s`` back word for word. docs/state-json.md
gives the format.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from sim.games.example import layout as L
from sim.games.example.content import Content, load_content
from sim.games.example.invariants import VIOLATION_NAMES
from sim.games.example.profile import PROFILE
from sim.games.example.rules import rank_of
from sim.games.state_json import Checker, read_state
from sim.games.state_json import format_table as format_table

TOP_REQUIRED = {"players", "target", "round", "turn", "scores"}
TOP_OPTIONAL = {"game", "rolls", "turn_total", "over", "end_reason", "decisions", "use", "events",
                "violation"}
MAX_POINTS = 10_000  # far beyond any game's points: a bound for the checks
MAX_COUNT = 1 << 30


def state_to_json(state: np.ndarray, content: Content | None = None) -> dict:
    """Every field of ``state`` under its key; ``use`` per seat by mechanism name."""
    s = [int(v) for v in state]
    players = s[L.N_PLAYERS]
    return {
        "game": "example", "players": players, "target": s[L.TARGET], "round": s[L.ROUND],
        "turn": s[L.TURN], "rolls": s[L.ROLLS], "turn_total": s[L.TURN_TOTAL],
        "scores": s[L.SCORE:L.SCORE + players], "over": bool(s[L.GAME_OVER]),
        "end_reason": L.END_REASON_NAMES[s[L.END_REASON]], "decisions": s[L.DECISIONS],
        "use": [{m.name: s[L.USE + seat * len(PROFILE) + k] for k, m in enumerate(PROFILE)}
                for seat in range(players)],
        "events": s[L.EVENTS], "violation": VIOLATION_NAMES[s[L.VIOLATION]],
    }


def state_from_json(data: Any, content: Content | None = None, fname: str = "state") -> np.ndarray:
    """The state ``data`` describes; ``StateError`` (one line naming the field) otherwise."""
    c = Checker(fname)
    c.keys("", data, TOP_REQUIRED, TOP_OPTIONAL)
    c.game(data, "example")
    s = np.zeros(L.STATE_SIZE, np.int32)
    players = s[L.N_PLAYERS] = c.int_("players", data["players"], 2, L.MAX_SEATS)
    s[L.TARGET] = c.int_("target", data["target"], 1, MAX_POINTS)
    s[L.ROUND] = c.int_("round", data["round"], 1, L.MAX_ROUNDS)
    s[L.TURN] = c.int_("turn", data["turn"], 0, players - 1)
    s[L.ROLLS] = c.int_("rolls", data.get("rolls", 0), 0, MAX_COUNT)
    s[L.TURN_TOTAL] = c.int_("turn_total", data.get("turn_total", 0), 0, MAX_POINTS)
    scores = c.list_("scores", data["scores"])
    if len(scores) != players:
        c.fail("scores", f"{len(scores)} scores for {players} players ; give one per player")
    for seat, points in enumerate(scores):
        s[L.SCORE + seat] = c.int_(f"scores.{seat}", points, 0, MAX_POINTS)
    s[L.GAME_OVER] = c.bool_("over", data.get("over", False))
    s[L.END_REASON] = L.END_REASON_NAMES.index(
        c.word("end_reason", data.get("end_reason", "none"), L.END_REASON_NAMES))
    s[L.DECISIONS] = c.int_("decisions", data.get("decisions", 0), 0, MAX_COUNT)
    uses = c.list_("use", data.get("use", [{}] * players))
    if len(uses) != players:
        c.fail("use", f"{len(uses)} entries for {players} players ; give one per player")
    names = tuple(m.name for m in PROFILE)
    for seat, counts in enumerate(uses):
        for name, count in c.counts(f"use.{seat}", counts, names, MAX_COUNT).items():
            s[L.USE + seat * len(PROFILE) + names.index(name)] = count
    s[L.EVENTS] = c.int_("events", data.get("events", 0), 0, MAX_COUNT)
    s[L.VIOLATION] = VIOLATION_NAMES.index(
        c.word("violation", data.get("violation", VIOLATION_NAMES[0]), VIOLATION_NAMES))
    return s


def score_file(path: Path, content_path: Path | None = None) -> dict:
    """Each seat's points and rank in the position of a JSON file: the race is scored by
    the points banked (rules §4), so the one line is ``banked``."""
    load_content(content_path)  # a bad --content fails here, as for every game
    s = state_from_json(read_state(path), fname=Path(path).name)
    players = int(s[L.N_PLAYERS])
    points = [int(s[L.SCORE + p]) for p in range(players)]
    return {
        "game": "example",
        "players": [{"name": f"P{p}", "lines": {"banked": points[p]}, "glory": points[p],
                     "rank": int(rank_of(s, p))} for p in range(players)],
        "winners": [p for p in range(players) if points[p] == max(points)],
    }
