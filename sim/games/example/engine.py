"""Play Dice Race games: one with a trace, or a batch (pure in seed and game index)."""

import numpy as np

from sim.games.example import layout as L
from sim.games.example.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.example.events import EV_COLS, EV_GAME_END
from sim.games.example.invariants import check
from sim.games.example.profile import N_USE
from sim.games.example.rules import emit, end_turn, play_turn, rank_of, set_up
from sim.jit import compiled_in_caller, kernel, njit
from sim.rng import N_STREAMS, seed_streams


@compiled_in_caller  # into play_batch, and into play_one for a traced game
def play_game(s, T, W, runtime, opts, rng, ev, players):
    """Set up and play one game to its end, checking the invariants after every turn."""
    set_up(s, T, players)
    check(s)
    while s[L.GAME_OVER] == 0:
        play_turn(s, T, W, runtime, opts, rng, ev)
        end_turn(s)
        check(s)
    emit(s, ev, EV_GAME_END, s[L.END_REASON], 0)


@kernel
def play_batch(layout_key, packed, W, runtime, s, opts, rng, ev, run_seed, first_index, count,
               players, score, won, rank, rounds, end_reason, decisions, violation, use):
    """Play games first_index .. first_index + count - 1 into rows 0 .. count - 1 of the
    result arrays, one after another in the working arrays ``s``, ``opts``, ``rng`` and
    ``ev``; True. Nothing is played, and the result is False, when ``layout_key`` is not
    the layout this code was compiled for (``state_layout``)."""
    if layout_key != L.LAYOUT_KEY:
        return False
    T = packed[0]
    for g in range(count):
        s[:] = 0
        opts[:] = 0
        seed_streams(rng, run_seed, first_index + g)
        play_game(s, T, W, runtime, opts, rng, ev, players)
        best = 0
        for seat in range(players):
            best = max(best, s[L.SCORE + seat])
        for seat in range(players):
            score[g, seat] = s[L.SCORE + seat]
            rank[g, seat] = rank_of(s, seat)
            won[g, seat] = 1 if s[L.SCORE + seat] == best else 0
            for k in range(N_USE):
                use[g, seat, k] = s[L.USE + seat * N_USE + k]
        rounds[g] = s[L.ROUND]
        end_reason[g] = s[L.END_REASON]
        decisions[g] = s[L.DECISIONS]
        violation[g] = s[L.VIOLATION]
    return True


@njit
def play_one(layout_key, packed, W, runtime, run_seed, game_index, players, max_events):
    """One game with its trace: (final state, event rows, True). Nothing is played, and the
    last item is False, when ``layout_key`` is not the layout this code was compiled for."""
    s = np.zeros(L.STATE_SIZE, dtype=np.int32)
    opts = np.zeros((MAX_OPTIONS, OPT_WIDTH), dtype=np.int32)
    rng = np.zeros(N_STREAMS, dtype=np.uint64)
    ev = np.zeros((max_events, EV_COLS), dtype=np.int32)
    if layout_key != L.LAYOUT_KEY:
        return s, ev[:0], False
    seed_streams(rng, run_seed, game_index)
    play_game(s, packed[0], W, runtime, opts, rng, ev, players)
    return s, ev[:min(s[L.EVENTS], max_events)], True
