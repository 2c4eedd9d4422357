"""Compiling on the second core: what a machine's first run compiles, split in two.

A compiled entry (``sim.cfuncs``, reached through its address) depends on nothing its
callers compile, so while this process compiles the rules, a second Python process can
compile the entries into Numba's cache, and this one then loads them from there
(docs/performance.md). Age of Pericles does so for its bot and its rules kernels compiled
apart (``sim.games.pericles.entries``), Pillars of Heracles for its bot
(``strategies.pillars.entry``).
"""

import os
import pickle
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from sim import kernel_cache

PROJECT_ROOT = str(Path(__file__).resolve().parents[1])
COMPILE_TIMEOUT_S = 600  # then this process compiles the entries itself
_compiling: dict[str | None, subprocess.Popen] = {}  # what a second process compiles -> it
_compiling_lock = threading.Lock()


def start_python(code: str, data) -> subprocess.Popen:
    """Start ``python -c code`` that imports this project (run from its folder, so that no
    other checkout's code is found first), with ``data`` pickled on its standard input;
    its output is discarded (this process compiles again what it failed). Raises OSError
    when the process cannot be started or fed."""
    path = os.pathsep.join([PROJECT_ROOT, *filter(None, [os.environ.get("PYTHONPATH")])])
    process = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               cwd=PROJECT_ROOT, env=dict(os.environ, PYTHONPATH=path))
    assert process.stdin is not None  # opened as a pipe above
    try:
        with process.stdin:
            process.stdin.write(pickle.dumps(data))
    except OSError:
        process.kill()
        process.wait()
        raise
    return process


class Soon:
    """What ``load()`` returns (compiled entries, loaded from the cache or compiled here),
    which a second process may be compiling (``compiled_soon``)."""

    def __init__(self, name: str | None, load: Callable):
        self.name, self.load = name, load

    def get(self):
        """Wait for the second process, if any, then ``load``: from the cache, or compiled
        here if that process failed."""
        with _compiling_lock:
            process = _compiling.pop(self.name, None)
        if process is not None:
            try:
                process.wait(COMPILE_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                _stop(process)
        return self.load()

    def cancel(self) -> None:
        """Stop the second process, if any (the run failed before it was needed)."""
        with _compiling_lock:
            process = _compiling.pop(self.name, None)
        if process is not None:
            _stop(process)


def _stop(process) -> None:
    process.kill()
    process.wait()


def compiled_soon(game: str, name: str | None, load: Callable, code: str, data) -> Soon:
    """``load()`` to ``get`` later. Unless ``game``'s cache folder is marked as holding
    ``name`` (``kernel_cache.mark_compiled``, which ``load`` calls) or a second process
    compiles it already, one starts now running ``code`` with ``data`` on its standard
    input, so that this process can compile the rules meanwhile. ``name`` None: nothing to compile
    (``NUMBA_DISABLE_JIT``)."""
    soon = Soon(name, load)
    if name is None:
        return soon
    with _compiling_lock:
        if name in _compiling or kernel_cache.compiled(game, name):
            return soon
        try:
            _compiling[name] = start_python(code, data)
        except OSError:
            pass  # no second process: get compiles them here
    return soon


def compiling(name: str) -> bool:
    """A second process of this one compiles ``name`` now."""
    with _compiling_lock:
        return name in _compiling
