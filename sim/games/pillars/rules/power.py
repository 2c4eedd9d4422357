"""Power of a player in a space or Region, and Control of spaces, Regions and Cities
(p. 6), with the Military track's extra Power (p. 7) and the Strategy tiles that add
Power or win ties (Appendix 2, p. ~14)."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import ABILITIES
from sim.games.pillars.rules.heroes import hero_power
from sim.games.pillars.rules.strategy import (
    ARCHERY_MASTERY,
    FORTIFICATIONS,
    HEROIC_EPIC,
    PHALANX_FORMATION,
    SIEGE_WEAPONS,
    STRATEGIC_INITIATIVE,
    holds,
)
from sim.jit import inline_kernel, kernel

A_PILLARS, A_HOPLITES, A_WORKERS, A_SHIPS = (
    ABILITIES.index("power_" + k) for k in ("pillars", "hoplites", "workers", "ships"))
NOBODY = -1
HEROIC_EPIC_POWER = 2  # extra per City (p. ~14)
SIEGE_WEAPONS_POWER, SIEGE_WEAPONS_UNITS = 2, 2  # p. ~14
PHALANX_POWER, PHALANX_UNITS = 2, 3  # p. ~14


@inline_kernel
def has_ability(s, T, seat, ability):
    """True once the seat's marker has reached a track step that grants ``ability``."""
    for t in range(L.N_TRACKS):
        if s[L.TRACK_STEP + seat * L.N_TRACKS + t] >= T.ability_step[ability, t]:
            return True
    return False


@inline_kernel
def city_controller(s, land):
    """The marker's owner, or for a Starting City without a marker its colour (p. 6)."""
    marker = s[L.LAND_CITY_MARKER + land]
    if marker >= 0:
        return marker
    city = s[L.LAND_CITY + land]
    return city if 0 <= city < L.CITY_COMMON else NOBODY


@inline_kernel
def rival_building(s, land, seat):
    """Another seat has a Building on ``land``."""
    for other in range(s[L.N_PLAYERS]):
        if other != seat and s[L.LAND_BUILDING + land * L.MAX_PLAYERS + other] >= 0:
            return True
    return False


@inline_kernel
def archery_shift(s, T, land, seat, hoplite):
    """Archery Mastery's change to the seat's Power on ``land``: its archers there give
    their Power elsewhere, and each archer aiming here from an adjacent Land gives 1
    (p. ~14; decision 18)."""
    k = land * L.MAX_PLAYERS + seat
    shift = -hoplite * min(s[L.ARCHERS + k], s[L.LAND_HOPLITES + k])
    for other in range(s[L.LAND_END]):
        j = other * L.MAX_PLAYERS + seat
        if s[L.ARCHERY_TO + j] == land:
            shift += min(s[L.ARCHERS + j], s[L.LAND_HOPLITES + j])
    return shift


@kernel
def land_power(s, T, land, seat):
    """The seat's Power on a Land: its pieces' (``pieces_power``) and, with Phalanx
    Formation formed in the Land's Region, 2 more where its Land Units stand (p. ~14;
    decision 19, the ``phalanx`` setting)."""
    power = pieces_power(s, T, land, seat)
    if holds(s, seat, PHALANX_FORMATION) and s[L.PHALANX_RULE] == L.PHALANX_LANDS:
        k = land * L.MAX_PLAYERS + seat
        region = T.land_region[s[L.SIDE], land]
        if (region >= 0 and s[L.LAND_HOPLITES + k] + s[L.LAND_WORKERS + k]
                + (s[L.HERO_AT + seat] == land) > 0
                and region_units(s, T, region, seat) >= PHALANX_UNITS):
            power += PHALANX_POWER
    return power


@kernel
def region_units(s, T, region, seat):
    """The seat's Land Units in the Region: Hoplites, Workers and its Hero (p. 16)."""
    units = 0
    for land in T.region_lands[s[L.SIDE], region]:
        k = land * L.MAX_PLAYERS + seat
        units += s[L.LAND_HOPLITES + k] + s[L.LAND_WORKERS + k] + (s[L.HERO_AT + seat] == land)
    return units


@kernel
def pieces_power(s, T, land, seat):
    """The seat's pieces' Power on a Land: 1 per Worker, Agora, Temple, Pillar and City it
    Controls, 2 per Hoplite, 3 per Citadel, 2 per Ship in the Land's Port and 1 per Sea Ship
    whose projection the seat put on this Land this turn; each Military step adds 1 per
    piece of its kind (a Ship's extra Power lands once here, p. 7). Strategy tiles (p. ~14):
    Fortifications 1 per Building, Heroic Epic 2 per City, Siege Weapons 2 with 2 Land
    Units beside another seat's Building, Archery Mastery's archers; what abilities
    added there this turn (ops.OP_POWER); and the seat's Hero Unit's (p. 16)."""
    k = land * L.MAX_PLAYERS + seat
    hoplites = s[L.LAND_HOPLITES + k]
    workers = s[L.LAND_WORKERS + k]
    hero = s[L.HERO_AT + seat] == land
    units = hoplites + workers + hero
    power = hero_power(s, T, seat) if hero else 0
    # the track abilities are looked up only for pieces the seat has here (most Lands
    # hold none of a seat's: this is the engine's and the bots' most called kernel)
    archery = holds(s, seat, ARCHERY_MASTERY)
    if hoplites > 0 or archery:
        hoplite = 2 + has_ability(s, T, seat, A_HOPLITES)
        power += hoplites * hoplite
        if archery:
            power += archery_shift(s, T, land, seat, hoplite)
    if workers > 0:
        power += workers * (1 + has_ability(s, T, seat, A_WORKERS))
    building = s[L.LAND_BUILDING + k]
    if building >= 0:
        power += (3 if building == L.B_CITADEL else 1) + holds(s, seat, FORTIFICATIONS)
    if s[L.LAND_PILLAR + land] == seat:
        power += 1 + has_ability(s, T, seat, A_PILLARS)
    if s[L.LAND_CITY + land] >= 0 and city_controller(s, land) == seat:
        power += 1 + HEROIC_EPIC_POWER * holds(s, seat, HEROIC_EPIC)
    if (units >= SIEGE_WEAPONS_UNITS and holds(s, seat, SIEGE_WEAPONS)
            and rival_building(s, land, seat)):
        power += SIEGE_WEAPONS_POWER
    in_port = projected = 0
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        space = s[L.SHIP_SPACE + piece]
        if space == L.PORT + land:
            in_port += 1
        elif 0 <= space < L.PORT and s[L.SHIP_PROJECT + piece] == land:
            projected += 1
    if in_port + projected > 0:
        ship = has_ability(s, T, seat, A_SHIPS)
        power += in_port * (2 + ship) + projected * (1 + ship)
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
    """The sum of the seat's pieces' Power on the Region's Lands (p. 6); with Phalanx
    Formation, 2 more, once, when 3 of its Land Units stand in the Region: the formation's
    Power "collectively" (p. ~14; decision 19)."""
    power = 0
    for land in T.region_lands[s[L.SIDE], region]:
        power += pieces_power(s, T, land, seat)
    if holds(s, seat, PHALANX_FORMATION) and region_units(s, T, region, seat) >= PHALANX_UNITS:
        power += PHALANX_POWER
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
def same_initiative(s, a, b):
    """Both seats or neither hold Strategic Initiative: the tracks decide between them."""
    return holds(s, a, STRATEGIC_INITIATIVE) == holds(s, b, STRATEGIC_INITIATIVE)


@kernel
def wins_tie(s, track, a, b):
    """Seat ``a`` beats ``b`` at equal Power: the one holding Strategic Initiative wins
    (p. ~14), else the marker ahead on ``track`` (p. 6); without a track
    (Atlantis, decision 41) nobody wins the tie."""
    if not same_initiative(s, a, b):
        return holds(s, a, STRATEGIC_INITIATIVE)
    return track >= 0 and ahead(s, track, a, b)


@kernel
def controller(s, powers, population, track):
    """Who Controls, from each seat's Power in ``powers``: strictly the most Power and more
    than ``population``; a tie goes to the Strategic Initiative holder, else to the tied
    marker furthest up ``track``, and to nobody when the winner's marker is on step 0
    (or there is no track, -1) with a tie it did not win by the tile (p. 6, p. ~14)."""
    best = NOBODY
    for seat in range(s[L.N_PLAYERS]):
        if best == NOBODY or powers[seat] > powers[best] or (
                powers[seat] == powers[best] and wins_tie(s, track, seat, best)):
            best = seat
    if powers[best] <= population:
        return NOBODY
    if track < 0 or s[L.TRACK_STEP + best * L.N_TRACKS + track] == 0:
        for seat in range(s[L.N_PLAYERS]):
            if seat != best and powers[seat] == powers[best] and same_initiative(s, seat, best):
                return NOBODY
    return best


@kernel
def land_controller(s, T, land, powers):
    """Who Controls a Land; nobody while a face-down Population tile lies there (decision 5,
    docs/rules/pillars.md). ``powers`` is a work array of MAX_PLAYERS entries."""
    return land_controller_over(s, T, land, powers, 0)


@kernel
def land_controller_over(s, T, land, powers, extra):
    """``land_controller`` with ``extra`` Power added to the Population tile's (the
    Barbarians' for a Settle, p. 15)."""
    pop = s[L.LAND_POP + land]
    if pop >= 0 and s[L.LAND_POP_UP + land] == 0:
        return NOBODY
    for seat in range(s[L.N_PLAYERS]):
        powers[seat] = land_power(s, T, land, seat)
    population = (T.population[pop, 1] if pop >= 0 else 0) + extra
    return controller(s, powers, population, land_track(s, T, land))


@kernel
def controls(s, T, land, seat, powers, extra):
    """``land_controller_over(s, T, land, powers, extra) == seat``, the rivals' Power counted
    only where the seat has some: no Power Controls nothing (most Lands hold none of a
    seat's). ``powers`` is filled only when the seat has Power there."""
    if land_power(s, T, land, seat) <= 0:
        return False
    return land_controller_over(s, T, land, powers, extra) == seat


@kernel
def land_track(s, T, land):
    """The track that breaks Power ties on a Land, its Region's (p. 6); -1 on Atlantis,
    which lies in no Region (decision 41)."""
    region = T.land_region[s[L.SIDE], land]
    return s[L.REGION_TRACK + region] if region >= 0 else -1


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
