"""Numba's disk cache in a folder keyed by the sources every kernel is built from.

Numba checks a cached function against its own file only. A kernel compiled into its
callers (and a layout constant it reads) lives in other files, so after an edit its
callers could keep running the old code: games of 0 rounds reported complete, or a crash
when old code reached a freshly compiled entry through its address. Here the cache lives
in ``<base>/numba-<key>``, where the key hashes every source kernels are built from (the
games, the bots, the compile machinery: ``KERNEL_SOURCES``) with the Numba and Python
versions: an edit of any of them starts a fresh folder, so compiled code is never older
than its sources.

The folder is handed to Numba through its documented ``NUMBA_CACHE_DIR``, set before the
first kernel is declared. A process started from this one (the second compiling process,
a Dask worker) computes the same key from the same sources and so shares the folder.

The base is ``$SIM_CACHE_DIR``, else ``$XDG_CACHE_HOME/board-sim``, else
``~/.cache/board-sim``; the ``KEEP`` folders used last are kept there, older ones removed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import platform
import shutil
import tempfile
import time
from functools import cache
from importlib import metadata
from pathlib import Path

# The sources kernels are built from, as (package, path inside it): the games, the bots,
# and the modules of ``sim`` that declare or compile kernels. tests/test_kernel_cache.py
# checks that every module holding a compiled function is among them.
KERNEL_SOURCES = (("sim", "games"), ("strategies", ""), ("sim", "jit.py"), ("sim", "cfuncs.py"),
                  ("sim", "apart.py"), ("sim", "rng.py"), ("sim", "kernel_cache.py"))
KEEP = 8  # key folders kept under the base (one per recent edit of the sources)
IN_USE_S = 3600  # a folder used this recently is never removed: a run may still need it
_PREFIX = "numba-"


def package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(f"package {name!r} not found")
    return Path(next(iter(spec.submodule_search_locations))).resolve()


def source_files() -> dict[str, Path]:
    """Every file of ``KERNEL_SOURCES`` by its name inside the packages (``sim/jit.py``)."""
    files = {}
    for package, inside in KERNEL_SOURCES:
        root = package_dir(package)
        path = root / inside
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            files[f"{package}/{file.relative_to(root).as_posix()}"] = file
    return files


def source_key() -> str:
    """A hash of every file of ``KERNEL_SOURCES`` (name and bytes), Numba and Python."""
    digest = hashlib.sha256()
    for version in (metadata.version("numba"), platform.python_version()):
        digest.update(version.encode() + b"\0")
    for name, path in source_files().items():
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def cache_base() -> Path:
    if os.environ.get("SIM_CACHE_DIR"):
        return Path(os.environ["SIM_CACHE_DIR"])
    home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(home) / "board-sim"


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def _prune(base: Path, current: Path) -> None:
    """Remove key folders beyond the ``KEEP`` used last, unless used within ``IN_USE_S``."""
    folders = sorted((p for p in base.glob(_PREFIX + "*") if p.is_dir() and p != current),
                     key=lambda p: p.stat().st_mtime, reverse=True)
    now = time.time()
    for old in folders[KEEP - 1:]:
        if now - old.stat().st_mtime > IN_USE_S:
            shutil.rmtree(old, ignore_errors=True)


@cache
def open_cache() -> Path:
    """Point Numba's cache at this sources' folder (made if new) and return it, once per
    process. Called by ``sim.jit`` before any kernel is declared; a base that cannot be
    written falls back to a folder under the system's temporary directory."""
    base = cache_base()
    if not _writable(base):
        base = Path(tempfile.gettempdir()) / f"board-sim-{os.getuid()}"
        base.mkdir(parents=True, exist_ok=True)
    folder = base / f"{_PREFIX}{source_key()}"
    fresh = not folder.exists()
    folder.mkdir(exist_ok=True)
    os.utime(folder)  # marks it used, for _prune
    if fresh:
        _prune(base, folder)
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    return folder


def _marker(name: str) -> Path:
    return open_cache() / "ready" / hashlib.sha256(name.encode()).hexdigest()[:24]


def mark_compiled(name: str) -> None:
    """Note that what ``name`` stands for (a set of compiled entries) is in the cache."""
    marker = _marker(name)
    marker.parent.mkdir(exist_ok=True)
    marker.write_text(name + "\n", encoding="utf-8")


def compiled(name: str) -> bool:
    """Whether ``mark_compiled(name)`` was called with these sources."""
    return _marker(name).is_file()
