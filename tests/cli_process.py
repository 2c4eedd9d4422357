"""`sim` run as people run it: a separate process, with its exit code and output."""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CLI = "import sys; from sim.cli import app; sys.argv[0] = 'sim'; app()"
ENV = dict(os.environ, PYTHONPATH=str(REPO))


def sim(*args: object, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CLI, *map(str, args)], env=ENV, cwd=cwd,
                          capture_output=True, text=True, timeout=600)


def error_line(done: subprocess.CompletedProcess, code: int = 2) -> str:
    """The one ``error:`` line a failed command printed (and nothing on stdout)."""
    assert done.returncode == code, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert done.stdout == ""
    return lines[0]
