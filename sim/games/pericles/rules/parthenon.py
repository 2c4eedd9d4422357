"""The Parthenon: which piece a row may raise, raising it, completion effects and
Athens builds (p. 12)."""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.decisions import (
    D_CULTURE_COMPLETION,
    D_ECONOMY_COMPLETION,
    D_UNIVERSAL_HALF,
    D_UNIVERSAL_ROW,
)
from sim.games.pericles.events import EV_ATHENS_BUILD, EV_COMPLETION
from sim.games.pericles.rules.apart import apart
from sim.games.pericles.rules.core import (
    add_glory,
    decide,
    draw_athena,
    emit,
    is_real,
    next_seat,
    refill_market,
)
from sim.games.pericles.rules.pieces import all_diplomats_to_stoa, all_units_to_port, unit_home
from sim.jit import kernel

CAPACITY = L.PIECE_CAPACITY


@kernel
def piece_free(s, piece):
    return s[L.PARTHENON + piece] < CAPACITY[piece]


@kernel
def type_count(s, row):
    """Columns of a type standing: Military, Economy (both halves) or Culture."""
    if row == O.MILITARY:
        return s[L.PARTHENON + L.PIECE_MILITARY]
    if row == O.CULTURE:
        return s[L.PARTHENON + L.PIECE_CULTURE]
    return s[L.PARTHENON + L.PIECE_ECONOMY_UPPER] + s[L.PARTHENON + L.PIECE_ECONOMY_LOWER]


@kernel
def roof_eligible(s, piece):
    """A roof may be raised once the ten columns of its half stand (p. 12)."""
    if not piece_free(s, piece):
        return False
    if piece == L.PIECE_ROOF_UPPER:
        return (s[L.PARTHENON + L.PIECE_CULTURE] == 4
                and s[L.PARTHENON + L.PIECE_UNIVERSAL_UPPER] == 4
                and s[L.PARTHENON + L.PIECE_ECONOMY_UPPER] == 2)
    return (s[L.PARTHENON + L.PIECE_MILITARY] == 4
            and s[L.PARTHENON + L.PIECE_UNIVERSAL_LOWER] == 4
            and s[L.PARTHENON + L.PIECE_ECONOMY_LOWER] == 2)


@kernel
def column_options(s, row, out, n):
    """Append to ``out`` the column pieces that raising ``row``'s next column may use.

    A type's own columns first; once all four stand, a Universal space of either half
    (the builder's choice, an assumption recorded in docs/rules/pericles.md).
    """
    if row == O.MILITARY:
        if piece_free(s, L.PIECE_MILITARY):
            out[n, 1] = L.PIECE_MILITARY
            out[n, 0] = row
            return n + 1
    elif row == O.CULTURE:
        if piece_free(s, L.PIECE_CULTURE):
            out[n, 1] = L.PIECE_CULTURE
            out[n, 0] = row
            return n + 1
    else:
        m = n
        for piece in (L.PIECE_ECONOMY_UPPER, L.PIECE_ECONOMY_LOWER):
            if piece_free(s, piece):
                out[m, 0] = row
                out[m, 1] = piece
                m += 1
        if m > n:
            return m
    for piece in (L.PIECE_UNIVERSAL_UPPER, L.PIECE_UNIVERSAL_LOWER):
        if piece_free(s, piece):
            out[n, 0] = row
            out[n, 1] = piece
            n += 1
    return n


@kernel
def check_parthenon_complete(s):
    for piece in range(L.N_PIECE_KINDS):
        if piece_free(s, piece):
            return
    if s[L.GAME_OVER] == 0:
        s[L.GAME_OVER] = 1
        s[L.END_REASON] = L.END_PARTHENON


@kernel
def raise_piece(s, row, piece):
    """Raise one piece; True when it is the fourth column of its type (p. 12)."""
    before = type_count(s, row)
    s[L.PARTHENON + piece] += 1
    check_parthenon_complete(s)
    return piece <= L.PIECE_CULTURE and before == 3 and type_count(s, row) == 4


@apart()
def completion(s, T, W, opts, actor, row, rng, ev):
    """Completion effects of a type's fourth column, each player from ``actor`` on."""
    emit(s, ev, actor, EV_COMPLETION, row, 0, 0)
    if row == O.MILITARY:
        for track in range(2):
            for k in range(T.params[P.HOPLITE_SPACES]):
                owner = s[L.BATTLE_HOPLITE + track * L.MAX_HOPLITE_SPACES + k]
                if owner >= 0:
                    s[L.BATTLE_HOPLITE + track * L.MAX_HOPLITE_SPACES + k] = -1
                    unit_home(s, T, owner, O.HOPLITE)
            s[L.RIVAL_POS + track] = 0
            s[L.PENDING_BATTLE + track] = 0
        s[L.PENDING_MOVES] += T.params[P.MILITARY_COMPLETION_CITY_MOVES]
        s[L.PENDING_MOVER] = actor if is_real(s, actor) else next_seat(s, actor)
        return
    if row == O.ECONOMY:
        refill_market(s)
    seat = actor
    for _ in range(s[L.N_SEATS]):
        if is_real(s, seat):
            if row == O.ECONOMY:
                economy_choice(s, T, W, opts, seat, rng)
            else:
                culture_choice(s, T, W, opts, seat, rng)
        seat = next_seat(s, seat)


@kernel
def economy_choice(s, T, W, opts, seat, rng):
    """Move all Units to Piraeus, or all Diplomats to the Stoa, or neither (p. 12)."""
    for k in range(3):
        opts[k, 0] = k
    pick = opts[decide(s, T, W, opts, 3, seat, D_ECONOMY_COMPLETION, rng), 0]
    if pick == 1:
        all_units_to_port(s, seat)
    elif pick == 2:
        all_diplomats_to_stoa(s, seat)


@kernel
def culture_choice(s, T, W, opts, seat, rng):
    """Retrieve a Small Citizen from the Agora, or gain 10 Glory (p. 12)."""
    n = 0
    for space in range(L.N_AGORA):
        if s[L.AGORA_CITIZEN + space * L.MAX_SEATS + seat] == 1:
            opts[n, 0] = space
            n += 1
    opts[n, 0] = -1
    n += 1
    space = opts[decide(s, T, W, opts, n, seat, D_CULTURE_COMPLETION, rng), 0]
    if space < 0:
        add_glory(s, seat, T.params[P.CULTURE_COMPLETION_GLORY], L.SRC_COMPLETION)
    else:
        s[L.AGORA_CITIZEN + space * L.MAX_SEATS + seat] = 0
        s[L.SMALL_PLACED + seat] -= 1
        s[L.SMALL_BACK + seat] += 1


@kernel
def athens_builds_row(s, T, W, opts, row, rng, ev):
    """Athens raises the next column of ``row``: no scoring, no Skills (p. 12).

    The First Player picks a Universal half when the type is full. A row with no free
    column raises nothing (assumed; Athens never raises a roof).
    """
    chooser = s[L.FIRST]
    n = column_options(s, row, opts, 0)
    if n == 0:
        emit(s, ev, chooser, EV_ATHENS_BUILD, row, -1, 0)
        return
    piece = opts[decide(s, T, W, opts, n, chooser, D_UNIVERSAL_HALF, rng), 1]
    emit(s, ev, chooser, EV_ATHENS_BUILD, row, piece, 0)
    if raise_piece(s, row, piece):
        completion(s, T, W, opts, chooser, row, rng, ev)


@apart()
def athens_builds(s, T, W, opts, rng, ev):
    """Reveal an Athena card and raise its row; the First Player picks for Universal."""
    card = draw_athena(s, T, rng)
    if card < 0:
        return
    s[L.ATHENA_LOC + card] = L.LOC_DISCARD
    row = T.athena[card, 0]
    if row == O.UNIVERSAL:
        for r in range(3):
            opts[r, 0] = r
        row = opts[decide(s, T, W, opts, 3, s[L.FIRST], D_UNIVERSAL_ROW, rng), 0]
    athens_builds_row(s, T, W, opts, row, rng, ev)
