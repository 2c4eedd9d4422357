"""The gate's streamed figures equal the whole-cell ones, whatever the chunk boundaries."""

import numpy as np
import pytest

from sim.gate.outcomes import Outcomes, concat
from sim.gate.paired import compare
from sim.gate.summary import summarise
from sim.gate.tolerance import Tolerance


def outcomes(seed: int, games: int = 600) -> Outcomes:
    rng = np.random.default_rng(seed)
    winner = rng.integers(0, 3, games)
    ends = rng.choice(3, games, p=[0.6, 0.39, 0.01])  # a rare end reason, missing from most chunks
    role = np.array([rng.permutation(4)[:3] for _ in range(games)])
    return Outcomes(games=np.arange(games), win_share=np.eye(3)[winner],
                    rounds=rng.integers(4, 8, games), end_reason=ends,
                    end_names=["delian_league", "parthenon", "round_limit"],
                    strategies=["random", "balanced", "random"],
                    glory=rng.integers(100, 300, (games, 3)), pick=role,
                    pick_names=["matriarch", "oligarch", "sophist", "veteran"])


def pieces(o: Outcomes, cuts: list[int]) -> list[Outcomes]:
    """``o`` cut at ``cuts``, each piece coded only over the names it holds (as from_table)."""
    parts = []
    for index in np.split(np.arange(len(o.games)), cuts):
        part = o.take(index)
        used = np.unique(part.end_reason)
        part.end_reason = np.searchsorted(used, part.end_reason)
        part.end_names = [o.end_names[c] for c in used]
        parts.append(part)
    return parts


def test_chunked_comparison_equals_the_whole():
    a, b = outcomes(1), outcomes(2)
    whole = compare([(0, a, b)], Tolerance())
    streamed = compare([(0, pieces(a, [50, 300, 310]), pieces(b, [200, 420]))], Tolerance())
    assert [(s.measure, s.group) for s in streamed] == [(s.measure, s.group) for s in whole]
    for w, s in zip(whole, streamed, strict=True):
        assert s.n == w.n
        assert (s.before, s.after, s.diff, s.low, s.high, s.p, s.discordant) == pytest.approx(
            (w.before, w.after, w.diff, w.low, w.high, w.p, w.discordant), rel=1e-9, abs=1e-12)


def test_chunked_summary_equals_the_whole_and_chunks_join_back():
    o = outcomes(3)
    parts = pieces(o, [100, 101, 450])
    assert summarise(parts) == summarise(o)
    joined = concat(parts)
    assert joined.end_names == o.end_names
    np.testing.assert_array_equal(joined.end_reason, o.end_reason)
    np.testing.assert_array_equal(joined.glory, o.glory)
