"""The bots' compiled entry a game reaches through its state, and compiling it on the
second core.

A game calls the bots' ``choose`` (sim.games.policies) through the address that the start
of each game writes into its runtime words. The entry depends on nothing the rules
engine compiles, so on a machine's first run a second Python process compiles it into
Numba's cache while this one compiles the rules (``sim.second_core``,
docs/performance.md).
"""

import numba
import numpy as np

from sim import kernel_cache
from sim.games.contract import GameBots
from sim.second_core import Soon, compiled_soon


def _cache_name(packed: np.recarray) -> str | None:
    """The name the cache folder marks the entry compiled by, for ``packed``'s record type
    (None under NUMBA_DISABLE_JIT: nothing is compiled)."""
    return None if numba.config.DISABLE_JIT else f"pillars bot entry for {numba.typeof(packed[0])}"


def bot_entry(bots: GameBots, packed: np.recarray) -> int:
    """Address of ``bots``' ``choose`` compiled for ``packed``'s record type, marked
    compiled in the cache folder once it is (``sim.kernel_cache``)."""
    address, name = bots.choose_entry(packed), _cache_name(packed)
    if name is not None:
        kernel_cache.mark_compiled("pillars", name)
    return address


# Run by the second process: compile the registry's bots entry for the record type read
# from stdin.
_COMPILE_ENTRY = ("import pickle, sys, numpy as np; from sim.games.registry import get_game, "
                  "load_bots; from sim.games.pillars.entries import bot_entry; "
                  "bot_entry(load_bots(get_game('pillars')), "
                  "np.zeros(1, pickle.load(sys.stdin.buffer)).view(np.recarray))")


def bot_entry_soon(bots: GameBots, packed: np.recarray) -> Soon:
    """``bot_entry(bots, packed)`` to ``get`` later; on a machine's first run (or the first
    after an edit) a second process compiles it meanwhile (``sim.second_core``)."""
    return compiled_soon("pillars", _cache_name(packed), lambda: bot_entry(bots, packed),
                         _COMPILE_ENTRY, packed.dtype)
