"""Numba's disk cache in folders keyed by the sources kernels are built from, one per game.

Numba checks a cached function against its own file only. A kernel compiled into its
callers (and a layout constant it reads) lives in other files, so after an edit its
callers could keep running the old code: games of 0 rounds reported complete, or a crash
when old code reached a freshly compiled entry through its address. Here every folder's
name holds a key that hashes the sources its code is built from, with the Numba and
Python versions: an edit of any of them starts a fresh folder, so compiled code is never
older than its sources.

- ``numba-shared-<key>`` holds the kernels of the shared modules (``SHARED_SOURCES``: the
  compile machinery, the random streams, the modules every game imports from
  ``sim/games/``). Their code calls nothing outside those modules.
- ``numba-<game>-<key>`` holds a game's kernels: those declared in its own folders
  (``GAME_SOURCES``: ``sim/games/<game>/`` and ``strategies/<game>/``). Its key hashes
  the shared key and the game's own files, so an edit of one game recompiles that game
  only, and an edit of a shared module recompiles every game. No game's kernels import
  another game's modules (tests/test_kernel_cache.py checks the imports).

A kernel's folder follows from the file its Python function was written in. It is
handed to Numba through ``numba.config.CACHE_DIR`` (the documented ``NUMBA_CACHE_DIR``),
which Numba reads once, when a function is declared cacheable: ``caching_in`` sets it for
that moment. A process started from this one (the second compiling process, a Dask
worker) computes the same keys from the same sources and so shares the folders.

The base is ``$SIM_CACHE_DIR``, else ``$XDG_CACHE_HOME/board-sim``, else
``~/.cache/board-sim``; of each kind of folder, the ``KEEP`` used last are kept there,
older ones removed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import platform
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from importlib import metadata
from pathlib import Path

# The sources every game's compiled code is built from, as (package, glob inside it): the
# modules of ``sim`` that declare or compile kernels, and the shared game modules whose
# constants and kernels the games read. tests/test_kernel_cache.py checks that every
# module holding a compiled function is a shared source or in a game's folders, and that
# a game's kernels import nothing else of the project.
SHARED_SOURCES = (("sim", "jit.py"), ("sim", "cfuncs.py"), ("sim", "apart.py"), ("sim", "rng.py"),
                  ("sim", "kernel_cache.py"), ("sim", "games/*.py"), ("strategies", "__init__.py"))
# A game's own sources: its rules and its bots.
GAME_SOURCES = (("sim", "games/{game}"), ("strategies", "{game}"))
SHARED = "shared"  # the folder kind of the shared kernels
KEEP = 8  # folders of each kind kept under the base (one per recent edit of its sources)
IN_USE_S = 3600  # a folder used this recently is never removed: a run may still need it
_PREFIX = "numba-"
_declaring = threading.RLock()  # held while config.CACHE_DIR points at one function's folder


@cache
def package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(f"package {name!r} not found")
    return Path(next(iter(spec.submodule_search_locations))).resolve()


@cache
def games() -> tuple[str, ...]:
    """Every game with a folder of its own under ``sim/games/``."""
    root = package_dir("sim") / "games"
    return tuple(sorted(p.name for p in root.iterdir() if (p / "__init__.py").is_file()))


def source_files(game: str | None = None) -> dict[str, Path]:
    """The shared sources, or ``game``'s own, by their name inside the packages
    (``sim/jit.py``)."""
    sources = SHARED_SOURCES if game is None else [(package, inside.format(game=game))
                                                   for package, inside in GAME_SOURCES]
    files = {}
    for package, inside in sources:
        root = package_dir(package)
        path = root / inside
        found = sorted(path.rglob("*.py")) if path.is_dir() else sorted(root.glob(inside))
        for file in found:
            files[f"{package}/{file.relative_to(root).as_posix()}"] = file
    return files


def _hash(digest, files: dict[str, Path]) -> None:
    for name, path in files.items():
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")


@cache
def source_key(game: str | None = None) -> str:
    """A hash of the shared sources (name and bytes), Numba and Python; for a ``game``,
    of that and the game's own sources."""
    digest = hashlib.sha256()
    if game is None:
        for version in (metadata.version("numba"), platform.python_version()):
            digest.update(version.encode() + b"\0")
        _hash(digest, source_files())
    else:
        digest.update(source_key().encode() + b"\0")
        _hash(digest, source_files(game))
    return digest.hexdigest()[:16]


def game_of(file: str | Path) -> str | None:
    """The game whose own folders hold ``file``, if any."""
    path = Path(file).resolve()
    for package, inside in GAME_SOURCES:
        root = package_dir(package) / inside.format(game="")
        if path.is_relative_to(root) and len(path.relative_to(root).parts) > 1:
            game = path.relative_to(root).parts[0]
            return game if game in games() else None
    return None


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


@cache
def _base() -> Path:
    """The base, or a folder under the system's temporary directory if it cannot be
    written."""
    base = cache_base()
    if not _writable(base):
        base = Path(tempfile.gettempdir()) / f"board-sim-{os.getuid()}"
        base.mkdir(parents=True, exist_ok=True)
    return base


def _kind(folder: Path) -> str:
    """What a folder holds: ``shared`` or a game (``numba-<kind>-<key>``)."""
    return folder.name[len(_PREFIX):].rpartition("-")[0]


def _prune(base: Path, current: Path) -> None:
    """Remove folders of ``current``'s kind beyond the ``KEEP`` used last, and folders of
    one key for every game (``numba-<key>``, an older layout of the cache), unless used
    within ``IN_USE_S``."""
    folders = [p for p in base.glob(_PREFIX + "*") if p.is_dir() and p != current]
    same_kind = sorted((p for p in folders if _kind(p) == _kind(current)),
                       key=lambda p: p.stat().st_mtime, reverse=True)
    now = time.time()
    for old in same_kind[KEEP - 1:] + [p for p in folders if not _kind(p)]:
        if now - old.stat().st_mtime > IN_USE_S:
            shutil.rmtree(old, ignore_errors=True)


@cache
def cache_folder(game: str | None = None) -> Path:
    """The folder of the shared kernels, or of ``game``'s, for these sources (made if
    new, marked used), once per process."""
    base = _base()
    folder = base / f"{_PREFIX}{game or SHARED}-{source_key(game)}"
    fresh = not folder.exists()
    folder.mkdir(exist_ok=True)
    os.utime(folder)  # marks it used, for _prune
    if fresh:
        _prune(base, folder)
    return folder


@cache
def open_cache() -> Path:
    """Point Numba's cache at the shared folder and return it, once per process. Called
    by ``sim.jit`` before any kernel is declared; a function written outside the games'
    folders (a test's) is cached there too."""
    folder = cache_folder()
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    return folder


@contextmanager
def caching_in(func: Callable) -> Iterator[Path]:
    """While Numba declares ``func`` cacheable: its cache folder, the one of the game
    whose folders hold its file, else the shared one."""
    from numba.core import config

    folder = cache_folder(game_of(func.__code__.co_filename))
    with _declaring:
        shared = config.CACHE_DIR
        config.CACHE_DIR = str(folder)
        try:
            yield folder
        finally:
            config.CACHE_DIR = shared


def _marker(game: str, name: str) -> Path:
    return cache_folder(game) / "ready" / hashlib.sha256(name.encode()).hexdigest()[:24]


def mark_compiled(game: str, name: str) -> None:
    """Note that what ``name`` stands for (a set of ``game``'s compiled entries) is in
    its cache folder."""
    marker = _marker(game, name)
    marker.parent.mkdir(exist_ok=True)
    marker.write_text(name + "\n", encoding="utf-8")


def compiled(game: str, name: str) -> bool:
    """Whether ``mark_compiled(game, name)`` was called with these sources."""
    return _marker(game, name).is_file()
