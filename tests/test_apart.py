"""The compiled entries a game reaches through its state: rules kernels compiled apart
(sim/apart.py, each game's rules/apart.py) play the same games as direct calls, and a
machine's first run compiles Age of Pericles' entries in a second process
(entries.entries_soon)."""

import hashlib
import os
import subprocess
import sys

import numpy as np
import pytest
from numba import types
from numba.core.errors import TypingError
from pericles_fixtures import CONTENT, Fx
from processes import printed_twice_on_one_cache

from sim.apart import Apart, put_addresses
from sim.cfuncs import address_at
from sim.games.pericles import layout as L
from sim.games.pericles.engine import assembly
from sim.games.pericles.game import PericlesSetup, play_traced
from sim.games.pericles.invariants import V_NO_RULE_ENTRY
from sim.games.pericles.rules.apart import apart
from sim.games.pericles.rules.board import battle
from sim.games.pericles.rules.parthenon import athens_builds
from sim.games.pillars import layout as PL
from sim.games.pillars.game import PillarsSetup
from sim.games.pillars.game import play_traced as pillars_traced
from sim.games.pillars.invariants import V_NO_RULE_ENTRY as PILLARS_NO_RULE_ENTRY
from sim.games.pillars.rules.advance import play_turn
from tests.pillars_fixtures import CONTENT as PILLARS
from tests.pillars_fixtures import game, kit, random_legal, turn_scratch

NO_ENTRIES = np.zeros(len(L.RULE_ENTRY_SLOTS), np.int64)


# A toy game with one kernel compiled apart, for what the games' kernels never do: raise.
# Its state: word 0 says how it broke, word 1 whether it is over, words 2 and 3 hold the
# entry's address, word 4 the kernel's input.
toy = Apart(arrays={"s": (types.int32, 1)}, records=("T",), slots=("share",), word=2,
            violation=0, game_over=1, no_entry=1, raised=2)
TOY_TABLES = np.zeros(1, dtype=[("x", np.int32)]).view(np.recarray)


@toy(result=int)
def share(s, T, among):
    return s[4] // among

# One traced game, hashed without the entry words (addresses belong to one process).
TRACED_GAME_DIGEST = """
import hashlib
from sim.games.pericles import layout as L
from sim.games.pericles.engine import assembly
from sim.games.pericles.content import load_content
from sim.games.pericles.game import PericlesSetup, play_traced
state, events = play_traced(load_content(), PericlesSetup(players=3, strategies=("balanced",)), 7)
print(hashlib.sha256(state[:L.GAME_SIZE].tobytes() + events.tobytes()).hexdigest())
"""

# Two Pillars games (a Standard game of bots and a Solo game, whose Tyrant takes turns of
# his own), hashed whole: a finished game keeps no address.
PILLARS_DIGEST = """
import hashlib
from sim.games.pillars.content import load_content
from sim.games.pillars.game import PillarsSetup, play_traced
digest = hashlib.sha256()
for setup in (PillarsSetup(players=3, strategies=("balanced",)),
              PillarsSetup(players=2, mode="solo", strategies=("balanced",))):
    state, events = play_traced(load_content(), setup, 7)
    digest.update(state.tobytes() + events.tobytes())
print(digest.hexdigest())
"""


@pytest.mark.compiles
def test_a_game_through_the_entries_is_the_game_of_direct_calls():
    """Under NUMBA_DISABLE_JIT every kernel is plain Python and calls the others directly."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    direct = subprocess.run([sys.executable, "-c", TRACED_GAME_DIGEST], env=env,
                            capture_output=True, text=True, check=True).stdout.strip()
    state, events = play_traced(CONTENT, PericlesSetup(players=3, strategies=("balanced",)), 7)
    assert hashlib.sha256(state[:L.GAME_SIZE].tobytes() + events.tobytes()).hexdigest() == direct


@pytest.mark.compiles
def test_a_pillars_game_through_the_entries_is_the_game_of_direct_calls():
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    direct = subprocess.run([sys.executable, "-c", PILLARS_DIGEST], env=env,
                            capture_output=True, text=True, check=True).stdout.strip()
    compiled = subprocess.run([sys.executable, "-c", PILLARS_DIGEST],
                              capture_output=True, text=True, check=True).stdout.strip()
    assert compiled == direct


def test_entries_are_compiled_once_per_content_record_type():
    addresses = apart.addresses(CONTENT.packed)
    assert addresses is apart.addresses(CONTENT.packed)
    assert len(set(addresses.tolist())) == len(L.RULE_ENTRY_SLOTS) and (addresses != 0).all()


def test_a_kernel_called_without_its_entry_marks_the_game_broken():
    fx = Fx(players=3, seed=1)
    put_addresses(fx.s, L.RULE_ENTRIES, NO_ENTRIES)
    before = fx.s.copy()
    athens_builds(fx.s, fx.T, fx.W, fx.opts, fx.rng, fx.ev)
    changed = np.flatnonzero(fx.s != before)
    assert changed.tolist() == sorted([L.VIOLATION, L.GAME_OVER])
    assert fx[L.VIOLATION] == V_NO_RULE_ENTRY and fx[L.GAME_OVER] == 1


def test_a_game_without_its_entries_ends_instead_of_waiting_on_the_rule():
    """With 2 players the Demagogue places until its turn has run: a turn that cannot run
    must end the game, not leave the Assembly waiting for it."""
    fx = Fx(players=2, seed=3)
    put_addresses(fx.s, L.RULE_ENTRIES, NO_ENTRIES)
    assembly(fx.s, fx.T, fx.W, fx.opts, fx.rng, fx.ev, False)
    assert fx[L.VIOLATION] == V_NO_RULE_ENTRY and fx[L.GAME_OVER] == 1


def test_a_kernel_that_raises_or_finds_no_entry_marks_the_game_broken():
    s = np.array([0, 0, 0, 0, 12], np.int32)
    put_addresses(s, 2, toy.addresses(TOY_TABLES))
    assert share(s, TOY_TABLES[0], 4) == 3 and s[0] == 0
    assert share(s, TOY_TABLES[0], 0) == 0 and s[0] == 2  # divided by zero
    s[0] = 0
    put_addresses(s, 2, np.zeros(1, np.int64))
    assert share(s, TOY_TABLES[0], 4) == 0 and s[0] == 1
    short = np.zeros(3, np.int32)  # no room for the address: not read past the state's end
    assert share(short, TOY_TABLES[0], 4) == 0 and short[0] == 1


def test_a_stub_refuses_arrays_of_another_type():
    fx = Fx(players=3, seed=1)
    with pytest.raises(TypingError, match="battle compiled apart"):
        battle(fx.s, fx.T, fx.W.astype(np.float32), fx.opts, 1, fx.rng, fx.ev)


def test_a_pillars_turn_without_its_entry_marks_the_game_broken():
    s = game("aegean", 3)
    assert all(address_at(s, PL.RULE_ENTRIES + 2 * slot) != 0
               for slot in range(len(PL.RULE_ENTRY_SLOTS)))
    put_addresses(s, PL.RULE_ENTRIES, np.zeros(len(PL.RULE_ENTRY_SLOTS), np.int64))
    ev, work, opts, rng = kit()
    W = random_legal(s)
    before = s.copy()
    play_turn(s, PILLARS.packed[0], W, ev, 0, work, turn_scratch(), opts, rng)
    assert np.flatnonzero(s != before).tolist() == sorted([PL.VIOLATION, PL.GAME_OVER])
    assert s[PL.VIOLATION] == PILLARS_NO_RULE_ENTRY and s[PL.GAME_OVER] == 1


def test_a_finished_game_keeps_no_rule_entry_address():
    state, _ = play_traced(CONTENT, PericlesSetup(players=3), 4, 0)
    assert (state[L.RULE_ENTRIES:L.RULE_ENTRIES + 2 * len(L.RULE_ENTRY_SLOTS)] == 0).all()
    state, _ = pillars_traced(PILLARS, PillarsSetup(players=3), 4, 0)
    assert (state[PL.RULE_ENTRIES:PL.RULE_ENTRIES + 2 * len(PL.RULE_ENTRY_SLOTS)] == 0).all()


# Compiles rules.flow.settle, which calls Battles and Athens builds, from an empty cache
# (code loaded from a cache shows no IR) and prints whether its code names battle's stub
# and battle's body. Numba's symbol names are C++-mangled: a name part is prefixed with
# its length, and "B" opens the tags after the last part, so "6battleB" is the body and
# "6battle" followed by the stub's own part (``stub_<slot>_<tag>``) the stub.
SETTLE_HOLDS = """
import numba, numpy as np
from sim.games.pericles import layout as L
from sim.games.pericles.engine import assembly
from sim.games.pericles.content import load_content
from sim.games.pericles.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pericles.events import EV_COLS
from sim.games.pericles.rules.flow import settle
from sim.rng import N_STREAMS
args = (np.zeros(L.STATE_SIZE, np.int32), load_content().packed[0], np.zeros((L.MAX_SEATS, 4)),
        np.zeros((MAX_OPTIONS, OPT_WIDTH), np.int32), np.zeros(N_STREAMS, np.uint64),
        np.zeros((0, EV_COLS + L.MAX_SEATS), np.int32))
signature = tuple(numba.typeof(a) for a in args)
settle.compile(signature)
code = settle.inspect_llvm(signature)
stub = f"stub_{L.RULE_ENTRY_SLOTS.index('battle')}"
print(f"6battle{len(stub)}{stub}" in code, "6battleB" in code)
"""


def test_callers_hold_no_copy_of_an_apart_kernel(tmp_path):
    env = dict(os.environ, SIM_CACHE_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", SETTLE_HOLDS], env=env,
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "False"]


def test_apart_refuses_what_it_cannot_compile():
    def no_state(T, W, opts, rng, ev):
        pass

    def no_tables(s, W, opts, rng, ev):
        pass

    def takes_a_reserved_name(s, T, W, opts, address, rng, ev):
        pass

    def not_in_the_layout(s, T, W, opts, rng, ev):
        pass

    def takes_a_pointers_name(s, T, W, opts, s_at, rng, ev):
        pass

    for wrong in (no_state, no_tables, takes_a_reserved_name, takes_a_pointers_name):
        with pytest.raises(TypeError, match=wrong.__name__):
            apart()(wrong)
    with pytest.raises(KeyError, match="apart slots"):
        apart()(not_in_the_layout)
    with pytest.raises(ValueError, match="result"):
        apart(result=float)


# Run twice on one empty cache: the first run's entries are compiled by a second process
# (this one loads them from the cache: one cache hit for the bot's and for each apart
# kernel's); the second run finds them marked compiled, so it starts no process.
ENTRIES_SOON = """
import numba
from sim import cfuncs, kernel_cache, second_core
from sim.games.pericles import entries, game  # noqa: F401 - the game imports every rules kernel
from sim.games.pericles.content import load_content
from sim.games.pericles.rules.apart import apart
from sim.games.policies import choose_signature
from strategies.pericles import players
packed = load_content().packed
record = numba.typeof(packed[0])
name = entries._cache_name(record)
cached = kernel_cache.compiled("pericles", name)
soon = entries.entries_soon(packed)
started = second_core.compiling(name)
bot, rules = soon.get()
entries_loaded = [e.cache_hits == 1 for e in apart.compiled(packed)]
print(cached, started, bot == players.bot_entry(packed) != 0, (rules == apart.addresses(packed)).all(),
      cfuncs.compiled(players._entry, choose_signature(record)).cache_hits,
      all(entries_loaded), kernel_cache.compiled("pericles", name))
"""


@pytest.mark.compiles
def test_a_second_process_compiles_the_entries_when_the_cache_lacks_them(tmp_path):
    runs = printed_twice_on_one_cache(ENTRIES_SOON, tmp_path)
    assert runs == [["False", "True", "True", "True", "1", "True", "True"],
                    ["True", "False", "True", "True", "1", "True", "True"]]
