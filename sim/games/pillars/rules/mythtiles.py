"""The Sphinx's Mythology tile (step 7, p. 31). Invoking the Sphinx puts its tile on an
open Land; another seat that moves a Unit onto that Land discards a card from hand, of its
choice, for each Unit: the core game's counterpart of the Solo rule, where the Tyrant
loses the top card of the deck his turns are played from (decision 31 of
docs/rules/pillars.md). The tile serves the seat that placed it and stays until the
Sphinx is Invoked again."""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_ABILITY_TARGET, D_SPHINX
from sim.games.pillars.events import EV_SPHINX_TILE, EV_SPHINX_TOLL
from sim.games.pillars.rules.board import usable_land
from sim.games.pillars.rules.cards import hand_to_discard
from sim.games.pillars.rules.core import decide, emit, option
from sim.jit import kernel


@kernel
def place_sphinx(s, T, W, ev, seat, opts, rng):
    """OP_SPHINX: the seat puts the Sphinx tile on an open Land of its choice, taking it
    from wherever it lay. Returns the Land."""
    n = 0
    for land in range(s[L.LAND_END]):
        if usable_land(s, T, land):
            n = option(opts, n, land, 0, 0, 0)
    land = opts[decide(s, T, W, opts, n, seat, D_ABILITY_TARGET, rng), 0]
    s[L.SPHINX_AT] = land
    s[L.SPHINX_OWNER] = seat
    emit(s, ev, seat, EV_SPHINX_TILE, land, 0, 0)
    return land


@kernel
def sphinx_toll(s, T, W, ev, seat, land, units, opts, rng):
    """``units`` of the seat's Units were moved onto ``land``: where the Sphinx tile lies
    and another seat placed it, the mover discards one card from hand per Unit (nothing
    with an empty hand)."""
    holder = s[L.SPHINX_OWNER]
    if s[L.SPHINX_AT] != land or holder == seat:
        return
    hand = L.HAND + seat * L.MAX_PILE
    for _ in range(units):
        card = -1
        n = 0
        for h in range(s[L.HAND_N + seat]):
            n = option(opts, n, h, s[hand + h], 0, 0)
        if n > 0:
            card = hand_to_discard(s, seat, opts[decide(s, T, W, opts, n, seat, D_SPHINX, rng), 0])
        emit(s, ev, seat, EV_SPHINX_TOLL, land, card, holder)
