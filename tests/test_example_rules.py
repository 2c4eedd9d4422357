"""Dice Race's own rules on hand-built states (docs/rules/example.md): the tests a game
copied from the template keeps beside the conformance suite."""

import numpy as np
import pytest

from sim.games.example import layout as L
from sim.games.example.content import load_content
from sim.games.example.game import ExampleSetup, _play, _results, _work_arrays, simulate
from sim.games.example.invariants import VIOLATION_NAMES
from sim.games.example.rules import end_turn, rank_of, set_up
from sim.games.registry import get_game, load_runner
from sim.runner import RunError


@pytest.fixture(scope="module")
def content():
    load_runner(get_game("example"))  # hands in the bots
    return load_content()


def _table(content, scores: list[int], turn: int = 0, round_: int = 1) -> np.ndarray:
    s = np.zeros(L.STATE_SIZE, np.int32)
    set_up(s, content.tables, len(scores))
    s[L.SCORE:L.SCORE + len(scores)] = scores
    s[L.TURN], s[L.ROUND] = turn, round_
    return s


def test_banking_the_target_ends_the_game_at_once_s4(content):
    s = _table(content, [100, 99, 0], turn=0)
    end_turn(s)
    assert s[L.GAME_OVER] == 1 and s[L.END_REASON] == L.END_TARGET and s[L.TURN] == 0


def test_the_last_seat_ends_the_round_and_the_safety_stop_ends_the_game_s4(content):
    s = _table(content, [10, 20, 30], turn=2, round_=7)
    end_turn(s)
    assert (s[L.TURN], s[L.ROUND], s[L.GAME_OVER]) == (0, 8, 0)
    s = _table(content, [10, 20, 30], turn=2, round_=L.MAX_ROUNDS)
    end_turn(s)
    assert s[L.GAME_OVER] == 1 and s[L.END_REASON] == L.END_ROUND_LIMIT


def test_tied_seats_share_a_rank_s4(content):
    s = _table(content, [40, 70, 40, 10])
    assert [rank_of(s, seat) for seat in range(4)] == [2, 1, 2, 4]


def test_a_game_without_a_policy_is_marked_broken_never_played_blind(content):
    no_policy = (np.zeros((L.MAX_SEATS, 3)), np.zeros(L.RUNTIME_SIZE, np.int64))
    out = _results(1)
    assert _play(content, no_policy, _work_arrays(0), 0, 0, 2, out, 0, 1)
    assert VIOLATION_NAMES[out["violation"][0]] == "no_policy"


def test_a_die_without_a_bust_face_is_refused_in_one_line():
    with pytest.raises(ValueError, match=r"^content.toml: die.faces: needs a bust face \(0\)"):
        load_content(overrides={"die.faces": [1, 2, 3]})


def test_a_bigger_die_face_scores_more(content):
    """A studio's content changes the game without code: a 6 worth 20 lifts the scores."""
    setup = ExampleSetup(players=2, strategies=("balanced", "balanced"))
    base = simulate(content, setup, 3, 0, 400)["score"].sum()
    lifted = simulate(load_content(overrides={"die.faces.5": 20}), setup, 3, 0, 400)["score"].sum()
    assert lifted > base


def test_a_runner_without_its_bots_says_how_to_load_it(monkeypatch, content):
    from sim.games.example import game
    monkeypatch.setattr(game, "_bots", [])
    with pytest.raises(RunError, match="load the game through sim.games.registry.load_runner"):
        simulate(content, ExampleSetup(players=2, strategies=("random", "random")), 0, 0, 1)
