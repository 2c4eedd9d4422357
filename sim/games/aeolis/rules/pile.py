"""The Active Events pile and the enemy tokens on the board (pp. 33-35)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis.events import EV_EVENT_DONE
from sim.games.aeolis.rules.core import emit
from sim.jit import kernel


@kernel
def add_active(s, card):
    """Put a drawn card on the Active Events pile; returns its slot (-1 when full)."""
    for k in range(L.MAX_ACTIVE):
        if s[L.ACTIVE + k] < 0:
            s[L.ACTIVE + k] = card
            return k
    return -1


@kernel
def conclude(s, ev, slot):
    """Remove an event from the pile, and its enemy token from the board."""
    card = s[L.ACTIVE + slot]
    if card < 0:
        return
    s[L.ACTIVE + slot] = -1
    s[L.BURNING + slot] = 0
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        if s[base + L.EN_CARD] >= 0 and s[base + L.EN_EVENT] == slot:
            s[base + L.EN_CARD] = -1
            s[base + L.EN_HEX] = -1
    emit(s, ev, EV_EVENT_DONE, card, 0, 0)


@kernel
def lasting(T, card):
    """A Natural Disaster that stays on the pile until put out: an Inferno (p. 34)."""
    fx = T.fx[T.card_fx[card]]
    for k in range(fx[0]):
        if fx[1 + 3 * k] == ops.OP_INFERNO_RANDOM:
            return True
    return False


@kernel
def put_out(s, T, ev, slot):
    """A Natural Disaster is countered (a Spell of its affinity, Control Weather; pp. 24,
    26, 34) and leaves the pile; once no Inferno burns on the pile, its fires go out."""
    conclude(s, ev, slot)
    for k in range(L.MAX_ACTIVE):
        if s[L.BURNING + k] == 1:
            return
    for h in range(L.N_HEX):
        s[L.INFERNO + h] = 0


@kernel
def spawn_enemy(s, slot, card, h):
    for e in range(L.MAX_ENEMIES):
        base = L.ENEMY + e * L.EN_WIDTH
        if s[base + L.EN_CARD] < 0:
            s[base + L.EN_CARD] = card
            s[base + L.EN_HEX] = h
            s[base + L.EN_DAMAGE] = 0
            s[base + L.EN_INFERNO] = 0
            s[base + L.EN_EVENT] = slot
            return e
    return -1


@kernel
def enemy_power(s, T, e):
    """Remaining Power: starting Power less the damage cubes on the token (p. 30)."""
    base = L.ENEMY + e * L.EN_WIDTH
    p = T.card_power[s[base + L.EN_CARD]] - s[base + L.EN_DAMAGE]
    return p if p > 0 else 0


@kernel
def damage_enemy(s, T, ev, e, amount):
    """Put damage cubes on an enemy; at Power 0 it is destroyed and its event concluded."""
    base = L.ENEMY + e * L.EN_WIDTH
    if s[base + L.EN_CARD] < 0 or amount <= 0:
        return
    s[base + L.EN_DAMAGE] += amount
    if enemy_power(s, T, e) == 0:
        s[L.ENEMIES_BEATEN] += 1
        conclude(s, ev, s[base + L.EN_EVENT])


@kernel
def is_invasion(s, T, e):
    return T.card_kind[s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD]] == ops.K_INVASION


@kernel
def unrest_power(T, card):
    return T.card_power[card]
