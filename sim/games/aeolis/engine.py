"""Play Aeolis games: one with a trace, or a batch in parallel (pure in seed and index)."""


from sim import cfuncs
from sim.games import kernels
from sim.games.aeolis import layout as L
from sim.games.aeolis.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.aeolis.events import EV_COLS, EV_GAME_END
from sim.games.aeolis.invariants import record
from sim.games.aeolis.profile import N_USE
from sim.games.aeolis.rules.board import standing
from sim.games.aeolis.rules.core import emit, has_tech, notice_round
from sim.games.aeolis.rules.enemy import enemy_phase
from sim.games.aeolis.rules.player import player_phase
from sim.games.aeolis.rules.setup import setup_game
from sim.games.aeolis.rules.upkeep import upkeep
from sim.jit import compiled_in_caller, kernel, njit
from sim.rng import N_STREAMS, seed_streams


@kernel
def finish(s, T):
    """The end: survival, the optional loss rule, the Heroic Event's requirements."""
    if s[L.LOSS_CAUSE] == L.LOSS_NONE and s[L.LOSS_RULE] == 1:
        for e in range(L.MAX_ENEMIES):
            c = s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD]
            if c >= 0 and T.card_kind[c] == 6:
                s[L.LOSS_CAUSE] = L.LOSS_INVASION_LEFT
    s[L.WON] = 1 if s[L.LOSS_CAUSE] == L.LOSS_NONE else 0
    card = s[L.HEROIC]
    if card >= 0:
        ok = 1
        for k in range(T.card_req.shape[1]):
            if T.card_req[card, k] >= 0 and not has_tech(s, T.card_req[card, k]):
                ok = 0
        s[L.HEROIC_OK] = ok
    s[L.GAME_OVER] = 1
    s[L.PHASE] = L.PHASE_END


@compiled_in_caller  # into play_game, and into the search's play-outs
def play_rounds(s, T, W, opts, rng, ev, rounds):
    """Rounds from the state's next one until the game ends or ``rounds`` are played (0:
    every round left); ``finish`` is the caller's."""
    played = 0
    while s[L.GAME_OVER] == 0:
        notice_round(s, T, W, opts, rng)
        upkeep(s, T, W, opts, rng, ev)
        record(s, T)
        player_phase(s, T, W, opts, rng, ev)
        record(s, T)
        enemy_phase(s, T, W, opts, rng, ev)
        record(s, T)
        played += 1
        if s[L.ROUND] >= s[L.N_ROUNDS] or played == rounds:
            break


@kernel
def put_entries(s, entries):
    """Keep the team's entry address (``entries[0]``, sim.games.policies) and the search's
    entry and scratch addresses (``entries[1:3]``, 0: no search) in the state."""
    cfuncs.put_address(s, L.BOT_ENTRY, entries[0])
    cfuncs.put_address(s, L.SEARCH, entries[1])
    cfuncs.put_address(s, L.SEARCH + 2, entries[2])


@kernel
def clear_entries(s):
    """Clear the runtime words, so that a finished state holds the game alone."""
    for k in range(L.GAME_SIZE, L.STATE_SIZE):
        s[k] = 0


@compiled_in_caller  # into play_batch, and into play_one for a traced game
def play_game(s, T, W, opts, rng, ev, mode, heroes, expansions, prod_die, loss_rule, heroic,
              entries):
    """Set up and play one game to its end. ``entries``: the team's entry address and the
    search's (``put_entries``), held in the state while the game runs."""
    put_entries(s, entries)  # setup keeps them: it asks the team already
    setup_game(s, T, W, opts, rng, ev, mode, heroes, expansions, prod_die, loss_rule, heroic)
    record(s, T)
    play_rounds(s, T, W, opts, rng, ev, 0)
    finish(s, T)
    emit(s, ev, EV_GAME_END, s[L.WON], s[L.LOSS_CAUSE], 0)
    clear_entries(s)


@njit
def play_one(layout_key, T, W, run_seed, game_index, mode, heroes, expansions, prod_die,
             loss_rule, heroic, entries, max_events):
    """One game with its trace: (final state, event rows, True). Nothing is played, and the
    last item is False, when ``layout_key`` is not the layout this code was compiled for
    (``state_layout``)."""
    s, opts, rng, ev = work_arrays(max_events)
    if layout_key != L.LAYOUT_KEY:
        return s, ev[:0], False
    seed_streams(rng, run_seed, game_index)
    play_game(s, T, W, opts, rng, ev, mode, heroes, expansions, prod_die, loss_rule, heroic,
              entries)
    return s, ev[:s[L.EVENTS]], True


@kernel
def play_batch(layout_key, packed, W, s, opts, rng, ev, run_seed, first_index, count, mode,
               heroes, expansions, prod_die, loss_rule, heroic, entries, won, rounds, loss_cause, morale,
               structures, heroic_card, heroic_ok, decisions, violation, use):
    """Play games first_index .. first_index + count - 1 into rows 0 .. count - 1 of the
    result arrays, one after another in the working arrays ``s``, ``opts``, ``rng`` and
    ``ev`` (``work_arrays``); True. Nothing is played, and the result is False, when
    ``layout_key`` is not the layout this code was compiled for (``state_layout``).

    ``packed`` is the one-row table array (a record cannot be a kernel argument from
    Python). A game's result depends only on its index, so ``game.simulate`` plays a batch
    as chunks on several threads (``sim.threads``) and gets the same games."""
    if layout_key != L.LAYOUT_KEY:
        return False
    T = packed[0]
    for g in range(count):
        s[:] = 0
        opts[:] = 0
        seed_streams(rng, run_seed, first_index + g)
        play_game(s, T, W, opts, rng, ev, mode, heroes, expansions, prod_die, loss_rule, heroic,
                  entries)
        won[g] = s[L.WON]
        rounds[g] = s[L.ROUND] if s[L.WON] == 0 else s[L.N_ROUNDS]
        loss_cause[g] = s[L.LOSS_CAUSE]
        morale[g] = s[L.MORALE]
        n = 0
        for h in range(L.N_HEX):
            if standing(s, h):
                n += 1
        structures[g] = n
        heroic_card[g] = s[L.HEROIC]
        heroic_ok[g] = s[L.HEROIC_OK]
        decisions[g] = s[L.DECISIONS]
        violation[g] = s[L.VIOLATION]
        for k in range(N_USE):
            use[g, k] = s[L.USE + k]
    return True


@njit
def work_arrays(max_events):
    """One game's working arrays, at Aeolis' sizes (sim.games.kernels.work_arrays)."""
    return kernels.work_arrays(L.STATE_SIZE, MAX_OPTIONS, OPT_WIDTH, N_STREAMS, max_events, EV_COLS)
