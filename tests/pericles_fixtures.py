"""Hand-built Age of Pericles states for the rules tests.

A fixture is a real setup (``rules.setup.setup_game``) that a test then edits field by
field through the layout constants, so every other field stays consistent. Helpers move
goods and cards to and from the Reserve / decks, so the invariant checker
(``invariants.check_state``) still holds on an edited state.

Decisions are taken by the random policy of each seat. A test either builds a state in
which a decision has a single option (no draw is made), or ``steer``s the seat's random
stream so that its next draws pick the options the test names.
"""

import numpy as np

import sim.games.pericles.game  # noqa: F401  (imports every rules kernel compiled apart)
from sim import cfuncs
from sim.apart import put_addresses
from sim.games.pericles import layout as L
from sim.games.pericles import ops as O
from sim.games.pericles.content import load_content
from sim.games.pericles.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pericles.events import EV_COLS
from sim.games.pericles.invariants import check_state
from sim.games.pericles.rules.apart import apart
from sim.games.pericles.rules.effects import run_effect
from sim.games.pericles.rules.flow import settle
from sim.games.pericles.rules.setup import setup_game
from sim.rng import N_STREAMS, STREAM_BOT, below, seed_streams
from strategies.pericles.players import bot_entry

CONTENT = load_content()
T = CONTENT.packed[0]  # the record the kernels take (content.pack)
ROLE = {name: i for i, name in enumerate(CONTENT.names["roles"])}
MISSION = {name: CONTENT.names["missions"].index(name) for name in CONTENT.names["missions"]}
SKILL = {name: i for i, name in enumerate(CONTENT.names["skills"])}
SMALL, LARGE = 1, 2


class Fx:
    """One game state with everything a kernel call needs: s, T, W, opts, rng, ev."""

    def __init__(self, players=3, skills=False, roles=("veteran", "matriarch", "sophist",
                                                          "oligarch", "hetaira"), seed=0,
                 content=CONTENT):
        """``content``: another content (overrides) for a test of setup only; the helpers
        below read the shipped content's tables."""
        self.s = np.zeros(L.STATE_SIZE, np.int32)
        self.T = content.packed[0]
        self.W = np.zeros((L.MAX_SEATS, 1))
        self.opts = np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32)
        self.rng = np.zeros(N_STREAMS, np.uint64)
        self.ev = np.zeros((4000, EV_COLS + L.MAX_SEATS), np.int32)
        seed_streams(self.rng, seed, 0)
        cfuncs.put_address(self.s, L.BOT_ENTRY, bot_entry(content.packed))
        put_addresses(self.s, L.RULE_ENTRIES, apart.addresses(content.packed))
        picks = np.full(L.MAX_SEATS, -1, np.int32)
        for seat in range(players):
            picks[seat] = ROLE[roles[seat]]
        setup_game(self.s, self.T, self.W, self.opts, players, int(skills), picks,
                   np.zeros(L.N_CITY_STATES, np.int32), np.zeros(L.MAX_SEATS, np.int32),
                   self.rng, self.ev)
        self.s[L.ROUND] = 1
        self.s[L.PHASE] = L.PHASE_ASSEMBLY

    @property
    def a(self):
        """(s, T, W, opts): the leading arguments of every kernel."""
        return self.s, self.T, self.W, self.opts

    def __getitem__(self, field):
        return int(self.s[field])

    def check(self):
        return int(check_state(self.s, self.T))

    def glory(self, seat, source=None):
        if source is None:
            return int(self.s[L.GLORY + seat])
        return int(self.s[L.GLORY_SRC + seat * L.N_SOURCES + source])

    def events(self, since=0, code=None):
        rows = self.ev[since:self.s[L.EVENTS]]
        return rows if code is None else rows[rows[:, 3] == code]

    # ---- goods, moved to and from the Reserve ----

    def set_goods(self, seat, silver=None, amphoras=None, trophies=None):
        for field, reserve, value in ((L.SILVER, L.RESERVE_SILVER, silver),
                                      (L.AMPHORAS, L.RESERVE_AMPHORAS, amphoras),
                                      (L.TROPHIES, L.RESERVE_TROPHIES, trophies)):
            if value is None:
                continue
            self.s[reserve] += self.s[field + seat] - value
            self.s[field + seat] = value

    def empty_market_column(self, column, rows=(0, 1, 2)):
        for row in rows:
            if self.s[L.MARKET + row * 3 + column] == 1:
                self.s[L.MARKET + row * 3 + column] = 0
                self.s[L.RESERVE_AMPHORAS] += 1

    # ---- cards ----

    def athena_of(self, icon, where=L.LOC_DECK, skip=0):
        """Ids of Athena cards with ``icon`` now at ``where``."""
        ids = [c for c in range(T.athena.shape[0])
               if T.athena[c, 0] == icon and self.s[L.ATHENA_LOC + c] == where]
        return ids[skip:]

    def _remove_from_deck(self, card):
        n = self.s[L.ATHENA_DECK_N]
        deck = list(self.s[L.ATHENA_DECK:L.ATHENA_DECK + n])
        deck.remove(card)
        self.s[L.ATHENA_DECK:L.ATHENA_DECK + n - 1] = deck
        self.s[L.ATHENA_DECK_N] = n - 1

    def empty_hand(self, seat):
        for c in range(T.athena.shape[0]):
            if self.s[L.ATHENA_LOC + c] == seat:
                self.s[L.ATHENA_LOC + c] = L.LOC_DISCARD
        self.s[L.HAND_ICONS + seat * L.N_ICONS:L.HAND_ICONS + (seat + 1) * L.N_ICONS] = 0

    def give_athena(self, seat, icon, n=1):
        """Move ``n`` deck cards of ``icon`` into a hand; returns their ids."""
        ids = self.athena_of(icon)[:n]
        assert len(ids) == n
        for c in ids:
            self._remove_from_deck(c)
            self.s[L.ATHENA_LOC + c] = seat
            self.s[L.HAND_ICONS + seat * L.N_ICONS + icon] += 1
        return ids

    def stack_athena(self, cards):
        """Put deck cards on top of the Athena deck; ``cards[0]`` is drawn first."""
        for c in cards:
            if self.s[L.ATHENA_LOC + c] == L.LOC_DECK:
                self._remove_from_deck(c)
        for c in reversed(cards):
            n = self.s[L.ATHENA_DECK_N]
            self.s[L.ATHENA_DECK + n] = c
            self.s[L.ATHENA_DECK_N] = n + 1
            self.s[L.ATHENA_LOC + c] = L.LOC_DECK

    def card_on_track(self, space, card, owner=-1):
        """An Athena card from the deck on a Diplomacy-track space, with ``owner``'s
        Diplomat from the Stoa on it (owner -1: no Diplomat)."""
        self._remove_from_deck(card)
        self.s[L.ATHENA_LOC + card] = L.LOC_TRACK
        self.s[L.DIPLO_CARD + space] = card
        if owner >= 0:
            self.take_from_stoa(owner)
        self.s[L.DIPLO_OWNER + space] = owner

    def activate_city(self, position):
        """The top tile of the City-state stack, active on Diplomacy space ``position``."""
        tile = self.s[L.CITY_STACK + self.s[L.CITY_STACK_N] - 1]
        self.s[L.CITY_STACK_N] -= 1
        self.s[L.ACTIVE_CITY] = tile
        self.s[L.ACTIVE_CITY_POS] = position
        return tile

    def empty_missions(self, seat):
        for m in range(T.missions.shape[0]):
            if self.s[L.MISSION_LOC + m] == seat:
                self.s[L.MISSION_LOC + m] = L.LOC_DISCARD
        self.s[L.MISSIONS_HELD + seat] = 0

    def stack_missions(self, missions):
        """Put Missions (from anywhere but a hand) on top of the deck, ``missions[0]`` first."""
        n = self.s[L.MISSION_DECK_N]
        deck = [m for m in self.s[L.MISSION_DECK:L.MISSION_DECK + n] if m not in missions]
        deck += list(reversed(missions))
        self.s[L.MISSION_DECK:L.MISSION_DECK + len(deck)] = deck
        self.s[L.MISSION_DECK_N] = len(deck)
        for m in missions:
            self.s[L.MISSION_LOC + m] = L.LOC_DECK

    def give_mission(self, seat, m):
        if self.s[L.MISSION_LOC + m] == L.LOC_DECK:
            n = self.s[L.MISSION_DECK_N]
            deck = [x for x in self.s[L.MISSION_DECK:L.MISSION_DECK + n] if x != m]
            self.s[L.MISSION_DECK:L.MISSION_DECK + n - 1] = deck
            self.s[L.MISSION_DECK_N] = n - 1
        self.s[L.MISSION_LOC + m] = seat
        self.s[L.MISSIONS_HELD + seat] += 1

    # ---- pieces ----

    def diplomats(self, seat, home=0, stoa=8, camp=0):
        """Put every Diplomat not on the board into Household / Stoa / Camp."""
        on_board = sum(1 for k in range(9) if self.s[L.PROGRESS + k] == seat)
        on_board += sum(1 for d in range(L.MAX_DIPLOMACY) if self.s[L.DIPLO_OWNER + d] == seat)
        assert home + stoa + camp + on_board == 8
        self.s[L.DIPS_HOME + seat] = home
        self.s[L.DIPS_STOA + seat] = stoa
        self.s[L.DIPS_CAMP + seat] = camp

    def units(self, seat, unit, home=0, port=2, camp=0):
        """Place one Unit type's pieces that are off the board (totals must make 2)."""
        k = seat * L.N_UNIT_TYPES + unit
        self.s[L.UNITS_HOME + k] = home
        self.s[L.UNITS_PORT + k] = port
        self.s[L.UNITS_CAMP + k] = camp

    def all_units(self, seat, home=(0, 0, 0), port=(2, 2, 2), camp=(0, 0, 0)):
        for u in range(3):
            self.units(seat, u, home[u], port[u], camp[u])

    def take_from_stoa(self, seat):
        if seat == self.s[L.DEMAGOGUE]:
            self.s[L.DEM_DIPLOMATS] -= 1
        elif self.s[L.DIPS_STOA + seat] > 0:
            self.s[L.DIPS_STOA + seat] -= 1
        else:
            self.s[L.DIPS_HOME + seat] -= 1

    def put_row(self, row, owners):
        """Progress row ``row`` = owners of slots (6, 5, 4); -1 empty. Pieces come from
        the Stoa (the Demagogue's from its supply)."""
        for slot, owner in enumerate(owners):
            old = self.s[L.PROGRESS + row * 3 + slot]
            assert old < 0
            if owner >= 0:
                self.take_from_stoa(owner)
            self.s[L.PROGRESS + row * 3 + slot] = owner

    def row(self, row):
        return [int(x) for x in self.s[L.PROGRESS + row * 3:L.PROGRESS + row * 3 + 3]]

    def place(self, seat, space, size):
        """A Citizen on the Agora, counted as placed."""
        self.s[L.AGORA_CITIZEN + space * L.MAX_SEATS + seat] = size
        if seat == self.s[L.DEMAGOGUE]:
            self.s[L.DEM_PLACED] += 1
        elif size == LARGE:
            self.s[L.LARGE_UNLOCKED + seat] = 1
            self.s[L.LARGE_PLACED + seat] = 1
        else:
            self.s[L.SMALL_PLACED + seat] += 1
            self.s[L.SMALL_UNLOCKED + seat] = max(self.s[L.SMALL_UNLOCKED + seat],
                                                  self.s[L.SMALL_PLACED + seat])

    def hoplite(self, seat, track, space=None):
        """One of ``seat``'s Hoplites from Piraeus onto a Battle track."""
        if space is None:
            space = next(k for k in range(6) if self.s[L.BATTLE_HOPLITE + track * 6 + k] < 0)
        if seat == self.s[L.DEMAGOGUE]:
            self.s[L.DEM_HOPLITES] -= 1
        else:
            self.s[L.UNITS_PORT + seat * 3 + O.HOPLITE] -= 1
        self.s[L.BATTLE_HOPLITE + track * L.MAX_HOPLITE_SPACES + space] = seat

    # ---- effects ----

    def run(self, seat, *steps):
        """Run one effect made of ``steps`` ((op name, arg), ...) for ``seat``, then settle
        what it queued. The steps go in the last row of a copy of the effect table (same
        shape, so the kernels need no new compile); returns whether it resolved."""
        packed = self.T.copy()  # a writable record of the same type
        row = packed.fx.shape[0] - 1
        packed.fx[row] = 0
        packed.fx[row, 0] = len(steps)
        for i, (op, arg) in enumerate(steps):
            packed.fx[row, 1 + 2 * i] = O.OP_NAMES.index(op)
            packed.fx[row, 2 + 2 * i] = arg
        done = run_effect(self.s, packed, self.W, self.opts, seat, row, L.SRC_EFFECTS,
                          self.rng, self.ev)
        settle(self.s, packed, self.W, self.opts, self.rng, self.ev)
        return done

    # ---- decisions ----

    def steer(self, seat, picks):
        """Advance ``seat``'s bot stream until its next draws choose ``picks``: a list of
        (options offered, index wanted), one per decision with more than one option."""
        stream = STREAM_BOT + seat
        for _ in range(200000):
            trial = self.rng.copy()
            if all(int(below(trial, stream, n)) == k for n, k in picks):
                return
            below(self.rng, stream, 2)
        raise AssertionError(f"cannot steer seat {seat} to {picks}")


def neutral(players=3, skills=False, **kw):
    """A fixture with every player's goods, hand and Missions emptied to the Reserve and
    decks, all Diplomats in the Stoa and all Units in Piraeus."""
    fx = Fx(players=players, skills=skills, **kw)
    for seat in range(players):
        fx.set_goods(seat, 0, 0, 0)
        fx.empty_hand(seat)
        fx.empty_missions(seat)
        fx.diplomats(seat)
        fx.all_units(seat)
    assert fx.check() == 0
    return fx
