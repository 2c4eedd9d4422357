"""Abilities (ops.py) and when they are used: the played card's ability in an Advance Turn
(part A, p. 8); Invoking Mythology cards, any number in the seat's own turn as Free
Actions and at most one in another seat's turn, between that seat's steps, the active
seat first and then clockwise (p. 8); the seat's City-state ability at its trigger (p. 6).
``run_ability`` is the one dispatcher.

A Mythology card is Invoked by using its ability and then turning it sideways (p. 8), so
while its ability runs it is still Energised: it cannot Energise itself."""

from sim.games.pillars import layout as L
from sim.games.pillars import ops as O
from sim.games.pillars.decisions import (
    D_ABILITY,
    D_ABILITY_TARGET,
    D_BUILD_LAND,
    D_DEPLOY_SPACE,
    D_ENERGISE,
    D_INVOKE,
    D_PERSEUS,
)
from sim.games.pillars.events import (
    CAUSE_ABILITY,
    EV_ABILITY_STEP,
    EV_CARD_ABILITY,
    EV_CITY_STATE_ABILITY,
    EV_ENERGISE,
    EV_HERO_ABILITY,
    EV_INVOKE,
    EV_INVOKE_END,
    EV_MYTHOLOGY_REMOVED,
)
from sim.games.pillars.rules.apart import apart
from sim.games.pillars.rules.board import SECTION_BUILD, row_emptied
from sim.games.pillars.rules.build import build_lands, place_building
from sim.games.pillars.rules.cards import draw_cards_reshuffling
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.deploy import deploy_spaces, place_unit
from sim.games.pillars.rules.heroes import CH_MYTHOLOGY, HERO_FX, HERO_TRIGGER, odysseus_challenge
from sim.games.pillars.rules.movement import (
    MOVE_HERO,
    MOVE_HOPLITE,
    MOVE_SHIP,
    MOVE_WORKER,
    move_units,
)
from sim.games.pillars.rules.mythtiles import place_sphinx
from sim.games.pillars.rules.power import land_power
from sim.games.pillars.rules.procure import free_egypt_card
from sim.games.pillars.rules.removal import empty_row, fit_mythology, hero_exposed
from sim.games.pillars.rules.rewards import mythology_reward, progress
from sim.games.pillars.rules.solo_setup import first_ability_only
from sim.games.pillars.rules.tyrant_cards import basic_to_bottom
from sim.games.pillars.rules.wheels import solo_mode
from sim.jit import compiled_in_caller, kernel
from sim.rng import STREAM_SETUP, below

# the Deploy column (content.UNITS) of a Unit by its movement.MOVE_* kind
DEPLOY_COLUMN = (L.U_SHIP, L.U_HOPLITE, L.U_WORKER)


@kernel
def step_up_track(s, T, W, ev, seat, want, work, opts, rng):
    """OP_STEP: one step up ``want`` (ANY: a track of the seat's choice) with its reward
    (p. 7). Returns the track, -1 when none has a step left."""
    n = 0
    for t in range(L.N_TRACKS):
        if ((want == O.ANY or want == t)
                and s[L.TRACK_STEP + seat * L.N_TRACKS + t] < T.track_steps.shape[1]):
            n = option(opts, n, t, 0, 0, 0)
    if n == 0:
        return -1
    track = opts[decide(s, T, W, opts, n, seat, D_ABILITY_TARGET, rng), 0]
    progress(s, T, W, ev, seat, track, CAUSE_ABILITY, True, work, opts, rng)
    return track


@kernel
def free_deploy(s, T, W, ev, seat, want, opts, rng):
    """OP_DEPLOY: a Unit of kind ``want`` (ANY: any kind) from a Deploy row, for free, to a
    space the Deploy action allows (p. 10). Returns the space, -1 when there is none."""
    n = 0
    for unit in range(L.N_UNIT_KINDS):
        if want != O.ANY and want != unit:
            continue
        for row in range(T.deploy_cost.shape[0]):
            if (s[L.DEPLOY_LEFT + (seat * L.MAX_ROWS + row) * L.N_UNIT_KINDS + unit] == 1
                    and deploy_spaces(s, T, seat, unit, opts[n:]) > 0):
                n = option(opts, n, unit, row, 0, 0)
    if n == 0:
        return -1
    k = decide(s, T, W, opts, n, seat, D_ABILITY_TARGET, rng)
    unit, row = opts[k, 0], opts[k, 1]
    n = deploy_spaces(s, T, seat, unit, opts)
    space = opts[decide(s, T, W, opts, n, seat, D_DEPLOY_SPACE, rng), 0]
    place_unit(s, T, W, ev, seat, unit, row, space, opts, rng)
    s[L.ABILITY_LAND] = space if unit != L.U_SHIP else port_land(space)
    return space


@kernel
def free_build(s, T, W, ev, seat, want, opts, rng):
    """OP_BUILD: a Building of kind ``want`` (ANY: any kind) from a Build row, for free, on
    a Land the Build action allows (p. 10). Returns the Land, -1 when there is none."""
    n = 0
    for building in range(L.N_BUILDING_KINDS):
        if want != O.ANY and want != building:
            continue
        for row in range(T.build_cost.shape[0]):
            if (s[L.BUILD_LEFT + (seat * L.MAX_ROWS + row) * L.N_BUILDING_KINDS + building] == 1
                    and build_lands(s, T, seat, building, -1, opts[n:]) > 0):
                n = option(opts, n, building, row, 0, 0)
    if n == 0:
        return -1
    k = decide(s, T, W, opts, n, seat, D_ABILITY_TARGET, rng)
    building, row = opts[k, 0], opts[k, 1]
    n = build_lands(s, T, seat, building, -1, opts)
    land = opts[decide(s, T, W, opts, n, seat, D_BUILD_LAND, rng), 0]
    place_building(s, T, ev, seat, building, row, -1, land)
    row_emptied(s, T, W, ev, seat, SECTION_BUILD, row, opts, rng)
    return land


@kernel
def add_power(s, T, W, seat, amount, opts, rng):
    """OP_POWER: ``amount`` Power more for the seat, until the turn ends, on a Land where it
    has Power (p. 6). Returns the Land, -1 when there is none."""
    n = 0
    for land in range(s[L.LAND_END]):
        if land_power(s, T, land, seat) > 0:
            n = option(opts, n, land, 0, 0, 0)
    if n == 0:
        return -1
    land = opts[decide(s, T, W, opts, n, seat, D_ABILITY_TARGET, rng), 0]
    s[L.POWER_BONUS + land * L.MAX_PLAYERS + seat] += amount
    return land


@kernel
def free_energise(s, T, W, ev, seat, most, opts, rng):
    """OP_ENERGISE: up to ``most`` of the seat's Invoked Mythology cards turned upright for
    free (pp. 7-8). Returns how many."""
    base = seat * L.MAX_MYTH_SLOTS
    done = 0
    while done < most:
        n = option(opts, 0, -1, 0, 0, 0)
        for k in range(L.MAX_MYTH_SLOTS):  # a slot past the seat's room holds no card
            if s[L.MYTH_SLOT + base + k] >= 0 and s[L.MYTH_INVOKED + base + k] == 1:
                n = option(opts, n, k, s[L.MYTH_SLOT + base + k], 0, 0)
        if n == 1:
            break
        slot = opts[decide(s, T, W, opts, n, seat, D_ENERGISE, rng), 0]
        if slot < 0:
            break
        s[L.MYTH_INVOKED + base + slot] = 0
        emit(s, ev, seat, EV_ENERGISE, slot, s[L.MYTH_SLOT + base + slot], 1)
        done += 1
    return done


@kernel
def port_land(space):
    """The Land of a Ship's space when it is a Port, -1 for a Sea."""
    return space - L.PORT if space >= L.PORT else -1


@kernel
def unit_row(s, T, owner, kind):
    """The Deploy row a Unit of that movement kind would go back to, -1 when it is full."""
    return empty_row(s, T, owner, L.DEPLOY_LEFT, L.N_UNIT_KINDS, DEPLOY_COLUMN[kind],
                     T.deploy_cost.shape[0])


@kernel
def send_back_choices(s, T, seat, piece, opts):
    """Another seat's Buildings (seat, Land, kind), or its Units with room on its Deploy
    rows (seat, Land or Ship piece, movement kind), its Hero Unit where it stands alone
    (p. 16); returns how many."""
    n = 0
    for other in range(s[L.N_PLAYERS]):
        if other == seat:
            continue
        if piece == O.PIECE_BUILDING:
            for land in range(s[L.LAND_END]):
                building = s[L.LAND_BUILDING + land * L.MAX_PLAYERS + other]
                if building >= 0:
                    n = option(opts, n, other, land, building, 0)
            continue
        for land in range(s[L.LAND_END]):
            k = land * L.MAX_PLAYERS + other
            if s[L.LAND_HOPLITES + k] > 0 and unit_row(s, T, other, MOVE_HOPLITE) >= 0:
                n = option(opts, n, other, land, MOVE_HOPLITE, 0)
            if s[L.LAND_WORKERS + k] > 0 and unit_row(s, T, other, MOVE_WORKER) >= 0:
                n = option(opts, n, other, land, MOVE_WORKER, 0)
            if hero_exposed(s, other, land):
                n = option(opts, n, other, land, MOVE_HERO, 0)
        if unit_row(s, T, other, MOVE_SHIP) >= 0:
            for ship in range(other * L.MAX_SHIPS, (other + 1) * L.MAX_SHIPS):
                if s[L.SHIP_SPACE + ship] >= 0:
                    n = option(opts, n, other, ship, MOVE_SHIP, 0)
    return n


@kernel
def send_back(s, T, W, seat, piece, opts, rng):
    """OP_SEND_BACK: another seat's Unit or Building from the map to the first row of its
    Player board with that slot empty (Hyperion, Iapetos, p. 31), a Hero Unit to its tile
    (p. 16). Returns that seat, -1 when nothing can go back."""
    n = send_back_choices(s, T, seat, piece, opts)
    if n == 0:
        return -1
    k = decide(s, T, W, opts, n, seat, D_ABILITY_TARGET, rng)
    owner, where, kind = opts[k, 0], opts[k, 1], opts[k, 2]
    s[L.ABILITY_LAND] = where if kind != MOVE_SHIP else port_land(s[L.SHIP_SPACE + where])
    if kind == MOVE_HERO:
        s[L.HERO_AT + owner] = -1
        return owner
    if piece == O.PIECE_BUILDING:
        row = empty_row(s, T, owner, L.BUILD_LEFT, L.N_BUILDING_KINDS, kind,
                        T.build_cost.shape[0])
        s[L.BUILD_LEFT + (owner * L.MAX_ROWS + row) * L.N_BUILDING_KINDS + kind] = 1
        s[L.LAND_BUILDING + where * L.MAX_PLAYERS + owner] = -1
        if kind == L.B_TEMPLE:
            fit_mythology(s, T, W, owner, opts, rng)
        return owner
    row = unit_row(s, T, owner, kind)
    s[L.DEPLOY_LEFT + (owner * L.MAX_ROWS + row) * L.N_UNIT_KINDS + DEPLOY_COLUMN[kind]] = 1
    if kind == MOVE_SHIP:
        s[L.SHIP_SPACE + where] = -1
        s[L.SHIP_PROJECT + where] = -1
    elif kind == MOVE_HOPLITE:
        s[L.LAND_HOPLITES + where * L.MAX_PLAYERS + owner] -= 1
    else:
        s[L.LAND_WORKERS + where * L.MAX_PLAYERS + owner] -= 1
    return owner


@kernel
def halt(s, T, W, seat, what, opts, rng):
    """OP_HALT: until the turn ends another seat's Ships (HALT_SHIPS, Okeanos), or one of its
    Units (HALT_UNIT: the Gorgon's tile goes on it, from wherever it lay), cannot be moved
    (p. 31). Returns that seat, -1 for none."""
    n = 0
    for other in range(s[L.N_PLAYERS]):
        if other == seat:
            continue
        for ship in range(other * L.MAX_SHIPS, (other + 1) * L.MAX_SHIPS):
            if s[L.SHIP_SPACE + ship] >= 0:
                n = option(opts, n, other, MOVE_SHIP, ship, 0)
                if what == O.HALT_SHIPS:
                    break
        if what == O.HALT_SHIPS:
            continue
        for land in range(s[L.LAND_END]):
            k = land * L.MAX_PLAYERS + other
            if s[L.LAND_HOPLITES + k] > 0:
                n = option(opts, n, other, MOVE_HOPLITE, land, 0)
            if s[L.LAND_WORKERS + k] > 0:
                n = option(opts, n, other, MOVE_WORKER, land, 0)
            if s[L.HERO_AT + other] == land:
                n = option(opts, n, other, MOVE_HERO, land, 0)
    if n == 0:
        return -1
    k = decide(s, T, W, opts, n, seat, D_ABILITY_TARGET, rng)
    other = opts[k, 0]
    if what == O.HALT_SHIPS:
        s[L.HALTED_SHIPS] |= 1 << other
    else:
        s[L.GORGON_SEAT] = other
        s[L.GORGON_KIND] = opts[k, 1]
        s[L.GORGON_AT] = opts[k, 2]
        s[L.ABILITY_LAND] = opts[k, 2] if opts[k, 1] != MOVE_SHIP else port_land(
            s[L.SHIP_SPACE + opts[k, 2]])
    return other


@kernel
def swap_mythology(s, T, W, seat, opts, rng):
    """OP_SWAP: one of the seat's Mythology cards (the Invoked one included) and one of
    another seat's change places; each slot keeps its state, so the card taken has the
    state of the card given (Gaia, p. 31). In Solo Mode the Tyrant's cards lie face down
    on his stack: the swap takes one of them unseen, at random (p. 31). Returns the other
    seat, -1 for none."""
    n = 0
    solo = solo_mode(s)
    stack = tyrant_stack(s, T) if solo else 0
    for k in range(L.MAX_MYTH_SLOTS):
        if s[L.MYTH_SLOT + seat * L.MAX_MYTH_SLOTS + k] < 0:
            continue
        for other in range(s[L.N_PLAYERS]):
            if solo and other == L.TYRANT:
                if stack > 0 and seat != L.TYRANT:
                    n = option(opts, n, k, other, -1, 0)
                continue
            for j in range(L.MAX_MYTH_SLOTS):
                if other != seat and s[L.MYTH_SLOT + other * L.MAX_MYTH_SLOTS + j] >= 0:
                    n = option(opts, n, k, other, j, 0)
    if n == 0:
        return -1
    c = decide(s, T, W, opts, n, seat, D_ABILITY_TARGET, rng)
    mine = L.MYTH_SLOT + seat * L.MAX_MYTH_SLOTS + opts[c, 0]
    if opts[c, 2] < 0:  # one of the Tyrant's face-down cards
        card = from_tyrant_stack(s, T, stack, rng)
        s[L.SOLO_MYTH + s[mine]] = 1
        s[mine] = card
        return opts[c, 1]
    theirs = L.MYTH_SLOT + opts[c, 1] * L.MAX_MYTH_SLOTS + opts[c, 2]
    card = s[mine]
    s[mine] = s[theirs]
    s[theirs] = card
    return opts[c, 1]


@kernel
def tyrant_stack(s, T):
    """Mythology cards on the Tyrant's face-down stack (Solo Mode, p. ~24)."""
    n = 0
    for card in range(T.mythology.shape[0]):
        n += s[L.SOLO_MYTH + card]
    return n


@kernel
def from_tyrant_stack(s, T, stack, rng):
    """One of the ``stack`` cards of the Tyrant's stack, unseen (at random), taken off it."""
    pick = below(rng, STREAM_SETUP, stack)
    for card in range(T.mythology.shape[0]):
        if s[L.SOLO_MYTH + card] == 1:
            if pick == 0:
                s[L.SOLO_MYTH + card] = 0
                return card
            pick -= 1
    return -1


@kernel
def perseus(s, T, W, ev, seat, opts, rng):
    """OP_PERSEUS: the seat picks another seat holding Mythology cards; one of them, at
    random, leaves the game, and the seat may use its ability (p. 31); in Solo Mode one of
    the Tyrant's face-down stack. Returns the card (-1: no other seat holds one) and the
    fx row of the ability to use (-1: none)."""
    n = 0
    for other in range(s[L.N_PLAYERS]):
        held = 0
        if other == L.TYRANT and solo_mode(s):
            held = tyrant_stack(s, T)
        for k in range(L.MAX_MYTH_SLOTS):
            held += s[L.MYTH_SLOT + other * L.MAX_MYTH_SLOTS + k] >= 0
        if other != seat and held > 0:
            n = option(opts, n, other, held, 0, 0)
    if n == 0:
        return -1, -1
    c = decide(s, T, W, opts, n, seat, D_ABILITY_TARGET, rng)
    other = opts[c, 0]
    if other == L.TYRANT and solo_mode(s):
        card = from_tyrant_stack(s, T, opts[c, 1], rng)
    else:
        pick = below(rng, STREAM_SETUP, opts[c, 1])
        slot = -1
        for k in range(L.MAX_MYTH_SLOTS):
            if s[L.MYTH_SLOT + other * L.MAX_MYTH_SLOTS + k] < 0:
                continue
            slot = other * L.MAX_MYTH_SLOTS + k
            if pick == 0:
                break
            pick -= 1
        card = s[L.MYTH_SLOT + slot]
        s[L.MYTH_SLOT + slot] = -1
        s[L.MYTH_INVOKED + slot] = 0
    s[L.MYTH_OUT + card] = 1
    n = option(opts, option(opts, 0, -1, 0, 0, 0), 0, card, 0, 0)
    used = opts[decide(s, T, W, opts, n, seat, D_PERSEUS, rng), 0] + 1
    emit(s, ev, seat, EV_MYTHOLOGY_REMOVED, card, other, used)
    return card, T.myth_ability[card, 0] if used == 1 else -1


@compiled_in_caller
def run_steps(s, T, W, ev, seat, row, mythic, work, scratch, opts, rng):
    """The steps of one ability row; returns the fx row of an ability Perseus took, -1
    for none. A ``mythic`` ability (a Mythology card's) acting on a Land of a Region is a
    challenge of an Odysseus token (p. 16)."""
    taken = -1
    acted = 0
    for i in range(T.fx[row, 0]):
        op = T.fx[row, 1 + 3 * i]
        a = T.fx[row, 2 + 3 * i]
        b = T.fx[row, 3 + 3 * i]
        target = -1
        s[L.ABILITY_LAND] = -1
        if op == O.OP_DRAW and seat == L.TYRANT and solo_mode(s):
            target = 0  # he draws none: his Basic discard's top card goes under (p. ~21)
            for _ in range(a):
                target += basic_to_bottom(s) >= 0
        elif op == O.OP_DRAW:
            target = draw_cards_reshuffling(s, seat, a, rng)
        elif op == O.OP_RESOURCE:
            s[L.CREDIT + seat * L.N_RESOURCES + a] += b
            target = b
        elif op == O.OP_STEP:
            target = step_up_track(s, T, W, ev, seat, a, work, opts, rng)
        elif op == O.OP_DEPLOY:
            target = free_deploy(s, T, W, ev, seat, a, opts, rng)
        elif op == O.OP_BUILD:
            target = free_build(s, T, W, ev, seat, a, opts, rng)
        elif op == O.OP_MOVE:
            target = move_units(s, T, W, ev, seat, a, not mythic, scratch, opts, rng)
        elif op == O.OP_POWER:
            target = add_power(s, T, W, seat, a, opts, rng)
        elif op == O.OP_ENERGISE:
            target = free_energise(s, T, W, ev, seat, a, opts, rng)
        elif op == O.OP_MYTHOLOGY:
            target = mythology_reward(s, T, W, ev, seat, a, opts, rng)
        elif op == O.OP_SEND_BACK:
            target = send_back(s, T, W, seat, a, opts, rng)
        elif op == O.OP_HALT:
            target = halt(s, T, W, seat, a, opts, rng)
        elif op == O.OP_SWAP:
            target = swap_mythology(s, T, W, seat, opts, rng)
        elif op == O.OP_EGYPT:
            target = free_egypt_card(s, T, W, seat, opts, rng)
        elif op == O.OP_SPHINX:
            target = place_sphinx(s, T, W, ev, seat, opts, rng)
        elif op == O.OP_PERSEUS:
            target, taken = perseus(s, T, W, ev, seat, opts, rng)
        if op == O.OP_POWER or op == O.OP_BUILD or op == O.OP_SPHINX:
            s[L.ABILITY_LAND] = target
        emit(s, ev, seat, EV_ABILITY_STEP, op, target, a)
        acted += step_acted(op, target)
        if mythic:
            odysseus_challenge(s, T, ev, seat, s[L.ABILITY_LAND], CH_MYTHOLOGY)
    s[L.ABILITY_LAND] = -1
    return taken, acted


@kernel
def step_acted(op, target):
    """1 when an ability step with this code and traced target did something: draw, move
    and energise report how many they did, the others what they acted on (-1: nothing)."""
    if op == O.OP_DRAW or op == O.OP_MOVE or op == O.OP_ENERGISE:
        return 1 if target > 0 else 0
    return 1 if target >= 0 else 0


@apart(result=int)
def run_ability(s, T, W, ev, seat, row, mythic, work, scratch, opts, rng):
    """The one dispatcher: the steps of ability row ``row`` of ``T.fx`` for ``seat``, in
    order (ops.OP_TABLE), then those of an ability Perseus took, if any. A step with
    nothing to act on does nothing; each step is traced as ``ability_step`` (code, what it
    acted on, its first argument). ``scratch`` holds at least MAX_SEAS entries
    (Movement's reach). ``mythic``: the row is a Mythology card's (Perseus takes only
    those)."""
    acted = 0
    while row >= 0:
        row, steps_acted = run_steps(s, T, W, ev, seat, row, mythic, work, scratch, opts, rng)
        acted += steps_acted
    return acted


@kernel
def city_state_ability(s, T, W, ev, seat, trigger, work, scratch, opts, rng):
    """The seat's City-state ability, when ``trigger`` (content.TRIGGERS) is its own (p. 6).
    It is always used: every step is a gain whose choices let the seat decline."""
    tile = s[L.CITY_STATE + seat]
    if tile < 0 or T.city_ability[tile, 1] != trigger:
        return
    emit(s, ev, seat, EV_CITY_STATE_ABILITY, tile, trigger, 0)
    run_ability(s, T, W, ev, seat, T.city_ability[tile, 0], False, work, scratch, opts, rng)


@kernel
def hero_ability(s, T, W, ev, seat, trigger, work, scratch, opts, rng):
    """The ability of the seat's Hero tile, when ``trigger`` is its own and its Hero Unit
    is on the board (p. 16; decision 44)."""
    hero = s[L.HERO + seat]
    if hero < 0 or s[L.HERO_AT + seat] < 0 or T.heroes[hero, HERO_TRIGGER] != trigger:
        return
    emit(s, ev, seat, EV_HERO_ABILITY, hero, trigger, 0)
    run_ability(s, T, W, ev, seat, T.heroes[hero, HERO_FX], False, work, scratch, opts, rng)


@kernel
def card_ability_ready(s, T):
    """The card played for this Advance Turn has an ability not yet used (p. 8)."""
    card = s[L.PLAYED]
    return card >= 0 and T.card_ability[card, 0] > 0 and s[L.TURN_DONE] & L.DONE_ABILITY == 0


@kernel
def use_card_ability(s, T, W, ev, seat, work, scratch, opts, rng):
    """Advance Turn part A (p. 8): the played card's ability, or its alternative where it
    has one (Shieldmaker, p. 31), unless Solo Mode allows only the first (p. 31)."""
    card = s[L.PLAYED]
    n = option(opts, 0, 0, 0, 0, 0)
    if T.card_ability[card, 1] > 0 and not first_ability_only(s, T, card):
        n = option(opts, n, 1, 0, 0, 0)
    alternative = opts[decide(s, T, W, opts, n, seat, D_ABILITY, rng), 0]
    emit(s, ev, seat, EV_CARD_ABILITY, card, alternative, 0)
    run_ability(s, T, W, ev, seat, T.card_ability[card, alternative], False, work, scratch, opts,
                rng)


@kernel
def invocable(s, T, seat, off_turn, head, opts, n):
    """Add an option (head, slot, card) for each Energised Mythology card of the seat, one
    Energised again after an Invoke in this turn included (p. 8); in another seat's turn
    only those usable then (ops.OWN_TURN_ONLY). Returns the count."""
    base = seat * L.MAX_MYTH_SLOTS
    for k in range(L.MAX_MYTH_SLOTS):
        card = s[L.MYTH_SLOT + base + k]
        if (card >= 0 and s[L.MYTH_INVOKED + base + k] == 0
                and (not off_turn or T.myth_ability[card, 1] == 1)):
            n = option(opts, n, head, k, card, 0)
    return n


@kernel
def invoke(s, T, W, ev, seat, slot, work, scratch, opts, rng):
    """Invoke the seat's Energised Mythology card in ``slot``: its ability, then the card is
    turned sideways wherever it now lies (Gaia may have moved it) (p. 8)."""
    card = s[L.MYTH_SLOT + seat * L.MAX_MYTH_SLOTS + slot]
    off_turn = 1 if seat != s[L.ACTIVE] else 0
    s[L.OFF_TURN_INVOKES + seat] += off_turn
    s[L.INVOKED_THIS_TURN + card] = 1
    emit(s, ev, seat, EV_INVOKE, slot, card, off_turn)
    acted = run_ability(s, T, W, ev, seat, T.myth_ability[card, 0], True, work, scratch, opts,
                        rng)
    emit(s, ev, seat, EV_INVOKE_END, slot, card, 1 if acted > 0 else 0)
    for k in range(L.MAX_PLAYERS * L.MAX_MYTH_SLOTS):
        if s[L.MYTH_SLOT + k] == card:
            s[L.MYTH_INVOKED + k] = 1


@kernel
def invoke_window(s, T, W, ev, active, work, scratch, opts, rng):
    """A moment between the active seat's steps: each other seat, clockwise from the active
    one (whose Free Actions come first), may Invoke one Mythology card, if it has not
    Invoked one in this turn yet (p. 8)."""
    n_players = s[L.N_PLAYERS]
    for k in range(1, n_players):
        seat = (active + k) % n_players
        if s[L.OFF_TURN_INVOKES + seat] > 0:
            continue
        n = invocable(s, T, seat, True, 0, opts, option(opts, 0, -1, 0, 0, 0))
        if n == 1:
            continue
        pick = decide(s, T, W, opts, n, seat, D_INVOKE, rng)
        if opts[pick, 0] == 0:
            invoke(s, T, W, ev, seat, opts[pick, 1], work, scratch, opts, rng)
