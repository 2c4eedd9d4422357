"""Skirmish Mode (Appendix 4, p. 15): each seat's Skirmish tile, placed as a Free Action on
a space holding one of its Hoplites, is resolved in its next Status Check after any Siege.
The attacker declares another seat's Unit, Building or Pillar there; Tactical Card Support
is added as for a Siege (p. 8); the attacker's Power against the declared piece's owner's,
the higher wins, the attacker on a tie unless only the owner holds Strategic Initiative
(p. ~14). The loser's piece (the declared one, or one of the attacker's Units) goes back
to its Player board and its owner draws 2 cards. Partners in Symmachia do not attack each
other (decision 14).

A Ship in the Land's Port is in the space; a Ship in a Sea is not (decision 35).
"""

from sim.games.pillars import layout as L
from sim.games.pillars.decisions import D_SKIRMISH
from sim.games.pillars.events import EV_SKIRMISH
from sim.games.pillars.rules.cards import draw_cards_reshuffling
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.heroes import CH_VICTORY, odysseus_challenge
from sim.games.pillars.rules.power import land_power, same_initiative
from sim.games.pillars.rules.removal import (
    PIECE_BUILDING,
    PIECE_HERO,
    PIECE_HOPLITE,
    PIECE_PILLAR,
    PIECE_SHIP,
    PIECE_WORKER,
    hero_exposed,
    port_ship,
    remove_piece,
)
from sim.games.pillars.rules.strategy import STRATEGIC_INITIATIVE, holds
from sim.games.pillars.rules.support import S_BOOST, redraw_losers, tactical_support
from sim.games.pillars.rules.teams import partner
from sim.jit import kernel

SKIRMISH_DRAW = 2  # cards the owner of a piece lost in a Skirmish draws (p. 15)


@kernel
def skirmish_mode(s):
    return s[L.ADDONS] & L.ADDON_SKIRMISH != 0


@kernel
def unit_pieces(s, owner, land, own, opts, n):
    """An option (owner, kind, Land) for each kind of Unit the owner has in the space; its
    Hero Unit, when the owner is the seat choosing (``own``), or has no other Unit there
    (p. 16)."""
    k = land * L.MAX_PLAYERS + owner
    if s[L.HERO_AT + owner] == land and (own or hero_exposed(s, owner, land)):
        n = option(opts, n, owner, PIECE_HERO, land, 0)
    if s[L.LAND_HOPLITES + k] > 0:
        n = option(opts, n, owner, PIECE_HOPLITE, land, 0)
    if s[L.LAND_WORKERS + k] > 0:
        n = option(opts, n, owner, PIECE_WORKER, land, 0)
    if port_ship(s, owner, land) >= 0:
        n = option(opts, n, owner, PIECE_SHIP, land, 0)
    return n


@kernel
def skirmish_targets(s, seat, land, opts):
    """The pieces the seat may declare on ``land``: every Unit, Building and Pillar of
    another seat, its partner's excepted (p. 15); returns how many."""
    n = 0
    ally = partner(s, seat)
    for other in range(s[L.N_PLAYERS]):
        if other == seat or other == ally:
            continue
        n = unit_pieces(s, other, land, False, opts, n)
        if s[L.LAND_BUILDING + land * L.MAX_PLAYERS + other] >= 0:
            n = option(opts, n, other, PIECE_BUILDING, land, 0)
        if s[L.LAND_PILLAR + land] == other:
            n = option(opts, n, other, PIECE_PILLAR, land, 0)
    return n


@kernel
def skirmish_lands(s, seat, head, opts, n):
    """Where the seat may place its Skirmish tile (option ``head``, Land): a space holding
    one of its Hoplites, not the one holding its Siege tile (p. 15)."""
    for land in range(s[L.LAND_END]):
        if s[L.LAND_HOPLITES + land * L.MAX_PLAYERS + seat] > 0 and land != s[L.SIEGE_AT + seat]:
            n = option(opts, n, head, land, 0, 0)
    return n


@kernel
def lose_piece(s, T, W, ev, owner, piece, land, opts, rng):
    """The piece goes back to its owner's board and the owner draws 2 cards (p. 15; for the
    attacker's lost Unit "in the same way", decision 12)."""
    if remove_piece(s, T, W, ev, owner, piece, land, opts, rng):
        draw_cards_reshuffling(s, owner, SKIRMISH_DRAW, rng)


@kernel
def skirmish(s, T, W, ev, seat, scratch, opts, rng):
    """Resolve the seat's Skirmish (p. 15); its tile leaves either way. Returns False when
    no piece there could be declared: there was no Skirmish, and the Status Check goes on
    (decision 37)."""
    land = s[L.SKIRMISH_AT + seat]
    s[L.SKIRMISH_AT + seat] = -1
    n = skirmish_targets(s, seat, land, opts)
    if n == 0:
        emit(s, ev, seat, EV_SKIRMISH, land, -1, 0)
        return False
    k = decide(s, T, W, opts, n, seat, D_SKIRMISH, rng)
    rival, piece = opts[k, 0], opts[k, 1]
    tactical_support(s, T, W, ev, seat, rival, land, scratch, opts, rng)
    attack = land_power(s, T, land, seat) + scratch[S_BOOST + seat]
    defend = land_power(s, T, land, rival) + scratch[S_BOOST + rival]
    won = attack > defend or (attack == defend and (
        same_initiative(s, seat, rival) or holds(s, seat, STRATEGIC_INITIATIVE)))
    emit(s, ev, seat, EV_SKIRMISH, land, rival, 1 if won else 0)
    if won:
        lose_piece(s, T, W, ev, rival, piece, land, opts, rng)
        odysseus_challenge(s, T, ev, seat, land, CH_VICTORY)
    else:
        n = unit_pieces(s, seat, land, True, opts, 0)
        if n > 0:
            piece = opts[decide(s, T, W, opts, n, seat, D_SKIRMISH, rng), 1]
            lose_piece(s, T, W, ev, seat, piece, land, opts, rng)
    redraw_losers(s, seat, won, scratch, rng)
    return True
