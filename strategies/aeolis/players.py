"""The Aeolis team as the runner layer hands it to the game (sim.games.policies): its weights,
its compiled choice and the search's entry and scratch.

The rules ask the team through the address of ``choose`` compiled as an entry
(``team_entry``); a searching team's play-outs run the rules engine inside the search's
own entry (``search.search_entry``), reached through the state as well. Both are compiled
only when a game needs them.
"""

from __future__ import annotations

import functools

import numpy as np

from sim.games import policies
from sim.games.aeolis import layout as L
from sim.games.aeolis.content import load_content
from sim.games.aeolis.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.rng import N_STREAMS
from strategies.aeolis.policy import W_SAMPLES, choose
from strategies.aeolis.search import scratch, search_entry
from strategies.aeolis.skill import DEFAULT_HORIZON, DEFAULT_SAMPLES, SKILLS, STRATEGY_NAMES, team_weights

__all__ = ["SKILLS", "STRATEGY_NAMES", "choose_entry", "entries", "scratch", "seat_weights",
           "team_entry", "weights"]


SIZES = (L.STATE_SIZE, MAX_OPTIONS, OPT_WIDTH, N_STREAMS)  # the arrays the entry is handed


def weights(content, strategy: str, skill: str, samples: int, horizon: int) -> np.ndarray:
    """The team's weights as the rules pass them on: one row (one team, seat 0)."""
    row = team_weights(strategy, skill, samples, horizon, content.names["techs"],
                       content.names["structures"])
    return row[None, :]


def entries(content, W: np.ndarray, room: np.ndarray) -> np.ndarray:
    """The addresses a game keeps while it runs: the team's entry, the search entry and
    that of the scratch ``room`` (``scratch()``, one per thread); the last two 0 when the
    team does not search (the search entry is compiled only when it does)."""
    found = np.zeros(3, np.int64)
    found[0] = team_entry(content.packed)
    if W[0, W_SAMPLES] > 0:
        found[1] = search_entry(content.packed)
        found[2] = room.ctypes.data
    return found


def _entry(s_at, T, W_at, rows, columns, opts_at, n, seat, kind, rng_at):
    s, W, opts, rng = policies.views(s_at, W_at, rows, columns, opts_at, rng_at, SIZES)
    return choose(s, T, W, opts, n, seat, kind, rng)


def team_entry(packed: np.ndarray) -> int:
    """Address of the team's ``choose`` compiled for ``packed``'s record type."""
    return policies.entry_address(_entry, choose, packed)


@functools.cache
def _shipped_names() -> tuple[tuple[str, ...], tuple[str, ...]]:
    names = load_content().names
    return names["techs"], names["structures"]


def seat_weights(strategies: tuple[str, ...], skill: str) -> np.ndarray:
    """``W`` of the shipped content (``contract.GameBots``): for each name given, the
    team's row as that team would play (every Hero plays for one team, seat 0)."""
    return np.array([team_weights(name, skill, DEFAULT_SAMPLES, DEFAULT_HORIZON,
                                  *_shipped_names()) for name in strategies], np.float64)


choose_entry = team_entry  # (contract.GameBots)
