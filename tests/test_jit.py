"""sim.jit: a kernel compiles once whatever integer widths and constants its callers pass,
without the wrappers Python calls through (a call from Python goes to a twin that has
them); an inline kernel is inlined by LLVM into its callers without making its callees
inline; a kernel compiled in its caller has no compiled version of its own."""

import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np

from sim.jit import compiled_in_caller, inline_kernel, kernel


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
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.pathsep.join([str(Path(__file__).parent), *sys.path]))
    done = subprocess.run([sys.executable, "-c", INLINE_FLAGS], env=env, capture_output=True,
                          text=True, check=True)
    twice_inline, halve_inline = done.stdout.split()
    assert twice_inline == "True"
    assert halve_inline == "False"


def test_kernel_is_compiled_without_wrappers_and_called_from_python_through_a_twin():
    a = np.array([5, 0, 0], dtype=np.int32)
    callers(a)
    (signature,) = add_to.signatures
    library, names = add_to.overloads[signature].library, add_to.overloads[signature].fndesc
    assert library.get_pointer_to_function(names.mangled_name) != 0
    assert library.get_pointer_to_function(names.llvm_cpython_wrapper_name) == 0
    assert library.get_pointer_to_function(names.llvm_cfunc_wrapper_name) == 0
    # Without these the call below would crash the process instead of failing the test.
    assert "__call__" in vars(type(add_to))
    assert add_to._cache._impl.filename_base.startswith("test_jit.add_to.kernel-")
    assert add_to(a, 0, 4) == 10  # from Python
    assert add_to._twin.py_func is add_to.py_func
    assert add_to._twin._cache._impl.filename_base.startswith("test_jit.add_to.python-")
    assert add_to.signatures == [signature]  # the twin compiled its own version


# Numba's cache key is the signature, not the options: a process that finds the kernel's
# version (without the Python wrapper) in the cache must still call it from Python, and
# code calling the function from Python as a plain Numba function must not be handed it.
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
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path),
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
    assert bump(a) == 3  # from Python, through the twin
