"""The one dispatcher for content effects: card rewards, City-state actions, Oikos
spaces, Mission rewards and Setup bonuses are rows of ``T.fx`` run here (p. 24 icons).

A row is [steps, op, arg, op, arg, ...] with the codes of ``ops.OP_TABLE``. Its ``pay_*``
steps are costs: when any of them cannot be paid the whole row has no effect (p. 20).
Battles an effect starts wait in the queue that ``flow.settle`` resolves after the effect.
"""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles.decisions import D_DISCARD_ATHENA, D_OSTRACIZE_UNIT
from sim.games.pericles.rules.board import advance_rivals, queue_battles, queue_city_moves
from sim.games.pericles.rules.build import build_and_score
from sim.games.pericles.rules.core import (
    add_corruption,
    add_glory,
    decide,
    discard_athena_icon,
    hand_size,
    pay_amphoras,
    pay_silver,
    pay_trophies,
    refill_market,
)
from sim.games.pericles.rules.pieces import (
    bring_home_from_camp,
    home_diplomat,
    home_unit,
    ostracize_diplomat,
    ostracize_unit,
)
from sim.games.pericles.rules.progress import athena_reveal, evaluate, place_on_row
from sim.games.pericles.rules.skills import simple_gain
from sim.jit import kernel


@kernel
def can_pay(s, T, seat, row):
    """True when ``seat`` can pay every cost step of effect row ``row``."""
    for i in range(T.fx[row, 0]):
        op = T.fx[row, 1 + 2 * i]
        arg = T.fx[row, 2 + 2 * i]
        if op == O.OP_PAY_SILVER and s[L.SILVER + seat] < arg:
            return False
        if op == O.OP_PAY_AMPHORA and s[L.AMPHORAS + seat] < arg:
            return False
        if op == O.OP_PAY_TROPHY and s[L.TROPHIES + seat] < arg:
            return False
        if op == O.OP_PAY_ATHENA and hand_size(s, seat) < arg:
            return False
        if op == O.OP_PAY_GLORY and s[L.GLORY + seat] < arg:
            return False
    return True


@kernel
def discard_athena_choice(s, T, W, opts, seat, rng):
    """Discard one Athena card of the holder's choice of icon."""
    n = 0
    for icon in range(L.N_ICONS):
        if s[L.HAND_ICONS + seat * L.N_ICONS + icon] > 0:
            opts[n, 0] = icon
            n += 1
    icon = opts[decide(s, T, W, opts, n, seat, D_DISCARD_ATHENA, rng), 0]
    discard_athena_icon(s, T, seat, icon)


@kernel
def bring_home_choice(s, T, W, opts, seat, rng):
    """Bring home one ostracized Unit of the player's choice, else a Diplomat."""
    n = 0
    for u in range(L.N_UNIT_TYPES):
        if s[L.UNITS_CAMP + seat * L.N_UNIT_TYPES + u] > 0:
            opts[n, 0] = u
            n += 1
    if n > 0:
        bring_home_from_camp(s, T, seat, opts[decide(s, T, W, opts, n, seat, D_OSTRACIZE_UNIT, rng), 0])
    elif s[L.DIPS_CAMP + seat] > 0:
        bring_home_from_camp(s, T, seat, L.N_UNIT_TYPES)


@kernel
def run_effect(s, T, W, opts, seat, row, source, rng, ev):
    """Resolve effect row ``row`` for ``seat``; Glory it grants is booked to ``source``.

    Returns False (and does nothing) when its costs cannot be paid.
    """
    if not can_pay(s, T, seat, row):
        return False
    for i in range(T.fx[row, 0]):
        if s[L.GAME_OVER] == 1:
            break
        op = T.fx[row, 1 + 2 * i]
        arg = T.fx[row, 2 + 2 * i]
        if op <= O.OP_MISSION:
            simple_gain(s, T, seat, op, arg, source, rng)
        elif op <= O.OP_PLACE_UNIVERSAL:
            for _ in range(arg):
                place_on_row(s, T, W, opts, seat, op - O.OP_PLACE_MILITARY, rng, ev)
        elif op == O.OP_CORRUPTION:
            add_corruption(s, arg)
        elif op == O.OP_MOVE_CITY:
            queue_city_moves(s, seat, arg)
        elif op == O.OP_ADVANCE_RIVALS:
            advance_rivals(s, T, arg, True, rng, ev)
        elif op == O.OP_BUILD_COLUMN:
            for _ in range(arg):
                build_and_score(s, T, W, opts, seat, -1, rng, ev)
        elif op == O.OP_ATHENS_BUILDS:
            s[L.PENDING_ATHENS] += arg
        elif op == O.OP_BRING_HOME:
            for _ in range(arg):
                bring_home_choice(s, T, W, opts, seat, rng)
        elif op == O.OP_UPGRADE:
            s[L.ACTS_LARGE] = 1
        elif op == O.OP_PAY_SILVER:
            pay_silver(s, seat, arg)
        elif op == O.OP_PAY_AMPHORA:
            pay_amphoras(s, seat, arg)
        elif op == O.OP_PAY_TROPHY:
            pay_trophies(s, seat, arg)
        elif op == O.OP_PAY_ATHENA:
            for _ in range(arg):
                discard_athena_choice(s, T, W, opts, seat, rng)
        elif op == O.OP_PAY_GLORY:
            add_glory(s, seat, -arg, source)
        elif op == O.OP_REFILL_MARKET:
            refill_market(s)
        elif op == O.OP_EVALUATE:
            for _ in range(arg):
                evaluate(s, T, seat, rng, ev)
        elif op == O.OP_ATHENA_REVEAL:
            for _ in range(arg):
                athena_reveal(s, T, W, opts, seat, rng, ev)
        elif op == O.OP_BATTLE:
            queue_battles(s, arg)
        elif op == O.OP_OSTRACIZE_UNIT:
            for _ in range(arg):
                ostracize_unit(s, T, W, opts, seat, rng, ev)
        elif op == O.OP_OSTRACIZE_DIPLOMAT:
            for _ in range(arg):
                ostracize_diplomat(s, seat, ev)
        elif op == O.OP_HOME_UNIT:
            for _ in range(arg):
                home_unit(s, T, W, opts, seat, rng, ev)
        elif op == O.OP_HOME_DIPLOMAT:
            for _ in range(arg):
                home_diplomat(s, T, seat, ev)
    return True
