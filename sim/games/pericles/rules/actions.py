"""The six Main Actions (pp. 10-13): each has a legality test and a resolver."""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.decisions import (
    D_ACTIVATE_UNIT,
    D_ATHENA_OFFER,
    D_BUILD_COST,
    D_DAY_PAYMENT,
    D_HOUSE_TRACK,
    D_MARKET_COLUMN,
    D_ROLE_SIDE,
    D_SELL_MISSION,
)
from sim.games.pericles.events import (
    EV_ACTIVATE_HOUSE,
    EV_FILL_MARKET,
    EV_RECALL,
    EV_ROLE,
    EV_SELL_MISSION,
    EV_SEND_ATHENA,
    EV_SEND_UNIT,
)
from sim.games.pericles.rules.board import advance_rivals, queue_city_moves
from sim.games.pericles.rules.build import build_and_score, piece_options
from sim.games.pericles.rules.core import (
    add_corruption,
    add_glory,
    decide,
    discard_athena_icon,
    discard_mission,
    emit,
    gain_amphoras,
    gain_athena,
    gain_missions,
    gain_silver,
    gain_trophies,
    hand_size,
    pay_amphoras,
    pay_silver,
    pay_trophies,
)
from sim.games.pericles.rules.effects import discard_athena_choice, run_effect
from sim.games.pericles.rules.flow import settle
from sim.games.pericles.rules.missions import mission_fulfilled
from sim.games.pericles.rules.pieces import (
    all_diplomats_to_stoa,
    all_units_to_port,
    bring_home_from_camp,
    ostracize_unit,
    unit_home,
)
from sim.games.pericles.rules.progress import athena_reveal, place_on_row
from sim.games.pericles.rules.skills import fire_skills, gain_skill_from_build, skill_modifier
from sim.jit import compiled_in_caller, kernel

# ---- Activate a Unit (p. 10) ----


@kernel
def top_amphora(s, column):
    """Market row of the topmost Amphora in a column, or -1 when it is empty."""
    for row in range(3):
        if s[L.MARKET + row * 3 + column] == 1:
            return row
    return -1


@kernel
def bottom_amphora(s, column):
    for row in range(2, -1, -1):
        if s[L.MARKET + row * 3 + column] == 1:
            return row
    return -1


@kernel
def free_waypost(s, T):
    """The leftmost Waypost without a Ship, or -1 (p. 10)."""
    for w in range(T.wayposts.shape[0]):
        if s[L.WAYPOST_SHIP + T.wayposts[w]] < 0:
            return T.wayposts[w]
    return -1


@kernel
def free_hoplite_space(s, T, track):
    for k in range(T.params[P.HOPLITE_SPACES]):
        if s[L.BATTLE_HOPLITE + track * L.MAX_HOPLITE_SPACES + k] < 0:
            return k
    return -1


@kernel
def unit_options(s, T, seat, opts):
    """Sends (0, unit, target) and Recalls (1, unit or 3 for a Diplomat, 0)."""
    n = 0
    for u in range(L.N_UNIT_TYPES):
        if s[L.UNITS_PORT + seat * L.N_UNIT_TYPES + u] == 0 or top_amphora(s, T.board[12 + u]) < 0:
            continue
        if u == O.WORKER and s[L.ACTIVE_CITY] >= 0:
            opts[n, 0], opts[n, 1], opts[n, 2] = 0, u, 0
            n += 1
        elif u == O.SHIP and free_waypost(s, T) >= 0:
            opts[n, 0], opts[n, 1], opts[n, 2] = 0, u, free_waypost(s, T)
            n += 1
        elif u == O.HOPLITE:
            for track in range(2):
                if free_hoplite_space(s, T, track) >= 0:
                    opts[n, 0], opts[n, 1], opts[n, 2] = 0, u, track
                    n += 1
    units_out = 0
    for u in range(L.N_UNIT_TYPES):
        if s[L.UNITS_CAMP + seat * L.N_UNIT_TYPES + u] > 0:
            opts[n, 0], opts[n, 1], opts[n, 2] = 1, u, 0
            n += 1
            units_out += 1
    if units_out == 0 and s[L.DIPS_CAMP + seat] > 0:
        opts[n, 0], opts[n, 1], opts[n, 2] = 1, L.N_UNIT_TYPES, 0
        n += 1
    return n


@kernel
def send_unit(s, T, W, opts, seat, unit, target, rng, ev):
    column = T.board[12 + unit]
    s[L.MARKET + top_amphora(s, column) * 3 + column] = 0
    s[L.RESERVE_AMPHORAS] += 1
    s[L.UNITS_PORT + seat * L.N_UNIT_TYPES + unit] -= 1
    emit(s, ev, seat, EV_SEND_UNIT, unit, target, 0)
    if unit == O.WORKER:
        previous = s[L.ACTIVE_WORKER]
        s[L.ACTIVE_WORKER] = seat
        if previous >= 0:
            unit_home(s, T, previous, O.WORKER)
        place_on_row(s, T, W, opts, seat, T.city_states[s[L.ACTIVE_CITY], 1], rng, ev)
        gain_athena(s, T, seat, 1, rng)
        fire_skills(s, T, seat, O.TRIG_SEND_WORKER, rng)
    elif unit == O.SHIP:
        s[L.WAYPOST_SHIP + target] = seat
        place_on_row(s, T, W, opts, seat, O.UNIVERSAL, rng, ev)
        gain_silver(s, seat, T.params[P.SHIP_SILVER])
        fire_skills(s, T, seat, O.TRIG_SEND_SHIP, rng)
    else:
        s[L.BATTLE_HOPLITE + target * L.MAX_HOPLITE_SPACES + free_hoplite_space(s, T, target)] = seat
        gain_trophies(s, seat, T.params[P.HOPLITE_TROPHIES])
        athena_reveal(s, T, W, opts, seat, rng, ev)
        fire_skills(s, T, seat, O.TRIG_SEND_HOPLITE, rng)


@kernel
def recall(s, T, W, opts, seat, piece, rng, ev):
    """Bring one ostracized piece home for its reward, maybe sell Missions, then advance
    the Rivals (p. 10)."""
    emit(s, ev, seat, EV_RECALL, piece, 0, 0)
    bring_home_from_camp(s, T, seat, piece)
    if piece == O.WORKER:
        gain_silver(s, seat, T.params[P.RECALL_WORKER_SILVER])
    elif piece == O.SHIP:
        gain_missions(s, T, seat, T.params[P.RECALL_SHIP_MISSIONS], rng)
    elif piece == O.HOPLITE:
        add_glory(s, seat, T.params[P.RECALL_HOPLITE_GLORY], L.SRC_EFFECTS)
    if piece < L.N_UNIT_TYPES:
        sold = 0
        for _ in range(T.params[P.MISSION_SALES_MAX]):
            n = 0
            for m in range(T.missions.shape[0]):
                if s[L.MISSION_LOC + m] == seat and not mission_fulfilled(s, T, seat, m):
                    opts[n, 0] = m
                    n += 1
            if n == 0:
                break
            opts[n, 0] = -1
            n += 1
            m = opts[decide(s, T, W, opts, n, seat, D_SELL_MISSION, rng), 0]
            if m < 0:
                break
            discard_mission(s, seat, m)
            gain_silver(s, seat, T.params[P.MISSION_SALE_SILVER])
            emit(s, ev, seat, EV_SELL_MISSION, m, 0, 0)
            sold += 1
        if sold > 0:
            s[L.NIGHT + seat] = 0
            if s[L.CORRUPT] == seat:
                s[L.CORRUPT] = -1
    fire_skills(s, T, seat, O.TRIG_RECALL, rng)
    advance_rivals(s, T, 1, True, rng, ev)
    settle(s, T, W, opts, rng, ev)


@kernel
def activate_unit(s, T, W, opts, seat, rng, ev):
    n = unit_options(s, T, seat, opts)
    k = decide(s, T, W, opts, n, seat, D_ACTIVATE_UNIT, rng)
    kind, unit, target = opts[k, 0], opts[k, 1], opts[k, 2]
    if kind == 0:
        send_unit(s, T, W, opts, seat, unit, target, rng, ev)
    else:
        recall(s, T, W, opts, seat, unit, rng, ev)


# ---- Fill the Market (p. 11) ----


@kernel
def market_options(s, opts):
    n = 0
    if s[L.RESERVE_AMPHORAS] == 0:
        return 0
    for column in range(3):
        for row in range(3):
            if s[L.MARKET + row * 3 + column] == 0:
                opts[n, 0] = column
                n += 1
                break
    return n


@kernel
def fill_market(s, T, W, opts, seat, rng, ev):
    """Fill one column top to bottom from the Reserve; each space pays its row's reward."""
    n = market_options(s, opts)
    column = opts[decide(s, T, W, opts, n, seat, D_MARKET_COLUMN, rng), 0]
    filled = 0
    for row in range(3):
        if s[L.MARKET + row * 3 + column] == 1 or s[L.RESERVE_AMPHORAS] == 0:
            continue
        s[L.MARKET + row * 3 + column] = 1
        s[L.RESERVE_AMPHORAS] -= 1
        filled += 1
        if row == 0:
            gain_amphoras(s, seat, T.params[P.MARKET_TOP_AMPHORA])
            add_corruption(s, T.params[P.MARKET_TOP_CORRUPTION])
        elif row == 1:
            for _ in range(T.params[P.MARKET_MIDDLE_UNIVERSAL]):
                place_on_row(s, T, W, opts, seat, O.UNIVERSAL, rng, ev)
        else:
            gain_silver(s, seat, T.params[P.MARKET_BOTTOM_SILVER])
            add_corruption(s, T.params[P.MARKET_BOTTOM_CORRUPTION])
    emit(s, ev, seat, EV_FILL_MARKET, column, filled, 0)
    fire_skills(s, T, seat, O.TRIG_FILL_MARKET, rng)


# ---- Send an Athena Card (p. 11) ----


@kernel
def free_diplomacy_space(s, T):
    """Leftmost Diplomacy-track space with no card and no travelling City-state."""
    for d in range(T.params[P.DIPLOMACY_SPACES]):
        if s[L.DIPLO_CARD + d] < 0 and not (s[L.ACTIVE_CITY] >= 0 and s[L.ACTIVE_CITY_POS] == d):
            return d
    return -1


@kernel
def athena_options(s, T, opts):
    if free_diplomacy_space(s, T) < 0:
        return 0
    n = 0
    for k in range(T.params[P.ATHENA_OFFER_SIZE]):
        if s[L.ATHENA_OFFER + k] >= 0 and bottom_amphora(s, T.offer_columns[k]) >= 0:
            opts[n, 0] = k
            n += 1
    return n


@kernel
def send_athena(s, T, W, opts, seat, rng, ev):
    n = athena_options(s, T, opts)
    slot = opts[decide(s, T, W, opts, n, seat, D_ATHENA_OFFER, rng), 0]
    column = T.offer_columns[slot]
    s[L.MARKET + bottom_amphora(s, column) * 3 + column] = 0
    s[L.RESERVE_AMPHORAS] += 1
    card = s[L.ATHENA_OFFER + slot]
    s[L.ATHENA_OFFER + slot] = -1
    space = free_diplomacy_space(s, T)
    s[L.DIPLO_CARD + space] = card
    s[L.ATHENA_LOC + card] = L.LOC_TRACK
    emit(s, ev, seat, EV_SEND_ATHENA, card, space, 0)
    run_effect(s, T, W, opts, seat, T.athena[card, 2], L.SRC_EFFECTS, rng, ev)
    if s[L.DIPS_STOA + seat] > 0:
        s[L.DIPS_STOA + seat] -= 1
        s[L.DIPLO_OWNER + space] = seat
    else:
        add_glory(s, seat, T.params[P.EMPTY_STOA_GLORY], L.SRC_EFFECTS)
    fire_skills(s, T, seat, O.TRIG_SEND_ATHENA, rng)


# ---- Build the Parthenon (p. 12) ----


@kernel
def cost_options(s, T, seat, opts):
    """Complete costs the seat can pay (p. 12), as (kind, Military, Economy, Culture cards
    paid; the rest of a card cost in Universal): every held card set of one icon or of
    different icons, a Universal card standing for any one icon (p. 24), then 3 Amphoras
    and 3 Trophies."""
    n = 0
    need = T.params[P.BUILD_COST]
    for m in range(need + 1):
        for e in range(need + 1 - m):
            for c in range(need + 1 - m - e):
                kind = card_cost_kind(s, seat, need, m, e, c)
                if kind >= 0:
                    opts[n, 0], opts[n, 1], opts[n, 2], opts[n, 3] = kind, m, e, c
                    n += 1
    if s[L.AMPHORAS + seat] >= need:
        opts[n, 0], opts[n, 1], opts[n, 2], opts[n, 3] = 2, 0, 0, 0
        n += 1
    if s[L.TROPHIES + seat] >= need:
        opts[n, 0], opts[n, 1], opts[n, 2], opts[n, 3] = 3, 0, 0, 0
        n += 1
    return n


@kernel
def can_build(s, T, seat, opts):
    return piece_options(s, opts, True) > 0 and cost_options(s, T, seat, opts) > 0


@kernel
def build(s, T, W, opts, seat, rng, ev):
    n = cost_options(s, T, seat, opts)
    k = decide(s, T, W, opts, n, seat, D_BUILD_COST, rng)
    kind = opts[k, 0]
    need = T.params[P.BUILD_COST]
    if kind <= 1:
        paid = 0
        for icon in (O.MILITARY, O.ECONOMY, O.CULTURE):
            for _ in range(opts[k, 1 + icon]):
                discard_athena_icon(s, T, seat, icon)
            paid += opts[k, 1 + icon]
        for _ in range(need - paid):
            discard_athena_icon(s, T, seat, O.UNIVERSAL)
    elif kind == 2:
        pay_amphoras(s, seat, need)
    else:
        pay_trophies(s, seat, need)
    raised = build_and_score(s, T, W, opts, seat, kind, rng, ev)
    settle(s, T, W, opts, rng, ev)  # a completion applies now, then Skills are drawn (p. 12)
    if s[L.GAME_OVER] == 1:
        return
    gain_skill_from_build(s, T, W, opts, seat, raised, rng, ev)
    fire_skills(s, T, seat, O.TRIG_BUILD, rng)


# ---- Activate Your House (p. 13) ----


@kernel
def activate_house(s, T, W, opts, seat, rng, ev):
    """Resolve every space of the Unit track or Household left to right (paying each cost
    or skipping it), send those pieces out, then move a City-state."""
    for k in range(2):
        opts[k, 0] = k
    track = opts[decide(s, T, W, opts, 2, seat, D_HOUSE_TRACK, rng), 0]
    emit(s, ev, seat, EV_ACTIVATE_HOUSE, track, 0, 0)
    # the two tracks are record fields of different shapes, so pick an element, not an array
    n = T.unit_track.shape[0] if track == 0 else T.household.shape[0]
    for k in range(n):
        if s[L.GAME_OVER] == 1:
            return
        row = T.unit_track[k] if track == 0 else T.household[k]
        run_effect(s, T, W, opts, seat, row, L.SRC_EFFECTS, rng, ev)
    if track == 0:
        all_units_to_port(s, seat)
    else:
        all_diplomats_to_stoa(s, seat)
    queue_city_moves(s, seat, 1)


# ---- Use Your Role Tile (p. 13) ----


@kernel
def day_payment_options(s, T, seat, opts):
    """Ways to pay the Day cost: g goods and 2 Silver for each good not spent."""
    cost = day_cost(s, T, seat)
    have = goods_held(s, seat, T.roles[s[L.ROLE + seat], 0])
    per = T.params[P.DAY_SILVER_PER_GOOD]
    n = 0
    for goods in range(min(cost, have), -1, -1):
        if per * (cost - goods) <= s[L.SILVER + seat]:
            opts[n, 0] = goods
            n += 1
    return n


@kernel
def role_options(s, T, seat, opts):
    """Day (while on the Day side and payable) and Night (never with the Demagogue)."""
    n = 0
    day_ok = s[L.NIGHT + seat] == 0 and day_payment_options(s, T, seat, opts) > 0
    night_ok = s[L.DEMAGOGUE] < 0
    if day_ok:
        opts[n, 0] = 0
        n += 1
    if night_ok:
        opts[n, 0] = 1
        n += 1
    return n


@kernel
def use_role(s, T, W, opts, seat, rng, ev):
    n = role_options(s, T, seat, opts)
    side = opts[decide(s, T, W, opts, n, seat, D_ROLE_SIDE, rng), 0]
    emit(s, ev, seat, EV_ROLE, side, 0, 0)
    if side == 0:
        day_side(s, T, W, opts, seat, rng, ev)
    else:
        night_side(s, T, W, opts, seat, rng, ev)


@kernel
def day_side(s, T, W, opts, seat, rng, ev):
    n = day_payment_options(s, T, seat, opts)
    goods = opts[decide(s, T, W, opts, n, seat, D_DAY_PAYMENT, rng), 0]
    cost = day_cost(s, T, seat)
    pay_silver(s, seat, T.params[P.DAY_SILVER_PER_GOOD] * (cost - goods))
    resource = T.roles[s[L.ROLE + seat], 0]
    if resource == O.RES_TROPHY:
        pay_trophies(s, seat, goods)
    elif resource == O.RES_AMPHORA:
        pay_amphoras(s, seat, goods)
    else:
        for _ in range(goods):
            discard_athena_choice(s, T, W, opts, seat, rng)
    for row in range(3):
        place_on_row(s, T, W, opts, seat, row, rng, ev)
    queue_city_moves(s, seat, 1)
    fire_skills(s, T, seat, O.TRIG_ROLE_DAY, rng)


@kernel
def night_side(s, T, W, opts, seat, rng, ev):
    """Go corrupt: take the Corruption offer, advance the Rivals twice (Battles after
    both moves), then ostracize a Unit for two placements and a Mission (p. 13)."""
    previous = s[L.CORRUPT]
    if previous >= 0 and previous != seat:
        s[L.NIGHT + previous] = 0
    s[L.NIGHT + seat] = 1
    s[L.CORRUPT] = seat
    s[L.SILVER + seat] += s[L.CORRUPTION]
    s[L.CORRUPTION] = 0
    advance_rivals(s, T, T.params[P.NIGHT_RIVAL_REVEALS], True, rng, ev)
    settle(s, T, W, opts, rng, ev)
    if s[L.GAME_OVER] == 1:
        return
    if ostracize_unit(s, T, W, opts, seat, rng, ev):
        for _ in range(T.params[P.NIGHT_PLACEMENTS]):
            place_on_row(s, T, W, opts, seat, O.UNIVERSAL, rng, ev)
        gain_missions(s, T, seat, T.params[P.NIGHT_MISSIONS], rng)
    fire_skills(s, T, seat, O.TRIG_ROLE_NIGHT, rng)


# ---- dispatch ----


@kernel
def action_legal(s, T, seat, action, opts):
    if action == O.ACT_UNIT:
        return unit_options(s, T, seat, opts) > 0
    if action == O.ACT_MARKET:
        return market_options(s, opts) > 0
    if action == O.ACT_ATHENA:
        return athena_options(s, T, opts) > 0
    if action == O.ACT_BUILD:
        return can_build(s, T, seat, opts)
    if action == O.ACT_HOUSE:
        return True
    return role_options(s, T, seat, opts) > 0


@compiled_in_caller
def take_action(s, T, W, opts, seat, action, rng, ev):
    if action == O.ACT_UNIT:
        activate_unit(s, T, W, opts, seat, rng, ev)
    elif action == O.ACT_MARKET:
        fill_market(s, T, W, opts, seat, rng, ev)
    elif action == O.ACT_ATHENA:
        send_athena(s, T, W, opts, seat, rng, ev)
    elif action == O.ACT_BUILD:
        build(s, T, W, opts, seat, rng, ev)
    elif action == O.ACT_HOUSE:
        activate_house(s, T, W, opts, seat, rng, ev)
    else:
        use_role(s, T, W, opts, seat, rng, ev)
    settle(s, T, W, opts, rng, ev)


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
