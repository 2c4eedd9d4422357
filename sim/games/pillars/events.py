"""Trace event codes of Pillars of Heracles (pillars-gaps section 6) and the arguments each
carries. Every row also holds the round and the seat (``core.emit``)."""

import numpy as np

EVENT_FIELDS = (
    ("setup_pick", ("city_state", "resource_tile", "pick")),
    ("block_region", ("region", "", "")),
    ("siege", ("land", "won", "target")),
    ("tactical_support", ("land", "cards", "power")),
    ("domination", ("region", "track", "step")),
    ("consolidation", ("icon", "track", "step")),
    ("track_step", ("track", "step", "cause")),
    ("track_reward", ("track", "step", "reward")),
    ("city_evaluation", ("track", "winner", "land")),
    ("gain_city", ("land", "cause", "cities")),
    ("rondel_move", ("card", "sections", "section")),
    ("rondel_draw", ("section", "card", "")),
    ("spend", ("resource", "source", "which")),
    ("trade", ("given", "gained", "")),
    ("mythology_gain", ("card", "slot", "")),
    ("energise", ("slot", "card", "free")),
    ("replenish", ("discarded", "drawn", "pillars")),
    ("card_ability", ("card", "alternative", "")),
    ("mercenary", ("land", "", "")),
    ("procure", ("card", "slot", "")),
    ("exile", ("card", "from_discard", "")),
    ("deploy", ("unit", "space", "row")),
    ("build", ("building", "land", "row")),
    ("settle", ("land", "population", "pillar")),
    ("population_reward", ("land", "tile", "reward")),
    ("strategy_tile", ("tile", "slot", "section")),
    ("ascend", ("track", "step", "paid_by")),
    ("move", ("piece", "from", "to")),
    ("explore", ("land", "", "")),
    ("siege_place", ("land", "", "")),
    ("prophecy_fulfilled", ("card", "region", "glory")),
    ("place_city_aside", ("land", "", "")),
    ("turn", ("kind", "section", "")),
    ("round_start", ("", "", "")),
    ("end_trigger", ("reason", "last_round", "")),
    ("end_ship", ("piece", "land", "region")),
    ("region_score", ("region", "winner", "glory")),
    ("glory", ("source", "amount", "total")),
    ("game_end", ("reason", "", "")),
    ("invoke", ("slot", "card", "off_turn")),
    # one step of an ability (ops.OP_NAMES code) and what it acted on, as the step's code
    # reads them: a seat, then a Land, piece, slot or count
    ("ability_step", ("op", "target", "value")),
    # a Strategy tile's effect (content.STRATEGY code) acting: a discounted step or Polis
    # Expansion (track, new step), Library (track, cards drawn), Lighthouse (-1, Resources)
    ("strategy", ("effect", "track", "value")),
    # a seat's City-state ability at its trigger (content.TRIGGERS); its steps follow
    ("city_state_ability", ("city_state", "trigger", "")),
    # the Sphinx tile placed on a Land (step 7, p. 31), and a seat paying for moving a Unit
    # there: the Action card discarded (-1: an empty hand), the seat that placed the tile
    ("sphinx_tile", ("land", "", "")),
    ("sphinx_toll", ("land", "card", "holder")),
    # Perseus (p. 31): the Mythology card removed from the game, its seat, 1 if its ability
    # was used
    ("mythology_removed", ("card", "rival", "used")),
    # Skirmish Mode (p. 15): the tile placed; a Skirmish resolved against a rival (won 1,
    # lost 0), or the tile taken back unresolved (rival -1: no piece to take, or a won
    # Siege); a piece (rules.removal.REMOVABLE) back from a Land to its owner's board
    ("skirmish_place", ("land", "", "")),
    ("skirmish", ("land", "rival", "won")),
    ("piece_removed", ("land", "piece", "")),
    # Barbarian Hordes (p. 15): the Barbarians act; a tile moves (spaces as layout.BARB_AT
    # codes) or is placed on a camp; a tile removed by a Settle
    ("barbarian_phase", ("", "", "")),
    ("barbarian_move", ("tile", "from", "to")),
    ("barbarian_place", ("tile", "land", "")),
    ("barbarian_defeated", ("tile", "land", "")),
    # Legendary Heroes (p. 16): a Hero tile taken in step 11; a Hero Unit Deployed; its
    # tile's ability at its trigger (its steps follow); an Odysseus token turned face up
    # (kind 0) or taken onto Odysseus's tile (kind 1)
    ("hero_pick", ("hero", "", "")),
    ("hero_deploy", ("hero", "land", "")),
    ("hero_ability", ("hero", "trigger", "")),
    ("odysseus_token", ("region", "token", "kind")),
    # the Siege of Destiny (p. ~18): a card Exiled toward a Time marker (from
    # destiny.EXILE_FROM); a Time marker removed (change -1) or added (+1), those left, and
    # its cause (destiny.TIME_CAUSES)
    ("time_exile", ("from", "card", "glory")),
    ("time_marker", ("change", "left", "cause")),
    # Solo Mode (p. ~21): the Tyrant's Active card (its Resource and Power), his spending
    # (asked, spent), a Unit he Relocates (relocate.K_HOPLITE, K_WORKER, PIECE_SHIP; a Land
    # Unit's Lands, a Ship's spaces as layout.SHIP_SPACE codes),
    # his Replenish Turn (the spare-colour Hoplite's Land), a Prophecy he claims, and a
    # combat (the Land, the attacker, 1 when the attacker won)
    ("active_card", ("card", "resource", "power")),
    ("tyrant_spend", ("need", "spent", "")),
    ("relocate", ("piece", "from", "to")),
    ("tyrant_replenish", ("land", "", "")),
    ("prophecy_claimed", ("card", "region", "")),
    ("combat", ("land", "attacker", "won")),
    # the end of an Invoke (after its ``ability_step`` rows): 1 when a step acted on
    # something, 0 when every step found nothing to act on
    ("invoke_end", ("slot", "card", "acted")),
)
EVENT_NAMES = tuple(name for name, _ in EVENT_FIELDS)
EVENT_ARGS = dict(EVENT_FIELDS)
(EV_SETUP_PICK, EV_BLOCK_REGION, EV_SIEGE, EV_TACTICAL_SUPPORT, EV_DOMINATION,
 EV_CONSOLIDATION, EV_TRACK_STEP, EV_TRACK_REWARD, EV_CITY_EVALUATION, EV_GAIN_CITY,
 EV_RONDEL_MOVE, EV_RONDEL_DRAW, EV_SPEND,
 EV_TRADE, EV_MYTHOLOGY_GAIN, EV_ENERGISE, EV_REPLENISH, EV_CARD_ABILITY, EV_MERCENARY,
 EV_PROCURE, EV_EXILE, EV_DEPLOY, EV_BUILD, EV_SETTLE, EV_POPULATION_REWARD, EV_STRATEGY_TILE,
 EV_ASCEND, EV_MOVE, EV_EXPLORE, EV_SIEGE_PLACE, EV_PROPHECY_FULFILLED, EV_PLACE_CITY_ASIDE,
 EV_TURN, EV_ROUND_START, EV_END_TRIGGER, EV_END_SHIP, EV_REGION_SCORE, EV_GLORY,
 EV_GAME_END, EV_INVOKE, EV_ABILITY_STEP, EV_STRATEGY, EV_CITY_STATE_ABILITY, EV_SPHINX_TILE,
 EV_SPHINX_TOLL, EV_MYTHOLOGY_REMOVED, EV_SKIRMISH_PLACE, EV_SKIRMISH, EV_PIECE_REMOVED,
 EV_BARBARIAN_PHASE, EV_BARBARIAN_MOVE, EV_BARBARIAN_PLACE, EV_BARBARIAN_DEFEATED,
 EV_HERO_PICK, EV_HERO_DEPLOY, EV_HERO_ABILITY, EV_ODYSSEUS_TOKEN, EV_TIME_EXILE,
 EV_TIME_MARKER, EV_ACTIVE_CARD, EV_TYRANT_SPEND, EV_RELOCATE, EV_TYRANT_REPLENISH,
 EV_PROPHECY_CLAIMED, EV_COMBAT, EV_INVOKE_END) = (
    np.int32(k) for k in range(len(EVENT_FIELDS)))
EV_COLS = 6  # round, seat, code, a, b, c

# causes of a City gained (gain_city.cause) and kinds of a turn (turn.kind)
CITY_TRACK_3, CITY_TRACK_5, CITY_BUILT, CITY_ATLANTIS_SETTLED = range(4)
TURN_ADVANCE, TURN_REPLENISH = 0, 1

# causes of a track step (track_step.cause)
(CAUSE_SETUP, CAUSE_DOMINATION, CAUSE_CONSOLIDATION, CAUSE_ASCEND, CAUSE_CAMP, CAUSE_ABILITY,
 CAUSE_STRATEGY) = range(7)
