"""Dice Race as the runner sees it: a cell's setup in, result columns out.

The seats' policies come from the bots module the registry names, handed in by the
runner layer (``use_bots``, called by ``registry.load_runner``): these rules import
nothing of ``strategies/``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from sim.games.example import layout as L
from sim.games.example.content import Content
from sim.games.example.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.example.engine import play_batch, play_one
from sim.games.example.events import EV_COLS
from sim.games.example.profile import N_USE
from sim.games.state_layout import refuse_mismatch
from sim.rng import N_STREAMS
from sim.rotation import runs, variants
from sim.runner import RunError
from sim.threads import in_chunks

# Games a thread takes at a time (sim.threads): long enough that starting one costs next
# to nothing, short enough that threads end a batch close together.
CHUNK = 1024
DEFAULT_SKILL = "default"

_bots: list[Any] = []  # the bots module handed in (contract.GameBots), once per process


def use_bots(bots: Any) -> None:
    """Keep the bots module whose policies the seats play (``contract.HandsInBots``)."""
    _bots[:] = [bots]


def handed_in_bots() -> Any:
    if not _bots:
        raise RunError("example: no bots were handed in ; load the game through "
                       "sim.games.registry.load_runner, which hands in its bots module")
    return _bots[0]


@dataclass(frozen=True)
class ExampleSetup:
    """What one cell fixes: the seats and their strategies."""

    players: int
    strategies: tuple[str, ...]  # one per seat
    skill: str = DEFAULT_SKILL  # how well the heuristic seats play (the bots' SKILL_LEVELS)


def _policy(content: Content, setup: ExampleSetup) -> tuple[np.ndarray, np.ndarray]:
    """(W, runtime): the seats' weight rows and the runtime vector with the policy's
    address, both from the bots handed in."""
    bots = handed_in_bots()
    W = np.ascontiguousarray(bots.seat_weights(setup.strategies, setup.skill), np.float64)
    runtime = np.zeros(L.RUNTIME_SIZE, np.int64)
    runtime[L.RT_POLICY] = bots.choose_entry(content.packed)
    return W, runtime


def _work_arrays() -> tuple[np.ndarray, ...]:
    """One thread's state, option rows, random streams and (no) event rows."""
    return (np.zeros(L.STATE_SIZE, np.int32), np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32),
            np.zeros(N_STREAMS, np.uint64), np.zeros((0, EV_COLS), np.int32))


def simulate(content: Content, setup, run_seed: int, first_index: int,
             count: int) -> dict[str, np.ndarray]:
    """Play games first_index .. first_index + count - 1; arrays indexed [game, seat].
    ``setup``: an ExampleSetup, or a ``sim.rotation.Rotated`` one per assignment."""
    every = variants(setup)
    policies = [_policy(content, one) for one in every]
    m = L.MAX_SEATS
    out = {
        "score": np.zeros((count, m), np.int32),
        "won": np.zeros((count, m), np.int32),
        "rank": np.zeros((count, m), np.int32),
        "rounds": np.zeros(count, np.int32),
        "end_reason": np.zeros(count, np.int32),
        "decisions": np.zeros(count, np.int32),
        "violation": np.zeros(count, np.int32),
        "use": np.zeros((count, m, N_USE), np.int32),
    }

    def play(k: int, start: int, stop: int) -> bool:
        W, runtime = policies[k]
        rows = slice(start, stop)
        return play_batch(L.LAYOUT_KEY, content.packed, W, runtime, *_work_arrays(), run_seed,
                          first_index + start, stop - start, every[k].players,
                          out["score"][rows], out["won"][rows], out["rank"][rows],
                          out["rounds"][rows], out["end_reason"][rows], out["decisions"][rows],
                          out["violation"][rows], out["use"][rows])

    refuse_mismatch(play(0, 0, 0), "example")  # no game: the compiled layout is checked first
    in_chunks(count, CHUNK, lambda start, stop: all(
        play(k, a, b) for a, b, k in runs(first_index, start, stop, len(every))))
    return out


def play_traced(content: Content, setup: ExampleSetup, run_seed: int, game_index: int = 0,
                max_events: int = 20000) -> tuple[np.ndarray, np.ndarray]:
    """One game and its event rows (events.py): (final state, events)."""
    W, runtime = _policy(content, setup)
    state, events, played = play_one(L.LAYOUT_KEY, content.packed, W, runtime, run_seed,
                                     game_index, setup.players, max_events)
    refuse_mismatch(played, "example")
    return state, events
