"""Every tunable number of Age of Pericles, declared once with its default and range.

The engine reads these from one int32 vector (``Tables.params``) by the index
constants below, so a designer can override or sweep any of them
(``--set params.builder_base=4``) without touching code. Pages cite the rulebook.
"""

from sim.games.tunables import Param, index_of

PARAMS: tuple[Param, ...] = (
    # Progress rows (p. 10)
    Param("slot_glory_0", 6, 0, 30, "rulebook p. 10: leftmost Progress slot"),
    Param("slot_glory_1", 5, 0, 30, "rulebook p. 10: middle Progress slot"),
    Param("slot_glory_2", 4, 0, 30, "rulebook p. 10: entry Progress slot"),
    # Compensation table (p. 10, p. 15)
    Param("comp_night_glory", 5, 0, 30, "rulebook p. 10"),
    Param("comp_day_silver", 1, 0, 10, "rulebook p. 10"),
    Param("comp_day_glory", 2, 0, 30, "rulebook p. 10"),
    Param("comp_day_goods", 1, 0, 5, "rulebook p. 10: the row's good"),
    # Build the Parthenon (p. 12)
    Param("build_cost", 3, 1, 6, "rulebook p. 12: pieces in each complete cost"),
    Param("builder_base", 3, 0, 20, "rulebook p. 12: builder reward before Diplomats"),
    Param("builder_per_diplomat", 1, 0, 10, "rulebook p. 12"),
    Param("culture_completion_glory", 10, 0, 50, "rulebook p. 12"),
    Param("military_completion_city_moves", 2, 0, 5, "rulebook p. 12"),
    Param("skill_draw_extra", 1, 0, 3, "rulebook p. 19: draw one more than pieces raised"),
    Param("skills_face_up", 3, 1, 6, "rulebook p. 19"),
    # Activate a Unit (p. 10)
    Param("recall_worker_silver", 2, 0, 10, "rulebook p. 10"),
    Param("recall_ship_missions", 1, 0, 3, "rulebook p. 10"),
    Param("recall_hoplite_glory", 2, 0, 10, "rulebook p. 10"),
    Param("mission_sale_silver", 3, 0, 10, "rulebook p. 10"),
    Param("mission_sales_max", 2, 0, 5, "rulebook p. 10"),
    Param("ship_silver", 1, 0, 5, "rulebook p. 10"),
    Param("hoplite_trophies", 1, 0, 5, "rulebook p. 10"),
    # Fill the Market (p. 11)
    Param("market_top_amphora", 1, 0, 3, "rulebook p. 11"),
    Param("market_top_corruption", 1, 0, 3, "rulebook p. 11"),
    Param("market_middle_universal", 1, 0, 3, "rulebook p. 11"),
    Param("market_bottom_silver", 2, 0, 6, "rulebook p. 11"),
    Param("market_bottom_corruption", 1, 0, 3, "rulebook p. 11"),
    # Send an Athena Card (p. 11)
    Param("athena_offer_size", 3, 1, 3, "rulebook p. 11: three face-up cards"),
    Param("empty_stoa_glory", 3, 0, 10, "rulebook p. 11"),
    # Use Your Role Tile (p. 13); each Role's Day cost is in its Role entry
    Param("day_silver_per_good", 2, 0, 6, "rulebook p. 13"),
    Param("night_placements", 2, 0, 5, "rulebook p. 13"),
    Param("night_missions", 1, 0, 3, "rulebook p. 13"),
    Param("night_rival_reveals", 2, 0, 4, "rulebook p. 13"),
    # Board geometry (p. 8 shows the board; its numbers are not in the text)
    Param("diplomacy_spaces", 8, 3, 12,
          "assumed: the board is not transcribed; 8 spaces let a City-state travel 2-3 rounds"),
    Param("battle_track_length", 5, 2, 10,
          "assumed: a Rival reaching Athens after about five discs gives 1-2 Battles a game"),
    Param("hoplite_spaces", 3, 1, 6, "assumed: three Hoplite spaces per Battle track"),
    Param("unit_track_spaces", 6, 2, 6, "assumed: one space per Unit a player owns"),
    Param("household_spaces", 8, 2, 8, "assumed: one space per Diplomat a player owns"),
    # Governance (p. 16)
    Param("tamias_glory", 2, 0, 20, "rulebook p. 16"),
    Param("tamias_tie_silver", 2, 0, 10, "rulebook p. 16"),
    Param("trierarch_glory", 1, 0, 20, "rulebook p. 16"),
    Param("trierarch_tie_missions", 1, 0, 3, "rulebook p. 16"),
    Param("strategos_glory", 5, 0, 20, "rulebook p. 16"),
    Param("strategos_tie_glory", 2, 0, 20, "rulebook p. 16"),
    Param("ecclesia_amphoras", 2, 0, 5, "rulebook p. 16"),
    Param("ecclesia_tie_amphoras", 1, 0, 5, "rulebook p. 16"),
    Param("archon_athena", 2, 0, 5, "rulebook p. 16"),
    Param("archon_tie_athena", 1, 0, 5, "rulebook p. 16"),
    Param("boule_trophies", 2, 0, 5, "rulebook p. 16"),
    Param("boule_tie_trophies", 1, 0, 5, "rulebook p. 16"),
    # Citizens (p. 9, p. 16)
    Param("start_small_citizens", 2, 1, 3, "rulebook p. 5"),
    Param("large_unlock_round", 1, 0, 5, "rulebook p. 16: Large Citizen at the end of Round 1"),
    Param("small_unlock_round", 2, 0, 5, "rulebook p. 16: third Small Citizen at the end of Round 2"),
    # Final scoring (p. 17)
    Param("home_piece_glory", 1, 0, 5, "rulebook p. 17"),
    Param("ostracism_scale", 1, 0, 5, "rulebook p. 17: penalty is scale x count x count"),
    Param("unused_large_glory", 20, 0, 50, "rulebook p. 17"),
    Param("unused_small_glory", 10, 0, 50, "rulebook p. 17"),
    Param("mission_end_glory", 2, 0, 10, "rulebook p. 17"),
    Param("mission_end_max", 10, 0, 50, "rulebook p. 17"),
    Param("silver_end_max", 10, 0, 50, "rulebook p. 17"),
    Param("goods_glory_1", 1, 0, 10, "rulebook p. 17"),
    Param("goods_glory_2", 4, 0, 20, "rulebook p. 17"),
    Param("goods_glory_3", 10, 0, 30, "rulebook p. 17: three or more of a kind"),
    # Reserve and limits (pp. 4-5)
    Param("reserve_silver", 314, 0, 1000, "rulebook p. 4: 48 coins of 4 and 122 of 1"),
    Param("reserve_amphoras", 20, 9, 60, "rulebook p. 4"),
    Param("reserve_trophies", 25, 0, 60, "rulebook p. 4"),
    Param("missions_dealt", 2, 1, 4, "rulebook p. 5: deal 2, keep 1"),
    Param("max_rounds", 30, 5, 100, "assumed: a safety stop; no rule limits rounds, games end far sooner"),
)

PARAM_INDEX = index_of(PARAMS)
N_PARAMS = len(PARAMS)
# Named indices for the kernels: ``params.BUILDER_BASE`` is the position of builder_base.
globals().update({p.name.upper(): i for i, p in enumerate(PARAMS)})
