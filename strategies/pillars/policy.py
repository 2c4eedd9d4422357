"""Policy dispatch for Pillars of Heracles: the bots' ``choose`` of the bot contract
(sim.games.policies), compiled into the entry the rules call (``strategies.pillars.players``).

A seat's code (the state's ``POLICY`` words) is ``HEURISTIC`` or ``SEARCH``; random legal
seats are the rules' own and never ask. The heuristic plays with the seat's row of
weights and, below the default skill, its share of mistakes (``features.MISTAKES``: that
share of the decisions taken uniformly at random from the seat's own stream). A
searching seat plans its turn when told the turn starts (``search.py``, through its
entry), and its heuristic then takes the planned turn kind, card and Rondel option; the
plan is dropped when the turn ends.
"""

import numpy as np

from sim.games import policies
from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_PLAY, D_RONDEL, D_TURN
from sim.games.pillars.events import TURN_ADVANCE
from sim.games.pillars.policy import TOLD_OF_TURNS, TURN_END, TURN_START
from sim.jit import compiled_in_caller, kernel
from sim.rng import STREAM_BOT, below
from strategies.pillars.entry import ask_search
from strategies.pillars.features import MISTAKES, NF
from strategies.pillars.heuristic import heuristic_choose

RANDOM_LEGAL = policies.RANDOM_LEGAL  # the rules draw its choices themselves
HEURISTIC = 1
# A heuristic seat that follows a plan, as a searching seat does in its own play-outs:
# told when its turn ends, it drops the plan then.
PLANNED = HEURISTIC | TOLD_OF_TURNS
SEARCH = 2 | TOLD_OF_TURNS  # told when its turn starts, it plans the turn
MISTAKE_SCALE = 1_000_000  # a mistake is drawn as one of this many equal chances


@kernel
def planned(s, opts, n, seat, kind):
    """The row the seat's planned turn takes at a decision of ``kind``, -1 for none: the
    turn kind, the card played (by its row), the Rondel option's row. The plan ends with
    its last choice; a planned choice no option holds ends it as missed (-1)."""
    if s[L.PLAN] != seat + 1 or (kind != D_TURN and kind != D_PLAY and kind != D_RONDEL):
        return -1
    if kind == D_RONDEL:
        s[L.PLAN] = 0 if s[L.PLAN + 3] < n else -1
        return s[L.PLAN + 3] if s[L.PLAN + 3] < n else -1
    column, want = (0, s[L.PLAN + 1]) if kind == D_TURN else (1, s[L.PLAN + 2])
    for k in range(n):
        if opts[k, column] == want:
            if kind == D_TURN and want != TURN_ADVANCE:
                s[L.PLAN] = 0  # a Replenish Turn: nothing more to plan
            return k
    s[L.PLAN] = -1
    return -1


@compiled_in_caller  # into its one caller, the entry (players.py)
def choose(s, T, W, opts, n, seat, kind, rng):
    """Index of the option ``seat`` takes among the first ``n`` rows of ``opts``; told
    that its turn starts (``TURN_START``), a searching seat plans the turn."""
    if kind == TURN_START:
        if s[L.POLICY + seat] == SEARCH:
            ask_search(s, T, W, seat, rng)
        return 0
    if kind == TURN_END:
        if s[L.PLAN] > 0:  # a plan lives one turn, whether or not all of it was asked
            s[L.PLAN] = 0  # (one missed, -1, stays for the search to see)
        return 0
    k = planned(s, opts, n, seat, kind)
    if k >= 0:
        return k
    mistakes = np.floor(W[seat, MISTAKES] * MISTAKE_SCALE + 0.5)
    if mistakes > 0 and below(rng, STREAM_BOT + seat, MISTAKE_SCALE) < mistakes:
        return below(rng, STREAM_BOT + seat, n)
    return heuristic_choose(s, T, W[seat, :NF], opts, n, seat, kind)
