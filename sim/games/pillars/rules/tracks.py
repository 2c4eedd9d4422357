"""The Region tracks (p. 7): their rewards and the markers' steps."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import DECKS, REWARDS, TRACKS
from sim.jit import kernel

LAST_STEP = 5  # the end of a Region track (p. 7, p. 13)
CIVILISATION, MERCENARY, NAVIGATION, OLYMPIAN, MILITARY, TITAN = (
    TRACKS.index(t) for t in ("civilisation", "mercenary", "navigation", "olympian", "military",
                              "titan"))
R_CARD, R_CITY, R_DEMIGOD, R_OLYMPIAN, R_TITAN, R_HOPLITE, R_HOPLITE_FOR_IRON = range(len(REWARDS))
# the Mythology deck each Mythology reward draws from, indexed by reward code - R_DEMIGOD
REWARD_DECK = tuple(DECKS.index(REWARDS[r]) for r in (R_DEMIGOD, R_OLYMPIAN, R_TITAN))


@kernel
def step_up(s, seat, track):
    """Move the seat's marker one step up ``track``, on top of any markers already on that
    step (p. 7); return the new step."""
    k = seat * L.N_TRACKS + track
    step = s[L.TRACK_STEP + k] + 1
    height = 0
    for other in range(s[L.N_PLAYERS]):
        j = other * L.N_TRACKS + track
        if other != seat and s[L.TRACK_STEP + j] == step:
            height = max(height, s[L.TRACK_HEIGHT + j] + 1)
    s[L.TRACK_STEP + k] = step
    s[L.TRACK_HEIGHT + k] = height
    return step
