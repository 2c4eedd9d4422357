"""The quantities the gate measures, as one value per game.

Each ``Series`` is a per-game value with a mask of the games it applies to: a seat's
win share (every game), a pick's win share (a Role or City-state: games where a seat
played it), a
strategy's mean win share over its seats, the same for Glory, the number of rounds,
and one 0/1 series per end reason. A cooperative game has one group, "team" (its
win rate). Shares move in percentage points; means (Glory,
rounds) are judged relative to their baseline value. A sensitivity run also measures
``detailed_series``: win share and Glory of the players who used each City-state, and
the mean Glory per player from each scoring source.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.gate.outcomes import Outcomes

SHARE, MEAN = "share", "mean"
TEAM = "team"  # the one group of a cooperative game


@dataclass
class Series:
    measure: str  # "win_share", "glory", "glory_source", "rounds", "end_reason"
    group: str  # "seat 0", "role veteran", "city-state samos", "strategy random", "all",
    # an end reason or a scoring source
    kind: str  # SHARE (0..1 per game) or MEAN
    values: np.ndarray  # float per game
    present: np.ndarray  # bool per game

    @property
    def key(self) -> tuple[str, str]:
        return self.measure, self.group


def _groups(o: Outcomes) -> list[tuple[str, np.ndarray]]:
    """(group name, [game, seat] membership mask) for seats, picks and strategies."""
    n, p = o.win_share.shape
    if o.cooperative:  # the team's result; its strategy and mode are the cell's
        return [(TEAM, np.ones((n, 1), dtype=bool))]
    groups = [(f"seat {s}", np.broadcast_to(np.arange(p) == s, (n, p))) for s in range(p)]
    if o.pick is not None:
        groups += [(f"{o.pick_kind} {name}", o.pick == code) for code, name in enumerate(o.pick_names)
                   if name != "none"]
    seats = np.array(o.strategies)
    groups += [(f"strategy {name}", np.broadcast_to(seats == name, (n, p)))
               for name in dict.fromkeys(o.strategies)]
    return groups


def _group_mean(per_seat: np.ndarray, member: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per game: the mean of ``per_seat`` over member seats, and whether any seat is one."""
    count = member.sum(axis=1)
    total = np.where(member, per_seat, 0).sum(axis=1)
    return total / np.maximum(count, 1), count > 0


def win_shares(o: Outcomes) -> list[Series]:
    """Win share per seat, pick and strategy: the series `sim run --until-ci` watches."""
    return [Series("win_share", name, SHARE, *_group_mean(o.win_share, member))
            for name, member in _groups(o)]


def all_series(o: Outcomes) -> list[Series]:
    """Every series the summary reports and the gate tests, in a stable order."""
    out = win_shares(o)
    every = np.ones(len(o.games), dtype=bool)
    if o.glory is not None:
        out += [Series("glory", name, MEAN, *_group_mean(o.glory.astype(np.float64), member))
                for name, member in _groups(o)]
    out.append(Series("rounds", "all", MEAN, o.rounds.astype(np.float64), every))
    out += [Series("end_reason", name, SHARE, (o.end_reason == code).astype(np.float64), every)
            for code, name in enumerate(o.end_names)]
    return out


def detailed_series(o: Outcomes) -> list[Series]:
    """``all_series`` and, where the outcomes hold them, the win share and Glory of the
    players who used each City-state and the mean Glory per player from each source."""
    out = all_series(o)
    if o.used is not None:
        users = [(f"city-state {name}", o.used[:, :, j]) for j, name in enumerate(o.tile_names)]
        out += [Series("win_share", name, SHARE, *_group_mean(o.win_share, member))
                for name, member in users]
        if o.glory is not None:
            out += [Series("glory", name, MEAN, *_group_mean(o.glory.astype(np.float64), member))
                    for name, member in users]
    if o.sources is not None:
        every = np.ones(len(o.games), dtype=bool)
        out += [Series("glory_source", name, MEAN, o.sources[:, :, j].mean(axis=1), every)
                for j, name in enumerate(o.source_names)]
    return out


_MEASURES = ("win_share", "glory", "glory_source", "rounds", "end_reason")
_KINDS = ("seat", "role", "city-state", "strategy")


def _rank(key: tuple[str, str]) -> tuple:
    measure, group = key
    kind, _, name = group.partition(" ")
    if measure in ("end_reason", "glory_source"):
        return _MEASURES.index(measure), 0, group
    if kind not in _KINDS:  # the team, or "all" of rounds: the measure's one group
        return _MEASURES.index(measure), 0, 0
    # seats by number, strategies in seat order (first seen first), the rest by name
    within = int(name) if kind == "seat" else "" if kind == "strategy" else name
    return _MEASURES.index(measure), _KINDS.index(kind), within


def in_series_order(keys) -> list[tuple[str, str]]:
    """Series keys met chunk by chunk (first seen first) in the order ``detailed_series``
    gives for a whole cell: seats, Roles and City-states by name, strategies in seat order,
    then sources by name, rounds and end reasons by name."""
    return sorted(keys, key=_rank)
