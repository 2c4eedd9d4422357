"""A whole turn (p. 8): the Status Check, then an Advance Turn (play and move, then the
card's ability, Movement and the Rondel action, each at most once and in any order) or a
Replenish Turn, with Free Actions before, between and after the parts, and a Prophecy at
the end. After the active seat's Free Actions at each of those moments the other seats
may Invoke a Mythology card (rules.abilities.invoke_window)."""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_ADVANCE_PART
from sim.games.pillars.events import EV_TURN
from sim.games.pillars.rules.abilities import (
    card_ability_ready,
    city_state_ability,
    hero_ability,
    invoke_window,
    use_card_ability,
)
from sim.games.pillars.rules.apart import apart
from sim.games.pillars.rules.ascend import ascend_action
from sim.games.pillars.rules.barbarians import SCRATCH as BARBARIAN_SCRATCH
from sim.games.pillars.rules.barbarians import barbarian_mode, barbarians_act
from sim.games.pillars.rules.build import build_action
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.deploy import deploy_action
from sim.games.pillars.rules.discount import discounted_steps
from sim.games.pillars.rules.free import free_actions, free_moment
from sim.games.pillars.rules.movement import movement_block
from sim.games.pillars.rules.procure import procure_action
from sim.games.pillars.rules.settle import settle_action
from sim.games.pillars.rules.strategy import ARCHITECTS_OF_PROSPERITY, DIVINE_ASCENT, OLYMPIC_GAMES
from sim.games.pillars.rules.tracks import (
    CIVILISATION,
    MERCENARY,
    MILITARY,
    NAVIGATION,
    OLYMPIAN,
    TITAN,
)
from sim.games.pillars.rules.turn import (
    SEC_ASCEND,
    SEC_BUILD,
    SEC_DEPLOY,
    SEC_PROCURE,
    SEC_SETTLE,
    TURN_ADVANCE,
    choose_turn,
    end_turn,
    play_and_advance,
    replenish_turn,
    section_of,
    start_turn,
)
from sim.jit import compiled_in_caller, kernel

# scratch layout of a turn: the Status Check's part first, then the actions' own
T_ACTION = 64  # procure: bought cards; ascend: steps taken; settle: Powers
T_REACH = T_ACTION + 64  # Movement: Seas reached over own Ships
TURN_SCRATCH = max(T_REACH + L.MAX_SEAS, BARBARIAN_SCRATCH)  # the Barbarians use it all


@compiled_in_caller
def rondel_action(s, T, W, ev, seat, section, work, scratch, opts, rng):
    """The action of the section the marker stands on (pp. 10-12), after a City-state
    ability triggered by it (p. 6), so that a Resource it gives pays for the action; then a
    Strategy tile's discounted step where one follows that action (p. ~14). A Hero tile's
    ability of that trigger follows the City-state's (p. 16)."""
    city_state_ability(s, T, W, ev, seat, section, work, scratch, opts, rng)
    hero_ability(s, T, W, ev, seat, section, work, scratch, opts, rng)
    if section == SEC_PROCURE:
        procure_action(s, T, W, ev, seat, work, scratch[T_ACTION:], opts, rng)
    elif section == SEC_DEPLOY:
        deploy_action(s, T, W, ev, seat, work, opts, rng)
        discounted_steps(s, T, W, ev, seat, OLYMPIC_GAMES, MERCENARY, MILITARY, work, opts, rng)
    elif section == SEC_BUILD:
        build_action(s, T, W, ev, seat, work, opts, rng)
        discounted_steps(s, T, W, ev, seat, ARCHITECTS_OF_PROSPERITY, CIVILISATION, NAVIGATION,
                         work, opts, rng)
    elif section == SEC_SETTLE:
        settle_action(s, T, W, ev, seat, work, scratch[T_ACTION:], opts, rng)
        discounted_steps(s, T, W, ev, seat, DIVINE_ASCENT, OLYMPIAN, TITAN, work, opts, rng)
    elif section == SEC_ASCEND:
        ascend_action(s, T, W, ev, seat, work, scratch[T_ACTION:], opts, rng)


@kernel
def part_choices(s, section, opts):
    """End the Advance Turn, or a part not yet done: Movement (only on Procure, Deploy,
    Build or Settle, p. 9) and the Rondel action."""
    n = option(opts, 0, -1, 0, 0, 0)
    if s[L.TURN_DONE] & L.DONE_MOVEMENT == 0 and section != SEC_ASCEND:
        n = option(opts, n, L.DONE_MOVEMENT, 0, 0, 0)
    if s[L.TURN_DONE] & L.DONE_ACTION == 0:
        n = option(opts, n, L.DONE_ACTION, 0, 0, 0)
    return n


@compiled_in_caller
def advance_turn(s, T, W, ev, seat, work, scratch, opts, rng):
    """An Advance Turn (p. 8). In Barbarian Hordes the First Player's marker crossing the
    line from Ascend to Procure, after the first turn, makes the Barbarians act before its
    optional actions (p. 15)."""
    play_and_advance(s, T, W, ev, seat, opts, rng)
    if (barbarian_mode(s) and seat == s[L.FIRST] and s[L.CROSSED] == 1 and s[L.ROUND] > 1):
        barbarians_act(s, T, W, ev, scratch, opts, rng)
    section = section_of(s, T, seat)
    while True:
        free_moment(s, T, W, ev, seat, work, scratch, opts, rng)
        n = part_choices(s, section, opts)
        if card_ability_ready(s, T):
            n = option(opts, n, L.DONE_ABILITY, 0, 0, 0)
        part = opts[decide(s, T, W, opts, n, seat, D_ADVANCE_PART, rng), 0]
        if part < 0:
            return
        s[L.TURN_DONE] |= part
        if part == L.DONE_ABILITY:
            use_card_ability(s, T, W, ev, seat, work, scratch, opts, rng)
        elif part == L.DONE_MOVEMENT:
            movement_block(s, T, W, ev, seat, scratch[T_REACH:], opts, rng)
        else:
            rondel_action(s, T, W, ev, seat, section, work, scratch, opts, rng)


@apart()
def play_turn(s, T, W, ev, seat, work, scratch, opts, rng):
    """One turn of ``seat`` (p. 8). ``scratch`` holds at least TURN_SCRATCH entries."""
    start_turn(s, T, W, ev, seat, work, scratch, opts, rng)
    free_moment(s, T, W, ev, seat, work, scratch, opts, rng)
    kind = choose_turn(s, T, W, seat, opts, rng)
    if kind == TURN_ADVANCE:
        advance_turn(s, T, W, ev, seat, work, scratch, opts, rng)
    else:
        replenish_turn(s, T, W, ev, seat, work, scratch, opts, rng)
        invoke_window(s, T, W, ev, seat, work, scratch, opts, rng)
    emit(s, ev, seat, EV_TURN, kind, section_of(s, T, seat), 0)
    free_actions(s, T, W, ev, seat, True, work, scratch, opts, rng)
    end_turn(s, seat)
