"""The Dice Race game state: one flat int32 vector, declared once, and the runtime words
the engine keeps beside it.

``<NAME>`` is a field's offset; a per-seat field is indexed ``NAME + seat``. The state
holds the game alone; the policy's address lives in the runtime vector (``RUNTIME``), so
a state can be written out, compared and replayed without it.
"""

from sim.games.example.profile import N_USE
from sim.games.state_layout import field_spans, layout_key
from sim.rng import N_STREAMS

MAX_SEATS = 4
MAX_ROUNDS = 200  # the engine's safety stop; registry.GAMES["example"].max_rounds
STREAM_DICE = N_STREAMS - 1  # the die's own stream, apart from the deals and the seats' bots

END_REASON_NAMES = ("none", "target", "round_limit")
END_NONE, END_TARGET, END_ROUND_LIMIT = range(len(END_REASON_NAMES))

_FIELDS = (
    ("N_PLAYERS", 1, "seats in play, 2..MAX_SEATS"),
    ("TARGET", 1, "points a seat must bank to win (params.target)"),
    ("ROUND", 1, "the round being played, from 1"),
    ("TURN", 1, "the seat whose turn it is"),
    ("ROLLS", 1, "rolls taken in this turn"),
    ("TURN_TOTAL", 1, "points rolled this turn and not banked yet"),
    ("SCORE", MAX_SEATS, "points each seat has banked"),
    ("GAME_OVER", 1, "1 once the game has ended"),
    ("END_REASON", 1, "why it ended: END_REASON_NAMES"),
    ("DECISIONS", 1, "decisions asked of a policy so far"),
    ("USE", MAX_SEATS * N_USE, "play-profile counts, seat * N_USE + mechanism (profile.PROFILE)"),
    ("EVENTS", 1, "trace rows written (or that would have been, past the buffer)"),
    ("VIOLATION", 1, "first invariant broken (invariants.VIOLATION_NAMES), 0 while consistent"),
)
FIELD_SPANS, STATE_SIZE = field_spans(_FIELDS)
LAYOUT_KEY = layout_key(_FIELDS)  # checked by the engine's entries (state_layout)

(N_PLAYERS, TARGET, ROUND, TURN, ROLLS, TURN_TOTAL, SCORE, GAME_OVER, END_REASON, DECISIONS,
 USE, EVENTS, VIOLATION) = (FIELD_SPANS[name][0] for name, _, _ in _FIELDS)

# The runtime vector (int64): what one process needs to play, never part of a state.
RT_POLICY = 0  # address of the seats' compiled ``choose`` (seats.ask_policy)
RUNTIME_SIZE = 1
