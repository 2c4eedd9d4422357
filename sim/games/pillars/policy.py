"""The policies of Pillars of Heracles: the first legal option, the bots (each seat a
random legal option from its own stream or the heuristic of ``strategies.pillars``, with
its weights and its share of mistakes, random legal options from its own stream; a
searching seat's turn planned by ``strategies.pillars.search`` in ``s[L.PLAN]``), a random
legal option for every seat, or a script.

``W`` is an int64 vector: ``W[W_MODE]`` picks the policy; for the bots the rest is laid
out by ``strategies.pillars.entry``. A script (for tests and worked
examples) lists choices from ``W[W_SCRIPT]`` on, read at ``W[W_CURSOR]``: by option row
(``SCRIPT_ROWS``) or by the value in option column 0 (``SCRIPT_VALUES``); past its end
the first option is taken. A scripted value no option holds sets ``W[W_MODE]`` to
``SCRIPT_MISSED`` so that a test sees the script went wrong. A value from ``PAIR`` up
(``pair(a, b)``) matches option columns 0 and 1 both.
"""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_PLAY, D_RONDEL, D_TURN
from sim.games.pillars.events import TURN_ADVANCE
from sim.jit import kernel
from sim.rng import STREAM_BOT, below
from strategies.pillars.entry import (
    MISTAKE_SCALE,
    SEAT_RANDOM,
    W_MISTAKES,
    W_SEATS,
    ask_heuristic,
)

# The modes below SCRIPT_ROWS take a lone option without asking (rules.core.decide).
FIRST, RANDOM_LEGAL, BOTS, SCRIPT_ROWS, SCRIPT_VALUES = 0, 1, 2, 3, 4
SCRIPT_MISSED = -1
W_MODE, W_CURSOR, W_SCRIPT = 0, 1, 2
PAIR, PAIR_SPAN, PAIR_OFFSET = 1 << 40, 1 << 20, 1 << 19


def pair(a: int, b: int) -> int:
    """A scripted value matching an option whose columns 0 and 1 hold ``a`` and ``b``."""
    return PAIR + (a + PAIR_OFFSET) * PAIR_SPAN + (b + PAIR_OFFSET)


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


@kernel
def choose(s, T, W, opts, n, seat, kind, rng):
    """The row of ``opts[:n]`` the seat's policy takes."""
    mode = W[W_MODE]
    if mode == RANDOM_LEGAL or (mode == BOTS and W[W_SEATS + seat] == SEAT_RANDOM):
        return below(rng, STREAM_BOT + seat, n)
    if mode == BOTS:
        k = planned(s, opts, n, seat, kind)
        if k >= 0:
            return k
        mistakes = W[W_MISTAKES + seat]
        if mistakes > 0 and below(rng, STREAM_BOT + seat, MISTAKE_SCALE) < mistakes:
            return below(rng, STREAM_BOT + seat, n)
        return ask_heuristic(s, T, W, opts, n, seat, kind)
    if mode == SCRIPT_ROWS or mode == SCRIPT_VALUES:
        at = W[W_CURSOR]
        if W_SCRIPT + at >= W.shape[0]:
            return 0
        W[W_CURSOR] = at + 1
        want = W[W_SCRIPT + at]
        if mode == SCRIPT_ROWS:
            if 0 <= want < n:
                return want
            W[W_MODE] = SCRIPT_MISSED
            return 0
        if want >= PAIR:
            a = (want - PAIR) // PAIR_SPAN - PAIR_OFFSET
            b = (want - PAIR) % PAIR_SPAN - PAIR_OFFSET
            for k in range(n):
                if opts[k, 0] == a and opts[k, 1] == b:
                    return k
        for k in range(n):
            if opts[k, 0] == want:
                return k
        W[W_MODE] = SCRIPT_MISSED
        return 0
    return 0
