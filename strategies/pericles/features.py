"""The features the Age of Pericles heuristic scores an option by.

An option's features are what taking it would bring its player, estimated from what that
player can see: Glory now, Glory expected from Diplomats on the board, goods, pieces,
offices, pressure on the game's end. A personality is one weight per feature (a TOML
preset); an option's score is the dot product, which the heuristic accumulates term by
term as it estimates each feature.
"""

FEATURES = (
    # name, what one unit of the feature is
    ("glory", "Glory gained now (builder reward, row payout, Missions, Offices, effects)"),
    ("opponent_glory", "Glory the option hands to the other players now"),
    ("progress", "change in the slot Glory (6/5/4) of own Diplomats on the Progress rows"),
    ("track", "printed Glory of an Athena card an own Diplomat now sits on"),
    ("silver", "Silver gained (negative: spent)"),
    ("amphora", "Amphoras gained"),
    ("trophy", "Trophies gained"),
    ("athena", "Athena cards gained into the hand"),
    ("mission", "Mission cards gained"),
    ("ostracism", "change in the game-end Ostracism penalty (count squared, p. 17)"),
    ("office", "Glory-equivalent of the Office majorities a Citizen wins or ties"),
    ("parthenon", "Parthenon pieces the player raises"),
    ("hoplite", "Hoplites sent onto a Battle track"),
    ("unit", "Workers and Ships sent out"),
    ("ready", "pieces made ready: Units to Piraeus, Diplomats to the Stoa"),
    ("city", "City-state moves (pushes the Delian League end)"),
    ("rivals", "Rival advances (Battle pressure)"),
    ("night", "turning to the Night side"),
    ("citizens", "unused-Citizen game-end Glory kept (+) or put at risk (-)"),
    ("actions", "Main Actions gained (+) or given up (-) by a space action"),
    ("sets", "change in progress toward a complete Build cost (0..1)"),
)
FEATURE_NAMES = tuple(name for name, _ in FEATURES)
NF = len(FEATURES)
(F_GLORY, F_OPP_GLORY, F_PROGRESS, F_TRACK, F_SILVER, F_AMPHORA, F_TROPHY, F_ATHENA,
 F_MISSION, F_OSTRACISM, F_OFFICE, F_PARTHENON, F_HOPLITE, F_UNIT, F_READY, F_CITY,
 F_RIVALS, F_NIGHT, F_CITIZENS, F_ACTIONS, F_SETS) = range(NF)

# A seat's row of the weights array holds, after the feature weights, its skill
# (strategies.pericles.skill): the share of its decisions taken at random (0: none) and
# the search bot's budget, play-outs per option and Governances ahead (0: to the game's
# end).
MISTAKES, SAMPLES, HORIZON = NF, NF + 1, NF + 2
ROW = NF + 3
