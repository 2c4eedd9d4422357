"""The Pillars of Heracles bots as the runner layer hands them to the game
(sim.games.policies): each seat's policy code and weight row, the bots' compiled choice and
the search's entry and scratch.

The rules ask every bot seat through the address of ``policy.choose`` compiled as an
entry (``bot_entry``); a searching seat's play-outs run the rules engine inside the
search's own entry (``search.search_entry``), reached through the state as well, and
compiled only when a seat searches.
"""

from __future__ import annotations

import numpy as np

from sim.games import policies
from sim.games.pillars import layout as L
from sim.games.pillars.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.rng import N_STREAMS
from strategies.kit import search_addresses as shared_search_addresses
from strategies.kit import seat_rows
from strategies.pillars.features import NF, ROW
from strategies.pillars.policy import SEARCH, choose
from strategies.pillars.search import scratch as scratch  # (the runner layer's)
from strategies.pillars.search import search_entry
from strategies.pillars.skill import DEFAULT_HORIZON, DEFAULT_SAMPLES, seat_bot
from strategies.pillars.skill import STRATEGY_NAMES as STRATEGY_NAMES
from strategies.skill_levels import SKILLS as SKILLS  # the runner's names

SIZES = (L.STATE_SIZE, MAX_OPTIONS, OPT_WIDTH, N_STREAMS)  # the arrays the entry is handed


def _entry(s_at, T, W_at, rows, columns, opts_at, n, seat, kind, rng_at):
    s, W, opts, rng = policies.views(s_at, W_at, rows, columns, opts_at, rng_at, SIZES)
    return choose(s, T, W, opts, n, seat, kind, rng)


def seats(names, skill: str, samples: int, horizon: int,
          rows) -> tuple[np.ndarray, np.ndarray]:
    """(policy code per seat, weights: one row per seat) of seats playing ``names`` at
    ``skill`` with a search budget of ``samples`` play-outs per candidate turn, each
    ``horizon`` rounds long; ``rows``: per seat, a weight row replacing its preset's, or
    None."""
    return seat_rows(seat_bot, names, skill, samples, horizon, rows, (L.MAX_PLAYERS, ROW), NF)


def seat_weights(strategies: tuple[str, ...], skill: str) -> np.ndarray:
    """``W`` (``contract.GameBots``): one row per seat, the run's default search budget."""
    return seats(strategies, skill, DEFAULT_SAMPLES, DEFAULT_HORIZON, ())[1]


def bot_entry(packed: np.ndarray) -> int:
    """Address of the bots' ``choose`` compiled for ``packed``'s record type."""
    return policies.entry_address(_entry, choose, packed)


choose_entry = bot_entry  # (contract.GameBots)


def search_addresses(content, codes: np.ndarray, room: np.ndarray) -> np.ndarray:
    """The search entry's address and that of the scratch ``room`` (``scratch()``, one per
    thread), or zeros when no seat searches (the entry is compiled only when one does)."""
    return shared_search_addresses(search_entry, bool((codes == SEARCH).any()), content, room)
