"""The Pillars of Heracles rules kernels compiled apart (``sim.apart``): a turn, the
Tyrant's turn and the ability interpreter, each large and reached from several kernels."""

from numba import types

from sim.apart import Apart
from sim.games.pillars import layout as L
from sim.games.pillars.invariants import V_NO_RULE_ENTRY, V_RULE_RAISED

apart = Apart(arrays={"s": (types.int32, 1), "W": (types.float64, 2), "ev": (types.int32, 2),
                      "work": (types.int32, 1), "scratch": (types.int32, 1),
                      "opts": (types.int32, 2), "rng": (types.uint64, 1)},
              records=("T",), slots=L.RULE_ENTRY_SLOTS, word=L.RULE_ENTRIES, violation=L.VIOLATION,
              game_over=L.GAME_OVER, no_entry=V_NO_RULE_ENTRY, raised=V_RULE_RAISED)
