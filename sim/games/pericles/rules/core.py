"""Shared steps every rule uses: decisions, trace events, Glory, the Reserve, decks.

Every component is strictly limited (p. 9): gains come from the Reserve and are lost
when it is empty; payments go back to it.
"""

from sim.games import policies
from sim.games.kernels import append_event, total
from sim.games.pericles import layout as L
from sim.games.pericles import params as P
from sim.games.pericles.events import EV_COLS
from sim.games.pericles.invariants import V_NO_BOT_ENTRY
from sim.games.pericles.rules.use import count_use
from sim.jit import kernel
from sim.rng import STREAM_BOT, STREAM_SETUP, below, shuffle


@kernel
def decide(s, T, W, opts, n, seat, kind, rng):
    """Ask ``seat``'s bot to pick one of ``n`` >= 1 options; a lone option needs no ask.
    The bots are reached through their entry's address (sim.games.policies): a game started
    without it is marked broken and takes option 0. A random-legal seat asks no bot."""
    s[L.DECISIONS] += 1
    if n == 1:
        return 0
    if s[L.STRATEGY + seat] == policies.RANDOM_LEGAL:
        return below(rng, STREAM_BOT + seat, n)
    return policies.ask(s, L.BOT_ENTRY, L.VIOLATION, V_NO_BOT_ENTRY, T, W, opts, n, seat, kind, rng)


@kernel
def emit(s, ev, seat, code, a, b, c):
    """Count the event for the play profile and append it to the trace (round, phase,
    seat, code, a, b, c, every Glory); a full trace buffer drops the row."""
    if seat >= 0:
        count_use(s, seat, code, a, b, c)
    k = append_event(s, L.EVENTS, ev, s[L.ROUND], s[L.PHASE], seat, code, a, b, c)
    if k >= 0:
        for p in range(L.MAX_SEATS):
            ev[k, EV_COLS + p] = s[L.GLORY + p]


@kernel
def is_real(s, seat):
    """True for a real player's seat (not the Demagogue)."""
    return seat != s[L.DEMAGOGUE]


@kernel
def next_seat(s, seat):
    """The seat clockwise after ``seat``."""
    n = s[L.N_SEATS]
    for k in range(n):
        if s[L.CLOCKWISE + k] == seat:
            return s[L.CLOCKWISE + (k + 1) % n]
    return seat


@kernel
def add_glory(s, seat, amount, source):
    """Change a real player's Glory and book it to one source (no-op for the Demagogue)."""
    if seat < 0 or not is_real(s, seat):
        return
    s[L.GLORY + seat] += amount
    s[L.GLORY_SRC + seat * L.N_SOURCES + source] += amount


@kernel
def gain_silver(s, seat, amount):
    """Take up to ``amount`` Silver from the Reserve."""
    got = min(amount, s[L.RESERVE_SILVER])
    s[L.RESERVE_SILVER] -= got
    s[L.SILVER + seat] += got


@kernel
def pay_silver(s, seat, amount):
    s[L.SILVER + seat] -= amount
    s[L.RESERVE_SILVER] += amount


@kernel
def gain_amphoras(s, seat, amount):
    got = min(amount, s[L.RESERVE_AMPHORAS])
    s[L.RESERVE_AMPHORAS] -= got
    s[L.AMPHORAS + seat] += got


@kernel
def pay_amphoras(s, seat, amount):
    s[L.AMPHORAS + seat] -= amount
    s[L.RESERVE_AMPHORAS] += amount


@kernel
def gain_trophies(s, seat, amount):
    got = min(amount, s[L.RESERVE_TROPHIES])
    s[L.RESERVE_TROPHIES] -= got
    s[L.TROPHIES + seat] += got


@kernel
def pay_trophies(s, seat, amount):
    s[L.TROPHIES + seat] -= amount
    s[L.RESERVE_TROPHIES] += amount


@kernel
def add_corruption(s, amount):
    """Move Silver from the Reserve onto the Corruption offer (p. 9)."""
    got = min(amount, s[L.RESERVE_SILVER])
    s[L.RESERVE_SILVER] -= got
    s[L.CORRUPTION] += got


# ---- decks (p. 9): Athena, Mission and Skill decks reshuffle their own discards ----


@kernel
def _draw(s, deck, deck_n, loc, size, rng):
    """Top card of a deck, reshuffling its discard when it is empty; -1 when both are empty."""
    if s[deck_n] == 0:
        n = 0
        for c in range(size):
            if s[loc + c] == L.LOC_DISCARD:
                s[deck + n] = c
                s[loc + c] = L.LOC_DECK
                n += 1
        shuffle(s[deck:deck + n], n, rng, STREAM_SETUP)
        s[deck_n] = n
        if n == 0:
            return -1
    s[deck_n] -= 1
    return s[deck + s[deck_n]]


@kernel
def draw_athena(s, T, rng):
    """Draw the top Athena card (caller sets where it goes)."""
    return _draw(s, L.ATHENA_DECK, L.ATHENA_DECK_N, L.ATHENA_LOC, T.athena.shape[0], rng)


@kernel
def draw_mission(s, T, rng):
    return _draw(s, L.MISSION_DECK, L.MISSION_DECK_N, L.MISSION_LOC, T.missions.shape[0], rng)


@kernel
def draw_skill(s, T, rng):
    return _draw(s, L.SKILL_DECK, L.SKILL_DECK_N, L.SKILL_LOC, T.skills.shape[0], rng)


@kernel
def athena_to_hand(s, T, seat, card):
    s[L.ATHENA_LOC + card] = seat
    s[L.HAND_ICONS + seat * L.N_ICONS + T.athena[card, 0]] += 1


@kernel
def gain_athena(s, T, seat, count, rng):
    """Draw ``count`` Athena cards into a hand."""
    for _ in range(count):
        card = draw_athena(s, T, rng)
        if card < 0:
            return
        athena_to_hand(s, T, seat, card)


@kernel
def discard_athena_icon(s, T, seat, icon):
    """Discard one Athena card of ``icon`` from a hand (the lowest-numbered such card)."""
    for c in range(T.athena.shape[0]):
        if s[L.ATHENA_LOC + c] == seat and T.athena[c, 0] == icon:
            s[L.ATHENA_LOC + c] = L.LOC_DISCARD
            s[L.HAND_ICONS + seat * L.N_ICONS + icon] -= 1
            return


@kernel
def gain_missions(s, T, seat, count, rng):
    for _ in range(count):
        m = draw_mission(s, T, rng)
        if m < 0:
            return
        s[L.MISSION_LOC + m] = seat
        s[L.MISSIONS_HELD + seat] += 1


@kernel
def discard_mission(s, seat, m):
    s[L.MISSION_LOC + m] = L.LOC_DISCARD
    s[L.MISSIONS_HELD + seat] -= 1


@kernel
def refill_offer(s, T, rng):
    """Fill empty Athena offer slots from the deck (end of a turn, p. 11)."""
    for k in range(T.params[P.ATHENA_OFFER_SIZE]):
        if s[L.ATHENA_OFFER + k] < 0:
            card = draw_athena(s, T, rng)
            if card < 0:
                return
            s[L.ATHENA_OFFER + k] = card
            s[L.ATHENA_LOC + card] = L.LOC_OFFER


@kernel
def refill_market(s):
    """Fill every empty Market space from the Reserve, without rewards (p. 12)."""
    for m in range(9):
        if s[L.MARKET + m] == 0 and s[L.RESERVE_AMPHORAS] > 0:
            s[L.MARKET + m] = 1
            s[L.RESERVE_AMPHORAS] -= 1


@kernel
def hand_size(s, seat):
    """Athena cards in a seat's hand."""
    return total(s, L.HAND_ICONS + seat * L.N_ICONS, L.N_ICONS)
