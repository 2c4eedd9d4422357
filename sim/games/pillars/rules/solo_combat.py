"""Solo Mode combat (p. ~22): no Siege; a fight is resolved at once when the Tyrant moves
Hoplites onto a space you occupy, or when you move Hoplites onto a space of his and
choose to attack.

The mover attacks. The defender wins ties (unless the attacker holds Strategic
Initiative) and its City there counts 3 Power instead of 1. Only you play cards: those
of the space's Resource, each adding its Power. Attacking him, you face his Power plus
the space's Population tile's, or with none there that of the top Helmet tile of the
unused stack, which stays there (decision 59). The loser's Units leave: yours to
adjacent Lands of your choice, his to his nearest City (his Ships in the space's Port to
the lowest-numbered Sea the Land touches). A City changes hands as after a Siege, except
that no one loses an only City: its owner's Units leave instead (decision 17).
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import C_POWER, C_RES_A, C_RES_B, ICONS
from sim.games.pillars.decisions import D_ATTACK, D_COMBAT_CARD, D_RETREAT
from sim.games.pillars.events import EV_COMBAT
from sim.games.pillars.rules.board import has_city, lands_meet, place_on_land
from sim.games.pillars.rules.cards import hand_to_discard
from sim.games.pillars.rules.cities import capture_city, cities_of
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.power import land_power
from sim.games.pillars.rules.strategy import STRATEGIC_INITIATIVE, holds
from sim.games.pillars.rules.tyrant_choice import tyrant_resource
from sim.games.pillars.rules.tyrant_spaces import TO_SEA, nearest_city, ship_target
from sim.jit import kernel

T_SEAT = L.TYRANT
YOU = L.SOLO_PLAYER
CITY_IN_COMBAT = 3  # a defender's City there (p. ~22), in place of its usual 1
HELMET = ICONS.index("helmet")


@kernel
def defence(s, T, seat, land):
    """The defender's Power: its City there counts 3."""
    return land_power(s, T, land, seat) + (CITY_IN_COMBAT - 1) * has_city(s, seat, land)


@kernel
def attacker_wins(s, attacker, attack, defend):
    return attack > defend or (attack == defend and holds(s, attacker, STRATEGIC_INITIATIVE))


@kernel
def space_resource(s, T, land):
    """The Resource of the Land's tile, -1 without one."""
    tile = s[L.LAND_RES + land]
    return T.resource_tiles[tile, 0] if tile >= 0 else -1


@kernel
def play_cards(s, T, W, ev, land, needed, opts, rng):
    """You play cards of the space's Resource one at a time until you stop; returns their
    Power. ``needed``: the Power you lack (the options carry what is still lacking)."""
    resource = space_resource(s, T, land)
    added = 0
    hand = L.HAND + YOU * L.MAX_PILE
    while resource >= 0:
        n = option(opts, 0, -1, 0, needed - added, 0)
        for h in range(s[L.HAND_N + YOU]):
            card = s[hand + h]
            if T.cards[card, C_RES_A] == resource or T.cards[card, C_RES_B] == resource:
                n = option(opts, n, h, card, needed - added, 0)
        h = opts[decide(s, T, W, opts, n, YOU, D_COMBAT_CARD, rng), 0]
        if h < 0:
            break
        added += T.cards[hand_to_discard(s, YOU, h), C_POWER]
    return added


@kernel
def shift_units(s, seat, land, to):
    """All the seat's Hoplites and Workers on ``land`` go to ``to``."""
    a = land * L.MAX_PLAYERS + seat
    b = to * L.MAX_PLAYERS + seat
    s[L.LAND_HOPLITES + b] += s[L.LAND_HOPLITES + a]
    s[L.LAND_WORKERS + b] += s[L.LAND_WORKERS + a]
    s[L.LAND_HOPLITES + a] = 0
    s[L.LAND_WORKERS + a] = 0


@kernel
def you_retreat(s, T, W, ev, land, opts, rng):
    """Your Land Units leave ``land`` for one open Land of your choice next to it: over a
    border or a bridge as a Land Unit moves (p. 9), or, from a Land with none, across a
    Sea both touch (decision 59)."""
    side = s[L.SIDE]
    n = 0
    for other in range(s[L.LAND_END]):
        if open_land(s, T, other) and lands_meet(T, side, land, other):
            n = option(opts, n, other, land, 0, 0)
    if n == 0:
        for other in range(s[L.LAND_END]):
            if other != land and open_land(s, T, other) and T.land_steps[side, land, other] == 1:
                n = option(opts, n, other, land, 0, 0)
    if n == 0:
        return
    to = opts[decide(s, T, W, opts, n, YOU, D_RETREAT, rng), 0]
    shift_units(s, YOU, land, to)
    if s[L.HERO_AT + YOU] == land:
        s[L.HERO_AT + YOU] = to
    place_on_land(s, T, ev, YOU, to)


@kernel
def tyrant_retreats(s, T, land, ships_too):
    """His Land Units on ``land`` go to his nearest City (they stay when that is this
    Land); with ``ships_too`` his Ship in its Port goes to the lowest-numbered Sea there."""
    home = nearest_city(s, T, land, tyrant_resource(s, T))
    if home >= 0 and home != land:
        shift_units(s, T_SEAT, land, home)
    if ships_too:
        for piece in range(T_SEAT * L.MAX_SHIPS, (T_SEAT + 1) * L.MAX_SHIPS):
            if s[L.SHIP_SPACE + piece] == L.PORT + land:
                s[L.SHIP_SPACE + piece] = ship_target(s, T, land, TO_SEA)
                s[L.SHIP_PROJECT + piece] = land


@kernel
def take_city(s, winner, loser, land):
    """The winner takes the loser's City on ``land`` unless it is the loser's only one;
    returns True when it changed hands."""
    if not has_city(s, loser, land) or cities_of(s, loser) <= 1:
        return False
    capture_city(s, winner, land)
    return True


@kernel
def tyrant_attacks(s, T, W, ev, land, scratch, opts, rng):
    """His Hoplites arrived on a space you occupy (p. ~22)."""
    attack = land_power(s, T, land, T_SEAT)
    defend = defence(s, T, YOU, land)
    if attacker_wins(s, T_SEAT, attack, defend):
        defend += play_cards(s, T, W, ev, land, attack - defend, opts, rng)
    won = attacker_wins(s, T_SEAT, attack, defend)
    emit(s, ev, T_SEAT, EV_COMBAT, land, T_SEAT, 1 if won else 0)
    if won:
        if not take_city(s, T_SEAT, YOU, land):
            you_retreat(s, T, W, ev, land, opts, rng)
    else:
        tyrant_retreats(s, T, land, True)


@kernel
def helmet_tile(s, T):
    """The first unused Helmet Population tile of the face-down stack, -1."""
    for k in range(s[L.SOLO_POP_N] - 1, -1, -1):
        if T.population[s[L.SOLO_POP + k], 0] == HELMET:
            return s[L.SOLO_POP + k]
    return -1


@kernel
def tyrant_defence(s, T, land):
    """His Power against your attack: his own (a City 3), plus the space's Population
    tile's, or with none there an unused Helmet tile's."""
    power = defence(s, T, T_SEAT, land)
    tile = s[L.LAND_POP + land]
    if tile < 0:
        tile = helmet_tile(s, T)
    return power + (T.population[tile, 1] if tile >= 0 else 0)


@kernel
def tyrant_there(s, land):
    k = land * L.MAX_PLAYERS + T_SEAT
    return s[L.LAND_HOPLITES + k] + s[L.LAND_WORKERS + k] > 0 or has_city(s, T_SEAT, land)


@kernel
def you_may_attack(s, T, W, ev, land, opts, rng):
    """Your Hoplites arrived on a space of his: you may attack (p. ~22)."""
    if not tyrant_there(s, land):
        return
    defend = tyrant_defence(s, T, land)
    attack = land_power(s, T, land, YOU)
    n = option(opts, 0, 0, land, attack, defend)
    n = option(opts, n, 1, land, attack, defend)
    if opts[decide(s, T, W, opts, n, YOU, D_ATTACK, rng), 0] == 0:
        return
    if not attacker_wins(s, YOU, attack, defend):
        attack += play_cards(s, T, W, ev, land, defend + 1 - attack, opts, rng)
    won = attacker_wins(s, YOU, attack, defend)
    emit(s, ev, YOU, EV_COMBAT, land, YOU, 1 if won else 0)
    if not won:
        you_retreat(s, T, W, ev, land, opts, rng)
    elif not has_city(s, T_SEAT, land):
        tyrant_retreats(s, T, land, False)
    elif not take_city(s, YOU, T_SEAT, land):
        tyrant_retreats(s, T, land, False)
