"""Action and Mythology cards: draws, the Procurement Area, Mythology slots (pp. 7, 9)."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import C_GLORY, S_MYTHOLOGY_SLOTS
from sim.jit import kernel
from sim.rng import STREAM_SETUP, shuffle


@kernel
def draw_cards(s, seat, count):
    """Draw up to ``count`` cards from the top of the seat's draw pile into its hand."""
    deck = L.DECK + seat * L.MAX_PILE
    hand = L.HAND + seat * L.MAX_PILE
    for _ in range(count):
        n = s[L.DECK_N + seat]
        if n == 0:
            return
        s[hand + s[L.HAND_N + seat]] = s[deck + n - 1]
        s[deck + n - 1] = -1
        s[L.DECK_N + seat] = n - 1
        s[L.HAND_N + seat] += 1


@kernel
def mythology_room(s, T, seat):
    """Mythology slots the seat may fill: the base number plus one per Temple built (p. 10);
    never the Siege of Destiny's card beside the board (p. ~18)."""
    room = T.setup[S_MYTHOLOGY_SLOTS]
    for land in range(s[L.LAND_END]):
        if s[L.LAND_BUILDING + land * L.MAX_PLAYERS + seat] == L.B_TEMPLE:
            room += 1
    return min(room, L.MYTH_BESIDE)


@kernel
def hand_to_discard(s, seat, h):
    """Move the card at hand index ``h`` onto the seat's discard pile; the last card of the
    hand takes its place (a hand has no order). Returns the card row."""
    hand = L.HAND + seat * L.MAX_PILE
    n = s[L.HAND_N + seat]
    card = s[hand + h]
    s[hand + h] = s[hand + n - 1]
    s[hand + n - 1] = -1
    s[L.HAND_N + seat] = n - 1
    s[L.DISCARD + seat * L.MAX_PILE + s[L.DISCARD_N + seat]] = card
    s[L.DISCARD_N + seat] += 1
    return card


@kernel
def pile_glory(s, T, seat, pile, count):
    """Glory printed on the Monuments of one of the seat's piles (``pile`` and ``count``:
    layout.DECK and DECK_N, HAND and HAND_N, or DISCARD and DISCARD_N)."""
    g = 0
    base = pile + seat * L.MAX_PILE
    for k in range(s[count + seat]):
        g += T.cards[s[base + k], C_GLORY]
    return g


@kernel
def exile_from(s, seat, where, at):
    """Remove the card at index ``at`` of the seat's hand (``where`` 0) or discard pile (1)
    from the game onto its exiled pile (p. 10); the pile's last card takes its place (neither
    pile has an order). Returns the card row."""
    pile = (L.HAND if where == 0 else L.DISCARD) + seat * L.MAX_PILE
    count = (L.HAND_N if where == 0 else L.DISCARD_N) + seat
    card = s[pile + at]
    s[pile + at] = s[pile + s[count] - 1]
    s[pile + s[count] - 1] = -1
    s[count] -= 1
    s[L.EXILED + seat * L.MAX_PILE + s[L.EXILED_N + seat]] = card
    s[L.EXILED_N + seat] += 1
    return card


@kernel
def bottom_of_deck(s, deck, card):
    """Put a Mythology card face down at the bottom of its deck."""
    base = L.MYTH_DECK + deck * L.MAX_MYTH_DECK
    n = s[L.MYTH_N + deck]
    for k in range(n, 0, -1):
        s[base + k] = s[base + k - 1]
    s[base] = card
    s[L.MYTH_N + deck] = n + 1


@kernel
def draw_mythology(s, deck):
    """The top card of a Mythology deck, taken off it; -1 when it is empty."""
    n = s[L.MYTH_N + deck]
    if n == 0:
        return -1
    top = L.MYTH_DECK + deck * L.MAX_MYTH_DECK + n - 1
    card = s[top]
    s[top] = -1
    s[L.MYTH_N + deck] = n - 1
    return card


@kernel
def draw_card(s, seat, rng):
    """Draw one card; an empty draw pile is first rebuilt from the shuffled discard pile
    (p. ~9). Returns the card, or -1 when both piles are empty."""
    if s[L.DECK_N + seat] == 0:
        n = s[L.DISCARD_N + seat]
        if n == 0:
            return -1
        deck = L.DECK + seat * L.MAX_PILE
        discard = L.DISCARD + seat * L.MAX_PILE
        for k in range(n):
            s[deck + k] = s[discard + k]
            s[discard + k] = -1
        s[L.DISCARD_N + seat] = 0
        shuffle(s[deck:deck + n], n, rng, STREAM_SETUP)
        s[L.DECK_N + seat] = n
    n = s[L.DECK_N + seat]
    card = s[L.DECK + seat * L.MAX_PILE + n - 1]
    s[L.DECK + seat * L.MAX_PILE + n - 1] = -1
    s[L.DECK_N + seat] = n - 1
    s[L.HAND + seat * L.MAX_PILE + s[L.HAND_N + seat]] = card
    s[L.HAND_N + seat] += 1
    return card


@kernel
def draw_cards_reshuffling(s, seat, count, rng):
    """Draw ``count`` cards (reshuffling as needed); returns how many were drawn."""
    drawn = 0
    for _ in range(count):
        if draw_card(s, seat, rng) < 0:
            break
        drawn += 1
    return drawn
