"""Compiling on the second core: what a machine's first run compiles, split in two.

A compiled entry (a ``numba.cfunc``, reached through its address) depends on nothing its
callers compile, so while this process compiles the rules, a second Python process can
compile the entries into Numba's cache, and this one then loads them from there
(docs/performance.md).
"""

import os
import pickle
import subprocess
import sys
from pathlib import Path

from numba.core.ccallback import CFunc
from numba.core.sigutils import normalize_signature

PROJECT_ROOT = str(Path(__file__).resolve().parents[1])


def cfunc_cached(func, signature) -> bool:
    """Whether Numba's cache on disk holds ``numba.cfunc(signature, cache=True)(func)``.

    Read from the cache's index through Numba's internals; where those differ the answer
    is True, and the caller compiles here as it would without asking."""
    try:
        entry = CFunc(func, normalize_signature(signature), locals={}, options={})
        entry.enable_caching()
        cache = entry._cache
        key = cache._index_key(entry._sig, entry._targetdescr.target_context.codegen())
        return key in cache._cache_file._load_index()
    except Exception:  # noqa: BLE001 - a guess; any failure means "do not compile twice"
        return True


def start_python(code: str, data) -> subprocess.Popen:
    """Start ``python -c code`` that imports this project (run from its folder, so that no
    other checkout's code is found first), with ``data`` pickled on its standard input;
    its output is discarded (this process compiles again what it failed). Raises OSError
    when the process cannot be started or fed."""
    path = os.pathsep.join([PROJECT_ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])
    process = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               cwd=PROJECT_ROOT, env=dict(os.environ, PYTHONPATH=path))
    try:
        with process.stdin:
            process.stdin.write(pickle.dumps(data))
    except OSError:
        process.kill()
        process.wait()
        raise
    return process
