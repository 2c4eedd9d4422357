"""The values a sensitivity run moves: each tunable one step down and up within its range.

A move is one content override (``params.builder_base=2``) played on the same seeds as
the base, so its effect on a measure is read as a paired difference.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase

from sim.games.tunables import Param
from sim.runner import RunError


@dataclass(frozen=True)
class Move:
    key: str  # the override key, e.g. "params.builder_base"
    value: int
    base: int
    assumed: bool  # the value was not transcribed from the printed game

    @property
    def override(self) -> str:
        """The ``--set`` text that plays this move."""
        return f"{self.key}={self.value}"


def in_scope(params: Sequence[Param], keys: Iterable[str]) -> list[Param]:
    """The tunables ``keys`` selects: ``assumed``, ``all`` or glob patterns on
    ``params.NAME``; a pattern that selects nothing is refused."""
    chosen: dict[str, Param] = {}
    for word in keys:
        if word == "all":
            picked = list(params)
        elif word == "assumed":
            picked = [p for p in params if p.assumed]
        else:
            picked = [p for p in params if fnmatchcase(f"params.{p.name}", word)]
            if not picked:
                raise RunError(f"--keys {word!r} matches no value ; give assumed, all or a "
                               "pattern such as 'params.builder_*'")
        chosen.update((p.name, p) for p in picked)
    return [p for p in params if p.name in chosen]


def moves(params: Sequence[Param], step: int = 1) -> list[Move]:
    """Each parameter ``step`` down and ``step`` up, clamped to its declared range; a side
    already at its bound is left out, since it cannot move."""
    if step < 1:
        raise RunError(f"--step {step} is out of range ; give a whole number of at least 1")
    out: list[Move] = []
    for p in params:
        for value in (max(p.low, p.default - step), min(p.high, p.default + step)):
            if value != p.default:
                out.append(Move(f"params.{p.name}", value, p.default, p.assumed))
    return out


def playable(moved: Sequence[Move], load: Callable[[dict[str, object]], object],
             refusal: type[Exception]) -> tuple[list[Move], list[tuple[Move, str]]]:
    """Split ``moved`` into those the content accepts and those it refuses, with the reason.

    A declared range does not know every tie between values (a board track's length must
    match the spaces the board lists), so each move is loaded before it is played."""
    kept, refused = [], []
    for m in moved:
        try:
            load({m.key: m.value})
        except refusal as exc:
            refused.append((m, str(exc)))
        else:
            kept.append(m)
    return kept, refused


def games_to_play(n: int, moved: Sequence[Move]) -> int:
    """The cost of a run: the base plus one cell per move, each of ``n`` games."""
    return n * (1 + len(moved))
