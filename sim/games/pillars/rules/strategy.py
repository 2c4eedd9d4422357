"""The Strategy tiles a seat holds (p. 6, Appendix 2 p. ~14): a tile gained goes on its
Player board row and counts in ``EFFECTS_HELD`` (and a Guild in ``GUILDS``), so that each
effect is checked with one read of the state where it applies, not by a scan of the rows."""

from sim.games.pillars import layout as L
from sim.jit import kernel


@kernel
def place_tile(s, T, seat, tile, slot):
    """Put a gained Strategy tile on the seat's Player board row ``slot``; its effect holds
    from now on (p. 6)."""
    s[L.STRATEGY_SLOT + seat * L.MAX_STRATEGY + slot] = tile
    s[L.EFFECTS_HELD + seat * L.N_EFFECTS + T.strategy[tile, 1]] += 1
    guild = T.strategy[tile, 2]
    if guild >= 0:
        s[L.GUILDS + seat * L.N_RESOURCES + guild] += 1
