"""Dataset columns built from the engines' integer arrays."""

import numpy as np
import pyarrow as pa

from sim.games.play_profile import column
from sim.rotation import seat_names, variants


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


class SeatRows:
    """A competitive game's batch as dataset rows: one per (game, seat) of the cell's
    seats, game by game; a game's values repeat on each of its rows."""

    def __init__(self, cell_setup, out: dict[str, np.ndarray]):
        self.cell_setup = cell_setup
        self.setup = variants(cell_setup)[0]  # the seats' count and settings, alike in every one
        self.seats = self.setup.players
        self.games = out["rounds"].shape[0]

    def per_game(self, values: np.ndarray) -> np.ndarray:
        return np.repeat(values, self.seats)

    def per_seat(self, values: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(values[:, :self.seats]).ravel()

    def outcome(self, out: dict[str, np.ndarray], first_index: int, cell: int,
                strategies: tuple[str, ...], glory: np.ndarray,
                end_reasons: tuple[str, ...]) -> dict[str, pa.Array]:
        """The columns every competitive game's rows start with, in the dataset's order:
        the cell, game, seat and player count, each seat's strategy (``strategies`` of an
        unrotated setup), the win, the win's share among the game's winners, ``glory``
        (a seat's final points), the rank, the rounds and the end's reason."""
        p, count = self.seats, self.games
        won = out["won"][:, :p]
        winners = won.sum(axis=1, keepdims=True)
        share = np.divide(won, winners, out=np.zeros(won.shape), where=winners > 0)
        return {
            "cell": pa.array(np.full(count * p, cell, np.int32)),
            "game": pa.array(self.per_game(np.arange(first_index, first_index + count,
                                                     dtype=np.int64))),
            "seat": pa.array(np.tile(np.arange(p, dtype=np.int8), count)),
            "players": pa.array(np.full(count * p, p, np.int8)),
            "strategy": labels(*seat_names(self.cell_setup, first_index, count, p, strategies)),
            "won": pa.array(self.per_seat(out["won"]).astype(bool)),
            "win_share": pa.array(share.ravel()),
            "glory": pa.array(self.per_seat(glory)),
            "rank": pa.array(self.per_seat(out["rank"]).astype(np.int8)),
            "rounds": pa.array(self.per_game(out["rounds"]).astype(np.int16)),
            "end_reason": labels(self.per_game(out["end_reason"]), end_reasons),
        }
