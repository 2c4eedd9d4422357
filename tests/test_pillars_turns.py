"""Whole turns (p. 8; sim/games/pillars/rules/advance.py) played by the random-legal
stand-in policy from a fresh setup on both board sides at 2, 3 and 4 players: every
state invariant holds after every turn, and a game is a function of its seed. These play
a fixed number of rounds; whole games, to their end, are tests/test_pillars_game.py's."""

import itertools

import numpy as np
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import SIDES
from sim.games.pillars.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pillars.events import EV_COLS, EVENT_NAMES
from sim.games.pillars.invariants import V_OK, VIOLATION_NAMES, check_state
from sim.games.pillars.rules.advance import TURN_SCRATCH, play_turn
from sim.games.pillars.rules.spend import WORK
from sim.rng import N_STREAMS, seed_streams
from tests.pillars_fixtures import CONTENT, T, game, random_legal

ROUNDS = 25


def play(side, players, seed, rounds=ROUNDS):
    s = game(side, players, seed=seed)
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(rng, seed, 0)
    W = random_legal(s)
    ev = np.zeros((4096, EV_COLS), np.int32)
    work = np.zeros(WORK, np.int32)
    scratch = np.zeros(TURN_SCRATCH, np.int32)
    opts = np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32)
    names = set()
    for r in range(1, rounds + 1):
        s[L.ROUND] = r
        for seat in range(players):
            s[L.EVENTS] = 0
            play_turn(s, T, W, ev, seat, work, scratch, opts, rng)
            names |= {EVENT_NAMES[c] for c in ev[:s[L.EVENTS], 2]}
            v = check_state(s, T)
            assert v == V_OK, f"{side} {players}p seed {seed} round {r} seat {seat}: {VIOLATION_NAMES[v]}"
            steps = s[L.TRACK_STEP:L.TRACK_STEP + L.MAX_PLAYERS * L.N_TRACKS]
            assert steps.min() >= 0 and steps.max() <= 5
            assert (s[L.CREDIT:L.CREDIT + L.MAX_PLAYERS * L.N_RESOURCES] == 0).all()
    return s, names


@pytest.mark.parametrize("side, players", list(itertools.product(SIDES, (2, 3, 4))))
def test_random_turns_keep_every_invariant(side, players):
    seen = set()
    for seed in range(6):
        _, names = play(side, players, seed)
        seen |= names
    # the turn's common procedures all come up
    for name in ("rondel_move", "spend", "deploy", "build", "ascend", "procure", "move",
                 "replenish", "track_step", "explore", "prophecy_fulfilled", "card_ability",
                 "invoke", "ability_step"):
        assert name in seen, name


def test_rarer_procedures_come_up_in_random_play():
    """Each comes up in a few random games in fifty or more (a Siege in 2 of these 48): 48
    games see them all."""
    seen = set()
    for seed in range(48):
        seen |= play("mediterranean", 3, seed)[1]
    for name in ("settle", "population_reward", "siege_place", "siege", "domination",
                 "city_evaluation", "gain_city"):
        assert name in seen, name


def test_a_game_is_a_function_of_its_seed():
    a, _ = play("aegean", 3, 11, rounds=12)
    b, _ = play("aegean", 3, 11, rounds=12)
    c, _ = play("aegean", 3, 12, rounds=12)
    assert (a == b).all() and not (a == c).all()
    assert not CONTENT.packed.flags.writeable  # no test changed the shipped tables
