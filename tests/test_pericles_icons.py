"""The effect codes of the printed icons of p. 24 (Evaluate, Athena reveal, Battle,
Ostracize, Home), each run through the one effect dispatcher (rules/effects.run_effect)
on a hand-built state, ending with the invariant checker."""

from pericles_fixtures import T, neutral

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles.events import (
    EV_ATHENA_REVEAL,
    EV_BATTLE,
    EV_BUILD,
    EV_EVALUATE,
    EV_HOME,
    EV_OSTRACIZE,
)
from sim.games.pericles.rules.scoring import final_scoring

MIL, ECO, CUL, UNI = O.MILITARY, O.ECONOMY, O.CULTURE, O.UNIVERSAL


def test_evaluate_scores_every_row_and_card_with_no_builder():
    """p. 24 Evaluate, with the row scoring of p. 12: slots pay 6/5/4, a card its own
    value, a Universal card once; every scored Diplomat goes home."""
    fx = neutral()
    fx.put_row(MIL, [0, -1, 1])
    fx.put_row(ECO, [-1, 2, -1])
    uni = fx.athena_of(UNI)[0]
    fx.card_on_track(3, uni, owner=1)
    eco = fx.athena_of(ECO)[0]
    fx.card_on_track(4, eco)  # a card without a Diplomat pays no one
    assert fx.run(2, ("evaluate", 1))
    assert fx.glory(0, L.SRC_ROW) == 6
    assert fx.glory(1, L.SRC_ROW) == 4 + T.athena[uni, 1]
    assert fx.glory(2, L.SRC_ROW) == 5
    assert sum(fx.glory(seat, L.SRC_BUILDER) for seat in range(3)) == 0
    assert all(fx.row(r) == [-1, -1, -1] for r in range(3))
    assert fx[L.DIPLO_OWNER + 3] == -1 and fx[L.DIPLO_CARD + 3] == uni  # the card stays
    assert [fx[L.DIPS_HOME + seat] for seat in range(3)] == [1, 2, 1]
    assert len(fx.events(code=EV_BUILD)) == 0
    assert list(fx.events(code=EV_EVALUATE)[:, 4]) == [4]
    assert fx.check() == 0


def test_athena_reveal_places_on_the_card_icon_then_discards_it():
    """p. 24 Athena reveal, resolved as the Hoplite's reveal of p. 10; a used revealed
    card is discarded (p. 9)."""
    fx = neutral()
    cul, mil = fx.athena_of(CUL)[0], fx.athena_of(MIL)[0]
    fx.stack_athena([cul, mil])
    assert fx.run(0, ("athena_reveal", 2))
    assert fx.row(CUL) == [-1, -1, 0] and fx.row(MIL) == [-1, -1, 0]
    assert fx[L.ATHENA_LOC + cul] == L.LOC_DISCARD and fx[L.ATHENA_LOC + mil] == L.LOC_DISCARD
    assert list(fx.events(code=EV_ATHENA_REVEAL)[:, 4]) == [cul, mil]
    assert fx.check() == 0


def test_battle_icon_fights_the_rival_nearer_athens():
    """p. 24 Battle, fought as on p. 15: the Rival that fought resets, the other stays."""
    fx = neutral()
    fx.stack_athena([fx.athena_of(MIL)[0], fx.athena_of(MIL, skip=1)[0]])
    fx.put_row(MIL, [-1, -1, 1])
    fx.s[L.RIVAL_POS] = 2
    fx.s[L.RIVAL_POS + 1] = 4
    fx.s[L.ACTIVE] = 0
    assert fx.run(0, ("battle", 1))
    battles = fx.events(code=EV_BATTLE)
    assert list(battles[:, 4]) == [O.PERSIA]
    assert fx[L.RIVAL_POS + O.PERSIA] == 0 and fx[L.RIVAL_POS + O.SPARTA] == 2
    assert fx.row(MIL) == [-1, -1, -1] and fx.glory(1, L.SRC_COMPENSATION) == 2
    assert fx[L.PENDING_BATTLE] == 0 and fx[L.PENDING_BATTLE + 1] == 0
    assert fx.check() == 0


def test_battle_icon_with_level_rivals_fights_sparta_and_counts_battles():
    fx = neutral()
    fx.s[L.RIVAL_POS] = 1
    fx.s[L.RIVAL_POS + 1] = 1
    assert fx.run(0, ("battle", 2))
    assert list(fx.events(code=EV_BATTLE)[:, 4]) == [O.SPARTA, O.SPARTA]
    assert fx[L.RIVAL_POS + O.SPARTA] == 0 and fx[L.RIVAL_POS + O.PERSIA] == 1
    assert fx.check() == 0


def test_ostracize_unit_takes_the_unit_track_first_then_piraeus():
    """p. 24 Ostracize for a Unit: from the Unit track, else Piraeus (p. 13); it is
    mandatory and, with no Unit left in either place, sends nothing."""
    fx = neutral()
    fx.all_units(0, home=(0, 1, 0), port=(0, 0, 1), camp=(2, 1, 1))
    assert fx.run(0, ("ostracize_unit", 3))
    assert [fx[L.UNITS_CAMP + u] for u in range(3)] == [2, 2, 2]
    assert [fx[L.UNITS_HOME + u] + fx[L.UNITS_PORT + u] for u in range(3)] == [0, 0, 0]
    assert list(fx.events(code=EV_OSTRACIZE)[:, 4]) == [O.SHIP, O.HOPLITE]
    assert fx.check() == 0


def test_ostracize_diplomat_takes_the_household_first_then_the_stoa():
    """p. 24 Ostracize for a Diplomat (p. 9); from the Household first (our reading)."""
    fx = neutral()
    fx.diplomats(0, home=1, stoa=7)
    assert fx.run(0, ("ostracize_diplomat", 2))
    assert fx[L.DIPS_CAMP] == 2 and fx[L.DIPS_HOME] == 0 and fx[L.DIPS_STOA] == 6
    assert list(fx.events(code=EV_OSTRACIZE)[:, 4]) == [L.N_UNIT_TYPES] * 2
    final_scoring(fx.s, T)
    assert fx.glory(0, L.SRC_END_OSTRACISM) == -4  # the Camp's square scale (p. 17)
    assert fx.check() == 0


def test_home_unit_returns_a_unit_from_piraeus_to_the_unit_track():
    """p. 24 Home for a Unit: back on the Unit track (p. 10); nothing when Piraeus is
    empty; a full track empties to Piraeus (p. 13)."""
    fx = neutral()
    fx.all_units(0, home=(0, 0, 0), port=(0, 0, 1), camp=(2, 2, 1))
    assert fx.run(0, ("home_unit", 2))
    assert fx[L.UNITS_HOME + O.HOPLITE] == 1 and fx[L.UNITS_PORT + O.HOPLITE] == 0
    assert list(fx.events(code=EV_HOME)[:, 4]) == [O.HOPLITE]
    fx.all_units(1, home=(2, 2, 1), port=(0, 0, 1))
    assert fx.run(1, ("home_unit", 1))  # the sixth Unit fills the track: all to Piraeus
    assert [fx[L.UNITS_PORT + 3 + u] for u in range(3)] == [2, 2, 2]
    assert fx.check() == 0


def test_home_diplomat_returns_a_diplomat_from_the_stoa_to_the_household():
    """p. 24 Home for a Diplomat: back in the Household (p. 10)."""
    fx = neutral()
    fx.diplomats(0, home=0, stoa=2, camp=6)
    assert fx.run(0, ("home_diplomat", 3))
    assert fx[L.DIPS_HOME] == 2 and fx[L.DIPS_STOA] == 0 and fx[L.DIPS_CAMP] == 6
    assert list(fx.events(code=EV_HOME)[:, 4]) == [L.N_UNIT_TYPES] * 2
    assert fx.check() == 0


def test_icons_after_an_unpaid_cost_do_nothing():
    """A cost that cannot be paid stops the whole effect (p. 20), icons included."""
    fx = neutral()
    fx.diplomats(0, home=2, stoa=6)
    assert not fx.run(0, ("pay_silver", 1), ("ostracize_diplomat", 1), ("battle", 1))
    assert fx[L.DIPS_CAMP] == 0 and len(fx.events(code=EV_BATTLE)) == 0
    assert fx.check() == 0
