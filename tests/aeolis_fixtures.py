"""Hand-built Aeolis states for the rules tests: a blank board, a seeded RNG, a raid."""

from functools import cache

import numpy as np

from sim import cfuncs
from sim.games.aeolis import layout as L
from sim.games.aeolis.content import load_content
from sim.games.aeolis.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.aeolis.events import EV_COLS
from sim.rng import N_STREAMS, seed_streams
from strategies.aeolis.players import team_entry
from strategies.aeolis.styles import weights

STANDARD = ("queen", "merchant", "philosopher", "hoplite")


def blank(heroes=STANDARD) -> np.ndarray:
    """Round 1 of the Player Phase with nothing on the board and an empty stash."""
    s = np.zeros(L.STATE_SIZE, np.int32)
    for name in ("STRUCT", "POS", "ACTIVE", "SPHERE_COLOR", "COMPASS", "DECK_TOP"):
        start, length = L.FIELD_SPANS[name]
        s[start:start + length] = -1
    for e in range(L.MAX_ENEMIES):
        s[L.ENEMY + e * L.EN_WIDTH + L.EN_CARD] = -1
        s[L.ENEMY + e * L.EN_WIDTH + L.EN_HEX] = -1
    s[L.FAITH:L.FAITH + L.N_FAITH] = 1
    s[L.HEROES] = sum(1 << L.HEROES_ALL.index(h) for h in heroes)
    s[L.ROUND] = 1
    s[L.N_ROUNDS] = 10
    s[L.PHASE] = L.PHASE_PLAYER
    s[L.HEROIC] = -1
    cfuncs.put_address(s, L.BOT_ENTRY, _entry())
    return s


@cache
def _entry() -> int:
    """The team's entry (sim.games.policies) for the standard content's tables."""
    return team_entry(load_content().packed)


def rng(seed: int = 1, game: int = 0) -> np.ndarray:
    r = np.zeros(N_STREAMS, np.uint64)
    seed_streams(r, seed, game)
    return r


def opts() -> np.ndarray:
    return np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32)


def trace(rows: int = 64) -> np.ndarray:
    return np.zeros((rows, EV_COLS), np.int32)


def team(content, style: str = "military") -> np.ndarray:
    """The team's weights as the rules pass them on: one row (seat 0)."""
    return row(content, style)[None, :]


def row(content, style: str = "military") -> np.ndarray:
    """The team's own weight row, as the policy's stages read it."""
    return weights(style, content.names["techs"], content.names["structures"])


def card_id(content, name_id: str) -> int:
    return content.names["cards"].index(name_id)


def put_enemy(s, card: int, h: int, slot: int = 0, damage: int = 0) -> int:
    """An event card on the Active pile in ``slot`` with its token on hex h (enemy slot 0)."""
    s[L.ACTIVE + slot] = card
    base = L.ENEMY
    s[base + L.EN_CARD] = card
    s[base + L.EN_HEX] = h
    s[base + L.EN_DAMAGE] = damage
    s[base + L.EN_EVENT] = slot
    return 0


def land_hex(content) -> int:
    """A land hex away from the city (for a fight that is not in the city)."""
    T = content.tables
    return next(h for h in range(L.N_HEX) if T.land_ok[h] == 1 and h != T.city[0])
