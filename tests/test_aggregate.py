"""The aggregation layer: whole games per chunk whatever the batch size, and tallies that
give the figures of the rows they saw, merged in any chunking."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from sim.aggregate.scan import categories, open_data, whole_games
from sim.aggregate.tallies import Histograms, Moments, Sums


def _shards(folder, games_per_shard=(7, 5), players=3):
    first = 0
    for i, games in enumerate(games_per_shard):
        game = np.repeat(np.arange(first, first + games), players)
        pq.write_table(pa.table({"cell": np.zeros(game.size, np.int32), "game": game,
                                 "seat": np.tile(np.arange(players), games).astype(np.int8),
                                 "role": np.array(["a", "b", "c"], dtype=object)[game % 3]}),
                       folder / f"part-{i:05d}.parquet", row_group_size=4)
        first += games
    return first


@pytest.mark.parametrize("rows", [1, 2, 4, 5, 1000])
def test_chunks_hold_whole_games_in_order(tmp_path, rows):
    games = _shards(tmp_path)
    chunks = list(whole_games(open_data(tmp_path), 0, ["game", "seat", "role"], rows=rows))
    game = np.concatenate([c["game"].to_numpy() for c in chunks])
    assert np.array_equal(game, np.repeat(np.arange(games), 3))
    assert all(c.num_rows % 3 == 0 for c in chunks)
    names, codes = categories(chunks[-1]["role"])  # read as a dictionary
    assert [names[c] for c in codes[-3:]] == ["c", "c", "c"]  # game 11


def test_other_cells_are_left_out(tmp_path):
    _shards(tmp_path)
    assert list(whole_games(open_data(tmp_path), 1, ["game"])) == []


def test_moments_merge_like_one_pass():
    rng = np.random.default_rng(0)
    values = rng.normal(3, 2, 1000)
    merged = Moments()
    for part in np.array_split(values, 7):
        merged.add(part)
    merged.add_zeros(10)
    whole = np.r_[values, np.zeros(10)]
    assert merged.n == whole.size
    assert merged.mean == pytest.approx(whole.mean(), rel=1e-12)
    assert merged.std == pytest.approx(whole.std(ddof=1), rel=1e-12)
    constant = Moments()
    for _ in range(3):
        constant.add(np.full(5, 0.5))
    assert constant.std == 0.0  # exactly: no variance appears from merging


def test_sums_and_histograms_by_code():
    sums, hist = Sums(), Histograms()
    for _ in range(2):
        sums.add_coded(["x", "y", "z"], np.array([0, 0, 2]), np.array([0.5, 1.0, 2.0]))
        hist.add_coded(["x", "y", "z"], np.array([0, 0, 2]), np.array([4, 4, 9]))
    assert sums.count == {"x": 4, "z": 2} and sums.total == {"x": 3.0, "z": 4.0}
    values, counts = hist.of("x")
    assert values.tolist() == [4] and counts.tolist() == [4]
    assert "y" not in hist.counts


def test_histograms_keep_the_lowest_game_of_each_value_over_chunks():
    """Chunks come in game order (a scan of whole games), so the first game seen wins."""
    hist = Histograms()
    hist.add_coded(["x", "y"], np.array([0, 0, 1, 0]), np.array([4, 7, 4, 4]), np.array([3, 5, 5, 6]))
    hist.add_coded(["x", "y"], np.array([0, 1, 0]), np.array([7, 4, 9]), np.array([7, 8, 8]))
    assert hist.first_game == {"x": {4: 3, 7: 5, 9: 8}, "y": {4: 5}}
    assert hist.of("x")[1].tolist() == [2, 2, 1]  # the counts are the same as without games
