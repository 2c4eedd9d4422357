"""Helpers the Pillars of Heracles rules tests share: a set-up game to edit by hand, the
work arrays a kernel takes, scripts for the stand-in policy, and trace rows by event."""

import numpy as np
import pyarrow.parquet as pq

from sim.games.pillars import layout as L
from sim.games.pillars.content import (
    C_KIND,
    C_RES_A,
    RESOURCES,
    STRATEGY,
    TILES_PER_STACK,
    load_content,
)
from sim.games.pillars.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pillars.events import EV_COLS
from sim.games.pillars.policy import RANDOM_LEGAL, SCRIPT_VALUES, every_seat_plays
from sim.games.pillars.policy import script as policy_script
from sim.games.pillars.rules.advance import TURN_SCRATCH
from sim.games.pillars.rules.spend import W_COST, WORK
from sim.games.pillars.rules.strategy import place_tile
from sim.games.pillars.start import new_game
from sim.rng import N_STREAMS, seed_streams
from tests.cli_process import sim

CONTENT = load_content()
T = CONTENT.tables
WINE, MARBLE, GOLD, IRON, WOOD = range(5)
CARD = {name: i for i, name in reversed(list(enumerate(CONTENT.names["cards"])))}


def game(board="aegean", players=3, seed=5, **choices):
    return new_game(CONTENT, board, players, seed=seed, **choices)


def aegean_first_round():
    """Three players on the Aegean side (Sparta, Athenai, Troia; Iona blocked) in round 1:
    the game most rules tests start from."""
    s = game("aegean", 3, city_states=("sparta", "athenai", "troia"))
    s[L.ROUND] = 1
    return s


def land(name, board="aegean"):
    return CONTENT.names[f"lands.{board}"].index(name)


def region(name, board="aegean"):
    return CONTENT.names[f"regions.{board}"].index(name)


def starting(resource, power=1):
    """The Starting card row of that Resource and Power."""
    return next(c for c in range(T.cards.shape[0]) if T.cards[c, C_KIND] == 0
                and T.cards[c, C_RES_A] == resource and T.cards[c, 1] == power)


def set_hand(s, seat, cards):
    """Give the seat exactly ``cards`` in hand (rows); its other cards go to its draw pile
    so that every card stays in one place."""
    base = seat * L.MAX_PILE
    every = [int(c) for c in s[L.DECK + base:L.DECK + base + s[L.DECK_N + seat]]]
    every += [int(c) for c in s[L.HAND + base:L.HAND + base + s[L.HAND_N + seat]]]
    for c in cards:
        if c in every:
            every.remove(c)
        else:  # a Procurement card: take it out of its deck
            for slot in range(L.N_PROC):
                deck = L.PROC_DECK + slot * L.MAX_PROC_DECK
                pile = [int(x) for x in s[deck:deck + s[L.PROC_N + slot]]]
                if c in pile:
                    pile.remove(c)
                    s[deck:deck + L.MAX_PROC_DECK] = -1
                    s[deck:deck + len(pile)] = pile
                    s[L.PROC_N + slot] = len(pile)
    for field in (L.DECK, L.HAND):
        s[field + base:field + base + L.MAX_PILE] = -1
    s[L.HAND + base:L.HAND + base + len(cards)] = cards
    s[L.HAND_N + seat] = len(cards)
    s[L.DECK + base:L.DECK + base + len(every)] = every
    s[L.DECK_N + seat] = len(every)


def hand(s, seat):
    base = L.HAND + seat * L.MAX_PILE
    return sorted(int(c) for c in s[base:base + s[L.HAND_N + seat]])


def script(*values, mode=SCRIPT_VALUES):
    """``W`` of the rules' script policy taking these choices in order (by option column 0),
    for a state whose seats play scripts (``new_game``'s)."""
    return policy_script(values, mode)


def random_legal(s):
    """``W`` of seats taking uniformly random legal options; ``s``'s seats play them."""
    every_seat_plays(s, RANDOM_LEGAL)
    return np.zeros((1, 1))


def kit(seed=1):
    """Trace rows, payment work array, option rows and random streams."""
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(rng, seed, 0)
    return (np.zeros((512, EV_COLS), np.int32), np.zeros(WORK, np.int32),
            np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32), rng)


def turn_scratch():
    """The scratch array a turn's kernels share (rules.advance.TURN_SCRATCH entries)."""
    return np.zeros(TURN_SCRATCH, np.int32)


def cost(work, **res):
    work[W_COST:W_COST + 5] = [res.get(r, 0) for r in RESOURCES]


def events(s, ev, code):
    return [tuple(int(x) for x in row[3:]) for row in ev[:s[L.EVENTS]] if row[2] == code]


def resource_tile(s, where, resource):
    """Give ``where`` a face-up Resource tile of ``resource`` (swapping tiles between Lands,
    so that each tile stays on one Land)."""
    tile = next(t for t in range(T.resource_tiles.shape[0]) if T.resource_tiles[t, 0] == resource)
    lands = list(s[L.LAND_RES:L.LAND_RES + L.N_LANDS])
    if tile in lands:
        s[L.LAND_RES + lands.index(tile)] = s[L.LAND_RES + where]
    s[L.LAND_RES + where] = tile
    s[L.LAND_RES_UP + where] = 1


def pillar_on(s, seat, where, resource):
    """The seat's Pillar beside a Resource tile of ``resource`` on ``where``."""
    resource_tile(s, where, resource)
    if s[L.LAND_PILLAR + where] != seat:
        assert s[L.LAND_PILLAR + where] < 0, "another seat's Pillar is there"
        pillar(s, seat, where)
    s[L.LAND_PILLAR_ON_RES + where] = 0


def from_board(s, seat, unit):
    """Take one Unit of a kind off the seat's Deploy rows (a Hoplite from beside the
    Mercenary track when they are empty), so that pieces stay counted."""
    for row in range(L.MAX_ROWS - 1, -1, -1):
        slot = L.DEPLOY_LEFT + (seat * L.MAX_ROWS + row) * L.N_UNIT_KINDS + unit
        if s[slot] == 1:
            s[slot] = 0
            return
    assert unit == L.U_HOPLITE and s[L.MERCENARIES + seat] > 0
    s[L.MERCENARIES + seat] -= 1


def put(s, where, seat, hoplites=0, workers=0, building=-1):
    """Units and a Building of the seat onto a Land, taken off its Player board."""
    k = where * L.MAX_PLAYERS + seat
    for _ in range(hoplites):
        from_board(s, seat, L.U_HOPLITE)
    for _ in range(workers):
        from_board(s, seat, L.U_WORKER)
    s[L.LAND_HOPLITES + k] += hoplites
    s[L.LAND_WORKERS + k] += workers
    if building >= 0:
        for row in range(L.MAX_ROWS - 1, -1, -1):
            slot = L.BUILD_LEFT + (seat * L.MAX_ROWS + row) * L.N_BUILDING_KINDS + building
            if s[slot] == 1:
                s[slot] = 0
                break
        else:
            raise AssertionError("no such Building left on the Player board")
        s[L.LAND_BUILDING + k] = building


def ship_to(s, seat, space, project=-1):
    """A Ship of the seat from its Player board to a Sea (or PORT + Land)."""
    for k in range(L.MAX_SHIPS):
        if s[L.SHIP_SPACE + seat * L.MAX_SHIPS + k] < 0:
            from_board(s, seat, L.U_SHIP)
            s[L.SHIP_SPACE + seat * L.MAX_SHIPS + k] = space
            s[L.SHIP_PROJECT + seat * L.MAX_SHIPS + k] = project
            return k
    raise AssertionError("no Ship left")


def clear_board(s):
    """No piece, City or tile on any Land and no Ship on the board: every piece back on its
    Player board (the Starting Cities stay, which the invariants need)."""
    for where in range(L.N_LANDS):
        for seat in range(L.MAX_PLAYERS):
            k = where * L.MAX_PLAYERS + seat
            s[L.LAND_HOPLITES + k] = 0
            s[L.LAND_WORKERS + k] = 0
            s[L.LAND_BUILDING + k] = -1
        s[L.LAND_PILLAR + where] = -1
        s[L.LAND_PILLAR_ON_RES + where] = 0
        s[L.LAND_POP + where] = -1
    s[L.SHIP_SPACE:L.SHIP_SPACE + L.MAX_PLAYERS * L.MAX_SHIPS] = -1
    s[L.SHIP_PROJECT:L.SHIP_PROJECT + L.MAX_PLAYERS * L.MAX_SHIPS] = -1


def set_step(s, seat, track, step, height=None):
    """Put the seat's marker on ``step``, on top of the stack there unless ``height``."""
    if height is None:
        height = max([s[L.TRACK_HEIGHT + o * L.N_TRACKS + track] + 1 for o in range(s[L.N_PLAYERS])
                      if o != seat and s[L.TRACK_STEP + o * L.N_TRACKS + track] == step], default=0)
    s[L.TRACK_STEP + seat * L.N_TRACKS + track] = step
    s[L.TRACK_HEIGHT + seat * L.N_TRACKS + track] = height


def pillar(s, seat, where):
    """One of the seat's Pillars from its Settle rows onto ``where``."""
    for row in range(T.settle_rows.shape[0]):
        if s[L.SETTLE_LEFT + seat * L.MAX_ROWS + row] > 0:
            s[L.SETTLE_LEFT + seat * L.MAX_ROWS + row] -= 1
            break
    else:
        raise AssertionError("no Pillar left")
    s[L.LAND_PILLAR + where] = seat
    s[L.LAND_PILLAR_ON_RES + where] = 0


def common_city(s, seat, where):
    """A Common City from the supply below Build onto ``where``, with the seat's marker."""
    s[L.LAND_POP + where] = -1
    s[L.LAND_CITY + where] = L.CITY_COMMON
    s[L.LAND_CITY_MARKER + where] = seat
    s[L.CITIES_BUILD] -= 1
    s[L.MARKERS_LEFT + seat] -= 1


def no_population(s, *lands):
    for where in lands:
        s[L.LAND_POP + where] = -1


def give_tile(s, seat, effect):
    """A Strategy tile with ``effect`` (a content.STRATEGY name) onto the seat's first free
    Player board row, counted by ``rules.strategy.place_tile``: a tile no seat holds, taken
    out of its stack when it lies in one (setup leaves one tile of each type out)."""
    slots = s[L.STRATEGY_SLOT:L.STRATEGY_SLOT + L.MAX_PLAYERS * L.MAX_STRATEGY]
    free = [t for t in range(T.strategy.shape[0])
            if T.strategy[t, 1] == STRATEGY.index(effect) and t not in slots]
    assert free, f"every {effect} tile is held"
    tile = free[0]
    for stack in range(L.N_STRATEGY_STACKS):
        base = L.STRATEGY_STACK + stack * TILES_PER_STACK
        pile = [int(x) for x in s[base:base + s[L.STRATEGY_N + stack]]]
        if tile in pile:
            pile.remove(tile)
            s[base:base + TILES_PER_STACK] = -1
            s[base:base + len(pile)] = pile
            s[L.STRATEGY_N + stack] = len(pile)
            s[L.STRATEGY_UP + stack] = int(len(pile) > 0)
    slot = next(k for k in range(L.MAX_STRATEGY) if s[L.STRATEGY_SLOT + seat * L.MAX_STRATEGY + k] < 0)
    place_tile(s, T, seat, tile, slot)
    return tile


def plain_run_lacks(tmp_path, column, heading):
    """A random-legal run of the standard game leaves ``column`` null and its report has
    no ``heading``: a mode's column and table show only where the mode is played."""
    plain = tmp_path / "plain"
    assert sim("run", "--game", "pillars", "--players", 3, "--n", 6, "--strategies", "random",
               "--out", plain, "--quiet").returncode == 0
    assert pq.read_table(plain / "data").to_pandas()[column].isna().all()
    assert sim("report", plain).returncode == 0
    assert heading not in (plain / "report.html").read_text()
