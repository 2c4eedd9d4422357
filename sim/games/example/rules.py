"""Dice Race's rules as kernels (docs/rules/example.md gives the rules they follow).

Each turn the seat rolls the die; a scoring face adds to its turn total, a bust face (0)
loses it and ends the turn; after each scoring roll the seat banks or rolls again. The
first seat to bank the target wins.
"""

import numpy as np

from sim.games.example import layout as L
from sim.games.example.decisions import D_ROLL, HOLD, ROLL
from sim.games.example.events import EV_BUST, EV_HOLD, EV_ROLL
from sim.games.example.invariants import V_CHOICE, V_NO_POLICY, broken
from sim.games.example.params import P_MAX_ROLLS, P_TARGET
from sim.games.example.profile import N_USE, U_BUSTS, U_HOLDS, U_ROLLS
from sim.games.example.seats import ask_policy
from sim.jit import kernel
from sim.rng import below


@kernel
def emit(s, ev, code, a, b):
    """Write one trace row when the game is traced (``ev`` has rows); count it always."""
    k = s[L.EVENTS]
    if k < ev.shape[0]:
        ev[k, 0] = s[L.ROUND]
        ev[k, 1] = s[L.TURN]
        ev[k, 2] = code
        ev[k, 3] = a
        ev[k, 4] = b
    s[L.EVENTS] = k + 1


@kernel
def count_use(s, seat, mechanism):
    s[L.USE + seat * N_USE + mechanism] += 1


@kernel
def best_rival_score(s, seat):
    """The highest banked score among the other seats (bots read the race through it)."""
    best = 0
    for other in range(s[L.N_PLAYERS]):
        if other != seat and s[L.SCORE + other] > best:
            best = s[L.SCORE + other]
    return best


@kernel
def decide(s, T, W, runtime, opts, n, seat, kind, rng):
    """The seat's choice among ``opts[:n]``: a lone option is taken without asking, else
    the policy handed in chooses. A game without a policy, or given an index out of
    range, is marked broken and takes option 0."""
    if n == 1:
        return 0
    s[L.DECISIONS] += 1
    choice = ask_policy(s, T, W, runtime, opts, np.int64(n), np.int64(seat), np.int64(kind), rng)
    if choice == -1:
        broken(s, V_NO_POLICY)
        return 0
    if not 0 <= choice < n:
        broken(s, V_CHOICE)
        return 0
    return choice


@kernel
def set_up(s, T, players):
    """A cleared state becomes the start of a game of ``players`` seats (rules §1)."""
    s[L.N_PLAYERS] = players
    s[L.TARGET] = T.params[P_TARGET]
    s[L.ROUND] = 1


@kernel
def play_turn(s, T, W, runtime, opts, rng, ev):
    """One seat's turn: roll until a bust, a hold, or the last roll a turn allows (§2, §3)."""
    seat = s[L.TURN]
    s[L.ROLLS] = 0
    s[L.TURN_TOTAL] = 0
    while True:
        face = T.faces[below(rng, L.STREAM_DICE, T.n_faces[0])]
        s[L.ROLLS] += 1
        count_use(s, seat, U_ROLLS)
        if face == 0:
            emit(s, ev, EV_ROLL, face, 0)
            emit(s, ev, EV_BUST, s[L.TURN_TOTAL], 0)
            count_use(s, seat, U_BUSTS)
            s[L.TURN_TOTAL] = 0
            return
        s[L.TURN_TOTAL] += face
        emit(s, ev, EV_ROLL, face, s[L.TURN_TOTAL])
        opts[0, 0] = HOLD
        opts[1, 0] = ROLL
        may_roll = s[L.ROLLS] < T.params[P_MAX_ROLLS]
        if decide(s, T, W, runtime, opts, 2 if may_roll else 1, seat, D_ROLL, rng) == 0:
            s[L.SCORE + seat] += s[L.TURN_TOTAL]
            emit(s, ev, EV_HOLD, s[L.TURN_TOTAL], s[L.SCORE + seat])
            count_use(s, seat, U_HOLDS)
            s[L.TURN_TOTAL] = 0
            return


@kernel
def end_turn(s):
    """The game ends when the seat has banked the target (§4); otherwise the next seat
    plays, and a new round starts after the last seat, up to the engine's safety stop."""
    seat = s[L.TURN]
    if s[L.SCORE + seat] >= s[L.TARGET]:
        s[L.GAME_OVER] = 1
        s[L.END_REASON] = L.END_TARGET
        return
    if seat + 1 < s[L.N_PLAYERS]:
        s[L.TURN] = seat + 1
        return
    if s[L.ROUND] == L.MAX_ROUNDS:
        s[L.GAME_OVER] = 1
        s[L.END_REASON] = L.END_ROUND_LIMIT
        return
    s[L.TURN] = 0
    s[L.ROUND] += 1


@kernel
def rank_of(s, seat):
    """1 plus the seats with more points: tied seats share a rank (§4)."""
    rank = 1
    for other in range(s[L.N_PLAYERS]):
        if s[L.SCORE + other] > s[L.SCORE + seat]:
            rank += 1
    return rank
