"""Aeolis' play profile: what the team does in a game, counted per game (a co-operative
game has no seats: the team plays every Hero).

Each mechanism is counted from trace events (``rules.use.count_use``), so a game's counts
can be checked against its trace (``sim trace``): one event for each use
(``EVENT_MECHANISMS``), or as ``count_use`` reads the event's arguments. ``picks`` name the
Heroes (as printed) whose part of the game the mechanism is; a Hero set holds the Queen,
Merchant and Philosopher and one or more of the others (p. 7).
"""

from sim.games.play_profile import Mechanism, indices

PROFILE = (
    Mechanism("structure_built", "Structures built", "p. 11"),
    Mechanism("building_upgraded", "Hero building upgrades", "p. 12"),
    # one per trained unit kind, in layout.UNIT_KINDS order (the layout sizes its counts
    # from this module, so it names the kinds here)
    *(Mechanism(f"train_{kind}", f"{kind} units trained in Upkeep", "p. 9")
      for kind in ("hoplite", "toxotai", "hippeis", "companion", "merchant", "philosopher",
                   "alchemist", "priestess", "bloodthrall", "magi", "ship")),
    Mechanism("produce", "Structures producing in Upkeep", "p. 10"),
    Mechanism("trade_sell", "Trade Wheel sales of a good for Gold", "p. 13", ("Merchant",)),
    Mechanism("trade_buy", "Trade Wheel purchases of a good for Gold", "p. 13", ("Merchant",)),
    Mechanism("alms", "alms given: a good for 1 Morale on the Trade Wheel", "p. 13",
              ("Merchant",)),
    Mechanism("tech_discovered", "technologies researched", "p. 15", ("Philosopher",)),
    Mechanism("tech_used", "technologies put to use: each counted once, at the first "
              "Structure, building upgrade, unit, Foreign Trade route, Bronze or "
              "Witchcraft-guarded Spell it made possible", "p. 16", ("Philosopher",)),
    Mechanism("move", "unit groups moved", "p. 8"),
    Mechanism("combat", "fights with an enemy", "p. 29"),
    Mechanism("diplomacy", "Diplomacy attempts with an enemy", "p. 32", ("Queen",)),
    Mechanism("spell", "Spells cast", "p. 24", ("Magi",)),
    Mechanism("augury", "Augury looks at the Blessing and Curse decks", "p. 27",
              ("Priestess",)),
    Mechanism("intervene", "Divine Interventions", "p. 27", ("Priestess",)),
    Mechanism("aura", "Auras of Protection", "p. 27", ("Hoplite",)),
    Mechanism("lay_on_hands", "Lay on Hands", "p. 27", ("Hoplite",)),
)
N_USE = len(PROFILE)
USE = indices(PROFILE)  # a mechanism's index in the counts
# event name (events.EVENT_NAMES) -> the mechanism it is one use of
EVENT_MECHANISMS = {
    "build": "structure_built", "upgrade": "building_upgraded", "produce": "produce",
    "discover": "tech_discovered", "tech_used": "tech_used", "move": "move", "combat": "combat",
    "diplomacy": "diplomacy", "spell": "spell", "intervene": "intervene", "aura": "aura",
    "lay_on_hands": "lay_on_hands",
}
