"""The one place that sets Numba options for every kernel in the project."""

import numba

# cache=True keeps compiled kernels on disk between runs; NUMBA_DISABLE_JIT=1 runs the
# same functions as plain Python for debugging and coverage.
njit = numba.njit(cache=True, nogil=True)
