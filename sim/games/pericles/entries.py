"""The compiled entries a game reaches through its state, and compiling them on the
second core.

A game calls the bots' ``choose`` (sim.games.policies) and the rules kernels compiled apart
(``rules.apart``) through addresses that the start of each game writes into its state.
Those entries depend on nothing else, so on a machine's first run a second Python
process compiles them into Numba's cache while this one compiles the rules
(``sim.second_core``, docs/performance.md).
"""

import numba
import numpy as np

from sim import kernel_cache
from sim.games.pericles.rules.apart import apart
from sim.games.registry import get_game, load_bots
from sim.second_core import Soon, compiled_soon


def entries(packed: np.recarray) -> tuple[int, np.ndarray]:
    """The compiled entries a game reaches through its state, for ``packed``'s record type:
    the bots' (the registry's bots module) and the rules kernels' (``rules.apart``).
    Once compiled they are marked so in the cache folder (``sim.kernel_cache``)."""
    found = load_bots(get_game("pericles")).choose_entry(packed), apart.addresses(packed)
    if not numba.config.DISABLE_JIT:
        kernel_cache.mark_compiled("pericles", _cache_name(numba.typeof(packed[0])))
    return found


def _cache_name(record) -> str:
    return f"pericles entries for {record}"


# Run by the second process: compile the entries for the record type read from stdin.
# Importing the game imports every rules kernel, so every apart kernel is known.
_COMPILE_ENTRIES = ("import pickle, sys, numpy as np; import sim.games.pericles.game; "
                    "from sim.games.pericles.entries import entries; "
                    "entries(np.zeros(1, pickle.load(sys.stdin.buffer)).view(np.recarray))")


def entries_soon(packed: np.recarray) -> Soon:
    """``entries(packed)`` to ``get`` later; on a machine's first run (or the first after an
    edit) a second process compiles them meanwhile (``sim.second_core``)."""
    name = None if numba.config.DISABLE_JIT else _cache_name(numba.typeof(packed[0]))
    return compiled_soon("pericles", name, lambda: entries(packed), _COMPILE_ENTRIES, packed.dtype)
