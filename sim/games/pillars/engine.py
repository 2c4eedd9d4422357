"""Play Pillars of Heracles games: one with a trace, or a range of them into result arrays.

A game's randomness depends only on (run seed, game index), so a batch gives the same
games whatever the thread count or batch split. The whole turn (``rules.advance.
play_turn``) is compiled apart (``rules.apart``), reached through the address each game
keeps in its state; the round loop below is compiled into its two callers
(``play_batch`` and ``play_one``) and into the search bot's play-outs (``play_out``).

The runner layer hands in the seats' policies (sim.games.policies): each seat's policy
code, the weight rows ``W`` and the addresses of the bots' entry and of the search's entry
and scratch, which a game keeps in its runtime words (``layout.GAME_SIZE`` on) while it
runs and clears at its end.
"""

import numpy as np

from sim import cfuncs
from sim.apart import put_addresses
from sim.games.pillars import layout as L
from sim.games.pillars.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pillars.events import EV_COLS, EV_GAME_END, EV_ROUND_START
from sim.games.pillars.invariants import record
from sim.games.pillars.policy import TURN_END, TURN_START
from sim.games.pillars.profile import N_USE
from sim.games.pillars.rules.advance import TURN_SCRATCH, play_turn
from sim.games.pillars.rules.atlantis import atlantis_mode, setup_atlantis
from sim.games.pillars.rules.barbarians import barbarian_mode, setup_barbarians
from sim.games.pillars.rules.core import emit, notify
from sim.games.pillars.rules.end import check_end, final_scoring, rank_of
from sim.games.pillars.rules.heroes import heroic_power
from sim.games.pillars.rules.setup import SCRATCH as SETUP_SCRATCH
from sim.games.pillars.rules.setup import setup_game
from sim.games.pillars.rules.spend import WORK
from sim.games.pillars.rules.tyrant import tyrant_turn
from sim.games.pillars.rules.tyrant_actions import improved_actions
from sim.games.pillars.rules.wheels import solo_mode
from sim.jit import compiled_in_caller, kernel, njit
from sim.rng import N_STREAMS, seed_streams

SCRATCH = max(TURN_SCRATCH, SETUP_SCRATCH)
# The engine's safety stop on rounds: far above the longest random-legal game seen
# (docs/rules/pillars.md gives both numbers); registry.GAMES["pillars"].max_rounds.
MAX_ROUNDS = 2000


@kernel
def put_runtime(s, codes, bot_entry, search, rule_entries):
    """Keep in the state's runtime words each seat's policy code, the addresses of the
    bots' entry and of the search's entry and scratch (0: no seat searches), and those of
    the rules kernels compiled apart (``rules.apart``)."""
    for seat in range(L.MAX_PLAYERS):
        s[L.POLICY + seat] = codes[seat]
    cfuncs.put_address(s, L.BOT_ENTRY, bot_entry)
    for k in range(2):
        cfuncs.put_address(s, L.SEARCH + 2 * k, search[k])
    put_addresses(s, L.RULE_ENTRIES, rule_entries)


@kernel
def start_round(s, ev):
    s[L.ROUND] += 1
    emit(s, ev, -1, EV_ROUND_START, 0, 0, 0)


@compiled_in_caller  # into play_game, and into the search's play-outs
def finish_round(s, T, W, ev, work, scratch, opts, rng, n_players, first_k, check_turns,
                 checked, max_rounds):
    """The round's turns from its ``first_k``-th on (clockwise from the First Player, p. 8),
    each announced to the seat's bot as it starts and ends, then the round's close: after
    a trigger one more round is played (p. 13); ``max_rounds`` is the engine's safety
    stop. The invariants are checked after the round when ``checked``, and after every
    turn too with ``check_turns``."""
    for k in range(first_k, n_players):
        seat = (s[L.FIRST] + k) % n_players
        if seat == L.TYRANT and solo_mode(s):
            tyrant_turn(s, T, W, ev, work, scratch, opts, rng)
        else:
            notify(s, T, W, opts, seat, TURN_START, rng)
            play_turn(s, T, W, ev, seat, work, scratch, opts, rng)
            notify(s, T, W, opts, seat, TURN_END, rng)
        check_end(s, T, ev, seat)
        if check_turns:
            record(s, T)
        if s[L.GAME_OVER] == 1:
            break  # an instant win (the Siege of Destiny, p. ~18)
    s[L.ACTIVE] = -1
    if checked:
        record(s, T)
    if s[L.END_ROUND] > 0 and s[L.ROUND] >= s[L.END_ROUND]:
        s[L.GAME_OVER] = 1
    elif s[L.ROUND] >= max_rounds:
        s[L.GAME_OVER] = 1
        s[L.END_REASON] = L.END_BY_LIMIT


@compiled_in_caller  # into play_batch, and into play_one for a traced game
def play_game(s, T, W, work, scratch, opts, rng, ev, codes, bot_entry, search, rule_entries,
              side, n_players, picks, tiles, mode, track_end, troia_rule, phalanx, check_turns,
              max_rounds):
    """Set up and play one game to its end, then score it (state left in ``s``).

    The invariants are checked after setup, after every round and after scoring, and with
    ``check_turns`` after every turn as well. ``codes``, ``bot_entry``, ``search`` and
    ``rule_entries``: ``put_runtime``'s, held in the state while the game runs."""
    put_runtime(s, codes, bot_entry, search, rule_entries)
    setup_game(s, T, W, opts, ev, side, n_players, picks, tiles, mode, scratch, rng)
    if barbarian_mode(s):
        setup_barbarians(s, T, rng)
    if atlantis_mode(s):
        setup_atlantis(s)
    s[L.TRACK_END] = track_end
    s[L.TROIA_RULE] = troia_rule
    s[L.PHALANX_RULE] = phalanx
    record(s, T)
    while s[L.GAME_OVER] == 0:
        start_round(s, ev)
        finish_round(s, T, W, ev, work, scratch, opts, rng, n_players, 0, check_turns, True,
                     max_rounds)
    final_scoring(s, T, W, ev, scratch, opts, rng)
    record(s, T)
    emit(s, ev, -1, EV_GAME_END, s[L.END_REASON], 0, 0)
    s[L.GAME_SIZE:] = 0


@kernel
def play_out(s, T, W, ev, work, scratch, opts, rng, seat, rounds):
    """From the start of ``seat``'s turn: play on, every decision asked as in a game, until
    ``rounds`` rounds have closed, this one counted (0: to the game's end); then score the
    game as if it ended there. The search bot's play-outs, on copies of a state whose
    seats' policies search no further."""
    n_players = s[L.N_PLAYERS]
    first_k = (seat - s[L.FIRST] + n_players) % n_players
    played = 0
    while s[L.GAME_OVER] == 0:
        finish_round(s, T, W, ev, work, scratch, opts, rng, n_players, first_k, False, False,
                     MAX_ROUNDS)
        played += 1
        if s[L.GAME_OVER] == 1 or played == rounds:
            break
        start_round(s, ev)
        first_k = 0
    final_scoring(s, T, W, ev, scratch, opts, rng)


@njit
def work_arrays(max_events):
    """The working arrays of one game (state, payment work, scratch, options, random
    streams, event rows), reused by every game a ``play_batch`` call plays; events are
    recorded only when ``max_events`` > 0 (a traced game)."""
    return (np.zeros(L.STATE_SIZE, dtype=np.int32),
            np.zeros(WORK, dtype=np.int32),
            np.zeros(SCRATCH, dtype=np.int32),
            np.zeros((MAX_OPTIONS, OPT_WIDTH), dtype=np.int32),
            np.zeros(N_STREAMS, dtype=np.uint64),
            np.zeros((max_events, EV_COLS), dtype=np.int32))


@njit
def play_one(layout_key, packed, W, codes, bot_entry, search, rule_entries, run_seed, game_index,
             side, n_players, picks, tiles, mode, track_end, troia_rule, phalanx, check_turns,
             max_rounds, max_events):
    """One game with its trace: (final state, event rows, True). Nothing is played, and the
    last item is False, when ``layout_key`` is not the layout this code was compiled for
    (``state_layout``). ``packed``: ``Content.packed``."""
    s, work, scratch, opts, rng, ev = work_arrays(max_events)
    if layout_key != L.LAYOUT_KEY:
        return s, ev[:0], False
    T = packed[0]
    seed_streams(rng, run_seed, game_index)
    play_game(s, T, W, work, scratch, opts, rng, ev, codes, bot_entry, search, rule_entries, side,
              n_players, picks, tiles, mode, track_end, troia_rule, phalanx, check_turns,
              max_rounds)
    return s, ev[:s[L.EVENTS]], True


@kernel
def play_batch(layout_key, packed, W, codes, bot_entry, search, rule_entries, s, work, scratch,
               opts, rng, ev, run_seed, first_index, count, side, n_players, picks, tiles, mode,
               track_end, troia_rule, phalanx, check_turns, max_rounds,
               glory, sources, won, rank, city_state, offered, rounds, end_reason, decisions,
               violation, atlantis, hero, hero_power, time_markers, improved, use):
    """Play games first_index .. first_index + count - 1 into rows 0 .. count - 1 of the
    result arrays, one after another in the working arrays (``work_arrays``); True.
    Nothing is played, and the result is False, when ``layout_key`` is not the layout this
    code was compiled for (``state_layout``).

    A game's result depends only on its index, so ``game.simulate`` plays a batch as
    chunks on several threads (``sim.threads``) and gets the same games."""
    if layout_key != L.LAYOUT_KEY:
        return False
    T = packed[0]
    for g in range(count):
        seed_streams(rng, run_seed, first_index + g)
        play_game(s, T, W, work, scratch, opts, rng, ev, codes, bot_entry, search, rule_entries,
                  side, n_players, picks, tiles, mode, track_end, troia_rule, phalanx,
                  check_turns, max_rounds)
        for seat in range(L.MAX_PLAYERS):
            glory[g, seat] = s[L.GLORY + seat]
            won[g, seat] = s[L.WON + seat]
            rank[g, seat] = rank_of(s, seat) if seat < n_players else 0
            city_state[g, seat] = s[L.CITY_STATE + seat]
            hero[g, seat] = s[L.HERO + seat]
            hero_power[g, seat] = heroic_power(s, T, seat) if seat < n_players else 0
            for k in range(L.N_SOURCES):
                sources[g, seat, k] = s[L.GLORY_SRC + seat * L.N_SOURCES + k]
            for k in range(N_USE):
                use[g, seat, k] = s[L.USE + seat * N_USE + k]
        for k in range(L.MAX_DRAWN):
            offered[g, k] = s[L.DRAWN + k]
        rounds[g] = s[L.ROUND]
        end_reason[g] = s[L.END_REASON]
        decisions[g] = s[L.DECISIONS]
        violation[g] = s[L.VIOLATION]
        slot = s[L.ATLANTIS]
        atlantis[g] = s[L.LAND_CITY_MARKER + slot] if slot >= 0 else -1
        time_markers[g] = s[L.TIME_MARKERS]
        improved[g] = improved_actions(s, T) if solo_mode(s) else 0
    return True
