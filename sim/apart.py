"""Rules kernels compiled apart: each once, reached from the others through its address.

Numba copies into a kernel's compiled module the code of every kernel it calls, and
optimises and emits it again there (docs/performance.md). A kernel marked with a game's
``Apart`` decorator is compiled once per content record type as a C-callable function
(``Apart.addresses``); a game keeps those functions' addresses in two state words each
(``put_addresses``), and every call of the kernel goes through a small stub that reads
the address and calls it with the arrays' data pointers and dimensions. Compiled apart,
the kernels also depend on nothing their callers compile, so a machine's first run can
compile them on the second core (``sim.second_core``). For large kernels reached from
many places: through an address a call costs about 15 ns and the optimiser cannot see
through it, so a kernel called thousands of times a game is measured before it goes
apart (docs/performance.md).

A game names the parameters its kernels share (``arrays``: name -> element type and
dimensions; ``records``: the content tables); any other parameter is an integer, passed
as int64. An apart kernel returns nothing or an integer (``result``). Its stub and entry
are generated from the templates below, for the kernel's own parameters, and both are
cached as if written in the kernel's own module, in the cache folder that every source
file keys (``sim.kernel_cache``), so an edit of this file or of a game's slot order
compiles them again instead of calling the wrong kernel. When the kernel cannot run,
because the stub finds no address (a game started without its entries, or a state of
another size) or because it raised (Numba raises few exceptions inside kernels: a
division by zero), the call returns 0 and ``mark_broken`` writes the game's code for
that case into its violation word and ends the game, so that no game plays on from a
rule half done and a loop waiting on the rule ends.

A game's randomness and choices do not depend on how a kernel is reached: the same games
as with direct calls (tests/test_apart.py).
"""

import numba
import numpy as np
from numba import types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.extending import intrinsic

from sim import cfuncs
from sim.jit import compiled_in_caller, kernel

_INT = types.int64
RECORD, INTEGER = "the tables", "an integer"  # kinds of parameter besides arrays
# Names the generated stub and entry use themselves, so a kernel's parameter must not take them.
_RESERVED = {"address", "address_at", "call_entry", "mark_broken", "body", "carray"}
RESULTS = (None, int)

# What a stub does with the entry's int64 result, and returns when the entry is missing.
_STUB_RETURN = {None: ("", "return"), int: ("return ", "return 0")}
_STUB = """
def {name}({params}):
    address = address_at(s, {word}) if s.shape[0] >= {word} + 2 else 0
    if address == 0:
        mark_broken(s, {broken_no_entry})
        {missing}
    {use}call_entry(address, ({params},))
"""

_ENTRY_RETURN = {None: "body({params})\n        return 0", int: "return body({params})"}
_ENTRY = """
def {name}({entry_params}):
{views}
    try:
        {body}
    except Exception:
        mark_broken(s, {broken_raised})
        return 0
"""


class Apart:
    """The kernels of one game compiled apart, in the order of ``slots`` (their names), whose
    addresses a game keeps in the state words from ``word`` (two per slot). A game whose
    apart kernel found no address gets the code ``no_entry`` in its state word
    ``violation``, one whose kernel raised the code ``raised``, and either ends (its word
    ``game_over`` set to 1)."""

    def __init__(self, arrays: dict, records: tuple, slots: tuple, word: int, *,
                 violation: int, game_over: int, no_entry: int, raised: int):
        self.arrays, self.records, self.slots, self.word = arrays, records, slots, word
        self._broken = {case: f"{violation}, {game_over}, {code}"
                        for case, code in (("no_entry", no_entry), ("raised", raised))}
        self._entries: dict[str, tuple] = {}  # kernel name -> (generated entry, its parameters)
        self._addresses: dict = {}  # record type -> the entries' addresses, one array per process

    def __call__(self, result=None):
        """Compile the decorated rules kernel apart (see the module's docstring)."""
        if result not in RESULTS:
            raise ValueError(f"result must be one of {RESULTS}, not {result!r}")

        def wrap(func):
            name = func.__name__
            params = func.__code__.co_varnames[:func.__code__.co_argcount]
            if _RESERVED & set(params) or "s" not in params or not set(self.records) & set(params):
                raise TypeError(f"{name}: an apart kernel takes the state s and the tables, and "
                                f"no parameter named {sorted(_RESERVED)}, not {params}")
            entry_params = self._entry_params(params)
            if len(set(entry_params) | set(params)) != len(entry_params) + len(self._arrays(params)):
                raise TypeError(f"{name}: a parameter takes the name of an array's pointer or "
                                f"dimension in the entry ({entry_params})")
            if name not in self.slots:
                raise KeyError(f"{name}: add it to the game's apart slots")
            body = compiled_in_caller(func)  # into its one caller, the entry
            if numba.config.DISABLE_JIT:
                return body
            self._entries[name] = (self._entry(func, body, params, entry_params, result), params)
            use, missing = _STUB_RETURN[result]
            slot = self.slots.index(name)
            stub = _generate(func, f"{func.__qualname__}.stub_{slot}", _STUB,
                             {"address_at": cfuncs.address_at, "mark_broken": mark_broken,
                              "call_entry": _entry_caller(name, self._kinds(params))},
                             params=", ".join(params), use=use, missing=missing,
                             broken_no_entry=self._broken["no_entry"],
                             word=self.word + 2 * slot)
            stub.__doc__ = func.__doc__
            return kernel(stub)

        return wrap

    def _arrays(self, params) -> list:
        return [param for param in params if param in self.arrays]

    def _entry_params(self, params) -> list:
        """The entry's parameters: each array as its pointer then its dimensions, the
        tables as they are, each integer as int64."""
        entry_params = []
        for param in params:
            if param in self.arrays:
                entry_params += [f"{param}_at", *self._dims(param)]
            else:
                entry_params.append(param)
        return entry_params

    def _dims(self, array) -> list:
        return [f"{array}_{k}" for k in range(self.arrays[array][1])]

    def _entry(self, func, body, params, entry_params, result):
        """The C-callable function that makes the arrays from their pointers and runs the
        kernel."""
        views = [f"    {param} = carray({param}_at, ({', '.join(self._dims(param))},))"
                 for param in self._arrays(params)]
        call = _ENTRY_RETURN[result].format(params=", ".join(params))
        return _generate(func, f"{func.__qualname__}.entry", _ENTRY,
                         {"carray": numba.carray, "body": body, "mark_broken": mark_broken},
                         entry_params=", ".join(entry_params), views="\n".join(views), body=call,
                         broken_raised=self._broken["raised"])

    def _kinds(self, params) -> list:
        return [self.arrays.get(param, RECORD if param in self.records else INTEGER)
                for param in params]

    def _signature(self, params, record):
        """The entry's, for the content tables of ``record``'s type."""
        args = []
        for kind in self._kinds(params):
            if kind == INTEGER:
                args.append(_INT)
            elif kind == RECORD:
                args.append(record)
            else:
                args += [types.CPointer(kind[0]), *[_INT] * kind[1]]
        return _INT(*args)

    def compiled(self, packed: np.recarray) -> list:
        """Every apart kernel's entry compiled for ``packed``'s record type
        (``Content.packed``), in slot order (``numba.cfunc`` objects): compiled, or loaded
        from the cache, on the first call in this process."""
        if numba.config.DISABLE_JIT:
            raise RuntimeError("nothing is compiled under NUMBA_DISABLE_JIT")
        missing = set(self.slots) - set(self._entries)
        if missing:
            raise RuntimeError(f"apart kernels not imported: {sorted(missing)}")
        record = numba.typeof(packed[0])
        return [cfuncs.compiled(entry, self._signature(params, record))
                for entry, params in map(self._entries.get, self.slots)]

    def addresses(self, packed: np.recarray) -> np.ndarray:
        """The entries' addresses (``compiled``), for ``put_addresses``."""
        if numba.config.DISABLE_JIT:
            return np.ones(len(self.slots), np.int64)  # unused: the kernels run directly
        record = numba.typeof(packed[0])
        if record not in self._addresses:
            found = [entry.address for entry in self.compiled(packed)]
            self._addresses[record] = np.array(found, np.int64)
        return self._addresses[record]


def _generate(func, qualname, template, names, **fields):
    """The function ``template`` defines, compiled as if written in ``func``'s file (where
    Numba keeps its cache, checked against that file) under ``qualname``, which also
    names it in the compiled code."""
    namespace = {"__name__": func.__module__, **names}
    source = template.format(name=func.__name__, **fields)
    exec(compile(source, func.__code__.co_filename, "exec"), namespace)  # noqa: S102
    generated = namespace[func.__name__]
    generated.__qualname__ = qualname
    return generated


@kernel
def mark_broken(s, violation, game_over, code):
    """Keep ``code`` in the state word ``violation`` (unless a break is marked there
    already) and end the game."""
    if s[violation] == 0:
        s[violation] = code
    s[game_over] = 1


@kernel
def put_addresses(s, word, addresses):
    """Keep the entries' addresses in the state words from ``word`` (two per slot)."""
    for slot in range(addresses.shape[0]):
        cfuncs.put_address(s, word + 2 * slot, addresses[slot])


@kernel
def drop_addresses(s, word, count):
    s[word:word + 2 * count] = 0


def _entry_caller(name: str, kinds: list):
    """An intrinsic that calls the entry at an address with a tuple of arguments of the
    ``kinds`` given, checked at typing (a (element type, dimensions) pair for an array,
    ``RECORD`` for the tables, ``INTEGER`` for an integer): each array as its data pointer
    then its dimensions, the tables as they are, an integer widened to int64."""

    def check(kind, given):
        if kind == INTEGER:
            return isinstance(given, (types.Integer, types.Boolean))
        if kind == RECORD:
            return isinstance(given, types.Record)
        return cfuncs.is_array(given, *kind)

    @intrinsic
    def call_entry(typingctx, address, args):
        wrong = [f"{kind} for {given}" for kind, given in zip(kinds, args, strict=True)
                 if not check(kind, given)]
        if wrong:
            raise TypingError(f"{name} compiled apart takes (C-contiguous arrays of) "
                              f"{'; '.join(wrong)}")

        def codegen(context, builder, sig, llargs):
            flat = []
            for value, given in zip(cgutils.unpack_tuple(builder, llargs[1]), sig.args[1],
                                    strict=True):
                if isinstance(given, types.Array):
                    array = context.make_array(given)(context, builder, value)
                    flat += [array.data, *cgutils.unpack_tuple(builder, array.shape)]
                elif isinstance(given, types.Record):
                    flat.append(value)
                else:
                    flat.append(context.cast(builder, value, given, _INT))
            return cfuncs.call_address(builder, llargs[0], flat)

        return _INT(_INT, args), codegen

    return call_entry
