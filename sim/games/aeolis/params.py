"""Every tunable number of Aeolis, declared once with its default and allowed range.

The engine reads them from one int32 vector (``Tables.params``) by the index constants
below; ``--set params.NAME=V`` overrides one and ``--sweep`` varies it. Pages cite the
rulebook; "assumed" values fill what the text leaves open.
"""

from sim.games.tunables import Param, index_of

PARAMS: tuple[Param, ...] = (
    Param("morale_min", -5, -10, 0, "assumed: the text prints no ends for the Morale track; Morale "
          "adds to combat Power (pp. 29-31, examples at -1 and +2), and 5, one more than a D4's "
          "highest roll, lets it outweigh the die without deciding every fight alone"),
    Param("morale_max", 5, 0, 10, "assumed: the Morale track's right end, as its left (morale_min)"),
    Param("max_units", 6, 1, 12, "assumed: cubes per unit slot on a Hero mat"),
    Param("max_workers", 20, 1, 50, "assumed: untrained worker cubes"),
    Param("start_gold", 1, 0, 10, "rulebook p. 7: each Hero starts with 1 Gold"),
    Param("merchant_start_gold", 3, 0, 10, "rulebook p. 7: the Merchant starts with 3 Gold"),
    Param("training_gold", 1, 0, 5, "rulebook p. 9: 1 Gold per worker trained"),
    Param("feed_wheat", 2, 1, 5, "rulebook p. 12: 2 Wheat make a worker"),
    Param("meat_workers", 2, 1, 5, "rulebook p. 12: 1 Meat makes two workers"),
    Param("upgrade_cost", 3, 1, 6, "rulebook p. 19: three of a resource unlock an army upgrade"),
    Param("speed_hoplite", 2, 1, 6, "rulebook p. 20: Speed 2"),
    Param("speed_toxotai", 1, 1, 6, "assumed: slower than Hoplites (p. 20)"),
    Param("speed_hippeis", 4, 1, 8, "rulebook p. 20: twice as fast as Hoplites"),
    Param("speed_companion", 4, 1, 8, "assumed: mounted like the Hippeis"),
    Param("speed_philosopher", 2, 1, 6, "rulebook p. 8: Speed 2"),
    Param("speed_priestess", 2, 1, 6, "assumed: not printed in the text"),
    Param("speed_magi", 1, 1, 6, "assumed: 'not much Speed' (p. 23)"),
    Param("speed_ship", 2, 1, 6, "rulebook p. 25: Speed 2"),
    Param("speed_galley", 3, 1, 6, "assumed: 'the fastest naval units' (p. 28)"),
    Param("enemy_speed", 1, 1, 4, "rulebook p. 35: Raids and Plunders move with Speed 1"),
    Param("invasion_speed", 1, 1, 4, "assumed: not printed; Speed 1 like Raids"),
    Param("backlash_pct", 25, 0, 100, "rulebook p. 24: Backlash on a D100 roll of 01-25"),
    Param("plague_spread_pct", 50, 0, 100, "rulebook p. 34"),
    Param("inferno_spread_pct", 50, 0, 100, "rulebook p. 34"),
    Param("faith_max", 6, 1, 6, "rulebook p. 22: the Faith Dice are D6s"),
    Param("spell_range", 3, 0, 6, "assumed: hexes from the Magi to a Spell's target"),
    Param("magi_crystals", 1, 0, 5, "rulebook p. 23: one crystal of each colour at the start"),
    Param("start_loot", 4, 0, 4, "rulebook p. 8: four Loot Tokens on the Compass"),
    Param("bronze_gold", 1, 0, 5, "rulebook p. 19: 1 Gold casts 1 Copper into Bronze"),
    Param("merchant_collect_gold", 1, 0, 5, "rulebook p. 14: 1 Gold per collection"),
    Param("midas_gold", 2, 0, 5, "rulebook p. 26: Hand of Midas gives 2 Gold"),
    Param("immolate_fire", 3, 0, 6, "rulebook p. 26: 3 Fire Crystals"),
    Param("weather_salt", 2, 0, 6, "rulebook p. 26: 2 Salt cancel a Natural Disaster"),
    Param("invasion_redraw", 1, 0, 1, "assumed (p. 6): 1 an emptied Invasion deck takes back "
          "its cards no longer in play, so Marathon meets all three Age I Invasions it "
          "schedules; 0 an empty deck draws nothing"),
    Param("diplomacy_invasions", 0, 0, 1, "assumed (pp. 32-33): 1 the Queen may negotiate with "
          "an Invasion too; 0 (default) only with Raids, Plunders and Unrest, since an "
          "Invasion is an army that must be confronted"),
    Param("phase_order", 0, 0, 2, "assumed (p. 5: Heroes act in any order): 0 the team's "
          "policy chooses each round, 1 the city always acts before the moves, 2 the "
          "miniatures always move first"),
    Param("explore_claim", 0, 0, 1, "assumed (p. 25: 'any one' token the roll reaches): 0 "
          "the team's policy picks it, 1 the token of lowest difficulty is taken"),
    Param("arena_units", 0, 0, 1, "assumed (p. 5: one action per trained unit): 0 every "
          "Arena unit (Hoplites, Toxotai, Hippeis, Companions) casts or unlocks once a round, "
          "1 the Hoplites only"),
    Param("toxotai_hold", 1, 0, 1, "assumed (p. 20): 1 an enemy the Toxotai engage stays "
          "on its hex until the fight, 0 it moves on and is fought only if the Toxotai "
          "still stand next to it"),
)
PARAM_INDEX = index_of(PARAMS)
N_PARAMS = len(PARAMS)
(MORALE_MIN, MORALE_MAX, MAX_UNITS, MAX_WORKERS, START_GOLD, MERCHANT_START_GOLD,
 TRAINING_GOLD, FEED_WHEAT, MEAT_WORKERS, UPGRADE_COST, SPEED_HOPLITE, SPEED_TOXOTAI,
 SPEED_HIPPEIS, SPEED_COMPANION, SPEED_PHILOSOPHER, SPEED_PRIESTESS, SPEED_MAGI, SPEED_SHIP,
 SPEED_GALLEY, ENEMY_SPEED, INVASION_SPEED, BACKLASH_PCT, PLAGUE_SPREAD_PCT,
 INFERNO_SPREAD_PCT, FAITH_MAX, SPELL_RANGE, MAGI_CRYSTALS, START_LOOT, BRONZE_GOLD,
 MERCHANT_COLLECT_GOLD, MIDAS_GOLD, IMMOLATE_FIRE, WEATHER_SALT, INVASION_REDRAW,
 DIPLOMACY_INVASIONS, PHASE_ORDER, EXPLORE_CLAIM, ARENA_UNITS, TOXOTAI_HOLD) = range(N_PARAMS)
