"""Dice Race's invariants, checked as the engine plays; the first one broken is kept in
the state's VIOLATION word and names the game as broken in a run."""

from sim.games.example import layout as L
from sim.jit import kernel

VIOLATION_NAMES = ("consistent", "score_out_of_range", "turn_total_negative", "turn_out_of_range",
                   "rounds_over_limit", "no_policy", "choice_out_of_range")
(V_NONE, V_SCORE, V_TURN_TOTAL, V_TURN, V_ROUNDS, V_NO_POLICY, V_CHOICE) = range(
    len(VIOLATION_NAMES))


@kernel
def broken(s, code):
    """Keep ``code`` unless an earlier invariant was broken first."""
    if s[L.VIOLATION] == 0:
        s[L.VIOLATION] = code


@kernel
def check(s):
    """Every invariant of the state between two turns."""
    players = s[L.N_PLAYERS]
    for seat in range(L.MAX_SEATS):
        score = s[L.SCORE + seat]
        # a seat banks at most one turn past the target; seats out of play score nothing
        if score < 0 or (seat >= players and score != 0) or (
                s[L.GAME_OVER] == 0 and score >= s[L.TARGET]):
            broken(s, V_SCORE)
    if s[L.TURN_TOTAL] < 0:
        broken(s, V_TURN_TOTAL)
    if not 0 <= s[L.TURN] < players:
        broken(s, V_TURN)
    if s[L.ROUND] > L.MAX_ROUNDS:
        broken(s, V_ROUNDS)
