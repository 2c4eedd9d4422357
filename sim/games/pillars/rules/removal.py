"""Pieces taken off the map and back onto their owner's Player board: a Pillar lost to a
Siege (p. 8), a Unit, Building or Pillar lost in a Skirmish or to the Barbarians (p. 15).
The owner puts it on an empty slot of its type, choosing when several are empty; with
none, it waits beside the board and takes the first slot of its type that frees (p. 15).
A Temple leaving the map takes a Mythology slot with it (p. 10). A City the Barbarians
raze leaves the game (``remove_city``)."""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_ABILITY_TARGET, D_RETURN_ROW
from sim.games.pillars.events import EV_PIECE_REMOVED
from sim.games.pillars.rules.board import SECTION_BUILD, SECTION_DEPLOY, SECTION_SETTLE
from sim.games.pillars.rules.cards import bottom_of_deck, mythology_room
from sim.games.pillars.rules.core import decide, emit, option
from sim.jit import kernel

# What a removal takes (the Deploy columns first, content.UNITS order): REMOVABLE names.
PIECE_SHIP, PIECE_WORKER, PIECE_HOPLITE = L.U_SHIP, L.U_WORKER, L.U_HOPLITE
PIECE_BUILDING, PIECE_PILLAR, PIECE_CITY, PIECE_HERO = (L.N_UNIT_KINDS + k for k in range(4))
REMOVABLE = ("ship", "worker", "hoplite", "building", "pillar", "city", "hero")


@kernel
def empty_row(s, T, owner, field, kinds, kind, rows):
    """The first row of a Player board section (``field``: DEPLOY_LEFT or BUILD_LEFT) whose
    slot of ``kind`` is empty, -1 when none is."""
    for row in range(rows):
        if s[field + (owner * L.MAX_ROWS + row) * kinds + kind] == 0:
            return row
    return -1


@kernel
def room_in_row(s, T, owner, section, kind, row):
    if section == SECTION_SETTLE:
        return s[L.SETTLE_LEFT + owner * L.MAX_ROWS + row] < T.settle_rows[row]
    if section == SECTION_DEPLOY:
        return s[L.DEPLOY_LEFT + (owner * L.MAX_ROWS + row) * L.N_UNIT_KINDS + kind] == 0
    return s[L.BUILD_LEFT + (owner * L.MAX_ROWS + row) * L.N_BUILDING_KINDS + kind] == 0


@kernel
def return_row(s, T, W, owner, section, kind, opts, rng):
    """The row of the section whose slot of ``kind`` takes the returned piece, the owner's
    choice among those with room (p. 15); -1 when none has room."""
    rows = (T.deploy_cost.shape[0] if section == SECTION_DEPLOY else
            T.build_cost.shape[0] if section == SECTION_BUILD else T.settle_rows.shape[0])
    n = 0
    for row in range(rows):
        if room_in_row(s, T, owner, section, kind, row):
            n = option(opts, n, row, section, kind, 0)
    if n == 0:
        return -1
    return opts[decide(s, T, W, opts, n, owner, D_RETURN_ROW, rng), 0]


@kernel
def return_pillar(s, T, W, owner, opts, rng):
    """A Pillar back onto a Settle row of its owner's with room; with none (the starting
    Pillar never had a slot), beside the board until a slot frees (p. 8, p. 15)."""
    row = return_row(s, T, W, owner, SECTION_SETTLE, 0, opts, rng)
    if row < 0:
        s[L.PILLARS_BESIDE + owner] += 1
    else:
        s[L.SETTLE_LEFT + owner * L.MAX_ROWS + row] += 1


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
def board_slot(seat, section, kind, row):
    """The state index of a Deploy (Unit) or Build (Building) slot, and of the pieces of
    that kind waiting beside the board."""
    if section == SECTION_DEPLOY:
        return (L.DEPLOY_LEFT + (seat * L.MAX_ROWS + row) * L.N_UNIT_KINDS + kind,
                L.UNITS_BESIDE + seat * L.N_UNIT_KINDS + kind)
    return (L.BUILD_LEFT + (seat * L.MAX_ROWS + row) * L.N_BUILDING_KINDS + kind,
            L.BUILDINGS_BESIDE + seat * L.N_BUILDING_KINDS + kind)


@kernel
def take_from_row(s, seat, section, kind, row):
    """A Unit or Building leaves its slot; one of its kind waiting beside the board takes
    the freed slot (p. 15)."""
    slot, beside = board_slot(seat, section, kind, row)
    if s[beside] > 0:
        s[beside] -= 1
    else:
        s[slot] = 0


@kernel
def put_back(s, T, W, owner, section, kind, opts, rng):
    """A Unit or Building onto a slot of its kind the owner picks, else beside the board."""
    row = return_row(s, T, W, owner, section, kind, opts, rng)
    slot, beside = board_slot(owner, section, kind, row)
    if row < 0:
        s[beside] += 1
    else:
        s[slot] = 1


@kernel
def fit_mythology(s, T, W, owner, opts, rng):
    """After one of the owner's Temples left the map: a card in the slot it no longer has
    moves to a free slot, or, with none free, the owner puts one of its cards at the bottom
    of its deck (as for a discarded Mythology card, p. 7) and that card's slot takes it."""
    room = mythology_room(s, T, owner)
    base = owner * L.MAX_MYTH_SLOTS
    if room >= L.MYTH_BESIDE or s[L.MYTH_SLOT + base + room] < 0:
        return
    free = -1
    for k in range(room):
        if s[L.MYTH_SLOT + base + k] < 0:
            free = k
            break
    if free < 0:
        n = 0
        for k in range(room + 1):
            n = option(opts, n, k, s[L.MYTH_SLOT + base + k], 0, 0)
        free = opts[decide(s, T, W, opts, n, owner, D_ABILITY_TARGET, rng), 0]
        card = s[L.MYTH_SLOT + base + free]
        bottom_of_deck(s, T.mythology[card, 0], card)
    if free < room:
        s[L.MYTH_SLOT + base + free] = s[L.MYTH_SLOT + base + room]
        s[L.MYTH_INVOKED + base + free] = s[L.MYTH_INVOKED + base + room]
    s[L.MYTH_SLOT + base + room] = -1
    s[L.MYTH_INVOKED + base + room] = 0


@kernel
def remove_piece(s, T, W, ev, owner, piece, land, opts, rng):
    """The owner's piece of that kind leaves ``land`` (a Ship: the Land's Port) for its
    Player board (p. 15), a Hero Unit for its Hero tile (p. 16); False when it has none
    there."""
    k = land * L.MAX_PLAYERS + owner
    if piece == PIECE_HERO:
        if s[L.HERO_AT + owner] != land:
            return False
        s[L.HERO_AT + owner] = -1
    elif piece == PIECE_PILLAR:
        if s[L.LAND_PILLAR + land] != owner:
            return False
        s[L.LAND_PILLAR + land] = -1
        s[L.LAND_PILLAR_ON_RES + land] = 0
        return_pillar(s, T, W, owner, opts, rng)
    elif piece == PIECE_BUILDING:
        building = s[L.LAND_BUILDING + k]
        if building < 0:
            return False
        s[L.LAND_BUILDING + k] = -1
        put_back(s, T, W, owner, SECTION_BUILD, building, opts, rng)
        if building == L.B_TEMPLE:
            fit_mythology(s, T, W, owner, opts, rng)
    else:
        if piece == PIECE_SHIP:
            ship = port_ship(s, owner, land)
            if ship < 0:
                return False
            s[L.SHIP_SPACE + ship] = -1
            s[L.SHIP_PROJECT + ship] = -1
        elif piece == PIECE_HOPLITE:
            if s[L.LAND_HOPLITES + k] == 0:
                return False
            s[L.LAND_HOPLITES + k] -= 1
        else:
            if s[L.LAND_WORKERS + k] == 0:
                return False
            s[L.LAND_WORKERS + k] -= 1
        put_back(s, T, W, owner, SECTION_DEPLOY, piece, opts, rng)
    emit(s, ev, owner, EV_PIECE_REMOVED, land, piece, 0)
    return True


@kernel
def hero_exposed(s, owner, land):
    """The owner's Hero Unit stands on ``land`` with no other Unit of the owner's there (a
    Ship in its Port counts, decision 35): only then may another seat take it off (p. 16)."""
    k = land * L.MAX_PLAYERS + owner
    return (s[L.HERO_AT + owner] == land and s[L.LAND_HOPLITES + k] == 0
            and s[L.LAND_WORKERS + k] == 0 and port_ship(s, owner, land) < 0)


@kernel
def port_ship(s, owner, land):
    """The owner's Ship in the Port of ``land`` (its piece), -1."""
    for ship in range(owner * L.MAX_SHIPS, (owner + 1) * L.MAX_SHIPS):
        if s[L.SHIP_SPACE + ship] == L.PORT + land:
            return ship
    return -1


@kernel
def remove_city(s, ev, owner, land):
    """The owner's City on ``land`` leaves the game (Barbarian Hordes, p. 15): a marker on
    it goes back beside its board; the City is counted in CITIES_RAZED (a Common City) or
    STARTING_OUT (a Starting City's colour); the Atlantis tile just leaves (decision 42)."""
    marker = s[L.LAND_CITY_MARKER + land]
    if marker >= 0:
        s[L.MARKERS_LEFT + marker] += 1
    s[L.LAND_CITY_MARKER + land] = -1
    city = s[L.LAND_CITY + land]
    if city == L.CITY_COMMON:
        s[L.CITIES_RAZED] += 1
    elif city != L.CITY_ATLANTIS:  # the Atlantis tile leaves the game uncounted
        s[L.STARTING_OUT] |= 1 << city
    s[L.LAND_CITY + land] = -1
    emit(s, ev, owner, EV_PIECE_REMOVED, land, PIECE_CITY, 0)
