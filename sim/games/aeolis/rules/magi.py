"""The Magi: draw Spells, the Crystal Flow, casting and Backlash (pp. 23-24, 28, 32)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis import params as P
from sim.games.aeolis.content import KT_WITCHCRAFT
from sim.games.aeolis.decisions import D_CAST, D_FLOW, D_KEEP_SPELL
from sim.games.aeolis.events import EV_SPELL
from sim.games.aeolis.rules.board import dist
from sim.games.aeolis.rules.combat import blessed
from sim.games.aeolis.rules.core import chance, decide, emit, has_tech, magi_form, use_tech
from sim.games.aeolis.rules.effects import run_effect
from sim.games.aeolis.rules.pile import put_out
from sim.jit import kernel
from sim.rng import below


@kernel
def draw_spells(s, T, W, opts, rng):
    """Draw one Spell per Magi unit; the first kept is free, each further one 1 Gold."""
    form = magi_form(s)
    kept = 0
    for _ in range(s[L.UNITS + L.U_MAGI]):
        n_deck = 0
        for k in range(T.sp_form.shape[0]):
            if T.sp_form[k] <= form and s[L.SPELL_HAND + k] == 0:
                n_deck += 1
        if n_deck == 0:
            return
        pick = below(rng, 0, n_deck)
        spell = -1
        for k in range(T.sp_form.shape[0]):
            if T.sp_form[k] <= form and s[L.SPELL_HAND + k] == 0:
                if pick == 0:
                    spell = k
                    break
                pick -= 1
        price = 0 if kept == 0 else 1
        opts[0, 0] = -1
        n = 1
        if s[L.RES + L.R_GOLD] >= price:
            opts[1, 0] = spell
            opts[1, 1] = price
            n = 2
        if opts[decide(s, T, W, opts, n, D_KEEP_SPELL, rng), 0] >= 0:
            s[L.SPELL_HAND + spell] = 1
            s[L.RES + L.R_GOLD] -= price
            kept += 1


@kernel
def sphere_color(s, sp, color):
    """Crystals of ``color`` on Sphere ``sp`` (the black Sphere is the stash)."""
    if sp == 0:
        return s[L.RES + L.CRYSTAL0 + color]
    return s[L.SPHERE_N + sp] if s[L.SPHERE_COLOR + sp] == color else 0


@kernel
def flow(s, T, W, opts, rng):
    """Move crystals one arrow each, at most once per round, one colour per Sphere, up to
    the form's capacity (p. 23)."""
    form = magi_form(s)
    cap = T.form_capacity[form]
    while True:
        opts[0, 0] = -1
        n = 1
        for j in range(T.form_flow.shape[1]):
            a, b = T.form_flow[form, j, 0], T.form_flow[form, j, 1]
            if a < 0 or s[L.SPHERE_N + b] >= cap:
                continue
            for c in range(4):
                movable = sphere_color(s, a, c) - (s[L.SPHERE_MOVED + a] if a > 0 else 0)
                if movable > 0 and (s[L.SPHERE_N + b] == 0 or s[L.SPHERE_COLOR + b] == c):
                    opts[n, 0], opts[n, 1], opts[n, 2] = a, b, c
                    n += 1
        k = decide(s, T, W, opts, n, D_FLOW, rng)
        a = opts[k, 0]
        if a < 0:
            return
        b, c = opts[k, 1], opts[k, 2]
        if a == 0:
            s[L.RES + L.CRYSTAL0 + c] -= 1
        else:
            s[L.SPHERE_N + a] -= 1
            if s[L.SPHERE_N + a] == 0:
                s[L.SPHERE_COLOR + a] = -1
        s[L.SPHERE_N + b] += 1
        s[L.SPHERE_COLOR + b] = c
        s[L.SPHERE_MOVED + b] += 1


@kernel
def disaster_slot(s, T, color):
    """First active Natural Disaster of the given affinity, -1 none."""
    for slot in range(L.MAX_ACTIVE):
        card = s[L.ACTIVE + slot]
        if card >= 0 and T.card_kind[card] == ops.K_DISASTER and T.card_affinity[card] == color:
            return slot
    return -1


@kernel
def cast_options(s, T, opts):
    """(spell, sphere, target) for every castable spell: held, not cast this round, enough
    crystals of its colour on a coloured Sphere (white ones count double)."""
    form = magi_form(s)
    here = s[L.POS + L.G_MAGI]
    opts[0, 0] = -1
    n = 1
    for k in range(T.sp_form.shape[0]):
        if s[L.SPELL_HAND + k] == 0 or s[L.SPELL_CAST + k] == 1:
            continue
        fx = T.fx[T.sp_fx[k]]
        for sp in range(1, T.form_spheres[form]):
            worth = s[L.SPHERE_N + sp] * (2 if T.form_white[form, sp] == 1 else 1)
            if s[L.SPHERE_COLOR + sp] != T.sp_color[k] or worth < T.sp_crystals[k]:
                continue
            if fx[1] == ops.OP_DAMAGE:
                for e in range(L.MAX_ENEMIES):
                    base = L.ENEMY + e * L.EN_WIDTH
                    if s[base + L.EN_CARD] >= 0 and n < opts.shape[0] and \
                            dist(T, here, s[base + L.EN_HEX], False) <= T.params[P.SPELL_RANGE]:
                        opts[n, 0], opts[n, 1], opts[n, 2] = k, sp, e
                        n += 1
            elif fx[1] == ops.OP_COUNTER:
                slot = disaster_slot(s, T, T.sp_color[k])
                if slot >= 0 and n < opts.shape[0]:
                    opts[n, 0], opts[n, 1], opts[n, 2] = k, sp, slot
                    n += 1
            elif n < opts.shape[0]:
                opts[n, 0], opts[n, 1], opts[n, 2] = k, sp, -1
                n += 1
    return n


@kernel
def backlash(s, T, ev, rng, white):
    """D100 of 01-25 backlashes, unless Witchcraft, a white Sphere or a Bless (p. 24)."""
    if white:
        return False
    if has_tech(s, T.key_tech[KT_WITCHCRAFT]):
        use_tech(s, ev, T.key_tech[KT_WITCHCRAFT])
        return False
    if blessed(s, 1 << L.G_MAGI) > 0:
        return False
    return chance(rng, T.params[P.BACKLASH_PCT])


@kernel
def cast(s, T, W, opts, rng, ev):
    """Each Magi unit may cast one Spell per round, each Spell once per round."""
    if s[L.POS + L.G_MAGI] < 0:
        return
    for _ in range(s[L.UNITS + L.U_MAGI]):
        n = cast_options(s, T, opts)
        c = decide(s, T, W, opts, n, D_CAST, rng)
        k = opts[c, 0]
        if k < 0:
            return
        sp, target = opts[c, 1], opts[c, 2]
        white = T.form_white[magi_form(s), sp] == 1
        need = (T.sp_crystals[k] + 1) // 2 if white else T.sp_crystals[k]
        s[L.SPHERE_N + sp] -= need
        if s[L.SPHERE_N + sp] == 0:
            s[L.SPHERE_COLOR + sp] = -1
        s[L.SPELL_CAST + k] = 1
        failed = backlash(s, T, ev, rng, white)
        emit(s, ev, EV_SPELL, k, target, int(failed))
        if failed:
            run_effect(s, T, ev, rng, T.sp_backlash[k], -1)
        elif T.fx[T.sp_fx[k], 1] == ops.OP_COUNTER:
            put_out(s, T, ev, target)
        else:
            run_effect(s, T, ev, rng, T.sp_fx[k], target)
        if s[L.UNITS + L.U_MAGI] == 0:
            return
