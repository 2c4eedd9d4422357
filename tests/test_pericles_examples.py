"""The worked examples of the Age of Pericles rulebook, built as fixture states.

Each test sets up exactly the situation the example describes and checks the outcome
the rulebook states (page cited per test).
"""

from pericles_fixtures import LARGE, MISSION, SMALL, T, neutral

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles.events import EV_OFFICE, EV_SCORE_ROW
from sim.games.pericles.rules import actions, governance, parthenon
from sim.games.pericles.rules.scoring import final_scoring


def test_kalliope_final_scoring_adds_41():
    """p. 17: goods 2/1/2 of a kind (4 + 1 + 4), 4 Silver (4), 4 pieces at home (4),
    Diplomats on the 6/5/4 slots (15), one unused Small Citizen (10), one ostracized Unit
    (-1): +41."""
    fx = neutral()
    k = 0  # Kalliope
    fx.set_goods(k, silver=4, amphoras=2, trophies=1)
    fx.give_athena(k, O.CULTURE, 2)
    fx.put_row(O.MILITARY, [k, -1, -1])
    fx.put_row(O.ECONOMY, [-1, k, -1])
    fx.put_row(O.CULTURE, [-1, -1, k])
    fx.diplomats(k, home=2, stoa=3)
    fx.all_units(k, home=(1, 1, 0), port=(1, 1, 1), camp=(0, 0, 1))
    fx.s[L.ROUND] = 3
    fx.s[L.SMALL_UNLOCKED + k] = 3
    fx.s[L.LARGE_UNLOCKED + k] = 1
    fx.place(k, 0, LARGE)
    fx.place(k, 1, SMALL)
    fx.place(k, 2, SMALL)
    fx.s[L.GLORY + k] = 57  # what her marker already shows
    fx.s[L.GLORY_SRC + k * L.N_SOURCES + L.SRC_ROW] = 57
    assert fx.check() == 0
    final_scoring(fx.s, T)
    assert fx.glory(k) == 57 + 41
    assert fx.glory(k, L.SRC_END_GOODS) == 9 and fx.glory(k, L.SRC_END_SILVER) == 4
    assert fx.glory(k, L.SRC_END_HOME) == 4 and fx.glory(k, L.SRC_END_TRACK) == 15
    assert fx.glory(k, L.SRC_END_CITIZENS) == 10 and fx.glory(k, L.SRC_END_OSTRACISM) == -1
    assert fx.check() == 0


def _strategos_row():
    return [r for r in range(3) if T.board[r] == O.STRATEGOS][0]


def _strategos_fixture():
    fx = neutral()
    blue, red = 0, 1
    r = _strategos_row()
    fx.place(blue, r * 3 + 0, LARGE)
    fx.place(blue, r * 3 + 1, SMALL)
    fx.place(red, r * 3 + 2, LARGE)
    return fx, blue, red, r


def test_strategos_large_and_small_beat_a_large():
    """p. 16: Blue Large + Small (3) beats Red Large (2); Blue brings a Hoplite home."""
    fx, blue, red, r = _strategos_fixture()
    fx.units(blue, O.HOPLITE, port=1, camp=1)
    mark = fx[L.EVENTS]
    governance.governance(*fx.a, fx.rng, fx.ev)
    office = [row for row in fx.events(mark, EV_OFFICE) if row[4] == O.STRATEGOS][0]
    assert office[5] == 1 << blue and office[6] == 0
    assert fx[L.UNITS_CAMP + blue * 3 + O.HOPLITE] == 0
    assert fx[L.UNITS_HOME + blue * 3 + O.HOPLITE] == 1
    assert fx.glory(red, L.SRC_OFFICES) == 0
    assert fx.check() == 0


def test_strategos_majority_without_an_ostracized_hoplite_gains_5():
    fx, blue, red, r = _strategos_fixture()
    governance.row_official(*fx.a, O.STRATEGOS, *governance.majority(fx.s, governance.LINE_ROW, r),
                            fx.rng)
    assert fx.glory(blue, L.SRC_OFFICES) == 5


def test_strategos_tie_gives_each_2():
    fx, blue, red, r = _strategos_fixture()
    fx.place(red, r * 3 + 0, SMALL)  # Red 3 as well: several players may share a space
    holders, tie = governance.majority(fx.s, governance.LINE_ROW, r)
    assert tie
    governance.row_official(*fx.a, O.STRATEGOS, holders, tie, fx.rng)
    assert fx.glory(blue, L.SRC_OFFICES) == 2 and fx.glory(red, L.SRC_OFFICES) == 2


def test_demos_builds_with_3_trophies_and_keeps_1_of_2_skills():
    """p. 19: 3 Trophies, the next Military column, the Military row scored, 2 Skills
    drawn, 1 kept, 1 discarded; an Athens build would have given no Skill."""
    fx = neutral(skills=True)
    demos = 0
    fx.set_goods(demos, trophies=3)
    fx.put_row(O.MILITARY, [-1, 1, 2])
    reserve = fx[L.RESERVE_TROPHIES]
    deck = fx[L.SKILL_DECK_N]
    held = {k for k in range(T.skills.shape[0]) if fx[L.SKILL_LOC + k] == demos}
    assert actions.can_build(fx.s, T, demos, fx.opts)
    fx.steer(demos, [(4, 0), (2, 0)])  # the Military column, then the first Skill drawn
    mark = fx[L.EVENTS]
    actions.build(*fx.a, demos, fx.rng, fx.ev)
    assert fx[L.TROPHIES + demos] == 0 and fx[L.RESERVE_TROPHIES] == reserve + 3
    assert fx[L.PARTHENON + L.PIECE_MILITARY] == 1
    scored = fx.events(mark, EV_SCORE_ROW)
    assert len(scored) == 1 and scored[0][4] == O.MILITARY and scored[0][5] == 2
    assert fx.glory(demos, L.SRC_BUILDER) == 3 + 2
    assert fx.glory(1, L.SRC_ROW) == 5 and fx.glory(2, L.SRC_ROW) == 4
    assert fx[L.SKILL_DECK_N] == deck - 2
    now = {k for k in range(T.skills.shape[0]) if fx[L.SKILL_LOC + k] == demos}
    assert len(now - held) == 1
    assert sum(1 for k in range(T.skills.shape[0]) if fx[L.SKILL_LOC + k] == L.LOC_DISCARD) == 1
    assert fx.check() == 0
    fx.s[L.ROUND] += 1  # a new round: only the Athens build stands between him and a Skill
    parthenon.athens_builds_row(*fx.a, O.MILITARY, fx.rng, fx.ev)
    assert fx[L.PARTHENON + L.PIECE_MILITARY] == 2
    assert fx[L.SKILL_DECK_N] == deck - 2
    assert {k for k in range(T.skills.shape[0]) if fx[L.SKILL_LOC + k] == demos} == now


def test_theron_recalls_a_ship_and_persia_moves_1():
    """p. 14: the recall advances the Rivals; the revealed Mission has one Persian disc and
    no Spartan disc, so Persia moves 1, Sparta stays, and the Mission is discarded."""
    fx = neutral()
    theron = 1
    fx.all_units(theron, port=(2, 1, 2), camp=(0, 1, 0))
    gained, revealed = MISSION["helot_revolt"], MISSION["cyprus_campaign"]
    assert list(T.missions[revealed, 6:8]) == [0, 1]
    fx.stack_missions([gained, revealed])
    fx.steer(theron, [(2, 1)])  # keep the Mission the Ship brought (do not sell)
    actions.recall(*fx.a, theron, O.SHIP, fx.rng, fx.ev)
    assert fx[L.UNITS_HOME + theron * 3 + O.SHIP] == 1
    assert fx[L.MISSION_LOC + gained] == theron
    assert fx[L.RIVAL_POS + O.SPARTA] == 0 and fx[L.RIVAL_POS + O.PERSIA] == 1
    assert fx[L.MISSION_LOC + revealed] == L.LOC_DISCARD
    assert fx.check() == 0
