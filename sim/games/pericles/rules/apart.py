"""Rules kernels compiled apart: each once, reached from the others through its address.

Numba copies into a kernel's compiled module the code of every kernel it calls, and
optimises and emits it again there (docs/performance.md). The kernels marked ``@apart``
are large and called rarely (a Battle, Athens builds, a completion, building and
scoring a piece, Governance, the Demagogue's turn: a few dozen calls in a game), yet
each sat in up to 25 modules. Each is now compiled once per content record type as a
C-callable function (``rule_entries``); a game keeps those functions' addresses in its
state (``put_rule_entries``, the RULE_ENTRIES words), and every call of the kernel goes
through a small stub that reads the address and calls it with the arrays' data pointers.
Compiled apart, they also depend on nothing their callers compile, so a machine's first
run compiles them on the second core (``entries.entries_soon``). Kernels called hundreds of
times a game (the effect interpreter, settling) stay linked: through an address they
made games measurably slower (docs/performance.md).

An ``@apart`` kernel takes (s, T, W, opts, at most four integers, rng, ev), in that
order, and returns nothing or an integer (``result``). Its stub and entry are generated
from two short templates below, since Numba compiles a function of a fixed arity. Both
are cached as if written in the kernel's own module, in the cache folder that every
source file keys (``sim.kernel_cache``), so an edit of this file or of the slot order
compiles them again instead of calling the wrong kernel. Numba raises few exceptions
inside kernels (a division by zero); one raised inside an entry is printed, and the call
returns 0 instead of stopping the batch.

A game's randomness and choices do not depend on how a kernel is reached: the same
games as with direct calls (tests/test_apart.py).
"""

import numba
import numpy as np
from numba import types
from numba.core.errors import TypingError
from numba.extending import intrinsic

from sim import cfuncs
from sim.games.pericles import layout as L
from sim.games.pericles.decisions import MAX_OPTIONS, OPT_WIDTH
from sim.games.pericles.events import EV_COLS
from sim.games.pericles.invariants import V_NO_RULE_ENTRY
from sim.jit import compiled_in_caller, kernel
from sim.rng import N_STREAMS

MAX_INTS = 4
EV_WIDTH = EV_COLS + L.MAX_SEATS
# Names the generated stub uses itself, so a kernel's parameter must not take them.
_STUB_NAMES = {"address", "entry_address", "call_entry"}
RESULTS = (None, int)

_INT = types.int64
# The arrays a stub hands over, in order: element type and dimensions.
_ARRAYS = {"s": (types.int32, 1), "W": (types.float64, 2), "opts": (types.int32, 2),
           "rng": (types.uint64, 1), "ev": (types.int32, 2)}

# What a stub does with the entry's int64 result, and returns when the entry is missing.
_STUB_RETURN = {None: ("", "return"), int: ("return ", "return 0")}
_STUB = """
def {name}(s, T, W, opts, {ints}rng, ev):
    address = entry_address(s, {slot}, opts, rng, ev)
    if address == 0:
        {missing}
    {use}call_entry(address, s, T, W, opts, rng, ev, {padded})
"""

_ENTRY_RETURN = {None: "{call}\n    return 0", int: "return {call}"}
_ENTRY = """
def {name}(s_at, T, W_at, W_rows, W_cols, opts_at, rng_at, ev_at, ev_rows, {all_ints}):
    s = carray(s_at, STATE_SIZE)
    W = carray(W_at, (W_rows, W_cols))
    opts = carray(opts_at, (MAX_OPTIONS, OPT_WIDTH))
    rng = carray(rng_at, N_STREAMS)
    ev = carray(ev_at, (ev_rows, EV_WIDTH))
    {body}
"""

_kernels = []  # (name, generated entry function) of every apart kernel defined


def apart(result=None):
    """Compile the decorated rules kernel apart (see the module's docstring)."""
    if result not in RESULTS:
        raise ValueError(f"result must be one of {RESULTS}, not {result!r}")

    def wrap(func):
        name = func.__name__
        names = func.__code__.co_varnames[:func.__code__.co_argcount]
        ints = names[4:-2]
        if names[:4] != ("s", "T", "W", "opts") or names[-2:] != ("rng", "ev") \
                or len(ints) > MAX_INTS or _STUB_NAMES & set(ints):
            raise TypeError(f"{name}: an apart kernel takes (s, T, W, opts, at most "
                            f"{MAX_INTS} integers not named {sorted(_STUB_NAMES)}, rng, ev), "
                            f"not {names}")
        if name not in L.RULE_ENTRY_SLOTS:
            raise KeyError(f"{name}: add it to layout.RULE_ENTRY_SLOTS")
        body = compiled_in_caller(func)  # into its one caller, the entry
        if numba.config.DISABLE_JIT:
            return body
        all_ints = [f"a{k}" for k in range(MAX_INTS)]
        call = f"body(s, T, W, opts, {''.join(a + ', ' for a in all_ints[:len(ints)])}rng, ev)"
        entry = _generate(func, f"{func.__qualname__}.entry", _ENTRY, {"body": body},
                          all_ints=", ".join(all_ints),
                          body=_ENTRY_RETURN[result].format(call=call))
        _kernels.append((name, entry))
        use, missing = _STUB_RETURN[result]
        padded = ", ".join(list(ints) + ["0"] * (MAX_INTS - len(ints)))
        slot = L.RULE_ENTRY_SLOTS.index(name)
        stub = _generate(func, f"{func.__qualname__}.stub_{slot}", _STUB, {},
                         ints="".join(a + ", " for a in ints),
                         slot=slot, use=use, missing=missing,
                         padded=padded)
        stub.__doc__ = func.__doc__
        return kernel(stub)

    return wrap


def _generate(func, qualname, template, names, **fields):
    """The function ``template`` defines, compiled as if written in ``func``'s file (where
    Numba keeps its cache, checked against that file) under ``qualname``, which also
    names it in the compiled code."""
    namespace = {"__name__": func.__module__, "carray": numba.carray,
                 "entry_address": entry_address, "call_entry": _call_entry,
                 "STATE_SIZE": L.STATE_SIZE, "MAX_OPTIONS": MAX_OPTIONS,
                 "OPT_WIDTH": OPT_WIDTH, "N_STREAMS": N_STREAMS, "EV_WIDTH": EV_WIDTH, **names}
    source = template.format(name=func.__name__, **fields)
    exec(compile(source, func.__code__.co_filename, "exec"), namespace)  # noqa: S102
    generated = namespace[func.__name__]
    generated.__qualname__ = qualname
    return generated


def _signature(record):
    """The entry's: s, T, W, W's rows and columns, opts, rng, ev, ev's rows, four integers."""
    pointer = cfuncs.pointers(_ARRAYS)
    return _INT(pointer["s"], record, pointer["W"], _INT, _INT, pointer["opts"], pointer["rng"],
                pointer["ev"], _INT, *([_INT] * MAX_INTS))


_addresses = {}  # record type -> rule_entries' array, one per process


def rule_entries(packed: np.recarray) -> np.ndarray:
    """Addresses of every apart kernel compiled for ``packed``'s record type
    (``Content.packed``), in slot order: compiled, or loaded from the cache, on the first
    call in this process."""
    if numba.config.DISABLE_JIT:
        return np.ones(len(L.RULE_ENTRY_SLOTS), np.int64)  # unused: the kernels run directly
    missing = set(L.RULE_ENTRY_SLOTS) - {name for name, _ in _kernels}
    if missing:
        raise RuntimeError(f"apart kernels not imported: {sorted(missing)}")
    record = numba.typeof(packed[0])
    if record not in _addresses:
        by_name = dict(_kernels)
        addresses = [cfuncs.compiled(by_name[name], _signature(record)).address
                     for name in L.RULE_ENTRY_SLOTS]
        _addresses.setdefault(record, np.array(addresses, np.int64))
    return _addresses[record]


@kernel
def put_rule_entries(s, addresses):
    """Keep the entries' addresses in the RULE_ENTRIES words (two per slot)."""
    for slot in range(addresses.shape[0]):
        cfuncs.put_address(s, L.RULE_ENTRIES + 2 * slot, addresses[slot])


@kernel
def drop_rule_entries(s):
    s[L.RULE_ENTRIES:L.RULE_ENTRIES + 2 * len(L.RULE_ENTRY_SLOTS)] = 0


@kernel
def entry_address(s, slot, opts, rng, ev):
    """The slot's entry address, or 0 when the game started without it or its working
    arrays are not the engine's sizes. Then the game is marked broken and over: the rule
    cannot run, and a loop waiting on it (a Demagogue that never places) would not end."""
    if (s.shape[0] != L.STATE_SIZE or opts.shape[0] != MAX_OPTIONS
            or opts.shape[1] != OPT_WIDTH or rng.shape[0] != N_STREAMS
            or ev.shape[1] != EV_WIDTH):
        address = 0
    else:
        address = cfuncs.address_at(s, L.RULE_ENTRIES + 2 * slot)
    if address == 0:
        if s[L.VIOLATION] == 0:
            s[L.VIOLATION] = V_NO_RULE_ENTRY
        s[L.GAME_OVER] = 1
    return address


@intrinsic
def _call_entry(typingctx, address, s, T, W, opts, rng, ev, a0, a1, a2, a3):
    """Call the entry at ``address`` with the arrays' data pointers (and W's and ev's
    dimensions) and the integers widened to int64."""
    cfuncs.check_arrays(_ARRAYS, (s, W, opts, rng, ev), "an apart kernel")
    for given in (a0, a1, a2, a3):
        if not isinstance(given, (types.Integer, types.Boolean)):
            raise TypingError(f"an apart kernel takes integers between opts and rng, not {given}")
    signature = _INT(_INT, s, T, W, opts, rng, ev, a0, a1, a2, a3)

    def codegen(context, builder, sig, args):
        s, W, opts, rng, ev = (cfuncs.array_of(context, builder, sig, args, k) for k in (1, 3, 4, 5, 6))
        ints = [context.cast(builder, value, given, _INT)
                for value, given in zip(args[7:], sig.args[7:], strict=True)]
        return cfuncs.call_address(builder, args[0], [
            s.data, args[2], W.data, builder.extract_value(W.shape, 0),
            builder.extract_value(W.shape, 1), opts.data, rng.data, ev.data,
            builder.extract_value(ev.shape, 0), *ints])

    return signature, codegen
