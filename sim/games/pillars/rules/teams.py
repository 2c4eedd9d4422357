"""Symmachia (Appendix 4, p. 15): two teams of two Allied players. Seats 1 and 3 play
against seats 2 and 4, so that the turns alternate between the teams (decision 33). A seat
Deploys at its partner's Cities as at its own (p. 15) and does not lay Siege to its partner
(decision 34); the team's Glory is summed and the teams win or lose together (``end``)."""

from sim.games.pillars import layout as L
from sim.games.pillars.rules.board import has_city
from sim.jit import kernel

NO_PARTNER = -1


@kernel
def partner(s, seat):
    """The seat's partner, NO_PARTNER in a game without teams."""
    if s[L.ADDONS] & L.ADDON_SYMMACHIA == 0:
        return NO_PARTNER
    return (seat + 2) % 4


@kernel
def deploy_city(s, seat, land):
    """A City on ``land`` the seat may Deploy at: its own, or in Symmachia its partner's
    (p. 10, p. 15)."""
    if has_city(s, seat, land):
        return True
    ally = partner(s, seat)
    return ally != NO_PARTNER and has_city(s, ally, land)
