"""Augury, Divination and Divine Intervention: the Priestess looks at the coming Event
cards, reorders them, or swaps one for a card outside the game (pp. 23, 27).

The decks are shuffled, so a card nobody has seen is drawn at random; a card the Priestess
has seen is fixed on top of its deck (``DECK_TOP``) and drawn in that order.
"""

from sim.games.aeolis import layout as L
from sim.games.aeolis import ops
from sim.games.aeolis.decisions import D_ARRANGE, D_INTERVENE
from sim.games.aeolis.events import EV_AUGURY, EV_INTERVENE
from sim.games.aeolis.rules.core import decide, emit
from sim.games.aeolis.rules.upkeep import draw_unseen
from sim.jit import kernel


@kernel
def family(T, card):
    """1 for a Curse, 0 for a Blessing, -1 for other cards (the types of p. 27)."""
    deck = T.card_deck[card]
    if deck == ops.DECK_C1 or deck == ops.DECK_C2:
        return 1
    return 0 if deck == ops.DECK_B else -1


@kernel
def future_draws(s, T, deck):
    """Cards the mode's schedule still draws from ``deck`` after this round (p. 6)."""
    n = 0
    for r in range(s[L.ROUND], s[L.N_ROUNDS]):
        for j in range(T.schedule.shape[2]):
            if T.schedule[s[L.MODE], r, j] == deck:
                n += 1
    return n


@kernel
def foresee(s, T, rng, deck, n):
    """Fix the top ``n`` cards of ``deck``, turning unseen ones over as needed; returns how
    many the deck holds (at most n)."""
    top = L.DECK_TOP + deck * L.MAX_TOP
    k = 0
    while k < n and k < L.MAX_TOP:
        if s[top + k] < 0:
            card = draw_unseen(s, T, rng, deck)
            if card < 0:
                break
            s[L.CARD_STATE + card] = L.CARD_SEEN
            s[top + k] = card
        k += 1
    return k


@kernel
def _outside(s, T, fam):
    """A card of that family outside the game exists."""
    for c in range(T.card_kind.shape[0]):
        if s[L.CARD_STATE + c] == L.CARD_OUT and family(T, c) == fam:
            return True
    return False


@kernel
def intervene(s, T, W, opts, rng, ev, curse_deck, n_curse, n_bless):
    """Divine Intervention: the team may take one seen card out of play and put a card of
    the same type from outside the game in its place (p. 27)."""
    opts[0, 0], opts[0, 3] = -1, 0  # column 3: 0 the card taken out, 1 the card brought in
    n = 1
    for d in range(2):
        deck = curse_deck if d == 0 else ops.DECK_B
        seen = n_curse if d == 0 else n_bless
        # a seen card lies on its own deck, so every card of this deck's row is one family
        if seen == 0 or not _outside(s, T, family(T, s[L.DECK_TOP + deck * L.MAX_TOP])):
            continue
        for k in range(seen):
            opts[n, 0], opts[n, 1], opts[n, 2], opts[n, 3] = \
                s[L.DECK_TOP + deck * L.MAX_TOP + k], deck, k, 0
            n += 1
    c = decide(s, T, W, opts, n, D_INTERVENE, rng)
    out = opts[c, 0]
    if out < 0:
        return
    slot = L.DECK_TOP + opts[c, 1] * L.MAX_TOP + opts[c, 2]
    n = 0
    fam = family(T, out)
    for card in range(T.card_kind.shape[0]):
        if s[L.CARD_STATE + card] == L.CARD_OUT and family(T, card) == fam and n < opts.shape[0]:
            opts[n, 0], opts[n, 1], opts[n, 2], opts[n, 3] = card, -1, -1, 1
            n += 1
    new = opts[decide(s, T, W, opts, n, D_INTERVENE, rng), 0]
    s[L.CARD_STATE + out] = L.CARD_OUT
    s[L.CARD_STATE + new] = L.CARD_SEEN
    s[slot] = new
    emit(s, ev, EV_INTERVENE, out, new, 0)


@kernel
def arrange(s, T, W, opts, rng, deck, seen):
    """Divination: the team picks, from the top down, which seen card comes next (p. 23)."""
    top = L.DECK_TOP + deck * L.MAX_TOP
    for pos in range(seen - 1):
        n = 0
        for k in range(pos, seen):
            opts[n, 0], opts[n, 1] = s[top + k], deck
            n += 1
        k = pos + decide(s, T, W, opts, n, D_ARRANGE, rng)
        s[top + pos], s[top + k] = s[top + k], s[top + pos]


@kernel
def augury(s, T, W, opts, rng, ev, curse_deck, faith, n_curse):
    """Look at ``n_curse`` cards of one Age's Curse deck and the rest of the Faith in
    Blessings. Balance only looks; Life (Divination) reorders; Death (Divine Intervention)
    may first swap one card for one outside the game, then reorders (pp. 23, 27)."""
    level = s[L.LEVEL + L.B_TEMPLE]
    seen_c = foresee(s, T, rng, curse_deck, n_curse)
    seen_b = foresee(s, T, rng, ops.DECK_B, faith - n_curse)
    emit(s, ev, EV_AUGURY, curse_deck, seen_c, level)
    emit(s, ev, EV_AUGURY, ops.DECK_B, seen_b, level)
    if level == 2:
        intervene(s, T, W, opts, rng, ev, curse_deck, seen_c, seen_b)
    if level >= 1:
        arrange(s, T, W, opts, rng, curse_deck, seen_c)
        arrange(s, T, W, opts, rng, ops.DECK_B, seen_b)
