"""The package as a user installs it: a wheel built from the repository, installed into a
fresh virtualenv, runs `sim run` and `sim report` from a folder outside the repository.

The wheel is built from a copy of the shipped folders (the repository stays clean) and
installed without its dependencies: the new environment reaches those through one
``.pth`` line naming this interpreter's site-packages, so the test downloads nothing.
That line adds a folder to the path without running its ``.pth`` files, so the editable
install of the development environment stays out of sight: only the wheel provides
``sim``, ``scenarios``, ``strategies`` and ``reports``. Kernels run as plain Python
(``NUMBA_DISABLE_JIT=1``) on a few games: what is tested is the packaging, and a cold
compile of the engines in the new environment would take minutes.
"""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHIPPED = ("pyproject.toml", "README.md", "sim", "strategies", "scenarios", "reports")


def _run(args, cwd, env=None):
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{args}: {done.stderr[-2000:]}"
    return done.stdout


def _wheel(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    for name in SHIPPED:
        src = REPO / name
        if src.is_dir():
            shutil.copytree(src, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, source / name)
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path / "dist"),
          str(source)], cwd=tmp_path)
    (wheel,) = (tmp_path / "dist").glob("board_sim-*.whl")
    return wheel


def _fresh_env(tmp_path: Path, wheel: Path) -> Path:
    root = tmp_path / "env"
    venv.create(root, with_pip=False)
    python = root / "bin" / "python"
    purelib = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                        cwd=tmp_path).strip())
    (purelib / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
          str(wheel)], cwd=tmp_path)
    return root / "bin"


def test_wheel_installs_and_runs_outside_the_repository(tmp_path):
    wheel = _wheel(tmp_path)
    bin_dir = _fresh_env(tmp_path, wheel)
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["NUMBA_DISABLE_JIT"] = "1"
    env["SIM_CACHE_DIR"] = str(tmp_path / "cache")

    where = _run([str(bin_dir / "python"), "-c", "import scenarios, sim; print(sim.__file__); "
                  "print(scenarios.__file__)"], cwd=work, env=env).split()
    assert all(Path(p).is_relative_to(tmp_path / "env") for p in where)

    listed = _run([str(bin_dir / "sim"), "games"], cwd=work, env=env)
    assert "standard-3p" in listed and "marathon" in listed

    _run([str(bin_dir / "sim"), "run", "--scenario", "standard-3p", "--n", "30", "--out", "r"],
         cwd=work, env=env)
    manifest = json.loads((work / "r" / "run.json").read_text())
    assert manifest["status"] == "complete" and manifest["games"] == 30
    _run([str(bin_dir / "sim"), "report", "r"], cwd=work, env=env)
    assert (work / "r" / "report.html").stat().st_size > 10_000
