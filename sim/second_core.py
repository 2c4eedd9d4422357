"""Compiling on the second core: what a machine's first run compiles, split in two.

A compiled entry (``sim.cfuncs``, reached through its address) depends on nothing its
callers compile, so while this process compiles the rules, a second Python process can
compile the entries into Numba's cache, and this one then loads them from there
(docs/performance.md).
"""

import os
import pickle
import subprocess
import sys
from pathlib import Path

PROJECT_ROOT = str(Path(__file__).resolve().parents[1])


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
