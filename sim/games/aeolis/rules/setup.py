"""Game setup: Heroes and their starting units, reallocation, Plague tokens (pp. 6-8)."""

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis import params as P
from sim.games.aeolis.decisions import D_ALLOCATE
from sim.games.aeolis.rules.board import place_plague, random_hex
from sim.games.aeolis.rules.core import STREAM_SETUP, add_units, add_workers, decide
from sim.games.aeolis.rules.upkeep import draw_card
from sim.jit import compiled_in_caller, kernel
from sim.rng import below

HERO_UNIT = (-1, L.U_MERCHANT, L.U_PHILOSOPHER, L.U_HOPLITE, L.U_PRIESTESS, L.U_MAGI, L.U_SHIP)
GROUP_HOME = (L.B_ARENA, L.B_ARENA, L.B_ARENA, L.B_ARENA, L.B_ACADEMY, L.B_TEMPLE, L.B_ORACLE,
              L.B_HARBOR)


@kernel
def start_unit(s, T, hero):
    """One worker for a Hero: untrained for the Queen, else one trained unit (p. 7)."""
    if hero == L.H_QUEEN:
        add_workers(s, T, 1)
    else:
        add_units(s, T, HERO_UNIT[hero], 1)


@compiled_in_caller
def setup_game(s, T, W, opts, rng, ev, mode, heroes, expansions, prod_die, loss_rule, heroic):
    s[:L.GAME_SIZE] = 0  # the runtime words stay: setup asks the team already
    for f, n in ((L.STRUCT, L.N_HEX), (L.POS, L.N_GROUPS), (L.ACTIVE, L.MAX_ACTIVE),
                 (L.SPHERE_COLOR, L.N_SPHERES), (L.COMPASS, L.N_COMPASS),
                 (L.DECK_TOP, L.N_DECKS * L.MAX_TOP)):
        s[f:f + n] = -1
    for e in range(L.MAX_ENEMIES):
        s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD] = -1
        s[L.ENEMY + e * L.EN_WIDTH + L.EN_HEX] = -1
    for g in range(L.N_GROUPS):
        s[L.HOME + g] = T.building_hex[GROUP_HOME[g]]
    s[L.MODE] = mode
    s[L.N_ROUNDS] = T.mode_rounds[mode]
    s[L.HEROES] = heroes
    s[L.EXPANSIONS] = expansions
    s[L.PROD_DIE] = prod_die
    s[L.LOSS_RULE] = loss_rule
    s[L.PHASE] = L.PHASE_SETUP
    s[L.HEROIC] = -1
    for d in range(L.N_FAITH):
        s[L.FAITH + d] = 1
    for c in range(T.card_kind.shape[0]):
        x = T.card_exp[c]
        if x >= 0 and (expansions >> x) & 1 == 0:
            s[L.CARD_STATE + c] = L.CARD_OUT  # the expansion's cards stay out of the game
    # Every Hero's Gold goes to the shared stash, used or not (p. 7 reallocates it).
    s[L.RES + L.R_GOLD] = T.params[P.MERCHANT_START_GOLD] + (L.N_HEROES - 1) * T.params[P.START_GOLD]
    spare = 0
    for h in range(L.N_HEROES):
        if (heroes >> h) & 1:
            start_unit(s, T, h)
        else:
            spare += 1
    for _ in range(spare):  # unused Heroes' workers go to active Heroes (p. 7)
        n = 0
        for h in range(L.N_HEROES):
            if (heroes >> h) & 1 and (h == L.H_QUEEN or s[L.UNITS + HERO_UNIT[h]] < T.params[P.MAX_UNITS]):
                opts[n, 0] = h
                n += 1
        start_unit(s, T, opts[decide(s, T, W, opts, n, D_ALLOCATE, rng), 0])
    if (heroes >> L.H_PRIESTESS) & 1:
        add_units(s, T, L.U_BLOODTHRALL, 1)
    if (heroes >> L.H_MAGI) & 1:
        for c in range(4):
            s[L.RES + L.CRYSTAL0 + c] += T.params[P.MAGI_CRYSTALS]
    if (heroes >> L.H_TRIACONTER) & 1:
        for k in range(T.params[P.START_LOOT]):
            s[L.COMPASS + k] = below(rng, STREAM_SETUP, T.loot.shape[0])
    s[L.WHEEL] = below(rng, STREAM_SETUP, T.wheel.shape[0])
    for _ in range(2):
        place_plague(s, ev, random_hex(T, rng))
    if heroic:
        s[L.HEROIC] = draw_card(s, T, rng, ops.DECK_H)
