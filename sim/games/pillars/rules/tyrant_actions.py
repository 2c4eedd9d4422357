"""The Tyrant's Rondel actions (Solo Mode, pp. ~26-31).

Each action's list has five options; the Active card's Resource picks one
(``Tables.solo_rules``, decision 55). The Improved version of an action applies once the
top piece of its kind has left his Player board (Worker: Build, Hoplite: Settle, Temple:
Procure, Agora: Ascend, Citadel: Deploy) and until every slot of that kind is filled
again (Hyperion, Iapetos, p. 31).
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    C_EITHER,
    C_KIND,
    C_POWER,
    C_RES_B,
    SR_PREFERRED,
    SR_SETTLE_HOPLITES,
    WILD,
)
from sim.games.pillars.events import (
    CAUSE_ASCEND,
    CAUSE_CAMP,
    EV_ASCEND,
    EV_BUILD,
    EV_DEPLOY,
    EV_POPULATION_REWARD,
    EV_SETTLE,
)
from sim.games.pillars.rules.ascend import agora_discounts
from sim.games.pillars.rules.board import SECTION_BUILD, SECTION_DEPLOY, has_city, place_on_land
from sim.games.pillars.rules.cities import CITY_BUILT, evaluation_winner
from sim.games.pillars.rules.core import emit
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.power import controller, land_power, land_track
from sim.games.pillars.rules.procure import reveal
from sim.games.pillars.rules.relocate import (
    K_HOPLITE,
    K_WORKER,
    free_units,
    relocate_ship,
    relocate_units,
)
from sim.games.pillars.rules.removal import take_from_row, take_pillar_from_board
from sim.games.pillars.rules.rewards import progress
from sim.games.pillars.rules.settle import P_CAMP, P_CARD, P_DEMIGOD, P_TITAN, P_WILD, POP_DECK
from sim.games.pillars.rules.solo_combat import defence, tyrant_attacks
from sim.games.pillars.rules.status import controlled_with_icon
from sim.games.pillars.rules.support import S_POWERS
from sim.games.pillars.rules.tracks import LAST_STEP
from sim.games.pillars.rules.tyrant_cards import (
    can_spend,
    discard_resource_card,
    to_resource_deck,
    tyrant_spend,
)
from sim.games.pillars.rules.tyrant_gains import (
    BOTTOMMOST,
    CITY_RESOURCES,
    FEATURE_BUILDING,
    FEATURE_CHARACTER,
    FEATURE_MONUMENT,
    FEATURE_PILLAR,
    FEATURE_UNIT,
    UPPERMOST,
    city_land,
    claim_prophecy,
    gain_card,
    gain_mythology,
    place_tyrant_city,
    player_controls,
    take_city_tile,
    take_proc_card,
    tyrant_city,
    tyrant_track_reward,
)
from sim.games.pillars.rules.tyrant_spaces import TO_PORT, TO_SEA
from sim.games.pillars.rules.wheels import FAR_RANK, land_rank, track_rank
from sim.jit import kernel

T_SEAT = L.TYRANT
YOU = L.SOLO_PLAYER
N_ICONS = L.ICON_WHEEL
MONUMENT_RESOURCES = 3  # each Monument costs him 3 (p. ~28)
# Build options (p. ~26): an Agora, a Citadel, a Temple, his least-Built type, the same
# with a Prophecy claimed; the least-Built ties go [Citadel > Temple > Agora].
LEAST_BUILT = -1
BUILD_OPTIONS = (L.B_AGORA, L.B_CITADEL, L.B_TEMPLE, LEAST_BUILT, LEAST_BUILT)
LEAST_BUILT_ORDER = (L.B_CITADEL, L.B_TEMPLE, L.B_AGORA)
# Settle options (p. ~27): the Land icon he Controls most, the space you occupy with the
# least Power (claim), the icon again, the Region where he Controls most other spaces,
# the same with a claim.
SET_ICON, SET_YOURS, SET_REGION = 0, 1, 2
NOT_MET = -(1 << 30)  # a Land his Settle criterion does not name
SETTLE_OPTIONS = (SET_ICON, SET_YOURS, SET_ICON, SET_REGION, SET_REGION)
SETTLE_CLAIMS = (False, True, False, False, True)
# Procure options (p. ~28), each card (kind, highest Power first, tied deck), the second
# kind -1 when there is one card; the claim's feature, -1.
PROCURE_FIRST = ((L.KIND_CHARACTER, False, BOTTOMMOST), (L.KIND_CHARACTER, True, BOTTOMMOST),
                 (L.KIND_MONUMENT, False, UPPERMOST), (L.KIND_CHARACTER, True, UPPERMOST),
                 (L.KIND_CHARACTER, False, UPPERMOST))
PROCURE_SECOND = ((L.KIND_MONUMENT, False, BOTTOMMOST), (L.KIND_CHARACTER, True, BOTTOMMOST),
                  (-1, False, UPPERMOST), (L.KIND_CHARACTER, True, UPPERMOST),
                  (-1, False, UPPERMOST))
PROCURE_CLAIM = (-1, -1, FEATURE_MONUMENT, -1, FEATURE_CHARACTER)
# Deploy options (p. ~29): the Unit (PREFERRED: his City-state's chart), whether a
# Prophecy is claimed, then where he Relocates and what.
PREFERRED = -1
DEPLOY_UNITS = (L.U_SHIP, L.U_HOPLITE, PREFERRED, PREFERRED, L.U_WORKER)
TO_ICON_MOST, TO_YOUR_CITY, TO_YOURS, TO_ICON_LEAST = range(4)
DEPLOY_TO = (TO_ICON_MOST, TO_YOUR_CITY, TO_ICON_MOST, TO_YOURS, TO_ICON_LEAST)
ALL_HOPLITES = 6 * L.MAX_PLAYERS
DEPLOY_HOPLITES = (1, ALL_HOPLITES, 1, 3, 1)
DEPLOY_SHIP_TO = (TO_SEA, TO_PORT, TO_SEA, TO_PORT, TO_SEA)
# the top piece each Improved Action Reminder tile lies under (layout.IMPROVED_ACTIONS)
IMPROVED_BY = ((SECTION_DEPLOY, L.U_WORKER), (SECTION_DEPLOY, L.U_HOPLITE),
               (SECTION_BUILD, L.B_TEMPLE), (SECTION_BUILD, L.B_AGORA),
               (SECTION_BUILD, L.B_CITADEL))
A_TRACKS, A_STEPS = 8, 16  # scratch of his Ascend: his order first, then the steps taken


@kernel
def improved(s, T, section, kind):
    """His action of that piece is Improved: its reminder tile came off his board with the
    top piece (setup, p. ~21), and a slot of that kind is still empty (a piece sent back
    into the last one returns the tile, p. 31)."""
    k = reminder(section, kind)
    if k < 0 or (s[L.SOLO_REMINDERS] >> k) & 1 == 0:
        return False
    if section == SECTION_DEPLOY:
        for row in range(T.deploy_cost.shape[0]):
            if s[L.DEPLOY_LEFT + row * L.N_UNIT_KINDS + kind] == 0:
                return True
        return False
    for row in range(T.build_cost.shape[0]):
        if s[L.BUILD_LEFT + row * L.N_BUILDING_KINDS + kind] == 0:
            return True
    return False


@kernel
def reminder(section, kind):
    """The IMPROVED_BY entry of a piece (-1: none lies under it)."""
    for k in range(len(IMPROVED_BY)):
        if IMPROVED_BY[k][0] == section and IMPROVED_BY[k][1] == kind:
            return k
    return -1


@kernel
def take_piece(s, section, kind, row):
    """A piece of his off its Player board row; the top row's uncovers its reminder tile."""
    take_from_row(s, T_SEAT, section, kind, row)
    k = reminder(section, kind)
    if row == 0 and k >= 0:
        s[L.SOLO_REMINDERS] |= 1 << k


@kernel
def improved_actions(s, T):
    """Bit k set when his action layout.IMPROVED_ACTIONS[k] is Improved."""
    bits = 0
    for k in range(len(IMPROVED_BY)):
        section, kind = IMPROVED_BY[k]
        bits |= int(improved(s, T, section, kind)) << k
    return bits


@kernel
def top_row_with(s, T, section, kind):
    """His cheapest row still holding a piece of that kind, -1."""
    rows = T.deploy_cost.shape[0] if section == SECTION_DEPLOY else T.build_cost.shape[0]
    for row in range(rows):
        if section == SECTION_DEPLOY:
            if s[L.DEPLOY_LEFT + row * L.N_UNIT_KINDS + kind] == 1:
                return row
        elif s[L.BUILD_LEFT + row * L.N_BUILDING_KINDS + kind] == 1:
            return row
    return -1


@kernel
def units_on(s, seat, land):
    k = land * L.MAX_PLAYERS + seat
    return s[L.LAND_HOPLITES + k] + s[L.LAND_WORKERS + k] + (s[L.HERO_AT + seat] == land)


@kernel
def occupies(s, seat, land):
    """The seat has a Land Unit on ``land`` or Controls a City there (decision 58)."""
    return units_on(s, seat, land) > 0 or has_city(s, seat, land)


@kernel
def unoccupied(s, land):
    return not occupies(s, T_SEAT, land) and not occupies(s, YOU, land) and s[L.LAND_CITY + land] < 0


@kernel
def tyrant_controls(s, T, land, boost, scratch):
    """He Controls the Land with ``boost`` Power added to his (the Control rule, p. 6)."""
    pop = s[L.LAND_POP + land]
    for seat in range(s[L.N_PLAYERS]):
        scratch[S_POWERS + seat] = land_power(s, T, land, seat)
    scratch[S_POWERS + T_SEAT] += boost
    population = T.population[pop, 1] if pop >= 0 else 0
    return controller(s, scratch[S_POWERS:], population, land_track(s, T, land)) == T_SEAT


@kernel
def icon_by_control(s, T, most, resource, scratch):
    """The Land icon he Controls the most (or least) of; ties by the Land Type wheel."""
    best, best_n, best_rank = 0, -1, N_ICONS
    for j in range(N_ICONS):
        icon = s[L.SOLO_ICONS + j]
        n = controlled_with_icon(s, T, T_SEAT, icon, scratch)
        key = n if most else -n
        rank = (j - icon_start(s, resource) + N_ICONS) % N_ICONS
        if best_n < 0 or key > best_n or (key == best_n and rank < best_rank):
            best, best_n, best_rank = icon, key, rank
    return best


@kernel
def icon_slot(s, icon):
    """The Land Type wheel's space holding ``icon``."""
    for j in range(N_ICONS):
        if s[L.SOLO_ICONS + j] == icon:
            return j
    return 0


@kernel
def icon_start(s, resource):
    for k in range(L.WHEEL):
        if s[L.SOLO_WHEEL + k] == resource:
            return k // 2
    return 0


@kernel
def first_land(s, T, icon, need_unoccupied, resource):
    """The first open Land by the wheels with that icon (unoccupied if asked); when none
    is, the next icon round the Land Type wheel (p. ~24). -1 when no Land qualifies."""
    side = s[L.SIDE]
    asked = icon_slot(s, icon)
    best, best_rank = -1, N_ICONS * FAR_RANK
    for land in range(s[L.LAND_END]):
        if not open_land(s, T, land) or (need_unoccupied and not unoccupied(s, land)):
            continue
        # the asked icon's Lands first, then the next icon's clockwise, each by the wheels
        shift = (icon_slot(s, T.land_icon[side, land]) - asked + N_ICONS) % N_ICONS
        rank = shift * FAR_RANK + land_rank(s, T, land, resource)
        if rank < best_rank:
            best, best_rank = land, rank
    return best


@kernel
def your_least(s, T, city_only, controlled, resource):
    """The Land where you have the least Power among those where you Control a City
    (``city_only``), you Control (``controlled``), or you occupy; ties by the wheels."""
    best, best_power, best_rank = -1, 1 << 30, FAR_RANK
    for land in range(s[L.LAND_END]):
        if city_only:
            ok = has_city(s, YOU, land)
        elif controlled:
            ok = player_controls(s, T, land)
        else:
            ok = occupies(s, YOU, land)
        if not ok:
            continue
        power = defence(s, T, YOU, land)  # his "least Power" counts a City 3 (p. ~24)
        rank = land_rank(s, T, land, resource)
        if power < best_power or (power == best_power and rank < best_rank):
            best, best_power, best_rank = land, power, rank
    return best


@kernel
def hoplites_arrive(s, T, W, ev, land, count, ship_to, resource, opts, rng):
    """Relocate up to ``count`` Hoplites and a Ship to ``land``; Hoplites moved onto a
    space you occupy attack you there (p. ~22). Returns True when they attack."""
    before = s[L.LAND_HOPLITES + land * L.MAX_PLAYERS + T_SEAT]
    relocate_units(s, T, ev, K_HOPLITE, count, land, resource)
    relocate_ship(s, T, ev, land, ship_to)
    return s[L.LAND_HOPLITES + land * L.MAX_PLAYERS + T_SEAT] > before and occupies(s, YOU, land)


# ---- Build (p. ~26) -------------------------------------------------------------------


@kernel
def least_built(s, T):
    best, best_n = L.B_CITADEL, 99
    for b in LEAST_BUILT_ORDER:
        n = 0
        for row in range(T.build_cost.shape[0]):
            n += 1 - s[L.BUILD_LEFT + row * L.N_BUILDING_KINDS + b]
        if n < best_n:
            best, best_n = b, n
    return best


@kernel
def building_land(s, T, building, resource):
    """The first Land by the wheels where he may Build that type: open, none of his own
    Buildings, no Building of that type, not one you Control (no Worker needed)."""
    best, best_rank = -1, FAR_RANK
    for land in range(s[L.LAND_END]):
        if not open_land(s, T, land) or s[L.LAND_BUILDING + land * L.MAX_PLAYERS + T_SEAT] >= 0:
            continue
        taken = False
        for seat in range(s[L.N_PLAYERS]):
            taken |= s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] == building
        if taken or player_controls(s, T, land):
            continue
        rank = land_rank(s, T, land, resource)
        if rank < best_rank:
            best, best_rank = land, rank
    return best


@kernel
def build_one(s, T, ev, option, claim, resource):
    """One Building (or a City when all of that type are on the board); returns packed
    (Resources owed) * 100 + 1 + its Land, or 0 when nothing was Built."""
    building = BUILD_OPTIONS[option]
    if building == LEAST_BUILT:
        building = least_built(s, T)
    if claim:
        claim_prophecy(s, T, ev, FEATURE_BUILDING, building)
    row = top_row_with(s, T, SECTION_BUILD, building)
    if row < 0:
        if not take_city_tile(s):
            return 0
        land = city_land(s, T, True, resource)
        place_tyrant_city(s, T, ev, land, CITY_BUILT)
        return CITY_RESOURCES * 100 + 1 + land
    land = building_land(s, T, building, resource)
    if land < 0:
        return 0
    take_piece(s, SECTION_BUILD, building, row)
    s[L.LAND_BUILDING + land * L.MAX_PLAYERS + T_SEAT] = building
    place_on_land(s, T, ev, T_SEAT, land)
    emit(s, ev, T_SEAT, EV_BUILD, building, land, row)
    cost = 0
    for r in range(L.N_RESOURCES):
        cost += T.build_cost[row, building, r]
    return cost * 100 + 1 + land


@kernel
def tyrant_build(s, T, ev, option, resource, scratch):
    """Build (p. ~26): the option's Building, a second one when Improved (a Worker
    Deployed), then the Resources, then a Worker and a Ship Relocated to each."""
    built = 0
    scratch[0] = build_one(s, T, ev, option, option == 4, resource)
    if improved(s, T, SECTION_DEPLOY, L.U_WORKER):
        scratch[1] = build_one(s, T, ev, option, False, resource)
        built = 1
    owed = 0
    for k in range(built + 1):
        owed += scratch[k] // 100
    tyrant_spend(s, T, ev, owed, resource)
    for k in range(built + 1):
        land = scratch[k] % 100 - 1
        if land >= 0:
            relocate_units(s, T, ev, K_WORKER, 1, land, resource)
            relocate_ship(s, T, ev, land, TO_PORT)


# ---- Settle (p. ~27) ------------------------------------------------------------------


@kernel
def region_held(s, T, land, scratch):
    """The Lands of ``land``'s Region he Controls (the Region's count, so that its Lands
    tie and the wheels choose among them)."""
    side = s[L.SIDE]
    n = 0
    for other in T.region_lands[side, T.land_region[side, land]]:
        if tyrant_controls(s, T, other, 0, scratch):
            n += 1
    return n


@kernel
def settle_key(s, T, criterion, icon, land, scratch):
    """How well ``land`` meets his criterion (higher is better), -(1 << 30) when not."""
    if criterion == SET_ICON:
        return 0 if T.land_icon[s[L.SIDE], land] == icon else NOT_MET
    if criterion == SET_YOURS:
        return -defence(s, T, YOU, land) if occupies(s, YOU, land) else NOT_MET
    return region_held(s, T, land, scratch)


@kernel
def settle_land(s, T, criterion, need_no_pillar, icon, resource, scratch):
    """Of the open Lands his criterion names (those that meet it best), the first by the
    wheels without a Pillar, or with ``need_no_pillar`` False the first of them at all;
    -1 (p. ~27: when all of them hold Pillars he Builds a City instead)."""
    best_key = NOT_MET
    for land in range(s[L.LAND_END]):
        if open_land(s, T, land):
            best_key = max(best_key, settle_key(s, T, criterion, icon, land, scratch))
    best, best_rank = -1, FAR_RANK
    if best_key == NOT_MET:
        return best
    for land in range(s[L.LAND_END]):
        if (not open_land(s, T, land) or (need_no_pillar and s[L.LAND_PILLAR + land] >= 0)
                or settle_key(s, T, criterion, icon, land, scratch) != best_key):
            continue
        rank = land_rank(s, T, land, resource)
        if rank < best_rank:
            best, best_rank = land, rank
    return best


@kernel
def tyrant_population(s, T, W, ev, land, tile, resource, work, opts, rng):
    """His reward of a removed Population tile (p. ~11, as he gains things, p. ~25)."""
    reward = T.population[tile, 2]
    emit(s, ev, T_SEAT, EV_POPULATION_REWARD, land, tile, reward)
    if reward == P_WILD:
        s[L.WILD_TILES + T_SEAT] += 1
    elif P_DEMIGOD <= reward <= P_TITAN:
        gain_mythology(s, ev, POP_DECK[reward - P_DEMIGOD])
    elif reward == P_CARD:
        gain_card(s, T, ev)
    elif reward == P_CAMP:
        track = s[L.REGION_TRACK + T.land_region[s[L.SIDE], land]]
        if s[L.TRACK_STEP + T_SEAT * L.N_TRACKS + track] < LAST_STEP:
            step = progress(s, T, W, ev, T_SEAT, track, CAUSE_CAMP, False, work, opts, rng)
            tyrant_track_reward(s, T, W, ev, track, step, resource, opts, rng)


@kernel
def settle_one(s, T, W, ev, option, claim, city_built, resource, work, opts, scratch, rng):
    """One Settle (steps 1-5 of p. ~27); returns 1 + (2 when he Built a City for want of a
    Pillar, so at most once an action), or 0 when no Land qualified."""
    criterion = SETTLE_OPTIONS[option]
    icon = icon_by_control(s, T, True, resource, scratch)
    land = settle_land(s, T, criterion, True, icon, resource, scratch)
    if claim and SETTLE_CLAIMS[option]:
        claim_prophecy(s, T, ev, FEATURE_PILLAR, -1)
    if land < 0:  # every Land the criterion names has a Pillar: a City there instead
        land = settle_land(s, T, criterion, False, icon, resource, scratch)
        if land < 0:
            return 0
        attack = hoplites_arrive(s, T, W, ev, land, T.solo_rules[
            SR_SETTLE_HOPLITES + T.land_icon[s[L.SIDE], land]], TO_PORT, resource, opts, rng)
        if s[L.LAND_CITY + land] < 0 and take_city_tile(s):
            tyrant_spend(s, T, ev, CITY_RESOURCES, resource)
            place_tyrant_city(s, T, ev, land, CITY_BUILT)
        if attack:
            tyrant_attacks(s, T, W, ev, land, scratch, opts, rng)
        return 1
    attack = hoplites_arrive(s, T, W, ev, land, T.solo_rules[
        SR_SETTLE_HOPLITES + T.land_icon[s[L.SIDE], land]], TO_PORT, resource, opts, rng)
    place_on_land(s, T, ev, T_SEAT, land)
    boost = 0
    while not tyrant_controls(s, T, land, boost, scratch):
        card = discard_resource_card(s)
        if card < 0:
            break
        boost += T.cards[card, C_POWER]
    tile = s[L.LAND_POP + land]
    if tile >= 0:
        s[L.LAND_POP + land] = -1
        s[L.LAND_POP_UP + land] = 0
        tyrant_population(s, T, W, ev, land, tile, resource, work, opts, rng)
    built = 0
    if take_pillar_from_board(s, T, T_SEAT):
        s[L.LAND_PILLAR + land] = T_SEAT
        s[L.LAND_PILLAR_ON_RES + land] = 0
    elif not city_built:
        tyrant_city(s, T, ev, False, False, resource)
        built = 2
    emit(s, ev, T_SEAT, EV_SETTLE, land, tile, 1 if s[L.LAND_PILLAR + land] == T_SEAT else 0)
    if attack:
        tyrant_attacks(s, T, W, ev, land, scratch, opts, rng)
    return 1 + built


@kernel
def tyrant_settle(s, T, W, ev, option, resource, work, opts, scratch, rng):
    """Settle (p. ~27), and a second Land when Improved (a Hoplite Deployed) while a
    Hoplite of his is still free to Relocate."""
    done = settle_one(s, T, W, ev, option, True, False, resource, work, opts, scratch, rng)
    if not improved(s, T, SECTION_DEPLOY, L.U_HOPLITE):
        return
    for land in range(s[L.LAND_END]):
        if free_units(s, K_HOPLITE, land) > 0:
            settle_one(s, T, W, ev, option, False, done >= 3, resource, work, opts, scratch, rng)
            return


# ---- Procure (p. ~28) -----------------------------------------------------------------


@kernel
def card_resources(T, card):
    """What a card costs him: a Monument 3, a Character its Resources ('/' one)."""
    if T.cards[card, C_KIND] == L.KIND_MONUMENT:
        return MONUMENT_RESOURCES
    return 2 if T.cards[card, C_RES_B] >= 0 and T.cards[card, C_EITHER] == 0 else 1


@kernel
def tyrant_procure(s, T, ev, option, resource, scratch):
    """Procure (p. ~28): the option's cards among those face up, the first one once more
    when Improved (a Temple Built), then the Resources; the cards go under his Resource
    deck last."""
    up = 0  # bit per Procurement deck face up before he takes
    for slot in range(L.N_PROC):
        up |= s[L.PROC_UP + slot] << slot
    n = 0
    kind, highest, tied = PROCURE_FIRST[option]
    scratch[n] = take_proc_card(s, T, ev, kind, highest, tied, False)
    n += 1
    kind2, highest2, tied2 = PROCURE_SECOND[option]
    if kind2 >= 0:
        scratch[n] = take_proc_card(s, T, ev, kind2, highest2, tied2, False)
        n += 1
    if PROCURE_CLAIM[option] >= 0:
        claim_prophecy(s, T, ev, PROCURE_CLAIM[option], -1)
    if improved(s, T, SECTION_BUILD, L.B_TEMPLE):
        scratch[n] = take_proc_card(s, T, ev, kind, highest, tied, False)
        n += 1
    for slot in range(L.N_PROC):  # the next cards turn face up once he is done (p. 10)
        if (up >> slot) & 1 == 1 and s[L.PROC_UP + slot] == 0:
            reveal(s, slot)
    owed = 0
    for k in range(n):
        if scratch[k] >= 0:
            owed += card_resources(T, scratch[k])
    tyrant_spend(s, T, ev, owed, resource)
    for k in range(n):
        if scratch[k] >= 0:
            to_resource_deck(s, scratch[k])


# ---- Deploy (p. ~29) ------------------------------------------------------------------


@kernel
def preferred_unit(s, T):
    """The first Unit of his Preferred Unit chart still on his Player board; the chart's
    first when none is (he then Builds a City)."""
    for k in range(L.N_UNIT_KINDS):
        unit = T.solo_rules[SR_PREFERRED + k]
        if top_row_with(s, T, SECTION_DEPLOY, unit) >= 0:
            return unit
    return T.solo_rules[SR_PREFERRED]


@kernel
def deploy_land(s, T, unit, resource):
    """The first Land by the wheels where that Unit may be Deployed: his City there, or
    his Citadel (Hoplite), Agora (Worker) or Temple (Ship, which needs a Sea there)."""
    side = s[L.SIDE]
    building = (L.B_TEMPLE, L.B_AGORA, L.B_CITADEL)[unit]
    best, best_rank = -1, FAR_RANK
    for land in range(s[L.LAND_END]):
        if not open_land(s, T, land):
            continue
        if not (has_city(s, T_SEAT, land)
                or s[L.LAND_BUILDING + land * L.MAX_PLAYERS + T_SEAT] == building):
            continue
        if unit == L.U_SHIP:
            coastal = False
            for sea in range(T.n_seas[side]):
                coastal |= T.land_sea[side, land, sea] == 1
            if not coastal:
                continue
        rank = land_rank(s, T, land, resource)
        if rank < best_rank:
            best, best_rank = land, rank
    return best


@kernel
def deploy_one(s, T, ev, option, claim, resource):
    """One Unit of the option's kind (a City instead when all of that kind are on the
    board); returns the Resources owed."""
    unit = DEPLOY_UNITS[option]
    if unit == PREFERRED:
        unit = preferred_unit(s, T)
        if claim:
            claim_prophecy(s, T, ev, FEATURE_UNIT, unit)
    row = top_row_with(s, T, SECTION_DEPLOY, unit)
    if row < 0:
        if not take_city_tile(s):
            return 0
        place_tyrant_city(s, T, ev, city_land(s, T, False, resource), CITY_BUILT)
        return CITY_RESOURCES
    land = deploy_land(s, T, unit, resource)
    if land < 0:
        return 0
    take_piece(s, SECTION_DEPLOY, unit, row)
    space = land
    if unit == L.U_SHIP:
        piece = T_SEAT * L.MAX_SHIPS
        while s[L.SHIP_SPACE + piece] >= 0:
            piece += 1
        side = s[L.SIDE]
        sea = 0
        while T.land_sea[side, land, sea] == 0:
            sea += 1
        space = sea
        s[L.SHIP_SPACE + piece] = sea
        s[L.SHIP_PROJECT + piece] = land
    else:
        field = L.LAND_HOPLITES if unit == L.U_HOPLITE else L.LAND_WORKERS
        s[field + land * L.MAX_PLAYERS + T_SEAT] += 1
        place_on_land(s, T, ev, T_SEAT, land)
    emit(s, ev, T_SEAT, EV_DEPLOY, unit, space, row)
    cost = 0
    for r in range(L.N_RESOURCES):
        cost += T.deploy_cost[row, unit, r]
    return cost


@kernel
def deploy_target(s, T, to, resource, scratch):
    """Where the option sends his Units after Deploying (p. ~29), -1."""
    if to == TO_ICON_MOST or to == TO_ICON_LEAST:
        icon = icon_by_control(s, T, to == TO_ICON_MOST, resource, scratch)
        return first_land(s, T, icon, True, resource)
    if to == TO_YOUR_CITY:
        land = your_least(s, T, True, False, resource)
        return land if land >= 0 else your_least(s, T, False, False, resource)
    land = your_least(s, T, False, True, resource)
    return land if land >= 0 else your_least(s, T, False, False, resource)


@kernel
def tyrant_deploy(s, T, W, ev, option, resource, opts, scratch, rng):
    """Deploy (p. ~29): the option's Unit, a second one when Improved (a Citadel Built),
    the Resources, then his Units Relocated as the option says."""
    owed = deploy_one(s, T, ev, option, True, resource)
    if improved(s, T, SECTION_BUILD, L.B_CITADEL):  # the Unit again, not the claim (p. ~29)
        owed += deploy_one(s, T, ev, option, False, resource)
    tyrant_spend(s, T, ev, owed, resource)
    land = deploy_target(s, T, DEPLOY_TO[option], resource, scratch)
    if land >= 0 and hoplites_arrive(s, T, W, ev, land, DEPLOY_HOPLITES[option],
                                     DEPLOY_SHIP_TO[option], resource, opts, rng):
        tyrant_attacks(s, T, W, ev, land, scratch, opts, rng)


# ---- Ascend (p. ~31) ------------------------------------------------------------------


@kernel
def step_cost(s, T, track):
    """His next step's Resources: the step's number less his Agoras on the track's
    Resource (on the Titan track, the Resource that takes most off)."""
    step = s[L.TRACK_STEP + T_SEAT * L.N_TRACKS + track] + 1
    res = T.tracks[track, 0]
    discounts = agora_discounts(s, T, T_SEAT)
    off = 0
    for r in range(L.N_RESOURCES):
        if res == r or res == WILD:
            off = max(off, discounts[r])
    return max(0, step - off)


@kernel
def gains_city(s, T, track):
    """His next step on ``track`` gains a City: step 5 with its City there, or step 3 with
    its City there and the Region's evaluation his (decision 16)."""
    step = s[L.TRACK_STEP + T_SEAT * L.N_TRACKS + track] + 1
    if step == LAST_STEP:
        return s[L.TRACK_CITY + track * 2 + 1] == 1
    if step != 3 or s[L.TRACK_CITY + track * 2] == 0:
        return False
    for region in range(L.N_REGIONS):
        if s[L.REGION_TRACK + region] == track:
            return evaluation_winner(s, T, region, track) == T_SEAT
    return False


@kernel
def ascend_order(s, T, resource, scratch):
    """His tracks below step 5 in his order (p. ~31): those whose next step gains a City,
    then the others, each by the Resource wheel. Returns how many, in ``scratch``."""
    n = 0
    for city_first in (True, False):
        for rank in range(L.WHEEL):
            for track in range(L.N_TRACKS):
                if (track_rank(s, T, track, resource) == rank
                        and s[L.TRACK_STEP + T_SEAT * L.N_TRACKS + track] < LAST_STEP
                        and gains_city(s, T, track) == city_first):
                    scratch[n] = track
                    n += 1
    return n


@kernel
def furthest_track(s, T, resource):
    """The track he is furthest along below step 5 (ties by the Resource wheel), -1."""
    best, best_step, best_rank = -1, -1, L.WHEEL
    for track in range(L.N_TRACKS):
        step = s[L.TRACK_STEP + T_SEAT * L.N_TRACKS + track]
        rank = track_rank(s, T, track, resource)
        if step < LAST_STEP and (step > best_step or (step == best_step and rank < best_rank)):
            best, best_step, best_rank = track, step, rank
    return best


@kernel
def tyrant_ascend(s, T, W, ev, resource, work, opts, scratch, rng):
    """Ascend (p. ~31): one step on each track his Resources cover, in his order, skipping
    a track he cannot afford (decision 16); with none affordable one free step on his
    first track. Improved (an Agora Built): a free step on his furthest track. Rewards
    after all steps; no replenishing."""
    budget = can_spend(s, T)
    n = ascend_order(s, T, resource, scratch)
    owed = 0
    taken = 0
    for k in range(n):
        cost = step_cost(s, T, scratch[k])
        if owed + cost <= budget:
            owed += cost
            scratch[A_TRACKS + taken] = scratch[k]
            taken += 1
    if taken == 0 and n > 0:
        scratch[A_TRACKS] = scratch[0]
        taken = 1
    else:
        tyrant_spend(s, T, ev, owed, resource)
    if improved(s, T, SECTION_BUILD, L.B_AGORA):
        scratch[A_TRACKS + taken] = -1  # his furthest track, once the others are stepped
        taken += 1
    for k in range(taken):
        track = scratch[A_TRACKS + k]
        if track < 0:
            track = furthest_track(s, T, resource)
            if track < 0:
                taken = k
                break
            scratch[A_TRACKS + k] = track
        step = progress(s, T, W, ev, T_SEAT, track, CAUSE_ASCEND, False, work, opts, rng)
        emit(s, ev, T_SEAT, EV_ASCEND, track, step, -1)
        scratch[A_STEPS + k] = step
    for k in range(taken):
        tyrant_track_reward(s, T, W, ev, scratch[A_TRACKS + k], scratch[A_STEPS + k], resource,
                            opts, rng)
