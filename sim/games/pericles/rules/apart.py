"""The Age of Pericles rules kernels compiled apart (``sim.apart``).

The kernels marked ``@apart`` are large and called rarely (a Battle, Athens builds, a
completion, building and scoring a piece, Governance, the Demagogue's turn: a few dozen
calls in a game), yet each sat in up to 25 compiled modules. Compiled apart, they also
depend on nothing their callers compile, so a machine's first run compiles them on the
second core (``entries.entries_soon``). Kernels called hundreds of times a game (the
effect interpreter, settling) stay linked: through an address they made games measurably
slower (docs/performance.md).
"""

from numba import types

from sim.apart import Apart
from sim.games.pericles import layout as L
from sim.games.pericles.invariants import V_NO_RULE_ENTRY, V_RULE_RAISED
from sim.jit import kernel


@kernel
def rule_failed(s, raised):
    """A rules kernel compiled apart found no entry (the game started without them) or
    stopped on an error: the game is marked broken and over, since the rule cannot run and
    a loop waiting on it would not end."""
    if s[L.VIOLATION] == 0:
        s[L.VIOLATION] = V_RULE_RAISED if raised else V_NO_RULE_ENTRY
    s[L.GAME_OVER] = 1


apart = Apart(arrays={"s": (types.int32, 1), "W": (types.float64, 2), "opts": (types.int32, 2),
                      "rng": (types.uint64, 1), "ev": (types.int32, 2)},
              records=("T",), slots=L.RULE_ENTRY_SLOTS, word=L.RULE_ENTRIES, failed=rule_failed)
