"""The bot contract: the one way the rules of every game ask a bot for a choice.

A bot is one function, the same shape in every game::

    choose(s, T, W, opts, n, seat, kind, rng) -> index of the option taken, 0 .. n - 1

``s`` the state (int32), ``T`` the content tables (a record), ``W`` the weights (float64,
one row per seat; a co-operative game has one seat, 0), ``opts`` the legal options the
rules wrote (int32, one row each), ``n`` how many, ``seat`` who chooses, ``kind`` the
decision (the game's ``decisions.D_*``), ``rng`` the game's random streams (a bot draws
from its seat's own). ``n`` 0 is a notice, not a question: the rules tell the bot that a
stage begins (``kind``, a game's ``NOTICE_*``), and the answer is ignored.

The rules never import a bot. The runner layer compiles the bot's ``choose`` into a
C-callable entry (``entry_address``) and hands its address to the game, which keeps it
for the game's length; the rules' ``decide`` calls it through ``call``. So the rules
compile without the bots, and the bots call the rules' own helpers without a cycle.
"""

from dataclasses import dataclass

import numba
from numba import types
from numba.extending import intrinsic, register_jitable

from sim import cfuncs
from sim.jit import inline_kernel

# The game's arrays as an entry takes them: element type and dimensions.
ARRAYS = {"s": (types.int32, 1), "W": (types.float64, 2), "opts": (types.int32, 2),
          "rng": (types.uint64, 1)}
_INT = types.int64
# A seat's bot code that asks no bot: the rules take one of the legal options uniformly at
# random from the seat's own stream, the baseline every game offers without a call.
RANDOM_LEGAL = 0
# Under NUMBA_DISABLE_JIT an "address" is an index into this list of plain functions.
_PYTHON: list = [None]


def signature(record):
    """s, T, W, W's rows, W's columns, opts, n, seat, kind, rng -> the option's index."""
    p = cfuncs.pointers(ARRAYS)
    return _INT(p["s"], record, p["W"], _INT, _INT, p["opts"], _INT, _INT, _INT, p["rng"])


def entry_address(entry, choose, packed) -> int:
    """Address of ``entry`` (``choose`` on the arrays its pointers give) compiled for the
    record type of ``packed`` (a content's one-row table array), or loaded from the
    cache, on the first call in this process."""
    if numba.config.DISABLE_JIT:
        if choose not in _PYTHON:
            _PYTHON.append(choose)
        return _PYTHON.index(choose)
    return cfuncs.compiled(entry, signature(numba.typeof(packed[0]))).address


@intrinsic
def _call(typingctx, address, s, T, W, opts, n, seat, kind, rng):
    """Call the entry at ``address`` with the arrays' data pointers."""
    cfuncs.check_arrays(ARRAYS, (s, W, opts, rng), "a bot entry")
    sig = _INT(_INT, s, T, W, opts, _INT, _INT, _INT, rng)

    def codegen(context, builder, sig, args):
        s, W, opts, rng = (cfuncs.array_of(context, builder, sig, args, k) for k in (1, 3, 4, 8))
        return cfuncs.call_address(builder, args[0], [
            s.data, args[2], W.data, builder.extract_value(W.shape, 0),
            builder.extract_value(W.shape, 1), opts.data, *args[5:8], rng.data])

    return sig, codegen


def _call_python(address, s, T, W, opts, n, seat, kind, rng):
    return _PYTHON[address](s, T, W, opts, n, seat, kind, rng)


# ``call(address, s, T, W, opts, n, seat, kind, rng)``: the bot's choice.
call = _call_python if numba.config.DISABLE_JIT else _call


@inline_kernel
def ask(s, entry_at, violation_at, no_entry, T, W, opts, n, seat, kind, rng):
    """The answer of the bot whose entry's address is in the state's words from
    ``entry_at``. A game started without it is marked broken (``no_entry`` in
    ``s[violation_at]``, unless a violation came first) and takes option 0."""
    address = cfuncs.address_at(s, entry_at)
    if address == 0:
        if s[violation_at] == 0:
            s[violation_at] = no_entry
        return 0
    return call(address, s, T, W, opts, n, seat, kind, rng)


@register_jitable  # typed in the entry, with the reference counting its views need
def views(s_at, W_at, rows, columns, opts_at, rng_at, sizes):
    """An entry's pointers as the arrays ``choose`` takes; ``sizes``: the game's (state
    words, option rows, option columns, random streams)."""
    return (numba.carray(s_at, sizes[0]), numba.carray(W_at, (rows, columns)),
            numba.carray(opts_at, (sizes[1], sizes[2])), numba.carray(rng_at, sizes[3]))


@dataclass(frozen=True)
class Skill:
    """What a skill level means in every game."""

    mistakes: float  # share of the decisions of two or more options taken uniformly at random
    search: float  # share of the run's play-outs per option the search bot takes (0: none)


# Lowest first. Below the default the heuristic makes mistakes, drawn from the seat's own
# stream; above it the search bot plays.
SKILLS = {
    "novice": Skill(mistakes=0.25, search=0.0),
    "casual": Skill(mistakes=0.08, search=0.0),
    "default": Skill(mistakes=0.0, search=0.0),
    "strong": Skill(mistakes=0.0, search=0.5),
    "expert": Skill(mistakes=0.0, search=1.0),
}
DEFAULT_SKILL = "default"
