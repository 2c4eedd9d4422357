"""The Dice Race players as the runner layer hands them to the game (contract.GameBots):
each strategy's weight row and the address of ``choose`` compiled as a C-callable entry."""

from __future__ import annotations

import functools

import numba
import numpy as np

from sim import cfuncs
from sim.games import policies
from sim.games.example import seats
from sim.games.example.layout import MAX_SEATS
from strategies.example.heuristic import N_WEIGHTS, W_MISTAKE, choose

# Each strategy of the runner's STRATEGIES as (mistake, hold_at, chase). "random" takes
# every decision at random: the random-legal bot.
PRESETS: dict[str, tuple[float, float, float]] = {
    "balanced": (0.0, 20.0, 0.25),
    "cautious": (0.0, 12.0, 0.0),
    "random": (1.0, 0.0, 0.0),
}
RANDOM = "random"
# The share of decisions a heuristic seat takes at random, by skill level (docs/bots.md).
MISTAKES = {"novice": 0.25, "casual": 0.08, "default": 0.0}


def seat_weights(strategies: tuple[str, ...], skill: str) -> np.ndarray:
    """``W``: one row per seat (``MAX_SEATS``), ``float64``; seats past the strategies
    given are zeros."""
    W = np.zeros((MAX_SEATS, N_WEIGHTS), np.float64)
    for seat, name in enumerate(strategies):
        W[seat] = PRESETS[name]
        if name != RANDOM:
            W[seat, W_MISTAKE] = MISTAKES[skill]
    return W


def _entry(s_at, T, w_at, rows, cols, opts_at, n, seat, kind, rng_at):
    return choose(numba.carray(s_at, seats.STATE_SHAPE), T, numba.carray(w_at, (rows, cols)),
                  numba.carray(opts_at, seats.OPTS_SHAPE), n, seat, kind,
                  numba.carray(rng_at, seats.RNG_SHAPE))


@functools.cache
def _python_address() -> int:
    return policies.python_policy(choose)


def choose_entry(packed: np.ndarray) -> int:
    """The address of ``choose`` compiled for ``packed``'s record type (``Content.packed``),
    compiled or loaded from the cache on the first call in this process."""
    if numba.config.DISABLE_JIT:
        return _python_address()
    return cfuncs.compiled(_entry, policies.choose_signature(numba.typeof(packed[0]))).address
