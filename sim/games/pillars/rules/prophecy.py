"""Prophecy quests (Appendix 1, p. ~14) and Fulfilling a Prophecy (p. 8): a seat that has
done the quest of a Region's face-up Prophecy within that Region takes the card, and the
next card of that Region turns face up."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    C_KIND,
    DECKS,
    P_COUNT,
    P_PIECE,
    P_QUEST,
    QUESTS,
)
from sim.games.pillars.decisions import D_EXILE
from sim.games.pillars.events import EV_EXILE, EV_PROPHECY_FULFILLED
from sim.games.pillars.rules.board import has_city
from sim.games.pillars.rules.cards import exile_from
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.heroes import CH_PROPHECY, region_challenge
from sim.games.pillars.rules.power import NOBODY, city_controller, controls
from sim.jit import kernel

(Q_PILLARS, Q_BUILDING, Q_BUILDINGS, Q_UNITS, Q_PORT_SHIPS, Q_PILLAR_WITHOUT_CITY, Q_CITIES,
 Q_DECK_CARDS, Q_ENERGISED, Q_EXILE, Q_MYTHOLOGY, Q_CONTROL_ALL, Q_CONTROL_RIVAL_CITY,
 Q_STRATEGY_TILES) = range(len(QUESTS))
# the Mythology deck of a "mythology" quest's piece (content.QUEST_PIECES: olympian, titan)
QUEST_DECK = (DECKS.index("olympian"), DECKS.index("titan"))
# the card kind of a "deck_cards" or "exile" quest's piece (monument, character)
QUEST_KIND = (L.KIND_MONUMENT, L.KIND_CHARACTER)


@kernel
def top_prophecy(s, region):
    """The Region's face-up Prophecy card, -1."""
    n = s[L.REGION_PROPHECY_N + region]
    if n == 0 or s[L.REGION_PROPHECY_UP + region] == 0:
        return -1
    return s[L.REGION_PROPHECY + region * L.N_ERAS + n - 1]


@kernel
def cards_of_kind(s, T, seat, kind, with_deck):
    """The seat's cards of that kind in hand and discard pile (and draw pile)."""
    n = 0
    base = seat * L.MAX_PILE
    for h in range(s[L.HAND_N + seat]):
        n += T.cards[s[L.HAND + base + h], C_KIND] == kind
    for d in range(s[L.DISCARD_N + seat]):
        n += T.cards[s[L.DISCARD + base + d], C_KIND] == kind
    if with_deck:
        for d in range(s[L.DECK_N + seat]):
            n += T.cards[s[L.DECK + base + d], C_KIND] == kind
    return n


@kernel
def quest_target(T, card):
    """How many Prophecy ``card``'s quest asks for (Appendix 1): one of a named Building,
    a Pillar without a City, a rival's City held or a card to Exile, else its number."""
    quest = T.prophecies[card, P_QUEST]
    if (quest == Q_BUILDING or quest == Q_PILLAR_WITHOUT_CITY or quest == Q_CONTROL_RIVAL_CITY
            or quest == Q_EXILE):
        return 1
    return T.prophecies[card, P_COUNT]


@kernel
def quest_count(s, T, seat, card, region):
    """How much of Prophecy ``card``'s quest the seat has within ``region``, for every
    quest but the two of Control: its pieces there (Pillars, Buildings, Units, Ships in
    Ports, Pillars without a City, Cities) or its cards and tiles (Appendix 1)."""
    quest = T.prophecies[card, P_QUEST]
    piece = T.prophecies[card, P_PIECE]
    if quest == Q_DECK_CARDS or quest == Q_EXILE:
        return cards_of_kind(s, T, seat, QUEST_KIND[piece], quest == Q_DECK_CARDS)
    n = 0
    if quest == Q_ENERGISED or quest == Q_MYTHOLOGY:
        for k in range(L.MAX_MYTH_SLOTS):
            c = s[L.MYTH_SLOT + seat * L.MAX_MYTH_SLOTS + k]
            if c < 0:
                continue
            if quest == Q_ENERGISED:
                n += s[L.MYTH_INVOKED + seat * L.MAX_MYTH_SLOTS + k] == 0
            else:
                n += T.mythology[c, 0] == QUEST_DECK[piece]
        return n
    if quest == Q_STRATEGY_TILES:
        for k in range(L.MAX_STRATEGY):
            n += s[L.STRATEGY_SLOT + seat * L.MAX_STRATEGY + k] >= 0
        return n
    for land in T.region_lands[s[L.SIDE], region]:
        k = land * L.MAX_PLAYERS + seat
        if quest == Q_PILLARS:
            n += s[L.LAND_PILLAR + land] == seat
        elif quest == Q_BUILDING:
            n += s[L.LAND_BUILDING + k] == piece
        elif quest == Q_BUILDINGS:
            n += s[L.LAND_BUILDING + k] >= 0
        elif quest == Q_UNITS:
            n += s[L.LAND_WORKERS + k] if piece == 0 else s[L.LAND_HOPLITES + k]
        elif quest == Q_PORT_SHIPS:
            for p in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
                n += s[L.SHIP_SPACE + p] == L.PORT + land
        elif quest == Q_PILLAR_WITHOUT_CITY:
            n += s[L.LAND_PILLAR + land] == seat and not has_city(s, seat, land)
        elif quest == Q_CITIES:
            n += has_city(s, seat, land)
    return n


@kernel
def quest_done(s, T, seat, card, region, powers):
    """The seat has done the quest of Prophecy ``card`` within ``region`` (Appendix 1)."""
    quest = T.prophecies[card, P_QUEST]
    if quest != Q_CONTROL_ALL and quest != Q_CONTROL_RIVAL_CITY:
        return quest_count(s, T, seat, card, region) >= quest_target(T, card)
    side = s[L.SIDE]
    n = 0
    lands = 0
    for land in range(s[L.LAND_END]):
        if T.land_region[side, land] != region:
            continue
        lands += 1
        if quest == Q_CONTROL_ALL:
            n += controls(s, T, land, seat, powers, 0)
        elif s[L.LAND_CITY + land] >= 0:
            owner = city_controller(s, land)
            if owner != NOBODY and owner != seat and controls(s, T, land, seat, powers, 0):
                n += 1
    return n == lands if quest == Q_CONTROL_ALL else n >= 1


@kernel
def exile_for_quest(s, T, W, ev, seat, kind, opts, rng):
    """An Exile quest: a card of that kind from hand or discard pile, removed."""
    n = 0
    base = seat * L.MAX_PILE
    for h in range(s[L.HAND_N + seat]):
        if T.cards[s[L.HAND + base + h], C_KIND] == kind:
            n = option(opts, n, 0, h, s[L.HAND + base + h], 0)
    for d in range(s[L.DISCARD_N + seat]):
        if T.cards[s[L.DISCARD + base + d], C_KIND] == kind:
            n = option(opts, n, 1, d, s[L.DISCARD + base + d], 0)
    k = decide(s, T, W, opts, n, seat, D_EXILE, rng)
    where, at = opts[k, 0], opts[k, 1]
    emit(s, ev, seat, EV_EXILE, exile_from(s, seat, where, at), where, 0)


@kernel
def fulfil(s, T, W, ev, seat, region, opts, rng):
    """Take the Region's face-up Prophecy (an Exile quest Exiles its card first); the
    next one turns face up (p. 8). A challenge of an Odysseus token (p. 16)."""
    card = top_prophecy(s, region)
    if T.prophecies[card, P_QUEST] == Q_EXILE:
        exile_for_quest(s, T, W, ev, seat, QUEST_KIND[T.prophecies[card, P_PIECE]], opts, rng)
    n = s[L.REGION_PROPHECY_N + region] - 1
    s[L.REGION_PROPHECY + region * L.N_ERAS + n] = -1
    s[L.REGION_PROPHECY_N + region] = n
    s[L.REGION_PROPHECY_UP + region] = 1 if n > 0 else 0
    s[L.PROPHECY_OWNER + card] = seat
    s[L.PROPHECY_TURN] = 1
    emit(s, ev, seat, EV_PROPHECY_FULFILLED, card, region, T.prophecies[card, 5])
    region_challenge(s, T, ev, seat, region, CH_PROPHECY)
