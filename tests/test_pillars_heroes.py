"""Legendary Heroes (Appendix 4, p. 16): the Hero draft of steps 10-11, the Hero Unit
Deployed for 2 Gold at a City, its Power as a Land Unit, its Movement, the rule that keeps
it on the board while its owner has another Unit there, its tile's ability, and Odysseus's
tokens (placed, revealed by an explore, taken by meeting their challenges).
sim/games/pillars/rules/heroes.py and the kernels it hooks into, on hand-built states."""

import numpy as np
import pyarrow.parquet as pq
import pytest

from sim.games.pillars import layout as L
from sim.games.pillars.content import ODYSSEUS_CHALLENGES, load_content
from sim.games.pillars.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pillars.events import (
    EV_COLS,
    EV_HERO_ABILITY,
    EV_HERO_DEPLOY,
    EV_HERO_PICK,
    EV_ODYSSEUS_TOKEN,
    EV_SETUP_PICK,
)
from sim.games.pillars.invariants import V_HEROES, V_OK, check_state
from sim.games.pillars.modes import mode_code
from sim.games.pillars.policy import SCRIPT_MISSED, SCRIPTED, every_seat_plays
from sim.games.pillars.rules.abilities import hero_ability, run_ability, send_back_choices
from sim.games.pillars.rules.board import place_on_land
from sim.games.pillars.rules.build import place_building
from sim.games.pillars.rules.cities import put_city
from sim.games.pillars.rules.deploy import UNIT_HERO, deploy_action, deploy_choices, deploy_spaces
from sim.games.pillars.rules.heroes import (
    CH_BUILDING,
    CH_CITY,
    CH_PILLAR,
    HERO_FX,
    TOKEN_REVEALED,
    TOKEN_TAKEN,
    hero_power,
)
from sim.games.pillars.rules.movement import MOVE_ALL, MOVE_HERO, move_units, unit_choices
from sim.games.pillars.rules.power import land_power, region_power
from sim.games.pillars.rules.removal import PIECE_HERO
from sim.games.pillars.rules.setup import SCRATCH, setup_game
from sim.games.pillars.rules.skirmish import skirmish_targets, unit_pieces
from sim.games.pillars.rules.spend import SRC_CARD
from sim.games.pillars.start import setup_arrays
from sim.rng import N_STREAMS, seed_streams
from tests.cli_process import sim
from tests.pillars_fixtures import (
    CONTENT,
    T,
    events,
    give_tile,
    kit,
    land,
    plain_run_lacks,
    put,
    script,
    set_hand,
    ship_to,
    starting,
    turn_scratch,
)
from tests.pillars_fixtures import game as new_game

HEROES = CONTENT.names["heroes"]
ODYSSEUS, ACHILLEUS = HEROES.index("odysseus"), HEROES.index("achilleus")
WINE, MARBLE, GOLD, IRON, WOOD = range(5)
TRIGGER_DEPLOY = 1  # content.TRIGGERS: procure, deploy, ...


def heroes_game(players=3, **choices):
    """Sparta, Athenai and Troia on the Aegean side with Legendary Heroes, in round 2."""
    picks = ("sparta", "athenai", "troia", "pella")[:players]
    s = new_game("aegean", players, mode="legendary_heroes", city_states=picks, **choices)
    s[L.ROUND] = 2
    return s


def give_hero(s, seat, hero, at=-1):
    """Hand the seat ``hero`` (swapping with whoever holds it), its Unit on ``at``."""
    for other in range(s[L.N_PLAYERS]):
        if s[L.HERO + other] == hero:
            s[L.HERO + other] = s[L.HERO + seat]
    drawn = list(s[L.HERO_DRAWN:L.HERO_DRAWN + L.HEROES_UP])
    if hero not in drawn:
        s[L.HERO_DRAWN + drawn.index(s[L.HERO + seat])] = hero
    s[L.HERO + seat] = hero
    s[L.HERO_AT + seat] = at


def token(s, where, challenge, up=1):
    """The Odysseus token of ``challenge`` into ``where``'s Region (swapped with the one
    holding it), face up or down."""
    tokens = list(s[L.ODYSSEUS:L.ODYSSEUS + L.N_REGIONS])
    want = list(T.odysseus).index(ODYSSEUS_CHALLENGES.index(challenge))
    r = T.land_region[s[L.SIDE], where]
    if want in tokens:
        s[L.ODYSSEUS + tokens.index(want)] = s[L.ODYSSEUS + r]
    s[L.ODYSSEUS + r] = want
    s[L.ODYSSEUS_UP + r] = up
    return r


def offered(n, opts):
    return [int(opts[k, 0]) for k in range(n)]


LAKONIA, ATTIKA, TROAS = land("lakonia"), land("attika"), land("troas")


def test_players_plus_one_heroes_face_up_and_each_seat_takes_one_step10_11():
    for players in (2, 3, 4):
        s = heroes_game(players)
        drawn = [h for h in s[L.HERO_DRAWN:L.HERO_DRAWN + L.HEROES_UP] if h >= 0]
        held = [int(s[L.HERO + seat]) for seat in range(players)]
        assert len(drawn) == players + 1 and len(set(drawn)) == players + 1
        assert len(set(held)) == players and set(held) <= set(drawn)
        assert all(s[L.HERO_AT + seat] == -1 for seat in range(players))  # on their tiles
        assert check_state(s, T) == V_OK
    plain = new_game("aegean", 3)
    assert (plain[L.HERO:L.HERO + L.MAX_PLAYERS] == -1).all()
    assert (plain[L.HERO_DRAWN:L.HERO_DRAWN + L.HEROES_UP] == -1).all()


def test_the_draft_takes_a_hero_or_a_city_state_backwards_then_the_other_forwards_step11():
    drawn = heroes_game()[L.HERO_DRAWN:L.HERO_DRAWN + L.HEROES_UP].tolist()
    side, picks, tiles = setup_arrays(CONTENT, "aegean", 3, city_states=("sparta", "athenai",
                                                                         "troia"))
    # seat 2 takes a Hero first (drawn[3]), seats 1 and 0 their City-states; then seat 0
    # and seat 1 take Heroes (drawn[0], drawn[1]) in turn order
    W = script(1, drawn[3], 0, 0, drawn[0], drawn[1])
    s = np.zeros(L.STATE_SIZE, np.int32)
    every_seat_plays(s, SCRIPTED)
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(rng, 5, 0)
    ev = np.zeros((256, EV_COLS), np.int32)
    setup_game(s, T, W, np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32), ev, side, 3, picks,
               tiles, mode_code("legendary_heroes"), np.zeros(SCRATCH, np.int32), rng)
    assert W[0, 0] != SCRIPT_MISSED
    order = [(int(row[1]), "hero" if row[2] == EV_HERO_PICK else "city")
             for row in ev[:s[L.EVENTS]] if row[2] in (EV_HERO_PICK, EV_SETUP_PICK)]
    assert order == [(2, "hero"), (1, "city"), (0, "city"), (0, "hero"), (1, "hero"), (2, "city")]
    assert [s[L.HERO + seat] for seat in range(3)] == [drawn[0], drawn[1], drawn[3]]


def test_a_hero_deploys_for_two_gold_to_a_land_with_a_city_of_its_seat_p16():
    s = heroes_game()
    give_hero(s, 0, ACHILLEUS)
    ev, work, opts, rng = kit()
    spaces = offered(deploy_spaces(s, T, 0, UNIT_HERO, opts), opts)
    assert spaces == [LAKONIA]  # Sparta's only City
    set_hand(s, 0, [starting(GOLD, 1), starting(WINE, 1)])
    n = deploy_choices(s, T, 0, work, opts)
    assert (UNIT_HERO, 0) not in [(opts[k, 0], opts[k, 1]) for k in range(n)]  # 1 Gold only
    set_hand(s, 0, [starting(GOLD, 1), starting(GOLD, 2)])
    n = deploy_choices(s, T, 0, work, opts)
    assert (UNIT_HERO, 0) in [(opts[k, 0], opts[k, 1]) for k in range(n)]
    rows = s[L.DEPLOY_LEFT:L.DEPLOY_LEFT + L.MAX_PLAYERS * 9].copy()
    W = script(UNIT_HERO, LAKONIA, SRC_CARD, SRC_CARD, -1)  # to Lakonia, both cards paid, stop
    deploy_action(s, T, W, ev, 0, work, opts, rng)
    assert W[0, 0] != SCRIPT_MISSED
    assert s[L.HERO_AT + 0] == LAKONIA and s[L.HAND_N + 0] == 0
    assert (s[L.DEPLOY_LEFT:L.DEPLOY_LEFT + L.MAX_PLAYERS * 9] == rows).all()  # no row
    assert events(s, ev, EV_HERO_DEPLOY) == [(ACHILLEUS, LAKONIA, 0)]
    n = deploy_choices(s, T, 0, work, opts)  # on the board: not offered again
    assert UNIT_HERO not in offered(n, opts)
    assert check_state(s, T) == V_OK


def test_a_hero_adds_its_base_power_and_odysseus_one_per_token_p16():
    s = heroes_game()
    give_hero(s, 0, ACHILLEUS, at=ATTIKA)
    give_hero(s, 1, ODYSSEUS)
    assert hero_power(s, T, 0) == 2 and land_power(s, T, ATTIKA, 0) == 2
    s[L.HERO_AT + 1] = ATTIKA
    before = land_power(s, T, ATTIKA, 1)  # Athenai's City, Hoplite, Worker, Pillar there
    assert hero_power(s, T, 1) == 1
    s[L.ODYSSEUS + 0] = -1  # a token taken onto his tile
    s[L.HERO_TOKENS + 1] = 1
    assert hero_power(s, T, 1) == 2 and land_power(s, T, ATTIKA, 1) == before + 1


def test_a_hero_is_a_land_unit_for_phalanx_formation_p14_p16():
    s = heroes_game()
    where = land("thraki")  # a Region where Sparta has nothing
    put(s, where, 0, hoplites=2)
    give_tile(s, 0, "phalanx_formation")
    r = T.land_region[s[L.SIDE], where]
    assert region_power(s, T, r, 0) == 4  # two Hoplites, no third Land Unit
    give_hero(s, 0, ACHILLEUS, at=where)
    assert region_power(s, T, r, 0) == 4 + 2 + 2  # its Power, and the third Land Unit


def test_a_hero_moves_as_a_land_unit_and_explores_p9_p16():
    s = heroes_game()
    give_hero(s, 0, ACHILLEUS, at=LAKONIA)
    ev, work, opts, rng = kit()
    reach = turn_scratch()
    n = unit_choices(s, T, 0, opts, reach)
    assert (MOVE_HERO, LAKONIA) in [(opts[k, 0], opts[k, 1]) for k in range(n)]
    target = land("argolis")
    W = script(MOVE_HERO, target, -1)
    assert move_units(s, T, W, ev, 0, 2, True, reach, opts, rng) == 1
    assert s[L.HERO_AT + 0] == target and W[0, 0] != SCRIPT_MISSED
    # the Gorgon's tile on the Hero keeps it there
    s[L.GORGON_SEAT], s[L.GORGON_KIND], s[L.GORGON_AT] = 0, MOVE_HERO, target
    n = unit_choices(s, T, 0, opts, reach)
    assert (MOVE_HERO, target) not in [(opts[k, 0], opts[k, 1]) for k in range(n)]


def test_tactical_manoeuvre_takes_the_hero_with_the_others_p14_p16():
    s = heroes_game()
    give_hero(s, 0, ACHILLEUS, at=LAKONIA)
    give_tile(s, 0, "tactical_manoeuvre")
    ev, work, opts, rng = kit()
    reach = turn_scratch()
    hoplites = s[L.LAND_HOPLITES + LAKONIA * L.MAX_PLAYERS]
    target = land("argolis")
    W = script(MOVE_ALL, target, -1)
    move_units(s, T, W, ev, 0, 2, True, reach, opts, rng)
    assert s[L.HERO_AT + 0] == target
    assert s[L.LAND_HOPLITES + target * L.MAX_PLAYERS] == hoplites


def test_another_seat_takes_a_hero_off_only_where_it_stands_alone_p16():
    s = heroes_game()
    give_hero(s, 1, ACHILLEUS, at=ATTIKA)  # with Athenai's Hoplite and Worker
    _, _, opts, _ = kit()
    n = skirmish_targets(s, 0, ATTIKA, opts)
    assert PIECE_HERO not in [opts[k, 1] for k in range(n)]
    assert MOVE_HERO not in [opts[k, 2] for k in range(send_back_choices(s, T, 0, 0, opts))]
    k = ATTIKA * L.MAX_PLAYERS + 1
    s[L.LAND_HOPLITES + k] = 0
    s[L.LAND_WORKERS + k] = 0
    s[L.DEPLOY_LEFT + (1 * L.MAX_ROWS) * L.N_UNIT_KINDS + L.U_HOPLITE] = 1
    s[L.DEPLOY_LEFT + (1 * L.MAX_ROWS) * L.N_UNIT_KINDS + L.U_WORKER] = 1
    n = skirmish_targets(s, 0, ATTIKA, opts)
    assert (1, PIECE_HERO) in [(opts[k, 0], opts[k, 1]) for k in range(n)]
    n = send_back_choices(s, T, 0, 0, opts)
    assert (1, ATTIKA, MOVE_HERO) in [(opts[k, 0], opts[k, 1], opts[k, 2]) for k in range(n)]
    # a Ship of its owner in the Land's Port shields it too (decision 35)
    ship_to(s, 1, L.PORT + ATTIKA)
    n = skirmish_targets(s, 0, ATTIKA, opts)
    assert PIECE_HERO not in [opts[k, 1] for k in range(n)]
    # its owner may give it up in a lost Skirmish, with other Units there or not
    put(s, ATTIKA, 1, hoplites=1)
    n = unit_pieces(s, 1, ATTIKA, True, opts, 0)
    assert PIECE_HERO in [opts[k, 1] for k in range(n)]


def test_the_tile_ability_acts_at_its_trigger_while_the_hero_is_on_the_board_decision44():
    s = heroes_game()
    give_hero(s, 0, HEROES.index("hektor"))  # an Iron when his seat Deploys
    ev, work, opts, rng = kit()
    scratch = turn_scratch()
    hero_ability(s, T, script(), ev, 0, TRIGGER_DEPLOY, work, scratch, opts, rng)
    assert s[L.CREDIT + IRON] == 0 and not events(s, ev, EV_HERO_ABILITY)
    s[L.HERO_AT + 0] = LAKONIA
    hero_ability(s, T, script(), ev, 0, TRIGGER_DEPLOY + 1, work, scratch, opts, rng)
    assert s[L.CREDIT + IRON] == 0  # not its trigger
    hero_ability(s, T, script(), ev, 0, TRIGGER_DEPLOY, work, scratch, opts, rng)
    assert s[L.CREDIT + IRON] == 1
    assert events(s, ev, EV_HERO_ABILITY) == [(HEROES.index("hektor"), TRIGGER_DEPLOY, 0)]


def test_odysseus_tokens_lie_in_each_open_region_only_with_odysseus_p16():
    for seed in range(12):
        s = new_game("aegean", 3, seed=seed, mode="legendary_heroes")
        tokens = s[L.ODYSSEUS:L.ODYSSEUS + L.N_REGIONS]
        blocked = s[L.REGION_BLOCKED:L.REGION_BLOCKED + L.N_REGIONS]
        if ODYSSEUS in s[L.HERO:L.HERO + 3]:
            assert ((tokens >= 0) == (blocked == 0)).all()
            assert len(set(tokens[tokens >= 0])) == int((blocked == 0).sum())
        else:
            assert (tokens == -1).all()
        assert (s[L.ODYSSEUS_UP:L.ODYSSEUS_UP + L.N_REGIONS] == 0).all()  # face down


def test_an_explore_reveals_its_regions_token_p16():
    s = heroes_game()
    give_hero(s, 1, ODYSSEUS)
    where = land("argolis")
    r = token(s, where, "building", up=0)
    ev, _, _, _ = kit()
    place_on_land(s, T, ev, 0, where)  # any seat's explore
    assert s[L.ODYSSEUS_UP + r] == 1
    assert events(s, ev, EV_ODYSSEUS_TOKEN) == [(r, s[L.ODYSSEUS + r], TOKEN_REVEALED)]
    place_on_land(s, T, ev, 0, where)
    assert len(events(s, ev, EV_ODYSSEUS_TOKEN)) == 1  # once


def test_odysseus_takes_a_face_up_token_by_meeting_its_challenge_p16():
    s = heroes_game()
    give_hero(s, 1, ODYSSEUS)
    where = land("argolis")
    put(s, where, 1, workers=1)
    put(s, where, 0, workers=1)
    r = token(s, where, "building")
    ev, _, _, _ = kit()
    place_building(s, T, ev, 0, L.B_TEMPLE, 0, -1, where)  # another seat's: not his
    assert s[L.HERO_TOKENS + 1] == 0 and s[L.ODYSSEUS + r] >= 0
    place_building(s, T, ev, 1, L.B_AGORA, 0, -1, where)
    assert s[L.HERO_TOKENS + 1] == 1 and s[L.ODYSSEUS + r] == -1
    assert s[L.ODYSSEUS_UP + r] == 0 and hero_power(s, T, 1) == 2
    taken = [e for e in events(s, ev, EV_ODYSSEUS_TOKEN) if e[2] == TOKEN_TAKEN]
    assert taken == [(r, list(T.odysseus).index(CH_BUILDING), TOKEN_TAKEN)]
    assert check_state(s, T) == V_OK


def test_a_city_placed_meets_the_city_challenge_and_not_the_pillar_one_p16():
    s = heroes_game()
    give_hero(s, 2, ODYSSEUS)
    where = land("argolis")
    r = token(s, where, "pillar")
    ev, _, _, _ = kit()
    s[L.CITIES_BUILD] -= 1
    put_city(s, T, ev, 2, where, 0)
    assert s[L.HERO_TOKENS + 2] == 0 and s[L.ODYSSEUS + r] >= 0  # a City is no Pillar
    token(s, land("korinthia"), "city")
    s[L.CITIES_BUILD] -= 1
    put_city(s, T, ev, 2, land("korinthia"), 0)
    assert s[L.HERO_TOKENS + 2] == 1
    assert CH_CITY != CH_PILLAR


def test_a_mythology_card_acting_on_a_region_meets_its_challenge_p16():
    s = heroes_game()
    give_hero(s, 0, ODYSSEUS)
    r = token(s, LAKONIA, "mythology")
    ev, work, opts, rng = kit()
    row = T.heroes[ACHILLEUS, HERO_FX]  # 2 Power on a Land: the step a Mythology card has too
    run_ability(s, T, script(LAKONIA), ev, 0, row, False, work, turn_scratch(), opts, rng)
    assert s[L.HERO_TOKENS + 0] == 0  # not a Mythology card's
    run_ability(s, T, script(LAKONIA), ev, 0, row, True, work, turn_scratch(), opts, rng)
    assert s[L.HERO_TOKENS + 0] == 1 and s[L.ODYSSEUS + r] == -1
    assert s[L.ABILITY_LAND] == -1 and check_state(s, T) == V_OK


@pytest.mark.parametrize("edit", [
    lambda s: s.__setitem__(L.HERO + 1, s[L.HERO + 0]),  # one tile, two seats
    lambda s: s.__setitem__(L.HERO_AT + 0, s[L.LAND_END]),  # off the board
    lambda s: s.__setitem__(L.HERO_TOKENS + 0, 1) if s[L.HERO] != ODYSSEUS else
    s.__setitem__(L.HERO_TOKENS + 1, 1),  # tokens on a tile that does not count them
    lambda s: s.__setitem__(L.ODYSSEUS_UP + 0, 1) if s[L.ODYSSEUS] < 0 else
    s.__setitem__(L.ODYSSEUS + 1, s[L.ODYSSEUS]),  # a token twice, or a face-up nothing
])
def test_the_invariants_catch_a_broken_hero_state(edit):
    s = heroes_game()
    edit(s)
    assert check_state(s, T) == V_HEROES


def test_sim_run_writes_the_hero_columns_and_the_report_shows_them(tmp_path):
    out = tmp_path / "heroes"
    done = sim("run", "--game", "pillars", "--players", 3, "--mode", "legendary_heroes",
               "--n", 300, "--seed", 2, "--out", out, "--quiet")
    assert done.returncode == 0, done.stderr
    table = pq.read_table(out / "data").to_pandas()
    assert set(table["hero"].unique()) <= set(HEROES)
    assert table.groupby("game")["hero"].nunique().eq(3).all()  # three different Heroes
    assert (table["hero_power"] >= 1).all()
    assert table.loc[table["hero"] != "odysseus", "hero_power"].eq(2).all()
    assert sim("report", out).returncode == 0
    page = (out / "report.html").read_text()
    assert "Win share by Hero" in page and "Hero achilleus" in page
    assert "legendary_heroes" in sim("games").stdout
    plain_run_lacks(tmp_path, "hero", "Win share by Hero")


def test_content_checks_the_hero_tiles():
    with pytest.raises(Exception, match="trigger"):
        load_content(overrides={"heroes.tiles.hektor.trigger": "none"})
    with pytest.raises(Exception, match="tiles"):
        load_content(overrides={"components.hero_tiles": 9})


def test_the_trace_names_the_heroes_and_the_tokens():
    done = sim("trace", "--game", "pillars", "--players", 3, "--mode", "legendary_heroes",
               "--seed", 5, "--text")
    assert done.returncode == 0, done.stderr
    picks = [line.split("hero=")[1] for line in done.stdout.splitlines() if "hero_pick" in line]
    assert len(picks) == 3 and set(picks) <= set(HEROES)
    tokens = [line for line in done.stdout.splitlines() if "odysseus_token" in line]
    if "odysseus" in picks:
        assert tokens and all("kind=revealed" in t or "kind=taken" in t for t in tokens)
        assert all(t.split("token=")[1].split()[0] in ODYSSEUS_CHALLENGES for t in tokens)
