"""The Dice Race heuristic: bank once the turn total reaches a threshold that rises with
how far the seat trails the leader.

It keeps the one ``choose`` signature every policy has (sim.games.example.seats) and
reads the race through the rules' own helpers. ``W[seat]`` holds:

- ``W_MISTAKE``: the share of decisions taken uniformly at random among the legal
  options (the skill level; 1 is the random-legal bot);
- ``W_HOLD_AT``: the turn total at which the seat banks;
- ``W_CHASE``: turn points added to that threshold per point the seat trails the best
  rival, so a seat behind takes more risk.
"""

from sim.games.example import layout as L
from sim.games.example.decisions import HOLD, ROLL
from sim.games.example.rules import best_rival_score
from sim.jit import kernel
from sim.rng import STREAM_BOT, below, uniform

WEIGHT_NAMES = ("mistake", "hold_at", "chase")
W_MISTAKE, W_HOLD_AT, W_CHASE = range(len(WEIGHT_NAMES))
N_WEIGHTS = len(WEIGHT_NAMES)


@kernel
def choose(s, T, W, opts, n, seat, kind, rng):
    """Index of the option ``seat`` takes among the first ``n`` rows of ``opts``."""
    stream = STREAM_BOT + seat
    if W[seat, W_MISTAKE] > 0.0 and uniform(rng, stream) < W[seat, W_MISTAKE]:
        return below(rng, stream, n)
    total = s[L.TURN_TOTAL]
    mine = s[L.SCORE + seat]
    wanted = ROLL
    if mine + total >= s[L.TARGET]:
        wanted = HOLD  # banking wins the race now
    else:
        behind = max(0, best_rival_score(s, seat) - mine)
        if total >= W[seat, W_HOLD_AT] + W[seat, W_CHASE] * behind:
            wanted = HOLD
    for k in range(n):
        if opts[k, 0] == wanted:
            return k
    return 0
