"""Raising a piece by a player and scoring the chosen row (p. 12)."""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.decisions import D_BUILD_PIECE
from sim.games.pericles.events import EV_BUILD, EV_SCORE_ROW
from sim.games.pericles.rules.apart import apart
from sim.games.pericles.rules.core import add_glory, decide, emit
from sim.games.pericles.rules.parthenon import (
    column_options,
    completion,
    raise_piece,
    roof_eligible,
)
from sim.games.pericles.rules.progress import diplomats_in_row, score_row
from sim.games.pericles.rules.skills import skill_modifier
from sim.jit import kernel


@kernel
def piece_options(s, opts, roofs):
    """Every (row, piece) a builder may choose: a column for the row, or (``roofs``) an
    eligible roof. A free "build a column" reward raises columns only (p. 24)."""
    n = 0
    for row in range(3):
        n = column_options(s, row, opts, n)
        for roof in (L.PIECE_ROOF_UPPER, L.PIECE_ROOF_LOWER):
            if roofs and roof_eligible(s, roof):
                opts[n, 0] = row
                opts[n, 1] = roof
                n += 1
    return n


@apart(result=int)
def build_and_score(s, T, W, opts, seat, cost, rng, ev):
    """Raise a piece of the builder's choice, pay the builder, score the row, then apply
    the completion effect. ``cost`` -1 is a free column reward (no roof). Returns the
    pieces raised (0 when nothing can be raised)."""
    n = piece_options(s, opts, cost >= 0)
    if n == 0:
        return 0
    k = decide(s, T, W, opts, n, seat, D_BUILD_PIECE, rng)
    row = opts[k, 0]
    piece = opts[k, 1]
    emit(s, ev, seat, EV_BUILD, row, cost, piece)
    completed = raise_piece(s, row, piece)
    diplomats = diplomats_in_row(s, T, row)
    reward = (T.params[P.BUILDER_BASE] + skill_modifier(s, T, seat, O.TRIG_BUILDER_BONUS)
              + T.params[P.BUILDER_PER_DIPLOMAT] * diplomats)
    add_glory(s, seat, reward, L.SRC_BUILDER)
    emit(s, ev, seat, EV_SCORE_ROW, row, diplomats, 0)
    score_row(s, T, row, L.SRC_ROW, rng)
    if completed:
        completion(s, T, W, opts, seat, row, rng, ev)
    return 1
