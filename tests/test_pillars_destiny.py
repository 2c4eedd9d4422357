"""The Siege of Destiny (Appendix 4, p. ~18): the mode setting, its fixed City-states and the
draft that must seat Troia (and Miletos), the sides' Heroes, Characters, Olympians and
alliances, the Time markers (Troia's crossing, the Exile of 3 Glory), Troia's only City
open to a Siege (the mode's win condition) and the literal setting that keeps it safe, the
instant wins, whole games, and the commands. sim/games/pillars/rules/destiny.py and the
kernels it hooks into."""

import json

import numpy as np
import pyarrow.parquet as pq
import pytest

from sim.games.content_files import ContentError
from sim.games.pillars import layout as L
from sim.games.pillars.content import C_GLORY, C_KIND, DECKS, P_GLORY, load_content
from sim.games.pillars.events import EV_TIME_EXILE, EV_TIME_MARKER
from sim.games.pillars.game import PillarsSetup, simulate
from sim.games.pillars.invariants import V_OK, check_state
from sim.games.pillars.modes import ModeError, canonical, check_board, parse_mode
from sim.games.pillars.rules.abilities import invocable
from sim.games.pillars.rules.cards import mythology_room
from sim.games.pillars.rules.deploy import deploy_spaces
from sim.games.pillars.rules.destiny import (
    CAUSE_CROSSING,
    CAUSE_EXILE,
    FROM_HAND,
    FROM_PROPHECY,
    exile_for_time,
    may_exile_for_time,
    troia_crossing,
)
from sim.games.pillars.rules.end import check_end, mark_winners, rank_of
from sim.games.pillars.rules.free import FREE_TIME, free_choices
from sim.games.pillars.rules.status import siege_targets
from sim.games.pillars.rules.turn import energise
from tests.cli_process import error_line, sim
from tests.pillars_fixtures import (
    CARD,
    CONTENT,
    T,
    common_city,
    events,
    game,
    kit,
    land,
    script,
    turn_scratch,
)

CITY_STATES = CONTENT.names["city_states"]
HEROES = CONTENT.names["heroes"]
OLYMPIAN = DECKS.index("olympian")
DESTINY_WINS = {"troia_taken", "time_runs_out"}


def destiny(players=3, picks=("troia", "athenai", "sparta", "miletos"), **choices):
    """A Siege of Destiny set up on the Aegean side, in round 2."""
    s = game("aegean", players, mode="siege_of_destiny", city_states=picks[:players], **choices)
    s[L.ROUND] = 2
    return s


def city_state(s, seat):
    return CITY_STATES[s[L.CITY_STATE + seat]]


def troas():
    return land("troas")


def test_the_mode_brings_heroes_and_skirmish_and_plays_alone_on_the_aegean_side():
    assert parse_mode("siege_of_destiny")[1] == ("skirmish", "legendary_heroes",
                                                 "siege_of_destiny")
    assert canonical("skirmish+siege_of_destiny") == "siege_of_destiny"
    for bad in ("siege_of_destiny+symmachia", "short+siege_of_destiny",
                "siege_of_destiny+atlantis"):
        with pytest.raises(ModeError, match="played on its own"):
            parse_mode(bad)
    check_board("siege_of_destiny", T, "aegean")
    with pytest.raises(ModeError, match="aegean side"):
        check_board("siege_of_destiny", T, "mediterranean")


@pytest.mark.parametrize("args, words", [
    (("--set", "board=mediterranean"), "--set board=aegean"),  # not the mode's side
    (("--set", "board=aegean", "--set", "city_states=[\"pella\",\"troia\",\"sparta\"]"),
     "choose among"),
    (("--set", "board=aegean", "--set", "city_states=[\"athenai\",\"sparta\",\"argos\"]"),
     "needs seats for troia"),
    (("--set", "board=aegean", "--set", "city_states=[\"miletos\",\"troia\",\"draft\"]"),
     "choose among"),  # Miletos plays only at 4 players
    (("--set", "board=aegean", "--set", "city_states_out=[\"pella\"]"), "leave both lists empty"),
    (("--set", "board=aegean", "--set", "troia_rule=loose"), "troia_rule"),
])
def test_bad_settings_get_one_line_and_no_output(tmp_path, args, words):
    out = tmp_path / "run"
    done = sim("run", "--game", "pillars", "--players", 3, "--mode", "siege_of_destiny",
               "--n", 10, "--out", out, *args)
    assert done.returncode == 2 and words in error_line(done)
    assert not out.exists()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pick", ["draft", "random"])
def test_one_seat_must_take_troia_and_at_four_miletos_p18(players, pick):
    """The last seats to draft are left Troia (and Miletos) whatever the others take."""
    for seed in range(12):
        s = game("aegean", players, seed=seed, mode="siege_of_destiny", city_states=(pick,) * players)
        taken = {city_state(s, seat) for seat in range(players)}
        assert "troia" in taken and ("miletos" in taken) == (players == 4)
        assert taken <= {"troia", "athenai", "sparta", "argos", "miletos"}
        assert len(taken) == players and check_state(s, T) == V_OK


def test_the_sides_take_their_heroes_characters_and_allies_p18():
    s = destiny(3)
    assert [HEROES[s[L.HERO + seat]] for seat in range(3)] == ["hektor", "achilleus", "herakles"]
    assert s[L.TROIA] == 0 and list(s[L.PARTNER:L.PARTNER + 4]) == [-1, 2, 1, -1]
    assert s[L.TIME_MARKERS] == 9  # the most at 3 players (decision 15)
    for seat, name in enumerate(("helen", "ajax", "menelaos")):
        base = seat * L.MAX_PILE
        held = list(s[L.DECK + base:L.DECK + base + s[L.DECK_N + seat]]) + list(
            s[L.HAND + base:L.HAND + base + s[L.HAND_N + seat]])
        starting = [c for c in held if T.cards[c, C_KIND] == L.KIND_STARTING]
        assert CARD[name] in held and len(starting) == 10  # and step 14 may give a card
    for name in ("agamemnon", "kassandra"):  # City-states not in play
        assert s[L.CARD_OUT + CARD[name]] == 1
    decks = [s[L.PROC_DECK + slot * L.MAX_PROC_DECK + k] for slot in range(L.N_PROC)
             for k in range(s[L.PROC_N + slot])]
    held = [c for seat in range(3) for c in s[L.HAND + seat * L.MAX_PILE:][:s[L.HAND_N + seat]]]
    assert CARD["trojan_horse"] in decks + held  # the Monument joins the others
    assert check_state(s, T) == V_OK
    # an ally's City is a place to Deploy (p. ~18); a rival's is not
    opts = kit()[2]
    spaces = {opts[k, 0] for k in range(deploy_spaces(s, T, 1, L.U_HOPLITE, opts))}
    homes = [T.city_start[1, s[L.CITY_STATE + seat]] for seat in range(3)]
    assert homes[1] in spaces and homes[2] in spaces and homes[0] not in spaces
    four = destiny(4)
    assert four[L.TIME_MARKERS] == 6 and list(four[L.PARTNER:L.PARTNER + 4]) == [3, 2, 1, 0]
    assert HEROES[four[L.HERO + 3]] == "hippolyta"
    assert destiny(2)[L.TIME_MARKERS] == 6 and destiny(2)[L.PARTNER] == -1


def test_the_olympian_beside_the_board_is_an_extra_invoked_card_p18():
    s = destiny(3)
    for seat in range(3):
        slot = seat * L.MAX_MYTH_SLOTS + L.MYTH_BESIDE
        card = s[L.MYTH_SLOT + slot]
        assert card >= 0 and T.mythology[card, 0] == OLYMPIAN and s[L.MYTH_INVOKED + slot] == 1
        assert mythology_room(s, T, seat) < L.MYTH_BESIDE  # it takes no slot
    plain = game("aegean", 3)
    assert (plain[L.MYTH_SLOT + L.MYTH_BESIDE:L.MYTH_SLOT + L.MAX_MYTH_SLOTS * 3:L.MAX_MYTH_SLOTS]
            == -1).all()
    # Energised for its Wine like a card above the board, then Invoked like one
    card = s[L.MYTH_SLOT + L.MYTH_BESIDE]
    s[L.CREDIT + 0] = T.mythology[card, 1]  # the Wine (content.RESOURCES code 0)
    ev, work, opts, rng = kit()
    energise(s, T, script(L.MYTH_BESIDE, -1), ev, 0, work, opts, rng)
    assert s[L.MYTH_INVOKED + L.MYTH_BESIDE] == 0
    assert (L.MYTH_BESIDE, card) in [(opts[k, 1], opts[k, 2]) for k in range(
        invocable(s, T, 0, False, 7, opts, 0))]
    assert check_state(s, T) == V_OK


def test_troias_crossing_removes_a_time_marker_p18():
    s = destiny(4)
    ev = kit()[0]
    s[L.CROSSED] = 1
    troia_crossing(s, ev, 0)
    assert s[L.TIME_MARKERS] == 5
    assert events(s, ev, EV_TIME_MARKER) == [(-1, 5, CAUSE_CROSSING)]
    for seat in (1, 2, 3):  # Miletos, Troia's ally, and the Achaeans cross for nothing
        troia_crossing(s, ev, seat)
    s[L.CROSSED] = 0
    troia_crossing(s, ev, 0)
    assert s[L.TIME_MARKERS] == 5
    s[L.TIME_MARKERS], s[L.CROSSED] = 0, 1
    troia_crossing(s, ev, 0)
    assert s[L.TIME_MARKERS] == 0  # none below none


def give_prophecy(s, seat, glory):
    card = next(c for c in range(T.prophecies.shape[0])
                if T.prophecies[c, P_GLORY] == glory and c not in s[L.REGION_PROPHECY:][:18])
    s[L.PROPHECY_OWNER + card] = seat
    return card


def give_monument(s, seat, glory):
    card = next(c for c in range(T.cards.shape[0])
                if T.cards[c, C_GLORY] == glory and s[L.CARD_OUT + c] == 0
                and c in s[L.PROC_DECK:][:L.N_PROC * L.MAX_PROC_DECK])
    at = list(s[L.PROC_DECK:L.PROC_DECK + L.N_PROC * L.MAX_PROC_DECK]).index(card)
    slot, k = divmod(at, L.MAX_PROC_DECK)
    base = L.PROC_DECK + slot * L.MAX_PROC_DECK
    pile = [int(c) for c in s[base:base + s[L.PROC_N + slot]] if c != card]
    s[base:base + L.MAX_PROC_DECK] = -1
    s[base:base + len(pile)] = pile
    s[L.PROC_N + slot] = len(pile)
    s[L.PROC_UP + slot] = int(len(pile) > 0)
    s[L.HAND + seat * L.MAX_PILE + s[L.HAND_N + seat]] = card
    s[L.HAND_N + seat] += 1
    return card


def test_an_exile_of_three_glory_moves_a_time_marker_p18():
    s = destiny(3)
    s[L.TIME_MARKERS] = 9
    prophecy = give_prophecy(s, 0, 2)
    assert not may_exile_for_time(s, T, 0)  # 2 Glory is short of 3
    monument = give_monument(s, 0, 1)
    assert may_exile_for_time(s, T, 0) and check_state(s, T) == V_OK
    opts = kit()[2]
    n = free_choices(s, T, 0, False, turn_scratch(), opts)
    assert FREE_TIME in opts[:n, 0]
    ev, _, opts, rng = kit()
    exile_for_time(s, T, script(FROM_PROPHECY, FROM_HAND), ev, 0, opts, rng)
    assert s[L.TIME_MARKERS] == 8  # a Trojan removes one
    assert s[L.PROPHECY_OWNER + prophecy] == L.PROPHECY_EXILED
    assert monument in s[L.EXILED:][:s[L.EXILED_N + 0]]
    assert events(s, ev, EV_TIME_EXILE) == [(FROM_PROPHECY, prophecy, 2), (FROM_HAND, monument, 1)]
    assert events(s, ev, EV_TIME_MARKER) == [(-1, 8, CAUSE_EXILE)]
    assert check_state(s, T) == V_OK
    # an Achaean adds one, up to the most the game started with
    give_prophecy(s, 1, 3)
    assert may_exile_for_time(s, T, 1)
    s[L.TIME_MARKERS] = 9
    assert not may_exile_for_time(s, T, 1)
    s[L.TIME_MARKERS] = 8
    ev, _, opts, rng = kit()
    exile_for_time(s, T, script(FROM_PROPHECY), ev, 1, opts, rng)
    assert s[L.TIME_MARKERS] == 9 and events(s, ev, EV_TIME_MARKER) == [(1, 9, CAUSE_EXILE)]
    plain = game("aegean", 3)
    give_prophecy(plain, 0, 3)
    assert not may_exile_for_time(plain, T, 0)  # no Time markers in other modes


def test_a_siege_takes_troias_only_city_unless_the_rule_is_literal_p18_p8():
    # the Achaeans win by taking Troia's Starting City (p. ~18), the more specific rule
    # than p. 8's protection of an only City; troia_rule = literal keeps the protection
    s = destiny(3)
    athenai = T.city_start[1, s[L.CITY_STATE + 1]]
    assert s[L.TROIA_RULE] == L.TROIA_LIFTED  # the default
    assert siege_targets(s, troas(), 1) & 2 == 2
    assert siege_targets(s, troas(), 2) & 2 == 2
    assert siege_targets(s, athenai, 0) & 2 == 0  # every other only City stays safe
    assert siege_targets(s, athenai, 2) == 0  # and an ally is never a target
    s[L.TROIA_RULE] = L.TROIA_LITERAL
    assert siege_targets(s, troas(), 1) & 2 == 0  # literal: Troia's only City is safe
    common_city(s, 0, land("mysia"))
    assert siege_targets(s, troas(), 1) & 2 == 2  # with a second City, literally too


def test_the_achaeans_win_at_once_by_controlling_troias_starting_city_p18():
    s = destiny(3)
    ev = kit()[0]
    check_end(s, T, ev, 0)
    assert s[L.END_REASON] == L.END_NONE and s[L.GAME_OVER] == 0
    s[L.LAND_CITY_MARKER + troas()] = 2  # an Achaean's marker on Troia's Starting City
    check_end(s, T, ev, 2)
    assert s[L.END_REASON] == L.END_TROIA_TAKEN and s[L.GAME_OVER] == 1
    mark_winners(s, T)
    assert list(s[L.WON:L.WON + 3]) == [0, 1, 1]
    assert [rank_of(s, seat) for seat in range(3)] == [2, 1, 1]
    four = destiny(4)
    four[L.LAND_CITY_MARKER + troas()] = 3  # Miletos, Troia's ally, takes nothing
    check_end(four, T, ev, 3)
    assert four[L.END_REASON] == L.END_NONE


def test_the_trojans_win_when_the_last_time_marker_goes_p18():
    s = destiny(4)
    ev = kit()[0]
    s[L.TIME_MARKERS] = 0
    check_end(s, T, ev, 1)
    assert s[L.END_REASON] == L.END_TIME_RUNS_OUT and s[L.GAME_OVER] == 1
    mark_winners(s, T)
    assert list(s[L.WON:L.WON + 4]) == [1, 0, 0, 1]  # Troia and Miletos
    s[L.END_REASON] = L.END_BY_LIMIT  # the safety stop: nobody wins
    mark_winners(s, T)
    assert list(s[L.WON:L.WON + 4]) == [0, 0, 0, 0]


@pytest.mark.parametrize("strategy", ["random", "balanced"])
@pytest.mark.parametrize("rule", L.TROIA_RULES)
def test_whole_games_keep_every_invariant_and_a_side_wins_together(strategy, rule):
    for players in (2, 3, 4):
        setup = PillarsSetup(players=players, board="aegean", mode="siege_of_destiny",
                             troia_rule=rule, strategies=(strategy,), check_turns=True)
        out = simulate(CONTENT, setup, 11, 0, 40)
        assert (out["violation"] == 0).all()
        assert {L.END_REASON_NAMES[r] for r in out["end_reason"]} <= DESTINY_WINS
        won = out["won"][:, :players].astype(bool)
        trojan = np.isin(out["city_state"][:, :players],
                         [CITY_STATES.index("troia"), CITY_STATES.index("miletos")])
        trojans_won = out["end_reason"] == L.END_TIME_RUNS_OUT
        assert (won == (trojan == trojans_won[:, None])).all()
        assert (out["time_markers"][trojans_won] == 0).all()


def test_sim_run_writes_the_sides_and_the_report_shows_them(tmp_path):
    out = tmp_path / "destiny"
    done = sim("run", "--game", "pillars", "--players", 3, "--mode", "siege_of_destiny",
               "--set", "board=aegean", "--set", "troia_rule=literal", "--n", 200, "--seed", 2,
               "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    table = pq.read_table(out / "data").to_pandas()
    assert set(table["team"]) == {"trojan", "achaean"}
    assert (table.loc[table["city_state"] == "troia", "team"] == "trojan").all()
    assert set(table["end_reason"]) <= DESTINY_WINS and table["time_markers"].between(0, 9).all()
    per_team = table.groupby(["game", "team"])["won"].agg(["min", "max"])
    assert (per_team["min"] == per_team["max"]).all()  # a side wins or loses together
    assert table.groupby("game")["win_share"].sum().round(9).eq(1).all()
    (cell,) = json.loads((out / "run.json").read_text())["cells"]
    (deviation,) = cell["deviations"]  # the literal rule, with its setting and pages
    assert deviation.startswith("troia_rule = literal:") and "p. ~18" in deviation
    assert sim("report", out).returncode == 0
    page = (out / "report.html").read_text()
    assert "Team trojan" in page and "Team of troia" in page
    assert "rules played otherwise than printed" in page and "troia_rule = literal" in page
    assert "siege_of_destiny" in sim("games").stdout


def test_the_mode_picks_its_board_side_when_none_is_given_p18(tmp_path):
    # step 1 of the mode's setup takes the Aegean side (p. ~18): the command as people
    # type it plays there, as printed, with no rule played otherwise
    out = tmp_path / "destiny"
    done = sim("run", "--game", "pillars", "--mode", "siege_of_destiny", "--players", 3,
               "--n", 20, "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    (cell,) = json.loads((out / "run.json").read_text())["cells"]
    assert cell["settings"]["board"] == "aegean" and cell["settings"]["troia_rule"] == "lifted"
    assert cell["deviations"] == []
    assert set(pq.read_table(out / "data").column("board").to_pylist()) == {"aegean"}
    assert sim("report", out).returncode == 0
    row = next(line for line in (out / "report.html").read_text().splitlines()
               if "rules played otherwise than printed" in line)
    assert "<td>none</td>" in row


def test_the_trace_names_the_time_markers():
    done = sim("trace", "--game", "pillars", "--players", 3, "--mode", "siege_of_destiny",
               "--set", "board=aegean", "--seed", 7, "--text")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any("time_marker" in line and "cause=crossing" in line for line in lines)
    assert any(("time_runs_out" in line or "troia_taken" in line) for line in lines[-5:])


def test_content_checks_the_siege_of_destiny():
    assert list(load_content(overrides={"siege_of_destiny.time_markers": [9, 9, 9]})
                .tables.destiny_rules) == [9, 9, 9, 3]
    for key, value, words in (("siege_of_destiny.time_markers", [12, 9, 9], "1..9"),
                              ("siege_of_destiny.sides.troia.hero", "zeus", "expected one of"),
                              ("siege_of_destiny.sides.troia.character", "oracle",
                               "not a Character card of siege_of_destiny"),
                              ("siege_of_destiny.cards.helen.glory", 2, "only a Monument"),
                              ("components.destiny_cards", 5, "make them agree")):
        with pytest.raises(ContentError, match=words):
            load_content(overrides={key: value})
