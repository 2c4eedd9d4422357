"""The Age of Pericles rules kernels compiled apart (``sim.apart``).

The kernels marked ``@apart`` are large and called rarely (a Battle, Athens builds, a
completion, building and scoring a piece, Governance, the Demagogue's turn: a few dozen
calls in a game), and linked in, each would sit in every compiled module above it.
Compiled apart, they also depend on nothing their callers compile, so a machine's first
run compiles them on the second core (``entries.entries_soon``). Kernels called hundreds of times a game (the
effect interpreter, settling) stay linked: a call through an address costs more than a
linked one and hides the callee from the optimiser (docs/performance.md).
"""

from numba import types

from sim.apart import Apart
from sim.games.pericles import layout as L
from sim.games.pericles.invariants import V_NO_RULE_ENTRY, V_RULE_RAISED

apart = Apart(arrays={"s": (types.int32, 1), "W": (types.float64, 2), "opts": (types.int32, 2),
                      "rng": (types.uint64, 1), "ev": (types.int32, 2)},
              records=("T",), slots=L.RULE_ENTRY_SLOTS, word=L.RULE_ENTRIES, violation=L.VIOLATION,
              game_over=L.GAME_OVER, no_entry=V_NO_RULE_ENTRY, raised=V_RULE_RAISED)
