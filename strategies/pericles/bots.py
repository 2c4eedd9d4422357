"""What `sim ladder` and `sim tune` need from Age of Pericles bots: play games with
named strategies, some seats holding an explicit weight row instead of their preset."""

from __future__ import annotations

import dataclasses

import numpy as np

from sim.games.pericles import runner
from strategies.pericles.features import FEATURE_NAMES
from strategies.pericles.presets import HAND_MADE, PRESETS, write_preset

__all__ = ["FEATURE_NAMES", "HAND_MADE", "PRESETS", "write_preset", "weights_player"]
STAND_IN = "balanced"  # a heuristic preset whose weights an explicit row replaces


def weights_player(content, players: int, seed: int):
    """``play(per_seat, rows, first, count)``: games ``first..first+count-1`` of run ``seed``
    with strategy names ``per_seat``; ``rows`` maps a seat to a weight row played instead
    of its preset. Returns the [game, seat] won array of the real seats."""
    def play(per_seat: tuple[str, ...], rows: dict[int, np.ndarray], first: int,
             count: int) -> np.ndarray:
        names = tuple(STAND_IN if seat in rows else name for seat, name in enumerate(per_seat))
        setup = runner.make_setup(content, players, dict(runner.SETTINGS), names, "tune")
        explicit = tuple(tuple(float(x) for x in rows[seat]) if seat in rows else None
                         for seat in range(players))
        setup = dataclasses.replace(setup, weights=explicit)
        return runner.simulate(content, setup, seed, first, count)["won"][:, :players]
    return play
