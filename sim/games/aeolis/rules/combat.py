"""Army and naval combat, resolved at the end of the Enemy Phase (pp. 29-31)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis.decisions import D_CASUALTY, D_FROST_BLAST
from sim.games.aeolis.events import EV_COMBAT
from sim.games.aeolis.rules.board import army_at
from sim.games.aeolis.rules.companion import ability_left, lay_on_hands, retreat_hex
from sim.games.aeolis.rules.core import add_morale, add_units, decide, destroy_group, emit, roll
from sim.games.aeolis.rules.pile import conclude, damage_enemy, enemy_power, is_invasion
from sim.jit import kernel


@kernel
def meets(s, kind, needs):
    """An army kind has every upgrade the enemy requires; Iron covers Bronze (p. 19)."""
    if kind == L.U_COMPANION:
        return True  # Companions have every upgrade (p. 26)
    have = s[L.UPGRADES + kind]
    if have & L.UP_IRON:
        have |= L.UP_BRONZE
    return (have & needs) == needs


@kernel
def kind_die(s, kind):
    """Combat die sides of one army kind: D4, D8 with the Arena upgrade, D12 Companions."""
    if kind == L.U_COMPANION:
        return 12
    return 8 if s[L.LEVEL + L.B_ARENA] >= 1 else 4


@kernel
def combat_die(s, mask, needs):
    """Sides of the one die the army rolls, or 0 for the forced 1 when no participating
    kind meets the requirements (only one kind needs to, p. 31)."""
    sides = 0
    for k in range(L.N_ARMY):
        if (mask >> k) & 1 and meets(s, k, needs):
            d = kind_die(s, k)
            sides = d if d > sides else sides
    return sides


@kernel
def army_strength(s, mask):
    """Units in the fight; each Hippeis unit counts 2 (p. 20)."""
    total = 0
    for k in range(L.N_ARMY):
        if (mask >> k) & 1:
            total += s[L.UNITS + k] * (2 if k == L.U_HIPPEIS else 1)
    return total


@kernel
def army_power(s, mask, needs, die_roll):
    """Power = die (or forced 1) + units + Morale (p. 30)."""
    return die_roll + army_strength(s, mask) + s[L.MORALE]


@kernel
def blessed(s, groups):
    """Faith of this round's Bless when one of the ``groups`` (bit mask) was Blessed, else
    0: the Bless stays with the units, wherever they then fight (p. 22)."""
    return s[L.BLESSED] if s[L.BLESS_GROUPS] & groups else 0


@kernel
def roll_die(s, rng, sides, groups):
    """The combat die (a forced 1 when ``sides`` is 0), or a Blessed unit's Faith if higher."""
    r = 1 if sides == 0 else roll(rng, sides)
    bless = blessed(s, groups)
    return bless if bless > r else r


@kernel
def casualty(s, T, W, opts, rng, ev, mask):
    """A won combat costs one participating unit, the team's pick (p. 30), unless a
    Companion near that unit Lays on Hands (p. 27)."""
    n = 0
    for k in range(L.N_ARMY):
        if (mask >> k) & 1 and s[L.UNITS + k] > 0:
            opts[n, 0] = k
            n += 1
    if n == 0:
        return
    k = opts[decide(s, T, W, opts, n, D_CASUALTY, rng), 0]
    if k != L.U_COMPANION and lay_on_hands(s, T, W, opts, rng, ev, s[L.POS + k], 1, 1) == 1:
        return
    add_units(s, T, k, -1)


@kernel
def destroy_civilians(s, T, h):
    """Non-combat units on h die with the army or when unprotected (p. 29)."""
    for g in (L.G_PHILOSOPHER, L.G_PRIESTESS, L.G_MAGI):
        if s[L.POS + g] == h:
            destroy_group(s, T, g)


@kernel
def land_combat(s, T, W, opts, rng, ev, e):
    """The army on enemy e's hex fights it; returns True when the army won."""
    return army_combat(s, T, W, opts, rng, ev, e, s[L.ENEMY + e * L.EN_WIDTH + L.EN_HEX])


@kernel
def army_combat(s, T, W, opts, rng, ev, e, h):
    """The army on hex h fights enemy e, on its hex or from an adjacent one (Toxotai
    against archers, p. 20); returns True when the army won."""
    base = L.ENEMY + e * L.EN_WIDTH
    card = s[base + L.EN_CARD]
    mask = army_at(s, h)
    if mask == 0:
        return False
    if mask == 1 << L.U_TOXOTAI and h == s[base + L.EN_HEX]:
        destroy_group(s, T, L.G_TOXOTAI)  # Toxotai alone in an enemy hex (p. 20)
        destroy_civilians(s, T, h)
        return False
    target = enemy_power(s, T, e)
    if (mask >> L.U_COMPANION) & 1 and s[L.RES + L.R_LIGHT] > 0 and ability_left(s):
        # Smite: damage that cannot be reduced (p. 27), what kills the enemy or all there is
        smite = s[L.RES + L.R_LIGHT] if s[L.RES + L.R_LIGHT] < target else target
        s[L.RES + L.R_LIGHT] -= smite
        s[L.COMPANION_USED] += 1
        damage_enemy(s, T, ev, e, smite)
        if s[base + L.EN_CARD] < 0:
            _reward(s, T, card)
            return True
        target = enemy_power(s, T, e)
    power = army_power(s, mask, T.card_needs[card], roll_die(s, rng, combat_die(
        s, mask, T.card_needs[card]), mask))
    emit(s, ev, EV_COMBAT, card, power, target)
    if power >= target:
        if not (s[L.LEVEL + L.B_TEMPLE] >= 1 and blessed(s, mask) > 0):
            casualty(s, T, W, opts, rng, ev, mask)  # a Priestess of Life's Bless saves it (p. 22)
        _reward(s, T, card)
        s[L.ENEMIES_BEATEN] += 1
        conclude(s, ev, s[base + L.EN_EVENT])
        return True
    lost = army_falls(s, T, W, opts, rng, ev, mask, h)
    destroy_civilians(s, T, h)
    damage_enemy(s, T, ev, e, lost // 2 if is_invasion(s, T, e) else lost)
    return False


# Units Lay on Hands keeps first: a Hippeis counts twice in combat (p. 20).
SAVE_ORDER = (L.U_HIPPEIS, L.U_HOPLITE, L.U_TOXOTAI)


@kernel
def army_falls(s, T, W, opts, rng, ev, mask, h):
    """A lost combat destroys every unit in it, save those a Companion Lays on Hands, who
    retreat to an adjacent hex without enemies (pp. 30, 27); returns the units lost."""
    mortal = 0
    for k in SAVE_ORDER:
        if (mask >> k) & 1:
            mortal += s[L.UNITS + k]
    retreat = retreat_hex(s, T, h)
    saved = lay_on_hands(s, T, W, opts, rng, ev, h, mortal, 0) if retreat >= 0 else 0
    lost = 0
    for k in range(L.N_ARMY):
        if (mask >> k) & 1:
            lost += s[L.UNITS + k]
    lost -= saved
    for k in SAVE_ORDER:
        if (mask >> k) & 1 and saved > 0:
            keep = saved if saved < s[L.UNITS + k] else s[L.UNITS + k]
            saved -= keep
            add_units(s, T, k, keep - s[L.UNITS + k])
            if keep > 0:
                s[L.POS + k] = retreat
                mask &= ~(1 << k)
    for k in range(L.N_ARMY):
        if (mask >> k) & 1:
            destroy_group(s, T, k)
    return lost


@kernel
def _reward(s, T, card):
    """Beating a Raid or Plunder pays its starting Power in Gold (p. 30)."""
    if T.card_kind[card] == ops.K_RAID or T.card_kind[card] == ops.K_PLUNDER:
        s[L.RES + L.R_GOLD] += T.card_power[card]


@kernel
def naval_die(s):
    """D4, D8 after Navigation (Triremes), D12 after Colonization (Galleys) (pp. 25, 28)."""
    lv = s[L.LEVEL + L.B_HARBOR]
    return 12 if lv == 2 else (8 if lv == 1 else 4)


@kernel
def naval_combat(s, T, W, opts, rng, ev, e):
    """The fleet fights an enemy ship next to it or on its hex (p. 25)."""
    base = L.ENEMY + e * L.EN_WIDTH
    card = s[base + L.EN_CARD]
    ships = s[L.UNITS + L.U_SHIP]
    target = enemy_power(s, T, e)
    frost = 0
    if s[L.LEVEL + L.B_HARBOR] == 2:  # Frost Blast: Ice Crystals chosen before the roll (p. 28)
        n = min(s[L.RES + L.R_ICE], opts.shape[0] - 1) + 1
        for k in range(n):
            opts[k, 0], opts[k, 1] = k, target - ships - s[L.MORALE]
        frost = opts[decide(s, T, W, opts, n, D_FROST_BLAST, rng), 0]
        s[L.RES + L.R_ICE] -= frost
    power = roll_die(s, rng, naval_die(s), 1 << L.G_SHIP) + ships + s[L.MORALE] + frost
    emit(s, ev, EV_COMBAT, card, power, target)
    if power >= target:
        add_units(s, T, L.U_SHIP, -1)
        _reward(s, T, card)
        s[L.ENEMIES_BEATEN] += 1
        conclude(s, ev, s[base + L.EN_EVENT])
        return True
    destroy_group(s, T, L.G_SHIP)
    damage_enemy(s, T, ev, e, ships)
    return False


@kernel
def unrest_combat(s, T, W, opts, rng, ev, slot, mask):
    """The army quells Unrest by force: Morale drops by its Power when it wins (p. 35)."""
    card = s[L.ACTIVE + slot]
    power = army_power(s, mask, 0, roll_die(s, rng, combat_die(s, mask, 0), mask))
    emit(s, ev, EV_COMBAT, card, power, T.card_power[card])
    if power >= T.card_power[card]:
        casualty(s, T, W, opts, rng, ev, mask)
        add_morale(s, T, ev, -T.card_power[card])
        conclude(s, ev, slot)
        return True
    for k in range(L.N_ARMY):
        if (mask >> k) & 1:
            destroy_group(s, T, k)
    return False
