"""Compiled helpers the games' engines share: a game's working arrays, a trace row, the sum
of a run of state words and the check that each seat's Glory is the sum of its sources.

A game hands in its own sizes and state offsets, so this code reads nothing of any game
(a shared kernel source, sim.kernel_cache).
"""

import numpy as np

from sim.jit import inline_kernel, kernel, njit


@njit
def work_arrays(state_size, option_rows, option_width, streams, max_events, event_width):
    """The working arrays of one game (state, option rows, random streams, event rows),
    reused by every game a ``play_batch`` call plays; events are recorded only when
    ``max_events`` > 0 (a traced game)."""
    return (np.zeros(state_size, dtype=np.int32),
            np.zeros((option_rows, option_width), dtype=np.int32),
            np.zeros(streams, dtype=np.uint64),
            np.zeros((max_events, event_width), dtype=np.int32))


@inline_kernel
def append_event(s, at, ev, c0, c1, c2, c3, c4, c5, c6):
    """Write a trace row's first seven columns at the row ``s[at]`` counts, and return it;
    -1 when the buffer ``ev`` is full (or the game untraced): the row is dropped."""
    k = s[at]
    if k >= ev.shape[0]:
        return -1
    ev[k, 0] = c0
    ev[k, 1] = c1
    ev[k, 2] = c2
    ev[k, 3] = c3
    ev[k, 4] = c4
    ev[k, 5] = c5
    ev[k, 6] = c6
    s[at] = k + 1
    return k


@inline_kernel
def total(s, start, n):
    """The sum of the ``n`` state words from ``start`` (a seat's cards of each icon, its
    steps on each track)."""
    count = 0
    for k in range(n):
        count += s[start + k]
    return count


@kernel
def glory_adds_up(s, seats, glory, sources, n_sources):
    """Whether every seat's Glory (``s[glory + seat]``) is the sum of its Glory by source
    (``n_sources`` words a seat from ``sources``)."""
    for seat in range(seats):
        if total(s, sources + seat * n_sources, n_sources) != s[glory + seat]:
            return False
    return True
