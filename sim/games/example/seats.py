"""How Dice Race's rules reach a seat's policy without importing it: through the
address the runner layer handed in (``sim.games.policies``), kept in the runtime vector
(``layout.RT_POLICY``) beside the state, never in it. The shapes below are those a policy
views the arrays at."""

from sim.games.example import layout as L
from sim.games.example.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.policies import call_policy
from sim.jit import kernel
from sim.rng import N_STREAMS

STATE_SHAPE = L.STATE_SIZE
OPTS_SHAPE = (MAX_OPTIONS, OPT_WIDTH)
RNG_SHAPE = N_STREAMS


@kernel
def ask_policy(s, T, W, runtime, opts, n, seat, kind, rng):
    """The policy's choice among ``opts[:n]``, or -1 when no policy was handed in or the
    arrays are not the shapes a policy views them at."""
    address = runtime[L.RT_POLICY]
    if (address == 0 or s.shape[0] != STATE_SHAPE or opts.shape[0] != MAX_OPTIONS
            or opts.shape[1] != OPT_WIDTH or rng.shape[0] != RNG_SHAPE or seat >= W.shape[0]):
        return -1
    return call_policy(address, s, T, W, opts, n, seat, kind, rng)
