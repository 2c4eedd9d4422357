"""Read-only questions a seat may ask about the public state and its own holdings.

The rules' own reads (``rules.core``, ``rules.pieces``, ``rules.skills``, ``rules.actions``,
``rules.progress``) are called as they are; what is here the rules do not ask.
Nothing here reads another seat's Missions, Athena hand or tucked Skills, or the order of
any deck.
"""

from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles import params as P
from sim.games.pericles.rules.progress import card_matches, slot_glory
from sim.jit import inline_kernel, kernel

TOTAL_PIECES = sum(L.PIECE_CAPACITY)


@kernel
def column_has_amphora(s, column):
    """A Market column can pay for a Unit or an Athena card (p. 10, p. 11)."""
    return s[L.MARKET + column] + s[L.MARKET + 3 + column] + s[L.MARKET + 6 + column] > 0


@inline_kernel
def row_payout(s, T, row, seat):
    """(Glory a scoring of ``row`` pays ``seat``, Glory it pays everyone else, Diplomats
    it pays): slot values plus matching Diplomacy-track cards (p. 12)."""
    mine = 0
    others = 0
    count = 0
    for slot in range(3):
        owner = s[L.PROGRESS + row * 3 + slot]
        if owner >= 0:
            count += 1
            if owner == seat:
                mine += slot_glory(T.params, slot)
            elif owner != s[L.DEMAGOGUE]:
                others += slot_glory(T.params, slot)
    for d in range(T.params[P.DIPLOMACY_SPACES]):
        card = s[L.DIPLO_CARD + d]
        owner = s[L.DIPLO_OWNER + d]
        if card >= 0 and owner >= 0 and card_matches(T, card, row):
            count += 1
            if owner == seat:
                mine += T.athena[card, 1]
            elif owner != s[L.DEMAGOGUE]:
                others += T.athena[card, 1]
    return mine, others, count


@kernel
def row_has_column(s, row):
    """A Build for ``row`` can raise a column: its own type or a Universal space (p. 12)."""
    p = L.PARTHENON
    cap = L.PIECE_CAPACITY
    if row == O.MILITARY:
        own = s[p + L.PIECE_MILITARY] < cap[L.PIECE_MILITARY]
    elif row == O.CULTURE:
        own = s[p + L.PIECE_CULTURE] < cap[L.PIECE_CULTURE]
    else:
        own = (s[p + L.PIECE_ECONOMY_UPPER] < cap[L.PIECE_ECONOMY_UPPER]
               or s[p + L.PIECE_ECONOMY_LOWER] < cap[L.PIECE_ECONOMY_LOWER])
    return own or (s[p + L.PIECE_UNIVERSAL_UPPER] < cap[L.PIECE_UNIVERSAL_UPPER]
                   or s[p + L.PIECE_UNIVERSAL_LOWER] < cap[L.PIECE_UNIVERSAL_LOWER])


@kernel
def pieces_left(s):
    """Parthenon pieces still to raise before the game ends (p. 17)."""
    raised = 0
    for piece in range(L.N_PIECE_KINDS):
        raised += s[L.PARTHENON + piece]
    return TOTAL_PIECES - raised


@kernel
def unused_citizens_glory(s, T, seat):
    """Game-end Glory of the Citizens ``seat`` has not placed this round (p. 17)."""
    small = s[L.SMALL_UNLOCKED + seat] - s[L.SMALL_PLACED + seat] - s[L.SMALL_BACK + seat]
    large = s[L.LARGE_UNLOCKED + seat] - s[L.LARGE_PLACED + seat]
    return small * T.params[P.UNUSED_SMALL_GLORY] + large * T.params[P.UNUSED_LARGE_GLORY]


@kernel
def card_progress(need, m, e, c, u):
    """Cards toward one complete card cost when holding m, e, c, u cards by icon: the
    larger of a same-icon set and a set of different icons, a Universal card counting as
    any icon (pp. 12, 24)."""
    best = max(m, e, c) + u
    if need <= 3:
        best = max(best, (m > 0) + (e > 0) + (c > 0) + u)
    return best


@inline_kernel  # called per option: LLVM does not inline it on its own once the memo calls it
def set_progress(s, params, seat, d_amph, d_troph, d_icon, icon):
    """Progress toward one complete Build cost (0..1) after changing holdings: the best
    of 3 Amphoras, 3 Trophies, 3 same-icon or 3 different-icon cards (p. 12)."""
    need = params[P.BUILD_COST]
    hand = L.HAND_ICONS + seat * L.N_ICONS
    best = max(s[L.AMPHORAS + seat] + d_amph, s[L.TROPHIES + seat] + d_troph)
    m = s[hand + O.MILITARY] + (d_icon if icon == O.MILITARY else 0)
    e = s[hand + O.ECONOMY] + (d_icon if icon == O.ECONOMY else 0)
    c = s[hand + O.CULTURE] + (d_icon if icon == O.CULTURE else 0)
    u = s[hand + O.UNIVERSAL] + (d_icon if icon == O.UNIVERSAL else 0)
    best = max(best, card_progress(need, m, e, c, u))
    return min(best, need) / need
