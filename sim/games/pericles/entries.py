"""The compiled entries a game reaches through its state, and compiling them on the
second core.

A game calls the bot's heuristic (``strategies.pericles.entry``) and the rules kernels
compiled apart (``rules.apart``) through addresses that the start of each game writes
into its state. Those entries depend on nothing else, so on a machine's first run a
second Python process compiles them into Numba's cache while this one compiles the rules
(``sim.second_core``, docs/performance.md).
"""

import subprocess
import threading

import numba
import numpy as np

from sim import kernel_cache
from sim.games.pericles.rules.apart import rule_entries
from sim.second_core import start_python
from strategies.pericles.entry import bot_entry


def entries(packed: np.recarray) -> tuple[int, np.ndarray]:
    """The compiled entries a game reaches through its state, for ``packed``'s record type:
    the bot's (``strategies.pericles.entry``) and the rules kernels' (``rules.apart``).
    Once compiled they are marked so in the cache folder (``sim.kernel_cache``)."""
    found = bot_entry(packed), rule_entries(packed)
    if not numba.config.DISABLE_JIT:
        kernel_cache.mark_compiled(_cache_name(numba.typeof(packed[0])))
    return found


def _cache_name(record) -> str:
    return f"pericles entries for {record}"


# Run by the second process: compile the entries for the record type read from stdin.
# Importing the game imports every rules kernel, so every apart kernel is known.
_COMPILE_ENTRIES = ("import pickle, sys, numpy as np; import sim.games.pericles.game; "
                    "from sim.games.pericles.entries import entries; "
                    "entries(np.zeros(1, pickle.load(sys.stdin.buffer)).view(np.recarray))")
_COMPILE_TIMEOUT_S = 600  # then this process compiles them itself
_compiling = {}  # record type -> the second process compiling its entries
_compiling_lock = threading.Lock()


class EntriesSoon:
    """``entries(packed)``, which a second process may be compiling (``entries_soon``)."""

    def __init__(self, packed: np.recarray, record):
        self.packed, self.record = packed, record

    def get(self) -> tuple[int, np.ndarray]:
        """Wait for the second process, if any, then load (or compile) the entries."""
        with _compiling_lock:
            process = _compiling.pop(self.record, None)
        if process is not None:
            try:
                process.wait(_COMPILE_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self._stop(process)
        return entries(self.packed)

    def cancel(self) -> None:
        """Stop the second process, if any (the run failed before it was needed)."""
        with _compiling_lock:
            process = _compiling.pop(self.record, None)
        if process is not None:
            self._stop(process)

    @staticmethod
    def _stop(process) -> None:
        process.kill()
        process.wait()


def entries_soon(packed: np.recarray) -> EntriesSoon:
    """``entries(packed)`` to ``get`` later. When the cache folder has no mark that they
    were compiled (a machine's first run, or the first after an edit), a second process
    starts compiling them now, so that this one can compile the rules meanwhile; ``get``
    waits for it, then loads them from the cache (or compiles them, if that process
    failed)."""
    record = None if numba.config.DISABLE_JIT else numba.typeof(packed[0])
    soon = EntriesSoon(packed, record)
    if record is None:
        return soon
    with _compiling_lock:
        if record in _compiling or kernel_cache.compiled(_cache_name(record)):
            return soon
        try:
            _compiling[record] = start_python(_COMPILE_ENTRIES, packed.dtype)
        except OSError:
            pass  # no second process: get compiles them here
    return soon
