"""sim.kernel_cache: compiled code is never older than the sources it was built from.

Each game's cache lives in a folder keyed by its own sources and the shared ones, so an
edit (a layout field, a comment in a rules module) compiles that game afresh instead of
mixing old callers with new callees, and leaves the other games' folders warm. An engine
whose compiled layout differs from the loaded one refuses to play instead of writing
games of 0 rounds.
"""

import ast
import importlib
import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numba
import pandas as pd
import pytest
import typer
from llvmlite import binding as llvm

from sim import kernel_cache
from sim.commands import warm as warm_command
from sim.games import registry

ROOT = Path(__file__).resolve().parents[1]
PROJECT_FOLDERS = ("sim", "strategies", "scenarios", "reports")
RUN = ["-m", "sim.cli", "run", "--game", "pericles", "--players", "3", "--n", "60",
       "--batch-size", "30", "--quiet"]


GAMES = tuple(sorted(registry.GAMES))
# Modules a game's kernel modules import for Python-side work only: no kernel reads them.
PYTHON_SIDE = {"sim/__init__.py": "the package's lazy Python API",
               "sim/second_core.py": "starts the second compiling process",
               "sim/shipped.py": "finds the shipped content files"}


def _modules_holding_compiled_code() -> set[Path]:
    """The files that declare a compiled function, once every game is imported."""
    for game in GAMES:
        importlib.import_module(f"sim.games.{game}.game")  # each game imports its kernels
    import sim.games.pericles.state_json  # noqa: F401
    import sim.games.pericles.trace  # noqa: F401

    return {Path(module.__file__).resolve()
            for name, module in list(sys.modules.items())
            if name.split(".")[0] in ("sim", "strategies") and getattr(module, "__file__", None)
            and any(isinstance(v, numba.core.dispatcher.Dispatcher) and v.py_func.__module__ == name
                    for v in vars(module).values())}


def test_every_module_holding_compiled_code_is_a_kernel_source():
    sources = set(kernel_cache.source_files().values())
    for game in GAMES:
        sources |= set(kernel_cache.source_files(game).values())
    holding = _modules_holding_compiled_code()
    assert holding, "no compiled function found"
    assert holding <= sources, sorted(map(str, holding - sources))
    assert kernel_cache.games() == GAMES


def _project_imports(file: Path) -> set[str]:
    """The project's modules ``file`` imports, as names inside the packages."""
    names = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    found = set()
    for name in names:
        if name.split(".")[0] in ("sim", "strategies"):
            spec = importlib.util.find_spec(name) if _is_module(name) else None
            if spec is not None and spec.origin:
                found.add(Path(spec.origin).resolve().relative_to(ROOT).as_posix())
    return found


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


@pytest.mark.parametrize("game", GAMES)
def test_a_games_kernels_import_only_its_own_folders_and_the_shared_sources(game):
    """What a game's compiled code is built from is what keys its cache folder: a kernel
    module of the game imports no other game's module and no project module outside the
    shared sources, but for the Python-side ones named above."""
    own = set(kernel_cache.source_files(game).values())
    allowed = {path.relative_to(ROOT).as_posix()
               for path in own | set(kernel_cache.source_files().values())} | set(PYTHON_SIDE)
    kernels = sorted(_modules_holding_compiled_code() & own)
    assert kernels
    for module in kernels:
        outside = _project_imports(module) - allowed
        assert not outside, f"{module.relative_to(ROOT)} imports {sorted(outside)}"


@pytest.mark.parametrize("game", ("aeolis", "pericles", "pillars"))
def test_the_rules_import_no_bot(game):
    """The rules ask the bots through the bot contract's entry (sim/games/policies.py) and the
    game takes its bots module from the registry: no module of the game's folder under
    sim/games/ imports strategies/."""
    for module in sorted((ROOT / "sim" / "games" / game).rglob("*.py")):
        bots = sorted(m for m in _project_imports(module) if m.startswith("strategies/"))
        assert not bots, f"{module.relative_to(ROOT)} imports {bots}"


def test_a_kernel_is_cached_in_the_folder_of_its_game():
    for game in GAMES:
        rules = kernel_cache.package_dir("sim") / "games" / game / "rules" / "core.py"
        bots = kernel_cache.package_dir("strategies") / game / "__init__.py"
        assert kernel_cache.game_of(rules) == kernel_cache.game_of(bots) == game
    for shared in ("sim/rng.py", "sim/games/state_layout.py", "tests/test_jit.py"):
        assert kernel_cache.game_of(ROOT / shared) is None
    assert kernel_cache.source_key("pericles") != kernel_cache.source_key("pillars")


def test_numba_caches_in_the_folder_of_these_sources(tmp_path):
    env = dict(os.environ, SIM_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.pathsep.join([str(ROOT / "tests"), *sys.path]))
    code = ("import numpy as np, numba; from test_jit import callers; "
            "callers(np.zeros(3, dtype=np.int32)); print(numba.config.CACHE_DIR)")
    printed = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                             check=True).stdout.split()
    folder = tmp_path / f"numba-shared-{kernel_cache.source_key()}"
    assert printed == [str(folder)]
    assert list(folder.glob("*/test_jit.add_to-*.nbi"))


# Run in a process of its own: it points one function's cache at a folder of the test's.
DECLARED_IN = """
import sys
from pathlib import Path
import numba
from sim import kernel_cache
kernel_cache.cache_folder = lambda game=None: Path(sys.argv[1])
def add_one(x):
    return x + 1
with kernel_cache.caching_in(add_one):
    add_one = numba.njit(cache=True)(add_one)
add_one(1)  # compiled after the declaration, with config.CACHE_DIR set back
"""


def test_numba_takes_the_cache_folder_when_a_function_is_declared_cacheable(tmp_path):
    """``caching_in`` relies on Numba resolving a function's cache folder from
    ``config.CACHE_DIR`` when the function is declared cacheable, not when it compiles;
    a release that resolves it later would put every game's kernels in one folder."""
    folder = tmp_path / "declared"
    script = tmp_path / "declared_in.py"  # Numba caches only functions read from a file
    script.write_text(DECLARED_IN)
    subprocess.run([sys.executable, str(script), str(folder)], check=True,
                   env=dict(os.environ, SIM_CACHE_DIR=str(tmp_path / "base"),
                            PYTHONPATH=os.pathsep.join([str(ROOT), *sys.path])))
    assert list(folder.glob("**/*add_one*.nbi")), (
        f"Numba {numba.__version__} did not cache a function in the folder set while it was "
        "declared: sim/kernel_cache.caching_in no longer chooses a game's cache folder")


def test_old_key_folders_are_pruned_but_recent_ones_and_other_kinds_kept(tmp_path):
    current = tmp_path / "numba-pillars-current"
    current.mkdir()
    long_ago = time.time() - 10 * kernel_cache.IN_USE_S
    for k in range(kernel_cache.KEEP + 3):
        for kind in ("pillars", "pericles"):
            old = tmp_path / f"numba-{kind}-old{k:02d}"
            old.mkdir()
            os.utime(old, (long_ago + k, long_ago + k))
    (tmp_path / "numba-pillars-inuse").mkdir()
    (tmp_path / "not-a-cache").mkdir()
    for one_key in ("numba-0123456789abcdef", "numba-fedcba9876543210"):
        (tmp_path / one_key).mkdir()  # the layout before one folder per game
    os.utime(tmp_path / "numba-0123456789abcdef", (long_ago, long_ago))
    kernel_cache._prune(tmp_path, current)
    left = sorted(p.name for p in tmp_path.iterdir())
    kept_old = [f"numba-pillars-old{k:02d}"
                for k in range(kernel_cache.KEEP + 3)][-(kernel_cache.KEEP - 2):]
    others = [f"numba-pericles-old{k:02d}" for k in range(kernel_cache.KEEP + 3)]
    assert left == sorted(["numba-pillars-current", "numba-pillars-inuse", "not-a-cache",
                           "numba-fedcba9876543210", *kept_old, *others])


# One small kernel of each game and one shared, each called once in a fresh process:
# whether it was loaded from the cache or compiled.
PROBE = """
import numpy as np
from sim import rng
from sim.games.aeolis.layout import STATE_SIZE as AEOLIS
from sim.games.aeolis.rules.board import army_at
from sim.games.example.layout import STATE_SIZE as EXAMPLE
from sim.games.example.rules import rank_of
from sim.games.pericles.layout import STATE_SIZE as PERICLES
from sim.games.pericles.rules.parthenon import piece_free
from sim.games.pillars.layout import STATE_SIZE as PILLARS
from sim.games.pillars.rules.end import track_steps
rng.mix64(np.uint64(1))
army_at(np.zeros(AEOLIS, np.int32), 0)
rank_of(np.zeros(EXAMPLE, np.int32), 0)
piece_free(np.zeros(PERICLES, np.int32), 0)
track_steps(np.zeros(PILLARS, np.int32), 0)
for name, kernel in (("shared", rng.mix64), ("aeolis", army_at), ("example", rank_of),
                     ("pericles", piece_free), ("pillars", track_steps)):
    print(name, "loaded" if sum(kernel.stats.cache_hits.values()) else "compiled")
"""


@pytest.mark.compiles
def test_an_edit_recompiles_its_game_only_and_a_shared_edit_every_game(tmp_path):
    copy, cache = tmp_path / "project", tmp_path / "cache"
    _copy_project(copy)
    env = dict(os.environ, SIM_CACHE_DIR=str(cache), PYTHONPATH=str(copy))

    def probe() -> dict[str, str]:
        done = subprocess.run([sys.executable, "-c", PROBE], cwd=copy, env=env, check=True,
                              capture_output=True, text=True)
        return dict(line.split() for line in done.stdout.splitlines())

    def edit(file: str) -> None:
        with open(copy / file, "a", encoding="utf-8") as source:
            source.write("# an edit\n")

    assert set(probe().values()) == {"compiled"}
    assert set(probe().values()) == {"loaded"}
    for edited, game in (("strategies/pillars/heuristic.py", "pillars"),
                         ("sim/games/aeolis/rules/core.py", "aeolis"),
                         ("strategies/example/heuristic.py", "example"),
                         ("sim/games/example/rules.py", "example")):
        edit(edited)
        assert probe() == {name: "compiled" if name == game else "loaded"
                           for name in ("shared", *GAMES)}, edited
    edit("sim/games/state_layout.py")
    assert set(probe().values()) == {"compiled"}
    kinds = sorted(folder.name.rpartition("-")[0] for folder in cache.glob("numba-*"))
    assert kinds == ["numba-aeolis"] * 3 + ["numba-example"] * 4 + ["numba-pericles"] * 2 + [
        "numba-pillars"] * 3 + ["numba-shared"] * 2


def _copy_project(to: Path) -> None:
    for folder in PROJECT_FOLDERS:
        shutil.copytree(ROOT / folder, to / folder, ignore=shutil.ignore_patterns("__pycache__"))


def _run(where: Path, out: Path, env: dict) -> pd.DataFrame:
    subprocess.run([sys.executable, *RUN, "--out", str(out)], cwd=where, env=env, check=True,
                   capture_output=True, text=True)
    return pd.read_parquet(out / "data").sort_values(["game", "seat"]).reset_index(drop=True)


@pytest.mark.compiles
def test_an_edit_with_a_warm_cache_plays_what_a_clean_build_plays(tmp_path):
    """The cases that once gave games of 0 rounds (a layout field added, engine.py
    touched) and a crash (a comment added to a rules module) on a warm cache."""
    copy, cache = tmp_path / "project", tmp_path / "cache"
    _copy_project(copy)
    env = dict(os.environ, SIM_CACHE_DIR=str(cache), PYTHONPATH=str(copy))
    found = subprocess.run([sys.executable, "-c", "import sim; print(sim.__file__)"], cwd=copy,
                           env=env, check=True, capture_output=True, text=True).stdout.strip()
    assert Path(found).resolve().is_relative_to(copy.resolve())

    clean = _run(ROOT, tmp_path / "clean", dict(os.environ))
    assert (clean["rounds"] > 0).all()
    pd.testing.assert_frame_equal(_run(copy, tmp_path / "before", env), clean)  # warms the cache

    layout = copy / "sim/games/pericles/layout.py"
    last_field, last_name = '    ("VIOLATION", 1,', " EVENTS, VIOLATION,"
    text = layout.read_text(encoding="utf-8")
    assert text.count(last_field) == 1 and text.count(last_name) == 1
    text = text.replace(last_field, '    ("SPARE", 1, "a field no rule reads"),\n' + last_field)
    layout.write_text(text.replace(last_name, " EVENTS, SPARE, VIOLATION,"), encoding="utf-8")
    for touched in ("sim/games/pericles/engine.py", "sim/games/pericles/rules/board.py"):
        with open(copy / touched, "a", encoding="utf-8") as source:
            source.write("# an edit\n")
    pd.testing.assert_frame_equal(_run(copy, tmp_path / "after", env), clean)
    assert sorted(f.name.rpartition("-")[0] for f in cache.glob("numba-*")) == [
        "numba-pericles", "numba-pericles", "numba-shared"]


@pytest.mark.compiles
def test_the_host_processor_plays_the_same_games(tmp_path):
    """Kernels compiled for this machine's own processor (NUMBA_CPU_NAME set to it, from
    an empty cache) play what the default baseline build plays (sim.jit)."""
    host = dict(os.environ, SIM_CACHE_DIR=str(tmp_path / "cache"),
                NUMBA_CPU_NAME=llvm.get_host_cpu_name())
    pd.testing.assert_frame_equal(_run(ROOT, tmp_path / "host", host),
                                  _run(ROOT, tmp_path / "default", dict(os.environ)))


def test_sim_warm_compiles_the_largest_game_first_one_lane_per_core(monkeypatch, capsys):
    """Each game's compile is a process of its own; with two cores the largest game has a
    lane to itself while the others take turns in the second, and a game that fails
    is named in one line after every other game was compiled."""
    started, running, most = [], set(), [0]

    def compile_one(command, env):
        name = command[-1]
        started.append(name)
        running.add(name)
        most[0] = max(most[0], len(running))
        time.sleep(0.2 if name == "pillars" else 0.05)
        running.discard(name)
        return subprocess.CompletedProcess(command, 1 if name == "aeolis" else 0)

    monkeypatch.setattr(warm_command.subprocess, "run", compile_one)
    monkeypatch.setattr(warm_command.os, "cpu_count", lambda: 2)
    with pytest.raises(typer.Exit) as stopped:
        warm_command.warm(None)
    assert stopped.value.exit_code == 1
    assert started[0] == "pillars" and tuple(sorted(started)) == GAMES
    assert most[0] == 2
    assert capsys.readouterr().err == ("error: compiling aeolis failed (its error is above) ; "
                                       "fix it, then run 'sim warm' again\n")


def test_sim_warm_readies_every_game_and_refuses_an_unknown_one():
    done = subprocess.run([sys.executable, "-m", "sim.cli", "warm"], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    ready = sorted(line.split(":")[0] for line in done.stdout.splitlines()[1:])
    assert tuple(ready) == GAMES
    for game in ready:
        assert f"numba-{game}-{kernel_cache.source_key(game)}" in done.stdout
    wrong = subprocess.run([sys.executable, "-m", "sim.cli", "warm", "--game", "chess"], cwd=ROOT,
                           capture_output=True, text=True)
    assert wrong.returncode == 2
    assert wrong.stderr.count("\n") == 1 and "unknown game 'chess'" in wrong.stderr
