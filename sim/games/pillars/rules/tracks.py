"""Progressing on the Region tracks and the step rewards setup gives (p. 7)."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import DECKS, REWARDS, TRACKS
from sim.games.pillars.rules.cards import first_face_up_slot, gain_mythology, take_procured
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


@kernel
def setup_reward(s, T, seat, track, step, home):
    """The reward of ``step`` where setup gives one (decision 8, docs/rules/pillars.md): a
    Procurement card (the default policy's first face-up slot), a Mythology card, or a free
    Mercenary Hoplite on ``home``, the seat's Starting City. A Hoplite for an extra Iron is
    not taken: no hand is drawn yet (step 15), and the chance is lost unless taken at once.
    Step 3 and 5 Cities never come up, since setup steps once from step 0."""
    reward = T.track_steps[track, step - 1, 0]
    if reward == R_CARD:
        slot = first_face_up_slot(s)
        if slot >= 0:
            take_procured(s, seat, slot)
    elif R_DEMIGOD <= reward <= R_TITAN:
        gain_mythology(s, T, seat, REWARD_DECK[reward - R_DEMIGOD])
    elif reward == R_HOPLITE and s[L.MERCENARIES + seat] > 0:
        s[L.MERCENARIES + seat] -= 1
        s[L.LAND_HOPLITES + home * L.MAX_PLAYERS + seat] += 1
