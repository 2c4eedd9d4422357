"""Play Age of Pericles games: one with a trace, or a range of them into result arrays.

A game's randomness depends only on (run seed, game index), so a batch gives the same
games whatever the thread count or batch split.
"""


from sim import cfuncs
from sim.apart import drop_addresses, put_addresses
from sim.games import kernels
from sim.games.pericles import layout as L
from sim.games.pericles import params as P
from sim.games.pericles.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pericles.events import EV_COLS, EV_GAME_END, EV_ROUND_START
from sim.games.pericles.invariants import record
from sim.games.pericles.profile import N_USE
from sim.games.pericles.rules.assembly import citizen_turn, place_citizen, placement_options
from sim.games.pericles.rules.core import emit, next_seat, refill_offer
from sim.games.pericles.rules.demagogue import demagogue_can_place, demagogue_turn
from sim.games.pericles.rules.governance import governance
from sim.games.pericles.rules.scoring import final_scoring, rank_players
from sim.games.pericles.rules.setup import setup_game
from sim.jit import compiled_in_caller, kernel, njit
from sim.rng import N_STREAMS, seed_streams


@kernel
def put_bots(s, bot_entry, search):
    """Keep the bots' entry address (sim.games.policies) and the search's entry and scratch
    addresses (0: no seat searches) in the state, with the bots' memo empty."""
    cfuncs.put_address(s, L.BOT_ENTRY, bot_entry)
    for k in range(2):  # none when ``search`` is empty (a game's end)
        cfuncs.put_address(s, L.SEARCH + 2 * k, search[k] if k < search.shape[0] else 0)
    for k in range(L.BOT_MEMO_WORDS):
        s[L.BOT_MEMO + k] = 0


@kernel
def can_place(s, seat, opts):
    if seat == s[L.DEMAGOGUE]:
        return demagogue_can_place(s)
    return placement_options(s, seat, opts) > 0


@compiled_in_caller
def assembly(s, T, W, opts, rng, ev, check_turns):
    """Turns clockwise from the First Player until nobody can place (p. 9); with
    ``check_turns`` the state is checked after every turn, not only after the round."""
    assembly_from(s, T, W, opts, rng, ev, s[L.FIRST], check_turns)


@compiled_in_caller
def assembly_from(s, T, W, opts, rng, ev, seat, check_turns):
    """The Assembly's turns from ``seat``'s on (``assembly``)."""
    s[L.PHASE] = L.PHASE_ASSEMBLY
    passes = 0
    while passes < s[L.N_SEATS]:
        if can_place(s, seat, opts):
            passes = 0
            s[L.ACTIVE] = seat
            if seat == s[L.DEMAGOGUE]:
                demagogue_turn(s, T, W, opts, rng, ev)
            else:
                citizen_turn(s, T, W, opts, seat, rng, ev)
            if s[L.GAME_OVER] == 1:
                return
            refill_offer(s, T, rng)
            if check_turns:
                record(s, T)
        else:
            passes += 1
        seat = next_seat(s, seat)
    s[L.ACTIVE] = -1


@kernel
def start_round(s, ev):
    s[L.ROUND] += 1
    s[L.PHASE] = L.PHASE_ASSEMBLY
    emit(s, ev, -1, EV_ROUND_START, 0, 0, 0)


@kernel
def close_round(s, T, W, opts, rng, ev):
    """Governance, then the game ends if that was the last round (p. 5)."""
    governance(s, T, W, opts, rng, ev)
    if s[L.GAME_OVER] == 0 and s[L.ROUND] >= T.params[P.MAX_ROUNDS]:
        s[L.GAME_OVER] = 1
        s[L.END_REASON] = L.END_ROUND_LIMIT


@compiled_in_caller  # into play_batch, and into play_one for a traced game
def play_game(s, T, W, opts, rng, ev, n_players, skills_on, role_picks, city_picks,
              strategies, check_turns, bot_entry, search, rule_entries):
    """Set up and play one game to its end, then score it (state left in ``s``).

    The invariants are checked after every Governance and after final scoring, and with
    ``check_turns`` after every Assembly turn as well (docs/performance.md says why runs
    leave that to the invariant tests). ``bot_entry`` (the bots' ``choose``,
    sim.games.policies), ``search`` (the search bot's entry and scratch, 0 when no seat
    searches) and ``rule_entries`` (``rules.apart``): addresses, held in the state while
    the game runs.
    """
    put_bots(s, bot_entry, search)
    put_addresses(s, L.RULE_ENTRIES, rule_entries)
    setup_game(s, T, W, opts, n_players, skills_on, role_picks, city_picks, strategies,
               rng, ev)
    while s[L.GAME_OVER] == 0:
        start_round(s, ev)
        assembly(s, T, W, opts, rng, ev, check_turns)
        if s[L.GAME_OVER] == 1:
            break
        close_round(s, T, W, opts, rng, ev)
        record(s, T)
    final_scoring(s, T)
    record(s, T)
    emit(s, ev, -1, EV_GAME_END, s[L.END_REASON], 0, 0)
    put_bots(s, 0, search[2:])
    drop_addresses(s, L.RULE_ENTRIES, len(L.RULE_ENTRY_SLOTS))


@kernel
def play_out(s, T, W, opts, rng, ev, seat, space, size, rounds):
    """From ``seat``'s placing decision of an Assembly turn: place a Citizen of ``size`` on
    ``space`` and play on, every decision asked as in a game, until ``rounds`` more
    Governances are played (0: to the game's end); a game that ended is scored. The
    search bot's play-outs."""
    place_citizen(s, T, W, opts, seat, space, size, rng, ev)
    if s[L.GAME_OVER] == 0:
        refill_offer(s, T, rng)
    start = next_seat(s, seat)
    played = 0
    while s[L.GAME_OVER] == 0:
        assembly_from(s, T, W, opts, rng, ev, start, False)
        if s[L.GAME_OVER] == 1:
            break
        close_round(s, T, W, opts, rng, ev)
        played += 1
        if s[L.GAME_OVER] == 1 or played == rounds:
            break
        start_round(s, ev)
        start = s[L.FIRST]
    if s[L.GAME_OVER] == 1:
        final_scoring(s, T)


@njit
def play_one(layout_key, packed, W, run_seed, game_index, n_players, skills_on, role_picks,
             city_picks, strategies, check_turns, bot_entry, search, rule_entries, max_events):
    """One game with its trace: (final state, event rows, True). ``packed``:
    ``Content.packed``. Nothing is played, and the last item is False, when ``layout_key``
    is not the layout this code was compiled for (``state_layout``)."""
    T = packed[0]
    s, opts, rng, ev = work_arrays(max_events)
    if layout_key != L.LAYOUT_KEY:
        return s, ev[:0], False
    seed_streams(rng, run_seed, game_index)
    play_game(s, T, W, opts, rng, ev, n_players, skills_on, role_picks, city_picks, strategies,
              check_turns, bot_entry, search, rule_entries)
    return s, ev[:s[L.EVENTS]], True


@kernel
def play_batch(layout_key, packed, W, s, opts, rng, ev, run_seed, first_index, count,
               n_players, skills_on, role_picks, city_picks, strategies, check_turns,
               bot_entry, search, rule_entries, glory, sources, won, rank, role, rounds,
               end_reason, city_mask, city_used, decisions, silver, violation, use,
               draft_order):
    """Play games first_index .. first_index + count - 1 into rows 0 .. count - 1 of the
    result arrays, one after another in the working arrays ``s``, ``opts``, ``rng`` and
    ``ev`` (``work_arrays``); True. Nothing is played, and the result is False, when
    ``layout_key`` is not the layout this code was compiled for (``state_layout``).

    A kernel like the rules, so the game loop compiled into it passes its arrays without
    Numba's reference counting, whose increments and decrements on every array passed
    down would cost the game loop time on every call (docs/performance.md): the caller
    allocates instead.

    A game's result depends only on its index, so ``game.simulate`` plays a batch as
    chunks on several threads (``sim.threads``) and gets the same games.
    """
    if layout_key != L.LAYOUT_KEY:
        return False
    T = packed[0]
    for g in range(count):
        seed_streams(rng, run_seed, first_index + g)
        play_game(s, T, W, opts, rng, ev, n_players, skills_on, role_picks, city_picks,
                  strategies, check_turns, bot_entry, search, rule_entries)
        store_result(s, g, glory, sources, won, rank, role, rounds, end_reason, city_mask,
                     city_used, decisions, silver, violation, use, draft_order)
    return True


@njit
def work_arrays(max_events):
    """One game's working arrays (sim.games.kernels.work_arrays); an event row ends with
    every seat's Glory."""
    return kernels.work_arrays(L.STATE_SIZE, MAX_OPTIONS, OPT_WIDTH, N_STREAMS, max_events,
                               EV_COLS + L.MAX_SEATS)


@kernel
def store_result(s, g, glory, sources, won, rank, role, rounds, end_reason, city_mask,
                 city_used, decisions, silver, violation, use, draft_order):
    """Copy game ``g``'s final state into row ``g`` of the result arrays."""
    rank_players(s, rank[g], won[g])
    for seat in range(L.MAX_SEATS):
        glory[g, seat] = s[L.GLORY + seat]
        silver[g, seat] = s[L.SILVER + seat]
        role[g, seat] = s[L.ROLE + seat]
        city_used[g, seat] = s[L.CITY_USED + seat]
        draft_order[g, seat] = s[L.DRAFT_ORDER + seat]
        for k in range(N_USE):
            use[g, seat, k] = s[L.USE + seat * N_USE + k]
        for k in range(L.N_SOURCES):
            sources[g, seat, k] = s[L.GLORY_SRC + seat * L.N_SOURCES + k]
    rounds[g] = s[L.ROUND]
    end_reason[g] = s[L.END_REASON]
    mask = 0
    for tile in range(L.N_CITY_STATES):
        if s[L.CITY_IN_GAME + tile] == 1:
            mask |= 1 << tile
    city_mask[g] = mask
    decisions[g] = s[L.DECISIONS]
    violation[g] = s[L.VIOLATION]
