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
from sim.games.example.engine import play_batch
from sim.games.example.events import EV_COLS
from sim.games.example.profile import N_USE
from sim.games.result_columns import ResultColumns
from sim.games.state_layout import refuse_mismatch
from sim.rng import N_STREAMS
from sim.rotation import runs, variants
from sim.runner import RunError
from sim.threads import in_chunks

# Games a thread takes at a time (sim.threads): long enough that starting one costs next
# to nothing, short enough that threads end a batch close together.
CHUNK = 1024
DEFAULT_SKILL = "default"
RESULT_COLUMNS = ResultColumns(play_batch, first="score")  # _results' arrays, by name

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


def _work_arrays(max_events: int) -> tuple[np.ndarray, ...]:
    """One thread's state, option rows, random streams and event rows (none: untraced)."""
    return (np.zeros(L.STATE_SIZE, np.int32), np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32),
            np.zeros(N_STREAMS, np.uint64), np.zeros((max_events, EV_COLS), np.int32))


def _results(count: int) -> dict[str, np.ndarray]:
    """The result columns of ``count`` games, [game] or [game, seat(, mechanism)]."""
    per_seat = (count, L.MAX_SEATS)
    return {"score": np.zeros(per_seat, np.int32), "won": np.zeros(per_seat, np.int32),
            "rank": np.zeros(per_seat, np.int32), "rounds": np.zeros(count, np.int32),
            "end_reason": np.zeros(count, np.int32), "decisions": np.zeros(count, np.int32),
            "violation": np.zeros(count, np.int32),
            "use": np.zeros((*per_seat, N_USE), np.int32)}


def _play(content: Content, policy: tuple[np.ndarray, np.ndarray], work: tuple[np.ndarray, ...],
          run_seed: int, first_index: int, players: int, out: dict[str, np.ndarray],
          start: int, stop: int) -> bool:
    """Games ``first_index`` on into rows ``start`` .. ``stop - 1`` of ``out``
    (``engine.play_batch``)."""
    W, runtime = policy
    return play_batch(L.LAYOUT_KEY, content.packed, W, runtime, *work, run_seed, first_index,
                      stop - start, players, *RESULT_COLUMNS.slices(out, start, stop))


def simulate(content: Content, setup, run_seed: int, first_index: int,
             count: int) -> dict[str, np.ndarray]:
    """Play games first_index .. first_index + count - 1; arrays indexed [game, seat].
    ``setup``: an ExampleSetup, or a ``sim.rotation.Rotated`` one per assignment."""
    every = variants(setup)
    policies = [_policy(content, one) for one in every]
    out = _results(count)

    def play(k: int, start: int, stop: int) -> bool:
        return _play(content, policies[k], _work_arrays(0), run_seed, first_index + start,
                     every[k].players, out, start, stop)

    refuse_mismatch(play(0, 0, 0), "example")  # no game: the compiled layout is checked first
    in_chunks(count, CHUNK, lambda start, stop: all(
        play(k, a, b) for a, b, k in runs(first_index, start, stop, len(every))))
    return out


def play_traced(content: Content, setup: ExampleSetup, run_seed: int, game_index: int = 0,
                max_events: int = 20000) -> tuple[np.ndarray, np.ndarray]:
    """One game and its event rows (events.py): (final state, events)."""
    work = _work_arrays(max_events)
    played = _play(content, _policy(content, setup), work, run_seed, game_index, setup.players,
                   _results(1), 0, 1)
    refuse_mismatch(played, "example")
    state, events = work[0], work[3]
    return state, events[:min(int(state[L.EVENTS]), max_events)]
