"""Policy dispatch for Age of Pericles: each seat's strategy picks one legal option.

A policy sees the state, the legal options the engine wrote into ``opts``, its seat's
weight row and its own random stream. It reads only what its seat could see at the
table. Strategy code 0 plays uniformly among the legal options; every named preset
(``presets/*.toml``) plays the heuristic with that preset's weights.
"""

from sim.games.pericles.layout import STRATEGY
from sim.jit import kernel
from sim.rng import STREAM_BOT, below
from strategies.pericles.entry import ask_heuristic
from strategies.pericles.presets import PRESET_NAMES

RANDOM_LEGAL = 0
HEURISTIC = 1
# The first name is the default strategy of a plain `sim run`.
STRATEGY_CODES = {name: HEURISTIC for name in PRESET_NAMES} | {"random": RANDOM_LEGAL}


@kernel
def choose(s, tables, weights, opts, n, seat, kind, rng):
    """Index of the option ``seat`` takes among the first ``n`` rows of ``opts``."""
    if s[STRATEGY + seat] == RANDOM_LEGAL:
        return below(rng, STREAM_BOT + seat, n)
    return ask_heuristic(s, tables, weights[seat], opts, n, seat, kind, rng)
