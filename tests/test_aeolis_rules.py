"""Aeolis rules: one test per kernel on a hand-built state, the rulebook's worked examples
(design gap notes), and the analytic checks (Backlash rate, Diplomacy with a D4)."""

import pytest

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis import params as P
from sim.games.aeolis.content import KT_BRONZE_WORKING, KT_FLETCHING, KT_WITCHCRAFT, load_content
from sim.games.aeolis.decisions import D_CLAIM
from sim.games.aeolis.events import EV_BUILD, EV_COMBAT, EV_DESTROY, EV_MOVE, EV_TECH_USED
from sim.games.aeolis.profile import USE
from sim.games.aeolis.rules import (
    alchemy,
    board,
    city,
    combat,
    core,
    effects,
    enemy,
    heroes,
    magi,
    movement,
    pile,
    player,
    upkeep,
)
from sim.stats import wilson_interval
from strategies.aeolis import policy
from tests.aeolis_fixtures import blank, card_id, land_hex, opts, put_enemy, rng, team, trace

HOPLITES = 1 << L.U_HOPLITE


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module")
def T(content):
    return content.tables


# --- core helpers -------------------------------------------------------------------------

def test_morale_stays_on_its_track(T):
    s = blank()
    core.add_morale(s, T, trace(), 100)
    assert s[L.MORALE] == T.params[P.MORALE_MAX]
    core.add_morale(s, T, trace(), -100)
    assert s[L.MORALE] == T.params[P.MORALE_MIN]


def test_units_enter_at_home_and_leave_the_map_at_zero(T):
    s = blank()
    s[L.HOME + L.G_HOPLITE] = 7
    core.add_units(s, T, L.U_HOPLITE, 2)
    assert s[L.UNITS + L.U_HOPLITE] == 2 and s[L.POS + L.G_HOPLITE] == 7
    core.add_units(s, T, L.U_HOPLITE, -5)
    assert s[L.UNITS + L.U_HOPLITE] == 0 and s[L.POS + L.G_HOPLITE] == -1


def test_lose_takes_no_more_than_the_stash(T):
    s = blank()
    s[L.RES + L.R_WOOD] = 2
    assert core.lose(s, L.R_WOOD, 5) == 2 and s[L.RES + L.R_WOOD] == 0


def test_dice_cover_every_face_and_nothing_else():
    r = rng()
    faces = {core.roll(r, 4) for _ in range(400)}
    assert faces == {1, 2, 3, 4}


# --- board -----------------------------------------------------------------------------------

def test_random_placement_heads_down_and_left(T):
    """p. 36: the D6 names a hex of the top edge, the D4 the hex that many along a line
    heading down and left (the first being the top hex itself)."""
    for d6 in range(1, 7):
        line = [board.placed_hex(d6, d4) for d4 in range(1, 5)]
        assert line[0] == d6 - 1
        for k in range(1, 4):
            a, b = line[k - 1], line[k]
            assert T.hex_row[b] == k and b in T.adj[a] and b % L.N_COLS <= a % L.N_COLS
    assert board.placed_hex(5, 3) == 2 * L.N_COLS + 3  # the example's 5 and 3
    r = rng()
    hexes = {board.random_hex(T, r) for _ in range(2000)}
    assert hexes == {board.placed_hex(a, b) for a in range(1, 7) for b in range(1, 5)}


def test_ruin_costs_one_morale_and_the_goods(T, content):
    s = blank()
    h = land_hex(content)
    s[L.STRUCT + h] = 0
    s[L.STOCK + 2 * h] = 3
    board.ruin(s, T, trace(), h)
    assert s[L.RUIN + h] == 1 and s[L.STOCK + 2 * h] == 0 and s[L.MORALE] == -1
    board.ruin(s, T, trace(), h)  # a Ruin cannot be ruined again
    assert s[L.MORALE] == -1


def test_consecrate_token_absorbs_one_plague(T):
    s = blank()
    s[L.CONSECRATED + 5] = 1
    board.place_plague(s, trace(), 5)
    assert s[L.PLAGUE + 5] == 0 and s[L.CONSECRATED + 5] == 0
    board.place_plague(s, trace(), 5)
    assert s[L.PLAGUE + 5] == 1


def test_step_toward_gets_one_step_closer(T):
    s = blank()
    a, b = land_pair(T)
    nxt = board.step_toward(s, T, a, b, False, rng(), False)
    assert T.dist_land[nxt, b] == T.dist_land[a, b] - 1


def test_raids_step_around_the_army(T):
    """Raid and Plunder Movement (p. 35): of two equally short steps a Raid takes the one
    without army units; an Invasion does not care (p. 35)."""
    s = blank()
    here, target, steps = next(
        (a, b, [nb for nb in T.adj[a] if nb >= 0 and T.dist_land[nb, b] == T.dist_land[a, b] - 1])
        for a in range(L.N_HEX) for b in range(L.N_HEX)
        if T.land_ok[a] and T.land_ok[b] and 2 <= T.dist_land[a, b] < 90
        and sum(1 for nb in T.adj[a] if nb >= 0 and T.dist_land[nb, b] == T.dist_land[a, b] - 1) >= 2)
    s[L.UNITS + L.U_HOPLITE], s[L.POS + L.G_HOPLITE] = 2, steps[0]
    r = rng()
    assert {board.step_toward(s, T, here, target, False, r, True) for _ in range(50)} == set(steps[1:])
    assert steps[0] in {board.step_toward(s, T, here, target, False, r, False) for _ in range(50)}


def test_area_of_control_blocks_rows_on_and_above_a_raid(T, content):
    s = blank()
    raid = card_id(content, "C1")
    h = next(x for x in range(L.N_HEX) if T.hex_row[x] == 2 and T.land_ok[x] == 1)
    put_enemy(s, raid, h)
    above = next(x for x in range(L.N_HEX) if T.hex_row[x] == 1)
    below_ = next(x for x in range(L.N_HEX) if T.hex_row[x] == 3)
    assert board.raid_rows_block(s, T, above) and board.raid_rows_block(s, T, h)
    assert not board.raid_rows_block(s, T, below_)


# --- combat (rulebook pp. 29-31) --------------------------------------------------------------

def test_the_arena_acts_once_per_unit(T, content):
    """Golden Rules (p. 5): each action once per trained unit, so one Hoplite casts one
    Bronze and unlocks one upgrade a round (p. 19), whatever the team would like."""
    for seed in range(30):
        s = blank()
        s[L.UNITS + L.U_HOPLITE], s[L.POS + L.G_HOPLITE] = 1, T.city[0]
        s[L.TECH + T.key_tech[KT_BRONZE_WORKING]] = 1
        for r in (L.R_COPPER, L.R_GOLD, L.R_LEATHER, L.R_IRON):
            s[L.RES + r] = 12
        heroes.arena(s, T, team(content, "random"), opts(), rng(seed), trace())
        assert s[L.RES + L.R_BRONZE] <= 1
        assert bin(int(s[L.UPGRADES + L.U_HOPLITE])).count("1") <= 1
    s = blank()  # no Arena unit, no Arena action
    s[L.RES + L.R_LEATHER] = 12
    heroes.arena(s, T, team(content, "random"), opts(), rng(), trace())
    assert s[L.UPGRADES + L.U_HOPLITE] == 0


def test_one_blessing_per_philosopher(T, content):
    """Golden Rules (p. 5): a lone Philosopher completes one Blessing a round (p. 17)."""
    free = [c for c in range(T.card_kind.shape[0]) if T.card_kind[c] == ops.K_BLESSING
            and T.card_where[c] < 0 and (T.card_cost[c, :, 0] < 0).all()]
    assert len(free) >= 2
    s = blank()
    s[L.UNITS + L.U_PHILOSOPHER], s[L.POS + L.G_PHILOSOPHER] = 1, land_hex(content)
    s[L.ACTIVE], s[L.ACTIVE + 1] = free[0], free[1]
    heroes.blessings(s, T, trace(), rng())
    assert s[L.ACTIVE] == -1 and s[L.ACTIVE + 1] == free[1]
    s[L.UNITS + L.U_PHILOSOPHER] = 2
    heroes.blessings(s, T, trace(), rng())
    assert s[L.ACTIVE + 1] == -1


def test_iron_covers_bronze_and_companions_meet_everything():
    s = blank()
    s[L.UPGRADES + L.U_HOPLITE] = L.UP_IRON | L.UP_LEATHER
    assert combat.meets(s, L.U_HOPLITE, L.UP_BRONZE | L.UP_LEATHER)
    assert not combat.meets(s, L.U_TOXOTAI, L.UP_LEATHER)
    assert combat.meets(s, L.U_COMPANION, L.UP_BRONZE | L.UP_IRON | L.UP_LEATHER)


def test_combat_die_is_forced_when_no_kind_meets_the_needs():
    s = blank()
    assert combat.combat_die(s, HOPLITES, L.UP_BRONZE) == 0
    assert combat.combat_die(s, HOPLITES, 0) == 4
    s[L.LEVEL + L.B_ARENA] = 1
    assert combat.combat_die(s, HOPLITES, 0) == 8


def test_hippeis_count_twice():
    s = blank()
    s[L.UNITS + L.U_HIPPEIS] = 2
    s[L.UNITS + L.U_HOPLITE] = 1
    assert combat.army_strength(s, HOPLITES | 1 << L.U_HIPPEIS) == 5


def army(s, T, h, hoplites=0, toxotai=0, morale=0):
    s[L.MORALE] = morale
    for kind, n in ((L.U_HOPLITE, hoplites), (L.U_TOXOTAI, toxotai)):
        s[L.UNITS + kind] = n
        s[L.POS + kind] = h if n else -1


def test_example_hoplites_win_with_a_roll_of_one(T, content):
    """p. 30: 1 (D4) + 3 Hoplites + 2 Morale = 6 beats the Cadmean Spearmen (6)."""
    s = blank()
    assert combat.army_power(_with(s, hoplites=3, morale=2), HOPLITES, 0, 1) == 6
    for seed in range(20):  # the least roll wins, so every roll does
        s = blank()
        h = land_hex(content)
        army(s, T, h, hoplites=3, morale=2)
        e = put_enemy(s, card_id(content, "C1"), h)
        assert combat.land_combat(s, T, team(content), opts(), rng(seed), trace(), e)
        assert s[L.UNITS + L.U_HOPLITE] == 2  # one unit lost in the won fight
        assert s[L.RES + L.R_GOLD] == 6  # a Raid pays its starting Power
        assert s[L.ACTIVE] == -1 and s[L.ENEMY + L.EN_CARD] == -1


def test_example_lost_fight_damages_the_spearmen_by_three(T, content):
    """p. 30: 2 (D4) + 3 Hoplites - 1 Morale = 4 loses; the Spearmen keep Power 3."""
    for seed in range(200):
        s = blank()
        h = land_hex(content)
        army(s, T, h, hoplites=3, morale=-1)
        e = put_enemy(s, card_id(content, "C1"), h)
        ev = trace()
        won = combat.land_combat(s, T, team(content), opts(), rng(seed), ev, e)
        fight = ev[ev[:, 2] == EV_COMBAT][0]
        if fight[4] != 4:
            continue  # not the roll of 2 the example uses
        assert not won
        assert s[L.UNITS + L.U_HOPLITE] == 0 and s[L.POS + L.G_HOPLITE] == -1
        assert pile.enemy_power(s, T, e) == 3
        return
    pytest.fail("no seed rolled a 2")


def test_example_anatolian_riders_forced_roll(T, content):
    """p. 31: no Bronze/Leather, so 1 + (3 Hoplites + 2 Toxotai) + 2 = 8 < 10; army lost,
    the Riders take 5 damage."""
    s = blank()
    h = land_hex(content)
    army(s, T, h, hoplites=3, toxotai=2, morale=2)
    riders = card_id(content, "C13")
    assert T.card_power[riders] == 10
    e = put_enemy(s, riders, h)
    ev = trace()
    assert not combat.land_combat(s, T, team(content), opts(), rng(), ev, e)
    assert ev[ev[:, 2] == EV_COMBAT][0][4] == 8
    assert s[L.UNITS + L.U_HOPLITE] == 0 and s[L.UNITS + L.U_TOXOTAI] == 0
    assert pile.enemy_power(s, T, e) == 5


def test_lost_fight_against_an_invasion_deals_half(T, content):
    invasion = next(c for c in range(T.card_kind.shape[0]) if T.card_kind[c] == ops.K_INVASION)
    s = blank()
    h = land_hex(content)
    army(s, T, h, hoplites=3, morale=T.params[P.MORALE_MIN])
    e = put_enemy(s, invasion, h)
    power = T.card_power[invasion]
    assert not combat.land_combat(s, T, team(content), opts(), rng(), trace(), e)
    assert pile.enemy_power(s, T, e) == power - 1  # 3 units lost, half rounds down


def test_bless_stays_with_the_units_where_they_were_blessed(T, content):
    """Bless (p. 22): the units on the Priestess's hex and next to it are Blessed before
    they move, and keep the Blessing wherever they fight."""
    h = land_hex(content)
    near = next(x for x in T.adj[h] if x >= 0)
    far = next(x for x in range(L.N_HEX) if T.land_ok[x] and T.dist_land[h, x] >= 3)
    s = blank()
    s[L.UNITS + L.U_PRIESTESS], s[L.POS + L.G_PRIESTESS] = 1, h
    army(s, T, near, hoplites=2)
    s[L.UNITS + L.U_MAGI], s[L.POS + L.G_MAGI] = 1, far
    assert heroes.near_groups(s, T, h) == 1 << L.G_HOPLITE | 1 << L.G_PRIESTESS
    s[L.BLESSED], s[L.BLESS_GROUPS] = 6, heroes.near_groups(s, T, h)
    s[L.POS + L.G_HOPLITE] = far  # they march off to fight
    e = put_enemy(s, card_id(content, "C1"), far)
    ev = trace()
    combat.land_combat(s, T, team(content), opts(), rng(), ev, e)
    assert ev[ev[:, 2] == EV_COMBAT][0][4] == 6 + 2  # the Faith replaced the roll
    assert combat.blessed(s, 1 << L.G_MAGI) == 0  # the Magi was not there


def test_toxotai_alone_in_an_enemy_hex_are_destroyed(T, content):
    s = blank()
    h = land_hex(content)
    army(s, T, h, toxotai=2)
    e = put_enemy(s, card_id(content, "C1"), h)
    assert not combat.land_combat(s, T, team(content), opts(), rng(), trace(), e)
    assert s[L.UNITS + L.U_TOXOTAI] == 0 and pile.enemy_power(s, T, e) == 6


def test_the_army_in_the_city_fights_a_plunder_that_lands_there(T, content):
    """Combat Power (p. 29): an enemy entering a hex with army units starts a fight, so
    Hoplites holding the city meet the Cycladian Looters there instead of being pillaged."""
    looters = card_id(content, "C4")
    city_hex = T.city[0]
    shore = next(nb for nb in T.adj[city_hex] if nb >= 0 and T.sea_ok[nb] == 1)
    s = blank()
    army(s, T, city_hex, hoplites=4, morale=2)
    s[L.RES + L.R_WOOD] = 5
    e = put_enemy(s, looters, shore)
    ev = trace()
    enemy.move_kind(s, T, team(content), opts(), rng(), ev, ops.K_PLUNDER)
    assert s[L.ENEMY + L.EN_HEX] == city_hex and s[L.RES + L.R_WOOD] == 5  # no pillage
    enemy.fights(s, T, team(content), opts(), rng(), ev)
    assert (ev[:, 2] == EV_COMBAT).sum() == 1
    assert s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD] == -1  # 1 + 4 + 2 >= 4: beaten
    assert s[L.RES + L.R_GOLD] == T.card_power[looters] and s[L.UNITS + L.U_HOPLITE] == 3


def test_toxotai_engage_archers_from_the_next_hex(T, content):
    """Toxotai (p. 20): against an enemy with archers the shot becomes a combat fought from
    the adjacent hex at the end of the Enemy Phase; the Raid is held there meanwhile, and
    the Toxotai are not lost for standing alone."""
    raid = card_id(content, "C3")
    assert T.card_archers[raid] == 1 and T.card_power[raid] == 4
    h = land_hex(content)
    nb = next(x for x in T.adj[h] if x >= 0 and T.land_ok[x] == 1 and x != T.city[0])
    s = blank()
    army(s, T, nb, toxotai=3, morale=1)
    e = put_enemy(s, raid, h)
    o = opts()
    heroes.ranged(s, T, team(content), o, rng(), trace(), L.G_TOXOTAI)
    assert tuple(o[1, :2]) == (e, 1)  # the engagement is offered, not a shot
    assert s[L.ENGAGED] == e + 1 and pile.enemy_power(s, T, e) == 4  # 1 + 3 + 1 >= 4
    ev = trace()
    enemy.move_kind(s, T, team(content), opts(), rng(), ev, ops.K_RAID)
    assert s[L.ENEMY + L.EN_HEX] == h  # held in the fight
    enemy.fights(s, T, team(content), opts(), rng(), ev)
    assert (ev[:, 2] == EV_COMBAT).sum() == 1 and s[L.ENEMY + L.EN_CARD] == -1
    assert s[L.UNITS + L.U_TOXOTAI] == 2 and s[L.POS + L.G_TOXOTAI] == nb and s[L.ENGAGED] == 0


def test_toxotai_deal_half_to_an_invasion(T, content):
    """Toxotai always deal half damage to Invasions (p. 20): a lost fight from the next hex
    costs the Invasion half the units lost, rounded down."""
    invasion = card_id(content, "I1")
    h = land_hex(content)
    nb = next(x for x in T.adj[h] if x >= 0 and T.land_ok[x] == 1 and x != T.city[0])
    s = blank()
    army(s, T, nb, toxotai=3, morale=T.params[P.MORALE_MIN])
    e = put_enemy(s, invasion, h)
    s[L.ENGAGED] = e + 1
    enemy.fights(s, T, team(content), opts(), rng(), trace())
    assert s[L.UNITS + L.U_TOXOTAI] == 0
    assert pile.enemy_power(s, T, e) == T.card_power[invasion] - 1


def _with(s, hoplites, morale):
    s[L.UNITS + L.U_HOPLITE] = hoplites
    s[L.MORALE] = morale
    return s


# --- the pile --------------------------------------------------------------------------------

def test_damage_to_zero_concludes_the_event(T, content):
    s = blank()
    e = put_enemy(s, card_id(content, "C1"), land_hex(content))
    pile.damage_enemy(s, T, trace(), e, 4)
    assert pile.enemy_power(s, T, e) == 2 and s[L.ACTIVE] >= 0
    pile.damage_enemy(s, T, trace(), e, 9)
    assert s[L.ACTIVE] == -1 and s[L.ENEMY + L.EN_CARD] == -1 and s[L.ENEMIES_BEATEN] == 1


# --- Upkeep ---------------------------------------------------------------------------------

def test_training_needs_the_hero_the_tech_and_the_goods(T):
    s = blank()
    s[L.RES + L.R_GOLD] = 5
    assert upkeep.trainable(s, T, L.U_HOPLITE) is False  # Hoplites need Copper (p. 19)
    s[L.RES + L.R_COPPER] = 1
    assert upkeep.trainable(s, T, L.U_HOPLITE)
    assert not upkeep.trainable(s, T, L.U_TOXOTAI)  # Fletching not discovered
    assert not upkeep.trainable(s, T, L.U_MAGI)  # the Magi is not in the Hero set


def test_a_technology_counts_as_used_once_at_the_first_unit_it_allows(T):
    """p. 16: Fletching lets the Arena train Toxotai; the play profile counts Fletching
    used at the first Toxotai trained, and not again."""
    s = blank(("queen", "merchant", "philosopher", "hoplite"))
    fletching = T.key_tech[KT_FLETCHING]
    s[L.TECH + fletching] = 1
    s[L.RES + L.R_GOLD], s[L.RES + L.R_COPPER], s[L.WORKERS] = 5, 5, 3
    ev = trace()
    assert upkeep.trainable(s, T, L.U_TOXOTAI)
    for _ in range(2):
        upkeep.train_one(s, T, ev, L.U_TOXOTAI)
    used = [row for row in ev[:s[L.EVENTS]] if row[2] == EV_TECH_USED]
    assert [row[3] for row in used] == [fletching]
    assert s[L.USE + USE["tech_used"]] == 1 and s[L.USE + USE["train_toxotai"]] == 2
    upkeep.train_one(s, T, ev, L.U_HOPLITE)  # Hoplites need no technology
    assert s[L.USE + USE["tech_used"]] == 1


def test_witchcraft_is_used_when_it_spares_a_backlash(T):
    """p. 24: with Witchcraft no Spell backlashes; that is the technology's use."""
    s = blank(("queen", "merchant", "philosopher", "magi"))
    s[L.TECH + T.key_tech[KT_WITCHCRAFT]] = 1
    ev = trace()
    assert not magi.backlash(s, T, ev, rng(), True)  # a white Sphere: Witchcraft not needed
    assert s[L.USE + USE["tech_used"]] == 0
    assert not magi.backlash(s, T, ev, rng(), False)
    assert s[L.USE + USE["tech_used"]] == 1


def test_production_die_faces(T, content):
    """Every face shows up: blank, 1, 3, 5, Gold, Plague (p. 10)."""
    seen = set()
    for seed in range(200):
        s = blank()
        h = land_hex(content)
        s[L.STRUCT + h] = next(st for st in range(T.st_tech.shape[0]) if T.st_no_die[st] == 0
                               and T.st_prod[st, 0] not in (L.R_GOLD, L.R_WORKER))
        s[L.PROD_DIE] = 2
        upkeep.produce(s, T, team(content), opts(), rng(seed), trace(), h)
        seen.add("plague" if s[L.PLAGUE + h] else "gold" if s[L.HEX_GOLD + h] else
                  int(s[L.STOCK + 2 * h]))
    assert seen == {0, 1, 3, 5, "gold", "plague"}


def test_every_mode_draws_as_scheduled(T, content):
    for mode, name in enumerate(L.MODES):
        rounds = T.mode_rounds[mode]
        assert rounds == (20 if name == "marathon" else 10)
        for r in range(rounds):
            decks = [ops.DECKS[d] for d in T.schedule[mode, r] if d >= 0]
            want = content.data["modes"][name][r].split()
            assert decks == want, (name, r)


def test_marathon_meets_the_age_one_invasion_again_once_it_left_play(T, content):
    """Marathon draws an Age I Invasion in rounds 1, 6 and 11 (p. 6); with the core game's
    one card, the card returns once its Invasion has left play (``invasion_redraw``)."""
    i1 = card_id(content, "I1")
    s = blank()
    for c in range(T.card_kind.shape[0]):
        if T.card_deck[c] == ops.DECK_I1 and c != i1:
            s[L.CARD_STATE + c] = L.CARD_OUT  # the expansions' Invasions stay out
    r = rng()
    assert upkeep.draw_card(s, T, r, ops.DECK_I1) == i1
    s[L.ACTIVE + 0] = i1
    assert upkeep.draw_card(s, T, r, ops.DECK_I1) == -1  # still marching: no second token
    s[L.ACTIVE + 0] = -1
    assert upkeep.draw_card(s, T, r, ops.DECK_I1) == i1
    s[L.CARD_STATE + i1] = L.CARD_DRAWN
    literal = load_content(overrides={"params.invasion_redraw": 0}).tables
    assert upkeep.draw_card(s, literal, r, ops.DECK_I1) == -1


# --- Player Phase -----------------------------------------------------------------------------

def test_structure_needs_the_matching_icon_and_an_empty_hex(T):
    s = blank()
    st = 0
    good = next(h for h in range(L.N_HEX) if T.hex_icon[h] == T.st_icon[st])
    bad = next(h for h in range(L.N_HEX) if T.hex_icon[h] != T.st_icon[st])
    assert city.can_build(s, T, st, good) and not city.can_build(s, T, st, bad)
    s[L.STRUCT + good] = st
    assert not city.can_build(s, T, st, good)


def test_diplomacy_with_an_invasion_is_a_setting(T, content):
    """Diplomacy names Raids, Plunders and Unrest (p. 32) and is silent on Invasions (p. 33):
    off by default, ``diplomacy_invasions`` turns it on."""
    assert city.negotiable(T, card_id(content, "C1")) and city.negotiable(T, card_id(content, "C6"))
    assert not city.negotiable(T, card_id(content, "I1"))
    on = load_content(overrides={"params.diplomacy_invasions": 1}).tables
    assert city.negotiable(on, card_id(content, "I1")) and city.negotiable(on, card_id(content, "I2"))


def test_diplomacy_die_grows_with_the_acropolis():
    s = blank()
    assert city.diplomacy_die(s) == 4
    s[L.LEVEL + L.B_ACROPOLIS] = 1
    assert city.diplomacy_die(s) == 8
    s[L.LEVEL + L.B_ACROPOLIS] = 2
    assert city.diplomacy_die(s) == 12


def test_example_diplomacy_with_a_d4_against_power_two(T, content):
    """p. 32: Spearmen wounded to Power 2; a D4 of 2+ sends them off for 2 Gold, a 1
    costs nothing and spends the round's attempt."""
    outcomes = set()
    for seed in range(40):
        s = blank()
        s[L.RES + L.R_GOLD] = 5
        s[L.DIPLOMACY_LEFT] = 1
        put_enemy(s, card_id(content, "C1"), land_hex(content), damage=4)
        city.diplomacy(s, T, team(content), opts(), rng(seed), trace())
        gone = s[L.ACTIVE] == -1
        assert s[L.RES + L.R_GOLD] == (3 if gone else 5) and s[L.DIPLOMACY_LEFT] == 0
        outcomes.add(gone)
    assert outcomes == {True, False}


def test_claimable_loot_with_a_roll_of_sixty(T, content):
    """p. 25: a 60 claims the 3 Wood (30) or 4 Wheat (52) token, not the 5 Gold (88)."""
    loot = [tuple(x["gain"]) for x in content.data["loot"]]
    s = blank(("queen", "merchant", "philosopher", "hoplite", "triaconter"))
    for k, want in enumerate((("wood", 3), ("wheat", 4), ("gold", 5))):
        s[L.COMPASS + k] = loot.index(want)
    o = opts()
    assert heroes.claimable(s, T, o, 60) == 2 and set(o[:2, 0]) == {0, 1}  # any one (p. 25)
    assert policy.team_choice(s, T, team(content)[0], o, 2, D_CLAIM) == 1  # the team: the richest
    assert heroes.claimable(s, T, o, 29) == 0


def test_one_ability_per_priestess_proselytize_included(T):
    """Divine Abilities (p. 22): each Priestess activates one ability a round, so a lone
    Priestess who Consecrated cannot also Proselytize for the Queen."""
    s = blank(("queen", "merchant", "philosopher", "hoplite", "priestess"))
    s[L.UNITS + L.U_PRIESTESS] = 1
    s[L.FAITH + 3] = 4
    assert city.proselytize(s) == (1, 4)
    s[L.FAITH_USED + 0] = 1
    assert city.proselytize(s) == (0, 0)
    s[L.UNITS + L.U_PRIESTESS] = 2
    assert city.proselytize(s) == (1, 4)


def test_the_team_chooses_whether_the_priestess_proselytizes(T, content):
    """Proselytize (p. 23) is the Priestess's ability, used or kept: Diplomacy offers each
    event with her help (a bonus, Faith off the Gold, her die reset) and without it."""
    outcomes = set()
    for seed in range(40):
        s = blank(("queen", "merchant", "philosopher", "hoplite", "priestess"))
        s[L.UNITS + L.U_PRIESTESS], s[L.FAITH + 3] = 1, 4
        s[L.ACTIVE], s[L.RES + L.R_GOLD], s[L.DIPLOMACY_LEFT] = card_id(content, "C6"), 9, 1
        city.diplomacy(s, T, team(content, "random"), opts(), rng(seed), trace())
        if s[L.DIPLOMACY_LEFT] == 0:
            outcomes.add((int(s[L.FAITH_USED + 3]), int(s[L.FAITH + 3])))
    assert outcomes == {(1, 1), (0, 4)}


def test_agora_only_goods_are_not_produced_before_the_agora(T, content):
    """Offer and Demand (p. 13): Structures do not produce goods only the upgraded Agora
    trades (Algae, the one the text names) until the Agora is upgraded."""
    algae = next(st for st in range(T.st_prod.shape[0]) if T.st_prod[st, 0] == L.R_ALGAE)
    h = land_hex(content)
    s = blank()
    s[L.STRUCT + h] = algae
    upkeep.produce(s, T, team(content), opts(), rng(), trace(), h)
    city.first_production(s, T, h)
    assert s[L.STOCK + 2 * h] == 0
    s[L.LEVEL + L.B_AGORA] = 1
    upkeep.produce(s, T, team(content), opts(), rng(), trace(), h)
    assert s[L.STOCK + 2 * h] == 1


def test_a_village_places_one_gold_beside_each_worker(T, content):
    """Production (p. 10): a Village produces workers and Gold, one Gold for each worker
    cube, when built and every round."""
    village = content.names["structures"].index("village")
    h = land_hex(content)
    s = blank()
    s[L.STRUCT + h] = village
    city.first_production(s, T, h)
    assert (s[L.STOCK + 2 * h], s[L.HEX_GOLD + h]) == (1, 1)
    upkeep.produce(s, T, team(content), opts(), rng(), trace(), h)
    assert (s[L.STOCK + 2 * h], s[L.HEX_GOLD + h]) == (2, 2)


def test_only_the_plague_hurts_a_unit_that_starts_its_turn_there(T, content):
    """A unit starting its turn on a Plague hex loses one (p. 34); an Inferno hurts units
    moving through it (p. 8), not one that starts on it."""
    h = land_hex(content)
    for plague, inferno, left in ((0, 1, 2), (1, 0, 1)):
        s = blank()
        s[L.UNITS + L.U_HOPLITE], s[L.POS + L.G_HOPLITE] = 2, h
        s[L.PLAGUE + h], s[L.INFERNO + h] = plague, inferno
        player.hazards(s, T)
        assert s[L.UNITS + L.U_HOPLITE] == left


def test_the_philosopher_repairs_the_hex_he_starts_on(T, content):
    """Repair Structures (p. 17): the Structures he starts and stops on can be repaired too,
    not only those he passes through."""
    h = land_hex(content)
    s = blank()
    s[L.UNITS + L.U_PHILOSOPHER], s[L.POS + L.G_PHILOSOPHER] = 1, h
    s[L.STRUCT + h], s[L.RUIN + h] = content.names["structures"].index("village"), 1
    movement.walk(s, T, rng(), trace(), L.G_PHILOSOPHER, h)
    assert s[L.RUIN + h] == 0


def test_mysticism_allows_four_altars_of_two_crystals(T, content):
    """Mysticism (p. 10): Light, Void, Blazing and Glacial Altars, two Crystals of their
    colour a round, never the Production Die."""
    for name, crystal in (("light_altar", L.R_LIGHT), ("void_altar", L.R_VOID),
                          ("blazing_altar", L.R_FIRE), ("glacial_altar", L.R_ICE)):
        st = content.names["structures"].index(name)
        assert list(T.st_prod[st]) == [crystal, crystal] and T.st_no_die[st] == 1
        assert content.names["techs"][T.st_tech[st]] == "mysticism"


def test_horses_and_salt_are_produced_before_the_agora(T, content):
    """The text names Algae alone among the goods the upgraded Agora trades (p. 13); Horse
    Ranches and Salt Pans produce from the start (Discoveries Reference)."""
    for good in (L.R_HORSE, L.R_SALT):
        producer = next(st for st in range(T.st_prod.shape[0]) if T.st_prod[st, 0] == good)
        h = land_hex(content)
        s = blank()
        s[L.STRUCT + h] = producer
        upkeep.produce(s, T, team(content), opts(), rng(), trace(), h)
        assert s[L.STOCK + 2 * h] == 1


def test_leather_for_an_upgrade_is_on_the_mat_before_the_player_phase(T, content):
    """Unlock Upgrades (p. 19): the three Leather must be held before the Player Phase, so
    Leather gathered during it waits for the next round."""
    for seed in range(20):
        s = blank()
        s[L.UNITS + L.U_HOPLITE], s[L.POS + L.G_HOPLITE] = 1, T.city[0]
        player.new_round(s)
        s[L.RES + L.R_LEATHER] = 3  # collected during the phase
        heroes.arena(s, T, team(content, "random"), opts(), rng(seed), trace())
        assert s[L.UPGRADES + L.U_HOPLITE] == 0
    player.new_round(s)
    assert s[L.LEATHER_HELD] == 3


def test_frost_blast_is_chosen_before_the_roll(T, content):
    """Frost Blast (p. 28): the Ice is spent before the roll, so the team spends what makes
    its lowest roll win (6 - 2 Galleys - 1) whatever the die then shows."""
    plunder = next(c for c in range(T.card_kind.shape[0]) if T.card_kind[c] == ops.K_PLUNDER
                   and T.card_power[c] == 6)
    for seed in range(10):
        s = blank()
        s[L.LEVEL + L.B_HARBOR] = 2
        s[L.UNITS + L.U_SHIP], s[L.POS + L.G_SHIP] = 2, next(h for h in range(L.N_HEX) if T.sea_ok[h])
        s[L.RES + L.R_ICE] = 5
        e = put_enemy(s, plunder, s[L.POS + L.G_SHIP])
        assert combat.naval_combat(s, T, team(content), opts(), rng(seed), trace(), e)
        assert s[L.RES + L.R_ICE] == 2


def test_spell_effect_damage_is_halved_by_magic_resistance(T, content):
    s = blank()
    invasion = next(c for c in range(T.card_kind.shape[0]) if T.card_kind[c] == ops.K_INVASION)
    e = put_enemy(s, invasion, land_hex(content))
    row = next(r for r in range(T.fx.shape[0]) if T.fx[r, 0] == 1 and T.fx[r, 1] == ops.OP_DAMAGE)
    sides, bonus = T.fx[row, 2], T.fx[row, 3]
    effects.run_effect(s, T, trace(), rng(), row, e)
    dealt = T.card_power[invasion] - pile.enemy_power(s, T, e)
    assert (1 + bonus) // 2 <= dealt <= (sides + bonus) // 2


@pytest.mark.parametrize("move_first", [False, True])
def test_the_team_orders_the_player_phase(T, content, move_first):
    """Golden Rules (p. 5): the Heroes act in any order; the team may have the miniatures
    move and collect first, and the Queen build with what came in."""
    s = blank()
    s[L.UNITS + L.U_HOPLITE], s[L.POS + L.G_HOPLITE] = 1, T.city[0]
    s[L.WORKERS], s[L.RES + L.R_WOOD] = 1, 1
    s[L.TECH + content.names["techs"].index("wood_cutting")] = 1
    W = team(content)
    W[0, policy.W_CAREFUL] = (1 << policy.CARE_MOVE_FIRST) if move_first else 0
    ev = trace(256)
    player.player_phase(s, T, W, opts(), rng(), ev)
    codes = list(ev[:s[L.EVENTS], 2])
    assert EV_BUILD in codes and EV_MOVE in codes
    assert (codes.index(EV_MOVE) < codes.index(EV_BUILD)) == move_first


@pytest.mark.parametrize("setting, move_first", [(1, False), (2, True)])
def test_the_phase_order_setting_fixes_the_order(T, content, setting, move_first):
    """Setting ``phase_order`` (p. 5 leaves the order to the team): 1 has the city act
    first and 2 the miniatures move first, whatever the team's own choice would be."""
    fixed = load_content(overrides={"params.phase_order": setting}).tables
    for care in (0, 1 << policy.CARE_MOVE_FIRST):
        s = blank()
        s[L.UNITS + L.U_HOPLITE], s[L.POS + L.G_HOPLITE] = 1, T.city[0]
        s[L.WORKERS], s[L.RES + L.R_WOOD] = 1, 1
        s[L.TECH + content.names["techs"].index("wood_cutting")] = 1
        W = team(content)
        W[0, policy.W_CAREFUL] = care
        ev = trace(256)
        player.player_phase(s, fixed, W, opts(), rng(), ev)
        codes = list(ev[:s[L.EVENTS], 2])
        assert (codes.index(EV_MOVE) < codes.index(EV_BUILD)) == move_first


def test_the_explore_claim_setting_takes_the_lowest_token(T, content):
    """Setting ``explore_claim`` (p. 25: 'any one' token the roll reaches): the team's
    policy takes the richest token (4 Wheat at 52), 1 the lowest (3 Wood at 30)."""
    loot = [tuple(x["gain"]) for x in content.data["loot"]]
    lowest = load_content(overrides={"params.explore_claim": 1}).tables
    both = 0
    for seed in range(40):  # the same roll for both tables
        claimed = []
        for tables in (T, lowest):
            s = blank(("queen", "merchant", "philosopher", "hoplite", "triaconter"))
            s[L.UNITS + L.U_SHIP] = 1
            s[L.COMPASS], s[L.COMPASS + 1] = loot.index(("wood", 3)), loot.index(("wheat", 4))
            heroes.explore(s, tables, team(content), opts(), rng(seed), trace())
            claimed.append([k for k in (0, 1) if s[L.COMPASS + k] < 0])
        assert claimed[1] in ([], [0])  # never the Wheat
        if claimed[0] == [1]:  # the roll reached both: the team took the Wheat
            assert claimed[1] == [0]
            both += 1
        else:
            assert claimed[0] == claimed[1]
    assert both > 0


def test_the_arena_units_setting_counts_the_hoplites_only(T, content):
    """Setting ``arena_units`` (p. 5: one action per trained unit): by default a Hoplite
    and a Toxotai cast two Bronze a round; counting the Hoplites only, one."""
    hoplites_only = load_content(overrides={"params.arena_units": 1}).tables
    cast = []
    for tables in (T, hoplites_only):
        s = blank()
        s[L.UNITS + L.U_HOPLITE], s[L.POS + L.G_HOPLITE] = 1, T.city[0]
        s[L.UNITS + L.U_TOXOTAI], s[L.POS + L.G_TOXOTAI] = 1, T.city[0]
        s[L.TECH + T.key_tech[KT_BRONZE_WORKING]] = 1
        s[L.RES + L.R_COPPER], s[L.RES + L.R_GOLD] = 12, 12
        heroes.arena(s, tables, team(content), opts(), rng(), trace())
        cast.append(int(s[L.RES + L.R_BRONZE]))
    assert cast == [2, 1]


def test_the_toxotai_hold_setting_lets_the_enemy_walk_on(T, content):
    """Setting ``toxotai_hold`` (p. 20): 0 lets a Raid the Toxotai engaged move on in the
    Enemy Phase instead of holding it on its hex (the default, see the test above)."""
    walk_on = load_content(overrides={"params.toxotai_hold": 0}).tables
    raid = card_id(content, "C3")
    h = land_hex(content)
    nb = next(x for x in T.adj[h] if x >= 0 and T.land_ok[x] == 1 and x != T.city[0])
    hexes = []
    for tables in (T, walk_on):
        s = blank()
        army(s, T, nb, toxotai=3, morale=1)
        e = put_enemy(s, raid, h)
        s[L.ENGAGED] = e + 1
        enemy.move_kind(s, tables, team(content), opts(), rng(), trace(), ops.K_RAID)
        hexes.append(int(s[L.ENEMY + L.EN_HEX]))
    assert hexes[0] == h and hexes[1] != h


# --- Enemy Phase -----------------------------------------------------------------------------

def test_raiders_in_the_city_take_goods_and_workers(T, content):
    """p. 35 (Cycladian Looters, Power 4): four resources and four workers go."""
    s = blank()
    s[L.RES + L.R_WOOD] = 1
    s[L.RES + L.R_FIRE] = 1
    s[L.RES + L.R_GOLD] = 5
    s[L.WORKERS] = 1
    for kind in (L.U_MERCHANT, L.U_PHILOSOPHER, L.U_HOPLITE):
        s[L.UNITS + kind] = 1
    enemy.pillage(s, T, team(content), opts(), rng(), trace(), 4)
    assert s[L.RES:L.RES + L.N_RES].sum() == 7 - 4
    assert s[L.WORKERS] + s[L.UNITS:L.UNITS + L.N_UNITS].sum() == 0


def burning_inferno(T, content, seed=3):
    """The Inferno (C10) struck in the Enemy Phase and still burns on the pile (slot 0)."""
    s = blank()
    s[L.ACTIVE] = card_id(content, "C10")
    enemy.disasters(s, T, trace(), rng(seed))
    return s


def test_an_inferno_burns_until_put_out(T, content):
    """Natural Disaster (p. 34): the Inferno stays on the pile after it strikes; it does
    not strike again, and while it burns it keeps a repaired Structure on its hex a Ruin."""
    s = burning_inferno(T, content)
    fires = s[L.INFERNO:L.INFERNO + L.N_HEX].copy()
    assert s[L.ACTIVE] == card_id(content, "C10") and s[L.BURNING] == 1 and fires.sum() == 1
    enemy.disasters(s, T, trace(), rng(4))
    assert (s[L.INFERNO:L.INFERNO + L.N_HEX] == fires).all()
    h = int(fires.argmax())
    s[L.STRUCT + h] = 0
    s[L.RUIN + h] = 0
    ev = trace()
    enemy.spread_inferno(s, T, ev, rng())
    assert s[L.RUIN + h] == 1 and (ev[:, 2] == EV_DESTROY).any()


def test_a_spell_of_its_affinity_puts_the_inferno_out(T, content):
    """A Spell that counters a Natural Disaster of its affinity (p. 34) ends the burning
    Inferno, and its fires leave the board."""
    s = burning_inferno(T, content)
    frost = content.names["spells"].index("Frost Ward")
    s[L.SPELL_HAND + frost] = 1
    s[L.SPHERE_N + 1], s[L.SPHERE_COLOR + 1] = 2, ops.COLORS.index("ice")
    s[L.UNITS + L.U_MAGI], s[L.POS + L.G_MAGI] = 1, land_hex(content)
    s[L.TECH + T.key_tech[KT_WITCHCRAFT]] = 1  # no Backlash
    magi.cast(s, T, team(content), opts(), rng(), trace())
    assert s[L.ACTIVE] == -1 and s[L.BURNING] == 0
    assert s[L.INFERNO:L.INFERNO + L.N_HEX].sum() == 0


def test_fires_burn_on_while_another_inferno_does(T, content):
    """Control Weather (p. 26) cancels one Inferno; the fires go out with the last one."""
    s = burning_inferno(T, content)
    s[L.ACTIVE + 1], s[L.BURNING + 1] = card_id(content, "C21"), 1
    pile.put_out(s, T, trace(), 0)
    assert s[L.INFERNO:L.INFERNO + L.N_HEX].sum() == 1
    s[L.UNITS + L.U_ALCHEMIST] = 1
    s[L.RES + L.R_SALT] = T.params[P.WEATHER_SALT]
    alchemy.alchemy(s, T, team(content), opts(), rng(), trace())
    assert s[L.ACTIVE + 1] == -1 and s[L.INFERNO:L.INFERNO + L.N_HEX].sum() == 0


def test_a_plague_card_waits_on_the_pile_for_the_enemy_phase(T, content):
    """A revealed Event goes to the Active pile (p. 33); The Plague resolves in its step of
    the Enemy Phase (p. 36), not at the draw, so the Player Phase can prepare for it."""
    s, ev, r = blank(), trace(), rng()
    card = card_id(content, "C8")
    upkeep.reveal(s, T, ev, r, card)
    assert card in s[L.ACTIVE:L.ACTIVE + L.MAX_ACTIVE] and s[L.PLAGUE:L.PLAGUE + L.N_HEX].sum() == 0
    enemy.plague_cards(s, T, ev, r)
    assert card not in s[L.ACTIVE:L.ACTIVE + L.MAX_ACTIVE] and s[L.PLAGUE:L.PLAGUE + L.N_HEX].sum() == 1


def test_the_army_quells_unrest_from_outside_the_city(T, content):
    """Unrest is countered by combat in the Enemy Phase (p. 35), which the text ties to no
    hex: an army away from the city may fight it, at a Morale cost equal to its Power."""
    riot = card_id(content, "C6")
    h = next(x for x in range(L.N_HEX) if T.land_ok[x] == 1 and x != T.city[0])
    fought = 0
    for seed in range(20):
        s = blank()
        s[L.ACTIVE] = riot
        s[L.UNITS + L.U_HOPLITE], s[L.POS + L.G_HOPLITE] = 6, h
        enemy.unrest(s, T, team(content, "random"), opts(), rng(seed), trace())
        if s[L.ACTIVE] < 0:
            fought += 1
            assert s[L.MORALE] == -T.card_power[riot]
    assert fought > 0


def test_plague_spread_rate_is_half(T):
    spread = 0
    trials = 4000
    r = rng()
    a, b = adjacent_land_pair(T)
    for _ in range(trials):
        s = blank()
        s[L.PLAGUE + a] = 1
        s[L.STRUCT + b] = 0
        enemy.spread_plague(s, T, trace(0), r)
        spread += s[L.PLAGUE + b]
    lo, hi = wilson_interval(spread, trials, 0.999)
    assert lo <= 0.5 <= hi


def test_invasion_entering_the_city_ends_the_game(T, content):
    invasion = next(c for c in range(T.card_kind.shape[0]) if T.card_kind[c] == ops.K_INVASION)
    s = blank()
    city_hex = T.city[0]
    nb = next(x for x in T.adj[city_hex] if x >= 0 and T.land_ok[x] == 1)
    put_enemy(s, invasion, nb)
    enemy.move_kind(s, T, team(content), opts(), rng(), trace(), ops.K_INVASION)
    assert s[L.GAME_OVER] == 1 and s[L.LOSS_CAUSE] == L.LOSS_INVASION_CITY


# --- analytic checks --------------------------------------------------------------------------

N_ANALYTIC = 20_000


@pytest.mark.parametrize("witchcraft", [False, True])
def test_backlash_rate(T, witchcraft):
    """p. 24: a D100 of 01-25 backlashes (25%); never once Witchcraft is discovered."""
    s = blank(("queen", "merchant", "philosopher", "magi"))
    if witchcraft:
        s[L.TECH + T.key_tech[KT_WITCHCRAFT]] = 1
    r, ev = rng(), trace()
    hits = sum(magi.backlash(s, T, ev, r, False) for _ in range(N_ANALYTIC))
    if witchcraft:
        assert hits == 0
    else:
        lo, hi = wilson_interval(hits, N_ANALYTIC, 0.999)
        assert lo <= 0.25 <= hi, (hits / N_ANALYTIC, lo, hi)


@pytest.mark.parametrize("power", [1, 2, 3, 4, 5])
def test_diplomacy_d4_success_matches_exact_probability(T, content, power):
    """Success needs a D4 roll >= the enemy's remaining Power: (5 - power) / 4, 0 past 4.
    The random-legal team attempts about half the time; the rate is per attempt."""
    exact = max(0, 5 - power) / 4
    spearmen = card_id(content, "C1")
    W = team(content, "random")
    o, ev, r = opts(), trace(0), rng(power)
    h = land_hex(content)
    attempts = success = 0
    for _ in range(N_ANALYTIC // 2):
        s = blank()
        s[L.RES + L.R_GOLD] = 10
        s[L.DIPLOMACY_LEFT] = 1
        put_enemy(s, spearmen, h, damage=6 - power)
        city.diplomacy(s, T, W, o, r, ev)
        attempts += s[L.DIPLOMACY_LEFT] == 0
        success += s[L.ACTIVE] == -1
    assert attempts > N_ANALYTIC // 8
    if exact == 0:
        assert success == 0
    else:
        lo, hi = wilson_interval(success, attempts, 0.999)
        assert lo <= exact <= hi, (success / attempts, exact)


# --- helpers over the map ------------------------------------------------------------------

def land_pair(T):
    for a in range(L.N_HEX):
        for b in range(L.N_HEX):
            if a != b and T.land_ok[a] and T.land_ok[b] and 2 <= T.dist_land[a, b] < 90:
                return a, b
    raise AssertionError("no two land hexes two steps apart")


def adjacent_land_pair(T):
    for a in range(L.N_HEX):
        for b in T.adj[a]:
            if b >= 0 and T.land_ok[a] and T.land_ok[b] and a != T.city[0] and b != T.city[0]:
                return a, int(b)
    raise AssertionError("no adjacent land hexes")


# --- Alchemist expansion (p. 26) -------------------------------------------------------------

def test_philosophers_become_alchemists_and_keep_their_hex(T, content):
    s = blank()
    s[L.UNITS + L.U_PHILOSOPHER] = 4
    s[L.POS + L.G_PHILOSOPHER] = 9
    alchemy.become_alchemists(s, T, team(content), opts(), rng())
    assert s[L.UNITS + L.U_PHILOSOPHER] == 2 and s[L.UNITS + L.U_ALCHEMIST] == 2
    assert s[L.POS + L.G_PHILOSOPHER] == 9


def test_alchemy_options_cover_every_action(T, content):
    s = blank()
    s[L.RES + L.R_WOOD] = 1
    s[L.RES + L.R_FIRE] = T.params[P.IMMOLATE_FIRE]
    s[L.RES + L.R_SALT] = T.params[P.WEATHER_SALT]
    put_enemy(s, card_id(content, "C1"), land_hex(content))
    disaster = next(c for c in range(T.card_kind.shape[0]) if T.card_kind[c] == ops.K_DISASTER)
    s[L.ACTIVE + 1] = disaster
    o = opts()
    n = alchemy.alchemy_options(s, T, o)
    rows = {tuple(int(x) for x in o[k, :3]) for k in range(1, n)}
    assert rows == {(alchemy.A_MIDAS, L.R_WOOD, -1), (alchemy.A_IMMOLATE, 0, -1),
                    (alchemy.A_WEATHER, 1, -1)} | {
        (alchemy.A_TRANSMUTE, L.R_WOOD, b) for b in alchemy.STORABLE if b != L.R_WOOD}


def test_alchemists_cancel_a_disaster_then_immolate(T, content):
    s = blank()
    s[L.UNITS + L.U_ALCHEMIST] = 2
    s[L.RES + L.R_FIRE] = T.params[P.IMMOLATE_FIRE]
    s[L.RES + L.R_SALT] = T.params[P.WEATHER_SALT]
    put_enemy(s, card_id(content, "C1"), land_hex(content))
    disaster = next(c for c in range(T.card_kind.shape[0]) if T.card_kind[c] == ops.K_DISASTER)
    s[L.ACTIVE + 1] = disaster
    alchemy.alchemy(s, T, team(content), opts(), rng(), trace())
    assert s[L.ACTIVE + 1] == -1 and s[L.RES + L.R_SALT] == 0
    assert s[L.ENEMY + L.EN_INFERNO] == 1 and s[L.RES + L.R_FIRE] == 0
    alchemy.burn_immolated(s, T, trace())
    assert pile.enemy_power(s, T, 0) == 5


def test_hand_of_midas_pays_two_gold(T, content):
    s = blank()
    s[L.UNITS + L.U_ALCHEMIST] = 1
    s[L.RES + L.R_COPPER] = 3
    alchemy.alchemy(s, T, team(content), opts(), rng(), trace())
    assert s[L.RES + L.R_COPPER] == 2 and s[L.RES + L.R_GOLD] == T.params[P.MIDAS_GOLD]


# --- Priestess of Death expansion (p. 27) ----------------------------------------------------

def death_priestess(T, content, faith):
    s = blank(("queen", "merchant", "philosopher", "hoplite", "priestess"))
    here = land_hex(content)
    s[L.UNITS + L.U_PRIESTESS] = 1
    s[L.POS + L.G_PRIESTESS] = here
    s[L.LEVEL + L.B_TEMPLE] = 2
    s[L.FAITH:L.FAITH + L.N_FAITH] = faith
    return s, here


def test_kiss_of_death_hits_every_enemy_on_an_adjacent_hex(T, content):
    s, here = death_priestess(T, content, 4)
    nb = next(int(x) for x in T.adj[here] if x >= 0)
    put_enemy(s, card_id(content, "C1"), nb)
    s[L.PLAGUE_HELD] = 1
    s[L.RES + L.R_VOID] = 4
    heroes.temple(s, T, team(content), opts(), rng(), trace())
    assert pile.enemy_power(s, T, 0) == 2  # 6 - Faith 4
    assert s[L.PLAGUE_HELD] == 0 and s[L.RES + L.R_VOID] == 0 and s[L.FAITH] == 1


def test_kiss_of_death_needs_a_plague_token_and_the_void(T, content):
    s, here = death_priestess(T, content, 4)
    nb = next(int(x) for x in T.adj[here] if x >= 0)
    put_enemy(s, card_id(content, "C1"), nb)
    s[L.RES + L.R_VOID] = 4  # but no Plague token on her mat
    heroes.temple(s, T, team(content), opts(), rng(), trace())
    assert pile.enemy_power(s, T, 0) == 6


def test_blood_letting_cures_for_void_crystals(T, content):
    s, here = death_priestess(T, content, 2)
    near = [here] + [int(x) for x in T.adj[here] if x >= 0]
    for h in near[:3]:
        s[L.PLAGUE + h] = 1
    heroes.temple(s, T, team(content), opts(), rng(), trace())
    assert sum(s[L.PLAGUE + h] for h in near[:3]) == 1  # Faith 2 cures two
    assert s[L.RES + L.R_VOID] == 2 and s[L.PLAGUE_HELD] == 2


def test_the_architect_sails(T, content):
    """Once the Academy is upgraded the Philosopher's miniature reaches sea hexes (p. 35)."""
    s = blank()
    s[L.UNITS + L.U_PHILOSOPHER] = 1
    s[L.POS + L.G_PHILOSOPHER] = T.city[0]
    o = opts()
    reach = {int(o[k, 0]) for k in range(movement.move_options(s, T, o, L.G_PHILOSOPHER))}
    assert all(T.land_ok[h] for h in reach)
    s[L.LEVEL + L.B_ACADEMY] = 1
    reach = {int(o[k, 0]) for k in range(movement.move_options(s, T, o, L.G_PHILOSOPHER))}
    assert any(T.land_ok[h] == 0 for h in reach)


def test_content_overrides_set_card_numbers_and_refuse_bad_keys_in_one_line():
    from sim.games.aeolis.content import ContentError, load_content

    enemy = next(c for c in load_content().data["card"] if "power" in c)
    key = f"card.{enemy['id']}.power"
    assert next(c for c in load_content(overrides={key: "9"}).data["card"]
                if c["id"] == enemy["id"])["power"] == 9  # command-line text read as TOML
    for bad, fragment in (({"card.ZZ9.power": 1}, "no card item named 'ZZ9'"),
                          ({f"card.{enemy['id']}.powr": 1}, "unknown key 'powr'"),
                          ({"nosuch.x": 1}, "unknown section 'nosuch'"),
                          ({key: -1}, "power = -1 must be a whole number"),
                          ({"params.nosuch": 1}, "unknown parameter 'nosuch'")):
        with pytest.raises(ContentError) as exc:
            load_content(overrides=bad)
        assert fragment in str(exc.value) and "\n" not in str(exc.value)
