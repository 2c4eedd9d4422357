"""The Diplomacy track and the Battle tracks: moving City-states, integrating them into
the Agora, advancing the Rivals and fighting Battles (pp. 10, 14, 15)."""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.decisions import D_DEFEND, D_INTEGRATE_SPACE
from sim.games.pericles.events import (
    EV_BATTLE,
    EV_CITY_STATE_MOVE,
    EV_INTEGRATE,
    EV_RIVALS,
)
from sim.games.pericles.rules.apart import apart
from sim.games.pericles.rules.core import (
    add_glory,
    decide,
    draw_athena,
    draw_mission,
    emit,
    is_real,
    next_seat,
)
from sim.games.pericles.rules.parthenon import athens_builds
from sim.games.pericles.rules.pieces import diplomat_home, unit_home
from sim.games.pericles.rules.progress import compensation, slot_glory
from sim.games.pericles.rules.skills import fire_skills
from sim.jit import kernel


@kernel
def is_waypost(T, space):
    for w in range(T.wayposts.shape[0]):
        if T.wayposts[w] == space:
            return True
    return False


@kernel
def collide(s, T, W, opts, space, rng):
    """A travelling City-state reaching a space clears its Athena card and Ship (pp. 10-11)."""
    card = s[L.DIPLO_CARD + space]
    if card >= 0:
        s[L.ATHENA_LOC + card] = L.LOC_DISCARD
        s[L.DIPLO_CARD + space] = -1
        owner = s[L.DIPLO_OWNER + space]
        if owner >= 0:
            s[L.DIPLO_OWNER + space] = -1
            diplomat_home(s, T, owner)
            compensation(s, T, W, opts, owner, T.athena[card, 0],
                         T.athena[card, 0] == O.UNIVERSAL, rng)
    ship = s[L.WAYPOST_SHIP + space]
    if ship >= 0:
        s[L.WAYPOST_SHIP + space] = -1
        unit_home(s, T, ship, O.SHIP)


@kernel
def delian_league_check(s):
    for space in range(L.N_AGORA):
        if s[L.AGORA_TILE + space] < 0:
            return
    if s[L.GAME_OVER] == 0:
        s[L.GAME_OVER] = 1
        s[L.END_REASON] = L.END_DELIAN_LEAGUE


@kernel
def place_tile(s, T, W, opts, chooser, tile, rng, ev):
    """Put a City-state on a free Agora space of ``chooser``'s choice, Normal side up."""
    n = 0
    for space in range(L.N_AGORA):
        if s[L.AGORA_TILE + space] < 0:
            opts[n, 0] = space
            n += 1
    if n == 0:
        return
    space = opts[decide(s, T, W, opts, n, chooser, D_INTEGRATE_SPACE, rng), 0]
    s[L.AGORA_TILE + space] = tile
    emit(s, ev, chooser, EV_INTEGRATE, tile, space, 0)
    delian_league_check(s)


@kernel
def move_city_once(s, T, W, opts, mover, rng, ev):
    """One City-state move (p. 10): activate the top tile, or move the active one a space
    toward Athens; past the last space it integrates and Athens builds at once.
    """
    if s[L.ACTIVE_CITY] < 0:
        if s[L.CITY_STACK_N] == 0:
            return
        s[L.CITY_STACK_N] -= 1
        s[L.ACTIVE_CITY] = s[L.CITY_STACK + s[L.CITY_STACK_N]]
        s[L.ACTIVE_CITY_POS] = T.params[P.DIPLOMACY_SPACES] - 1  # the whole move: no collision
        emit(s, ev, mover, EV_CITY_STATE_MOVE, s[L.ACTIVE_CITY], s[L.ACTIVE_CITY_POS], 0)
        return
    pos = s[L.ACTIVE_CITY_POS] - 1
    if pos >= 0:
        s[L.ACTIVE_CITY_POS] = pos
        collide(s, T, W, opts, pos, rng)
        emit(s, ev, mover, EV_CITY_STATE_MOVE, s[L.ACTIVE_CITY], pos, 0)
        return
    tile = s[L.ACTIVE_CITY]
    s[L.ACTIVE_CITY] = -1
    worker = s[L.ACTIVE_WORKER]
    if worker >= 0:
        s[L.ACTIVE_WORKER] = -1
        unit_home(s, T, worker, O.WORKER)
    place_tile(s, T, W, opts, mover, tile, rng, ev)
    if s[L.GAME_OVER] == 0:
        athens_builds(s, T, W, opts, rng, ev)  # before any move still queued (p. 10)


@kernel
def queue_city_moves(s, mover, count):
    """Ask for ``count`` City-state moves by ``mover`` (the Demagogue's choices fall to
    the real player on its left, p. 21)."""
    s[L.PENDING_MOVES] += count
    s[L.PENDING_MOVER] = mover if is_real(s, mover) else next_seat(s, mover)


@kernel
def advance_rivals(s, T, reveals, to_discard, rng, ev):
    """Reveal Missions and move each Rival one space per disc on their bands (p. 14).

    Battles wait until every reveal has moved the Rivals (p. 13). Missions revealed by
    the Demagogue leave the game (``to_discard`` False, p. 21).
    """
    for _ in range(reveals):
        m = draw_mission(s, T, rng)
        if m < 0:
            break
        s[L.MISSION_LOC + m] = L.LOC_DISCARD if to_discard else L.LOC_GONE
        for rival in range(2):
            s[L.RIVAL_POS + rival] += T.missions[m, 6 + rival]
    length = T.params[P.BATTLE_TRACK_LENGTH]
    for rival in range(2):
        if s[L.RIVAL_POS + rival] >= length:
            s[L.RIVAL_POS + rival] = length
            s[L.PENDING_BATTLE + rival] = max(s[L.PENDING_BATTLE + rival], 1)
    emit(s, ev, s[L.ACTIVE], EV_RIVALS, s[L.RIVAL_POS], s[L.RIVAL_POS + 1], 0)


@kernel
def queue_battles(s, count):
    """A Battle icon (p. 24): ``count`` Battles against the Rival nearer Athens (Sparta
    when both stand level; the book does not say which Rival fights), queued as a Battle
    of a Rival that reached Athens is (p. 15)."""
    rival = O.PERSIA if s[L.RIVAL_POS + O.PERSIA] > s[L.RIVAL_POS + O.SPARTA] else O.SPARTA
    s[L.PENDING_BATTLE + rival] += count


@apart()
def battle(s, T, W, opts, rival, rng, ev):
    """One Battle against ``rival`` (p. 15): two Athena cards name the attacked rows,
    Hoplites defend, every Diplomat there goes home scored or compensated, the Hoplites
    go home, the Rival resets and Athens rebuilds, all before another Battle starts.
    """
    attacked = 0
    for _ in range(2):
        card = draw_athena(s, T, rng)
        if card < 0:
            break
        s[L.ATHENA_LOC + card] = L.LOC_DISCARD
        icon = T.athena[card, 0]
        attacked |= 7 if icon == O.UNIVERSAL else (1 << icon)
    emit(s, ev, s[L.ACTIVE], EV_BATTLE, rival, attacked, 0)

    # Defence, from the active player on (p. 15): each Hoplite may cover one attacked row.
    defended = 0  # bit seat * 3 + row
    any_defence = 0  # bit seat: the seat defended some row (covers its Universal cards)
    start = s[L.ACTIVE] if s[L.ACTIVE] >= 0 else s[L.FIRST]
    seat = start
    spaces = T.params[P.HOPLITE_SPACES]
    for _ in range(s[L.N_SEATS]):
        if is_real(s, seat):
            for k in range(2 * L.MAX_HOPLITE_SPACES):
                if k % L.MAX_HOPLITE_SPACES >= spaces or s[L.BATTLE_HOPLITE + k] != seat:
                    continue
                n = 0
                for row in range(3):
                    if attacked & (1 << row):
                        opts[n, 0] = row
                        n += 1
                opts[n, 0] = -1
                n += 1
                row = opts[decide(s, T, W, opts, n, seat, D_DEFEND, rng), 0]
                if row >= 0:
                    defended |= 1 << (seat * 3 + row)
                    any_defence |= 1 << seat
        seat = next_seat(s, seat)

    for row in range(3):
        if not attacked & (1 << row):
            continue
        for slot in range(3):
            owner = s[L.PROGRESS + row * 3 + slot]
            if owner < 0:
                continue
            s[L.PROGRESS + row * 3 + slot] = -1
            diplomat_home(s, T, owner)
            if defended & (1 << (owner * 3 + row)):
                add_glory(s, owner, slot_glory(T.params, slot), L.SRC_BATTLE)
            else:
                compensation(s, T, W, opts, owner, row, False, rng)
    for d in range(T.params[P.DIPLOMACY_SPACES]):
        card = s[L.DIPLO_CARD + d]
        owner = s[L.DIPLO_OWNER + d]
        if card < 0 or owner < 0:
            continue
        icon = T.athena[card, 0]
        if icon == O.UNIVERSAL:
            hit = attacked != 0
            safe = (any_defence >> owner) & 1 == 1
        else:
            hit = attacked & (1 << icon) != 0
            safe = defended & (1 << (owner * 3 + icon)) != 0
        if not hit:
            continue
        s[L.DIPLO_OWNER + d] = -1
        diplomat_home(s, T, owner)
        if safe:
            add_glory(s, owner, T.athena[card, 1], L.SRC_BATTLE)
        else:
            compensation(s, T, W, opts, owner, icon, icon == O.UNIVERSAL, rng)

    for k in range(2 * L.MAX_HOPLITE_SPACES):
        owner = s[L.BATTLE_HOPLITE + k]
        if owner >= 0:
            s[L.BATTLE_HOPLITE + k] = -1
            unit_home(s, T, owner, O.HOPLITE)
    s[L.RIVAL_POS + rival] = 0
    seat = start
    for _ in range(s[L.N_SEATS]):
        if is_real(s, seat):
            fire_skills(s, T, seat, O.TRIG_BATTLE, rng)
        seat = next_seat(s, seat)
    # Athens rebuilds as the Battle's last step (p. 15): a Military completion it brings
    # resets both Rivals (p. 12), so a second Battle waiting may no longer happen
    athens_builds(s, T, W, opts, rng, ev)
