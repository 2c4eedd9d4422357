"""Plain reads of a seat's own holdings and the public board, shared by the rules kernels
and the bots.

This module imports nothing from ``rules`` (every rules module imports ``rules.core``,
which imports the policy), so the bots can call the same code the rules use instead of
keeping copies.
"""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.jit import kernel


@kernel
def hand_size(s, seat):
    """Athena cards in a seat's hand."""
    n = 0
    for i in range(L.N_ICONS):
        n += s[L.HAND_ICONS + seat * L.N_ICONS + i]
    return n


@kernel
def camp_count(s, seat):
    """Pieces of a seat in the Ostracized Camp."""
    b = L.UNITS_CAMP + seat * L.N_UNIT_TYPES
    return s[b] + s[b + 1] + s[b + 2] + s[L.DIPS_CAMP + seat]


@kernel
def units_home(s, seat):
    """Workers, Ships and Hoplites on a seat's Unit track."""
    b = L.UNITS_HOME + seat * L.N_UNIT_TYPES
    return s[b] + s[b + 1] + s[b + 2]


@kernel
def skill_modifier(s, T, seat, trigger):
    """Sum of a modifier Skill's amounts (day_discount, builder_bonus) held face up (p. 19)."""
    total = 0
    if s[L.SKILLS_UP + seat] == 0:
        return total
    for k in range(T.skills.shape[0]):
        if s[L.SKILL_LOC + k] == seat and s[L.SKILL_TUCKED + k] == 0 and T.skills[k, 0] == trigger:
            total += T.skills[k, 1]
    return total


@kernel
def day_cost(s, T, seat):
    """Goods the seat's Day side costs after its discounts (p. 13)."""
    role = s[L.ROLE + seat]
    return max(0, T.roles[role, 1] - skill_modifier(s, T, seat, O.TRIG_DAY_DISCOUNT))


@kernel
def goods_held(s, seat, resource):
    """How many of a Role's Day-side resource the seat holds."""
    if resource == O.RES_TROPHY:
        return s[L.TROPHIES + seat]
    if resource == O.RES_AMPHORA:
        return s[L.AMPHORAS + seat]
    return hand_size(s, seat)


@kernel
def free_slot(s, row):
    """The rightmost empty slot of a Progress row, or -1 when the row is full (p. 10)."""
    base = L.PROGRESS + row * 3
    for slot in range(2, -1, -1):
        if s[base + slot] < 0:
            return slot
    return -1


@kernel
def card_cost_kind(s, seat, need, m, e, c):
    """Whether paying ``m`` Military, ``e`` Economy, ``c`` Culture and the rest of ``need``
    in Universal cards is a complete Build cost the seat holds: 0 a same-icon set, 1 a set
    of different icons, -1 neither (p. 12). A Universal card is any one of the three icons
    (p. 24), so it completes either kind of set."""
    hand = L.HAND_ICONS + seat * L.N_ICONS
    u = need - m - e - c
    if (u < 0 or s[hand + O.MILITARY] < m or s[hand + O.ECONOMY] < e
            or s[hand + O.CULTURE] < c or s[hand + O.UNIVERSAL] < u):
        return -1
    if (m > 0) + (e > 0) + (c > 0) <= 1:
        return 0
    if need <= 3 and m <= 1 and e <= 1 and c <= 1:
        return 1
    return -1
