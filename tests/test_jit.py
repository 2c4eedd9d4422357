"""sim.jit: a kernel compiles once whatever integer widths and constants its callers pass."""

import numba
import numpy as np

from sim.jit import inline_kernel, kernel


@kernel
def add_to(a, index, amount):
    a[index] += amount
    return a[index]


@inline_kernel
def twice(x):
    return 2 * x


@numba.njit  # not cached: compiling it is what the tests watch
def callers(a):
    i32 = a[0]  # an int32 read, as from the game state
    add_to(a, 1, i32)  # literal index, int32 amount
    add_to(a, np.int64(2), 3)  # int64 index, literal amount
    for k in range(2):  # int64 counter
        add_to(a, k, np.int32(1))
    return twice(a[1])


def test_kernel_compiles_once_for_every_integer_mix():
    a = np.array([5, 0, 0], dtype=np.int32)
    assert callers(a) == 2 * 6
    assert list(a) == [6, 6, 3]
    assert len(add_to.signatures) == 1
    assert all(t.bitwidth == 64 for t in add_to.signatures[0][1:])


def test_inline_kernel_is_not_compiled_on_its_own():
    callers(np.zeros(3, dtype=np.int32))
    assert twice.signatures == []
