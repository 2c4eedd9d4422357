"""Spread a batch's games over this process's threads.

Compiled kernels release the GIL (``nogil``), so Python threads each calling one on its
own range of games run in parallel. This replaces a parallel loop inside the kernel:
Numba compiles such a loop's body as a function of its own, a second copy of everything
the loop calls, which made the batch kernel the costliest compile of the first run
(docs/performance.md). How many threads: Numba's setting (``numba.set_num_threads``,
which ``--workers`` sets), so one switch sizes both. Numba keeps that setting per thread:
it holds for the thread that set it (the runner's, a Dask task's); from any other
thread, every core.
"""

from concurrent.futures import ThreadPoolExecutor

import numba


def in_chunks(count: int, chunk: int, play) -> None:
    """Call ``play(start, stop)`` on ranges of at most ``chunk`` covering 0 .. count - 1,
    each range once, handed to the threads in order as they free up. On one thread, one
    call for the whole range."""
    threads = min(numba.get_num_threads(), -(-count // chunk))
    if threads <= 1:
        play(0, count)
        return
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(lambda start: play(start, min(count, start + chunk)),
                      range(0, count, chunk)))
