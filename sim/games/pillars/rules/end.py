"""The game's end (p. 13; Appendix 4, p. 15): the three triggers checked after every
turn, the rest of the round and one more round, then final scoring: the Glory of
Prophecies and Monuments, 3 per City and, Region by Region from the top-left one
clockwise, the End Ships and 3 per Region Controlled; the most Glory wins, ties to the
most track steps, then shared. In Symmachia the same between the teams (p. 15). The Siege
of Destiny ignores all that: a side wins at once by its own condition (p. ~18); the game
stops at the end of that turn, whose rest cannot undo the win (decision 50), and its Glory
is still scored for the record."""

from sim.games.kernels import total
from sim.games.pillars import layout as L
from sim.games.pillars.content import P_ERA, P_GLORY
from sim.games.pillars.decisions import D_END_SHIP
from sim.games.pillars.events import EV_END_SHIP, EV_END_TRIGGER, EV_GLORY, EV_REGION_SCORE
from sim.games.pillars.rules.cards import pile_glory
from sim.games.pillars.rules.cities import cities_of
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.destiny import destiny_end, destiny_mode, mark_destiny_winners
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.power import region_controller
from sim.games.pillars.rules.strategy import STRATEGIC_INITIATIVE, holds
from sim.games.pillars.rules.teams import NO_PARTNER, partner
from sim.games.pillars.rules.tracks import LAST_STEP
from sim.games.pillars.rules.wheels import solo_mode
from sim.jit import kernel

GLORY_PER_CITY = 3  # p. 13
GLORY_PER_REGION = 3  # p. 13
ERA_III = 3
SRC_PROPHECIES, SRC_MONUMENTS, SRC_CITIES, SRC_REGIONS, SRC_MYTHOLOGY = range(L.N_SOURCES)
# Solo Mode's Tyrant (p. ~31): Glory per Mythology card of his stack by deck (DECKS order:
# Demigod, Titan, Olympian), per City tile he could not build
TYRANT_MYTHOLOGY_GLORY = (1, 3, 3)
TYRANT_UNBUILT_GLORY = 2


@kernel
def track_ends_reached(s):
    """The track ends the players have 'collectively' reached (decision 2): every seat's
    marker on a track's last step, or with ``TRACK_END_TRACKS`` each track whose last step
    some marker has reached, once."""
    n = 0
    for t in range(L.N_TRACKS):
        markers = 0
        for seat in range(s[L.N_PLAYERS]):
            markers += s[L.TRACK_STEP + seat * L.N_TRACKS + t] == LAST_STEP
        n += min(markers, 1) if s[L.TRACK_END] == L.TRACK_END_TRACKS else markers
    return n


@kernel
def era3_removed(s, T):
    """Era III Prophecies gone from the board; Fulfilling is the only way the core game
    removes one (p. 8)."""
    n = 0
    for c in range(T.prophecies.shape[0]):
        n += T.prophecies[c, P_ERA] == ERA_III and s[L.PROPHECY_OWNER + c] >= 0
    return n


@kernel
def end_trigger(s, T, seat):
    """The first trigger of p. 13 that holds now, in the text's order (``seat`` is the
    active seat, whose Cities count), as the mode sets them (p. 15), or the Siege of
    Destiny's wins (p. ~18); END_NONE."""
    if destiny_mode(s):
        return destiny_end(s, T)
    mode = s[L.MODE]
    if cities_of(s, seat) >= L.END_CITIES[mode]:
        return L.END_BY_CITIES
    if L.END_TRACKS[mode] == 1 and track_ends_reached(s) >= s[L.N_PLAYERS]:
        return L.END_BY_TRACKS
    if L.END_ERA3[mode] > 0 and era3_removed(s, T) >= L.END_ERA3[mode]:
        return L.END_BY_PROPHECIES
    return L.END_NONE


@kernel
def check_end(s, T, ev, seat):
    """After ``seat``'s turn: a first trigger sets the last round, the one after the
    current round, so that every seat has as many turns (p. 13); a win of the Siege of
    Destiny ends the game now (p. ~18)."""
    if s[L.END_ROUND] > 0:
        return
    reason = end_trigger(s, T, seat)
    if reason != L.END_NONE:
        s[L.END_REASON] = reason
        s[L.END_ROUND] = s[L.ROUND] if destiny_mode(s) else s[L.ROUND] + 1
        s[L.GAME_OVER] = 1 if destiny_mode(s) else 0
        emit(s, ev, seat, EV_END_TRIGGER, reason, s[L.END_ROUND], 0)


@kernel
def add_glory(s, ev, seat, source, amount):
    if amount == 0:
        return
    s[L.GLORY_SRC + seat * L.N_SOURCES + source] += amount
    s[L.GLORY + seat] += amount
    emit(s, ev, seat, EV_GLORY, source, amount, s[L.GLORY + seat])


@kernel
def monument_glory(s, T, seat):
    """Glory printed on the Monuments in the seat's deck: draw pile, hand and discard pile
    (an Exiled card has left the game)."""
    return (pile_glory(s, T, seat, L.DECK, L.DECK_N) + pile_glory(s, T, seat, L.HAND, L.HAND_N)
            + pile_glory(s, T, seat, L.DISCARD, L.DISCARD_N))


@kernel
def end_ship_choices(s, T, seat, region, opts):
    """None, or a Ship of the seat in a Sea next to a Land of ``region`` and not yet
    placed, with that Land (decision 7)."""
    n = option(opts, 0, -1, 0, 0, 0)
    side = s[L.SIDE]
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        sea = s[L.SHIP_SPACE + piece]
        if sea < 0 or sea >= L.PORT or s[L.END_SHIP + piece] == 1:
            continue
        for land in range(s[L.LAND_END]):
            if (T.land_region[side, land] == region and T.land_sea[side, land, sea] == 1
                    and open_land(s, T, land)):
                n = option(opts, n, piece, land, 0, 0)
    return n


@kernel
def place_end_ships(s, T, W, ev, region, opts, rng):
    """Before a Region is scored, each seat from the First Player clockwise may put one
    Ship from a Sea next to it on one of its Lands, where it gives its Power (p. 13)."""
    n_players = s[L.N_PLAYERS]
    for k in range(n_players):
        seat = (s[L.FIRST] + k) % n_players
        if seat == L.TYRANT and solo_mode(s):
            continue  # his Sea Ships give all their Lands Power (tyrant_end_ships)
        n = end_ship_choices(s, T, seat, region, opts)
        if n == 1:
            continue
        c = decide(s, T, W, opts, n, seat, D_END_SHIP, rng)
        piece = opts[c, 0]
        if piece >= 0:
            s[L.SHIP_PROJECT + piece] = opts[c, 1]
            s[L.END_SHIP + piece] = 1
            emit(s, ev, seat, EV_END_SHIP, piece, opts[c, 1], region)


@kernel
def track_steps(s, seat):
    """Steps the seat's markers have taken on every track."""
    return total(s, L.TRACK_STEP + seat * L.N_TRACKS, L.N_TRACKS)


@kernel
def side_glory(s, seat):
    """The seat's Glory, with its partner's in Symmachia (p. 15)."""
    ally = partner(s, seat)
    return s[L.GLORY + seat] + (s[L.GLORY + ally] if ally != NO_PARTNER else 0)


@kernel
def side_steps(s, seat):
    """The seat's steps on all the Region tracks, with its partner's in Symmachia (the
    tie-break of p. 13 applied to teams, decision 33)."""
    ally = partner(s, seat)
    return track_steps(s, seat) + (track_steps(s, ally) if ally != NO_PARTNER else 0)


@kernel
def side_initiative(s, seat):
    """The seat, or in Symmachia its partner, holds Strategic Initiative (p. ~14)."""
    ally = partner(s, seat)
    return holds(s, seat, STRATEGIC_INITIATIVE) or (
        ally != NO_PARTNER and holds(s, ally, STRATEGIC_INITIATIVE))


@kernel
def better(s, a, b):
    """Seat ``a`` beats ``b``: more Glory, or as much and the Strategic Initiative tile,
    which wins every tie its holder is in (p. ~14), or, when both or neither hold it, more
    steps on all the Region tracks together (p. 13); in Symmachia, the seats' teams so
    (p. 15), and partners never beat each other; in the Siege of Destiny the winning side
    beats the other."""
    if destiny_mode(s):
        return s[L.WON + a] > s[L.WON + b]
    if partner(s, a) == b:
        return False
    glory_a, glory_b = side_glory(s, a), side_glory(s, b)
    if glory_a != glory_b:
        return glory_a > glory_b
    initiative_a, initiative_b = side_initiative(s, a), side_initiative(s, b)
    if initiative_a != initiative_b:
        return initiative_a
    return side_steps(s, a) > side_steps(s, b)


@kernel
def mark_winners(s, T):
    """WON is 1 for every seat no other seat beats: still tied, a shared victory (p. 13)."""
    if destiny_mode(s):
        mark_destiny_winners(s, T)
        return
    for a in range(s[L.N_PLAYERS]):
        won = 1
        for b in range(s[L.N_PLAYERS]):
            if b != a and better(s, b, a):
                won = 0
        s[L.WON + a] = won


@kernel
def rank_of(s, seat):
    """1 + the seats (in Symmachia, the teams) that beat ``seat``; tied seats share a
    rank."""
    r = 1
    for b in range(s[L.N_PLAYERS]):
        ally = partner(s, b)
        if b != seat and better(s, b, seat) and (ally == NO_PARTNER or b < ally):
            r += 1
    return r


@kernel
def tyrant_scoring(s, T, ev):
    """The Tyrant's end (p. ~31): the Monuments of his Resource deck and its discard pile,
    his Mythology stack (Demigods 1, Titans and Olympians 3), 2 per City tile above his
    board; and each of his Ships in a Sea gives 1 Power to every Land it touches."""
    seat = L.TYRANT
    add_glory(s, ev, seat, SRC_MONUMENTS, pile_glory(s, T, 0, L.SOLO_RES_DECK, L.SOLO_RES_N)
              + pile_glory(s, T, 0, L.SOLO_RES_DISCARD, L.SOLO_RES_DISCARD_N))
    g = 0
    for card in range(T.mythology.shape[0]):
        if s[L.SOLO_MYTH + card] == 1:
            g += TYRANT_MYTHOLOGY_GLORY[T.mythology[card, 0]]
    add_glory(s, ev, seat, SRC_MYTHOLOGY, g)
    add_glory(s, ev, seat, SRC_CITIES, TYRANT_UNBUILT_GLORY * s[L.CITIES_ASIDE + seat])
    side = s[L.SIDE]
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        sea = s[L.SHIP_SPACE + piece]
        if not 0 <= sea < L.PORT:
            continue
        for land in range(s[L.LAND_END]):
            if T.land_sea[side, land, sea] == 1 and open_land(s, T, land):
                s[L.POWER_BONUS + land * L.MAX_PLAYERS + seat] += 1


@kernel
def final_scoring(s, T, W, ev, powers, opts, rng):
    """Final scoring (p. 13). A Sea Ship's choice of Land from the last turn lapses: at the
    end a Ship gives Power to a Land only when placed there as an End Ship. The archers'
    aims lapse too: every Hoplite counts on its own Land (decision 18)."""
    n_players = s[L.N_PLAYERS]
    for k in range(L.MAX_PLAYERS):
        s[L.GLORY + k] = 0
        s[L.WON + k] = 0
    s[L.GLORY_SRC:L.GLORY_SRC + L.MAX_PLAYERS * L.N_SOURCES] = 0
    for piece in range(L.MAX_PLAYERS * L.MAX_SHIPS):
        if 0 <= s[L.SHIP_SPACE + piece] < L.PORT:
            s[L.SHIP_PROJECT + piece] = -1
    s[L.ARCHERS:L.ARCHERS + L.N_LANDS * L.MAX_PLAYERS] = 0
    for seat in range(n_players):
        g = 0
        for c in range(T.prophecies.shape[0]):
            if s[L.PROPHECY_OWNER + c] == seat:
                g += T.prophecies[c, P_GLORY]
        add_glory(s, ev, seat, SRC_PROPHECIES, g)
        add_glory(s, ev, seat, SRC_MONUMENTS, monument_glory(s, T, seat))
        add_glory(s, ev, seat, SRC_CITIES, GLORY_PER_CITY * cities_of(s, seat))
    if solo_mode(s):
        tyrant_scoring(s, T, ev)
    side = s[L.SIDE]
    for k in range(T.score_order.shape[1]):
        region = T.score_order[side, k]
        if s[L.REGION_BLOCKED + region] == 1:
            continue  # a Forbidden Domain is not part of the game (p. 6)
        place_end_ships(s, T, W, ev, region, opts, rng)
        winner = region_controller(s, T, region, powers)
        emit(s, ev, winner, EV_REGION_SCORE, region, winner,
             GLORY_PER_REGION if winner >= 0 else 0)
        if winner >= 0:
            add_glory(s, ev, winner, SRC_REGIONS, GLORY_PER_REGION)
    mark_winners(s, T)
