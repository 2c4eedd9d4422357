"""The Status Check at the start of a turn (p. 8): a Siege with Tactical Card Support, in
Skirmish Mode a Skirmish (p. 15), else Domination and Consolidation; and the Sea Ships'
choice of Land for the turn, every seat's (p. 6, decision 1).

``scratch`` is an int32 work array of at least ``support.SCRATCH`` entries.
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import ICONS
from sim.games.pillars.decisions import D_PROGRESS, D_PROJECT, D_SIEGE_WIN
from sim.games.pillars.events import (
    CAUSE_CONSOLIDATION,
    CAUSE_DOMINATION,
    EV_CONSOLIDATION,
    EV_DOMINATION,
    EV_SIEGE,
    EV_SKIRMISH,
)
from sim.games.pillars.rules.cities import capture_city, cities_of
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.destiny import siege_may_take_only_city
from sim.games.pillars.rules.domains import open_land
from sim.games.pillars.rules.heroes import CH_PILLAR, CH_VICTORY, odysseus_challenge
from sim.games.pillars.rules.power import (
    NOBODY,
    city_controller,
    controller,
    controls,
    land_power,
    land_track,
)
from sim.games.pillars.rules.removal import (
    PIECE_PILLAR,
    pillars_on_board,
    remove_piece,
    take_pillar_from_board,
)
from sim.games.pillars.rules.rewards import progress
from sim.games.pillars.rules.skirmish import skirmish
from sim.games.pillars.rules.support import (
    S_BOOST,
    S_POWERS,
    redraw_losers,
    tactical_support,
)
from sim.games.pillars.rules.teams import partner
from sim.jit import compiled_in_caller, kernel

STATUS_MAX_STEP = 4  # a Status Check never takes a marker beyond step 4 (p. 8)
WIN_PILLAR, WIN_REPLACE, WIN_CITY = 0, 1, 2
N_ICONS = len(ICONS)


@kernel
def project_ships(s, T, W, seat, opts, rng):
    """The seat chooses, for each of its Ships in a Sea, the one adjacent open Land it
    gives its Power to this turn (p. 6)."""
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        project_ship(s, T, W, seat, piece, opts, rng)


@kernel
def choose_ship_lands(s, T, W, active, opts, rng):
    """A turn starts, and Power is first counted in it by its Status Check: every seat,
    the active one first and then clockwise, chooses its Sea Ships' Lands for this turn
    (p. 6: the choice holds for the turn it is made in and may change in any later turn,
    whoever's; decision 1). The Tyrant's Ships keep the Lands his rules give them."""
    n_players = s[L.N_PLAYERS]
    for k in range(n_players):
        seat = (active + k) % n_players
        if not (seat == L.TYRANT and s[L.ADDONS] & L.ADDON_SOLO != 0):
            project_ships(s, T, W, seat, opts, rng)


@kernel
def siege_controller(s, T, land, scratch):
    """Who Controls the space with each seat's Tactical Card Support added (p. 8);
    nobody while a face-down Population tile lies there (decision 5)."""
    pop = s[L.LAND_POP + land]
    if pop >= 0 and s[L.LAND_POP_UP + land] == 0:
        return NOBODY
    for seat in range(s[L.N_PLAYERS]):
        scratch[S_POWERS + seat] = land_power(s, T, land, seat) + scratch[S_BOOST + seat]
    population = T.population[pop, 1] if pop >= 0 else 0
    return controller(s, scratch[S_POWERS:], population, land_track(s, T, land))


@kernel
def siege_targets(s, land, seat):
    """What a Siege of the seat could take on ``land``: bit 1 another seat's Pillar, bit 2
    a City another seat Controls that is not its only City (p. 8; in the Siege of Destiny
    Troia's Starting City is, unless ``troia_rule`` is literal, p. ~18); never the ally's
    (decision 34, p. ~18)."""
    targets = 0
    ally = partner(s, seat)
    pillar = s[L.LAND_PILLAR + land]
    if pillar >= 0 and pillar != seat and pillar != ally:
        targets |= 1
    if s[L.LAND_CITY + land] >= 0:
        owner = city_controller(s, land)
        if owner != NOBODY and owner != seat and owner != ally and (
                cities_of(s, owner) > 1 or siege_may_take_only_city(s, land, owner)):
            targets |= 2
    return targets


@kernel
def siege(s, T, W, ev, seat, scratch, opts, rng):
    """Resolve the seat's Siege (p. 8). Won: the other seat's Pillar is removed (and may be
    replaced by one's own) or its City's marker replaced by one's own (none on one's own
    Starting City). The Siege tile leaves either way; a loser who placed support cards
    draws as many. Returns True when the Siege was won."""
    land = s[L.SIEGE_AT + seat]
    s[L.SIEGE_AT + seat] = -1
    tactical_support(s, T, W, ev, seat, -1, land, scratch, opts, rng)
    targets = siege_targets(s, land, seat)
    won = targets != 0 and siege_controller(s, T, land, scratch) == seat
    target = -1
    if won:
        n = 0
        if targets & 1:
            n = option(opts, n, WIN_PILLAR, 0, 0, 0)
            if pillars_on_board(s, T, seat) > 0:
                n = option(opts, n, WIN_REPLACE, 0, 0, 0)
        if targets & 2:
            n = option(opts, n, WIN_CITY, 0, 0, 0)
        target = opts[decide(s, T, W, opts, n, seat, D_SIEGE_WIN, rng), 0]
    emit(s, ev, seat, EV_SIEGE, land, 1 if won else 0, target)
    if target == WIN_CITY:
        capture_city(s, seat, land)
    elif won:
        remove_piece(s, T, W, ev, s[L.LAND_PILLAR + land], PIECE_PILLAR, land, opts, rng)
        if target == WIN_REPLACE:
            take_pillar_from_board(s, T, seat)
            s[L.LAND_PILLAR + land] = seat
            odysseus_challenge(s, T, ev, seat, land, CH_PILLAR)
    if won:
        odysseus_challenge(s, T, ev, seat, land, CH_VICTORY)
    redraw_losers(s, seat, won, scratch, rng)
    return won


@kernel
def may_progress(s, seat, track):
    """A Status Check may still step up ``track``: once per track, never beyond step 4."""
    return (s[L.STATUS_STEPPED + track] == 0
            and s[L.TRACK_STEP + seat * L.N_TRACKS + track] < STATUS_MAX_STEP)


@kernel
def dominates(s, T, seat, region, scratch):
    """The seat Controls a Land of ``region`` where another seat has a Pillar, a Building
    or a City it Controls (p. 8)."""
    for land in T.region_lands[s[L.SIDE], region]:
        rival = False
        pillar = s[L.LAND_PILLAR + land]
        rival |= pillar >= 0 and pillar != seat
        for other in range(s[L.N_PLAYERS]):
            rival |= other != seat and s[L.LAND_BUILDING + land * L.MAX_PLAYERS + other] >= 0
        if s[L.LAND_CITY + land] >= 0:
            owner = city_controller(s, land)
            rival |= owner != NOBODY and owner != seat
        if rival and controls(s, T, land, seat, scratch[S_POWERS:], 0):
            return True
    return False


@kernel
def step_in_status(s, T, W, ev, seat, track, cause, work, opts, rng):
    s[L.STATUS_STEPPED + track] = 1
    return progress(s, T, W, ev, seat, track, cause, True, work, opts, rng)


@kernel
def domination(s, T, W, ev, seat, work, scratch, opts, rng):
    """For each open Region the seat dominates, it may step up the Region's track (p. 8)."""
    for region in range(L.N_REGIONS):
        track = s[L.REGION_TRACK + region]
        if (s[L.REGION_BLOCKED + region] == 1 or not may_progress(s, seat, track)
                or not dominates(s, T, seat, region, scratch)):
            continue
        n = option(opts, 0, -1, 0, 0, 0)
        n = option(opts, n, track, 0, 0, 0)
        if opts[decide(s, T, W, opts, n, seat, D_PROGRESS, rng), 0] >= 0:
            step = step_in_status(s, T, W, ev, seat, track, CAUSE_DOMINATION, work, opts, rng)
            emit(s, ev, seat, EV_DOMINATION, region, track, step)


@kernel
def controlled_with_icon(s, T, seat, icon, scratch):
    side = s[L.SIDE]
    n = 0
    for land in range(s[L.LAND_END]):
        if T.land_icon[side, land] == icon and open_land(s, T, land):
            n += controls(s, T, land, seat, scratch[S_POWERS:], 0)
    return n


@kernel
def consolidation(s, T, W, ev, seat, work, scratch, opts, rng):
    """For each Land icon the seat Controls on 3 or more Lands, it may step up one of the
    two tracks that show that icon (p. 8)."""
    for icon in range(N_ICONS):
        if controlled_with_icon(s, T, seat, icon, scratch) < 3:
            continue
        n = option(opts, 0, -1, 0, 0, 0)
        for track in range(L.N_TRACKS):
            if T.tracks[track, 1] == icon and may_progress(s, seat, track):
                n = option(opts, n, track, 0, 0, 0)
        if n == 1:
            continue
        track = opts[decide(s, T, W, opts, n, seat, D_PROGRESS, rng), 0]
        if track >= 0:
            step = step_in_status(s, T, W, ev, seat, track, CAUSE_CONSOLIDATION, work, opts, rng)
            emit(s, ev, seat, EV_CONSOLIDATION, icon, track, step)


@compiled_in_caller
def status_check(s, T, W, ev, seat, work, scratch, opts, rng):
    """Step 1 of every turn (p. 8): a Siege if the seat's Siege tile is on the board, then
    in Skirmish Mode its Skirmish (p. 15), taken back unresolved after a won Siege. A
    Siege, won or lost, or a Skirmish ends the Status Check: Domination, then
    Consolidation, come only when there was neither (p. 8, p. 15)."""
    for track in range(L.N_TRACKS):
        s[L.STATUS_STEPPED + track] = 0
    besieged = s[L.SIEGE_AT + seat] >= 0
    won = besieged and siege(s, T, W, ev, seat, scratch, opts, rng)
    if s[L.SKIRMISH_AT + seat] >= 0:
        if won:
            emit(s, ev, seat, EV_SKIRMISH, s[L.SKIRMISH_AT + seat], -1, 0)
            s[L.SKIRMISH_AT + seat] = -1
            return
        if skirmish(s, T, W, ev, seat, scratch, opts, rng):
            return
    if besieged:
        return
    domination(s, T, W, ev, seat, work, scratch, opts, rng)
    consolidation(s, T, W, ev, seat, work, scratch, opts, rng)


@kernel
def project_ship(s, T, W, seat, piece, opts, rng):
    """One Ship just put in a Sea chooses the adjacent open Land it gives its Power to for
    the rest of the turn (p. 6); a Ship in a Port or off the board gives none elsewhere."""
    sea = s[L.SHIP_SPACE + piece]
    s[L.SHIP_PROJECT + piece] = -1
    if not 0 <= sea < L.PORT:
        return
    n = 0
    for land in range(s[L.LAND_END]):
        if T.land_sea[s[L.SIDE], land, sea] == 1 and open_land(s, T, land):
            n = option(opts, n, land, 0, 0, 0)
    if n > 0:
        s[L.SHIP_PROJECT + piece] = opts[decide(s, T, W, opts, n, seat, D_PROJECT, rng), 0]
