"""The Pillars of Heracles heuristic: each legal option of a decision scored as a weighted
sum of what taking it brings the seat (``features.py``), the best score taken, ties to
the earlier option.

It reads only what the seat sees at the table: the map, the tracks, the face-up cards and
tiles, its own hand and the options the rules wrote. Face-down tiles, the decks' order and
the other hands are never read (tests/test_pillars_bots.py checks the choices do not move
when they are shuffled). What it writes is its own memo, the state's BOT_BOARD runtime words
(``board_outlook``), never the game.

What the option columns hold per decision kind: ``sim/games/pillars/decisions.py``. The
helpers are kernels of their own, compiled once into the bots' entry (``players.py``).
"""

import numpy as np

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    C_EITHER,
    C_GLORY,
    C_KIND,
    C_POWER,
    C_RES_A,
    C_RES_B,
    FAR,
    P_GLORY,
    P_PIECE,
    P_QUEST,
    STRATEGY,
    TRIGGER_REPLENISH,
)
from sim.games.pillars.decisions import (
    D_ADVANCE_PART,
    D_AFTER_ASCEND,
    D_ASCEND,
    D_ATTACK,
    D_BARBARIAN_TARGET,
    D_BUILD,
    D_BUILD_LAND,
    D_CITY_STATE,
    D_COMBAT_CARD,
    D_COUNCIL_DRAW,
    D_DEPLOY,
    D_DEPLOY_SPACE,
    D_DISCARD,
    D_DISCOUNT_STEP,
    D_DRAFT_FIRST,
    D_END_SHIP,
    D_ENERGISE,
    D_EXILE,
    D_FREE_ACTION,
    D_HERO,
    D_INVOKE,
    D_MERCENARY,
    D_MOVE_TO,
    D_MOVE_UNIT,
    D_MYTHOLOGY,
    D_PAY,
    D_PERSEUS,
    D_PILLAR,
    D_PLACE_CITY,
    D_PLAY,
    D_POLIS,
    D_PROCURE,
    D_PROGRESS,
    D_PROJECT,
    D_RETREAT,
    D_RETURN_ROW,
    D_REWARD_CARD,
    D_RONDEL,
    D_SETTLE,
    D_SIEGE_WIN,
    D_SKIRMISH,
    D_SPHINX,
    D_STRATEGY,
    D_TACTICAL,
    D_TIME_EXILE,
    D_TURN,
    N_DECISIONS,
    SHIP_SPACE,
)
from sim.games.pillars.ops import (
    ANY,
    OP_BUILD,
    OP_DEPLOY,
    OP_DRAW,
    OP_EGYPT,
    OP_ENERGISE,
    OP_MOVE,
    OP_POWER,
    OP_RESOURCE,
    OP_STEP,
)
from sim.games.pillars.rules import removal as R
from sim.games.pillars.rules.ascend import EXILE_STEP
from sim.games.pillars.rules.atlantis import ATLANTIS_POWER, atlantis_to_claim, atlantis_wild
from sim.games.pillars.rules.barbarians import DEFEAT_DRAW
from sim.games.pillars.rules.board import (
    SECTION_BUILD,
    SECTION_DEPLOY,
    has_city,
    lands_meet,
    own_building,
    usable_land,
)
from sim.games.pillars.rules.build import BUILD_CITY
from sim.games.pillars.rules.cards import mythology_room
from sim.games.pillars.rules.cities import NOBODY, evaluation_winner, region_of_track
from sim.games.pillars.rules.deploy import UNIT_BUILDING, UNIT_HERO, port_free
from sim.games.pillars.rules.destiny import FROM_HAND, FROM_PROPHECY, team_of, troia_city
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.free import (
    FREE_CITY,
    FREE_INVOKE,
    FREE_LIGHTHOUSE,
    FREE_PROPHECY,
    FREE_SIEGE,
    FREE_SKIRMISH,
    FREE_TIME,
)
from sim.games.pillars.rules.heroes import HERO_GOLD, HERO_POWER, HERO_TOKENS, heroic_power
from sim.games.pillars.rules.movement import (
    MOVE_ALL,
    MOVE_HERO,
    MOVE_HOPLITE,
    MOVE_SHIP,
    MOVE_WORKER,
    movable,
    own_seas,
)
from sim.games.pillars.rules.power import land_power
from sim.games.pillars.rules.prophecy import (
    Q_BUILDING,
    Q_BUILDINGS,
    Q_CITIES,
    Q_DECK_CARDS,
    Q_ENERGISED,
    Q_EXILE,
    Q_PILLAR_WITHOUT_CITY,
    Q_PILLARS,
    Q_PORT_SHIPS,
    Q_STRATEGY_TILES,
    Q_UNITS,
    quest_count,
    quest_target,
    top_prophecy,
)
from sim.games.pillars.rules.skirmish import skirmish_mode
from sim.games.pillars.rules.solo_combat import space_resource
from sim.games.pillars.rules.spend import SRC_CARD, SRC_CREDIT, SRC_PILLAR, SRC_TRADE, SRC_WILD, tally
from sim.games.pillars.rules.teams import deploy_city, partner
from sim.games.pillars.rules.turn import (
    N_SECTIONS,
    SEC_ASCEND,
    SEC_BUILD,
    SEC_DEPLOY,
    SEC_PROCURE,
    SEC_SETTLE,
    TURN_ADVANCE,
    crosses_line,
    replenish_size,
)
from sim.jit import compiled_in_caller, inline_kernel, kernel
from strategies.pillars import features as F

CITY_COST = 4  # Wine, Marble, Gold and Iron (p. 10)
HOPLITE_POWER, WORKER_POWER = 2, 1  # p. 6
# the weight of landing on each Rondel action, in content.RONDEL (and TRIGGERS) order
SECTION_WEIGHTS = (F.F_SECTION_PROCURE, F.F_SECTION_DEPLOY, F.F_SECTION_BUILD, F.F_SECTION_SETTLE,
                   F.F_SECTION_ASCEND)
# Strategy tiles that add Power or win ties (Appendix 2): the rest are economy
POWER_TILES = tuple(STRATEGY.index(t) for t in (
    "archery_mastery", "fortifications", "heroic_epic", "phalanx_formation", "siege_weapons",
    "strategic_initiative"))
# a piece placed on a Land as the map's quests count it (Appendix 1); a Building is
# PIECE_BUILDING + its kind
PIECE_WORKER, PIECE_HOPLITE, PIECE_PORT_SHIP, PIECE_PILLAR, PIECE_CITY, PIECE_BUILDING = range(6)
NO_REGION = -1
PULL_PROCURE, PULL_DEPLOY, PULL_BUILD, PULL_SETTLE = range(4)
NO_PULLS = (0.0, 0.0, 0.0, 0.0)
OUTLOOK_REACH = 3  # rondel_outlook's reach_counts


@kernel
def rival_power(s, T, land, seat):
    """The most Power another seat has on ``land``; in Symmachia the partner is no rival,
    its Glory counting for the seat's team (p. 15)."""
    best = 0
    ally = partner(s, seat)
    for other in range(s[L.N_PLAYERS]):
        if other != seat and other != ally:
            best = max(best, land_power(s, T, land, other))
    return best


@kernel
def holder(s, T, land, seat):
    """How ``seat`` stands on ``land``: 1 when its Power is strictly the most and above a
    face-up Population tile's, else 0 (the tie rules are left out of this estimate)."""
    mine = land_power(s, T, land, seat)
    if mine == 0:
        return 0  # no Power holds nothing; the rivals' need not be counted
    pop = s[L.LAND_POP + land]
    if pop >= 0 and (s[L.LAND_POP_UP + land] == 0 or T.population[pop, 1] >= mine):
        return 0
    return 1 if mine > rival_power(s, T, land, seat) else 0


@kernel
def region_held(s, T, land, seat):
    """Lands of ``land``'s Region (itself left out) the seat holds."""
    side = s[L.SIDE]
    region = T.land_region[side, land]
    held = 0
    if region < 0:  # Atlantis lies in no Region
        return held
    for other in T.region_lands[side, region]:
        if other != land:
            held += holder(s, T, other, seat)
    return held


@kernel
def arrival_value(s, T, w, land, seat, power):
    """What ``power`` more of the seat on ``land`` is worth: Control gained (more for a
    City, more in a Region the seat holds more of), a face-down Land explored, or a
    contested Land reinforced. On an Atlantis tile the seat has not claimed, each Power
    is a tenth of the way to a City (the 10 a Settle there needs, p. 15)."""
    if not open_land(s, T, land):
        return 0.0
    value = 0.0
    pop = s[L.LAND_POP + land]
    if (pop >= 0 and s[L.LAND_POP_UP + land] == 0) or (
            s[L.LAND_RES + land] >= 0 and s[L.LAND_RES_UP + land] == 0):
        value += w[F.F_EXPLORE]
    mine = land_power(s, T, land, seat)
    rival = rival_power(s, T, land, seat)
    floor = T.population[pop, 1] if pop >= 0 and s[L.LAND_POP_UP + land] == 1 else 0
    need = max(rival, floor)
    if mine <= need < mine + power:
        value += w[F.F_CONTROL] + w[F.F_REGION] * region_held(s, T, land, seat)
        if s[L.LAND_CITY + land] >= 0:
            value += w[F.F_CITY_LAND]
    elif mine > need and rival > 0 and mine - rival <= power:
        value += w[F.F_REINFORCE]
    if atlantis_to_claim(s, seat, land) and mine < ATLANTIS_POWER:
        value += w[F.F_CITY] * min(power, ATLANTIS_POWER - mine) / ATLANTIS_POWER
    if marching(s, T, seat) and land == troia_city(s, T):
        value += w[F.F_TROIA] * power  # the Siege of Destiny is won there
    return value


@kernel
def quest_counts(T, card, piece, city_there):
    """Prophecy ``card``'s quest counts ``piece`` (``city_there``: the seat has a City on
    the piece's Land)."""
    quest = T.prophecies[card, P_QUEST]
    want = T.prophecies[card, P_PIECE]
    if piece == PIECE_WORKER or piece == PIECE_HOPLITE:
        return quest == Q_UNITS and want == (1 if piece == PIECE_HOPLITE else 0)
    if piece == PIECE_PORT_SHIP:
        return quest == Q_PORT_SHIPS
    if piece == PIECE_PILLAR:
        return quest == Q_PILLARS or (quest == Q_PILLAR_WITHOUT_CITY and not city_there)
    if piece == PIECE_CITY:
        return quest == Q_CITIES
    return quest == Q_BUILDINGS or (quest == Q_BUILDING and want == piece - PIECE_BUILDING)


@kernel
def quest_share(s, T, w, seat, card, region):
    """One more of what Prophecy ``card``'s quest counts: its Glory shared over what the
    seat still lacks, nothing once the quest is done."""
    lacking = quest_target(T, card) - quest_count(s, T, seat, card, region)
    return w[F.F_QUEST] * T.prophecies[card, P_GLORY] / lacking if lacking > 0 else 0.0


@kernel
def quest_value(s, T, w, seat, land, piece, from_region):
    """A piece of the seat arriving on ``land``, toward the face-up Prophecy of its Region;
    nothing for a piece that only moves within the Region (``from_region``)."""
    region = T.land_region[s[L.SIDE], land]
    if region < 0:  # Atlantis lies in no Region
        return 0.0
    card = top_prophecy(s, region)
    if card < 0 or region == from_region or not quest_counts(T, card, piece, has_city(s, seat, land)):
        return 0.0
    return quest_share(s, T, w, seat, card, region)


@kernel
def holding_value(s, T, w, seat, quest, piece):
    """One more card or tile the seat holds of what ``quest`` counts (``piece``: which
    kind, -1 any), toward every face-up Prophecy of that quest."""
    value = 0.0
    for region in range(L.N_REGIONS):
        card = top_prophecy(s, region)
        if card >= 0 and T.prophecies[card, P_QUEST] == quest and (
                piece < 0 or T.prophecies[card, P_PIECE] == piece):
            value += quest_share(s, T, w, seat, card, region)
    return value


@kernel
def quest_pulls(s, T, w, seat):
    """The most one Rondel action's pieces could bring toward a face-up Prophecy, per
    action (PULL_*): the best quest share among the Regions whose quest they count
    (Procure: Monuments and Characters; Deploy: Units, Ships in Ports; Build: Buildings
    and Cities; Settle: Pillars)."""
    procure = deploy = build = settle = 0.0
    for region in range(L.N_REGIONS):
        card = top_prophecy(s, region)
        if card < 0:
            continue
        quest = T.prophecies[card, P_QUEST]
        if quest == Q_DECK_CARDS or quest == Q_EXILE:
            procure = max(procure, quest_share(s, T, w, seat, card, region))
        elif quest == Q_UNITS or quest == Q_PORT_SHIPS:
            deploy = max(deploy, quest_share(s, T, w, seat, card, region))
        elif quest == Q_BUILDING or quest == Q_BUILDINGS or quest == Q_CITIES:
            build = max(build, quest_share(s, T, w, seat, card, region))
        elif quest == Q_PILLARS or quest == Q_PILLAR_WITHOUT_CITY:
            settle = max(settle, quest_share(s, T, w, seat, card, region))
    return procure, deploy, build, settle


@kernel
def land_arrival_quest(s, T, w, seat, space, ship, kind, from_space):
    """Quest worth of a Unit of ``kind`` (movement.MOVE_*, or a Deploy's Unit as
    MOVE_HOPLITE / MOVE_WORKER) arriving on ``space`` from ``from_space`` (-1: Deployed):
    a Ship counts in a Port only."""
    side = s[L.SIDE]
    if ship:
        if space < L.PORT:
            return 0.0
        came = NO_REGION
        if from_space >= L.PORT:
            came = T.land_region[side, from_space - L.PORT]
        return quest_value(s, T, w, seat, space - L.PORT, PIECE_PORT_SHIP, came)
    if kind == MOVE_HERO:
        return 0.0  # a Hero is neither a Hoplite nor a Worker for a quest
    came = NO_REGION if from_space < 0 else T.land_region[side, from_space]
    value = 0.0
    if kind != MOVE_WORKER:
        value += quest_value(s, T, w, seat, space, PIECE_HOPLITE, came)
    if kind != MOVE_HOPLITE:
        value += quest_value(s, T, w, seat, space, PIECE_WORKER, came)
    return value


@kernel
def card_resources(T, card):
    """Resources a card pays with: 2 for a two-Resource card, else 1."""
    if T.cards[card, C_EITHER] == 0 and T.cards[card, C_RES_B] >= 0:
        return 2
    return 1


@kernel
def reach_counts(s, T, seat):
    """What the seat could pay with this turn, the whole hand counted: (Resources in all,
    of each kind Wine, Marble, Gold, Iron, Wood, Wild tiles). The hand's cards, credit, and
    Pillars on fresh tiles count; a card's each kind counts once (p. 7)."""
    kinds = (0, 0, 0, 0, 0)
    total = 0
    for r in range(L.N_RESOURCES):
        total += s[L.CREDIT + seat * L.N_RESOURCES + r]
    hand = L.HAND + seat * L.MAX_PILE
    for h in range(s[L.HAND_N + seat]):
        card = s[hand + h]
        total += card_resources(T, card)
        for col in (C_RES_A, C_RES_B):
            kinds = tally(kinds, T.cards[card, col], 1)
    for land in range(s[L.LAND_END]):
        if s[L.LAND_PILLAR + land] == seat and s[L.LAND_PILLAR_ON_RES + land] == 0:
            tile = s[L.LAND_RES + land]
            if tile >= 0:
                total += 1
                kinds = tally(kinds, T.resource_tiles[tile, 0], 1)
    wine, marble, gold, iron, wood = kinds
    return total, wine, marble, gold, iron, wood, s[L.WILD_TILES + seat] + atlantis_wild(s, seat)


@kernel
def reach_without(T, counts, card):
    """The ``reach_counts`` less ``card`` (the card played; -1 none): (Resources in all, of
    the kind held most of, whether they cover a City's four kinds). A kind missing is made
    up by a Wild tile or a 2:1 Trade of the surplus (p. 7)."""
    total, wine, marble, gold, iron, wood, wild = counts
    if card >= 0:
        total -= card_resources(T, card)
        for col in (C_RES_A, C_RES_B):
            wine, marble, gold, iron, wood = tally((wine, marble, gold, iron, wood), T.cards[card, col], -1)
    kinds = min(wine, 1) + min(marble, 1) + min(gold, 1) + min(iron, 1)
    city = total + wild >= CITY_COST and CITY_COST - kinds <= wild + (total - kinds) // 2
    most = max(max(wine, marble), max(max(gold, iron), wood))
    return total + wild, most + wild, city


@kernel
def can_build(s, T, seat, want):
    """A Land where the seat could put a Building of kind ``want`` (ANY: any) it still has:
    an own Worker there, no own Building, and that type left and no one's there (p. 10)."""
    for land in range(s[L.LAND_END]):
        if s[L.LAND_WORKERS + land * L.MAX_PLAYERS + seat] == 0 or not open_land(s, T, land):
            continue
        if s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] >= 0:
            continue
        for b in range(L.N_BUILDING_KINDS):
            if want != ANY and want != b:
                continue
            taken = False
            for other in range(s[L.N_PLAYERS]):
                taken = taken or s[L.LAND_BUILDING + land * L.MAX_PLAYERS + other] == b
            if not taken:
                for row in range(L.MAX_ROWS):
                    if s[L.BUILD_LEFT + (seat * L.MAX_ROWS + row) * L.N_BUILDING_KINDS + b] == 1:
                        return True
    return False


@kernel
def city_land(s, T, seat):
    """A Land without a City holding an own Worker (where a City may be Built, p. 10)."""
    for land in range(s[L.LAND_END]):
        if (s[L.LAND_WORKERS + land * L.MAX_PLAYERS + seat] > 0 and s[L.LAND_CITY + land] < 0
                and open_land(s, T, land)):
            return True
    return False


@kernel
def pillars_left(s, seat):
    """Pillars the seat can still place: on its Settle rows or beside its board."""
    pillars = s[L.PILLARS_BESIDE + seat]
    for row in range(L.MAX_ROWS):
        pillars += s[L.SETTLE_LEFT + seat * L.MAX_ROWS + row]
    return pillars


@kernel
def settle_room(s, T, seat):
    """Lands a Settle could gain from: those the seat holds with a face-up Population tile
    on them, or, while it has a Pillar left, without its Pillar on them."""
    pillars = pillars_left(s, seat)
    room = 0
    for land in range(s[L.LAND_END]):
        tile = s[L.LAND_POP + land] >= 0 and s[L.LAND_POP_UP + land] == 1
        if (tile or (pillars > 0 and s[L.LAND_PILLAR + land] != seat)) and holder(s, T, land, seat) == 1:
            room += 1
    return room


@kernel
def units_left(s, seat, first, width):
    """Pieces still on a Player board section (Deploy or Build)."""
    left = 0
    for k in range(L.MAX_ROWS * width):
        left += s[first + seat * L.MAX_ROWS * width + k]
    return left


@kernel
def cheapest_step(s, T, seat):
    """The fewest Resources of one kind a step up some track costs the seat (its step
    number, p. 12; the Titan's any kind)."""
    cheapest = 99
    for track in range(L.N_TRACKS):
        step = s[L.TRACK_STEP + seat * L.N_TRACKS + track]
        if step < 5:
            cheapest = min(cheapest, step + 1)
    return cheapest


@kernel
def board_outlook(s, T, seat, kind):
    """The part of ``rondel_outlook`` the hand does not change: the seat's ``settle_room``,
    whether Deploy, a Building and a City could be taken (a Unit left; a Land that can take
    a Building; a City left to Build and a Land for it), and the cheapest track step. Of
    a turn's three Rondel decisions (D_TURN, then D_PLAY, then D_RONDEL, one decision
    apart, rules.turn), only the first counts it: in between, only the card played moves
    from hand to discard pile. The count is kept in the state's BOT_BOARD words."""
    at = s[L.BOT_BOARD_AT]
    by = s[L.BOT_BOARD_BY]
    now = s[L.DECISIONS]
    by_kind = by % N_DECISIONS
    kept = at > 0 and by // N_DECISIONS == seat and (
        (kind == D_PLAY and by_kind == D_TURN and at == now - 1)
        or (kind == D_RONDEL and by_kind == D_PLAY and at == now - 1)
        or (kind == D_RONDEL and by_kind == D_TURN and at == now - 2))  # one card in hand
    if not kept:
        s[L.BOT_BOARD] = settle_room(s, T, seat)
        s[L.BOT_BOARD + 1] = units_left(s, seat, L.DEPLOY_LEFT, L.N_UNIT_KINDS) > 0
        s[L.BOT_BOARD + 2] = can_build(s, T, seat, ANY)
        s[L.BOT_BOARD + 3] = s[L.CITIES_BUILD] > 0 and city_land(s, T, seat)
        s[L.BOT_BOARD + 4] = cheapest_step(s, T, seat)
    s[L.BOT_BOARD_AT] = now
    s[L.BOT_BOARD_BY] = seat * N_DECISIONS + kind
    return (s[L.BOT_BOARD], (s[L.BOT_BOARD + 1] == 1, s[L.BOT_BOARD + 2] == 1,
                             s[L.BOT_BOARD + 3] == 1, s[L.BOT_BOARD + 4]))


@kernel
def rondel_outlook(s, T, w, seat, kind):
    """What landing on a Rondel action is worth besides the card played, counted once per
    decision of the kinds that weigh it (D_TURN, D_PLAY, D_RONDEL; else zeros): the
    ``board_outlook``, the seat's ``quest_pulls``, and the ``reach_counts`` of its whole
    hand."""
    if kind != D_TURN and kind != D_PLAY and kind != D_RONDEL:
        return 0, NO_PULLS, (False, False, False, 0), (0, 0, 0, 0, 0, 0, 0)
    settle, ready = board_outlook(s, T, seat, kind)
    return settle, quest_pulls(s, T, w, seat), ready, reach_counts(s, T, seat)


@kernel
def section_value(w, section, resources, most, city, outlook):
    """What landing on ``section`` is worth with ``resources`` in reach (``most`` of one
    kind, ``city``: a City payable), before the action is chosen: nothing where the action
    could not be taken; ``outlook`` is the seat's ``rondel_outlook``."""
    settle, pulls, ready, _ = outlook
    deploy_ok, build_ok, city_ok, cheapest = ready
    value = w[F.F_RESOURCES] * min(resources, CITY_COST)
    if section == SEC_SETTLE:
        return w[F.F_SECTION_SETTLE] * settle + (pulls[PULL_SETTLE] if settle > 0 else 0.0)
    if resources <= 0:
        return 0.0
    if section == SEC_PROCURE:
        return value + w[F.F_SECTION_PROCURE] + pulls[PULL_PROCURE]
    if section == SEC_DEPLOY:
        if not deploy_ok:
            return 0.0
        return value + w[F.F_SECTION_DEPLOY] + pulls[PULL_DEPLOY]
    if section == SEC_BUILD:
        best = 0.0
        if city and city_ok:
            best = w[F.F_SECTION_CITY]
        if resources >= 2 and build_ok:
            best = max(best, w[F.F_SECTION_BUILD])
        return value + best + pulls[PULL_BUILD] if best > 0 else 0.0
    if section == SEC_ASCEND:
        if most + (resources - most) // 2 < cheapest:
            return 0.0
        return value + w[F.F_SECTION_ASCEND]
    return 0.0


@kernel
def landing_value(s, T, w, seat, moved, card, outlook):
    """``section_value`` of the section ``moved`` sections on from the seat's marker, with
    the hand less ``card`` (the card played; -1 none)."""
    section = T.rondel[(s[L.RONDEL_POS + seat] + moved) % N_SECTIONS]
    resources, most, city = reach_without(T, outlook[OUTLOOK_REACH], card)
    value = section_value(w, section, resources, most, city, outlook)
    if seat == s[L.TROIA] and crosses_line(T, s[L.RONDEL_POS + seat], moved):
        value += w[F.F_TIME_MARKER]  # Troia's crossing removes one (p. ~18)
    return value


@kernel
def best_landing(s, T, w, seat, power, card, outlook):
    """The best landing a card of ``power`` reaches: exactly, or one more or fewer where
    the Civilisation track allows (the rules list those options, so all three are
    tried here, an estimate)."""
    best = landing_value(s, T, w, seat, power, card, outlook)
    best = max(best, 0.5 * landing_value(s, T, w, seat, power + 1, card, outlook))
    if power > 1:
        best = max(best, 0.5 * landing_value(s, T, w, seat, power - 1, card, outlook))
    return best


@kernel
def city_to_rival(s, T, seat, track):
    """1 when the Region's City of ``track``'s step 3 would go to a rival now: the most
    Power in the Region (p. 7, ``cities.evaluation_winner``) is neither the seat nor its
    partner (p. 15)."""
    region = region_of_track(s, track)
    if region < 0:
        return False
    winner = evaluation_winner(s, T, region, track)
    return winner != NOBODY and winner != seat and winner != partner(s, seat)


@kernel
def step_bonus(s, T, w, seat, track, step):
    """What reaching ``step`` of ``track`` brings beyond the step itself: a City lying on
    it (steps 3 and 5, p. 7), less its cost where step 3's would go to a rival, the track's
    end (step 5, p. 13)."""
    value = 0.0
    if (step == 3 and s[L.TRACK_CITY + track * 2] == 1) or (
            step == 5 and s[L.TRACK_CITY + track * 2 + 1] == 1):
        value += w[F.F_CITY_STEP]
    if step == 3 and s[L.TRACK_CITY + track * 2] == 1 and w[F.F_CITY_TO_RIVAL] != 0.0:
        value -= w[F.F_CITY_TO_RIVAL] * city_to_rival(s, T, seat, track)
    if step == 5:
        value += w[F.F_TRACK_END]
    return value


@kernel
def step_value(s, T, w, seat, track):
    """One step up ``track`` for the seat: its worth, what the step reaches, and half of
    what the step after it would (a step is also the way to the next)."""
    step = s[L.TRACK_STEP + seat * L.N_TRACKS + track] + 1
    if step > 5:
        return -1.0
    return (w[F.F_TRACK_STEP] + step_bonus(s, T, w, seat, track, step)
            + 0.5 * step_bonus(s, T, w, seat, track, step + 1))


@kernel
def card_keep(T, card):
    """How much a card is worth keeping in hand: its Power and its Resources."""
    return T.cards[card, C_POWER] + card_resources(T, card)


@kernel
def depleted_pillars(s, seat):
    n = 0
    for land in range(s[L.LAND_END]):
        n += s[L.LAND_PILLAR + land] == seat and s[L.LAND_PILLAR_ON_RES + land] == 1
    return n


@kernel
def sphinx_cost(s, w, seat, land, kind, start):
    """The cards Land Units moved from ``start`` onto ``land`` would discard where another
    seat's Sphinx tile lies (one per Unit while the hand lasts, p. 31), each at the worth
    of a card a Replenish draws."""
    if s[L.SPHINX_AT] != land or s[L.SPHINX_OWNER] == seat:
        return 0.0
    units = 1
    if kind == MOVE_ALL:
        units = (movable(s, seat, MOVE_HOPLITE, start) + movable(s, seat, MOVE_WORKER, start)
                 + movable(s, seat, MOVE_HERO, start))
    return w[F.F_REPLENISH_CARD] * min(units, s[L.HAND_N + seat])


@inline_kernel
def marching(s, T, seat):
    """The seat marches on Troia's Starting City: it is of the Achaean League in the Siege
    of Destiny, whose win is that City (p. ~18). The Trojans hold it by the Control and
    reinforcement terms like any Land."""
    return s[L.TROIA] >= 0 and team_of(s, T, seat) == L.TEAM_ACHAEAN


@kernel
def ferry(s, T, seat, space):
    """What an Achaean's Ship on ``space`` carries toward Troia's Starting City: on a Sea,
    the most Power of the seat's Land Units on one Land the Sea touches times the
    crossings they save by landing on the Sea's Land nearest Troia (p. 9: a Land Unit
    crosses a Sea holding its own Ship); nothing from a Port."""
    if space >= L.PORT:
        return 0
    side = s[L.SIDE]
    troia = troia_city(s, T)
    nearest = FAR
    aboard = False
    for land in range(s[L.LAND_END]):
        if T.land_sea[side, land, space] == 1:
            k = land * L.MAX_PLAYERS + seat
            aboard |= s[L.LAND_HOPLITES + k] + s[L.LAND_WORKERS + k] > 0
            if usable_land(s, T, land):
                nearest = min(nearest, T.land_steps[side, land, troia])
    best = 0
    if not aboard:
        return best  # most Seas touch none of the seat's Land Units
    for land in range(s[L.LAND_END]):
        if T.land_sea[side, land, space] == 1:
            k = land * L.MAX_PLAYERS + seat
            power = HOPLITE_POWER * s[L.LAND_HOPLITES + k] + WORKER_POWER * s[L.LAND_WORKERS + k]
            best = max(best, power * (T.land_steps[side, land, troia] - nearest))
    return best


@inline_kernel
def march_value(s, T, w, seat, start, to, ship, kind):
    """In the Siege of Destiny, what an Achaean's Unit of movement ``kind`` moved from
    ``start`` to ``to`` (``start`` -1: Deployed there) is worth as a march on Troia's
    Starting City, per Power and Land crossing: a Land Unit's own crossings saved, a Ship's
    change in what it ferries (``ferry``); 0 for the Trojans and in every other mode."""
    if not marching(s, T, seat):
        return 0.0
    if ship:
        before = ferry(s, T, seat, start) if start >= 0 else 0
        return w[F.F_MARCH] * (ferry(s, T, seat, to) - before)
    troia = troia_city(s, T)
    before = T.land_steps[s[L.SIDE], start, troia] if start >= 0 else 0
    return (w[F.F_MARCH] * unit_power(s, T, seat, kind)
            * (before - T.land_steps[s[L.SIDE], to, troia]))


@inline_kernel
def ship_stays(s, T, w, seat, piece):
    """For an Achaean, what moving the Ship ``piece`` loses as a march: what it ferries
    where it stands (``ferry``), so a Ship ferrying its Land Units stays; where it goes
    next is weighed when it moves (``march_value``); 0 for every other seat and mode."""
    if not marching(s, T, seat):
        return 0.0
    return -w[F.F_MARCH] * ferry(s, T, seat, s[L.SHIP_SPACE + piece])


@kernel
def ferried_gain(s, T, w, seat, land, kind, moved):
    """For an Achaean (``marching``), the best arrival value with its march on a Land
    nearer Troia's Starting City that its Units on ``land`` reach across one Sea holding
    its own Ship (p. 9)."""
    side = s[L.SIDE]
    seas = own_seas(s, seat)
    troia = troia_city(s, T)
    here = T.land_steps[side, land, troia]
    best = 0.0
    for sea in range(T.n_seas[side]):
        if (seas >> sea) & 1 == 0 or T.land_sea[side, land, sea] == 0:
            continue
        for other in range(s[L.LAND_END]):
            if (T.land_steps[side, other, troia] < here and T.land_sea[side, other, sea] == 1
                    and usable_land(s, T, other)):
                best = max(best, arrival_value(s, T, w, other, seat, moved)
                           + march_value(s, T, w, seat, land, other, False, kind))
    return best


@kernel
def own_cards(s, seat):
    """The seat's cards in its draw pile, hand and discard pile."""
    return s[L.DECK_N + seat] + s[L.HAND_N + seat] + s[L.DISCARD_N + seat]


@kernel
def drawable(s, T, seat):
    """Cards a Replenish would draw: up to the Replenish Size, as many as the draw and
    discard piles hold (a seat that Exiled most of its deck draws few or none)."""
    missing = max(0, replenish_size(s, T, seat) - s[L.HAND_N + seat])
    return min(missing, own_cards(s, seat) - s[L.HAND_N + seat])


@kernel
def invoked_cards(s, seat):
    n = 0
    for k in range(L.MAX_MYTH_SLOTS):
        slot = seat * L.MAX_MYTH_SLOTS + k
        n += s[L.MYTH_SLOT + slot] >= 0 and s[L.MYTH_INVOKED + slot] == 1
    return n


@kernel
def mythology_cards(s, seat):
    """The Mythology cards in the seat's slots."""
    n = 0
    for k in range(L.MAX_MYTH_SLOTS):
        n += s[L.MYTH_SLOT + seat * L.MAX_MYTH_SLOTS + k] >= 0
    return n


@kernel
def deploy_land(s, T, seat, unit, land):
    """A Unit of that kind may be Deployed on or beside ``land`` (p. 10)."""
    return usable_land(s, T, land) and (deploy_city(s, seat, land)
                                        or own_building(s, seat, land) == UNIT_BUILDING[unit])


@kernel
def can_deploy(s, T, seat, want):
    """A Unit of kind ``want`` (ANY: any) left on a Deploy row with a space to go to."""
    side = s[L.SIDE]
    for unit in range(L.N_UNIT_KINDS):
        if want != ANY and want != unit:
            continue
        left = 0
        for row in range(T.deploy_cost.shape[0]):
            left += s[L.DEPLOY_LEFT + (seat * L.MAX_ROWS + row) * L.N_UNIT_KINDS + unit]
        if left == 0:
            continue
        for land in range(s[L.LAND_END]):
            if not deploy_land(s, T, seat, unit, land):
                continue
            if unit != L.U_SHIP:
                return True
            if T.land_port[side, land] >= 0 and port_free(s, land):
                return True
            for sea in range(T.n_seas[side]):
                if T.land_sea[side, land, sea] == 1:
                    return True
    return False


@kernel
def step_idle(s, T, seat, card, op, a):
    """1 when an ability step would find nothing to act on: no card to draw, no track step,
    Unit or Building left with a place to go (p. 10), no other Invoked card to Energise
    (pp. 7-8). The other steps are taken to act."""
    if op == OP_DRAW:
        return 1 if own_cards(s, seat) == s[L.HAND_N + seat] else 0
    if op == OP_STEP:
        for t in range(L.N_TRACKS):
            if ((a == ANY or a == t)
                    and s[L.TRACK_STEP + seat * L.N_TRACKS + t] < T.track_steps.shape[1]):
                return 0
        return 1
    if op == OP_DEPLOY:
        return 0 if can_deploy(s, T, seat, a) else 1
    if op == OP_BUILD:
        return 0 if can_build(s, T, seat, a) else 1
    if op == OP_ENERGISE:
        base = seat * L.MAX_MYTH_SLOTS
        for k in range(L.MAX_MYTH_SLOTS):
            other = s[L.MYTH_SLOT + base + k]
            if other >= 0 and other != card and s[L.MYTH_INVOKED + base + k] == 1:
                return 0
        return 1
    return 0


@kernel
def invoke_idle(s, T, seat, card):
    """1 when Invoking ``card`` would act on nothing: every step of its ability is idle
    (``step_idle``), so the card would be turned sideways for nothing (p. 8)."""
    row = T.myth_ability[card, 0]
    if row < 0:
        return 0
    for k in range(T.fx[row, 0]):
        if not step_idle(s, T, seat, card, T.fx[row, 1 + 3 * k], T.fx[row, 2 + 3 * k]):
            return 0
    return 1


@kernel
def row_empties(s, first, seat, row, width):
    """Taking one piece from that Player board row leaves it empty."""
    left = 0
    for k in range(width):
        left += s[first + (seat * L.MAX_ROWS + row) * width + k]
    return left == 1


@kernel
def open_neighbours(s, T, land):
    """Open Lands next to ``land`` with no City."""
    side = s[L.SIDE]
    n = 0
    for other in range(s[L.LAND_END]):
        if (T.land_land[side, land, other] == 1 and s[L.LAND_CITY + other] < 0
                and open_land(s, T, other)):
            n += 1
    return n


@kernel
def ability_use_value(T, w, row):
    """What one use of an ability row is worth in the bot's own weights: a Resource as a
    card of the hand (each pays one, p. 7), a card drawn, a Movement, Power for the turn as
    a Strategy tile that adds Power, a card Energised, a track step (p. 6, pp. 7-10). Steps
    the tiles do not use are counted as nothing."""
    value = 0.0
    for k in range(T.fx[row, 0]):
        op = T.fx[row, 1 + 3 * k]
        a = T.fx[row, 2 + 3 * k]
        if op == OP_RESOURCE:
            value += w[F.F_CARD] * T.fx[row, 3 + 3 * k]
        elif op == OP_DRAW:
            value += w[F.F_CARD] * a
        elif op == OP_EGYPT:
            value += w[F.F_CARD]
        elif op == OP_MOVE:
            value += w[F.F_MOVE] * a
        elif op == OP_POWER:
            value += w[F.F_STRATEGY_POWER]
        elif op == OP_ENERGISE:
            value += w[F.F_MYTHOLOGY] * 0.5 * a
        elif op == OP_STEP:
            value += w[F.F_TRACK_STEP]
    return value


@kernel
def trigger_worth(w, trigger):
    """How much the bot values taking the turn a City-state ability is triggered by: landing
    on that Rondel action (``section_*``), or a Replenish Turn's card (p. 6, p. 8)."""
    if trigger == TRIGGER_REPLENISH:
        return w[F.F_REPLENISH_CARD]
    return w[SECTION_WEIGHTS[trigger]]


@kernel
def draft_value(s, T, w, seat, tile):
    """A City-state tile in the draft (step 11): the room around its starting Land, its
    ability's worth per use times how much the bot values its trigger, less the rivals who already
    took a starting Land within two crossings of it (they contest the same Lands)."""
    side = s[L.SIDE]
    home = T.city_start[side, tile]
    value = (w[F.F_DRAFT_ROOM] * open_neighbours(s, T, home)
             + w[F.F_DRAFT_ABILITY] * ability_use_value(T, w, T.city_ability[tile, 0])
             * trigger_worth(w, T.city_ability[tile, 1]))
    for other in range(s[L.N_PLAYERS]):
        rival = s[L.CITY_STATE + other]
        if other != seat and rival >= 0 and T.land_steps[side, home, T.city_start[side, rival]] <= 2:
            value -= w[F.F_DRAFT_RIVAL]
    return value


@kernel
def unit_power(s, T, seat, kind):
    """The Power a Land Unit of that movement kind brings (p. 6, p. 16): a Worker's, the
    seat's Hero's, else a Hoplite's (for all Units of a Land, as one Hoplite)."""
    if kind == MOVE_WORKER:
        return WORKER_POWER
    if kind == MOVE_HERO:
        return heroic_power(s, T, seat)
    return HOPLITE_POWER


@kernel
def move_target_value(s, T, w, seat, space, ship, kind):
    """Worth of a Unit arriving on ``space``: for a Land Unit its Land's arrival value (the
    Power of a Hoplite, or of the Hero for MOVE_HERO); for a Ship on a Sea the best arrival
    value of 1 Power among the Lands the Sea touches (a Sea Ship projects 1), in a Port
    that of 2 on its Land (p. 6)."""
    if not ship:
        return arrival_value(s, T, w, space, seat, HOPLITE_POWER if kind != MOVE_HERO
                             else heroic_power(s, T, seat))
    if space >= L.PORT:
        return arrival_value(s, T, w, space - L.PORT, seat, 2)
    side = s[L.SIDE]
    best = 0.0
    for land in range(s[L.LAND_END]):
        if T.land_sea[side, land, space] == 1:
            best = max(best, arrival_value(s, T, w, land, seat, 1))
    return best


@kernel
def move_gain(s, T, w, seat, land, kind):
    """What moving the seat's Land Units of ``kind`` (movement.MOVE_*) off ``land`` gains:
    the best arrival value (with an Achaean's march) on a Land next to it (for an Achaean,
    also across a Sea holding its Ship), less the Control (and City) lost there when the
    Power left no longer holds it."""
    side = s[L.SIDE]
    k = land * L.MAX_PLAYERS + seat
    moved = unit_power(s, T, seat, kind)
    if kind == MOVE_ALL:
        moved = HOPLITE_POWER * s[L.LAND_HOPLITES + k] + WORKER_POWER * s[L.LAND_WORKERS + k]
        if s[L.HERO_AT + seat] == land:
            moved += heroic_power(s, T, seat)
    best = 0.0
    for other in range(s[L.LAND_END]):
        if lands_meet(T, side, land, other):
            best = max(best, arrival_value(s, T, w, other, seat, moved)
                       + march_value(s, T, w, seat, land, other, False, kind))
    if marching(s, T, seat):
        best = max(best, ferried_gain(s, T, w, seat, land, kind, moved))
    loss = 0.0
    left = land_power(s, T, land, seat) - moved
    if holder(s, T, land, seat) == 1 and left <= rival_power(s, T, land, seat):
        loss = w[F.F_CONTROL] + (w[F.F_CITY_LAND] if s[L.LAND_CITY + land] >= 0 else 0.0)
    return best - loss


@kernel
def piece_worth(s, w, owner, piece, land):
    """What a piece of the owner's on ``land`` (removal.REMOVABLE kind) is worth to it: the
    weight of placing one."""
    if piece == R.PIECE_BUILDING:
        return w[(F.F_TEMPLE, F.F_AGORA, F.F_CITADEL)[s[L.LAND_BUILDING + land * L.MAX_PLAYERS + owner]]]
    if piece == R.PIECE_PILLAR:
        return w[F.F_SETTLE]
    if piece == R.PIECE_HERO:
        return w[F.F_HOPLITE]  # back on its tile, Deployed again for 2 Gold
    return w[(F.F_SHIP, F.F_WORKER, F.F_HOPLITE)[piece]]


@inline_kernel
def removable_worth(s, w, owner, land):
    """The most a piece of the owner's on ``land`` that a Skirmish may remove is worth to
    it (p. 15); 0 with none."""
    k = land * L.MAX_PLAYERS + owner
    best = 0.0
    if s[L.LAND_BUILDING + k] >= 0:
        best = max(best, piece_worth(s, w, owner, R.PIECE_BUILDING, land))
    if s[L.LAND_PILLAR + land] == owner:
        best = max(best, w[F.F_SETTLE])
    if s[L.LAND_HOPLITES + k] > 0:
        best = max(best, w[F.F_HOPLITE])
    if s[L.LAND_WORKERS + k] > 0:
        best = max(best, w[F.F_WORKER])
    if R.port_ship(s, owner, land) >= 0:
        best = max(best, w[F.F_SHIP])
    if R.hero_exposed(s, owner, land):
        best = max(best, w[F.F_HOPLITE])
    return best


@kernel
def skirmish_prize(s, T, w, seat, land, added):
    """The most a Skirmish on ``land`` could take with ``added`` Power more there: the worth
    of a rival's piece whose owner's Power the seat's matches, the attacker winning ties
    (p. 15); 0 with none. A rival's Power is counted only where its pieces would raise
    the prize."""
    mine = land_power(s, T, land, seat) + added
    ally = partner(s, seat)
    best = 0.0
    for other in range(s[L.N_PLAYERS]):
        if other != seat and other != ally:
            prize = removable_worth(s, w, other, land)
            if prize > best and land_power(s, T, land, other) <= mine:
                best = prize
    return best


@kernel
def barbarians_at(s, T, land):
    """Barbarian tiles a Settle of ``land`` would remove (on it and in its Port, p. 15)."""
    n = 0
    for tile in range(T.barbarians.shape[0]):
        at = s[L.BARB_AT + tile]
        n += at == land or at == L.BARB_PORT + land
    return n


@kernel
def skirmish_opening(s, T, w, seat, land):
    """In Skirmish Mode, with the seat's Skirmish tile beside its board: what a Hoplite
    arriving on ``land`` opens, the Skirmish its tile could then be placed for (p. 15)."""
    if not skirmish_mode(s) or s[L.SKIRMISH_AT + seat] >= 0:
        return 0.0
    prize = skirmish_prize(s, T, w, seat, land, HOPLITE_POWER)
    return w[F.F_SKIRMISH] + prize if prize > 0 else 0.0


@kernel
def return_row_cost(T, row, section, kind):
    """The Resources that put a piece back on that row costs to place again (pp. 10-11)."""
    if section == SECTION_DEPLOY:
        return T.deploy_cost[row, kind].sum()
    if section == SECTION_BUILD:
        return T.build_cost[row, kind].sum()
    return 0


@kernel
def best_play(s, T, w, seat, outlook):
    """The best ``best_landing`` of a card in the seat's hand (what an Advance Turn can
    reach), less the played card's Resources; ``outlook`` is the seat's
    ``rondel_outlook``."""
    hand = L.HAND + seat * L.MAX_PILE
    best = 0.0
    for h in range(s[L.HAND_N + seat]):
        card = s[hand + h]
        value = (best_landing(s, T, w, seat, T.cards[card, C_POWER], card, outlook)
                 - w[F.F_PLAYED_RESOURCE] * card_resources(T, card))
        best = max(best, value)
    return best


@kernel
def combat_cards(s, T, seat, land):
    """The Power of the seat's cards in hand it may play in a Solo combat on ``land``."""
    resource = space_resource(s, T, land)
    power = 0
    for h in range(s[L.HAND_N + seat]):
        card = s[L.HAND + seat * L.MAX_PILE + h]
        if resource >= 0 and (T.cards[card, C_RES_A] == resource or T.cards[card, C_RES_B] == resource):
            power += T.cards[card, C_POWER]
    return power


# Compiled into heuristic_choose, not called: Numba reserves and zeroes a return slot for
# every call a kernel makes at the kernel's start, so option_value on its own (or inlined
# by LLVM into the loop over options) zeroed some 80 slots per option scored.
@compiled_in_caller
def option_value(s, T, w, opts, k, seat, kind, outlook):
    """The score of option row ``k`` of a decision of ``kind``; ``outlook`` is the seat's
    ``rondel_outlook`` for the kinds that weigh where the Rondel lands."""
    a = opts[k, 0]
    b = opts[k, 1]
    c = opts[k, 2]
    if kind == D_TURN:
        if a == TURN_ADVANCE:
            return w[F.F_ADVANCE] + best_play(s, T, w, seat, outlook)
        return (w[F.F_REPLENISH_CARD] * drawable(s, T, seat)
                + w[F.F_REPLENISH_PILLAR] * depleted_pillars(s, seat)
                + w[F.F_REPLENISH_ENERGISE] * invoked_cards(s, seat))
    if kind == D_PLAY:
        return (best_landing(s, T, w, seat, c, b, outlook)
                - w[F.F_PLAYED_RESOURCE] * card_resources(T, b))
    if kind == D_RONDEL:
        return landing_value(s, T, w, seat, a, -1, outlook)
    if a < 0 and kind != D_PAY:
        return 0.0  # stop, decline, none: every other option is measured against it
    if kind == D_ADVANCE_PART:
        # the card's ability first, then Movement (to stand where the action needs), then
        # the action
        return 3.0 if a == L.DONE_ABILITY else (2.0 if a == L.DONE_MOVEMENT else 1.0)
    if kind == D_PAY:
        # credit is lost at the turn's end, a Pillar comes back on a Replenish Turn, a card
        # or a Wild tile is gone, a Trade spends two
        if a == SRC_CREDIT:
            return 4.0
        if a == SRC_PILLAR:
            return 3.0
        if a == SRC_CARD:
            return 2.0 - 0.1 * card_keep(T, s[L.HAND + seat * L.MAX_PILE + b])
        if a == SRC_WILD:
            return 0.5
        return 0.0 if a == SRC_TRADE else -1.0
    if kind == D_DEPLOY:
        if a == UNIT_HERO:  # worth a Hoplite per Hoplite's Power it brings
            return (w[F.F_HOPLITE] * heroic_power(s, T, seat) / HOPLITE_POWER
                    - w[F.F_SPEND] * HERO_GOLD)
        unit = (F.F_SHIP, F.F_WORKER, F.F_HOPLITE)[a]
        value = w[unit] - w[F.F_SPEND] * T.deploy_cost[b, a].sum()
        if row_empties(s, L.DEPLOY_LEFT, seat, b, L.N_UNIT_KINDS):
            value += w[F.F_ROW_EMPTIED]
        return value
    if kind == D_DEPLOY_SPACE:
        unit = MOVE_HOPLITE if c == L.U_HOPLITE else (MOVE_HERO if c == UNIT_HERO else MOVE_WORKER)
        return (move_target_value(s, T, w, seat, a, b == SHIP_SPACE, unit)
                + land_arrival_quest(s, T, w, seat, a, b == SHIP_SPACE, unit, -1)
                + (skirmish_opening(s, T, w, seat, a) if unit == MOVE_HOPLITE else 0.0)
                + march_value(s, T, w, seat, -1, a, b == SHIP_SPACE, unit))
    if kind == D_MOVE_TO:
        return (move_target_value(s, T, w, seat, a, b == SHIP_SPACE, c)
                + land_arrival_quest(s, T, w, seat, a, b == SHIP_SPACE, c, opts[k, 3])
                + (skirmish_opening(s, T, w, seat, a) if c == MOVE_HOPLITE else 0.0)
                + march_value(s, T, w, seat, opts[k, 3], a, b == SHIP_SPACE, c)
                - (sphinx_cost(s, w, seat, a, c, opts[k, 3]) if b != SHIP_SPACE else 0.0))
    if kind == D_BUILD:
        if a == BUILD_CITY:
            return w[F.F_CITY] - w[F.F_SPEND] * CITY_COST
        if b < 0:
            return w[F.F_MOVE]  # moving a placed Building for the top row's cost
        value = w[(F.F_TEMPLE, F.F_AGORA, F.F_CITADEL)[a]] - w[F.F_SPEND] * T.build_cost[b, a].sum()
        if a == L.B_TEMPLE and mythology_cards(s, seat) >= mythology_room(s, T, seat):
            value += w[F.F_TEMPLE_ROOM]
        if row_empties(s, L.BUILD_LEFT, seat, b, L.N_BUILDING_KINDS):
            value += w[F.F_ROW_EMPTIED]
        return value
    if kind == D_BUILD_LAND or kind == D_PLACE_CITY or kind == D_MERCENARY:
        # where a Building, City or Hoplite adds most
        piece = PIECE_HOPLITE if kind == D_MERCENARY else PIECE_CITY
        if kind == D_BUILD_LAND and c != BUILD_CITY:
            piece = PIECE_BUILDING + c
        return (0.01 + arrival_value(s, T, w, a, seat, HOPLITE_POWER) + 0.1 * region_held(s, T, a, seat)
                + quest_value(s, T, w, seat, a, piece, NO_REGION))
    if kind == D_SETTLE:
        # a Pillar placed, a face-up Population tile's reward; a Pillar moved around is
        # worth nothing
        tile = s[L.LAND_POP + a] >= 0 and s[L.LAND_POP_UP + a] == 1
        pillar = s[L.LAND_PILLAR + a] != seat and pillars_left(s, seat) > 0
        quest = quest_value(s, T, w, seat, a, PIECE_PILLAR, NO_REGION) if pillar else 0.0
        city = w[F.F_CITY] if atlantis_to_claim(s, seat, a) else 0.0
        return (w[F.F_SETTLE] * (tile + pillar) - 0.01 + quest + city
                + w[F.F_CARD] * DEFEAT_DRAW * barbarians_at(s, T, a))
    if kind == D_PILLAR:
        if s[L.LAND_PILLAR + a] != seat:  # the Settled Land: a Pillar from the Settle rows
            return w[F.F_PILLAR]
        # one of the seat's placed Pillars moved: only off a depleted Resource tile
        return 1.0 if s[L.LAND_PILLAR_ON_RES + a] == 1 else -1.0
    if kind == D_ASCEND or kind == D_DISCOUNT_STEP:
        cost = s[L.TRACK_STEP + seat * L.N_TRACKS + a] + 1 if kind == D_ASCEND else 0
        if kind == D_ASCEND and b < 0:  # paid by Exiling 3 Characters (p. 12)
            if own_cards(s, seat) - EXILE_STEP < replenish_size(s, T, seat):
                return -1.0  # a deck thinner than a hand leaves turns unplayed
            return step_value(s, T, w, seat, a) - EXILE_STEP * w[F.F_REPLENISH_CARD]
        return step_value(s, T, w, seat, a) - w[F.F_SPEND] * cost
    if kind == D_PROGRESS or kind == D_POLIS:
        return 0.01 + step_value(s, T, w, seat, a)
    if kind == D_AFTER_ASCEND:
        if a == 0:
            return w[F.F_REPLENISH_CARD] * drawable(s, T, seat)
        return (w[F.F_REPLENISH_PILLAR] * depleted_pillars(s, seat)
                + w[F.F_REPLENISH_ENERGISE] * invoked_cards(s, seat))
    if kind == D_PROCURE:
        card = opts[k, 3]
        gain = (w[F.F_MONUMENT] * T.cards[card, C_GLORY]
                + w[F.F_CHARACTER] * T.cards[card, C_POWER])
        held = T.cards[card, C_KIND]
        if held == L.KIND_MONUMENT or held == L.KIND_CHARACTER:
            which = 0 if held == L.KIND_MONUMENT else 1
            gain += (holding_value(s, T, w, seat, Q_DECK_CARDS, which)
                     + holding_value(s, T, w, seat, Q_EXILE, which))
        return gain - w[F.F_SPEND] * (card_resources(T, card) + (c >= 0))
    if kind == D_EXILE:
        card = (s[L.HAND + seat * L.MAX_PILE + b] if a == 0
                else s[L.DISCARD + seat * L.MAX_PILE + b])
        if own_cards(s, seat) <= replenish_size(s, T, seat):
            return -card_keep(T, card)  # a deck thinner than a hand leaves turns unplayed
        return w[F.F_EXILE_STARTING] if T.cards[card, C_KIND] == L.KIND_STARTING else -card_keep(T, card)
    if kind == D_FREE_ACTION:
        if a == FREE_PROPHECY:
            return w[F.F_PROPHECY] * T.prophecies[c, P_GLORY]
        if a == FREE_CITY:
            return w[F.F_CITY]
        if a == FREE_SIEGE:
            return w[F.F_SIEGE] + (w[F.F_TROIA] if marching(s, T, seat) and b == troia_city(s, T)
                                   else 0.0)
        if a == FREE_TIME:
            return w[F.F_TIME_MARKER]
        if a == FREE_SKIRMISH:
            prize = skirmish_prize(s, T, w, seat, b, 0)
            return w[F.F_SKIRMISH] + prize if prize > 0 else -1.0
        if a == FREE_INVOKE:
            # a card Energised again may be Invoked again in the turn (p. 8), but two cards
            # that Energise each other would keep a bot Invoking them for ever
            if s[L.INVOKED_THIS_TURN + c] == 1:
                return -1.0
            return w[F.F_INVOKE] - w[F.F_INVOKE_IDLE] * invoke_idle(s, T, seat, c)
        if a == FREE_LIGHTHOUSE:
            return w[F.F_CARD]
        return 0.0
    if kind == D_INVOKE:
        return w[F.F_INVOKE] - w[F.F_INVOKE_IDLE] * invoke_idle(s, T, seat, c)
    if kind == D_PERSEUS:
        return w[F.F_INVOKE]
    if kind == D_MOVE_UNIT:
        if a == MOVE_SHIP:
            return w[F.F_MOVE] + ship_stays(s, T, w, seat, b)
        return w[F.F_MOVE] + move_gain(s, T, w, seat, b, a)
    if kind == D_MYTHOLOGY:
        return w[F.F_MYTHOLOGY] * (1.0 if a == 0 else 0.8)
    if kind == D_ENERGISE:
        # a card whose ability would find nothing to act on is regained for nothing
        return (w[F.F_MYTHOLOGY] * 0.5 + holding_value(s, T, w, seat, Q_ENERGISED, -1)
                - w[F.F_ENERGISE_WINE] * c - w[F.F_INVOKE_IDLE] * invoke_idle(s, T, seat, b))
    if kind == D_REWARD_CARD or kind == D_COUNCIL_DRAW:
        return w[F.F_CARD] * (a if kind == D_COUNCIL_DRAW else 1)
    if kind == D_STRATEGY:
        top = s[L.STRATEGY_STACK + a * 3 + s[L.STRATEGY_N + a] - 1]
        effect = T.strategy[top, 1]
        quest = holding_value(s, T, w, seat, Q_STRATEGY_TILES, -1)
        for power_tile in POWER_TILES:
            if effect == power_tile:
                return w[F.F_STRATEGY_POWER] + quest
        return w[F.F_STRATEGY_ECONOMY] + quest
    if kind == D_TACTICAL:  # only where the contest counts the seat's Power (column 2)
        return 1.0 if c == 1 and s[L.HAND_N + seat] > w[F.F_TACTICAL_HAND] else -1.0
    if kind == D_DISCARD:
        return -1.0  # the hand is kept: every card is a Resource
    if kind == D_SIEGE_WIN:
        return float(a)  # take the City, else replace the Pillar, else remove it
    if kind == D_SKIRMISH:
        if a == seat:  # the attacker's own Unit lost: the least worth
            return -piece_worth(s, w, a, b, c)
        return piece_worth(s, w, a, b, c) + w[F.F_SKIRMISH] * (
            land_power(s, T, c, seat) >= land_power(s, T, c, a))
    if kind == D_BARBARIAN_TARGET:
        return float(land_power(s, T, a, seat))  # toward the Land the seat holds best
    if kind == D_RETURN_ROW:
        return -float(return_row_cost(T, a, b, c))  # the cheapest to place again
    if kind == D_END_SHIP:
        return arrival_value(s, T, w, b, seat, 1)
    if kind == D_SPHINX:
        return -card_keep(T, b)
    if kind == D_CITY_STATE:
        return draft_value(s, T, w, seat, a)
    if kind == D_DRAFT_FIRST:
        return -float(a)  # the City-state first: its starting Land sets the game
    if kind == D_HERO:  # the most Power, Odysseus's tokens counted as one more
        return float(T.heroes[a, HERO_POWER] + T.heroes[a, HERO_TOKENS])
    if kind == D_PROJECT:
        return arrival_value(s, T, w, a, seat, 1)
    if kind == D_ATTACK:  # attack the Tyrant when the hand's cards of the space can win it
        if a == 0:
            return 0.0
        return 1.0 if opts[k, 2] + combat_cards(s, T, seat, b) > opts[k, 3] else -1.0
    if kind == D_COMBAT_CARD:  # while Power is lacking, the card of most Power first
        return 1.0 + 0.1 * T.cards[b, C_POWER] if c > 0 else -1.0
    if kind == D_RETREAT:
        return arrival_value(s, T, w, a, seat, HOPLITE_POWER)
    if kind == D_TIME_EXILE:  # the most Glory first, a Prophecy before a card of the deck
        if a == FROM_PROPHECY:
            return float(c)
        card = s[(L.HAND if a == FROM_HAND else L.DISCARD) + seat * L.MAX_PILE + b]
        return c - 0.1 * card_keep(T, card)
    return 0.0  # ability, ability target, archery: the first option


@kernel
def heuristic_choose(s, T, w, opts, n, seat, kind):
    """Index of the best-scoring option among the first ``n`` rows (the first on ties)."""
    best = 0
    best_value = -np.inf
    # counted once per decision, not once per card and landing: it scans every Land
    outlook = rondel_outlook(s, T, w, seat, kind)
    for k in range(n):
        value = option_value(s, T, w, opts, k, seat, kind, outlook)
        if value > best_value:
            best = k
            best_value = value
    return best

