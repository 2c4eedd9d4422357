"""The heuristic's memo: values a Citizen's placement derived from the state, kept for
the decisions of the same turn that ask the same questions of the same state.

Placing a Citizen values the rows' placements, every Main Action its spaces lead to and,
with Activate Your House among them, the House's two tracks. Three decisions of the turn
follow on a state that differs only in what the values do not read, and so take the very
same values instead of deriving them again (the rules' order, ``rules.assembly``):

- the space action, the next decision: the placement wrote only its Citizen's fields
  (``AGORA_CITIZEN``, ``SMALL_PLACED``, ``LARGE_PLACED``, ``SMALL_BACK``), the turn's
  ``ACTS_*`` flags and the event count;
- the choice between two Main Actions, two decisions on, when the space action was passed
  (a space action taken forgets the memo; a lone option is passing);
- the House's track, the decision after a choice of Main Actions that starts with
  Activate Your House (the action decides before it changes anything).

A decision checks the seat and the state's decision count (``DECISIONS``, which every
decision advances, asked or not), so that only those steps lie in between. That rests on
the rules' order (``citizen_turn``, ``space_action``, ``main_actions``, ``activate_house``):
a rules step that changes the state between these decisions must forget the memo.
tests/test_bots.py plays games with the memo and with every value derived again. The one
value that reads the Citizens' fields is the game's end on raising the last Parthenon
piece (``unused_citizens_glory``): nothing is kept while one piece is left.

The memo lives in the state's ``BOT_MEMO`` words, after the game's own, and a game starts
with it empty (``forget``). Nothing here allocates.
"""

import numpy as np

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles.decisions import D_HOUSE_TRACK, D_MAIN_ACTIONS, D_SPACE_ACTION
from sim.jit import kernel
from strategies.pericles import view as V

# The memo's words: the float64 values first, on an 8-byte boundary.
VALUES = L.BOT_MEMO + L.BOT_MEMO % 2
N_VALUES = 11  # 3 rows' placements, 6 Main Actions, 2 House tracks
SEAT = VALUES + 2 * N_VALUES  # the seat the values are for, plus 1; 0: none kept
KEPT = SEAT + 1  # bit a: the value of Main Action a is kept
SPACE_AT = SEAT + 2  # the decision count at which the space action may take the memo
MAIN_AT = SEAT + 3  # ... the choice of Main Actions
HOUSE_AT = SEAT + 4  # ... the House's track
assert HOUSE_AT < L.STATE_SIZE and VALUES % 2 == 0


@kernel
def forget(s):
    """Keep nothing (a game starts or ends, or the state changes before its next use)."""
    s[SEAT] = 0


@kernel
def holds(s, seat, kind, needs):
    """The memo holds ``seat``'s values for this decision of ``kind``, of the Main Actions
    in the mask ``needs`` among them."""
    if kind == D_SPACE_ACTION:
        at = s[SPACE_AT]
    elif kind == D_MAIN_ACTIONS:
        at = s[MAIN_AT]
    elif kind == D_HOUSE_TRACK:
        at = s[HOUSE_AT]
    else:
        return False
    return s[SEAT] == seat + 1 and at == s[L.DECISIONS] and (needs & ~s[KEPT]) == 0


@kernel
def keep(s, seat, mask, pl, acts, tracks):
    """Keep ``seat``'s row placements ``pl``, the values ``acts`` of the Main Actions in
    ``mask`` and the House ``tracks``, derived for the decision now asked."""
    if V.pieces_left(s) == 1:  # the last piece's value reads the Citizens' fields
        forget(s)
        return
    v = s[VALUES:VALUES + 2 * N_VALUES].view(np.float64)
    for k in range(3):
        v[k] = pl[k]
    for a in range(6):
        v[3 + a] = acts[a]
    v[9] = tracks[0]
    v[10] = tracks[1]
    s[SEAT] = seat + 1
    s[KEPT] = mask
    s[SPACE_AT] = -1
    s[MAIN_AT] = -1
    s[HOUSE_AT] = -1


@kernel
def expect_turn(s):
    """A Citizen was placed: the space action comes next, then the choice of Main Actions;
    the decision after that is the House's track when a lone Main Action is the House's."""
    now = s[L.DECISIONS]
    s[SPACE_AT] = now + 1
    s[MAIN_AT] = now + 2
    s[HOUSE_AT] = now + 3


@kernel
def expect_house(s, first):
    """A choice of Main Actions was made, ``first`` to be taken first: the House's track
    may take the memo at the next decision when that action is Activate Your House."""
    s[HOUSE_AT] = s[L.DECISIONS] + 1 if first == O.ACT_HOUSE else -1


@kernel
def values(s):
    """The kept (row placements, Main Action values, House tracks), as ``keep`` took them."""
    v = s[VALUES:VALUES + 2 * N_VALUES].view(np.float64)
    return (v[0], v[1], v[2]), (v[3], v[4], v[5], v[6], v[7], v[8]), (v[9], v[10])
