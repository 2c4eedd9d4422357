"""The Strategy tiles a seat holds (p. 6, Appendix 2 p. ~14): a tile gained goes on its
Player board row and counts in ``EFFECTS_HELD`` (and a Guild in ``GUILDS``), so that each
effect is checked with one read of the state where it applies, not by a scan of the rows."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import STRATEGY
from sim.jit import inline_kernel, kernel

(ARCHERY_MASTERY, ARCHITECTS_OF_PROSPERITY, COUNCIL_OF_ELDERS, DIVINE_ASCENT, FORTIFICATIONS,
 HEROIC_EPIC, LIBRARY, LIGHTHOUSE, NAVAL_DOMINANCE, OLYMPIC_GAMES, PHALANX_FORMATION,
 POLIS_EXPANSION, SIEGE_WEAPONS, STRATEGIC_INITIATIVE, TACTICAL_MANOEUVRE) = (
    STRATEGY.index(name) for name in (
        "archery_mastery", "architects_of_prosperity", "council_of_elders", "divine_ascent",
        "fortifications", "heroic_epic", "library", "lighthouse", "naval_dominance",
        "olympic_games", "phalanx_formation", "polis_expansion", "siege_weapons",
        "strategic_initiative", "tactical_manoeuvre"))


@inline_kernel
def held(s, seat, effect):
    """How many of the seat's Strategy tiles have ``effect`` (a content.STRATEGY code)."""
    return s[L.EFFECTS_HELD + seat * L.N_EFFECTS + effect]


@inline_kernel
def holds(s, seat, effect):
    return s[L.EFFECTS_HELD + seat * L.N_EFFECTS + effect] > 0


@inline_kernel
def guild_doubles(s, seat, resource):
    """The seat holds a Guild of ``resource``: its Pillars produce two of it (p. ~14)."""
    return s[L.GUILDS + seat * L.N_RESOURCES + resource] > 0


@kernel
def place_tile(s, T, seat, tile, slot):
    """Put a gained Strategy tile on the seat's Player board row ``slot``; its effect holds
    from now on (p. 6)."""
    s[L.STRATEGY_SLOT + seat * L.MAX_STRATEGY + slot] = tile
    s[L.EFFECTS_HELD + seat * L.N_EFFECTS + T.strategy[tile, 1]] += 1
    guild = T.strategy[tile, 2]
    if guild >= 0:
        s[L.GUILDS + seat * L.N_RESOURCES + guild] += 1
