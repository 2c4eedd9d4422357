"""Rotated designs: who sits where is set by the game index, not by the bots' draft.

A mixed strategy table (``random,balanced,balanced``) and a pick setting of ``"rotate"``
(Pillars' City-states, Age of Pericles' Roles) give a cell one assignment per game: game
``g`` plays assignment ``g % block``. Assignment ``a`` shifts the strategies by
``a % S`` seats and the picks by ``a // S`` places along the game's pick cycle, where S
is the player count when the strategies differ and 1 when they do not. Over every
``block`` consecutive games each strategy sits in each seat equally often, each pick
sits in each seat equally often, and every strategy shift meets every pick shift once,
so a pick is never tied to one strategy. A game's deal depends only on (run seed, game
index), as in every design, so rotated and drafted runs of one seed are paired game by
game.

The assignment is a function of the game index alone, so batches, threads and backends
give the same games. A cell whose game count is not a multiple of ``block`` plays its
last, partial block in order: the counts of a pick in different seats then differ by at
most one per partial block.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

ROTATE = "rotate"  # the pick setting's word for a rotated design
# the design of a cell's picks (run.json's ``design``; the report names it per pick table)
DRAFTED, ROTATED, DEALT, FIXED = "drafted", "rotated", "dealt", "fixed"


@dataclass(frozen=True)
class Assignment:
    strategies: tuple[str, ...]  # per seat
    picks: tuple[str, ...] | None  # per seat, or None when the picks do not rotate


@dataclass(frozen=True)
class Rotated:
    """A cell's setups, one per assignment: game ``g`` plays ``setups[g % len(setups)]``."""

    setups: tuple
    seats: tuple[tuple[str, ...], ...]  # per assignment, each seat's strategy


def shifted(names: tuple[str, ...], shift: int) -> tuple[str, ...]:
    """Seat ``s`` gets ``names[(s + shift) % len(names)]``."""
    k = shift % len(names)
    return tuple(names[k:]) + tuple(names[:k])


def assignments(strategies: tuple[str, ...], cycle: tuple[str, ...] | None,
                rotate_seats: bool) -> list[Assignment]:
    """The block of a cell: ``strategies`` one per seat (rotated over the seats when
    ``rotate_seats``), ``cycle`` the picks in rotation order (None: they do not rotate)."""
    players = len(strategies)
    levels = players if rotate_seats else 1
    picks = len(cycle) if cycle else 1
    block = []
    for a in range(levels * picks):
        seated = shifted(strategies, a % levels)
        chosen = None if not cycle else tuple(cycle[(a // levels + s) % len(cycle)]
                                              for s in range(players))
        block.append(Assignment(seated, chosen))
    return block


def pick_design(value: object) -> str | None:
    """How a pick setting's value seats the picks: drafted, dealt, fixed, rotated, or
    "mixed" for a per-seat list of different kinds; None for a game without picks."""
    if value is None:
        return None
    words: dict[object, str] = {"draft": DRAFTED, "random": DEALT, ROTATE: ROTATED}
    kinds = {words.get(v, FIXED) for v in (value if isinstance(value, list) else [value])}
    return kinds.pop() if len(kinds) == 1 else "mixed"


def variants(setup) -> tuple:
    """Every setup a cell's games play, in assignment order."""
    return setup.setups if isinstance(setup, Rotated) else (setup,)


def setup_of(setup, game: int):
    """The setup game ``game`` of a cell plays."""
    every = variants(setup)
    return every[game % len(every)]


def runs(first_index: int, start: int, stop: int, size: int) -> Iterator[tuple[int, int, int]]:
    """(a, b, k): rows ``a .. b-1`` of ``start .. stop-1`` (games ``first_index + a`` on)
    that play assignment ``k`` of ``size``. Neighbouring games play different assignments,
    so a rotated cell yields one game per run (one engine call each); an unrotated cell
    yields the whole range."""
    if size == 1:
        yield start, stop, 0
        return
    for a in range(start, stop):
        yield a, a + 1, (first_index + a) % size


def seat_names(setup, first_index: int, count: int, players: int,
               names: tuple[str, ...]) -> tuple[np.ndarray, list[str]]:
    """(code per (game, seat) row, label list): each row's strategy; ``names`` are the
    seats' names of an unrotated setup."""
    if not isinstance(setup, Rotated):
        return np.tile(np.arange(players), count), list(names)
    labels = sorted({n for seats in setup.seats for n in seats})
    table = np.array([[labels.index(n) for n in seats] for seats in setup.seats])
    games = np.arange(first_index, first_index + count) % len(setup.seats)
    return table[games].ravel(), labels
