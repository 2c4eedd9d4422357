"""The Age of Pericles heuristic: estimate each legal option's features, score them with
the seat's weight row, take the best (ties broken by the seat's own random stream).

Every decision kind of ``decisions.py`` is covered. Estimates are one step deep: what
the option itself brings, read from the public state and the seat's own holdings. A Main
Action is valued by its best option, a Citizen's placement by its Offices, its space
action and the Main Action(s) it unlocks. Nothing here allocates.
"""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.decisions import (
    D_ACTIVATE_UNIT,
    D_ATHENA_OFFER,
    D_BUILD_COST,
    D_BUILD_PIECE,
    D_COMPENSATION_GOOD,
    D_CULTURE_COMPLETION,
    D_DAY_PAYMENT,
    D_DEFEND,
    D_DISCARD_ATHENA,
    D_DRAFT_ROLE,
    D_ECONOMY_COMPLETION,
    D_HOUSE_TRACK,
    D_KEEP_MISSION,
    D_KEEP_SKILL,
    D_MAIN_ACTIONS,
    D_MARKET_COLUMN,
    D_OFFICE_REWARD,
    D_OSTRACIZE_UNIT,
    D_PLACE,
    D_PLACEMENT_ROW,
    D_ROLE_SIDE,
    D_SELL_MISSION,
    D_SPACE_ACTION,
    D_STARTING_SKILL,
    D_TUCK_SKILL,
)
from sim.games.pericles.rules.actions import (
    card_cost_kind,
    day_cost,
    free_diplomacy_space,
    free_hoplite_space,
    free_waypost,
    goods_held,
)
from sim.games.pericles.rules.core import hand_size
from sim.games.pericles.rules.pieces import camp_count, units_home
from sim.games.pericles.rules.progress import free_slot, slot_glory
from sim.games.pericles.rules.skills import skill_modifier
from sim.jit import compiled_in_caller, inline_kernel, kernel
from sim.rng import STREAM_BOT, below
from strategies.pericles import memo as M
from strategies.pericles import view as V
from strategies.pericles.features import (
    F_ACTIONS,
    F_AMPHORA,
    F_ATHENA,
    F_CITIZENS,
    F_CITY,
    F_GLORY,
    F_HOPLITE,
    F_MISSION,
    F_NIGHT,
    F_OFFICE,
    F_OPP_GLORY,
    F_OSTRACISM,
    F_PARTHENON,
    F_PROGRESS,
    F_READY,
    F_RIVALS,
    F_SETS,
    F_SILVER,
    F_TRACK,
    F_TROPHY,
    F_UNIT,
)

SMALL, LARGE = 1, 2  # Citizen sizes, as the placing options write them
NO_ACTION = -1e9
# Expected firings of a Skill's power over the rest of a game, by trigger (ops.TRIG_*).
SKILL_FIRES = (0.0, 2.0, 1.5, 1.5, 1.5, 2.0, 2.0, 1.5, 0.5, 1.0, 1.5, 3.0, 2.0, 4.0, 2.0, 3.0)
# Citizens placed while this many Parthenon pieces are left risk their unused-Citizen Glory.
END_HORIZON = 7.0
EPS = 1e-9
NO_ACTIONS = (NO_ACTION,) * 6  # one score per Main Action (ops.ACT_*)
NO_TRACKS = (NO_ACTION, NO_ACTION)  # Activate Your House's tracks, when not valued
NO_PLACEMENTS = (0.0, 0.0, 0.0)  # no option reads them, or no Diplomat is left to place
NO_GAINS = (0.0,) * 12  # stands in for line_gains outside a placing decision
NO_TILE = (False, False, 0.0)  # tile_score of a space without a City-state tile

# ---- building blocks -----------------------------------------------------------------


@inline_kernel
def good_features(s, prm, w, seat, good, amount, f):
    """A row's good (Trophy, Amphora, Athena card; Universal: the best of them)."""
    if good == O.UNIVERSAL:
        good = O.MILITARY
        if w[F_AMPHORA] > w[F_TROPHY]:
            good = O.ECONOMY
        if w[F_ATHENA] > max(w[F_AMPHORA], w[F_TROPHY]):
            good = O.CULTURE
    before = V.set_progress(s, prm, seat, 0, 0, 0, 0)
    if good == O.MILITARY:
        f += w[F_TROPHY] * amount
        after = V.set_progress(s, prm, seat, 0, amount, 0, 0)
    elif good == O.ECONOMY:
        f += w[F_AMPHORA] * amount
        after = V.set_progress(s, prm, seat, amount, 0, 0, 0)
    else:
        f += w[F_ATHENA] * amount
        after = before  # the card's icon is unknown before the draw
    return f + w[F_SETS] * (after - before)


@inline_kernel
def compensation(s, prm, w, seat, row, f):
    """Compensation for one knocked-out or undefended Diplomat of ``seat`` (p. 10)."""
    if s[L.NIGHT + seat] == 1:
        return f + w[F_GLORY] * prm[P.COMP_NIGHT_GLORY]
    f += w[F_GLORY] * prm[P.COMP_DAY_GLORY]
    f += w[F_SILVER] * prm[P.COMP_DAY_SILVER]
    return good_features(s, prm, w, seat, row, prm[P.COMP_DAY_GOODS], f)


@inline_kernel
def compensation_glory(s, prm, seat):
    if s[L.NIGHT + seat] == 1:
        return prm[P.COMP_NIGHT_GLORY]
    return prm[P.COMP_DAY_GLORY]


@inline_kernel
def placement(s, prm, w, seat, row):
    """One own Diplomat entering ``row`` at the 4 (p. 10), with a Diplomat in the Stoa: the
    slot Glory it and the pushed own Diplomats gain, and a knock-out's Compensation for
    whoever is shoved off the 6."""
    f = 0.0
    base = L.PROGRESS + row * 3
    free = free_slot(s, row)
    gain = slot_glory(prm, 2)
    start = free + 1
    if free < 0:
        start = 1
        out = s[base]
        if out == seat:
            gain -= slot_glory(prm, 0)
            f = compensation(s, prm, w, seat, row, f)
        elif out != s[L.DEMAGOGUE]:
            f += w[F_OPP_GLORY] * compensation_glory(s, prm, out)
    for slot in range(start, 3):
        if s[base + slot] == seat:
            gain += slot_glory(prm, slot - 1) - slot_glory(prm, slot)
    return f + w[F_PROGRESS] * gain


@inline_kernel
def best_row(pl):
    """Score of a Universal placement: the best of the three rows' ``pl`` (see placements)."""
    return max(pl[0], max(pl[1], pl[2]))


@inline_kernel
def any_row(pl):
    """Score of a placement on a row an Athena card will reveal, not yet known."""
    return (pl[0] + pl[1] + pl[2]) / 3.0


@kernel
def placements(s, T, w, seat):
    """The three rows' placement scores; the state does not change during one decision,
    so a decision computes them once and every estimator reads them from this tuple."""
    if s[L.DIPS_STOA + seat] == 0:
        return NO_PLACEMENTS  # every placement is lost
    prm = T.params
    return placement(s, prm, w, seat, 0), placement(s, prm, w, seat, 1), placement(s, prm, w, seat, 2)


@inline_kernel
def ostracism_change(s, prm, seat, pieces):
    """Change of the game-end Ostracism penalty, scale x count x count (p. 17), when
    ``pieces`` go to (+) or leave (-) the Camp; positive is good for the seat."""
    c = camp_count(s, seat)
    after = max(c + pieces, 0)
    return float(prm[P.OSTRACISM_SCALE] * (c * c - after * after))


@inline_kernel
def effect(s, T, w, seat, pl, row):
    """Features of effect row ``row`` of ``T.fx`` for ``seat``; zero when a cost cannot be
    paid (a row with a missing cost does nothing, p. 20)."""
    f = 0.0
    for i in range(T.fx[row, 0]):
        op = T.fx[row, 1 + 2 * i]
        need = T.fx[row, 2 + 2 * i]
        arg = float(need)
        if op == O.OP_GLORY:
            f += w[F_GLORY] * arg
        elif op == O.OP_SILVER:
            f += w[F_SILVER] * arg
        elif op == O.OP_AMPHORA:
            f += w[F_AMPHORA] * arg
        elif op == O.OP_TROPHY:
            f += w[F_TROPHY] * arg
        elif op == O.OP_ATHENA:
            f += w[F_ATHENA] * arg
        elif op == O.OP_MISSION:
            f += w[F_MISSION] * arg
        elif op == O.OP_PLACE_UNIVERSAL:
            f += arg * best_row(pl)
        elif O.OP_PLACE_MILITARY <= op <= O.OP_PLACE_CULTURE:
            f += arg * pl[op - O.OP_PLACE_MILITARY]
        elif op == O.OP_MOVE_CITY:
            f += w[F_CITY] * arg
        elif op == O.OP_ADVANCE_RIVALS:
            f += w[F_RIVALS] * arg
        elif op == O.OP_BUILD_COLUMN:
            f += arg * best_build_row(s, T, w, seat)[1]
        elif op == O.OP_BRING_HOME:
            f += w[F_OSTRACISM] * ostracism_change(s, T.params, seat, -int(arg))
        elif op == O.OP_UPGRADE:
            f += w[F_ACTIONS] * 1.0
        elif op == O.OP_OSTRACIZE_UNIT or op == O.OP_OSTRACIZE_DIPLOMAT:
            f += w[F_OSTRACISM] * ostracism_change(s, T.params, seat, int(arg))
        elif op == O.OP_PAY_SILVER:
            if s[L.SILVER + seat] < need:
                return 0.0
            f += w[F_SILVER] * -arg
        elif op == O.OP_PAY_AMPHORA:
            if s[L.AMPHORAS + seat] < need:
                return 0.0
            f += w[F_AMPHORA] * -arg
        elif op == O.OP_PAY_TROPHY:
            if s[L.TROPHIES + seat] < need:
                return 0.0
            f += w[F_TROPHY] * -arg
        elif op == O.OP_PAY_ATHENA:
            if hand_size(s, seat) < need:
                return 0.0
            f += w[F_ATHENA] * -arg
        elif op == O.OP_PAY_GLORY:
            if s[L.GLORY + seat] < need:
                return 0.0
            f += w[F_GLORY] * -arg
    return f


@inline_kernel
def has_upgrade(T, row):
    """Effect row ``row`` lets the acting Small Citizen take both Main Actions (p. 24)."""
    for i in range(T.fx[row, 0]):
        if T.fx[row, 1 + 2 * i] == O.OP_UPGRADE:
            return True
    return False


# ---- Build the Parthenon (p. 12) --------------------------------------------------------


@inline_kernel
def roof_open(s):
    """A roof may be raised: one not raised whose half's ten columns stand (p. 12)."""
    p = L.PARTHENON
    upper = (s[p + L.PIECE_ROOF_UPPER] == 0 and s[p + L.PIECE_CULTURE] == 4
             and s[p + L.PIECE_UNIVERSAL_UPPER] == 4 and s[p + L.PIECE_ECONOMY_UPPER] == 2)
    lower = (s[p + L.PIECE_ROOF_LOWER] == 0 and s[p + L.PIECE_MILITARY] == 4
             and s[p + L.PIECE_UNIVERSAL_LOWER] == 4 and s[p + L.PIECE_ECONOMY_LOWER] == 2)
    return upper or lower


@inline_kernel
def build_row(s, T, w, seat, row, bonus, last):
    """Raising a piece for ``row``: the builder reward (``bonus``: the seat's builder
    modifier), the row's payout to everyone, own Diplomats leaving the board, and, when it
    is the ``last`` piece, the game's end."""
    mine, others, count = V.row_payout(s, T, row, seat)
    reward = (T.params[P.BUILDER_BASE] + bonus
              + T.params[P.BUILDER_PER_DIPLOMAT] * count)
    f = w[F_GLORY] * (reward + mine)
    f += w[F_OPP_GLORY] * others
    f += w[F_PROGRESS] * -mine
    f += w[F_PARTHENON] * 1.0
    if last:  # the Parthenon is complete: the game ends now (p. 17)
        f += w[F_CITIZENS] * V.unused_citizens_glory(s, T, seat)
        for other in range(s[L.N_PLAYERS]):
            if other != seat:
                f += w[F_OPP_GLORY] * V.unused_citizens_glory(s, T, other)
    return f


@kernel
def best_build_row(s, T, w, seat):
    """(some row can take a piece now, the features of raising it on the best such row)."""
    best = 0.0
    found = False
    roof = roof_open(s)
    bonus = skill_modifier(s, T, seat, O.TRIG_BUILDER_BONUS)
    last = V.pieces_left(s) == 1
    for row in range(3):
        if roof or V.row_has_column(s, row):
            f = build_row(s, T, w, seat, row, bonus, last)
            if not found or f > best:
                best = f
                found = True
    return found, best


@inline_kernel
def build_cost(s, T, w, seat, kind, m, e, c, before):
    """Paying one complete Build cost: a card set (``kind`` 0 or 1) of ``m`` Military,
    ``e`` Economy, ``c`` Culture and the rest Universal cards, 3 Amphoras (2) or 3 Trophies
    (3) (option columns of D_BUILD_COST); ``before`` is the seat's ``set_progress`` now,
    which every cost of a decision shares."""
    need = T.params[P.BUILD_COST]
    if kind <= 1:
        f = w[F_ATHENA] * -need
        hand = L.HAND_ICONS + seat * L.N_ICONS
        cards = V.card_progress(need, s[hand + O.MILITARY] - m, s[hand + O.ECONOMY] - e,
                                s[hand + O.CULTURE] - c,
                                s[hand + O.UNIVERSAL] - (need - m - e - c))
        goods = max(s[L.AMPHORAS + seat], s[L.TROPHIES + seat])
        after = min(max(cards, goods), need) / need
    elif kind == 2:
        f = w[F_AMPHORA] * -need
        after = V.set_progress(s, T.params, seat, -need, 0, 0, 0)
    else:
        f = w[F_TROPHY] * -need
        after = V.set_progress(s, T.params, seat, 0, -need, 0, 0)
    return f + w[F_SETS] * (after - before)


@kernel
def cost_choice(s, T, w, seat):
    """(can pay, features of the cheapest complete cost)."""
    need = T.params[P.BUILD_COST]
    before = V.set_progress(s, T.params, seat, 0, 0, 0, 0)
    best = 0.0
    found = False
    # Only splits of ``need`` the hand holds (the rest in Universal cards), in the order
    # of the full enumeration, so the first of equal costs is the same one.
    hand = L.HAND_ICONS + seat * L.N_ICONS
    universal = s[hand + O.UNIVERSAL]
    for m in range(min(need, s[hand + O.MILITARY]) + 1):
        for e in range(min(need - m, s[hand + O.ECONOMY]) + 1):
            for c in range(max(0, need - m - e - universal),
                           min(need - m - e, s[hand + O.CULTURE]) + 1):
                kind = card_cost_kind(s, seat, need, m, e, c)
                if kind >= 0:
                    f = build_cost(s, T, w, seat, kind, m, e, c, before)
                    if not found or f > best:
                        best = f
                        found = True
    for kind in (2, 3):
        if (s[L.AMPHORAS + seat] if kind == 2 else s[L.TROPHIES + seat]) >= need:
            f = build_cost(s, T, w, seat, kind, 0, 0, 0, before)
            if not found or f > best:
                best = f
                found = True
    return found, best


# ---- the other Main Actions (pp. 10-13) -------------------------------------------------


@inline_kernel
def unit_option(s, T, w, seat, pl, kind, unit, target):
    """Sending a Unit (kind 0) or recalling a piece (kind 1; unit 3 = a Diplomat)."""
    if kind == 0:
        if unit == O.WORKER:
            f = pl[T.city_states[s[L.ACTIVE_CITY], 1]]
            return f + w[F_ATHENA] + w[F_UNIT]
        if unit == O.SHIP:
            f = best_row(pl)
            return f + w[F_SILVER] * T.params[P.SHIP_SILVER] + w[F_UNIT]
        f = any_row(pl)
        return f + w[F_TROPHY] * T.params[P.HOPLITE_TROPHIES] + w[F_HOPLITE]
    f = w[F_OSTRACISM] * ostracism_change(s, T.params, seat, -1)
    f += w[F_RIVALS]
    if unit == O.WORKER:
        f += w[F_SILVER] * T.params[P.RECALL_WORKER_SILVER]
    elif unit == O.SHIP:
        f += w[F_MISSION] * T.params[P.RECALL_SHIP_MISSIONS]
    elif unit == O.HOPLITE:
        f += w[F_GLORY] * T.params[P.RECALL_HOPLITE_GLORY]
    return f


@kernel
def unit_value(s, T, w, seat, pl):
    """Best score of Activate a Unit, or NO_ACTION when it cannot be taken."""
    best = NO_ACTION
    for u in range(L.N_UNIT_TYPES):
        if s[L.UNITS_PORT + seat * L.N_UNIT_TYPES + u] == 0 or not V.column_has_amphora(s, T.board[12 + u]):
            continue
        if ((u == O.WORKER and s[L.ACTIVE_CITY] >= 0) or (u == O.SHIP and free_waypost(s, T) >= 0)
                or (u == O.HOPLITE
                    and (free_hoplite_space(s, T, 0) >= 0 or free_hoplite_space(s, T, 1) >= 0))):
            best = max(best, unit_option(s, T, w, seat, pl, 0, u, 0))
    units_out = 0
    for u in range(L.N_UNIT_TYPES):
        if s[L.UNITS_CAMP + seat * L.N_UNIT_TYPES + u] > 0:
            best = max(best, unit_option(s, T, w, seat, pl, 1, u, 0))
            units_out += 1
    if units_out == 0 and s[L.DIPS_CAMP + seat] > 0:
        best = max(best, unit_option(s, T, w, seat, pl, 1, L.N_UNIT_TYPES, 0))
    return best


@inline_kernel
def market_column(s, T, w, seat, pl, column):
    """Filling one Market column: each empty space pays its row's reward (p. 11)."""
    f = 0.0
    reserve = s[L.RESERVE_AMPHORAS]
    for row in range(3):
        if s[L.MARKET + row * 3 + column] == 1 or reserve == 0:
            continue
        reserve -= 1
        if row == 0:
            f += w[F_AMPHORA] * T.params[P.MARKET_TOP_AMPHORA]
        elif row == 1:
            f += T.params[P.MARKET_MIDDLE_UNIVERSAL] * best_row(pl)
        else:
            f += w[F_SILVER] * T.params[P.MARKET_BOTTOM_SILVER]
    return f


@kernel
def market_value(s, T, w, seat, pl):
    best = NO_ACTION
    if s[L.RESERVE_AMPHORAS] == 0:
        return best
    for column in range(3):
        if s[L.MARKET + column] + s[L.MARKET + 3 + column] + s[L.MARKET + 6 + column] < 3:
            best = max(best, market_column(s, T, w, seat, pl, column))
    return best


@inline_kernel
def athena_slot(s, T, w, seat, pl, slot):
    """Sending the offer card of ``slot``: its rewards, and an own Diplomat on its printed
    Glory (or 3 Glory with an empty Stoa) (p. 11)."""
    card = s[L.ATHENA_OFFER + slot]
    f = effect(s, T, w, seat, pl, T.athena[card, 2])
    if s[L.DIPS_STOA + seat] > 0:
        return f + w[F_TRACK] * T.athena[card, 1]
    return f + w[F_GLORY] * T.params[P.EMPTY_STOA_GLORY]


@kernel
def athena_value(s, T, w, seat, pl):
    best = NO_ACTION
    if free_diplomacy_space(s, T) < 0:
        return best
    for slot in range(T.params[P.ATHENA_OFFER_SIZE]):
        if s[L.ATHENA_OFFER + slot] >= 0 and V.column_has_amphora(s, T.offer_columns[slot]):
            best = max(best, athena_slot(s, T, w, seat, pl, slot))
    return best


@kernel
def build_value(s, T, w, seat):
    found, cost = cost_choice(s, T, w, seat)
    if not found:
        return NO_ACTION
    buildable, best = best_build_row(s, T, w, seat)
    return best + cost if buildable else NO_ACTION


@inline_kernel
def house_track(s, T, w, seat, pl, track):
    """Activate Your House on the Unit track (0) or the Household (1): every payable space,
    the pieces made ready, and a City-state move (p. 13)."""
    f = w[F_CITY]
    # the two tracks are record fields of different shapes, so pick an element, not an array
    n = T.unit_track.shape[0] if track == 0 else T.household.shape[0]
    for k in range(n):
        f += effect(s, T, w, seat, pl, T.unit_track[k] if track == 0 else T.household[k])
    ready = units_home(s, seat) if track == 0 else s[L.DIPS_HOME + seat]
    return f + w[F_READY] * ready


@kernel
def house_tracks(s, T, w, seat, pl):
    """Activate Your House's two tracks (``house_track``); the action's value is the better."""
    return house_track(s, T, w, seat, pl, 0), house_track(s, T, w, seat, pl, 1)


@inline_kernel
def day_payment(s, T, w, seat, cost, goods):
    """Paying the Day ``cost`` with ``goods`` of the Role's resource and Silver for the rest."""
    resource = T.roles[s[L.ROLE + seat], 0]
    f = w[F_SILVER] * (-T.params[P.DAY_SILVER_PER_GOOD] * (cost - goods))
    if resource == O.RES_TROPHY:
        return f + w[F_TROPHY] * -goods
    if resource == O.RES_AMPHORA:
        return f + w[F_AMPHORA] * -goods
    return f + w[F_ATHENA] * -goods


@kernel
def day_choice(s, T, w, seat, pl):
    """(can pay, features of the Day side with its cheapest payment): a placement on each
    row and a City-state move (p. 13)."""
    cost = day_cost(s, T, seat)
    have = goods_held(s, seat, T.roles[s[L.ROLE + seat], 0])
    per = T.params[P.DAY_SILVER_PER_GOOD]
    found = False
    best = 0.0
    for goods in range(min(cost, have), -1, -1):
        if per * (cost - goods) <= s[L.SILVER + seat]:
            f = day_payment(s, T, w, seat, cost, goods)
            if not found or f > best:
                best = f
                found = True
    if not found:
        return False, best
    for row in range(3):
        best += pl[row]
    return True, best + w[F_CITY]


@kernel
def night_side(s, T, w, seat, pl):
    """The Night side: the Corruption offer, Rival reveals, an own Unit ostracized for two
    Universal placements and a Mission (p. 13)."""
    f = w[F_SILVER] * s[L.CORRUPTION]
    f += w[F_RIVALS] * T.params[P.NIGHT_RIVAL_REVEALS]
    f += w[F_NIGHT] * (1 - s[L.NIGHT + seat])
    if units_home(s, seat) + s[L.UNITS_PORT + seat * 3] + s[L.UNITS_PORT + seat * 3 + 1] \
            + s[L.UNITS_PORT + seat * 3 + 2] > 0:
        f += w[F_OSTRACISM] * ostracism_change(s, T.params, seat, 1)
        f += T.params[P.NIGHT_PLACEMENTS] * best_row(pl)
        f += w[F_MISSION] * T.params[P.NIGHT_MISSIONS]
    return f


@kernel
def role_value(s, T, w, seat, pl):
    best = NO_ACTION
    if s[L.NIGHT + seat] == 0:
        ok, f = day_choice(s, T, w, seat, pl)
        if ok:
            best = f
    if s[L.DEMAGOGUE] < 0:
        best = max(best, night_side(s, T, w, seat, pl))
    return best


@compiled_in_caller
def action_value(s, T, w, seat, pl, action):
    """Score of a Main Action's best option, NO_ACTION when it is not legal now; Activate
    Your House is valued by its tracks (``action_values``)."""
    if action == O.ACT_UNIT:
        return unit_value(s, T, w, seat, pl)
    if action == O.ACT_MARKET:
        return market_value(s, T, w, seat, pl)
    if action == O.ACT_ATHENA:
        return athena_value(s, T, w, seat, pl)
    if action == O.ACT_BUILD:
        return build_value(s, T, w, seat)
    return role_value(s, T, w, seat, pl)


@kernel
def wanted_actions(T, opts, n, kind):
    """Bit mask of the Main Actions the options of a placing or Main Action decision read:
    a space's row and column actions (p. 9), or an option's first and second action."""
    mask = 0
    for k in range(n):
        if kind == D_PLACE:
            space = opts[k, 0]
            mask |= (1 << T.board[6 + space // 3]) | (1 << T.board[9 + space % 3])
        else:
            mask |= 1 << opts[k, 0]
            if opts[k, 1] >= 0:
                mask |= 1 << opts[k, 1]
    return mask


@inline_kernel
def wanted_value(s, T, w, seat, pl, action, mask):
    """``action_value`` when ``action`` is in ``mask``, else NO_ACTION (never read)."""
    if (mask >> action) & 1:
        return action_value(s, T, w, seat, pl, action)
    return NO_ACTION


@compiled_in_caller
def action_values(s, T, w, seat, pl, mask):
    """(the scores of the Main Actions in ``mask``, the House tracks' scores when Activate
    Your House is one of them), computed once per decision; the others stay NO_ACTION,
    since no option of the decision reads them."""
    tracks = NO_TRACKS
    if (mask >> O.ACT_HOUSE) & 1:
        tracks = house_tracks(s, T, w, seat, pl)
    acts = (wanted_value(s, T, w, seat, pl, 0, mask), wanted_value(s, T, w, seat, pl, 1, mask),
            wanted_value(s, T, w, seat, pl, 2, mask), wanted_value(s, T, w, seat, pl, 3, mask),
            max(tracks[0], tracks[1]), wanted_value(s, T, w, seat, pl, 5, mask))
    return acts, tracks


# ---- placing a Citizen (pp. 9, 16) -------------------------------------------------------


@inline_kernel
def line_strength(s, seat, row, column):
    """Citizen strength of a seat in an Agora row (column -1) or column (row -1)."""
    total = 0
    for k in range(3):
        space = row * 3 + k if column < 0 else k * 3 + column
        total += s[L.AGORA_CITIZEN + space * L.MAX_SEATS + seat]
    return total


@inline_kernel
def office_share(s, T, seat, mine, best_other, office):
    """Glory-equivalent an Office pays ``seat`` holding ``mine`` against ``best_other`` (p. 16)."""
    if mine == 0 or mine < best_other:
        return 0.0
    tie = mine == best_other
    if office <= O.STRATEGOS:
        if tie:
            return float(T.params[P.STRATEGOS_TIE_GLORY]) if office == O.STRATEGOS else 1.0
        unit = office - O.TAMIAS  # Tamias: Worker, Trierarch: Ship, Strategos: Hoplite
        if s[L.UNITS_CAMP + seat * L.N_UNIT_TYPES + unit] > 0:
            return ostracism_change(s, T.params, seat, -1)
        return float(T.params[P.TAMIAS_GLORY + 2 * (office - O.TAMIAS)])
    return 1.0 if tie else 2.0


@inline_kernel
def line_gain(s, T, seat, row, column):
    """How much more the Office of one Agora row (column -1) or column (row -1) pays once
    a Small, or a Large, Citizen of ``seat`` joins it."""
    office = T.board[row] if column < 0 else T.board[3 + column]
    mine = line_strength(s, seat, row, column)
    other = 0
    for o in range(s[L.N_SEATS]):
        if o != seat:
            other = max(other, line_strength(s, o, row, column))
    now = office_share(s, T, seat, mine, other, office)
    return (office_share(s, T, seat, mine + SMALL, other, office) - now,
            office_share(s, T, seat, mine + LARGE, other, office) - now)


@kernel
def line_gains(s, T, seat):
    """``line_gain`` of the three rows, then the three columns, Small then Large: the
    options of a placing decision share them, so it computes them once."""
    r0 = line_gain(s, T, seat, 0, -1)
    r1 = line_gain(s, T, seat, 1, -1)
    r2 = line_gain(s, T, seat, 2, -1)
    c0 = line_gain(s, T, seat, -1, 0)
    c1 = line_gain(s, T, seat, -1, 1)
    c2 = line_gain(s, T, seat, -1, 2)
    return (r0[0], r0[1], r1[0], r1[1], r2[0], r2[1], c0[0], c0[1], c1[0], c1[1], c2[0], c2[1])


@inline_kernel
def end_risk(s):
    """How close the game's end is, 0..1, for the unused-Citizen Glory a placement risks."""
    return max(0.0, 1.0 - V.pieces_left(s) / END_HORIZON)


@inline_kernel
def tile_score(s, T, w, seat, pl, space):
    """(``space`` holds a City-state tile, its action lets a Small Citizen take both Main
    Actions, the action's features net of that): one space's Small and Large options
    share it."""
    tile = s[L.AGORA_TILE + space]
    if tile < 0:
        return NO_TILE
    upgrade = has_upgrade(T, T.city_states[tile, 2])
    return True, upgrade, max(0.0, effect(s, T, w, seat, pl, T.city_states[tile, 2]) - w[F_ACTIONS] * upgrade)


@inline_kernel
def place_score(s, T, w, space, size, acts, gains, risk, tile):
    """A Citizen on ``space``: Offices, the tile's action (``tile_score``), the Main
    Action(s) it takes and the unused-Citizen Glory it gives up if the game ends this round."""
    large = 1 if size == LARGE else 0
    gain = 0.0
    gain += gains[2 * (space // 3) + large]
    gain += gains[2 * (3 + space % 3) + large]
    total = w[F_OFFICE] * gain
    citizen = T.params[P.UNUSED_LARGE_GLORY] if size == LARGE else T.params[P.UNUSED_SMALL_GLORY]
    total -= w[F_CITIZENS] * citizen * risk
    both = size == LARGE
    tiled, upgrade, action = tile
    if tiled:
        both = both or upgrade
        total += action
    a = acts[T.board[6 + space // 3]]
    b = acts[T.board[9 + space % 3]]
    if both:
        total += max(a, 0.0) + max(b, 0.0)
    elif max(a, b) > NO_ACTION:
        total += max(a, b)
    return total


# ---- one option of any decision ------------------------------------------------------------


@kernel
def skill_power(s, T, w, seat, pl, k):
    """Features of a Skill's power over the rest of the game (p. 19)."""
    trigger = T.skills[k, 0]
    if trigger == O.TRIG_NONE:
        return 0.0
    if trigger == O.TRIG_DAY_DISCOUNT:
        return w[F_SILVER] * (2.0 * T.params[P.DAY_SILVER_PER_GOOD] * T.skills[k, 1])
    if trigger == O.TRIG_BUILDER_BONUS:
        return w[F_GLORY] * (3.0 * T.skills[k, 1])
    return SKILL_FIRES[trigger] * effect(s, T, w, seat, pl, T.skills[k, 1])


@compiled_in_caller
def option_value(s, T, w, pl, opts, k, seat, kind):
    """Score of option ``k`` of a decision other than placing and Main Actions."""
    a = opts[k, 0]
    b = opts[k, 1]
    if kind == D_SPACE_ACTION:
        if a == 1:
            side = opts[k, 2]
            f = effect(s, T, w, seat, pl, T.missions[b, 3 * side + 2])
            if T.missions[b, 3 * side] == O.COND_LARGE_TO_SMALL:
                f += w[F_ACTIONS] * -1.0
            return f
        if a == 2:
            return effect(s, T, w, seat, pl, T.city_states[b, 2])
        return 0.0
    if kind == D_ACTIVATE_UNIT:
        return unit_option(s, T, w, seat, pl, a, b, opts[k, 2])
    if kind == D_MARKET_COLUMN:
        return market_column(s, T, w, seat, pl, a)
    if kind == D_ATHENA_OFFER:
        return athena_slot(s, T, w, seat, pl, a)
    if kind == D_BUILD_COST:
        return build_cost(s, T, w, seat, a, b, opts[k, 2], opts[k, 3],
                          V.set_progress(s, T.params, seat, 0, 0, 0, 0))
    if kind == D_BUILD_PIECE:
        return build_row(s, T, w, seat, a, skill_modifier(s, T, seat, O.TRIG_BUILDER_BONUS),
                         V.pieces_left(s) == 1)
    if kind == D_HOUSE_TRACK:
        return house_track(s, T, w, seat, pl, a)
    if kind == D_ROLE_SIDE:
        if a == 1:
            return night_side(s, T, w, seat, pl)
        return day_choice(s, T, w, seat, pl)[1]
    if kind == D_DAY_PAYMENT:
        return day_payment(s, T, w, seat, day_cost(s, T, seat), a)
    if kind == D_PLACEMENT_ROW:
        return pl[a]
    if kind == D_COMPENSATION_GOOD:
        return good_features(s, T.params, w, seat, a, 1, 0.0)
    if kind == D_DISCARD_ATHENA:
        prm = T.params
        change = V.set_progress(s, prm, seat, 0, 0, -1, a) - V.set_progress(s, prm, seat, 0, 0, 0, 0)
        return -w[F_ATHENA] + w[F_SETS] * change
    if kind == D_SELL_MISSION:
        if a < 0:
            return 0.0
        f = w[F_SILVER] * T.params[P.MISSION_SALE_SILVER]
        return (f + w[F_MISSION] * -1.0) + w[F_NIGHT] * -s[L.NIGHT + seat]
    if kind == D_OSTRACIZE_UNIT:
        return w[F_HOPLITE if a == O.HOPLITE else F_UNIT] * -1.0
    if kind == D_DEFEND:
        if a < 0:
            return 0.0
        mine = 0.0
        for slot in range(3):
            if s[L.PROGRESS + a * 3 + slot] == seat:
                mine += slot_glory(T.params, slot) - compensation_glory(s, T.params, seat)
        for d in range(T.params[P.DIPLOMACY_SPACES]):
            card = s[L.DIPLO_CARD + d]
            if card >= 0 and s[L.DIPLO_OWNER + d] == seat and T.athena[card, 0] == a:
                mine += T.athena[card, 1] - compensation_glory(s, T.params, seat)
        return w[F_GLORY] * mine
    if kind == D_ECONOMY_COMPLETION:
        if a == 1:
            return w[F_READY] * units_home(s, seat)
        if a == 2:
            return w[F_READY] * s[L.DIPS_HOME + seat]
        return 0.0
    if kind == D_CULTURE_COMPLETION:
        if a < 0:
            return w[F_GLORY] * T.params[P.CULTURE_COMPLETION_GLORY]
        return w[F_ACTIONS] * 1.0
    if kind == D_OFFICE_REWARD:
        if a == 1:
            return w[F_OSTRACISM] * ostracism_change(s, T.params, seat, -1)
        return w[F_GLORY] * T.params[P.TAMIAS_GLORY]
    if kind == D_KEEP_MISSION:
        best = effect(s, T, w, seat, pl, T.missions[a, 2])
        other = effect(s, T, w, seat, pl, T.missions[a, 5])
        if other > best:
            best = other
        return w[F_MISSION] + 0.5 * best  # either side may come true
    if kind == D_DRAFT_ROLE:
        f = effect(s, T, w, seat, pl, T.roles[a, 16])
        camp = T.roles[a, 6] + T.roles[a, 13] + T.roles[a, 14] + T.roles[a, 15]
        f += w[F_OSTRACISM] * (-camp * camp)
        return f + w[F_READY] * (T.roles[a, 5] + T.roles[a, 10] + T.roles[a, 11] + T.roles[a, 12])
    if kind == D_STARTING_SKILL or kind == D_KEEP_SKILL:
        return skill_power(s, T, w, seat, pl, a) + w[F_GLORY] * T.skills[a, 2]
    if kind == D_TUCK_SKILL:
        return -skill_power(s, T, w, seat, pl, a)  # a tucked Skill still scores
    return 0.0  # D_INTEGRATE_SPACE, D_UNIVERSAL_ROW, D_UNIVERSAL_HALF: no preference


@compiled_in_caller
def option_score(s, T, w, pl, opts, k, seat, kind, acts):
    """Score of option ``k`` of a decision other than placing a Citizen."""
    if kind == D_MAIN_ACTIONS:
        first = opts[k, 0]
        second = opts[k, 1]
        total = max(acts[first], 0.0)
        if second >= 0:
            total += max(acts[second], 0.0)
            # gather before spending: the first action's goods can pay for the second
            if first == O.ACT_UNIT or first == O.ACT_MARKET or first == O.ACT_HOUSE:
                total += 0.01
        return total
    return option_value(s, T, w, pl, opts, k, seat, kind)


@inline_kernel
def reads_placements(kind):
    """Some option of a ``kind`` decision may read the rows' placement scores."""
    return (kind == D_PLACE or kind == D_MAIN_ACTIONS or kind == D_SPACE_ACTION
            or kind == D_ACTIVATE_UNIT or kind == D_MARKET_COLUMN or kind == D_ATHENA_OFFER
            or kind == D_HOUSE_TRACK or kind == D_ROLE_SIDE or kind == D_PLACEMENT_ROW
            or kind == D_KEEP_MISSION or kind == D_DRAFT_ROLE or kind == D_STARTING_SKILL
            or kind == D_KEEP_SKILL or kind == D_TUCK_SKILL)


@inline_kernel
def expect_next(s, opts, pick, kind):
    """Tell the memo which decision of the turn may take it next, now that option ``pick``
    of a ``kind`` decision is taken (strategies.pericles.memo)."""
    if kind == D_PLACE:
        M.expect_turn(s)
    elif kind == D_SPACE_ACTION and opts[pick, 0] != 0:
        M.forget(s)  # the space action changes the state
    elif kind == D_MAIN_ACTIONS:
        M.expect_house(s, opts[pick, 0])


@compiled_in_caller  # into its one caller, policy.choose, itself compiled into the entry
def heuristic_choose(s, T, w, opts, n, seat, kind, rng):
    """Index of the best-scoring option; ties go to the seat's random stream. With a
    temperature, each score gets that many Gumbel draws first (a softmax choice)."""
    mask = 0  # the Main Actions whose values the options read
    if kind == D_PLACE or kind == D_MAIN_ACTIONS:
        mask = wanted_actions(T, opts, n, kind)
    elif kind == D_HOUSE_TRACK:
        mask = 1 << O.ACT_HOUSE
    kept = M.holds(s, seat, kind, mask)
    pl = NO_PLACEMENTS
    acts = NO_ACTIONS
    tracks = NO_TRACKS
    if kept:
        pl, acts, tracks = M.values(s)
    else:
        if reads_placements(kind):
            pl = placements(s, T, w, seat)
        if kind == D_PLACE or kind == D_MAIN_ACTIONS:
            acts, tracks = action_values(s, T, w, seat, pl, mask)
            M.keep(s, seat, mask, pl, acts, tracks)
    gains = NO_GAINS
    risk = 0.0
    if kind == D_PLACE:
        gains = line_gains(s, T, seat)
        risk = end_risk(s)
    best = NO_ACTION
    pick = 0
    ties = 0
    tile_space = -1
    tile = NO_TILE
    for k in range(n):
        if kind == D_PLACE:
            space = opts[k, 0]
            if space != tile_space:  # the options list a space's Small and Large together
                tile_space = space
                tile = tile_score(s, T, w, seat, pl, space)
            v = place_score(s, T, w, space, opts[k, 1], acts, gains, risk, tile)
        elif kind == D_HOUSE_TRACK and kept:
            v = tracks[opts[k, 0]]
        else:
            v = option_score(s, T, w, pl, opts, k, seat, kind, acts)
        if v > best + EPS:
            best = v
            pick = k
            ties = 1
        elif v >= best - EPS:
            ties += 1
            if below(rng, STREAM_BOT + seat, ties) == 0:
                pick = k
    expect_next(s, opts, pick, kind)
    return pick
