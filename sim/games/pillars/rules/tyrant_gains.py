"""What the Tyrant gains and how (Solo Mode, p. ~21): Procurement cards into his Resource
deck, Mythology cards onto his face-down stack, Cities placed by his own rule, Prophecy
cards claimed without their quests, and his track rewards (p. ~25).

Orders of preference are written [a > b] in the text: each criterion keeps the options
that best meet it, left to right.
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import C_POWER, P_NUMBER, P_PIECE, P_QUEST
from sim.games.pillars.events import (
    EV_GAIN_CITY,
    EV_MERCENARY,
    EV_MYTHOLOGY_GAIN,
    EV_PROCURE,
    EV_PROPHECY_CLAIMED,
    EV_TRACK_REWARD,
)
from sim.games.pillars.rules.board import has_city
from sim.games.pillars.rules.cards import draw_mythology
from sim.games.pillars.rules.cities import (
    CITY_BUILT,
    CITY_TRACK_5,
    evaluate_region,
    put_city,
)
from sim.games.pillars.rules.core import emit
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.power import land_power
from sim.games.pillars.rules.procure import reveal, take_top
from sim.games.pillars.rules.prophecy import (
    Q_BUILDING,
    Q_BUILDINGS,
    Q_DECK_CARDS,
    Q_EXILE,
    Q_PILLAR_WITHOUT_CITY,
    Q_PILLARS,
    Q_PORT_SHIPS,
    Q_UNITS,
    top_prophecy,
)
from sim.games.pillars.rules.tracks import (
    R_CARD,
    R_CITY,
    R_DEMIGOD,
    R_HOPLITE,
    R_HOPLITE_FOR_IRON,
    R_TITAN,
    REWARD_DECK,
)
from sim.games.pillars.rules.tyrant_cards import to_resource_deck, tyrant_spend
from sim.games.pillars.rules.wheels import FAR_RANK, land_rank
from sim.jit import kernel

T_SEAT = L.TYRANT
CITY_RESOURCES = 4  # a City costs the Tyrant 4 Resources (p. ~24)
# What a claimed Prophecy must feature (p. ~26-31), with the piece where one is named
FEATURE_BUILDING, FEATURE_PILLAR, FEATURE_MONUMENT, FEATURE_CHARACTER, FEATURE_UNIT = range(5)
ANY = -1  # a claim of any Prophecy: the highest-numbered (his Replenish Turn)
UPPERMOST, BOTTOMMOST = 0, 1  # which of the tied Procurement decks he takes from
QUEST_WORKERS, QUEST_HOPLITES = 0, 1  # content.QUEST_PIECES["units"]
QUEST_MONUMENT, QUEST_CHARACTER = 0, 1  # content.QUEST_PIECES["deck_cards"], ["exile"]


@kernel
def features(T, card, feature, piece):
    """Prophecy ``card``'s quest shows the thing a claim asks for: a Building of that type
    (or any Building), a Pillar, Monuments, Characters, or that Unit."""
    quest, named = T.prophecies[card, P_QUEST], T.prophecies[card, P_PIECE]
    if feature == FEATURE_BUILDING:
        return (quest == Q_BUILDING and named == piece) or quest == Q_BUILDINGS
    if feature == FEATURE_PILLAR:
        return quest == Q_PILLARS or quest == Q_PILLAR_WITHOUT_CITY
    if feature == FEATURE_MONUMENT or feature == FEATURE_CHARACTER:
        want = QUEST_MONUMENT if feature == FEATURE_MONUMENT else QUEST_CHARACTER
        return (quest == Q_DECK_CARDS or quest == Q_EXILE) and named == want
    if piece == L.U_SHIP:
        return quest == Q_PORT_SHIPS
    return quest == Q_UNITS and named == (QUEST_WORKERS if piece == L.U_WORKER else QUEST_HOPLITES)


@kernel
def claim_prophecy(s, T, ev, feature, piece):
    """He claims the lowest-numbered face-up Prophecy featuring that (ANY: the
    highest-numbered of all), without its quest (p. ~25); the next card of its Region turns
    face up. Returns the card, -1 when none qualifies."""
    best, best_region = -1, -1
    for region in range(L.N_REGIONS):
        card = top_prophecy(s, region)
        if card < 0:
            continue
        if feature == ANY:
            better = best < 0 or T.prophecies[card, P_NUMBER] > T.prophecies[best, P_NUMBER]
        else:
            better = features(T, card, feature, piece) and (
                best < 0 or T.prophecies[card, P_NUMBER] < T.prophecies[best, P_NUMBER])
        if better:
            best, best_region = card, region
    if best < 0:
        return -1
    n = s[L.REGION_PROPHECY_N + best_region] - 1
    s[L.REGION_PROPHECY + best_region * L.N_ERAS + n] = -1
    s[L.REGION_PROPHECY_N + best_region] = n
    s[L.REGION_PROPHECY_UP + best_region] = 1 if n > 0 else 0
    s[L.PROPHECY_OWNER + best] = T_SEAT
    emit(s, ev, T_SEAT, EV_PROPHECY_CLAIMED, best, best_region, 0)
    return best


@kernel
def proc_pick(s, T, kind, highest, tied):
    """The face-up Procurement deck of ``kind`` he takes from: [highest Power >] the
    uppermost or bottommost (``tied``) deck; -1 when none is face up."""
    first = L.PROC_MONUMENTS if kind == L.KIND_MONUMENT else L.PROC_CHARACTERS
    best, best_power = -1, -1
    for k in range(L.PROC_PER_ROW):
        slot = first + (k if tied == UPPERMOST else L.PROC_PER_ROW - 1 - k)
        n = s[L.PROC_N + slot]
        if s[L.PROC_UP + slot] == 0 or n == 0:
            continue
        power = T.cards[s[L.PROC_DECK + slot * L.MAX_PROC_DECK + n - 1], C_POWER] if highest else 0
        if power > best_power:
            best, best_power = slot, power
    return best


@kernel
def take_proc_card(s, T, ev, kind, highest, tied, turn_next):
    """The chosen face-up card off its deck, the next one turned face up at once with
    ``turn_next`` (else the caller turns it); -1 when none."""
    slot = proc_pick(s, T, kind, highest, tied)
    if slot < 0:
        return -1
    card = take_top(s, slot)
    if turn_next:
        reveal(s, slot)
    emit(s, ev, T_SEAT, EV_PROCURE, card, slot, 0)
    return card


@kernel
def gain_card(s, T, ev):
    """A Character or Monument reward, for free: the face-up card of most Power, ties to
    the uppermost (the Monuments' row lies above the Characters'), to the bottom of his
    Resource deck (p. ~25)."""
    monument = proc_pick(s, T, L.KIND_MONUMENT, True, UPPERMOST)
    character = proc_pick(s, T, L.KIND_CHARACTER, True, UPPERMOST)
    kind = L.KIND_MONUMENT
    if character >= 0 and (monument < 0 or top_power(s, T, character) > top_power(s, T, monument)):
        kind = L.KIND_CHARACTER
    card = take_proc_card(s, T, ev, kind, True, UPPERMOST, True)
    if card >= 0:
        to_resource_deck(s, card)
    return card


@kernel
def top_power(s, T, slot):
    return T.cards[s[L.PROC_DECK + slot * L.MAX_PROC_DECK + s[L.PROC_N + slot] - 1], C_POWER]


@kernel
def gain_mythology(s, ev, deck):
    """A Mythology card: the deck's top card, unseen, onto his stack (p. ~24)."""
    card = draw_mythology(s, deck)
    if card >= 0:
        s[L.SOLO_MYTH + card] = 1
        emit(s, ev, T_SEAT, EV_MYTHOLOGY_GAIN, card, -1, 0)


@kernel
def city_land(s, T, avoid_player, resource):
    """Where he puts a City: the open Land without a City where he has the most Power
    (ties by the wheels); with ``avoid_player`` not one the player Controls (the Build
    action, p. ~26). -1 when there is none."""
    best, best_power, best_rank = -1, -1, FAR_RANK
    for land in range(s[L.LAND_END]):
        if s[L.LAND_CITY + land] >= 0 or not open_land(s, T, land):
            continue
        if avoid_player and player_controls(s, T, land):
            continue
        power = land_power(s, T, land, T_SEAT)
        rank = land_rank(s, T, land, resource)
        if power > best_power or (power == best_power and rank < best_rank):
            best, best_power, best_rank = land, power, rank
    return best


@kernel
def player_controls(s, T, land):
    """The player Controls the Land: strictly more Power there than the Tyrant and its
    Population tile (the Control rule, p. 6, for two seats)."""
    from_player = land_power(s, T, land, L.SOLO_PLAYER)
    pop = s[L.LAND_POP + land]
    population = T.population[pop, 1] if pop >= 0 and s[L.LAND_POP_UP + land] == 1 else 0
    return from_player > land_power(s, T, land, T_SEAT) and from_player > population


@kernel
def take_city_tile(s):
    """A Common City from the supply below the Build section, else one of his reserved
    tiles (p. ~24); False when there is none."""
    if s[L.CITIES_BUILD] > 0:
        s[L.CITIES_BUILD] -= 1
        return True
    if s[L.CITIES_ASIDE + T_SEAT] > 0:
        s[L.CITIES_ASIDE + T_SEAT] -= 1
        return True
    return False


@kernel
def place_tyrant_city(s, T, ev, land, cause):
    """A City tile he holds onto ``land``, or, with no Land for it, above his Player board
    for the end (p. ~24)."""
    if land < 0:
        s[L.CITIES_ASIDE + T_SEAT] += 1
        emit(s, ev, T_SEAT, EV_GAIN_CITY, -1, cause, 0)
        return
    put_city(s, T, ev, T_SEAT, land, cause)


@kernel
def tyrant_city(s, T, ev, free, avoid_player, resource):
    """He Builds a City (p. ~24): 4 Resources unless it is free, then onto ``city_land``.
    Returns its Land, -1 when it went above his board or no tile was left."""
    if not take_city_tile(s):
        return -1
    if not free:
        tyrant_spend(s, T, ev, CITY_RESOURCES, resource)
    land = city_land(s, T, avoid_player, resource)
    place_tyrant_city(s, T, ev, land, CITY_BUILT)
    return land


@kernel
def lowest_city(s, T, resource):
    """His City Land with the least Power of his (ties by the wheels), -1."""
    best, best_power, best_rank = -1, 1 << 30, FAR_RANK
    for land in range(s[L.LAND_END]):
        if not has_city(s, T_SEAT, land):
            continue
        power = land_power(s, T, land, T_SEAT)
        rank = land_rank(s, T, land, resource)
        if power < best_power or (power == best_power and rank < best_rank):
            best, best_power, best_rank = land, power, rank
    return best


@kernel
def tyrant_track_reward(s, T, W, ev, track, step, resource, opts, rng):
    """His reward for reaching ``step`` (p. ~25): a card, a Mythology card, a Mercenary
    Hoplite in his City with the least Power (no Iron asked), or the step's City; others
    are ignored. A step-3 City still goes to the Region's evaluation (decision 16)."""
    reward = T.track_steps[track, step - 1, 0]
    emit(s, ev, T_SEAT, EV_TRACK_REWARD, track, step, reward)
    if reward == R_CARD:
        gain_card(s, T, ev)
    elif R_DEMIGOD <= reward <= R_TITAN:
        gain_mythology(s, ev, REWARD_DECK[reward - R_DEMIGOD])
    elif reward == R_HOPLITE or reward == R_HOPLITE_FOR_IRON:
        land = lowest_city(s, T, resource)
        if s[L.MERCENARIES + T_SEAT] > 0 and land >= 0:
            s[L.MERCENARIES + T_SEAT] -= 1
            s[L.LAND_HOPLITES + land * L.MAX_PLAYERS + T_SEAT] += 1
            emit(s, ev, T_SEAT, EV_MERCENARY, land, 0, 0)
    elif reward == R_CITY:
        if step == 3 and s[L.TRACK_CITY + track * 2] == 1:
            evaluate_region(s, T, W, ev, T_SEAT, track, opts, rng)
        elif step == 5 and s[L.TRACK_CITY + track * 2 + 1] == 1:
            s[L.TRACK_CITY + track * 2 + 1] = 0
            place_tyrant_city(s, T, ev, city_land(s, T, False, resource), CITY_TRACK_5)

