"""Age of Pericles heuristic bots: feature computations on fixture states, presets, the
hidden-information rule, and whole games played by every personality.

A feature's value is read by scoring with a one-hot weight row: with weight 1 on feature
``i`` and 0 elsewhere, an estimator returns exactly its feature ``i``.
"""

import os
import re
import subprocess
import sys

import numpy as np
import pytest
from pericles_fixtures import CONTENT, LARGE, SMALL, Fx, T, neutral

from sim import cfuncs
from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.content import load_content
from sim.games.pericles.decisions import (
    D_ACTIVATE_UNIT,
    D_ATHENA_OFFER,
    D_BUILD_COST,
    D_BUILD_PIECE,
    D_HOUSE_TRACK,
    D_MAIN_ACTIONS,
    D_MARKET_COLUMN,
    D_PLACE,
    D_PLACEMENT_ROW,
    D_ROLE_SIDE,
)
from sim.games.pericles.engine import assembly
from sim.games.pericles.game import PericlesSetup, play_traced, simulate
from sim.games.pericles.invariants import V_NO_BOT_ENTRY
from sim.games.pericles.rules import actions, build
from sim.games.pericles.rules import assembly as assembly_rules
from sim.games.pericles.rules.actions import card_cost_kind
from sim.games.pericles.rules.core import decide
from sim.games.pericles.rules.governance import governance
from sim.games.pericles.rules.skills import skill_modifier
from strategies.pericles import heuristic as H
from strategies.pericles import view as V
from strategies.pericles.features import FEATURE_NAMES, NF, ROW
from strategies.pericles.players import bot_entry
from strategies.pericles.policy import HEURISTIC, RANDOM_LEGAL, SEARCH, choose
from strategies.pericles.presets import HAND_MADE, PRESETS, PresetError, read_preset
from strategies.pericles.search import scratch, search_entry
from strategies.pericles.skill import STRATEGY_NAMES, seat_bot

MIL, ECO, CUL = O.MILITARY, O.ECONOMY, O.CULTURE


def one_hot(name):
    w = np.zeros(NF)
    w[FEATURE_NAMES.index(name)] = 1.0
    return w


def feature(fn, name, s, seat, *args):
    """Feature ``name`` of an estimator ``fn(s, T, w, seat, *args)``."""
    return fn(s, T, one_hot(name), seat, *args)


def placement(name, s, seat, row):
    """Feature ``name`` of one own Diplomat entering ``row``."""
    return H.placements(s, T, one_hot(name), seat)[row]


def build_row(name, s, seat, row):
    """Feature ``name`` of raising a piece for ``row``, with the seat's builder modifier."""
    return feature(H.build_row, name, s, seat, row, skill_modifier(s, T, seat, O.TRIG_BUILDER_BONUS),
                   V.pieces_left(s) == 1)


def build_cost(name, s, seat, kind, m=0, e=0, c=0):
    """Feature ``name`` of paying one complete Build cost (cards: m, e, c and the rest
    Universal)."""
    before = V.set_progress(s, T.params, seat, 0, 0, 0, 0)
    return feature(H.build_cost, name, s, seat, kind, m, e, c, before)


def office_gain(s, seat, space, size):
    """Office gain of a Citizen of ``size`` on ``space``: its row's plus its column's."""
    gains = H.line_gains(s, T, seat)
    large = 1 if size == LARGE else 0
    return gains[2 * (space // 3) + large] + gains[2 * (3 + space % 3) + large]


def feature_pl(fn, name, s, seat, *args):
    """The same for an estimator that reads the decision's row placements ``pl``."""
    w = one_hot(name)
    return fn(s, T, w, seat, H.placements(s, T, w, seat), *args)


# ---------------------------------------------------------------- placement (p. 10)


def test_placement_on_an_empty_row_is_worth_the_entry_slot():
    fx = neutral()
    assert placement("progress", fx.s, 0, MIL) == 4
    assert placement("opponent_glory", fx.s, 0, MIL) == 0


def test_placement_pushes_own_diplomats_toward_the_6():
    fx = neutral()
    fx.put_row(ECO, [1, -1, 0])  # own Diplomat on the 4 moves to the 5
    assert placement("progress", fx.s, 0, ECO) == 4 + 1


def test_placement_knocking_out_an_opponent_hands_them_compensation():
    fx = neutral()
    fx.put_row(MIL, [1, 2, 0])
    assert placement("progress", fx.s, 0, MIL) == 4 + 1
    assert placement("opponent_glory", fx.s, 0, MIL) == 2  # Day Compensation


def test_placement_knocking_out_oneself_trades_the_6_for_compensation():
    fx = neutral()
    fx.put_row(MIL, [0, 1, 2])
    assert placement("progress", fx.s, 0, MIL) == 4 - 6
    assert placement("glory", fx.s, 0, MIL) == 2
    assert placement("silver", fx.s, 0, MIL) == 1
    assert placement("trophy", fx.s, 0, MIL) == 1  # the Military row's good


def test_placement_with_an_empty_stoa_is_lost():
    fx = neutral()
    fx.diplomats(0, home=8, stoa=0)
    assert placement("progress", fx.s, 0, CUL) == 0


# ---------------------------------------------------------------- Build (p. 12)


def test_build_row_pays_builder_reward_and_every_diplomat():
    fx = neutral()
    fx.put_row(CUL, [1, 0, 2])
    s = fx.s
    assert build_row("glory", s, 0, CUL) == 3 + 3 + 5  # base + 3 Diplomats, own 5
    assert build_row("opponent_glory", s, 0, CUL) == 6 + 4
    assert build_row("progress", s, 0, CUL) == -5  # own Diplomat leaves the board
    assert build_row("parthenon", s, 0, CUL) == 1


def test_build_row_counts_matching_diplomacy_cards():
    fx = neutral()
    card = fx.athena_of(O.UNIVERSAL)[0]
    fx.card_on_track(0, card, owner=0)
    value = int(T.athena[card, 1])
    assert build_row("glory", fx.s, 0, ECO) == 3 + 1 + value


def test_last_piece_ends_the_game_and_keeps_unused_citizens():
    fx = neutral()
    for piece, cap in enumerate(L.PIECE_CAPACITY):
        fx.s[L.PARTHENON + piece] = cap
    fx.s[L.PARTHENON + L.PIECE_ROOF_LOWER] = 0
    assert V.pieces_left(fx.s) == 1
    assert build_row("citizens", fx.s, 0, MIL) == 2 * 10  # two Small Citizens
    assert build_row("opponent_glory", fx.s, 0, MIL) == 2 * 2 * 10


def test_build_costs_and_set_progress():
    fx = neutral()
    fx.set_goods(0, trophies=3, amphoras=2)
    assert V.set_progress(fx.s, T.params, 0, 0, 0, 0, 0) == 1.0
    assert build_cost("trophy", fx.s, 0, 3, 0) == -3
    assert build_cost("sets", fx.s, 0, 3, 0) == pytest.approx(2 / 3 - 1)
    assert build_cost("sets", fx.s, 0, 2, 0) == 0  # cannot pay: progress unchanged


def _cheapest_cost_by_every_split(s, w, seat):
    """cost_choice's answer from every split of the cost, held or not, in order."""
    need = int(T.params[P.BUILD_COST])
    before = V.set_progress(s, T.params, seat, 0, 0, 0, 0)
    costs = [(kind, m, e, c) for m in range(need + 1) for e in range(need + 1 - m)
             for c in range(need + 1 - m - e)
             if (kind := card_cost_kind(s, seat, need, m, e, c)) >= 0]
    costs += [(kind, 0, 0, 0) for kind, held in ((2, s[L.AMPHORAS + seat]),
                                                 (3, s[L.TROPHIES + seat])) if held >= need]
    values = [H.build_cost(s, T, w, seat, *cost, before) for cost in costs]
    return (True, max(values)) if values else (False, 0.0)


@pytest.mark.parametrize("hand", [(0, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0), (0, 0, 0, 3),
                                  (2, 0, 1, 2), (3, 2, 1, 1), (0, 4, 0, 1), (1, 0, 2, 0)])
def test_cost_choice_reads_only_the_splits_the_hand_holds(hand):
    fx = neutral()
    for icon, n in zip((O.MILITARY, O.ECONOMY, O.CULTURE, O.UNIVERSAL), hand, strict=True):
        fx.give_athena(0, icon, n)
    fx.set_goods(0, trophies=3, amphoras=1)
    for w in (PRESETS["balanced"], one_hot("sets"), one_hot("athena")):
        assert H.cost_choice(fx.s, T, w, 0) == _cheapest_cost_by_every_split(fx.s, w, 0)


def test_universal_cards_count_as_any_icon_toward_a_card_cost():
    fx = neutral()  # p. 24: a Universal card is any one icon, so M + U + U is a full set
    fx.give_athena(0, O.MILITARY, 1)
    fx.give_athena(0, O.UNIVERSAL, 2)
    assert V.set_progress(fx.s, T.params, 0, 0, 0, 0, 0) == 1.0
    assert build_cost("athena", fx.s, 0, 0, 1) == -3
    assert build_cost("sets", fx.s, 0, 0, 1) == -1  # paying it leaves no progress


# ---------------------------------------------------------------- other Main Actions


def test_market_column_rewards_each_space_it_fills():
    fx = neutral()
    fx.empty_market_column(1)
    s = fx.s
    assert feature_pl(H.market_column, "amphora", s, 0, 1) == 1
    assert feature_pl(H.market_column, "silver", s, 0, 1) == 2
    assert feature_pl(H.market_column, "progress", s, 0, 1) == 4  # the middle row's placement
    assert feature_pl(H.market_column, "silver", s, 0, 0) == 0  # a full column fills nothing


def test_athena_slot_puts_a_diplomat_on_the_printed_glory():
    fx = neutral()
    card = fx.s[L.ATHENA_OFFER]
    assert feature_pl(H.athena_slot, "track", fx.s, 0, 0) == T.athena[card, 1]
    fx.diplomats(0, home=8, stoa=0)
    assert feature_pl(H.athena_slot, "glory", fx.s, 0, 0) >= 3  # empty Stoa: 3 Glory instead


def test_night_side_features():
    fx = neutral()
    fx.s[L.CORRUPTION] = 4
    fx.s[L.RESERVE_SILVER] -= 4
    s = fx.s
    assert feature_pl(H.night_side, "silver", s, 0) == 4
    assert feature_pl(H.night_side, "rivals", s, 0) == 2
    assert feature_pl(H.night_side, "night", s, 0) == 1
    assert feature_pl(H.night_side, "ostracism", s, 0) == -1  # first piece in the Camp: -1
    assert feature_pl(H.night_side, "mission", s, 0) == 1


def test_recall_relieves_the_squared_penalty():
    fx = neutral()
    fx.units(0, O.SHIP, port=0, camp=2)
    fx.diplomats(0, stoa=7, camp=1)
    assert H.ostracism_change(fx.s, T.params, 0, -1) == 9 - 4
    assert feature_pl(H.unit_option, "ostracism", fx.s, 0, 1, O.SHIP, 0) == 5
    assert feature_pl(H.unit_option, "mission", fx.s, 0, 1, O.SHIP, 0) == 1
    assert feature_pl(H.unit_option, "rivals", fx.s, 0, 1, O.SHIP, 0) == 1


def test_ostracism_feature_follows_the_penalty_scale():
    """The bot weighs the penalty the rules will charge: a designer's
    params.ostracism_scale moves its Night and Recall choices too (p. 17)."""
    fx = neutral()
    fx.units(0, O.SHIP, port=0, camp=2)
    fx.diplomats(0, stoa=7, camp=1)
    tripled = load_content(overrides={"params.ostracism_scale": 3}).packed[0]
    assert H.ostracism_change(fx.s, tripled.params, 0, -1) == 3 * (9 - 4)
    w = one_hot("ostracism")
    pl = H.placements(fx.s, tripled, w, 0)
    assert H.unit_option(fx.s, tripled, w, 0, pl, 1, O.SHIP, 0) == 3 * (9 - 4)
    assert H.night_side(fx.s, tripled, w, 0, pl) == 3 * (9 - 16)


def test_house_track_counts_pieces_made_ready():
    fx = neutral()
    fx.diplomats(0, home=3, stoa=5)
    assert feature_pl(H.house_track, "ready", fx.s, 0, 1) == 3
    assert feature_pl(H.house_track, "city", fx.s, 0, 1) == 1
    assert feature_pl(H.house_track, "glory", fx.s, 0, 1) == 1 + 2  # the free Glory spaces


# ---------------------------------------------------------------- Offices (p. 16)


def test_office_gain_for_a_majority_and_a_tie():
    fx = neutral()
    strategos = [r for r in range(3) if T.board[r] == O.STRATEGOS][0]
    space = strategos * 3  # its column's office is T.board[3]
    column_office = 2.0
    gain = office_gain(fx.s, 0, space, SMALL)
    assert gain == 5 + column_office  # Strategos majority 5 Glory, column majority 2 goods
    fx.place(1, strategos * 3 + 1, SMALL)  # a rival Small in the same row
    assert office_gain(fx.s, 0, space, SMALL) == 2 + column_office  # tie: 2 Glory each
    assert office_gain(fx.s, 0, space, LARGE) == 5 + column_office


def test_citizen_risk_near_the_end_prefers_keeping_the_large():
    fx = neutral()
    fx.s[L.LARGE_UNLOCKED] = 1
    for piece in range(L.N_PIECE_KINDS - 2):
        fx.s[L.PARTHENON + piece] = L.PIECE_CAPACITY[piece]
    w = one_hot("citizens")
    pl, acts = H.placements(fx.s, T, w, 0), H.NO_ACTIONS
    gains, risk, tile = H.line_gains(fx.s, T, 0), H.end_risk(fx.s), H.tile_score(fx.s, T, w, 0, pl, 4)
    small = H.place_score(fx.s, T, w, 4, SMALL, acts, gains, risk, tile)
    assert small > H.place_score(fx.s, T, w, 4, LARGE, acts, gains, risk, tile)


# ---------------------------------------------------------------- presets


def test_hand_made_presets_exist_and_balanced_is_the_default():
    for name in HAND_MADE:
        assert name in PRESETS and PRESETS[name].shape == (NF,)
        code, row = seat_bot(name, "default", 4, 1)
        assert code == HEURISTIC and (row[:NF] == PRESETS[name]).all()
    assert STRATEGY_NAMES[0] == "balanced"
    assert seat_bot("random", "expert", 4, 1)[0] == RANDOM_LEGAL


@pytest.mark.parametrize("text,message", [
    ("[weights]\nglory = 1.0\n", "weights.opponent_glory is missing"),
    ("[weights]\nglorry = 1.0\n", "unknown feature 'glorry' (did you mean 'glory'?)"),
    ("colour = 1\n", "unknown key 'colour'"),
    ("[weights\n", "not valid TOML"),
])
def test_bad_preset_is_one_clear_line(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(PresetError, match=re.escape(message)):
        read_preset(path)


# ---------------------------------------------------------------- hidden information


def _swap_out(fx, rng, deck, deck_n, loc, holder, icons=False, tucked=False):
    """Swap every card ``holder`` keeps hidden with a random card of the deck."""
    n = int(fx.s[deck_n])
    size = {L.ATHENA_LOC: T.athena.shape[0], L.MISSION_LOC: T.missions.shape[0],
            L.SKILL_LOC: T.skills.shape[0]}[loc]
    for card in range(size):
        if fx.s[loc + card] != holder or (tucked and fx.s[L.SKILL_TUCKED + card] == 0) or n == 0:
            continue
        k = int(rng.integers(n))
        other = int(fx.s[deck + k])
        fx.s[deck + k] = card
        fx.s[loc + card] = L.LOC_DECK
        fx.s[loc + other] = holder
        if icons:
            fx.s[L.HAND_ICONS + holder * 4 + T.athena[card, 0]] -= 1
            fx.s[L.HAND_ICONS + holder * 4 + T.athena[other, 0]] += 1
        if tucked:
            fx.s[L.SKILL_TUCKED + card] = 0
            fx.s[L.SKILL_TUCKED + other] = 1


def permute_hidden(fx, seat, seed):
    """Change everything ``seat`` cannot see: deck orders (the Demagogue's cards to come,
    each City-state set left in the stack), other players' Missions, Athena hands and
    tucked Skills."""
    rng = np.random.default_rng(seed)
    for deck, deck_n in ((L.ATHENA_DECK, L.ATHENA_DECK_N), (L.MISSION_DECK, L.MISSION_DECK_N),
                         (L.SKILL_DECK, L.SKILL_DECK_N)):
        n = int(fx.s[deck_n])
        fx.s[deck:deck + n] = rng.permutation(fx.s[deck:deck + n])
    first = L.DEM_DECK + int(fx.s[L.DEM_NEXT])
    fx.s[first:L.DEM_DECK + L.N_DEM_CARDS] = rng.permutation(fx.s[first:L.DEM_DECK + L.N_DEM_CARDS])
    stack = fx.s[L.CITY_STACK:L.CITY_STACK + int(fx.s[L.CITY_STACK_N])]  # a view
    sets = T.city_states[stack, 0]
    for one in np.unique(sets):
        stack[sets == one] = rng.permutation(stack[sets == one])
    for other in range(fx.s[L.N_PLAYERS]):
        if other == seat:
            continue
        _swap_out(fx, rng, L.MISSION_DECK, L.MISSION_DECK_N, L.MISSION_LOC, other)
        _swap_out(fx, rng, L.ATHENA_DECK, L.ATHENA_DECK_N, L.ATHENA_LOC, other, icons=True)
        _swap_out(fx, rng, L.SKILL_DECK, L.SKILL_DECK_N, L.SKILL_LOC, other, tucked=True)


def _options(fx, seat, kind):
    """The engine's own option lists for the decisions a turn starts with."""
    s, opts = fx.s, fx.opts
    if kind == D_PLACE:
        return assembly_rules.placement_options(s, seat, opts)
    if kind == D_MAIN_ACTIONS:
        opts[0, 0], opts[0, 1], opts[1, 0], opts[1, 1] = O.ACT_BUILD, O.ACT_UNIT, O.ACT_UNIT, O.ACT_BUILD
        return 2
    if kind == D_ACTIVATE_UNIT:
        return actions.unit_options(s, T, seat, opts)
    if kind == D_MARKET_COLUMN:
        return actions.market_options(s, opts)
    if kind == D_ATHENA_OFFER:
        return actions.athena_options(s, T, opts)
    if kind == D_BUILD_COST:
        return actions.cost_options(s, T, seat, opts)
    if kind == D_BUILD_PIECE:
        return build.piece_options(s, opts, True)
    if kind == D_ROLE_SIDE:
        return actions.role_options(s, T, seat, opts)
    if kind == D_HOUSE_TRACK:
        opts[0, 0], opts[1, 0] = 0, 1
        return 2
    opts[0, 0], opts[1, 0], opts[2, 0] = 0, 1, 2  # D_PLACEMENT_ROW
    return 3


def mid_game(players, seed, rounds):
    """A real game played by balanced bots up to the Assembly of round ``rounds + 1``."""
    fx = Fx(players=players, skills=True, seed=seed)
    fx.W = np.tile(PRESETS["balanced"], (L.MAX_SEATS, 1))
    fx.s[L.STRATEGY:L.STRATEGY + L.MAX_SEATS] = HEURISTIC
    for _ in range(rounds):
        assembly(fx.s, T, fx.W, fx.opts, fx.rng, fx.ev, True)
        if fx.s[L.GAME_OVER]:
            break
        governance(fx.s, T, fx.W, fx.opts, fx.rng, fx.ev)
        fx.s[L.ROUND] += 1
    return fx


@pytest.mark.parametrize("players,seed,rounds", [(3, 1, 1), (3, 2, 2), (4, 3, 2), (2, 4, 1)])
def test_choices_ignore_hidden_information(players, seed, rounds):
    fx = mid_game(players, seed, rounds)
    assert fx.check() == 0
    kinds = (D_PLACE, D_MAIN_ACTIONS, D_ACTIVATE_UNIT, D_MARKET_COLUMN, D_ATHENA_OFFER,
             D_BUILD_COST, D_BUILD_PIECE, D_ROLE_SIDE, D_HOUSE_TRACK, D_PLACEMENT_ROW)
    for seat in range(players):
        before = {}
        for kind in kinds:
            n = _options(fx, seat, kind)
            if n > 1:
                before[kind] = choose(fx.s, T, fx.W, fx.opts, n, seat, kind, fx.rng.copy())
        for trial in range(3):
            permute_hidden(fx, seat, seed * 10 + trial)
            assert fx.check() == 0
            for kind, pick in before.items():
                n = _options(fx, seat, kind)
                assert choose(fx.s, T, fx.W, fx.opts, n, seat, kind, fx.rng.copy()) == pick, kind


def test_the_search_ignores_hidden_information():
    """The search bot's placement, made from play-outs on determinizations, is the same
    whatever the hidden information is."""
    fx = mid_game(3, 6, 2)
    room = scratch()
    cfuncs.put_address(fx.s, L.SEARCH, search_entry(CONTENT.packed))
    cfuncs.put_address(fx.s, L.SEARCH + 2, room.ctypes.data)
    fx.W = np.zeros((L.MAX_SEATS, ROW))
    for seat in range(3):
        fx.W[seat] = seat_bot("expert", "default", 2, 1)[1]
    fx.s[L.STRATEGY:L.STRATEGY + 3] = SEARCH
    start = fx.s.copy()
    for seat in range(3):
        fx.s[:] = start
        n = _options(fx, seat, D_PLACE)
        pick = choose(fx.s, T, fx.W, fx.opts, n, seat, D_PLACE, fx.rng.copy())
        assert fx.check() == 0 and fx[L.VIOLATION] == 0
        for trial in range(2):
            permute_hidden(fx, seat, 70 + trial)
            assert fx.check() == 0
            n = _options(fx, seat, D_PLACE)
            assert choose(fx.s, T, fx.W, fx.opts, n, seat, D_PLACE, fx.rng.copy()) == pick


# ---------------------------------------------------------------- the compiled entry


def test_the_rules_ask_the_entry_which_picks_what_the_heuristic_picks():
    fx = mid_game(3, 5, 2)
    fx.s[L.STRATEGY:L.STRATEGY + 3] = HEURISTIC
    asked = 0
    for seat in range(3):
        for kind in (D_PLACE, D_MAIN_ACTIONS):
            n = _options(fx, seat, kind)
            direct = H.heuristic_choose(fx.s, T, fx.W[seat], fx.opts, n, seat, kind, fx.rng.copy())
            via_entry = decide(fx.s.copy(), T, fx.W, fx.opts, n, seat, kind, fx.rng.copy())
            assert via_entry == direct
            asked += n > 1
    assert asked > 0 and fx.check() == 0


# Compiles core.decide from an empty cache (code loaded from a cache shows no IR) and
# prints whether its compiled code holds the heuristic.
DECIDE_HOLDS_HEURISTIC = """
import numba, numpy as np
from sim.games.pericles import layout as L
from sim.games.pericles.content import load_content
from sim.games.pericles.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pericles.rules.core import decide
from sim.rng import N_STREAMS
args = (np.zeros(L.STATE_SIZE, np.int32), load_content().packed[0], np.zeros((L.MAX_SEATS, 4)),
        np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32), 2, 0, 0, np.zeros(N_STREAMS, np.uint64))
signature = tuple(numba.typeof(a) for a in args[:4]) + (numba.int64,) * 3 + (numba.typeof(args[7]),)
decide.compile(signature)
print("heuristic_choose" in decide.inspect_llvm(signature))
"""


def test_rules_code_holds_no_copy_of_the_heuristic(tmp_path):
    env = dict(os.environ, SIM_CACHE_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", DECIDE_HOLDS_HEURISTIC], env=env,
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_one_entry_per_content_record_type():
    assert bot_entry(CONTENT.packed) == bot_entry(CONTENT.packed) != 0


def test_a_game_without_the_entry_is_marked_broken_not_crashed():
    fx = Fx(players=3, seed=2)
    fx.W = np.tile(PRESETS["balanced"], (L.MAX_SEATS, 1))
    fx.s[L.STRATEGY:L.STRATEGY + L.MAX_SEATS] = HEURISTIC
    cfuncs.put_address(fx.s, L.BOT_ENTRY, 0)
    assembly(fx.s, T, fx.W, fx.opts, fx.rng, fx.ev, False)
    assert fx[L.VIOLATION] == V_NO_BOT_ENTRY


def test_a_finished_game_keeps_no_address():
    state, _ = play_traced(CONTENT, PericlesSetup(players=3), 4, 0)
    assert (state[L.BOT_ENTRY:L.BOT_ENTRY + 2] == 0).all()
    assert (state[L.GAME_SIZE:] == 0).all() and L.GAME_SIZE <= L.BOT_ENTRY


# Traced games under NUMBA_DISABLE_JIT (so that the memo can be replaced), first as they
# are played, then with the heuristic's memo never taken: every decision derives its
# values again (strategies.pericles.memo). Last, how often the memo would have been taken.
GAMES_WITH_AND_WITHOUT_MEMO = """
import hashlib
from sim.games.pericles import layout as L
from sim.games.pericles.content import load_content
from sim.games.pericles.game import PericlesSetup, play_traced
from strategies.pericles import memo
held, would_take = memo.holds, []


def never(s, seat, kind, needs):
    would_take.append(held(s, seat, kind, needs))
    return False


for holds in (held, never):
    memo.holds = holds
    for players, game in ((2, 1), (3, 7), (4, 2)):
        setup = PericlesSetup(players, strategies=("balanced",))
        state, events = play_traced(load_content(), setup, 9, game)
        print(hashlib.sha256(state[:L.GAME_SIZE].tobytes() + events.tobytes()).hexdigest())
print(sum(would_take))
"""


def test_the_memo_changes_no_decision():
    """A turn that takes the memo's values plays as the turn that derives them again."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    *games, would_take = subprocess.run(
        [sys.executable, "-c", GAMES_WITH_AND_WITHOUT_MEMO], env=env, capture_output=True,
        text=True, check=True).stdout.split()
    assert games[:3] == games[3:] and int(would_take) > 100


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_personality_plays_legal_games(players):
    content = load_content()
    names = [n for n in HAND_MADE]
    per_seat = tuple(names[(k + players) % len(names)] for k in range(players))
    out = simulate(content, PericlesSetup(players=players, strategies=per_seat), 3, 0, 40)
    assert (out["violation"] == 0).all()
    assert (out["end_reason"] > 0).all()
    assert (out["won"][:, :players].sum(axis=1) >= 1).all()


def test_bot_games_are_reproducible_and_depend_on_the_seed():
    content = load_content()
    setup = PericlesSetup(players=3, strategies=("balanced", "merchant", "random"))
    a = simulate(content, setup, 11, 5, 20)
    b = simulate(content, setup, 11, 5, 20)
    c = simulate(content, setup, 12, 5, 20)
    assert (a["glory"] == b["glory"]).all() and (a["decisions"] == b["decisions"]).all()
    assert not (a["glory"] == c["glory"]).all()


def test_explicit_weight_rows_replace_the_preset():
    content = load_content()
    base = PericlesSetup(players=3, strategies=("balanced",))
    same = PericlesSetup(players=3, strategies=("balanced",),
                         weights=(tuple(PRESETS["balanced"]), None, None))
    other = PericlesSetup(players=3, strategies=("balanced",),
                          weights=(tuple(PRESETS["builder"]), None, None))
    a, b, c = (simulate(content, x, 2, 0, 20)["glory"] for x in (base, same, other))
    assert (a == b).all() and not (a == c).all()
