"""Policy dispatch for Age of Pericles: each seat's strategy picks one legal option.

A policy sees the state, the legal options the engine wrote into ``opts`` and its own
random stream. It must read only what its seat could see at the table.
"""

from sim.jit import njit
from sim.rng import STREAM_BOT, below

RANDOM_LEGAL = 0
STRATEGY_CODES = {"random": RANDOM_LEGAL}


@njit
def choose(s, tables, weights, opts, n, seat, kind, rng):
    """Index of the option ``seat`` takes among the first ``n`` rows of ``opts``."""
    # Only the random-legal policy exists so far; every strategy code plays it.
    return below(rng, STREAM_BOT + seat, n)
