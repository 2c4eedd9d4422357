"""Setup (p. 5): the shared board, both City-state stacks, the Mission deal, the Role
draft with its Skill choice and Setup bonus, and each player's pieces."""

from sim.games.pericles import layout as L
from sim.games.pericles import params as P
from sim.games.pericles.decisions import D_DRAFT_ROLE, D_KEEP_MISSION, D_STARTING_SKILL
from sim.games.pericles.events import EV_DRAFT, EV_KEEP_MISSION
from sim.games.pericles.rules.core import decide, draw_mission, emit, refill_offer
from sim.games.pericles.rules.effects import run_effect
from sim.games.pericles.rules.flow import settle
from sim.games.pericles.rules.skills import take_skill
from sim.jit import kernel
from sim.rng import STREAM_SETUP, below, shuffle

# Role picks other than a Role index (see draft_roles).
PICK_DRAFT, PICK_RANDOM = -1, -2
FORCED_IN, FORCED_OUT = 1, -1


@kernel
def clear(s):
    """Empty board: every 'which piece or card is here' field starts at -1. The bots' entry
    (the last field) stays."""
    s[:L.GAME_SIZE] = 0  # the runtime words stay (layout._RUNTIME)
    for base, size in ((L.PROGRESS, 9), (L.DIPLO_CARD, L.MAX_DIPLOMACY),
                       (L.DIPLO_OWNER, L.MAX_DIPLOMACY), (L.WAYPOST_SHIP, L.MAX_DIPLOMACY),
                       (L.AGORA_TILE, L.N_AGORA), (L.BATTLE_HOPLITE, 2 * L.MAX_HOPLITE_SPACES),
                       (L.ATHENA_OFFER, 3), (L.ROLE, L.MAX_SEATS)):
        s[base:base + size] = -1
    s[L.ACTIVE_CITY] = -1
    s[L.ACTIVE_WORKER] = -1
    s[L.CORRUPT] = -1
    s[L.ACTIVE] = -1
    s[L.ATHENA_LOC:L.ATHENA_LOC + L.MAX_ATHENA] = L.LOC_GONE
    s[L.MISSION_LOC:L.MISSION_LOC + L.MAX_MISSIONS] = L.LOC_GONE
    s[L.SKILL_LOC:L.SKILL_LOC + L.MAX_SKILLS] = L.LOC_GONE


@kernel
def seat_players(s, n_players, strategies):
    """Seats 0..n-1 are the real players, seat 0 first; with two players the Demagogue
    sits between them as seat 2 (p. 21)."""
    s[L.N_PLAYERS] = n_players
    if n_players == 2:
        s[L.N_SEATS] = 3
        s[L.DEMAGOGUE] = 2
        s[L.CLOCKWISE] = 0
        s[L.CLOCKWISE + 1] = 2
        s[L.CLOCKWISE + 2] = 1
    else:
        s[L.N_SEATS] = n_players
        s[L.DEMAGOGUE] = -1
        for k in range(n_players):
            s[L.CLOCKWISE + k] = k
    for seat in range(L.MAX_SEATS):
        s[L.STRATEGY + seat] = strategies[seat]
    s[L.FIRST] = 0


@kernel
def stack_tiles(s, T, starting, picks, pool, rng):
    """Keep all but 3 tiles of one set (forced-in tiles always, forced-out never), shuffle
    them and put them on the City-state stack."""
    n_set = 0
    n_pool = 0
    base = L.CITY_STACK + s[L.CITY_STACK_N]
    kept = 0
    for tile in range(L.N_CITY_STATES):
        if T.city_states[tile, 0] != starting:
            continue
        n_set += 1
        if picks[tile] == FORCED_IN:
            s[base + kept] = tile
            kept += 1
        elif picks[tile] != FORCED_OUT:
            pool[n_pool] = tile
            n_pool += 1
    shuffle(pool, n_pool, rng, STREAM_SETUP)
    for k in range(n_set - 3 - kept):
        s[base + kept + k] = pool[k]
    n_keep = n_set - 3
    shuffle(s[base:base + n_keep], n_keep, rng, STREAM_SETUP)
    for k in range(n_keep):
        s[L.CITY_IN_GAME + s[base + k]] = 1
    s[L.CITY_STACK_N] += n_keep


@kernel
def setup_board(s, T, city_picks, pool, rng):
    """Reserve, full Market, Athena deck and offer, and the City-state stack (p. 5)."""
    s[L.RESERVE_SILVER] = T.params[P.RESERVE_SILVER]
    s[L.RESERVE_AMPHORAS] = T.params[P.RESERVE_AMPHORAS] - 9
    s[L.RESERVE_TROPHIES] = T.params[P.RESERVE_TROPHIES]
    s[L.MARKET:L.MARKET + 9] = 1
    n = T.athena.shape[0]
    for c in range(n):
        s[L.ATHENA_DECK + c] = c
        s[L.ATHENA_LOC + c] = L.LOC_DECK
    shuffle(s[L.ATHENA_DECK:L.ATHENA_DECK + n], n, rng, STREAM_SETUP)
    s[L.ATHENA_DECK_N] = n
    refill_offer(s, T, rng)
    stack_tiles(s, T, 0, city_picks, pool, rng)  # advanced tiles lie at the bottom
    stack_tiles(s, T, 1, city_picks, pool, rng)


@kernel
def deal_missions(s, T, W, opts, rng, ev):
    n = T.missions.shape[0]
    for m in range(n):
        s[L.MISSION_DECK + m] = m
        s[L.MISSION_LOC + m] = L.LOC_DECK
    shuffle(s[L.MISSION_DECK:L.MISSION_DECK + n], n, rng, STREAM_SETUP)
    s[L.MISSION_DECK_N] = n
    for seat in range(s[L.N_PLAYERS]):
        k = 0
        for _ in range(T.params[P.MISSIONS_DEALT]):
            m = draw_mission(s, T, rng)
            if m >= 0:
                opts[k, 0] = m
                k += 1
        keep = decide(s, T, W, opts, k, seat, D_KEEP_MISSION, rng)
        for i in range(k):
            m = opts[i, 0]
            if i == keep:
                s[L.MISSION_LOC + m] = seat
                s[L.MISSIONS_HELD + seat] += 1
                emit(s, ev, seat, EV_KEEP_MISSION, m, 0, 0)
            else:
                bottom = s[L.MISSION_DECK_N]
                for j in range(bottom, 0, -1):
                    s[L.MISSION_DECK + j] = s[L.MISSION_DECK + j - 1]
                s[L.MISSION_DECK] = m
                s[L.MISSION_DECK_N] = bottom + 1
                s[L.MISSION_LOC + m] = L.LOC_DECK


@kernel
def draft_roles(s, T, W, opts, role_picks, rng, ev):
    """From the last player back to the first, each takes a Role, chooses one of its two
    starting Skills and gains its Setup bonus (step 10); then everyone sets out the pieces
    (step 11, p. 5).

    ``role_picks[seat]`` is a Role index fixed by the scenario, ``PICK_DRAFT`` (the seat's
    strategy drafts, as printed) or ``PICK_RANDOM`` (dealt uniformly from the Roles left,
    from the setup stream, so Role and seat are independent in a balance run)."""
    taken = 0
    drafted = 0
    for seat in range(s[L.N_PLAYERS]):
        if role_picks[seat] >= 0:
            taken |= 1 << role_picks[seat]
    n_skills = T.skills.shape[0]
    for k in range(n_skills):
        s[L.SKILL_LOC + k] = L.LOC_DECK
    for seat in range(s[L.N_PLAYERS] - 1, -1, -1):
        role = role_picks[seat]
        if role < 0:
            n = 0
            for r in range(T.roles.shape[0]):
                if not (taken >> r) & 1:
                    opts[n, 0] = r
                    n += 1
            if role == PICK_RANDOM:
                role = opts[below(rng, STREAM_SETUP, n), 0]
            else:
                role = opts[decide(s, T, W, opts, n, seat, D_DRAFT_ROLE, rng), 0]
                drafted += 1
                s[L.DRAFT_ORDER + seat] = drafted
            taken |= 1 << role
        s[L.ROLE + seat] = role
        skill = -1
        if s[L.SKILLS_ON] == 1:
            opts[0, 0] = T.roles[role, 2]
            opts[1, 0] = T.roles[role, 3]
            skill = opts[decide(s, T, W, opts, 2, seat, D_STARTING_SKILL, rng), 0]
            take_skill(s, T, W, opts, seat, skill, rng, ev)
        emit(s, ev, seat, EV_DRAFT, role, skill, 0)
        run_effect(s, T, W, opts, seat, T.roles[role, 16], L.SRC_EFFECTS, rng, ev)
        settle(s, T, W, opts, rng, ev)
    n = 0
    for k in range(n_skills):
        if s[L.SKILL_LOC + k] == L.LOC_DECK:
            s[L.SKILL_DECK + n] = k
            n += 1
    shuffle(s[L.SKILL_DECK:L.SKILL_DECK + n], n, rng, STREAM_SETUP)
    s[L.SKILL_DECK_N] = n
    for seat in range(s[L.N_PLAYERS]):
        set_out_pieces(s, T, seat)


@kernel
def set_out_pieces(s, T, seat):
    """Setup step 11 (p. 5): Diplomats and Units where the seat's Setup card shows them."""
    role = s[L.ROLE + seat]
    s[L.DIPS_HOME + seat] = T.roles[role, 4]
    s[L.DIPS_STOA + seat] = T.roles[role, 5]
    s[L.DIPS_CAMP + seat] = T.roles[role, 6]
    for u in range(L.N_UNIT_TYPES):
        s[L.UNITS_HOME + seat * L.N_UNIT_TYPES + u] = T.roles[role, 7 + u]
        s[L.UNITS_PORT + seat * L.N_UNIT_TYPES + u] = T.roles[role, 10 + u]
        s[L.UNITS_CAMP + seat * L.N_UNIT_TYPES + u] = T.roles[role, 13 + u]


@kernel
def setup_game(s, T, W, opts, n_players, skills_on, role_picks, city_picks, strategies,
               rng, ev):
    """Everything before Round 1 (p. 5)."""
    clear(s)
    seat_players(s, n_players, strategies)
    s[L.SKILLS_ON] = skills_on
    s[L.PHASE] = L.PHASE_SETUP
    setup_board(s, T, city_picks, opts[:, 0], rng)
    deal_missions(s, T, W, opts, rng, ev)
    draft_roles(s, T, W, opts, role_picks, rng, ev)
    for seat in range(n_players):
        s[L.SMALL_UNLOCKED + seat] = T.params[P.START_SMALL_CITIZENS]
    if s[L.DEMAGOGUE] >= 0:
        s[L.DEM_DIPLOMATS] = 8
        s[L.DEM_HOPLITES] = 2
        for k in range(L.N_DEM_CARDS):
            s[L.DEM_DECK + k] = k
        shuffle(s[L.DEM_DECK:L.DEM_DECK + L.N_DEM_CARDS], L.N_DEM_CARDS, rng, STREAM_SETUP)
