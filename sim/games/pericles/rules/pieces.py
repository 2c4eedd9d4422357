"""Moving Units and Diplomats between the Oikos, Piraeus, the Stoa and the Camp (pp. 9-13)."""

from sim.games.pericles import layout as L
from sim.games.pericles import params as P
from sim.games.pericles.decisions import D_OSTRACIZE_UNIT, D_UNIT_HOME
from sim.games.pericles.events import EV_HOME, EV_OSTRACIZE
from sim.games.pericles.rules.core import decide, emit, is_real
from sim.jit import kernel


@kernel
def unit_home(s, T, seat, unit):
    """Return a Unit to its owner's Unit track; a full track empties to Piraeus (p. 13)."""
    if not is_real(s, seat):
        s[L.DEM_HOPLITES] += 1  # the Demagogue's Hoplites go back beside the board (p. 21)
        return
    s[L.UNITS_HOME + seat * L.N_UNIT_TYPES + unit] += 1
    if units_home(s, seat) >= T.params[P.UNIT_TRACK_SPACES]:
        all_units_to_port(s, seat)


@kernel
def all_units_to_port(s, seat):
    for u in range(L.N_UNIT_TYPES):
        s[L.UNITS_PORT + seat * L.N_UNIT_TYPES + u] += s[L.UNITS_HOME + seat * L.N_UNIT_TYPES + u]
        s[L.UNITS_HOME + seat * L.N_UNIT_TYPES + u] = 0


@kernel
def diplomat_home(s, T, seat):
    """Return a Diplomat to its owner's Household; a full Household empties to the Stoa."""
    if not is_real(s, seat):
        s[L.DEM_DIPLOMATS] += 1
        return
    s[L.DIPS_HOME + seat] += 1
    if s[L.DIPS_HOME + seat] >= T.params[P.HOUSEHOLD_SPACES]:
        all_diplomats_to_stoa(s, seat)


@kernel
def all_diplomats_to_stoa(s, seat):
    s[L.DIPS_STOA + seat] += s[L.DIPS_HOME + seat]
    s[L.DIPS_HOME + seat] = 0


@kernel
def ostracize_unit(s, T, W, opts, seat, rng, ev):
    """Send one Unit to the Camp: from the Unit track, else Piraeus (pp. 13, 21).

    Returns False when the seat has no Unit in either place.
    """
    for base in (L.UNITS_HOME, L.UNITS_PORT):
        n = 0
        for u in range(L.N_UNIT_TYPES):
            if s[base + seat * L.N_UNIT_TYPES + u] > 0:
                opts[n, 0] = u
                n += 1
        if n > 0:
            u = opts[decide(s, T, W, opts, n, seat, D_OSTRACIZE_UNIT, rng), 0]
            s[base + seat * L.N_UNIT_TYPES + u] -= 1
            s[L.UNITS_CAMP + seat * L.N_UNIT_TYPES + u] += 1
            emit(s, ev, seat, EV_OSTRACIZE, u, 0, 0)
            return True
    return False


@kernel
def ostracize_diplomat(s, seat, ev):
    """Send one Diplomat to the Camp: from the Household, else the Stoa (pp. 9, 24; where
    it comes from is not printed: as a Unit comes from the Oikos first, p. 13).

    Returns False when the seat has no Diplomat in either place.
    """
    for base in (L.DIPS_HOME, L.DIPS_STOA):
        if s[base + seat] > 0:
            s[base + seat] -= 1
            s[L.DIPS_CAMP + seat] += 1
            emit(s, ev, seat, EV_OSTRACIZE, L.N_UNIT_TYPES, 0, 0)
            return True
    return False


@kernel
def home_unit(s, T, W, opts, seat, rng, ev):
    """A Home icon (p. 24) for a Unit: one of the player's Units in Piraeus, of the type
    they pick, returns to the Unit track (p. 10). Nothing happens with Piraeus empty."""
    n = 0
    for u in range(L.N_UNIT_TYPES):
        if s[L.UNITS_PORT + seat * L.N_UNIT_TYPES + u] > 0:
            opts[n, 0] = u
            n += 1
    if n == 0:
        return
    u = opts[decide(s, T, W, opts, n, seat, D_UNIT_HOME, rng), 0]
    s[L.UNITS_PORT + seat * L.N_UNIT_TYPES + u] -= 1
    emit(s, ev, seat, EV_HOME, u, 0, 0)
    unit_home(s, T, seat, u)


@kernel
def home_diplomat(s, T, seat, ev):
    """A Home icon (p. 24) for a Diplomat: one from the Stoa returns to the Household."""
    if s[L.DIPS_STOA + seat] == 0:
        return
    s[L.DIPS_STOA + seat] -= 1
    emit(s, ev, seat, EV_HOME, L.N_UNIT_TYPES, 0, 0)
    diplomat_home(s, T, seat)


@kernel
def bring_home_from_camp(s, T, seat, unit):
    """An Official or effect brings a piece home: unit 0-2 a Unit, 3 a Diplomat (p. 16)."""
    if unit == L.N_UNIT_TYPES:
        s[L.DIPS_CAMP + seat] -= 1
        diplomat_home(s, T, seat)
    else:
        s[L.UNITS_CAMP + seat * L.N_UNIT_TYPES + unit] -= 1
        unit_home(s, T, seat, unit)


@kernel
def camp_count(s, seat):
    """Pieces of a seat in the Ostracized Camp."""
    b = L.UNITS_CAMP + seat * L.N_UNIT_TYPES
    return s[b] + s[b + 1] + s[b + 2] + s[L.DIPS_CAMP + seat]


@kernel
def units_home(s, seat):
    """Workers, Ships and Hoplites on a seat's Unit track."""
    b = L.UNITS_HOME + seat * L.N_UNIT_TYPES
    return s[b] + s[b + 1] + s[b + 2]
