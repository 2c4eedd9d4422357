"""Invariant harness for Age of Pericles: many random-legal games per player count and
mode, with the engine's state checker (sim/games/pericles/invariants.py) run after every
Assembly turn as well as after every round (``check_turns``).

Run with ``pytest -s`` to see the end-condition shares and round counts it measured.
"""

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from sim.games.pericles import layout as L
from sim.games.pericles.content import load_content
from sim.games.pericles.events import (
    EV_COMPLETION,
    EV_GAME_END,
    EV_PLACE_CITIZEN,
)
from sim.games.pericles.game import PericlesSetup, play_traced, simulate
from sim.games.pericles.invariants import VIOLATION_NAMES
from sim.games.pericles.ops import CULTURE
from sim.games.pericles.rules.pieces import camp_count

GAMES = 10_000
TRACED = 150
SEED = 20261130
CASES = [(p, sk) for p in (2, 3, 4, 5) for sk in (True, False)]


@pytest.fixture(scope="module")
def content():
    return load_content()


def _ids(case):
    return f"{case[0]}p-{'skills' if case[1] else 'noskills'}"


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_random_games_end_properly_without_violations(content, case):
    players, skills = case
    setup = PericlesSetup(players=players, skills=skills, check_turns=True)
    out = simulate(content, setup, SEED, 0, GAMES)
    bad = np.nonzero(out["violation"])[0]
    assert bad.size == 0, (f"{bad.size} games broke an invariant, first game {bad[0]}: "
                           f"{VIOLATION_NAMES[out['violation'][bad[0]]]}")
    reasons = Counter(L.END_REASON_NAMES[r] for r in out["end_reason"])
    assert set(reasons) <= {"parthenon", "delian_league"}, reasons
    assert reasons["parthenon"] > 0 and reasons["delian_league"] > 0
    real = out["won"][:, :players]
    assert (real.sum(axis=1) >= 1).all()  # somebody wins every game
    assert (out["won"][:, players:] == 0).all() and (out["glory"][:, players:] == 0).all()
    assert (out["sources"].sum(axis=2) == out["glory"]).all()
    rounds = Counter(int(r) for r in out["rounds"])
    shares = ", ".join(f"{k} {v / GAMES:.1%}" for k, v in sorted(reasons.items()))
    dist = ", ".join(f"{k}: {v / GAMES:.1%}" for k, v in sorted(rounds.items()))
    print(f"\n[pericles {_ids(case)}] {GAMES} games; end: {shares}; "
          f"rounds mean {out['rounds'].mean():.2f}; distribution {dist}")


def _expected_placements(round_number):
    """(Small, Large) Citizens a seat places in a full round: real players and the
    Demagogue follow the same schedule (pp. 5, 16, 21)."""
    if round_number == 1:
        return 2, 0
    if round_number == 2:
        return 2, 1
    return 3, 1


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_traced_games_ostracism_unlocks(content, case):
    players, skills = case
    setup = PericlesSetup(players=players, skills=skills, check_turns=True)
    for g in range(TRACED):
        s, ev = play_traced(content, setup, SEED, g)
        assert s[L.VIOLATION] == 0
        assert ev[-1, 3] == EV_GAME_END
        for seat in range(players):
            n = camp_count(s, seat)
            assert s[L.GLORY_SRC + seat * L.N_SOURCES + L.SRC_END_OSTRACISM] == -(n * n)
        last_round = int(s[L.ROUND])
        assembly_done = ev[-1, 1] == L.PHASE_GOVERNANCE
        placed = Counter()
        for row in ev[ev[:, 3] == EV_PLACE_CITIZEN]:
            placed[int(row[0]), int(row[2]), int(row[5])] += 1
        culture = {int(r[0]) for r in ev[(ev[:, 3] == EV_COMPLETION) & (ev[:, 4] == CULTURE)]}
        for r in range(1, last_round + 1):
            if r == last_round and not assembly_done:
                continue
            small, large = _expected_placements(r)
            for seat in range(s[L.N_SEATS]):
                got_small, got_large = placed[r, seat, 1], placed[r, seat, 2]
                assert got_large == large, (g, r, seat)
                extra = 1 if r in culture and seat != s[L.DEMAGOGUE] else 0
                assert small <= got_small <= small + extra, (g, r, seat, got_small)


def test_checking_every_turn_changes_no_game(content):
    """The turn checks only read the state: runs, which skip them, play the same games."""
    for players, strategy in ((3, "balanced"), (5, "random")):
        setup = PericlesSetup(players=players, strategies=(strategy,))
        fast = simulate(content, setup, 21, 0, 200)
        checked = simulate(content, replace(setup, check_turns=True), 21, 0, 200)
        for key, value in fast.items():
            assert np.array_equal(value, checked[key]), key
