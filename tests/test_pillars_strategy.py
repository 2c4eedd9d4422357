"""The Strategy tiles' effects (Appendix 2, p. ~14) on hand-built states, one test per
effect, with the choices docs/rules/pillars.md makes where the text is silent (decisions
18-28): sim/games/pillars/rules/strategy.py and the kernels each effect changes."""

import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import STRATEGY
from sim.games.pillars.invariants import V_OK, V_TILES, check_state
from tests.pillars_fixtures import (
    WINE,
    T,
    aegean_first_round,
    give_tile,
)

EFFECT = {name: code for code, name in enumerate(STRATEGY)}


@pytest.fixture
def a():
    """Sparta (seat 0, Lakonia), Athenai (seat 1, Attika), Troia (seat 2, Troas); Iona is
    a Forbidden Domain."""
    return aegean_first_round()


def test_a_gained_tile_counts_its_effect_and_the_invariant_checks_it_p6(a):
    tile = give_tile(a, 0, "vintners_guild")
    assert a[L.EFFECTS_HELD + EFFECT["vintners_guild"]] == 1 and a[L.GUILDS + WINE] == 1
    assert a[L.STRATEGY_SLOT + 0] == tile and check_state(a, T) == V_OK
    a[L.EFFECTS_HELD + EFFECT["library"]] = 1  # an effect without its tile
    assert check_state(a, T) == V_TILES
