"""Dataset columns built from the engines' integer arrays."""

import numpy as np
import pyarrow as pa

from sim.games.play_profile import column


def labels(codes: np.ndarray, names) -> pa.Array:
    """A string column from integer codes into ``names``, built in Arrow (no Python per row)."""
    return pa.array(list(names), pa.string()).take(pa.array(codes, pa.int32()))


def profile_columns(mechanisms, use: np.ndarray, seats: int) -> dict[str, pa.Array]:
    """One int32 column ``use_<name>`` per play-profile mechanism (``sim.games.play_profile``)
    from ``use``, the counts as [game, seat, mechanism] in the mechanisms' order: a row per
    (game, seat) of the first ``seats`` seats, game by game."""
    rows = use[:, :seats].reshape(-1, use.shape[2])
    return {column(m): pa.array(np.ascontiguousarray(rows[:, k]), pa.int32())
            for k, m in enumerate(mechanisms)}
