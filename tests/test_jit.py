"""sim.jit: a kernel compiles once whatever integer widths and constants its callers pass,
and without Numba's reference counting; an inline kernel is inlined by LLVM into its
callers without making its callees inline; a kernel compiled in its caller has no
compiled version of its own; kernels compiled in separate processes for record types of
different shapes keep their own code when loaded into one; kernels are compiled for the
architecture's baseline processor unless the environment names another. Each test guards one Numba
option or hook the project relies on, so a Numba release that changes it fails here, by
name."""

import inspect
import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest
from llvmlite import binding as llvm
from numba.core import cgutils, config, itanium_mangler
from numba.core.base import BaseContext
from numba.core.cpu import CPUTargetOptions
from numba.core.errors import TypingError
from numba.core.registry import CPUDispatcher

from sim.jit import _record_mangling, compiled_in_caller, inline_kernel, kernel


@kernel
def add_to(a, index, amount):
    a[index] += amount
    return a[index]


@kernel
def halve(x):
    return x // 2


@inline_kernel
def twice(x):
    return 2 * x + halve(x) - halve(x)


@compiled_in_caller
def bump(a):
    a[0] += 1
    return halve(a[0])


@numba.njit  # not cached: compiling it is what the tests watch
def callers(a):
    i32 = a[0]  # an int32 read, as from the game state
    add_to(a, 1, i32)  # literal index, int32 amount
    add_to(a, np.int64(2), 3)  # int64 index, literal amount
    for k in range(2):  # int64 counter
        add_to(a, k, np.int32(1))
    return twice(a[1])


@numba.njit
def bump_twice(a):
    return bump(a) + bump(a)


@kernel
def total(a):
    return a.sum()


@numba.njit
def plain_total(a):
    return a[1:].sum()


# Every part of Numba below its documented API that sim/jit.py, sim/cfuncs.py and
# sim/apart.py use, with the parameters they pass: (owner, name,
# parameters). A release that renames or reshapes one fails here by name.
NUMBA_INTERNALS = (
    (CPUDispatcher, "__init__", ["self", "py_func", "locals", "targetoptions"]),  # sim.jit
    (CPUDispatcher, "get_call_template", ["self", "args", "kws"]),  # sim.jit: integer widths
    (CPUDispatcher, "enable_caching", ["self"]),  # sim.jit
    (config, "reload_config", []),  # sim.jit: NUMBA_CACHE_DIR, NUMBA_CPU_NAME read after import
    (BaseContext, "make_array", ["self", "typ"]),  # sim.cfuncs.array_of, sim.apart
    (BaseContext, "cast", ["self", "builder", "val", "fromty", "toty"]),  # sim.apart
    (cgutils, "unpack_tuple", ["builder", "tup"]),  # sim.apart: a tuple's and a shape's items
)


@pytest.mark.parametrize(("owner", "name", "parameters"), NUMBA_INTERNALS,
                         ids=[f"{o.__name__}.{n}" for o, n, _ in NUMBA_INTERNALS])
def test_the_numba_internals_used_are_there(owner, name, parameters):
    found = getattr(owner, name, None)
    assert found is not None, f"Numba {numba.__version__} has no {owner.__name__}.{name}"
    assert list(inspect.signature(found).parameters)[:len(parameters)] == parameters


def test_record_types_are_named_through_the_mangling_hook():
    """sim.jit names a record type by a hash of its fields through ``mangling_args``, the
    property Numba's symbol mangler reads for every type; a release that stops reading it
    (or renames it) fails here, by name, instead of letting two contents share code."""
    assert isinstance(inspect.getattr_static(numba.types.Type, "mangling_args"), property), (
        f"Numba {numba.__version__} has no Type.mangling_args")
    record = numba.typeof(np.zeros(1, dtype=[("x", np.int32)]).view(np.recarray)[0])
    digest = _record_mangling(record)[1][0]
    assert str(digest) in itanium_mangler.mangle_type_or_value(record), (
        f"Numba {numba.__version__} names record types without mangling_args")


def test_the_no_reference_counting_option_is_there():
    """``_nrt=False`` (sim.jit.kernel) is a CPU target option; its effect is tested below."""
    assert hasattr(CPUTargetOptions, "_nrt"), f"Numba {numba.__version__} has no _nrt target option"


def test_kernel_compiles_once_for_every_integer_mix():
    a = np.array([5, 0, 0], dtype=np.int32)
    assert callers(a) == 2 * 6
    assert list(a) == [6, 6, 3]
    assert len(add_to.signatures) == 1
    assert all(t.bitwidth == 64 for t in add_to.signatures[0][1:])


def test_inline_kernel_is_inlined_into_its_callers():
    callers(np.zeros(3, dtype=np.int32))
    (signature,) = twice.signatures
    twice_name = twice.overloads[signature].fndesc.mangled_name
    callers_code = callers.inspect_llvm(callers.signatures[0])
    assert not any("call" in line and twice_name in line for line in callers_code.splitlines())


# Numba passes ``forceinline`` down only when it compiles a callee, which a warm cache
# skips: this module's two kernels are compiled again in a fresh interpreter with an
# empty cache.
INLINE_FLAGS = """
import numpy as np
from test_jit import callers, halve, twice
callers(np.zeros(3, dtype=np.int32))
for kernel in (twice, halve):
    (signature,) = kernel.signatures
    print(kernel.overloads[signature].fndesc.inline)
"""


def test_kernel_called_by_an_inline_kernel_is_not_inlined_everywhere(tmp_path):
    env = dict(os.environ, SIM_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.pathsep.join([str(Path(__file__).parent), *sys.path]))
    done = subprocess.run([sys.executable, "-c", INLINE_FLAGS], env=env, capture_output=True,
                          text=True, check=True)
    twice_inline, halve_inline = done.stdout.split()
    assert twice_inline == "True"
    assert halve_inline == "False"


# Numba shows no code for a function loaded from its cache, so the kernel is compiled in
# a fresh interpreter with an empty cache.
REFERENCE_COUNTS = """
import numpy as np
from test_jit import plain_total, total
counting = ("NRT_incref", "NRT_decref")
for f in (plain_total, total):
    assert f(np.arange(4)) == 6
    print(any(c in f.inspect_llvm(f.signatures[0]) for c in counting))
"""


def test_kernel_has_no_reference_counting(tmp_path):
    """``_nrt=False``: passing an array costs no reference count, and allocating is refused."""
    env = dict(os.environ, SIM_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.pathsep.join([str(Path(__file__).parent), *sys.path]))
    done = subprocess.run([sys.executable, "-c", REFERENCE_COUNTS], env=env, capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == ["True", "False"]  # the probe sees counts; the kernel has none

    @kernel
    def allocates(n):
        return np.zeros(n).sum()

    with pytest.raises(TypingError, match="zeros"):
        allocates(3)


# The processor kernels are compiled for, as Numba's code generator reports it.
TARGET_CPU = """
import numpy as np
from numba.core.registry import cpu_target
from test_jit import add_to
add_to(np.zeros(1, np.int32), 0, 1)
print(cpu_target.target_context.codegen().magic_tuple()[1])
"""


def _target_cpu(tmp_path, **env):
    env = dict({k: v for k, v in os.environ.items() if k != "NUMBA_CPU_NAME"}, **env,
               SIM_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.pathsep.join([str(Path(__file__).parent), *sys.path]))
    done = subprocess.run([sys.executable, "-c", TARGET_CPU], env=env, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr  # e.g. a Numba release without magic_tuple
    return done.stdout.strip()


def test_kernels_are_compiled_for_the_baseline_processor_unless_told(tmp_path):
    """sim.jit sets Numba's documented NUMBA_CPU_NAME to ``generic``; one set in the
    environment is kept (tests/test_kernel_cache.py: both play the same games)."""
    host = llvm.get_host_cpu_name()
    assert _target_cpu(tmp_path) == "generic"
    assert _target_cpu(tmp_path, NUMBA_CPU_NAME=host) == host


# Numba's cache key is the signature, not the options: a kernel's cached version and a
# plain Numba function of the same source, compiled in other processes on one cache, must
# each still run when called from Python.
KERNEL_THEN_PYTHON = """
import sys
import numba
import numpy as np
from test_jit import add_to, callers
a = np.array([5, 0, 0], dtype=np.int32)
if sys.argv[1] == "kernel":
    print(callers(a))
elif sys.argv[1] == "plain":
    print(numba.njit(cache=True)(add_to.py_func)(a, 0, 4))
else:
    print(add_to(a, 0, 4))
"""


def test_python_call_after_the_kernel_was_cached_elsewhere(tmp_path):
    env = dict(os.environ, SIM_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.pathsep.join([str(Path(__file__).parent), *sys.path]))
    printed = [subprocess.run([sys.executable, "-c", KERNEL_THEN_PYTHON, caller], env=env,
                              capture_output=True, text=True, check=True).stdout.split()
               for caller in ("kernel", "plain", "python", "python")]
    assert printed == [["12"], ["9"], ["9"], ["9"]]


def test_compiled_in_caller_has_no_version_of_its_own():
    a = np.array([3], dtype=np.int32)
    assert bump_twice(a) == 2 + 2  # 4 // 2, then 5 // 2
    assert a[0] == 5
    assert bump.signatures == []
    assert bump(a) == 3  # from Python, compiled for that call


# Kernels over a record of two tables, the first of ``n`` entries: the second table's
# offset depends on ``n``. ``summed`` is too large for LLVM to inline into ``read``, so
# ``read`` calls it by its symbol name.
RECORD_KERNELS = """
import numpy as np
from sim.jit import kernel

@kernel
def summed(T, k):
    t = 0
    for i in range(T.b.shape[0]):
        for j in range(k):
            t += (T.b[i] * j) % 7 + T.b[T.b.shape[0] - 1]
            if t > 100000:
                t -= 99991
    return t

@kernel
def read(packed, k):
    return summed(packed[0], k) + summed(packed[0], k + 1)

def packed(n):
    record = np.zeros(1, np.dtype([("a", np.int32, (n,)), ("b", np.int32, (3,))]))
    record["b"][0] = [1, 2, 3 + n]
    return record.view(np.recarray)
"""
READ_RECORDS = """
import sys
import record_kernels as k
print(*(k.read(k.packed(n), 5) - k.read.py_func(k.packed(n), 5) for n in map(int, sys.argv[1:])))
"""


def test_kernels_compiled_apart_for_two_record_shapes_keep_their_own_code(tmp_path):
    """Each shape compiled by a process of its own (where it is the first record type,
    as for one cell run alone), then both loaded from the cache into one process, as a
    run of cells of two contents does: each gives what plain Python gives. With Numba's
    own record names both processes named their record alike and the second shape's
    kernel called the first's helper (docs/engine.md)."""
    (tmp_path / "record_kernels.py").write_text(RECORD_KERNELS)
    env = dict(os.environ, SIM_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join([str(tmp_path), *sys.path]))

    def errors(*sizes: int) -> list[str]:
        return subprocess.run([sys.executable, "-c", READ_RECORDS, *map(str, sizes)], env=env,
                              capture_output=True, text=True, check=True).stdout.split()

    assert errors(2) == ["0"] and errors(5) == ["0"]
    assert errors(2, 5) == ["0", "0"]
    assert errors(5, 2) == ["0", "0"]

