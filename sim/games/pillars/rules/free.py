"""Free Actions of the active seat (p. 8): Invoking its Energised Mythology cards (any
number, rules.abilities), placing its Siege tile (and in Skirmish Mode its Skirmish tile,
p. 15), placing a Common City set aside (p. 7), and, at the end of its turn only and at
most once, Fulfilling a Prophecy. The Lighthouse's Resources, once in the turn at a moment
the seat picks, are offered with them (p. ~14; decision 23), and so is the Siege of
Destiny's Exile for a Time marker, allowed at any time of the seat's turn (p. ~18)."""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_FREE_ACTION, D_PLACE_CITY
from sim.games.pillars.events import (
    EV_PLACE_CITY_ASIDE,
    EV_SIEGE_PLACE,
    EV_SKIRMISH_PLACE,
    EV_STRATEGY,
)
from sim.games.pillars.rules.abilities import invocable, invoke, invoke_window
from sim.games.pillars.rules.cities import CITY_TRACK_5, city_lands, put_city
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.destiny import exile_for_time, may_exile_for_time
from sim.games.pillars.rules.power import controls
from sim.games.pillars.rules.prophecy import fulfil, quest_done, top_prophecy
from sim.games.pillars.rules.skirmish import skirmish_lands, skirmish_mode
from sim.games.pillars.rules.status import siege_targets
from sim.games.pillars.rules.strategy import LIGHTHOUSE, holds
from sim.games.pillars.rules.wheels import solo_mode
from sim.jit import kernel

FREE_SIEGE, FREE_PROPHECY, FREE_CITY, FREE_INVOKE, FREE_LIGHTHOUSE, FREE_SKIRMISH, FREE_TIME = range(7)


@kernel
def lighthouse(s, T, seat, gain):
    """The Resources the Lighthouse gives the seat: one per Ship of its in a Port, of the
    face-up Resource tile on the Port's Land (p. ~14). With ``gain`` they are added to the
    Resources it may spend this turn. Returns how many."""
    n = 0
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        space = s[L.SHIP_SPACE + piece]
        if space < L.PORT:
            continue
        tile = s[L.LAND_RES + space - L.PORT]
        if tile < 0 or s[L.LAND_RES_UP + space - L.PORT] == 0:
            continue
        n += 1
        if gain:
            s[L.CREDIT + seat * L.N_RESOURCES + T.resource_tiles[tile, 0]] += 1
    return n


@kernel
def siege_lands(s, T, seat, powers, opts, n):
    """Where the seat may place its Siege tile: a space it Controls holding one of its
    Land Units (its Hero Unit among them, p. 16) and another seat's Pillar or City, not
    that seat's only City (p. 8), nor the space of its Skirmish tile (p. 15)."""
    for land in range(s[L.LAND_END]):
        k = land * L.MAX_PLAYERS + seat
        if (s[L.LAND_HOPLITES + k] + s[L.LAND_WORKERS + k] + (s[L.HERO_AT + seat] == land) > 0
                and land != s[L.SKIRMISH_AT + seat]
                and siege_targets(s, land, seat) != 0
                and controls(s, T, land, seat, powers, 0)):
            n = option(opts, n, FREE_SIEGE, land, 0, 0)
    return n


@kernel
def free_choices(s, T, seat, at_end, powers, opts):
    """None, or each Free Action the seat may take now."""
    n = option(opts, 0, -1, 0, 0, 0)
    if s[L.SIEGE_AT + seat] < 0 and not solo_mode(s):  # no Siege tiles in Solo Mode (p. ~21)
        n = siege_lands(s, T, seat, powers, opts, n)
    if skirmish_mode(s) and s[L.SKIRMISH_AT + seat] < 0:
        n = skirmish_lands(s, seat, FREE_SKIRMISH, opts, n)
    if s[L.CITIES_ASIDE + seat] > 0 and city_lands(s, T, -1, opts[n:]) > 0:
        n = option(opts, n, FREE_CITY, 0, 0, 0)
    n = invocable(s, T, seat, False, FREE_INVOKE, opts, n)
    if (not at_end and holds(s, seat, LIGHTHOUSE) and s[L.TILES_USED] & L.USED_LIGHTHOUSE == 0
            and lighthouse(s, T, seat, False) > 0):
        n = option(opts, n, FREE_LIGHTHOUSE, 0, 0, 0)
    if may_exile_for_time(s, T, seat):
        n = option(opts, n, FREE_TIME, 0, 0, 0)
    if at_end and s[L.PROPHECY_TURN] == 0:
        for region in range(L.N_REGIONS):
            card = top_prophecy(s, region)
            if card >= 0 and quest_done(s, T, seat, card, region, powers):
                n = option(opts, n, FREE_PROPHECY, region, card, 0)
    return n


@kernel
def free_actions(s, T, W, ev, seat, at_end, work, scratch, opts, rng):
    """The seat takes Free Actions until it declines (p. 8); ``at_end`` at the end of its
    turn, the only time a Prophecy may be Fulfilled. ``scratch`` holds at least MAX_SEAS
    entries."""
    while True:
        n = free_choices(s, T, seat, at_end, scratch, opts)
        k = decide(s, T, W, opts, n, seat, D_FREE_ACTION, rng)
        kind, which = opts[k, 0], opts[k, 1]
        if kind < 0:
            return
        if kind == FREE_SIEGE:
            s[L.SIEGE_AT + seat] = which
            emit(s, ev, seat, EV_SIEGE_PLACE, which, 0, 0)
        elif kind == FREE_SKIRMISH:
            s[L.SKIRMISH_AT + seat] = which
            emit(s, ev, seat, EV_SKIRMISH_PLACE, which, 0, 0)
        elif kind == FREE_CITY:
            n = city_lands(s, T, -1, opts)
            land = opts[decide(s, T, W, opts, n, seat, D_PLACE_CITY, rng), 0]
            s[L.CITIES_ASIDE + seat] -= 1
            emit(s, ev, seat, EV_PLACE_CITY_ASIDE, land, 0, 0)
            put_city(s, T, ev, seat, land, CITY_TRACK_5)
        elif kind == FREE_INVOKE:
            invoke(s, T, W, ev, seat, which, work, scratch, opts, rng)
        elif kind == FREE_LIGHTHOUSE:
            s[L.TILES_USED] |= L.USED_LIGHTHOUSE
            emit(s, ev, seat, EV_STRATEGY, LIGHTHOUSE, -1, lighthouse(s, T, seat, True))
        elif kind == FREE_TIME:
            exile_for_time(s, T, W, ev, seat, opts, rng)
        else:
            fulfil(s, T, W, ev, seat, which, opts, rng)


@kernel
def free_moment(s, T, W, ev, seat, work, scratch, opts, rng):
    """A moment before, between or after the parts of the seat's turn (p. 8): its Free
    Actions, then each other seat, clockwise, may Invoke a Mythology card."""
    free_actions(s, T, W, ev, seat, False, work, scratch, opts, rng)
    invoke_window(s, T, W, ev, seat, work, scratch, opts, rng)
