"""Settling consequences: Battles, City-state moves and Athens builds that an effect set
in motion, resolved one at a time until none is left or the game has ended (p. 17).

Queuing them keeps every kernel free of recursion: a Military completion moves a
City-state, whose integration makes Athens build, whose completion moves it again. The
Athens build that ends a Battle (p. 15) or follows an integration (p. 10) is part of that
step, so it is not queued: it happens before the next Battle or move starts.
"""

from sim.games.pericles import layout as L
from sim.games.pericles.rules.board import battle, move_city_once
from sim.games.pericles.rules.parthenon import athens_builds
from sim.jit import kernel


@kernel
def settle(s, T, W, opts, rng, ev):
    """Resolve queued Battles (Sparta first), then City-state moves, then Athens builds."""
    while s[L.GAME_OVER] == 0:
        if s[L.PENDING_BATTLE] > 0:
            s[L.PENDING_BATTLE] -= 1
            battle(s, T, W, opts, 0, rng, ev)
        elif s[L.PENDING_BATTLE + 1] > 0:
            s[L.PENDING_BATTLE + 1] -= 1
            battle(s, T, W, opts, 1, rng, ev)
        elif s[L.PENDING_MOVES] > 0:
            s[L.PENDING_MOVES] -= 1
            move_city_once(s, T, W, opts, s[L.PENDING_MOVER], rng, ev)
        elif s[L.PENDING_ATHENS] > 0:
            s[L.PENDING_ATHENS] -= 1
            athens_builds(s, T, W, opts, rng, ev)
        else:
            return
