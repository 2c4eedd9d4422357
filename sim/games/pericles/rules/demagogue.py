"""The Demagogue, the automated third Athenian of a 2-player game (p. 21)."""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.events import EV_DEMAGOGUE_CARD, EV_PLACE_CITIZEN
from sim.games.pericles.rules.apart import apart
from sim.games.pericles.rules.board import advance_rivals, queue_city_moves
from sim.games.pericles.rules.core import draw_athena, emit, next_seat
from sim.games.pericles.rules.flow import settle
from sim.games.pericles.rules.parthenon import athens_builds_row
from sim.games.pericles.rules.pieces import ostracize_unit
from sim.games.pericles.rules.progress import place_diplomat
from sim.jit import kernel
from sim.rng import STREAM_SETUP, shuffle


@kernel
def demagogue_citizens(round_number):
    """Citizens the Demagogue places in a round: 2, then 3, then 4 (Large first)."""
    return min(round_number + 1, 4)


@kernel
def demagogue_citizen_size(s):
    """Size of the Demagogue's next Citizen: from Round 2 its first one is the Large."""
    return 2 if s[L.ROUND] >= 2 and s[L.DEM_PLACED] == 0 else 1


@kernel
def demagogue_can_place(s):
    return s[L.DEM_PLACED] < demagogue_citizens(s[L.ROUND])


@apart()
def demagogue_turn(s, T, W, opts, rng, ev):
    """Reveal its next card, place a Citizen on the card's space (or the next free one in
    reading order) and resolve the card's effects top to bottom."""
    dem = s[L.DEMAGOGUE]
    if s[L.DEM_NEXT] == L.N_DEM_CARDS:
        shuffle(s[L.DEM_DECK:L.DEM_DECK + L.N_DEM_CARDS], L.N_DEM_CARDS, rng, STREAM_SETUP)
        s[L.DEM_NEXT] = 0
    card = s[L.DEM_DECK + s[L.DEM_NEXT]]
    s[L.DEM_NEXT] += 1
    space = T.demagogue[card, 0]
    for k in range(L.N_AGORA):
        candidate = (T.demagogue[card, 0] + k) % L.N_AGORA
        if s[L.AGORA_CITIZEN + candidate * L.MAX_SEATS + dem] == 0:
            space = candidate
            break
    size = demagogue_citizen_size(s)
    s[L.AGORA_CITIZEN + space * L.MAX_SEATS + dem] = size
    s[L.DEM_PLACED] += 1
    emit(s, ev, dem, EV_DEMAGOGUE_CARD, card, space, 0)
    emit(s, ev, dem, EV_PLACE_CITIZEN, space, size, 0)
    chooser = next_seat(s, dem)
    for i in range(4):
        if s[L.GAME_OVER] == 1:
            return
        code = T.demagogue[card, 1 + 2 * i]
        arg = T.demagogue[card, 2 + 2 * i]
        if code == O.DEM_PLACE:
            for row in range(3):
                if arg == 3 or arg == row:
                    place_diplomat(s, T, W, opts, dem, row, rng, ev)
        elif code == O.DEM_ATHENS_BUILDS:
            athens_builds_row(s, T, W, opts, arg, rng, ev)
        elif code == O.DEM_DRAIN_MARKET:
            for row in range(3):
                if s[L.MARKET + row * 3 + arg] == 1:
                    s[L.MARKET + row * 3 + arg] = 0
                    s[L.RESERVE_AMPHORAS] += 1
        elif code == O.DEM_REVEAL_MISSION:
            advance_rivals(s, T, arg, False, rng, ev)
        elif code == O.DEM_MOVE_CITY:
            queue_city_moves(s, chooser, arg)
        elif code == O.DEM_ATHENA_DISCARD:
            for _ in range(arg):
                c = draw_athena(s, T, rng)
                if c >= 0:
                    s[L.ATHENA_LOC + c] = L.LOC_DISCARD
        elif code == O.DEM_OSTRACIZE_EACH:
            seat = chooser
            for _ in range(s[L.N_SEATS]):
                if seat != dem:
                    for _ in range(arg):
                        ostracize_unit(s, T, W, opts, seat, rng, ev)
                seat = next_seat(s, seat)
        elif code == O.DEM_HOPLITES:
            for track in range(2):
                for _ in range(arg):
                    place_demagogue_hoplite(s, T, track)
        settle(s, T, W, opts, rng, ev)


@kernel
def place_demagogue_hoplite(s, T, track):
    """One Demagogue Hoplite onto a track's leftmost free space; it never defends."""
    if s[L.DEM_HOPLITES] == 0:
        return
    for k in range(T.params[P.HOPLITE_SPACES]):
        if s[L.BATTLE_HOPLITE + track * L.MAX_HOPLITE_SPACES + k] < 0:
            s[L.BATTLE_HOPLITE + track * L.MAX_HOPLITE_SPACES + k] = s[L.DEMAGOGUE]
            s[L.DEM_HOPLITES] -= 1
            return
