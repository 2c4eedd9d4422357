"""Governance (p. 16), in its exact order: the row Officials, the First Player diagonal,
the column Officials, Citizens home, Athens builds, a City-state joins, unlocks."""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.decisions import D_OFFICE_REWARD
from sim.games.pericles.events import EV_FIRST_PLAYER, EV_OFFICE, EV_UNLOCK
from sim.games.pericles.rules.apart import apart
from sim.games.pericles.rules.board import place_tile
from sim.games.pericles.rules.core import (
    add_glory,
    decide,
    emit,
    gain_amphoras,
    gain_athena,
    gain_missions,
    gain_silver,
    gain_trophies,
    is_real,
    next_seat,
)
from sim.games.pericles.rules.flow import settle
from sim.games.pericles.rules.pieces import bring_home_from_camp
from sim.games.pericles.rules.skills import fire_skills
from sim.jit import kernel

LINE_ROW, LINE_COLUMN, LINE_DIAGONAL = 0, 1, 2


@kernel
def line_strength(s, seat, kind, index):
    """Citizen strength of a seat in an Agora row, column or the diagonal (Large 2)."""
    total = 0
    for k in range(3):
        if kind == LINE_ROW:
            space = index * 3 + k
        elif kind == LINE_COLUMN:
            space = k * 3 + index
        else:
            space = k * 4
        total += s[L.AGORA_CITIZEN + space * L.MAX_SEATS + seat]
    return total


@kernel
def majority(s, kind, index):
    """(holders bitmask, tie) for a line; no Citizen in it gives (0, False)."""
    best = 0
    holders = 0
    for seat in range(s[L.N_SEATS]):
        v = line_strength(s, seat, kind, index)
        if v > best:
            best = v
            holders = 1 << seat
        elif v == best and v > 0:
            holders |= 1 << seat
    tie = holders & (holders - 1) != 0
    return holders, tie


@kernel
def row_official(s, T, W, opts, office, holders, tie, rng):
    """Tamias, Trierarch or Strategos: the holder's Unit of the matching type comes home;
    without one, an ostracized Diplomat or Glory; a tie pays each tied player (p. 16)."""
    unit = O.WORKER if office == O.TAMIAS else (O.SHIP if office == O.TRIERARCH else O.HOPLITE)
    for seat in range(s[L.N_SEATS]):
        if not (holders >> seat) & 1 or not is_real(s, seat):
            continue
        if tie:
            if office == O.TAMIAS:
                gain_silver(s, seat, T.params[P.TAMIAS_TIE_SILVER])
            elif office == O.TRIERARCH:
                gain_missions(s, T, seat, T.params[P.TRIERARCH_TIE_MISSIONS], rng)
            else:
                add_glory(s, seat, T.params[P.STRATEGOS_TIE_GLORY], L.SRC_OFFICES)
            continue
        fire_skills(s, T, seat, O.TRIG_OFFICE, rng)
        if s[L.UNITS_CAMP + seat * L.N_UNIT_TYPES + unit] > 0:
            bring_home_from_camp(s, T, seat, unit)
            continue
        glory = T.params[P.TAMIAS_GLORY + 2 * (office - O.TAMIAS)]
        n = 1
        opts[0, 0] = 0
        if s[L.DIPS_CAMP + seat] > 0:
            opts[1, 0] = 1
            n = 2
        if opts[decide(s, T, W, opts, n, seat, D_OFFICE_REWARD, rng), 0] == 1:
            bring_home_from_camp(s, T, seat, L.N_UNIT_TYPES)
        else:
            add_glory(s, seat, glory, L.SRC_OFFICES)


@kernel
def column_official(s, T, office, holders, tie, rng):
    """Ecclesia (Amphoras), Archon (Athena cards), Boule (Trophies): 2 each, 1 on a tie."""
    for seat in range(s[L.N_SEATS]):
        if not (holders >> seat) & 1 or not is_real(s, seat):
            continue
        if not tie:
            fire_skills(s, T, seat, O.TRIG_OFFICE, rng)
        if office == O.ECCLESIA:
            gain_amphoras(s, seat, T.params[P.ECCLESIA_TIE_AMPHORAS if tie else P.ECCLESIA_AMPHORAS])
        elif office == O.ARCHON:
            gain_athena(s, T, seat, T.params[P.ARCHON_TIE_ATHENA if tie else P.ARCHON_ATHENA], rng)
        else:
            gain_trophies(s, seat, T.params[P.BOULE_TIE_TROPHIES if tie else P.BOULE_TROPHIES])


@kernel
def first_in_turn_order(s, holders):
    """The first seat in ``holders`` clockwise after the current First Player."""
    seat = next_seat(s, s[L.FIRST])
    for _ in range(s[L.N_SEATS]):
        if (holders >> seat) & 1 and is_real(s, seat):
            return seat
        seat = next_seat(s, seat)
    return s[L.FIRST]


@kernel
def first_player_token(s):
    """The diagonal's majority takes the token; the Demagogue passes it on (pp. 16, 21)."""
    holders, tie = majority(s, LINE_DIAGONAL, 0)
    if holders == 0:
        return
    dem = s[L.DEMAGOGUE]
    if dem >= 0 and not tie and holders == 1 << dem:
        best = 0
        holders = 0
        for seat in range(s[L.N_SEATS]):
            if seat == dem:
                continue
            v = line_strength(s, seat, LINE_DIAGONAL, 0)
            if v > best:
                best = v
                holders = 1 << seat
            elif v == best and v > 0:
                holders |= 1 << seat
        if holders == 0:
            return
    s[L.FIRST] = first_in_turn_order(s, holders)


@apart()
def governance(s, T, W, opts, rng, ev):
    s[L.PHASE] = L.PHASE_GOVERNANCE
    s[L.ACTIVE] = -1
    for office in (O.TAMIAS, O.TRIERARCH, O.STRATEGOS):
        row = 0
        for r in range(3):
            if T.board[r] == office:
                row = r
        holders, tie = majority(s, LINE_ROW, row)
        emit(s, ev, -1, EV_OFFICE, office, holders, tie)
        row_official(s, T, W, opts, office, holders, tie, rng)
    first_player_token(s)
    emit(s, ev, s[L.FIRST], EV_FIRST_PLAYER, 0, 0, 0)
    for office in (O.ECCLESIA, O.ARCHON, O.BOULE):
        column = 0
        for c in range(3):
            if T.board[3 + c] == office:
                column = c
        holders, tie = majority(s, LINE_COLUMN, column)
        emit(s, ev, -1, EV_OFFICE, office, holders, tie)
        column_official(s, T, office, holders, tie, rng)
    for k in range(L.N_AGORA * L.MAX_SEATS):
        s[L.AGORA_CITIZEN + k] = 0
    for seat in range(s[L.N_SEATS]):
        s[L.SMALL_PLACED + seat] = 0
        s[L.SMALL_BACK + seat] = 0
        s[L.LARGE_PLACED + seat] = 0
    s[L.DEM_PLACED] = 0
    s[L.PENDING_ATHENS] += 1
    settle(s, T, W, opts, rng, ev)
    if s[L.GAME_OVER] == 1:
        return
    if s[L.CITY_STACK_N] > 0:
        s[L.CITY_STACK_N] -= 1
        place_tile(s, T, W, opts, s[L.FIRST], s[L.CITY_STACK + s[L.CITY_STACK_N]], rng, ev)
        if s[L.GAME_OVER] == 1:
            return
    unlock_citizens(s, T, ev)


@kernel
def unlock_citizens(s, T, ev):
    """End of Round 1: the Large Citizen; end of Round 2: the last Small one (p. 16)."""
    for seat in range(s[L.N_SEATS]):
        if not is_real(s, seat):
            continue
        if s[L.ROUND] == T.params[P.LARGE_UNLOCK_ROUND] and s[L.LARGE_UNLOCKED + seat] == 0:
            s[L.LARGE_UNLOCKED + seat] = 1
            emit(s, ev, seat, EV_UNLOCK, 2, 0, 0)
        if s[L.ROUND] == T.params[P.SMALL_UNLOCK_ROUND] and s[L.SMALL_UNLOCKED + seat] < 3:
            s[L.SMALL_UNLOCKED + seat] += 1
            emit(s, ev, seat, EV_UNLOCK, 1, 0, 0)
