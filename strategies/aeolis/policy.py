"""Aeolis team policies: one team plays every Hero together (the game is co-operative).

``choose`` gets the state, the legal options the engine wrote into ``opts`` and the
team's own random stream. Styles differ only by the weight vector ``W`` (see
``styles.py``): which units to train and how many, which technologies first, which
Structures to build, whether to rush production, how boldly the army attacks. What the
team does with each decision is written in docs/rules/aeolis.md ("Team policy").
"""

import numpy as np

from sim import cfuncs
from sim.games.aeolis import decisions as D
from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis import params as P
from sim.games.aeolis.content import UNREACHABLE as FAR
from sim.games.aeolis.rules.core import NOTICE_ROUND, STREAM_TEAM
from sim.jit import compiled_in_caller, kernel
from sim.rng import below, seed_streams, uniform
from strategies.aeolis.entry import OP_LOG, OP_REMEMBER, OP_REPLAY, OP_SEARCH, ask_entry

RANDOM_LEGAL = 0
# The first name is the default team of `sim run`, `sim trace` and the presets.
STRATEGY_CODES = {"survival": 3, "survival-v1": 4, "military": 1, "economy": 2,
                  "random": RANDOM_LEGAL}

# Weight vector layout (W[...]): style switches, unit targets, tech priorities, Structure values.
W_STYLE = 0  # 0 random-legal, else a team style
W_ROLL_DIE = 1  # 1: rush production with the Production Die
W_BOLDNESS = 2  # margin the army accepts when attacking (power - enemy power >= -boldness)
W_CAREFUL = 3  # bit set of the CARE_* habits of a team that plays to survive
W_TARGETS = 4  # + unit kind: how many units of that kind the team trains
W_TECH = W_TARGETS + L.N_UNITS  # + tech: priority (higher first)
W_STRUCT = W_TECH + 64  # + structure: value of building it (0: never)
W_MAGI_TECH = W_STRUCT + 64  # + tech: priority added while the Magi plays (crystals, forms)
W_MAGI_STRUCT = W_MAGI_TECH + 64  # + structure: value added while the Magi plays
W_DIPLOMACY_ODDS = W_MAGI_STRUCT + 64  # Diplomacy is tried only above these odds of success
# Skill (strategies.aeolis.skill): the share of decisions taken at random instead, and the
# search's budget (play-outs per option, 0: no search; rounds ahead, 0: to the game's end).
W_MISTAKES = W_DIPLOMACY_ODDS + 1
W_SAMPLES = W_MISTAKES + 1
W_HORIZON = W_SAMPLES + 1
W_SIZE = W_HORIZON + 1
BIG = 1 << 20

# Habits of a team that plays to survive (bits of W[W_CAREFUL]).
CARE_ARMY_FIRST = 0  # with the Hoplite, keep the workers it still wants; build with the rest
CARE_SURE_FIGHTS = 1  # hunt a Raid only when the lowest roll still wins
CARE_LOOK_AHEAD = 2  # keep the army whole when the next Invasion will outmatch it
CARE_SAFE_PATHS = 3  # avoid destinations whose shortest way may cross Plague or Inferno
CARE_BUILD_AWAY = 4  # no Structure next to an enemy or on an Invasion's way
CARE_STONE_FOR_USE = 6  # buy Stone only once a known Structure or upgrade needs it
CARE_BUY_WHEAT = 7  # Gold the army does not need buys Wheat for the next worker
CARE_HABITS = (CARE_ARMY_FIRST, CARE_SURE_FIGHTS, CARE_LOOK_AHEAD, CARE_SAFE_PATHS,
               CARE_BUILD_AWAY, CARE_STONE_FOR_USE, CARE_BUY_WHEAT)
CARE_BUILD_WHEN_READY = 8  # army first only until the army beats every Invasion ahead
# Move and collect first, then build, trade and upgrade with it (p. 5). No style takes it:
# on the same games it did not raise survival (docs/bots.md, "Aeolis team styles").
CARE_MOVE_FIRST = 5


@kernel
def _care(W, habit):
    """The style has the CARE_* ``habit``."""
    return (np.int64(W[W_CAREFUL]) >> habit) & 1 == 1


@kernel
def _invasion(s, T):
    """(rounds until it reaches the city, hex, enemy slot) of the nearest Invasion."""
    city = T.city[0]
    best, best_h, best_e = BIG, -1, -1
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        c = s[base + L.EN_CARD]
        if c >= 0 and T.card_kind[c] == ops.K_INVASION:
            d = T.dist_land[s[base + L.EN_HEX], city]
            if d < best:
                best, best_h, best_e = d, s[base + L.EN_HEX], e
    return best, best_h, best_e


@kernel
def _on_path(T, a, h, b):
    """Hex h lies on a shortest land path from a to b (the way an Invasion walks, p. 35)."""
    return T.dist_land[a, h] + T.dist_land[h, b] == T.dist_land[a, b]


@kernel
def _hazard(s, h):
    """A Plague or Inferno on h: a unit entering or starting there is lost (p. 34)."""
    return s[L.PLAGUE + h] != 0 or s[L.INFERNO + h] != 0


@kernel
def _army_strength(s):
    """Units plus Morale of the whole land army (Hippeis count 2, p. 20)."""
    return s[L.UNITS] + s[L.UNITS + 1] + 2 * s[L.UNITS + 2] + s[L.UNITS + 3] + s[L.MORALE]


@kernel
def _expected_die(s, needs):
    """Mean of the army's combat die against an enemy with ``needs`` (1 when forced)."""
    for k in range(L.N_ARMY):
        if s[L.UNITS + k] > 0:
            have = s[L.UPGRADES + k] | (L.UP_BRONZE if s[L.UPGRADES + k] & L.UP_IRON else 0)
            if k == L.U_COMPANION or have & needs == needs:
                return 4.5 if s[L.LEVEL + L.B_ARENA] >= 1 else 2.5
    return 1.0


@kernel
def _enemy_power(s, T, e):
    base = L.ENEMY + e * L.EN_WIDTH
    return T.card_power[s[base + L.EN_CARD]] - s[base + L.EN_DAMAGE]


@kernel
def _army_target(s, T, W):
    """Where the army heads: the city when an Invasion draws near; ahead of a far Invasion
    to lay Charax on its path; else a Raid it expects to beat; else home in the city."""
    city = T.city[0]
    d_inv, h_inv, _ = _invasion(s, T)
    if d_inv < BIG:
        if d_inv < 4:
            return city
        best, best_h = BIG, city
        for h in range(L.N_HEX):
            if T.land_ok[h] == 1 and _on_path(T, h_inv, h, city) and not _hazard(s, h):
                v = abs(T.dist_land[h, city] - 2) * 10 + T.dist_land[h, city]
                if v < best:
                    best, best_h = v, h
        return best_h
    if _care(W, CARE_LOOK_AHEAD) and _outmatched_soon(s, T):
        return city
    best, target = -BIG, city
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        c = s[base + L.EN_CARD]
        if c < 0 or T.card_kind[c] != ops.K_RAID:
            continue
        h = s[base + L.EN_HEX]
        # A careful army counts on the lowest roll: a lost fight leaves no army for the
        # Invasions still to come.
        die = 1.0 if _care(W, CARE_SURE_FIGHTS) else _expected_die(s, T.card_needs[c])
        margin = _army_strength(s) + die + W[W_BOLDNESS] \
            - _enemy_power(s, T, e) - (1 if _hazard(s, h) else 0)
        if margin >= 0 and T.dist_land[city, h] < FAR and margin - T.dist_land[city, h] > best:
            best, target = margin - T.dist_land[city, h], h
    return target


@kernel
def _philosopher_target(s, T):
    """A Blessing's location first, then the Structure with the most goods waiting (walking
    in collects them, p. 10), then a Ruin to repair; away from enemies."""
    for slot in range(L.MAX_ACTIVE):
        c = s[L.ACTIVE + slot]
        if c >= 0 and T.card_kind[c] == ops.K_BLESSING and T.card_where[c] >= 0:
            return T.building_hex[T.card_where[c]]
    here = s[L.POS + L.G_PHILOSOPHER]
    best, target = 0, T.building_hex[L.B_ACADEMY]
    for h in range(L.N_HEX):
        if s[L.STRUCT + h] < 0 or T.dist_any[here, h] >= FAR:
            continue
        v = s[L.STOCK + 2 * h] + s[L.STOCK + 2 * h + 1] + s[L.HEX_GOLD + h]
        if s[L.RUIN + h] == 1:
            v += 3
        v = v * 4 - T.dist_any[here, h]
        if _hazard(s, h):
            v = 0
        if v > best:
            best, target = v, h
    return target


@kernel
def _danger(s, T, h):
    """An enemy on h or next to it."""
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        if s[base + L.EN_CARD] >= 0 and T.dist_land[h, s[base + L.EN_HEX]] <= 1:
            return True
    return False


@kernel
def _move(s, T, W, opts, n):
    g = opts[0, 1]
    city = T.city[0]
    target = city
    if g <= L.G_COMPANION:
        target = _army_target(s, T, W)
    elif g == L.G_PHILOSOPHER:
        target = _philosopher_target(s, T)
    elif g == L.G_SHIP:
        target = T.building_hex[L.B_HARBOR]
        for e in range(L.MAX_ENEMIES):
            base = L.ENEMY + e * L.EN_WIDTH
            if s[base + L.EN_CARD] >= 0 and T.card_kind[s[base + L.EN_CARD]] == ops.K_PLUNDER:
                target = s[base + L.EN_HEX]
    elif g == L.G_PRIESTESS or g == L.G_MAGI:
        target = s[L.POS + L.G_HOPLITE] if s[L.POS + L.G_HOPLITE] >= 0 else city
    best, best_k = BIG, 0
    for k in range(n):
        h = opts[k, 0]
        d = _walk(T, g, h, target)
        if g > L.G_COMPANION and g != L.G_SHIP and _danger(s, T, h) \
                and _army_here(s, h) == 0:
            d += 100  # never walk civilians next to enemies without the army
        if h != target and _hazard(s, h):
            d += 50  # a Plague or Inferno hex costs a unit on entering (p. 34)
        if _care(W, CARE_SAFE_PATHS) and _hazard_between(s, T, opts[0, 0], h, g):
            d += 25  # a shortest way there may cross one
        if d < best:
            best, best_k = d, k
    return best_k


@kernel
def _walk(T, g, a, b):
    """Steps from a to b for group g: Ships by sea, the Philosopher anywhere, the rest by land."""
    if g == L.G_SHIP:
        return T.dist_sea[a, b]
    if g == L.G_PHILOSOPHER:
        return T.dist_any[a, b]
    return T.dist_land[a, b]


@kernel
def _hazard_between(s, T, a, b, g):
    """A Plague or Inferno hex strictly between a and b on a shortest way group g walks."""
    for h in range(L.N_HEX):
        if h == a or h == b or not _hazard(s, h):
            continue
        if _walk(T, g, a, h) + _walk(T, g, h, b) == _walk(T, g, a, b) and T.dist_any[a, b] < FAR:
            return True
    return False


@kernel
def _army_here(s, h):
    """1 when an army miniature stands on h."""
    for k in range(L.N_ARMY):
        if s[L.POS + k] == h and s[L.UNITS + k] > 0:
            return 1
    return 0


@kernel
def _ranged(s, T, W, opts, n):
    """Engage an enemy with archers (option column 1) when the army on the Toxotai's hex
    expects to beat it (the lowest roll for a careful team); else fire at the last enemy
    offered; else hold."""
    here = s[L.POS + L.G_TOXOTAI]
    strength = s[L.MORALE] + W[W_BOLDNESS]
    for k in range(L.N_ARMY):
        if s[L.POS + k] == here and s[L.UNITS + k] > 0:
            strength += s[L.UNITS + k] * (2 if k == L.U_HIPPEIS else 1)
    best_k = 0
    for k in range(1, n):
        if opts[k, 1] == 0:
            best_k = k
            continue
        e = opts[k, 0]
        needs = T.card_needs[s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD]]
        die = 1.0 if _care(W, CARE_SURE_FIGHTS) else _expected_die(s, needs)
        if strength + die >= _enemy_power(s, T, e):
            return k
    return best_k


@kernel
def _charax(s, T, opts, n):
    """A Charax where an enemy will walk: the city and the Invasion's shortest paths first,
    then the hexes next to a Raid."""
    city = T.city[0]
    d_inv, h_inv, _ = _invasion(s, T)
    best, best_k = 0, 0
    for k in range(1, n):
        h = opts[k, 0]
        v = 0
        if d_inv < BIG and h != h_inv and _on_path(T, h_inv, h, city):
            v = 3 if h == city else 2
        else:
            for e in range(L.MAX_ENEMIES):
                base = L.ENEMY + e * L.EN_WIDTH
                if s[base + L.EN_CARD] >= 0 and T.dist_land[h, s[base + L.EN_HEX]] == 1:
                    v = 1
        if v > best:
            best, best_k = v, k
    return best_k


@kernel
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


@kernel
def _richest(opts, n):
    """The Loot token of highest difficulty (the richest, p. 25) among the ``n`` reached."""
    best_k = 0
    for k in range(1, n):
        if opts[k, 1] > opts[best_k, 1]:
            best_k = k
    return best_k


@kernel
def _largest(opts, n, col):
    """The option after the "stop" row 0 with the largest value in ``col``; 0 when none
    (row 0 holds only its first column, so it is never compared)."""
    best, best_k = -BIG, 0
    for k in range(1, n):
        if opts[k, col] > best:
            best, best_k = opts[k, col], k
    return best_k


@kernel
def _wanted_units(s, W, u):
    """How many more units of kind u the style wants."""
    return W[W_TARGETS + u] - s[L.UNITS + u]


@kernel
def _train(s, T, W, opts, n, kind):
    """The unit kind furthest below the style's target (a worker left untrained builds)."""
    best, best_k = 0.0, 0
    for k in range(n):
        u = opts[k, 0]
        if kind == D.D_ALLOCATE:
            u = (-1, L.U_MERCHANT, L.U_PHILOSOPHER, L.U_HOPLITE, L.U_PRIESTESS, L.U_MAGI,
                 L.U_SHIP)[u]
        if u < 0:
            continue
        gap = _wanted_units(s, W, u) * (1.0 + W[W_TARGETS + u] * 0.01)
        if gap > best:
            best, best_k = gap, k
    return best_k


@kernel
def _build(s, T, W, opts, n):
    """The Structure the style values most, nearest the city (easier to guard and collect).
    A careful team keeps the workers the army still wants and builds off an Invasion's way."""
    city = T.city[0]
    if _care(W, CARE_ARMY_FIRST) and (s[L.HEROES] >> L.H_HOPLITE) & 1 == 1 \
            and s[L.WORKERS] <= _wanted_units(s, W, L.U_HOPLITE) \
            and not (_care(W, CARE_BUILD_WHEN_READY) and _army_ready(s, T)):
        return 0
    d_inv, h_inv, _ = _invasion(s, T)
    best, best_k = 0.0, 0
    for k in range(1, n):
        st, h = opts[k, 0], opts[k, 1]
        v = W[W_STRUCT + st] + ((s[L.HEROES] >> L.H_MAGI) & 1) * W[W_MAGI_STRUCT + st]
        if v <= 0:
            continue
        d = T.dist_any[h, city]
        v = v * 10.0 - d
        if _care(W, CARE_BUILD_AWAY) and (
                _danger(s, T, h) or (d_inv < BIG and _on_path(T, h_inv, h, city))):
            continue
        if v > best:
            best, best_k = v, k
    return best_k


@kernel
def _trade(s, T, W, opts, n):
    """Alms while Morale can rise (it adds to every fight), buy Copper for Hoplites (a
    careful team also Wheat with the Gold it can spare), sell surplus for Gold."""
    best, best_k = 0, 0
    gold = s[L.RES + L.R_GOLD]
    for k in range(1, n):
        what, res, price = opts[k, 0], opts[k, 1], opts[k, 2]
        v = 0
        if what == 2:
            if s[L.MORALE] < T.params[P.MORALE_MAX]:
                v = 6
                if res == L.R_WOOD and s[L.RES + L.R_WOOD] <= 1:
                    v = 2
                elif res == L.R_LEATHER and s[L.UPGRADES] & L.UP_LEATHER == 0:
                    v = 0  # kept for Leather Armor (p. 19)
        elif what == 0:
            if s[L.RES + res] > 3 and res < L.R_LIGHT:
                v = price
            elif gold < 2 and res != L.R_COPPER:
                v = price
        elif what == 1:
            if res == L.R_COPPER and gold >= price + 1 and s[L.RES + L.R_COPPER] < 2 \
                    and _wanted_units(s, W, L.U_HOPLITE) > 0:
                v = 5
            elif res == L.R_WOOD and s[L.RES + L.R_WOOD] == 0 and gold >= price + 2:
                v = 3
            elif res == L.R_STONE and s[L.RES + L.R_STONE] == 0 and gold >= price + 3 \
                    and (not _care(W, CARE_STONE_FOR_USE) or _stone_wanted(s, T)):
                v = 2
            elif res == L.R_WHEAT and _care(W, CARE_BUY_WHEAT) \
                    and s[L.WORKERS] < T.params[P.MAX_WORKERS] and gold - price >= _gold_kept(s, T, W):
                v = 4
        if v > best:
            best, best_k = v, k
    return best_k


@kernel
def _gold_kept(s, T, W):
    """Gold the team keeps before buying food: training the Hoplites it still wants and one
    collection (pp. 9, 14)."""
    wanted = _wanted_units(s, W, L.U_HOPLITE)
    return (wanted if wanted > 0 else 0) * T.params[P.TRAINING_GOLD] + T.params[P.MERCHANT_COLLECT_GOLD]


@kernel
def _stone_wanted(s, T):
    """A discovered Structure or an open building upgrade costs Stone (pp. 11-12)."""
    for st in range(T.st_tech.shape[0]):
        if T.st_stone[st] == 1 and T.st_tech[st] >= 0 and s[L.TECH + T.st_tech[st]] == 1:
            return True
    for b in range(L.N_BUILDINGS):
        lv = s[L.LEVEL + b] + 1
        if lv <= 2 and T.up_tech[b, lv] >= 0 and s[L.TECH + T.up_tech[b, lv]] == 1:
            return True
    return False


@kernel
def _diplomacy(s, T, W, opts, n):
    """Negotiate when the chance beats the style's odds and the Gold left still trains a
    unit (a failed roll costs nothing but the round's attempt, p. 32)."""
    best, best_k = W[W_DIPLOMACY_ODDS], 0
    die = 12 if s[L.LEVEL + L.B_ACROPOLIS] == 2 else (8 if s[L.LEVEL + L.B_ACROPOLIS] == 1 else 4)
    for k in range(1, n):
        power, bonus = opts[k, 1], opts[k, 2]
        p = (die - (power - bonus) + 1) / die
        if p > 1.0:
            p = 1.0
        if s[L.RES + L.R_GOLD] - power < 1:
            p -= 0.3
        if p > best:
            best, best_k = p, k
    return best_k


@kernel
def _needs_ahead(s, T):
    """Upgrade bits the team's coming foes require: enemies on the board and the Invasion
    decks the mode still draws from (the schedule is public, p. 6)."""
    needs = 0
    for e in range(L.MAX_ENEMIES):
        c = s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD]
        if c >= 0:
            needs |= T.card_needs[c]
    decks = _invasion_decks_ahead(s, T)
    if decks:
        for c in range(T.card_kind.shape[0]):
            deck = T.card_deck[c]
            if deck >= 0 and (decks >> deck) & 1 and s[L.CARD_STATE + c] == L.CARD_IN_DECK:
                needs |= T.card_needs[c]
    return needs


@kernel
def _invasion_decks_ahead(s, T):
    """A bit per Invasion deck the schedule still draws from (p. 6)."""
    decks = 0
    for r in range(s[L.ROUND], s[L.N_ROUNDS]):
        for j in range(T.schedule.shape[2]):
            deck = T.schedule[s[L.MODE], r, j]
            if deck == ops.DECK_I1 or deck == ops.DECK_I2:
                decks |= 1 << deck
    return decks


@kernel
def _coming_invasion(s, T):
    """(rounds until the schedule next draws an Invasion, the strongest Power that draw can
    bring): what the players can see of the Invasions to come (p. 6)."""
    for r in range(s[L.ROUND], s[L.N_ROUNDS]):
        for j in range(T.schedule.shape[2]):
            deck = T.schedule[s[L.MODE], r, j]
            if deck == ops.DECK_I1 or deck == ops.DECK_I2:
                power = 0
                for c in range(T.card_kind.shape[0]):
                    if T.card_deck[c] == deck and s[L.CARD_STATE + c] == L.CARD_IN_DECK:
                        power = max(power, T.card_power[c])
                return r - s[L.ROUND] + 1, power
    return BIG, 0


@kernel
def _outmatched_soon(s, T):
    """An Invasion is drawn within two rounds and the army, one unit down after a won fight
    and rolling the Arena's mean D8 (4.5), would fall short of its Power: every unit is
    needed at home."""
    due, power = _coming_invasion(s, T)
    return due <= 2 and _army_strength(s) - 1 + 4.5 < power


@kernel
def _army_ready(s, T):
    """The army already beats the strongest Invasion on the board or still in a deck the
    schedule draws from (p. 6) with a unit lost in an earlier won fight and the lowest
    roll (the two cancel: units and Morale, -1 + 1, pp. 29-30)."""
    power = 0
    for e in range(L.MAX_ENEMIES):
        c = s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD]
        if c >= 0 and T.card_kind[c] == ops.K_INVASION:
            power = max(power, _enemy_power(s, T, e))
    decks = _invasion_decks_ahead(s, T)
    for c in range(T.card_kind.shape[0]):
        deck = T.card_deck[c]
        if deck >= 0 and (decks >> deck) & 1 and s[L.CARD_STATE + c] == L.CARD_IN_DECK:
            power = max(power, T.card_power[c])
    return _army_strength(s) >= power


@kernel
def _army_upgrade(s, T, W, opts, n):
    """Unlock any upgrade within reach; cast Bronze while the Hoplites lack Bronze Weapons
    a coming foe requires, or Copper is not needed for training."""
    for k in range(1, n):
        if opts[k, 0] >= 0:
            return k
    if n > 1 and opts[1, 0] == -2 and s[L.UPGRADES] & (L.UP_BRONZE | L.UP_IRON) == 0 \
            and s[L.RES + L.R_BRONZE] < T.params[P.UPGRADE_COST]:
        if s[L.RES + L.R_COPPER] >= 2 or _wanted_units(s, W, L.U_HOPLITE) <= 0 \
                or _needs_ahead(s, T) & L.UP_BRONZE:
            return 1
    return 0


@kernel
def _collect(opts, n):
    """The richest Structure, when its goods (three or more) are clearly worth the Gold."""
    k = _largest(opts, n, 1)
    return k if k > 0 and opts[k, 1] >= 3 else 0


@compiled_in_caller
def team_choice(s, T, W, opts, n, kind):
    if kind == D.D_TRAIN or kind == D.D_ALLOCATE:
        return _train(s, T, W, opts, n, kind)
    if kind == D.D_PRODUCTION_DIE:
        return 1 if W[W_ROLL_DIE] > 0 and n > 1 else 0
    if kind == D.D_FEED:
        return n - 1
    if kind == D.D_BUILD:
        return _build(s, T, W, opts, n)
    if kind == D.D_DISCOVER:
        magi = (s[L.HEROES] >> L.H_MAGI) & 1
        best, best_k = -1.0, 0
        for k in range(1, n):
            v = W[W_TECH + opts[k, 0]] + magi * W[W_MAGI_TECH + opts[k, 0]] + 1.0
            if v > best:
                best, best_k = v, k
        return best_k
    if kind in (D.D_UPGRADE_BUILDING, D.D_FOREIGN_TRADE):
        return n - 1
    if kind == D.D_RANGED:
        return _ranged(s, T, W, opts, n)
    if kind == D.D_CHARAX:
        return _charax(s, T, opts, n)
    if kind == D.D_ARMY_UPGRADE:
        return _army_upgrade(s, T, W, opts, n)
    if kind == D.D_TRADE:
        return _trade(s, T, W, opts, n)
    if kind == D.D_COLLECT:
        return _collect(opts, n)
    if kind == D.D_MOVE:
        return _move(s, T, W, opts, n)
    if kind == D.D_DIPLOMACY:
        return _diplomacy(s, T, W, opts, n)
    if kind == D.D_KEEP_SPELL:
        return 1 if opts[1, 1] == 0 or s[L.RES + L.R_GOLD] > 5 else 0
    if kind == D.D_FLOW:
        return _largest(opts, n, 1)  # crystals toward the white Spheres (p. 23)
    if kind == D.D_CAST:
        return _cast(s, T, opts, n)
    if kind == D.D_PRIESTESS:
        return _priestess(s, T, opts, n)
    if kind == D.D_ARRANGE:
        return _arrange(s, T, opts, n)
    if kind == D.D_INTERVENE:
        return _intervene(s, T, opts, n)
    if kind == D.D_AURA:
        return _aura(s, T, opts, n)
    if kind == D.D_LAY_ON_HANDS:
        return n - 1  # save every unit the Light Crystals allow
    if kind == D.D_EXPLORE:
        return 1
    if kind == D.D_PHASE_ORDER:
        return 1 if _care(W, CARE_MOVE_FIRST) else 0
    if kind == D.D_CLAIM:
        return _richest(opts, n)
    if kind == D.D_FROST_BLAST:
        need = opts[0, 1] - 1  # Ice that makes the lowest roll win; all there is if short
        return need if 0 < need < n else (n - 1 if need >= n else 0)
    if kind == D.D_ALCHEMISTS:
        return n // 2  # half the Philosophers keep their Repair; all still research
    if kind == D.D_ALCHEMIST:
        return _alchemy(s, T, opts, n)
    if kind == D.D_CASUALTY:
        return _cheapest_casualty(s, opts, n)
    if kind == D.D_PILLAGE:
        return _pillage(s, opts, n)
    return 0


@kernel
def _threat(s, T, card):
    """How much a Curse card would hurt: its Power (more when the army lacks the upgrades
    it needs, or for Unrest that strikes every round); a fixed size for the rest."""
    k = T.card_kind[card]
    if k == ops.K_RAID or k == ops.K_PLUNDER:
        have = s[L.UPGRADES] | (L.UP_BRONZE if s[L.UPGRADES] & L.UP_IRON else 0)
        return T.card_power[card] + (3 if have & T.card_needs[card] != T.card_needs[card] else 0)
    if k == ops.K_UNREST:
        return T.card_power[card] + 2
    if k == ops.K_DISASTER:
        return 6
    if k == ops.K_PLAGUE:
        return 4
    return 0


@kernel
def _next_curse_deck(s, T):
    """The Curse deck the mode's schedule draws from next (p. 6), -1 none."""
    for r in range(s[L.ROUND], s[L.N_ROUNDS]):
        for j in range(T.schedule.shape[2]):
            d = T.schedule[s[L.MODE], r, j]
            if d == ops.DECK_C1 or d == ops.DECK_C2:
                return d
    return -1


@kernel
def _priestess(s, T, opts, n):
    """Kiss of Death on an enemy; Bless when the army is about to fight; Divination or
    Divine Intervention once the Faith Die shows 4 or more (the next Curse deck, every
    card a Curse); else Consecrate / Cure or Blood Letting. Augury alone only looks, which
    this team has no use for."""
    level = s[L.LEVEL + L.B_TEMPLE]
    army = s[L.POS + L.G_HOPLITE]
    near = army >= 0 and _nearest_enemy(s, T, army)[0] <= 2
    curse = _next_curse_deck(s, T)
    best, best_k = 0, 0
    for k in range(1, n):
        ability, faith, a, b = opts[k, 0], opts[k, 1], opts[k, 2], opts[k, 3]
        v = 0
        if ability == 0:
            v = 10 + faith if level == 2 else 3
        elif ability == 1:
            v = 2 if level == 2 else (8 if near else 0)
        elif ability == 2 and level >= 1 and faith >= 4 and a == curse and b == faith:
            v = 5
        if v > best:
            best, best_k = v, k
    return best_k


@kernel
def _arrange(s, T, opts, n):
    """The mildest Curse next; Blessings keep their order."""
    if opts[0, 1] == ops.DECK_B:
        return 0
    best, best_k = BIG, 0
    for k in range(n):
        v = _threat(s, T, opts[k, 0])
        if v < best:
            best, best_k = v, k
    return best_k


@kernel
def _intervene(s, T, opts, n):
    """Take the worst seen Curse out of play when it is a real threat; bring in the
    mildest Curse (or the first Blessing) instead."""
    if opts[0, 3] == 1:  # choosing the card brought in
        if T.card_deck[opts[0, 0]] == ops.DECK_B:
            return 0
        return _arrange(s, T, opts, n)
    best, best_k = 5, 0
    for k in range(1, n):
        if opts[k, 1] != ops.DECK_B and _threat(s, T, opts[k, 0]) > best:
            best, best_k = _threat(s, T, opts[k, 0]), k
    return best_k


@kernel
def _aura(s, T, opts, n):
    """Shield a Structure a Raid stands on or next to."""
    for k in range(1, n):
        h = opts[k, 0]
        for e in range(L.MAX_ENEMIES):
            base = L.ENEMY + e * L.EN_WIDTH
            c = s[base + L.EN_CARD]
            if c >= 0 and T.card_kind[c] == ops.K_RAID and T.dist_land[h, s[base + L.EN_HEX]] <= 1:
                return k
    return 0


@kernel
def _cast(s, T, opts, n):
    """Damage first, at an Invasion before a Raid or Plunder (p. 24), then a counter to a
    Natural Disaster, then any other Spell; the strongest Spell of each."""
    best, best_k = 0, 0
    for k in range(1, n):
        spell, target = opts[k, 0], opts[k, 2]
        fx = T.fx[T.sp_fx[spell]]
        v = 0
        if fx[1] == ops.OP_DAMAGE:
            c = s[L.ENEMY + target * L.EN_WIDTH + L.EN_CARD]
            v = (300 if T.card_kind[c] == ops.K_INVASION else 200) + fx[2] + 2 * fx[3]
        elif fx[1] == ops.OP_COUNTER:
            v = 100
        elif fx[1] == ops.OP_MORALE:
            v = 50 if s[L.MORALE] < T.params[P.MORALE_MAX] else 0
        else:
            v = 10
        if v > best:
            best, best_k = v, k
    return best_k


# Trained units given up to raiders, cheapest first; army units last (p. 35).
PILLAGE_ORDER = (L.U_BLOODTHRALL, L.U_MERCHANT, L.U_SHIP, L.U_PHILOSOPHER, L.U_ALCHEMIST,
                 L.U_PRIESTESS, L.U_MAGI, L.U_TOXOTAI, L.U_HIPPEIS, L.U_COMPANION, L.U_HOPLITE)


@kernel
def _pillage(s, opts, n):
    """Give raiders the most plentiful good (never Gold or Copper first), then untrained
    workers, then the cheapest trained units."""
    best, best_k = -BIG, 0
    for k in range(n):
        a = opts[k, 0]
        if a >= 0:
            v = s[L.RES + a] * 10 - (50 if a == L.R_GOLD or a == L.R_COPPER else 0)
        elif a == -1:
            v = 1000
        else:
            v = 0
            for r in range(len(PILLAGE_ORDER)):
                if PILLAGE_ORDER[r] == opts[k, 1]:
                    v = 500 - r
            if opts[k, 1] == L.U_MERCHANT and s[L.UNITS + L.U_MERCHANT] == 1:
                v = 100  # the last Merchant trades and collects
        if v > best:
            best, best_k = v, k
    return best_k


@kernel
def _cheapest_casualty(s, opts, n):
    """Lose a Hoplite before a Toxotai, Hippeis or Companion (cheapest to replace)."""
    for k in range(n):
        if opts[k, 0] == L.U_HOPLITE:
            return k
    return 0


@kernel
def _nearest_enemy(s, T, h):
    """(distance, slot) of the enemy nearest to hex h over land."""
    best, best_e = BIG, -1
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        if s[base + L.EN_CARD] < 0:
            continue
        d = T.dist_land[h, s[base + L.EN_HEX]]
        if d < best:
            best, best_e = d, e
    return best, best_e


# The decisions a searching team plays out in the rounds (its Heroes' actions that shape
# the fight with the Invasions): what a worker becomes, which technology, which army
# upgrade, where an army miniature goes, whether to negotiate; with at most SEARCH_BRANCH
# options. Setup's choices are the heuristic's: a play-out starts from a round's start.
SEARCHED = (1 << D.D_TRAIN) | (1 << D.D_DISCOVER) | (1 << D.D_ARMY_UPGRADE) | (1 << D.D_MOVE) \
    | (1 << D.D_DIPLOMACY)
SEARCH_BRANCH = 16


@kernel
def _searched(opts, n, kind):
    if n > SEARCH_BRANCH or (SEARCHED >> kind) & 1 == 0:
        return False
    return kind != D.D_MOVE or opts[0, 1] <= L.G_COMPANION  # the army's moves


@kernel
def search_or_replay(s, T, W, w, opts, n, kind, rng):
    """A searching team's choice (``w``: its row of ``W``). In the game: the heuristic's,
    or at a searched decision the option whose play-outs survive best (the heuristic's on
    ties), kept in the round's log. In a play-out (``strategies.aeolis.search``), which
    starts again from the round's start: the game's own choices up to the searched
    decision (from the log), there the option under test, the future dealt again from the
    play-out's key, then the heuristic's."""
    if s[L.PHASE] == L.PHASE_SETUP:
        return team_choice(s, T, w, opts, n, kind)
    at = s[L.PLAYOUT_AT]
    if at > 0:
        if s[L.DECISIONS] < at:
            return ask_entry(s, T, W, opts, n, kind, rng, OP_REPLAY, 0)
        if s[L.DECISIONS] == at:
            seed_streams(rng, cfuncs.address_at(s, L.PLAYOUT_KEY), s[L.PLAYOUT_SAMPLE])
            return s[L.PLAYOUT_PICK]
        return team_choice(s, T, w, opts, n, kind)
    pick = team_choice(s, T, w, opts, n, kind)
    if _searched(opts, n, kind):
        pick = ask_entry(s, T, W, opts, n, kind, rng, OP_SEARCH, pick)
    ask_entry(s, T, W, opts, n, kind, rng, OP_LOG, pick)
    return pick


@kernel
def remember_round(s, T, W, w, opts, rng):
    """At a round's start, a searching team keeps the state and streams its play-outs start
    from (not within a play-out, which starts from them)."""
    if w[W_STYLE] != RANDOM_LEGAL and w[W_SAMPLES] > 0 and s[L.PLAYOUT_AT] == 0:
        ask_entry(s, T, W, opts, 0, 0, rng, OP_REMEMBER, 0)


@compiled_in_caller
def choose(s, T, W, opts, n, seat, kind, rng):
    """The bot contract's ``choose`` (sim.games.policies): index of the option the team takes
    among the first ``n`` rows of ``opts``, by its row ``W[seat]``: at random for
    ``random``, and for a careless team (``W_MISTAKES``) that share of the time; a
    searching team (``W_SAMPLES``) plays its options out (``search_or_replay``). The
    notice of a round's start (``n`` 0) lets a searching team keep that start."""
    w = W[seat]
    if n == 0:
        if kind == NOTICE_ROUND:
            remember_round(s, T, W, w, opts, rng)
        return 0
    if w[W_STYLE] == RANDOM_LEGAL:
        return below(rng, STREAM_TEAM, n)
    if w[W_SAMPLES] > 0:
        return search_or_replay(s, T, W, w, opts, n, kind, rng)
    if w[W_MISTAKES] > 0 and uniform(rng, STREAM_TEAM) < w[W_MISTAKES]:
        return below(rng, STREAM_TEAM, n)
    return team_choice(s, T, w, opts, n, kind)


def empty_weights() -> np.ndarray:
    return np.zeros(W_SIZE, np.float64)
