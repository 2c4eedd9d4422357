"""Allies: Symmachia's two teams of two (Appendix 4, p. 15) and the Siege of Destiny's
Trojan Alliance and Achaean League (p. ~18). In Symmachia seats 1 and 3 play against seats
2 and 4, so that the turns alternate between the teams (decision 33); in the Siege of
Destiny the City-states drafted make the sides (``rules.destiny``). Either way a seat has at
most one ally, its ``PARTNER``, set at setup. A seat Deploys at its ally's Cities as at its
own (p. 15, p. ~18) and never lays Siege to its ally nor Skirmishes with it (decision 34,
p. ~18); in Symmachia the team's Glory is summed and the team wins or loses together
(``end``)."""

from sim.games.pillars import layout as L
from sim.games.pillars.rules.board import has_city
from sim.jit import inline_kernel, kernel

NO_PARTNER = -1


@inline_kernel
def partner(s, seat):
    """The seat's ally, NO_PARTNER without one."""
    return s[L.PARTNER + seat]


@kernel
def pair_symmachia_teams(s):
    """Symmachia's teams: each seat with the seat two on (decision 33)."""
    if s[L.ADDONS] & L.ADDON_SYMMACHIA != 0:
        for seat in range(L.MAX_PLAYERS):
            s[L.PARTNER + seat] = (seat + 2) % L.MAX_PLAYERS


@kernel
def deploy_city(s, seat, land):
    """A City on ``land`` the seat may Deploy at: its own, or its ally's (p. 10, p. 15,
    p. ~18)."""
    if has_city(s, seat, land):
        return True
    ally = partner(s, seat)
    return ally != NO_PARTNER and has_city(s, ally, land)
