"""Legendary Heroes (Appendix 4, p. 16): a Hero Unit beside each City-state.

In step 10 one Hero tile more than there are players is turned face up. In step 11 each
seat, from the First Player's right anticlockwise, takes either a Hero tile or a City-state
(with its Starting Resource); then each, from the First Player clockwise, takes the kind it
did not take. A Hero Unit waits on its tile until its seat Deploys it, for 2 Gold, to a Land
holding one of the seat's Cities (decision 45); it then counts as a Land Unit everywhere
(moving, exploring, Power, the Strategy tiles that count Land Units) and adds its tile's
base Power. A Hero sent off the board goes back to its tile; another seat may take it off
only where its owner has no other Unit (a Ship in the Land's Port counts, decision 35).
The tile's ability acts while the Hero Unit is on the board (decision 44).

Odysseus: a random token face down in each open Region at setup (only when a seat took
him); an explore of any Land turns its Region's token face up; each face-up token is a
challenge in its Region, and the Odysseus seat meeting it takes the token onto his tile:
his Power is 1 + his tokens."""

from sim.games.pillars import layout as L
from sim.games.pillars.content import ODYSSEUS_CHALLENGES, RESOURCES
from sim.games.pillars.decisions import D_DRAFT_FIRST, D_HERO
from sim.games.pillars.events import EV_HERO_PICK, EV_ODYSSEUS_TOKEN
from sim.games.pillars.rules.core import decide, emit, option
from sim.jit import inline_kernel, kernel
from sim.rng import STREAM_SETUP, shuffle

HERO_POWER, HERO_TOKENS, HERO_FX, HERO_TRIGGER = range(4)  # columns of Tables.heroes
CH_BUILDING, CH_PILLAR, CH_MYTHOLOGY, CH_PROPHECY, CH_VICTORY, CH_CITY = range(
    len(ODYSSEUS_CHALLENGES))
HERO_GOLD = 2  # the Gold a Hero's Deploy costs (p. 16)
GOLD = RESOURCES.index("gold")
TOKEN_KINDS = ("revealed", "taken")  # what an odysseus_token event reports
TOKEN_REVEALED, TOKEN_TAKEN = range(len(TOKEN_KINDS))


@kernel
def heroes_mode(s):
    return s[L.ADDONS] & L.ADDON_HEROES != 0


@inline_kernel
def hero_power(s, T, seat):
    """The Power the seat's Hero Unit adds where it stands: its base Power, and one per
    token on a tile that counts them (Odysseus)."""
    hero = s[L.HERO + seat]
    return T.heroes[hero, HERO_POWER] + T.heroes[hero, HERO_TOKENS] * s[L.HERO_TOKENS + seat]


@kernel
def heroic_power(s, T, seat):
    """``hero_power`` of the seat's Hero tile, 0 without one (the dataset's column)."""
    return hero_power(s, T, seat) if s[L.HERO + seat] >= 0 else 0


@kernel
def shuffled(n, scratch, rng):
    """0 .. n - 1 in a random order (the setup stream) in ``scratch[:n]``; returns n."""
    for k in range(n):
        scratch[k] = k
    shuffle(scratch, n, rng, STREAM_SETUP)
    return n


@kernel
def draw_heroes(s, T, scratch, rng):
    """Step 10: the Hero tiles shuffled, players + 1 of them face up (p. 16)."""
    n = shuffled(T.heroes.shape[0], scratch, rng)
    for k in range(min(s[L.N_PLAYERS] + 1, n)):
        s[L.HERO_DRAWN + k] = scratch[k]


@kernel
def hero_first(s, T, W, opts, seat, rng):
    """Step 11's first pass: True when the seat takes a Hero tile now and its City-state in
    the second pass, False for the other way round (p. 16)."""
    n = option(opts, option(opts, 0, 0, 0, 0, 0), 1, 0, 0, 0)
    return opts[decide(s, T, W, opts, n, seat, D_DRAFT_FIRST, rng), 0] == 1


@kernel
def take_hero(s, T, W, opts, ev, seat, rng):
    """The seat takes one of the face-up Hero tiles no seat holds; its Hero Unit starts on
    the tile (p. 16)."""
    n = 0
    for k in range(L.HEROES_UP):
        hero = s[L.HERO_DRAWN + k]
        if hero < 0:
            continue
        taken = False
        for other in range(s[L.N_PLAYERS]):
            taken |= s[L.HERO + other] == hero
        if not taken:
            n = option(opts, n, hero, k, 0, 0)
    hero = opts[decide(s, T, W, opts, n, seat, D_HERO, rng), 0]
    s[L.HERO + seat] = hero
    emit(s, ev, seat, EV_HERO_PICK, hero, 0, 0)


@kernel
def odysseus_seat(s, T):
    """The seat holding a tile that counts tokens (Odysseus), -1."""
    for seat in range(s[L.N_PLAYERS]):
        hero = s[L.HERO + seat]
        if hero >= 0 and T.heroes[hero, HERO_TOKENS] == 1:
            return seat
    return -1


@kernel
def place_odysseus_tokens(s, T, scratch, rng):
    """With Odysseus in play, a random token face down in each open Region, the tokens left
    over out of the game (p. 16)."""
    if odysseus_seat(s, T) < 0:
        return
    n = shuffled(T.odysseus.shape[0], scratch, rng)
    k = 0
    for region in range(L.N_REGIONS):
        if s[L.REGION_BLOCKED + region] == 0 and k < n:
            s[L.ODYSSEUS + region] = scratch[k]
            k += 1


@kernel
def reveal_odysseus(s, T, ev, seat, land):
    """An explore of ``land`` turns its Region's Odysseus token face up (p. 16)."""
    region = T.land_region[s[L.SIDE], land]
    if region >= 0 and s[L.ODYSSEUS + region] >= 0 and s[L.ODYSSEUS_UP + region] == 0:
        s[L.ODYSSEUS_UP + region] = 1
        emit(s, ev, seat, EV_ODYSSEUS_TOKEN, region, s[L.ODYSSEUS + region], TOKEN_REVEALED)


@kernel
def odysseus_challenge(s, T, ev, seat, land, challenge):
    """The seat met ``challenge`` (CH_*) on ``land`` (-1: nowhere)."""
    if land >= 0:
        region_challenge(s, T, ev, seat, T.land_region[s[L.SIDE], land], challenge)


@kernel
def region_challenge(s, T, ev, seat, region, challenge):
    """The seat met ``challenge`` in ``region`` (-1: none, as Atlantis): when it holds
    Odysseus and the Region's token is face up with that challenge, the token goes onto his
    tile (p. 16)."""
    hero = s[L.HERO + seat]
    if region < 0 or hero < 0 or T.heroes[hero, HERO_TOKENS] == 0:
        return
    token = s[L.ODYSSEUS + region]
    if token >= 0 and s[L.ODYSSEUS_UP + region] == 1 and T.odysseus[token] == challenge:
        s[L.ODYSSEUS + region] = -1
        s[L.ODYSSEUS_UP + region] = 0
        s[L.HERO_TOKENS + seat] += 1
        emit(s, ev, seat, EV_ODYSSEUS_TOKEN, region, token, TOKEN_TAKEN)
