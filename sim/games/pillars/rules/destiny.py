"""The Siege of Destiny (Appendix 4, p. ~18): the Trojan War on the Aegean side, played with
Legendary Heroes and Skirmish Mode.

Setup: the City-states are Troia, Athenai, Sparta and Argos, with Miletos at 4 players;
one seat must take Troia (and at 4 players another Miletos): Troia and Miletos are the
Trojan Alliance, the others the Achaean League, each seat allied with the other seat of
its side, if any (``teams``). Each seat takes its City-state's Hero, shuffles its
City-state's Character card into its starting deck, and gets an Olympian Invoked beside
its Player board, an extra Mythology card in no slot (random, decision 15). The Trojan
Horse joins the Monuments. The Rondel holds the Time markers (decision 15).

Play: Troia's marker crossing the line between Ascend and Procure removes a Time marker;
in its own turn a seat may Exile Prophecy and Monument cards worth at least 3 Glory to
remove one (Trojans) or add one (Achaeans, up to the start). The normal end is ignored:
the Achaeans win on Controlling Troia's Starting City, the Trojans when the last Time
marker goes. A Siege never takes an only City (p. 8), but the mode's own win condition
is the more specific rule, so a Siege may take Troia's Starting City even when it is
Troia's only City; ``TROIA_LITERAL`` (a setting) keeps p. 8's protection, so that the
Achaeans win only when Troia holds a second City."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    C_DESTINY,
    C_GLORY,
    C_KIND,
    DECKS,
    DR_EXILE_GLORY,
    DR_TIME,
    DS_CHARACTER,
    DS_CITY_STATE,
    DS_HERO,
    DS_PLAYERS,
    DS_TEAM,
    P_GLORY,
)
from sim.games.pillars.decisions import D_TIME_EXILE
from sim.games.pillars.events import EV_HERO_PICK, EV_TIME_EXILE, EV_TIME_MARKER
from sim.games.pillars.rules.cards import exile_from, pile_glory
from sim.games.pillars.rules.core import decide, emit, option
from sim.games.pillars.rules.power import city_controller
from sim.games.pillars.rules.teams import partner
from sim.jit import inline_kernel, kernel
from sim.rng import STREAM_SETUP, shuffle

OLYMPIAN = DECKS.index("olympian")
# Where a card Exiled for a Time marker comes from: a Fulfilled Prophecy, the hand, the
# discard pile (as every Exile of the text, p. 10)
EXILE_FROM = ("prophecy", "hand", "discard")
FROM_PROPHECY, FROM_HAND, FROM_DISCARD = range(len(EXILE_FROM))
TIME_CAUSES = ("crossing", "exile")
CAUSE_CROSSING, CAUSE_EXILE = range(len(TIME_CAUSES))


@kernel
def destiny_mode(s):
    return s[L.ADDONS] & L.ADDON_DESTINY != 0


@kernel
def side_row(T, tile):
    """The row of Tables.destiny for a City-state tile, -1 for a tile not in the mode."""
    for row in range(T.destiny.shape[0]):
        if T.destiny[row, DS_CITY_STATE] == tile:
            return row
    return -1


@kernel
def deal_destiny_row(s, T):
    """Step 10: the mode's City-states for this many players instead of a random draw
    (p. ~18); returns how many."""
    n = 0
    for row in range(T.destiny.shape[0]):
        if T.destiny[row, DS_PLAYERS] <= s[L.N_PLAYERS]:
            s[L.DRAWN + n] = T.destiny[row, DS_CITY_STATE]
            n += 1
    return n


@kernel
def leaves_trojans_a_seat(s, T, picks, seat, tile):
    """Step 11 in the Siege of Destiny: taking ``tile`` leaves enough seats still to draft
    for the Trojan City-states nobody holds or is fixed to, since each must be taken (one
    player must select Troia, and at 4 players one Miletos, p. ~18). Seats draft in reverse
    order, so the seats still to draft are those before ``seat``."""
    if not destiny_mode(s):
        return True
    free = 0
    for other in range(seat):
        free += picks[other] < 0
    needed = 0
    for row in range(T.destiny.shape[0]):
        trojan = T.destiny[row, DS_CITY_STATE]
        if (T.destiny[row, DS_TEAM] != L.TEAM_TROJAN or trojan == tile
                or T.destiny[row, DS_PLAYERS] > s[L.N_PLAYERS]):
            continue
        held = False
        for other in range(s[L.N_PLAYERS]):
            held |= s[L.CITY_STATE + other] == trojan or picks[other] == trojan
        needed += not held
    return needed <= free


@kernel
def team_of(s, T, seat):
    """The seat's side, layout.TEAM_* (its City-state's)."""
    return T.destiny[side_row(T, s[L.CITY_STATE + seat]), DS_TEAM]


@kernel
def take_sides(s, T, ev):
    """After the draft (p. ~18): each seat's Hero tile is its City-state's, the seats of a
    side are allied, Troia's seat is noted (Troia: the first Trojan side of the content)
    and the Time markers go on the Rondel."""
    troia = 0
    while T.destiny[troia, DS_TEAM] != L.TEAM_TROJAN:
        troia += 1
    for seat in range(s[L.N_PLAYERS]):
        row = side_row(T, s[L.CITY_STATE + seat])
        hero = T.destiny[row, DS_HERO]
        s[L.HERO + seat] = hero
        s[L.HERO_DRAWN + seat] = hero
        emit(s, ev, seat, EV_HERO_PICK, hero, 0, 0)
        if row == troia:
            s[L.TROIA] = seat
        for other in range(seat):
            if team_of(s, T, other) == T.destiny[row, DS_TEAM]:
                s[L.PARTNER + seat] = other
                s[L.PARTNER + other] = seat
    s[L.TIME_MARKERS] = most_time_markers(s, T)


@kernel
def most_time_markers(s, T):
    """The Time markers the game starts with and the Achaeans may add up to (p. ~18,
    decision 15)."""
    return T.destiny_rules[DR_TIME + s[L.N_PLAYERS] - 2]


@kernel
def shuffle_in_character(s, T, seat, rng):
    """Step 15: the seat's City-state Character card joins its draw pile, shuffled again
    (p. ~18); the Characters of City-states not in play stay out of the game (setup's
    ``shuffled_kind`` put them there)."""
    card = T.destiny[side_row(T, s[L.CITY_STATE + seat]), DS_CHARACTER]
    s[L.CARD_OUT + card] = 0
    deck = L.DECK + seat * L.MAX_PILE
    s[deck + s[L.DECK_N + seat]] = card
    s[L.DECK_N + seat] += 1
    shuffle(s[deck:], s[L.DECK_N + seat], rng, STREAM_SETUP)


@kernel
def olympians_beside(s):
    """Step 15: each seat, in turn order, an Olympian Invoked beside its Player board: the
    Olympian deck's top card, the text's table of them being lost (decision 15)."""
    for seat in range(s[L.N_PLAYERS]):
        top = L.MYTH_DECK + OLYMPIAN * L.MAX_MYTH_DECK + s[L.MYTH_N + OLYMPIAN] - 1
        slot = seat * L.MAX_MYTH_SLOTS + L.MYTH_BESIDE
        s[L.MYTH_SLOT + slot] = s[top]
        s[L.MYTH_INVOKED + slot] = 1
        s[top] = -1
        s[L.MYTH_N + OLYMPIAN] -= 1


@kernel
def in_destiny_deck(s, T, card):
    """The card may go to the Procurement decks: any card of the core game, and in the
    Siege of Destiny its Monument too (its Characters go to the starting decks)."""
    if T.cards[card, C_DESTINY] == 0:
        return True
    return destiny_mode(s) and T.cards[card, C_KIND] == L.KIND_MONUMENT


@kernel
def change_time(s, ev, seat, change, cause):
    s[L.TIME_MARKERS] += change
    emit(s, ev, seat, EV_TIME_MARKER, change, s[L.TIME_MARKERS], cause)


@kernel
def troia_crossing(s, ev, seat):
    """Troia's marker crossed the line between Ascend and Procure: a Time marker goes."""
    if destiny_mode(s) and seat == s[L.TROIA] and s[L.CROSSED] == 1 and s[L.TIME_MARKERS] > 0:
        change_time(s, ev, seat, -1, CAUSE_CROSSING)


@kernel
def time_change(s, T, seat):
    """What an Exile would do to the Time markers now: -1 for a Trojan while some are
    left, +1 for an Achaean below the most, 0 for nothing."""
    if team_of(s, T, seat) == L.TEAM_TROJAN:
        return -1 if s[L.TIME_MARKERS] > 0 else 0
    return 1 if s[L.TIME_MARKERS] < most_time_markers(s, T) else 0


@kernel
def exile_options(s, T, seat, opts, n):
    """The seat's cards an Exile for a Time marker may take: its Fulfilled Prophecies, and
    the Monuments in its hand and discard pile, each with its Glory (options from ``n``)."""
    for c in range(T.prophecies.shape[0]):
        if s[L.PROPHECY_OWNER + c] == seat:
            n = option(opts, n, FROM_PROPHECY, c, T.prophecies[c, P_GLORY], 0)
    base = seat * L.MAX_PILE
    for h in range(s[L.HAND_N + seat]):
        card = s[L.HAND + base + h]
        if T.cards[card, C_KIND] == L.KIND_MONUMENT:
            n = option(opts, n, FROM_HAND, h, T.cards[card, C_GLORY], 0)
    for d in range(s[L.DISCARD_N + seat]):
        card = s[L.DISCARD + base + d]
        if T.cards[card, C_KIND] == L.KIND_MONUMENT:
            n = option(opts, n, FROM_DISCARD, d, T.cards[card, C_GLORY], 0)
    return n


@kernel
def exile_glory(s, T, seat):
    """The Glory of the cards an Exile for a Time marker may take (``exile_options``)."""
    glory = pile_glory(s, T, seat, L.HAND, L.HAND_N) + pile_glory(s, T, seat, L.DISCARD, L.DISCARD_N)
    for c in range(T.prophecies.shape[0]):
        if s[L.PROPHECY_OWNER + c] == seat:
            glory += T.prophecies[c, P_GLORY]
    return glory


@kernel
def may_exile_for_time(s, T, seat):
    """In the Siege of Destiny, the seat can move a Time marker by an Exile now: the move
    is open to it and its cards hold the Glory (p. ~18)."""
    return (destiny_mode(s) and time_change(s, T, seat) != 0
            and exile_glory(s, T, seat) >= T.destiny_rules[DR_EXILE_GLORY])


@kernel
def exile_for_time(s, T, W, ev, seat, opts, rng):
    """The seat Exiles cards one by one until they hold 3 Glory, then a Time marker is
    removed (Trojans) or added (Achaeans) (p. ~18). Asked only when ``may_exile_for_time``."""
    glory = 0
    while glory < T.destiny_rules[DR_EXILE_GLORY]:
        n = exile_options(s, T, seat, opts, 0)
        k = decide(s, T, W, opts, n, seat, D_TIME_EXILE, rng)
        where, which = opts[k, 0], opts[k, 1]
        glory += opts[k, 2]
        if where == FROM_PROPHECY:
            s[L.PROPHECY_OWNER + which] = L.PROPHECY_EXILED
            card = which
        else:
            card = exile_from(s, seat, where - FROM_HAND, which)
        emit(s, ev, seat, EV_TIME_EXILE, where, card, opts[k, 2])
    change_time(s, ev, seat, time_change(s, T, seat), CAUSE_EXILE)


@inline_kernel
def troia_city(s, T):
    """The Land of Troia's Starting City: its tile's starting Land (step 12), where the City
    stays all game (the mode has no Barbarians to raze it). A lookup, not a scan: the
    bots ask it for every Land they weigh."""
    return T.city_start[s[L.SIDE], s[L.CITY_STATE + s[L.TROIA]]]


@kernel
def siege_may_take_only_city(s, land, owner):
    """A Siege may take ``owner``'s only City on ``land``: only Troia's Starting City, whose
    taking wins the Achaeans the game (p. ~18), the more specific rule than p. 8's; not
    with ``troia_rule = "literal"``."""
    return (destiny_mode(s) and s[L.TROIA_RULE] == L.TROIA_LIFTED and owner == s[L.TROIA]
            and s[L.LAND_CITY + land] == owner)


@kernel
def destiny_end(s, T):
    """The mode's instant wins (p. ~18) as an END_* code: an Achaean Controls Troia's
    Starting City, or no Time marker is left; END_NONE."""
    owner = city_controller(s, troia_city(s, T))
    if owner >= 0 and owner != s[L.TROIA] and owner != partner(s, s[L.TROIA]):
        return L.END_TROIA_TAKEN
    if s[L.TIME_MARKERS] == 0:
        return L.END_TIME_RUNS_OUT
    return L.END_NONE


@kernel
def mark_destiny_winners(s, T):
    """WON is 1 for each seat of the side that won; nobody wins a game the safety stop
    ended."""
    reason = s[L.END_REASON]
    winner = (L.TEAM_ACHAEAN if reason == L.END_TROIA_TAKEN
              else L.TEAM_TROJAN if reason == L.END_TIME_RUNS_OUT else -1)
    for seat in range(s[L.N_PLAYERS]):
        s[L.WON + seat] = 1 if team_of(s, T, seat) == winner else 0

