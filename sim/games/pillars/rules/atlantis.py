"""Atlantis (Appendix 4, p. 15): a City that lies in a Sea.

Its tile goes on the Fortunate Isles, or at 2 players on the Mediterranean side on the Sea
east of them. Its space is a Sea and a Land at once: the Land is the Atlantis slot in play
(``content.ATLANTIS_SLOTS``, past the board's Lands), which borders the Lands on its Sea
and touches its Sea and the Seas next to it, so Land Units walk or sail onto it like any
Land and Ships in those Seas give it their Power (decision 40). It belongs to no Region.

Nobody Controls the City until a seat Settles the space, which takes Control of it and at
least 10 Power; that seat's marker replaces any other on the tile, and a Pillar may go
there as on any Settled Land. A seat's undepleted Pillar on the space is a Wild Resource
tile it may deplete: one Resource of any type (p. 7). As a City it counts for the City
trigger and scores 3 Glory (decision 13)."""

from sim.games.pillars import layout as L
from sim.games.pillars.events import EV_GAIN_CITY
from sim.games.pillars.rules.cities import CITY_ATLANTIS_SETTLED, cities_of, mark_city
from sim.games.pillars.rules.core import emit
from sim.jit import kernel

ATLANTIS_POWER = 10  # Power a seat needs to Settle the space (p. 15)


@kernel
def atlantis_mode(s):
    return s[L.ADDONS] & L.ADDON_ATLANTIS != 0


@kernel
def setup_atlantis(s):
    """The Atlantis tile on its Sea for the player count (p. 15); nobody Controls it."""
    slot = L.ATLANTIS_SLOT_MANY if s[L.N_PLAYERS] >= 3 else L.ATLANTIS_SLOT_TWO
    s[L.ATLANTIS] = slot
    s[L.LAND_END] = slot + 1
    s[L.LAND_CITY + slot] = L.CITY_ATLANTIS


@kernel
def settle_power_short(s, land, power):
    """True when ``land`` is the Atlantis space and ``power`` is below the 10 a Settle
    there needs (p. 15)."""
    return land == s[L.ATLANTIS] and power < ATLANTIS_POWER


@kernel
def atlantis_tile(s, land):
    """The Atlantis tile lies on ``land`` (the Barbarians may have razed it, p. 15)."""
    return land == s[L.ATLANTIS] and s[L.LAND_CITY + land] == L.CITY_ATLANTIS


@kernel
def atlantis_to_claim(s, seat, land):
    """``land`` holds the Atlantis tile under no marker of the seat."""
    return atlantis_tile(s, land) and s[L.LAND_CITY_MARKER + land] != seat


@kernel
def claim_atlantis(s, ev, seat, land):
    """A Settle of the Atlantis space puts the seat's marker on the tile, the other one
    going back to its owner (p. 15); a substitute when the seat has no marker left, as
    for any City (p. 7). The tile may be gone (razed by the Barbarians, p. 15)."""
    if not atlantis_to_claim(s, seat, land):
        return
    mark_city(s, seat, land)
    emit(s, ev, seat, EV_GAIN_CITY, land, CITY_ATLANTIS_SETTLED, cities_of(s, seat))


@kernel
def atlantis_wild(s, seat):
    """1 when the seat's Pillar stands undepleted beside the Atlantis tile: a Wild
    Resource tile it may deplete (p. 15), else 0."""
    land = s[L.ATLANTIS]
    return int(land >= 0 and atlantis_tile(s, land) and s[L.LAND_PILLAR + land] == seat
               and s[L.LAND_PILLAR_ON_RES + land] == 0)
