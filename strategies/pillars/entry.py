"""The Pillars of Heracles bots behind one compiled entry that the rules reach through its
address, as the Age of Pericles bot is (``strategies.pericles.entry``): Numba copies a
called function's code into every kernel on the way to it, and some 60 rules kernels ask
decisions, so the heuristic is compiled once as a C-callable function and each game's
policy words ``W`` carry its address.

``W`` (int64) is the policy vector of ``sim.games.pillars.policy``. With ``W[W_MODE] ==
BOTS`` it holds, from ``W_ENTRY``: the entry's address (this process's, written by the
code that starts the games and never stored), each seat's code (``SEAT_RANDOM``,
``SEAT_HEURISTIC`` or ``SEAT_SEARCH``), from ``W_WEIGHTS`` each seat's row of
``features.NF`` weights as float64 bits, then each seat's mistake rate (in millionths of
its decisions, ``strategies.pillars.skill``), each seat's play-outs per option and the
rounds a play-out plays, and the search entry's address (``strategies.pillars.search``).

The search is reached the same way: ``ask_search`` calls the entry at ``W[W_SEARCH]``
with the game's arrays and the search's own copies of them (a state, payment work,
scratch, options, random streams and policy words to play out on), as bare pointers.
"""

import numba
import numpy as np
from numba import types
from numba.extending import intrinsic

from sim import cfuncs, kernel_cache
from sim.games.pillars import layout as L
from sim.games.pillars.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pillars.invariants import V_NO_BOT_ENTRY
from sim.jit import kernel
from sim.second_core import Soon, compiled_soon
from strategies.pillars.features import NF

W_ENTRY = 1  # the entry's address
W_SEATS = 2  # each seat's code
W_WEIGHTS = W_SEATS + L.MAX_PLAYERS  # each seat's weights, NF float64 words a seat
W_MISTAKES = W_WEIGHTS + L.MAX_PLAYERS * NF  # each seat's mistakes per MISTAKE_SCALE decisions
W_SAMPLES = W_MISTAKES + L.MAX_PLAYERS  # each seat's play-outs per option (a searching seat)
W_HORIZON = W_SAMPLES + L.MAX_PLAYERS  # rounds a play-out plays, 0: to the game's end
W_SEARCH = W_HORIZON + 1  # the search entry's address
BOT_WORDS = W_SEARCH + 1
MISTAKE_SCALE = 1_000_000
SEAT_RANDOM, SEAT_HEURISTIC, SEAT_SEARCH = 0, 1, 2

_INT = types.int64
# The game's working arrays as the entry takes them: element type and dimensions.
_ARRAYS = {"s": (types.int32, 1), "W": (types.int64, 1), "opts": (types.int32, 2)}


def bot_words(mode: int, seats: list[int], weights: list[np.ndarray], address: int,
              mistakes: list[float] | None = None, samples: list[int] | None = None,
              horizon: int = 0, search: int = 0) -> np.ndarray:
    """The policy vector: ``mode`` (policy.BOTS), the entry's ``address``, and per seat its
    code, weights, share of ``mistakes`` and search ``samples``; the search's ``horizon``
    and its entry's address ``search``."""
    W = np.zeros(BOT_WORDS, np.int64)
    W[0] = mode
    W[W_ENTRY] = address
    W[W_HORIZON] = horizon
    W[W_SEARCH] = search
    rows = W[W_WEIGHTS:W_MISTAKES].view(np.float64)
    for seat, (code, row) in enumerate(zip(seats, weights, strict=True)):
        W[W_SEATS + seat] = code
        rows[seat * NF:(seat + 1) * NF] = row
        W[W_MISTAKES + seat] = round((mistakes[seat] if mistakes else 0.0) * MISTAKE_SCALE)
        W[W_SAMPLES + seat] = samples[seat] if samples else 0
    return W


def signature(record):
    """s, T, W, W's length, opts, n, seat, kind -> the option's index. ``W`` is untyped so
    that the entry reads its weight words as float64."""
    return _INT(types.CPointer(types.int32), record, types.voidptr, _INT,
                types.CPointer(types.int32), _INT, _INT, _INT)


def bot_entry(packed: np.recarray) -> int:
    """Address of the heuristic compiled for ``packed``'s record type (``Content.packed``),
    compiled, or loaded from the cache, on the first call in this process; then marked
    compiled in the cache folder (``sim.kernel_cache``)."""
    if numba.config.DISABLE_JIT:
        return 1  # any non-zero value: ask_heuristic calls the heuristic directly
    from strategies.pillars.heuristic import entry_body  # imports the rules
    record = numba.typeof(packed[0])
    address = cfuncs.compiled(entry_body, signature(record)).address
    kernel_cache.mark_compiled("pillars", _cache_name(record))
    return address


def _cache_name(record) -> str:
    return f"pillars bot entry for {record}"


# Run by the second process: compile the entry for the record type read from stdin.
_COMPILE_ENTRY = ("import pickle, sys, numpy as np; from strategies.pillars.entry import "
                  "bot_entry; bot_entry(np.zeros(1, pickle.load(sys.stdin.buffer)).view(np.recarray))")


def bot_entry_soon(packed: np.recarray) -> Soon:
    """``bot_entry(packed)`` to ``get`` later; on a machine's first run (or the first after
    an edit) a second process compiles it while this one compiles the rules
    (``sim.second_core``)."""
    name = None if numba.config.DISABLE_JIT else _cache_name(numba.typeof(packed[0]))
    return compiled_soon("pillars", name, lambda: bot_entry(packed), _COMPILE_ENTRY, packed.dtype)


@intrinsic
def _call(typingctx, address, s, T, W, opts, n, seat, kind):
    """Call the entry at ``address`` with the arrays' data pointers."""
    cfuncs.check_arrays(_ARRAYS, (s, W, opts), "the Pillars bot entry")
    sig = _INT(_INT, s, T, W, opts, _INT, _INT, _INT)

    def codegen(context, builder, sig, args):
        s, W, opts = (cfuncs.array_of(context, builder, sig, args, k) for k in (1, 3, 4))
        untyped = context.get_value_type(types.voidptr)
        return cfuncs.call_address(builder, args[0], [
            s.data, args[2], builder.bitcast(W.data, untyped), builder.extract_value(W.shape, 0),
            opts.data, *args[5:8]])

    return sig, codegen


def _call_directly(address, s, T, W, opts, n, seat, kind):
    from strategies.pillars.heuristic import heuristic_choose  # imports the rules
    w = W[W_WEIGHTS:].view(np.float64)[seat * NF:(seat + 1) * NF]
    return heuristic_choose(s, T, w, opts, n, seat, kind)


# Under NUMBA_DISABLE_JIT everything is plain Python and the heuristic is called directly.
_call_entry = _call_directly if numba.config.DISABLE_JIT else _call


@kernel
def ask_heuristic(s, T, W, opts, n, seat, kind):
    """``heuristic.heuristic_choose`` through the entry. A game started without the entry,
    or with working arrays of other sizes, is marked broken and takes option 0."""
    address = W[W_ENTRY]
    if (address == 0 or W.shape[0] < BOT_WORDS or s.shape[0] != L.STATE_SIZE
            or opts.shape[0] != MAX_OPTIONS or opts.shape[1] != OPT_WIDTH):
        if s[L.VIOLATION] == 0:
            s[L.VIOLATION] = V_NO_BOT_ENTRY
        return 0
    return _call_entry(address, s, T, W, opts, n, seat, kind)


# The search entry's arrays: the game's, then its copies to play out on.
SEARCH_ARRAYS = {"s": (types.int32, 1), "W": (types.int64, 1), "s2": (types.int32, 1),
                 "work2": (types.int32, 1), "scratch2": (types.int32, 1),
                 "opts2": (types.int32, 2), "rng2": (types.uint64, 1), "W2": (types.int64, 1),
                 "rng": (types.uint64, 1)}


def search_signature(record):
    """s, T, W, W's length, then the copies' s, work, scratch, opts, rng and W, the seat,
    the game's rng -> 0. ``W`` and its copy are untyped, read as the entry needs."""
    int32_at, word_at = types.CPointer(types.int32), types.CPointer(types.uint64)
    return _INT(int32_at, record, types.voidptr, _INT, int32_at, int32_at, int32_at, int32_at,
                word_at, types.voidptr, _INT, word_at)


@intrinsic
def _call_search(typingctx, address, s, T, W, s2, work2, scratch2, opts2, rng2, W2, seat, rng):
    """Call the search entry at ``address`` with the arrays' data pointers."""
    cfuncs.check_arrays(SEARCH_ARRAYS, (s, W, s2, work2, scratch2, opts2, rng2, W2, rng),
                        "the Pillars search entry")
    sig = _INT(_INT, s, T, W, s2, work2, scratch2, opts2, rng2, W2, _INT, rng)

    def codegen(context, builder, sig, args):
        arrays = {k: cfuncs.array_of(context, builder, sig, args, k) for k in (1, 3, 4, 5, 6, 7, 8, 9, 11)}
        untyped = context.get_value_type(types.voidptr)
        return cfuncs.call_address(builder, args[0], [
            arrays[1].data, args[2], builder.bitcast(arrays[3].data, untyped),
            builder.extract_value(arrays[3].shape, 0), arrays[4].data, arrays[5].data,
            arrays[6].data, arrays[7].data, arrays[8].data,
            builder.bitcast(arrays[9].data, untyped), args[10], arrays[11].data])

    return sig, codegen


def _call_search_directly(address, s, T, W, s2, work2, scratch2, opts2, rng2, W2, seat, rng):
    from strategies.pillars.search import search_directly  # imports the rules
    return search_directly(s, T, W, s2, work2, scratch2, opts2, rng2, W2, seat, rng)


# Under NUMBA_DISABLE_JIT the search is called directly.
_call_search_entry = _call_search_directly if numba.config.DISABLE_JIT else _call_search


@kernel
def ask_search(s, T, W, s2, work2, scratch2, opts2, rng2, W2, seat, rng):
    """``search.search_turn`` through its entry: plans ``seat``'s turn in ``s[L.PLAN]``. A
    game started without the entry, or with copies of other sizes, is marked broken."""
    address = W[W_SEARCH]
    if (address == 0 or W.shape[0] < BOT_WORDS or W2.shape[0] != W.shape[0]
            or s2.shape[0] != s.shape[0] or s.shape[0] != L.STATE_SIZE
            or opts2.shape[0] != MAX_OPTIONS or opts2.shape[1] != OPT_WIDTH):
        if s[L.VIOLATION] == 0:
            s[L.VIOLATION] = V_NO_BOT_ENTRY
        return 0
    return _call_search_entry(address, s, T, W, s2, work2, scratch2, opts2, rng2, W2, seat, rng)
