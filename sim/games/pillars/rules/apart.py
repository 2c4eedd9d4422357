"""The Pillars of Heracles rules kernels compiled apart (``sim.apart``): a turn, the
Tyrant's turn and the ability interpreter, each large and reached from several kernels."""

from numba import types

from sim.apart import Apart
from sim.games.pillars import layout as L
from sim.games.pillars.invariants import V_NO_RULE_ENTRY, V_RULE_RAISED
from sim.jit import kernel


@kernel
def rule_failed(s, raised):
    """A rules kernel compiled apart found no entry (the game started without them) or
    stopped on an error: the game is marked broken and over, since the rule cannot run and
    a loop waiting on it would not end."""
    if s[L.VIOLATION] == 0:
        s[L.VIOLATION] = V_RULE_RAISED if raised else V_NO_RULE_ENTRY
    s[L.GAME_OVER] = 1


apart = Apart(arrays={"s": (types.int32, 1), "W": (types.int64, 1), "ev": (types.int32, 2),
                      "work": (types.int32, 1), "scratch": (types.int32, 1),
                      "opts": (types.int32, 2), "rng": (types.uint64, 1)},
              records=("T",), slots=L.RULE_ENTRY_SLOTS, word=L.RULE_ENTRIES, failed=rule_failed)
