"""sim.kernel_cache: compiled code is never older than the sources it was built from.

The cache lives in a folder keyed by every kernel source, so an edit anywhere (a layout
field, a comment in a rules module) compiles afresh instead of mixing old callers with
new callees; and an engine whose compiled layout differs from the loaded one refuses to
play instead of writing games of 0 rounds.
"""

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
from sim.games.state_layout import LayoutMismatch

ROOT = Path(__file__).resolve().parents[1]
PROJECT_FOLDERS = ("sim", "strategies", "scenarios", "reports")
RUN = ["-m", "sim.cli", "run", "--game", "pericles", "--players", "3", "--n", "60",
       "--batch-size", "30", "--quiet"]


def test_every_module_holding_compiled_code_is_a_kernel_source():
    import sim.games.aeolis.game  # noqa: F401 - each game imports its kernels
    import sim.games.pericles.game  # noqa: F401
    import sim.games.pericles.state_json  # noqa: F401
    import sim.games.pericles.trace  # noqa: F401

    sources = set(kernel_cache.source_files().values())
    holding = {Path(module.__file__).resolve()
               for name, module in list(sys.modules.items())
               if name.split(".")[0] in ("sim", "strategies") and getattr(module, "__file__", None)
               and any(isinstance(v, numba.core.dispatcher.Dispatcher) for v in vars(module).values())}
    assert holding, "no compiled function found"
    assert holding <= sources, sorted(map(str, holding - sources))


def test_numba_caches_in_the_folder_of_these_sources(tmp_path):
    env = dict(os.environ, SIM_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.pathsep.join([str(ROOT / "tests"), *sys.path]))
    code = ("import numpy as np, numba; from test_jit import callers; "
            "callers(np.zeros(3, dtype=np.int32)); print(numba.config.CACHE_DIR)")
    printed = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                             check=True).stdout.split()
    folder = tmp_path / f"numba-{kernel_cache.source_key()}"
    assert printed == [str(folder)]
    assert list(folder.glob("*/test_jit.add_to-*.nbi"))


def test_old_key_folders_are_pruned_but_recent_ones_kept(tmp_path):
    current = tmp_path / "numba-current"
    current.mkdir()
    long_ago = time.time() - 10 * kernel_cache.IN_USE_S
    for k in range(kernel_cache.KEEP + 3):
        old = tmp_path / f"numba-old{k:02d}"
        old.mkdir()
        os.utime(old, (long_ago + k, long_ago + k))
    (tmp_path / "numba-in-use").mkdir()
    (tmp_path / "not-a-cache").mkdir()
    kernel_cache._prune(tmp_path, current)
    left = sorted(p.name for p in tmp_path.iterdir())
    kept_old = [f"numba-old{k:02d}" for k in range(kernel_cache.KEEP + 3)][-(kernel_cache.KEEP - 2):]
    assert left == sorted(["numba-current", "numba-in-use", "not-a-cache", *kept_old])


@pytest.mark.parametrize("game", ["pericles", "aeolis"])
def test_an_engine_compiled_for_another_layout_refuses_to_play(game, monkeypatch):
    if game == "pericles":
        from sim.games.pericles import layout
        from sim.games.pericles.content import load_content
        from sim.games.pericles.game import PericlesSetup as Setup
        from sim.games.pericles.game import play_traced, simulate
        setup = Setup(players=3)
    else:
        from sim.games.aeolis import layout
        from sim.games.aeolis.content import load_content
        from sim.games.aeolis.game import AeolisSetup as Setup
        from sim.games.aeolis.game import play_traced, simulate
        setup = Setup()
    content = load_content()
    assert simulate(content, setup, 0, 0, 1)["rounds"][0] > 0  # compiled with the true layout
    play_traced(content, setup, 0, 0)
    monkeypatch.setattr(layout, "LAYOUT_KEY", layout.LAYOUT_KEY + 1)
    with pytest.raises(LayoutMismatch, match=f"{game}: the compiled engine was built for another"):
        simulate(content, setup, 0, 0, 1)
    with pytest.raises(LayoutMismatch):
        play_traced(content, setup, 0, 0)


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
    last_fields = "    # Last, so that clearing the board for a new game leaves them in place.\n"
    text = layout.read_text(encoding="utf-8")
    assert last_fields in text
    layout.write_text(text.replace(last_fields, '    ("SPARE", 1, "a field no rule reads"),\n'
                                   + last_fields), encoding="utf-8")
    for touched in ("sim/games/pericles/engine.py", "sim/games/pericles/rules/board.py"):
        with open(copy / touched, "a", encoding="utf-8") as source:
            source.write("# an edit\n")
    pd.testing.assert_frame_equal(_run(copy, tmp_path / "after", env), clean)
    assert len(list(cache.glob("numba-*"))) == 2


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
    lane to itself while the two others take turns in the second, and a game that fails
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
    assert started[0] == "pillars" and sorted(started) == ["aeolis", "pericles", "pillars"]
    assert most[0] == 2
    assert capsys.readouterr().err == ("error: compiling aeolis failed (its error is above) ; "
                                       "fix it, then run 'sim warm' again\n")


def test_sim_warm_readies_every_game_and_refuses_an_unknown_one():
    done = subprocess.run([sys.executable, "-m", "sim.cli", "warm"], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert f"numba-{kernel_cache.source_key()}" in done.stdout
    ready = sorted(line.split(":")[0] for line in done.stdout.splitlines()[1:])
    assert ready == ["aeolis", "pericles", "pillars"]
    wrong = subprocess.run([sys.executable, "-m", "sim.cli", "warm", "--game", "chess"], cwd=ROOT,
                           capture_output=True, text=True)
    assert wrong.returncode == 2
    assert wrong.stderr.count("\n") == 1 and "unknown game 'chess'" in wrong.stderr
