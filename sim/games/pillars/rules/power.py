"""Power of a player in a space or Region, and Control of spaces, Regions and Cities
(p. 6), with the Military track's extra Power (p. 7)."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import ABILITIES
from sim.jit import kernel

A_PILLARS, A_HOPLITES, A_WORKERS, A_SHIPS = (
    ABILITIES.index("power_" + k) for k in ("pillars", "hoplites", "workers", "ships"))
NOBODY = -1


@kernel
def has_ability(s, T, seat, ability):
    """True once the seat's marker has reached a track step that grants ``ability``."""
    for t in range(L.N_TRACKS):
        if s[L.TRACK_STEP + seat * L.N_TRACKS + t] >= T.ability_step[ability, t]:
            return True
    return False


@kernel
def city_controller(s, land):
    """The marker's owner, or for a Starting City without a marker its colour (p. 6)."""
    marker = s[L.LAND_CITY_MARKER + land]
    if marker >= 0:
        return marker
    city = s[L.LAND_CITY + land]
    return city if 0 <= city < L.CITY_COMMON else NOBODY


@kernel
def land_power(s, T, land, seat):
    """The seat's Power on a Land: 1 per Worker, Agora, Temple, Pillar and City it
    Controls, 2 per Hoplite, 3 per Citadel, 2 per Ship in the Land's Port and 1 per Sea Ship
    whose projection the seat put on this Land this turn; each Military step adds 1 per
    piece of its kind (a Ship's extra Power lands once here, p. 7); and what abilities
    added there this turn (ops.OP_POWER)."""
    k = land * L.MAX_PLAYERS + seat
    hoplite = 2 + has_ability(s, T, seat, A_HOPLITES)
    worker = 1 + has_ability(s, T, seat, A_WORKERS)
    ship = has_ability(s, T, seat, A_SHIPS)
    power = s[L.LAND_HOPLITES + k] * hoplite + s[L.LAND_WORKERS + k] * worker
    building = s[L.LAND_BUILDING + k]
    if building == L.B_CITADEL:
        power += 3
    elif building >= 0:
        power += 1
    if s[L.LAND_PILLAR + land] == seat:
        power += 1 + has_ability(s, T, seat, A_PILLARS)
    if s[L.LAND_CITY + land] >= 0 and city_controller(s, land) == seat:
        power += 1
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        if s[L.SHIP_SPACE + piece] == L.PORT + land:
            power += 2 + ship
        elif 0 <= s[L.SHIP_SPACE + piece] < L.PORT and s[L.SHIP_PROJECT + piece] == land:
            power += 1 + ship
    return power + s[L.POWER_BONUS + k]


@kernel
def sea_power(s, T, sea, seat):
    """The seat's Power on a Sea: 1 per Ship there, plus its Military ship step."""
    per_ship = 1 + has_ability(s, T, seat, A_SHIPS)
    power = 0
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        power += per_ship * (s[L.SHIP_SPACE + piece] == sea)
    return power


@kernel
def region_power(s, T, region, seat):
    """The sum of the seat's Power on the Region's Lands (p. 6)."""
    power = 0
    for land in T.region_lands[s[L.SIDE], region]:
        power += land_power(s, T, land, seat)
    return power


@kernel
def ahead(s, track, a, b):
    """True when seat ``a``'s marker on ``track`` is ahead of ``b``'s: a higher step, or
    higher in the stack on the same step (p. 6)."""
    ka = a * L.N_TRACKS + track
    kb = b * L.N_TRACKS + track
    if s[L.TRACK_STEP + ka] != s[L.TRACK_STEP + kb]:
        return s[L.TRACK_STEP + ka] > s[L.TRACK_STEP + kb]
    return s[L.TRACK_HEIGHT + ka] > s[L.TRACK_HEIGHT + kb]


@kernel
def controller(s, powers, population, track):
    """Who Controls, from each seat's Power in ``powers``: strictly the most Power and more
    than ``population``; a tie goes to the tied marker furthest up ``track``, and to nobody
    when all tied markers are on step 0 (p. 6)."""
    best = NOBODY
    tied = False
    for seat in range(s[L.N_PLAYERS]):
        if best == NOBODY or powers[seat] > powers[best]:
            best = seat
            tied = False
        elif powers[seat] == powers[best]:
            tied = True
            if ahead(s, track, seat, best):
                best = seat
    if powers[best] <= population:
        return NOBODY
    if tied:
        on_zero = True
        for seat in range(s[L.N_PLAYERS]):
            if powers[seat] == powers[best] and s[L.TRACK_STEP + seat * L.N_TRACKS + track] > 0:
                on_zero = False
        if on_zero:
            return NOBODY
    return best


@kernel
def land_controller(s, T, land, powers):
    """Who Controls a Land; nobody while a face-down Population tile lies there (decision 5,
    docs/rules/pillars.md). ``powers`` is a work array of MAX_PLAYERS entries."""
    pop = s[L.LAND_POP + land]
    if pop >= 0 and s[L.LAND_POP_UP + land] == 0:
        return NOBODY
    for seat in range(s[L.N_PLAYERS]):
        powers[seat] = land_power(s, T, land, seat)
    population = T.population[pop, 1] if pop >= 0 else 0
    return controller(s, powers, population, s[L.REGION_TRACK + T.land_region[s[L.SIDE], land]])


@kernel
def region_controller(s, T, region, powers):
    """Who Controls a Region: nobody while any of its Population tiles is face down (p. 6)."""
    population = 0
    for land in T.region_lands[s[L.SIDE], region]:
        pop = s[L.LAND_POP + land]
        if pop >= 0:
            if s[L.LAND_POP_UP + land] == 0:
                return NOBODY
            population += T.population[pop, 1]
    for seat in range(s[L.N_PLAYERS]):
        powers[seat] = region_power(s, T, region, seat)
    return controller(s, powers, population, s[L.REGION_TRACK + region])
