"""The one place that sets Numba options for every kernel in the project."""

import numba

# cache=True keeps compiled kernels on disk between runs; NUMBA_DISABLE_JIT=1 runs the
# same functions as plain Python for debugging and coverage.
njit = numba.njit(cache=True, nogil=True)

# For game kernels, which never allocate: without Numba's reference-counting runtime,
# passing arrays (the state, the content tables) costs no atomic increments and
# decrements per call, which were half of a game's time (docs/performance.md). A kernel
# that tries to allocate fails to compile, so the no-allocation rule is checked by the
# compiler. ``_nrt`` is Numba's own switch for that runtime.
kernel = numba.njit(cache=True, nogil=True, _nrt=False)
