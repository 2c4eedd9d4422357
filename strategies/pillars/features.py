"""The weights the Pillars of Heracles heuristic scores an option by.

The heuristic (``heuristic.py``) values each option of a decision from what its seat can
see, as a sum of terms; each term is one of these features times its weight. Units are
Glory-equivalents, so a weight says what one unit of the feature is worth against the 3
Glory of a City or Region (rulebook p. 13). A personality is one weight per feature (a
TOML preset in ``presets/``); the themes tilt groups of them.

Every weight is a worth, never below zero: a feature is either a gain, added, or a cost,
subtracted (the meanings below say "cost" for those), so a weight's sign says nothing but
how much. ``sim tune`` keeps every weight at or above zero (``WEIGHT_SIGNS``); a weight that
would need to go below it is a feature to rewrite.
"""

import numpy as np

FEATURES = (
    # name, what one unit of the feature is
    # the turn (p. 8)
    ("replenish_card", "a card the Replenish Turn draws up to the Replenish Size (p. ~9)"),
    ("replenish_pillar", "an own Pillar standing on a depleted Resource tile a Replenish Turn frees "
                         "(its Resource again, p. 9)"),
    ("replenish_energise", "an Invoked Mythology card a Replenish Turn could Energise"),
    ("advance", "an Advance Turn, on top of the best Rondel action within the hand's reach"),
    ("played_resource", "cost: a Resource the card played for the Advance Turn carries (lost for "
                        "paying, p. 7)"),
    # what each Rondel action is worth before it is taken (pp. 10-12)
    ("section_procure", "landing on Procure with a Resource to buy with"),
    ("section_deploy", "landing on Deploy with a Unit left and a Resource to pay"),
    ("section_build", "landing on Build with a Building left and a Worker on the map"),
    ("section_city", "landing on Build able to pay the four Resources of a City"),
    ("section_settle", "per Land the seat Controls without its Pillar, landing on Settle"),
    ("section_ascend", "landing on Ascend with the Resources of a step"),
    ("resources", "per Resource in reach (hand, Pillars, Wild tiles) when landing on an action"),
    # the Rondel actions themselves
    ("spend", "cost: a Resource spent, what keeping it for later is worth (so the cheapest "
              "row is paid unless a dearer one gains more)"),
    ("city", "a City built (3 Glory at the end, a step to the City trigger, p. 13)"),
    ("temple", "a Temple built (a Mythology slot, Ships deployed by it, p. 10)"),
    ("temple_room", "a Temple built while the seat's Mythology cards fill every slot (room for "
                    "the next, p. 10)"),
    ("agora", "an Agora built (-1 to the Ascend cost of its Resource, Workers, p. 12)"),
    ("citadel", "a Citadel built (3 Power, Hoplites, a support card in a Siege, p. 8)"),
    ("ship", "a Ship deployed"),
    ("worker", "a Worker deployed"),
    ("hoplite", "a Hoplite deployed"),
    ("row_emptied", "a Player board row the option empties (a Strategy tile, p. 6)"),
    ("settle", "a Land Settled (a Pillar, its Population reward, p. ~11)"),
    ("pillar", "a Pillar placed from the Settle rows on the Land Settled (its Resource on a "
               "Replenish Turn, Control, p. ~11)"),
    ("track_step", "a step up any track (its ability or reward)"),
    ("city_step", "a step onto a track's step 3 or 5 while its City lies there (p. 7)"),
    ("city_to_rival", "cost: a step onto step 3 whose City the Region's most Power would hand "
                      "to a rival (p. 7)"),
    ("track_end", "a step onto a track's last step (the track-end trigger, p. 13)"),
    ("monument", "per Glory printed on a Monument bought (p. 13)"),
    ("character", "per Power of a Character bought"),
    ("exile_starting", "a Starting card Exiled (a thinner deck, p. 10)"),
    # the map (p. 6, p. 9)
    ("control", "Control of a Land gained by a Unit placed or moved there"),
    ("city_land", "Control of a Land holding a City gained that way"),
    ("region", "per Land of the Region already Controlled, when Control of a Land is gained"),
    ("explore", "a face-down Land explored by a Unit placed or moved there (p. 7)"),
    ("reinforce", "Power added to a contested Land the seat already Controls"),
    ("move", "a Unit moved: a Movement used, not lost at the turn's end (p. 9); where it goes "
             "is valued apart"),
    # Free Actions and abilities (pp. 7-8)
    ("prophecy", "per Glory of a Prophecy Fulfilled (p. 8)"),
    ("quest", "per Glory of a face-up Prophecy, shared over what its quest still lacks, for a "
              "piece placed, card or tile gained toward it (Appendix 1)"),
    ("siege", "a Siege laid where the seat has more Power than the Land's controller (p. 8)"),
    ("skirmish", "a Skirmish tile placed, or a piece declared, where the seat's Power matches "
                 "the rival's (on top of the piece's worth; Skirmish Mode, p. 15)"),
    ("invoke", "a Mythology card Invoked (its ability, p. 8)"),
    ("invoke_idle", "cost: an Invoke whose ability would find nothing to act on (the card "
                    "turned sideways for nothing, p. 8)"),
    ("mythology", "a Mythology card gained or Energised"),
    ("energise_wine", "cost: a Wine paid to Energise a Mythology card (a card of the hand "
                      "spent on it, p. ~9)"),
    ("card", "a card gained into the hand"),
    ("strategy_power", "a Strategy tile that adds Power or wins ties (Appendix 2)"),
    ("strategy_economy", "any other Strategy tile (Appendix 2)"),
    ("tactical_hand", "cards kept in hand before adding Tactical Card Support to a Siege (a "
                      "count)"),
    # the City-state draft (step 11)
    ("draft_room", "per open Land next to a City-state's starting Land, when drafting"),
    ("draft_ability", "per Glory-equivalent one use of a City-state's ability is worth (its "
                      "step valued by the weights above, p. 6), when drafting"),
    ("draft_rival", "cost: per rival whose starting Land lies within two crossings of a "
                    "City-state's starting Land, when drafting"),
    # the Siege of Destiny (p. ~18), where Glory decides nothing
    ("time_marker", "a Time marker moved the seat's side's way by an Exile"),
    ("troia", "per Power the seat adds on the Land of Troia's Starting City, to take it or "
              "to hold it"),
    ("march", "per Power and Land crossing an Achaean's Land Units come nearer to Troia's "
              "Starting City, moved, Deployed, or ferried by its Ship"),
)
FEATURE_NAMES = tuple(name for name, _ in FEATURES)
NF = len(FEATURES)
WEIGHT_SIGNS = np.ones(NF)  # every weight at or above zero (``strategies.tune``)
(F_REPLENISH_CARD, F_REPLENISH_PILLAR, F_REPLENISH_ENERGISE, F_ADVANCE, F_PLAYED_RESOURCE,
 F_SECTION_PROCURE, F_SECTION_DEPLOY, F_SECTION_BUILD, F_SECTION_CITY, F_SECTION_SETTLE,
 F_SECTION_ASCEND, F_RESOURCES, F_SPEND, F_CITY, F_TEMPLE, F_TEMPLE_ROOM, F_AGORA, F_CITADEL,
 F_SHIP, F_WORKER, F_HOPLITE, F_ROW_EMPTIED, F_SETTLE, F_PILLAR, F_TRACK_STEP, F_CITY_STEP,
 F_CITY_TO_RIVAL, F_TRACK_END, F_MONUMENT, F_CHARACTER, F_EXILE_STARTING, F_CONTROL, F_CITY_LAND,
 F_REGION, F_EXPLORE, F_REINFORCE, F_MOVE, F_PROPHECY, F_QUEST, F_SIEGE, F_SKIRMISH, F_INVOKE,
 F_INVOKE_IDLE, F_MYTHOLOGY, F_ENERGISE_WINE, F_CARD,
 F_STRATEGY_POWER, F_STRATEGY_ECONOMY, F_TACTICAL_HAND, F_DRAFT_ROOM, F_DRAFT_ABILITY,
 F_DRAFT_RIVAL, F_TIME_MARKER,
 F_TROIA, F_MARCH) = range(NF)
# A seat's row of the weights W (sim.games.policies): its NF feature weights, then its
# share of decisions taken at random (strategies.skill_levels), and for a searching seat
# its play-outs per candidate turn and the rounds a play-out plays (0: to the game's end).
MISTAKES, SAMPLES, HORIZON = NF, NF + 1, NF + 2
ROW = NF + 3
