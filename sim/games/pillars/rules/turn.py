"""The turn (p. 8): the Status Check, then an Advance Turn (play a card, move on the
Rondel by its Power, draws for the markers already there, then the optional parts) or a
Replenish Turn (p. ~9); what a turn's end clears.

``work`` is the payment work array (spend.WORK), ``scratch`` the Status Check's
(support.SCRATCH).
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import ABILITIES, RONDEL, S_REPLENISH, TRIGGER_REPLENISH
from sim.games.pillars.decisions import (
    D_COUNCIL_DRAW,
    D_DISCARD,
    D_ENERGISE,
    D_PLAY,
    D_POLIS,
    D_RONDEL,
    D_TURN,
)
from sim.games.pillars.events import (
    CAUSE_STRATEGY,
    EV_ENERGISE,
    EV_REPLENISH,
    EV_RONDEL_DRAW,
    EV_RONDEL_MOVE,
    EV_STRATEGY,
    TURN_ADVANCE,
    TURN_REPLENISH,
)
from sim.games.pillars.rules.abilities import city_state_ability, hero_ability
from sim.games.pillars.rules.archery import aim_all_archers
from sim.games.pillars.rules.cards import (
    draw_card,
    draw_cards_reshuffling,
    hand_to_discard,
)
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.destiny import troia_crossing
from sim.games.pillars.rules.free import free_moment
from sim.games.pillars.rules.power import has_ability
from sim.games.pillars.rules.rewards import progress
from sim.games.pillars.rules.spend import W_COST, covered, pay, summarize
from sim.games.pillars.rules.status import choose_ship_lands, status_check
from sim.games.pillars.rules.strategy import COUNCIL_OF_ELDERS, POLIS_EXPANSION, holds
from sim.games.pillars.rules.tracks import LAST_STEP
from sim.games.pillars.rules.tyrant_cards import basic_to_bottom
from sim.games.pillars.rules.wheels import solo_mode
from sim.jit import compiled_in_caller, kernel

A_PLUS, A_MINUS, A_REPLENISH_6, A_REPLENISH_7 = (
    ABILITIES.index(a) for a in ("rondel_plus_one", "rondel_minus_one", "replenish_6",
                                 "replenish_7"))
SEC_PROCURE, SEC_DEPLOY, SEC_BUILD, SEC_SETTLE, SEC_ASCEND = (
    RONDEL.index(r) for r in ("procure", "deploy", "build", "settle", "ascend"))
N_SECTIONS = len(RONDEL)
WINE = 0  # content.RESOURCES
COUNCIL_DRAWS = 2  # cards instead of 1 (Council of Elders, p. ~14)


@kernel
def section_of(s, T, seat):
    """The Rondel section (content.RONDEL code) under the seat's marker."""
    return T.rondel[s[L.RONDEL_POS + seat]]


@compiled_in_caller
def start_turn(s, T, W, ev, seat, work, scratch, opts, rng):
    """A turn begins: its per-turn fields cleared, every seat's Sea Ships' Lands and the
    seat's archers' aims chosen (p. 6, p. ~14), the Status Check (p. 8)."""
    s[L.ACTIVE] = seat
    s[L.PLAYED] = -1
    s[L.TURN_DONE] = 0
    s[L.PROPHECY_TURN] = 0
    for other in range(L.MAX_PLAYERS):
        s[L.OFF_TURN_INVOKES + other] = 0
    for card in range(L.N_DECKS * L.MAX_MYTH_DECK):
        s[L.INVOKED_THIS_TURN + card] = 0
    s[L.TILES_USED] = 0
    choose_ship_lands(s, T, W, seat, opts, rng)
    aim_all_archers(s, T, W, seat, opts, rng)
    status_check(s, T, W, ev, seat, work, scratch, opts, rng)


@kernel
def end_turn(s, seat):
    """The turn ends: the unspent half of a two-Resource card is lost (p. 7), and what
    abilities gave for the turn (Power, halted Ships) lapses and the Gorgon's tile leaves
    the board (p. 31)."""
    for r in range(L.N_RESOURCES):
        s[L.CREDIT + seat * L.N_RESOURCES + r] = 0
    s[L.PLAYED] = -1
    for k in range(s[L.LAND_END] * L.MAX_PLAYERS):
        s[L.POWER_BONUS + k] = 0
    s[L.HALTED_SHIPS] = 0
    s[L.GORGON_SEAT] = -1


@kernel
def choose_turn(s, T, W, seat, opts, rng):
    """Advance Turn or Replenish Turn (p. 8); an Advance Turn needs a card in hand."""
    n = 0
    if s[L.HAND_N + seat] > 0:
        n = option(opts, n, TURN_ADVANCE, 0, 0, 0)
    n = option(opts, n, TURN_REPLENISH, 0, 0, 0)
    return opts[decide(s, T, W, opts, n, seat, D_TURN, rng), 0]


@kernel
def crosses_line(T, old, moved):
    """A marker moving ``moved`` sections on from ``old`` crosses the line between Ascend
    and the section after it, Procure (p. 15)."""
    ascend = 0
    for pos in range(N_SECTIONS):
        if T.rondel[pos] == SEC_ASCEND:
            ascend = pos
    past = (old - ascend + N_SECTIONS) % N_SECTIONS  # sections past Ascend
    return (past + moved + N_SECTIONS - 1) // N_SECTIONS > (past + N_SECTIONS - 1) // N_SECTIONS


@kernel
def rondel_options(s, T, seat, power, opts):
    """The numbers of sections the seat may advance: exactly the card's Power, or from
    Civilisation step 1 one more, from step 3 one fewer (at least 1) (pp. 7-8)."""
    n = option(opts, 0, power, 0, 0, 0)
    if has_ability(s, T, seat, A_PLUS):
        n = option(opts, n, power + 1, 0, 0, 0)
    if has_ability(s, T, seat, A_MINUS) and power > 1:
        n = option(opts, n, power - 1, 0, 0, 0)
    return n


@kernel
def play_and_advance(s, T, W, ev, seat, opts, rng):
    """Part (a) of an Advance Turn (p. 8): a card from hand onto the discard pile, the
    marker clockwise by its Power, then the landing's draws. Returns the card."""
    n = 0
    hand = L.HAND + seat * L.MAX_PILE
    for h in range(s[L.HAND_N + seat]):
        n = option(opts, n, h, s[hand + h], T.cards[s[hand + h], 1], 0)
    h = opts[decide(s, T, W, opts, n, seat, D_PLAY, rng), 0]
    card = hand_to_discard(s, seat, h)
    s[L.PLAYED] = card
    n = rondel_options(s, T, seat, T.cards[card, 1], opts)
    moved = opts[decide(s, T, W, opts, n, seat, D_RONDEL, rng), 0]
    old = s[L.RONDEL_POS + seat]
    pos = (old + moved) % N_SECTIONS
    s[L.RONDEL_POS + seat] = pos
    s[L.CROSSED] = 1 if crosses_line(T, old, moved) else 0
    troia_crossing(s, ev, seat)
    emit(s, ev, seat, EV_RONDEL_MOVE, card, moved, T.rondel[pos])
    landing_draws(s, T, W, ev, seat, opts, rng)
    return card


@kernel
def landing_draws(s, T, W, ev, seat, opts, rng):
    """Each other seat whose marker already stands where the seat's landed may draw a card
    (2 with Council of Elders, p. ~14), clockwise from the seat (p. 8). The Tyrant's 'draw'
    puts his Basic discard pile's top card under his Basic deck (Solo Mode, p. ~21)."""
    pos = s[L.RONDEL_POS + seat]
    n_players = s[L.N_PLAYERS]
    for k in range(1, n_players):
        other = (seat + k) % n_players
        if s[L.RONDEL_POS + other] != pos:
            continue
        if solo_mode(s) and other == L.TYRANT:
            basic_to_bottom(s)
            continue
        n = option(opts, 0, 0, 0, 0, 0)
        n = option(opts, n, COUNCIL_DRAWS if holds(s, other, COUNCIL_OF_ELDERS) else 1, 0, 0, 0)
        for _ in range(opts[decide(s, T, W, opts, n, other, D_COUNCIL_DRAW, rng), 0]):
            drawn = draw_card(s, other, rng)
            if drawn >= 0:
                emit(s, ev, other, EV_RONDEL_DRAW, T.rondel[pos], drawn, 0)


@kernel
def replenish_size(s, T, seat):
    """5 cards, one more for each of Civilisation steps 2 and 4 (pp. 7, ~9)."""
    return (T.setup[S_REPLENISH] + has_ability(s, T, seat, A_REPLENISH_6)
            + has_ability(s, T, seat, A_REPLENISH_7))


@kernel
def replenish_hand(s, T, W, seat, opts, rng):
    """Discard any cards, then draw back up to the Replenish Size (p. ~9). Returns the
    cards discarded and drawn, packed as discarded * 100 + drawn."""
    discarded = 0
    hand = L.HAND + seat * L.MAX_PILE
    while s[L.HAND_N + seat] > 0:
        n = option(opts, 0, -1, 0, 0, 0)
        for h in range(s[L.HAND_N + seat]):
            n = option(opts, n, h, s[hand + h], 0, 0)
        h = opts[decide(s, T, W, opts, n, seat, D_DISCARD, rng), 0]
        if h < 0:
            break
        hand_to_discard(s, seat, h)
        discarded += 1
    want = replenish_size(s, T, seat) - s[L.HAND_N + seat]
    drawn = draw_cards_reshuffling(s, seat, want, rng) if want > 0 else 0
    return discarded * 100 + drawn


@kernel
def replenish_pillars(s, seat):
    """Every Pillar of the seat steps off its Resource tile (p. ~9); returns how many."""
    n = 0
    for land in range(s[L.LAND_END]):
        if s[L.LAND_PILLAR + land] == seat and s[L.LAND_PILLAR_ON_RES + land] == 1:
            s[L.LAND_PILLAR_ON_RES + land] = 0
            n += 1
    return n


@kernel
def energise(s, T, W, ev, seat, work, opts, rng):
    """Turn Invoked Mythology cards upright, each for the Wine printed on it (p. ~9); the
    Siege of Destiny's Olympian beside the board too (p. ~18)."""
    base = seat * L.MAX_MYTH_SLOTS
    while True:
        n = option(opts, 0, -1, 0, 0, 0)
        wild = summarize(s, T, seat, work)
        for k in range(L.MAX_MYTH_SLOTS):
            card = s[L.MYTH_SLOT + base + k]
            if card < 0 or s[L.MYTH_INVOKED + base + k] == 0:
                continue
            for r in range(L.N_RESOURCES):
                work[W_COST + r] = 0
            work[W_COST + WINE] = T.mythology[card, 1]
            if covered(work, wild):
                n = option(opts, n, k, card, T.mythology[card, 1], 0)
        slot = opts[decide(s, T, W, opts, n, seat, D_ENERGISE, rng), 0]
        if slot < 0:
            return
        card = s[L.MYTH_SLOT + base + slot]
        for r in range(L.N_RESOURCES):
            work[W_COST + r] = 0
        work[W_COST + WINE] = T.mythology[card, 1]
        pay(s, T, W, ev, seat, work, opts, rng)
        s[L.MYTH_INVOKED + base + slot] = 0
        emit(s, ev, seat, EV_ENERGISE, slot, card, 0)


@kernel
def polis_expansion(s, T, W, ev, seat, work, opts, rng):
    """Polis Expansion (p. ~14): a Replenish Turn with a Ship of the seat in a Port steps up
    the track of that Port's Region, once; with Ships in the Ports of several Regions the
    seat chooses which (decision 22)."""
    if not holds(s, seat, POLIS_EXPANSION):
        return
    side = s[L.SIDE]
    n = 0
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        space = s[L.SHIP_SPACE + piece]
        if space < L.PORT:
            continue
        land = space - L.PORT
        track = s[L.REGION_TRACK + T.land_region[side, land]]
        listed = False
        for k in range(n):
            listed |= opts[k, 0] == track
        if not listed and s[L.TRACK_STEP + seat * L.N_TRACKS + track] < LAST_STEP:
            n = option(opts, n, track, land, 0, 0)
    if n == 0:
        return
    track = opts[decide(s, T, W, opts, n, seat, D_POLIS, rng), 0]
    step = progress(s, T, W, ev, seat, track, CAUSE_STRATEGY, True, work, opts, rng)
    emit(s, ev, seat, EV_STRATEGY, POLIS_EXPANSION, track, step)


@compiled_in_caller
def replenish_turn(s, T, W, ev, seat, work, scratch, opts, rng):
    """A Replenish Turn (p. ~9): hand, Pillars, a City-state ability of that trigger
    (p. 6) and of the Hero tile (p. 16), then Energising, with Free Actions between the
    steps (those before and after are the turn's, rules.advance); then Polis Expansion's
    step (p. ~14)."""
    packed = replenish_hand(s, T, W, seat, opts, rng)
    free_moment(s, T, W, ev, seat, work, scratch, opts, rng)
    pillars = replenish_pillars(s, seat)
    emit(s, ev, seat, EV_REPLENISH, packed // 100, packed % 100, pillars)
    city_state_ability(s, T, W, ev, seat, TRIGGER_REPLENISH, work, scratch, opts, rng)
    hero_ability(s, T, W, ev, seat, TRIGGER_REPLENISH, work, scratch, opts, rng)
    free_moment(s, T, W, ev, seat, work, scratch, opts, rng)
    energise(s, T, W, ev, seat, work, opts, rng)
    polis_expansion(s, T, W, ev, seat, work, opts, rng)
