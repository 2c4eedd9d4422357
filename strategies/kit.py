"""What every game's bots build alike around their own code: the seats' policy codes and
weight rows (``contract.GameBots``), a seat's row at a skill level, and the addresses of
the search's compiled entry and scratch (Python only: no kernel imports it)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from strategies.skill_levels import SKILLS

SKILL_PRESET = "balanced"  # the weights a seat named by its skill plays
RANDOM = "random"  # the strategy whose seat takes random legal options, asking no bot


def skill_row(name: str, skill: str, samples: int, horizon: int, presets, width: int,
              columns: tuple[int, int, int], codes: tuple[int, int, int]) -> tuple[int, np.ndarray]:
    """(policy code, weight row of ``width`` columns) of a seat playing strategy ``name``
    (a preset of ``presets``, a skill name, which plays ``SKILL_PRESET`` at that level, or
    ``RANDOM``) in a run at ``skill`` with a search budget of ``samples`` play-outs,
    ``horizon`` ahead. ``columns``: the row's (mistakes, samples, horizon) columns after
    the preset's weights; ``codes``: the bots' (random legal, heuristic, search) codes."""
    row = np.zeros(width, np.float64)
    if name == RANDOM:
        return codes[0], row
    level = SKILLS[name] if name in SKILLS else SKILLS[skill]
    weights = presets[SKILL_PRESET if name in SKILLS else name]
    row[:len(weights)] = weights
    mistakes, samples_at, horizon_at = columns
    row[mistakes] = level.mistakes
    row[samples_at] = max(1, round(samples * level.search))
    row[horizon_at] = horizon
    return (codes[2] if level.search > 0 else codes[1]), row


def seat_rows(seat_bot: Callable, names, skill: str, samples: int, horizon: int, rows,
              shape: tuple[int, int], features: int) -> tuple[np.ndarray, np.ndarray]:
    """(policy code per seat, weights ``W`` of ``shape``: one row per seat) of seats playing
    ``names``, each ``seat_bot(name, skill, samples, horizon)`` -> (code, row); ``rows``:
    per seat, a row of ``features`` weights replacing its preset's, or None."""
    codes = np.zeros(shape[0], dtype=np.int32)
    W = np.zeros(shape, dtype=np.float64)
    for seat, name in enumerate(names):
        codes[seat], W[seat] = seat_bot(name, skill, samples, horizon)
    for seat, row in enumerate(rows):
        if row is not None:
            W[seat, :features] = row
    return codes, W


def search_addresses(search_entry: Callable, searching: bool, content,
                     room: np.ndarray) -> np.ndarray:
    """The address of ``search_entry`` compiled for the content and that of the scratch
    ``room`` (one per thread), or zeros when no seat is ``searching`` (the entry is
    compiled only when one is)."""
    if not searching:
        return np.zeros(2, np.int64)
    return np.array([search_entry(content.packed), room.ctypes.data], np.int64)
