"""The Progress rows and Diplomacy-track cards: placements, knock-outs, Compensation,
and scoring a row (pp. 10, 12, 15)."""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.decisions import D_COMPENSATION_GOOD, D_PLACEMENT_ROW
from sim.games.pericles.events import EV_ATHENA_REVEAL, EV_EVALUATE, EV_KNOCK_OUT
from sim.games.pericles.rules.core import (
    add_glory,
    decide,
    draw_athena,
    emit,
    gain_amphoras,
    gain_athena,
    gain_silver,
    gain_trophies,
    is_real,
)
from sim.games.pericles.rules.pieces import diplomat_home
from sim.games.pericles.rules.skills import fire_skills
from sim.jit import kernel


@kernel
def slot_glory(params, slot):
    """Glory a Diplomat on ``slot`` of a Progress row scores (p. 10)."""
    return params[P.SLOT_GLORY_0 + slot]


@kernel
def card_matches(T, card, row):
    """An Athena card on the Diplomacy track extends its icon's row; Universal every row."""
    icon = T.athena[card, 0]
    return icon == row or icon == O.UNIVERSAL


@kernel
def compensation(s, T, W, opts, seat, row, universal, rng):
    """Pay the Compensation table to a knocked-out or undefended Diplomat's owner (p. 10).

    ``universal``: the Diplomat stood on a Universal card, so its owner picks the good.
    The Demagogue's Diplomats earn nothing (p. 21).
    """
    if not is_real(s, seat):
        return
    if s[L.NIGHT + seat] == 1:
        add_glory(s, seat, T.params[P.COMP_NIGHT_GLORY], L.SRC_COMPENSATION)
        return
    gain_silver(s, seat, T.params[P.COMP_DAY_SILVER])
    add_glory(s, seat, T.params[P.COMP_DAY_GLORY], L.SRC_COMPENSATION)
    good = row
    if universal:
        for r in range(3):
            opts[r, 0] = r
        good = opts[decide(s, T, W, opts, 3, seat, D_COMPENSATION_GOOD, rng), 0]
    amount = T.params[P.COMP_DAY_GOODS]
    if good == O.MILITARY:
        gain_trophies(s, seat, amount)
    elif good == O.ECONOMY:
        gain_amphoras(s, seat, amount)
    else:
        gain_athena(s, T, seat, amount, rng)


@kernel
def place_diplomat(s, T, W, opts, seat, row, rng, ev):
    """Put a Diplomat from the Stoa (or the Demagogue's supply) on a row's entry slot.

    Pieces in the way are pushed left; one pushed off the 6 is knocked out: it goes home
    and takes Compensation (p. 10). With no Diplomat available the placement is lost.
    """
    if is_real(s, seat):
        if s[L.DIPS_STOA + seat] == 0:
            return
        s[L.DIPS_STOA + seat] -= 1
    else:
        if s[L.DEM_DIPLOMATS] == 0:
            return
        s[L.DEM_DIPLOMATS] -= 1
    base = L.PROGRESS + row * 3
    free = free_slot(s, row)  # everything right of it shifts left
    if free < 0:
        out = s[base]
        s[base] = s[base + 1]
        s[base + 1] = s[base + 2]
        s[base + 2] = seat
        emit(s, ev, out, EV_KNOCK_OUT, row, out, seat)
        diplomat_home(s, T, out)
        compensation(s, T, W, opts, out, row, False, rng)
        if is_real(s, out):
            fire_skills(s, T, out, O.TRIG_KNOCKED_OUT, rng)
        return
    for slot in range(free, 2):
        s[base + slot] = s[base + slot + 1]
    s[base + 2] = seat


@kernel
def place_on_row(s, T, W, opts, seat, icon, rng, ev):
    """An icon placement (p. 24): Universal lets the player pick the row."""
    row = icon
    if icon == O.UNIVERSAL:
        for r in range(3):
            opts[r, 0] = r
        row = opts[decide(s, T, W, opts, 3, seat, D_PLACEMENT_ROW, rng), 0]
    place_diplomat(s, T, W, opts, seat, row, rng, ev)


@kernel
def athena_reveal(s, T, W, opts, seat, rng, ev):
    """Reveal the top Athena card: a placement of its icon, the card discarded (pp. 9-10).
    With the deck and its discard both empty nothing is revealed."""
    card = draw_athena(s, T, rng)
    if card < 0:
        return
    s[L.ATHENA_LOC + card] = L.LOC_DISCARD
    emit(s, ev, seat, EV_ATHENA_REVEAL, card, 0, 0)
    place_on_row(s, T, W, opts, seat, T.athena[card, 0], rng, ev)


@kernel
def diplomats_in_row(s, T, row):
    """Diplomats a scoring of ``row`` would pay: its slots plus matching cards (p. 12)."""
    n = 0
    for slot in range(3):
        if s[L.PROGRESS + row * 3 + slot] >= 0:
            n += 1
    for d in range(T.params[P.DIPLOMACY_SPACES]):
        card = s[L.DIPLO_CARD + d]
        if card >= 0 and s[L.DIPLO_OWNER + d] >= 0 and card_matches(T, card, row):
            n += 1
    return n


@kernel
def score_row(s, T, row, source, rng):
    """Pay every Diplomat in a row its slot or card value and send it home (p. 12)."""
    for slot in range(3):
        owner = s[L.PROGRESS + row * 3 + slot]
        if owner >= 0:
            add_glory(s, owner, slot_glory(T.params, slot), source)
            s[L.PROGRESS + row * 3 + slot] = -1
            diplomat_home(s, T, owner)
            if is_real(s, owner):
                fire_skills(s, T, owner, O.TRIG_ROW_SCORED, rng)
    for d in range(T.params[P.DIPLOMACY_SPACES]):
        card = s[L.DIPLO_CARD + d]
        owner = s[L.DIPLO_OWNER + d]
        if card >= 0 and owner >= 0 and card_matches(T, card, row):
            add_glory(s, owner, T.athena[card, 1], source)
            s[L.DIPLO_OWNER + d] = -1
            diplomat_home(s, T, owner)
            if is_real(s, owner):
                fire_skills(s, T, owner, O.TRIG_ROW_SCORED, rng)


@kernel
def evaluate(s, T, seat, rng, ev):
    """Score the whole Progress track (p. 24): each row with its cards as a Build scores
    its row (p. 12), with no builder reward; a Universal card is scored once."""
    diplomats = 0
    for k in range(9):
        if s[L.PROGRESS + k] >= 0:
            diplomats += 1
    for d in range(T.params[P.DIPLOMACY_SPACES]):
        if s[L.DIPLO_CARD + d] >= 0 and s[L.DIPLO_OWNER + d] >= 0:
            diplomats += 1
    emit(s, ev, seat, EV_EVALUATE, diplomats, 0, 0)
    for row in range(3):
        score_row(s, T, row, L.SRC_ROW, rng)


@kernel
def free_slot(s, row):
    """The rightmost empty slot of a Progress row, or -1 when the row is full (p. 10)."""
    base = L.PROGRESS + row * 3
    for slot in range(2, -1, -1):
        if s[base + slot] < 0:
            return slot
    return -1
