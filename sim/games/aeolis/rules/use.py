"""The play profile's counts (``aeolis.profile``), kept as the events are emitted.

Every event passes here, traced or not, so a run counts what its trace would show: the
count of a mechanism is a function of the game's event rows alone.
"""

from sim.games.aeolis import layout as L
from sim.games.aeolis.events import EV_AUGURY, EV_TRADE, EV_TRAIN, EVENT_NAMES
from sim.games.aeolis.ops import DECK_B
from sim.games.aeolis.profile import EVENT_MECHANISMS, USE
from sim.games.play_profile import one_use_table
from sim.jit import inline_kernel

U_TRAIN_FIRST = USE["train_hoplite"]  # the unit kinds follow in layout.UNIT_KINDS order
U_TRADE_FIRST = USE["trade_sell"]  # sell, buy, alms: the Trade Wheel's kinds in order
U_AUGURY = USE["augury"]
ONE_USE = one_use_table(EVENT_NAMES, EVENT_MECHANISMS, USE)


@inline_kernel
def count_use(s, code, a):
    """Count the event (``a`` its first argument) for the mechanism it shows, if any."""
    if ONE_USE[code] >= 0:
        s[L.USE + ONE_USE[code]] += 1
    elif code == EV_TRAIN:
        s[L.USE + U_TRAIN_FIRST + a] += 1
    elif code == EV_TRADE:
        s[L.USE + U_TRADE_FIRST + a] += 1
    elif code == EV_AUGURY and a == DECK_B:  # an Augury shows a Curse deck, then this one
        s[L.USE + U_AUGURY] += 1
