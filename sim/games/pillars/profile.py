"""Pillars of Heracles' play profile: what a player does in a game, counted per
player-game.

Each mechanism is counted from trace events (``rules.use.count_use``), so a game's counts
can be checked against its trace (``sim trace``): one event for each use
(``EVENT_MECHANISMS``), or as ``count_use`` reads the event's arguments. ``picks`` are the
City-states (both faces, as printed) whose ability triggers on that Rondel action
(content ``city_states.tiles``: ``trigger``).
"""

from sim.games.play_profile import Mechanism, indices

ON_PROCURE = ("Korinthos", "Kyrene", "Memphis", "Naxos")
ON_DEPLOY = ("Sparta", "Troia")
ON_BUILD = ("Miletos", "Syrakusai", "Rhodos", "Taras")
ON_SETTLE = ("Athenai",)
ON_ASCEND = ("Larissa", "Tarsos", "Argos")
ON_REPLENISH = ("Thebai", "Emporion", "Phokaia", "Massalia", "Pella", "Ephesos")

PROFILE = (
    # an Advance Turn's Rondel action, by the section the marker lands on (p. 8), in
    # content.RONDEL order
    Mechanism("rondel_procure", "Advance Turns ending on the Procure section", "p. 8",
              ON_PROCURE),
    Mechanism("rondel_deploy", "Advance Turns ending on the Deploy section", "p. 8", ON_DEPLOY),
    Mechanism("rondel_build", "Advance Turns ending on the Build section", "p. 8", ON_BUILD),
    Mechanism("rondel_settle", "Advance Turns ending on the Settle section", "p. 8", ON_SETTLE),
    Mechanism("rondel_ascend", "Advance Turns ending on the Ascend section", "p. 8", ON_ASCEND),
    Mechanism("replenish_turn", "Replenish Turns", "p. 9", ON_REPLENISH),
    Mechanism("procure", "cards Procured", "p. 10", ON_PROCURE),
    Mechanism("deploy", "Units Deployed", "p. 10", ON_DEPLOY),
    Mechanism("build_temple", "Temples built", "p. 10", ON_BUILD),
    Mechanism("build_agora", "Agoras built", "p. 10", ON_BUILD),
    Mechanism("build_citadel", "Citadels built", "p. 10", ON_BUILD),
    Mechanism("settle", "Lands Settled", "p. 11", ON_SETTLE),
    Mechanism("pillar_placed", "Settles that leave the player's Pillar on the Land: one "
              "placed from a Settle row or moved there", "p. 11", ON_SETTLE),
    Mechanism("ascend", "Ascend steps taken on the Olympian track", "p. 11", ON_ASCEND),
    Mechanism("strategy_tile", "Strategy tiles taken onto an emptied row", "p. 6"),
    Mechanism("siege_laid", "Siege tiles placed", "p. 8"),
    Mechanism("siege_won", "Sieges won in a Status Check", "p. 8"),
    Mechanism("siege_lost", "Sieges lost in a Status Check", "p. 8"),
    Mechanism("domination", "Dominations: a track step for the most Power in a Region",
              "p. 8"),
    Mechanism("consolidation", "Consolidations: a track step for an icon's Lands", "p. 8"),
    Mechanism("track_step", "track steps taken, for any cause", "p. 7"),
    Mechanism("city_own_step", "step-3 Cities gained by the player's own track step", "p. 7"),
    Mechanism("city_to_rival", "step-3 Cities the player's track step handed to a rival",
              "p. 7"),
    Mechanism("city_track_end", "step-5 Cities placed on the map by the player reaching "
              "the step", "p. 7"),
    Mechanism("mythology_gained", "Mythology cards gained", "p. 7"),
    Mechanism("energise", "Mythology cards Energised", "p. 9", ("Pella", "Ephesos")),
    Mechanism("invoke", "Mythology cards Invoked", "p. 8"),
    Mechanism("invoke_effect", "Invokes whose ability acted on something", "p. 8"),
    Mechanism("invoke_idle", "Invokes whose ability found nothing to act on (for "
              "example an Energise with no Invoked card)", "p. 8"),
    Mechanism("prophecy", "Prophecies fulfilled", "p. 8"),
    Mechanism("trade", "Trades: 2 of one Resource for 1 of another", "p. 9"),
)
N_USE = len(PROFILE)
USE = indices(PROFILE)  # a mechanism's index in the counts
# event name (events.EVENT_NAMES) -> the mechanism it is one use of, for its ``player``
EVENT_MECHANISMS = {
    "procure": "procure", "deploy": "deploy", "settle": "settle", "ascend": "ascend",
    "strategy_tile": "strategy_tile", "siege_place": "siege_laid",
    "domination": "domination", "consolidation": "consolidation", "track_step": "track_step",
    "mythology_gain": "mythology_gained", "energise": "energise", "invoke": "invoke",
    "prophecy_fulfilled": "prophecy", "trade": "trade",
}
