"""The Assembly (p. 9): placing a Citizen, its optional space action, its Main Actions."""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles.decisions import D_MAIN_ACTIONS, D_PLACE, D_SPACE_ACTION
from sim.games.pericles.events import (
    EV_CITY_STATE_ACTION,
    EV_MAIN_ACTION,
    EV_PLACE_CITIZEN,
    EV_REVEAL_MISSION,
)
from sim.games.pericles.rules.actions import action_legal, take_action
from sim.games.pericles.rules.core import decide, discard_mission, emit
from sim.games.pericles.rules.effects import can_pay, run_effect
from sim.games.pericles.rules.flow import settle
from sim.games.pericles.rules.missions import side_fulfilled
from sim.jit import compiled_in_caller, kernel

SMALL, LARGE = 1, 2


@kernel
def citizens_left(s, seat):
    """Citizens a real player may still place this round: (small, large)."""
    small = s[L.SMALL_UNLOCKED + seat] - s[L.SMALL_PLACED + seat]
    large = s[L.LARGE_UNLOCKED + seat] - s[L.LARGE_PLACED + seat]
    return small, large


@kernel
def placement_options(s, seat, opts):
    """(space, size) for every Agora space without a Citizen of this seat (p. 9)."""
    small, large = citizens_left(s, seat)
    n = 0
    for space in range(L.N_AGORA):
        if s[L.AGORA_CITIZEN + space * L.MAX_SEATS + seat] != 0:
            continue
        if small > 0:
            opts[n, 0], opts[n, 1] = space, SMALL
            n += 1
        if large > 0:
            opts[n, 0], opts[n, 1] = space, LARGE
            n += 1
    return n


@kernel
def space_action(s, T, W, opts, seat, space, size, rng, ev):
    """Optional: reveal a fulfilled Mission side (untiled space) or use the City-state's
    printed action (tiled space) (pp. 9, 18, 20)."""
    n = 1
    opts[0, 0] = 0
    tile = s[L.AGORA_TILE + space]
    if tile < 0:
        for m in range(T.missions.shape[0]):
            if s[L.MISSION_LOC + m] != seat:
                continue
            for side in range(2):
                if side_fulfilled(s, T, seat, m, side, size == LARGE):
                    opts[n, 0], opts[n, 1], opts[n, 2] = 1, m, side
                    n += 1
    elif can_pay(s, T, seat, T.city_states[tile, 2]):
        opts[n, 0], opts[n, 1] = 2, tile
        n += 1
    k = decide(s, T, W, opts, n, seat, D_SPACE_ACTION, rng)
    kind, item, side = opts[k, 0], opts[k, 1], opts[k, 2]
    if kind == 1:
        emit(s, ev, seat, EV_REVEAL_MISSION, item, side, 0)
        discard_mission(s, seat, item)
        if T.missions[item, 3 * side] == O.COND_LARGE_TO_SMALL:
            s[L.ACTS_SMALL] = 1
        run_effect(s, T, W, opts, seat, T.missions[item, 3 * side + 2], L.SRC_MISSIONS, rng, ev)
    elif kind == 2:
        emit(s, ev, seat, EV_CITY_STATE_ACTION, item, 0, 0)
        s[L.CITY_USED + seat] |= 1 << item
        run_effect(s, T, W, opts, seat, T.city_states[item, 2], L.SRC_EFFECTS, rng, ev)
    settle(s, T, W, opts, rng, ev)


@compiled_in_caller
def main_actions(s, T, W, opts, seat, space, both, rng, ev):
    """A Small Citizen takes its row's or its column's Main Action; a Large one both,
    in the order its owner chooses (p. 9)."""
    row_action = T.board[6 + space // 3]
    col_action = T.board[9 + space % 3]
    n = 0
    if both:
        opts[n, 0], opts[n, 1] = row_action, col_action
        n += 1
        opts[n, 0], opts[n, 1] = col_action, row_action
        n += 1
    else:
        for action in (row_action, col_action):
            if action_legal(s, T, seat, action, opts[2:]):
                opts[n, 0], opts[n, 1] = action, -1
                n += 1
        if n == 0:
            return
    k = decide(s, T, W, opts, n, seat, D_MAIN_ACTIONS, rng)
    first, second = opts[k, 0], opts[k, 1]
    for action in (first, second):
        if action < 0 or s[L.GAME_OVER] == 1:
            return
        if action_legal(s, T, seat, action, opts):
            emit(s, ev, seat, EV_MAIN_ACTION, action, 0, 0)
            take_action(s, T, W, opts, seat, action, rng, ev)


@compiled_in_caller
def citizen_turn(s, T, W, opts, seat, rng, ev):
    """One Assembly turn of a real player: place, space action, Main Action(s)."""
    n = placement_options(s, seat, opts)
    k = decide(s, T, W, opts, n, seat, D_PLACE, rng)
    place_citizen(s, T, W, opts, seat, opts[k, 0], opts[k, 1], rng, ev)


@compiled_in_caller
def place_citizen(s, T, W, opts, seat, space, size, rng, ev):
    """The turn once its placement is chosen: the Citizen of ``size`` goes on ``space``,
    then the space action and the Main Action(s) (a search bot's play-out starts here)."""
    s[L.AGORA_CITIZEN + space * L.MAX_SEATS + seat] = size
    if size == LARGE:
        s[L.LARGE_PLACED + seat] = 1
    else:
        s[L.SMALL_PLACED + seat] += 1
        if s[L.SMALL_BACK + seat] > 0:  # the Citizen taken back goes out again (assumed)
            s[L.SMALL_BACK + seat] -= 1
    emit(s, ev, seat, EV_PLACE_CITIZEN, space, size, 0)
    s[L.ACTS_LARGE] = 0
    s[L.ACTS_SMALL] = 0
    space_action(s, T, W, opts, seat, space, size, rng, ev)
    if s[L.GAME_OVER] == 1:
        return
    both = (size == LARGE and s[L.ACTS_SMALL] == 0) or (size == SMALL and s[L.ACTS_LARGE] == 1)
    main_actions(s, T, W, opts, seat, space, both, rng, ev)
