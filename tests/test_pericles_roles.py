"""How Roles reach the seats (p. 5): the printed draft, random dealing, fixed picks; and
which City-state space actions each seat took (pp. 9, 20)."""

import numpy as np
import pytest
from scipy.stats import chisquare

from sim.games.pericles.content import load_content
from sim.games.pericles.game import PericlesSetup, simulate
from sim.games.pericles.runner import SETTINGS, make_setup
from sim.runner import RunError

CONTENT = load_content()
ROLES = CONTENT.names["roles"]
GAMES = 600


def _roles(picks, games=GAMES, strategy="balanced", seed=4):
    setup = PericlesSetup(players=3, roles=picks, strategies=(strategy,))
    return simulate(CONTENT, setup, seed, 0, games)["role"][:, :3]


def test_random_roles_are_distinct_and_uniform_over_seats():
    held = _roles(("random",) * 3)
    assert all(len(set(row)) == 3 for row in held.tolist())
    for seat in range(3):
        counts = np.bincount(held[:, seat], minlength=len(ROLES))
        assert chisquare(counts).pvalue > 0.001, (seat, counts)


def test_the_printed_draft_lets_the_strategy_choose():
    # The balanced bot values Roles from the setup it sees, so its drafts vary far less
    # than a random deal: the most common Role of the last seat (first to draft) dominates.
    held = _roles(("draft",) * 3)
    last_seat = np.bincount(held[:, 2], minlength=len(ROLES))
    assert last_seat.max() > 0.5 * GAMES


def test_a_fixed_role_stays_and_random_seats_never_take_it():
    held = _roles(("veteran", "random", "random"))
    veteran = ROLES.index("veteran")
    assert (held[:, 0] == veteran).all()
    assert (held[:, 1:] != veteran).all()
    assert len(np.unique(held[:, 1])) == len(ROLES) - 1


def test_random_dealing_is_reproducible_and_follows_the_seed():
    a, b = _roles(("random",) * 3, 50), _roles(("random",) * 3, 50)
    c = _roles(("random",) * 3, 50, seed=5)
    assert (a == b).all() and not (a == c).all()


def test_runs_deal_roles_at_random_unless_a_scenario_says_draft():
    assert SETTINGS["roles"] == "random"
    setup = make_setup(CONTENT, 3, dict(SETTINGS), ("balanced",), "cell")
    assert setup.roles == ("random",) * 3
    drafted = make_setup(CONTENT, 3, {**SETTINGS, "roles": "draft"}, ("balanced",), "cell")
    assert drafted.roles == ("draft",) * 3


def test_random_roles_are_named_as_a_deviation_and_the_draft_preset_drafts():
    from sim.games.pericles.runner import deviations
    from sim.runner.scenario import load_scenario

    assert deviations(SETTINGS)[0].startswith("roles = random: Roles are dealt at random, not "
                                              "drafted as printed (p. 5)")
    assert deviations({**SETTINGS, "roles": ["veteran", "random", "draft"]}) != []
    assert deviations({**SETTINGS, "roles": "draft"}) == []
    assert deviations({**SETTINGS, "roles": ["veteran", "draft", "draft"]}) == []
    assert load_scenario("draft-3p", None).settings["roles"] == "draft"


@pytest.mark.parametrize("roles, message", [
    (["veteran", "random"], "roles lists 2 seats but the game has 3 players"),
    (["veteran", "veteran", "random"], "roles gives one Role to two seats"),
    (["veteran", "king", "draft"], "unknown Role 'king'"),
])
def test_bad_role_picks_name_the_problem(roles, message):
    with pytest.raises(RunError, match=message):
        make_setup(CONTENT, 3, {**SETTINGS, "roles": roles}, ("balanced",), "cell")


def test_city_states_used_matches_the_trace_and_the_tiles_in_play():
    from sim.games.pericles.events import EV_CITY_STATE_ACTION
    from sim.games.pericles.game import play_traced
    from sim.games.pericles.runner import rows

    setup = PericlesSetup(players=3, roles=("random",) * 3, strategies=("balanced",))
    table = rows(CONTENT, setup, simulate(CONTENT, setup, 8, 0, 30), 0, 0).to_pandas()
    assert table["city_states_used"].str.len().gt(0).any()
    for row in table.itertuples():
        used = set(filter(None, row.city_states_used.split(",")))
        assert used <= set(row.city_states.split(","))
    for game in range(5):
        _, events = play_traced(CONTENT, setup, 8, game)
        seats = table[table["game"] == game].sort_values("seat")["city_states_used"].tolist()
        for seat in range(3):
            taken = {CONTENT.names["city_states"][e[4]] for e in events
                     if e[3] == EV_CITY_STATE_ACTION and e[2] == seat}
            assert set(filter(None, seats[seat].split(","))) == taken
