"""The one dispatcher that runs effect rows (cards, technologies, Spells, Backlash)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis import params as P
from sim.games.aeolis.rules.board import place_plague, random_hex, ruin, standing
from sim.games.aeolis.rules.core import (
    add_morale,
    add_units,
    add_workers,
    gain,
    lose,
    roll,
    tradeable,
)
from sim.games.aeolis.rules.pile import damage_enemy, is_invasion
from sim.jit import kernel
from sim.rng import below


@kernel
def claim_loot(s, T, token):
    """Gain a Loot token's goods, unless the Merchant cannot trade them yet (p. 25)."""
    res = T.loot[token, 0]
    if not tradeable(s, T, res):
        return
    gain(s, T, res, T.loot[token, 1])


@kernel
def learn(s, t):
    """Mark technology t discovered; True when it was new."""
    if s[L.TECH + t] == 1:
        return False
    s[L.TECH + t] = 1
    return True


@kernel
def discover(s, T, ev, rng, t):
    """Mark a technology discovered and run its immediate benefit (p. 16)."""
    if learn(s, t):
        run_effect(s, T, ev, rng, T.tech_fx[t], -1)


@kernel
def ruin_random(s, T, ev, rng, n):
    for _ in range(n):
        count = 0
        for h in range(L.N_HEX):
            if standing(s, h):
                count += 1
        if count == 0:
            return
        pick = below(rng, 1, count)
        for h in range(L.N_HEX):
            if standing(s, h):
                if pick == 0:
                    ruin(s, T, ev, h)
                    break
                pick -= 1


@kernel
def run_effect(s, T, ev, rng, row, target):
    """Run every step of effect ``row``; ``target`` is the enemy slot a Spell aims at.

    A technology the effect discovers runs its own benefit next, in this loop rather than
    by recursion (Numba's cache cannot reload mutually recursive kernels); the content
    allows one discovery per effect (content.py)."""
    while row > 0:
        row = run_steps(s, T, ev, rng, row, target)


@kernel
def run_steps(s, T, ev, rng, row, target):
    """The steps of one effect row; returns the effect row of a technology it discovered
    (0 none)."""
    then = 0
    fx = T.fx[row]
    for k in range(fx[0]):
        op = fx[1 + 3 * k]
        a = fx[2 + 3 * k]
        b = fx[3 + 3 * k]
        if op == ops.OP_GAIN:
            gain(s, T, a, b)
        elif op == ops.OP_LOSE:
            lose(s, a, b)
        elif op == ops.OP_MORALE:
            add_morale(s, T, ev, a)
        elif op == ops.OP_WORKERS:
            add_workers(s, T, a)
        elif op == ops.OP_TECH:
            if learn(s, a):
                then = T.tech_fx[a]
        elif op == ops.OP_RESEARCH:
            s[L.RESEARCH] += a
        elif op == ops.OP_RUIN_RANDOM:
            ruin_random(s, T, ev, rng, a)
        elif op == ops.OP_PLAGUE_RANDOM:
            for _ in range(a):
                place_plague(s, ev, random_hex(T, rng))
        elif op == ops.OP_INFERNO_RANDOM:
            for _ in range(a):
                h = random_hex(T, rng)
                s[L.INFERNO + h] = 1
                ruin(s, T, ev, h)
        elif op == ops.OP_LOOT:
            for _ in range(a):
                claim_loot(s, T, below(rng, 0, T.loot.shape[0]))
        elif op == ops.OP_LOOT_D4:
            for _ in range(roll(rng, 4)):
                claim_loot(s, T, below(rng, 0, T.loot.shape[0]))
        elif op == ops.OP_FAITH:
            for d in range(L.N_FAITH):
                f = s[L.FAITH + d] + a
                s[L.FAITH + d] = f if f < T.params[P.FAITH_MAX] else T.params[P.FAITH_MAX]
        elif op == ops.OP_DAMAGE and target >= 0:
            dmg = roll(rng, a) + b
            if is_invasion(s, T, target) or T.card_resist[s[L.ENEMY + target * L.EN_WIDTH + L.EN_CARD]] == 1:
                dmg //= 2  # Magic Resistance (p. 33); half rounds down (p. 5)
            damage_enemy(s, T, ev, target, dmg)
        elif op == ops.OP_CURE:
            left = a
            for h in range(L.N_HEX):
                if left > 0 and s[L.PLAGUE + h] == 1:
                    s[L.PLAGUE + h] = 0
                    s[L.PLAGUE_HELD] += s[L.LEVEL + L.B_TEMPLE] == 2
                    left -= 1
        elif op == ops.OP_KILL_MAGI:
            add_units(s, T, L.U_MAGI, -a)
        # OP_COUNTER is settled by the caster (it needs the event slot, see rules/magi.py)
    return then
