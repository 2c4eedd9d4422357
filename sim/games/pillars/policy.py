"""The rules' own policies of Pillars of Heracles, beside the bots the runner layer hands in
(sim.games.policies): each seat's code in the state's ``POLICY`` words says which one
``rules.core.decide`` asks.

- ``policies.RANDOM_LEGAL`` (0): a legal option uniformly at random from the seat's own
  stream;
- ``FIRST_OPTION``: the first legal option;
- ``SCRIPTED`` (for tests and worked examples, and ``sim score``'s End Ships): the choices
  listed in ``W``'s first row from column ``W_SCRIPT`` on, read at ``W[0, W_CURSOR]``, by
  option row (``W[0, W_MODE] == SCRIPT_ROWS``) or by the value in option column 0
  (``SCRIPT_VALUES``); past its end the first option is taken. A script reads its entry
  at a lone option too, so it lists every decision in order. A scripted value no option
  holds sets ``W[0, W_MODE]`` to ``SCRIPT_MISSED`` so that a test sees the script went
  wrong, and the first option is taken from then on. A value from ``PAIR`` up
  (``pair(a, b)``) matches option columns 0 and 1 both;
- a code above 0: the seat's bot, asked through the entry whose address is in the
  state's ``BOT_ENTRY`` words. A bot whose code has the ``TOLD_OF_TURNS`` bit is also
  told when its seat's turn starts and when it ends (kinds ``TURN_START`` and
  ``TURN_END``, no option), so that it may plan the turn ahead and drop the plan after;
  a bot that plans nothing is spared two calls a turn.
"""

import numpy as np

from sim.games import policies
from sim.games.pillars import layout as L
from sim.jit import kernel

FIRST_OPTION, SCRIPTED = -1, -2
TURN_START, TURN_END = -1, -2  # the kinds of the notices a bot gets about its seat's turn
TOLD_OF_TURNS = 1 << 8  # the bit of a bot's code (above 0) that asks for those notices
SCRIPT_ROWS, SCRIPT_VALUES, SCRIPT_MISSED = 3, 4, -1
W_MODE, W_CURSOR, W_SCRIPT = 0, 1, 2  # a script's columns in W's first row
PAIR, PAIR_SPAN, PAIR_OFFSET = 1 << 40, 1 << 20, 1 << 19  # exact in float64 (below 2**53)
RANDOM_LEGAL = policies.RANDOM_LEGAL


def pair(a: int, b: int) -> int:
    """A scripted value matching an option whose columns 0 and 1 hold ``a`` and ``b``."""
    return PAIR + (a + PAIR_OFFSET) * PAIR_SPAN + (b + PAIR_OFFSET)


def script(values, mode: int = SCRIPT_VALUES) -> np.ndarray:
    """``W`` of a scripted game: these choices in order, by option value or row (``mode``)."""
    W = np.zeros((1, W_SCRIPT + len(values)), np.float64)
    W[0, W_MODE] = mode
    W[0, W_SCRIPT:] = values
    return W


def every_seat_plays(s: np.ndarray, code: int) -> None:
    """Every seat of ``s`` plays the policy ``code`` (a state built by hand, not a run's)."""
    s[L.POLICY:L.POLICY + L.MAX_PLAYERS] = code


@kernel
def scripted(W, opts, n):
    """The row of ``opts[:n]`` the script in ``W``'s first row takes next; after a miss,
    the first option."""
    at = np.int64(W[0, W_CURSOR])
    if W[0, W_MODE] == SCRIPT_MISSED or W_SCRIPT + at >= W.shape[1]:
        return 0
    W[0, W_CURSOR] = at + 1
    want = np.int64(W[0, W_SCRIPT + at])
    if W[0, W_MODE] == SCRIPT_ROWS:
        if 0 <= want < n:
            return want
        W[0, W_MODE] = SCRIPT_MISSED
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
    W[0, W_MODE] = SCRIPT_MISSED
    return 0
