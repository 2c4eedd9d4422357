"""Play Dice Race games (each a pure function of seed and game index): a batch into
result columns, or one game with its event rows (``ev`` with rows: the trace)."""

from sim.games.example import layout as L
from sim.games.example.events import EV_GAME_END
from sim.games.example.invariants import check
from sim.games.example.profile import N_USE
from sim.games.example.rules import emit, end_turn, play_turn, rank_of, set_up
from sim.jit import compiled_in_caller, kernel
from sim.rng import seed_streams


@compiled_in_caller  # into play_batch
def play_game(s, T, W, runtime, opts, rng, ev, run_seed, game_index, players):
    """Play game ``game_index`` from a cleared table to its end, checking the invariants
    after every turn; its randomness comes from (run seed, game index) alone."""
    s[:] = 0
    opts[:] = 0
    seed_streams(rng, run_seed, game_index)
    set_up(s, T, players)
    check(s)
    while s[L.GAME_OVER] == 0:
        play_turn(s, T, W, runtime, opts, rng, ev)
        end_turn(s)
        check(s)
    emit(s, ev, EV_GAME_END, s[L.END_REASON], 0)


@kernel
def play_batch(layout_key, packed, W, runtime, s, opts, rng, ev, run_seed, first_index, count,
               players, score, won, rank, rounds, end_reason, decisions, violation, use):
    """Play games first_index .. first_index + count - 1 into rows 0 .. count - 1 of the
    result arrays, one after another in the working arrays ``s``, ``opts``, ``rng`` and
    ``ev``; True. The last game's state stays in ``s`` and, when ``ev`` has rows, its
    event rows in ``ev`` (a traced game is a batch of one). Nothing is played, and the
    result is False, when ``layout_key`` is not the layout this code was compiled for
    (``state_layout``)."""
    if layout_key != L.LAYOUT_KEY:
        return False
    for g in range(count):
        play_game(s, packed[0], W, runtime, opts, rng, ev, run_seed, first_index + g, players)
        best = 0
        for seat in range(players):
            best = max(best, s[L.SCORE + seat])
        for seat in range(players):
            score[g, seat] = s[L.SCORE + seat]
            rank[g, seat] = rank_of(s, seat)
            won[g, seat] = 1 if s[L.SCORE + seat] == best else 0
            for k in range(N_USE):
                use[g, seat, k] = s[L.USE + seat * N_USE + k]
        rounds[g] = s[L.ROUND]
        end_reason[g] = s[L.END_REASON]
        decisions[g] = s[L.DECISIONS]
        violation[g] = s[L.VIOLATION]
    return True
