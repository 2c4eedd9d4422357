"""Policy dispatch for Age of Pericles: each seat's strategy picks one legal option. The
bots' ``choose`` of the bot contract (sim.games.policies), compiled into the entry the rules
call (``strategies.pericles.players``).

A policy sees the state, the legal options the engine wrote into ``opts``, the weight
rows and its own random stream. It reads only what its seat could see at the table.
Strategy code 0 plays uniformly among the legal options; every named preset
(``presets/*.toml``) plays the heuristic with that preset's weights, below the default
skill with mistakes (``features.MISTAKES``: that share of the decisions taken at random);
the search bot (``search.py``) chooses its Citizen's placement by play-outs and plays the
heuristic at every other decision.
"""

from sim.games import policies
from sim.games.pericles.decisions import D_PLACE
from sim.games.pericles.layout import STRATEGY
from sim.jit import compiled_in_caller
from sim.rng import STREAM_BOT, below, uniform
from strategies.pericles import memo
from strategies.pericles.entry import ask_search
from strategies.pericles.features import MISTAKES
from strategies.pericles.heuristic import heuristic_choose

RANDOM_LEGAL = policies.RANDOM_LEGAL  # the rules draw its choices themselves
HEURISTIC = 1
SEARCH = 2


@compiled_in_caller  # into its one caller, the entry (players.py)
def choose(s, tables, weights, opts, n, seat, kind, rng):
    """Index of the option ``seat`` takes among the first ``n`` rows of ``opts``."""
    code = s[STRATEGY + seat]
    if code == RANDOM_LEGAL:
        return below(rng, STREAM_BOT + seat, n)
    mistakes = weights[seat, MISTAKES] if weights.shape[1] > MISTAKES else 0.0
    if mistakes > 0.0 and uniform(rng, STREAM_BOT + seat) < mistakes:
        memo.forget(s)  # the heuristic's memo expects its own choice to follow
        return below(rng, STREAM_BOT + seat, n)
    if code == SEARCH and kind == D_PLACE:
        return ask_search(s, tables, weights, opts, n, seat, rng)
    return heuristic_choose(s, tables, weights[seat], opts, n, seat, kind, rng)
