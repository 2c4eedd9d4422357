"""Which Lands are in play: those outside the Forbidden Domains (p. 6), and of the Atlantis
slots past the board's Lands the one whose tile is in play (p. 15)."""

from sim.games.pillars import layout as L
from sim.jit import inline_kernel


@inline_kernel
def open_land(s, T, land):
    """A Land outside the Forbidden Domains (p. 6); of the Atlantis slots, the one in
    play (p. 15)."""
    region = T.land_region[s[L.SIDE], land]
    return s[L.REGION_BLOCKED + region] == 0 if region >= 0 else s[L.ATLANTIS] == land
