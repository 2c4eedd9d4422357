"""Aeolis team policies: one team plays every Hero together (the game is co-operative).

``choose`` gets the state, the legal options the engine wrote into ``opts`` and the
team's own random stream. Styles differ only by the weight vector ``W`` (see
``styles.py``): which units to train and how many, which technologies first, whether to
rush production, how boldly the army attacks.
"""

import numpy as np

from sim.games.aeolis import decisions as D
from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.jit import njit
from sim.rng import below

RANDOM_LEGAL = 0
STRATEGY_CODES = {"military": 1, "economy": 2, "random": RANDOM_LEGAL}

# Weight vector layout (W[...]): unit targets, then tech priorities.
W_STYLE = 0  # 0 random-legal, else a team style
W_ROLL_DIE = 1  # 1: rush production with the Production Die
W_BOLDNESS = 2  # margin the army accepts when attacking (power - enemy power >= -boldness)
W_TARGETS = 4  # + unit kind: how many units of that kind the team trains
W_TECH = 4 + L.N_UNITS  # + tech: priority (higher first)
W_SIZE = W_TECH + 64
BIG = 1 << 20


@njit
def _nearest_enemy(s, T, h):
    """(distance, slot) of the enemy nearest to hex h over land, Invasions counted closer."""
    best, best_e = BIG, -1
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        if s[base + L.EN_CARD] < 0:
            continue
        d = T.dist_land[h, s[base + L.EN_HEX]]
        if T.card_kind[s[base + L.EN_CARD]] == 6:
            d -= 2
        if d < best:
            best, best_e = d, e
    return best, best_e


@njit
def _army_strength(s):
    return s[L.UNITS] + s[L.UNITS + 1] + 2 * s[L.UNITS + 2] + s[L.UNITS + 3] + s[L.MORALE]


@njit
def _move(s, T, W, opts, n):
    g = opts[0, 1]
    best, best_k = BIG, 0
    city = T.city[0]
    target = city
    if g <= L.G_COMPANION:
        d, e = _nearest_enemy(s, T, city)
        if e >= 0:
            base = L.ENEMY + e * L.EN_WIDTH
            power = T.card_power[s[base + L.EN_CARD]] - s[base + L.EN_DAMAGE]
            die = 6 if s[L.LEVEL + L.B_ARENA] >= 1 else 3
            if _army_strength(s) + die + W[W_BOLDNESS] >= power:
                target = s[base + L.EN_HEX]
    elif g == L.G_PHILOSOPHER:
        target = -1
        for slot in range(L.MAX_ACTIVE):
            c = s[L.ACTIVE + slot]
            if target < 0 and c >= 0 and T.card_kind[c] == 0 and T.card_where[c] >= 0:
                target = T.building_hex[T.card_where[c]]
        if target < 0:
            target = T.building_hex[L.B_ACADEMY]
            for h in range(L.N_HEX):
                if s[L.RUIN + h] == 1 and T.land_ok[h] == 1:
                    target = h
                    break
    elif g == L.G_SHIP:
        target = T.building_hex[L.B_HARBOR]
        for e in range(L.MAX_ENEMIES):
            base = L.ENEMY + e * L.EN_WIDTH
            if s[base + L.EN_CARD] >= 0 and T.card_kind[s[base + L.EN_CARD]] == 4:
                target = s[base + L.EN_HEX]
    elif g == L.G_PRIESTESS:
        target = s[L.POS + L.G_HOPLITE] if s[L.POS + L.G_HOPLITE] >= 0 else city
    for k in range(n):
        h = opts[k, 0]
        d = T.dist_sea[h, target] if g == L.G_SHIP else T.dist_land[h, target]
        if g > L.G_COMPANION and g != L.G_SHIP:
            de, _ = _nearest_enemy(s, T, h)
            if de <= 0:
                d += 100  # never walk civilians into enemies
        if d < best:
            best, best_k = d, k
    return best_k


@njit
def _alchemy(s, T, opts, n):
    """Cancel a Natural Disaster first, then set an Invasion (else any enemy) ablaze, then
    turn a good the team holds three of into Gold; otherwise stop."""
    best, best_k = 0, 0
    for k in range(1, n):
        act, a = opts[k, 0], opts[k, 1]
        v = 0
        if act == 3:  # alchemy.A_WEATHER
            v = 4
        elif act == 2:  # A_IMMOLATE
            v = 3 if T.card_kind[s[L.ENEMY + a * L.EN_WIDTH + L.EN_CARD]] == ops.K_INVASION else 2
        elif act == 0 and s[L.RES + a] >= 3:  # A_MIDAS
            v = 1
        if v > best:
            best, best_k = v, k
    return best_k


@njit
def _best(opts, n, col, scores_sign):
    best, best_k = -BIG, 0
    for k in range(n):
        v = opts[k, col] * scores_sign
        if v > best:
            best, best_k = v, k
    return best_k


@njit
def team_choice(s, T, W, opts, n, kind):
    if kind == D.D_TRAIN or kind == D.D_ALLOCATE:
        best, best_k = 0.0, 0
        for k in range(n):
            u = opts[k, 0]
            if kind == D.D_ALLOCATE:
                u = (-1, L.U_MERCHANT, L.U_PHILOSOPHER, L.U_HOPLITE, L.U_PRIESTESS, L.U_MAGI,
                     L.U_SHIP)[u]
                if u < 0:
                    continue
            if u < 0:
                continue
            gap = W[W_TARGETS + u] - s[L.UNITS + u]
            if gap > best:
                best, best_k = gap, k
        return best_k
    if kind == D.D_PRODUCTION_DIE:
        return 1 if W[W_ROLL_DIE] > 0 and n > 1 else 0
    if kind == D.D_FEED:
        return n - 1
    if kind == D.D_BUILD:
        best, best_k = -BIG, 0
        for k in range(1, n):
            st, h = opts[k, 0], opts[k, 1]
            v = T.hex_row[h] * 2 - st
            if v > best:
                best, best_k = v, k
        return best_k
    if kind == D.D_DISCOVER:
        best, best_k = -1.0, 0
        for k in range(1, n):
            v = W[W_TECH + opts[k, 0]] + 1.0
            if v > best:
                best, best_k = v, k
        return best_k
    if kind in (D.D_UPGRADE_BUILDING, D.D_FOREIGN_TRADE, D.D_RANGED, D.D_CHARAX):
        if kind == D.D_CHARAX:
            d, e = _nearest_enemy(s, T, T.city[0])
            if e < 0:
                return 0
        return n - 1
    if kind == D.D_ARMY_UPGRADE:
        for k in range(1, n):
            if opts[k, 0] >= 0:
                return k
        return 1 if n > 1 and s[L.RES + L.R_BRONZE] < 3 and s[L.UPGRADES] & L.UP_BRONZE == 0 else 0
    if kind == D.D_TRADE:
        best, best_k = 0, 0
        for k in range(1, n):
            what, res, price = opts[k, 0], opts[k, 1], opts[k, 2]
            v = 0
            if what == 2:
                v = 4 if s[L.MORALE] < 3 else 0
            elif what == 0 and s[L.RES + res] > 3 and res < L.R_LIGHT:
                v = price
            elif what == 1 and s[L.RES + L.R_GOLD] > price + 3 and s[L.RES + res] < 2:
                v = 1
            if v > best:
                best, best_k = v, k
        return best_k
    if kind == D.D_COLLECT:
        return _best(opts, n, 1, 1)
    if kind == D.D_MOVE:
        return _move(s, T, W, opts, n)
    if kind == D.D_DIPLOMACY:
        best, best_k = 0.2, 0
        die = 12 if s[L.LEVEL + L.B_ACROPOLIS] == 2 else (8 if s[L.LEVEL + L.B_ACROPOLIS] == 1 else 4)
        for k in range(1, n):
            p = (die - (opts[k, 1] - opts[k, 2]) + 1) / die
            if p > best:
                best, best_k = p, k
        return best_k
    if kind == D.D_KEEP_SPELL:
        return 1 if opts[1, 1] == 0 or s[L.RES + L.R_GOLD] > 5 else 0
    if kind == D.D_FLOW:
        return _best(opts, n, 1, 1)
    if kind == D.D_CAST:
        return n - 1
    if kind == D.D_PRIESTESS and s[L.LEVEL + L.B_TEMPLE] == 2:
        for k in range(1, n):  # Priestess of Death: Kiss of Death first, then Blood Letting
            if opts[k, 2] >= 0:
                return k
        return n - 1 if n > 1 and opts[n - 1, 0] == 1 else 0
    if kind == D.D_PRIESTESS:
        for k in range(1, n):
            if opts[k, 0] == 1 and s[L.POS + L.G_HOPLITE] >= 0:
                d, e = _nearest_enemy(s, T, s[L.POS + L.G_HOPLITE])
                if d <= 2:
                    return k
        return 1 if n > 1 and opts[1, 0] == 0 else 0
    if kind == D.D_EXPLORE:
        return 1
    if kind == D.D_ALCHEMISTS:
        return n // 2  # half the Philosophers keep their Repair; all still research
    if kind == D.D_ALCHEMIST:
        return _alchemy(s, T, opts, n)
    if kind == D.D_CASUALTY:
        return 0
    if kind == D.D_PILLAGE:
        return _best(opts, n, 0, -1)
    return 0


@njit
def choose(s, T, W, opts, n, kind, rng, stream):
    """Index of the option the team takes among the first ``n`` rows of ``opts``."""
    if W[W_STYLE] == RANDOM_LEGAL:
        return below(rng, stream, n)
    return team_choice(s, T, W, opts, n, kind)


def empty_weights() -> np.ndarray:
    return np.zeros(W_SIZE, np.float64)
