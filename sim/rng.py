"""Counter-based randomness: every draw is a pure function of (run seed, game, stream).

A game's generator state is a small uint64 array, one counter per stream, held by the
game and never shared, so results do not depend on threads, workers or batch sizes.
Separate streams (setup and shuffles, each seat's bot) mean two content variants played
with one seed face the same deals.
"""

import numpy as np

from sim.jit import kernel

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)

STREAM_SETUP = 0  # setup deals and every deck reshuffle
STREAM_BOT = 1  # first bot stream; seat s uses STREAM_BOT + s
N_STREAMS = 8


@kernel
def mix64(x):
    """SplitMix64 finaliser: a bijective scramble of one 64-bit word."""
    z = x
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


@kernel
def seed_streams(rng, run_seed, game_index):
    """Key every stream of ``rng`` from (run_seed, game_index, stream)."""
    base = mix64(np.uint64(run_seed) * GOLDEN + mix64(np.uint64(game_index) + GOLDEN))
    for k in range(rng.shape[0]):
        rng[k] = mix64(base + np.uint64(k) * GOLDEN)


@kernel
def next_u64(rng, stream):
    """Advance one stream's counter and return its next 64-bit output."""
    rng[stream] += GOLDEN
    return mix64(rng[stream])


@kernel
def below(rng, stream, n):
    """A uniform integer in [0, n) for n >= 1 (53-bit source, bias below 1e-12)."""
    return np.int64((next_u64(rng, stream) >> np.uint64(11)) % np.uint64(n))


@kernel
def shuffle(values, count, rng, stream):
    """Fisher-Yates shuffle of values[:count] in place."""
    for i in range(count - 1, 0, -1):
        j = below(rng, stream, i + 1)
        t = values[i]
        values[i] = values[j]
        values[j] = t


@kernel
def sort_shuffle(values, count, rng, stream):
    """Sort ``values[:count]``, then shuffle them: the order they come out in does not
    depend on the order they lay in (a search bot's deal of what its seat cannot see)."""
    for i in range(1, count):
        v = values[i]
        j = i - 1
        while j >= 0 and values[j] > v:
            values[j + 1] = values[j]
            j -= 1
        values[j + 1] = v
    shuffle(values, count, rng, stream)


@kernel
def uniform(rng, stream):
    """A uniform float in [0, 1) (53 bits)."""
    return np.float64(next_u64(rng, stream) >> np.uint64(11)) / 9007199254740992.0
