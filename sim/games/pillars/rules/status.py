"""The Status Check at the start of a turn (p. 8): a Siege with Tactical Card Support,
else Domination and Consolidation; and the Sea Ships' choice of Land for the turn
(p. 6, decision 1).

``scratch`` is an int32 work array of at least ``SCRATCH`` entries.
"""

from sim.games.pillars import layout as L
from sim.games.pillars.content import ICONS
from sim.games.pillars.decisions import D_PROGRESS, D_PROJECT, D_SIEGE_WIN, D_TACTICAL
from sim.games.pillars.events import (
    CAUSE_CONSOLIDATION,
    CAUSE_DOMINATION,
    EV_CONSOLIDATION,
    EV_DOMINATION,
    EV_SIEGE,
    EV_TACTICAL_SUPPORT,
)
from sim.games.pillars.rules.cards import draw_cards_reshuffling, hand_to_discard
from sim.games.pillars.rules.cities import cities_of, open_land
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.power import (
    NOBODY,
    city_controller,
    controller,
    land_controller,
    land_power,
)
from sim.games.pillars.rules.rewards import progress
from sim.games.pillars.rules.teams import partner
from sim.jit import compiled_in_caller, kernel

STATUS_MAX_STEP = 4  # a Status Check never takes a marker beyond step 4 (p. 8)
# scratch layout
S_POWERS = 0  # MAX_PLAYERS: Power in the space
S_BOOST = S_POWERS + L.MAX_PLAYERS  # MAX_PLAYERS: Tactical Card Support Power
S_USED = S_BOOST + L.MAX_PLAYERS  # MAX_PLAYERS: cards each seat placed
S_PICKS = S_USED + L.MAX_PLAYERS  # MAX_PLAYERS * MAX_SUPPORT: hand indices placed
MAX_SUPPORT = 8  # 6 Hoplites and a Citadel per colour at most
SCRATCH = S_PICKS + L.MAX_PLAYERS * MAX_SUPPORT
WIN_PILLAR, WIN_REPLACE, WIN_CITY = 0, 1, 2
N_ICONS = len(ICONS)


@kernel
def project_ships(s, T, W, seat, opts, rng):
    """The seat chooses, for each of its Ships in a Sea, the one adjacent open Land it
    gives its Power to this turn (p. 6; decision 1: a per-Ship choice its owner makes
    once per turn, at the start of that turn, and again for a Ship it moves or Deploys)."""
    for piece in range(seat * L.MAX_SHIPS, (seat + 1) * L.MAX_SHIPS):
        project_ship(s, T, W, seat, piece, opts, rng)


@kernel
def support_limit(s, land, seat):
    """Cards a seat may place for Tactical Card Support: one per Hoplite and Citadel it
    has in the space (p. 8)."""
    k = land * L.MAX_PLAYERS + seat
    return min(s[L.LAND_HOPLITES + k] + (s[L.LAND_BUILDING + k] == L.B_CITADEL), MAX_SUPPORT)


@kernel
def tactical_support(s, T, W, ev, attacker, land, scratch, opts, rng):
    """Each seat with Hoplites or Citadels in the space, the attacker first, then
    clockwise, places cards face down without seeing the others' (decision 4); then all
    are revealed, their Power added and the cards discarded (p. 8)."""
    n_players = s[L.N_PLAYERS]
    for k in range(n_players):
        seat = (attacker + k) % n_players
        scratch[S_BOOST + seat] = 0
        scratch[S_USED + seat] = 0
        limit = support_limit(s, land, seat)
        hand = L.HAND + seat * L.MAX_PILE
        while scratch[S_USED + seat] < limit:
            n = option(opts, 0, -1, 0, 0, 0)
            for h in range(s[L.HAND_N + seat]):
                placed = False
                for i in range(scratch[S_USED + seat]):
                    placed |= scratch[S_PICKS + seat * MAX_SUPPORT + i] == h
                if not placed:
                    n = option(opts, n, h, s[hand + h], 0, 0)
            h = opts[decide(s, T, W, opts, n, seat, D_TACTICAL, rng), 0]
            if h < 0:
                break
            scratch[S_PICKS + seat * MAX_SUPPORT + scratch[S_USED + seat]] = h
            scratch[S_USED + seat] += 1
    for seat in range(n_players):
        used = scratch[S_USED + seat]
        if used == 0:
            continue
        # discard from the highest hand index down, so the lower indices stay valid
        for _ in range(used):
            top = -1
            at = 0
            for i in range(used):
                h = scratch[S_PICKS + seat * MAX_SUPPORT + i]
                if h > top:
                    top = h
                    at = i
            scratch[S_PICKS + seat * MAX_SUPPORT + at] = -1
            card = hand_to_discard(s, seat, top)
            scratch[S_BOOST + seat] += T.cards[card, 1]
        emit(s, ev, seat, EV_TACTICAL_SUPPORT, land, used, scratch[S_BOOST + seat])


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
    track = s[L.REGION_TRACK + T.land_region[s[L.SIDE], land]]
    return controller(s, scratch[S_POWERS:], population, track)


@kernel
def siege_targets(s, land, seat):
    """What a Siege of the seat could take on ``land``: bit 1 another seat's Pillar, bit 2
    a City another seat Controls that is not its only City (p. 8); never the partner's in
    Symmachia (decision 34)."""
    targets = 0
    ally = partner(s, seat)
    pillar = s[L.LAND_PILLAR + land]
    if pillar >= 0 and pillar != seat and pillar != ally:
        targets |= 1
    if s[L.LAND_CITY + land] >= 0:
        owner = city_controller(s, land)
        if owner != NOBODY and owner != seat and owner != ally and cities_of(s, owner) > 1:
            targets |= 2
    return targets


@kernel
def return_pillar(s, T, owner):
    """A Pillar back onto the first Settle row of its owner's Player board with room; with
    none (the starting Pillar never had a slot), beside the board until a slot frees, as
    the Barbarian and Skirmish rules put it (p. 15)."""
    for row in range(T.settle_rows.shape[0]):
        if s[L.SETTLE_LEFT + owner * L.MAX_ROWS + row] < T.settle_rows[row]:
            s[L.SETTLE_LEFT + owner * L.MAX_ROWS + row] += 1
            return
    s[L.PILLARS_BESIDE + owner] += 1


@kernel
def take_pillar_from_row(s, seat, row):
    """A Pillar leaves a Settle row; one waiting beside the board takes the freed slot."""
    if s[L.PILLARS_BESIDE + seat] > 0:
        s[L.PILLARS_BESIDE + seat] -= 1
    else:
        s[L.SETTLE_LEFT + seat * L.MAX_ROWS + row] -= 1


@kernel
def take_pillar_from_board(s, T, seat):
    """One of the seat's Pillars off its Settle rows, the top row first; False if none."""
    for row in range(T.settle_rows.shape[0]):
        if s[L.SETTLE_LEFT + seat * L.MAX_ROWS + row] > 0:
            take_pillar_from_row(s, seat, row)
            return True
    return False


@kernel
def pillars_on_board(s, T, seat):
    n = 0
    for row in range(T.settle_rows.shape[0]):
        n += s[L.SETTLE_LEFT + seat * L.MAX_ROWS + row]
    return n


@kernel
def siege(s, T, W, ev, seat, scratch, opts, rng):
    """Resolve the seat's Siege (p. 8). Won: the other seat's Pillar is removed (and may be
    replaced by one's own) or its City's marker replaced by one's own (none on one's own
    Starting City). The Siege tile leaves either way (decision 3); a loser who placed
    support cards draws as many. Returns True when the Siege was won."""
    land = s[L.SIEGE_AT + seat]
    tactical_support(s, T, W, ev, seat, land, scratch, opts, rng)
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
        if target == WIN_CITY:
            old = s[L.LAND_CITY_MARKER + land]
            if old >= 0:
                s[L.MARKERS_LEFT + old] += 1
            if s[L.LAND_CITY + land] == seat:
                s[L.LAND_CITY_MARKER + land] = -1
            else:
                s[L.LAND_CITY_MARKER + land] = seat
                if s[L.MARKERS_LEFT + seat] > 0:
                    s[L.MARKERS_LEFT + seat] -= 1
        else:
            return_pillar(s, T, s[L.LAND_PILLAR + land])
            s[L.LAND_PILLAR + land] = -1
            s[L.LAND_PILLAR_ON_RES + land] = 0
            if target == WIN_REPLACE:
                take_pillar_from_board(s, T, seat)
                s[L.LAND_PILLAR + land] = seat
    s[L.SIEGE_AT + seat] = -1
    emit(s, ev, seat, EV_SIEGE, land, 1 if won else 0, target)
    for other in range(s[L.N_PLAYERS]):
        lost = (other != seat) if won else (other == seat)
        if lost and scratch[S_USED + other] > 0:
            draw_cards_reshuffling(s, other, scratch[S_USED + other], rng)
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
        if rival and land_controller(s, T, land, scratch[S_POWERS:]) == seat:
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
    for land in range(L.N_LANDS):
        if T.land_icon[side, land] == icon and open_land(s, T, land):
            n += land_controller(s, T, land, scratch[S_POWERS:]) == seat
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
    """Step 1 of every turn (p. 8): a Siege if the seat's Siege tile is on the board; a
    won Siege ends the Status Check, otherwise Domination, then Consolidation."""
    for track in range(L.N_TRACKS):
        s[L.STATUS_STEPPED + track] = 0
    if s[L.SIEGE_AT + seat] >= 0 and siege(s, T, W, ev, seat, scratch, opts, rng):
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
    for land in range(L.N_LANDS):
        if T.land_sea[s[L.SIDE], land, sea] == 1 and open_land(s, T, land):
            n = option(opts, n, land, 0, 0, 0)
    if n > 0:
        s[L.SHIP_PROJECT + piece] = opts[decide(s, T, W, opts, n, seat, D_PROJECT, rng), 0]
