"""Age of Pericles' play profile: what a player does in a game, counted per player-game.

Each mechanism is counted from trace events (``rules.use.count_use``), so a game's counts
can be checked against its trace (``sim trace``): one event for each use
(``EVENT_MECHANISMS``), or as ``count_use`` reads the event's arguments. The Glory a player took as
Compensation is the dataset's ``glory_compensation`` column, not a count here.
"""

from sim.games.play_profile import Mechanism, indices

ALL_ROLES = ("Veteran", "Matriarch", "Sophist", "Oligarch", "Hetaira", "Priestess")

PROFILE = (
    Mechanism("citizen_placed", "Citizens placed on the Agora", "p. 9"),
    Mechanism("mission_revealed", "Mission sides revealed as a space action", "pp. 9, 18"),
    Mechanism("city_state_action", "City-state actions taken as a space action", "pp. 9, 20"),
    Mechanism("main_activate_unit", "Main Actions: Activate a Unit", "p. 10"),
    Mechanism("main_fill_market", "Main Actions: Fill the Market", "p. 11",
              ("Hetaira", "Priestess")),  # their Day side is paid in Amphoras
    Mechanism("main_send_athena", "Main Actions: Send an Athena card", "p. 11",
              ("Sophist", "Oligarch")),  # their Day side is paid in Athena cards
    Mechanism("main_build", "Main Actions: Build", "p. 12"),
    Mechanism("main_activate_house", "Main Actions: Activate your House", "p. 13"),
    Mechanism("main_role", "Main Actions: use your Role", "p. 13", ALL_ROLES),
    Mechanism("day_action", "Role actions taken on the Day side", "p. 13", ALL_ROLES),
    Mechanism("night_action", "Role actions taken on the Night side", "p. 13", ALL_ROLES),
    Mechanism("unit_sent", "Units sent: Worker to a City-state, Ship to a Waypost, Hoplite "
              "to a Battle track", "p. 10"),
    Mechanism("recall", "Pieces recalled from the Ostracized Camp", "p. 10"),
    Mechanism("mission_sold", "Unfulfilled Missions sold for Silver", "p. 10"),
    Mechanism("build", "Parthenon columns and roofs built by the player (a Build, or a "
              "free column reward)", "p. 12"),
    Mechanism("knock_out_own", "own Diplomats pushed off the 6 by one's own placement "
              "(each takes Compensation)", "p. 10"),
    Mechanism("knock_out_rival", "rivals' Diplomats pushed off the 6 by one's placement",
              "p. 10"),
    Mechanism("ostracized", "own pieces sent to the Ostracized Camp", "pp. 9, 13"),
    Mechanism("skill_gained", "Skill cards gained, the starting Skill included", "p. 19"),
    Mechanism("skill_tucked", "Skill cards tucked", "p. 19"),
    Mechanism("city_state_integrated", "City-states integrated, placed by the player",
              "p. 10"),
)
N_USE = len(PROFILE)
# event name (events.EVENT_NAMES) -> the mechanism it is one use of, for its ``player``
EVENT_MECHANISMS = {
    "place_citizen": "citizen_placed", "reveal_mission": "mission_revealed",
    "city_state_action": "city_state_action", "build": "build", "ostracize": "ostracized",
    "send_unit": "unit_sent", "recall": "recall", "sell_mission": "mission_sold",
    "skill_gain": "skill_gained", "skill_tuck": "skill_tucked",
    "integrate": "city_state_integrated",
}
USE = indices(PROFILE)  # a mechanism's index in the counts
